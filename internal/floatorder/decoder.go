package floatorder

import (
	"math"
	"math/bits"
	"unsafe"
)

// DecodeFast returns Decode(c) of the format of V, with fewer branches.
// Package fuzzsrc decodes codes drawn from the fuzzer's random bytes, on
// which Decode's branches (is the code an integer? is the exponent at
// least 0?) are coin flips that the processor mispredicts, which costs
// more than the rest of the decoding. DecodeFast instead computes the
// value of c as an integer code and, with DecodeHigh64 or DecodeHigh32,
// as a higher code, and selects one with a conditional move. Positions
// whose decoding is irregular and that random codes rarely hit (the dead
// integer blocks, the block of 2^(bits-1), +Inf and NaN) are left to
// Decode. Package fuzzsrc puts the same pieces together itself: they
// are small enough for the compiler to inline, and DecodeFast is not.
func DecodeFast[V float32 | float64](c uint64) uint64 {
	f, r, ib := Float32, DecodeHigh32(c), uint64(math.Float32bits(float32(int64(c))))
	if unsafe.Sizeof(V(0)) == 8 {
		f, r, ib = Float64, DecodeHigh64(c), math.Float64bits(float64(int64(c)))
	}
	if c < f.Top() {
		r = ib
	}
	if r >= f.InfBits() {
		r = f.Decode(c)
	}
	return r
}

// DecodeHigh64 returns Decode(c) of Float64 for a code c >= 2^63 (any
// other code gives a meaningless result), except at an irregular
// position, where it returns a bit pattern of at least InfBits, which
// no regular position has: the caller passes such codes to Decode. It
// looks up what it needs to know of c's exponent position in a table,
// takes the exponent from it, keeps the mantissa's integer bits and
// replaces the fraction code in the low n bits by the fraction it stands
// for, without branches. It is small enough for the compiler to inline,
// and so is written out for each format rather than shared.
func DecodeHigh64(c uint64) uint64 {
	e := positions64[c>>52&(uint64(len(positions64))-1)]
	n := uint(e.n) & 63 // spares the compiler's checks of shift counts
	fm := uint64(1)<<n - 1
	fc := max(c&fm, uint64(e.zeroDead)) // a dead code 0 reads as 1
	// FracFromCode(fc, n), (2fc+1 - 2^L) << (n-L) with L = bits.Len(fc),
	// computed as (2fc+1) << (n-L) - 2^n in fewer instructions.
	frac := (fc<<1|1)<<((n-uint(bits.Len64(fc)))&63) - fm - 1
	return uint64(e.exp)<<52 | c&(1<<52-1)&^fm | frac
}

// DecodeHigh32 is DecodeHigh64 for Float32: a code c >= 2^31.
func DecodeHigh32(c uint64) uint64 {
	e := positions32[c>>23&(uint64(len(positions32))-1)]
	n := uint(e.n) & 63
	fm := uint64(1)<<n - 1
	fc := max(c&fm, uint64(e.zeroDead))
	frac := (fc<<1|1)<<((n-uint(bits.Len64(fc)))&63) - fm - 1
	return uint64(e.exp)<<23 | c&(1<<23-1)&^fm | frac
}

// positions64 and positions32 describe each exponent position p of
// float64 and float32 (see the package doc) for DecodeFast.
var (
	positions64 = func() (t [2 * 1024]position) { fillPositions(Float64, t[:]); return t }()
	positions32 = func() (t [2 * 128]position) { fillPositions(Float32, t[:]); return t }()
)

// A position describes an exponent position for DecodeHigh64 and
// DecodeHigh32, in 4 bytes.
type position struct {
	exp      uint16 // the biased exponent of its values; all ones if irregular
	n        uint8  // how many low mantissa bits are the fraction code
	zeroDead uint8  // 1 if fraction code 0 is dead and reads as 1
}

// fillPositions fills pos, the table of f's exponent positions, for
// DecodeFast.
func fillPositions(f Format, pos []position) {
	irregular := position{exp: uint16(2*f.Bias + 1)} // decoded by Format.Decode
	for p := range uint64(len(pos)) {
		e := &pos[p]
		switch {
		case p <= f.Bias && p < uint64(f.Mant): // 2^p up to 2^(p+1): p integer bits
			e.exp, e.n, e.zeroDead = uint16(p+f.Bias), uint8(uint64(f.Mant)-p), 1
		case p <= f.Bias && p < uint64(f.Bits): // integers, dead below 2^(bits-1)
			*e = irregular
		case p <= f.Bias: // integers above 2^(bits-1), all live
			e.exp = uint16(p + f.Bias)
		case p < 2*f.Bias: // below 1
			e.exp, e.n = uint16(2*f.Bias-p), uint8(f.Mant)
		case p == 2*f.Bias: // subnormal; 0 is dead
			e.n, e.zeroDead = uint8(f.Mant), 1
		default: // +Inf and NaN
			*e = irregular
		}
	}
}
