package minimize

import "math/bits"

// Outcome is what one run of the target on one candidate input reported.
// The reducer reads nothing else about a run.
type Outcome struct {
	// Failed reports that the target failed on the input: a panic, a
	// failed assertion, a crash of the process. A run that discarded its
	// input (a skip) did not fail.
	Failed bool

	// Signature identifies the failure, so that the reducer can tell the
	// bug it is reducing from another one it slips to. Candidates are kept
	// only if they fail with the same signature as the original input.
	// It is ignored when Failed is false.
	Signature string

	// Used is how many leading bytes of the input the run consumed. Bytes
	// past Used did not influence the run, so they are pruned away. A run
	// that consumed the whole input reports len(input).
	Used int

	// Choices are the choices the run drew, in order. A run may report
	// none, for instance a target that reads raw bytes; the reducer then
	// treats every byte as a choice of its own.
	Choices []Choice

	// Spans are the labeled regions the run opened, in the order they were
	// opened (so a parent comes before its children).
	Spans []Span

	// Simpler lists values that a draw knows to be simpler, in its own
	// order, than the one it drew, where lowering the index by steps and
	// halves may not reach them because the values between pass: a
	// float's integer part, the float with fewer fractional bits or moved
	// to a simpler exponent. A run may report none; the reducer tries
	// those it names below a choice's index (see [Simpler]).
	Simpler []Simpler

	// Constants are the offsets at which the run drew from a range that
	// held one value and so read no bytes, in order; an offset repeats
	// for consecutive such draws. A range that depends on an earlier
	// value (an index into a list that now has one element) holds one
	// value once a candidate lowers or deletes that value, and the
	// choice it was reads nothing, so the choices after it read its
	// bytes; the other way round, the stop of a collection at its
	// longest is such a draw, which reads a byte again once an element
	// is deleted. These offsets let the reducer see both and realign
	// the choices after them. A run may report none.
	Constants []int
}

// Simpler names a simpler index for one choice of a run, or for a draw
// of several choices, as Outcome.Simpler lists them. It says nothing
// about the encoding: the reducer treats it as one more value to try
// when lowering the choice. A choice named alone is taken to hold a code
// rather than an amount (a float's), on whose index the reducer does no
// arithmetic; one named with Then stays an amount.
type Simpler struct {
	Choice int    // the choice's position in Outcome.Choices
	Index  uint64 // an index for it, at most its Max

	// Then holds indices for the choices right after Choice, in order,
	// each at most its Max, set in the same candidate: a draw made of
	// several choices (a character that escapes to a block of runes,
	// then its offset in the block) names a simpler value of the whole
	// draw. Nil for a value of one choice.
	Then []uint64
}

// A Choice is one value drawn from the input: Width bytes starting at
// Offset, read as a big-endian unsigned integer r and mapped to an index
// in shrink order by
//
//	index = floor(r * (Max+1) / 2^(8*Width))
//
// Index 0 is the simplest value the draw can produce and Max the most
// complex. The mapping is monotone, so lowering the bytes never makes the
// value more complex, and the all-zero encoding is index 0. When Max+1 is
// 2^(8*Width) the mapping is the identity.
//
// An integer drawn around a point it shrinks towards orders its values
// by distance, positive side first: the point, +1, -1, +2, -2, ... until
// the side with fewer values runs out, then on along the other side.
// Below says how many values lie below the point (and so Max-Below above
// it); the reducer uses it to lower a value's magnitude while keeping its
// sign, as a person would. A choice with Below 0 is ordered plainly.
//
// A choice may lie partly or wholly past the end of the input, where the
// run read zero bytes.
type Choice struct {
	Offset int    // first byte of the choice in the input
	Width  int    // number of bytes, 1 to 8
	Max    uint64 // largest index the choice can take, below 2^(8*Width)
	Below  uint64 // values below the shrink point, at most Max; see above
}

// shape returns c without its place: what two choices must
// share for their indices to mean the same.
func (c Choice) shape() Choice { c.Offset = 0; return c }

// End returns the offset just past the choice.
func (c Choice) End() int { return c.Offset + c.Width }

// Index returns the index in shrink order that input encodes for c. Bytes
// past the end of input read as zero.
func (c Choice) Index(input []byte) uint64 {
	var r uint64
	for i := c.Offset; i < c.End(); i++ {
		r <<= 8
		if i < len(input) {
			r |= uint64(input[i])
		}
	}
	return IndexOf(r, c.Width, c.Max)
}

// Encode returns the smallest encoding of index i, as Width big-endian
// bytes. Indices above Max are clamped to Max.
func (c Choice) Encode(i uint64) []byte {
	r := EncodingOf(min(i, c.Max), c.Width, c.Max)
	b := make([]byte, c.Width)
	for k := c.Width - 1; k >= 0; k-- {
		b[k] = byte(r)
		r >>= 8
	}
	return b
}

// signed splits index i into the sign and magnitude of the value's
// distance from the shrink point.
func (c Choice) signed(i uint64) (neg bool, mag uint64) {
	above := c.Max - c.Below
	m := min(above, c.Below)
	switch {
	case i == 0:
		// The shrink point has no sign; a magnitude moved into it goes
		// first to the side that comes first, +1 (or the only side).
		return c.Below > 0 && above == 0, 0
	case i > 2*m:
		return c.Below > above, i - m
	case i%2 == 1:
		return false, (i + 1) / 2
	default:
		return true, i / 2
	}
}

// unsigned is the inverse of signed; ok is false if no value has that
// sign and magnitude.
func (c Choice) unsigned(neg bool, mag uint64) (i uint64, ok bool) {
	above := c.Max - c.Below
	m := min(above, c.Below)
	switch {
	case mag == 0:
		return 0, true
	case neg && mag > c.Below, !neg && mag > above:
		return 0, false
	case mag > m:
		return mag + m, true
	case neg:
		return 2 * mag, true
	default:
		return 2*mag - 1, true
	}
}

// IndexOf maps the raw big-endian value r of a width-byte choice with
// largest index max to its index, as documented on [Choice]. It is the
// one definition of the encoding that draws and the reducer share.
func IndexOf(r uint64, width int, max uint64) uint64 {
	w := 8 * uint(width)
	if n := max + 1; n == 1<<w { // 1<<64 wraps to 0, as max+1 does
		return r
	}
	// r/2^w as a 64-bit fixed-point fraction, times the number of indices.
	hi, _ := bits.Mul64(r<<(64-w), max+1)
	return hi
}

// EncodingOf is the inverse of [IndexOf]: the smallest raw value whose
// index is i, that is ceil(i * 2^(8w) / (max+1)).
func EncodingOf(i uint64, width int, max uint64) uint64 {
	w := 8 * uint(width)
	if n := max + 1; n == 1<<w {
		return i
	}
	// i * 2^w as a 128-bit number (hi, lo); shifts by 64 give 0 in Go.
	hi, lo := i>>(64-w), i<<w
	q, rem := bits.Div64(hi, lo, max+1)
	if rem != 0 {
		q++
	}
	return q
}

// A Span is a labeled region of the input that a run opened while drawing:
// one draw, one element of a collection, one subtree. Spans nest.
type Span struct {
	// Label names what produced the span. Spans with the same label were
	// produced the same way, so one may replace another.
	Label string

	// Start and End delimit the span's bytes, [Start, End). A span may lie
	// partly or wholly past the end of the input.
	Start, End int

	// Parent is the index of the enclosing span in Outcome.Spans, or -1.
	Parent int

	// Discarded reports that the run threw the span's values away, as in
	// rejection sampling; deleting it cannot change what the run did.
	Discarded bool
}
