package engine

import (
	"fmt"
	"path"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/record"
	"github.com/shortlex/shortlex/minimize"
)

// nextLine is the file:line of the line after its caller's, as a
// Failure's Location names it.
func nextLine() string {
	_, file, line, _ := runtime.Caller(1)
	return fmt.Sprintf("%s:%d", path.Base(file), line+1)
}

func TestRunAndExplain(t *testing.T) {
	var runs int
	var at string
	prop := func(t *fuzzsrc.T) {
		runs++
		n := fuzzsrc.Byte().Draw(t, "n")
		t.Logf("n is %d", n)
		if n > 3 {
			at = nextLine()
			t.Fatalf("n = %d", n)
		}
	}
	data := []byte{9, 7} // one byte drawn: the 7 is unused
	choices := []record.Choice{{Choice: minimize.Choice{Offset: 0, Width: 1, Max: 255}, Kind: record.KindInteger, Index: 9}}

	r := Run(data, prop)
	if runs != 1 {
		t.Errorf("Run ran the property %d times, want once: a recording run must not shrink", runs)
	}
	if f := r.Failure; f == nil || f.Kind != record.KindFatal || f.Message != "n = 9" || f.Location() != at {
		t.Fatalf("Run's failure = %+v, want Fatalf's at %s with message %q", f, at, "n = 9")
	}
	if r.Used != 1 || !reflect.DeepEqual(r.Choices, choices) || r.Discarded {
		t.Errorf("Run recorded used %d, choices %+v, discarded %v; want 1, %+v, false", r.Used, r.Choices, r.Discarded, choices)
	}
	if r.Draws != nil || r.Logs != nil {
		t.Errorf("Run recorded draws %v and logs %q; only Explain records them", r.Draws, r.Logs)
	}

	e := Explain(data, prop)
	if runs != 2 {
		t.Errorf("Explain ran the property %d times, want once", runs-1)
	}
	if want := []record.Draw{{Label: "n", Value: "0x9"}}; !reflect.DeepEqual(e.Draws, want) {
		t.Errorf("Explain's draws = %+v, want %+v", e.Draws, want)
	}
	if want := []string{"n is 9"}; !reflect.DeepEqual(e.Logs, want) {
		t.Errorf("Explain's logs = %q, want %q", e.Logs, want)
	}
	if e.Failure.Signature() != r.Failure.Signature() || e.Used != 1 || !reflect.DeepEqual(e.Choices, choices) {
		t.Errorf("Explain recorded %+v, a different run from Run's %+v", e, r)
	}
}

// TestNoVerdict checks that a recording run hands back what Check would
// otherwise act on: a panic is recorded, not raised again, and a
// discarded input is recorded, not skipped (the handle's Skip and Fatalf
// panic if Check calls them).
func TestNoVerdict(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		prop   func(*fuzzsrc.T)
		check  func(*record.Record) string
	}{
		{"panic", "Check panics again on a property's panic; a recording run returns it",
			func(t *fuzzsrc.T) { panic("boom") },
			func(r *record.Record) string {
				if f := r.Failure; f == nil || f.Kind != record.KindPanic || f.Message != "boom" || f.Type != "string" {
					return fmt.Sprintf("failure %+v, want the panic boom", f)
				}
				return ""
			}},
		{"skip", "Check skips the handle on a discarded input; a recording run records it",
			func(t *fuzzsrc.T) { t.Skip("not now") },
			func(r *record.Record) string {
				if !r.Discarded || r.SkipReason != "not now" || r.Failure != nil {
					return fmt.Sprintf("discarded %v (%q), failure %+v; want discarded (not now)", r.Discarded, r.SkipReason, r.Failure)
				}
				return ""
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if msg := tt.check(Run(nil, tt.prop)); msg != "" {
				t.Errorf("Run: %s (%s)", msg, tt.reason)
			}
			r := Explain(nil, tt.prop)
			if msg := tt.check(r); msg != "" {
				t.Errorf("Explain: %s (%s)", msg, tt.reason)
			}
			if tt.name == "panic" && !strings.Contains(r.Failure.Stack, "panic(") {
				t.Errorf("Explain recorded no panic stack:\n%s", r.Failure.Stack)
			}
		})
	}
}
