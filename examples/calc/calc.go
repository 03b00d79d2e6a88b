// Package calc evaluates integer arithmetic expressions: the calculator
// of SmartCheck's benchmarks, which MacIver and Donaldson reuse in
// "Test-Case Reduction via Test-Case Generation: Insights from the
// Hypothesis Reducer" (section 4.3).
//
// Expressions are validated before evaluation, and evaluation trusts the
// validation. The planted bug is in that trust: Validate rejects only
// literal zero divisors, so a divisor that evaluates to zero, such as
// (0 + 0), reaches Eval's division and panics.
package calc

import (
	"errors"
	"fmt"
)

// Expr is an arithmetic expression: a Num, an Add or a Div.
type Expr interface {
	fmt.Stringer
	isExpr()
}

// Num is an integer literal.
type Num int

// Add is L + R.
type Add struct{ L, R Expr }

// Div is L / R, truncated towards zero as Go's / is.
type Div struct{ L, R Expr }

func (Num) isExpr() {}
func (Add) isExpr() {}
func (Div) isExpr() {}

// String prints an expression fully parenthesized, as in (1 + (2 / 3)).
func (n Num) String() string { return fmt.Sprint(int(n)) }

// String prints (L + R).
func (a Add) String() string { return "(" + a.L.String() + " + " + a.R.String() + ")" }

// String prints (L / R).
func (d Div) String() string { return "(" + d.L.String() + " / " + d.R.String() + ")" }

// ErrDivByZero is returned by Validate for an expression that divides by
// a literal zero.
var ErrDivByZero = errors.New("calc: division by zero")

// Validate reports whether e is safe to evaluate.
//
// BUG (planted): it only looks for literal zero divisors. A divisor that
// evaluates to zero passes, and Eval then panics.
func Validate(e Expr) error {
	switch e := e.(type) {
	case Add:
		return errors.Join(Validate(e.L), Validate(e.R))
	case Div:
		if n, ok := e.R.(Num); ok && n == 0 {
			return fmt.Errorf("%w in %v", ErrDivByZero, e)
		}
		return errors.Join(Validate(e.L), Validate(e.R))
	}
	return nil
}

// Eval evaluates an expression that Validate accepted.
func Eval(e Expr) int {
	switch e := e.(type) {
	case Num:
		return int(e)
	case Add:
		return Eval(e.L) + Eval(e.R)
	case Div:
		// Validate has ruled out division by zero.
		return Eval(e.L) / Eval(e.R)
	}
	panic(fmt.Sprintf("calc: unknown expression %T", e))
}
