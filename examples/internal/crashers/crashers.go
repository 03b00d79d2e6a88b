// Package crashers reduces the crashers an example ships, for the
// examples' tests: each crasher is a corpus file that go test -fuzz
// wrote, kept in testdata/crashers/FuzzX so that go test ./... does not
// replay it.
package crashers

import (
	"context"
	"encoding/json"
	"github.com/google/go-cmp/cmp"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/shortlex/shortlex/corpus"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/minimize"
)

// Crasher is one shipped crasher and what the reducer made of it.
type Crasher struct {
	Name     string // the file's name, which go test -fuzz chose
	Path     string
	Original []byte // the []byte the file holds
	Minimal  []byte // the reduced input
	Result   minimize.Result
}

// Paths lists the crasher files of a fuzz target, sorted, failing tb if
// there are none: an example without a crasher has lost its evidence.
func Paths(tb testing.TB, target string) []string {
	tb.Helper()
	dir := filepath.Join("testdata", "crashers", target)
	ents, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatalf("reading crashers: %v", err)
	}
	var paths []string
	for _, e := range ents {
		if !e.IsDir() {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(paths)
	if len(paths) == 0 {
		tb.Fatalf("no crashers in %s", dir)
	}
	return paths
}

// Read returns the []byte a crasher file holds.
func Read(tb testing.TB, path string) []byte {
	tb.Helper()
	e, err := corpus.ReadFile(path)
	if err != nil {
		tb.Fatalf("%v", err)
	}
	if len(e.Values) != 1 {
		tb.Fatalf("%s: %d values, want one []byte", path, len(e.Values))
	}
	data, ok := e.Values[0].([]byte)
	if !ok {
		tb.Fatalf("%s: holds a %T, want []byte", path, e.Values[0])
	}
	return data
}

// Reduce reads the crasher at path, checks that it still fails prop, and
// reduces it in-process with one worker, so that the result is
// deterministic. opts.Workers is forced to 1; opts.OnShrink, if set, sees
// every input the reducer accepts.
func Reduce(tb testing.TB, path string, prop func(*fuzzsrc.T), opts minimize.Options) Crasher {
	tb.Helper()
	data := Read(tb, path)
	if r := engine.Run(data, prop); r.Failure == nil {
		tb.Fatalf("%s no longer fails: the planted bug is gone or the generator changed", path)
	}
	run := func(_ context.Context, in []byte) (minimize.Outcome, error) {
		return engine.Run(in, prop).Outcome(), nil
	}
	opts.Workers = 1
	res, err := minimize.Minimize(context.Background(), data, run, opts)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return Crasher{Name: filepath.Base(path), Path: path, Original: data, Minimal: res.Input, Result: res}
}

// Case is one shipped crasher of a fuzz target: its file name under
// testdata/crashers/<target>, why it is there, and the value its minimal
// input must draw.
type Case[V any] struct {
	Name   string
	Reason string
	Want   V
}

// CheckMinimal reduces each shipped crasher of target in-process and
// checks that draw reads the case's Want from the minimal input. It fails
// if the cases do not list every crasher shipped.
func CheckMinimal[V any](t *testing.T, target string, prop func(*fuzzsrc.T), draw func(*fuzzsrc.T) V, cases []Case[V]) {
	t.Helper()
	if got := len(Paths(t, target)); got != len(cases) {
		t.Fatalf("%d crashers shipped, %d in the table", got, len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			c := Reduce(t, filepath.Join("testdata", "crashers", target, tc.Name), prop, minimize.Options{})
			if diff := cmp.Diff(tc.Want, Decode(c.Minimal, draw)); diff != "" {
				t.Errorf("%s: reduced to input %q (-want +got):\n%s", tc.Reason, c.Minimal, diff)
			}
		})
	}
}

// Decode runs draw on input, as the property would, and returns what it
// drew: the value a reduced input stands for.
func Decode[V any](input []byte, draw func(*fuzzsrc.T) V) V {
	var v V
	engine.Run(input, func(t *fuzzsrc.T) { v = draw(t) })
	return v
}

// ToolResult is what the minimize tool did with one crasher.
type ToolResult struct {
	Event   ToolEvent // the tool's "done" event
	Minimal []byte    // the input in the corpus file it wrote
	Output  string    // everything it printed
	Replay  string    // what go test printed replaying the file
}

// ToolEvent is the part of tools/minimize's -json "done" event the
// examples check.
type ToolEvent struct {
	Event     string   `json:"event"`
	Status    string   `json:"status"`
	Signature string   `json:"signature"`
	File      string   `json:"file"`
	Verified  *bool    `json:"verified"`
	Draws     []string `json:"draws"`
}

