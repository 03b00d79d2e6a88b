package fuzzsrc

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/minimize"
)

// fakeTB records what Check does to its test handle. Fatalf and Skip
// panic, as they do under OSS-Fuzz's testing shim, so Check must not rely
// on them returning or calling runtime.Goexit.
type fakeTB struct {
	fatal, logs []string
	skipped     string
}

type tbStop struct{}

func (f *fakeTB) Helper() {}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.fatal = append(f.fatal, fmt.Sprintf(format, args...))
	panic(tbStop{})
}
func (f *fakeTB) Logf(format string, args ...any) {
	f.logs = append(f.logs, fmt.Sprintf(format, args...))
}
func (f *fakeTB) Skip(args ...any) {
	f.skipped = fmt.Sprint(args...)
	panic(tbStop{})
}

// check runs Check with a fakeTB and returns it and any panic that
// escaped Check other than the fake's own.
func check(data []byte, prop func(*T)) (tb *fakeTB, escaped any) {
	tb = &fakeTB{}
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(tbStop); !ok {
				escaped = v
			}
		}
	}()
	Check(tb, data, prop)
	return tb, nil
}

func TestCheckPass(t *testing.T) {
	tb, escaped := check([]byte{1, 2}, func(t *T) { IntRange(0, 10).Draw(t, "n") })
	if escaped != nil || tb.fatal != nil || tb.skipped != "" || tb.logs != nil {
		t.Errorf("passing property: got %+v, escaped %v; want nothing", tb, escaped)
	}
}

func TestCheckFatalReportsDraws(t *testing.T) {
	tb, _ := check([]byte{0xff, 0x80}, func(t *T) {
		n := IntRange(0, 10).Draw(t, "n")
		b := Bool().Draw(t, "b")
		if n == 10 && b {
			t.Fatalf("n=%d b=%v", n, b)
		}
	})
	if len(tb.fatal) != 1 {
		t.Fatalf("Fatalf calls = %d, want 1", len(tb.fatal))
	}
	for _, want := range []string{"property failed at check_test.go:", "n=10 b=true", "draw n: 10", "draw b: true", "signature: failed at check_test.go:"} {
		if !strings.Contains(tb.fatal[0], want) {
			t.Errorf("report lacks %q:\n%s", want, tb.fatal[0])
		}
	}
}

func TestCheckSkip(t *testing.T) {
	tb, _ := check(nil, func(t *T) { t.Assume(false) })
	if tb.skipped == "" || tb.fatal != nil {
		t.Errorf("Assume(false): skipped %q, fatal %q; want a skip only", tb.skipped, tb.fatal)
	}
}

func TestCheckPanicStaysACrash(t *testing.T) {
	for _, tt := range []struct {
		name   string
		reason string
		panic  any
		want   func(any) bool
	}{
		{"string", "OSS-Fuzz's harness recovers strings", "boom", func(v any) bool { return v == "boom" }},
		{"error", "and errors", errors.New("bad"), func(v any) bool { e, ok := v.(error); return ok && e.Error() == "bad" }},
		{"runtime error", "runtime errors are errors", nil, func(v any) bool { _, ok := v.(runtime.Error); return ok }},
		{"struct", "other values become errors, or OSS-Fuzz would see an empty string", struct{ X int }{3}, func(v any) bool {
			e, ok := v.(error)
			return ok && strings.Contains(e.Error(), "X:3")
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tb, escaped := check(nil, func(t *T) {
				if tt.panic == nil {
					var s []int
					_ = s[IntRange(0, 3).Draw(t, "i")] // index out of range
				}
				panic(tt.panic)
			})
			if !tt.want(escaped) {
				t.Errorf("%s: escaped panic %#v", tt.reason, escaped)
			}
			if len(tb.logs) != 1 || !strings.Contains(tb.logs[0], "property panicked") {
				t.Errorf("want one report logged, got %q", tb.logs)
			}
		})
	}
}

