// Package argseq maps the arguments of a Go fuzz target (every type
// f.Fuzz accepts) to a byte sequence and back, so that a target that does
// not draw from a choice sequence itself can still be reduced by the
// shortlex reducer in package minimize: the reducer shrinks the sequence,
// and each candidate is decoded into arguments and run.
//
// The layout keeps a string or []byte as its raw bytes, so that the
// reducer works on the value itself and one candidate costs what its
// bytes cost, not a flag, a choice and a span per byte:
//
//   - First the fixed-width arguments (integers, bools, floats), in
//     argument order, each a choice of its own.
//   - Then every string or []byte argument but the last, as a 4-byte
//     big-endian length followed by that many bytes (fewer if the input
//     ends first).
//   - Then the last string or []byte argument: every remaining byte.
//     A target with one []byte argument, the common case and every
//     go-fuzz-headers harness, is thus reduced on exactly its input.
//   - An integer of N bytes is N big-endian bytes holding an index in
//     zigzag order around 0 (0, 1, -1, 2, -2, ...), with Choice.Below set
//     so the reducer can lower a magnitude and keep its sign. Unsigned
//     integers are plain.
//   - A bool is one byte read as minimize.IndexOf(b, 1, 1): 0x80 and up
//     is true.
//   - A float is a sign byte (0x80 and up is negative) then a magnitude
//     code of the float's width, ordered simple first: see package
//     floatorder, which fuzzsrc uses too.
//
// Missing bytes read as zero, so every byte sequence decodes and Decode
// never fails on data. Encode gives the canonical sequence of a list of
// values, with Decode(Encode(v)) == v for every v, NaN payloads and
// negative zero included.
//
// The order the reducer minimizes is not the layout's but the values':
// see OrderKey.
package argseq

import (
	"fmt"
	"math"
	"reflect"
	"strconv"

	"github.com/shortlex/shortlex/internal/floatorder"

	"github.com/shortlex/shortlex/minimize"
)

// The argument types Go's native fuzzing accepts, which are the types
// Decode and Encode support. byte and rune are uint8 and int32.
var (
	bytesType  = reflect.TypeFor[[]byte]()
	stringType = reflect.TypeFor[string]()
)

// Supported reports whether t is a fuzz argument type this package maps:
// []byte, string, bool, every sized and unsized integer, float32, float64.
// Like Go, it rejects named types such as time.Duration.
func Supported(t reflect.Type) bool {
	if t == bytesType || t == stringType {
		return true
	}
	switch t {
	case reflect.TypeFor[bool](),
		reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int16](),
		reflect.TypeFor[int32](), reflect.TypeFor[int64](),
		reflect.TypeFor[uint](), reflect.TypeFor[uint8](), reflect.TypeFor[uint16](),
		reflect.TypeFor[uint32](), reflect.TypeFor[uint64](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64]():
		return true
	}
	return false
}

// The choices of the fixed-width values.
var (
	boolChoice = minimize.Choice{Width: 1, Max: 1}
	signChoice = minimize.Choice{Width: 1, Max: 1}
)

// intChoice is the choice of a signed integer of width bytes: every value
// numbered in zigzag order, 2^(8w-1) of them below zero.
func intChoice(width int) minimize.Choice {
	max := uint64(math.MaxUint64) >> (64 - 8*uint(width))
	return minimize.Choice{Width: width, Max: max, Below: max/2 + 1}
}

// uintChoice is the choice of an unsigned integer of width bytes, in
// plain order.
func uintChoice(width int) minimize.Choice {
	return minimize.Choice{Width: width, Max: uint64(math.MaxUint64) >> (64 - 8*uint(width))}
}

// lengthWidth is the width of the big-endian length before every string
// or []byte argument but the last.
const lengthWidth = 4

// isVar reports whether t is a variable-length type: string or []byte.
func isVar(t reflect.Type) bool { return t == bytesType || t == stringType }

// varBytes returns the bytes of a []byte or string value (a string's
// copied), and whether v is one.
func varBytes(v any) ([]byte, bool) {
	switch v := v.(type) {
	case []byte:
		return v, true
	case string:
		return []byte(v), true
	}
	return nil, false
}

// lastVar returns the index of the last variable-length type, or -1.
func lastVar(types []reflect.Type) int {
	for i := len(types) - 1; i >= 0; i-- {
		if isVar(types[i]) {
			return i
		}
	}
	return -1
}

