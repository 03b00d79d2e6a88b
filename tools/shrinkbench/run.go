package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/minimize"
	"github.com/shortlex/shortlex/tools/shrinkbench/baseline"
	"github.com/shortlex/shortlex/tools/shrinkbench/bench"
	"pgregory.net/rapid"
)

// config is the command line.
type config struct {
	seeds, first int
	base         uint64
	bench        string
	maxLen       int
	jobs         int
	rapidChecks  int
	misses       int
	noRapid      bool
	passes       bool
	restarts     int
}

// The reducers, in table order.
const (
	ours = iota
	rapidShrinker
	goFuzz
	ddmin
	numReducers
)

var reducerNames = [numReducers]string{"ours", "rapid", "go test -fuzz", "ddmin"}

// final is what one reducer ended with for one seed.
type final struct {
	ok         bool   // false: rapid found no failure for this seed
	value      string // the final value, formatted
	size       int    // its size in the artifact's metric
	input      []byte // the final input; nil for rapid
	key        []byte // its order key; nil for rapid
	atMinInput bool   // key is the benchmark's minimal key
	calls      int    // runs of the property, counting the first failing one
	dur        time.Duration
	slipped    bool                 // it fails with another signature than the original
	passes     []minimize.PassStats // ours only: runs and shrinks by pass
}

// results are one benchmark's finals, by reducer and seed.
type results struct {
	inputs [][]byte // the failing inputs, by seed
	finals [numReducers][]final
}

// runBenchmark generates the failing inputs and reduces each with every
// reducer: the byte reducers on cfg.jobs goroutines, rapid beside them on
// one (its seed is a global flag).
func runBenchmark(ctx context.Context, b bench.Benchmark, cfg config) (*results, error) {
	n := cfg.seeds
	r := &results{inputs: make([][]byte, n)}
	for k := range r.finals {
		r.finals[k] = make([]final, n)
	}
	minRec := engine.Run(b.MinInput, b.Prop)
	minKey := minimize.OrderKey(b.MinInput, minRec.Outcome())

	var wg sync.WaitGroup
	if !cfg.noRapid {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range n {
				r.finals[rapidShrinker][i] = runRapid(b, rapidSeed(cfg.base, b.Name, cfg.first+i), cfg.rapidChecks)
			}
		}()
	}
	errs := make([]error, n)
	next := make(chan int)
	for range max(cfg.jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				in, err := failingInput(b, cfg.base, cfg.first+i, cfg.maxLen)
				if err != nil {
					errs[i] = err
					continue
				}
				r.inputs[i] = in
				r.finals[ours][i], errs[i] = runOurs(ctx, b, in, cfg.restarts)
				r.finals[goFuzz][i] = runBytes(b, in, baseline.GoMinimize, true)
				r.finals[ddmin][i] = runBytes(b, in, baseline.DDMin, false)
				for _, k := range []int{ours, goFuzz, ddmin} {
					r.finals[k][i].atMinInput = bytes.Equal(r.finals[k][i].key, minKey)
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s seed %d: %w", b.Name, cfg.first+i, err)
		}
	}
	return r, nil
}

// failingInput draws random inputs of 1 to maxLen bytes from a generator
// seeded by (base, benchmark, seed) until one fails.
func failingInput(b bench.Benchmark, base uint64, seed, maxLen int) ([]byte, error) {
	rng := rand.New(rand.NewPCG(base, nameHash(b.Name)^uint64(seed)))
	for range 1_000_000 {
		in := make([]byte, 1+rng.IntN(maxLen))
		for i := range in {
			in[i] = byte(rng.Uint32())
		}
		if b.Mutate {
			mutate(rng, in, engine.Run(in, b.Prop).Used)
		}
		if engine.Run(in, b.Prop).Failure != nil {
			return in, nil
		}
	}
	return nil, fmt.Errorf("no failing input in a million random ones")
}

// mutate applies up to 7 of Go's mutator's "copy bytes" and "add to a
// byte" to the first used bytes of in, those the property read: a chunk
// of 1 to 16 bytes copied over another place, or a byte moved by -4..4.
func mutate(rng *rand.Rand, in []byte, used int) {
	used = min(used, len(in))
	if used == 0 {
		return
	}
	for range rng.IntN(8) {
		if rng.IntN(2) == 0 {
			n := 1 + rng.IntN(min(16, used))
			src, dst := rng.IntN(used-n+1), rng.IntN(used-n+1)
			copy(in[dst:dst+n], in[src:src+n])
		} else {
			in[rng.IntN(used)] += byte(rng.IntN(9) - 4)
		}
	}
}

func nameHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// rapidSeed derives rapid's seed for a seed index; rapid reads 0 as
// "random", so it is never 0.
func rapidSeed(base uint64, name string, seed int) uint64 {
	return rand.New(rand.NewPCG(base^nameHash(name), uint64(seed))).Uint64() | 1
}

