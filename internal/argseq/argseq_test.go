package argseq

import (
	"bytes"
	"math"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/minimize"
)

func typesOf(values []any) []reflect.Type {
	ts := make([]reflect.Type, len(values))
	for i, v := range values {
		ts[i] = reflect.TypeOf(v)
	}
	return ts
}

// sameValues compares decoded values bit for bit, so that NaN equals
// itself and -0 differs from 0.
func sameValues(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		switch x := a[i].(type) {
		case float64:
			y, ok := b[i].(float64)
			if !ok || math.Float64bits(x) != math.Float64bits(y) {
				return false
			}
		case float32:
			y, ok := b[i].(float32)
			if !ok || math.Float32bits(x) != math.Float32bits(y) {
				return false
			}
		default:
			if !reflect.DeepEqual(a[i], b[i]) {
				return false
			}
		}
	}
	return true
}

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		name, reason string
		seq          []byte
		types        []reflect.Type
		want         []any
	}{
		{"empty", "missing bytes read as zero, the simplest value of every type",
			nil,
			typesOf([]any{"", []byte(nil), 0, int8(0), uint(0), false, 0.0, float32(0)}),
			[]any{"", []byte{}, 0, int8(0), uint(0), false, 0.0, float32(0)}},
		{"strings", "every string but the last has a 4-byte big-endian length; the last takes the rest",
			[]byte{0, 0, 0, 2, 'h', 'i', 'x', 0},
			typesOf([]any{"", ""}),
			[]any{"hi", "x\x00"}},
		{"fixed first", "fixed-width values come first, whatever their place among the arguments",
			[]byte{7, 'a', 'b'},
			typesOf([]any{[]byte(nil), uint8(0)}),
			[]any{[]byte("ab"), uint8(7)}},
		{"short", "a length past the end takes what is there",
			[]byte{0, 0, 1, 0, 'a'},
			typesOf([]any{"", []byte(nil)}),
			[]any{"a", []byte{}}},
		{"zigzag", "signed integers run 0, 1, -1, 2, -2, ... and the minimum last",
			[]byte{1, 2, 3, 4, 0xff, 0xfe},
			typesOf([]any{int8(0), int8(0), int8(0), int8(0), int8(0), int8(0)}),
			[]any{int8(1), int8(-1), int8(2), int8(-2), int8(-128), int8(-127)}},
		{"int64 extremes", "the two largest indices are -max and the minimum",
			[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
			typesOf([]any{int64(0), int64(0)}),
			[]any{int64(-math.MaxInt64), int64(math.MinInt64)}},
		{"unsigned", "unsigned integers are plain big-endian",
			[]byte{0x01, 0x02, 0xff},
			typesOf([]any{uint16(0), uint8(0)}),
			[]any{uint16(0x102), uint8(0xff)}},
		{"bool", "a bool is a one-bit choice: 0x80 and up is true",
			[]byte{0x7f, 0x80},
			typesOf([]any{false, false}),
			[]any{false, true}},
		{"float integers", "codes below 2^63 are the integers, and the sign byte comes first",
			[]byte{0, 0, 0, 0, 0, 0, 0, 0, 2, 0x80, 0, 0, 0, 0, 0, 0, 0, 3},
			typesOf([]any{0.0, 0.0}),
			[]any{2.0, -3.0}},
		{"float fractions", "the first non-integer codes are 1.5, then 1.25",
			[]byte{0, 0x80, 0, 0, 0, 0, 0, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0, 2},
			typesOf([]any{0.0, 0.0}),
			[]any{1.5, 1.25}},
		{"truncated", "a sequence cut inside a value reads the rest as zero",
			[]byte{1},
			typesOf([]any{"", 0}),
			[]any{"", -1 << 55}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := Decode(tc.seq, tc.types)
			if err != nil {
				t.Fatal(err)
			}
			if !sameValues(got, tc.want) {
				t.Errorf("Decode(%v) = %#v, want %#v (%s)", tc.seq, got, tc.want, tc.reason)
			}
		})
	}
}

