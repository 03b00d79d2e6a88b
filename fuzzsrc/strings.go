package fuzzsrc

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"slices"
	"unicode/utf8"

	"github.com/shortlex/shortlex/internal/record"
)

// A rune is drawn as one byte that stands for itself wherever it can, so
// that text in the input reads as the text drawn: a fuzzer's inserted
// keyword (libFuzzer's comparison words, a dictionary) decodes to that
// keyword, one byte is one character, and a corpus file shows the text.
//
//   - Bytes from '\t' (9) to 0xDF are that code point: ASCII from the tab
//     on, then U+0080 to U+00DF (Latin-1), written in UTF-8.
//   - Bytes 0xE0 to 0xFF escape to one of 32 equal blocks of the other
//     runes, picked by a second, two-byte choice: U+00E0 to U+10FFFF by
//     code point (skipping the surrogates), then the control characters
//     0x00 to 0x08 last.
//   - Bytes 0 to 8 end a string where it may end (past its minimum
//     length); where it may not, and for a rune drawn alone, they read as
//     '\t'.
//
// So runes shrink by code point from '\t', with 0x00-0x08 last, and
// lower bytes never give a later rune. In a string the stop and the rune
// are one choice: a string of n ASCII runes is n bytes and a stop, which
// reads as zero past the input's end.
const (
	stopBelow       = '\t' // bytes below it end a string
	firstEscapeByte = 0xE0 // bytes from it escape to a block of the rest
	runeBlocks      = 256 - firstEscapeByte

	// escapedRunes counts the runes reached only through a block: from
	// U+00E0 on, less the surrogates, then 0x00-0x08.
	escapedFrom    = firstEscapeByte
	escapedUnicode = utf8.MaxRune + 1 - escapedFrom - (surrogateEnd - surrogateMin)
	escapedRunes   = escapedUnicode + stopBelow
	runeBlockSize  = (escapedRunes + runeBlocks - 1) / runeBlocks // 34746
	surrogateMin   = 0xD800
	surrogateEnd   = 0xE000

	// plainRunes counts the runes a byte stands for: '\t' to U+00DF.
	plainRunes = firstEscapeByte - stopBelow
)

// drawRune draws any valid rune in shrink order, as a rune that must be
// drawn (a stop byte reads as '\t').
func (t *T) drawRune() rune {
	return t.runeOfByte(t.drawByte(record.KindRune))
}

// runeOfByte returns the rune a rune's first byte c stands for, drawing
// the escaped block's offset if c escapes.
func (t *T) runeOfByte(c byte) rune {
	if c < firstEscapeByte {
		return rune(max(c, stopBelow))
	}
	block, off := uint32(c-firstEscapeByte), uint32(t.choose(record.KindRune, runeBlockSize-1))
	r := escapedRune(block, off)
	if t.rec != nil {
		for _, s := range simplerRunes(r) {
			e := uint32(rankOfRune(s) - plainRunes)
			t.rec.nameSimplerDraw([]uint64{uint64(firstEscapeByte + e/runeBlockSize), uint64(e % runeBlockSize)})
		}
	}
	return r
}

// escapedRune returns the rune at offset off of escape block block.
func escapedRune(block, off uint32) rune {
	return runeOfEscape(min(block*runeBlockSize+off, escapedRunes-1))
}

// runeOfEscape returns the e-th rune reached only through a block.
func runeOfEscape(e uint32) rune {
	if e >= escapedUnicode {
		return rune(e - escapedUnicode) // 0x00-0x08
	}
	c := rune(e) + escapedFrom
	if c >= surrogateMin {
		c += surrogateEnd - surrogateMin
	}
	return c
}

// runeOfRank returns the rune of a rank in shrink order.
func runeOfRank(r uint64) rune {
	if r < plainRunes {
		return rune(r) + stopBelow
	}
	return runeOfEscape(uint32(r - plainRunes))
}

// rankOfRune returns a valid rune's rank in shrink order.
func rankOfRune(c rune) uint64 {
	switch {
	case c < stopBelow:
		return plainRunes + escapedUnicode + uint64(c)
	case c < escapedFrom:
		return uint64(c - stopBelow)
	case c >= surrogateEnd:
		c -= surrogateEnd - surrogateMin
	}
	return plainRunes + uint64(c-escapedFrom)
}

// Rune draws any valid rune (never a surrogate), shrinking towards '\t'
// by code point, with the control characters 0x00-0x08 last. One byte
// stands for its own character from '\t' to U+00DF (ASCII and Latin-1),
// so random input gives those seven times in eight.
func Rune() Generator[rune] {
	return newGenerator(func() string { return "Rune()" }, (*T).drawRune)
}

