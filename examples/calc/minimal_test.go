package calc

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/fuzzsrc"
)

// drawExpr decodes an input as the property does.
func drawExpr(t *fuzzsrc.T) Expr { return exprGen.Draw(t, "expr") }

// TestCrashersMinimal reduces each crasher go test -fuzz found and checks
// the exact value it reduces to.
func TestCrashersMinimal(t *testing.T) {
	// (0 / (0 + 0)) is the smallest expression whose divisor is zero
	// without being the literal 0: the shortest choice sequence (one Div,
	// one Add, three literals) with every literal at its simplest, 0.
	// It is the minimal size 5 that Hypothesis, QuickCheck and SmartCheck
	// reach on this benchmark in figure 13 of MacIver and Donaldson,
	// "Test-Case Reduction via Test-Case Generation".
	want := Expr(Div{Num(0), Add{Num(0), Num(0)}})
	crashers.CheckMinimal(t, "FuzzEval", evalValid, drawExpr, []crashers.Case[Expr]{
		{Name: "55898e7d4e36687f", Reason: "found by go test -fuzz and minimized by Go's own byte-level minimizer", Want: want},
		{Name: "781de9bd8f05dba1", Reason: "found with -fuzzminimizetime=0: the raw 15-byte input the fuzzer mutated into", Want: want},
		{Name: "24c6360d192401cd", Reason: "found with -fuzzminimizetime=0: a second raw input", Want: want},
	})
}

// TestToolEndToEnd runs tools/minimize on the raw 15-byte crasher, as a
// user would, and checks that it reports the same minimal expression and
// writes a corpus file that plain go test replays.
func TestToolEndToEnd(t *testing.T) {
	r := crashers.RunTool(t, "fuzz_test.go", "FuzzEval", filepath.Join("testdata", "crashers", "FuzzEval", "781de9bd8f05dba1"))
	want := Expr(Div{Num(0), Add{Num(0), Num(0)}})
	if diff := cmp.Diff(want, crashers.Decode(r.Minimal, drawExpr)); diff != "" {
		t.Errorf("the tool wrote %q (-want +got):\n%s", r.Minimal, diff)
	}
	crashers.CheckDraws(t, r, evalValid)
}
