package corpus

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"

	fuzzheaders "github.com/AdaLogics/go-fuzz-headers"
)

// ErrUnencodable is wrapped by Encode's error when no testcase of the
// requested style decodes to the given values.
var ErrUnencodable = errors.New("no testcase decodes to these values")

// DecodeError reports a testcase on which an OSS-Fuzz harness gives up
// before calling the fuzz target, so the testcase exercises nothing. Only
// NativeV1 harnesses do this; they return when go-fuzz-headers runs out of
// bytes.
type DecodeError struct {
	// Style is the build style whose harness gave up.
	Style Style
	// Arg is the 0-based index of the argument that failed to decode,
	// not counting the *testing.T.
	Arg int
	// Type is that argument's type.
	Type reflect.Type
	// Err is go-fuzz-headers' error.
	Err error
}

// Error says which argument failed and that the target is not called.
func (e *DecodeError) Error() string {
	return fmt.Sprintf("corpus: %v testcase: argument %d (%v): %v; the harness returns without calling the fuzz target",
		e.Style, e.Arg, e.Type, e.Err)
}

// Unwrap returns go-fuzz-headers' error.
func (e *DecodeError) Unwrap() error { return e.Err }

var bytesType = reflect.TypeFor[[]byte]()

// Decode returns the arguments an OSS-Fuzz build of the given style passes
// to a fuzz target taking types (without the *testing.T) when libFuzzer
// runs testcase. The values have exactly the given types and can be
// written with Marshal or WriteFile. A NativeV1 testcase too short for the
// arguments gives a *DecodeError; NativeV2 never fails, as it zero-pads.
func Decode(style Style, testcase []byte, types []reflect.Type) ([]any, error) {
	if len(types) == 0 {
		return nil, errors.New("corpus: decode: a fuzz target takes at least one argument")
	}
	for _, t := range types {
		if !isSupported(t) {
			return nil, fmt.Errorf("corpus: decode: %w: %v", ErrUnsupportedType, t)
		}
	}
	switch style {
	case NativeV1:
		return decodeV1(testcase, types)
	case NativeV2:
		return decodeV2(testcase, types), nil
	case Raw:
		if len(types) != 1 || types[0] != bytesType {
			return nil, fmt.Errorf("corpus: decode: a raw target takes one []byte, not %v", types)
		}
		return []any{bytes.Clone(testcase)}, nil
	}
	return nil, fmt.Errorf("corpus: decode: unknown style %v", style)
}

// Encode returns a testcase that an OSS-Fuzz build of the given style
// decodes to values, for a fuzz target whose arguments have the values'
// types. It fails with an error wrapping ErrUnencodable when the style has
// no such testcase, and one wrapping ErrUnsupportedType for a type Go
// cannot fuzz.
func Encode(style Style, values ...any) ([]byte, error) {
	if len(values) == 0 {
		return nil, errors.New("corpus: encode: no values")
	}
	for i, v := range values {
		if !isSupported(reflect.TypeOf(v)) {
			return nil, fmt.Errorf("corpus: encode value %d: %w: %T", i, ErrUnsupportedType, v)
		}
	}
	switch style {
	case NativeV1:
		return encodeV1(values)
	case NativeV2:
		return encodeV2(values)
	case Raw:
		b, ok := values[0].([]byte)
		if len(values) != 1 || !ok {
			return nil, fmt.Errorf("corpus: encode: a raw target takes one []byte, not %d values: %w", len(values), ErrUnencodable)
		}
		return bytes.Clone(b), nil
	}
	return nil, fmt.Errorf("corpus: encode: unknown style %v", style)
}

// decodeV1 mirrors F.Fuzz in go-118-fuzz-build's testing package (checked
// at v0.0.0-20250520111509-a70c2aa677fa, testing/f.go): one go-fuzz-headers
// consumer reads the arguments in order, and the first error makes F.Fuzz
// return without calling the target. Using go-fuzz-headers itself keeps
// the byte semantics exactly OSS-Fuzz's.
func decodeV1(testcase []byte, types []reflect.Type) ([]any, error) {
	c := fuzzheaders.NewConsumer(testcase)
	values := make([]any, len(types))
	for i, t := range types {
		v, err := consumeV1(c, t)
		if err != nil {
			return nil, &DecodeError{Style: NativeV1, Arg: i, Type: t, Err: err}
		}
		values[i] = v
	}
	return values, nil
}

