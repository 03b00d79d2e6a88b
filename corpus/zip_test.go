package corpus

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// readZip returns the members of a zip file by name.
func readZip(t *testing.T, path string) map[string][]byte {
	t.Helper()
	r, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	members := make(map[string][]byte)
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		members[f.Name] = data
	}
	return members
}

func TestExportSeedCorpus(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "testdata", "fuzz", "FuzzParse")
	valueSets := [][]any{
		{[]byte("first"), "a", int16(-3)},
		{[]byte{}, "", int16(0)},
		{[]byte("third"), "ccc", int16(300)},
	}
	var names []string
	for _, values := range valueSets {
		path, err := WriteFile(dir, values...)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.Base(path))
	}
	for _, style := range []Style{NativeV1, NativeV2} {
		t.Run(style.String(), func(t *testing.T) {
			out := t.TempDir()
			path, err := ExportSeedCorpus(dir, out, style)
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(out, "FuzzParse_seed_corpus.zip"); path != want {
				t.Errorf("ExportSeedCorpus wrote %s, want %s", path, want)
			}
			members := readZip(t, path)
			var got []string
			for name := range members {
				got = append(got, name)
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(names))
			if !slices.Equal(got, want) {
				t.Fatalf("zip members = %v, want the corpus file names %v", got, want)
			}
			for i, values := range valueSets {
				decoded, err := Decode(style, members[names[i]], typesOf(values))
				if err != nil || !sameValues(decoded, values) {
					t.Errorf("member %s decodes to %s, %v; want %s", names[i], show(decoded), err, show(values))
				}
			}

			// Exporting again replaces the zip with identical bytes.
			first, _ := os.ReadFile(path)
			if _, err := ExportSeedCorpus(dir, out, style); err != nil {
				t.Fatal(err)
			}
			if second, _ := os.ReadFile(path); !bytes.Equal(first, second) {
				t.Error("exporting the same corpus twice gave different zips")
			}
		})
	}
}

func TestExportSeedCorpusFailures(t *testing.T) {
	t.Run("malformed", func(t *testing.T) {
		dir := t.TempDir()
		if _, err := WriteFile(dir, "ok"); err != nil {
			t.Fatal(err)
		}
		writeRaw(t, filepath.Join(dir, "bad"), "go test fuzz v1\nstring(x)\n")
		out := t.TempDir()
		_, err := ExportSeedCorpus(dir, out, NativeV1)
		var malformed *MalformedError
		if !errors.As(err, &malformed) {
			t.Fatalf("export of a directory with a bad file = %v, want a *MalformedError", err)
		}
		if files, _ := os.ReadDir(out); len(files) != 0 {
			t.Errorf("a failed export left %d files behind", len(files))
		}
	})
	t.Run("unencodable", func(t *testing.T) {
		dir := t.TempDir()
		path, err := WriteFile(dir, []byte("a"), make([]byte, 999))
		if err != nil {
			t.Fatal(err)
		}
		_, err = ExportSeedCorpus(dir, t.TempDir(), NativeV2)
		if !errors.Is(err, ErrUnencodable) || !strings.Contains(err.Error(), path) {
			t.Errorf("v2 export of an unencodable entry = %v, want ErrUnencodable naming %s", err, path)
		}
	})
	t.Run("mixed types", func(t *testing.T) {
		entries := []Entry{{Path: "a", Values: []any{"x"}}, {Path: "b", Values: []any{1}}}
		err := WriteSeedCorpus(io.Discard, NativeV1, entries)
		if err == nil || !strings.Contains(err.Error(), "b has types") {
			t.Errorf("WriteSeedCorpus of entries with different types = %v, want an error naming b", err)
		}
	})
	t.Run("missing dir", func(t *testing.T) {
		if _, err := ExportSeedCorpus(filepath.Join(t.TempDir(), "FuzzNone"), t.TempDir(), Raw); err == nil {
			t.Error("export of a missing directory succeeded")
		}
	})
}

func TestWriteSeedCorpusNamesUnsavedEntries(t *testing.T) {
	var buf bytes.Buffer
	values := []any{[]byte("raw input")}
	if err := WriteSeedCorpus(&buf, Raw, []Entry{{Values: values}}); err != nil {
		t.Fatal(err)
	}
	r, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := Marshal(values...)
	if len(r.File) != 1 || r.File[0].Name != Name(data) {
		t.Errorf("member of an entry without a path is named %q, want its Go name %q", r.File[0].Name, Name(data))
	}
}
