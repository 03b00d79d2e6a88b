package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/corpus"
)

// The end-to-end tests run the command on a copy of testdata/fixture made
// into a module of its own (testdata directories are not part of go test
// ./..., and the command writes corpus files that must not land in the
// repository). The fixture's test binary is built once per test run.

var (
	fixtureDir string    // the copy
	bins       *binCache // the test binaries, shared by every run
	goroot     string
)

func TestMain(m *testing.M) {
	execLimited() // the memory-limit launcher re-executes this binary
	os.Exit(runTests(m))
}

func runTests(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "minimize-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	fixtureDir = filepath.Join(tmp, "fixture")
	if err := makeFixtureModule(fixtureDir); err != nil {
		fmt.Fprintln(os.Stderr, "setting up the fixture module:", err)
		return 1
	}
	bins = &binCache{dir: filepath.Join(tmp, "bins"), bins: map[string]string{}}
	os.MkdirAll(bins.dir, 0o777)
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	goroot = strings.TrimSpace(string(out))
	return m.Run()
}

// makeFixtureModule copies testdata/fixture to dir and makes it a module
// that requires this one from the checkout, with this module's go.sum.
func makeFixtureModule(dir string) error {
	if err := os.CopyFS(dir, os.DirFS("testdata/fixture")); err != nil {
		return err
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		return err
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return err
	}
	// The checkout's requirements, so that fuzzsrc's imports resolve
	// from its go.sum without the network.
	var reqs []string
	inReq := false
	for _, line := range strings.Split(string(gomod), "\n") {
		switch {
		case strings.HasPrefix(line, "require ("):
			inReq = true
		case inReq && strings.HasPrefix(line, ")"):
			inReq = false
		case inReq:
			reqs = append(reqs, line)
		case strings.HasPrefix(line, "require "):
			reqs = append(reqs, strings.TrimPrefix(line, "require "))
		}
	}
	mod := fmt.Sprintf("module fixture\n\ngo 1.24\n\nrequire github.com/shortlex/shortlex v0.0.0\n\nrequire (\n%s\n)\n\nreplace github.com/shortlex/shortlex => %s\n",
		strings.Join(reqs, "\n"), root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// resetCorpus restores a fixture target's seed corpus as it is in the
// repository, dropping what earlier runs wrote.
func resetCorpus(t *testing.T, target string) {
	t.Helper()
	dst := filepath.Join(fixtureDir, "testdata", "fuzz", target)
	if err := os.RemoveAll(dst); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(dst, os.DirFS(filepath.Join("testdata", "fixture", "testdata", "fuzz", target))); err != nil {
		t.Fatal(err)
	}
}

// runTool runs the command in the fixture directory with -json and
// returns its exit code, its events and its stderr.
func runTool(t *testing.T, ctx context.Context, args ...string) (int, []event, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runIn(t, ctx, &stdout, &stderr, append([]string{"-json"}, args...)...)
	var events []event
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("-json printed a line that is not JSON: %q: %v", sc.Text(), err)
		}
		events = append(events, e)
	}
	return code, events, stderr.String()
}

func runIn(t *testing.T, ctx context.Context, stdout, stderr io.Writer, args ...string) int {
	t.Helper()
	t.Chdir(fixtureDir)
	return run(ctx, args, stdout, stderr, bins)
}

// markers maps the fixture's "// at:name" comments to file:line.
func markers(t *testing.T) map[string]string {
	t.Helper()
	at := map[string]string{}
	for _, f := range []string{"fixture.go", "fixture_test.go"} {
		data, err := os.ReadFile(filepath.Join("testdata", "fixture", f))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if _, name, ok := strings.Cut(line, "// at:"); ok {
				at[strings.TrimSpace(name)] = fmt.Sprintf("%s:%d", f, i+1)
			}
		}
	}
	return at
}

// byTarget returns the events of one target, leaving out the done events
// of passing entries.
func byTarget(events []event, target, kind string) []event {
	var es []event
	for _, e := range events {
		if e.Target == target && e.Event == kind && e.Status != "passes" {
			es = append(es, e)
		}
	}
	return es
}