// RunTool is the end-to-end check: it runs tools/minimize on a copy of a
// crasher, as a user would, then replays the corpus file the tool wrote
// with plain go test and checks that it fails with the same signature.
//
// The tool writes into the target's testdata/fuzz, where go test ./...
// would replay the failing entry. So that no concurrent go test in the
// checkout sees it, the tool runs on a copy of the package's harness as
// OSS-Fuzz builds it (the non-test files and the fuzz target's file
// harness) in a directory under testdata, which ./... skips; the copy is
// removed at the end. Skipped under -short: it builds the tool and two
// test binaries.
func RunTool(t *testing.T, harness, target, crasher string) ToolResult {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end run of tools/minimize: skipped under -short")
	}
	root := moduleRoot(t)
	pkg, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	copyDir, err := os.MkdirTemp(filepath.Join(pkg, "testdata"), "e2e-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(copyDir) })
	files, err := filepath.Glob(filepath.Join(pkg, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if base := filepath.Base(f); base == harness || !strings.HasSuffix(base, "_test.go") {
			copyFile(t, f, filepath.Join(copyDir, base))
		}
	}
	// The tool reads the target from the directory the file is in.
	input := filepath.Join(t.TempDir(), target, filepath.Base(crasher))
	copyFile(t, crasher, input)

	rel, err := filepath.Rel(root, copyDir)
	if err != nil {
		t.Fatal(err)
	}
	pkgArg := "./" + filepath.ToSlash(rel)
	out, err := goCmd(root, nil, "run", "./tools/minimize", "-json", "-parallel", "1", pkgArg, input)
	if err != nil {
		t.Fatalf("go run ./tools/minimize: %v\n%s", err, out)
	}
	var r ToolResult
	r.Output = out
	for _, line := range strings.Split(out, "\n") {
		var ev ToolEvent
		if json.Unmarshal([]byte(line), &ev) == nil && ev.Event == "done" {
			r.Event = ev
		}
	}
	ev := r.Event
	if ev.Status != "minimized" || ev.File == "" || ev.Verified == nil || !*ev.Verified {
		t.Fatalf("the tool did not report a verified minimized file:\n%s", out)
	}
	e, err := corpus.ReadFile(filepath.Join(root, ev.File))
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Values) != 1 {
		t.Fatalf("%s: %d values, want one []byte", ev.File, len(e.Values))
	}
	r.Minimal, _ = e.Values[0].([]byte)

	// Replay as the tool's report says, with go test alone. In-process
	// shrinking is off: the entry is already minimal, and the report then
	// shows the entry as it is.
	name := filepath.Base(ev.File)
	r.Replay, err = goCmd(root, []string{fuzzsrc.EnvShrink + "=0"}, "test", "-count=1", "-run=^"+target+"$/^"+name+"$", pkgArg)
	if err == nil {
		t.Fatalf("go test -run=%s/%s passed; want the crash to replay:\n%s", target, name, r.Replay)
	}
	for _, want := range []string{"--- FAIL: " + target + "/" + name, "signature: " + ev.Signature} {
		if !strings.Contains(r.Replay, want) {
			t.Errorf("replaying %s: output lacks %q:\n%s", name, want, r.Replay)
		}
	}
	return r
}

// CheckDraws checks that the tool reported the draws that the property,
// explained in-process on the minimal input, makes: the same minimal
// value, as the user reads it.
func CheckDraws(t *testing.T, r ToolResult, prop func(*fuzzsrc.T)) {
	t.Helper()
	reported := strings.Join(r.Event.Draws, "\n")
	for _, d := range engine.Explain(r.Minimal, prop).Draws {
		if line := "draw " + d.Label + ": " + d.Value; !strings.Contains(reported, line) {
			t.Errorf("the tool's report lacks %q:\n%s", line, reported)
		}
	}
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	out, err := goCmd("", nil, "env", "GOMOD")
	gomod := strings.TrimSpace(out)
	if err != nil || gomod == "" || gomod == os.DevNull {
		t.Fatalf("go env GOMOD: %q, %v", out, err)
	}
	return filepath.Dir(gomod)
}

// goCmd runs the go command in dir and returns its combined output.
func goCmd(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err == nil {
		if err = os.MkdirAll(filepath.Dir(to), 0o777); err == nil {
			err = os.WriteFile(to, b, 0o666)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}
