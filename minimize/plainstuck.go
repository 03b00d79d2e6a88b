package minimize

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// This file holds the plain-bytes passes that run only when a round of
// the others changed nothing (plainPass.whenStuck): each tries a few
// candidates at every offset, and they succeed rarely, on shapes the
// cheaper passes cannot reach.

// maxPlainBlock is the longest block deleteBlocks deletes.
const maxPlainBlock = 8

// deleteBlocks deletes 3 to 8 consecutive bytes at every offset, longest
// first: a field or a record of a few bytes (a frame's header, a key and
// its separator, a header line, one element of a list) goes only whole,
// where deleting one or two bytes at a time leaves a broken part, and
// the chunks of deleteChunks, aligned to powers of two, straddle it.
func (s *shrinker) deleteBlocks() {
	for i := 0; i < len(s.best); i++ {
		base := s.best
		if s.firstKept(maxPlainBlock-2, func(j int) []byte {
			end := i + maxPlainBlock - j
			if end > len(base) {
				return nil
			}
			return without(base, i, end)
		}) >= 0 {
			i--
		}
	}
}

// maxRepeatLen is the longest substring deleteEveryOccurrence deletes,
// maxRepeatTries bounds the substrings it tries on one best input, and
// maxRepeatInput the inputs it looks at (it counts every substring).
const (
	maxRepeatLen   = 8
	maxRepeatTries = 256
	maxRepeatInput = 4 << 10
)

// deleteEveryOccurrence deletes every occurrence of a substring of 1 to
// maxRepeatLen bytes that occurs twice or more, all in one candidate,
// those that delete the most bytes first. Places that must agree (the
// indentation of sibling lines, a qualified name in an opening and a
// closing tag, a key and its reference) keep failing only when they
// change together, where deleting one place at a time breaks the
// agreement, and deleteRepeats' whole word tokens do not line up with a
// part of a token or a run of punctuation.
func (s *shrinker) deleteEveryOccurrence() {
	if len(s.best) > maxRepeatInput {
		return
	}
	tried := map[string]bool{}
	for {
		b := s.best
		var subs []string
		for _, w := range repeatedSubstrings(b, maxRepeatLen) {
			if len(subs) == maxRepeatTries {
				break
			}
			if !tried[w] {
				tried[w] = true
				subs = append(subs, w)
			}
		}
		if s.firstKept(len(subs), func(i int) []byte {
			return bytes.ReplaceAll(b, []byte(subs[i]), nil)
		}) < 0 {
			return
		}
	}
}

// maxOccurrencesButOne is the most occurrences of a byte
// lowerEveryOccurrence also lowers all but one of.
const maxOccurrencesButOne = 8

// lowerEveryOccurrence lowers every occurrence of a byte that occurs two
// or more times, all in one candidate, to the smallest byte that keeps
// the failure (trying every smaller value, as lowerBytes does for one
// byte); and, for a printable punctuation byte that occurs 3 to
// maxOccurrencesButOne times, all its occurrences but one, for each one
// left out. Places that must
// agree keep failing only when they change together: a name where it is
// defined and where it is used (a key and the table header that extends
// it), a boundary declared in a header and written between the parts,
// a delimiter a document chooses. One occurrence left out is a byte of
// the same value that means something else (the = between a parameter's
// name and its value, when the value is =).
func (s *shrinker) lowerEveryOccurrence() {
	if len(s.best) > maxRepeatInput {
		return
	}
	tried := map[string]bool{} // the byte and the offsets of each set tried
	for changed := true; changed; {
		changed = false
		b := s.best
		at := map[byte][]int{}
		var order []byte
		for i, c := range b {
			if c == 0 {
				continue
			}
			if at[c] == nil {
				order = append(order, c)
			}
			at[c] = append(at[c], i)
		}
		for _, c := range order {
			offs := at[c]
			if len(offs) < 2 {
				continue
			}
			sets := [][]int{offs}
			if len(offs) >= 3 && len(offs) <= maxOccurrencesButOne && c > ' ' && c < 0x7f && byteClass(c) == classOther {
				for out := range offs {
					sets = append(sets, slices.Delete(slices.Clone(offs), out, out+1))
				}
			}
			for _, set := range sets {
				key := fmt.Sprint(c, set)
				if tried[key] {
					continue
				}
				tried[key] = true
				if s.firstKept(int(c), func(v int) []byte {
					cand := slices.Clone(b)
					for _, i := range set {
						cand[i] = byte(v)
					}
					return cand
				}) >= 0 {
					changed = true
					break
				}
			}
			if changed {
				break
			}
		}
	}
}

