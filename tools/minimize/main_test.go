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
	testTmp    string // the tests' temporary directory
)

// endToEnd skips a test that builds and runs the fixture's test binary
// under -short.
func endToEnd(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the fixture (-short)")
	}
}

var toolBin struct {
	once sync.Once
	path string
	err  error
}

// buildTool builds this command into a binary, once, for the tests that
// run it as a process of its own: signals, its exit, its environment.
func buildTool(t *testing.T) string {
	t.Helper()
	toolBin.once.Do(func() {
		toolBin.path = filepath.Join(testTmp, "minimize")
		out, err := exec.Command("go", "build", "-o", toolBin.path, ".").CombinedOutput()
		if err != nil {
			toolBin.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if toolBin.err != nil {
		t.Fatal(toolBin.err)
	}
	return toolBin.path
}

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
	testTmp = tmp
	fixtureDir = filepath.Join(tmp, "fixture")
	if err := makeFixtureModule(fixtureDir); err != nil {
		fmt.Fprintln(os.Stderr, "setting up the fixture module:", err)
		return 1
	}
	bins = &binCache{dir: filepath.Join(tmp, "bins"), bins: map[string]cachedBin{}}
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
	for _, f := range []string{"fixture.go", "fixture_test.go", "busy.go"} {
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
	endToEnd(t)
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
		{"FuzzDeepRecursion", "a finite recursion: \"a\" overflows only the divided stack limit, so the reduction starts over at the binary's own",
			"stack overflow at " + at["deep"], []any{"b"}, nil},
		{"FuzzExit", "os.Exit, keeping the sign of a negative integer",
			"os.Exit(3)", []any{int32(-6)}, nil},
		{"FuzzHang", "an infinite loop, placed at its for statement",
			"hang at " + at["hang"], []any{"zz"}, nil},
		{"FuzzBusy", "an infinite loop reduced under a 1s timeout, where \"a\" (1.5s) times out too: the result must hang under -timeout, so the reduction starts over there",
			"hang at " + at["busy"], []any{"b"}, nil},
		{"FuzzHugeAlloc", "a 1 TiB allocation under the memory limit",
			"out of memory at " + at["alloc"], []any{"", uint8(128)}, nil},
		{"FuzzFuzzsrc", "a fuzzsrc property: the record's signature, and its draws",
			"failed at " + at["fuzzsrc"], nil,
			[]string{"draw n: 500"}},
	}
	var names []string
	for _, c := range cases {
		if c.target != "FuzzHang" && c.target != "FuzzBusy" {
			names = append(names, c.target)
		}
		resetCorpus(t, c.target)
	}
	// The default -timeout for every target but the one that hangs: a
	// loaded machine must not turn a slow run into a hang. FuzzHang never
	// returns, so a short limit only saves time on its hanging runs.
	start := time.Now()
	var events []event
	for _, args := range [][]string{
		{"-run", "^(" + strings.Join(names, "|") + ")$", "."},
		{"-timeout", "2s", "-run", "^FuzzHang$", "."},
		{"-timeout", "4s", "-run", "^FuzzBusy$", "."},
	} {
		code, evs, stderr := runTool(t, context.Background(), args...)
		if code != exitMinimized {
			t.Errorf("%q: exit code %d, want %d; stderr:\n%s", args, code, exitMinimized, stderr)
		}
		events = append(events, evs...)
	}
	t.Logf("minimized %d targets in %v", len(cases), time.Since(start))
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
			replays[i] = plainGoTest(t, done[0].Replay, c.target == "FuzzHang" || c.target == "FuzzBusy")
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
			if c.target == "FuzzHang" || c.target == "FuzzBusy" {
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
// the fixture directory with a POSIX shell, as a person would paste it,
// with -timeout for a hang.
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
	// A shell: the command is quoted for one, and may set a limit first,
	// (ulimit -v N && go test ...).
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
	endToEnd(t)
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
	endToEnd(t)
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
		stderr       string // what stderr or an error event must say, if anything
		builds       bool   // it gets as far as building the fixture
	}{
		{"nothing fails", "every entry of FuzzPasses passes", []string{"-run", "FuzzPasses", "."}, exitNoFailure, "", true},
		{"passing entries only", "the crasher is filtered out by the entry pattern", []string{"-run", "FuzzFatal/passing", "."}, exitNoFailure, "", true},
		{"bad flag", "usage error", []string{"-nosuchflag"}, exitError, "flag provided but not defined", false},
		{"style without files", "-style needs testcase files", []string{"-style", "v1", "."}, exitError, "-style applies to testcase files", false},
		{"bad style", "only v1, v2 and raw exist", []string{"-style", "v9", "go.mod"}, exitError, "v9", false},
		{"no targets", "-run matches nothing", []string{"-run", "NoSuchTarget", "."}, exitError, "", true},
		{"missing directory", "a path that does not exist is not sent to go list", []string{"./nosuchdir"}, exitError, "./nosuchdir: no such file or directory", false},
		{"missing file", "a missing corpus file is not taken for a package path",
			[]string{"-run", "FuzzFatal", ".", "testdata/fuzz/FuzzFatal/nosuchfile"}, exitError, "testdata/fuzz/FuzzFatal/nosuchfile: no such file", false},
		{"missing bare file", "an argument that is neither a package nor a file: go list's error says both",
			[]string{"-run", "FuzzFatal", "crash-3f2a"}, exitError, "no such file: crash-3f2a", false},
		{"huge -memlimit", "a size that overflows int64 is refused, not wrapped", []string{"-memlimit", "9000000TiB", "."}, exitError, "too large", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.builds {
				endToEnd(t)
			}
			resetCorpus(t, "FuzzFatal")
			code, events, stderr := runTool(t, context.Background(), tc.args...)
			if code != tc.want {
				t.Errorf("exit code %d, want %d (%s); stderr: %s", code, tc.want, tc.reason, stderr)
			}
			// Usage errors go to stderr, others are -json error events.
			for _, e := range events {
				if e.Event == "error" {
					stderr += e.Message + "\n"
				}
			}
			if !strings.Contains(stderr, tc.stderr) {
				t.Errorf("stderr and error events %q lack %q (%s)", stderr, tc.stderr, tc.reason)
			}
		})
	}
}

// TestLibFuzzerTestcase minimizes an OSS-Fuzz testcase of each native
// style into a Go corpus file.
func TestLibFuzzerTestcase(t *testing.T) {
	endToEnd(t)
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
	endToEnd(t)
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
	endToEnd(t)
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
	endToEnd(t)
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
		"entry:\n    go test fuzz v1\n    string(\"xxx\")\n",
		"replay:    go test -run='^FuzzFatal$/^",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if regexp.MustCompile(`replay: +go test -run='\^FuzzFatal\$/\^[0-9a-f]{16}\$' \.\n`).FindString(out) == "" {
		t.Errorf("the replay command is not exactly go test -run='^FuzzFatal$/^<name>$' .:\n%s", out)
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

func TestReplayCommand(t *testing.T) {
	for _, tc := range []struct {
		name, reason       string
		target, entry, pkg string
		extra              []string
		want               string
	}{
		{"plain", "anchored both ways, quoted because of ^ and $",
			"FuzzX", "0123abcd", ".", nil, `go test -run='^FuzzX$/^0123abcd$' .`},
		{"package path", "a ./path needs no quotes",
			"FuzzParse", "f4d9605dd2ca9b96", "./internal/parse", nil, `go test -run='^FuzzParse$/^f4d9605dd2ca9b96$' ./internal/parse`},
		{"odd entry name", "regexp metacharacters are escaped, a quote survives the shell",
			"FuzzX", "it's (1).txt", "./my pkg", nil, `go test -run='^FuzzX$/^it'\''s \(1\)\.txt$' './my pkg'`},
		{"extra flags", "flags go before the package, each quoted as needed",
			"FuzzX", "ab", ".", []string{"-timeout=30s", "-memlimit=a b"}, `go test -run='^FuzzX$/^ab$' -timeout=30s '-memlimit=a b' .`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := replayCommand(tc.target, tc.entry, tc.pkg, tc.extra...)
			if got != tc.want {
				t.Fatalf("got  %s\nwant %s (%s)", got, tc.want, tc.reason)
			}
			// What a shell makes of it: the -run pattern selects exactly
			// this target and entry, as go test splits it at the slash.
			out, err := exec.Command("sh", "-c", `for a in "$@"; do printf '%s\n' "$a"; done`, "sh", strings.TrimPrefix(got, "go test ")).Output()
			if err != nil {
				t.Fatal(err)
			}
			argv, err := exec.Command("sh", "-c", "printf '%s\\n' "+strings.TrimPrefix(got, "go test ")).Output()
			if err != nil {
				t.Fatal(err, string(out))
			}
			args := strings.Split(strings.TrimSuffix(string(argv), "\n"), "\n")
			if args[len(args)-1] != tc.pkg {
				t.Errorf("the shell reads the package as %q, want %q", args[len(args)-1], tc.pkg)
			}
			pattern, ok := strings.CutPrefix(args[0], "-run=")
			if !ok {
				t.Fatalf("the shell reads %q", args)
			}
			targetRE, entryRE, _ := strings.Cut(pattern, "/")
			for _, m := range []struct {
				target, entry string
				want          bool
			}{
				{tc.target, tc.entry, true},
				{tc.target + "Y", tc.entry, false},
				{"A" + tc.target, tc.entry, false},
				{tc.target, tc.entry + "0", false},
				{tc.target, "0" + tc.entry, false},
			} {
				got := regexp.MustCompile(targetRE).MatchString(m.target) && regexp.MustCompile(entryRE).MatchString(m.entry)
				if got != m.want {
					t.Errorf("-run=%s selects %s/%s: %v, want %v", pattern, m.target, m.entry, got, m.want)
				}
			}
		})
	}
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in, reason string
		want       int64
		err        string // a part of the error; "" for none
	}{
		{"4GiB", "the default", 4 << 30, ""},
		{"0", "no limit", 0, ""},
		{"1500", "bytes", 1500, ""},
		{"512B", "bytes with a suffix", 512, ""},
		{"8388607TiB", "the largest TiB count that fits", 8388607 << 40, ""},
		{"8388608TiB", "2^63 bytes overflows int64", 0, "too large"},
		{"9223372036854775807", "the largest byte count", 1<<63 - 1, ""},
		{"9223372036854775808", "one more overflows the number itself", 0, "too large"},
		{"99999999999999999999GiB", "overflows before the suffix applies", 0, "too large"},
		{"-1", "negative", 0, "bad size"},
		{"4gb", "suffixes are KiB, MiB, GiB, TiB", 0, "bad size"},
		{"", "empty", 0, "bad size"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseSize(tc.in)
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("error %v (%s)", err, tc.reason)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("error %v, want one saying %q (%s)", err, tc.err, tc.reason)
			case got != tc.want:
				t.Errorf("got %d, want %d (%s)", got, tc.want, tc.reason)
			}
			if err == nil {
				if back, err := parseSize(formatSize(got)); err != nil || back != got {
					t.Errorf("formatSize(%d) = %q reads back as %d, %v", got, formatSize(got), back, err)
				}
			}
		})
	}
}

