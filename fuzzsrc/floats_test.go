package fuzzsrc

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shortlex/shortlex/internal/floatorder"
	"github.com/shortlex/shortlex/internal/record"
)

func TestFloat64Golden(t *testing.T) {
	inf, nan := math.Inf(1), math.Float64frombits(0x7FF8000000000000)
	tests := []struct {
		name   string
		reason string
		g      Generator[float64]
		data   []byte
		want   float64
	}{
		{"empty", "exhaustion: positive sign, code 0", Float64(), nil, 0},
		{"one", "integer codes are the integers", Float64(), []byte{0, 0, 0, 0, 0, 0, 0, 0, 1}, 1},
		{"nine", "integer codes are the integers", Float64(), []byte{0, 0, 0, 0, 0, 0, 0, 0, 9}, 9},
		{"sign below half", "0x7f is below the coin's threshold: positive", Float64(), []byte{0x7f, 0, 0, 0, 0, 0, 0, 0, 3}, 3},
		{"negative zero", "the sign comes first; an exhausted magnitude is 0", Float64(), []byte{0x80}, math.Copysign(0, -1)},
		{"minus one", "negatives repeat the positive order", Float64(), []byte{0x80, 0, 0, 0, 0, 0, 0, 0, 1}, -1},
		{"2^53", "integers are exact up to 2^53", Float64(), []byte{0, 0, 0x20, 0, 0, 0, 0, 0, 0}, 1 << 53},
		{"largest integer code", "2^63-1 rounds to 2^63", Float64(), []byte{0, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, 1 << 63},
		{"first fraction", "2^63 is exponent 0 with fraction code 0, which is 1.0: dead, read as 1.5", Float64(), []byte{0, 0x80, 0, 0, 0, 0, 0, 0, 0}, 1.5},
		{"1.5", "fraction code 1 is 1/2", Float64(), []byte{0, 0x80, 0, 0, 0, 0, 0, 0, 1}, 1.5},
		{"1.25", "fraction codes 2 and 3 are 1/4 and 3/4", Float64(), []byte{0, 0x80, 0, 0, 0, 0, 0, 0, 2}, 1.25},
		{"1.75", "fraction codes 2 and 3 are 1/4 and 3/4", Float64(), []byte{0, 0x80, 0, 0, 0, 0, 0, 0, 3}, 1.75},
		{"1.125", "fraction codes 4-7 are 1/8, 3/8, 5/8, 7/8", Float64(), []byte{0, 0x80, 0, 0, 0, 0, 0, 0, 4}, 1.125},
		{"1.375", "fraction codes 4-7 are 1/8, 3/8, 5/8, 7/8", Float64(), []byte{0, 0x80, 0, 0, 0, 0, 0, 0, 5}, 1.375},
		{"2.5", "exponent position 1, integer bit 0, fraction code 1", Float64(), []byte{0, 0x80, 0x10, 0, 0, 0, 0, 0, 1}, 2.5},
		{"3.5", "integer bit (mantissa bit 51) set: 3", Float64(), []byte{0, 0x80, 0x18, 0, 0, 0, 0, 0, 1}, 3.5},
		{"0.5", "position 1024 is exponent -1, where fraction code 0 is live", Float64(), []byte{0, 0xc0, 0, 0, 0, 0, 0, 0, 0}, 0.5},
		{"0.75", "exponent -1, fraction code 1", Float64(), []byte{0, 0xc0, 0, 0, 0, 0, 0, 0, 1}, 0.75},
		{"0.25", "position 1025 is exponent -2", Float64(), []byte{0, 0xc0, 0x10, 0, 0, 0, 0, 0, 0}, 0.25},
		{"max finite", "position 1023, exponent 1023, every mantissa bit", Float64(), []byte{0, 0xbf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, math.MaxFloat64},
		{"dead integers", "exponents 52-62 are integers with integer codes: read as 2^63 + one ulp", Float64(), []byte{0, 0x83, 0x40, 0, 0, 0, 0, 0, 5}, 1<<63 + 2048},
		{"5e-324", "the smallest subnormal is near the end: position 2046", Float64(), []byte{0, 0xff, 0xe8, 0, 0, 0, 0, 0, 0}, 5e-324},
		{"first subnormal", "subnormal 0 is dead: code 1 is fraction 1/2", Float64(), []byte{0, 0xff, 0xe0, 0, 0, 0, 0, 0, 0}, 0x1p-1023},
		{"+Inf", "position 2047, low half", Float64(), []byte{0, 0xff, 0xf0, 0, 0, 0, 0, 0, 0}, inf},
		{"NaN", "position 2047, high half: quiet NaNs", Float64(), []byte{0, 0xff, 0xf8, 0, 0, 0, 0, 0, 0}, nan},
		{"all ones", "the most complex: a negative NaN", Float64(), bytes.Repeat([]byte{0xff}, 9), math.Float64frombits(math.MaxUint64)},
		{"finite/all ones", "Float64Finite ends at the largest subnormal", Float64Finite(), bytes.Repeat([]byte{0xff}, 9), -math.Float64frombits(0x000FFFFFFFFFFFFF)},
		{"finite/one", "the integers come first, but the dead and NaN codes are left out, so r=1 is still index 0 and r=2 index 1", Float64Finite(), []byte{0, 0, 0, 0, 0, 0, 0, 0, 2}, 1},
		{"range/0..1 empty", "0 is in range", Float64Range(0, 1), nil, 0},
		{"range/0..1 no sign", "no negatives: no sign byte; 1023*2^52+2 codes, so r=8 is index 1", Float64Range(0, 1), []byte{0, 0, 0, 0, 0, 0, 0, 8}, 1},
		{"range/0..1 index 2", "r=9 is index 2: after the integers 0 and 1 comes 0.5", Float64Range(0, 1), []byte{0, 0, 0, 0, 0, 0, 0, 9}, 0.5},
		{"range/0..1 last", "the last code is the largest subnormal", Float64Range(0, 1), bytes.Repeat([]byte{0xff}, 8), math.Float64frombits(0x000FFFFFFFFFFFFF)},
		{"range/2.5..2.7", "no integer inside: 2.5 has the shortest fraction", Float64Range(2.5, 2.7), nil, 2.5},
		{"range/0.3..5", "1 is the simplest integer inside", Float64Range(0.3, 5), nil, 1},
		{"range/0.1..0.2", "0.125 is the exponent -3 value with fraction 0", Float64Range(0.1, 0.2), nil, 0.125},
		{"range/-5..-1", "all negative: no sign byte, shrinks to -1", Float64Range(-5, -1), nil, -1},
		{"range/-5..-1 index 1", "magnitudes [1, 5] need 7 bytes; r=8 is index 1", Float64Range(-5, -1), []byte{0, 0, 0, 0, 0, 0, 8}, -2},
		{"range/-1..1 negative zero", "both signs: a sign byte", Float64Range(-1, 1), []byte{0x80}, math.Copysign(0, -1)},
		{"range/-1..1 minus one", "r=5 is index 1", Float64Range(-1, 1), []byte{0x80, 0, 0, 0, 0, 0, 0, 0, 5}, -1},
		{"range/single", "one value draws nothing", Float64Range(3, 3), []byte{0xff}, 3},
		{"range/+Inf only", "one value draws nothing", Float64Range(inf, inf), nil, inf},
		{"range/all but NaN", "the last code of the negative side is -Inf", Float64Range(-inf, inf), bytes.Repeat([]byte{0xff}, 9), -inf},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := drawOnce(tt.g, tt.data)
			if math.Float64bits(got) != math.Float64bits(tt.want) {
				t.Errorf("%s: got %v (%#x), want %v (%#x)", tt.reason, got, math.Float64bits(got), tt.want, math.Float64bits(tt.want))
			}
		})
	}
}