// TestFixture minimizes one crasher of every failure kind and checks the
// exact result, the signature, and that the written file replays under
// plain go test with the same failure.
func TestFixture(t *testing.T) {
	at := markers(t)
	cases := []struct {
		target, reason string
		signature      string
		want           []any // the minimized values; nil: check draws instead
		draws          []string
	}{
		{"FuzzRecord", "a panic reached through string, int, float64, bool and []byte: each at its simplest failing value",
			`panic: record: bad record "" (count ) at ` + at["record"],
			[]any{"ab", 100, 3.0, true, []byte{0, 0}}, nil},
		{"FuzzFatal", "t.Fatal after t.Log: the Fatal line is the signature",
			"failed at " + at["fatal"], []any{"xxx"}, nil},
		{"FuzzError", "t.Error followed by t.Log: the Error line is the signature",
			"failed at " + at["error"], []any{int64(1001), "\x00"}, nil},
		{"FuzzNil", "nil dereference",
			"panic: runtime error: invalid memory address or nil pointer dereference at " + at["nil"], []any{[]byte(">")}, nil},
		{"FuzzIndex", "index out of range: digits leave the signature",
			"panic: runtime error: index out of range [] with length at " + at["index"], []any{"\x00", uint8(1)}, nil},
		{"FuzzMapWrites", "a fatal error that kills the worker",
			"fatal error: concurrent map writes at " + at["map"], []any{uint16(3)}, nil},
		{"FuzzStackOverflow", "a runaway recursion, placed at the recursing function",
			"stack overflow at " + at["stack"], []any{"("}, nil},
		{"FuzzExit", "os.Exit, keeping the sign of a negative integer",
			"os.Exit(3)", []any{int32(-6)}, nil},
		{"FuzzHang", "an infinite loop, placed at its for statement",
			"hang at " + at["hang"], []any{"zz"}, nil},
		{"FuzzHugeAlloc", "a 1 TiB allocation under the memory limit",
			"out of memory at " + at["alloc"], []any{"", uint8(128)}, nil},
		{"FuzzFuzzsrc", "a fuzzsrc property: the record's signature, and its draws",
			"failed at " + at["fuzzsrc"], nil,
			[]string{"draw n: 500"}},
	}
	var names []string
	for _, c := range cases {
		names = append(names, c.target)
		resetCorpus(t, c.target)
	}
	start := time.Now()
	code, events, stderr := runTool(t, context.Background(), "-timeout", "1s", "-run", "^("+strings.Join(names, "|")+")$", ".")
	t.Logf("minimized %d targets in %v", len(cases), time.Since(start))
	if code != exitMinimized {
		t.Errorf("exit code %d, want %d; stderr:\n%s", code, exitMinimized, stderr)
	}
	for _, e := range events {
		if e.Event == "error" {
			t.Errorf("error event: %+v", e)
		}
	}

	type replay struct {
		out  string
		code int
		sig  string
	}
	replays := make([]replay, len(cases))
	var wg sync.WaitGroup
	for i, c := range cases {
		done := byTarget(events, c.target, "done")
		if len(done) != 1 || done[0].Status != "minimized" {
			t.Errorf("%s: done events %+v, want one minimized", c.target, done)
			continue
		}
		// Plain go test, as a person would replay it: one at a time per
		// file, several files at once.
		wg.Add(1)
		go func() {
			defer wg.Done()
			replays[i] = plainGoTest(t, done[0].Replay, c.target == "FuzzHang")
		}()
	}
	wg.Wait()

	an := newAnalyzer(goroot)
	for i, c := range cases {
		t.Run(c.target, func(t *testing.T) {
			starts, done := byTarget(events, c.target, "start"), byTarget(events, c.target, "done")
			if len(starts) != 1 || len(done) != 1 {
				t.Fatalf("start events %+v, done events %+v; want one each", starts, done)
			}
			d := done[0]
			if starts[0].Signature != c.signature || d.Signature != c.signature {
				t.Errorf("signature %q, minimized as %q; want %q (%s)", starts[0].Signature, d.Signature, c.signature, c.reason)
			}
			if d.Verified == nil || !*d.Verified {
				t.Errorf("the tool's replay did not verify: %q", d.ReplaySignature)
			}
			if d.After.Bytes > d.Before.Bytes {
				t.Errorf("grew: before %+v, after %+v", d.Before, d.After)
			}
			entry, err := corpus.ReadFile(filepath.Join(fixtureDir, d.File))
			if err != nil {
				t.Fatal(err)
			}
			if c.want != nil && !reflect.DeepEqual(entry.Values, c.want) {
				t.Errorf("minimized to %#v, want %#v (%s)", entry.Values, c.want, c.reason)
			}
			for _, want := range c.draws {
				if !slicesContain(d.Draws, want) {
					t.Errorf("draw log %q lacks %q", d.Draws, want)
				}
			}
			if _, err := os.Stat(d.Entry); err != nil {
				t.Errorf("the original %s is gone: %v", d.Entry, err)
			}

			// The written file fails the same way under plain go test.
			r := replays[i]
			if c.target == "FuzzHang" {
				// go test's own -timeout dump does not show a goroutine
				// running on another thread; the tool's replay (above)
				// placed the hang. Here: it hangs.
				if !strings.Contains(r.out, "panic: test timed out") {
					t.Errorf("%s did not time out:\n%s", d.Replay, r.out)
				}
				return
			}
			if c.draws != nil {
				// fuzzsrc: the tool reads the record; a person reads the
				// report, which names the signature.
				if !strings.Contains(r.out, "signature: "+c.signature+"\n") {
					t.Errorf("%s: the report lacks signature: %s:\n%s", d.Replay, c.signature, lastLines(r.out, 30))
				}
				return
			}
			var sig string
			if f, ok := an.fromReplay(r.out, fixtureDir, r.code, r.sig); ok {
				sig = f.Signature
			}
			if sig != c.signature {
				t.Errorf("%s fails with %q, want %q; output:\n%s", d.Replay, sig, c.signature, lastLines(r.out, 30))
			}
		})
	}
}

