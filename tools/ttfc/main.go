// Command ttfc measures the median time to first crash on planted-bug
// fuzz targets, each written with fuzzsrc, with go-fuzz-headers and with
// hand-decoded bytes, under go test -fuzz and under libFuzzer (a
// go-118-fuzz-build build, as OSS-Fuzz makes it), and prints markdown
// tables. See README.md.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "ttfc:", err)
		os.Exit(1)
	}
}

// config is what the command line sets.
type config struct {
	dir      string        // the targets package's directory
	pkg      string        // the same, as a package path for go-118-fuzz-build
	targets  []string      // fuzz target names
	runs     int           // runs per target and engine
	fuzztime time.Duration // cap on one run
	execs    int64         // cap on one run's executions; 0: none
	parallel int           // go test -fuzz workers
	minimize bool          // go test -fuzz minimizes new inputs and crashers, as by default
	engines  []string      // gotest, libfuzzer
	seeds    int           // inputs a Fuzz<Bug>Seeded target generates
	script   string        // .ci/libfuzzer.sh
	work     string        // scratch directory: libFuzzer tools and binaries
}

// libraries are the three ways every bug's input is decoded, by the
// suffix of their fuzz targets' names, and fuzzsrc again with the seed
// inputs its property generates (fuzzsrc.AddSeeds).
var libraries = []struct{ suffix, name string }{
	{"Fuzzsrc", "fuzzsrc"},
	{"Seeded", "fuzzsrc, seeded"},
	{"Headers", "go-fuzz-headers"},
	{"Raw", "raw bytes"},
}