// decoder reads a sequence and records its choices.
type decoder struct {
	seq []byte
	pos int // may pass len(seq): missing bytes read as zero
	out minimize.Outcome
}

// choose reads choice c at the current position and returns its index.
func (d *decoder) choose(c minimize.Choice) uint64 {
	c.Offset = d.pos
	d.pos += c.Width
	d.out.Choices = append(d.out.Choices, c)
	return c.Index(d.seq)
}

// raw returns the next n bytes of the sequence, fewer if it ends first,
// as a copy: the caller may keep the values.
func (d *decoder) raw(n int) []byte {
	a := min(d.pos, len(d.seq))
	b := min(a+n, len(d.seq))
	d.pos = b
	return append([]byte{}, d.seq[a:b]...)
}

// Decode maps seq to one value of each of types, in order, and returns
// what the reducer needs of the read: Used (the bytes read, at most
// len(seq)) and the Choices of the fixed-width values and of the length
// fields. It reports no spans and no choices for the bytes of strings and
// byte slices: the reducer treats them as plain bytes. Failed and
// Signature are left for the caller. It fails only for an unsupported
// type.
func Decode(seq []byte, types []reflect.Type) ([]any, minimize.Outcome, error) {
	for _, t := range types {
		if !Supported(t) {
			return nil, minimize.Outcome{}, fmt.Errorf("argseq: unsupported fuzz argument type %v", t)
		}
	}
	d := &decoder{seq: seq}
	values := make([]any, len(types))
	for i, t := range types {
		if !isVar(t) {
			values[i] = d.value(t)
		}
	}
	last := lastVar(types)
	for i, t := range types {
		if !isVar(t) {
			continue
		}
		var b []byte
		if i == last {
			b = d.raw(len(seq))
		} else {
			n := d.choose(uintChoice(lengthWidth))
			b = d.raw(int(min(n, uint64(len(seq)))))
		}
		if t == stringType {
			values[i] = string(b)
		} else {
			values[i] = b
		}
	}
	d.out.Used = min(d.pos, len(seq))
	return values, d.out, nil
}

// value decodes one fixed-width argument of type t.
func (d *decoder) value(t reflect.Type) any {
	switch t.Kind() {
	case reflect.Bool:
		return d.choose(boolChoice) == 1
	case reflect.Int:
		return int(d.int(strconv.IntSize / 8))
	case reflect.Int8:
		return int8(d.int(1))
	case reflect.Int16:
		return int16(d.int(2))
	case reflect.Int32:
		return int32(d.int(4))
	case reflect.Int64:
		return d.int(8)
	case reflect.Uint:
		return uint(d.choose(uintChoice(strconv.IntSize / 8)))
	case reflect.Uint8:
		return uint8(d.choose(uintChoice(1)))
	case reflect.Uint16:
		return uint16(d.choose(uintChoice(2)))
	case reflect.Uint32:
		return uint32(d.choose(uintChoice(4)))
	case reflect.Uint64:
		return d.choose(uintChoice(8))
	case reflect.Float32:
		neg := d.choose(signChoice) == 1
		v := math.Float32frombits(uint32(floatorder.Float32.Decode(d.choose(uintChoice(4)))))
		if neg {
			v = -v // flips the sign bit only, also for NaN
		}
		return v
	case reflect.Float64:
		neg := d.choose(signChoice) == 1
		v := math.Float64frombits(floatorder.Float64.Decode(d.choose(uintChoice(8))))
		if neg {
			v = -v
		}
		return v
	}
	panic("argseq: unreachable: unchecked type " + t.String())
}

// int decodes a signed integer of width bytes from its zigzag index.
func (d *decoder) int(width int) int64 {
	return unzigzag(d.choose(intChoice(width)), width)
}

// unzigzag maps index i of a width-byte signed choice to its value: 0, 1,
// -1, 2, -2, ..., and last the minimum, which has no positive partner.
func unzigzag(i uint64, width int) int64 {
	c := intChoice(width)
	if i == c.Max {
		return -int64(c.Below-1) - 1 // the minimum, without overflow
	}
	if i%2 == 1 {
		return int64((i + 1) / 2)
	}
	return -int64(i / 2)
}

// zigzag is the inverse of unzigzag.
func zigzag(v int64, width int) uint64 {
	switch {
	case v > 0:
		return 2*uint64(v) - 1
	case v == 0:
		return 0
	case v == math.MinInt64 || v == -int64(intChoice(width).Below):
		return intChoice(width).Max
	default:
		return 2 * uint64(-v)
	}
}

