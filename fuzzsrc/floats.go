package fuzzsrc

import (
	"fmt"
	"math"
	"math/bits"
)

// Floats are drawn as two choices: a sign coin (a byte; at least 0x80 is
// negative), drawn only when both signs are possible, then a magnitude
// code as wide as the format (8 bytes for float64, 4 for float32). The
// sign comes first, so every positive value is simpler than every
// negative one.
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
//
// Bounded draws number only the codes whose values lie in the range, in
// the same order, so the all-zero encoding is the simplest value in the
// range, every value is in range, and the encoding stays monotone.

// floatFormat describes an IEEE 754 binary format and its magnitude code.
type floatFormat struct {
	bits uint   // width of the format and of its magnitude code: 64 or 32
	mant uint   // explicit mantissa bits: 52 or 23
	bias uint64 // exponent bias: 1023 or 127; also the largest exponent
}

var (
	float64Format = floatFormat{bits: 64, mant: 52, bias: 1023}
	float32Format = floatFormat{bits: 32, mant: 23, bias: 127}
)

// top is the first non-integer code, 2^(bits-1).
func (f floatFormat) top() uint64 { return 1 << (f.bits - 1) }

// mmask masks the mantissa bits.
func (f floatFormat) mmask() uint64 { return 1<<f.mant - 1 }

// infBits is the bit pattern of +Inf.
func (f floatFormat) infBits() uint64 { return (2*f.bias + 1) << f.mant }

// value converts a non-negative bit pattern of the format to a float64.
func (f floatFormat) value(b uint64) float64 {
	if f.bits == 64 {
		return math.Float64frombits(b)
	}
	return float64(math.Float32frombits(uint32(b)))
}

// bitsOf converts a float64 holding a value of the format to its bits.
func (f floatFormat) bitsOf(v float64) uint64 {
	if f.bits == 64 {
		return math.Float64bits(v)
	}
	return uint64(math.Float32bits(float32(v)))
}

// decode maps a magnitude code to the bit pattern of the non-negative
// value it stands for.
func (f floatFormat) decode(c uint64) uint64 {
	top := f.top()
	if c < top {
		if f.bits == 64 {
			return math.Float64bits(float64(int64(c)))
		}
		return uint64(math.Float32bits(float32(int64(c))))
	}
	p := (c - top) >> f.mant
	m := c & f.mmask()
	switch {
	case p <= f.bias: // exponent e = p >= 0
		e := uint(p)
		if e < f.mant {
			n := f.mant - e
			fm := uint64(1)<<n - 1
			cf := max(m&fm, 1) // fraction code 0 is the integer: dead
			m = m&^fm | fracFromCode(cf, n)
		} else if e < f.bits-1 || e == f.bits-1 && m == 0 {
			// All integers below 2^(bits-1): dead, up to the next live code.
			e, m = f.bits-1, 1
		}
		return (uint64(e)+f.bias)<<f.mant | m
	case p < 2*f.bias: // exponent e = bias - p < 0
		return (2*f.bias-p)<<f.mant | fracFromCode(m, f.mant)
	case p == 2*f.bias: // subnormal; 0 is dead
		return fracFromCode(max(m, 1), f.mant)
	default:
		if m < 1<<(f.mant-1) {
			return f.infBits()
		}
		return f.infBits() | m // a quiet NaN
	}
}

// encode is the inverse of decode: the simplest code of the non-negative
// value with bit pattern b. A signaling NaN encodes as a quiet one.
func (f floatFormat) encode(b uint64) uint64 {
	top := f.top()
	if v := f.value(b); v == math.Trunc(v) && v <= float64(top) {
		return min(uint64(v), top-1)
	}
	mmask := f.mmask()
	exp, m := b>>f.mant, b&mmask
	var p uint64
	switch {
	case exp == 2*f.bias+1:
		p = exp
		if m != 0 {
			m |= 1 << (f.mant - 1)
		}
	case exp >= f.bias:
		p = exp - f.bias
		if e := uint(p); e < f.mant {
			fm := uint64(1)<<(f.mant-e) - 1
			m = m&^fm | codeFromFrac(m&fm, f.mant-e)
		}
	case exp > 0:
		p = 2*f.bias - exp
		m = codeFromFrac(m, f.mant)
	default:
		p = 2 * f.bias
		m = codeFromFrac(m, f.mant)
	}
	return top + p<<f.mant | m
}

// fracFromCode maps a fraction code to the n fractional bits it stands
// for: 0 -> 0; otherwise, with L = bits.Len(c), the odd numerator
// 2(c - 2^(L-1)) + 1 over 2^L. Codes of the same length L are the
// fractions that need exactly L bits, in increasing order.
func fracFromCode(c uint64, n uint) uint64 {
	l := uint(bits.Len64(c))
	return (2*c - 1<<l + 1) << (n - l) // c = 0 gives 0
}

