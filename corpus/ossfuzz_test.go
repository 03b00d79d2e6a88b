package corpus

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	fuzzheaders "github.com/AdaLogics/go-fuzz-headers"
	gofuzzbuild "github.com/AdamKorcz/go-118-fuzz-build/testing"
)

// harnessV1 runs testcase through the real NativeV1 harness: the F.Fuzz of
// go-118-fuzz-build's testing package, which OSS-Fuzz's rewritten fuzz
// targets call. It returns the arguments the target received, if it was
// called at all.
func harnessV1(testcase []byte, types []reflect.Type) (values []any, called bool) {
	in := append([]reflect.Type{reflect.TypeFor[*gofuzzbuild.T]()}, types...)
	target := reflect.MakeFunc(reflect.FuncOf(in, nil, false), func(args []reflect.Value) []reflect.Value {
		called = true
		for _, a := range args[1:] {
			values = append(values, a.Interface())
		}
		return nil
	})
	f := &gofuzzbuild.F{Data: testcase, T: gofuzzbuild.NewT()}
	f.Fuzz(target.Interface())
	return values, called
}

func typesFor(values ...any) []reflect.Type { return typesOf(values) }

var (
	tBytes   = reflect.TypeFor[[]byte]()
	tString  = reflect.TypeFor[string]()
	tBool    = reflect.TypeFor[bool]()
	tInt     = reflect.TypeFor[int]()
	tInt8    = reflect.TypeFor[int8]()
	tInt16   = reflect.TypeFor[int16]()
	tInt32   = reflect.TypeFor[int32]()
	tUint16  = reflect.TypeFor[uint16]()
	tUint64  = reflect.TypeFor[uint64]()
	tFloat32 = reflect.TypeFor[float32]()
	tFloat64 = reflect.TypeFor[float64]()
)

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestDecodeV1(t *testing.T) {
	tests := []struct {
		name, reason string
		testcase     []byte
		types        []reflect.Type
		want         []any // nil: the harness does not call the target
	}{
		{"bool even", "GetBool reads an even byte as true", []byte{2}, []reflect.Type{tBool}, []any{true}},
		{"bool odd", "", []byte{3}, []reflect.Type{tBool}, []any{false}},
		{"int8", "one byte, reinterpreted", []byte{0x80}, []reflect.Type{tInt8}, []any{int8(-128)}},
		{"uint16 big-endian", "an odd byte after the value means big-endian", []byte{1, 2, 1}, []reflect.Type{tUint16}, []any{uint16(0x0102)}},
		{"uint16 little-endian", "an even byte means little-endian", []byte{1, 2, 0}, []reflect.Type{tUint16}, []any{uint16(0x0201)}},
		{"int16", "", []byte{0xff, 0xfe, 1}, []reflect.Type{tInt16}, []any{int16(-2)}},
		{"int32", "GetUint32 has no endianness byte", []byte{0xff, 0xff, 0xff, 0xfe}, []reflect.Type{tInt32}, []any{int32(-2)}},
		{"int", "int reads 8 bytes and an endianness byte", []byte{0, 0, 0, 0, 0, 0, 0, 5, 1}, []reflect.Type{tInt}, []any{5}},
		{"uint64 little-endian", "", []byte{5, 0, 0, 0, 0, 0, 0, 0, 0}, []reflect.Type{tUint64}, []any{uint64(5)}},
		{"float32", "", []byte{0x3f, 0xc0, 0, 0, 1}, []reflect.Type{tFloat32}, []any{float32(1.5)}},
		{"float64 NaN payload", "the bits are kept", []byte{0x7f, 0xf0, 0, 0, 0, 0, 0, 1, 1}, []reflect.Type{tFloat64}, []any{nan64Payload}},
		{"string", "4-byte big-endian length", []byte{0, 0, 0, 2, 'h', 'i'}, []reflect.Type{tString}, []any{"hi"}},
		{"string with bytes to spare", "GetString only needs enough bytes, not exactly that many", []byte{0, 0, 0, 1, 'h', 'i'}, []reflect.Type{tString}, []any{"h"}},
		{"empty string mid-way", "fine when bytes follow", []byte{0, 0, 0, 0, 7}, []reflect.Type{tString, tInt8}, []any{"", int8(7)}},
		{"empty string last", "GetString fails when nothing follows the length", []byte{0, 0, 0, 0}, []reflect.Type{tString}, nil},
		{"string too short", "", []byte{0, 0, 0, 3, 'h', 'i'}, []reflect.Type{tString}, nil},
		{"bytes", "", []byte{0, 0, 0, 2, 'h', 'i'}, []reflect.Type{tBytes}, []any{[]byte("hi")}},
		{"bytes modulo", "a length is taken modulo the bytes left", []byte{0, 0, 0, 5, 'a', 'b', 'c'}, []reflect.Type{tBytes}, []any{[]byte("ab")}},
		{"bytes length 0 is 30", "", cat([]byte{0, 0, 0, 0}, bytes.Repeat([]byte{'x'}, 40)), []reflect.Type{tBytes}, []any{bytes.Repeat([]byte{'x'}, 30)}},
		{"bytes empty by multiple", "twice the bytes left leaves remainder 0", []byte{0, 0, 0, 2, 9}, []reflect.Type{tBytes}, []any{[]byte{}}},
		{"bytes nothing left", "GetBytes fails when nothing follows the length", []byte{0, 0, 0, 1}, []reflect.Type{tBytes}, nil},
		{"second argument short", "", []byte{1, 0, 0}, []reflect.Type{tBool, tInt32}, nil},
		{"empty testcase", "", nil, []reflect.Type{tInt8}, nil},
		{"trailing bytes", "bytes after the last argument are ignored", []byte{5, 6, 7}, []reflect.Type{tInt8}, []any{int8(5)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decode(NativeV1, tt.testcase, tt.types)
			harnessGot, called := harnessV1(tt.testcase, tt.types)
			if called != (tt.want != nil) || (called && !sameValues(harnessGot, tt.want)) {
				t.Fatalf("test expectation disagrees with go-118-fuzz-build: harness called=%v with %s, want %s (%s)",
					called, show(harnessGot), show(tt.want), tt.reason)
			}
			if tt.want == nil {
				var decodeErr *DecodeError
				if !errors.As(err, &decodeErr) {
					t.Fatalf("Decode(%x) = %s, %v; want a *DecodeError (%s)", tt.testcase, show(got), err, tt.reason)
				}
				if !strings.Contains(err.Error(), "without calling the fuzz target") {
					t.Errorf("error %q does not say the target is not called", err)
				}
				return
			}
			if err != nil || !sameValues(got, tt.want) {
				t.Errorf("Decode(%x) = %s, %v; want %s (%s)", tt.testcase, show(got), err, show(tt.want), tt.reason)
			}
		})
	}
}

