package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/shortlex/shortlex/corpus"
)

// This file is the command's flow: find the inputs and hand each target
// to a runner (runner.go), which replays, reduces and writes them; the
// results are checked in verify.go.

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
		if b, ok := c.bins[p.Dir]; ok {
			p.Bin, p.stackHook = b.bin, b.stackHook
			return nil
		}
		if err := build(ctx, p, c.dir, len(c.bins)); err != nil {
			return err
		}
		c.bins[p.Dir] = cachedBin{p.Bin, p.stackHook}
		return nil
	}
	return build(ctx, p, m.tmp, n)
}

// binCache keeps built test binaries in dir across runs of the command in
// one process, for the tests.
type binCache struct {
	dir  string
	mu   sync.Mutex
	bins map[string]cachedBin
}

// cachedBin is a test binary in a binCache, and whether it has the stack
// hook (pkg.stackHook).
type cachedBin struct {
	bin       string
	stackHook bool
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
