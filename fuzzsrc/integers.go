package fuzzsrc

import (
	"fmt"
	"math"

	"github.com/shortlex/shortlex/internal/record"
)

// Integer is the set of integer types that integer generators draw.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Int draws any int, shrinking towards 0.
func Int() Generator[int] { return intGen }

// IntRange draws an int in [lo, hi], shrinking towards the value in the
// range closest to 0. It panics if lo > hi.
func IntRange(lo, hi int) Generator[int] { return IntegerRange(lo, hi) }

// Byte draws any byte, shrinking towards 0.
func Byte() Generator[byte] { return byteGen }

// intGen and byteGen are built once: a property that calls Byte() for
// every draw in a loop would otherwise build a generator, and allocate
// its closures, each time, which the fuzzer pays for in every execution.
var (
	intGen  = IntegerRange(math.MinInt, math.MaxInt)
	byteGen = IntegerRange[byte](0, math.MaxUint8)
)

// Integers draws any value of the integer type I, shrinking towards 0:
// Integers[int16](), Integers[uint64]().
func Integers[I Integer]() Generator[I] {
	lo, hi := bounds[I]()
	return IntegerRange(lo, hi)
}

// IntegerRange draws an integer in [lo, hi], shrinking towards the value
// in the range closest to 0. It panics if lo > hi.
func IntegerRange[I Integer](lo, hi I) Generator[I] {
	return IntegerTowards(lo, hi, 0)
}

// IntegerTowards draws an integer in [lo, hi] that shrinks towards
// towards, clamped into the range: the simplest value is towards, then
// towards+1, towards-1, towards+2, and so on outwards, with the values
// past the nearer bound last. It panics if lo > hi.
//
// Every integer draw consumes the fewest whole bytes that can number the
// range's values.
func IntegerTowards[I Integer](lo, hi, towards I) Generator[I] {
	if lo > hi {
		panic(fmt.Sprintf("fuzzsrc: integer range [%v, %v] is empty", lo, hi))
	}
	towards = min(max(towards, lo), hi)
	// Work in an order-preserving unsigned space so that one zigzag
	// serves every width and signedness.
	ulo, uhi, us := orderKey(lo), orderKey(hi), orderKey(towards)
	above, below := uhi-us, us-ulo
	return newGenerator(
		func() string { return fmt.Sprintf("IntegerTowards[%T](%v, %v, %v)", lo, lo, hi, towards) },
		func(t *T) I {
			if t.generating() {
				planLiteral(t.gen, lo, hi, towards, above, below)
			}
			i := t.chooseAround(record.KindInteger, above+below, below)
			return fromOrderKey[I](zigzag(i, us, above, below))
		})
}

// zigzag maps an index in shrink order to the order key of the value it
// stands for: s, s+1, s-1, s+2, s-2, ... until one side runs out at
// distance m, then onwards along the other side.
func zigzag(i, s, above, below uint64) uint64 {
	m := min(above, below)
	switch {
	case i > 2*m && above > below:
		return s + (i - m)
	case i > 2*m:
		return s - (i - m)
	}
	// s+1, s-1, s+2, s-2, ...: odd indices go up, even ones down. The
	// negation compiles to a conditional move, not a branch, which a
	// random parity would mispredict every other draw.
	d := (i + 1) / 2
	if i%2 == 0 {
		d = -d
	}
	return s + d
}

// signed reports whether I is a signed integer type.
func signed[I Integer]() bool {
	var zero I
	return zero-1 < zero
}

// orderKey maps v to a uint64 whose order is v's order: signed values are
// offset by 2^63.
func orderKey[I Integer](v I) uint64 {
	if signed[I]() {
		return uint64(int64(v)) ^ 1<<63
	}
	return uint64(v)
}

func fromOrderKey[I Integer](k uint64) I {
	if signed[I]() {
		return I(int64(k ^ 1<<63))
	}
	return I(k)
}

// bounds returns the smallest and largest values of I.
func bounds[I Integer]() (lo, hi I) {
	hi = maxOf[I]()
	if signed[I]() {
		return -hi - 1, hi
	}
	return 0, hi
}

// maxOf returns the largest value of I.
func maxOf[I Integer]() I {
	var zero I
	if !signed[I]() {
		return ^zero
	}
	// For a signed type of n bits the maximum is 2^(n-1)-1; find n by
	// doubling until the value stops growing.
	v := I(1)
	for v<<1 > v {
		v = v<<1 | 1
	}
	return v
}

// planLiteral queues, now and then, the index of an integer literal of
// the property's source that lies in [lo, hi], for a generating run's
// next draw of IntegerTowards(lo, hi, towards).
func planLiteral[I Integer](g *generation, lo, hi, towards I, above, below uint64) {
	v, ok := g.literalInt(func(v intLiteral) bool { _, ok := literalIn(v, lo, hi); return ok })
	if !ok {
		return
	}
	x, _ := literalIn(v, lo, hi)
	k, s := orderKey(x), orderKey(towards)
	if k >= s {
		g.plan(record.KindInteger, zigzagIndex(k-s, true, above, below))
	} else {
		g.plan(record.KindInteger, zigzagIndex(s-k, false, above, below))
	}
}

// literalIn converts v to I if I holds it and it lies in [lo, hi].
func literalIn[I Integer](v intLiteral, lo, hi I) (I, bool) {
	var x I
	switch {
	case !v.neg:
		x = I(v.mag)
		if x < 0 || uint64(x) != v.mag {
			return 0, false
		}
	case !signed[I]() || v.mag > 1<<63:
		return 0, false
	default:
		n := -int64(v.mag) // MinInt64 for 1<<63
		x = I(n)
		if int64(x) != n {
			return 0, false
		}
	}
	return x, lo <= x && x <= hi
}