func TestDecodeStructure(t *testing.T) {
	seq := []byte{0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 1, 'a', 'b'}
	_, out, err := Decode(seq, typesOf([]any{[]byte(nil), int64(0), false, ""}))
	if err != nil {
		t.Fatal(err)
	}
	wantChoices := []minimize.Choice{
		{Offset: 0, Width: 8, Max: math.MaxUint64, Below: 1 << 63},
		{Offset: 8, Width: 1, Max: 1},
		{Offset: 9, Width: 4, Max: math.MaxUint32},
	}
	if diff := cmp.Diff(wantChoices, out.Choices); diff != "" {
		t.Errorf("choices (-want +got):\n%s", diff)
	}
	if len(out.Spans) != 0 {
		t.Errorf("spans %v: the bytes of strings and byte slices are plain bytes to the reducer", out.Spans)
	}
	if out.Used != len(seq) {
		t.Errorf("Used = %d, want %d: the last string takes every remaining byte", out.Used, len(seq))
	}
}

func TestOrderKey(t *testing.T) {
	for _, tc := range []struct {
		name, reason  string
		values        []any
		smaller, than []any
	}{
		{"trailing zero", "a trailing zero byte of a []byte is not free",
			[]any{[]byte(nil)}, []any{[]byte("\x00\x00\x00x")}, []any{[]byte("\x00\x00x\x00")}},
		{"length first", "a shorter value is smaller, whatever its bytes",
			[]any{""}, []any{"\xff"}, []any{"\x00\x00"}},
		{"total length first", "the total bytes of the values count before their order",
			[]any{"", ""}, []any{"zz", ""}, []any{"", "aaa"}},
		{"arguments in order", "of two inputs as long, the first argument decides",
			[]any{"", 0}, []any{"a", 5}, []any{"b", 0}},
		{"zigzag", "integers order 0, 1, -1, 2, ...",
			[]any{0}, []any{-1}, []any{2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			key := OrderKey(typesOf(tc.values))
			a, err := Encode(tc.smaller)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Encode(tc.than)
			if err != nil {
				t.Fatal(err)
			}
			if !minimizeLess(key(a), key(b)) || minimizeLess(key(b), key(a)) {
				t.Errorf("%#v is not smaller than %#v (%s): keys %x, %x", tc.smaller, tc.than, tc.reason, key(a), key(b))
			}
		})
	}
}

// minimizeLess is shortlex order, as the gate compares keys.
func minimizeLess(a, b []byte) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return bytes.Compare(a, b) < 0
}

func TestSizeOf(t *testing.T) {
	got := SizeOf([]any{"héllo", []byte{1, 2}, 7, true})
	if want := (Size{Args: 4, Bytes: 8}); got != want {
		t.Errorf("SizeOf = %+v, want %+v: the bytes of the string and []byte values, and the argument count", got, want)
	}
}

func TestDecodeUnsupported(t *testing.T) {
	type named string
	if _, _, err := Decode(nil, []reflect.Type{reflect.TypeFor[named]()}); err == nil {
		t.Error("Decode accepted a named type, which Go's fuzzing rejects")
	}
	if _, err := Encode([]any{struct{}{}}); err == nil {
		t.Error("Encode accepted a struct")
	}
}

// roundTripValues are values whose encodings are worth pinning: extremes,
// signs, special floats and NaN payloads.
var roundTripValues = []any{
	"", "héllo\x00\xff", []byte{}, []byte{0, 1, 255},
	true, false,
	0, 1, -1, math.MaxInt, math.MinInt,
	int8(math.MinInt8), int8(math.MaxInt8), int16(math.MinInt16), int32(-5), int64(math.MinInt64), int64(math.MaxInt64),
	uint(math.MaxUint), uint8(255), uint16(65535), uint32(1 << 31), uint64(math.MaxUint64),
	0.0, math.Copysign(0, -1), 1.0, -1.5, 0.5, 0.1, 1e300, -1e-310, math.MaxFloat64, math.SmallestNonzeroFloat64,
	float64(1 << 63), float64(1<<53 + 2), math.Inf(1), math.Inf(-1), math.NaN(), math.Float64frombits(0xfff8000000000123),
	float32(0), float32(math.Copysign(0, -1)), float32(2.5), float32(-0.1), float32(math.MaxFloat32), float32(1e-45),
	float32(1 << 31), float32(math.Inf(1)), math.Float32frombits(0x7fc00042), math.Float32frombits(0xffc00001),
}