// consumeV1 reads one argument the way go-118-fuzz-build does: every int
// and uint kind through the getter of its width, with signed kinds
// reinterpreted from the unsigned bits.
func consumeV1(c *fuzzheaders.ConsumeFuzzer, t reflect.Type) (any, error) {
	switch t.Kind() {
	case reflect.Slice:
		b, err := c.GetBytes()
		// The harness aliases the testcase; a copy keeps ours intact.
		return bytes.Clone(b), err
	case reflect.String:
		return c.GetString()
	case reflect.Bool:
		return c.GetBool()
	case reflect.Int8:
		b, err := c.GetByte()
		return int8(b), err
	case reflect.Uint8:
		return c.GetByte()
	case reflect.Int16:
		u, err := c.GetUint16()
		return int16(u), err
	case reflect.Uint16:
		return c.GetUint16()
	case reflect.Int32:
		u, err := c.GetUint32()
		return int32(u), err
	case reflect.Uint32:
		return c.GetUint32()
	case reflect.Int:
		u, err := c.GetUint64()
		return int(u), err
	case reflect.Int64:
		u, err := c.GetUint64()
		return int64(u), err
	case reflect.Uint:
		u, err := c.GetUint64()
		return uint(u), err
	case reflect.Uint64:
		return c.GetUint64()
	case reflect.Float32:
		return c.GetFloat32()
	case reflect.Float64:
		return c.GetFloat64()
	}
	panic("unreachable: type checked by Decode: " + t.String())
}

// v1BigEndian follows a multi-byte integer or float in a NativeV1
// testcase: go-fuzz-headers reads one more byte after 2- and 8-byte
// integers and after floats, and an odd byte means big-endian.
const v1BigEndian = 0x01

// encodeV1 lays the values out for go-fuzz-headers. Two of its rules need
// care. GetBytes reads a 4-byte length n, turns 0 into 30, and otherwise
// takes n modulo the bytes left after the length unless n equals them; and
// both GetBytes and GetString fail when no byte at all follows the length.
// So a non-empty []byte stores its own length; an empty one stores twice
// the bytes left, whose remainder is 0; and an empty last string or []byte
// gets one padding byte after it, which no getter reads.
func encodeV1(values []any) ([]byte, error) {
	var out []byte
	var emptyBytesLengths []int // offsets of the length fields of empty []byte values
	for i, v := range values {
		switch v := v.(type) {
		case []byte:
			if len(v) == 0 {
				emptyBytesLengths = append(emptyBytesLengths, len(out))
			}
			out = binary.BigEndian.AppendUint32(out, uint32(len(v)))
			out = append(out, v...)
		case string:
			// GetString refuses to start a string past MaxTotalLen.
			if start := uint64(len(out)) + 4; start > uint64(fuzzheaders.MaxTotalLen) {
				return nil, fmt.Errorf("corpus: encode value %d for v1: a string at offset %d is past go-fuzz-headers' limit of %d: %w",
					i, start, fuzzheaders.MaxTotalLen, ErrUnencodable)
			}
			out = binary.BigEndian.AppendUint32(out, uint32(len(v)))
			out = append(out, v...)
		case bool:
			// GetBool reads an even byte as true.
			if v {
				out = append(out, 0)
			} else {
				out = append(out, 1)
			}
		case int8:
			out = append(out, byte(v))
		case uint8:
			out = append(out, v)
		case int16:
			out = append(binary.BigEndian.AppendUint16(out, uint16(v)), v1BigEndian)
		case uint16:
			out = append(binary.BigEndian.AppendUint16(out, v), v1BigEndian)
		case int32:
			out = binary.BigEndian.AppendUint32(out, uint32(v)) // GetUint32 has no endianness byte
		case uint32:
			out = binary.BigEndian.AppendUint32(out, v)
		case int:
			out = append(binary.BigEndian.AppendUint64(out, uint64(v)), v1BigEndian)
		case int64:
			out = append(binary.BigEndian.AppendUint64(out, uint64(v)), v1BigEndian)
		case uint:
			out = append(binary.BigEndian.AppendUint64(out, uint64(v)), v1BigEndian)
		case uint64:
			out = append(binary.BigEndian.AppendUint64(out, v), v1BigEndian)
		case float32:
			out = append(binary.BigEndian.AppendUint32(out, math.Float32bits(v)), v1BigEndian)
		case float64:
			out = append(binary.BigEndian.AppendUint64(out, math.Float64bits(v)), v1BigEndian)
		}
	}
	switch last := values[len(values)-1].(type) {
	case []byte:
		if len(last) == 0 {
			out = append(out, 0)
		}
	case string:
		if last == "" {
			out = append(out, 0)
		}
	}
	for _, at := range emptyBytesLengths {
		left := uint64(len(out) - (at + 4))
		if 2*left > math.MaxUint32 {
			return nil, fmt.Errorf("corpus: encode for v1: an empty []byte followed by %d bytes: %w", left, ErrUnencodable)
		}
		binary.BigEndian.PutUint32(out[at:], uint32(2*left))
	}
	// go-fuzz-headers keeps positions and lengths in uint32s.
	if uint64(len(out)) > math.MaxUint32 {
		return nil, fmt.Errorf("corpus: encode for v1: %d bytes is longer than go-fuzz-headers can index: %w", len(out), ErrUnencodable)
	}
	return out, nil
}

