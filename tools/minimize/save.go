package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/shortlex/shortlex/corpus"
)

// This file puts a result where it cannot be lost: in the target's seed
// corpus, or, if that cannot be written, in a copy elsewhere that the
// report names.

// saved is where a result went.
type saved struct {
	// path is the corpus file that holds the result: new, or the
	// original entry when the input did not shrink.
	path string
	// data is the result as a corpus file.
	data []byte
	// unchanged: the result has the original's values; the reducer
	// found nothing smaller.
	unchanged bool
	// err says why the corpus directory could not be written; copy is
	// where a copy went instead, if anywhere.
	err  error
	copy string
}

// resultsDir is where results go, under the temporary directory or the
// working directory, when a target's corpus directory is not writable.
const resultsDir = "minimize-results"

// save writes values, the result of reducing j, as a new entry of the
// target's seed corpus. A result with j's own values, when j is already
// an entry there, is not written again: that entry is the result. If the corpus directory
// cannot be written, the file goes to resultsDir/FuzzX/ in the
// temporary directory, or failing that in the working directory.
func (r *runner) save(j *job, values []any) saved {
	t := r.t
	var sv saved
	var err error
	if sv.data, err = corpus.Marshal(values...); err != nil {
		sv.err = fmt.Errorf("encoding the result: %w", err)
		return sv
	}
	// Compared as corpus files: the values' own == would miss a NaN.
	orig, err := corpus.Marshal(j.values...)
	sv.unchanged = err == nil && bytes.Equal(orig, sv.data)
	if sv.unchanged && r.m.cfg.style == 0 && sameDir(filepath.Dir(j.path), t.dir) {
		sv.path = j.path
		return sv
	}
	path, err := corpus.WriteFile(t.dir, values...)
	if err == nil {
		sv.path = path
		return sv
	}
	sv.err = fmt.Errorf("cannot write to %s: %w", displayPath(t.dir), err)
	sv.path = filepath.Join(t.dir, corpus.Name(sv.data))
	for _, root := range []string{os.TempDir(), "."} {
		if p, err := corpus.WriteFile(filepath.Join(root, resultsDir, t.name), values...); err == nil {
			sv.copy, _ = filepath.Abs(p)
			break
		}
	}
	return sv
}

// sameDir reports whether a and b name one directory.
func sameDir(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA != nil || errB != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	return os.SameFile(fa, fb)
}
