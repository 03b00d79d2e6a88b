package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/shortlex/shortlex/corpus"
	"github.com/shortlex/shortlex/internal/argseq"
	"github.com/shortlex/shortlex/internal/wire"
	"github.com/shortlex/shortlex/minimize"
)

// This file is the command's flow: find the inputs, replay each once,
// check the failing ones for flakiness, reduce them, write and verify the
// results.

// minimizer is one run of the command.
type minimizer struct {
	cfg *config
	rep *reporter
	an  *analyzer
	tmp string

	entries, failing, minimized, flaky, errs int
	unchanged                                int // failing inputs already minimal: nothing written
	interrupted                              bool
}

// target is one fuzz target of one package.
type target struct {
	pkg    *pkg
	name   string
	sig    *fuzzSignature // from the source; nil if it does not say
	dir    string         // the seed corpus, testdata/fuzz/FuzzX
	types  []reflect.Type // the argument types, once known
	jobs   []*job
	sigErr error
}

// job is one input to replay and maybe minimize.
type job struct {
	path   string // the original file
	values []any
}

var bytesType = reflect.TypeFor[[]byte]()

// goWorkerDeadline is the time after which Go's fuzz worker gives up on a
// run by itself (RunFuzzWorker in internal/fuzz/worker.go).
const goWorkerDeadline = 10 * time.Second

// maxRunTimeout is the longest -timeout: Go's worker panics "deadlocked!"
// at goWorkerDeadline, with a dump that may not show the running
// goroutine, so the tool must stop a run first.
const maxRunTimeout = goWorkerDeadline - time.Second

func (m *minimizer) main(ctx context.Context) int {
	goroot, err := goEnv(ctx, "GOROOT")
	if err == nil {
		err = checkSharedMemHeader(goroot)
	}
	if err != nil {
		m.rep.errorEvent(event{Message: err.Error()})
		return exitError
	}
	if m.cfg.timeout > maxRunTimeout {
		m.rep.errorEvent(event{Message: fmt.Sprintf("-timeout %v is longer than a run can take here: Go's fuzz worker, which runs each candidate, ends any run after %v by itself, so the tool stops runs at %v at most; use -timeout %v or less",
			m.cfg.timeout, goWorkerDeadline, maxRunTimeout, maxRunTimeout)})
		return exitError
	}
	m.an = newAnalyzer(goroot)
	if m.tmp, err = makeTempDir(); err != nil {
		m.rep.errorEvent(event{Message: err.Error()})
		return exitError
	}
	defer removeTempDir(m.tmp)

	targets, err := m.prepare(ctx)
	if err != nil {
		m.rep.errorEvent(event{Message: err.Error()})
		return exitError
	}
	for _, t := range targets {
		if m.interrupted || ctx.Err() != nil {
			break
		}
		m.runTarget(ctx, t)
	}
	if !m.rep.json {
		m.rep.summary(m.summaryText(len(targets)))
	}
	switch {
	case m.errs > 0:
		return exitError
	case m.flaky > 0:
		return exitFlaky
	case m.minimized > 0 || m.unchanged > 0:
		return exitMinimized
	}
	return exitNoFailure
}

func (m *minimizer) summaryText(targets int) string {
	s := fmt.Sprintf("%d entries of %d fuzz targets replayed: %d failing, %d minimized", m.entries, targets, m.failing, m.minimized)
	if m.unchanged > 0 {
		s += fmt.Sprintf(", %d already minimal", m.unchanged)
	}
	if m.flaky > 0 {
		s += fmt.Sprintf(", %d flaky or not reproducible alone", m.flaky)
	}
	if m.errs > 0 {
		s += fmt.Sprintf(", %d errors", m.errs)
	}
	if m.interrupted {
		s += "; interrupted"
	}
	return s
}

// prepare builds the packages' test binaries, selects the targets and
// collects their inputs.
func (m *minimizer) prepare(ctx context.Context) ([]*target, error) {
	pkgs, err := listPackages(ctx, m.cfg.packages)
	if err != nil {
		return nil, err
	}
	var targets []*target
	for i, p := range pkgs {
		if len(p.testFiles()) == 0 {
			continue
		}
		if err := m.build(ctx, p, i); err != nil {
			return nil, err
		}
		if err := listTargets(ctx, p); err != nil {
			return nil, err
		}
		for _, name := range p.Targets {
			if !m.cfg.run.matchTarget(name) {
				continue
			}
			t := &target{pkg: p, name: name, dir: filepath.Join(p.Dir, "testdata", "fuzz", name)}
			t.sig, t.sigErr = readFuzzSignature(p.Dir, p.testFiles(), name)
			if t.sig != nil {
				t.types = t.sig.Types
			}
			targets = append(targets, t)
		}
	}
	if len(targets) == 0 {
		return nil, fmt.Errorf("no fuzz targets match -run in %s", strings.Join(m.cfg.packages, " "))
	}
	if len(m.cfg.files) > 0 {
		return targets, m.collectFiles(targets)
	}
	for _, t := range targets {
		m.collectCorpus(t)
	}
	return targets, nil
}