func TestFloat32Golden(t *testing.T) {
	inf := float32(math.Inf(1))
	tests := []struct {
		name   string
		reason string
		g      Generator[float32]
		data   []byte
		want   float32
	}{
		{"empty", "exhaustion gives 0", Float32(), nil, 0},
		{"one", "4-byte integer codes", Float32(), []byte{0, 0, 0, 0, 1}, 1},
		{"largest integer code", "2^31-1 rounds to 2^31", Float32(), []byte{0, 0x7f, 0xff, 0xff, 0xff}, 1 << 31},
		{"1.5", "the first non-integer, as for float64", Float32(), []byte{0, 0x80, 0, 0, 0}, 1.5},
		{"1.25", "fraction code 2", Float32(), []byte{0, 0x80, 0, 0, 2}, 1.25},
		{"0.5", "position 128 is exponent -1", Float32(), []byte{0, 0xc0, 0, 0, 0}, 0.5},
		{"smallest subnormal", "position 254, fraction code 2^22", Float32(), []byte{0, 0xff, 0x40, 0, 0}, math.SmallestNonzeroFloat32},
		{"+Inf", "position 255, low half", Float32(), []byte{0, 0xff, 0x80, 0, 0}, inf},
		{"minus one", "sign byte first", Float32(), []byte{0xff, 0, 0, 0, 1}, -1},
		{"finite/one", "fewer codes than 2^32: r=2 is index 1", Float32Finite(), []byte{0, 0, 0, 0, 2}, 1},
		{"range/2.5..2.7", "the shortest fraction inside", Float32Range(2.5, 2.7), nil, 2.5},
		{"range/-3..-2", "all negative shrinks to -2", Float32Range(-3, -2), nil, -2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := drawOnce(tt.g, tt.data)
			if math.Float32bits(got) != math.Float32bits(tt.want) {
				t.Errorf("%s: got %v (%#x), want %v (%#x)", tt.reason, got, math.Float32bits(got), tt.want, math.Float32bits(tt.want))
			}
		})
	}
}