func TestSignature(t *testing.T) {
	line := func() int { _, _, l, _ := runtime.Caller(1); return l }
	var fatalLine, panicLine, helperLine int
	helper := func(t *T) {
		t.Helper()
		t.Fatalf("in helper")
	}
	tests := []struct {
		name   string
		reason string
		prop   func(*T)
		want   func() string
	}{
		{"fatal", "Fatalf's caller", func(t *T) { fatalLine = line(); t.Fatalf("x") },
			func() string { return fmt.Sprintf("failed at check_test.go:%d", fatalLine) }},
		{"error", "Errorf's caller, and the run goes on", func(t *T) { fatalLine = line(); t.Errorf("x"); t.Errorf("y") },
			func() string { return fmt.Sprintf("failed at check_test.go:%d", fatalLine) }},
		{"helper", "a Helper is skipped for its caller", func(t *T) { helperLine = line(); helper(t) },
			func() string { return fmt.Sprintf("failed at check_test.go:%d", helperLine) }},
		{"index panic", "the runtime's frames are skipped", func(t *T) {
			var s []int
			panicLine = line() + 1
			_ = s[Byte().Draw(t, "i")]
		}, func() string {
			return fmt.Sprintf("panic: runtime error: index out of range [] with length at check_test.go:%d", panicLine)
		}},
		{"panic in generator", "a panic inside a Custom generator is located in it", func(t *T) {
			Custom(func(t *T) int { panicLine = line(); panic("gen") }).Draw(t, "x")
		}, func() string { return fmt.Sprintf("panic: gen at check_test.go:%d", panicLine) }},
		{"recovered and raised again", "the panic is located where it first happened, not where the property raised it again", func(t *T) {
			defer func() {
				if r := recover(); r != nil {
					panic(r)
				}
			}()
			panicLine = line() + 1
			panic(fmt.Sprintf("bad %q", "input"))
		}, func() string { return fmt.Sprintf(`panic: bad "" at check_test.go:%d`, panicLine) }},
		{"struct value", "a value the runtime prints by its address is known by its type", func(t *T) {
			panicLine = line() + 1
			panic(struct{ Code int }{7})
		}, func() string { return fmt.Sprintf("panic: (struct { Code int }) at check_test.go:%d", panicLine) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := recordRun(nil, tt.prop)
			got := r.Failure.Signature()
			if want := tt.want(); got != want {
				t.Errorf("%s: signature %q, want %q", tt.reason, got, want)
			}
		})
	}
	if r := recordRun(nil, func(t *T) { t.Skip("no") }); r.Failure != nil || !r.Discarded || r.Outcome().Signature != "" {
		t.Errorf("a discarded input has no failure and no signature: %+v", r)
	}
}

func TestRecordStructure(t *testing.T) {
	// Two elements then the stop flag, which is past the end of the input.
	r := recordRun([]byte{0xff, 7, 0xff, 9}, func(t *T) { SliceOf(Byte()).Draw(t, "s") })
	// Flags have six indices (mean length 5: only index 0 stops), bytes
	// 256.
	wantChoices := []minimize.Choice{
		{Offset: 0, Width: 1, Max: 5}, {Offset: 1, Width: 1, Max: 255},
		{Offset: 2, Width: 1, Max: 5}, {Offset: 3, Width: 1, Max: 255},
		{Offset: 4, Width: 1, Max: 5},
	}
	wantSpans := []minimize.Span{
		{Label: "SliceOf(IntegerTowards[uint8](0, 255, 0), 0..)", Start: 0, End: 5, Parent: -1},
		{Label: "element", Start: 0, End: 2, Parent: 0},
		{Label: "IntegerTowards[uint8](0, 255, 0)", Start: 1, End: 2, Parent: 1},
		{Label: "element", Start: 2, End: 4, Parent: 0},
		{Label: "IntegerTowards[uint8](0, 255, 0)", Start: 3, End: 4, Parent: 3},
	}
	if diff := cmp.Diff(wantChoices, r.Outcome().Choices); diff != "" {
		t.Errorf("choices (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantSpans, r.Spans); diff != "" {
		t.Errorf("spans (-want +got):\n%s", diff)
	}
	if r.Used != 4 {
		t.Errorf("Used = %d, want 4: the stop flag was read past the end", r.Used)
	}
	for _, c := range r.Choices {
		if got := c.Choice.Index([]byte{0xff, 7, 0xff, 9}); got != c.Index {
			t.Errorf("choice %+v: minimize reads index %d, the draw recorded %d", c, got, c.Index)
		}
	}
}

func TestDiscardedSpans(t *testing.T) {
	r := recordRun([]byte{2, 4, 7}, func(t *T) { IntRange(0, 255).Filter(func(v int) bool { return v%2 == 1 }).Draw(t, "odd") })
	var discarded []int
	for _, s := range r.Spans {
		if s.Discarded {
			discarded = append(discarded, s.Start)
		}
	}
	if diff := cmp.Diff([]int{0, 1}, discarded); diff != "" {
		t.Errorf("the two rejected attempts are discarded spans (-want +got starts):\n%s", diff)
	}
}

func TestDrawLogIsStable(t *testing.T) {
	prop := func(t *T) {
		r := Rand().Draw(t, "r")
		t.Fatalf("%d", r.IntN(10))
	}
	a, b := explainRun([]byte{1, 2, 3}, prop), explainRun([]byte{1, 2, 3}, prop)
	if !cmp.Equal(a.Draws, b.Draws) || strings.Contains(a.Draws[0].Value, "0x") {
		t.Errorf("the draw log of a *rand.Rand must not show addresses: %q then %q", a.Draws, b.Draws)
	}
}