// codeFromFrac is the inverse of fracFromCode.
func codeFromFrac(x uint64, n uint) uint64 {
	if x == 0 {
		return 0
	}
	tz := uint(bits.TrailingZeros64(x))
	return 1<<(n-tz-1) | x>>(tz+1)
}

// A floatSpace is the set of magnitude codes a draw may produce: sorted,
// disjoint, inclusive intervals, numbered in order so that the choice's
// index i stands for the i-th code.
type floatSpace struct {
	lo, hi []uint64
	first  []uint64 // the index of each interval's first code
	max    uint64   // the largest index
	full   bool     // every code: the index is the code
}

// code returns the code numbered i.
func (s *floatSpace) code(i uint64) uint64 {
	if s.full {
		return i
	}
	j, k := 0, len(s.first)
	for k-j > 1 {
		m := int(uint(j+k) >> 1)
		if s.first[m] <= i {
			j = m
		} else {
			k = m
		}
	}
	return s.lo[j] + (i - s.first[j])
}

// add appends the codes [lo, hi], merging with the last interval if they
// touch. Codes are added in increasing order.
func (s *floatSpace) add(lo, hi uint64) {
	if n := len(s.hi); n > 0 && s.hi[n-1]+1 == lo {
		s.hi[n-1] = hi
		return
	}
	s.lo = append(s.lo, lo)
	s.hi = append(s.hi, hi)
}

// space returns the codes of the live values with bit patterns in [a, b],
// non-negative and not NaN, and of NaN if nan is set. +Inf is included if
// b is +Inf.
func (f floatFormat) space(a, b uint64, nan bool) floatSpace {
	s := floatSpace{}
	top, mmask := f.top(), f.mmask()
	// Integers, up to 2^(bits-1), whose code is top-1.
	if av, bv := f.value(a), f.value(b); av <= float64(top) {
		lo := min(uint64(math.Ceil(av)), top-1)
		hi := top - 1
		if bv < float64(top) {
			hi = uint64(math.Floor(bv))
		}
		if lo <= hi {
			s.add(lo, hi)
		}
	}
	// Each exponent's block, in the order of exponent positions: the
	// exponents from 0 up, then from -1 down, then the subnormals.
	block := func(p, exp uint64) {
		x, y := max(a, exp<<f.mant), min(b, exp<<f.mant|mmask)
		if x > y {
			return
		}
		base := top + p<<f.mant
		mlo, mhi := x&mmask, y&mmask
		switch {
		case exp >= f.bias && exp-f.bias >= uint64(f.mant): // all integers
			e := uint(exp - f.bias)
			if e < f.bits-1 {
				return // dead
			}
			if e == f.bits-1 {
				mlo = max(mlo, 1)
			}
			if mlo <= mhi {
				s.add(base+mlo, base+mhi)
			}
		case exp >= f.bias:
			s.addFractions(base, mlo, mhi, f.mant-uint(exp-f.bias), false)
		default:
			s.addFractions(base, mlo, mhi, f.mant, exp > 0)
		}
	}
	ea, eb := a>>f.mant, min(b, f.infBits()-1)>>f.mant
	for exp := max(ea, f.bias); exp <= eb; exp++ {
		block(exp-f.bias, exp)
	}
	for exp := min(eb, f.bias-1); exp >= max(ea, 1); exp-- {
		block(2*f.bias-exp, exp)
	}
	if ea == 0 {
		block(2*f.bias, 0)
	}
	special := top + (2*f.bias+1)<<f.mant
	if b == f.infBits() {
		s.add(special, special+1<<(f.mant-1)-1)
	}
	if nan {
		s.add(special+1<<(f.mant-1), special+mmask)
	}
	var n uint64
	for i := range s.lo {
		s.first = append(s.first, n)
		n += s.hi[i] - s.lo[i] + 1
	}
	s.max = n - 1
	return s
}

// addFractions adds the live codes of an exponent's block, at code base,
// whose true mantissas lie in [mlo, mhi], where the low n mantissa bits
// are fractional. Fraction code 0 (the integer) is live only if zeroLive.
func (s *floatSpace) addFractions(base, mlo, mhi uint64, n uint, zeroLive bool) {
	fm := uint64(1)<<n - 1
	levels := func(k, flo, fhi uint64) {
		kb := base + k<<n
		if zeroLive && flo == 0 {
			s.add(kb, kb)
		}
		// The fractions needing exactly l bits are (2j+1)/2^l; their codes
		// are 2^(l-1)+j. Keep those in [flo, fhi] (in units of 2^-n).
		for l := uint(1); l <= n; l++ {
			sh := n - l
			half := uint64(1) << sh
			if fhi < half {
				continue
			}
			jhi := (fhi - half) >> (sh + 1)
			jlo := uint64(0)
			if flo > half {
				jlo = (flo + half - 1) >> (sh + 1)
			}
			if jlo <= jhi {
				c := uint64(1) << (l - 1)
				s.add(kb+c+jlo, kb+c+jhi)
			}
		}
	}
	klo, khi := mlo>>n, mhi>>n
	if klo == khi {
		levels(klo, mlo&fm, mhi&fm)
		return
	}
	levels(klo, mlo&fm, fm)
	if khi > klo+1 {
		// Whole integer parts; their dead first codes read as the next.
		s.add(base+(klo+1)<<n, base+khi<<n-1)
	}
	levels(khi, 0, mhi&fm)
}