// orderParams describes a float format for floatOrder.
type orderParams struct {
	maxInt    float64 // integers up to this have integer codes
	bias      int
	minNormal float64
}

var (
	order64 = orderParams{maxInt: 1 << 63, bias: 1023, minNormal: 0x1p-1022}
	order32 = orderParams{maxInt: 1 << 31, bias: 127, minNormal: 0x1p-126}
)

// floatOrder compares a and b in the documented simplicity order of
// floats, written from the values (not from the encoding): positive
// before negative; then integers up to maxInt by value; then by exponent
// position (0, 1, ..., then -1, -2, ..., then subnormal, then Inf/NaN);
// then by integer part, by the number of fraction bits, and by value.
// All NaNs compare equal.
func floatOrder(a, b float64, o orderParams) int {
	if sa, sb := math.Signbit(a), math.Signbit(b); sa != sb {
		if sa {
			return 1
		}
		return -1
	}
	ka, kb := floatKey(math.Abs(a), o), floatKey(math.Abs(b), o)
	return slices.Compare(ka[:], kb[:])
}

// floatKey is (class, position, integer part, fraction bits, fraction).
func floatKey(x float64, o orderParams) [5]float64 {
	switch {
	case math.IsNaN(x):
		return [5]float64{1, float64(2*o.bias + 1), 1}
	case math.IsInf(x, 0):
		return [5]float64{1, float64(2*o.bias + 1)}
	case x == math.Trunc(x) && x <= o.maxInt:
		return [5]float64{0, x}
	}
	_, exp := math.Frexp(x)
	e := exp - 1
	var pos, ip, frac float64
	switch {
	case x < o.minNormal:
		pos, frac = float64(2*o.bias), x/o.minNormal
	case e >= 0:
		pos, ip = float64(e), math.Floor(x)
		frac = x - ip
	default:
		pos, frac = float64(o.bias-e), x/math.Ldexp(1, e)-1
	}
	nbits := 0
	for f := frac; f != math.Trunc(f); f *= 2 {
		nbits++
	}
	return [5]float64{1, pos, ip, float64(nbits), frac}
}

func TestFloatOrderExamples(t *testing.T) {
	// The order itself, on the examples the encoding is built for.
	simpleFirst := []float64{0, 1, 2, 3, 100, 1 << 53, 1 << 63, 1.5, 1.25, 1.75, 1.1, 2.5, 3.5, 1e300,
		0.5, 0.75, 0.25, 0.1, 1e-300, 5e-324, math.Inf(1), math.NaN(),
		math.Copysign(0, -1), -1, -1.5, -0.5, math.Inf(-1)}
	for i := 1; i < len(simpleFirst); i++ {
		a, b := simpleFirst[i-1], simpleFirst[i]
		if floatOrder(a, b, order64) >= 0 {
			t.Errorf("floatOrder(%v, %v) >= 0, want %v simpler", a, b, a)
		}
		ea, eb := floatorder.Float64.Encode(math.Float64bits(math.Abs(a))), floatorder.Float64.Encode(math.Float64bits(math.Abs(b)))
		if math.Signbit(a) == math.Signbit(b) && ea >= eb {
			t.Errorf("codes %#x (%v) >= %#x (%v)", ea, a, eb, b)
		}
	}
}