// encodeCases are argument lists that stress the encoders' special rules.
var encodeCases = []struct {
	name, reason string
	values       []any
}{
	{"every type", "one of each, with NaN payloads", allTypesValues()},
	{"empty bytes alone", "v1 needs a padding byte and a multiple-of-left length", []any{[]byte{}}},
	{"empty string alone", "v1 needs a padding byte", []any{""}},
	{"empty bytes first", "", []any{[]byte{}, int8(1)}},
	{"empty string first", "", []any{"", int8(1)}},
	{"empty bytes between", "", []any{"a", []byte{}, "b"}},
	{"two empty bytes", "", []any{[]byte{}, []byte{}}},
	{"bytes of 30", "30 is what a zero length decodes to in v1", []any{bytes.Repeat([]byte{'x'}, 30)}},
	{"bytes then string", "", []any{[]byte("abc"), "defg"}},
	{"three dynamic", "", []any{"aa", []byte("bbb"), "c"}},
	{"fixed after dynamic", "v2 reads fixed values first whatever the order", []any{"text", int16(-2), []byte{0}, true}},
	{"zeros", "v2 drops trailing zero bytes", []any{int64(0), false, uint16(0)}},
	{"zero then one", "", []any{int64(0), uint8(1)}},
	{"special floats", "", []any{math.Inf(1), float32(math.Inf(-1)), math.Copysign(0, -1), float32(math.NaN()), math.NaN()}},
	{"extremes", "", []any{int(math.MinInt64), uint(math.MaxUint64), int8(-128), int16(math.MinInt16), int32(math.MinInt32), uint32(math.MaxUint32)}},
	{"binary string", "", []any{string([]byte{0, 0xff, 0x80}), []byte{0, 0, 0, 0}}},
}

