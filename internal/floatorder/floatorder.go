// Package floatorder orders floating-point values simplest first. It maps
// the magnitude of a float64 or float32 to a code, an unsigned integer
// whose order is the order of simplicity, and back; package fuzzsrc draws
// floats as such codes and the minimize tool reduces float arguments of
// fuzz targets through them, so both shrink floats to the same values.
//
// A signed value is its sign, positive first, then its magnitude's code,
// as wide as the format (8 bytes for float64, 4 for float32): every
// positive value is simpler than every negative one.
//
// The magnitude code is not the IEEE bit pattern, whose order would
// shrink every value towards 5e-324. It is laid out so that lower codes
// are simpler values (shown for float64; float32 is the same with a
// 32-bit code, 8-bit exponent and 23-bit mantissa):
//
//	code < 2^63: the integer float64(code): 0, 1, 2, 3, ... exactly up
//	    to 2^53, rounded (so repeated) above it, up to 2^63.
//	code >= 2^63: a non-integer, or an integer above 2^63. The 63 low
//	    bits are an 11-bit exponent position p then a 52-bit mantissa
//	    code m. Positions run through the exponents 0, 1, ..., 1023
//	    (values 1 and up), then -1, -2, ..., -1022 (values below 1),
//	    then the subnormals, then +Inf (m < 2^51) and NaN.
//
// Within an exponent, the mantissa bits that are the value's integer part
// stay in place, and the fractional bits (all of them, for values below
// 1) are replaced by a code that lists fractions by how many bits they
// need, then by value: 0, 1/2, 1/4, 3/4, 1/8, 3/8, ... So 1.5 comes
// before 1.25, and both before 1.001, and short fractions are simpler
// than long ones. A fraction code c >= 1 with L = bits.Len(c) stands for
// (2c - 2^L + 1) / 2^L.
//
// A code whose value has a simpler code of its own (the integer n at
// exponent position p with fraction code 0, which the integer codes
// already give) is dead: it reads as the next live code, n + 1/2, and an
// integral exponent whose values are all below 2^63 reads as 2^63+2048.
// Every code therefore maps to a value no simpler than any lower code's.
//
// The simplicity order of floats is thus: positive before negative; then
// integers up to 2^63 by value; then by exponent position; then by
// integer part; then by the number of fractional bits; then by value.
// +Inf and NaN are the most complex of their sign.
package floatorder

import (
	"math"
	"math/bits"
)

// Format describes an IEEE 754 binary format and its magnitude code.
type Format struct {
	Bits uint   // width of the format and of its magnitude code: 64 or 32
	Mant uint   // explicit mantissa bits: 52 or 23
	Bias uint64 // exponent bias: 1023 or 127; also the largest exponent
}

// The formats of float64 and float32.
var (
	Float64 = Format{Bits: 64, Mant: 52, Bias: 1023}
	Float32 = Format{Bits: 32, Mant: 23, Bias: 127}
)

// Top is the first non-integer code, 2^(bits-1).
func (f Format) Top() uint64 { return 1 << (f.Bits - 1) }

// MantMask masks the mantissa bits.
func (f Format) MantMask() uint64 { return 1<<f.Mant - 1 }

// InfBits is the bit pattern of +Inf.
func (f Format) InfBits() uint64 { return (2*f.Bias + 1) << f.Mant }

// Value converts a non-negative bit pattern of the format to a float64.
func (f Format) Value(b uint64) float64 {
	if f.Bits == 64 {
		return math.Float64frombits(b)
	}
	return float64(math.Float32frombits(uint32(b)))
}

// BitsOf converts a float64 holding a value of the format to its bits.
func (f Format) BitsOf(v float64) uint64 {
	if f.Bits == 64 {
		return math.Float64bits(v)
	}
	return uint64(math.Float32bits(float32(v)))
}

// Decode maps a magnitude code to the bit pattern of the non-negative
// value it stands for.
func (f Format) Decode(c uint64) uint64 {
	top := f.Top()
	if c < top {
		if f.Bits == 64 {
			return math.Float64bits(float64(int64(c)))
		}
		return uint64(math.Float32bits(float32(int64(c))))
	}
	p := (c - top) >> f.Mant
	m := c & f.MantMask()
	switch {
	case p <= f.Bias: // exponent e = p >= 0
		e := uint(p)
		if e < f.Mant {
			n := f.Mant - e
			fm := uint64(1)<<n - 1
			cf := max(m&fm, 1) // fraction code 0 is the integer: dead
			m = m&^fm | FracFromCode(cf, n)
		} else if e < f.Bits-1 || e == f.Bits-1 && m == 0 {
			// All integers below 2^(bits-1): dead, up to the next live code.
			e, m = f.Bits-1, 1
		}
		return (uint64(e)+f.Bias)<<f.Mant | m
	case p < 2*f.Bias: // exponent e = bias - p < 0
		return (2*f.Bias-p)<<f.Mant | FracFromCode(m, f.Mant)
	case p == 2*f.Bias: // subnormal; 0 is dead
		return FracFromCode(max(m, 1), f.Mant)
	default:
		if m < 1<<(f.Mant-1) {
			return f.InfBits()
		}
		return f.InfBits() | m // a quiet NaN
	}
}

// Encode is the inverse of Decode: the simplest code of the non-negative
// value with bit pattern b. A signaling NaN encodes as a quiet one.
func (f Format) Encode(b uint64) uint64 {
	top := f.Top()
	if v := f.Value(b); v == math.Trunc(v) && v <= float64(top) {
		return min(uint64(v), top-1)
	}
	mmask := f.MantMask()
	exp, m := b>>f.Mant, b&mmask
	var p uint64
	switch {
	case exp == 2*f.Bias+1:
		p = exp
		if m != 0 {
			m |= 1 << (f.Mant - 1)
		}
	case exp >= f.Bias:
		p = exp - f.Bias
		if e := uint(p); e < f.Mant {
			fm := uint64(1)<<(f.Mant-e) - 1
			m = m&^fm | CodeFromFrac(m&fm, f.Mant-e)
		}
	case exp > 0:
		p = 2*f.Bias - exp
		m = CodeFromFrac(m, f.Mant)
	default:
		p = 2 * f.Bias
		m = CodeFromFrac(m, f.Mant)
	}
	return top + p<<f.Mant | m
}

// FracFromCode maps a fraction code to the n fractional bits it stands
// for: 0 -> 0; otherwise, with L = bits.Len(c), the odd numerator
// 2(c - 2^(L-1)) + 1 over 2^L. Codes of the same length L are the
// fractions that need exactly L bits, in increasing order.
func FracFromCode(c uint64, n uint) uint64 {
	l := uint(bits.Len64(c))
	return (2*c - 1<<l + 1) << (n - l) // c = 0 gives 0
}

// CodeFromFrac is the inverse of FracFromCode.
func CodeFromFrac(x uint64, n uint) uint64 {
	if x == 0 {
		return 0
	}
	tz := uint(bits.TrailingZeros64(x))
	return 1<<(n-tz-1) | x>>(tz+1)
}