// The NativeV2 rules below follow the harness that OSS-Fuzz's
// compile_native_go_fuzzer_v2 builds with go-118-fuzz-build_v2: the Source
// type that its file_walker.go (fuzzGoContents) overlays onto the testing
// package, which decodes exactly as AdamKorcz/go-118-fuzz-build's
// input/reader.go at commit 0644f6afc42625b66ce4a2189129ed378a598b52.
// Every stored revision of that code reads one weight byte per string or
// []byte argument, even when there is only one. (The libFuzzer mode
// proposed upstream in golang/go PR 77408 reads none for a single one; it
// is not what OSS-Fuzz builds with.)

// v2Reader reads a NativeV2 testcase front to back, padding with zero
// bytes past its end.
type v2Reader struct {
	data []byte
	pos  int
}

func (r *v2Reader) remaining() int { return len(r.data) - r.pos }

// take returns the next n bytes, zero-padded, as a fresh slice.
func (r *v2Reader) take(n int) []byte {
	b := make([]byte, n)
	r.pos += copy(b, r.data[r.pos:])
	return b
}

// isFixedSize reports whether the v2 harness reads t at a fixed width in
// its first pass; strings and []byte are read after it.
func isFixedSize(t reflect.Type) bool {
	return t.Kind() != reflect.String && t.Kind() != reflect.Slice
}

// decodeV2 reads fixed-size arguments first, in order, big-endian at their
// natural width (int and uint as 8 bytes; bool as the low bit of a byte),
// then one weight byte per dynamic (string or []byte) argument. With
// weights summing to S over B remaining bytes, each dynamic argument but
// the last gets B*w/S bytes (B/n if S is 0) and the last gets the rest.
func decodeV2(testcase []byte, types []reflect.Type) []any {
	r := &v2Reader{data: testcase}
	values := make([]any, len(types))
	var dynamic []int
	for i, t := range types {
		if !isFixedSize(t) {
			dynamic = append(dynamic, i)
			continue
		}
		values[i] = readFixedV2(r, t)
	}
	weights := r.take(len(dynamic))
	sum := 0
	for _, w := range weights {
		sum += int(w)
	}
	left := r.remaining()
	for j, i := range dynamic {
		size := r.remaining()
		if j < len(dynamic)-1 {
			if sum > 0 {
				size = left * int(weights[j]) / sum
			} else {
				size = left / len(dynamic)
			}
		}
		b := r.take(size)
		if types[i].Kind() == reflect.String {
			values[i] = string(b)
		} else {
			values[i] = b
		}
	}
	return values
}

func readFixedV2(r *v2Reader, t reflect.Type) any {
	switch t.Kind() {
	case reflect.Bool:
		return r.take(1)[0]&1 != 0
	case reflect.Int8:
		return int8(r.take(1)[0])
	case reflect.Uint8:
		return r.take(1)[0]
	case reflect.Int16:
		return int16(binary.BigEndian.Uint16(r.take(2)))
	case reflect.Uint16:
		return binary.BigEndian.Uint16(r.take(2))
	case reflect.Int32:
		return int32(binary.BigEndian.Uint32(r.take(4)))
	case reflect.Uint32:
		return binary.BigEndian.Uint32(r.take(4))
	case reflect.Int:
		return int(binary.BigEndian.Uint64(r.take(8)))
	case reflect.Int64:
		return int64(binary.BigEndian.Uint64(r.take(8)))
	case reflect.Uint:
		return uint(binary.BigEndian.Uint64(r.take(8)))
	case reflect.Uint64:
		return binary.BigEndian.Uint64(r.take(8))
	case reflect.Float32:
		return math.Float32frombits(binary.BigEndian.Uint32(r.take(4)))
	case reflect.Float64:
		return math.Float64frombits(binary.BigEndian.Uint64(r.take(8)))
	}
	panic("unreachable: type checked by Decode: " + t.String())
}

