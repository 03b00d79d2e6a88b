package fuzzsrc_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/minimize"
)

// exampleTB is the test handle the examples pass to Check, which needs
// only these four methods of one. A property that fails or discards its
// input panics here: no example's does.
type exampleTB struct{}

func (exampleTB) Helper()                        {}
func (exampleTB) Fatalf(format string, a ...any) { panic(fmt.Sprintf(format, a...)) }
func (exampleTB) Logf(format string, a ...any)   { panic(fmt.Sprintf(format, a...)) }
func (exampleTB) Skip(a ...any)                  { panic(fmt.Sprint(a...)) }

// draw draws one value from g on data, as a fuzz target's property would.
func draw[V any](g fuzzsrc.Generator[V], data []byte) V {
	var v V
	fuzzsrc.Check(exampleTB{}, data, func(t *fuzzsrc.T) { v = g.Draw(t, "v") })
	return v
}

// IntegerTowards shrinks towards a chosen value and then outwards from
// it, alternating sides: index 0 is 50, index 1 is 51, index 2 is 49.
func ExampleIntegerTowards() {
	g := fuzzsrc.IntegerTowards(0, 100, 50)
	c := minimize.Choice{Width: 1, Max: 100} // 101 values fit one byte
	var values []int
	for i := range uint64(7) {
		values = append(values, draw(g, c.Encode(i)))
	}
	fmt.Println(values)
	// Past the nearer bound only one side is left.
	g = fuzzsrc.IntegerTowards(0, 100, 2)
	values = values[:0]
	for i := range uint64(8) {
		values = append(values, draw(g, c.Encode(i)))
	}
	fmt.Println(values)
	// Output:
	// [50 51 49 52 48 53 47]
	// [2 3 1 4 0 5 6 7]
}

// A collection reads a "one more?" flag before each element: a flag byte
// below the threshold, or the end of the input, ends it.
func ExampleSliceOf() {
	g := fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 255))
	fmt.Println(draw(g, []byte{0xff, 7, 0xff, 9, 0, 0xff, 11}))
	fmt.Println(draw(g, []byte{0xff, 7, 0xff, 9}))
	fmt.Println(draw(g, nil))
	// Output:
	// [7 9]
	// [7 9]
	// []
}

// OneOf draws an index, then from the generator it picks. It shrinks
// towards the first.
func ExampleOneOf() {
	g := fuzzsrc.OneOf(fuzzsrc.IntRange(0, 3), fuzzsrc.Just(-1), fuzzsrc.IntRange(10, 13))
	fmt.Println(draw(g, []byte{0xff, 0x40}))
	fmt.Println(draw(g, []byte{0x80}))
	fmt.Println(draw(g, nil))
	// Output:
	// 11
	// -1
	// 0
}

// A Rand draws each 64-bit word it needs from the input. An exhausted
// input gives the simplest randomness.
func ExampleRand() {
	words := binary.BigEndian.AppendUint64(nil, 1<<63) // IntN(3): 2^63*3/2^64 = 1
	for _, data := range [][]byte{words, nil} {
		fuzzsrc.Check(exampleTB{}, data, func(t *fuzzsrc.T) {
			r := fuzzsrc.Rand().Draw(t, "r")
			fmt.Println(r.IntN(3), r.Float64(), r.NormFloat64(), r.Perm(5))
		})
	}
	// Output:
	// 1 0 0 [0 1 2 3 4]
	// 0 0 0 [0 1 2 3 4]
}

// randomName is an existing test-data generator written for math/rand.
func randomName(r *rand.Rand) string {
	b := make([]byte, 1+r.IntN(8))
	for i := range b {
		b[i] = 'a' + byte(r.IntN(26))
	}
	return string(b)
}

// FromRand makes an existing math/rand generator reducible unchanged. Its
// words here: IntN(8) reads the low bits of the first (3: four letters),
// IntN(26) the high bits of the others (w*26/2^64). Zero words give the
// simplest name.
func ExampleFromRand() {
	g := fuzzsrc.FromRand(randomName)
	var data []byte
	for _, w := range []uint64{3, 0x3627627627627627, 0xc9d89d89d89d89d8, 0xfb13b13b13b13b13, 0xfb13b13b13b13b13} {
		data = binary.BigEndian.AppendUint64(data, w)
	}
	fmt.Println(draw(g, data))
	fmt.Println(draw(g, nil))
	// Output:
	// fuzz
	// a
}

// Headers hands existing go-fuzz-headers harness code a ConsumeFuzzer
// over a region drawn like a []byte, one flag and one byte per byte.
func ExampleHeaders() {
	region := []byte{0, 0, 0, 2, 'h', 'i'} // GetString: a 4-byte length, then the bytes
	var data []byte
	for _, b := range region {
		data = append(data, 0xff, b)
	}
	c := draw(fuzzsrc.Headers(), data)
	s, err := c.GetString()
	fmt.Printf("%q %v\n", s, err)
	_, err = c.GetByte()
	fmt.Println(err)
	// Output:
	// "hi" <nil>
	// not enough bytes to get byte
}
