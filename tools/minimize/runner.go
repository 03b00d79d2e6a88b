package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/shortlex/shortlex/corpus"
	"github.com/shortlex/shortlex/internal/argseq"
	"github.com/shortlex/shortlex/internal/wire"
	"github.com/shortlex/shortlex/minimize"
)

// This file runs one target's inputs: replay each on a pool of workers,
// reduce the failing ones, write and report the results.

// runTarget replays and minimizes a target's inputs on one pool of
// workers.
func (m *minimizer) runTarget(ctx context.Context, t *target) {
	if len(t.jobs) == 0 {
		return
	}
	capacity := 0
	for _, j := range t.jobs {
		if data, err := corpus.Marshal(j.values...); err == nil {
			capacity = max(capacity, 4*len(data)+1<<16)
		}
	}
	cfg := workerConfig{
		bin: t.pkg.Bin, dir: t.pkg.Dir, target: t.name,
		timeout: m.cfg.timeout, memLimit: m.cfg.memLimit, tmp: m.tmp,
	}
	p, err := newPool(cfg, m.cfg.parallel, capacity)
	if err != nil {
		m.errs++
		m.rep.errorEvent(event{Package: t.pkg.Arg, Target: t.name, Message: err.Error()})
		return
	}
	defer p.close()
	r := &runner{m: m, t: t, pool: p}
	for _, j := range t.jobs {
		if m.interrupted || ctx.Err() != nil {
			m.interrupted = true
			return
		}
		m.entries++
		if err := r.job(ctx, j); err != nil {
			if ctx.Err() != nil {
				m.interrupted = true
				return
			}
			m.errs++
			m.rep.errorEvent(event{Package: t.pkg.Arg, Target: t.name, Entry: displayPath(j.path), Message: err.Error()})
		}
	}
}

// runner runs one target's inputs.
type runner struct {
	m    *minimizer
	t    *target
	pool *pool

	fuzzsrc bool // inputs are the []byte of a fuzzsrc property, else argseq sequences
}

// attempt is one run's result as the tool sees it.
type attempt struct {
	res     runResult
	failed  bool
	failure failure
}

// execute runs the target once on values.
func (r *runner) execute(ctx context.Context, values []any) (attempt, error) {
	data, err := corpus.Marshal(values...)
	if err != nil {
		return attempt{}, err
	}
	res, err := r.pool.run(ctx, data)
	if err != nil {
		return attempt{}, err
	}
	a := attempt{res: res}
	switch {
	case res.Crash != nil:
		a.failed, a.failure = true, r.m.an.fromCrash(res.Crash)
	case res.Record != nil && res.Record.Failed:
		a.failed, a.failure = true, recordFailure(res.Record)
	case res.Err != "":
		a.failed = true
		f, ok := r.m.an.fromTestOutput(res.Err, r.t.pkg.Dir)
		if !ok {
			f = failure{Kind: "failed", Signature: "failed (no message)", Message: firstLine(res.Err)}
		}
		a.failure = f
	}
	return a, nil
}

// input maps values to what the reducer shrinks, and back.
func (r *runner) input(values []any) ([]byte, error) {
	if r.fuzzsrc {
		return values[0].([]byte), nil
	}
	return argseq.Encode(values)
}

func (r *runner) values(input []byte) []any {
	if r.fuzzsrc {
		return []any{bytes.Clone(input)}
	}
	v, _, _ := argseq.Decode(input, r.t.types)
	return v
}