// RuneFrom draws one of the runes of alphabet, shrinking in the order of
// [Rune], whatever the order of alphabet. It panics if alphabet is empty
// or is not valid UTF-8.
func RuneFrom(alphabet string) Generator[rune] {
	if alphabet == "" || !utf8.ValidString(alphabet) {
		panic(fmt.Sprintf("fuzzsrc.RuneFrom: alphabet %q is empty or not UTF-8", alphabet))
	}
	runes := []rune(alphabet)
	slices.SortFunc(runes, func(a, b rune) int {
		ra, rb := rankOfRune(a), rankOfRune(b)
		switch {
		case ra < rb:
			return -1
		case ra > rb:
			return 1
		}
		return 0
	})
	runes = slices.Compact(runes)
	return newGenerator(
		func() string { return fmt.Sprintf("RuneFrom(%q)", string(runes)) },
		func(t *T) rune { return runes[t.choose(record.KindRune, uint64(len(runes)-1))] })
}

// String draws a valid UTF-8 string of any length, shrinking towards the
// empty string and its runes as [Rune] does. Its input is the text
// itself, one byte per ASCII or Latin-1 rune, ended by a byte below '\t'
// (or the input's end).
func String() Generator[string] { return stringOfN(Rune(), true, 0, -1) }

// StringN draws a valid UTF-8 string of between minLen and maxLen runes
// (maxLen < 0: no upper bound), as [String] does.
func StringN(minLen, maxLen int) Generator[string] { return stringOfN(Rune(), true, minLen, maxLen) }

// StringOf draws a string of runes drawn from r, of any length. Each rune
// is a collection element: deleting it deletes its bytes. A rune that is
// not valid UTF-8 is written as U+FFFD. StringOf(Rune()) is String().
func StringOf(r Generator[rune]) Generator[string] { return StringOfN(r, 0, -1) }

// StringOfN draws a string of between minLen and maxLen runes drawn from
// r (maxLen < 0: no upper bound). It panics if minLen < 0 or minLen >
// maxLen >= 0.
func StringOfN(r Generator[rune], minLen, maxLen int) Generator[string] {
	return stringOfN(r, isRune(r), minLen, maxLen)
}

// isRune reports whether r is [Rune]: its draw is the method drawRune.
func isRune(r Generator[rune]) bool {
	return r.draw != nil && reflect.ValueOf(r.draw).Pointer() == reflect.ValueOf((*T).drawRune).Pointer()
}

// stringOfN is StringOfN; runes says that r is [Rune], whose strings
// merge each "one more?" flag into the rune's byte (see [String]).
func stringOfN(r Generator[rune], runes bool, minLen, maxLen int) Generator[string] {
	size := lengths("StringOfN", minLen, maxLen)
	shape := newElements(nil, size)
	return newGenerator(
		func() string { return "StringOf(" + r.String() + ", " + sizeLabel(size) + ")" },
		func(t *T) string {
			if size.Max < 0 {
				return ""
			}
			if runes {
				if t.rec == nil {
					return t.drawText(&shape)
				}
				return t.drawTextRecorded(&shape)
			}
			var buf [64]byte
			b := buf[:0]
			e := newElements(t, size)
			for e.more("element") {
				b = utf8.AppendRune(b, r.value(t))
			}
			return t.allocString(b)
		})
}

// drawTextRecorded draws a string of runes shaped like shape, one choice
// per rune whose byte, past the minimum length, ends the string if it is
// below '\t'. Each rune is an element span; the stop is not.
func (t *T) drawTextRecorded(shape *elements) string {
	var buf [64]byte
	b := buf[:0]
	for n := 0; ; n++ {
		if n == shape.max {
			if shape.min < shape.max {
				t.readsNothing() // the stop, which a full string does not read
			}
			break
		}
		if t.generating() && len(t.gen.queue) == 0 {
			t.gen.planText(shape, n)
		}
		span := t.startSpan("element")
		c := t.drawByte(record.KindRune)
		if c < stopBelow && n >= shape.min {
			t.dropSpan(span)
			break
		}
		b = utf8.AppendRune(b, t.runeOfByte(c))
		t.endSpan(span, false)
	}
	return string(b)
}

// The fast paths below decode a string's or a byte slice's elements
// straight from the input while fuzzing (recording off). They consume the
// same bytes and give the same values as the recorded loops, which
// TestStringDrawsPinned and TestStringDrawsFastMatchesRecorded check; as
// there, bytes past the input's end read as zero (so a stop, or a flag
// that stops) yet still advance the position.