func slicesContain(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// plainGoTest runs a replay command as printed ("go test -run=... .") in
// the fixture directory, with -timeout for a hang.
func plainGoTest(t *testing.T, command string, hang bool) (r struct {
	out  string
	code int
	sig  string
}) {
	if !strings.Contains(command, "go test ") {
		r.out = "bad replay command " + command
		return r
	}
	if hang && !strings.Contains(command, "-timeout=") {
		command = strings.Replace(command, "go test ", "go test -timeout=3s ", 1)
	}
	// A shell: the command may set a limit first, (ulimit -v N && go test ...).
	cmd := exec.Command("sh", "-c", command)
	cmd.Dir = fixtureDir
	out, _ := cmd.CombinedOutput()
	r.out = string(out)
	if st := cmd.ProcessState; st != nil {
		r.code = st.ExitCode()
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.sig = ws.Signal().String()
		}
	}
	// go test reports a test binary's own exit status as "exit status N"
	// and exits 1 itself.
	if m := regexp.MustCompile(`(?m)^exit status (\d+)$`).FindStringSubmatch(r.out); m != nil {
		fmt.Sscan(m[1], &r.code)
	}
	return r
}

func TestFlaky(t *testing.T) {
	resetCorpus(t, "FuzzFlaky")
	code, events, _ := runTool(t, context.Background(), "-run", "FuzzFlaky", ".")
	if code != exitFlaky {
		t.Errorf("exit code %d, want %d (flaky)", code, exitFlaky)
	}
	done := byTarget(events, "FuzzFlaky", "done")
	if len(done) != 1 || done[0].Status != "flaky" {
		t.Fatalf("done events %+v, want one flaky", done)
	}
	if !slicesContain(done[0].Replays, "passes") {
		t.Errorf("replays %q: want some passing", done[0].Replays)
	}
	entries, _ := os.ReadDir(filepath.Join(fixtureDir, "testdata", "fuzz", "FuzzFlaky"))
	if len(entries) != 1 {
		t.Errorf("a flaky input must not be minimized, but the corpus has %d files", len(entries))
	}
}

func TestMalformed(t *testing.T) {
	resetCorpus(t, "FuzzMalformed")
	code, events, _ := runTool(t, context.Background(), "-run", "FuzzMalformed", ".")
	if code != exitError {
		t.Errorf("exit code %d, want %d", code, exitError)
	}
	errs := byTarget(events, "FuzzMalformed", "error")
	if len(errs) != 1 {
		t.Fatalf("error events %+v, want one", errs)
	}
	e := errs[0]
	if filepath.Base(e.File) != "broken" || e.Line != 3 || !strings.Contains(e.Message, "broken") || !strings.Contains(e.Message, "line 3") {
		t.Errorf("error %+v: want it to name the file broken and line 3", e)
	}
	passes := 0
	for _, e := range events {
		if e.Event == "done" && e.Status == "passes" && filepath.Base(e.Entry) == "good" {
			passes++
		}
	}
	if passes != 1 {
		t.Errorf("the well-formed entry: events %+v, want it replayed and passing", events)
	}
}

