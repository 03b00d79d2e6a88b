package fuzzsrc

import (
	"encoding/binary"
	"math/bits"

	"github.com/shortlex/shortlex/minimize"
)

// read consumes width bytes of the choice sequence as a big-endian
// unsigned integer. Bytes past the end of the input read as zero, so an
// exhausted input yields the simplest value of every draw.
func (t *T) read(width int) uint64 {
	p := t.pos
	t.pos += width
	var r uint64
	if t.pos <= len(t.data) {
		if width == 8 { // the common wide choice: one load
			return binary.BigEndian.Uint64(t.data[p:t.pos])
		}
		for _, b := range t.data[p:t.pos] {
			r = r<<8 | uint64(b)
		}
		return r
	}
	for i := p; i < t.pos; i++ {
		r <<= 8
		if i < len(t.data) {
			r |= uint64(t.data[i])
		}
	}
	return r
}

// choose draws an index in [0, max] in shrink order: 0 is the simplest.
// It consumes the fewest whole bytes that can hold max and maps them to
// an index as minimize.Choice documents. A choice with one possible value
// consumes nothing.
func (t *T) choose(kind Kind, max uint64) uint64 {
	return t.chooseAround(kind, max, 0)
}

// chooseAround is choose for a value that zigzags around a shrink point
// with below values under it (see minimize.Choice), which the reducer
// needs to lower the value's magnitude while keeping its sign.
func (t *T) chooseAround(kind Kind, max, below uint64) uint64 {
	if max == 0 {
		return 0
	}
	width := (bits.Len64(max) + 7) / 8
	offset := t.pos
	i := minimize.IndexOf(t.read(width), width, max)
	if t.rec != nil {
		t.rec.choices = append(t.rec.choices, Choice{
			Choice: minimize.Choice{Offset: offset, Width: width, Max: max, Below: below},
			Kind:   kind,
			Index:  i,
		})
	}
	return i
}

// drawByte draws one byte as a choice whose index is the byte itself
// (Max 255 is the identity encoding). Inlined for the fuzzing hot path:
// most draws of coins, flags and bytes take the first branch.
func (t *T) drawByte(kind Kind) byte {
	if p := t.pos; t.rec == nil && p < len(t.data) {
		t.pos++
		return t.data[p]
	}
	return byte(t.choose(kind, 255))
}

// weighted draws a biased coin: true with probability p. It reads one
// byte b and answers b >= threshold, so the zero byte is false, the
// simpler value, and lowering the byte can only turn true into false.
// A coin that cannot come up true or cannot come up false is not drawn.
func (t *T) weighted(kind Kind, p float64) bool {
	switch {
	case !(p > 0): // also NaN
		return false
	case p >= 1:
		return true
	}
	return t.drawByte(kind) >= coinThreshold(p)
}

// coin is weighted with the threshold worked out in advance, for
// generators that draw the same coin many times.
func (t *T) coin(kind Kind, threshold byte) bool {
	return t.drawByte(kind) >= threshold
}

// coinThreshold is the smallest byte that reads as true for a coin that
// comes up true with probability p, kept in [1, 255] so that both sides
// stay reachable.
func coinThreshold(p float64) byte {
	th := 256 - int(p*256+0.5)
	return byte(min(max(th, 1), 255))
}

// recorder holds what a recording run records. A nil recorder costs a
// pointer comparison per draw.
type recorder struct {
	choices []Choice
	spans   []minimize.Span
	open    int // index of the innermost open span, or -1
}

// startSpan opens a span labeled label at the current position and
// returns its index, or -1 when not recording.
func (t *T) startSpan(label string) int {
	rec := t.rec
	if rec == nil {
		return -1
	}
	rec.spans = append(rec.spans, minimize.Span{Label: label, Start: t.pos, End: -1, Parent: rec.open})
	rec.open = len(rec.spans) - 1
	return rec.open
}

// endSpan closes span i at the current position, marking it discarded if
// asked. Spans close in the reverse order they opened; closing an outer
// span closes any inner span left open by a panic.
func (t *T) endSpan(i int, discard bool) {
	rec := t.rec
	if rec == nil || i < 0 {
		return
	}
	for j := rec.open; j >= i; j = rec.spans[j].Parent {
		if rec.spans[j].End < 0 {
			rec.spans[j].End = t.pos
		}
	}
	rec.spans[i].Discarded = discard
	rec.open = rec.spans[i].Parent
}

// dropSpan forgets span i, which must be the last span opened and have no
// children: a collection's final "no more" flag is not an element.
func (t *T) dropSpan(i int) {
	rec := t.rec
	if rec == nil || i < 0 {
		return
	}
	rec.open = rec.spans[i].Parent
	rec.spans = rec.spans[:i]
}
