package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStackDivisor runs a finite recursion in workers of the fixture's
// test binary, with and without the divided stack limit: the hook the
// tool adds to the binary must apply the divisor from the environment,
// and only when asked.
func TestStackDivisor(t *testing.T) {
	endToEnd(t)
	ctx := context.Background()
	wd, _ := os.Getwd()
	if err := os.Chdir(fixtureDir); err != nil {
		t.Fatal(err)
	}
	pkgs, err := listPackages(ctx, []string{"."})
	os.Chdir(wd)
	if err != nil {
		t.Fatal(err)
	}
	m := &minimizer{cfg: &config{bins: bins, timeout: 30 * time.Second}, an: newAnalyzer(goroot), tmp: t.TempDir()}
	p := pkgs[0]
	if err := m.build(ctx, p, 0); err != nil {
		t.Fatal(err)
	}
	if !p.stackHook {
		t.Fatal("the fixture's test binary was built without the stack hook")
	}
	cfg := workerConfig{bin: p.Bin, dir: p.Dir, target: "FuzzDeepRecursion", timeout: 30 * time.Second, tmp: m.tmp}
	pl, err := newPool(cfg, 1, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	defer pl.close()
	r := &runner{m: m, t: &target{pkg: p, name: "FuzzDeepRecursion", types: typesOf([]any{""})}, pool: pl}
	at := markers(t)
	for _, tc := range []struct {
		input    string
		divisor  int
		overflow bool
	}{
		{"a", 0, false},
		{"a", stackDivisor, true},
		{"b", 0, true},
		{"a", 1, false},
		{"b", stackDivisor, true},
	} {
		pl.divideStack(tc.divisor)
		a, err := r.execute(ctx, []any{tc.input})
		if err != nil {
			t.Fatal(err)
		}
		want := "passes"
		if tc.overflow {
			want = "stack overflow at " + at["deep"]
		}
		got := "passes"
		if a.failed {
			got = a.failure.Signature
		}
		if got != want {
			t.Errorf("%q with the stack limit divided by %d: %s, want %s", tc.input, tc.divisor, got, want)
		}
	}
}

// TestStackHookSource checks that the hook names the variable the
// workers set, and that its file is a test file the overlay adds.
func TestStackHookSource(t *testing.T) {
	dir := t.TempDir()
	p := &pkg{ImportPath: "example.com/x", Name: "x", Dir: "/src/x"}
	overlay, err := writeStackOverlay(dir, 3, p)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(overlay)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join("/src/x", stackHookFile); !strings.Contains(string(data), want) || !strings.HasSuffix(stackHookFile, "_test.go") {
		t.Errorf("overlay %s does not add a test file %s", data, want)
	}
	hook, err := os.ReadFile(filepath.Join(dir, "3-"+stackHookFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(hook), "package x\n") || !strings.Contains(string(hook), `"`+envStackDivisor+`"`) {
		t.Errorf("hook source:\n%s", hook)
	}
}