// drawText draws a string shaped like shape as drawTextRecorded does,
// recording off. decodeText writes the runes' UTF-8 straight into the
// arena, which the string then takes; a string that outgrows the buffer
// gathers its earlier fills on the heap.
//
// decodeText's loops run once per byte or rune. Go's fuzzer keeps an
// input for every new power-of-two count of every block of code, so
// those counts add corpus entries; decoding 64 bytes or runes per step
// instead (a scan eight bytes at a time, a branch-free rune loop of a
// fixed trip count) made fewer entries but worse ones: an entry kept for
// a count of steps cannot be cut below that many steps' bytes, and Go's
// minimizer, quadratic in an entry's length, then stalled the fuzzer for
// seconds on entries of hundreds of bytes (tools/ttfc README).
func (t *T) drawText(shape *elements) string {
	var long []byte // the string's bytes before buf's, if it outgrows buf
	p, n := t.pos, 0
	for {
		buf := t.textBuf()
		k, end := 0, false
		k, p, n, end = shape.decodeText(buf, t.data, p, n)
		if end {
			t.pos = p
			if long != nil {
				return t.allocString(append(long, buf[:k]...))
			}
			return t.takeString(k)
		}
		long = append(long, buf[:k]...)
	}
}

// textBuf is drawText's buffer. 128 bytes hold most strings: String's,
// about 27 runes on random input, average some 50 bytes.
type textBuf [128]byte

// decodeText decodes into buf the runes of a string shaped like e, from
// rune n at position p of data, until the string ends or buf may lack
// room for the next rune. It returns the length written to buf, the
// position and rune count reached, and whether the string ended. It is
// apart from drawText so that its loops make no calls, around which the
// compiler would keep the loops' variables in memory.
func (e *elements) decodeText(buf *textBuf, data []byte, p, n int) (int, int, int, bool) {
	lo, hi := e.min, e.max
	b := buf[:]
	var i uint
	// A run of ASCII, what text mostly is, is copied eight bytes at a
	// time. On random bytes the first test fails, and that branch, unlike
	// a byte loop's exit, is predicted.
	for hi-n >= 8 && len(data)-p >= 8 && uint(len(b))-i >= 8 {
		w := binary.LittleEndian.Uint64(data[p:])
		if !plainASCII(w) {
			break
		}
		binary.LittleEndian.PutUint64(b[i:], w)
		i, p, n = i+8, p+8, n+8
	}
	for ; n != hi && uint(p) < uint(len(data)); n, p = n+1, p+1 {
		if i > uint(len(b)-utf8.UTFMax) {
			return int(i), p, n, false
		}
		c := data[p]
		u := textUTF8[c]
		if u < textSpecial { // a plain rune: most bytes
			binary.LittleEndian.PutUint16(b[i:], uint16(u)) // the second byte is spare for a 1-byte rune
			i += uint(u >> 16)
			continue
		}
		if c >= firstEscapeByte {
			var off uint32 // the block offset's two bytes, big-endian
			if p+3 <= len(data) {
				off = uint32(data[p+1])<<8 | uint32(data[p+2])
			} else if p+1 < len(data) {
				off = uint32(data[p+1]) << 8
			}
			p += 2
			w, k := escapedUTF8(uint32(escapedRune(uint32(c-firstEscapeByte), off*runeBlockSize>>16)))
			binary.LittleEndian.PutUint32(b[i:], w) // past the rune's bytes, spare
			i += k
			continue
		}
		if n >= lo {
			return int(i), p + 1, n, true
		}
		b[i] = stopBelow // a stop where the string cannot end
		i++
	}
	// Past the input's end every byte reads as zero: a stop, which is
	// '\t' below the minimum length.
	for ; n != hi; n++ {
		if i > uint(len(b)-utf8.UTFMax) {
			return int(i), p, n, false
		}
		p++
		if n >= lo {
			break
		}
		b[i] = stopBelow
		i++
	}
	return int(i), p, n, true
}

// plainASCII reports whether each byte of w is a plain ASCII rune, from
// stopBelow to 0x7F: no byte has its high bit set, and none is below
// stopBelow (subtracting stopBelow from each byte borrows, setting its
// high bit, only for those).
func plainASCII(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	return (w|(w-stopBelow*ones))&highs == 0
}

// escapedUTF8 returns the UTF-8 encoding of c, a rune reached through an
// escape block, first byte lowest, and its length. Unlike
// utf8.EncodeRune it inlines, keeping decodeText's loop free of calls.
func escapedUTF8(c uint32) (uint32, uint) {
	switch {
	case c >= 0x10000: // most blocks
		return 0x808080f0 | c>>18 | c>>12&0x3f<<8 | c>>6&0x3f<<16 | c&0x3f<<24, 4
	case c >= 0x800:
		return 0x8080e0 | c>>12 | c>>6&0x3f<<8 | c&0x3f<<16, 3
	case c >= 0x80:
		return 0x80c0 | c>>6 | c&0x3f<<8, 2
	}
	return c, 1 // 0x00-0x08
}

