package corpus

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMarshal(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		values []any
		want   string // lines after the header
	}{
		{"bytes", "[]byte is quoted with %q, escaping invalid UTF-8", []any{[]byte("\x00abc\n\xff")}, `[]byte("\x00abc\n\xff")`},
		{"empty bytes", "nil and empty slices look the same", []any{[]byte(nil), []byte{}}, "[]byte(\"\")\n[]byte(\"\")"},
		{"string", "strings keep printable Unicode", []any{"héllo", "\x80"}, "string(\"héllo\")\nstring(\"\\x80\")"},
		{"bool", "", []any{true, false}, "bool(true)\nbool(false)"},
		{"signed", "decimal, with the type name", []any{int(-5), int8(-128), int16(32767), int64(math.MinInt64)},
			"int(-5)\nint8(-128)\nint16(32767)\nint64(-9223372036854775808)"},
		{"unsigned", "uint8 is not among them: it is a byte", []any{uint(7), uint16(65535), uint32(1 << 31), uint64(math.MaxUint64)},
			"uint(7)\nuint16(65535)\nuint32(2147483648)\nuint64(18446744073709551615)"},
		{"byte", "uint8 is written as a quoted byte", []any{uint8('A'), uint8(0), uint8(0x7f), uint8(0x80), uint8(0xff), uint8('\''), uint8('"'), uint8('\\')},
			`byte('A')` + "\n" + `byte('\x00')` + "\n" + `byte('\x7f')` + "\n" + `byte('\u0080')` + "\n" + `byte('ÿ')` + "\n" + `byte('\'')` + "\n" + `byte('"')` + "\n" + `byte('\\')`},
		{"rune", "valid runes are quoted", []any{int32('A'), int32(0x10ffff), int32(0xfffd), int32(0x200b)},
			`rune('A')` + "\n" + `rune('\U0010ffff')` + "\n" + `rune('�')` + "\n" + `rune('\u200b')`},
		{"int32", "negative, surrogate and out-of-range int32 have no rune literal", []any{int32(-1), int32(0xd800), int32(0x110000)},
			"int32(-1)\nint32(55296)\nint32(1114112)"},
		{"float64", "shortest %v form, switching to exponents at 1e21 and 1e-5", []any{1.5, 1e6, 1e21, 0.0001, 0.00001, 100000.0, 123456789.0},
			"float64(1.5)\nfloat64(1e+06)\nfloat64(1e+21)\nfloat64(0.0001)\nfloat64(1e-05)\nfloat64(100000)\nfloat64(1.23456789e+08)"},
		{"float64 specials", "+Inf carries its sign; the default NaN is just NaN", []any{math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN()},
			"float64(-0)\nfloat64(+Inf)\nfloat64(-Inf)\nfloat64(NaN)"},
		{"float64 NaN payloads", "other NaNs keep their bits", []any{nan64Payload, nan64Neg},
			"math.Float64frombits(0x7ff0000000000001)\nmath.Float64frombits(0xfff8000000000000)"},
		{"float32", "float32 uses its own shortest form", []any{float32(0.1), float32(math.MaxFloat32), float32(1e-45), float32(math.Inf(1))},
			"float32(0.1)\nfloat32(3.4028235e+38)\nfloat32(1e-45)\nfloat32(+Inf)"},
		{"float32 NaNs", "float32(math.NaN()) is the default float32 NaN", []any{float32(math.NaN()), nan32Payload},
			"float32(NaN)\nmath.Float32frombits(0x7fc00001)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Marshal(tt.values...)
			if err != nil {
				t.Fatalf("Marshal(%s): %v", show(tt.values), err)
			}
			if want := header + "\n" + tt.want + "\n"; string(got) != want {
				t.Errorf("Marshal(%s) (%s):\ngot:\n%s\nwant:\n%s", show(tt.values), tt.reason, got, want)
			}
		})
	}
}

func TestMarshalErrors(t *testing.T) {
	tests := []struct {
		name, reason string
		values       []any
		unsupported  bool
	}{
		{"no values", "Go's marshaller panics on it, and no fuzz target takes zero arguments", nil, false},
		{"uintptr", "not a fuzzable type", []any{uintptr(1)}, true},
		{"named type", "Go fuzzing rejects named types even of a supported kind", []any{myInt(1)}, true},
		{"slice of int", "only []byte slices are supported", []any{[]int{1}}, true},
		{"nil", "an untyped nil has no encoding", []any{nil}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Marshal(tt.values...)
			if err == nil {
				t.Fatalf("Marshal(%v) succeeded; want an error (%s)", tt.values, tt.reason)
			}
			if errors.Is(err, ErrUnsupportedType) != tt.unsupported {
				t.Errorf("Marshal(%v) = %v; errors.Is(ErrUnsupportedType) = %v, want %v", tt.values, err, !tt.unsupported, tt.unsupported)
			}
		})
	}
}

