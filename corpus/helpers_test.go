package corpus

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"strings"
)

// sameValues reports whether two value lists are identical: same length,
// same dynamic types, and the same bits (so NaN equals the same NaN and
// 0 differs from -0).
func sameValues(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameValue(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sameValue(a, b any) bool {
	if reflect.TypeOf(a) != reflect.TypeOf(b) {
		return false
	}
	switch a := a.(type) {
	case float32:
		return math.Float32bits(a) == math.Float32bits(b.(float32))
	case float64:
		return math.Float64bits(a) == math.Float64bits(b.(float64))
	case []byte:
		return bytes.Equal(a, b.([]byte))
	}
	return a == b
}

// show formats values unambiguously for test failures: types, and float
// bits alongside the floats.
func show(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		switch v := v.(type) {
		case float32:
			parts[i] = fmt.Sprintf("float32(%v=%#x)", v, math.Float32bits(v))
		case float64:
			parts[i] = fmt.Sprintf("float64(%v=%#x)", v, math.Float64bits(v))
		default:
			parts[i] = fmt.Sprintf("%T(%#v)", v, v)
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// Special values that exercise every spelling Marshal has.
var (
	nan64Payload = math.Float64frombits(0x7ff0000000000001) // signalling NaN
	nan64Neg     = math.Float64frombits(0xfff8000000000000)
	nan32Payload = math.Float32frombits(0x7fc00001)
	nan32Neg     = math.Float32frombits(0xffc00000)
)

// specialFloat64s and specialFloat32s cover signs, zeros, infinities, NaN
// payloads, subnormals, extremes and values at the edge of %v's switch to
// exponent notation.
var specialFloat64s = []float64{
	0, math.Copysign(0, -1), 1, -1, 0.1, 1.5, -2.75, 1e6, 1e21, 1e20, 0.0001, 0.00001, 100000, 123456789,
	math.Inf(1), math.Inf(-1), math.NaN(), nan64Payload, nan64Neg, math.Float64frombits(0x7ff8000000000000),
	math.Float64frombits(0x7fffffffffffffff), math.Float64frombits(0xffffffffffffffff),
	math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
	math.Float64frombits(0x000fffffffffffff), math.Pi, 1 / 3.0, 9007199254740993, 2.5e-324,
}

var specialFloat32s = []float32{
	0, float32(math.Copysign(0, -1)), 1, -1, 0.1, 1.5, 1e6, 1e-5, 16777217,
	float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), nan32Payload, nan32Neg,
	math.Float32frombits(0x7f800001), math.Float32frombits(0x7fffffff), math.Float32frombits(0xffffffff),
	math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, math.Float32frombits(0x007fffff),
	math.Pi,
}

// edgeRunes cover the boundaries of utf8.ValidRune and of strconv's quoting.
var edgeRunes = []int32{
	-1, math.MinInt32, math.MaxInt32, 0, 'a', '\'', '\\', '"', 0x7f, 0x80, 0x9f, 0xa0, 0xad, 0xff, 0x100,
	0x200b, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfeff, 0xfffd, 0xfffe, 0xffff, 0x10000,
	0x1f600, 0x10fffe, 0x10ffff, 0x110000,
}

// allTypesValues has one value of every supported type, in the order of
// the integration test's fuzz target.
func allTypesValues() []any {
	return []any{
		[]byte("\x00\xff"), "héllo\x80", true, int(-1), int8(-128), int16(300), int32(-1), int64(math.MinInt64),
		uint(7), uint8(0xff), uint16(65535), uint32(1 << 31), uint64(math.MaxUint64),
		nan32Payload, nan64Payload,
	}
}
