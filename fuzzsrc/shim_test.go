package fuzzsrc_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	ossfuzz "github.com/AdamKorcz/go-118-fuzz-build/testing"
	"github.com/shortlex/shortlex/fuzzsrc"
)

// The properties the tests below run, each ending one way.
var (
	propPass = func(t *fuzzsrc.T) { fuzzsrc.IntRange(0, 10).Draw(t, "n") }
	propSkip = func(t *fuzzsrc.T) {
		n := fuzzsrc.IntRange(0, 10).Draw(t, "n")
		t.Assume(n > 100)
	}
	propFatal = func(t *fuzzsrc.T) {
		n := fuzzsrc.IntRange(0, 10).Draw(t, "n")
		t.Fatalf("n is %d", n)
	}
	propPanic = func(t *fuzzsrc.T) {
		fuzzsrc.IntRange(0, 10).Draw(t, "n")
		panic("boom")
	}
	propPanicStruct = func(t *fuzzsrc.T) {
		fuzzsrc.IntRange(0, 10).Draw(t, "n")
		panic(struct{ Code int }{7})
	}
	propIndex = func(t *fuzzsrc.T) {
		var s []int
		_ = s[fuzzsrc.IntRange(0, 10).Draw(t, "n")]
	}
	// propDeep panics n calls deep for n >= 3: the crash's stack shows
	// which input panicked.
	propDeep = func(t *fuzzsrc.T) {
		if n := fuzzsrc.IntRange(0, 10).Draw(t, "n"); n >= 3 {
			descend(n)
		}
	}
)

func descend(n int) {
	if n == 0 {
		panic("bottom")
	}
	descend(n - 1)
}

// shimTarget is a fuzz target as go-118-fuzz-build's rewrite leaves it:
// the same source, with the testing import swapped for the shim's.
func shimTarget(prop func(*fuzzsrc.T)) func(f *ossfuzz.F) {
	return func(f *ossfuzz.F) {
		f.Fuzz(func(t *ossfuzz.T, data []byte) { fuzzsrc.Check(t, data, prop) })
	}
}

// libFuzzerInput encodes data as the libFuzzer input from which the
// shim's F.Fuzz decodes it: go-fuzz-headers' GetBytes, a 4-byte length
// then the bytes.
func libFuzzerInput(data []byte) []byte {
	return append(binary.BigEndian.AppendUint32(nil, uint32(len(data))), data...)
}

// libFuzzerRun does what go-118-fuzz-build's generated entry point does
// with one input (main.go's template: LibFuzzerFuzzX and catchPanics)
// and returns how libFuzzer sees it: crash is the panic value that
// reaches libFuzzer, nil if the input passed or was skipped. It also
// returns what the run printed: the shim's T prints its logs.
func libFuzzerRun(target func(*ossfuzz.F), data []byte) (crash any, stdout string) {
	r, w, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	saved := os.Stdout
	os.Stdout = w
	out := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		out <- string(b)
	}()
	func() {
		defer func() { crash = recover() }()
		defer catchPanics()
		fuzzer := &ossfuzz.F{Data: data, T: ossfuzz.NewT()}
		defer fuzzer.CleanupTempDirs()
		target(fuzzer)
	}()
	os.Stdout = saved
	w.Close()
	return crash, <-out
}

// catchPanics is go-118-fuzz-build's, verbatim in effect: it swallows
// panics whose text contains GO-FUZZ-BUILD-PANIC (skipped inputs) and
// re-panics with the text of any other, which libFuzzer reports as a
// crash. A panic value of another type has the empty text.
func catchPanics() {
	if r := recover(); r != nil {
		var err string
		switch r := r.(type) {
		case string:
			err = r
		case runtime.Error:
			err = r.Error()
		case error:
			err = r.Error()
		}
		if strings.Contains(err, "GO-FUZZ-BUILD-PANIC") {
			return
		}
		panic(err)
	}
}

func TestShimOSSFuzz(t *testing.T) {
	// A libFuzzer build has no go test flags, so Check never shrinks there;
	// this test runs inside go test, where it would.
	t.Setenv(fuzzsrc.EnvShrink, "0")
	data := libFuzzerInput([]byte{0xff}) // n = 10
	tests := []struct {
		name    string
		reason  string
		prop    func(*fuzzsrc.T)
		crash   any    // what reaches libFuzzer
		printed string // part of the report the shim prints
	}{
		{"pass", "nothing happens", propPass, nil, ""},
		{"skip", "Check calls the shim's Skip, whose GO-FUZZ-BUILD-PANIC catchPanics swallows", propSkip, nil, ""},
		{"fatal", "Check calls the shim's Fatalf with the report; its panic is a crash", propFatal, "fatal", "draw n: 10"},
		{"panic", "the property's own panic reaches libFuzzer as it was", propPanic, "boom", "property panicked at shim_test.go"},
		{"runtime error", "a runtime error is an error: its text", propIndex, "runtime error: index out of range [10] with length 0", "draw n: 10"},
		{"struct panic", "Check turns other panic values into errors, which keep their text", propPanicStruct, "panic: struct { Code int }{Code:7}", "draw n: 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			crash, printed := libFuzzerRun(shimTarget(tt.prop), data)
			if crash != tt.crash {
				t.Errorf("%s: libFuzzer sees %#v, want %#v", tt.reason, crash, tt.crash)
			}
			if !strings.Contains(printed, tt.printed) {
				t.Errorf("%s: printed %q, want it to contain %q", tt.reason, printed, tt.printed)
			}
			for _, line := range strings.Split(printed, "\n") {
				if strings.Contains(line, "%s") {
					t.Errorf("%s: printed a stray format line %q (the shim's Logf prints its format): %q", tt.reason, line, printed)
				}
			}
		})
	}
}