// seededLibrary is the name of the library whose targets start from
// generated seed inputs.
const seededLibrary = "fuzzsrc, seeded"

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ttfc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	var targets, bugs, engine string
	fs.StringVar(&c.dir, "dir", "tools/ttfc/targets", "directory of the package holding the fuzz targets")
	fs.StringVar(&targets, "targets", "", "comma-separated fuzz targets (default: every Fuzz<Bug><Library> of -bugs)")
	fs.StringVar(&bugs, "bugs", "", "comma-separated bugs, e.g. Packet,Session (default: every bug in -dir)")
	fs.IntVar(&c.runs, "runs", 10, "independent runs per target and engine")
	fs.DurationVar(&c.fuzztime, "fuzztime", 120*time.Second, "cap on each run; a run that finds nothing counts as the cap")
	fs.Int64Var(&c.execs, "execs", 0, "cap on each run's executions (libFuzzer -runs, go test -fuzztime=Nx), the measure a loaded machine does not skew; -fuzztime then only guards against a hung run")
	fs.IntVar(&c.parallel, "parallel", runtime.NumCPU(), "go test -fuzz workers per run (libFuzzer runs one process)")
	fs.BoolVar(&c.minimize, "gominimize", true, "let go test -fuzz minimize new interesting inputs (and crashers), as it does by default; false passes -fuzzminimizetime=0, which turns off both")
	fs.StringVar(&engine, "engine", "gotest", "gotest, libfuzzer or both")
	fs.StringVar(&c.script, "libfuzzer-script", ".ci/libfuzzer.sh", "script that installs the libFuzzer tools and builds a target")
	fs.IntVar(&c.seeds, "seeds", 100, "inputs each Fuzz<Bug>Seeded target generates (fuzzsrc.AddSeeds) besides the one-byte seed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	switch engine {
	case "gotest", "libfuzzer":
		c.engines = []string{engine}
	case "both":
		c.engines = []string{"gotest", "libfuzzer"}
	default:
		return fmt.Errorf("-engine %q: want gotest, libfuzzer or both", engine)
	}
	if c.execs < 0 {
		return fmt.Errorf("-execs %d: want 0 (no cap) or more", c.execs)
	}
	if c.seeds < 0 {
		return fmt.Errorf("-seeds %d: want 0 or more", c.seeds)
	}
	if c.runs < 1 {
		return fmt.Errorf("-runs %d: want at least 1", c.runs)
	}
	c.pkg = "./" + filepath.ToSlash(filepath.Clean(c.dir))
	var err error
	if c.targets, err = selectTargets(c.dir, targets, bugs); err != nil {
		return err
	}
	c.work, err = os.MkdirTemp("", "ttfc-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(c.work)

	var rows []row
	for _, eng := range c.engines {
		if eng == "libfuzzer" {
			fmt.Fprintf(stderr, "libfuzzer: installing clang and go-118-fuzz-build (%s install)\n", c.script)
			if err := script(c, stderr, "install", filepath.Join(c.work, "bin")); err != nil {
				return err
			}
		}
		for _, group := range byBug(c.targets) {
			// Prepare every library's target of a bug, then interleave
			// their runs, so that a change in the machine's load during
			// the benchmark falls on all of them alike.
			for _, target := range group {
				if err := prepare(c, eng, target, stderr); err != nil {
					return err
				}
			}
			first := len(rows)
			for _, target := range group {
				rows = append(rows, row{target: target, engine: eng})
			}
			for i := range c.runs {
				for j, target := range group {
					res, err := runOnce(c, eng, target, i)
					if err != nil {
						return err
					}
					rows[first+j].results = append(rows[first+j].results, res)
					fmt.Fprintf(stderr, "%s %s: run %d/%d: %s\n", eng, target, i+1, c.runs, res)
				}
			}
		}
	}
	if c.execs > 0 {
		fmt.Fprintf(stdout, "%d runs per target and engine, each capped at %d executions (and %s); a run that found nothing counts as the cap.\n\n",
			c.runs, c.execs, c.fuzztime)
	} else {
		fmt.Fprintf(stdout, "%d runs per target and engine, each capped at %s; a run that found nothing counts as %s.\n\n",
			c.runs, c.fuzztime, c.fuzztime)
	}
	for _, eng := range c.engines {
		fmt.Fprintf(stdout, "Engine %s: each run is `%s`.\n", eng, strings.Join(engineCommand(c, eng), " "))
	}
	fmt.Fprintln(stdout)
	if c.execs > 0 {
		// A run stopped by the execution cap took less than -fuzztime:
		// its time is a lower bound, and no row's median is "at the cap".
		fmt.Fprintln(stdout, "Times: a run that found nothing counts as the time it ran, a lower bound.")
		fmt.Fprintln(stdout)
		for i := range rows {
			for j, res := range rows[i].results {
				if !res.found {
					rows[i].results[j].found, rows[i].results[j].missed = true, true
				}
			}
		}
	}
	fmt.Fprint(stdout, table(rows, c.fuzztime))
	fmt.Fprintln(stdout)
	fmt.Fprint(stdout, ratios(rows, c.fuzztime))
	if c.execs > 0 {
		fmt.Fprintln(stdout)
		fmt.Fprint(stdout, execsTable(rows, c.execs))
		if slices.Contains(c.engines, "libfuzzer") {
			fmt.Fprintln(stdout)
			fmt.Fprint(stdout, execsRatios(rows, c.execs))
		}
	}
	return nil
}

// selectTargets returns the fuzz targets to time: those named, or every
// library's target of the bugs named, or of every bug in dir.
func selectTargets(dir, targets, bugs string) ([]string, error) {
	if targets != "" {
		return strings.Split(targets, ","), nil
	}
	cmd := exec.Command("go", "test", "-list", "^Fuzz", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go test -list in %s: %v", dir, err)
	}
	all := map[string]bool{}
	var order []string
	for _, line := range strings.Fields(string(out)) {
		if bug, lib := targetName(line); lib != "?" && strings.HasPrefix(line, "Fuzz") {
			all[line] = true
			if !slices.Contains(order, bug) {
				order = append(order, bug)
			}
		}
	}
	if bugs != "" {
		order = strings.Split(bugs, ",")
	}
	var list []string
	for _, bug := range order {
		n := 0
		for _, lib := range libraries {
			if name := "Fuzz" + bug + lib.suffix; all[name] {
				list = append(list, name)
				n++
			}
		}
		if n == 0 {
			return nil, fmt.Errorf("bug %q: no fuzz targets Fuzz%s{Fuzzsrc,Seeded,Headers,Raw} in %s", bug, bug, dir)
		}
	}
	return list, nil
}