func TestEncodeRoundTrip(t *testing.T) {
	for _, tt := range encodeCases {
		t.Run(tt.name, func(t *testing.T) {
			types := typesFor(tt.values...)
			for _, style := range []Style{NativeV1, NativeV2} {
				testcase, err := Encode(style, tt.values...)
				if err != nil {
					t.Fatalf("Encode(%v, %s): %v", style, show(tt.values), err)
				}
				got, err := Decode(style, testcase, types)
				if err != nil || !sameValues(got, tt.values) {
					t.Errorf("%v: Decode(Encode(%s)) = %s, %v (testcase %x; %s)", style, show(tt.values), show(got), err, testcase, tt.reason)
				}
				if style == NativeV1 {
					harnessGot, called := harnessV1(testcase, types)
					if !called || !sameValues(harnessGot, tt.values) {
						t.Errorf("go-118-fuzz-build decodes Encode(v1, %s) = %x to %s (called %v)", show(tt.values), testcase, show(harnessGot), called)
					}
				}
			}
		})
	}
}

func TestEncodeV1Layout(t *testing.T) {
	tests := []struct {
		name, reason string
		values       []any
		want         []byte
	}{
		{"bool", "true is an even byte", []any{true, false}, []byte{0, 1}},
		{"uint16", "big-endian, then an odd byte", []any{uint16(0x0102)}, []byte{1, 2, 1}},
		{"int32", "no endianness byte", []any{int32(-2)}, []byte{0xff, 0xff, 0xff, 0xfe}},
		{"string", "", []any{"hi"}, []byte{0, 0, 0, 2, 'h', 'i'}},
		{"empty string last", "one padding byte", []any{""}, []byte{0, 0, 0, 0, 0}},
		{"empty bytes last", "length 2 modulo the 1 padding byte is 0", []any{[]byte{}}, []byte{0, 0, 0, 2, 0}},
		{"empty bytes first", "length 2 modulo the 1 byte left is 0", []any{[]byte{}, int8(7)}, []byte{0, 0, 0, 2, 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Encode(NativeV1, tt.values...)
			if err != nil || !bytes.Equal(got, tt.want) {
				t.Errorf("Encode(v1, %s) = %x, %v; want %x (%s)", show(tt.values), got, err, tt.want, tt.reason)
			}
		})
	}
}

func TestEncodeV1StringLimit(t *testing.T) {
	limit := int(fuzzheaders.MaxTotalLen)
	// A []byte of n bytes puts the string's bytes at offset 4+n+4.
	atLimit := []any{make([]byte, limit-8), "x"}
	testcase, err := Encode(NativeV1, atLimit...)
	if err != nil {
		t.Fatalf("Encode(v1) of a string starting at go-fuzz-headers' limit: %v", err)
	}
	if got, called := harnessV1(testcase, typesFor(atLimit...)); !called || !sameValues(got, atLimit) {
		t.Errorf("go-118-fuzz-build did not decode a string starting at the limit")
	}

	pastLimit := []any{make([]byte, limit-7), "x"}
	if _, err := Encode(NativeV1, pastLimit...); !errors.Is(err, ErrUnencodable) {
		t.Fatalf("Encode(v1) of a string starting past the limit = %v, want ErrUnencodable", err)
	}
	// Confirm that the limit is real: the same layout does not reach the
	// target.
	testcase = append(testcase[:0:0], testcase...)
	testcase[3]++ // one more byte in the []byte
	testcase = slices.Insert(testcase, 4, 0)
	if _, called := harnessV1(testcase, typesFor(pastLimit...)); called {
		t.Error("go-fuzz-headers read a string past MaxTotalLen; the encoder's limit is wrong")
	}
}

