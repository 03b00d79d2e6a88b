package targets

import (
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
)

// libFuzzer traces comparisons (CMP tracing) and mutates an input by
// finding the bytes of a compared operand in it and writing the other
// operand's bytes in their place, in either byte order; it also inserts
// compared strings as dictionary words. That helps a target only if the
// constant's natural bytes, placed where the draw reads, decode to the
// constant.
//
// TestConstantBytesDecode records, for fuzzsrc's encoding, which of the
// constants the planted bugs compare against decode from their natural
// bytes. It documents the finding: a change of encoding that changes a
// row should update it (and the README's section on CMP tracing).
func TestConstantBytesDecode(t *testing.T) {
	be := func(width int, v uint64) []byte {
		b := binary.BigEndian.AppendUint64(nil, v)
		return b[8-width:]
	}
	le := func(width int, v uint64) []byte {
		return binary.LittleEndian.AppendUint64(nil, v)[:width]
	}
	draw := func(g any, data []byte) (v any) {
		engine.Run(data, func(t *fuzzsrc.T) {
			switch g := g.(type) {
			case fuzzsrc.Generator[uint16]:
				v = g.Draw(t, "v")
			case fuzzsrc.Generator[uint32]:
				v = g.Draw(t, "v")
			case fuzzsrc.Generator[int64]:
				v = g.Draw(t, "v")
			case fuzzsrc.Generator[int]:
				v = g.Draw(t, "v")
			case fuzzsrc.Generator[byte]:
				v = g.Draw(t, "v")
			case fuzzsrc.Generator[string]:
				v = g.Draw(t, "v")
			case fuzzsrc.Generator[[]byte]:
				v = g.Draw(t, "v")
			case fuzzsrc.Generator[float64]:
				v = g.Draw(t, "v")
			}
		})
		return v
	}
	tests := []struct {
		name    string
		reason  string
		g       any
		data    []byte
		want    any // the constant
		decoded any // what its natural bytes decode to
	}{
		{"uint32 big-endian", "an unsigned full-range draw is its big-endian bytes", fuzzsrc.Integers[uint32](), be(4, WordMagic), uint32(WordMagic), uint32(WordMagic)},
		{"uint32 little-endian", "the other byte order is another value; libFuzzer tries both orders", fuzzsrc.Integers[uint32](), le(4, WordMagic), uint32(WordMagic), uint32(0x534c4558)},
		{"uint16 1000", "LevelName's bound, big-endian", fuzzsrc.Integers[uint16](), be(2, levels), uint16(levels), uint16(levels)},
		{"byte", "a byte is itself", fuzzsrc.Byte(), []byte{'S'}, byte('S'), byte('S')},
		{"int64 1000", "signed draws zigzag around 0: index 1000 is -500", fuzzsrc.Integers[int64](), be(8, 1000), int64(1000), int64(-500)},
		{"int64 MaxInt64", "Window's overflow needs an offset near MaxInt64; its bytes are index 2^63-1, odd, so +2^62", fuzzsrc.Integers[int64](), be(8, math.MaxInt64), int64(math.MaxInt64), int64(1 << 62)},
		{"int -1", "all-ones is the last index, MinInt", fuzzsrc.Int(), be(8, math.MaxUint64), -1, math.MinInt},
		{"IntRange end", "a bounded range scales the bytes: 1000 in 2 bytes is index 15", fuzzsrc.IntRange(0, 1000), be(2, 1000), 1000, 15},
		{"String keyword", "a byte from '\\t' to 0xDF stands for its own rune, and the input's end stops the string", fuzzsrc.String(), []byte("DROP"), "DROP", "DROP"},
		{"StringN keyword", "a required rune too", fuzzsrc.StringN(4, 4), []byte("DROP"), "DROP", "DROP"},
		{"Bytes magic", "each byte follows a one-more flag: S and E are read as flags", fuzzsrc.Bytes(), []byte("SLEX"), []byte("SLEX"), []byte("LX")},
		{"BytesN magic", "a fixed-length byte slice is its bytes", fuzzsrc.BytesN(4, 4), []byte("SLEX"), []byte("SLEX"), []byte("SLEX")},
		{"float +Inf", "a float is a sign coin and a magnitude code, not IEEE bits", fuzzsrc.Float64(), be(8, math.Float64bits(math.Inf(1))), math.Inf(1), 3.220574384798567e-232},
		{"float 1.5", "likewise for an ordinary value", fuzzsrc.Float64(), be(8, math.Float64bits(1.5)), 1.5, 9.464417489334198e-271},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := draw(tt.g, tt.data)
			if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", tt.decoded) {
				t.Errorf("%s: %x decodes to %#v, want %#v", tt.reason, tt.data, got, tt.decoded)
			}
			if fmt.Sprintf("%#v", tt.decoded) == fmt.Sprintf("%#v", tt.want) {
				t.Logf("%x decodes to the constant %#v", tt.data, tt.want)
			} else {
				t.Logf("%x decodes to %#v, not the constant %#v", tt.data, tt.decoded, tt.want)
			}
		})
	}
}