// byBug groups targets by bug, keeping their order.
func byBug(targets []string) [][]string {
	var groups [][]string
	index := map[string]int{}
	for _, t := range targets {
		bug, _ := targetName(t)
		i, ok := index[bug]
		if !ok {
			i = len(groups)
			index[bug] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], t)
	}
	return groups
}

// prepare readies a target for its timed runs: for go test, it compiles
// the instrumented test binary's packages (a one-execution run); for
// libFuzzer, it builds the binary.
func prepare(c config, engine, target string, stderr io.Writer) error {
	switch engine {
	case "libfuzzer":
		fmt.Fprintf(stderr, "%s: building the libFuzzer binary\n", target)
		if err := script(c, stderr, "build", c.pkg, target, filepath.Join(c.work, target)); err != nil {
			return err
		}
		if isSeeded(target) {
			fmt.Fprintf(stderr, "%s: writing its generated seeds for libFuzzer\n", target)
			return writeSeeds(c, target)
		}
		return nil
	}
	if err := checkClean(c.dir, target); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: warming the build cache\n", target)
	_, err := fuzzOnce(c, target, "1x")
	return err
}

// script runs the libFuzzer script with args, from the module root,
// with the installed tools first on PATH.
func script(c config, stderr io.Writer, args ...string) error {
	cmd := exec.Command("bash", append([]string{c.script}, args...)...)
	cmd.Env = append(os.Environ(), "PATH="+filepath.Join(c.work, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", c.script, strings.Join(args, " "), err, out)
	}
	return nil
}

// runOnce is run i of target under engine.
func runOnce(c config, engine, target string, i int) (result, error) {
	if engine == "libfuzzer" {
		return libfuzzerOnce(c, target, i)
	}
	return fuzzOnce(c, target, goFuzztime(c))
}

// goFuzztime is go test's -fuzztime: the execution cap if there is one.
func goFuzztime(c config) string {
	if c.execs > 0 {
		return fmt.Sprintf("%dx", c.execs)
	}
	return c.fuzztime.String()
}

// engineCommand is an engine's command line for one run, for the report.
func engineCommand(c config, engine string) []string {
	if engine == "libfuzzer" {
		args := libfuzzerArgs(c, "<target binary>", 0, "<fresh corpus holding the seed>", "<dir>")
		args[1] = "-seed=<run number>"
		return args
	}
	return goTestArgs(c, "<target>", goFuzztime(c), "<fresh dir>")
}

// result is one run: whether it crashed, the wall time until it did,
// and how many inputs it ran until then: libFuzzer's count, or under go
// test the count of the last progress line before the crash, a lower
// bound (go test prints one every 3 s and none at the crash).
type result struct {
	found  bool
	missed bool // with an execution cap: found nothing, yet timed as found
	took   time.Duration
	execs  int64 // 0: not known
}

func (r result) String() string {
	s := fmt.Sprintf("crash after %s", r.took.Round(time.Millisecond))
	if !r.found {
		s = fmt.Sprintf("no crash in %s", r.took.Round(time.Millisecond))
	}
	if r.execs > 0 {
		s += fmt.Sprintf(", %d execs", r.execs)
	}
	return s
}

// goTestArgs is the go command line of one run. go test minimizes every
// new interesting input before adding it to the corpus, and every crasher,
// for up to -fuzzminimizetime (60s by default); one flag governs both.
// With c.minimize the run keeps go test's default, as a user's run does,
// and the clock stops when the crash is found, before it is minimized;
// without, -fuzzminimizetime=0 turns both off.
func goTestArgs(c config, target, fuzztime, cacheDir string) []string {
	args := []string{
		"go", "test", "-run=^$", "-fuzz=^" + target + "$", "-fuzztime=" + fuzztime,
		fmt.Sprintf("-parallel=%d", c.parallel),
	}
	if !c.minimize {
		args = append(args, "-fuzzminimizetime=0")
	}
	return append(args, ".",
		// cmd/go passes its own shared cache directory first; this one,
		// later on the command line, wins, so runs learn nothing from
		// each other.
		"-args", "-test.fuzzcachedir="+cacheDir)
}

// crashFound is the line go test prints when it has found a crasher and
// starts minimizing it; without minimization the first sign is the
// "--- FAIL" line.
var crashFound = regexp.MustCompile(`^fuzz: minimizing \d+-byte failing input file`)

// goTestExecs is go test's running count of executions, in the progress
// line it prints every 3 s and once at the end.
var goTestExecs = regexp.MustCompile(`^fuzz: elapsed: \S+, execs: (\d+) `)

// seedFailure is how go test -fuzz reports a seed input that fails
// before fuzzing starts; it writes no crasher then.
var seedFailure = regexp.MustCompile(`failure while testing seed corpus entry`)

// crasherLine is how go test names the crasher it writes.
var crasherLine = regexp.MustCompile(`Failing input written to (\S+)`)

// fuzzOnce runs go test -fuzz on target once, with a fresh fuzz cache,
// and deletes the crasher it writes, so that the next run starts clean.
func fuzzOnce(c config, target, fuzztime string) (result, error) {
	cacheDir, err := os.MkdirTemp("", "ttfc-cache-")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(cacheDir)

	args := goTestArgs(c, target, fuzztime, cacheDir)
	// A hung run must not hang the command: allow a minute past the cap
	// (or past -fuzztime, if the cap counts executions).
	limit := time.Minute + c.fuzztime
	if d, err := time.ParseDuration(fuzztime); err == nil {
		limit = time.Minute + d
	}
	var res result
	var crasher string
	var seedFailed bool
	var out strings.Builder
	run, err := runLines(c.dir, args, seedEnv(c, target), limit, func(line string, at time.Duration) {
		out.WriteString(line + "\n")
		if seedFailure.MatchString(line) {
			seedFailed = true
		}
		if (strings.HasPrefix(strings.TrimSpace(line), "--- FAIL:") || crashFound.MatchString(line)) && !res.found {
			res.found, res.took = true, at
		}
		if m := crasherLine.FindStringSubmatch(line); m != nil {
			crasher = m[1]
		}
		if m := goTestExecs.FindStringSubmatch(line); m != nil && !res.found {
			fmt.Sscan(m[1], &res.execs)
		}
	})
	if err != nil {
		return result{}, err
	}
	if !res.found {
		res.took = run.took
	}
	if crasher != "" {
		if err := removeCrasher(c.dir, crasher); err != nil {
			return res, err
		}
	}
	var exit *exec.ExitError
	switch {
	case run.err == nil && !res.found:
		return res, nil
	case errors.As(run.err, &exit) && res.found && (crasher != "" || seedFailed):
		return res, nil
	case run.timedOut:
		return res, fmt.Errorf("%s: go test did not stop within %s", target, limit)
	}
	return res, fmt.Errorf("%s: go test failed without a crasher (%v):\n%s", target, run.err, out.String())
}

// lineRun is how a command that runLines ran ended.
type lineRun struct {
	took     time.Duration // from its start to its exit
	err      error         // what waiting for it returned
	timedOut bool          // it was killed at the limit
}

// runLines runs args in dir, killing it after limit, and hands each line
// of its combined output to line, with the time since the start: both
// engines report a crash by a line, so its time is the time to first
// crash.
func runLines(dir string, args, env []string, limit time.Duration, line func(text string, at time.Duration)) (lineRun, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return lineRun{}, err
	}
	waited := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		pw.Close()
		waited <- err
	}()
	sc := bufio.NewScanner(pr)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line(sc.Text(), time.Since(start))
	}
	err := <-waited
	return lineRun{took: time.Since(start), err: err, timedOut: ctx.Err() != nil}, nil
}

