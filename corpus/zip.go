package corpus

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"time"
)

// zipTime is the modification time of every seed corpus member, fixed so
// that exporting the same corpus twice gives the same zip.
var zipTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// SeedCorpusName returns the file name OSS-Fuzz looks for next to a fuzzer
// binary to seed it: "<fuzzer>_seed_corpus.zip".
func SeedCorpusName(fuzzer string) string { return fuzzer + "_seed_corpus.zip" }

// WriteSeedCorpus writes entries to w as a libFuzzer seed corpus zip: one
// member per entry, named after the entry's file (or, with no Path, after
// its content as Go would name it) and holding the testcase that style
// decodes to the entry's values. All entries must have the same argument
// types, as they belong to one fuzz target; any entry that cannot be
// encoded fails the whole write, naming the entry.
func WriteSeedCorpus(w io.Writer, style Style, entries []Entry) error {
	if !style.valid() {
		return fmt.Errorf("corpus: seed corpus: unknown style %v", style)
	}
	zw := zip.NewWriter(w)
	seen := make(map[string]bool)
	var firstTypes []reflect.Type
	for i, e := range entries {
		types := typesOf(e.Values)
		if i == 0 {
			firstTypes = types
		} else if !slices.Equal(types, firstTypes) {
			return fmt.Errorf("corpus: seed corpus: %s has types %v, but %s has %v",
				entryLabel(e), types, entryLabel(entries[0]), firstTypes)
		}
		name, err := memberName(e)
		if err != nil {
			return err
		}
		if seen[name] {
			return fmt.Errorf("corpus: seed corpus: two entries named %s", name)
		}
		seen[name] = true
		testcase, err := Encode(style, e.Values...)
		if err != nil {
			return fmt.Errorf("corpus: seed corpus: %s: %w", entryLabel(e), err)
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: zipTime})
		if err != nil {
			return fmt.Errorf("corpus: seed corpus: %w", err)
		}
		if _, err := fw.Write(testcase); err != nil {
			return fmt.Errorf("corpus: seed corpus: %w", err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("corpus: seed corpus: %w", err)
	}
	return nil
}

// ExportSeedCorpus converts a fuzz target's Go corpus directory, such as
// testdata/fuzz/FuzzX, into outDir/FuzzX_seed_corpus.zip for the given
// OSS-Fuzz build style, and returns the zip's path. The fuzzer name is the
// directory's base name, and outDir is created if needed. A malformed or
// unencodable file fails the export and nothing is written; otherwise the
// zip is written atomically, replacing any earlier export.
func ExportSeedCorpus(dir, outDir string, style Style) (string, error) {
	entries, err := ReadDir(dir)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := WriteSeedCorpus(&buf, style, entries); err != nil {
		return "", err
	}
	absDir, err := filepath.Abs(dir) // so that "." still names the fuzzer
	if err != nil {
		return "", fmt.Errorf("corpus: %w", err)
	}
	if err := os.MkdirAll(outDir, 0o777); err != nil {
		return "", fmt.Errorf("corpus: %w", err)
	}
	path := filepath.Join(outDir, SeedCorpusName(filepath.Base(absDir)))
	if err := replaceFileAtomic(path, buf.Bytes()); err != nil {
		return "", err
	}
	return path, nil
}

func typesOf(values []any) []reflect.Type {
	types := make([]reflect.Type, len(values))
	for i, v := range values {
		types[i] = reflect.TypeOf(v)
	}
	return types
}

// memberName is the entry's file name, or the name Go would give its
// content when it has no file.
func memberName(e Entry) (string, error) {
	if e.Path != "" {
		return e.Name(), nil
	}
	data, err := Marshal(e.Values...)
	if err != nil {
		return "", err
	}
	return Name(data), nil
}

// entryLabel names an entry in errors: its path, or its values.
func entryLabel(e Entry) string {
	if e.Path != "" {
		return e.Path
	}
	return fmt.Sprintf("entry %v", e.Values)
}