// job replays one input and, if it fails the same way every time,
// minimizes it.
func (r *runner) job(ctx context.Context, j *job) error {
	m, t := r.m, r.t
	base := event{Package: t.pkg.Arg, Target: t.name, Entry: displayPath(j.path)}
	first, err := r.execute(ctx, j.values)
	if err != nil {
		return err
	}
	if !first.failed {
		e := base
		e.Status = "passes"
		if len(m.cfg.files) > 0 || m.rep.json {
			m.rep.doneEvent(e)
		}
		return nil
	}
	m.failing++
	r.fuzzsrc = len(t.types) == 1 && t.types[0] == bytesType &&
		(first.res.Record != nil || t.sig != nil && t.sig.CallsFuzzsrc)

	// Replay: a flaky input would make the reducer chase noise. A hang
	// is replayed as often as anything else, though each replay costs a
	// whole timeout: a target that hangs only sometimes is flaky too.
	n := m.cfg.replays
	replays := []string{first.failure.Signature}
	flaky := false
	for range n - 1 {
		a, err := r.execute(ctx, j.values)
		if err != nil {
			return err
		}
		s := "passes"
		if a.failed {
			s = a.failure.Signature
		}
		replays = append(replays, s)
		switch {
		case s == first.failure.Signature || s == unlocatedHang && first.failure.Kind == "hang":
		case first.failure.Signature == unlocatedHang && a.failed && a.failure.Kind == "hang":
			first = a // the same hang, now located: reduce that
		default:
			flaky = true
		}
	}
	if flaky {
		m.flaky++
		e := base
		e.Status, e.Replays = "flaky", replays
		e.Message = fmt.Sprintf("it did not fail the same way in %d replays; not minimized", len(replays))
		m.rep.doneEvent(e)
		return nil
	}
	return r.reduce(ctx, j, first, base)
}

