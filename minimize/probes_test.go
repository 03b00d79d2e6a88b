//go:build probes

package minimize_test

// Probes are shrinking problems written the way a user of fuzzsrc writes
// a property, by people who did not read the reducer: a sample of what
// the reducer meets outside its benchmarks. Unlike tools/shrinkbench's
// problems they have no proven minimum, so this is a report, not a test:
// per problem, how many distinct values the reductions of random failing
// inputs end at, how many end at the smallest of those in the reducer's
// order (minimize.OrderKey and ShortlexLess), and
// whether a local search from that smallest finds anything smaller
// still (a sure sign the reducer stopped short). Run it with
//
//	go test -tags probes ./minimize -run TestProbes -v [-probe regexp] [-probe.n 40]
//
// and print what an input draws with -probe.dump hex (with -probe naming
// one problem). Each reduction may take -probe.runs runs (those that run
// out are counted in the report: a reducer that walks a value down a step
// at a time shows there), and -probe.each prints each as it ends.

import (
	"context"
	"encoding/hex"
	"flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/minimize"
)

var (
	probeMatch = flag.String("probe", ".", "run the probes whose names match this regexp")
	probeN     = flag.Int("probe.n", 40, "failing inputs to reduce per probe")
	probeDump  = flag.String("probe.dump", "", "print the value this hex input draws, for each matching probe")
	probeRuns  = flag.Int("probe.runs", 200_000, "runs each reduction may take")
	probeEach  = flag.Bool("probe.each", false, "print every reduction's start, end and runs as it finishes")
	probeFrom  = flag.String("probe.from", "", "reduce this hex input (or the first random failing one, given start), for each matching probe, and print where it ends")
)

// probe is one problem: draw makes a value, fails says whether it shows
// the bug.
type probe struct {
	name  string
	draw  func(t *fuzzsrc.T) any
	fails func(v any) bool
	// maxLen bounds the random starting inputs' length (zero: 300).
	maxLen int
}

// probeSets lists every file's problems.
var probeSets = []func() []probe{probesA, probesB, probesC, probesD, probesE, probesF, probesG, probesH, probesI, probesJ, probesK, probesL}

func (p probe) prop(t *fuzzsrc.T) {
	if p.fails(p.draw(t)) {
		t.Fatalf("fails")
	}
}

func (p probe) run(_ context.Context, in []byte) (minimize.Outcome, error) {
	return engine.Run(in, p.prop).Outcome(), nil
}

func (p probe) value(in []byte) (v any) {
	engine.Run(in, func(t *fuzzsrc.T) { v = p.draw(t) })
	return v
}

func (p probe) failsOn(in []byte) bool { return engine.Run(in, p.prop).Failure != nil }

// key returns the order key of in: the reducer's order (minimize.OrderKey),
// in which bytes past the end read as zeros and the last choice counts
// its full width.
func (p probe) key(in []byte) []byte {
	return minimize.OrderKey(in, engine.Run(in, p.prop).Outcome())
}

// less reports whether a comes before b in the reducer's order.
func (p probe) less(a, b []byte) bool { return minimize.ShortlexLess(p.key(a), p.key(b)) }

// starts returns up to n random failing inputs.
func (p probe) starts(n int) [][]byte {
	rng := rand.New(rand.NewPCG(1, 1))
	maxLen := p.maxLen
	if maxLen == 0 {
		maxLen = 300
	}
	var ins [][]byte
	for tries := 0; len(ins) < n && tries < 200000; tries++ {
		in := make([]byte, 1+rng.IntN(maxLen))
		for i := range in {
			in[i] = byte(rng.Uint32())
		}
		if p.failsOn(in) {
			ins = append(ins, in)
		}
	}
	return ins
}

