package fuzzsrc

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/shrink")

// namedTB is a fakeTB with a fuzz test's name, so that reports name the
// corpus entry they would save.
type namedTB struct {
	fakeTB
	name string
}

func (n *namedTB) Name() string { return n.name }

// checkReport runs Check on data and returns the report it gave, by
// Fatalf or, for a panic, Logf.
func checkReport(t *testing.T, name string, data []byte, prop func(*T)) string {
	t.Helper()
	tb := &namedTB{name: name}
	func() {
		defer func() { recover() }()
		Check(tb, data, prop)
	}()
	switch {
	case len(tb.fatal) == 1:
		return tb.fatal[0]
	case len(tb.logs) == 1:
		return tb.logs[0]
	}
	t.Fatalf("Check reported nothing: %+v", tb)
	return ""
}

// durations in reports vary from run to run; runs do not (one worker).
var durationRE = regexp.MustCompile(`runs, [0-9.]+(ns|µs|ms|s)\b`)

func golden(t *testing.T, name, got string) {
	t.Helper()
	got = durationRE.ReplaceAllString(got, "runs, DURATION") + "\n"
	path := filepath.Join("testdata", "shrink", name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("report differs from %s (run with -update after checking):\n--- got\n%s--- want\n%s", path, got, want)
	}
}

func TestShrinkReportGolden(t *testing.T) {
	t.Setenv(EnvShrink, "")
	t.Setenv(EnvSave, "")
	tests := []struct {
		name   string
		reason string
		data   []byte
		prop   func(*T)
	}{
		{"fatal", "a list with a value over 1000 shrinks to [1001], shown as its draw log and entry",
			[]byte{0xff, 0, 0, 0, 0, 0, 0, 0x30, 0x39, 0xff, 0x7f, 1, 2, 3, 4, 5, 6, 7, 8},
			func(t *T) {
				xs := SliceOf(Int()).Draw(t, "xs")
				t.Logf("len %d", len(xs))
				for _, x := range xs {
					if x > 1000 {
						t.Fatalf("found %d", x)
					}
				}
			}},
		{"panic", "an index out of range, reported from the panic path",
			[]byte{9, 200, 17, 4},
			func(t *T) {
				s := make([]int, Byte().Draw(t, "len"))
				i := Byte().Draw(t, "i")
				_ = s[i]
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, checkReport(t, "FuzzGolden/seed#0", tt.data, tt.prop))
		})
	}
}

func TestShrinkFlaky(t *testing.T) {
	var calls atomic.Int32
	report := checkReport(t, "FuzzFlaky/seed#0", []byte{1}, func(t *T) {
		if calls.Add(1) == 1 {
			t.Fatalf("only the first time")
		}
	})
	if !strings.Contains(report, "did not happen again") || strings.Contains(report, "minimized") {
		t.Errorf("a failure that does not recur must be reported as such, not shrunk:\n%s", report)
	}
}

func TestShrinkStopsOnHang(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the watchdog")
	}
	report := checkReport(t, "FuzzHang/seed#0", []byte{0x80, 0x80}, func(t *T) {
		n := Byte().Draw(t, "n")
		if n == 0 {
			select {} // hangs; blocks without burning a core
		}
		if n > 5 {
			t.Fatalf("big")
		}
	})
	for _, want := range []string{"shrinking stopped early", "cannot be shrunk in-process", "go run github.com/shortlex/shortlex/tools/minimize -run='^FuzzHang$' ."} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
}

func TestShrinkRespectsBudget(t *testing.T) {
	t.Setenv(EnvShrink, "300ms")
	data := bytes.Repeat([]byte{0xff, 0x7f}, 40)
	start := time.Now()
	report := checkReport(t, "FuzzSlow/seed#0", data, func(t *T) {
		xs := SliceOf(Byte()).Draw(t, "xs")
		time.Sleep(10 * time.Millisecond) // a slow target: ~125 runs need over a second
		if len(xs) > 3 {
			t.Fatalf("long")
		}
	})
	// The budget bounds the reduction; reporting re-runs the input twice.
	if took := time.Since(start); took > 300*time.Millisecond+time.Second {
		t.Errorf("Check took %v with a 300ms shrink budget", took)
	}
	if !strings.Contains(report, "stopped at its time budget of 300ms") {
		t.Errorf("report does not say the budget ran out:\n%s", report)
	}
}

func TestShrinkOff(t *testing.T) {
	t.Setenv(EnvShrink, "0")
	report := checkReport(t, "FuzzOff/seed#0", []byte{0xff, 0xff}, func(t *T) {
		if Byte().Draw(t, "n") > 3 {
			t.Fatalf("big")
		}
	})
	if strings.Contains(report, "minimized") || !strings.Contains(report, "draw n: 0xff") {
		t.Errorf("with %s=0 the report shows the input as given:\n%s", EnvShrink, report)
	}
}

