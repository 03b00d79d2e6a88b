package bench

import (
	"fmt"
	"math/big"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"pgregory.net/rapid"
)

// expr is a calculator expression: a literal when op is 0, else op ('+'
// or '/') applied to l and r.
type expr struct {
	op   byte
	lit  int
	l, r *expr
}

func (e *expr) String() string {
	if e.op == 0 {
		return fmt.Sprint(e.lit)
	}
	return fmt.Sprintf("(%c %v %v)", e.op, e.l, e.r)
}

func (e *expr) count() int {
	if e.op == 0 {
		return 1
	}
	return 1 + e.l.count() + e.r.count()
}

// divSubterms is the artifact's precondition: no division has the
// literal 0 as its divisor.
func (e *expr) divSubterms() bool {
	if e.op == 0 {
		return true
	}
	if e.op == '/' && e.r.op == 0 && e.r.lit == 0 {
		return false
	}
	return e.l.divSubterms() && e.r.divSubterms()
}

// eval evaluates e with Python's unbounded integers and floor division,
// so that no divisor is zero by int64 wrap-around; ok is false when a
// division by zero would raise ZeroDivisionError.
func (e *expr) eval() (v *big.Int, ok bool) {
	if e.op == 0 {
		return big.NewInt(int64(e.lit)), true
	}
	a, ok := e.l.eval()
	if !ok {
		return nil, false
	}
	b, ok := e.r.eval()
	if !ok {
		return nil, false
	}
	if e.op == '+' {
		return a.Add(a, b), true
	}
	if b.Sign() == 0 {
		return nil, false
	}
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() != 0 && m.Sign() != b.Sign() {
		q.Sub(q, big.NewInt(1)) // floor, not truncation
	}
	return q, true
}

// rapidExprBudget caps the operators of a rapid expression. rapid's
// OneOf picks an operator about 2/3 of the time, so an expression is
// infinite with positive probability, and rapid's random stream never
// runs out. An expression over the cap is invalid data (t.Skip), as a
// Hypothesis test case that overruns its 8 KB buffer is; fuzzsrc's is
// bounded by the input instead (missing bytes read as literal 0). 64
// operators is about what our largest random inputs (512 bytes) encode.
const rapidExprBudget = 64

// calculator is the artifact's calculator: one_of(integers(), ('+', e,
// e), ('/', e, e)), assuming no literal zero divisor, failing when
// evaluation divides by zero.
func calculator() Benchmark {
	var gen fuzzsrc.Generator[*expr]
	lit := fuzzsrc.Map(fuzzsrc.Int(), func(n int) *expr { return &expr{lit: n} })
	op := func(o byte) fuzzsrc.Generator[*expr] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) *expr {
			return &expr{op: o, l: gen.Draw(t, "l"), r: gen.Draw(t, "r")}
		})
	}
	gen = fuzzsrc.OneOf(lit, op('+'), op('/'))

	// rapid's generators are built once; budget is reset per value, which
	// is safe because rapid runs one property call at a time.
	var budget int
	var rexpr *rapid.Generator[*expr]
	rop := func(o byte) *rapid.Generator[*expr] {
		return rapid.Custom(func(t *rapid.T) *expr {
			if budget--; budget < 0 {
				t.Skip("expression over budget")
			}
			return &expr{op: o, l: rexpr.Draw(t, "l"), r: rexpr.Draw(t, "r")}
		})
	}
	rexpr = rapid.OneOf(rapid.Map(rapid.Int(), func(n int) *expr { return &expr{lit: n} }), rop('+'), rop('/'))
	rgen := rapid.Custom(func(t *rapid.T) *expr {
		budget = rapidExprBudget
		return rexpr.Draw(t, "expr")
	})

	p := problem[*expr]{
		gen:  gen,
		rgen: rgen,
		verdict: func(e *expr) verdict {
			if !e.divSubterms() {
				return discard
			}
			if _, ok := e.eval(); !ok {
				return failedA
			}
			return pass
		},
		format: (*expr).String,
		size:   (*expr).count,
	}
	return p.fill(Benchmark{
		Name:             "calculator",
		HypothesisMedian: 185.5,
		Hypothesis:       "716/1000 most common, 2 distinct, median 185.5 calls; mean size 5.00, mean 72.4 calls",
		About:            "expressions of int literals, + and /; assumes no literal 0 divisor; fails on division by zero",
		MinValue:         "(/ 0 (+ 0 0))",
		MinInput:         cat([]byte{pickByte(3, 2)}, zeros(9, pickByte(3, 1))),
		Why: "the divisor must be an operator (a literal 0 is assumed away) evaluating to 0; the " +
			"division's pick byte, its left operand (a literal: pick 0 and 8 bytes, at least 9 " +
			"bytes), then '+' (the smaller operator pick) whose two zero operands are free: 11 bytes",
		Space: Space{MaxLen: 11, Cands: defaultCands(2)},
		Passing: []Example{
			{"literal", nil, "a literal 0 evaluates"},
			{"sum", []byte{pickByte(3, 1)}, "(+ 0 0)"},
			{"literal divisor", cat([]byte{pickByte(3, 2)}, zeros(9)), "(/ 0 0) is assumed away, a discard, not a failure"},
			{"nonzero divisor", cat([]byte{pickByte(3, 2)}, zeros(9, 0), zeros(7, 1)), "(/ 0 1)"},
		},
	})
}

// pickByte returns the smallest byte that a one-byte pick among n
// alternatives reads as index i, probing SampledFrom.
func pickByte(n, i int) byte {
	alts := make([]int, n)
	for k := range alts {
		alts[k] = k
	}
	g := fuzzsrc.SampledFrom(alts)
	for b := range 256 {
		var v int
		engine.Run([]byte{byte(b)}, func(t *fuzzsrc.T) { v = g.Draw(t, "pick") })
		if v == i {
			return byte(b)
		}
	}
	panic("bench: pick index out of range")
}