// localSmaller looks for a failing input before in (in the reducer's
// order) among
// one deletion of one or two adjacent bytes, or one byte lowered to any
// smaller value, or one byte deleted and another lowered by any amount
// (for inputs up to 24 bytes).
func (p probe) localSmaller(in []byte) []byte {
	try := func(c []byte) bool { return p.failsOn(c) && p.less(c, in) }
	for k := 1; k <= 2; k++ {
		for i := 0; i+k <= len(in); i++ {
			c := slices.Concat(in[:i], in[i+k:])
			if try(c) {
				return c
			}
		}
	}
	for i := range in {
		for v := 0; v < int(in[i]); v++ {
			c := slices.Clone(in)
			c[i] = byte(v)
			if try(c) {
				return c
			}
		}
	}
	// A byte past the end, which reads as zero, raised: the key pads
	// the last choice, so this can come first.
	for v := 1; v < 256; v++ {
		if c := append(slices.Clone(in), byte(v)); try(c) {
			return c
		}
	}
	if len(in) > 24 {
		return nil
	}
	for d := range in {
		base := slices.Concat(in[:d], in[d+1:])
		for i := range base {
			for v := 0; v < 256; v++ {
				if byte(v) == base[i] {
					continue
				}
				c := slices.Clone(base)
				c[i] = byte(v)
				if try(c) {
					return c
				}
			}
		}
	}
	return nil
}

func TestProbes(t *testing.T) {
	re := regexp.MustCompile(*probeMatch)
	for _, set := range probeSets {
		for _, p := range set() {
			if !re.MatchString(p.name) {
				continue
			}
			if *probeDump != "" {
				in, err := hex.DecodeString(*probeDump)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: %#v (fails: %v)", p.name, p.value(in), p.failsOn(in))
				continue
			}
			if *probeFrom != "" {
				in, err := hex.DecodeString(*probeFrom)
				if *probeFrom == "start" {
					in, err = p.starts(1)[0], nil
				}
				if err != nil {
					t.Fatal(err)
				}
				res, err := minimize.Minimize(context.Background(), in, p.run, minimize.Options{Workers: 1, MaxRuns: *probeRuns})
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: %x %#v after %d runs", p.name, res.Input, p.value(res.Input), res.Stats.Runs)
				for _, ps := range res.Stats.Passes {
					if ps.Runs > 0 {
						t.Logf("  %-24s %+v", ps.Name, ps)
					}
				}
				continue
			}
			t.Run(p.name, func(t *testing.T) {
				t.Parallel()
				t.Log(p.report(*probeN))
			})
		}
	}
}

// report reduces n failing inputs of p and summarizes where they end.
func (p probe) report(n int) string {
	ins := p.starts(n)
	if len(ins) == 0 {
		return "== " + p.name + ": no failing input found"
	}
	finals := map[string]int{}
	var smallest []byte
	var runs []int
	budget := 0 // reductions that ran out of runs
	for _, in := range ins {
		res, err := minimize.Minimize(context.Background(), in, p.run, minimize.Options{Workers: 1, MaxRuns: *probeRuns})
		if err != nil {
			return fmt.Sprintf("== %s: %v", p.name, err)
		}
		if res.Stats.Runs >= *probeRuns {
			budget++
		}
		if testing.Verbose() && *probeEach {
			fmt.Printf("%s: %x -> %x after %d runs\n", p.name, in, res.Input, res.Stats.Runs)
		}
		finals[string(res.Input)]++
		runs = append(runs, res.Stats.Runs)
		if smallest == nil || p.less(res.Input, smallest) {
			smallest = res.Input
		}
	}
	slices.Sort(runs)
	var b strings.Builder
	fmt.Fprintf(&b, "== %s: %d finals, %d/%d at the smallest, median %d runs, most %d\n", p.name, len(finals), finals[string(smallest)], len(ins), runs[len(runs)/2], runs[len(runs)-1])
	if budget > 0 {
		fmt.Fprintf(&b, "   RAN OUT of %d runs: %d of %d\n", *probeRuns, budget, len(ins))
	}
	fmt.Fprintf(&b, "   smallest %x: %#v\n", smallest, p.value(smallest))
	if c := p.localSmaller(smallest); c != nil {
		fmt.Fprintf(&b, "   LOCAL SMALLER %x: %#v\n", c, p.value(c))
	}
	if len(finals) > 1 {
		others := make([]string, 0, len(finals))
		for f := range finals {
			if f != string(smallest) {
				others = append(others, f)
			}
		}
		slices.SortFunc(others, func(a, b string) int {
			if p.less([]byte(a), []byte(b)) {
				return -1
			}
			return 1
		})
		for _, f := range others[:min(3, len(others))] {
			fmt.Fprintf(&b, "   other x%d %x: %#v\n", finals[f], f, p.value([]byte(f)))
			if c := p.localSmaller([]byte(f)); c != nil {
				fmt.Fprintf(&b, "      LOCAL SMALLER %x: %#v\n", c, p.value(c))
			}
		}
	}
	return b.String()
}