// removeCrasher deletes the crasher go test wrote under dir, and the
// testdata/fuzz directories it created if they are left empty.
func removeCrasher(dir, crasher string) error {
	path := filepath.Join(dir, crasher)
	if err := os.Remove(path); err != nil {
		return err
	}
	for d := filepath.Dir(path); d != dir && d != "."; d = filepath.Dir(d) {
		if os.Remove(d) != nil { // not empty: leave it and its parents
			break
		}
	}
	return nil
}

// checkClean refuses to run if the target already has corpus files in
// testdata: a crasher there would fail every run at once.
func checkClean(dir, target string) error {
	files, _ := filepath.Glob(filepath.Join(dir, "testdata", "fuzz", target, "*"))
	if len(files) > 0 {
		return fmt.Errorf("%s: %s holds corpus files; remove them so that runs start clean", target, filepath.Dir(files[0]))
	}
	return nil
}

// libfuzzerArgs is the command line of libFuzzer run i: capped at the
// fuzz time, seeded with i+1 so that runs differ and can be repeated,
// writing the crash to artifacts and new inputs to corpus.
func libfuzzerArgs(c config, binary string, i int, corpus, artifacts string) []string {
	args := []string{binary, fmt.Sprintf("-seed=%d", i+1)}
	if c.execs > 0 {
		args = append(args, fmt.Sprintf("-runs=%d", c.execs))
	}
	return append(args, fmt.Sprintf("-max_total_time=%d", int(c.fuzztime.Seconds())),
		"-print_final_stats=1", "-artifact_prefix="+artifacts+"/", corpus)
}