// floatGen draws the bits of a float of format f.
type floatGen struct {
	f        floatFormat
	pos, neg floatSpace
	hasPos   bool
	hasNeg   bool
}

// draw draws the value's bit pattern, sign included.
func (g *floatGen) draw(t *T) uint64 {
	sp, sign := &g.pos, uint64(0)
	if g.hasNeg && (!g.hasPos || t.flip(KindBool, fairCoin)) {
		sp, sign = &g.neg, g.f.top()
	}
	return g.f.decode(sp.code(t.choose(KindFloat, sp.max))) | sign
}

// anyFloat draws every value of the format.
func anyFloat(f floatFormat) *floatGen {
	full := floatSpace{full: true, max: 1<<f.bits - 1}
	if f.bits == 64 {
		full.max = math.MaxUint64
	}
	return &floatGen{f: f, pos: full, neg: full, hasPos: true, hasNeg: true}
}

// finiteFloat draws every finite value of the format.
func finiteFloat(f floatFormat) *floatGen {
	s := f.space(0, f.infBits()-1, false)
	return &floatGen{f: f, pos: s, neg: s, hasPos: true, hasNeg: true}
}

// floatRange draws the values of the format in [lo, hi], which it checks.
func floatRange(f floatFormat, name string, lo, hi float64) *floatGen {
	if math.IsNaN(lo) || math.IsNaN(hi) || lo > hi {
		panic(fmt.Sprintf("fuzzsrc.%s: bad range [%v, %v]", name, lo, hi))
	}
	g := &floatGen{f: f, hasPos: hi >= 0, hasNeg: lo < 0}
	if g.hasPos {
		g.pos = f.space(f.bitsOf(max(lo, 0)), f.bitsOf(math.Abs(hi)), false)
	}
	if g.hasNeg {
		g.neg = f.space(f.bitsOf(max(-hi, 0)), f.bitsOf(-lo), false)
	}
	return g
}

// Float64 draws any float64: finite values, ±Inf and NaN. It shrinks
// towards 0, then the integers 1, 2, 3, ..., then values with short
// fractions (1.5, 1.25, 2.5, ..., 0.5, 0.25), then long ones; 5e-324 is
// nearly the most complex value, and only ±Inf and NaN come after it.
// Every positive value is simpler than every negative one. Use
// [Float64Finite] or [Float64Range] to leave out NaN or the infinities.
func Float64() Generator[float64] {
	return float64Gen("Float64()", anyFloat(float64Format))
}

// Float64Finite draws any finite float64: no ±Inf, no NaN.
func Float64Finite() Generator[float64] {
	return float64Gen("Float64Finite()", finiteFloat(float64Format))
}

// Float64Range draws a float64 in [lo, hi], never NaN. It numbers only
// the values in the range, in the order of [Float64], so empty input
// gives the simplest value in the range (0 if it is inside, else the
// integer nearest 0, else the value with the shortest fraction) and
// lowering the input never gives a more complex value. Infinite bounds
// are allowed and included: Float64Range(math.Inf(-1), math.Inf(1))
// draws every float64 but NaN. It panics if a bound is NaN or lo > hi.
func Float64Range(lo, hi float64) Generator[float64] {
	return float64Gen(fmt.Sprintf("Float64Range(%v, %v)", lo, hi), floatRange(float64Format, "Float64Range", lo, hi))
}

func float64Gen(label string, g *floatGen) Generator[float64] {
	return newGenerator(
		func() string { return label },
		func(t *T) float64 { return math.Float64frombits(g.draw(t)) })
}

// Float32 draws any float32: finite values, ±Inf and NaN, shrinking to
// the same simple values as [Float64].
func Float32() Generator[float32] {
	return float32Gen("Float32()", anyFloat(float32Format))
}

// Float32Finite draws any finite float32: no ±Inf, no NaN.
func Float32Finite() Generator[float32] {
	return float32Gen("Float32Finite()", finiteFloat(float32Format))
}

// Float32Range draws a float32 in [lo, hi], never NaN, as [Float64Range]
// does. It panics if a bound is NaN or lo > hi.
func Float32Range(lo, hi float32) Generator[float32] {
	return float32Gen(fmt.Sprintf("Float32Range(%v, %v)", lo, hi),
		floatRange(float32Format, "Float32Range", float64(lo), float64(hi)))
}

func float32Gen(label string, g *floatGen) Generator[float32] {
	return newGenerator(
		func() string { return label },
		func(t *T) float32 { return math.Float32frombits(uint32(g.draw(t))) })
}
