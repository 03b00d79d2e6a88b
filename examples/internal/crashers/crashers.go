// Package crashers reduces the crashers an example ships, for the
// examples' tests: each crasher is a corpus file that go test -fuzz
// wrote, kept in testdata/crashers/FuzzX so that go test ./... does not
// replay it.
package crashers

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/shortlex/shortlex/corpus"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/minimize"
)

// Crasher is one shipped crasher and what the reducer made of it.
type Crasher struct {
	Name     string // the file's name, which go test -fuzz chose
	Path     string
	Original []byte // the []byte the file holds
	Minimal  []byte // the reduced input
	Result   minimize.Result
}

// Paths lists the crasher files of a fuzz target, sorted, failing tb if
// there are none: an example without a crasher has lost its evidence.
func Paths(tb testing.TB, target string) []string {
	tb.Helper()
	dir := filepath.Join("testdata", "crashers", target)
	ents, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatalf("reading crashers: %v", err)
	}
	var paths []string
	for _, e := range ents {
		if !e.IsDir() {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(paths)
	if len(paths) == 0 {
		tb.Fatalf("no crashers in %s", dir)
	}
	return paths
}

// Read returns the []byte a crasher file holds.
func Read(tb testing.TB, path string) []byte {
	tb.Helper()
	e, err := corpus.ReadFile(path)
	if err != nil {
		tb.Fatalf("%v", err)
	}
	if len(e.Values) != 1 {
		tb.Fatalf("%s: %d values, want one []byte", path, len(e.Values))
	}
	data, ok := e.Values[0].([]byte)
	if !ok {
		tb.Fatalf("%s: holds a %T, want []byte", path, e.Values[0])
	}
	return data
}

// Reduce reads the crasher at path, checks that it still fails prop, and
// reduces it in-process with one worker, so that the result is
// deterministic. opts.Workers is forced to 1; opts.OnShrink, if set, sees
// every input the reducer accepts.
func Reduce(tb testing.TB, path string, prop func(*fuzzsrc.T), opts minimize.Options) Crasher {
	tb.Helper()
	data := Read(tb, path)
	if r := fuzzsrc.Run(data, prop); r.Failure == nil {
		tb.Fatalf("%s no longer fails: the planted bug is gone or the generator changed", path)
	}
	run := func(_ context.Context, in []byte) (minimize.Outcome, error) {
		return fuzzsrc.Run(in, prop).Outcome(), nil
	}
	opts.Workers = 1
	res, err := minimize.Minimize(context.Background(), data, run, opts)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return Crasher{Name: filepath.Base(path), Path: path, Original: data, Minimal: res.Input, Result: res}
}

// Decode runs draw on input, as the property would, and returns what it
// drew: the value a reduced input stands for.
func Decode[V any](input []byte, draw func(*fuzzsrc.T) V) V {
	var v V
	fuzzsrc.Run(input, func(t *fuzzsrc.T) { v = draw(t) })
	return v
}
