package fuzzsrc

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/shortlex/shortlex/internal/record"
)

func TestEqual(t *testing.T) {
	type pair struct{ A, B int }
	line := func() int { _, _, l, _ := runtime.Caller(1); return l }
	var callLine int
	tests := []struct {
		name    string
		reason  string
		prop    func(*T)
		fails   bool
		message []string
	}{
		{"equal", "equal values pass", func(t *T) { Equal(t, pair{1, 2}, pair{1, 2}) }, false, nil},
		{"differ", "the report is cmp.Diff, -want +got", func(t *T) {
			callLine = line() + 1
			Equal(t, pair{1, 2}, pair{1, 3})
		}, true, []string{"(-want +got)", "B:", "2", "3"}},
		{"stops", "Equal stops the property, like Fatalf", func(t *T) {
			callLine = line() + 1
			Equal(t, "a", "b")
			panic("not reached")
		}, true, []string{`-`, `"a"`, `+`, `"b"`}},
		{"options", "options are passed to cmp", func(t *T) {
			Equal(t, math.NaN(), math.NaN(), cmpopts.EquateNaNs())
			Equal(t, 1.0, 1.0001, cmpopts.EquateApprox(0, 0.01))
		}, false, nil},
		{"nan", "without options NaN differs from itself", func(t *T) {
			callLine = line() + 1
			Equal(t, math.NaN(), math.NaN())
		}, true, []string{"NaN"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := recordRun(nil, tt.prop)
			if got := r.Failure != nil; got != tt.fails {
				t.Fatalf("%s: failed = %v, want %v (%+v)", tt.reason, got, tt.fails, r.Failure)
			}
			if !tt.fails {
				return
			}
			if r.Failure.Kind != record.KindFatal {
				t.Errorf("%s: failure kind %v, want fatal", tt.reason, r.Failure.Kind)
			}
			for _, want := range tt.message {
				if !strings.Contains(r.Failure.Message, want) {
					t.Errorf("%s: message lacks %q:\n%s", tt.reason, want, r.Failure.Message)
				}
			}
			// Equal is a helper: the failure is where it was called.
			if want := fmt.Sprintf("equal_test.go:%d", callLine); r.Failure.Location() != want {
				t.Errorf("%s: failure at %s, want %s", tt.reason, r.Failure.Location(), want)
			}
		})
	}
}
