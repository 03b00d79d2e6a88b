// Command ttfc measures the median time to first crash of go test -fuzz
// on planted-bug fuzz targets, each written once with fuzzsrc and once
// with go-fuzz-headers, and prints a markdown table. See README.md.
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
	targets  []string      // fuzz target names
	runs     int           // runs per target
	fuzztime time.Duration // cap on one run
	parallel int           // fuzz workers
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ttfc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	var targets string
	fs.StringVar(&c.dir, "dir", "tools/ttfc/targets", "directory of the package holding the fuzz targets")
	fs.StringVar(&targets, "targets", "FuzzPacketFuzzsrc,FuzzPacketHeaders,FuzzSessionFuzzsrc,FuzzSessionHeaders", "comma-separated fuzz targets")
	fs.IntVar(&c.runs, "runs", 5, "independent runs per target")
	fs.DurationVar(&c.fuzztime, "fuzztime", 120*time.Second, "cap on each run (go test -fuzztime)")
	fs.IntVar(&c.parallel, "parallel", runtime.NumCPU(), "fuzz workers per run (go test -parallel)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	c.targets = strings.Split(targets, ",")

	var rows []row
	for _, target := range c.targets {
		if err := checkClean(c.dir, target); err != nil {
			return err
		}
		// Build the instrumented test binary's packages once, so that the
		// timed runs do not include compiling them.
		fmt.Fprintf(stderr, "%s: warming the build cache\n", target)
		if _, err := fuzzOnce(c, target, "1x"); err != nil {
			return err
		}
		r := row{target: target}
		for i := range c.runs {
			res, err := fuzzOnce(c, target, c.fuzztime.String())
			if err != nil {
				return err
			}
			r.results = append(r.results, res)
			fmt.Fprintf(stderr, "%s: run %d/%d: %s\n", target, i+1, c.runs, res)
		}
		rows = append(rows, r)
	}
	fmt.Fprintf(stdout, "Each run: `%s`, with a fresh fuzz cache and no crasher left from the run before.\n\n",
		strings.Join(goTestArgs(c, "<target>", c.fuzztime.String(), "<fresh dir>"), " "))
	fmt.Fprint(stdout, table(rows, c.fuzztime))
	return nil
}

// result is one run: whether it crashed and the wall time until it did.
type result struct {
	found bool
	took  time.Duration
}

func (r result) String() string {
	if !r.found {
		return fmt.Sprintf("no crash in %s", r.took.Round(time.Millisecond))
	}
	return fmt.Sprintf("crash after %s", r.took.Round(time.Millisecond))
}

// goTestArgs is the go command line of one run. Minimization is off: the
// clock stops at the first crash, not after shrinking it.
func goTestArgs(c config, target, fuzztime, cacheDir string) []string {
	return []string{
		"go", "test", "-run=^$", "-fuzz=^" + target + "$", "-fuzztime=" + fuzztime,
		fmt.Sprintf("-parallel=%d", c.parallel), "-fuzzminimizetime=0", ".",
		// cmd/go passes its own shared cache directory first; this one,
		// later on the command line, wins, so runs learn nothing from
		// each other.
		"-args", "-test.fuzzcachedir=" + cacheDir,
	}
}

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
	// A hung run must not hang the command: allow a minute past the cap.
	limit := time.Minute
	if d, err := time.ParseDuration(fuzztime); err == nil {
		limit += d
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = c.dir
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	waited := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		pw.Close()
		waited <- err
	}()

	var res result
	var crasher string
	var out strings.Builder
	sc := bufio.NewScanner(pr)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		out.WriteString(line + "\n")
		if strings.HasPrefix(strings.TrimSpace(line), "--- FAIL:") && !res.found {
			res.found, res.took = true, time.Since(start)
		}
		if m := crasherLine.FindStringSubmatch(line); m != nil {
			crasher = m[1]
		}
	}
	err = <-waited
	if !res.found {
		res.took = time.Since(start)
	}
	if crasher != "" {
		if err := removeCrasher(c.dir, crasher); err != nil {
			return res, err
		}
	}
	var exit *exec.ExitError
	switch {
	case err == nil && !res.found:
		return res, nil
	case errors.As(err, &exit) && res.found && crasher != "":
		return res, nil
	case ctx.Err() != nil:
		return res, fmt.Errorf("%s: go test did not stop within %s", target, limit)
	}
	return res, fmt.Errorf("%s: go test failed without a crasher (%v):\n%s", target, err, out.String())
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

// row is one target's runs.
type row struct {
	target  string
	results []result
}

// targetName splits FuzzPacketFuzzsrc into Packet and fuzzsrc.
func targetName(fuzz string) (target, library string) {
	name := strings.TrimPrefix(fuzz, "Fuzz")
	for _, lib := range []struct{ suffix, name string }{{"Fuzzsrc", "fuzzsrc"}, {"Headers", "go-fuzz-headers"}} {
		if t, ok := strings.CutSuffix(name, lib.suffix); ok {
			return t, lib.name
		}
	}
	return name, "?"
}

// table formats rows as markdown. Runs that found nothing count as
// taking forever, so a median over them reads "> cap".
func table(rows []row, limit time.Duration) string {
	var b strings.Builder
	b.WriteString("| target | library | runs | found | median | min | max |\n")
	b.WriteString("| --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
	for _, r := range rows {
		var times []float64
		found := 0
		for _, res := range r.results {
			t := math.Inf(1)
			if res.found {
				t = res.took.Seconds()
				found++
			}
			times = append(times, t)
		}
		slices.Sort(times)
		target, lib := targetName(r.target)
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s | %s | %s |\n", target, lib, len(times), found,
			seconds(median(times), limit), seconds(times[0], limit), seconds(times[len(times)-1], limit))
	}
	return b.String()
}

func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

func seconds(s float64, limit time.Duration) string {
	if math.IsInf(s, 1) {
		return "> " + limit.String()
	}
	return fmt.Sprintf("%.1fs", s)
}