func TestElideLine(t *testing.T) {
	long := strings.Repeat("a", 150) + "BUG" + strings.Repeat("é", 100)
	got := elideLine(long, 40)
	if want := strings.Repeat("a", 30) + " … (313 bytes elided) … " + strings.Repeat("é", 5); got != want {
		t.Errorf("elideLine = %q, want %q (head 3/4, tail 1/4 of the limit, cut between runes)", got, want)
	}
	if got := elideLine("short", 40); got != "short" {
		t.Errorf("a short line changed: %q", got)
	}
	text := "go test fuzz v1\n[]byte(\"" + strings.Repeat("x", 100) + "\")\n"
	if got, want := elideText(text, 40), "go test fuzz v1\n[]byte(\"xxxxxxxxxxxxxxxxxxxxxx … (70 bytes elided) … xxxxxxxx\")\n"; got != want {
		t.Errorf("elideText = %q, want %q", got, want)
	}
}

// TestUnchanged minimizes an entry that is already minimal: it says so,
// points at the entry and writes nothing.
func TestUnchanged(t *testing.T) {
	endToEnd(t)
	resetCorpus(t, "FuzzFatal")
	code, events, _ := runTool(t, context.Background(), "-run", "FuzzFatal", ".")
	done := byTarget(events, "FuzzFatal", "done")
	if code != exitMinimized || len(done) != 1 || done[0].Status != "minimized" {
		t.Fatalf("first run: exit code %d, done events %+v", code, done)
	}
	minimal := done[0].File
	dir := filepath.Join(fixtureDir, "testdata", "fuzz", "FuzzFatal")
	before, _ := os.ReadDir(dir)

	code, events, stderr := runTool(t, context.Background(), "-run", "FuzzFatal", ".", minimal)
	done = byTarget(events, "FuzzFatal", "done")
	if code != exitMinimized {
		t.Errorf("exit code %d, want %d: a failing input that is already minimal is a success; stderr %s", code, exitMinimized, stderr)
	}
	if len(done) != 1 {
		t.Fatalf("done events %+v, want one", done)
	}
	d := done[0]
	if d.Status != "unchanged" || !d.Unchanged || d.File != minimal || d.Verified == nil || !*d.Verified {
		t.Errorf("done %+v: want status unchanged, file the entry %s, verified", d, minimal)
	}
	if want := replayCommand("FuzzFatal", filepath.Base(minimal), "."); d.Replay != want {
		t.Errorf("replay %q, want %q", d.Replay, want)
	}
	after, _ := os.ReadDir(dir)
	if len(after) != len(before) {
		t.Errorf("the corpus went from %d to %d files", len(before), len(after))
	}

	var stdout bytes.Buffer
	runIn(t, context.Background(), &stdout, io.Discard, "-run", "FuzzFatal", ".", minimal)
	for _, want := range []string{"unchanged: nothing smaller fails the same way: " + minimal, "0 minimized, 1 already minimal"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout.String())
		}
	}
	if strings.Contains(stdout.String(), "wrote:") {
		t.Errorf("the report says it wrote something:\n%s", stdout.String())
	}
}