// build builds p's test binary, or takes it from the tests' cache.
func (m *minimizer) build(ctx context.Context, p *pkg, n int) error {
	if c := m.cfg.bins; c != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		if bin, ok := c.bins[p.Dir]; ok {
			p.Bin = bin
			return nil
		}
		if err := build(ctx, p, c.dir, len(c.bins)); err != nil {
			return err
		}
		c.bins[p.Dir] = p.Bin
		return nil
	}
	return build(ctx, p, m.tmp, n)
}

// binCache keeps built test binaries in dir across runs of the command in
// one process, for the tests.
type binCache struct {
	dir  string
	mu   sync.Mutex
	bins map[string]string
}

// collectCorpus reads a target's seed corpus, reporting malformed files.
func (m *minimizer) collectCorpus(t *target) {
	entries, err := corpus.ReadDir(t.dir)
	var malformed *corpus.MalformedError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return
	case errors.As(err, &malformed):
		for _, f := range malformed.Files {
			m.fileError(t, f.Path, f.Line, fmt.Sprintf("malformed corpus file %s: line %d: %v (go test fails the whole target on it)", displayPath(f.Path), f.Line, f.Err))
		}
	case err != nil:
		m.errs++
		m.rep.errorEvent(event{Package: t.pkg.Arg, Target: t.name, Message: err.Error()})
		return
	}
	for _, e := range entries {
		if m.cfg.run.matchEntry(e.Name()) {
			m.addJob(t, e.Path, e.Values)
		}
	}
}

// collectFiles assigns the files on the command line to targets.
func (m *minimizer) collectFiles(targets []*target) error {
	for _, path := range m.cfg.files {
		t, err := fileTarget(targets, path)
		if err != nil {
			return err
		}
		if m.cfg.style != 0 {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			types, err := m.argTypes(t)
			if err != nil {
				return err
			}
			values, err := corpus.Decode(m.cfg.style, data, types)
			if err != nil {
				m.fileError(t, path, 0, fmt.Sprintf("%s: %v", path, err))
				continue
			}
			m.addJob(t, path, values)
			continue
		}
		e, err := corpus.ReadFile(path)
		var syntax *corpus.SyntaxError
		switch {
		case errors.As(err, &syntax):
			m.fileError(t, path, syntax.Line, fmt.Sprintf("malformed corpus file %v", err))
			continue
		case err != nil:
			return err
		}
		m.addJob(t, path, e.Values)
	}
	return nil
}

// fileTarget picks the target of a file: the FuzzX directory it is in,
// or the only target selected.
func fileTarget(targets []*target, path string) (*target, error) {
	parent := filepath.Base(filepath.Dir(path))
	var match *target
	for _, t := range targets {
		if t.name == parent {
			if match != nil {
				return nil, fmt.Errorf("%s: several packages have a fuzz target %s; name one package", path, parent)
			}
			match = t
		}
	}
	if match != nil {
		return match, nil
	}
	if len(targets) == 1 {
		return targets[0], nil
	}
	names := make([]string, len(targets))
	for i, t := range targets {
		names[i] = t.name
	}
	return nil, fmt.Errorf("%s: which fuzz target is it for? Select one with -run (candidates: %s)", path, strings.Join(names, ", "))
}

// argTypes returns a target's argument types: from the source, or from
// its first readable corpus entry.
func (m *minimizer) argTypes(t *target) ([]reflect.Type, error) {
	if t.types != nil {
		return t.types, nil
	}
	entries, _ := corpus.ReadDir(t.dir)
	if len(entries) > 0 {
		t.types = typesOf(entries[0].Values)
		return t.types, nil
	}
	return nil, fmt.Errorf("%s: cannot tell the fuzz function's argument types (%v) and there is no corpus entry to take them from", t.name, t.sigErr)
}

func typesOf(values []any) []reflect.Type {
	ts := make([]reflect.Type, len(values))
	for i, v := range values {
		ts[i] = reflect.TypeOf(v)
	}
	return ts
}

// addJob checks an input's values against the target's arguments, as go
// test does, and queues it.
func (m *minimizer) addJob(t *target, path string, values []any) {
	if t.types == nil {
		t.types = typesOf(values)
	}
	got := typesOf(values)
	if len(got) != len(t.types) {
		m.fileError(t, path, 0, fmt.Sprintf("%s: wrong number of values in corpus entry: %d, want %d", path, len(got), len(t.types)))
		return
	}
	for i := range got {
		if got[i] != t.types[i] {
			m.fileError(t, path, valueLine(path, i), fmt.Sprintf("%s: value %d has type %v, want %v", path, i+1, got[i], t.types[i]))
			return
		}
	}
	t.jobs = append(t.jobs, &job{path: path, values: values})
}

