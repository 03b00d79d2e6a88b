//go:build linux || freebsd

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestInheritedMemLimit runs the command under ulimit -v 2000000 (about
// 1.9 GiB, as some CI runners and sandboxes set), below the default
// -memlimit of 4 GiB, which a process cannot raise its limit to. Every
// worker must still run, and a huge allocation still fail as out of
// memory.
func TestInheritedMemLimit(t *testing.T) {
	endToEnd(t)
	bin := buildTool(t)
	at := markers(t)
	resetCorpus(t, "FuzzFatal")
	resetCorpus(t, "FuzzHugeAlloc")
	cmd := exec.Command("sh", "-c", `ulimit -v 2000000 && exec "$0" "$@"`, bin, "-json", "-parallel", "1", "-run", "^(FuzzFatal|FuzzHugeAlloc)$", ".")
	cmd.Dir = fixtureDir
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		t.Errorf("%v; stderr:\n%s", err, stderr.String())
	}
	want := map[string]string{
		"FuzzFatal":     "failed at " + at["fatal"],
		"FuzzHugeAlloc": "out of memory at " + at["alloc"],
	}
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		var e event
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if e.Event == "error" {
			t.Errorf("error: %s", e.Message)
		}
		if e.Event != "done" || e.Status == "passes" {
			continue
		}
		if e.Status != "minimized" || e.Signature != want[e.Target] || e.Verified == nil || !*e.Verified {
			t.Errorf("%s: %s %q verified %v, want minimized %q and verified", e.Target, e.Status, e.Signature, e.Verified, want[e.Target])
		}
		// The limit the failure needs is the inherited one.
		if e.Target == "FuzzHugeAlloc" && !strings.HasPrefix(e.Replay, "(ulimit -v 2000000 && go test ") {
			t.Errorf("%s: replay %q, want it under ulimit -v 2000000", e.Target, e.Replay)
		}
		delete(want, e.Target)
	}
	for target := range want {
		t.Errorf("%s was not minimized; output:\n%s", target, stdout.String())
	}
}

// TestMemLimitAboveInherited checks what an explicit -memlimit above the
// inherited address-space limit does: the workers run under the
// inherited one, and one line says so.
func TestMemLimitAboveInherited(t *testing.T) {
	var saved syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &saved); err != nil {
		t.Fatal(err)
	}
	lowered := saved
	lowered.Cur = 3 << 30 // the soft limit only, so that it can be restored
	if saved.Max < lowered.Cur {
		t.Skipf("the hard limit %d is already below 3 GiB", saved.Max)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lowered); err != nil {
		t.Skip(err)
	}
	var stderr bytes.Buffer
	c, err := parseArgs([]string{"-memlimit", "8GiB", filepath.Join("testdata", "fixture")}, &stderr)
	c2, err2 := parseArgs([]string{"-memlimit", "1GiB", filepath.Join("testdata", "fixture")}, &bytes.Buffer{})
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &saved); err != nil {
		t.Fatal(err)
	}
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	if c.memLimit != 3<<30 {
		t.Errorf("-memlimit 8GiB under a 3 GiB limit: workers get %d, want the inherited limit", c.memLimit)
	}
	if want := "minimize: -memlimit 8GiB: workers run under the lower address-space limit this process inherited (ulimit -v), 3GiB\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if c2.memLimit != 1<<30 {
		t.Errorf("-memlimit 1GiB under a 3 GiB limit: workers get %d, want 1GiB", c2.memLimit)
	}
}
