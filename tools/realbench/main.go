// Command realbench measures tools/minimize on crashers that go test -fuzz
// found in old releases of public Go libraries, each a known fuzz-found
// bug, checked in under testdata/fuzz/FuzzX (README.md lists them).
//
//	cd tools/realbench && go run . [-run regexp] [-maxtime 2m] [-parallel 1]
//
// For each fixture it copies this module and the fixture to a temporary
// directory (the fixtures are never modified), runs the minimize command
// built from the checkout on the copy, and prints a table: the fixture's
// size, the size of Go's own minimized crasher of the same bug, the
// tool's result, its runs and wall time, whether the result still fails
// with the fixture's recorded signature, whether the greedy probe
// (probe.go) finds anything smaller that fails the same way (if not, the
// result is 1-minimal), and whether go test -run=FuzzX/<result> replays
// the same failure. -markdown prints the table as Markdown.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"text/tabwriter"
	"time"
)

func main() {
	if name := os.Getenv(serveEnv); name != "" {
		serve(name) // a child of a runner (runner.go)
		return
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is what the command line sets.
type config struct {
	run      *regexp.Regexp
	maxTime  time.Duration
	parallel int
	markdown bool
	probeGo  bool
	verbose  bool

	// hangTimeout and hangMaxTime replace the tool's -timeout and
	// -maxtime for fixtures that hang: every hanging candidate costs the
	// tool a whole -timeout. overflowTimeout is its -timeout for fixtures
	// that overflow the stack, which takes a worker seconds: one stopped
	// before is read as a hang or a stack overflow in the making.
	hangTimeout, hangMaxTime, overflowTimeout time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("realbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	runExpr := fs.String("run", "", "only fixtures whose FuzzX/name matches `regexp`")
	c := config{}
	fs.DurationVar(&c.maxTime, "maxtime", 2*time.Minute, "passed to minimize: stop reducing one fixture after `d`")
	fs.IntVar(&c.parallel, "parallel", 1, "passed to minimize: worker processes")
	fs.DurationVar(&c.hangTimeout, "hangtimeout", probeLimit, "passed to minimize as -timeout for fixtures that hang: a run longer than `d` is a hang (the probe's limit)")
	fs.DurationVar(&c.hangMaxTime, "hangmaxtime", 10*time.Minute, "passed to minimize as -maxtime for fixtures that hang or overflow the stack, instead of -maxtime")
	fs.DurationVar(&c.overflowTimeout, "overflowtimeout", 9*time.Second, "passed to minimize as -timeout for fixtures that overflow the stack: a fuzzing worker takes seconds to grow a stack to 1 GB (9s is the tool's largest)")
	fs.BoolVar(&c.markdown, "markdown", false, "print the table as Markdown")
	fs.BoolVar(&c.probeGo, "probego", true, "also run the greedy probe to its end from Go's crasher, for the size a naive reducer reaches")
	fs.BoolVar(&c.verbose, "v", false, "print the minimize command's output")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var err error
	if c.run, err = regexp.Compile(*runExpr); err != nil {
		fmt.Fprintln(stderr, "realbench: -run:", err)
		return 2
	}
	dir, err := moduleDir()
	if err != nil {
		fmt.Fprintln(stderr, "realbench:", err)
		return 2
	}
	fixtures, err := loadFixtures(dir)
	if err != nil {
		fmt.Fprintln(stderr, "realbench:", err)
		return 2
	}
	tmp, err := os.MkdirTemp("", "realbench")
	if err != nil {
		fmt.Fprintln(stderr, "realbench:", err)
		return 2
	}
	defer os.RemoveAll(tmp)
	tool := filepath.Join(tmp, "minimize")
	build := exec.Command("go", "build", "-o", tool, "github.com/shortlex/shortlex/tools/minimize")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(stderr, "realbench: building the minimize command: %v\n%s", err, out)
		return 2
	}
	var rows []row
	for _, f := range fixtures {
		if !c.run.MatchString(f.Target.Name + "/" + f.Name()) {
			continue
		}
		fmt.Fprintf(stderr, "%s/%s: %d bytes, reducing...\n", f.Target.Name, f.Name(), len(f.Input))
		r := measure(c, dir, tool, tmp, f, stderr)
		rows = append(rows, r)
	}
	printTable(stdout, rows, c.markdown)
	return 0
}

// moduleDir finds this module's directory from the working directory: the
// module itself or the repository root.
func moduleDir() (string, error) {
	for _, d := range []string{".", filepath.Join("tools", "realbench")} {
		if _, err := os.Stat(filepath.Join(d, "testdata", "signatures.txt")); err == nil {
			return filepath.Abs(d)
		}
	}
	return "", errors.New("run from tools/realbench or the repository root: no testdata/signatures.txt")
}

// row is one line of the table.
type row struct {
	Fixture   string
	Library   string
	Size      int // the fixture's input
	GoSize    int // Go's minimized crasher of the same bug; -1 if none
	Ours      int // minimize's result; -1 if it gave none
	Runs      int
	Wall      time.Duration
	Status    string // minimize's status, or what went wrong
	SameSig   string // the result fails with the recorded signature
	OneMin    string // the probe finds nothing smaller from our result
	ProbeSize int    // where the probe ends from our result; -1 if not run
	ProbeGo   int    // where the probe ends from Go's crasher; -1 if not run
	Replay    string // go test -run replays the recorded signature
	Known     int    // the smallest input known to fail the same way; -1 if none

	OursInput, ProbeInput []byte // the results themselves
}

// probeRuns bounds the probe's candidates per start.
const probeRuns = 200000

// show quotes a short input for the log.
func show(b []byte) string {
	if len(b) > 64 {
		return fmt.Sprintf("%q...", b[:64])
	}
	return fmt.Sprintf("%q", b)
}

// measure runs minimize on a copy of f and checks its result.
func measure(c config, dir, tool, tmp string, f fixture, log io.Writer) row {
	r := row{Fixture: f.Target.Name + "/" + f.Name(), Library: f.Target.Library, Size: len(f.Input),
		GoSize: f.GoSize, Ours: -1, ProbeSize: -1, ProbeGo: -1, SameSig: "-", OneMin: "-", Replay: "-", Known: -1}
	if f.Target.Smallest != "" {
		r.Known = len(f.Target.Smallest)
	}
	work, err := copyModule(dir, filepath.Join(tmp, strings.ReplaceAll(r.Fixture, "/", "_")), f)
	if err != nil {
		r.Status = "copy: " + err.Error()
		return r
	}
	// The probe and the signature checks run the target in a child
	// process: some candidates allocate without bound or crash it.
	rn := newRunner(f.Target.Name, probeLimit)
	defer rn.stop()
	// go test -fuzz writes Go's own crasher; when the fixture is Go's,
	// the probe from it is the probe from the fixture.
	if c.probeGo && f.GoSize >= 0 && !f.Raw {
		p := probe(f.Input, f.Sig, rn.run, 0, probeRuns)
		r.ProbeGo = len(p.Input)
	}
	maxTime := c.maxTime
	args := []string{"-json", "-parallel", fmt.Sprint(c.parallel)}
	switch {
	case isHang(f.Sig):
		maxTime = c.hangMaxTime
		args = append(args, "-timeout", c.hangTimeout.String())
	case strings.HasPrefix(f.Sig, "stack overflow"):
		maxTime = c.hangMaxTime
		args = append(args, "-timeout", c.overflowTimeout.String())
	}
	args = append(args, "-maxtime", maxTime.String(), "-run", "^"+f.Target.Name+"$", f.Path)
	ctx, cancel := context.WithTimeout(context.Background(), maxTime+3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, args...)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -tags=realbench"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, _ := cmd.StdoutPipe()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		r.Status = "start: " + err.Error()
		return r
	}
	var done *doneEvent
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if c.verbose {
			fmt.Fprintln(log, "  ", sc.Text())
		}
		var e doneEvent
		if json.Unmarshal(sc.Bytes(), &e) == nil {
			switch e.Event {
			case "done":
				done = &e
			case "error":
				r.Status = "error: " + e.Message
			}
		}
	}
	err = cmd.Wait()
	r.Wall = time.Since(start)
	if done == nil {
		if r.Status == "" {
			r.Status = fmt.Sprintf("no result (%v) %s", err, firstLine(stderr.String()))
		}
		return r
	}
	r.Status, r.Runs = done.Status, done.Runs
	if done.Stop != "" {
		r.Status += " (" + done.Stop + ")"
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 {
		// 3: flaky or unverified, 2: a run error (tools/minimize/README.md).
		r.Status += fmt.Sprintf(", exit %d", code)
	}
	result := f.Input
	resultName := f.Name()
	if done.File != "" {
		path := done.File
		if !filepath.IsAbs(path) {
			path = filepath.Join(work, path)
		}
		if result, err = readInput(path); err != nil {
			r.Status += "; reading the result: " + err.Error()
			return r
		}
		resultName = filepath.Base(path)
	}
	r.Ours = len(result)
	sig := rn.run(result)
	r.SameSig = yesNo(sig == f.Sig)
	if sig != f.Sig {
		r.SameSig = "no: " + sig
	}
	// 1-minimality is relative to the failure: a result that fails
	// another way is not checked.
	p := probeResult{Input: result}
	if sig == f.Sig {
		p = probe(result, f.Sig, rn.run, 0, probeRuns)
		switch {
		case p.Moves > 0:
			r.OneMin = "no"
		case p.Capped:
			r.OneMin = "unknown (probe capped)"
		default:
			r.OneMin = "yes"
		}
		r.ProbeSize = len(p.Input)
	}
	// The replay gets its own time: the reduction and the probes may have
	// used up ctx's.
	rctx, rcancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer rcancel()
	r.Replay = replay(rctx, work, f, resultName)
	fmt.Fprintf(log, "  %s: %s, %d -> %d bytes %s, %d runs, %v; 1-minimal: %s (probe reaches %d bytes %s); replay: %s\n",
		r.Fixture, r.Status, r.Size, r.Ours, show(result), r.Runs, r.Wall.Round(time.Millisecond), r.OneMin, r.ProbeSize, show(p.Input), r.Replay)
	r.OursInput, r.ProbeInput = result, p.Input
	return r
}

// doneEvent is the part of minimize's -json events that realbench reads.
type doneEvent struct {
	Event   string `json:"event"`
	Status  string `json:"status"`
	Runs    int    `json:"runs"`
	Stop    string `json:"stop"`
	File    string `json:"file"`
	Message string `json:"message"`
}

// fails returns the in-process runner of t: the signature its body fails
// with on an input, "" if it passes. Only for targets that panic: one that
// hangs or crashes needs a runner (runner.go).
func fails(t target) func([]byte) string {
	return func(b []byte) string { return runInProcess(t.Run, b, probeLimit) }
}

// replayTimeout is go test's -timeout in a replay of a fixture that
// hangs: without one, go test waits 10 minutes before it dumps the
// goroutines that hangSignature reads.
const replayTimeout = 10 * time.Second

// replay runs go test -run=^FuzzX$/^name$ in work and compares the
// signature of its failure with f's.
func replay(ctx context.Context, work string, f fixture, name string) string {
	out, err := replayCommand(ctx, work, f, name).CombinedOutput()
	if err == nil {
		return "no: passes"
	}
	sig := outputSignature(string(out))
	switch {
	case sig == f.Sig:
		return "yes"
	case sig == sigHang && isHang(f.Sig):
		// The dump did not show the target's goroutine (go test's
		// timeout panic stops it only as best it can).
		return "yes (hang not located)"
	case sig == "":
		return "no: " + firstLine(string(out))
	}
	return "no: " + sig
}

// replayCommand is go test -run=^FuzzX$/^name$ in dir, run as
// tools/minimize prints it for f's kind of failure: with -timeout for a
// hang (without one go test waits 10 minutes), and under the runner's
// address-space limit (limitMemory) for out of memory, since an
// allocation that fails under the limit may succeed without it.
func replayCommand(ctx context.Context, dir string, f fixture, name string) *exec.Cmd {
	args := []string{"test", "-tags", "realbench", "-count=1"}
	if isHang(f.Sig) {
		args = append(args, "-timeout", replayTimeout.String())
	}
	args = append(args, "-run", "^"+f.Target.Name+"$/^"+regexp.QuoteMeta(name)+"$", ".")
	cmd := exec.CommandContext(ctx, "go", args...)
	if strings.HasPrefix(f.Sig, "out of memory") && memoryLimit > 0 {
		cmd = exec.CommandContext(ctx, "sh", append([]string{"-c", fmt.Sprintf(`ulimit -v %d && exec go "$@"`, memoryLimit>>10), "sh"}, args...)...)
	}
	cmd.Dir = dir
	return cmd
}

// copyModule copies the module's Go files, go.mod (its replace made
// absolute), go.sum and f's corpus file into a new directory work.
func copyModule(dir, work string, f fixture) (string, error) {
	if err := os.MkdirAll(filepath.Join(work, filepath.Dir(f.Path)), 0o755); err != nil {
		return "", err
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return "", err
	}
	for _, n := range append(names, filepath.Join(dir, "go.sum"), filepath.Join(dir, f.Path)) {
		data, err := os.ReadFile(n)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(dir, n)
		if err := os.WriteFile(filepath.Join(work, rel), data, 0o644); err != nil {
			return "", err
		}
	}
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "", err
	}
	// The copy builds against the same checkout: a relative replace is made
	// absolute.
	lines := strings.Split(string(mod), "\n")
	for i, l := range lines {
		if before, path, ok := strings.Cut(l, "=> "); ok && strings.HasPrefix(l, "replace ") && !filepath.IsAbs(path) {
			lines[i] = before + "=> " + filepath.Join(dir, strings.TrimSpace(path))
		}
	}
	return work, os.WriteFile(filepath.Join(work, "go.mod"), []byte(strings.Join(lines, "\n")), 0o644)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 100 {
		s = s[:100] + "..."
	}
	return s
}

// printTable writes rows as aligned text or Markdown.
func printTable(w io.Writer, rows []row, markdown bool) {
	head := []string{"fixture", "bytes", "Go's", "ours", "runs", "wall", "same sig", "1-minimal", "probe from ours", "probe from Go's", "smallest known", "replay", "status"}
	num := func(n int) string {
		if n < 0 {
			return "-"
		}
		return fmt.Sprint(n)
	}
	cells := func(r row) []string {
		return []string{r.Fixture, num(r.Size), num(r.GoSize), num(r.Ours), num(r.Runs), r.Wall.Round(100 * time.Millisecond).String(),
			r.SameSig, r.OneMin, num(r.ProbeSize), num(r.ProbeGo), num(r.Known), r.Replay, r.Status}
	}
	if markdown {
		fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat(" --- |", len(head)))
		for _, r := range rows {
			c := cells(r)
			for i := range c {
				c[i] = strings.ReplaceAll(c[i], "|", "\\|")
			}
			fmt.Fprintf(w, "| %s |\n", strings.Join(c, " | "))
		}
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(cells(r), "\t"))
	}
	tw.Flush()
}
