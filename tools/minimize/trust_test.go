package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/shortlex/shortlex/corpus"
)

// The tests below run the command on bad targets: each once made it
// report a wrong or unreproducible result with exit 0. They assert the
// exit status and what the report says, never how long anything took.

// allMarkers maps the "// at:name" comments of every Go file of the
// fixture to file:line.
func allMarkers(t *testing.T) map[string]string {
	t.Helper()
	at := map[string]string{}
	paths, _ := filepath.Glob(filepath.Join("testdata", "fixture", "*.go"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if _, name, ok := strings.Cut(line, "// at:"); ok {
				at[strings.TrimSpace(name)] = fmt.Sprintf("%s:%d", filepath.Base(p), i+1)
			}
		}
	}
	return at
}

// minimizeOne runs the command on one fixture target with extra flags and
// returns the exit code, the target's single done event (if there is
// one) and every event.
func minimizeOne(t *testing.T, target string, flags ...string) (int, *event, []event) {
	t.Helper()
	resetCorpus(t, target)
	args := append(append([]string{}, flags...), "-run", "^"+target+"$", ".")
	code, events, stderr := runTool(t, context.Background(), args...)
	done := byTarget(events, target, "done")
	if len(done) > 1 {
		t.Fatalf("done events %+v, want at most one; stderr: %s", done, stderr)
	}
	if len(done) == 0 {
		return code, nil, events
	}
	return code, &done[0], events
}

// minimizedValues reads the corpus file a done event wrote.
func minimizedValues(t *testing.T, d *event) []any {
	t.Helper()
	e, err := corpus.ReadFile(filepath.Join(fixtureDir, d.File))
	if err != nil {
		t.Fatal(err)
	}
	return e.Values
}

// TestSignatureDoesNotSlip: a failure reported from a helper without
// t.Helper, a log line or a skip line printed after the failure must not
// make every failure look alike, or the reduction slips to another bug
// (here: a NUL byte, checked first) and reports it as this one.
func TestSignatureDoesNotSlip(t *testing.T) {
	endToEnd(t)
	at := allMarkers(t)
	for _, tc := range []struct {
		target, reason, signature string
	}{
		{"FuzzHelper", "expect fails for both bugs on one line; its message tells them apart",
			"failed at " + at["expect"] + ": expectation failed: short"},
		{"FuzzLogged", "a log through a helper is printed last on every run; the failure is the t.Errorf",
			"failed at " + at["logged"]},
		{"FuzzSkipped", "t.Skip after t.Errorf is printed last; the failure is the t.Errorf",
			"failed at " + at["skipped"]},
	} {
		t.Run(tc.target, func(t *testing.T) {
			code, d, _ := minimizeOne(t, tc.target, "-timeout", "5s")
			if code != exitMinimized || d == nil || d.Status != "minimized" {
				t.Fatalf("exit %d, done %+v; want exit %d, minimized", code, d, exitMinimized)
			}
			if d.Signature != tc.signature {
				t.Errorf("signature %q, want %q (%s)", d.Signature, tc.signature, tc.reason)
			}
			// The crasher's bug at its smallest in the values' shortlex
			// order: 10 bytes, none of them NUL (that is the other bug).
			want := strings.Repeat("\x01", 10)
			if got := minimizedValues(t, d); len(got) != 1 || got[0] != want {
				t.Errorf("minimized to %q, want %q: a NUL would be another bug (%s)", got, want, tc.reason)
			}
		})
	}
}

// TestLeakedState: a target whose failure depends on what earlier runs
// in the same process left behind reduces, in a long-lived worker, to an
// input that passes on its own. It must not be reported as minimized.
func TestLeakedState(t *testing.T) {
	endToEnd(t)
	code, d, _ := minimizeOne(t, "FuzzLeak", "-parallel", "1")
	if code != exitFlaky {
		t.Errorf("exit %d, want %d", code, exitFlaky)
	}
	if d == nil || d.Status != "unverified" || d.Verified == nil || *d.Verified {
		t.Fatalf("done %+v, want status unverified", d)
	}
	if !strings.Contains(d.Message, "passes when replayed alone") {
		t.Errorf("message %q does not say that it passes when replayed alone", d.Message)
	}
}

