package fuzzsrc

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/shortlex/shortlex/internal/floatorder"
	"github.com/shortlex/shortlex/internal/record"
)

// Floats are drawn as a sign coin, when both signs are possible, then a
// magnitude code of package floatorder, whose doc gives the order; a
// bounded draw numbers only the codes whose values lie in its range.

// A floatSpace is the set of magnitude codes a draw may produce: sorted,
// disjoint, inclusive intervals, numbered in order so that the choice's
// index i stands for the i-th code.
type floatSpace struct {
	lo, hi []uint64
	first  []uint64 // the index of each interval's first code
	max    uint64   // the largest index
	full   bool     // every code: the index is the code

	// code finds an index's interval without a binary search, whose
	// branches random indices mispredict: index i falls in bucket
	// i>>shift, and most buckets lie in one interval, whose delta they
	// hold; the others hold the first interval they meet, and code steps
	// through the few intervals after it.
	ivs    []interval
	bucket []bucket
	shift  uint
}

// An interval of a floatSpace, for code: its last index, and what to add
// to its indices to get their codes.
type interval struct{ last, delta uint64 }

// A bucket of a floatSpace's indices, for code.
type bucket struct {
	delta uint64 // the delta of the interval that holds the bucket, if one does
	first uint32 // the interval holding the bucket's first index
	mixed bool   // the bucket meets more than one interval
}

// maxBucketBits caps a floatSpace's buckets at 2^maxBucketBits (16 KiB).
const maxBucketBits = 10

// code returns the code numbered i.
func (s *floatSpace) code(i uint64) uint64 {
	if s.full {
		return i
	}
	b := &s.bucket[i>>(s.shift&63)]
	if !b.mixed {
		return i + b.delta
	}
	j := b.first
	for i > s.ivs[j].last {
		j++
	}
	return i + s.ivs[j].delta
}

// number numbers the intervals' codes and builds code's lookup. A space
// gets 128 to 256 buckets per boundary between its intervals, up to
// 2^maxBucketBits, so that few random indices fall in a mixed bucket,
// for which the processor mispredicts code's branch: with 8 per
// interval, one draw in 16 from Float64Range(-1, 1) did, which made the
// average draw some 10% slower.
func (s *floatSpace) number() {
	var n uint64
	for i := range s.lo {
		s.first = append(s.first, n)
		n += s.hi[i] - s.lo[i] + 1
		s.ivs = append(s.ivs, interval{last: n - 1, delta: s.lo[i] - s.first[i]})
	}
	s.max = n - 1
	if len(s.lo) == 0 {
		return
	}
	k := 1 // one interval: no bucket is mixed
	if bounds := len(s.lo) - 1; bounds > 0 {
		k = min(bits.Len(uint(bounds))+7, maxBucketBits)
	}
	s.shift = uint(max(bits.Len64(s.max)-k, 0))
	s.bucket = make([]bucket, s.max>>s.shift+1)
	j := uint32(0)
	for b := range s.bucket {
		start := uint64(b) << s.shift
		for start > s.ivs[j].last {
			j++
		}
		end := min(start+(1<<s.shift-1), s.max) // the bucket's last index
		s.bucket[b] = bucket{delta: s.ivs[j].delta, first: j, mixed: end > s.ivs[j].last}
	}
}

// index returns the index of code c, if the space holds it.
func (s *floatSpace) index(c uint64) (uint64, bool) {
	if s.full {
		return c, true
	}
	j, ok := slices.BinarySearch(s.lo, c)
	if !ok {
		j-- // the last interval starting below c
	}
	if j < 0 || c > s.hi[j] {
		return 0, false
	}
	return s.first[j] + (c - s.lo[j]), true
}

// maxFracBits is how many fractional bits the simpler values of a float
// keep at most: Hypothesis's float shrinker tries the same truncations.
const maxFracBits = 10

