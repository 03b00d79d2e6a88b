package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

// BenchmarkWorker measures candidate runs per second of a trivial fuzz
// target (FuzzTrivial, which does nothing), three ways:
//
//	parallel  through a pool of runtime.NumCPU() workers, as the reducer
//	          runs candidates (marshal, run, read the record, classify)
//	serial    through one worker
//	gotest    one go test -count=1 -run=FuzzTrivial/entry per candidate,
//	          the way to replay one input without the worker protocol
//
// The gotest sub-benchmark also reports speedup: parallel runs/s over
// gotest runs/s. Run it with
//
//	go test ./tools/minimize -run '^$' -bench BenchmarkWorker -benchtime 20000x
func BenchmarkWorker(b *testing.B) {
	r := benchRunner(b, runtime.NumCPU())
	defer r.pool.close()
	values := []any{[]byte("x")}
	var parallelRate float64

	b.Run("parallel", func(b *testing.B) {
		ctx := context.Background()
		if _, err := r.execute(ctx, values); err != nil { // start the workers
			b.Fatal(err)
		}
		var next sync.Mutex
		left := b.N
		b.ResetTimer()
		start := time.Now()
		var wg sync.WaitGroup
		for range runtime.NumCPU() {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					next.Lock()
					if left == 0 {
						next.Unlock()
						return
					}
					left--
					next.Unlock()
					if a, err := r.execute(ctx, values); err != nil || a.failed {
						b.Errorf("run: %v %+v", err, a.failure)
						return
					}
				}
			}()
		}
		wg.Wait()
		parallelRate = float64(b.N) / time.Since(start).Seconds()
		b.ReportMetric(parallelRate, "runs/s")
	})

	b.Run("serial", func(b *testing.B) {
		one := benchRunner(b, 1)
		defer one.pool.close()
		ctx := context.Background()
		one.execute(ctx, values)
		b.ResetTimer()
		start := time.Now()
		for range b.N {
			if _, err := one.execute(ctx, values); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "runs/s")
	})

	b.Run("gotest", func(b *testing.B) {
		n := min(b.N, 5) // each takes about a second
		start := time.Now()
		for range n {
			cmd := exec.Command("go", "test", "-count=1", "-run=FuzzTrivial/entry", ".")
			cmd.Dir = fixtureDir
			if out, err := cmd.CombinedOutput(); err != nil {
				b.Fatalf("%v\n%s", err, out)
			}
		}
		rate := float64(n) / time.Since(start).Seconds()
		b.ReportMetric(rate, "runs/s")
		if parallelRate > 0 {
			b.ReportMetric(parallelRate/rate, "speedup")
		}
	})
}

// benchRunner builds the fixture once and returns a runner of
// FuzzTrivial on n workers.
func benchRunner(b *testing.B, n int) *runner {
	b.Helper()
	dir, err := filepath.Abs(fixtureDir)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	wd, _ := os.Getwd()
	os.Chdir(dir)
	pkgs, err := listPackages(ctx, []string{"."})
	os.Chdir(wd)
	if err != nil {
		b.Fatal(err)
	}
	m := &minimizer{cfg: &config{bins: bins, timeout: 5 * time.Second, memLimit: 4 << 30}, an: newAnalyzer(goroot), tmp: b.TempDir()}
	p := pkgs[0]
	if err := m.build(ctx, p, 0); err != nil {
		b.Fatal(err)
	}
	cfg := workerConfig{bin: p.Bin, dir: p.Dir, target: "FuzzTrivial", timeout: 5 * time.Second, memLimit: 4 << 30, tmp: m.tmp}
	pl, err := newPool(cfg, n, 1<<20)
	if err != nil {
		b.Fatal(err)
	}
	return &runner{m: m, t: &target{pkg: p, name: "FuzzTrivial", types: typesOf([]any{[]byte(nil)})}, pool: pl}
}