func TestDecodeV2(t *testing.T) {
	tests := []struct {
		name, reason string
		testcase     []byte
		types        []reflect.Type
		want         []any
	}{
		{"single bytes", "a weight byte is read even for one dynamic argument", []byte{7, 'a', 'b'}, []reflect.Type{tBytes}, []any{[]byte("ab")}},
		{"fixed first", "fixed-size arguments are read before dynamic ones", []byte{1, 2, 0, 'x'}, []reflect.Type{tString, tInt16}, []any{"x", int16(0x0102)}},
		{"zero padding", "missing bytes read as zero", []byte{1}, []reflect.Type{tInt32}, []any{int32(0x01000000)}},
		{"empty", "", nil, []reflect.Type{tInt, tString}, []any{0, ""}},
		{"bool low bit", "", []byte{2, 3}, []reflect.Type{tBool, tBool}, []any{false, true}},
		{"int8", "", []byte{0xff}, []reflect.Type{tInt8}, []any{int8(-1)}},
		{"int big-endian", "8 bytes, no endianness byte", []byte{0, 0, 0, 0, 0, 0, 1, 0}, []reflect.Type{tInt}, []any{256}},
		{"float32", "", []byte{0x3f, 0xc0, 0, 0}, []reflect.Type{tFloat32}, []any{float32(1.5)}},
		{"weights", "1:3 of 4 bytes", []byte{1, 3, 'a', 'b', 'c', 'd'}, []reflect.Type{tString, tString}, []any{"a", "bcd"}},
		{"zero weights", "an even split, the last taking the odd byte", []byte{0, 0, 'a', 'b', 'c', 'd', 'e'}, []reflect.Type{tString, tBytes}, []any{"ab", []byte("cde")}},
		{"three weights", "each share is of the bytes left after the weights, not of what earlier ones left", []byte{1, 1, 1, 'a', 'b', 'c', 'd', 'e', 'f', 'g'},
			[]reflect.Type{tString, tString, tString}, []any{"ab", "cd", "efg"}},
		{"weights padded", "the second weight is missing and reads as 0", []byte{5}, []reflect.Type{tString, tString}, []any{"", ""}},
		{"floor", "shares round down", []byte{1, 2, 'a', 'b', 'c', 'd'}, []reflect.Type{tString, tString}, []any{"a", "bcd"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decode(NativeV2, tt.testcase, tt.types)
			if err != nil || !sameValues(got, tt.want) {
				t.Errorf("Decode(v2, %x) = %s, %v; want %s (%s)", tt.testcase, show(got), err, show(tt.want), tt.reason)
			}
		})
	}
}

func TestEncodeV2Layout(t *testing.T) {
	tests := []struct {
		name, reason string
		values       []any
		want         []byte
	}{
		{"zeros vanish", "the harness pads with zeros", []any{int64(0), false}, nil},
		{"trailing zeros trimmed", "", []any{uint8(1), int64(0)}, []byte{1}},
		{"single dynamic", "one weight byte, then the data", []any{[]byte("ab")}, []byte{0, 'a', 'b'}},
		{"even split", "all-zero weights when the split is even", []any{"ab", "cd"}, []byte{0, 0, 'a', 'b', 'c', 'd'}},
		{"fixed moved first", "", []any{"x", int16(0x0102)}, []byte{1, 2, 0, 'x'}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Encode(NativeV2, tt.values...)
			if err != nil || !bytes.Equal(got, tt.want) {
				t.Errorf("Encode(v2, %s) = %x, %v; want %x (%s)", show(tt.values), got, err, tt.want, tt.reason)
			}
		})
	}
}

func TestEncodeV2Unencodable(t *testing.T) {
	values := []any{[]byte("a"), make([]byte, 999)}
	_, err := Encode(NativeV2, values...)
	if !errors.Is(err, ErrUnencodable) {
		t.Errorf("Encode(v2, lengths 1 and 999) = %v, want ErrUnencodable: weights cannot express 1/1000", err)
	}
}