// textUTF8 holds, for each byte as the first byte of a rune in a string,
// the plain rune's UTF-8 encoding (one or two bytes, first in the low
// byte) and its length above them, so that decodeText writes a plain
// rune without a branch on its kind: random bytes would mispredict that
// branch on about every other rune. Stop and escape bytes hold
// textSpecial.
var textUTF8 = func() (t [256]uint32) {
	for c := range 256 {
		if c < stopBelow || c >= firstEscapeByte {
			t[c] = textSpecial
			continue
		}
		var b [utf8.UTFMax]byte
		n := utf8.EncodeRune(b[:], rune(c))
		t[c] = uint32(b[0]) | uint32(b[1])<<8 | uint32(n)<<16
	}
	return t
}()

// textSpecial marks the bytes of textUTF8 that stop a string or escape.
const textSpecial = 1 << 24

// moreAt decodes the "one more?" flag before element n, n >= min, at p,
// and returns it and the position past it (p if the collection draws no
// flag there); it is elements.more with recording off. It takes and
// returns the position rather than a pointer to it, which would keep the
// caller's position in memory through its whole loop.
func (e *elements) moreAt(data []byte, p, n int) (bool, int) {
	if n == e.max || e.flag.max == 0 {
		return false, p
	}
	var c uint64
	if p < len(data) {
		c = uint64(data[p])
	}
	return c*(e.flag.max+1)>>8 >= e.flag.from, p + 1
}

// drawBytes draws the bytes of a slice shaped like shape from the input
// as drawByte does, recording off: the required bytes are one stretch of
// the input, and each further byte follows its flag. The further bytes
// gather on the stack, so that the slice is allocated once, at its
// length: a make followed by a copy is one allocation, not zeroed where
// the copy fills it.
func (t *T) drawBytes(shape *elements) []byte {
	data, p := t.data, t.pos
	req := data[min(p, len(data)):min(p+shape.min, len(data))] // the rest reads as zeros
	p += shape.min
	var buf [32]byte
	more := buf[:0]
	for n := shape.min; ; n++ {
		ok, next := shape.moreAt(data, p, n)
		p = next
		if !ok {
			break
		}
		var c byte
		if p < len(data) {
			c = data[p]
		}
		p++
		more = append(more, c)
	}
	t.pos = p
	if shape.min+len(more) == 0 {
		return nil
	}
	b := t.alloc(shape.min + len(more))
	copy(b, req)
	clear(b[len(req):shape.min]) // the required bytes past the input's end
	if len(more) > 0 {
		copy(b[shape.min:], more)
	}
	return b
}

// Bytes draws a []byte of any length, shrinking towards nil and each byte
// towards 0.
func Bytes() Generator[[]byte] { return BytesN(0, -1) }

// BytesN draws a []byte of between minLen and maxLen bytes (maxLen < 0:
// no upper bound); it is nil when empty. It panics if minLen < 0 or
// minLen > maxLen >= 0.
func BytesN(minLen, maxLen int) Generator[[]byte] {
	size := lengths("BytesN", minLen, maxLen)
	shape := newElements(nil, size)
	return newGenerator(
		func() string { return "Bytes(" + sizeLabel(size) + ")" },
		func(t *T) []byte {
			if size.Max < 0 {
				return nil
			}
			if t.rec == nil {
				return t.drawBytes(&shape)
			}
			var b []byte
			e := newElements(t, size)
			if t.generating() {
				t.gen.planBytes(&shape)
			}
			for e.more("element") {
				b = append(b, t.drawByte(record.KindByte))
			}
			return b
		})
}

// lengths checks a collection's length bounds and converts them to a
// Size. Size cannot say "at most 0" (a Max of 0 means no bound), so that
// case is returned as Max -1, which callers treat as always empty.
func lengths(name string, minLen, maxLen int) Size {
	if minLen < 0 || maxLen >= 0 && minLen > maxLen {
		panic(fmt.Sprintf("fuzzsrc.%s: bad length bounds [%d, %d]", name, minLen, maxLen))
	}
	switch {
	case maxLen == 0:
		return Size{Max: -1}
	case maxLen < 0:
		return Size{Min: minLen}
	}
	return Size{Min: minLen, Max: maxLen}
}

// sizeLabel names a Size from lengths in a generator's label.
func sizeLabel(s Size) string {
	if s.Max < 0 {
		return "0..0"
	}
	return s.String()
}