func TestExitCodes(t *testing.T) {
	for _, tc := range []struct {
		name, reason string
		args         []string
		want         int
	}{
		{"nothing fails", "every entry of FuzzPasses passes", []string{"-run", "FuzzPasses", "."}, exitNoFailure},
		{"passing entries only", "the crasher is filtered out by the entry pattern", []string{"-run", "FuzzFatal/passing", "."}, exitNoFailure},
		{"bad flag", "usage error", []string{"-nosuchflag"}, exitError},
		{"style without files", "-style needs testcase files", []string{"-style", "v1", "."}, exitError},
		{"bad style", "only v1, v2 and raw exist", []string{"-style", "v9", "go.mod"}, exitError},
		{"no targets", "-run matches nothing", []string{"-run", "NoSuchTarget", "."}, exitError},
		{"not a package", "go list fails", []string{"./nosuchdir"}, exitError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resetCorpus(t, "FuzzFatal")
			code, _, stderr := runTool(t, context.Background(), tc.args...)
			if code != tc.want {
				t.Errorf("exit code %d, want %d (%s); stderr: %s", code, tc.want, tc.reason, stderr)
			}
		})
	}
}

// TestLibFuzzerTestcase minimizes an OSS-Fuzz testcase of each native
// style into a Go corpus file.
func TestLibFuzzerTestcase(t *testing.T) {
	for _, style := range []corpus.Style{corpus.NativeV1, corpus.NativeV2} {
		t.Run(style.String(), func(t *testing.T) {
			resetCorpus(t, "FuzzFatal")
			tc, err := corpus.Encode(style, "hex: xx-ox-ax junk")
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "crash-testcase")
			if err := os.WriteFile(path, tc, 0o644); err != nil {
				t.Fatal(err)
			}
			code, events, stderr := runTool(t, context.Background(), "-style", style.String(), "-run", "FuzzFatal", ".", path)
			if code != exitMinimized {
				t.Fatalf("exit code %d; stderr %s; events %+v", code, stderr, events)
			}
			done := byTarget(events, "FuzzFatal", "done")
			if len(done) != 1 {
				t.Fatalf("done events %+v", done)
			}
			entry, err := corpus.ReadFile(filepath.Join(fixtureDir, done[0].File))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]any{"xxx"}, entry.Values); diff != "" {
				t.Errorf("minimized values (-want +got):\n%s", diff)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, tc) {
				t.Error("the testcase file changed")
			}
		})
	}
}

// TestReplace checks that -replace removes the original only after the
// minimized file is written, and that without it the original stays.
func TestReplace(t *testing.T) {
	for _, replace := range []bool{false, true} {
		t.Run(fmt.Sprint("replace=", replace), func(t *testing.T) {
			resetCorpus(t, "FuzzIndex")
			orig := filepath.Join(fixtureDir, "testdata", "fuzz", "FuzzIndex", "crasher")
			before, _ := os.ReadFile(orig)
			args := []string{"-run", "FuzzIndex", "."}
			if replace {
				args = append([]string{"-replace"}, args...)
			}
			code, events, _ := runTool(t, context.Background(), args...)
			done := byTarget(events, "FuzzIndex", "done")
			if code != exitMinimized || len(done) != 1 {
				t.Fatalf("exit code %d, done events %+v", code, done)
			}
			if _, err := os.Stat(filepath.Join(fixtureDir, done[0].File)); err != nil {
				t.Errorf("the minimized file: %v", err)
			}
			after, err := os.ReadFile(orig)
			switch {
			case replace && !errors.Is(err, fs.ErrNotExist):
				t.Errorf("-replace kept the original (%v)", err)
			case replace && done[0].Removed == "":
				t.Error("-replace did not report the removal")
			case !replace && !bytes.Equal(before, after):
				t.Errorf("the original changed or went away (%v)", err)
			}
		})
	}
}

