package fuzzsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/shortlex/shortlex/corpus"
)

// EnvSeeds, when set to a directory, makes [AddSeeds] also write each
// input it adds there, as a corpus file of the fuzz target
// (<dir>/FuzzX/<name>): the seeds of a libFuzzer build, which ignores
// f.Add, come from such files (corpus.ExportSeedCorpus packages them).
const EnvSeeds = "SHORTLEX_SEEDS"

// Seeder is the part of a fuzz target's *testing.F that [AddSeeds] uses;
// go-118-fuzz-build's F has it too.
type Seeder interface {
	Add(args ...any)
}

// AddSeeds adds n inputs generated from prop to the seed corpus of f, a
// target whose body calls Check with prop:
//
//	func FuzzParse(f *testing.F) {
//		fuzzsrc.AddSeeds(f, 100, parseProp)
//		f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, parseProp) })
//	}
//
// Each input is made by running prop and picking every choice it draws at
// random, as a property-based tester generates a test case, with the
// values that find bugs favoured: integers at 0, at their range's ends
// and small, values repeated from earlier draws of the same kind, special
// floats (±0, ±Inf, NaN, the extremes), printable text, collections both
// short and long, and now and then a literal of the code under test (a
// number, character or string written in the non-test Go files of the
// directory that holds prop's source, read when the test runs there, as
// go test runs it): the constants the code compares its input with,
// which Go's fuzzer, tracing no comparisons, reaches only by chance.
// The n inputs offer the literals in turn, so that each is offered once
// before any is offered again. So plain go test runs prop on n such
// cases, and go test -fuzz starts from well-formed inputs of many shapes
// instead of one empty input. The inputs are the same on every run
// (given the same n and source), so go test stays deterministic; a
// failing one is shrunk and reported as any failing seed input is
// ([Check]).
//
// Inputs that prop discards ([T.Skip], [T.Assume]) are still added, and
// duplicates are added once. Where [EnvSeeds] names a directory, the
// inputs are also written there. Under go-118-fuzz-build (OSS-Fuzz),
// whose F ignores Add and runs the target function for every input,
// AddSeeds does nothing: a libFuzzer build takes its seeds from a seed
// corpus, such as the files EnvSeeds writes, packaged by
// corpus.ExportSeedCorpus.
func AddSeeds(f Seeder, n int, prop func(*T)) {
	if underShim(f) {
		return
	}
	dir := os.Getenv(EnvSeeds)
	if named, ok := f.(interface{ Name() string }); ok && dir != "" {
		dir = filepath.Join(dir, named.Name())
	}
	seen := make(map[string]bool, n)
	lits := newLiteralOffers(sourceLiterals(prop))
	for i := range n {
		in := generate(prop, uint64(i), lits)
		if seen[string(in)] {
			continue
		}
		seen[string(in)] = true
		f.Add(in)
		if dir != "" {
			if _, err := corpus.WriteFile(dir, in); err != nil {
				msg := fmt.Sprintf("fuzzsrc.AddSeeds: %s: %v", EnvSeeds, err)
				if tb, ok := f.(interface{ Fatal(args ...any) }); ok {
					tb.Fatal(msg)
				}
				panic(msg)
			}
		}
	}
}

// shimPrefix is the import path of go-118-fuzz-build, whose testing shim
// replaces package testing in OSS-Fuzz builds.
const shimPrefix = "github.com/AdamKorcz/go-118-fuzz-build/"

// underShim reports whether f is the F of go-118-fuzz-build's testing
// shim.
func underShim(f Seeder) bool {
	t := reflect.TypeOf(f)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t != nil && strings.HasPrefix(t.PkgPath(), shimPrefix)
}