// repeatedSubstrings returns the substrings of b of 1 to maxLen bytes
// that occur at least twice without overlapping, those whose deletion
// deletes the most bytes first, then shorter ones, then by first
// occurrence.
func repeatedSubstrings(b []byte, maxLen int) []string {
	type repeat struct{ first, count int }
	seen := map[string]*repeat{}
	var subs []string
	for l := 1; l <= maxLen; l++ {
		for i := 0; i+l <= len(b); i++ {
			w := string(b[i : i+l])
			r := seen[w]
			if r == nil {
				seen[w] = &repeat{first: i, count: 1}
				subs = append(subs, w)
				continue
			}
			if i >= r.first+l { // counted only where it does not overlap the first
				r.count++
			}
		}
	}
	subs = slices.DeleteFunc(subs, func(w string) bool { return seen[w].count < 2 })
	deleted := func(w string) int { return seen[w].count * len(w) }
	slices.SortStableFunc(subs, func(x, y string) int {
		if dx, dy := deleted(x), deleted(y); dx != dy {
			return dy - dx
		}
		return len(x) - len(y) // then by first occurrence: subs is in that order per length
	})
	return subs
}

// lowerNumbers lowers every 2- and 4-byte window read as a big-endian
// number, by the largest amount that keeps the failure (findInteger): a
// count or a size must come down as a number, borrowing from its high
// byte (0x40000000 to 0x3ffffffe), where lowering one byte at a time
// changes it by a multiple of 256. A lower big-endian number is the same
// length and lexicographically smaller, so smaller in shortlex order.
// Windows below 256 are left to lowerBytes.
func (s *shrinker) lowerNumbers() {
	for _, w := range []int{2, 4} {
		for i := 0; i+w <= len(s.best); i++ {
			base := s.best
			f := lengthField{off: i, width: w}
			v := f.get(base)
			if v < 256 {
				continue
			}
			lowered := func(d int) []byte {
				c := slices.Clone(base)
				f.set(c, v-uint64(d))
				return c
			}
			if !s.try(lowered(1)) {
				continue
			}
			findInteger(func(d int) bool { return uint64(d+1) <= v && s.try(lowered(d+1)) })
		}
	}
}

// maxPairedBytes bounds the nonzero bytes of an input whose pairs
// lowerBytePairs tries: up to 496 pairs.
const maxPairedBytes = 32

// lowerBytePairs lowers two nonzero bytes by the same amount, one first,
// then by the most that keeps the failure (findInteger): two fields that
// must agree (a width in a header and the run length that fills the
// image, a count and the index of the last element), where lowering
// either alone breaks the agreement. Unlike lowerEveryOccurrence the two
// hold different values; their difference stays. It runs when the other
// passes are stuck, on binary inputs (in text, where every byte is
// nonzero, each pair would cost a run for little: text writes numbers
// in digits) of at most maxPairedBytes nonzero bytes.
func (s *shrinker) lowerBytePairs() {
	if isText(s.best) {
		return
	}
	var at []int
	for i, c := range s.best {
		if c != 0 {
			at = append(at, i)
		}
	}
	if len(at) > maxPairedBytes {
		return
	}
	for x, i := range at {
		for _, j := range at[x+1:] {
			base := s.best
			if len(base) <= j || base[i] == 0 || base[j] == 0 {
				continue
			}
			lowered := func(d int) []byte {
				c := slices.Clone(base)
				c[i] -= byte(d)
				c[j] -= byte(d)
				return c
			}
			if !s.try(lowered(1)) {
				continue
			}
			most := int(min(base[i], base[j]))
			findInteger(func(d int) bool { return d+1 <= most && s.try(lowered(d+1)) })
		}
	}
}