// describe fills in what a byte reducer's final input is.
func describe(b bench.Benchmark, in []byte) final {
	rec := engine.Run(in, b.Prop)
	f := final{ok: true, input: in, key: minimize.OrderKey(in, rec.Outcome())}
	f.value, f.size = b.Decode(in)
	return f
}

// runOurs reduces in with minimize.Minimize on one worker. With restarts
// it reduces in again from the start that many times, with reducer seeds
// 1, 2, ..., and keeps the smallest final: what backtracking by restarting
// would buy. Calls, time and per-pass counts add up over all reductions.
func runOurs(ctx context.Context, b bench.Benchmark, in []byte, restarts int) (final, error) {
	run := func(_ context.Context, c []byte) (minimize.Outcome, error) {
		return engine.Run(c, b.Prop).Outcome(), nil
	}
	var best final
	for seed := range uint64(restarts + 1) {
		res, err := minimize.Minimize(ctx, in, run, minimize.Options{Workers: 1, Seed: seed})
		if err != nil {
			return final{}, err
		}
		f := describe(b, res.Input)
		if seed > 0 && !minimize.ShortlexLess(f.key, best.key) {
			f = best
		}
		f.calls, f.dur, f.passes = best.calls+res.Stats.Runs, best.dur+res.Stats.Duration, addPasses(best.passes, res.Stats.Passes)
		best = f
	}
	return best, nil
}

// addPasses adds b's per-pass counts to a's, pass by pass; the passes are
// in the same order in every reduction.
func addPasses(a, b []minimize.PassStats) []minimize.PassStats {
	if a == nil {
		return b
	}
	sum := slices.Clone(a)
	for k := range min(len(sum), len(b)) {
		sum[k].Runs += b[k].Runs
		sum[k].Shrinks += b[k].Shrinks
		sum[k].Bytes += b[k].Bytes
	}
	return sum
}

// runBytes reduces in with a byte-level reducer. With anyFailure the test
// accepts any failure, as go test -fuzz does; otherwise only the original
// signature.
func runBytes(b bench.Benchmark, in []byte, reduce func([]byte, baseline.Test) ([]byte, int), anyFailure bool) final {
	sig := engine.Run(in, b.Prop).Failure.Signature()
	test := func(c []byte) bool {
		f := engine.Run(c, b.Prop).Failure
		return f != nil && (anyFailure || f.Signature() == sig)
	}
	start := time.Now()
	out, calls := reduce(in, test)
	dur := time.Since(start)
	f := describe(b, out)
	f.calls, f.dur = calls, dur
	f.slipped = engine.Run(out, b.Prop).Failure.Signature() != sig
	return f
}

// runRapid runs rapid.Check once with rapid's seed set, counting the
// property's calls from its first failure on (that one included), as the
// artifact counts Hypothesis's: the rest of generation is not counted.
// The time is also from the first failure on.
func runRapid(b bench.Benchmark, seed uint64, checks int) final {
	var f final
	var firstFailure time.Time
	prop := b.Rapid(func(value string, size int) {
		f.value, f.size = value, size
		if !f.ok {
			f.ok, f.calls, firstFailure = true, 1, time.Now()
		}
	})
	counted := func(t *rapid.T) {
		if f.ok {
			f.calls++
		}
		prop(t)
	}
	for name, v := range map[string]string{
		"rapid.seed":       strconv.FormatUint(seed, 10),
		"rapid.checks":     strconv.Itoa(checks),
		"rapid.nofailfile": "true",
	} {
		if err := flag.Set(name, v); err != nil {
			panic(err)
		}
	}
	tb := &rapidTB{name: "shrinkbench_" + b.Name}
	rapid.Check(tb, counted)
	if f.ok {
		f.dur = time.Since(firstFailure)
	}
	return f
}

// rapidTB is the rapid.TB that rapid.Check reports to. rapid calls
// Errorf with its report, then FailNow once it is done: neither needs to
// stop the goroutine here, so they only record the failure.
type rapidTB struct {
	name   string
	failed bool
}

func (t *rapidTB) Helper()               {}
func (t *rapidTB) Name() string          { return t.name }
func (t *rapidTB) Logf(string, ...any)   {}
func (t *rapidTB) Log(...any)            {}
func (t *rapidTB) Skipf(string, ...any)  { t.SkipNow() }
func (t *rapidTB) Skip(...any)           { t.SkipNow() }
func (t *rapidTB) SkipNow()              { panic("shrinkbench: rapid skipped a check") }
func (t *rapidTB) Errorf(string, ...any) { t.failed = true }
func (t *rapidTB) Error(...any)          { t.failed = true }
func (t *rapidTB) Fatalf(string, ...any) { t.failed = true }
func (t *rapidTB) Fatal(...any)          { t.failed = true }
func (t *rapidTB) FailNow()              { t.failed = true }
func (t *rapidTB) Fail()                 { t.failed = true }
func (t *rapidTB) Failed() bool          { return t.failed }