// Encode returns the canonical sequence of values, which must all have
// supported types: the smallest encoding of each fixed-width value, then
// the strings and byte slices as the package comment lays them out.
// Decode(Encode(values), their types) returns values.
func Encode(values []any) ([]byte, error) {
	var seq []byte
	types := make([]reflect.Type, len(values))
	for i, v := range values {
		types[i] = reflect.TypeOf(v)
		if v == nil || !Supported(types[i]) {
			return nil, fmt.Errorf("argseq: value %d: unsupported fuzz argument type %T", i, v)
		}
		if !isVar(types[i]) {
			seq = appendFixed(seq, v)
		}
	}
	last := lastVar(types)
	for i, v := range values {
		b, ok := varBytes(v)
		if !ok {
			continue
		}
		if i != last {
			if uint64(len(b)) > math.MaxUint32 {
				return nil, fmt.Errorf("argseq: value %d: %d bytes is more than a length field holds", i, len(b))
			}
			seq = append(seq, uintChoice(lengthWidth).Encode(uint64(len(b)))...)
		}
		seq = append(seq, b...)
	}
	return seq, nil
}

// appendFixed appends the smallest encoding of a fixed-width value.
func appendFixed(seq []byte, v any) []byte {
	put := func(c minimize.Choice, index uint64) { seq = append(seq, c.Encode(index)...) }
	switch v := v.(type) {
	case bool:
		if v {
			put(boolChoice, 1)
		} else {
			put(boolChoice, 0)
		}
	case int:
		put(intChoice(strconv.IntSize/8), zigzag(int64(v), strconv.IntSize/8))
	case int8:
		put(intChoice(1), zigzag(int64(v), 1))
	case int16:
		put(intChoice(2), zigzag(int64(v), 2))
	case int32:
		put(intChoice(4), zigzag(int64(v), 4))
	case int64:
		put(intChoice(8), zigzag(v, 8))
	case uint:
		put(uintChoice(strconv.IntSize/8), uint64(v))
	case uint8:
		put(uintChoice(1), uint64(v))
	case uint16:
		put(uintChoice(2), uint64(v))
	case uint32:
		put(uintChoice(4), uint64(v))
	case uint64:
		put(uintChoice(8), v)
	case float32:
		put(signChoice, uint64(math.Float32bits(v)>>31))
		put(uintChoice(4), floatorder.Float32.Encode(uint64(math.Float32bits(v)&^(1<<31))))
	case float64:
		put(signChoice, math.Float64bits(v)>>63)
		put(uintChoice(8), floatorder.Float64.Encode(math.Float64bits(v)&^(1<<63)))
	}
	return seq
}

// OrderKey returns the order the reducer should minimize for arguments of
// types, as a function for minimize.Options.OrderKey: shortlex on the
// argument values as Go passes them. The key of a sequence is, argument
// by argument in order, a string or []byte as its length (8 bytes,
// big-endian) then its bytes, and a fixed-width value as its canonical
// encoding (zigzag index, bool, float code). Compared shortlex, keys
// order first by the total bytes of the strings and byte slices, then
// argument by argument, each by length and then bytewise. Unlike the
// choice-sequence order, a trailing zero byte of a value is not free:
// "\x00\x00\x00x" is smaller than "\x00\x00x\x00".
//
// For a single string or []byte argument the key is the sequence itself,
// with no copy: the layout already is the value.
func OrderKey(types []reflect.Type) func(seq []byte) []byte {
	if len(types) == 1 && isVar(types[0]) {
		return func(seq []byte) []byte { return seq }
	}
	return func(seq []byte) []byte {
		values, _, err := Decode(seq, types)
		if err != nil {
			return seq
		}
		var key []byte
		for _, v := range values {
			b, ok := varBytes(v)
			if !ok {
				key = appendFixed(key, v)
				continue
			}
			key = append(key, uintChoice(8).Encode(uint64(len(b)))...)
			key = append(key, b...)
		}
		return key
	}
}

// Size is what a user reads about a list of argument values: how many
// there are, and the bytes of their strings and byte slices.
type Size struct {
	Args  int // arguments
	Bytes int // bytes of the string and []byte arguments
}

// SizeOf measures values.
func SizeOf(values []any) Size {
	s := Size{Args: len(values)}
	for _, v := range values {
		switch v := v.(type) {
		case []byte:
			s.Bytes += len(v)
		case string:
			s.Bytes += len(v) // not through varBytes: no copy of a long string
		}
	}
	return s
}