func TestShrinkSave(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	t.Setenv(EnvSave, "1")
	report := checkReport(t, "FuzzSave/seed#0", []byte{0xff}, func(t *T) {
		if Byte().Draw(t, "n") > 3 {
			t.Fatalf("big")
		}
	})
	want := "go test fuzz v1\n[]byte(\"\\x04\")\n"
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzSave", "*"))
	if len(files) != 1 {
		t.Fatalf("saved %v, want one entry; report:\n%s", files, report)
	}
	if got, _ := os.ReadFile(files[0]); string(got) != want {
		t.Errorf("saved entry %q, want %q", got, want)
	}
	if !strings.Contains(report, "saved the minimal entry as "+files[0]) {
		t.Errorf("report does not name the saved file:\n%s", report)
	}
}

// TestNoShrinkWhileFuzzing runs a real go test -fuzz on a target whose
// seed fails and one whose failure the fuzzer finds: Go's own coordinator
// and workers run Check then, and it must not shrink.
func TestNoShrinkWhileFuzzing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test -fuzz")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	_, self, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(self))
	dir := t.TempDir()
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	files := map[string]string{
		"go.mod": "module fuzztmp\n\ngo 1.24\n\nrequire github.com/shortlex/shortlex v0.0.0\n\nreplace github.com/shortlex/shortlex => " + root + "\n",
		"go.sum": string(sum),
		"x_test.go": `package fuzztmp

import (
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
)

func FuzzSeed(f *testing.F) {
	f.Add([]byte{0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, func(t *fuzzsrc.T) {
			if fuzzsrc.Byte().Draw(t, "n") > 3 {
				t.Fatalf("big")
			}
		})
	})
}

func FuzzFound(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, func(t *fuzzsrc.T) {
			if fuzzsrc.Byte().Draw(t, "n") > 3 {
				t.Fatalf("big")
			}
		})
	})
}
`,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	run := func(env []string, args ...string) string {
		cmd := exec.Command(goBin, args...)
		cmd.Dir = dir
		cmd.Env = append(append(os.Environ(), "GOFLAGS=-mod=mod"), env...)
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	for _, tt := range []struct {
		name   string
		reason string
		env    []string
		args   []string
		want   []string
		absent string
	}{
		{"plain", "plain go test shrinks the failing seed", nil, []string{"test", "-run=FuzzSeed"},
			[]string{"--- FAIL: FuzzSeed", "minimized the failing input", "draw n: 0x4"}, ""},
		{"off", "the variable turns it off", []string{EnvShrink + "=0"}, []string{"test", "-run=FuzzSeed"},
			[]string{"--- FAIL: FuzzSeed", "draw n: 0xff"}, "minimized"},
		{"fuzz seed", "go test -fuzz runs seeds in its coordinator: no shrinking", nil,
			[]string{"test", "-run=^$", "-fuzz=^FuzzSeed$", "-fuzztime=2s"},
			[]string{"failure while testing seed corpus entry", "draw n: 0xff"}, "minimized"},
		{"fuzz found", "a failure found while fuzzing is Go's to minimize", nil,
			[]string{"test", "-run=^$", "-fuzz=^FuzzFound$", "-fuzztime=20s"},
			[]string{"Failing input written to"}, "minimized the failing input"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := run(tt.env, tt.args...)
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("%s: output lacks %q:\n%s", tt.reason, w, out)
				}
			}
			if tt.absent != "" && strings.Contains(out, tt.absent) {
				t.Errorf("%s: output contains %q:\n%s", tt.reason, tt.absent, out)
			}
		})
	}
}

// TestShrinkRunsFailingInputOnce counts the runs of a failing seed input
// before the reducer tries its first candidate: Check's own run found
// the failure and recorded what the reducer needs, so no other run of it
// comes first.
func TestShrinkRunsFailingInputOnce(t *testing.T) {
	t.Setenv(EnvShrink, "")
	t.Setenv(EnvSave, "")
	data := []byte{0xff}
	var before int // runs of data before the first other input
	candidate := false
	report := checkReport(t, "FuzzOnce/seed#0", data, func(t *T) {
		if !bytes.Equal(t.data, data) {
			candidate = true
		}
		if !candidate {
			before++
		}
		if Byte().Draw(t, "n") > 3 {
			t.Fatalf("big")
		}
	})
	if before != 1 {
		t.Errorf("the failing input ran %d times before the first candidate, want once", before)
	}
	if !strings.Contains(report, "minimized the failing input from 1 bytes / 1 choices to 1 bytes / 1 choices") || !strings.Contains(report, "draw n: 0x4") {
		t.Errorf("report does not show the input shrunk to n = 4:\n%s", report)
	}
}
