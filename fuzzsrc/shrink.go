package fuzzsrc

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
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

// plainGoTest reports whether Check may shrink a failing input in this
// process: only under plain go test, where a failing seed input is the
// user's to debug, and not under go test -fuzz (whose coordinator and
// workers run the target to explore and minimize inputs themselves) nor
// in an OSS-Fuzz build (no go test flags at all). Check asks on every
// input, so the answer is read once, after the flags are parsed (they do
// not change after); a flag lookup costs about as much as Check.
func plainGoTest() bool {
	if !flag.Parsed() {
		return false // not a go test binary, or its flags are not set up
	}
	goTest.once.Do(func() {
		if flag.Lookup("test.v") == nil {
			return
		}
		if f := flag.Lookup("test.fuzz"); f == nil || f.Value.String() != "" {
			return
		}
		f := flag.Lookup("test.fuzzworker")
		goTest.plain = f != nil && f.Value.String() == "false"
	})
	return goTest.plain
}

// goTest caches plainGoTest's answer.
var goTest struct {
	once  sync.Once
	plain bool
}

// shrinkBudget returns how long Check may shrink a failing input in this
// process, or 0 if it must not: not under plain go test (plainGoTest),
// or turned off by EnvShrink.
func shrinkBudget() (time.Duration, error) {
	if !plainGoTest() {
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
	original *record.Record // Check's run of the original input
	minimal  []byte         // the smallest input that fails the same way
	explain  *record.Record // the minimal input's run, with its draws
	res      minimize.Result
	err      error  // why the reduction stopped early, if it did
	note     string // something the user must know: flaky, slipped
}

// firstRun is Check's run of the input, which found the failure: its
// record, which the reducer takes as its first run, and how long it took.
type firstRun struct {
	rec  *record.Record
	took time.Duration
}

// shrinkFailure reduces data, on which prop failed in the run first, for
// at most budget. Each candidate runs on its own goroutine with a
// watchdog, so that one that loops forever stops the reduction instead
// of the test.
func shrinkFailure(data []byte, prop func(*T), budget time.Duration, first *firstRun) *shrinkResult {
	original := first.rec
	limit := max(time.Second, 20*first.took)
	sr := &shrinkResult{original: original, minimal: data}
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
	out := original.Outcome() // Check's run: Minimize need not repeat it
	sr.res, sr.err = minimize.Minimize(context.Background(), data, run, minimize.Options{Workers: 1, Timeout: budget, First: &out})
	sr.res.Stats.Runs++ // the report counts Check's run, as the reducer's first
	if sr.res.Input != nil {
		sr.minimal = sr.res.Input
	}
	sr.explain = explainRun(sr.minimal, prop)
	want := original.Failure.Signature()
	if got := sr.explain.Failure.Signature(); got != want {
		// Report the original input, as it fails now.
		if !bytes.Equal(sr.minimal, data) {
			sr.minimal = data
			sr.explain = explainRun(data, prop)
		}
		switch again := sr.explain.Failure.Signature(); {
		case again == want:
			sr.note = fmt.Sprintf("the minimal input fails differently (%s) when re-run with logging; reporting the original input", orNone(got))
		case again == "":
			sr.note = "the failure did not happen again when the input was re-run, so it was not shrunk (is the property deterministic?)"
		default:
			sr.note = fmt.Sprintf("the input fails differently (%s) when re-run, so it was not shrunk (is the property deterministic?)", again)
		}
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