// floatInput makes a random input for a float draw, favoring the bytes
// the layout cares about: 0, 0xff and the exponent boundaries.
func floatInput(r *rand.Rand, n int) []byte { return edgyInput(r, n, 4) }

// lowerOne returns a copy of data with one byte lowered, or nil if all are 0.
func lowerOne(r *rand.Rand, data []byte) []byte {
	var nonzero []int
	for i, b := range data {
		if b != 0 {
			nonzero = append(nonzero, i)
		}
	}
	if len(nonzero) == 0 {
		return nil
	}
	low := bytes.Clone(data)
	i := nonzero[r.IntN(len(nonzero))]
	low[i] = byte(r.IntN(int(low[i])))
	return low
}

func TestFloatMonotone(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	inf := math.Inf(1)
	gens64 := map[string]Generator[float64]{
		"Float64":          Float64(),
		"Float64Finite":    Float64Finite(),
		"Range(0,1)":       Float64Range(0, 1),
		"Range(-1,1)":      Float64Range(-1, 1),
		"Range(2.5,2.7)":   Float64Range(2.5, 2.7),
		"Range(-1e6,-0.3)": Float64Range(-1e6, -0.3),
		"Range(1e-310,10)": Float64Range(1e-310, 10),
		"Range(-inf,inf)":  Float64Range(-inf, inf),
		"Range(1e17,1e20)": Float64Range(1e17, 1e20),
		"Range(-0,0)":      Float64Range(math.Copysign(0, -1), 0),
	}
	for name, g := range gens64 {
		for range 20000 {
			data := floatInput(r, 10)
			v := drawPlain(g, data)
			if low := lowerOne(r, data); low != nil {
				if lv := drawPlain(g, low); floatOrder(lv, v, order64) > 0 {
					t.Fatalf("%s: lowering % x to % x gave %v, later than %v", name, data, low, lv, v)
				}
			}
		}
	}
	gens32 := map[string]Generator[float32]{
		"Float32":        Float32(),
		"Float32Finite":  Float32Finite(),
		"Range(-1,1000)": Float32Range(-1, 1000),
		"Range(0.1,0.2)": Float32Range(0.1, 0.2),
	}
	for name, g := range gens32 {
		for range 20000 {
			data := floatInput(r, 6)
			v := drawPlain(g, data)
			if low := lowerOne(r, data); low != nil {
				if lv := drawPlain(g, low); floatOrder(float64(lv), float64(v), order32) > 0 {
					t.Fatalf("%s: lowering % x to % x gave %v, later than %v", name, data, low, lv, v)
				}
			}
		}
	}
}

// randomRange returns a random float64 range of an interesting kind.
func randomRange(r *rand.Rand) (lo, hi float64) {
	pick := func() float64 {
		switch r.IntN(6) {
		case 0:
			return float64(r.IntN(20) - 10)
		case 1:
			return (r.Float64() - 0.5) * 10
		case 2:
			return math.Ldexp(r.Float64(), r.IntN(2200)-1100)
		case 3:
			return -math.Ldexp(r.Float64(), r.IntN(200)-100)
		case 4:
			return math.Inf(r.IntN(2)*2 - 1)
		default:
			return math.Float64frombits(r.Uint64() &^ (1 << 63))
		}
	}
	lo, hi = pick(), pick()
	for math.IsNaN(lo) || math.IsNaN(hi) {
		lo, hi = pick(), pick()
	}
	return min(lo, hi), max(lo, hi)
}