// simpler returns the indices below i of values that are simpler in the
// order of floats and that lowering the index by steps may not reach,
// for a non-integer value: the value cut to k fractional bits, rounded
// down and up, for k from 0 to maxFracBits; its fraction r on the
// integer part 1, which moves a value below 1 to a simpler exponent
// (0.5078125 becomes 1.5078125, simpler than every value below 1), on
// half its own integer part and on its own less each power of two (the
// jumps Hypothesis's integer shrinker makes, for the integer part alone);
// and its significand at simpler exponents (see simplerExponents).
func (g *floatGen) simpler(sp *floatSpace, i uint64) []uint64 {
	v := g.f.Value(g.f.Decode(sp.code(i)))
	if math.IsInf(v, 0) || math.IsNaN(v) || v == math.Trunc(v) {
		return nil
	}
	var vals []float64
	for k := range maxFracBits + 1 {
		x := math.Ldexp(v, k)
		vals = append(vals, math.Ldexp(math.Floor(x), -k), math.Ldexp(math.Ceil(x), -k))
	}
	// The fraction on simpler integer parts: 1, which moves a value below
	// 1 to a simpler exponent, half of its own, and its own less each
	// power of two, so that a walk down the integer part takes jumps of
	// every size, not one step per unit.
	n, r := math.Modf(v)
	vals = append(vals, 1+r, math.Floor(n/2)+r)
	for d := 1.0; d <= n; d *= 2 {
		vals = append(vals, n-d+r)
	}
	// The same significand at simpler exponents: for a property that
	// scaling by a power of two keeps (a rounding error, a relative
	// tolerance), 2.2e-170 becomes a value in [1, 2).
	for _, e := range simplerExponents(math.Ilogb(v)) {
		vals = append(vals, math.Ldexp(v, e-math.Ilogb(v)))
	}
	var out []uint64
	for _, w := range vals {
		if !(w >= 0) || w == v {
			continue
		}
		if j, ok := sp.index(g.f.Encode(g.f.BitsOf(w))); ok && j < i {
			out = append(out, j)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// simplerExponents returns exponents simpler than e in the order of
// floats (0, 1, ..., 1023, then -1, -2, ...) and nearer 0 in value: 0,
// -1 for a negative e, and those halfway to and just before e, so that
// repeated lowering binary-searches the exponent towards 0 on e's side.
func simplerExponents(e int) []int {
	out := []int{}
	add := func(x int) {
		if x != e && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	switch {
	case e > 0:
		add(0)
		add(e / 2)
		add(e - 1)
	case e < 0:
		add(0)
		add(-1)
		add(e / 2)
		add(e + 1)
	}
	return out
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
func spaceOf(f floatorder.Format, a, b uint64, nan bool) floatSpace {
	s := floatSpace{}
	top, mmask := f.Top(), f.MantMask()
	// Integers, up to 2^(bits-1), whose code is top-1.
	if av, bv := f.Value(a), f.Value(b); av <= float64(top) {
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
		x, y := max(a, exp<<f.Mant), min(b, exp<<f.Mant|mmask)
		if x > y {
			return
		}
		base := top + p<<f.Mant
		mlo, mhi := x&mmask, y&mmask
		switch {
		case exp >= f.Bias && exp-f.Bias >= uint64(f.Mant): // all integers
			e := uint(exp - f.Bias)
			if e < f.Bits-1 {
				return // dead
			}
			if e == f.Bits-1 {
				mlo = max(mlo, 1)
			}
			if mlo <= mhi {
				s.add(base+mlo, base+mhi)
			}
		case exp >= f.Bias:
			s.addFractions(base, mlo, mhi, f.Mant-uint(exp-f.Bias), false)
		default:
			s.addFractions(base, mlo, mhi, f.Mant, exp > 0)
		}
	}
	ea, eb := a>>f.Mant, min(b, f.InfBits()-1)>>f.Mant
	for exp := max(ea, f.Bias); exp <= eb; exp++ {
		block(exp-f.Bias, exp)
	}
	for exp := min(eb, f.Bias-1); exp >= max(ea, 1); exp-- {
		block(2*f.Bias-exp, exp)
	}
	if ea == 0 {
		block(2*f.Bias, 0)
	}
	special := top + (2*f.Bias+1)<<f.Mant
	if b == f.InfBits() {
		s.add(special, special+1<<(f.Mant-1)-1)
	}
	if nan {
		s.add(special+1<<(f.Mant-1), special+mmask)
	}
	s.number()
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
	f      floatorder.Format
	sp     [2]floatSpace // the magnitudes of positive and negative values
	hasPos bool
	hasNeg bool

	// What drawFast needs, set by prepare once the spaces are built.
	fast     bool   // both signs' magnitudes have the same width, 1 to 8 bytes
	signLen  int    // 1 if the sign is drawn, else 0
	sign     uint64 // the sign if it is not drawn: 1 for negative
	width    int    // the magnitude's width in bytes
	magnMask uint64 // the magnitude's bytes in the eight read from its start
	// The space of each sign's magnitudes, &sp[sign] for both if the sign
	// is not drawn: one load, where indexing sp multiplies.
	space    [2]*floatSpace
	oneSpace bool // both signs' spaces hold the same codes
}

// prepare sets what drawFast needs, once g's spaces are built.
func (g *floatGen) prepare() {
	width := func(sp *floatSpace) int { return (bits.Len64(sp.max) + 7) / 8 }
	if g.hasPos && g.hasNeg {
		g.signLen = 1
	}
	if !g.hasPos {
		g.sign = 1
	}
	g.width = width(&g.sp[g.sign])
	g.fast = g.width > 0 && !(g.signLen == 1 && width(&g.sp[1]) != g.width)
	g.magnMask = ^uint64(0) << (64 - 8*g.width)
	g.space = [2]*floatSpace{&g.sp[0], &g.sp[1]}
	if g.signLen == 0 {
		g.space = [2]*floatSpace{&g.sp[g.sign], &g.sp[g.sign]}
	}
	g.oneSpace = g.signLen == 0 || slices.Equal(g.sp[0].lo, g.sp[1].lo) &&
		slices.Equal(g.sp[0].hi, g.sp[1].hi) && g.sp[0].full == g.sp[1].full
}

// draw draws the value's bit pattern, sign included.
func (g *floatGen) draw(t *T) uint64 {
	if t.generating() {
		g.plan(t.gen)
	}
	sp, sign := &g.sp[0], uint64(0)
	if g.hasNeg && (!g.hasPos || t.flip(record.KindBool, fairCoin)) {
		sp, sign = &g.sp[1], g.f.Top()
	}
	i := t.choose(record.KindFloat, sp.max)
	if t.rec != nil && sp.max > 0 {
		t.rec.nameSimpler(g.simpler(sp, i))
	}
	return g.f.Decode(sp.code(i)) | sign
}

// drawFast is draw for the format of V, faster while fuzzing (recording
// off) with at least nine bytes left: it reads the same bytes into the
// same value. Random input makes the processor mispredict branches on
// the sign and on the kind of code, and a magnitude read whose position
// and width depend on the sign holds up the next draw, so drawFast reads
// the sign and the magnitude at once, finds the sign's space without a
// branch (and without waiting for the sign if both signs have the same
// space: the rest of the draw waits for the space), and decodes the code
// as floatorder.DecodeFast does, selecting the integer code's or the
// higher code's value with a conditional move. It calls nothing on the
// way: floatSpace.code and floatorder.DecodeHigh64 are inlined.
func drawFast[V float32 | float64](g *floatGen, t *T) uint64 {
	p := t.pos
	if t.rec != nil || !g.fast || p+9 > len(t.data) {
		return g.draw(t)
	}
	d := (*[9]byte)(t.data[p:])
	// The sign is the index of a fair coin (flip(fairCoin)): 1, negative,
	// for the bytes 0x80 to 0xff. s, its width, is 0 or 1.
	s := g.signLen & 1
	neg := uint64(d[0]>>7)&uint64(s) | g.sign
	// The magnitude's index, as choose reads it (see minimize.IndexOf):
	// the high 64 bits of its bytes, as a fraction of 2^64, times the
	// number of indices, max+1; in a space of every code, the bytes
	// themselves, which are the code.
	u := binary.BigEndian.Uint64(d[s:]) & g.magnMask
	t.pos = p + s + g.width
	sp := g.space[0]
	if !g.oneSpace {
		sp = g.space[neg&1]
	}
	c := u >> ((64 - 8*uint(g.width)) & 63)
	if !sp.full {
		i, _ := bits.Mul64(u, sp.max+1)
		c = sp.code(i)
	}
	// The value of c as a higher code and as an integer code, the one
	// selected by a conditional move, and Decode for a code at an
	// irregular position.
	var r, ib, top, inf uint64
	if unsafe.Sizeof(V(0)) == 8 {
		r, ib = floatorder.DecodeHigh64(c), math.Float64bits(float64(int64(c)))
		top, inf = 1<<63, math.Float64bits(math.Inf(1))
	} else {
		r, ib = floatorder.DecodeHigh32(c), uint64(math.Float32bits(float32(int64(c))))
		top, inf = 1<<31, uint64(math.Float32bits(float32(math.Inf(1))))
	}
	if c < top {
		r = ib
	}
	if r >= inf {
		r = g.f.Decode(c)
	}
	return r | neg<<(8*unsafe.Sizeof(V(0))-1)
}

// anyFloat draws every value of the format.
func anyFloat(f floatorder.Format) *floatGen {
	full := floatSpace{full: true, max: 1<<f.Bits - 1}
	if f.Bits == 64 {
		full.max = math.MaxUint64
	}
	g := &floatGen{f: f, sp: [2]floatSpace{full, full}, hasPos: true, hasNeg: true}
	g.prepare()
	return g
}

// finiteFloat draws every finite value of the format.
func finiteFloat(f floatorder.Format) *floatGen {
	s := spaceOf(f, 0, f.InfBits()-1, false)
	g := &floatGen{f: f, sp: [2]floatSpace{s, s}, hasPos: true, hasNeg: true}
	g.prepare()
	return g
}

// floatRange draws the values of the format in [lo, hi], which it checks.
func floatRange(f floatorder.Format, name string, lo, hi float64) *floatGen {
	if math.IsNaN(lo) || math.IsNaN(hi) || lo > hi {
		panic(fmt.Sprintf("fuzzsrc.%s: bad range [%v, %v]", name, lo, hi))
	}
	g := &floatGen{f: f, hasPos: hi >= 0, hasNeg: lo < 0}
	pa, pb := f.BitsOf(max(lo, 0)), f.BitsOf(math.Abs(hi))
	na, nb := f.BitsOf(max(-hi, 0)), f.BitsOf(-lo)
	if g.hasPos {
		g.sp[0] = spaceOf(f, pa, pb, false)
	}
	switch {
	case g.hasNeg && g.hasPos && na == pa && nb == pb:
		g.sp[1] = g.sp[0] // a symmetric range; spaces never change once built
	case g.hasNeg:
		g.sp[1] = spaceOf(f, na, nb, false)
	}
	g.prepare()
	return g
}

// Float64 draws any float64: finite values, ±Inf and NaN. It shrinks
// towards 0, then the integers 1, 2, 3, ..., then values with short
// fractions (1.5, 1.25, 2.5, ..., 0.5, 0.25), then long ones; 5e-324 is
// nearly the most complex value, and only ±Inf and NaN come after it.
// Every positive value is simpler than every negative one. Use
// [Float64Finite] or [Float64Range] to leave out NaN or the infinities.
func Float64() Generator[float64] { return anyFloat64Gen }

// Float64Finite draws any finite float64: no ±Inf, no NaN.
func Float64Finite() Generator[float64] { return finiteFloat64Gen }

// The unbounded float generators are built once, as Int and Byte are: a
// property that calls Float64Finite() for every draw would otherwise
// build its space, some 36 allocations, each time. float64Gen and
// float32Gen are not inlined: inlined into this initialization, their
// drawing closures would be compiled as part of it, in which the compiler
// inlines nothing (not even math.Float64frombits).
var (
	anyFloat64Gen    = float64Gen("Float64()", anyFloat(floatorder.Float64))
	finiteFloat64Gen = float64Gen("Float64Finite()", finiteFloat(floatorder.Float64))
	anyFloat32Gen    = float32Gen("Float32()", anyFloat(floatorder.Float32))
	finiteFloat32Gen = float32Gen("Float32Finite()", finiteFloat(floatorder.Float32))
)

// Float64Range draws a float64 in [lo, hi], never NaN. It numbers only
// the values in the range, in the order of [Float64], so empty input
// gives the simplest value in the range (0 if it is inside, else the
// integer nearest 0, else the value with the shortest fraction) and
// lowering the input never gives a more complex value. Infinite bounds
// are allowed and included: Float64Range(math.Inf(-1), math.Inf(1))
// draws every float64 but NaN. It panics if a bound is NaN or lo > hi.
func Float64Range(lo, hi float64) Generator[float64] {
	return float64Gen(fmt.Sprintf("Float64Range(%v, %v)", lo, hi), floatRange(floatorder.Float64, "Float64Range", lo, hi))
}

// float64Gen is not inlined; see anyFloat64Gen.
//
//go:noinline
func float64Gen(label string, g *floatGen) Generator[float64] {
	return newGenerator(
		func() string { return label },
		func(t *T) float64 { return math.Float64frombits(drawFast[float64](g, t)) })
}

// Float32 draws any float32: finite values, ±Inf and NaN, shrinking to
// the same simple values as [Float64].
func Float32() Generator[float32] { return anyFloat32Gen }

// Float32Finite draws any finite float32: no ±Inf, no NaN.
func Float32Finite() Generator[float32] { return finiteFloat32Gen }

// Float32Range draws a float32 in [lo, hi], never NaN, as [Float64Range]
// does. It panics if a bound is NaN or lo > hi.
func Float32Range(lo, hi float32) Generator[float32] {
	return float32Gen(fmt.Sprintf("Float32Range(%v, %v)", lo, hi),
		floatRange(floatorder.Float32, "Float32Range", float64(lo), float64(hi)))
}

// float32Gen is not inlined; see anyFloat64Gen.
//
//go:noinline
func float32Gen(label string, g *floatGen) Generator[float32] {
	return newGenerator(
		func() string { return label },
		func(t *T) float32 { return math.Float32frombits(uint32(drawFast[float32](g, t))) })
}

// nastyFloats are the magnitudes a generating run gives a float one time
// in two, either sign, where the draw's range holds them: the values that
// break float code (as Hypothesis's NASTY_FLOATS): zero, one and its
// neighbours, a half, the ends of the exact integers, the extremes of
// the normal and subnormal ranges, the infinities and NaN.
var nastyFloats = []float64{
	0, 0.5, 1, 1.5, 2, 1.0 / 3, 0.1, 1e-10, 1e10,
	math.Nextafter(1, 0), math.Nextafter(1, 2),
	1 << 53, 1<<53 + 2, math.MaxInt64,
	math.SmallestNonzeroFloat64, 0x1p-1022, math.MaxFloat32, math.SmallestNonzeroFloat32,
	math.MaxFloat64, math.Inf(1), math.NaN(),
}

// plan queues the choices of a value for g's next draw in a generating
// run, if its range holds the value it picks: one time in two a nasty
// float, one time in eight a literal of the property's source.
func (g *floatGen) plan(gen *generation) {
	var v float64
	if lit, ok := gen.literalFloat(); ok && gen.chance(8) {
		v = lit
	} else if gen.chance(2) {
		v = nastyFloats[gen.rng.IntN(len(nastyFloats))]
	} else {
		return
	}
	neg := gen.rng.IntN(2) == 1
	if v < 0 {
		v, neg = -v, true
	}
	if neg && !g.hasNeg || !neg && !g.hasPos {
		neg = !neg
	}
	b := g.f.BitsOf(v)
	if g.f.Bits == 32 && g.f.Value(b) != v && !math.IsNaN(v) && !math.IsInf(v, 0) {
		return // not a float32
	}
	var signIdx uint64
	if neg {
		signIdx = 1
	}
	i, ok := g.sp[signIdx].index(g.f.Encode(b))
	if !ok {
		return
	}
	if g.hasPos && g.hasNeg {
		gen.plan(record.KindBool, signIdx)
	}
	gen.plan(record.KindFloat, i)
}