// TestReplayMatches: failures whose signature in a worker differed from
// the one a plain replay gives.
func TestReplayMatches(t *testing.T) {
	endToEnd(t)
	at := allMarkers(t)
	for _, tc := range []struct {
		target, reason, signature string
	}{
		{"FuzzGoexit", "testing reports runtime.Goexit from testing.go in a worker and as a panic in go test",
			"panic: test executed panic(nil) or runtime.Goexit at " + at["goexit"]},
		{"FuzzBlocked", "blocked forever: a hang in a worker, a deadlock where nothing else runs",
			"deadlock at " + at["blocked"]},
	} {
		t.Run(tc.target, func(t *testing.T) {
			// 2s: a run that does not block takes microseconds, even on a
			// loaded machine; each one that blocks costs the whole timeout.
			code, d, _ := minimizeOne(t, tc.target, "-timeout", "2s", "-replays", "2")
			if code != exitMinimized || d == nil || d.Status != "minimized" {
				t.Fatalf("exit %d, done %+v; want exit %d, minimized", code, d, exitMinimized)
			}
			if d.Signature != tc.signature {
				t.Errorf("signature %q, want %q (%s)", d.Signature, tc.signature, tc.reason)
			}
			if d.Verified == nil || !*d.Verified {
				t.Errorf("not verified: the replay says %q", d.ReplaySignature)
			}
			// Any 3 bytes fail; the smallest are three NULs.
			if got := minimizedValues(t, d); len(got) != 1 || got[0] != "\x00\x00\x00" {
				t.Errorf("minimized to %q, want %q", got, "\x00\x00\x00")
			}
		})
	}
}

// TestSometimesHangs: a target that hangs on two runs of three is flaky,
// however expensive each hanging replay is.
func TestSometimesHangs(t *testing.T) {
	endToEnd(t)
	os.Remove(filepath.Join(fixtureDir, "sometimes.count"))
	defer os.Remove(filepath.Join(fixtureDir, "sometimes.count"))
	code, d, _ := minimizeOne(t, "FuzzSometimes", "-timeout", "2s", "-parallel", "1")
	if code != exitFlaky || d == nil || d.Status != "flaky" {
		t.Fatalf("exit %d, done %+v; want exit %d, flaky", code, d, exitFlaky)
	}
	if !slicesContain(d.Replays, "passes") {
		t.Errorf("replays %q: want a passing one", d.Replays)
	}
}

// TestTimeoutAboveWorkerDeadline: Go's fuzz worker ends any run after 10
// seconds by itself; a longer -timeout is refused, not silently capped.
func TestTimeoutAboveWorkerDeadline(t *testing.T) {
	endToEnd(t)
	code, d, events := minimizeOne(t, "FuzzFatal", "-timeout", "30s")
	if code != exitError || d != nil {
		t.Fatalf("exit %d, done %+v; want exit %d and nothing run", code, d, exitError)
	}
	var msgs []string
	for _, e := range events {
		if e.Event == "error" {
			msgs = append(msgs, e.Message)
		}
	}
	if len(msgs) != 1 || !strings.Contains(msgs[0], "-timeout 30s") || !strings.Contains(msgs[0], "10s") {
		t.Errorf("error events %q: want one that names -timeout 30s and Go's 10s limit", msgs)
	}
}

