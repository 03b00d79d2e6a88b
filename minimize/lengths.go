package minimize

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// This file holds the lengths and counts the plain-bytes reduction
// infers from the bytes alone: binary fields that count the bytes or the
// elements after them, and lengths written in decimal digits; and the
// passes that delete with them, lowering the length or count to match.

// lengthField is an unsigned integer of width bytes at offset off, in
// either byte order, read as the length of the region that follows it,
// or, if inclusive, of itself and that region: a length that counts its
// own bytes (a BSON document's, an MP4 box's size) ends its region
// width bytes sooner.
type lengthField struct {
	off, width int
	little     bool
	inclusive  bool
}

func (f lengthField) get(b []byte) uint64 {
	var v uint64
	for k := range f.width {
		i := f.off + k
		if f.little {
			i = f.off + f.width - 1 - k
		}
		v = v<<8 | uint64(b[i])
	}
	return v
}

func (f lengthField) set(b []byte, v uint64) {
	var buf [8]byte
	binary.BigEndian.PutUint64(buf[:], v)
	be := buf[8-f.width:]
	for k := range f.width {
		i := f.off + k
		if f.little {
			i = f.off + f.width - 1 - k
		}
		b[i] = be[k]
	}
}

// lengthFields lists the fields of b that could be lengths: at every
// offset, a 1-, 2-, 4- or 8-byte unsigned integer, big- or
// little-endian, whose value v is at least 1 and whose region, the v
// bytes after it, ends within b; and, as an inclusive length, one of 2
// bytes or more whose value counts itself and at least one byte after
// it, within b. Fields made only of printable text
// bytes are left out: in text every byte would be a plausible length,
// and lengths of binary formats hold a control or high byte (a zero high
// byte, most often) or are one byte below space. A single white-space
// byte (9, 10 or 13) right after a byte that is not text is a length
// all the same: a small count among binary bytes.
func lengthFields(b []byte) []lengthField {
	plain := func(f lengthField, v uint64) bool { return v >= 1 && v <= uint64(len(b)-f.off-f.width) }
	inclusive := func(f lengthField, v uint64) bool {
		return f.width > 1 && v > uint64(f.width) && v <= uint64(len(b)-f.off)
	}
	var fs []lengthField
	for _, f := range numberFields(b, func(f lengthField, v uint64) bool {
		off := f.off
		if isText(b[off:off+f.width]) && !(f.width == 1 && b[off] < ' ' && off > 0 && !isText(b[off-1:off])) {
			return false
		}
		return plain(f, v) || inclusive(f, v)
	}) {
		v := f.get(b)
		if plain(f, v) {
			fs = append(fs, f)
		}
		if inclusive(f, v) {
			f.inclusive = true
			fs = append(fs, f)
		}
	}
	return fs
}

// numberFields lists the fields of b, at every offset a 1-, 2-, 4- or
// 8-byte unsigned integer, big- or little-endian, that keep accepts
// given their value: the scan lengthFields and countFields share.
func numberFields(b []byte, keep func(f lengthField, v uint64) bool) []lengthField {
	var fs []lengthField
	for off := range b {
		for _, w := range []int{4, 2, 8, 1} {
			for _, little := range []bool{false, true} {
				if w == 1 && little || off+w > len(b) {
					continue
				}
				if f := (lengthField{off: off, width: w, little: little}); keep(f, f.get(b)) {
					fs = append(fs, f)
				}
			}
		}
	}
	return fs
}

