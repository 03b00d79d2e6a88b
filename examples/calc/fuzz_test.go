package calc

import (
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// exprGen draws expressions at most 5 levels deep: small literals, so
// that sums of zero are common, combined by Add and Div. Recursive keeps
// every level's layout the same, so the reducer can lift a subexpression
// into its parent's place.
var exprGen = fuzzsrc.Recursive(
	fuzzsrc.Map(fuzzsrc.IntRange(-5, 5), func(n int) Expr { return Num(n) }),
	func(sub fuzzsrc.Generator[Expr]) fuzzsrc.Generator[Expr] {
		return fuzzsrc.OneOf(
			fuzzsrc.Custom(func(t *fuzzsrc.T) Expr { return Add{sub.Draw(t, "l"), sub.Draw(t, "r")} }),
			fuzzsrc.Custom(func(t *fuzzsrc.T) Expr { return Div{sub.Draw(t, "l"), sub.Draw(t, "r")} }),
		)
	},
	5)

// evalValid is the property: every expression that Validate accepts
// evaluates without panicking. Expressions it rejects are discarded.
func evalValid(t *fuzzsrc.T) {
	e := exprGen.Draw(t, "expr")
	if Validate(e) != nil {
		t.Skip("invalid expression")
	}
	Eval(e)
}

func FuzzEval(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, evalValid)
	})
}
