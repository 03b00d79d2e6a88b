package fuzzsrc

import (
	"fmt"
	"reflect"
	"slices"
	"unicode/utf8"

	"github.com/shortlex/shortlex/internal/record"
)

// Runes are numbered in shrink order by rank: first the digits, upper- and
// lower-case letters (ranks 0-61), then space and the ASCII punctuation in
// code point order (62-94), then the control characters 0x00-0x1F and
// 0x7F (95-127), then every other valid rune by code point, skipping the
// surrogates (128-1112063).
//
// A rune is drawn as a one-byte choice with 160 indices: 0-127 are the
// ASCII ranks, so that random bytes give ASCII four times in five, and
// 128-159 escape to one of 32 equal blocks of the non-ASCII ranks, picked
// by a second, two-byte choice with 34748 indices. Lower bytes thus never
// give a later rune.
const (
	// asciiByRank lists the ASCII characters in shrink order.
	asciiByRank = "0123456789" +
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ" +
		"abcdefghijklmnopqrstuvwxyz" +
		" !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~" +
		"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f" +
		"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f"

	runeBlocks    = 32
	runeBlockSize = (utf8.MaxRune + 1 - 0x800 - 0x80) / runeBlocks // 34748
	surrogateMin  = 0xD800
	surrogateEnd  = 0xE000
)

// drawRune draws any valid rune in shrink order.
func (t *T) drawRune() rune {
	i := t.chooseSmall(record.KindRune, 128+runeBlocks-1)
	if i < 128 {
		return rune(asciiByRank[i])
	}
	return runeOfRank(128 + (i-128)*runeBlockSize + t.choose(record.KindRune, runeBlockSize-1))
}

// runeOfRank returns the rune of a rank in shrink order.
func runeOfRank(r uint64) rune {
	if r < 128 {
		return rune(asciiByRank[r])
	}
	c := rune(r-128) + 0x80
	if c >= surrogateMin {
		c += surrogateEnd - surrogateMin
	}
	return c
}

// rankOfRune returns a valid rune's rank in shrink order.
func rankOfRune(c rune) uint64 {
	if c < 128 {
		for i := range len(asciiByRank) {
			if rune(asciiByRank[i]) == c {
				return uint64(i)
			}
		}
	}
	if c >= surrogateEnd {
		c -= surrogateEnd - surrogateMin
	}
	return uint64(c-0x80) + 128
}

// Rune draws any valid rune (never a surrogate), shrinking towards '0':
// digits and letters first, then space and ASCII punctuation, then
// control characters, then the rest by code point. Random input gives
// ASCII most of the time.
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
// empty string and its runes as [Rune] does.
func String() Generator[string] { return stringOfN(Rune(), true, 0, -1) }

// StringN draws a valid UTF-8 string of between minLen and maxLen runes
// (maxLen < 0: no upper bound).
func StringN(minLen, maxLen int) Generator[string] { return stringOfN(Rune(), true, minLen, maxLen) }

// StringOf draws a string of runes drawn from r, of any length. Each rune
// is a collection element: deleting it deletes its bytes. A rune that is
// not valid UTF-8 is written as U+FFFD.
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

// stringOfN is StringOfN; runes says that r is [Rune], whose draws the
// string decodes itself while fuzzing.
func stringOfN(r Generator[rune], runes bool, minLen, maxLen int) Generator[string] {
	size := lengths("StringOfN", minLen, maxLen)
	shape := newElements(nil, size)
	return newGenerator(
		func() string { return "StringOf(" + r.String() + ", " + sizeLabel(size) + ")" },
		func(t *T) string {
			if size.Max < 0 {
				return ""
			}
			if runes && t.rec == nil {
				return t.drawRunes(&shape)
			}
			var buf [64]byte
			b := buf[:0]
			e := newElements(t, size)
			for e.more("element") {
				b = utf8.AppendRune(b, r.value(t))
			}
			return string(b)
		})
}

// The fast paths below decode a string's or a byte slice's flags and
// elements straight from the input while fuzzing (recording off), where
// the element loop would make two generic choices per element. They
// consume the same bytes and give the same values as the loop, which
// TestStringDrawsPinned and TestStringDrawsFastMatchesRecorded check:
// a flag byte c is "one more" when c*(max+1)>>8 >= from, a rune's first
// byte c is rank c*160>>8 and, from 128 on, a block whose 2-byte
// big-endian offset r is r*runeBlockSize>>16, and bytes past the input's
// end read as zero (so a flag there stops the collection) yet still
// advance the position.

// drawRunes draws the runes of a string shaped like shape from the input
// as drawRune does, recording off.
func (t *T) drawRunes(shape *elements) string {
	data, p := t.data, t.pos
	var buf [64]byte
	b := buf[:0]
	for n := 0; ; n++ {
		if n >= shape.min {
			var more bool
			if more, p = shape.moreAt(data, p, n); !more {
				break
			}
		}
		var c byte
		if p < len(data) {
			c = data[p]
		}
		p++
		if c < firstEscapeByte {
			b = append(b, asciiOfByte[c])
			continue
		}
		var r uint32 // the block offset's two bytes, big-endian
		if p+2 <= len(data) {
			r = uint32(data[p])<<8 | uint32(data[p+1])
		} else if p < len(data) {
			r = uint32(data[p]) << 8
		}
		p += 2
		b = appendEscaped(b, uint32(c)*(128+runeBlocks)>>8-128, r)
	}
	t.pos = p
	return string(b)
}

// firstEscapeByte is the smallest first byte of a rune that escapes to a
// block: the first choice's index c*160>>8 is 128 from c = 205 on.
const firstEscapeByte = (128<<8 + 128 + runeBlocks - 1) / (128 + runeBlocks)

// asciiOfByte is the rune of each first byte below firstEscapeByte.
var asciiOfByte = func() (a [firstEscapeByte]byte) {
	for c := range a {
		a[c] = asciiByRank[c*(128+runeBlocks)>>8]
	}
	return a
}()

// appendEscaped appends the rune at offset r*runeBlockSize>>16 of block
// block, as runeOfRank(128 + block*runeBlockSize + offset), in UTF-8.
func appendEscaped(b []byte, block, r uint32) []byte {
	cp := block*runeBlockSize + r*runeBlockSize>>16 + 0x80
	if cp < 0x10000 { // the first two blocks: the surrogates' gap, shorter encodings
		if cp >= surrogateMin {
			cp += surrogateEnd - surrogateMin
		}
		return utf8.AppendRune(b, rune(cp))
	}
	cp += surrogateEnd - surrogateMin
	return append(b, 0xf0|byte(cp>>18), 0x80|byte(cp>>12)&0x3f, 0x80|byte(cp>>6)&0x3f, 0x80|byte(cp)&0x3f)
}

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
// the input, and each further byte follows its flag.
func (t *T) drawBytes(shape *elements) []byte {
	data, p := t.data, t.pos
	var b []byte
	if shape.min > 0 {
		b = make([]byte, shape.min, shape.min+int(shape.flag.max))
		if p < len(data) {
			copy(b, data[p:])
		}
		p += shape.min
	}
	for n := shape.min; ; n++ {
		more, next := shape.moreAt(data, p, n)
		p = next
		if !more {
			break
		}
		var c byte
		if p < len(data) {
			c = data[p]
		}
		p++
		b = append(b, c)
	}
	t.pos = p
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
