// Package argseq maps the arguments of a Go fuzz target (every type
// f.Fuzz accepts) to a choice sequence and back, so that a target that
// does not draw from a choice sequence itself can still be reduced by the
// shortlex reducer in package minimize: the reducer shrinks the sequence,
// and each candidate is decoded into arguments and run.
//
// The layout is built so that shortlex-smaller sequences decode to simpler
// arguments and so that the reducer's moves mean something:
//
//   - Arguments come in order, each in its own span labeled with its type.
//   - A string or []byte is a collection of bytes: before each element a
//     "more" flag byte (0 stops, anything else is one more element), then
//     the element byte, both inside an element span. Deleting an element
//     is deleting its two bytes; bytes shrink towards 0 in plain order.
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
// Missing bytes read as zero, which is always the simplest value, so every
// byte sequence decodes and Decode never fails on data: a truncated
// sequence is simply simpler. Encode gives the canonical sequence of a list
// of values, with Decode(Encode(v)) == v for every v, NaN payloads and
// negative zero included.
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

// Flag choice: any nonzero byte means one more element. Max 255 keeps the
// index equal to the byte, so the reducer's idea of "simplest" (index 0)
// is exactly "stop".
var (
	flagChoice = minimize.Choice{Width: 1, Max: math.MaxUint8}
	byteChoice = minimize.Choice{Width: 1, Max: math.MaxUint8}
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

// decoder reads a choice sequence and records its structure.
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

func (d *decoder) startSpan(label string, parent int) int {
	d.out.Spans = append(d.out.Spans, minimize.Span{Label: label, Start: d.pos, Parent: parent})
	return len(d.out.Spans) - 1
}

func (d *decoder) endSpan(i int) { d.out.Spans[i].End = d.pos }

// Decode maps seq to one value of each of types, in order, and returns
// the structure of the read for the reducer: Used (the bytes read, at most
// len(seq)), Choices and Spans. Failed and Signature are left for the
// caller. It fails only for an unsupported type.
func Decode(seq []byte, types []reflect.Type) ([]any, minimize.Outcome, error) {
	for _, t := range types {
		if !Supported(t) {
			return nil, minimize.Outcome{}, fmt.Errorf("argseq: unsupported fuzz argument type %v", t)
		}
	}
	d := &decoder{seq: seq}
	values := make([]any, len(types))
	for i, t := range types {
		span := d.startSpan(t.String(), -1)
		values[i] = d.value(t, span)
		d.endSpan(span)
	}
	d.out.Used = min(d.pos, len(seq))
	return values, d.out, nil
}

// value decodes one argument of type t inside the argument span span.
func (d *decoder) value(t reflect.Type, span int) any {
	switch t {
	case bytesType:
		return d.bytes(span)
	case stringType:
		return string(d.bytes(span))
	}
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

// bytes decodes a collection of bytes: flag, byte, flag, byte, ..., 0.
func (d *decoder) bytes(parent int) []byte {
	b := []byte{}
	for {
		elem := d.startSpan("byte", parent)
		if d.choose(flagChoice) == 0 {
			// The stop flag belongs to the argument, not to an element:
			// drop the span it opened.
			d.out.Spans = d.out.Spans[:elem]
			return b
		}
		b = append(b, byte(d.choose(byteChoice)))
		d.endSpan(elem)
	}
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
// supported types: the smallest encoding of each choice, with 1 as every
// "more" flag. Decode(Encode(values), their types) returns values.
func Encode(values []any) ([]byte, error) {
	var seq []byte
	put := func(c minimize.Choice, index uint64) { seq = append(seq, c.Encode(index)...) }
	for i, v := range values {
		switch v := v.(type) {
		case []byte:
			seq = appendBytes(seq, v)
		case string:
			seq = appendBytes(seq, []byte(v))
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
		default:
			return nil, fmt.Errorf("argseq: value %d: unsupported fuzz argument type %T", i, v)
		}
	}
	return seq, nil
}

func appendBytes(seq, b []byte) []byte {
	for _, c := range b {
		seq = append(seq, 1, c)
	}
	return append(seq, 0)
}