type myInt int

// goAcceptedLines are value lines Go's parser accepts, with what they hold.
// The integration test checks each against Go itself.
var goAcceptedLines = []struct {
	line, reason string
	want         any
}{
	{`int(1)`, "plain", int(1)},
	{`int(-0x10)`, "hex with a sign", int(-16)},
	{`int(0o17)`, "0o octal", int(15)},
	{`int(017)`, "leading-zero octal", int(15)},
	{`uint(0b101)`, "binary", uint(5)},
	{`int(1_000)`, "digit separators", int(1000)},
	{`int(1,)`, "a trailing comma is still one argument", int(1)},
	{`int(1) // why`, "comments are Go comments", int(1)},
	{`int( /* c */ 2 )`, "block comments too", int(2)},
	{`int8(-128)`, "minimum", int8(-128)},
	{`int16(-32768)`, "minimum", int16(-32768)},
	{`int32(-1)`, "int32 spelled as such", int32(-1)},
	{`int64(9223372036854775807)`, "maximum", int64(math.MaxInt64)},
	{`uint8(255)`, "uint8 spelled as such is still read", uint8(255)},
	{`uint16(0xffff)`, "hex", uint16(0xffff)},
	{`uint32(4294967295)`, "maximum", uint32(math.MaxUint32)},
	{`uint64(18446744073709551615)`, "maximum", uint64(math.MaxUint64)},
	{`byte('a')`, "character", uint8('a')},
	{`byte(97)`, "byte also takes integers", uint8(97)},
	{`byte('\xff')`, "hex escape", uint8(0xff)},
	{`byte('\u00ff')`, "Unicode escape within a byte", uint8(0xff)},
	{`byte('\377')`, "octal escape", uint8(0xff)},
	{`rune('a')`, "character", int32('a')},
	{`rune(-1)`, "rune also takes integers, negative ones too", int32(-1)},
	{`rune('\U0010ffff')`, "largest rune", int32(0x10ffff)},
	{`string("a\tb")`, "interpreted string", "a\tb"},
	{"string(`a\\b`)", "raw string", `a\b`},
	{`string("a"...)`, "Go ignores a spread", "a"},
	{`[]byte("\x00")`, "bytes", []byte{0}},
	{"[]byte(`raw`)", "raw bytes", []byte("raw")},
	{`bool(true)`, "", true},
	{`bool(false)`, "", false},
	{`float64(1)`, "integer literal for a float", 1.0},
	{`float64(017)`, "ParseFloat reads a leading zero as decimal", 17.0},
	{`float64(0x1p-2)`, "hex float", 0.25},
	{`float64(-1.5e3)`, "negative exponent form", -1500.0},
	{`float64(-0)`, "negative zero", math.Copysign(0, -1)},
	{`float64(+Inf)`, "", math.Inf(1)},
	{`float64(-Inf)`, "", math.Inf(-1)},
	{`float64(!Inf)`, "Go reads any unary operator but minus before Inf as plus", math.Inf(1)},
	{`float64(NaN)`, "", math.NaN()},
	{`float32(1e-45)`, "smallest float32", float32(1e-45)},
	{`float32(3.4028235e+38)`, "largest float32", float32(math.MaxFloat32)},
	{`math.Float64frombits(0x7ff0000000000001)`, "NaN payload", nan64Payload},
	{`math.Float64frombits(4607182418800017408)`, "decimal bits", 1.0},
	{`math.Float32frombits(0x7fc00001)`, "NaN payload", nan32Payload},
}