// TestUnwritableCorpus minimizes a crasher whose target's corpus
// directory cannot be written (a file is in its way, which stops root
// too): exit 2, and the result is printed and saved elsewhere.
func TestUnwritableCorpus(t *testing.T) {
	endToEnd(t)
	resetCorpus(t, "FuzzFatal")
	crasher := filepath.Join(t.TempDir(), "crasher")
	data, err := os.ReadFile(filepath.Join(fixtureDir, "testdata", "fuzz", "FuzzFatal", "crasher"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(crasher, data, 0o644)
	dir := filepath.Join(fixtureDir, "testdata", "fuzz", "FuzzFatal")
	os.RemoveAll(dir)
	if err := os.WriteFile(dir, []byte("in the way\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resetCorpus(t, "FuzzFatal") }) // after t.Chdir is undone
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)

	const want = "go test fuzz v1\nstring(\"xxx\")\n"
	code, events, stderr := runTool(t, context.Background(), "-run", "FuzzFatal", ".", crasher)
	if code != exitError {
		t.Errorf("exit code %d, want %d: the result is not in the corpus; stderr %s", code, exitError, stderr)
	}
	done := byTarget(events, "FuzzFatal", "done")
	if len(done) != 1 {
		t.Fatalf("done events %+v, want one", events)
	}
	d := done[0]
	if d.Content != want || d.File != "" || d.Verified == nil || *d.Verified || !strings.Contains(d.WriteError, "testdata/fuzz/FuzzFatal") {
		t.Errorf("done %+v: want the content %q, no file, not verified, a write error naming the directory", d, want)
	}
	if !strings.HasPrefix(d.Saved, filepath.Join(tmp, resultsDir, "FuzzFatal")+string(filepath.Separator)) {
		t.Errorf("saved %q, want a file in $TMPDIR/%s/FuzzFatal", d.Saved, resultsDir)
	}
	if got, err := os.ReadFile(d.Saved); err != nil || string(got) != want {
		t.Errorf("the saved copy holds %q (%v), want %q", got, err, want)
	}

	var stdout bytes.Buffer
	runIn(t, context.Background(), &stdout, io.Discard, "-run", "FuzzFatal", ".", crasher)
	for _, s := range []string{"    string(\"xxx\")\n", "not written: cannot write to testdata/fuzz/FuzzFatal", "saved:     " + d.Saved} {
		if !strings.Contains(stdout.String(), s) {
			t.Errorf("the report lacks %q:\n%s", s, stdout.String())
		}
	}

	// No copy either: files in the way of both places for one. The
	// entry printed is then the only record, and the report says so.
	os.RemoveAll(filepath.Join(tmp, resultsDir))
	for _, dir := range []string{tmp, fixtureDir} {
		if err := os.WriteFile(filepath.Join(dir, resultsDir), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	defer os.Remove(filepath.Join(fixtureDir, resultsDir))
	stdout.Reset()
	code = runIn(t, context.Background(), &stdout, io.Discard, "-run", "FuzzFatal", ".", crasher)
	if code != exitError {
		t.Errorf("no copy: exit code %d, want %d", code, exitError)
	}
	for _, s := range []string{"    string(\"xxx\")\n", "saved:     nowhere"} {
		if !strings.Contains(stdout.String(), s) {
			t.Errorf("no copy: the report lacks %q:\n%s", s, stdout.String())
		}
	}
}

func TestSweepTempDirs(t *testing.T) {
	root := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	deadPID, livePID := dead.ProcessState.Pid(), os.Getppid()
	host, _ := os.Hostname()
	for _, tc := range []struct {
		name, owner, reason string
		kept                bool
	}{
		{fmt.Sprintf("minimize-%d-1", deadPID), host, "its process is gone", false},
		{fmt.Sprintf("minimize-%d-2", livePID), host, "its process runs", true},
		{fmt.Sprintf("minimize-%d-3", os.Getpid()), host, "this process's own", true},
		{fmt.Sprintf("minimize-%d-4", deadPID), "", "no owner file: not certainly this tool's", true},
		{fmt.Sprintf("minimize-%d-5", deadPID), "elsewhere", "another host's process, with another pid space", true},
		{"minimize-test-123", host, "not a pid", true},
		{resultsDir, host, "results are not temporary", true},
	} {
		dir := filepath.Join(root, tc.name)
		os.MkdirAll(filepath.Join(dir, "bins"), 0o777)
		if tc.owner != "" {
			os.WriteFile(filepath.Join(dir, tempDirOwner), []byte(tc.owner+"\n"), 0o644)
		}
	}
	sweepTempDirs(root)
	for _, tc := range []struct {
		name, reason string
		kept         bool
	}{
		{fmt.Sprintf("minimize-%d-1", deadPID), "its process is gone", false},
		{fmt.Sprintf("minimize-%d-2", livePID), "its process runs", true},
		{fmt.Sprintf("minimize-%d-3", os.Getpid()), "this process's own", true},
		{fmt.Sprintf("minimize-%d-4", deadPID), "no owner file: not certainly this tool's", true},
		{fmt.Sprintf("minimize-%d-5", deadPID), "another host's", true},
		{"minimize-test-123", "not a pid", true},
		{resultsDir, "results are not temporary", true},
	} {
		_, err := os.Stat(filepath.Join(root, tc.name))
		if kept := err == nil; kept != tc.kept {
			t.Errorf("%s: kept %v, want %v (%s)", tc.name, kept, tc.kept, tc.reason)
		}
	}
}

// leftTempDirs lists the tool's temporary directories in dir.
func leftTempDirs(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tempDirPrefix) && e.Name() != resultsDir {
			left = append(left, e.Name())
		}
	}
	return left
}

// TestSignals runs the command as a process and stops it as a shell
// would: its reader goes away (| head), or SIGTERM. It must end by
// itself, keep the best input so far, and leave no temporary directory.
func TestSignals(t *testing.T) {
	endToEnd(t)
	if runtime.GOOS == "windows" {
		t.Skip("POSIX signals")
	}
	bin := buildTool(t)
	for _, tc := range []struct {
		name, reason string
		target       string
		args         []string
		stop         func(cmd *exec.Cmd, stdout *os.File)
		after        string // what the output must say after the stop
	}{
		{"broken pipe", "| head: the reader closes after a few lines",
			"FuzzRecord", []string{"-json", "-parallel", "1", "-run", "^FuzzRecord$", "."},
			func(cmd *exec.Cmd, stdout *os.File) { stdout.Close() }, ""},
		{"SIGTERM", "a job control or CI timeout, mid-reduction of a slow target",
			"FuzzHang", []string{"-json", "-parallel", "1", "-timeout", "2s", "-run", "^FuzzHang$", "."},
			func(cmd *exec.Cmd, stdout *os.File) { cmd.Process.Signal(syscall.SIGTERM) }, `"status":"interrupted"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resetCorpus(t, tc.target)
			tmp := t.TempDir()
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd := exec.Command(bin, tc.args...)
			cmd.Dir = fixtureDir
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			cmd.Stdout, cmd.Stderr = w, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			w.Close()
			// Wait for the first smaller input, so that the best so far
			// is a new file.
			br := bufio.NewReader(r)
			for {
				line, err := br.ReadString('\n')
				if err != nil {
					t.Fatalf("the output ended before a shrink event: %v; stderr %s", err, stderr.String())
				}
				if strings.Contains(line, `"event":"shrink"`) {
					break
				}
			}
			tc.stop(cmd, r)
			rest, _ := io.ReadAll(br) // nothing after a closed pipe
			r.Close()
			err = cmd.Wait()
			if !strings.Contains(string(rest), tc.after) {
				t.Errorf("the output after the stop lacks %s (%s):\n%s", tc.after, tc.reason, rest)
			}
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				t.Errorf("killed by %v (%s); stderr:\n%s", ws.Signal(), tc.reason, stderr.String())
			}
			if left := leftTempDirs(t, tmp); len(left) > 0 {
				t.Errorf("left %q in TMPDIR (%s)", left, tc.reason)
			}
			entries, _ := os.ReadDir(filepath.Join(fixtureDir, "testdata", "fuzz", tc.target))
			orig, _ := os.ReadDir(filepath.Join("testdata", "fixture", "testdata", "fuzz", tc.target))
			if len(entries) != len(orig)+1 {
				t.Errorf("the corpus has %d files, want the %d originals and the best so far (%s); exit %v; output after the shrink:\n%s\nstderr:\n%s",
					len(entries), len(orig), tc.reason, err, rest, stderr.String())
			}
		})
	}
}

func TestWorkerMemLimit(t *testing.T) {
	const warning = "minimize: warning: the inherited address-space limit (ulimit -v) is 1000000KiB; a Go process reserves hundreds of MiB of address space, so below about 1536MiB the tool's workers fail now and then with out of memory\n"
	for _, tc := range []struct {
		name, reason string
		limit        int64
		set          bool
		text         string
		inherited    int64
		want         int64
		stderr       string
	}{
		{"no inherited limit", "the default applies", 4 << 30, false, "4GiB", 0, 4 << 30, ""},
		{"no limit at all", "-memlimit 0 and nothing inherited", 0, true, "0", 0, 0, ""},
		{"no limit asked, one inherited", "-memlimit 0 under ulimit -v: the inherited one still holds", 0, false, "0", 3 << 30, 3 << 30, ""},
		{"default above inherited", "ulimit -v 2000000: the workers run under it; 4GiB cannot be set", 4 << 30, false, "4GiB", 2000000 << 10, 2000000 << 10, ""},
		{"explicit above inherited", "the user asked for more than can be had: one line says so", 8 << 30, true, "8GiB", 3 << 30, 3 << 30,
			"minimize: -memlimit 8GiB: workers run under the lower address-space limit this process inherited (ulimit -v), 3GiB\n"},
		{"below inherited", "a lower limit can be set", 1 << 30, true, "1GiB", 3 << 30, 1 << 30, ""},
		{"inherited too low", "below ~1.5 GiB Go processes fail at random: warn", 4 << 30, false, "4GiB", 1000000 << 10, 1000000 << 10, warning},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w bytes.Buffer
			got := workerMemLimit(tc.limit, tc.set, tc.text, tc.inherited, &w)
			if got != tc.want || w.String() != tc.stderr {
				t.Errorf("got %d and %q, want %d and %q (%s)", got, w.String(), tc.want, tc.stderr, tc.reason)
			}
		})
	}
}

// TestDoneEventLong checks the text report of a result with a long value:
// the entry is shown elided, and says where the whole of it is.
func TestDoneEventLong(t *testing.T) {
	var out bytes.Buffer
	r := newReporter(&out, false, false)
	verified := true
	long := "go test fuzz v1\n[]byte(\"" + strings.Repeat("A", 500) + "BUG" + strings.Repeat("A", 500) + "\")\n"
	r.doneEvent(event{
		Target: "FuzzBig", Entry: "testdata/fuzz/FuzzBig/crasher", Status: "minimized",
		Before: &size{}, After: &size{}, Content: elideText(long, jsonContentLimit),
		File: "testdata/fuzz/FuzzBig/0123", Replay: replayCommand("FuzzBig", "0123", "."), Verified: &verified,
	})
	want := "  entry:\n    go test fuzz v1\n    []byte(\"" + strings.Repeat("A", 142) + " … (813 bytes elided) … " + strings.Repeat("A", 48) + "\")\n" +
		"    (elided: the file below holds the whole entry)\n  wrote:     testdata/fuzz/FuzzBig/0123\n"
	if !strings.Contains(out.String(), want) {
		t.Errorf("the report:\n%s\nlacks:\n%s", out.String(), want)
	}
}

// TestDoneEventUnchanged checks that "unchanged" claims nothing smaller
// fails only when the reduction reached its fixed point, not when a
// budget stopped it.
func TestDoneEventUnchanged(t *testing.T) {
	for _, tc := range []struct {
		stop, want, reason string
	}{
		{"fixed point", "  unchanged: nothing smaller fails the same way: testdata/fuzz/FuzzX/e\n", "every pass was tried"},
		{"budget exhausted", "  unchanged: nothing smaller found before the reduction stopped (budget exhausted): testdata/fuzz/FuzzX/e\n", "-maxtime ended it"},
	} {
		t.Run(tc.stop, func(t *testing.T) {
			var out bytes.Buffer
			verified := true
			newReporter(&out, false, false).doneEvent(event{
				Target: "FuzzX", Entry: "testdata/fuzz/FuzzX/e", Status: "unchanged", Unchanged: true, Stop: tc.stop,
				Before: &size{}, After: &size{}, File: "testdata/fuzz/FuzzX/e", Replay: replayCommand("FuzzX", "e", "."), Verified: &verified,
			})
			if !strings.Contains(out.String(), tc.want) {
				t.Errorf("the report:\n%s\nlacks %q (%s)", out.String(), tc.want, tc.reason)
			}
		})
	}
}
