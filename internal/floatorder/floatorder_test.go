package floatorder

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestOrder checks the documented order: integers by value, then by
// exponent (values of 1 and up, then below 1), integer part, fraction
// length and value; Inf and NaN last.
func TestOrder(t *testing.T) {
	for _, tt := range []struct {
		f     Format
		order []float64
	}{
		// Integers go up to 2^63; 1.001 has 1.5's exponent, so it comes
		// before 2.5 despite its long fraction.
		{Float64, []float64{0, 1, 2, 3, 100, 1 << 40, 1.5, 1.25, 1.75, 1.001, 2.5, 1e300, 0.5, 0.75, 0.25, 0.1, 5e-324, math.Inf(1), math.NaN()}},
		// For float32 the integer codes end at 2^31, so 2^40 is ranked by
		// its exponent, after 2.5.
		{Float32, []float64{0, 1, 2, 3, 100, 1.5, 1.25, 1.75, 1.001, 2.5, 1 << 40, 0.5, 0.75, 0.25, 0.1, math.SmallestNonzeroFloat32, math.Inf(1), math.NaN()}},
	} {
		f := tt.f
		var prev uint64
		for i, v := range tt.order {
			c := f.Encode(f.BitsOf(v))
			if i > 0 && c <= prev {
				t.Errorf("%d-bit: %v has code %#x, not above the previous value's %#x", f.Bits, v, c, prev)
			}
			prev = c
		}
	}
}

// TestRoundTrip checks that Encode gives a code that Decode maps back to
// the same value, for random bit patterns of both formats.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, f := range []Format{Float64, Float32} {
		for range 100000 {
			b := rng.Uint64() >> (64 - f.Bits) &^ (1 << (f.Bits - 1)) // non-negative
			v := f.Value(b)
			got := f.Value(f.Decode(f.Encode(b)))
			if got != v && !(math.IsNaN(got) && math.IsNaN(v)) {
				t.Fatalf("%d-bit: %v (bits %#x) encodes and decodes to %v", f.Bits, v, b, got)
			}
		}
	}
}

// TestDecodeFast checks that DecodeFast decodes as Decode does: every
// exponent position with its smallest, largest and random mantissa
// codes, and random codes.
func TestDecodeFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tt := range []struct {
		f    Format
		fast func(uint64) uint64
	}{{Float64, DecodeFast[float64]}, {Float32, DecodeFast[float32]}} {
		f := tt.f
		check := func(c uint64) {
			if got, want := tt.fast(c), f.Decode(c); got != want {
				t.Fatalf("%d-bit: code %#x decodes to %#x, want %#x", f.Bits, c, got, want)
			}
		}
		largest := uint64(1)<<(f.Bits-1) | (uint64(1)<<(f.Bits-1) - 1)
		for _, c := range []uint64{0, 1, 2, 3, 1<<f.Mant - 1, 1 << f.Mant, 1<<(f.Bits-1) - 1, largest} {
			check(c)
		}
		for p := range 2*f.Bias + 2 {
			base := f.Top() + p<<f.Mant
			for m := range uint64(64) {
				check(base + m)
				check(base + f.MantMask() - m)
			}
			for range 1000 {
				check(base + rng.Uint64()&f.MantMask())
			}
		}
		for range 1000000 {
			check(rng.Uint64() >> (64 - f.Bits))
		}
	}
}