// reduce minimizes a failing input, writes the result and verifies it.
func (r *runner) reduce(ctx context.Context, j *job, first attempt, base event) error {
	m, t := r.m, r.t
	input, err := r.input(j.values)
	if err != nil {
		return err
	}
	target := first.failure.Signature
	before := r.measure(input, first.res.Record)

	e := base
	e.Signature, e.Message, e.Bytes, e.Choices = target, clip(first.failure.Message), before.Bytes, before.Choices
	m.rep.startEvent(e)

	prog := &progress{label: t.name + " " + filepath.Base(j.path), start: time.Now(), before: before.Bytes}
	prog.best.Store(int64(before.Bytes))
	m.rep.startProgress(prog)
	var slipMu sync.Mutex
	slips := map[string]bool{}
	run := func(ctx context.Context, in []byte) (minimize.Outcome, error) {
		var out minimize.Outcome
		var values []any
		if r.fuzzsrc {
			values = []any{bytes.Clone(in)}
		} else {
			values, out, _ = argseq.Decode(in, t.types)
		}
		a, err := r.execute(ctx, values)
		if err != nil {
			return out, err
		}
		prog.runs.Add(1)
		out = r.outcome(in, out, a)
		if a.failed && out.Signature != target {
			slipMu.Lock()
			isNew := !slips[out.Signature]
			slips[out.Signature] = true
			slipMu.Unlock()
			if isNew {
				s := base
				s.Signature, s.Message, s.Bytes = out.Signature, clip(a.failure.Message), argseq.SizeOf(values).Bytes
				m.rep.slipEvent(s)
			}
		}
		return out, nil
	}
	opts := minimize.Options{
		Workers: m.cfg.parallel,
		Timeout: m.cfg.maxTime,
		OnShrink: func(in []byte, out minimize.Outcome) {
			n := r.valueBytes(in)
			prog.best.Store(int64(n))
			s := base
			s.Bytes, s.Choices = n, choices(in, out)
			s.Runs, s.Elapsed = int(prog.runs.Load()), time.Since(prog.start).Seconds()
			m.rep.shrinkEvent(s)
		},
	}
	// The replays ran the original already: the reducer need not run it
	// again (for a crasher of megabytes, one run costs seconds).
	var firstOut minimize.Outcome
	if !r.fuzzsrc {
		_, firstOut, _ = argseq.Decode(input, t.types)
	}
	firstOut = r.outcome(input, firstOut, first)
	opts.First = &firstOut
	if !r.fuzzsrc {
		// The target sees its values' exact lengths, and the order is
		// shortlex on the values, not on their encoding. The strings
		// its package's code compares with are the words to try in
		// place of the input's.
		opts.ExactLength = true
		opts.OrderKey = argseq.OrderKey(t.types)
		opts.Words = t.pkg.words(ctx)
	}
	res, err := r.minimizeFailure(ctx, input, run, opts, first)
	m.rep.stopProgress()
	if errors.Is(err, minimize.ErrNotFailing) {
		return fmt.Errorf("the input failed when replayed as it is, but not as the tool re-encodes it (%s); please report this", target)
	}
	// A run that could not be carried out ends the reduction, but the
	// best input so far is still written and verified, then the error
	// reported.
	var runErr error
	if err != nil {
		if res.Stop != minimize.RunError || res.Input == nil {
			return err
		}
		runErr = err
	}
	interrupted := res.Stop == minimize.Canceled && ctx.Err() != nil

	// Write (unless it did not shrink and already is a corpus entry),
	// then verify with a plain test run of the file.
	done := base
	done.Signature, done.Stop = target, res.Stop.String()
	done.Before = &before
	after := r.measure(res.Input, nil)
	after.Choices = choices(res.Input, res.Outcome)
	done.After = &after
	done.Elapsed = res.Stats.Duration.Seconds()
	if c := res.Stats.Minimal; c.Done {
		done.Minimal = fmt.Sprintf("checked %d candidates (%d run, the others ran before); none fails the same way", c.Candidates, c.Runs)
	}
	done.Runs = res.Stats.Runs
	values := r.values(res.Input)
	sv := r.save(j, values)
	path, name := sv.path, filepath.Base(sv.path)

	done.Status = "minimized"
	if sv.unchanged {
		done.Status = "unchanged"
	}
	if interrupted {
		done.Status = "interrupted"
		m.interrupted = true
	}
	done.Replay = r.replayCommand(name, first.failure)
	done.Content, done.Unchanged = elideText(string(sv.data), jsonContentLimit), sv.unchanged
	if sv.err != nil {
		// Not in the corpus, so go test cannot replay it: say so, and
		// print it and where a copy went, so that it is not lost.
		m.errs++
		done.WriteError = sv.err.Error()
		if sv.copy != "" {
			done.Saved = displayPath(sv.copy)
		}
		done.Verified = new(bool)
		if !r.fuzzsrc { // a fuzzsrc target's draws come from the replay
			done.Draws = r.draws(values)
		}
		m.rep.doneEvent(done)
		return nil
	}
	ver := r.verify(name)
	for range 2 {
		if ver.failure.Signature != unlocatedHang || target == unlocatedHang {
			break
		}
		ver = r.verify(name) // the dump missed the target; look again
	}
	done.File = displayPath(path)
	verified := ver.err == nil && ver.failed && ver.failure.Signature == target
	done.Verified = &verified
	switch {
	case ver.err != nil:
		done.ReplaySignature = "replay error: " + ver.err.Error()
		done.Message = fmt.Sprintf("the minimized input could not be replayed alone to verify it: %v", ver.err)
	case !ver.failed:
		done.Message = "the minimized input passes when replayed alone in a fresh process, as go test runs it; " +
			"it failed in a worker that had run other inputs before, so the failure depends on state they left " +
			"behind (a package-level cache, a sync.Once) or it is flaky. The original input is unchanged"
	case !verified:
		done.ReplaySignature = ver.failure.Signature
		done.Message = fmt.Sprintf("the minimized input fails differently when replayed alone in a fresh process, as go test runs it (%s), "+
			"so the failure depends on state left by earlier runs in the worker, or it is flaky. The original input is unchanged",
			ver.failure.Signature)
	}
	if !verified {
		// Never success: exit status 3, as for a flaky input.
		done.Status = "unverified"
		m.flaky++
	}
	if ver.record != nil && len(ver.record.Draws) > 0 {
		done.Draws = ver.record.Draws
	} else {
		done.Draws = r.draws(values)
	}
	if m.cfg.replace && verified && filepath.Clean(path) != filepath.Clean(j.path) {
		if err := os.Remove(j.path); err != nil {
			return fmt.Errorf("-replace: %w", err)
		}
		done.Removed = displayPath(j.path)
	}
	switch {
	case !verified: // counted as flaky above
	case sv.unchanged:
		m.unchanged++
	default:
		m.minimized++
	}
	m.rep.doneEvent(done)
	if runErr != nil {
		return fmt.Errorf("the reduction stopped early, the best input so far is written above: %w", runErr)
	}
	return nil
}

// outcome completes the outcome of a run of in, which made attempt a:
// decoded holds what argseq.Decode reported of a plain target's input;
// a fuzzsrc target's comes from its record.
func (r *runner) outcome(in []byte, decoded minimize.Outcome, a attempt) minimize.Outcome {
	out := decoded
	if r.fuzzsrc {
		if a.res.Record != nil {
			out = a.res.Record.Outcome()
		} else {
			out = minimize.Outcome{Used: len(in)}
		}
	}
	out.Failed, out.Signature = a.failed, a.failure.Signature
	return out
}