func TestRoundTrip(t *testing.T) {
	for _, v := range roundTripValues {
		seq, err := Encode([]any{v})
		if err != nil {
			t.Fatal(err)
		}
		got, out, err := Decode(seq, typesOf([]any{v}))
		if err != nil {
			t.Fatal(err)
		}
		if !sameValues(got, []any{v}) {
			t.Errorf("%T %#v: Decode(Encode) = %#v via %x", v, v, got[0], seq)
		}
		if out.Used != len(seq) {
			t.Errorf("%T %#v: Used = %d of %d bytes; the canonical encoding has no unused bytes", v, v, out.Used, len(seq))
		}
		// Canonical: re-encoding each choice's index gives the same bytes.
		if _, ok := v.(string); ok {
			continue
		}
		if _, ok := v.([]byte); ok {
			continue
		}
		var again []byte
		for _, c := range out.Choices {
			again = append(again, c.Encode(c.Index(seq))...)
		}
		if !bytes.Equal(again, seq) {
			t.Errorf("%T %#v: encoding %x is not the smallest for its indices (%x)", v, v, seq, again)
		}
	}
}

// TestFloatOrder checks that simpler floats have shortlex-smaller
// encodings, in the order the package documents.
func TestFloatOrder(t *testing.T) {
	order := []float64{0, 1, 2, 3, 100, 1 << 40, 1.5, 1.25, 1.75, 2.5, 1e300, 0.5, 0.25, 0.1, 1e-310, math.Inf(1), math.NaN(), math.Copysign(0, -1), -1, -1.5}
	var prev []byte
	for i, v := range order {
		seq, err := Encode([]any{v})
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && bytes.Compare(prev, seq) >= 0 {
			t.Errorf("%v encodes to %x, not after %v's %x", v, seq, order[i-1], prev)
		}
		prev = seq
	}
}

func FuzzRoundTrip(f *testing.F) {
	f.Add("x", []byte{1}, 3, int8(-3), uint16(9), true, 1.5, float32(-2))
	f.Fuzz(func(t *testing.T, s string, b []byte, n int, i8 int8, u16 uint16, ok bool, x float64, y float32) {
		values := []any{s, b, n, i8, u16, ok, x, y}
		seq, err := Encode(values)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := Decode(seq, typesOf(values))
		if err != nil {
			t.Fatal(err)
		}
		if b == nil {
			values[1] = []byte{}
		}
		if !sameValues(got, values) {
			t.Fatalf("Decode(Encode(%#v)) = %#v", values, got)
		}
	})
}

// FuzzDecode checks that any sequence decodes, and that decoding the
// re-encoding of the values gives them back: canonical forms are fixed
// points.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{1, 2, 3, 0x80, 0xff, 0, 7})
	types := typesOf([]any{"", 0, float32(0), false, []byte(nil), 0.0, uint8(0)})
	f.Fuzz(func(t *testing.T, seq []byte) {
		values, out, err := Decode(seq, types)
		if err != nil {
			t.Fatal(err)
		}
		if out.Used > len(seq) {
			t.Fatalf("Used %d > len %d", out.Used, len(seq))
		}
		canon, err := Encode(values)
		if err != nil {
			t.Fatal(err)
		}
		again, _, _ := Decode(canon, types)
		if !sameValues(values, again) {
			t.Fatalf("%#v re-encoded as %x decodes to %#v", values, canon, again)
		}
	})
}