// lowerRuns lowers each run of two or more equal bytes, all of it at
// once, to the smallest byte that keeps the failure: a token written
// with a doubled byte (an operator such as >> or ::, a doubled
// delimiter) keeps its meaning only while its bytes stay equal, so
// lowering one of them breaks it.
func (s *shrinker) lowerRuns() {
	for i := 0; i+1 < len(s.best); {
		base := s.best
		j := i + 1
		for j < len(base) && base[j] == base[i] {
			j++
		}
		if j-i >= 2 && base[i] > 0 {
			s.firstKept(int(base[i]), func(v int) []byte {
				c := slices.Clone(base)
				for k := i; k < j; k++ {
					c[k] = byte(v)
				}
				return c
			})
		}
		i = j
	}
}

// maxRaisedBlock bounds the block deleteAfterRaised deletes: a field
// that grows from 1 to 8 bytes.
const maxRaisedBlock = 8

// deleteAfterRaised raises a byte by one and, in the same candidate,
// deletes 1 to 8 bytes: those right after it, or the input's last ones.
// The input is then shorter, so smaller in shortlex order, though one
// byte is higher, and neither change alone keeps the failure:
//
//   - Right after it, for bytes from 1 to 15: a byte that selects how
//     much follows it (a size whose special value adds a wider size
//     field, a type whose value is longer, a flag that adds an optional
//     part) may select a shorter form one value up; the raise alone reads
//     the longer form's bytes as something else, and the deletion alone
//     shifts them.
//   - At the end, for bytes from 0 to 15: a field read relative to the
//     bytes left after it (a length reduced modulo them, as
//     go-fuzz-headers reads lengths, a count clipped to them) reads as
//     another value once the input is shorter, and one value up may be
//     the one that keeps the failure. A zero is among them, since such
//     readers often take it for a default.
func (s *shrinker) deleteAfterRaised() {
	for k := 0; k+1 < len(s.best); k++ {
		base := s.best
		if base[k] >= 16 {
			continue
		}
		if base[k] > 0 && s.firstKept(maxRaisedBlock, func(j int) []byte {
			end := k + 2 + j
			if end > len(base) {
				return nil
			}
			c := without(base, k+1, end)
			c[k]++
			return c
		}) >= 0 {
			k--
			continue
		}
		if s.firstKept(maxRaisedBlock, func(j int) []byte {
			n := len(base) - 1 - j
			if n <= k || n < k+2 && base[k] > 0 {
				return nil // nothing left after it, or right-after's candidate
			}
			c := slices.Clone(base[:n])
			c[k]++
			return c
		}) >= 0 {
			k--
		}
	}
}

// maxReferenceInput bounds the inputs deleteElementLowerLater works on,
// maxReferencedElement the elements it deletes, and maxReferences the
// later bytes it lowers for each.
const (
	maxReferenceInput    = 512
	maxReferencedElement = 64
	maxReferences        = 8
)

// deleteElementLowerLater deletes a length-framed element (a length
// field and the bytes it counts, as lengthFields finds them) and, in the
// same candidate, lowers one byte after it: by one, for an index or a
// count of the elements before it (a frame that repeats frame i, a
// reference to the i-th string), or by the element's size, for an
// offset into the input past it (a pointer to a name further on). The
// element cannot go alone while the later byte still counts it, and the
// byte cannot be lowered while the element is there; the nearest
// maxReferences nonzero bytes after the element are tried.
func (s *shrinker) deleteElementLowerLater() {
	if len(s.best) > maxReferenceInput {
		return
	}
	for k := 0; k < len(s.lengthFieldsOfBest()); k++ {
		f, base := s.lengthFieldsOfBest()[k], s.best
		_, end := f.region(base)
		size := end - f.off
		if size > maxReferencedElement {
			continue
		}
		var later []int
		for j := end; j < len(base) && len(later) < maxReferences; j++ {
			if base[j] > 0 {
				later = append(later, j)
			}
		}
		if s.firstKept(2*len(later), func(i int) []byte {
			j, by := later[i/2], 1
			if i%2 == 1 {
				by = size
			}
			if i%2 == 1 && size == 1 || int(base[j]) < by {
				return nil
			}
			c := slices.Clone(base)
			c[j] -= byte(by)
			return without(c, f.off, end)
		}) >= 0 {
			k = -1 // the fields of the new best, from the start
		}
	}
}

