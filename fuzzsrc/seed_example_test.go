package fuzzsrc_test

import (
	"fmt"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// seedList is a stand-in for a fuzz target's *testing.F: it keeps the
// inputs AddSeeds adds.
type seedList [][]byte

func (s *seedList) Add(args ...any) { *s = append(*s, args[0].([]byte)) }

// AddSeeds generates inputs the way a property-based tester generates
// test cases: the simplest values, range ends, small numbers and values
// drawn twice come up far more often than from random bytes, in which
// two equal int16s would come one time in 65536.
func ExampleAddSeeds() {
	pair := func(t *fuzzsrc.T) (int16, int16, string) {
		return fuzzsrc.Integers[int16]().Draw(t, "x"), fuzzsrc.Integers[int16]().Draw(t, "y"), fuzzsrc.StringN(0, 6).Draw(t, "s")
	}
	var seeds seedList
	fuzzsrc.AddSeeds(&seeds, 12, func(t *fuzzsrc.T) { pair(t) })
	for _, in := range seeds {
		fuzzsrc.Check(exampleTB{}, in, func(t *fuzzsrc.T) {
			x, y, s := pair(t)
			fmt.Printf("%d %d %q\n", x, y, s)
		})
	}
	// Output:
	// 21 140 "Ó8"
	// -641 0 "fI\tS1O"
	// -5778 6092 ".6jG\U000a8925|"
	// -32765 55 ""
	// -32768 -1 "h-1@\u00a0\u0098"
	// -7628 0 "D{*"
	// -26324 5327 "7owo½n"
	// -4686 32767 "\r\n"
	// -510 11022 ";Ëu#t\""
	// -5097 -2328 ""
	// -3720 -3720 "b%"
	// 0 0 "^dg8!"
}
