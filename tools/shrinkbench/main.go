// Command shrinkbench compares test-case reducers on shrinking problems
// (the ECOOP 2020 artifact's, the shrinking challenge's and our own): ours
// (minimize.Minimize on a
// fuzzsrc property), rapid's own shrinker, the minimizer of go test -fuzz
// and classic ddmin. See README.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"testing"
	"time"

	"github.com/shortlex/shortlex/tools/shrinkbench/bench"
)

func main() {
	// rapid reads testing.Short, which needs the testing flags registered
	// and parsed; rapid's own flags (rapid.seed) are set per run.
	testing.Init()
	cfg := config{}
	flag.IntVar(&cfg.seeds, "seeds", 1000, "failing inputs (and rapid seeds) per benchmark")
	flag.IntVar(&cfg.first, "first", 0, "index of the first seed, to rerun one: -first 17 -seeds 1")
	flag.Uint64Var(&cfg.base, "base", 20200715, "base seed from which every input and rapid seed derives")
	flag.StringVar(&cfg.bench, "bench", ".", "regexp selecting benchmarks by name")
	flag.IntVar(&cfg.maxLen, "maxlen", 512, "largest random input, in bytes, drawn to find a failing one")
	flag.IntVar(&cfg.jobs, "j", max(1, runtime.GOMAXPROCS(0)-1), "inputs reduced at once by the byte reducers (rapid runs alone, beside them)")
	flag.IntVar(&cfg.rapidChecks, "rapidchecks", 100000, "rapid.checks: test cases rapid may generate per seed to find a failure")
	flag.IntVar(&cfg.misses, "misses", 3, "seeds to list per benchmark where ours missed the minimal input")
	flag.BoolVar(&cfg.noRapid, "norapid", false, "skip rapid")
	flag.BoolVar(&cfg.passes, "passes", false, "print ours' runs and shrinks per pass")
	flag.IntVar(&cfg.restarts, "restarts", 0, "reduce each input this many more times with other reducer seeds and keep ours' smallest final (calls add up)")
	flag.Parse()

	re, err := regexp.Compile(cfg.bench)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shrinkbench:", err)
		os.Exit(2)
	}
	fmt.Printf("shrinkbench: -seeds %d -first %d -base %d -maxlen %d -restarts %d, %s, GOMAXPROCS %d\n\n",
		cfg.seeds, cfg.first, cfg.base, cfg.maxLen, cfg.restarts, runtime.Version(), runtime.GOMAXPROCS(0))
	start := time.Now()
	var rows []summaryRow
	for _, b := range bench.All() {
		if !re.MatchString(b.Name) {
			continue
		}
		r, err := runBenchmark(context.Background(), b, cfg)
		if err != nil {
			fmt.Fprintln(os.Stderr, "shrinkbench:", err)
			os.Exit(1)
		}
		printReport(os.Stdout, b, r, cfg)
		rows = append(rows, summarizeRow(b, r, cfg))
	}
	printSummary(os.Stdout, rows)
	fmt.Printf("total wall time %s\n", time.Since(start).Round(time.Second))
}