// valueLine returns the line of a corpus file that holds value i, or 0.
func valueLine(path string, i int) int {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	n := -1
	for l, line := range strings.Split(string(data), "\n") {
		if l > 0 && strings.TrimSpace(line) != "" {
			if n++; n == i {
				return l + 1
			}
		}
	}
	return 0
}

func (m *minimizer) fileError(t *target, path string, line int, msg string) {
	m.errs++
	m.rep.errorEvent(event{Package: t.pkg.Arg, Target: t.name, File: displayPath(path), Line: line, Message: msg})
}

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
		// shortlex on the values, not on their encoding.
		opts.ExactLength = true
		opts.OrderKey = argseq.OrderKey(t.types)
	}
	res, err := minimize.Minimize(ctx, input, run, opts)
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

// elideOver is the length above which a value is shown elided.
const elideOver = 200

// elide quotes s, or for a long s its start and end around the count of
// bytes left out: the full value is in the corpus file.
func elide(s string) string {
	if len(s) <= elideOver {
		return strconv.Quote(s)
	}
	head, tail := s[:elideOver*3/4], s[len(s)-elideOver/4:]
	return fmt.Sprintf("%s...%s (%d bytes; %d not shown)", strconv.Quote(head), strconv.Quote(tail), len(s), len(s)-len(head)-len(tail))
}

// clip shortens a failure message that quotes a long input (a panic
// that prints its argument): its start, and how much was left out.
func clip(msg string) string {
	if len(msg) <= 4*elideOver {
		return msg
	}
	return fmt.Sprintf("%s... (%d more bytes)", strings.ToValidUTF8(msg[:4*elideOver], ""), len(msg)-4*elideOver)
}

// verification is a plain replay of a written corpus file.
type verification struct {
	output  string
	record  *wire.Record // what a fuzzsrc property published, if it did
	failed  bool
	failure failure
	err     error
}

// verify replays the corpus entry name with the test binary in a fresh
// process, as go test -run=FuzzX/name would, under the same memory
// limit: a failure that needs state left by earlier runs in a worker
// does not happen again here. SHORTLEX_SHRINK=0 keeps fuzzsrc from
// shrinking the entry again in-process; a fuzzsrc property publishes
// its failure and draws into a record file (internal/wire), which the
// tool reads instead of the test's output. A replay that runs longer
// than the per-run timeout is stopped as a worker is (SIGQUIT to the
// busy thread, see signalQuit), not with -test.timeout, whose dump
// cannot show a goroutine running on another thread.
func (r *runner) verify(name string) verification {
	t := r.t
	timeout := r.m.cfg.timeout
	rec, err := os.CreateTemp(r.m.tmp, "replay-record-*")
	if err != nil {
		return verification{err: err}
	}
	os.Remove(rec.Name())
	defer rec.Close()
	env := append(os.Environ(), "SHORTLEX_SHRINK=0", wire.EnvRecordFD+"=3") // ExtraFiles[0]
	cmd := limitedCommand(r.m.cfg.memLimit, env, t.pkg.Bin,
		"-test.run=^"+t.name+"$/^"+regexp.QuoteMeta(name)+"$",
		"-test.v", "-test.paniconexit0", "-test.timeout=0")
	cmd.Dir = t.pkg.Dir
	cmd.ExtraFiles = []*os.File{rec}
	out := newTailBuffer(16 << 20)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		return verification{err: err}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timedOut := false
	select {
	case err = <-done:
	case <-time.After(timeout):
		timedOut = true
		if isDying(out.String()) {
			// Printing a crash report (see worker.reap): let it finish.
			select {
			case err = <-done:
				timedOut = false
			case <-time.After(dyingGrace):
			}
		}
		if timedOut {
			signalQuit(cmd.Process)
			select {
			case err = <-done:
			case <-time.After(quitGrace):
				cmd.Process.Kill()
				err = <-done
			}
		}
	}
	v := verification{output: out.String()}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		v.err = err
		return v
	}
	if record, _, ok, err := wire.Read(rec, 0); err != nil {
		v.err = fmt.Errorf("reading the replay's record: %w", err)
		return v
	} else if ok {
		v.record = record
		if record.Failed {
			v.failure, v.failed = recordFailure(record), true
			return v
		}
	}
	if timedOut {
		v.failure, v.failed = r.m.an.fromCrash(&crash{Stderr: v.output, TimedOut: true}), true
		return v
	}
	code, sig := 0, ""
	if st := cmd.ProcessState; st != nil {
		code = st.ExitCode()
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			sig = ws.Signal().String()
		}
	}
	v.failure, v.failed = r.m.an.fromReplay(v.output, t.pkg.Dir, code, sig)
	return v
}

// displayPath shows path relative to the working directory when it is
// below it.
func displayPath(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// defaultMaxTime is -maxtime's default: long enough for a multi-megabyte
// crasher to reach a few bytes, short enough that a reduction that
// cannot finish (every byte needed, a slow target) ends by itself with
// the best input so far written.
const defaultMaxTime = 10 * time.Minute