func TestFloatRangeInRange(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		lo, hi := randomRange(r)
		g := Float64Range(lo, hi)
		simplest := drawOnce(g, nil)
		for range 300 {
			data := floatInput(r, 10)
			v := drawPlain(g, data)
			if !(lo <= v && v <= hi) {
				t.Fatalf("Float64Range(%v, %v) on % x gave %v", lo, hi, data, v)
			}
			if floatOrder(simplest, v, order64) > 0 {
				t.Fatalf("Float64Range(%v, %v): empty input gave %v, but % x gives the simpler %v", lo, hi, simplest, data, v)
			}
			if low := lowerOne(r, data); low != nil {
				if lv := drawPlain(g, low); floatOrder(lv, v, order64) > 0 {
					t.Fatalf("Float64Range(%v, %v): lowering % x to % x gave %v, later than %v", lo, hi, data, low, lv, v)
				}
			}
		}
		if lo <= 0 && 0 <= hi && simplest != 0 {
			t.Errorf("Float64Range(%v, %v): empty input gave %v, want 0", lo, hi, simplest)
		}
		lo32, hi32 := float32(lo), float32(hi)
		if math.IsNaN(float64(lo32)) || lo32 > hi32 {
			continue
		}
		g32 := Float32Range(lo32, hi32)
		for range 100 {
			data := floatInput(r, 6)
			if v := drawPlain(g32, data); !(lo32 <= v && v <= hi32) {
				t.Fatalf("Float32Range(%v, %v) on % x gave %v", lo32, hi32, data, v)
			}
		}
	}
}

// TestFloatSpaceComplete checks that every value in a range has a code
// in the range's space, and that every interval of the space decodes in
// range at both ends.
func TestFloatSpaceComplete(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		lo, hi := randomRange(r)
		lo, hi = math.Abs(lo), math.Abs(hi)
		lo, hi = min(lo, hi), max(lo, hi)
		a, b := math.Float64bits(lo), math.Float64bits(hi)
		s := spaceOf(floatorder.Float64, a, b, false)
		for i := range s.lo {
			for _, c := range []uint64{s.lo[i], s.hi[i]} {
				if v := math.Float64frombits(floatorder.Float64.Decode(c)); !(lo <= v && v <= hi) {
					t.Fatalf("space [%v, %v]: code %#x decodes to %v", lo, hi, c, v)
				}
			}
		}
		for range 200 {
			x := a + r.Uint64N(b-a+1)
			if x == math.Float64bits(math.Inf(1)) && hi != math.Inf(1) {
				continue
			}
			c := floatorder.Float64.Encode(x)
			found := false
			for i := range s.lo {
				found = found || s.lo[i] <= c && c <= s.hi[i]
			}
			if !found {
				t.Fatalf("space [%v, %v]: %v (code %#x) is missing", lo, hi, math.Float64frombits(x), c)
			}
		}
	}
}

func TestFloatEncodeRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, f := range []floatorder.Format{floatorder.Float64, floatorder.Float32} {
		mask := uint64(1)<<(f.Bits-1) - 1
		for range 100000 {
			x := r.Uint64() & mask
			if r.IntN(4) == 0 {
				x = f.BitsOf(float64(r.IntN(1 << 20))) // integers
			}
			if e := x >> f.Mant; e == 2*f.Bias+1 && x&f.MantMask() != 0 {
				x |= 1 << (f.Mant - 1) // decoding gives quiet NaNs only
			}
			if got := f.Decode(f.Encode(x)); got != x {
				t.Fatalf("%d-bit: decode(encode(%#x)) = %#x", f.Bits, x, got)
			}
		}
	}
}

func TestFloatBadRange(t *testing.T) {
	for _, tt := range []struct {
		name   string
		reason string
		lo, hi float64
	}{
		{"reversed", "lo > hi", 1, 0},
		{"nan", "NaN is no bound", math.NaN(), 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Float64Range(%v, %v) did not panic", tt.reason, tt.lo, tt.hi)
				}
			}()
			Float64Range(tt.lo, tt.hi)
		})
	}
}

// scalarBenchInput is random input long enough for any scalar draw.
var scalarBenchInput = func() []byte {
	r := rand.New(rand.NewPCG(9, 10))
	b := make([]byte, 1<<12)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}()

// benchScalarDraw draws from g repeatedly with recording off, restarting the
// input when it runs low.
func benchScalarDraw[V any](b *testing.B, g Generator[V]) {
	b.ReportAllocs()
	t := &T{data: scalarBenchInput}
	var sink V
	for b.Loop() {
		if t.pos > len(scalarBenchInput)-64 {
			t.pos = 0
		}
		sink = g.Draw(t, "v")
	}
	_ = sink
}

