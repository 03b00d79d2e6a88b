package fuzzsrc

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/shortlex/shortlex/minimize"

	"github.com/shortlex/shortlex/internal/record"
)

// read consumes width bytes of the choice sequence as a big-endian
// unsigned integer. Bytes past the end of the input read as zero, so an
// exhausted input yields the simplest value of every draw.
func (t *T) read(width int) uint64 {
	p := t.pos
	t.pos += width
	if p+8 <= len(t.data) {
		// One load of eight bytes, the ones past the width shifted out.
		return binary.BigEndian.Uint64(t.data[p:]) >> (64 - 8*width)
	}
	var r uint64
	for i := p; i < t.pos; i++ {
		r <<= 8
		if i < len(t.data) {
			r |= uint64(t.data[i])
		}
	}
	return r
}

// exhausted reports whether every further draw reads zeros: the input
// has run out, and a generating run may make no more.
func (t *T) exhausted() bool {
	if t.gen != nil {
		return len(t.data) >= t.gen.limit
	}
	return t.pos >= len(t.data)
}

// choose draws an index in [0, max] in shrink order: 0 is the simplest.
// It consumes the fewest whole bytes that can hold max and maps them to
// an index as minimize.Choice documents. A choice with one possible value
// consumes nothing.
func (t *T) choose(kind record.Kind, max uint64) uint64 {
	return t.chooseAround(kind, max, 0)
}

// chooseAround is choose for a value that zigzags around a shrink point
// with below values under it (see minimize.Choice), which the reducer
// needs to lower the value's magnitude while keeping its sign.
func (t *T) chooseAround(kind record.Kind, max, below uint64) uint64 {
	if max == 0 {
		t.readsNothing()
		return 0
	}
	width := (bits.Len64(max) + 7) / 8
	if t.rec == nil {
		return minimize.IndexOf(t.read(width), width, max)
	}
	if t.gen != nil {
		t.gen.fill(t, kind, width, max, below)
	}
	offset := t.pos
	i := minimize.IndexOf(t.read(width), width, max)
	t.rec.choices = append(t.rec.choices, record.Choice{
		Choice: minimize.Choice{Offset: offset, Width: width, Max: max, Below: below},
		Kind:   kind,
		Index:  i,
	})
	return i
}

// drawByte draws one byte as a choice whose index is the byte itself
// (Max 255 is the identity encoding).
func (t *T) drawByte(kind record.Kind) byte {
	return byte(t.chooseSmall(kind, 255))
}

// chooseSmall is choose for max < 256: one byte r, index r*(max+1)>>8.
// Coins, flags and bytes, the most frequent draws, take its first branch
// while fuzzing.
func (t *T) chooseSmall(kind record.Kind, max uint64) uint64 {
	if p := t.pos; t.rec == nil && p < len(t.data) {
		t.pos = p + 1
		return uint64(t.data[p]) * (max + 1) >> 8
	}
	return t.chooseAround(kind, max, 0)
}

// coin is a biased coin drawn as one choice of max+1 equally likely
// indices that is true from index from on: P(true) = (max+1-from)/(max+1).
// Every true encoding shares few indices, so the reducer lowers a true
// coin to its smallest encoding in a run or two, where a byte compared
// with a threshold would take a binary search.
type coin struct{ max, from uint64 }

// fairCoin is true for the bytes 0x80 to 0xff.
var fairCoin = coin{max: 1, from: 1}

// newCoin returns the coin whose probability of true is closest to p, 0 <
// p < 1, with the fewest indices: p = 0.9 is 9 true indices of 10.
func newCoin(p float64) coin {
	best, bestErr := coin{max: 1, from: 1}, math.Inf(1)
	for k := uint64(2); k <= 256; k++ {
		m := min(max(uint64(math.Round(p*float64(k))), 1), k-1)
		if err := math.Abs(float64(m)/float64(k) - p); err < bestErr-1e-12 {
			best, bestErr = coin{max: k - 1, from: k - m}, err
			if err < 1e-9 {
				break
			}
		}
	}
	return best
}

// flip draws coin c.
func (t *T) flip(kind record.Kind, c coin) bool {
	return t.chooseSmall(kind, c.max) >= c.from
}

// recorder holds what a recording run records. A nil recorder costs a
// pointer comparison per draw.
type recorder struct {
	choices   []record.Choice
	spans     []minimize.Span
	open      int // index of the innermost open span, or -1
	simpler   []minimize.Simpler
	constants []int // offsets of draws from one-value ranges
}

// readsNothing records a draw from a range of one value, which reads no
// bytes, at the current position (minimize.Outcome.Constants).
func (t *T) readsNothing() {
	if t.rec != nil {
		t.rec.constants = append(t.rec.constants, t.pos)
	}
}

// nameSimpler records indices simpler than the last choice's, for the
// reducer (minimize.Outcome.Simpler).
func (rec *recorder) nameSimpler(idx []uint64) {
	for _, i := range idx {
		rec.simpler = append(rec.simpler, minimize.Simpler{Choice: len(rec.choices) - 1, Index: i})
	}
}

// nameSimplerDraw records a value simpler than the one the last len(idx)
// choices drew together, as their indices.
func (rec *recorder) nameSimplerDraw(idx []uint64) {
	rec.simpler = append(rec.simpler, minimize.Simpler{Choice: len(rec.choices) - len(idx), Index: idx[0], Then: idx[1:]})
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