// encodeV2 writes the fixed-size values, then weight bytes that split the
// dynamic values' total length exactly as they are, then their bytes. When
// there are no dynamic bytes, trailing zero bytes are dropped, since the
// harness zero-pads; that makes the testcase as short as it can be.
func encodeV2(values []any) ([]byte, error) {
	var out []byte
	var lengths []int
	var dynamic [][]byte
	for _, v := range values {
		switch v := v.(type) {
		case []byte:
			dynamic = append(dynamic, v)
			lengths = append(lengths, len(v))
		case string:
			dynamic = append(dynamic, []byte(v))
			lengths = append(lengths, len(v))
		case bool:
			if v {
				out = append(out, 1)
			} else {
				out = append(out, 0)
			}
		case int8:
			out = append(out, byte(v))
		case uint8:
			out = append(out, v)
		case int16:
			out = binary.BigEndian.AppendUint16(out, uint16(v))
		case uint16:
			out = binary.BigEndian.AppendUint16(out, v)
		case int32:
			out = binary.BigEndian.AppendUint32(out, uint32(v))
		case uint32:
			out = binary.BigEndian.AppendUint32(out, v)
		case int:
			out = binary.BigEndian.AppendUint64(out, uint64(v))
		case int64:
			out = binary.BigEndian.AppendUint64(out, uint64(v))
		case uint:
			out = binary.BigEndian.AppendUint64(out, uint64(v))
		case uint64:
			out = binary.BigEndian.AppendUint64(out, v)
		case float32:
			out = binary.BigEndian.AppendUint32(out, math.Float32bits(v))
		case float64:
			out = binary.BigEndian.AppendUint64(out, math.Float64bits(v))
		}
	}
	weights, ok := v2Weights(lengths)
	if !ok {
		return nil, fmt.Errorf("corpus: encode for v2: no weight bytes split %d bytes into string/[]byte arguments of lengths %v: %w",
			sum(lengths), lengths, ErrUnencodable)
	}
	out = append(out, weights...)
	for _, d := range dynamic {
		out = append(out, d...)
	}
	if sum(lengths) == 0 {
		out = bytes.TrimRight(out, "\x00")
	}
	return out, nil
}

func sum(xs []int) int {
	total := 0
	for _, x := range xs {
		total += x
	}
	return total
}

// v2Weights finds weight bytes under which the v2 harness gives the
// dynamic arguments exactly these lengths, or reports that none exist.
//
// With B bytes to share and weights summing to S > 0, argument i (all but
// the last) gets floor(B*w[i]/S) bytes, so w[i] must lie in
// [ceil(l[i]*S/B), floor(((l[i]+1)*S-1)/B)]; the last weight is whatever
// makes the sum S and must be a byte too. Trying every S up to 255*n is
// exhaustive. All-zero weights, tried first, give each argument but the
// last floor(B/n). The weights can only express shares to about 1/255, so
// for example lengths 1 and 999 have no encoding.
func v2Weights(lengths []int) ([]byte, bool) {
	n := len(lengths)
	weights := make([]byte, n)
	if n <= 1 {
		return weights, true // the last argument takes the rest whatever its weight
	}
	total := sum(lengths)
	allEven := true
	for _, l := range lengths[:n-1] {
		allEven = allEven && l == total/n
	}
	if allEven {
		return weights, true
	}
	lo := make([]int, n-1)
	hi := make([]int, n-1)
	for s := 1; s <= 255*n; s++ {
		sumLo, sumHi, ok := 0, 0, true
		for i, l := range lengths[:n-1] {
			lo[i] = (l*s + total - 1) / total
			hi[i] = min(255, ((l+1)*s-1)/total)
			if lo[i] > hi[i] {
				ok = false
				break
			}
			sumLo += lo[i]
			sumHi += hi[i]
		}
		// The last weight, s minus the others, must be in [0, 255].
		target := max(sumLo, s-255)
		if !ok || target > min(sumHi, s) {
			continue
		}
		extra := target - sumLo
		for i := range lo {
			add := min(extra, hi[i]-lo[i])
			weights[i] = byte(lo[i] + add)
			extra -= add
		}
		weights[n-1] = byte(s - target)
		return weights, true
	}
	return nil, false
}