// libfuzzerCrash is the first line libFuzzer or the Go runtime prints
// for a crash: the go-118-fuzz-build shim prints the panic, then
// libFuzzer its report.
var libfuzzerCrash = regexp.MustCompile(`^panic: |==\d+== ERROR: libFuzzer|SUMMARY: libFuzzer`)

// libfuzzerExecs is libFuzzer's final count of inputs run.
var libfuzzerExecs = regexp.MustCompile(`^stat::number_of_executed_units:\s*(\d+)`)

// libfuzzerOnce runs target's libFuzzer binary once, from a fresh corpus
// holding the same one-byte seed the go test targets add.
func libfuzzerOnce(c config, target string, i int) (result, error) {
	dir, err := os.MkdirTemp(c.work, "run-")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dir)
	corpus, artifacts := filepath.Join(dir, "corpus"), filepath.Join(dir, "artifacts")
	for _, d := range []string{corpus, artifacts} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return result{}, err
		}
	}
	if err := os.WriteFile(filepath.Join(corpus, "seed"), []byte{0}, 0o644); err != nil {
		return result{}, err
	}
	if err := copySeeds(c, target, corpus); err != nil {
		return result{}, err
	}
	args := libfuzzerArgs(c, filepath.Join(c.work, target), i, corpus, artifacts)
	limit := time.Minute + c.fuzztime
	var res result
	var crashAt time.Duration
	var out strings.Builder
	run, err := runLines(dir, args, nil, limit, func(line string, at time.Duration) {
		if out.Len() < 1<<16 {
			out.WriteString(line + "\n")
		}
		if crashAt == 0 && libfuzzerCrash.MatchString(line) {
			crashAt = at
		}
		if m := libfuzzerExecs.FindStringSubmatch(line); m != nil {
			fmt.Sscan(m[1], &res.execs)
		}
	})
	if err != nil {
		return result{}, err
	}
	res.took = run.took
	crashes, _ := filepath.Glob(filepath.Join(artifacts, "crash-*"))
	switch {
	case run.timedOut:
		return res, fmt.Errorf("%s: libFuzzer did not stop within %s", target, limit)
	case len(crashes) > 0:
		res.found = true
		if crashAt > 0 {
			res.took = crashAt
		}
		return res, nil
	case run.err == nil:
		return res, nil
	}
	return res, fmt.Errorf("%s: libFuzzer failed without a crash file (%v):\n%s", target, run.err, out.String())
}