// maxWordsTried bounds how many of Options.Words replaceWords tries in
// place of one word of the input.
const maxWordsTried = 32

// replaceWords puts words of Options.Words, the literals of the code
// under test, in place of the input's words (tokens of word bytes),
// trying for each up to maxWordsTried of the words shortlex-smaller than
// it: if it is a word of them itself, those written nearest it first;
// then those with its mix of upper case, lower case and digits, then the
// others, each group smallest first; and each also with the
// length field that frames the word lowered to match, if one does. A
// parser that accepts a fixed set of keywords, methods or names rejects
// every byte changed within one, so lowering bytes cannot turn one
// keyword into another, and deleting it leaves no keyword at all.
func (s *shrinker) replaceWords() {
	words := s.wordsOfOptions()
	if len(words) == 0 {
		return
	}
	starts := tokens(s.best)
	for j := 0; j+1 < len(starts); j++ {
		base := s.best
		a, b := starts[j], starts[j+1]
		if byteClass(base[a]) != classWord {
			continue
		}
		tok := base[a:b]
		n := sort.Search(len(words), func(i int) bool { return !ShortlexLess([]byte(words[i].text), tok) })
		// A keyword of the code has its alternatives written beside it (a
		// table of methods, of modifiers): if the token is one of the
		// words, the words nearest it in the source come first. Then
		// words of the token's own letter case: one set of keywords is
		// written alike.
		sh := wordShape(tok)
		at, isWord := s.wordAt[string(tok)]
		cands := slices.Clone(words[:n])
		slices.SortStableFunc(cands, func(x, y word) int {
			if isWord {
				if d := abs(x.at-at) - abs(y.at-at); d != 0 {
					return d
				}
			}
			return b2i(y.shape == sh) - b2i(x.shape == sh)
		})
		// A shorter word inside a length-framed value (a go-fuzz-headers
		// string) also goes with the length lowered to match.
		var fs []lengthField
		if len(base) <= maxResidueInput {
			fs = s.lengthFieldsOfBest()
		}
		f, framed := coveringField(fs, base, a, b-a)
		if s.firstKept(2*min(n, maxWordsTried), func(k int) []byte {
			w := cands[k/2].text
			c := splice(base, a, b, []byte(w))
			if k%2 == 0 {
				return c
			}
			if !framed || len(w) == len(tok) {
				return nil
			}
			f.set(c, f.get(base)-uint64(len(tok)-len(w)))
			return c
		}) >= 0 {
			starts = tokens(s.best)
			j--
		}
	}
}

