package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/shortlex/shortlex/corpus"
)

// Exit codes.
const (
	exitMinimized = 0 // at least one failing input was minimized and written, or was already minimal
	exitNoFailure = 1 // nothing failed
	exitError     = 2 // usage, I/O or build error, malformed corpus file
	exitFlaky     = 3 // a failing input did not fail the same way every time
)

const usage = `usage: go tool minimize [flags] [packages] [files]
       (go run ./tools/minimize in its own repository)

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
is written and replays with the same failure. An input that is already
minimal is reported unchanged and not written again. If the corpus
directory cannot be written, the result is printed and saved under
$TMPDIR/minimize-results. Ctrl-C, SIGTERM or a closed stdout write the
best input found so far.

Exit status: 0 minimized (or already minimal), 1 nothing failed, 2 usage,
build or I/O error, 3 a failing input is flaky. (go run turns 2 and 3
into 1.)

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
	ctx, cancel := context.WithCancel(context.Background())
	handleSignals(cancel)
	// A reader that goes away (| head) ends the run as Ctrl-C does: the
	// best input so far is written, the temporary directory removed.
	stdout := &watchedFile{File: os.Stdout, broken: cancel}
	stderr := &watchedFile{File: os.Stderr, broken: cancel}
	code := run(ctx, os.Args[1:], stdout, stderr, nil)
	cancel()
	os.Exit(code)
}

// handleSignals makes Ctrl-C, SIGTERM and SIGHUP cancel the run, which
// then writes the best input so far, stops its workers and removes its
// temporary directory before exiting. A second such signal removes the
// directory and exits at once.
//
// SIGPIPE is received rather than left to kill the process: the tool
// writes to its workers' pipes, and a worker that crashed leaves one
// broken, so the signal says nothing about stdout. A broken stdout shows
// as a write error instead (watchedFile). Receiving the signal, rather
// than ignoring it, keeps its default action in the processes the tool
// starts.
func handleSignals(cancel func()) {
	stop := make(chan os.Signal, 2)
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP} {
		// A signal ignored from the start (nohup, a background job of a
		// script) stays ignored.
		if !signal.Ignored(sig) {
			signal.Notify(stop, sig)
		}
	}
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	go func() {
		for range pipe {
		}
	}()
	go func() {
		<-stop
		cancel()
		<-stop
		removeOwnTempDirs()
		os.Exit(exitError)
	}()
}

// watchedFile is stdout or stderr: a write that fails because the reader
// has gone (EPIPE) calls broken.
type watchedFile struct {
	*os.File
	broken func()
}

func (f *watchedFile) Write(p []byte) (int, error) {
	n, err := f.File.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		f.broken()
	}
	return n, err
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
	fs.IntVar(&c.replays, "replays", 5, "replay a failing input `n` times before minimizing it; if it does not fail the same way every time it is flaky (hangs too, each replay costing a -timeout)")
	fs.DurationVar(&c.maxTime, "maxtime", defaultMaxTime, "stop reducing one input after `d` and write the best so far (0: run to a fixed point)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	memLimitSet := false
	fs.Visit(func(f *flag.Flag) { memLimitSet = memLimitSet || f.Name == "memlimit" })
	var err error
	if c.run, err = parseRunFilter(*runExpr); err != nil {
		return nil, err
	}
	if c.memLimit, err = parseSize(*memLimit); err != nil {
		return nil, fmt.Errorf("-memlimit: %v", err)
	}
	c.memLimit = workerMemLimit(c.memLimit, memLimitSet, *memLimit, inheritedMemLimit(), stderr)
	if *style != "" {
		if c.style, err = corpus.ParseStyle(*style); err != nil {
			return nil, err
		}
	}
	if c.parallel < 1 || c.replays < 1 || c.timeout <= 0 {
		return nil, errors.New("-parallel and -replays must be at least 1, -timeout positive")
	}
	for _, a := range fs.Args() {
		fi, err := os.Stat(a)
		switch {
		case err == nil && fi.Mode().IsRegular():
			c.files = append(c.files, a)
		case err == nil && fi.IsDir(), strings.Contains(a, "..."):
			c.packages = append(c.packages, a)
		case looksLikeFile(a):
			return nil, fmt.Errorf("%s: no such file or directory", a)
		default:
			c.packages = append(c.packages, a) // an import path
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

// workerMemLimit returns the address-space limit workers run under for
// -memlimit limit (given on the command line if set, as text) when this
// process runs under inherited (0: none), and says on w what the user
// should know about it.
func workerMemLimit(limit int64, set bool, text string, inherited int64, w io.Writer) int64 {
	if inherited == 0 {
		return limit
	}
	if inherited < minUsableAS {
		fmt.Fprintf(w, "minimize: warning: the inherited address-space limit (ulimit -v) is %s; a Go process reserves hundreds of MiB of address space, so below about %s the tool's workers fail now and then with out of memory\n",
			formatSize(inherited), formatSize(minUsableAS))
	}
	if limit == 0 || limit >= inherited {
		// Workers inherit the limit and cannot raise it: they run under
		// it instead, and so does a huge allocation. Returned rather
		// than 0, so that the replay command of an out-of-memory failure
		// carries it.
		if set {
			fmt.Fprintf(w, "minimize: -memlimit %s: workers run under the lower address-space limit this process inherited (ulimit -v), %s\n", text, formatSize(inherited))
		}
		return inherited
	}
	return limit
}

// minUsableAS is the smallest address-space limit under which Go test
// binaries ran reliably as workers (Go 1.26, linux/amd64): they failed to
// start or to allocate 4 MiB in 1 of 6 runs under ulimit -v 1000000 and
// never under ulimit -v 2000000.
const minUsableAS = 1536 << 20

// looksLikeFile reports whether an argument that names nothing on disk
// was meant as a file or a directory rather than an import path: it is
// a relative or absolute path, a path through testdata (which go never
// reads as a package) or under an existing directory.
func looksLikeFile(a string) bool {
	if filepath.IsAbs(a) || a == "." || a == ".." || strings.HasPrefix(a, "./") || strings.HasPrefix(a, "../") ||
		strings.HasPrefix(a, "."+string(filepath.Separator)) || strings.HasPrefix(a, ".."+string(filepath.Separator)) {
		return true
	}
	for _, elem := range strings.Split(filepath.ToSlash(a), "/") {
		if elem == "testdata" {
			return true
		}
	}
	if dir := filepath.Dir(a); dir != "." {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			return true
		}
	}
	return false
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

// sizeUnits are the suffixes parseSize takes, largest first.
var sizeUnits = []struct {
	suffix string
	mult   int64
}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}

// parseSize parses "4GiB", "512MiB", "100000", "0": a byte count that
// fits in an int64.
func parseSize(s string) (int64, error) {
	num, mult := s, int64(1)
	for _, u := range sizeUnits {
		if v, ok := strings.CutSuffix(s, u.suffix); ok {
			num, mult = v, u.mult
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange) || err == nil && n > math.MaxInt64/mult:
		return 0, fmt.Errorf("size %q is too large (at most %s)", s, formatSize(math.MaxInt64/mult*mult))
	case err != nil || n < 0:
		return 0, fmt.Errorf("bad size %q: want a number of bytes with an optional KiB, MiB, GiB or TiB suffix", s)
	}
	return n * mult, nil
}

// formatSize formats a byte count with the largest suffix that divides
// it, as parseSize reads it back.
func formatSize(n int64) string {
	for _, u := range sizeUnits {
		if n >= u.mult && n%u.mult == 0 {
			return strconv.FormatInt(n/u.mult, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}

// isTerminal reports whether w is a terminal, where a progress line can
// be redrawn.
func isTerminal(w io.Writer) bool {
	var f *os.File
	switch w := w.(type) {
	case *os.File:
		f = w
	case *watchedFile:
		f = w.File
	default:
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// The tool's temporary directory holds the test binaries, the workers'
// shared memory and caches: tens of megabytes per package. It is named
// minimize-<pid>-<random> and holds a file naming the host, so that a
// later run can tell the directory of a process that died without
// cleaning up (SIGKILL, a crash) and remove it.
const (
	tempDirPrefix = "minimize-"
	tempDirOwner  = "minimize.owner"
)

// ownTempDirs are this process's temporary directories, for a second
// Ctrl-C, which exits without unwinding.
var ownTempDirs struct {
	sync.Mutex
	dirs map[string]bool
}

// makeTempDir creates this run's temporary directory, first removing the
// ones that processes which have since died left behind.
func makeTempDir() (string, error) {
	sweepTempDirs(os.TempDir())
	dir, err := os.MkdirTemp("", tempDirPrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return "", err
	}
	host, _ := os.Hostname()
	if err := os.WriteFile(filepath.Join(dir, tempDirOwner), []byte(host+"\n"), 0o644); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	ownTempDirs.Lock()
	if ownTempDirs.dirs == nil {
		ownTempDirs.dirs = map[string]bool{}
	}
	ownTempDirs.dirs[dir] = true
	ownTempDirs.Unlock()
	return dir, nil
}

// removeTempDir removes a directory made by makeTempDir.
func removeTempDir(dir string) {
	ownTempDirs.Lock()
	delete(ownTempDirs.dirs, dir)
	ownTempDirs.Unlock()
	os.RemoveAll(dir)
}

// removeOwnTempDirs removes every directory this process made.
func removeOwnTempDirs() {
	ownTempDirs.Lock()
	defer ownTempDirs.Unlock()
	for dir := range ownTempDirs.dirs {
		os.RemoveAll(dir)
	}
}

// sweepTempDirs removes the temporary directories in root of this tool's
// processes on this host that no longer run. A directory without the
// owner file, or of a process that is alive (or whose state cannot be
// read), is left alone.
func sweepTempDirs(root string) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	host, _ := os.Hostname()
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), tempDirPrefix)
		if !ok || !e.IsDir() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		dir := filepath.Join(root, e.Name())
		owner, err := os.ReadFile(filepath.Join(dir, tempDirOwner))
		if err != nil || strings.TrimSpace(string(owner)) != host {
			continue
		}
		os.RemoveAll(dir)
	}
}
