package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/minimize"
	"github.com/shortlex/shortlex/tools/shrinkbench/bench"
)

func benchmark(t *testing.T, name string) bench.Benchmark {
	t.Helper()
	for _, b := range bench.All() {
		if b.Name == name {
			return b
		}
	}
	t.Fatalf("no benchmark %q", name)
	return bench.Benchmark{}
}

// TestRunBenchmark runs every reducer on a few tree inputs and checks the
// plumbing: each reducer ends on a failing value, ours on the minimum.
func TestRunBenchmark(t *testing.T) {
	b := benchmark(t, "tree")
	cfg := config{seeds: 4, base: 1, maxLen: 64, jobs: 2, rapidChecks: 1000, misses: 1}
	r, err := runBenchmark(context.Background(), b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for k := range numReducers {
		for i, f := range r.finals[k] {
			switch {
			case !f.ok:
				t.Errorf("%s seed %d: no final value", reducerNames[k], i)
			case f.calls < 1:
				t.Errorf("%s seed %d: %d calls; the first failure counts", reducerNames[k], i, f.calls)
			case f.size < 7:
				t.Errorf("%s seed %d: final %s is smaller than the smallest unbalanced tree", reducerNames[k], i, f.value)
			}
		}
	}
	for i, f := range r.finals[ours] {
		if f.value != b.MinValue || !f.atMinInput {
			t.Errorf("ours seed %d: %s (% x), want %s (% x): the tree is the catalogue's easy case", i, f.value, f.input, b.MinValue, b.MinInput)
		}
	}
	var out bytes.Buffer
	printReport(&out, b, r, cfg)
	for _, want := range []string{"| ours | `(((. .) .) .)` | 100.0% |", "| go test -fuzz |", "| ddmin | 0 |"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}

	out.Reset()
	printSummary(&out, []summaryRow{summarizeRow(b, r, cfg)})
	// tree: all four at the minimum, one final, never larger than a baseline;
	// Hypothesis has no figure for it.
	if want := "| tree | 100.0% | 1 | "; !strings.Contains(out.String(), want) || !strings.Contains(out.String(), " | – | ") || !strings.HasSuffix(out.String(), " | 0 | 0 |\n\n") {
		t.Errorf("summary lacks %q, a – for Hypothesis or zero larger counts:\n%s", want, out.String())
	}
}

func TestFailingInputIsReproducible(t *testing.T) {
	b := benchmark(t, "reverse")
	a, err := failingInput(b, 7, 3, 100)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := failingInput(b, 7, 3, 100)
	d, _ := failingInput(b, 7, 4, 100)
	if !bytes.Equal(a, c) || bytes.Equal(a, d) {
		t.Errorf("failingInput should depend on (base, name, seed) only: seed 3 gave % x then % x, seed 4 % x", a, c, d)
	}
}

func TestSummarize(t *testing.T) {
	fs := []final{
		{ok: true, value: "a", size: 2, calls: 10},
		{ok: true, value: "b", size: 3, calls: 30},
		{ok: true, value: "a", size: 2, calls: 20, atMinInput: true},
		{ok: false},
	}
	s := summarize(fs, "a", 2)
	if s.found != 3 || s.common != "a" || s.commonN != 2 || s.distinct != 2 || s.atMinValue != 2 ||
		s.atMinSize != 2 || s.atMinInput != 1 || s.median != 20 || s.meanCalls != 20 {
		t.Errorf("summarize = %+v: rapid's seeds without a failure must not count", s)
	}
}

func TestPrintPasses(t *testing.T) {
	fs := []final{
		{passes: []minimize.PassStats{{Name: "delete span", Runs: 3, Shrinks: 1}, {Name: "lower choice", Runs: 10, Shrinks: 4}}},
		{passes: []minimize.PassStats{{Name: "delete span", Runs: 5, Shrinks: 3}, {Name: "lower choice", Runs: 0}}},
	}
	var out bytes.Buffer
	printPasses(&out, fs)
	want := "| ours: pass | runs per seed | shrinks per seed |\n|---|---|---|\n" +
		"| lower choice | 5.0 | 2.0 |\n| delete span | 4.0 | 2.0 |\n\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant (means per seed, most runs first)\n%s", out.String(), want)
	}
}

// TestRestartsKeepSmallest checks -restarts: ours keeps the smallest final
// of the reductions with reducer seeds 0, 1, 2 and counts all their runs.
func TestRestartsKeepSmallest(t *testing.T) {
	b := benchmark(t, "binheap")
	run := func(_ context.Context, c []byte) (minimize.Outcome, error) {
		return engine.Run(c, b.Prop).Outcome(), nil
	}
	for seed := range 8 {
		in, err := failingInput(b, 1, seed, 256)
		if err != nil {
			t.Fatal(err)
		}
		var smallest []byte
		calls := 0
		for rs := range uint64(3) {
			res, err := minimize.Minimize(context.Background(), in, run, minimize.Options{Workers: 1, Seed: rs})
			if err != nil {
				t.Fatal(err)
			}
			calls += res.Stats.Runs
			if key := describe(b, res.Input).key; smallest == nil || minimize.ShortlexLess(key, smallest) {
				smallest = key
			}
		}
		f, err := runOurs(context.Background(), b, in, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(f.key, smallest) || f.calls != calls {
			t.Errorf("seed %d: -restarts 2 kept % x after %d calls, want % x after %d", seed, f.key, f.calls, smallest, calls)
		}
	}
}