// v2Split is the harness's share of B bytes for the first of two dynamic
// arguments under weights w0 and w1.
func v2Split(total, w0, w1 int) int {
	if w0+w1 == 0 {
		return total / 2
	}
	return total * w0 / (w0 + w1)
}

// TestV2WeightsExhaustive compares v2Weights with a brute-force search over
// all 65536 weight pairs for two dynamic arguments.
func TestV2WeightsExhaustive(t *testing.T) {
	totals := []int{0, 1, 2, 3, 5, 8, 13, 21, 255, 256, 510, 511, 1000}
	if testing.Short() {
		totals = totals[:8]
	}
	for _, total := range totals {
		for first := 0; first <= total; first++ {
			exists := false
			for w := 0; w < 256*256 && !exists; w++ {
				exists = v2Split(total, w>>8, w&0xff) == first
			}
			weights, ok := v2Weights([]int{first, total - first})
			if ok != exists {
				t.Fatalf("v2Weights(%d, %d) found=%v, brute force found=%v", first, total-first, ok, exists)
			}
			if ok && v2Split(total, int(weights[0]), int(weights[1])) != first {
				t.Fatalf("v2Weights(%d, %d) = %v, which splits as %d", first, total-first, weights, v2Split(total, int(weights[0]), int(weights[1])))
			}
		}
	}
}

func TestRaw(t *testing.T) {
	testcase := []byte("\x00raw\xff")
	got, err := Decode(Raw, testcase, []reflect.Type{tBytes})
	if err != nil || !sameValues(got, []any{testcase}) {
		t.Errorf("Decode(raw) = %s, %v; want the testcase", show(got), err)
	}
	got[0].([]byte)[0] = 'X'
	if testcase[0] != 0 {
		t.Error("Decode(raw) aliases the testcase")
	}
	enc, err := Encode(Raw, []byte("abc"))
	if err != nil || string(enc) != "abc" {
		t.Errorf("Encode(raw, abc) = %q, %v", enc, err)
	}
	if _, err := Decode(Raw, testcase, []reflect.Type{tString}); err == nil {
		t.Error("Decode(raw) accepted a string argument")
	}
	if _, err := Encode(Raw, []byte("a"), []byte("b")); !errors.Is(err, ErrUnencodable) {
		t.Errorf("Encode(raw, two values) = %v, want ErrUnencodable", err)
	}
}

func TestConversionErrors(t *testing.T) {
	if _, err := Decode(NativeV1, nil, nil); err == nil {
		t.Error("Decode with no types succeeded")
	}
	for _, style := range []Style{NativeV1, NativeV2, Raw} {
		if _, err := Decode(style, nil, []reflect.Type{reflect.TypeFor[uintptr]()}); !errors.Is(err, ErrUnsupportedType) {
			t.Errorf("Decode(%v, uintptr) = %v, want ErrUnsupportedType", style, err)
		}
		if _, err := Encode(style, myInt(1)); !errors.Is(err, ErrUnsupportedType) {
			t.Errorf("Encode(%v, named int) = %v, want ErrUnsupportedType", style, err)
		}
		if _, err := Encode(style); err == nil {
			t.Errorf("Encode(%v) with no values succeeded", style)
		}
	}
	if _, err := Encode(Style(0), 1); err == nil {
		t.Error("Encode with the zero Style succeeded")
	}
}

func TestParseStyle(t *testing.T) {
	for _, style := range []Style{NativeV1, NativeV2, Raw} {
		for _, name := range []string{style.String(), strings.ToUpper(style.String())} {
			if got, err := ParseStyle(name); err != nil || got != style {
				t.Errorf("ParseStyle(%q) = %v, %v; want %v", name, got, err, style)
			}
		}
	}
	if _, err := ParseStyle("v3"); err == nil {
		t.Error(`ParseStyle("v3") succeeded`)
	}
	if got := Style(9).String(); got != "Style(9)" {
		t.Errorf("Style(9).String() = %q", got)
	}
}