func BenchmarkFloat(b *testing.B) {
	b.Run("Float64", func(b *testing.B) { benchScalarDraw(b, Float64()) })
	b.Run("Float64Range(0,1)", func(b *testing.B) { benchScalarDraw(b, Float64Range(0, 1)) })
	b.Run("Float64Range(-1e3,1e3)", func(b *testing.B) { benchScalarDraw(b, Float64Range(-1e3, 1e3)) })
	b.Run("Float32", func(b *testing.B) { benchScalarDraw(b, Float32()) })
}

// TestFloatSimpler checks the simpler values a float draw names for the
// reducer, in the order of their indices.
func TestFloatSimpler(t *testing.T) {
	tests := []struct {
		name, reason string
		gen          Generator[float64]
		space        floatSpace // gen's space of positive codes
		x            float64
		want         []float64
	}{
		{"below one", "the integers around it, the cuts to 1 to 6 fractional bits (0.5 first, the dead 0.5 code being live below 1), 1 + the fraction, which comes before every value below 1, and its significand at exponent 0 (1.015625 = 2 x 0.5078125)",
			Float64(), anyFloat(floatorder.Float64).sp[0], 0.5078125, []float64{0, 1, 1.015625, 1.5078125, 0.5, 0.75, 0.625, 0.5625, 0.53125, 0.515625}},
		{"in a range", "a bounded draw names only values in its range (10 is out), by integer part then fractional bits: 9, then 9.3's significand at exponents 0 and 1 (1.1625, 2.325) among the same fraction on 1, on half of 9 and on 9 less 8, 4, 2 and 1, then at exponent 2 (4.65), then 9 with 1 to 10 fractional bits",
			Float64Range(1, 9.75), floatRange(floatorder.Float64, "Float64Range", 1, 9.75).sp[0], 9.3, []float64{9, 1.3000000000000007, 1.1625, 2.325, 4.300000000000001, 4.65, 5.300000000000001, 7.300000000000001, 8.3, 9.5, 9.25, 9.375, 9.3125, 9.28125, 9.296875, 9.3046875, 9.30078125, 9.298828125, 9.2998046875}},
		{"tiny", "2^-500 x 1.75: the integers around it, its significand at exponents 0 (1.75), -1 (0.875), -250 and -499, and the cuts to 1 to 10 fractional bits rounded up (2^-k), in the order of floats: exponent 0, then -1, -2, ...",
			Float64(), anyFloat(floatorder.Float64).sp[0], math.Ldexp(1.75, -500), []float64{0, 1, 1.75, 0.5, 0.875, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625, 0.001953125, 0.0009765625, math.Ldexp(1.75, -250), math.Ldexp(1.75, -499)}},
		{"integer", "an integer names nothing: lowering its index reaches every simpler integer",
			Float64(), anyFloat(floatorder.Float64).sp[0], 7, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			draw := func(in []byte) (x float64, rec *record.Record) {
				rec = recordRun(in, func(t *T) { x = tt.gen.Draw(t, "x") })
				return x, rec
			}
			// The input of tt.x: the magnitude choice at the index of its
			// code in the draw's space.
			_, rec := draw(nil)
			c := rec.Choices[len(rec.Choices)-1]
			sp := tt.space
			idx, ok := sp.index(floatorder.Float64.Encode(math.Float64bits(tt.x)))
			if !ok {
				t.Fatalf("%v is not in the draw's space", tt.x)
			}
			in := append(make([]byte, c.Offset), c.Encode(idx)...)
			if x, _ := draw(in); x != tt.x {
				t.Fatalf("input % x draws %v, want %v", in, x, tt.x)
			}
			_, rec = draw(in)
			var got []float64
			for _, h := range rec.Simpler {
				if h.Choice != len(rec.Choices)-1 {
					t.Errorf("simpler value for choice %d, want the magnitude's %d", h.Choice, len(rec.Choices)-1)
				}
				x, _ := draw(append(make([]byte, c.Offset), c.Encode(h.Index)...))
				got = append(got, x)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("simpler values of %v = %v, want %v: %s", tt.x, got, tt.want, tt.reason)
			}
		})
	}
}