// row is one target's runs under one engine.
type row struct {
	target  string
	engine  string
	results []result
}

// targetName splits FuzzPacketFuzzsrc into Packet and fuzzsrc.
func targetName(fuzz string) (bug, library string) {
	name := strings.TrimPrefix(fuzz, "Fuzz")
	for _, lib := range libraries {
		if t, ok := strings.CutSuffix(name, lib.suffix); ok {
			return t, lib.name
		}
	}
	return name, "?"
}

// times returns a row's times to first crash in seconds, sorted, a run
// that found nothing counting as the cap.
func (r row) times(limit time.Duration) []float64 {
	var ts []float64
	for _, res := range r.results {
		t := limit.Seconds()
		if res.found {
			t = min(res.took.Seconds(), t)
		}
		ts = append(ts, t)
	}
	slices.Sort(ts)
	return ts
}

// table formats rows as markdown: per target and engine, the runs, how
// many found the bug, the quartiles of the time to first crash and its
// extremes, and (libFuzzer) the median number of inputs run.
func table(rows []row, limit time.Duration) string {
	var b strings.Builder
	b.WriteString("| bug | engine | library | runs | found | median | q1 | q3 | min | max | median execs |\n")
	b.WriteString("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, r := range rows {
		found := 0
		var execs []float64
		for _, res := range r.results {
			if res.found && !res.missed {
				found++
			}
			if res.execs > 0 {
				execs = append(execs, float64(res.execs))
			}
		}
		ts := r.times(limit)
		bug, lib := targetName(r.target)
		ex := "-"
		if len(execs) == len(r.results) {
			slices.Sort(execs)
			ex = fmt.Sprintf("%.0f", quantile(execs, 0.5))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %s | %s | %s | %s | %s | %s |\n", bug, r.engine, lib, len(ts), found,
			seconds(quantile(ts, 0.5), limit), seconds(quantile(ts, 0.25), limit), seconds(quantile(ts, 0.75), limit),
			seconds(ts[0], limit), seconds(ts[len(ts)-1], limit), ex)
	}
	return b.String()
}

// ratios formats, per bug and engine, fuzzsrc's median time to first
// crash over go-fuzz-headers' and over the raw target's, and their
// geometric means over the bugs with the smallest and largest ratio. A
// median at the cap makes its ratio a bound, marked with < or >.
func ratios(rows []row, limit time.Duration) string {
	return ratioTable(rows, "", func(r row) (float64, bool) {
		m := quantile(r.times(limit), 0.5)
		return m, m >= limit.Seconds()
	})
}

// execsRatios is ratios of the median executions to first crash under
// libFuzzer, which count the inputs run and so do not depend on the
// machine's load. (go test's counts are lower bounds at 3 s steps, too
// coarse for a ratio.)
func execsRatios(rows []row, cap int64) string {
	var lf []row
	for _, r := range rows {
		if r.engine == "libfuzzer" {
			lf = append(lf, r)
		}
	}
	return ratioTable(lf, " (execs)", func(r row) (float64, bool) {
		m := quantile(r.execs(cap), 0.5)
		return m, m >= float64(cap)
	})
}

