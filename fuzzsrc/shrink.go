package fuzzsrc

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/shortlex/shortlex/corpus"
	"github.com/shortlex/shortlex/internal/record"
	"github.com/shortlex/shortlex/minimize"
)

// Environment variables that control how Check shrinks a failing seed
// input during plain go test. They are read when a property fails, never
// while fuzzing.
const (
	// EnvShrink sets the time budget for shrinking, as a Go duration such
	// as "10s"; "0" turns shrinking off. The default is DefaultShrinkTime.
	EnvShrink = "SHORTLEX_SHRINK"

	// EnvSave, when "1", saves the minimal input as a regression entry in
	// the fuzz target's testdata/fuzz directory. Writing into the source
	// tree is opt-in so that CI runs leave it alone.
	EnvSave = "SHORTLEX_SAVE"
)

// DefaultShrinkTime is how long Check shrinks a failing seed input unless
// EnvShrink says otherwise.
const DefaultShrinkTime = 5 * time.Second

// shrinkBudget returns how long Check may shrink a failing input in this
// process, or 0 if it must not: shrinking happens only under plain go
// test, where a failing seed input is the user's to debug, and not under
// go test -fuzz (whose coordinator and workers run the target to explore
// and minimize inputs themselves) nor in an OSS-Fuzz build (no go test
// flags at all).
func shrinkBudget() (time.Duration, error) {
	if flag.Lookup("test.v") == nil {
		return 0, nil // not a go test binary, or its flags are not set up
	}
	if f := flag.Lookup("test.fuzz"); f == nil || f.Value.String() != "" {
		return 0, nil
	}
	if f := flag.Lookup("test.fuzzworker"); f == nil || f.Value.String() != "false" {
		return 0, nil
	}
	v, ok := os.LookupEnv(EnvShrink)
	if !ok || v == "" {
		return DefaultShrinkTime, nil
	}
	if v == "0" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%s=%q is not a duration such as 10s (0 turns shrinking off)", EnvShrink, v)
	}
	return d, nil
}

// errCandidateHung is the run error that stops shrinking when a candidate
// runs far longer than the original input did.
var errCandidateHung = errors.New("a candidate ran too long")

// errGoexit is the run error for a property that called runtime.Goexit,
// for instance through testing.T.FailNow, which ends the goroutine
// without returning.
var errGoexit = errors.New("the property called runtime.Goexit")

// shrinkResult is an in-process reduction of a failing input.
type shrinkResult struct {
	original *record.Record // the original input's run
	minimal  []byte         // the smallest input that fails the same way
	explain  *record.Record // the minimal input's run, with its draws
	res      minimize.Result
	err      error  // why the reduction stopped early, if it did
	note     string // something the user must know: flaky, slipped
}

// shrinkFailure reduces data, on which prop failed, for at most budget.
// Each candidate runs on its own goroutine with a watchdog, so that one
// that loops forever stops the reduction instead of the test.
func shrinkFailure(data []byte, prop func(*T), budget time.Duration) *shrinkResult {
	start := time.Now()
	original := recordRun(data, prop)
	limit := max(time.Second, 20*time.Since(start))
	sr := &shrinkResult{original: original, minimal: data}
	if original.Failure == nil {
		sr.note = "the failure did not happen again when the input was re-run, so it was not shrunk (is the property deterministic?)"
		sr.explain = explainRun(data, prop)
		return sr
	}
	run := func(ctx context.Context, in []byte) (minimize.Outcome, error) {
		done := make(chan *record.Record, 1)
		go func() {
			var r *record.Record
			defer func() { done <- r }() // also on runtime.Goexit
			r = recordRun(in, prop)
		}()
		timer := time.NewTimer(limit)
		defer timer.Stop()
		select {
		case r := <-done:
			if r == nil {
				return minimize.Outcome{}, errGoexit
			}
			return r.Outcome(), nil
		case <-timer.C:
			return minimize.Outcome{}, fmt.Errorf("%w (over %v)", errCandidateHung, limit)
		}
	}
	first := original.Outcome() // the run above: Minimize need not repeat it
	sr.res, sr.err = minimize.Minimize(context.Background(), data, run, minimize.Options{Workers: 1, Timeout: budget, First: &first})
	sr.res.Stats.Runs++ // the report counts the original's run, as it did when Minimize made it
	if errors.Is(sr.err, minimize.ErrNotFailing) {
		sr.note = "the failure did not happen again when the input was re-run, so it was not shrunk (is the property deterministic?)"
		sr.explain = explainRun(data, prop)
		return sr
	}
	if sr.res.Input != nil {
		sr.minimal = sr.res.Input
	}
	sr.explain = explainRun(sr.minimal, prop)
	if got := sr.explain.Failure.Signature(); got != original.Failure.Signature() {
		sr.note = fmt.Sprintf("the minimal input fails differently (%s) when re-run with logging; reporting the original input", orNone(got))
		sr.minimal = data
		sr.explain = explainRun(data, prop)
	}
	return sr
}

func orNone(sig string) string {
	if sig == "" {
		return "it passed"
	}
	return sig
}

// entryFor returns the corpus entry that replays input through a fuzz
// target whose only argument after t is a []byte, and its file name.
func entryFor(input []byte) (content []byte, name string) {
	content, _ = corpus.Marshal(input) // a []byte always marshals
	return content, corpus.Name(content)
}

// fuzzTargetName returns the fuzz target's name from the test's name,
// "FuzzX/seed#0" or "FuzzX/4a3f...", if tb has one.
func fuzzTargetName(tb TB) string {
	n, ok := tb.(interface{ Name() string })
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(n.Name(), "/")
	return name
}

// saveEntry writes the entry into testdata/fuzz/<target> if EnvSave asks
// for it, and returns the path written or to be written.
func saveEntry(target string, input []byte) (path string, saved bool, err error) {
	_, name := entryFor(input)
	dir := filepath.Join("testdata", "fuzz", target)
	path = filepath.Join(dir, name)
	if os.Getenv(EnvSave) != "1" {
		return path, false, nil
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return path, false, err
	}
	path, err = corpus.WriteFile(dir, input)
	return path, err == nil, err
}