// isText reports whether every byte of b is printable ASCII or white
// space.
func isText(b []byte) bool {
	for _, c := range b {
		if (c < 0x20 || c > 0x7e) && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// withLength returns b with [i, j) deleted and field f lowered by j-i.
func withLength(b []byte, f lengthField, i, j int) []byte {
	c := without(b, i, j)
	f.set(c, f.get(b)-uint64(j-i))
	return c
}

// A frame is a length and the region of the input it counts, as the
// reducer infers them from the bytes: a binary lengthField, or a
// textLength written in decimal digits.
type frame interface {
	// region returns the region's bounds in b.
	region(b []byte) (start, end int)
	// at returns the offset of the length's own first byte.
	at() int
	// without returns b with [i, j) of the region deleted and the
	// length lowered to match.
	without(b []byte, i, j int) []byte
}

func (f lengthField) region(b []byte) (int, int) {
	start := f.off + f.width
	if f.inclusive {
		return start, f.off + int(f.get(b))
	}
	return start, start + int(f.get(b))
}

func (f lengthField) without(b []byte, i, j int) []byte { return withLength(b, f, i, j) }

func (f lengthField) at() int { return f.off }

// taggedLength is a 4-byte length followed by a four-character code,
// the region it counts after that: a chunk of PNG (length, type, data,
// CRC), of many formats that name their parts so.
type taggedLength struct{ lengthField }

// tagWidth is the width of the code between a taggedLength and its
// region.
const tagWidth = 4

func (f taggedLength) region(b []byte) (int, int) {
	start := f.off + f.width + tagWidth
	return start, start + int(f.get(b))
}

// taggedLengths lists the tagged lengths of b: every 4-byte unsigned
// integer, big- or little-endian, not all printable, followed by four
// ASCII letters, with a value of at least 1 whose region ends within b.
func taggedLengths(b []byte) []taggedLength {
	var fs []taggedLength
	for off := 0; off+4+tagWidth <= len(b); off++ {
		if isText(b[off:off+4]) || slices.ContainsFunc(b[off+4:off+4+tagWidth], func(c byte) bool { return (c|0x20) < 'a' || (c|0x20) > 'z' }) {
			continue
		}
		for _, little := range []bool{false, true} {
			f := taggedLength{lengthField{off: off, width: 4, little: little}}
			if v := f.get(b); v >= 1 && v <= uint64(len(b)-off-4-tagWidth) {
				fs = append(fs, f)
			}
		}
	}
	return fs
}

// frames lists the frames of b: its length fields, its tagged lengths,
// then its text lengths.
func frames(b []byte) []frame {
	var fs []frame
	for _, f := range lengthFields(b) {
		fs = append(fs, f)
	}
	for _, f := range taggedLengths(b) {
		fs = append(fs, f)
	}
	for _, f := range textLengths(b) {
		fs = append(fs, f)
	}
	return fs
}

// deleteWithLengthField shortens a length-prefixed value: it deletes k
// bytes at the end, or at the start, of the region a length (a frame)
// describes and lowers the length by k in the same candidate, for k as
// findInteger finds. Formats and fuzz-input decoders (go-fuzz-headers
// frames every string and byte slice with a 4-byte length; bencode,
// netstrings and Redis' protocol write the length in digits) read a
// count and then that many bytes; deleting the bytes alone shifts
// everything after them, and lowering the count alone reads one byte of
// the next field, so neither step alone keeps the failure. (Where the
// frame lies inside others, deleteWithLengthFieldBlocks lowers the
// lengths around it too.)
func (s *shrinker) deleteWithLengthField() {
	s.deleteInFrames(1, 1, false)
}

// deleteWithLengthFieldBlocks is deleteWithLengthField with the lengths
// around a frame lowered too, and starting at 1 to maxPlainBlock bytes
// rather than only 1. Where the frame lies inside others (a protobuf
// message's field, an ASN.1 value in a sequence, a box in a box), each
// length around it must go down by as much: a deletion is also tried
// with each of the maxEnclosing nearest binary lengths whose region holds
// the frame lowered as well, then with all of them. And a region whose
// content goes only in units (the three bytes of a palette entry, an
// element of two bytes, a tag and an empty value) loses no single byte.
// It runs when the other passes are stuck, on inputs of at most
// maxReferenceInput bytes (it pairs every frame with every length).
func (s *shrinker) deleteWithLengthFieldBlocks() {
	if len(s.best) > maxReferenceInput {
		return
	}
	s.deleteInFrames(1, maxPlainBlock, true)
}

// maxEnclosing bounds the lengths around a frame deleteInFrames lowers
// with it, the nearest (smallest regions) first.
const maxEnclosing = 3

// Places in a frame's region where deleteInFrames deletes.
const (
	atRegionEnd = iota
	atRegionStart
	beforeClosingZero
)

// deleteInFrames deletes from the start or the end of each frame's
// region (or just before a zero byte that closes it) as
// deleteWithLengthField describes, trying first deletions of
// each size from least to most bytes, and growing a kept one by
// findInteger.
func (s *shrinker) deleteInFrames(least, most int, enclosed bool) {
	if len(s.best) > maxInferredInput {
		return
	}
	fs := frames(s.best)
	var lengths []lengthField // of the best input, once enclosed needs them
	for j := 0; j < len(fs); j++ {
		f, base := fs[j], s.best
		start, end := f.region(base)
		// The lengths lowered with f's: none, then, if enclosed, each of
		// those around it and all of them.
		adjusted := [][]lengthField{nil}
		if enclosed {
			if lengths == nil {
				lengths = lengthFields(base)
			}
			around := enclosingLengths(base, lengths, f, start, end)
			for _, g := range around {
				adjusted = append(adjusted, []lengthField{g})
			}
			if len(around) > 1 {
				adjusted = append(adjusted, around)
			}
		}
		// Where to delete: at the region's end, at its start, and, for
		// a region closed by a zero byte (a document of elements, a
		// list of strings), just before the zero.
		places := []int{atRegionEnd, atRegionStart}
		if end > start && base[end-1] == 0 {
			places = append(places, beforeClosingZero)
		}
		kept := false
	sizes:
		for k := least; k <= most && k <= end-start; k++ {
			for _, place := range places {
				region := func(m int) (int, int) {
					switch place {
					case atRegionEnd:
						return end - m, end
					case beforeClosingZero:
						return end - 1 - m, end - 1
					}
					return start, start + m
				}
				for n, adj := range adjusted {
					if n == 0 && enclosed && k == 1 {
						continue // deleteWithLengthField's candidate
					}
					cand := func(m int) []byte {
						a, b := region(m)
						if a < start || b > end {
							return nil
						}
						c := slices.Clone(base)
						for _, g := range adj {
							v := g.get(c)
							if v < uint64(m) {
								return nil
							}
							g.set(c, v-uint64(m))
						}
						return f.without(c, a, b)
					}
					if c := cand(k); c == nil || !s.try(c) {
						continue
					}
					findInteger(func(m int) bool {
						c := cand(k + m)
						return c != nil && s.try(c)
					})
					kept = true
					break sizes
				}
			}
		}
		if kept {
			fs, lengths = frames(s.best), nil
			j--
		}
	}
}

// enclosingLengths returns the length fields among lengths, those of b,
// whose region holds the region [start, end) of frame f and that end
// before f's own length begins (a length around the frame; a field
// that overlaps f's length is another reading of its bytes), at most
// maxEnclosing, those with the smallest regions first.
func enclosingLengths(b []byte, lengths []lengthField, f frame, start, end int) []lengthField {
	var gs []lengthField
	for _, g := range lengths {
		if gStart, gEnd := g.region(b); g.off+g.width <= f.at() && gStart < start && end <= gEnd {
			gs = append(gs, g)
		}
	}
	slices.SortStableFunc(gs, func(x, y lengthField) int {
		xs, xe := x.region(b)
		ys, ye := y.region(b)
		return (xe - xs) - (ye - ys)
	})
	return gs[:min(len(gs), maxEnclosing)]
}

// maxTextLengthDigits bounds the digits of a text length, and
// maxTextLengthGap the separator between the digits and the region.
const (
	maxTextLengthDigits = 9
	maxTextLengthGap    = 2
)

// textLength is a length written in digits at [off, off+digits),
// decimal or, with hex, hexadecimal, counting the bytes that start gap
// bytes after them, past a separator (bencode's and netstrings' ':',
// "\r\n" in Redis' protocol and in HTTP's chunked encoding, whose sizes
// are hexadecimal).
type textLength struct {
	off, digits, gap int
	hex              bool
}

// textLengths lists the text lengths of b: every run of 1 to
// maxTextLengthDigits decimal digits, with a value of at least 1, read
// with each separator of 1 to maxTextLengthGap bytes that are neither
// letters nor digits after it whose region ends within b; and, read as
// hexadecimal, every such run of hexadecimal digits that ends a line
// (its separator starts with '\r' or '\n').
func textLengths(b []byte) []textLength {
	var fs []textLength
	add := func(i, j int, hex bool) {
		if j-i > maxTextLengthDigits {
			return
		}
		f := textLength{off: i, digits: j - i, hex: hex}
		for gap := 1; gap <= maxTextLengthGap && j+gap <= len(b) && byteClass(b[j+gap-1]) != classWord; gap++ {
			f.gap = gap
			if start, end := f.region(b); end > start && end <= len(b) {
				fs = append(fs, f)
			}
		}
	}
	for _, hex := range []bool{false, true} {
		for i := 0; i < len(b); {
			if digitValue(b[i], hex) < 0 {
				i++
				continue
			}
			j := i
			for j < len(b) && digitValue(b[j], hex) >= 0 {
				j++
			}
			if !hex || j < len(b) && (b[j] == '\r' || b[j] == '\n') {
				add(i, j, hex)
			}
			i = j
		}
	}
	return fs
}

// digitValue returns the value of c as a decimal or, with hex, a
// hexadecimal digit, or -1.
func digitValue(c byte, hex bool) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case hex && c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case hex && c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func (f textLength) base() int {
	if f.hex {
		return 16
	}
	return 10
}

func (f textLength) value(b []byte) int {
	v := 0
	for _, c := range b[f.off : f.off+f.digits] {
		v = v*f.base() + digitValue(c, f.hex)
	}
	return v
}

func (f textLength) region(b []byte) (int, int) {
	start := f.off + f.digits + f.gap
	return start, start + f.value(b)
}

func (f textLength) at() int { return f.off }

// without deletes [i, j) and writes the lowered length in as many digits
// as it needs, or, if it was padded with zeros, in its old width; upper-
// case hexadecimal digits stay upper-case.
func (f textLength) without(b []byte, i, j int) []byte {
	old := b[f.off : f.off+f.digits]
	digits := strconv.FormatInt(int64(f.value(b)-(j-i)), f.base())
	if bytes.ContainsAny(old, "ABCDEF") {
		digits = strings.ToUpper(digits)
	}
	if old[0] == '0' && len(digits) < f.digits {
		digits = strings.Repeat("0", f.digits-len(digits)) + digits
	}
	return slices.Concat(b[:f.off], []byte(digits), b[f.off+f.digits:i], b[j:])
}

// maxElement bounds the element sizes deleteCountedElement tries.
const maxElement = 64

// countFields lists the fields of b that could be counts: at every
// offset, a 1-, 2-, 4- or 8-byte unsigned integer, big- or
// little-endian, not all printable, holding 1 to 255.
func countFields(b []byte) []lengthField {
	return numberFields(b, func(f lengthField, v uint64) bool {
		return !isText(b[f.off:f.off+f.width]) && v >= 1 && v <= 255
	})
}

// deleteCountedElement lowers a count by one and deletes the bytes of one
// element right after it, trying element sizes of 1 to maxElement bytes:
// a list encoded as a count and then its elements (go-fuzz-headers
// encodes every slice and map so, its count taken modulo a bound) loses
// an element only when both change in one candidate. Counts are fields
// as lengthFields finds them, holding 1 to 255. It tries up to
// maxElement candidates for each of the many fields a binary input has,
// so it runs on inputs of up to maxReferenceInput bytes in every round,
// and on larger ones up to maxResidueInput bytes only when the other
// passes are stuck (deleteCountedElementLarge).
func (s *shrinker) deleteCountedElement() {
	if len(s.best) > maxReferenceInput {
		return
	}
	s.deleteCountedElements()
}

// deleteCountedElementLarge is deleteCountedElement on inputs of more
// than maxReferenceInput bytes, up to maxResidueInput.
func (s *shrinker) deleteCountedElementLarge() {
	if len(s.best) <= maxReferenceInput || len(s.best) > maxResidueInput {
		return
	}
	s.deleteCountedElements()
}

func (s *shrinker) deleteCountedElements() {
	counts := func() []lengthField { return countFields(s.best) }
	cs := counts()
	for j := 0; j < len(cs); j++ {
		f, base := cs[j], s.best
		v, start := f.get(base), f.off+f.width
		if s.firstKept(min(maxElement, len(base)-start), func(k int) []byte {
			c := without(base, start, start+k+1)
			f.set(c, v-1)
			return c
		}) >= 0 {
			cs = counts()
			j--
		}
	}
}