// goRejectedLines are value lines Go's parser rejects.
var goRejectedLines = []struct{ line, reason string }{
	{`int(x)`, "identifiers are not literals"},
	{`int(1.5)`, "float literal for an int"},
	{`int('a')`, "only byte and rune take characters"},
	{`int32('a')`, "int32 is not spelled rune here"},
	{`uint8('a')`, "uint8 is not spelled byte here"},
	{`int8(128)`, "out of range"},
	{`int8(-129)`, "out of range"},
	{`uint(-1)`, "negative unsigned"},
	{`uint(-0)`, "even minus zero"},
	{`byte(256)`, "out of range"},
	{`byte('\u0100')`, "character wider than a byte"},
	{`rune(-'a')`, "negated character"},
	{`rune(2147483648)`, "out of int32 range"},
	{`string(1)`, "string needs a string literal"},
	{`string('a')`, "character for a string"},
	{`string(-"x")`, "negated string"},
	{`[]byte(1)`, "[]byte needs a string literal"},
	{`[2]byte("xy")`, "arrays are not supported"},
	{`[]uint8("x")`, "only the spelling []byte"},
	{`bool(1)`, "bool needs true or false"},
	{`bool(True)`, "case matters"},
	{`float64(1i)`, "imaginary literal"},
	{`float32(1e39)`, "out of float32 range"},
	{`float64(1e309)`, "out of float64 range"},
	{`float64(0x10)`, "hex integers need a p exponent for ParseFloat"},
	{`float64(-NaN)`, "no sign on NaN"},
	{`float64(Inf)`, "Inf needs a sign"},
	{`int(+1)`, "only minus is allowed before a number"},
	{`int(--1)`, "double negation"},
	{`int((1))`, "parentheses"},
	{`(int)(1)`, "parenthesized type"},
	{`math.Float64frombits(1.5)`, "float bits"},
	{`math.Float64frombits(-1)`, "negative bits"},
	{`math.Float32frombits(0x100000000)`, "out of uint32 range"},
	{`math.Float32frombits(1.0)`, "float32 bits need an integer literal"},
	{`math.Sqrt(1)`, "other math functions"},
	{`big.Float64frombits(1)`, "other packages"},
	{`complex128(1)`, "unsupported type"},
	{`uintptr(1)`, "unsupported type"},
	{`int(1, 2)`, "two arguments"},
	{`int()`, "no argument"},
	{`int(1); int(2)`, "two expressions"},
	{`int(1`, "unbalanced"},
	{`x`, "not a call"},
	{`1`, "not a call"},
	{`int`, "not a call"},
	{`foo(1)`, "unknown type"},
}

func TestUnmarshalLines(t *testing.T) {
	for _, tt := range goAcceptedLines {
		t.Run("accept/"+tt.line, func(t *testing.T) {
			got, err := Unmarshal([]byte(header + "\n" + tt.line + "\n"))
			if err != nil {
				t.Fatalf("Unmarshal(%q) (%s): %v", tt.line, tt.reason, err)
			}
			if want := []any{tt.want}; !sameValues(got, want) {
				t.Errorf("Unmarshal(%q) (%s) = %s, want %s", tt.line, tt.reason, show(got), show(want))
			}
		})
	}
	for _, tt := range goRejectedLines {
		t.Run("reject/"+tt.line, func(t *testing.T) {
			got, err := Unmarshal([]byte(header + "\nint(0)\n" + tt.line + "\n"))
			var syntaxErr *SyntaxError
			if !errors.As(err, &syntaxErr) {
				t.Fatalf("Unmarshal(%q) = %s, %v; want a *SyntaxError (%s)", tt.line, show(got), err, tt.reason)
			}
			if syntaxErr.Line != 3 {
				t.Errorf("Unmarshal(%q) error %q is on line %d, want 3", tt.line, err, syntaxErr.Line)
			}
		})
	}
}

// goFileCases are whole files, to check the header and line handling.
var goFileCases = []struct {
	name, reason, data string
	want               []any // nil means rejected
}{
	{"crlf header", "Go trims one \\r after the header", "go test fuzz v1\r\nint(1)\n", []any{1}},
	{"crlf everywhere", "value lines are trimmed of all space", "go test fuzz v1\r\nint(1)\r\nbool(true)\r\n", []any{1, true}},
	{"no final newline", "", "go test fuzz v1\nint(1)", []any{1}},
	{"blank lines", "blank and space-only lines are skipped", "go test fuzz v1\n\n  int(1)  \n\t\n\nbool(true)\n\n", []any{1, true}},
	{"unicode space", "bytes.TrimSpace trims Unicode spaces too", "go test fuzz v1\n\u00a0int(1)\u2003\n", []any{1}},
	{"empty", "", "", nil},
	{"header only", "a newline must follow the header", "go test fuzz v1", nil},
	{"no values", "Go parses this but no fuzz target can use it", "go test fuzz v1\n", nil},
	{"blank values", "", "go test fuzz v1\n\n  \n", nil},
	{"wrong version", "", "go test fuzz v2\nint(1)\n", nil},
	{"header space", "the header must match exactly", "go test fuzz v1 \nint(1)\n", nil},
	{"leading space", "the header is not trimmed", " go test fuzz v1\nint(1)\n", nil},
	{"two carriage returns", "only one \\r is trimmed", "go test fuzz v1\r\r\nint(1)\n", nil},
	{"missing header", "", "int(1)\nint(2)\n", nil},
	{"bad later line", "one bad line spoils the file", "go test fuzz v1\nint(1)\nint(x)\n", nil},
}

func TestUnmarshalFiles(t *testing.T) {
	for _, tt := range goFileCases {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Unmarshal([]byte(tt.data))
			if tt.want == nil {
				var syntaxErr *SyntaxError
				if !errors.As(err, &syntaxErr) {
					t.Fatalf("Unmarshal(%q) = %s, %v; want a *SyntaxError (%s)", tt.data, show(got), err, tt.reason)
				}
				return
			}
			if err != nil || !sameValues(got, tt.want) {
				t.Errorf("Unmarshal(%q) (%s) = %s, %v; want %s", tt.data, tt.reason, show(got), err, show(tt.want))
			}
		})
	}
}

