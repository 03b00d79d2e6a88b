package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/shortlex/shortlex/corpus"
)

// Exit codes.
const (
	exitMinimized = 0 // at least one failing input was minimized and written
	exitNoFailure = 1 // nothing failed
	exitError     = 2 // usage, I/O or build error, malformed corpus file
	exitFlaky     = 3 // a failing input did not fail the same way every time
)

const usage = `usage: go run ./tools/minimize [flags] [packages] [files]

Minimize replays the corpus entries of Go fuzz targets and reduces each
failing one to a shortlex-minimal input that fails the same way (the same
failure signature), then writes it as a new corpus file next to the others.

Packages are as for go test and default to ".". With no files, every entry
of each selected target's testdata/fuzz/FuzzX is replayed and the failing
ones are minimized. With files, those are minimized: Go corpus files, or
with -style libFuzzer testcases of an OSS-Fuzz build. A file's target is
the FuzzX directory it is in, or the one target -run selects.

Every failure counts: panics, t.Fatal and t.Error, runtime errors, fatal
errors such as concurrent map writes, stack overflows, os.Exit, hangs
(runs longer than -timeout) and huge allocations (beyond -memlimit).

The original file is never changed; -replace removes it once the new file
is written and replays with the same failure. Ctrl-C writes the best input
found so far.

Exit status: 0 minimized, 1 nothing failed, 2 usage or I/O error,
3 a failing input is flaky.

Flags:
`

// config is what the command line sets.
type config struct {
	run      runFilter
	parallel int
	timeout  time.Duration
	memLimit int64
	style    corpus.Style // for testcase files; 0 means Go corpus files
	replace  bool
	json     bool
	replays  int
	maxTime  time.Duration
	packages []string
	files    []string

	// bins, if set, keeps test binaries between runs of the command in one
	// process (the tests'), keyed by package directory.
	bins *binCache
}

func main() {
	execLimited() // a launcher process never returns from here
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, nil)
	stop()
	os.Exit(code)
}

// run is the command: it parses args and minimizes, writing the report to
// stdout and usage errors to stderr, and returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, bins *binCache) int {
	c, err := parseArgs(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitMinimized
	}
	if err != nil {
		fmt.Fprintln(stderr, "minimize:", err)
		return exitError
	}
	c.bins = bins
	rep := newReporter(stdout, c.json, isTerminal(stdout) && !c.json)
	m := &minimizer{cfg: c, rep: rep}
	return m.main(ctx)
}

func parseArgs(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("minimize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	c := &config{}
	runExpr := fs.String("run", "", "minimize only fuzz targets matching `regexp` (and, after a slash, corpus entries matching a second one), as go test -run")
	fs.IntVar(&c.parallel, "parallel", runtime.NumCPU(), "run `n` worker processes at once")
	fs.DurationVar(&c.timeout, "timeout", 5*time.Second, "a run longer than `d` is a hang; the worker is stopped and restarted")
	memLimit := fs.String("memlimit", "4GiB", "limit each worker's address space to `size` (a number with an optional KiB, MiB, GiB suffix; 0 for no limit), so a huge allocation fails fast as out of memory")
	style := fs.String("style", "", "the files are libFuzzer testcases of an OSS-Fuzz build of `style` v1 (compile_native_go_fuzzer), v2 (compile_native_go_fuzzer_v2) or raw (compile_go_fuzzer)")
	fs.BoolVar(&c.replace, "replace", false, "remove the original file after the minimized one is written and verified")
	fs.BoolVar(&c.json, "json", false, "print one JSON object per event (start, shrink, slip, done, error) instead of text")
	fs.IntVar(&c.replays, "replays", 5, "replay a failing input `n` times before minimizing it; if it does not fail the same way every time it is flaky (hangs are replayed at most twice)")
	fs.DurationVar(&c.maxTime, "maxtime", defaultMaxTime, "stop reducing one input after `d` and write the best so far (0: run to a fixed point)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	var err error
	if c.run, err = parseRunFilter(*runExpr); err != nil {
		return nil, err
	}
	if c.memLimit, err = parseSize(*memLimit); err != nil {
		return nil, fmt.Errorf("-memlimit: %v", err)
	}
	if *style != "" {
		if c.style, err = corpus.ParseStyle(*style); err != nil {
			return nil, err
		}
	}
	if c.parallel < 1 || c.replays < 1 || c.timeout <= 0 {
		return nil, errors.New("-parallel and -replays must be at least 1, -timeout positive")
	}
	for _, a := range fs.Args() {
		if fi, err := os.Stat(a); err == nil && fi.Mode().IsRegular() {
			c.files = append(c.files, a)
		} else {
			c.packages = append(c.packages, a)
		}
	}
	if c.style != 0 && len(c.files) == 0 {
		return nil, errors.New("-style applies to testcase files, and none were given")
	}
	if len(c.packages) == 0 {
		c.packages = inferPackages(c.files)
	}
	return c, nil
}

// inferPackages names the packages of files that sit in a seed corpus
// (<pkg>/testdata/fuzz/FuzzX/<file>), or "." if any does not.
func inferPackages(files []string) []string {
	seen := map[string]bool{}
	var pkgs []string
	for _, f := range files {
		dir := filepath.Dir(f)
		if !strings.HasPrefix(filepath.Base(dir), "Fuzz") || filepath.Base(filepath.Dir(dir)) != "fuzz" ||
			filepath.Base(filepath.Dir(filepath.Dir(dir))) != "testdata" {
			return []string{"."}
		}
		p := filepath.Dir(filepath.Dir(filepath.Dir(dir)))
		if !filepath.IsAbs(p) && p != "." && !strings.HasPrefix(p, "..") {
			p = "./" + p
		}
		if !seen[p] {
			seen[p] = true
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) == 0 {
		return []string{"."}
	}
	return pkgs
}

// parseSize parses "4GiB", "512MiB", "100000", "0".
func parseSize(s string) (int64, error) {
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"B", 1}} {
		if v, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = v, u.mult
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return n * mult, nil
}

// isTerminal reports whether w is a terminal, where a progress line can
// be redrawn.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
