package fuzzsrc

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/shortlex/shortlex/internal/record"
)

// withRand runs f on a Rand drawing from data, failing the test instead
// of hanging if f does not return: the point of several tests here is
// that every method terminates.
func withRand[V any](t *testing.T, data []byte, f func(r *rand.Rand) V) V {
	t.Helper()
	done := make(chan V, 1)
	go func() {
		var v V
		recordRun(data, func(t *T) { v = FromRand(f).Draw(t, "v") })
		done <- v
	}()
	select {
	case v := <-done:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("the Rand method did not return on %d bytes", len(data))
		panic("unreachable")
	}
}

// words encodes ws as the input that makes a Rand's source see them.
func words(ws ...uint64) []byte {
	var b []byte
	for _, w := range ws {
		b = binary.BigEndian.AppendUint64(b, w)
	}
	return b
}

func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

func TestRandSimplest(t *testing.T) {
	inputs := []struct {
		name string
		data []byte
	}{
		{"nil", nil},
		{"zeros", make([]byte, 64)},
	}
	tests := []struct {
		name   string
		reason string
		draw   func(r *rand.Rand) any
		want   any
	}{
		{"IntN(7)", "0 is rejected, the redraw of 0 reads as 1 and gives 0", func(r *rand.Rand) any { return r.IntN(7) }, 0},
		{"IntN(8)", "a power of two masks the low bits", func(r *rand.Rand) any { return r.IntN(8) }, 0},
		//lint:ignore SA4030 a bound of one value on purpose: the adapter must not loop on it
		{"IntN(1)", "one value", func(r *rand.Rand) any { return r.IntN(1) }, 0},
		{"Int64N(10^12+1)", "a large bound", func(r *rand.Rand) any { return r.Int64N(1e12 + 1) }, int64(0)},
		{"Uint64N(3<<62)", "a bound past 2^63", func(r *rand.Rand) any { return r.Uint64N(3 << 62) }, uint64(0)},
		{"Uint32N(3)", "a 32-bit bound", func(r *rand.Rand) any { return r.Uint32N(3) }, uint32(0)},
		{"Int32N(1000)", "", func(r *rand.Rand) any { return r.Int32N(1000) }, int32(0)},
		{"UintN(5)", "", func(r *rand.Rand) any { return r.UintN(5) }, uint(0)},
		{"Uint64", "the word itself", func(r *rand.Rand) any { return r.Uint64() }, uint64(0)},
		{"Int", "", func(r *rand.Rand) any { return r.Int() }, 0},
		{"Int64", "", func(r *rand.Rand) any { return r.Int64() }, int64(0)},
		{"Uint32", "", func(r *rand.Rand) any { return r.Uint32() }, uint32(0)},
		{"Float64", "the low 53 bits over 2^53", func(r *rand.Rand) any { return r.Float64() }, 0.0},
		{"Float32", "", func(r *rand.Rand) any { return r.Float32() }, float32(0)},
		{"NormFloat64", "the ziggurat accepts j = 0 at once", func(r *rand.Rand) any { return r.NormFloat64() }, 0.0},
		{"ExpFloat64", "the ziggurat accepts j = 0 at once", func(r *rand.Rand) any { return r.ExpFloat64() }, 0.0},
		{"Perm(7)", "within Shuffle zero bytes give j = i: no swaps", func(r *rand.Rand) any { return r.Perm(7) }, identity(7)},
		{"Perm(300)", "bounds of every kind, powers of two included", func(r *rand.Rand) any { return r.Perm(300) }, identity(300)},
		{"Shuffle(10)", "", func(r *rand.Rand) any {
			s := identity(10)
			r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
			return s
		}, identity(10)},
		{"IntN after Perm", "the Shuffle mode does not leak into later draws", func(r *rand.Rand) any {
			r.Perm(5)
			return r.IntN(5)
		}, 0},
		{"repeated", "every draw on an exhausted input is the simplest", func(r *rand.Rand) any {
			var v []float64
			for range 5 {
				v = append(v, float64(r.IntN(3)), r.Float64(), float64(r.IntN(4)))
			}
			return v
		}, make([]float64, 15)},
	}
	for _, in := range inputs {
		for _, tt := range tests {
			t.Run(in.name+"/"+tt.name, func(t *testing.T) {
				got := withRand(t, in.data, tt.draw)
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("%s: (-want +got):\n%s", tt.reason, diff)
				}
			})
		}
	}
}

