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
// more than the rest of the decoding. DecodeFast instead looks up what it
// needs to know about the code's exponent position in a table, computes
// the value of c as an integer code and as a non-integer code, and
// selects one with a conditional move. Positions whose decoding is
// irregular and that random codes rarely hit (the dead integer blocks,
// the block of 2^(bits-1), +Inf and NaN) are left to Decode. The type
// parameter makes the format's widths constants, so that its shifts
// compile to single instructions.
func DecodeFast[V float32 | float64](c uint64) uint64 {
	f, top, mant := Float32, uint64(1)<<31, uint(23)
	if unsafe.Sizeof(V(0)) == 8 {
		f, top, mant = Float64, uint64(1)<<63, 52
	}
	// The value of c as an integer code, used if c < top.
	var ib uint64
	if mant == 52 {
		ib = math.Float64bits(float64(int64(c)))
	} else {
		ib = uint64(math.Float32bits(float32(int64(c))))
	}
	// The value of c as a non-integer code, used if c >= top: position
	// p's exponent, the mantissa's integer bits kept, and the fraction
	// code in its low n bits replaced by the fraction it stands for.
	var e position
	if mant == 52 {
		e = positions64[c>>52&uint64(len(positions64)-1)]
	} else {
		e = positions32[c>>23&uint64(len(positions32)-1)]
	}
	m := c & (1<<mant - 1)
	n := uint(e.n) & 63
	fm := uint64(1)<<n - 1
	fc := max(m&fm, uint64(e.flags&zeroDead)) // a dead code 0 reads as 1
	// FracFromCode(fc, n), (2fc+1 - 2^L) << (n-L) with L = bits.Len(fc),
	// computed as (2fc+1) << (n-L) - 2^n with L = bits.Len(2fc+1) - 1, in
	// fewer instructions; the masks with 63 spare the compiler's checks of
	// shift counts.
	d := fc<<1 | 1
	frac := d<<((n+1-uint(bits.Len64(d)))&63) - (fm + 1)
	r := uint64(e.exp)<<mant | m&^fm | frac
	if e.flags&irregular != 0 && c >= top {
		r = f.Decode(c)
	}
	if c < top {
		r = ib
	}
	return r
}

// positions64 and positions32 describe each exponent position p of
// float64 and float32 (see the package doc) for DecodeFast.
var (
	positions64 = func() (t [2 * 1024]position) { fillPositions(Float64, t[:]); return t }()
	positions32 = func() (t [2 * 128]position) { fillPositions(Float32, t[:]); return t }()
)

// A position describes an exponent position for DecodeFast, in 4 bytes.
type position struct {
	exp   uint16 // the biased exponent of its values
	n     uint8  // how many low mantissa bits are the fraction code
	flags uint8  // zeroDead and irregular
}

const (
	zeroDead  = 1 << 0 // fraction code 0 is dead and reads as 1
	irregular = 1 << 1 // decoded by Format.Decode
)

// fillPositions fills pos, the table of f's exponent positions, for
// DecodeFast.
func fillPositions(f Format, pos []position) {
	for p := range uint64(len(pos)) {
		e := &pos[p]
		switch {
		case p <= f.Bias && p < uint64(f.Mant): // 2^p up to 2^(p+1): p integer bits
			e.exp, e.n, e.flags = uint16(p+f.Bias), uint8(uint64(f.Mant)-p), zeroDead
		case p <= f.Bias && p < uint64(f.Bits): // integers, dead below 2^(bits-1)
			e.flags = irregular
		case p <= f.Bias: // integers above 2^(bits-1), all live
			e.exp = uint16(p + f.Bias)
		case p < 2*f.Bias: // below 1
			e.exp, e.n = uint16(2*f.Bias-p), uint8(f.Mant)
		case p == 2*f.Bias: // subnormal; 0 is dead
			e.n, e.flags = uint8(f.Mant), zeroDead
		default: // +Inf and NaN
			e.flags = irregular
		}
	}
}