// TestReplayCommandReproduces: the printed go test command of a failure
// that happens only under the tool's memory limit or timeout must carry
// that limit, so that it fails when a person runs it.
func TestReplayCommandReproduces(t *testing.T) {
	endToEnd(t)
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run the printed command")
	}
	at := allMarkers(t)
	for _, tc := range []struct {
		target, reason, signature string
		flags                     []string
	}{
		{"FuzzBigAlloc", "8 GiB fails under the 4 GiB -memlimit and passes without it",
			"out of memory at " + at["bigalloc"], []string{"-timeout", "5s"}},
		{"FuzzSlow", "3 s is a hang under -timeout 2s and passes under go test's default 10m",
			"hang at " + at["slow"], []string{"-timeout", "2s", "-replays", "2"}},
	} {
		t.Run(tc.target, func(t *testing.T) {
			code, d, _ := minimizeOne(t, tc.target, tc.flags...)
			if code != exitMinimized || d == nil || d.Status != "minimized" {
				t.Fatalf("exit %d, done %+v; want exit %d, minimized", code, d, exitMinimized)
			}
			if d.Signature != tc.signature {
				t.Errorf("signature %q, want %q (%s)", d.Signature, tc.signature, tc.reason)
			}
			cmd := exec.Command("sh", "-c", d.Replay)
			cmd.Dir = fixtureDir
			out, _ := cmd.CombinedOutput()
			exit := cmd.ProcessState.ExitCode()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				exit = -1
			}
			if exit == 0 {
				t.Fatalf("the printed command %q passes (%s):\n%s", d.Replay, tc.reason, lastLines(string(out), 20))
			}
			code = 0
			if m := regexp.MustCompile(`(?m)^exit status (\d+)$`).FindStringSubmatch(string(out)); m != nil {
				code = 2
			}
			f, ok := newAnalyzer(goroot).fromReplay(string(out), fixtureDir, code, "")
			if !ok || f.Signature != tc.signature {
				t.Errorf("the printed command %q fails with %q, want %q:\n%s", d.Replay, f.Signature, tc.signature, lastLines(string(out), 20))
			}
		})
	}
}

// TestOneSignatureRule: a panic has the same signature in a fuzzsrc
// property as in a plain target (FuzzIndex panics at the same site), and
// the draws of a fuzzsrc replay come from its record, not its output.
func TestOneSignatureRule(t *testing.T) {
	endToEnd(t)
	at := allMarkers(t)
	code, d, _ := minimizeOne(t, "FuzzFuzzsrcPanic")
	if code != exitMinimized || d == nil || d.Status != "minimized" {
		t.Fatalf("exit %d, done %+v; want exit %d, minimized", code, d, exitMinimized)
	}
	if want := "panic: runtime error: index out of range [] with length at " + at["index"]; d.Signature != want {
		t.Errorf("signature %q, want FuzzIndex's %q", d.Signature, want)
	}
	if d.Verified == nil || !*d.Verified {
		t.Errorf("not verified: the replay says %q", d.ReplaySignature)
	}
	if len(d.Draws) != 2 || !strings.HasPrefix(d.Draws[0], "draw s: ") || !strings.HasPrefix(d.Draws[1], "draw i: ") {
		t.Errorf("draws %q, want the replay's two labeled draws", d.Draws)
	}
}

// TestRunErrorKeepsBest: a run that cannot be carried out (here a worker
// that cannot start again) ends the reduction with StopReason "run
// error"; the best input so far is still written, verified and reported,
// and the error makes the exit status 2.
func TestRunErrorKeepsBest(t *testing.T) {
	endToEnd(t)
	poison := filepath.Join(fixtureDir, "poison")
	os.Remove(poison)
	defer os.Remove(poison)
	at := allMarkers(t)
	code, d, events := minimizeOne(t, "FuzzPoison", "-parallel", "1")
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	if d == nil || d.Status != "minimized" || d.Stop != "run error" || d.Verified == nil || !*d.Verified {
		t.Fatalf("done %+v, want the best so far minimized and verified, stop run error", d)
	}
	if d.Signature != "failed at "+at["poison"] {
		t.Errorf("signature %q", d.Signature)
	}
	if got := minimizedValues(t, d); len(got) != 1 || len(got[0].(string)) < 10 {
		t.Errorf("wrote %q: not a failing input", got)
	}
	errs := byTarget(events, "FuzzPoison", "error")
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "best input so far") {
		t.Errorf("error events %+v, want one saying the reduction stopped and the best so far was written", errs)
	}
}