// floatGensForFast are float generators of every shape that drawFast
// handles: both formats, all, finite, ranges of both signs, of one sign,
// of one value, with infinite bounds, and with magnitudes of different
// widths for the two signs.
func floatGensForFast() map[string]*floatGen {
	gens := map[string]*floatGen{}
	for _, f := range []floatorder.Format{floatorder.Float64, floatorder.Float32} {
		name := func(s string) string { return fmt.Sprintf("%d-bit %s", f.Bits, s) }
		gens[name("any")] = anyFloat(f)
		gens[name("finite")] = finiteFloat(f)
		for _, r := range [][2]float64{
			{-1, 1}, {0, 1}, {-1, 0}, {1.3, 9.75}, {-9.75, -1.3}, {-1e3, 1e3},
			{-0.3, 1e-5}, {-5, 1e6}, {0, 0}, {2.5, 2.5}, {-2.5, -2.5}, {-1, 2},
			{math.Inf(-1), math.Inf(1)}, {0, math.Inf(1)}, {math.Inf(-1), -7},
			{1e-30, 1e-20}, {-3, 1 << 40}, {100, 1 << 62}, {-0.75, 0.75},
		} {
			gens[name(fmt.Sprint(r))] = floatRange(f, "Range", r[0], r[1])
		}
	}
	return gens
}

// TestFloatDrawFast checks that drawFast, the float draw while fuzzing,
// reads the same bytes into the same values as draw, on random inputs,
// drawing until past their ends (or 50 times, for a draw that reads
// nothing).
func TestFloatDrawFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for name, g := range floatGensForFast() {
		fast := drawFast[float64]
		if g.f.Bits == 32 {
			fast = drawFast[float32]
		}
		for range 3000 {
			data := edgyInput(rng, 39, 4)
			a, b := &T{data: data}, &T{data: data}
			for k := 0; k < 50 && a.pos <= len(data); k++ {
				x, y := fast(g, a), g.draw(b)
				if x != y || a.pos != b.pos {
					t.Fatalf("%s: input % x: drawFast gives %#x at %d, draw %#x at %d", name, data, x, a.pos, y, b.pos)
				}
			}
		}
	}
}

// TestFloatSpaceCode checks floatSpace.code's lookup against a binary
// search of the intervals, at the first, second, last but one and last
// index of every interval and at random indices.
func TestFloatSpaceCode(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for name, g := range floatGensForFast() {
		for sign := range g.sp {
			sp := &g.sp[sign]
			if sp.full || len(sp.lo) == 0 {
				continue
			}
			want := func(i uint64) uint64 {
				j, _ := slices.BinarySearch(sp.first, i+1)
				return sp.lo[j-1] + (i - sp.first[j-1])
			}
			check := func(i uint64) {
				if i > sp.max {
					return
				}
				if got := sp.code(i); got != want(i) {
					t.Fatalf("%s, sign %d: index %#x has code %#x, want %#x", name, sign, i, got, want(i))
				}
			}
			for j := range sp.lo {
				last := sp.first[j] + sp.hi[j] - sp.lo[j]
				check(sp.first[j])
				check(sp.first[j] + 1)
				check(last - 1)
				check(last)
			}
			for range 10000 {
				check(rng.Uint64N(sp.max + 1))
			}
		}
	}
}

// TestFloatBuildAllocs checks that building an unbounded float generator
// inside a property and drawing from it allocates nothing while fuzzing
// (recording off).
func TestFloatBuildAllocs(t *testing.T) {
	data := benchInput(1 << 10)
	for name, draw := range map[string]func(*T){
		"Float64":       func(t *T) { Float64().Draw(t, "x") },
		"Float64Finite": func(t *T) { Float64Finite().Draw(t, "x") },
		"Float32":       func(t *T) { Float32().Draw(t, "x") },
		"Float32Finite": func(t *T) { Float32Finite().Draw(t, "x") },
	} {
		ft := &T{data: data}
		allocs := testing.AllocsPerRun(100, func() {
			if ft.pos > len(data)-16 {
				ft.pos = 0
			}
			draw(ft)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per build and draw, want 0", name, allocs)
		}
	}
}
