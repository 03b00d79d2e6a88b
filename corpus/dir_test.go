package corpus

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func writeRaw(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestWriteFileThenRead(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "testdata", "fuzz", "FuzzX") // created by WriteFile
	values := allTypesValues()
	path, err := WriteFile(dir, values...)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, Name(data)); path != want {
		t.Errorf("WriteFile wrote %s, want %s", path, want)
	}
	entry, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if entry.Path != path || entry.Name() != Name(data) || !sameValues(entry.Values, values) {
		t.Errorf("ReadFile = %+v, want path %s and values %s", entry, path, show(values))
	}

	// Writing the same values again is a no-op that returns the same path.
	again, err := WriteFile(dir, values...)
	if err != nil || again != path {
		t.Errorf("second WriteFile = %q, %v; want %q, nil", again, err, path)
	}
	files, _ := os.ReadDir(dir)
	if len(files) != 1 {
		t.Errorf("directory holds %d files after two identical writes, want 1 (no temporary files left)", len(files))
	}
}

func TestWriteFileAtomicRefusesToReplace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := WriteFileAtomic(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, []byte("one")); err != nil {
		t.Errorf("rewriting identical content: %v, want nil", err)
	}
	err := WriteFileAtomic(path, []byte("two"))
	if !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), path) {
		t.Errorf("writing different content = %v, want an error naming %s and wrapping fs.ErrExist", err, path)
	}
	if got, _ := os.ReadFile(path); string(got) != "one" {
		t.Errorf("file now holds %q, want it untouched", got)
	}
	if runtime.GOOS != "windows" {
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o644 {
			t.Errorf("mode = %v, %v; want 0644", info.Mode(), err)
		}
	}
}

func TestWriteFileAtomicMissingDir(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "f")
	err := WriteFileAtomic(path, []byte("x"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("WriteFileAtomic into a missing directory = %v, want fs.ErrNotExist", err)
	}
}

func TestReadDir(t *testing.T) {
	dir := t.TempDir()
	good1, err := WriteFile(dir, "a", 1)
	if err != nil {
		t.Fatal(err)
	}
	good2, err := WriteFile(dir, "b", 2)
	if err != nil {
		t.Fatal(err)
	}
	writeRaw(t, filepath.Join(dir, "bad1"), "go test fuzz v1\nstring(\"a\")\nint(x)\n")
	writeRaw(t, filepath.Join(dir, "bad2"), "not a corpus file\n")
	writeRaw(t, filepath.Join(dir, "subdir", "ignored"), "junk")

	entries, err := ReadDir(dir)
	var malformed *MalformedError
	if !errors.As(err, &malformed) {
		t.Fatalf("ReadDir error = %v, want a *MalformedError", err)
	}
	var gotPaths []string
	for _, e := range entries {
		gotPaths = append(gotPaths, e.Path)
	}
	wantPaths := []string{good1, good2}
	slices.Sort(wantPaths)
	if !slices.Equal(gotPaths, wantPaths) {
		t.Errorf("ReadDir entries = %v, want the good files in name order %v", gotPaths, wantPaths)
	}

	if len(malformed.Files) != 2 || malformed.Dir != dir {
		t.Fatalf("MalformedError = %+v, want 2 files in %s", malformed, dir)
	}
	first := malformed.Files[0]
	if want := filepath.Join(dir, "bad1"); first.Path != want || first.Line != 3 {
		t.Errorf("first malformed file = %s line %d, want %s line 3", first.Path, first.Line, want)
	}
	if want := filepath.Join(dir, "bad1") + ": line 3: "; !strings.HasPrefix(first.Error(), want) {
		t.Errorf("per-file error %q does not start with %q", first, want)
	}
	for _, name := range []string{"bad1", "bad2"} {
		if !strings.Contains(err.Error(), filepath.Join(dir, name)) {
			t.Errorf("MalformedError %q does not name %s", err, name)
		}
	}
	// errors.As reaches the per-file errors too.
	var syntaxErr *SyntaxError
	if !errors.As(err, &syntaxErr) || syntaxErr != first {
		t.Errorf("errors.As(*SyntaxError) = %v, want the first file's error", syntaxErr)
	}
}

func TestReadErrorsAreNotSyntaxErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	for name, read := range map[string]func() error{
		"ReadFile": func() error { _, err := ReadFile(missing); return err },
		"ReadDir":  func() error { _, err := ReadDir(missing); return err },
	} {
		err := read()
		var syntaxErr *SyntaxError
		var malformed *MalformedError
		if !errors.Is(err, fs.ErrNotExist) || errors.As(err, &syntaxErr) || errors.As(err, &malformed) {
			t.Errorf("%s(missing) = %v, want an fs.ErrNotExist error that is not a syntax error", name, err)
		}
	}
}

func TestReadFileSyntaxErrorNamesFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "abc")
	writeRaw(t, path, "go test fuzz v1\nint(1)\n\nbool(maybe)\n")
	_, err := ReadFile(path)
	if want := path + `: line 4: "bool(maybe)": `; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("ReadFile error = %v, want it to start with %q", err, want)
	}
}
