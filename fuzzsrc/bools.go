package fuzzsrc

import (
	"fmt"

	"github.com/shortlex/shortlex/internal/record"
)

// Bool draws a bool, false and true equally likely, shrinking to false.
func Bool() Generator[bool] { return boolGen }

// boolGen is built once, as intGen is.
var boolGen = WeightedBool(0.5)

// WeightedBool draws a bool that is true with probability p, shrinking to
// false. A p of 0 or less always gives false and 1 or more always true;
// neither consumes input.
func WeightedBool(p float64) Generator[bool] {
	label := func() string { return fmt.Sprintf("WeightedBool(%v)", p) }
	switch {
	case !(p > 0): // also NaN
		return newGenerator(label, func(*T) bool { return false })
	case p >= 1:
		return newGenerator(label, func(*T) bool { return true })
	}
	c := newCoin(p)
	return newGenerator(label, func(t *T) bool { return t.flip(record.KindBool, c) })
}