func TestShimOtherPanicIsEmptyCrash(t *testing.T) {
	// Why Check must not let a panic of another type escape as it is:
	// catchPanics would see an empty text and report a crash.
	crash, _ := libFuzzerRun(func(f *ossfuzz.F) {
		f.Fuzz(func(t *ossfuzz.T, data []byte) { panic(struct{}{}) })
	}, libFuzzerInput([]byte{1}))
	if crash != "" {
		t.Errorf("a struct panic reaches libFuzzer as %#v, want the empty crash", crash)
	}
}

func TestStdTestingSkip(t *testing.T) {
	var sub *testing.T
	t.Run("discarded", func(t *testing.T) {
		sub = t
		fuzzsrc.Check(t, []byte{0xff}, propSkip)
		t.Error("Check returned after a discard; want it to skip the test")
	})
	if !sub.Skipped() || sub.Failed() {
		t.Errorf("a discarded input: subtest skipped=%v failed=%v, want skipped only", sub.Skipped(), sub.Failed())
	}
}

// TestStdTesting runs the properties under the standard testing package
// in a child test process, since a failing test fails its parent.
func TestStdTesting(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary")
	}
	tests := []struct {
		name   string
		reason string
		exit   int
		output []string
	}{
		{"pass", "a pass is a pass", 0, []string{"--- PASS: TestStdHelper"}},
		{"fatal", "Check fails the test with t.Fatalf and the report", 1,
			[]string{"--- FAIL: TestStdHelper", "property failed at shim_test.go", "n is 10", "draw n: 10"}},
		{"panic", "the panic reaches the testing package with the report logged", 2,
			[]string{"panic: boom", "property panicked at shim_test.go", "draw n: 10"}},
		{"deep", "shrunk, the panic crashes on the minimal input (n = 3): descend(3) down to descend(0), 4 frames", 2,
			[]string{"panic: bottom", "draw n: 3", strings.Repeat("fuzzsrc_test.descend(", 1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestStdHelper$", "-test.v")
			// Shrinking is tested on its own; these report the input as given.
			cmd.Env = append(os.Environ(), "FUZZSRC_STD_HELPER="+tt.name, fuzzsrc.EnvShrink+"=0")
			if tt.name == "deep" {
				cmd.Env = append(os.Environ(), "FUZZSRC_STD_HELPER="+tt.name, fuzzsrc.EnvShrink+"=10s")
			}
			out, err := cmd.CombinedOutput()
			exit := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				exit = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if exit != tt.exit {
				t.Errorf("%s: exit status %d, want %d\n%s", tt.reason, exit, tt.exit, out)
			}
			for _, want := range tt.output {
				if !strings.Contains(string(out), want) {
					t.Errorf("%s: output lacks %q:\n%s", tt.reason, want, out)
				}
			}
			if tt.name == "deep" {
				if n := strings.Count(string(out), "fuzzsrc_test.descend("); n != 4 {
					t.Errorf("%s: the crash's stack has %d descend frames, want 4 (the original input has 11):\n%s", tt.reason, n, out)
				}
			}
		})
	}
}

// TestStdHelper is the child of TestStdTesting.
func TestStdHelper(t *testing.T) {
	props := map[string]func(*fuzzsrc.T){"pass": propPass, "fatal": propFatal, "panic": propPanic, "deep": propDeep}
	prop, ok := props[os.Getenv("FUZZSRC_STD_HELPER")]
	if !ok {
		t.Skip("run by TestStdTesting")
	}
	fuzzsrc.Check(t, []byte{0xff}, prop)
	fmt.Println("Check returned")
}

// TestAddSeedsUnderShim checks that AddSeeds generates nothing under
// go-118-fuzz-build, which calls the target function, and so AddSeeds,
// once for every input.
func TestAddSeedsUnderShim(t *testing.T) {
	runs := 0
	fuzzsrc.AddSeeds(&ossfuzz.F{}, 10, func(t *fuzzsrc.T) { runs++ })
	if runs != 0 {
		t.Errorf("AddSeeds ran the property %d times under the shim, want 0", runs)
	}
	fuzzsrc.AddSeeds(nopSeeder{}, 10, func(t *fuzzsrc.T) { runs++ })
	if runs != 10 {
		t.Errorf("AddSeeds ran the property %d times elsewhere, want 10", runs)
	}
}

type nopSeeder struct{}

func (nopSeeder) Add(...any) {}