// replayCommand is the go test command that replays the corpus entry
// name and fails as f did: go test alone, with -timeout for a hang or a
// deadlock (go test's default is 10 minutes, and a slow run that ends
// passes), and under the tool's -memlimit as ulimit -v for running out
// of memory (an allocation that fails under the limit may succeed
// without it).
func (r *runner) replayCommand(name string, f failure) string {
	var extra []string
	if f.Kind == "hang" || f.Kind == "deadlock" {
		extra = append(extra, "-timeout="+r.m.cfg.timeout.String())
	}
	cmd := replayCommand(r.t.name, name, r.t.pkg.Arg, extra...)
	if f.Kind == "out of memory" && r.m.cfg.memLimit > 0 && canLimitMemory {
		cmd = fmt.Sprintf("(ulimit -v %d && %s)", (r.m.cfg.memLimit+1023)/1024, cmd)
	}
	return cmd
}

// valueBytes returns the bytes of the string and []byte values input
// encodes: what a user reads as its size.
func (r *runner) valueBytes(input []byte) int {
	if r.fuzzsrc {
		return len(input)
	}
	return argseq.SizeOf(r.values(input)).Bytes
}

// measure sizes an input in the argument's own terms: the bytes of its
// string and []byte values and its argument count (for a fuzzsrc
// target, the bytes of its one []byte and its choices as the run
// recorded them), and its corpus file.
func (r *runner) measure(input []byte, rec *wire.Record) size {
	values := r.values(input)
	sz := argseq.SizeOf(values)
	s := size{Bytes: sz.Bytes, Args: sz.Args}
	if r.fuzzsrc {
		s.Args, s.Choices = 0, len(input)
		if rec != nil && len(rec.Choices) > 0 {
			s.Choices = len(rec.Choices)
		}
	}
	if data, err := corpus.Marshal(values...); err == nil {
		s.File = len(data)
	}
	return s
}

// choices counts an outcome's choices, or the input's bytes if the run
// recorded none (a crash, a target that reads raw bytes).
func choices(input []byte, out minimize.Outcome) int {
	if len(out.Choices) > 0 {
		return len(out.Choices)
	}
	return len(input)
}

// draws formats the arguments of a target that does not use fuzzsrc as
// its draw log: one labeled line per argument.
func (r *runner) draws(values []any) []string {
	lines := make([]string, len(values))
	for i, v := range values {
		name := "arg" + strconv.Itoa(i)
		if r.t.sig != nil && i < len(r.t.sig.Names) {
			name = r.t.sig.Names[i]
		}
		var s string
		switch v := v.(type) {
		case string:
			s = elide(v)
		case []byte:
			s = "[]byte(" + elide(string(v)) + ")"
		default:
			s = fmt.Sprint(v)
		}
		lines[i] = fmt.Sprintf("draw %s (%T): %s", name, v, s)
	}
	return lines
}

// recordFailure is the failure a fuzzsrc property published.
func recordFailure(rec *wire.Record) failure {
	return failure{Kind: rec.Kind, Signature: rec.Signature, Message: rec.Location + ": " + firstLine(rec.Message)}
}

// elide quotes s, or for a long s its start and end around the count of
// bytes left out: the full value is in the corpus file.
func elide(s string) string {
	if len(s) <= textLineLimit {
		return strconv.Quote(s)
	}
	head, tail := s[:textLineLimit*3/4], s[len(s)-textLineLimit/4:]
	return fmt.Sprintf("%s...%s (%d bytes; %d not shown)", strconv.Quote(head), strconv.Quote(tail), len(s), len(s)-len(head)-len(tail))
}

// clip shortens a failure message that quotes a long input (a panic
// that prints its argument): its start, and how much was left out.
func clip(msg string) string {
	if len(msg) <= 4*textLineLimit {
		return msg
	}
	return fmt.Sprintf("%s... (%d more bytes)", strings.ToValidUTF8(msg[:4*textLineLimit], ""), len(msg)-4*textLineLimit)
}
