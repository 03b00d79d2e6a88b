package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Entry is one corpus file and the values it holds, in the order the fuzz
// target takes them.
type Entry struct {
	// Path is the file the entry was read from or written to.
	Path string
	// Values are the fuzz target's arguments, without the *testing.T.
	Values []any
}

// Name returns the entry's file name, which is also the name of the subtest
// that replays it: go test -run=FuzzX/<Name>.
func (e Entry) Name() string { return filepath.Base(e.Path) }

// MalformedError lists the files of a directory whose content could not be
// parsed. ReadDir returns it alongside the entries it could read.
type MalformedError struct {
	// Dir is the directory that was read.
	Dir string
	// Files holds one error per malformed file, in file name order.
	Files []*SyntaxError
}

// Error names the directory and every malformed file with its problem.
func (e *MalformedError) Error() string {
	msgs := make([]string, len(e.Files))
	for i, f := range e.Files {
		msgs[i] = f.Error()
	}
	return fmt.Sprintf("corpus: %d malformed file(s) in %s: %s", len(e.Files), e.Dir, strings.Join(msgs, "; "))
}

// Unwrap returns the per-file errors, so errors.As can reach a *SyntaxError.
func (e *MalformedError) Unwrap() []error {
	errs := make([]error, len(e.Files))
	for i, f := range e.Files {
		errs[i] = f
	}
	return errs
}

// ReadFile reads and parses one corpus file. Malformed content gives a
// *SyntaxError naming the file and line; failing to read the file gives the
// underlying *fs.PathError, wrapped.
func ReadFile(path string) (Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Entry{}, fmt.Errorf("corpus: %w", err)
	}
	values, err := Unmarshal(data)
	if err != nil {
		var syntaxErr *SyntaxError
		if errors.As(err, &syntaxErr) {
			syntaxErr.Path = path
		}
		return Entry{}, err
	}
	return Entry{Path: path, Values: values}, nil
}

// ReadDir reads every file in dir, as Go reads testdata/fuzz/FuzzX, and
// returns the entries sorted by file name. Subdirectories are skipped. If
// some files are malformed, ReadDir still returns the others, together with
// a *MalformedError listing the bad ones. An I/O error stops the read and is
// returned on its own, wrapped; a missing dir reports fs.ErrNotExist.
//
// ReadDir does not check that all entries have the same types; Go does that
// against the fuzz target's signature when it loads them.
func ReadDir(dir string) ([]Entry, error) {
	files, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	var entries []Entry
	var malformed []*SyntaxError
	for _, f := range files {
		if f.IsDir() {
			continue
		}
		entry, err := ReadFile(filepath.Join(dir, f.Name()))
		var syntaxErr *SyntaxError
		switch {
		case errors.As(err, &syntaxErr):
			malformed = append(malformed, syntaxErr)
		case err != nil:
			return nil, err
		default:
			entries = append(entries, entry)
		}
	}
	if len(malformed) > 0 {
		return entries, &MalformedError{Dir: dir, Files: malformed}
	}
	return entries, nil
}

// WriteFile writes values as a corpus file in dir, creating dir if needed,
// and returns its path. The file is named as Go names it (see Name), so
// writing the same values twice is harmless. The write is atomic: see
// WriteFileAtomic.
func WriteFile(dir string, values ...any) (path string, err error) {
	data, err := Marshal(values...)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", fmt.Errorf("corpus: %w", err)
	}
	path = filepath.Join(dir, Name(data))
	if err := WriteFileAtomic(path, data); err != nil {
		return "", err
	}
	return path, nil
}

// WriteFileAtomic creates path holding data, so that readers never see a
// partial file: the data is written and synced to a temporary file in the
// same directory, which is then linked into place, and the directory is
// synced. It never replaces an existing file: if path already holds data it
// succeeds without writing, and if it holds anything else it fails with an
// error wrapping fs.ErrExist. The file's mode is 0644.
func WriteFileAtomic(path string, data []byte) error {
	if same, err := holds(path, data); err != nil || same {
		return err
	}
	dir := filepath.Dir(path)
	tmp, err := writeTemp(dir, filepath.Base(path), data)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)

	// A hard link fails if path exists, which closes the window between
	// the check above and the rename that would otherwise overwrite it.
	// Some file systems have no hard links; there the rename is the best
	// that can be done, right after one more check.
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			// Another writer got there first; that is fine only if it
			// wrote the same bytes.
			same, err := holds(path, data)
			if err == nil && !same {
				err = fmt.Errorf("corpus: %s was created and removed while being written", path)
			}
			return err
		}
		if same, err := holds(path, data); err != nil || same {
			return err
		}
		if err := os.Rename(tmp, path); err != nil {
			return fmt.Errorf("corpus: %w", err)
		}
	}
	return syncDir(dir)
}

// holds reports whether path exists holding exactly data. A different
// existing file is an error wrapping fs.ErrExist, so that callers never
// replace it.
func holds(path string, data []byte) (bool, error) {
	existing, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("corpus: %w", err)
	case !bytes.Equal(existing, data):
		return false, fmt.Errorf("corpus: %s: %w with different content", path, fs.ErrExist)
	}
	return true, nil
}

// writeTemp writes data to a new, synced temporary file in dir and returns
// its path. The name starts with a dot so that it is easy to tell apart if
// a crash ever leaves one behind.
func writeTemp(dir, base string, data []byte) (string, error) {
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return "", fmt.Errorf("corpus: %w", err)
	}
	name := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		os.Remove(name)
		return "", fmt.Errorf("corpus: write temporary file for %s: %w", filepath.Join(dir, base), err)
	}
	return name, nil
}

// replaceFileAtomic writes data to path through a temporary file and a
// rename, replacing any existing file. It is for generated artifacts such
// as seed corpus zips, which are meant to be regenerated.
func replaceFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := writeTemp(dir, filepath.Base(path), data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("corpus: %w", err)
	}
	return syncDir(dir)
}

// syncDir makes a new directory entry durable. Windows cannot open a
// directory for syncing, and its renames need no such step.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("corpus: %w", err)
	}
	err = d.Sync()
	if closeErr := d.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return fmt.Errorf("corpus: sync %s: %w", dir, err)
	}
	return nil
}