// ratioTable formats, per bug and engine, the ratios of each fuzzsrc
// library's median (plain and seeded) to the other libraries' and their
// geometric means, medians coming from median (which also says whether
// one is at the cap); what the medians count is noted in the header.
func ratioTable(rows []row, what string, median func(row) (float64, bool)) string {
	type key struct{ bug, engine, lib string }
	med := map[key]float64{}
	capped := map[key]bool{}
	var order []key
	for _, r := range rows {
		bug, lib := targetName(r.target)
		k := key{bug, r.engine, lib}
		med[k], capped[k] = median(r)
		if strings.HasPrefix(lib, "fuzzsrc") {
			order = append(order, k)
		}
	}
	var b strings.Builder
	b.WriteString("| bug | engine | library | / go-fuzz-headers" + what + " | / raw bytes" + what + " |\n")
	b.WriteString("| --- | --- | --- | ---: | ---: |\n")
	logs := map[string][]float64{}
	for _, k := range order {
		cell := func(other string) string {
			o := key{k.bug, k.engine, other}
			m, ok := med[o]
			if !ok || m == 0 || med[k] == 0 || math.IsNaN(m) || math.IsNaN(med[k]) {
				return "-"
			}
			ratio := med[k] / m
			logs[k.engine+"/"+k.lib+"/"+other] = append(logs[k.engine+"/"+k.lib+"/"+other], math.Log(ratio))
			mark := ""
			switch {
			case capped[k] && capped[o]:
				mark = "~" // both at the cap: the ratio says nothing
			case capped[k]:
				mark = ">"
			case capped[o]:
				mark = "<"
			}
			return mark + ratioString(ratio)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", k.bug, k.engine, k.lib, cell("go-fuzz-headers"), cell("raw bytes"))
	}
	type group struct{ engine, lib string }
	var groups []group
	for _, k := range order {
		if g := (group{k.engine, k.lib}); !slices.Contains(groups, g) {
			groups = append(groups, g)
		}
	}
	for _, g := range groups {
		cell := func(other string) string {
			ls := logs[g.engine+"/"+g.lib+"/"+other]
			if len(ls) == 0 {
				return "-"
			}
			sum := 0.0
			for _, l := range ls {
				sum += l
			}
			return fmt.Sprintf("%s (%s to %s)", ratioString(math.Exp(sum/float64(len(ls)))), ratioString(math.Exp(slices.Min(ls))), ratioString(math.Exp(slices.Max(ls))))
		}
		fmt.Fprintf(&b, "| geometric mean (min to max) | %s | %s | %s | %s |\n", g.engine, g.lib, cell("go-fuzz-headers"), cell("raw bytes"))
	}
	return b.String()
}

// ratioString formats a ratio with two decimals, or two significant
// digits below 0.1, where a seed that finds a bug makes ratios of a few
// thousandths.
func ratioString(r float64) string {
	if r < 0.1 {
		return strconv.FormatFloat(r, 'g', 2, 64)
	}
	return fmt.Sprintf("%.2f", r)
}

// execs returns a row's executions to first crash, sorted, a run that
// found nothing counting as the cap.
func (r row) execs(cap int64) []float64 {
	var es []float64
	for _, res := range r.results {
		e := float64(cap)
		if res.found && !res.missed {
			e = float64(min(res.execs, cap))
		}
		es = append(es, e)
	}
	slices.Sort(es)
	return es
}

// execsTable formats rows as markdown by executions to first crash: per
// target and engine, the quartiles and extremes. go test's counts are
// lower bounds (its last progress line before the crash).
func execsTable(rows []row, cap int64) string {
	var b strings.Builder
	b.WriteString("| bug | engine | library | runs | found | median execs | q1 | q3 | min | max |\n")
	b.WriteString("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	count := func(v float64) string {
		if v >= float64(cap) {
			return fmt.Sprintf("≥ %d", cap)
		}
		return fmt.Sprintf("%.0f", v)
	}
	for _, r := range rows {
		found := 0
		for _, res := range r.results {
			if res.found && !res.missed {
				found++
			}
		}
		es := r.execs(cap)
		bug, lib := targetName(r.target)
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %s | %s | %s | %s | %s |\n", bug, r.engine, lib, len(es), found,
			count(quantile(es, 0.5)), count(quantile(es, 0.25)), count(quantile(es, 0.75)), count(es[0]), count(es[len(es)-1]))
	}
	return b.String()
}

// quantile interpolates the q-quantile of sorted values linearly.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	x := q * float64(len(sorted)-1)
	i := int(x)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (x-float64(i))*(sorted[i+1]-sorted[i])
}

// seconds formats a time, marking the cap.
func seconds(s float64, limit time.Duration) string {
	if s >= limit.Seconds() {
		return "≥ " + limit.String()
	}
	return fmt.Sprintf("%.1fs", s)
}