func TestSyntaxErrorMessage(t *testing.T) {
	_, err := Unmarshal([]byte("go test fuzz v1\nint(1)\n\nint8(300)\n"))
	var syntaxErr *SyntaxError
	if !errors.As(err, &syntaxErr) || syntaxErr.Line != 4 {
		t.Fatalf("got %v, want a *SyntaxError on line 4", err)
	}
	if want := `line 4: "int8(300)": `; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q does not start with %q", err, want)
	}
	var numErr *strconv.NumError
	if !errors.As(err, &numErr) {
		t.Errorf("error %q does not wrap the *strconv.NumError", err)
	}
}

// roundTrip marshals values, checks that they read back identically and
// that marshalling again gives the same bytes.
func roundTrip(t *testing.T, values ...any) []byte {
	t.Helper()
	data, err := Marshal(values...)
	if err != nil {
		t.Fatalf("Marshal(%s): %v", show(values), err)
	}
	got, err := Unmarshal(data)
	if err != nil {
		t.Fatalf("Unmarshal(Marshal(%s)): %v\n%s", show(values), err, data)
	}
	if !sameValues(got, values) {
		t.Fatalf("Unmarshal(Marshal(%s)) = %s\n%s", show(values), show(got), data)
	}
	again, err := Marshal(got...)
	if err != nil || string(again) != string(data) {
		t.Fatalf("Marshal is not stable for %s:\n%s\nthen\n%s", show(values), data, again)
	}
	return data
}

func TestRoundTripEveryByte(t *testing.T) {
	var all []byte
	for b := range 256 {
		data := roundTrip(t, uint8(b), int8(b), []byte{byte(b)}, string([]byte{byte(b)}))
		if !strings.HasPrefix(string(data), header+"\nbyte(") {
			t.Errorf("uint8 %#x is not written as byte(...):\n%s", b, data)
		}
		all = append(all, byte(b))
	}
	roundTrip(t, all, string(all))
}

func TestRoundTripSpecialFloats(t *testing.T) {
	for _, f := range specialFloat64s {
		data := roundTrip(t, f)
		isBits := strings.Contains(string(data), "math.Float64frombits(")
		if wantBits := f != f && math.Float64bits(f) != math.Float64bits(math.NaN()); isBits != wantBits {
			t.Errorf("float64 %#x written as\n%s", math.Float64bits(f), data)
		}
	}
	for _, f := range specialFloat32s {
		data := roundTrip(t, f)
		isBits := strings.Contains(string(data), "math.Float32frombits(")
		if wantBits := f != f && math.Float32bits(f) != math.Float32bits(float32(math.NaN())); isBits != wantBits {
			t.Errorf("float32 %#x written as\n%s", math.Float32bits(f), data)
		}
	}
	// Every float32 exponent with assorted mantissas, NaNs included.
	for exp := range uint32(256) {
		for _, mant := range []uint32{0, 1, 0x400000, 0x7fffff, 0x2aaaaa} {
			for _, sign := range []uint32{0, 1 << 31} {
				roundTrip(t, math.Float32frombits(sign|exp<<23|mant))
			}
		}
	}
}

func TestRoundTripRunes(t *testing.T) {
	for _, r := range edgeRunes {
		data := roundTrip(t, r)
		if isRune := strings.HasPrefix(string(data), header+"\nrune("); isRune != utf8.ValidRune(r) {
			t.Errorf("int32 %d written as\n%s", r, data)
		}
	}
}

func TestRoundTripIntegers(t *testing.T) {
	roundTrip(t, int(math.MinInt64), int(math.MaxInt64), int8(math.MinInt8), int8(math.MaxInt8),
		int16(math.MinInt16), int16(math.MaxInt16), int32(math.MinInt32), int32(math.MaxInt32),
		int64(math.MinInt64), int64(math.MaxInt64), uint(math.MaxUint64), uint16(math.MaxUint16),
		uint32(math.MaxUint32), uint64(math.MaxUint64), uint(0), uint64(0))
}

func TestName(t *testing.T) {
	data := []byte(header + "\nint(1)\n")
	want := fmt.Sprintf("%x", sha256.Sum256(data))[:16]
	if got := Name(data); got != want {
		t.Errorf("Name = %s, want %s", got, want)
	}
}

func BenchmarkMarshal(b *testing.B) {
	values := allTypesValues()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Marshal(values...); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUnmarshal(b *testing.B) {
	data, err := Marshal(allTypesValues()...)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Unmarshal(data); err != nil {
			b.Fatal(err)
		}
	}
}