// wordShape says which of upper-case letters, lower-case letters and
// digits a word holds.
func wordShape(w []byte) (shape [3]bool) {
	for _, c := range w {
		switch {
		case c >= 'A' && c <= 'Z':
			shape[0] = true
		case c >= 'a' && c <= 'z':
			shape[1] = true
		case c >= '0' && c <= '9':
			shape[2] = true
		}
	}
	return shape
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// word is a word of Options.Words, its wordShape, and its place among
// them in the order given.
type word struct {
	text  string
	shape [3]bool
	at    int
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// wordsOfOptions returns the words of Options.Words, each once, in
// shortlex order.
func (s *shrinker) wordsOfOptions() []word {
	if s.words == nil {
		s.wordAt = map[string]int{}
		s.words = []word{}
		for _, w := range s.opts.Words {
			starts := tokens([]byte(w))
			for j := 0; j+1 < len(starts); j++ {
				t := w[starts[j]:starts[j+1]]
				if _, seen := s.wordAt[t]; byteClass(t[0]) == classWord && !seen {
					s.wordAt[t] = len(s.words)
					s.words = append(s.words, word{t, wordShape([]byte(t)), len(s.words)})
				}
			}
		}
		slices.SortFunc(s.words, func(x, y word) int {
			if len(x.text) != len(y.text) {
				return len(x.text) - len(y.text)
			}
			return strings.Compare(x.text, y.text)
		})
	}
	return s.words
}

// maxFrameGap bounds the bytes between a framed element's end and the
// length field of the next (a tag or flags before it) that
// shiftIntoNextElement looks across.
const maxFrameGap = 3

// shiftIntoNextElement moves bytes from the end of one length-framed
// element to the start of the next, lowering the first's length and
// raising the second's by as many, for as many bytes as findInteger
// finds: the input keeps its length and its first changed byte, the
// first length, is lower. Where only the elements' total matters (the
// fragments of one message, chunks of one body), the reducer would
// otherwise stop at whichever split the crasher had.
func (s *shrinker) shiftIntoNextElement() {
	if len(s.best) > maxReferenceInput {
		return
	}
	for k := 0; k < len(s.lengthFieldsOfBest()); k++ {
		fs, base := s.lengthFieldsOfBest(), s.best
		f := fs[k]
		_, end := f.region(base)
		v := int(f.get(base))
		for _, g := range fs {
			if g.off < end || g.off > end+maxFrameGap || g.width != f.width || g.little != f.little {
				continue
			}
			w := int(g.get(base))
			shifted := func(m int) []byte {
				if m > v || g.off+g.width+w > len(base) {
					return nil
				}
				c := slices.Concat(base[:end-m], base[end:g.off+g.width], base[end-m:end], base[g.off+g.width:])
				f.set(c, uint64(v-m))
				h := g
				h.off -= m
				if h.set(c, uint64(w+m)); h.get(c) != uint64(w+m) {
					return nil // the raised length does not fit the field
				}
				return c
			}
			if c := shifted(1); c != nil && s.try(c) {
				findInteger(func(m int) bool { c := shifted(m + 1); return c != nil && s.try(c) })
				k = -1 // the fields of the new best, from the start
				break
			}
		}
	}
}

// cutBeforeTarget deletes bytes right before the place an offset field
// points at, lowering the field by as many, for as many bytes (up to
// maxPlainBlock) as findInteger finds. A header that gives the offset of
// a table further on (a TIFF directory, a font's tables, an ELF section)
// keeps the padding or the parts before the table only because deleting
// them alone moves the table away from where the offset says it is. An
// offset field is any 1-, 2- or 4-byte number, either byte order (not
// all printable), that points past its own end into the input.
func (s *shrinker) cutBeforeTarget() {
	if len(s.best) > maxReferenceInput {
		return
	}
	for off := 0; off < len(s.best); off++ {
		for _, w := range []int{4, 2, 1} {
			for _, little := range []bool{true, false} {
				base := s.best
				f := lengthField{off: off, width: w, little: little}
				if w == 1 && !little || off+w > len(base) || isText(base[off:off+w]) {
					continue
				}
				v := int(min(f.get(base), uint64(len(base)+1)))
				if v <= off+w || v > len(base) {
					continue
				}
				cut := func(k int) []byte {
					if k > maxPlainBlock || v-k < off+w {
						return nil
					}
					c := without(base, v-k, v)
					f.set(c, uint64(v-k))
					return c
				}
				if c := cut(1); c != nil && s.try(c) {
					findInteger(func(k int) bool { c := cut(k + 1); return c != nil && s.try(c) })
				}
			}
		}
	}
}

// minPeriodMatch is the share of bytes that must equal the byte one
// element further on for elementSize to take a region for a run of
// elements.
const minPeriodMatch = 0.5

// elementSize guesses the size of the n elements that follow a count at
// start in b: the size m, 2 to maxElement, whose n*m bytes most often
// repeat at distance m (the fields records share: a type, a flag, the
// zero high bytes of small numbers), if at least minPeriodMatch of them
// do, and 0 otherwise. A region of one repeated byte has no size.
func elementSize(b []byte, start, n int) int {
	best, bestScore := 0, minPeriodMatch
	for m := 2; m <= maxElement && start+n*m <= len(b); m++ {
		region := b[start : start+n*m]
		if !slices.ContainsFunc(region, func(c byte) bool { return c != region[0] }) {
			return 0
		}
		same := 0
		for i := 0; i+m < len(region); i++ {
			if region[i] == region[i+m] {
				same++
			}
		}
		if score := float64(same) / float64(len(region)-m); score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}

// deleteCountedElementAnywhere deletes one of the elements that follow a
// count and lowers the count by one, where the elements' size shows in
// the bytes (elementSize): a table of records (a TIFF directory's
// entries, a file's sections) where the optional ones lie among those
// the reader needs. deleteCountedElement tries the first element, at
// every size; this tries each of the others, at the one size the bytes
// suggest.
func (s *shrinker) deleteCountedElementAnywhere() {
	if len(s.best) > maxReferenceInput {
		return
	}
	cs := countFields(s.best)
	for j := 0; j < len(cs); j++ {
		base := s.best
		f := cs[j]
		n, start := int(f.get(base)), f.off+f.width
		m := 0
		if n >= 2 {
			m = elementSize(base, start, n)
		}
		if m == 0 {
			continue
		}
		if s.firstKept(n-1, func(i int) []byte {
			c := without(base, start+(i+1)*m, start+(i+2)*m)
			f.set(c, uint64(n-1))
			return c
		}) >= 0 {
			cs, j = countFields(s.best), -1 // the counts of the new best, from the start
		}
	}
}

// maxMovedOffsets is the most bytes deleteCountedElementMovingOffsets
// lowers as offsets: where more bytes after a deletion read as offsets
// past it, they are small numbers of a binary format, not pointers.
const maxMovedOffsets = 2

// deleteCountedElementMovingOffsets is deleteCountedElement for an input
// that also points past the element: it lowers a count by one, deletes
// 1 to maxElement bytes right after it, and lowers by as many every
// later byte that reads as an offset past them (its value lies from
// their end to the input's end): a compression pointer to a name further
// on, the offset of a table at the end. Neither the deletion with the
// count alone nor the offsets alone keep the failure once the pointer
// must land where it did. Only counts of 2 or more, and deletions that
// have one or at most maxMovedOffsets such bytes after them, are tried.
func (s *shrinker) deleteCountedElementMovingOffsets() {
	if len(s.best) > maxReferenceInput {
		return
	}
	cs := countFields(s.best)
	for j := 0; j < len(cs); j++ {
		f, base := cs[j], s.best
		v, start := f.get(base), f.off+f.width
		if v < 2 {
			continue // a list of one element, which deleteCountedElement empties
		}
		if s.firstKept(min(maxElement, len(base)-start), func(k int) []byte {
			end := start + k + 1
			c := slices.Clone(base)
			moved := 0
			for i := end; i < len(c); i++ {
				if o := int(c[i]); o >= end && o <= len(base) {
					c[i] -= byte(k + 1)
					moved++
				}
			}
			if moved == 0 || moved > maxMovedOffsets {
				return nil
			}
			c = without(c, start, end)
			f.set(c, v-1)
			return c
		}) >= 0 {
			cs, j = countFields(s.best), -1
		}
	}
}

// deleteAfterLowered lowers a byte from 1 to 15 by one and, in the same
// candidate, deletes a field of 1, 2, 4 or 8 bytes right after it or
// after the 2 or 4 bytes that follow it (a tag, a type): a selector whose
// lower value drops
// an optional wider field (an ISO media box's size 1, which adds a
// 64-bit size after the box type, against 0, "to the end"; a flag bit
// that adds an extra field). The input is shorter, so smaller, though
// neither change alone keeps the failure: the field's bytes read as
// something else once the selector says it is gone.
func (s *shrinker) deleteAfterLowered() {
	if len(s.best) > maxReferenceInput {
		return
	}
	for k := 0; k+1 < len(s.best); k++ {
		base := s.best
		if base[k] == 0 || base[k] >= 16 {
			continue
		}
		if s.firstKept(12, func(i int) []byte {
			gap, size := 2*(i/4), 1<<(i%4)
			start := k + 1 + gap
			if start+size > len(base) {
				return nil
			}
			c := without(base, start, start+size)
			c[k]--
			return c
		}) >= 0 {
			k--
		}
	}
}