func TestRandGolden(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		data   []byte
		draw   func(r *rand.Rand) any
		want   any
	}{
		{"IntN/half", "w*n/2^64 with w = 2^63", words(1 << 63), func(r *rand.Rand) any { return r.IntN(3) }, 1},
		{"IntN/wraps to 0", "2^63*10 mod 2^64 = 0 is rejected; the redraw reads as 1", words(1 << 63), func(r *rand.Rand) any { return r.IntN(10) }, 0},
		{"IntN/top", "the largest word gives the largest value", words(math.MaxUint64), func(r *rand.Rand) any { return r.IntN(10) }, 9},
		{"IntN/power of two", "w & 7 reads the low bits", words(0x0d), func(r *rand.Rand) any { return r.IntN(8) }, 5},
		{"IntN/redraw", "a rejected 0 is redrawn from the next word", words(0, 1<<63), func(r *rand.Rand) any { return r.IntN(3) }, 1},
		{"Uint64", "words are big-endian", []byte{1, 2, 3, 4, 5, 6, 7, 8}, func(r *rand.Rand) any { return r.Uint64() }, uint64(0x0102030405060708)},
		{"Float64", "the low 53 bits: 2^52/2^53", words(1 << 52), func(r *rand.Rand) any { return r.Float64() }, 0.5},
		{"Float64/ignored bits", "the top 11 bits are not read", words(1 << 63), func(r *rand.Rand) any { return r.Float64() }, 0.0},
		{"Perm/rejected", "a complemented 0 is rejected; the redraw reads as all ones: j = i", words(math.MaxUint64), func(r *rand.Rand) any { return r.Perm(3) }, identity(3)},
		{"Perm/one swap", "the first swap's word is complemented to 1: j = 0", words(math.MaxUint64 - 1), func(r *rand.Rand) any { return r.Perm(3) }, []int{2, 1, 0}},
		{"Perm/second swap", "no first swap, then ^1 & 1 = 0: index 1 swaps with 0", words(0, 1), func(r *rand.Rand) any { return r.Perm(3) }, []int{1, 0, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := withRand(t, tt.data, tt.draw)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s: (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestRandTerminates runs every method on random inputs of every short
// length, which end mid-word and exhaust while rejection loops run.
func TestRandTerminates(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	all := func(r *rand.Rand) any {
		return []any{
			r.IntN(7), r.Int64N(1e12 + 1), r.Uint64N(3 << 62), r.Uint32N(3), r.Int32N(5), r.UintN(9),
			r.Float64(), r.Float32(), r.NormFloat64(), r.ExpFloat64(), r.Perm(9),
			r.Uint64(), r.Int(), r.Uint32(),
		}
	}
	for n := range 200 {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		withRand(t, data, all)
		// Words that the bounded draws reject: 0 and values whose product
		// with the bound wraps to a small remainder.
		withRand(t, bytes.Repeat(words(0, 1<<63|1), n/16+1), all)
	}
}

// TestRandMonotone checks that lowering the word never raises a bounded
// draw's value and never moves a Shuffle's element further.
func TestRandMonotone(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		a, b := rng.Uint64(), rng.Uint64()
		if a > b {
			a, b = b, a
		}
		for _, n := range []int{3, 10, 1000, 1<<40 + 7} {
			va := withRand(t, words(a), func(r *rand.Rand) int { return r.IntN(n) })
			vb := withRand(t, words(b), func(r *rand.Rand) int { return r.IntN(n) })
			if va > vb {
				t.Fatalf("IntN(%d): word %#x gives %d, larger word %#x gives %d", n, a, va, b, vb)
			}
		}
		// Perm(5)'s first swap puts some index at position 4; a smaller
		// word keeps it nearer 4.
		pa := withRand(t, words(a), func(r *rand.Rand) []int { return r.Perm(5) })
		pb := withRand(t, words(b), func(r *rand.Rand) []int { return r.Perm(5) })
		if slices.Index(pa, 4) < slices.Index(pb, 4) {
			t.Fatalf("Perm(5): word %#x moves 4 to %v, larger word %#x to %v", a, pa, b, pb)
		}
	}
}

func TestRandRecord(t *testing.T) {
	data := words(5, 6)
	r := recordRun(data, func(t *T) {
		FromRand(func(r *rand.Rand) int { return r.IntN(3) + r.IntN(3) }).Draw(t, "sum")
	})
	if len(r.Choices) != 2 || r.Used != 16 {
		t.Fatalf("two IntN calls: %d choices, %d bytes used; want 2 and 16", len(r.Choices), r.Used)
	}
	for i, c := range r.Choices {
		if c.Offset != 8*i || c.Width != 8 || c.Max != math.MaxUint64 || c.Kind != record.KindByte || c.Index != uint64(5+i) {
			t.Errorf("choice %d = %+v, want the %d-th 8-byte word, index %d", i, c, i, 5+i)
		}
	}
	if len(r.Spans) != 1 || r.Spans[0].Start != 0 || r.Spans[0].End != 16 {
		t.Errorf("spans = %+v, want one span over both words", r.Spans)
	}
}

func TestRandLazy(t *testing.T) {
	// Rand draws nothing itself; its words come from where they are asked.
	var got []int
	recordRun([]byte{0xff, 0, 0, 0, 0, 0, 0, 0, 0x80}, func(t *T) {
		r := Rand().Draw(t, "r")
		got = append(got, int(Byte().Draw(t, "b")), r.IntN(256))
	})
	if diff := cmp.Diff([]int{0xff, 0x80}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