// TestInterrupt cancels the run at the first shrink, as Ctrl-C does: the
// best input so far is written and verified.
func TestInterrupt(t *testing.T) {
	resetCorpus(t, "FuzzRecord")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelWriter{cancel: cancel}
	var stderr bytes.Buffer
	code := runIn(t, ctx, w, &stderr, "-json", "-parallel", "1", "-run", "FuzzRecord", ".")
	var done []event
	for _, line := range strings.Split(w.buf.String(), "\n") {
		var e event
		if json.Unmarshal([]byte(line), &e) == nil && e.Event == "done" {
			done = append(done, e)
		}
	}
	if len(done) != 1 || done[0].Status != "interrupted" {
		t.Fatalf("exit code %d, done events %+v; want one interrupted", code, done)
	}
	d := done[0]
	if d.Verified == nil || !*d.Verified {
		t.Errorf("the best-so-far file did not verify: %+v", d)
	}
	if _, err := corpus.ReadFile(filepath.Join(fixtureDir, d.File)); err != nil {
		t.Errorf("the best-so-far file: %v", err)
	}
}

// cancelWriter cancels a context when a shrink event is written.
type cancelWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	cancel func()
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if bytes.Contains(p, []byte(`"event":"shrink"`)) {
		w.cancel()
	}
	return w.buf.Write(p)
}

// TestTextReport checks the report for people: the before and after, the
// draws, the file and the exact replay command; and no progress line when
// the output is not a terminal.
func TestTextReport(t *testing.T) {
	resetCorpus(t, "FuzzFatal")
	var stdout, stderr bytes.Buffer
	code := runIn(t, context.Background(), &stdout, &stderr, "-run", "FuzzFatal", ".")
	out := stdout.String()
	if code != exitMinimized {
		t.Fatalf("exit code %d:\n%s%s", code, out, stderr.String())
	}
	for _, want := range []string{
		"signature: failed at fixture_test.go:",
		"before:", "after:", "runs:",
		`draw s (string): "xxx"`,
		"wrote:     testdata/fuzz/FuzzFatal/",
		"replay:    go test -run='^FuzzFatal$/^",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if regexp.MustCompile(`replay: +go test -run='\^FuzzFatal\$/\^[0-9a-f]{16}\$' \.\n`).FindString(out) == "" {
		t.Errorf("the replay command is not exactly go test -run=FuzzFatal/<name> .:\n%s", out)
	}
	if strings.Contains(out, "\r") || strings.Contains(out, "\033") {
		t.Errorf("progress output on a non-terminal:\n%q", out)
	}
}

func TestReadFuzzSignature(t *testing.T) {
	dir := filepath.Join("testdata", "fixture")
	for _, tc := range []struct {
		target, reason string
		types          []reflect.Type
		names          []string
		fuzzsrc        bool
	}{
		{"FuzzRecord", "five argument types from a literal",
			typesOf([]any{"", 0, 0.0, false, []byte(nil)}), []string{"name", "count", "weight", "bold", "payload"}, false},
		{"FuzzIndex", "uint8 written as a named parameter",
			typesOf([]any{"", uint8(0)}), []string{"s", "i"}, false},
		{"FuzzFuzzsrc", "calls fuzzsrc.Check",
			typesOf([]any{[]byte(nil)}), []string{"data"}, true},
	} {
		t.Run(tc.target, func(t *testing.T) {
			sig, err := readFuzzSignature(dir, []string{"fixture_test.go"}, tc.target)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(sig.Types, tc.types) || !reflect.DeepEqual(sig.Names, tc.names) || sig.CallsFuzzsrc != tc.fuzzsrc {
				t.Errorf("got %v %v %v, want %v %v %v (%s)", sig.Types, sig.Names, sig.CallsFuzzsrc, tc.types, tc.names, tc.fuzzsrc, tc.reason)
			}
		})
	}
	if _, err := readFuzzSignature(dir, []string{"fixture_test.go"}, "FuzzNoSuch"); err == nil {
		t.Error("a missing target has no signature")
	}
}

func TestSharedMemHeader(t *testing.T) {
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		t.Skip("the header is checked against a 64-bit layout")
	}
	if headerSize != 40 {
		t.Errorf("headerSize = %d, want 40 on 64-bit", headerSize)
	}
	if err := checkSharedMemHeader(goroot); err != nil {
		t.Errorf("this Go's mem.go: %v", err)
	}
	// A GOROOT whose header differs must be refused.
	fake := t.TempDir()
	dir := filepath.Join(fake, "src", "internal", "fuzz")
	os.MkdirAll(dir, 0o777)
	os.WriteFile(filepath.Join(dir, "mem.go"), []byte("package fuzz\ntype sharedMemHeader struct {\n\tvalueLen int\n\tcount int64\n}\n"), 0o644)
	if err := checkSharedMemHeader(fake); err == nil {
		t.Error("a reordered sharedMemHeader was accepted")
	}
}
