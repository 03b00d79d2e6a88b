package minimize

import (
	"bytes"
	"slices"
	"unicode/utf8"
)

// This file reduces inputs that are plain bytes: the target sees the
// input's exact length (Options.ExactLength) and reports no spans, as a
// fuzz target taking []byte or string does, and a go-fuzz-headers
// harness. With no structure to follow, the reduction is delta debugging
// first (Zeller and Hildebrandt, "Simplifying and Isolating
// Failure-Inducing Input"): cheap coarse deletions that cut a large input
// down in a number of runs logarithmic in its size, each candidate
// costing what its own bytes cost. Then moves that use structure a
// reducer can infer from the bytes alone (tokens, brackets, repeats,
// length fields in binary or in digits, counts taken modulo a bound),
// then the exhaustive one- and two-byte moves that make the result
// 1-minimal, which a final check confirms and counts (Stats.Minimal).

// MinimalCheck reports the final check of a plain-bytes reduction: every
// deletion of one or two adjacent bytes or UTF-8 encoded runes (each
// also with the nearest length field that frames them lowered to match,
// for inputs up to 4 KB), and every replacement of one byte by any
// smaller byte, of the result. None of
// them fails the same way (and is smaller in the reduction's order) when
// Done is set: the result is 1-minimal.
type MinimalCheck struct {
	Candidates int  // candidates of the check of the final input
	Runs       int  // of those, the ones run; the others had run before
	Done       bool // every candidate was checked; false if a budget ran out
}

// plainBytes reports whether the input is reduced as plain bytes.
func (s *shrinker) plainBytes() bool {
	return s.opts.ExactLength && len(s.out.Spans) == 0
}

// plainPass is one move of the plain-bytes reduction, run to its own
// fixed point on the best input.
type plainPass struct {
	name string
	run  func(s *shrinker)
	// whenStuck: the pass runs only after a round of the others changed
	// nothing, for moves that try many candidates at every offset and
	// rarely succeed.
	whenStuck bool
}

// plainPasses are the moves in the order they run: the cheapest and
// largest deletions first, so that the later, costlier moves see a small
// input.
var plainPasses = []plainPass{
	{"delete lines", (*shrinker).deleteLines, false},
	{"delete chunks", (*shrinker).deleteChunks, false},
	{"delete tokens", (*shrinker).deleteTokens, false},
	{"delete brackets", (*shrinker).deleteBrackets, false},
	{"delete repeats", (*shrinker).deleteRepeats, false},
	{"delete with length field", (*shrinker).deleteWithLengthField, false},
	{"delete checksummed parts", (*shrinker).deleteChecksummedParts, false},
	{"delete counted element", (*shrinker).deleteCountedElement, false},
	{"delete bytes", (*shrinker).deleteBytes, false},
	{"zero chunks", (*shrinker).zeroChunks, false},
	{"reduce to residue", (*shrinker).reduceToResidue, false},
	{"lower bytes", (*shrinker).lowerBytes, false},
	{"move bytes later", (*shrinker).moveBytesLater, false},
	{name: "delete counted element in a large input", run: (*shrinker).deleteCountedElementLarge, whenStuck: true},
	{name: "delete blocks", run: (*shrinker).deleteBlocks, whenStuck: true},
	{name: "delete blocks with length field", run: (*shrinker).deleteWithLengthFieldBlocks, whenStuck: true},
	{name: "delete every occurrence", run: (*shrinker).deleteEveryOccurrence, whenStuck: true},
	{name: "lower every occurrence", run: (*shrinker).lowerEveryOccurrence, whenStuck: true},
	{name: "lower numbers", run: (*shrinker).lowerNumbers, whenStuck: true},
	{name: "lower runs", run: (*shrinker).lowerRuns, whenStuck: true},
	{name: "lower byte pairs", run: (*shrinker).lowerBytePairs, whenStuck: true},
	{name: "delete after a raised byte", run: (*shrinker).deleteAfterRaised, whenStuck: true},
	{name: "delete after a lowered byte", run: (*shrinker).deleteAfterLowered, whenStuck: true},
	{name: "delete an element, lower a later byte", run: (*shrinker).deleteElementLowerLater, whenStuck: true},
	{name: "replace words", run: (*shrinker).replaceWords, whenStuck: true},
	{name: "shift into the next element", run: (*shrinker).shiftIntoNextElement, whenStuck: true},
	{name: "cut before an offset's target", run: (*shrinker).cutBeforeTarget, whenStuck: true},
	{name: "delete a counted element anywhere", run: (*shrinker).deleteCountedElementAnywhere, whenStuck: true},
	{name: "delete a counted element, moving offsets", run: (*shrinker).deleteCountedElementMovingOffsets, whenStuck: true},
}

// reducePlain runs the plain passes in rounds until a round changes
// nothing, then the passes that run when stuck, and the rounds again if
// those changed something; then it checks that the result is 1-minimal,
// and a check that finds a smaller input starts the rounds again.
func (s *shrinker) reducePlain() {
	stats := make([]PassStats, len(plainPasses)+1)
	for i, p := range plainPasses {
		stats[i].Name = p.name
	}
	check := &stats[len(plainPasses)]
	check.Name = "1-minimal check"
	var valueStats []PassStats
	defer func() { s.pass, s.stats.Passes = nil, append(stats, valueStats...) }()
	round := func(stuck bool) (changed bool) {
		v := s.version
		for i, p := range plainPasses {
			if p.whenStuck == stuck {
				s.pass = &stats[i]
				p.run(s)
			}
		}
		s.pass = nil
		return s.version != v
	}
	for {
		for {
			changed := round(false)
			if len(s.out.Choices) > 0 {
				// Values the target reported as choices (the integers
				// and floats of a plain target's other arguments) get
				// the value passes too: lowering an integer byte by
				// byte is not lowering its value.
				v := s.version
				s.schedule()
				valueStats = s.stats.Passes
				changed = changed || s.version != v
			}
			if !changed && !round(true) {
				break
			}
		}
		s.pass = check
		found := s.checkMinimal()
		s.pass = nil
		if !found {
			return
		}
	}
}

// firstKept runs the candidates gen(0), ..., gen(n-1), skipping nil
// ones, s.workers at a time, and stops at the first one the gate keeps:
// it returns its index, or -1. The candidates of one batch are generated
// from the same best input, and a keep ends the batch.
func (s *shrinker) firstKept(n int, gen func(i int) []byte) int {
	for i := 0; i < n; {
		var idx []int
		var cands [][]byte
		for ; i < n && len(cands) < s.workers; i++ {
			if c := gen(i); c != nil {
				idx, cands = append(idx, i), append(cands, c)
			}
		}
		if len(cands) == 0 {
			continue
		}
		trials := s.runBatch(cands)
		for k := range trials {
			if s.settle(&trials[k]) {
				s.keepPending(trials[k+1:])
				return idx[k]
			}
		}
	}
	return -1
}

// try runs one candidate and reports whether it became the best.
func (s *shrinker) try(cand []byte) bool {
	kept, _ := s.consider(cand)
	return kept
}

// without returns a new slice: b without b[i:j].
func without(b []byte, i, j int) []byte { return splice(b, i, j, nil) }

// deleteGrowing deletes the region [i, i+unit) of the best input and, if
// that is kept, as many further units after it as findInteger finds, all
// from the input as it was: one run per doubling rather than one per
// unit. It reports whether anything was deleted.
func (s *shrinker) deleteGrowing(i, unit int) bool {
	base := s.best
	if i+unit > len(base) || !s.try(without(base, i, i+unit)) {
		return false
	}
	findInteger(func(m int) bool {
		end := i + (m+1)*unit
		return end <= len(base) && s.try(without(base, i, end))
	})
	return true
}

// deleteChunks is adaptive delta debugging by deletion: it deletes
// chunks of size n/2, then n/4, ... down to single bytes, walking each
// size from the start; a chunk whose deletion is kept is followed by an
// attempt to delete as many following chunks at once as findInteger
// finds. An input whose failure needs a few bytes of a large one loses
// half of what is left in a few runs per size, so it shrinks to those
// bytes in a number of runs logarithmic in its length, and the runs'
// total bytes are a small multiple of the input's.
func (s *shrinker) deleteChunks() {
	for k := max(len(s.best)/2, 1); ; k /= 2 {
		for i := 0; i < len(s.best); {
			if !s.deleteGrowing(i, min(k, len(s.best)-i)) {
				i += k
			}
		}
		if k == 1 {
			return
		}
	}
}

// minLines is the least number of lines deleteLines works on.
const minLines = 8

// deleteLines is deleteChunks with lines as the unit, for an input of
// minLines or more lines: chunks of half the lines, a quarter, ...
// down to one line, each kept chunk followed by as many further lines
// as findInteger finds. Text is made of lines (records, directives,
// statements) that a property keeps or drops whole; byte chunks of a
// power of two rarely align with them, and on a long input the chunks
// of one byte take a run per byte in every round. A line is its bytes
// up to and including its line feed; the last lines go with the line
// feed before them.
func (s *shrinker) deleteLines() {
	starts := lineStarts(s.best)
	if len(starts) < minLines+1 {
		return
	}
	for k := max((len(starts)-1)/2, 1); ; k /= 2 {
		for i := 0; ; {
			starts = lineStarts(s.best)
			n := len(starts) - 1 // lines
			if i >= n {
				break
			}
			base := s.best
			// Lines to the end go with the line feed before them, which
			// would otherwise end the input with an empty line.
			cut := func(m int) []byte {
				from, to := starts[i], starts[min(i+m, n)]
				if to == len(base) && from > 0 {
					from--
				}
				return without(base, from, to)
			}
			if !s.try(cut(k)) {
				i += k
				continue
			}
			findInteger(func(m int) bool {
				return i+(m+1)*k <= n && s.try(cut((m+1)*k))
			})
		}
		if k == 1 {
			return
		}
	}
}

// lineStarts returns the offsets at which b's lines start and, last,
// len(b); a last line without a line feed counts.
func lineStarts(b []byte) []int {
	starts := []int{0}
	for i, c := range b {
		if c == '\n' && i+1 < len(b) {
			starts = append(starts, i+1)
		}
	}
	return append(starts, len(b))
}

// Byte classes of tokens: a run of word bytes (letters, digits, _ and
// every byte of a multi-byte UTF-8 sequence) or of white space is one
// token; any other byte is a token by itself.
const (
	classOther = iota
	classWord
	classSpace
)

func byteClass(c byte) int {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c >= 0x80:
		return classWord
	case c == ' ', c == '\t', c == '\n', c == '\r':
		return classSpace
	}
	return classOther
}

// tokens splits b into tokens as byteClass says, returning their starts
// and, last, len(b).
func tokens(b []byte) []int {
	var starts []int
	for i := 0; i < len(b); i++ {
		if i == 0 || byteClass(b[i]) == classOther || byteClass(b[i]) != byteClass(b[i-1]) {
			starts = append(starts, i)
		}
	}
	return append(starts, len(b))
}

// deleteTokens deletes printable tokens (an identifier, a number, a run
// of white space, one punctuation byte) and, after one is kept, as many
// following tokens as findInteger finds. Text that a parser reads keeps
// parsing when a whole token goes, where deleting part of one, or a
// chunk that does not line up with tokens, makes a different error.
func (s *shrinker) deleteTokens() {
	starts := tokens(s.best)
	for j := 0; j < len(starts)-1; j++ {
		base := s.best
		if !s.try(without(base, starts[j], starts[j+1])) {
			continue
		}
		findInteger(func(m int) bool {
			end := j + 1 + m
			return end < len(starts) && s.try(without(base, starts[j], starts[end]))
		})
		starts = tokens(s.best)
		j-- // the token now at j is a new one
	}
}

// brackets lists the matching pairs of brackets ((), [], {}, <>) and
// quotes ("", ”, “) in b, as [open, close] offsets, outermost first.
func brackets(b []byte) [][2]int {
	var pairs [][2]int
	var stack []int
	closer := map[byte]byte{'(': ')', '[': ']', '{': '}', '<': '>'}
	quote := -1
	for i, c := range b {
		if quote >= 0 {
			if c == b[quote] {
				pairs = append(pairs, [2]int{quote, i})
				quote = -1
			}
			continue
		}
		switch c {
		case '"', '\'', '`':
			quote = i
		case '(', '[', '{', '<':
			stack = append(stack, i)
		case ')', ']', '}', '>':
			for k := len(stack) - 1; k >= 0; k-- {
				if closer[b[stack[k]]] == c {
					pairs = append(pairs, [2]int{stack[k], i})
					stack = stack[:k]
					break
				}
			}
		}
	}
	slices.SortFunc(pairs, func(x, y [2]int) int { return x[0] - y[0] })
	return pairs
}

// deleteBrackets deletes a bracketed or quoted region whole, brackets
// and all, or its contents, keeping the brackets, or the two brackets,
// keeping the contents: the nested structure of text formats balances
// its brackets, and deleting one side alone rarely parses.
func (s *shrinker) deleteBrackets() {
	pairs := brackets(s.best)
	for j := 0; j < len(pairs); j++ {
		o, c := pairs[j][0], pairs[j][1]
		base := s.best
		if s.firstKept(3, func(k int) []byte {
			switch {
			case k == 0:
				return without(base, o, c+1)
			case k == 1 && c > o+1:
				return without(base, o+1, c)
			case k == 2:
				return without(without(base, c, c+1), o, o+1)
			}
			return nil
		}) >= 0 {
			pairs = brackets(s.best)
			j--
		}
	}
}

// deleteRepeats deletes duplicated regions: every occurrence at once of
// a word token that occurs more than once (a tag name in its opening and
// closing tag, a variable where it is declared and used), and one copy
// of a region repeated back to back (abcabc), shortest period first.
// Either keeps the input's shape where deleting one occurrence or one
// chunk would not.
func (s *shrinker) deleteRepeats() {
	if len(s.best) > maxInferredInput {
		return
	}
	// Every occurrence of a repeated word at once.
	for tried := map[string]bool{}; ; {
		b := s.best
		starts := tokens(b)
		count := map[string]int{}
		for j := 0; j+1 < len(starts); j++ {
			if byteClass(b[starts[j]]) == classWord {
				count[string(b[starts[j]:starts[j+1]])]++
			}
		}
		progressed := false
		for j := 0; j+1 < len(starts) && !progressed; j++ {
			w := string(b[starts[j]:starts[j+1]])
			if count[w] < 2 || tried[w] {
				continue
			}
			tried[w] = true
			var cand []byte
			for k := 0; k+1 < len(starts); k++ {
				if t := b[starts[k]:starts[k+1]]; string(t) != w {
					cand = append(cand, t...)
				}
			}
			progressed = s.try(cand)
		}
		if !progressed {
			break
		}
	}
	// One copy of a back-to-back repeat.
	const maxPeriod = 256
	for i := 0; i < len(s.best); i++ {
		b := s.best
		for l := 1; l <= maxPeriod && i+2*l <= len(b); l++ {
			if bytes.Equal(b[i:i+l], b[i+l:i+2*l]) {
				if s.deleteGrowing(i, l) {
					i--
				}
				break
			}
		}
	}
}

// deleteBytes deletes one byte, two adjacent bytes, and one or two whole
// UTF-8 encoded runes, at every offset, each also with the nearest
// length field whose region holds the bytes lowered to match (see
// deleteWithLengthField): the deletions of the 1-minimality check, run
// as a pass so that the check finds nothing.
func (s *shrinker) deleteBytes() {
	for i := 0; i < len(s.best); i++ {
		cands := s.smallDeletions(i)
		if s.firstKept(len(cands), func(k int) []byte { return cands[k]() }) >= 0 {
			i--
		}
	}
}

// smallDeletions returns the small deletions at offset i of the best
// input, as functions that build them: one byte, two bytes, and, where a
// multi-byte UTF-8 rune starts at i, that rune and that rune with the
// next one; each also with the nearest length field covering it lowered,
// where there is one. A value framed by a length (a go-fuzz-headers
// string, a plain target's string argument before another) loses a byte
// only that way.
func (s *shrinker) smallDeletions(i int) []func() []byte {
	b := s.best
	ls := []int{1}
	if i+2 <= len(b) {
		ls = append(ls, 2)
	}
	if _, n := utf8.DecodeRune(b[i:]); n > 1 {
		ls = append(ls, n)
		if _, m := utf8.DecodeRune(b[i+n:]); m > 0 && n+m > 2 {
			ls = append(ls, n+m)
		}
	}
	var fs []lengthField
	if len(b) <= maxResidueInput {
		fs = s.lengthFieldsOfBest()
	}
	var cands []func() []byte
	for _, l := range ls {
		cands = append(cands, func() []byte { return without(b, i, i+l) })
	}
	for _, l := range ls {
		if f, ok := coveringField(fs, b, i, l); ok {
			cands = append(cands, func() []byte { return withLength(b, f, i, i+l) })
		}
	}
	return cands
}

// lengthFieldsOfBest returns lengthFields of the best input, computed
// once per best input.
func (s *shrinker) lengthFieldsOfBest() []lengthField {
	return s.fields.get(s, func(s *shrinker) []lengthField { return lengthFields(s.best) })
}

// coveringField returns the field of fs (in offset order) that starts
// nearest before offset i and whose region holds [i, i+l).
func coveringField(fs []lengthField, b []byte, i, l int) (lengthField, bool) {
	for j := len(fs) - 1; j >= 0; j-- {
		f := fs[j]
		start, end := f.region(b)
		if start > i {
			continue
		}
		if end >= i+l {
			return f, true
		}
	}
	return lengthField{}, false
}

// zeroChunks sets chunks of n/2, n/4, ... down to 2 bytes to zero at
// once, as deleteChunks deletes them: the bytes a failure does not look
// at, when it needs the input's length, become zeros in a logarithmic
// number of runs rather than one run per byte.
func (s *shrinker) zeroChunks() {
	for k := len(s.best) / 2; k >= 2; k /= 2 {
		for i := 0; i < len(s.best); i += k {
			j := min(i+k, len(s.best))
			if !slices.ContainsFunc(s.best[i:j], func(c byte) bool { return c != 0 }) {
				continue
			}
			s.try(splice(s.best, i, j, make([]byte, j-i)))
		}
	}
}

// maxInferredInput bounds the inputs on which the passes that infer
// repeats and length fields run: they look at every offset against many
// others. Larger inputs are first cut by the deletions.
const maxInferredInput = 1 << 16

// residueModuli are the bounds reduceToResidue tries: small counts and
// the round numbers programs and fuzz-input decoders take counts modulo.
var residueModuli = []uint64{2, 3, 4, 5, 8, 10, 16, 32, 50, 64, 100, 256}

// maxResidueInput bounds the inputs reduceToResidue works on: it tries
// several candidates at every offset.
const maxResidueInput = 4096

// reduceToResidue lowers a 2-, 4- or 8-byte integer, in either byte order,
// to its residue modulo a small bound, smallest candidate first: a
// program that takes a count as v % m (go-fuzz-headers takes slice
// lengths modulo 50) reads the same count from v % m, or from v % m' for
// a multiple m' of m, so the field's high bytes can go to zero without
// changing what is read. Lowering the field byte by byte cannot get
// there: almost every smaller value changes the count. Only fields whose
// high byte is nonzero and not printable ASCII are tried so, as text is
// not made of such counts. A 4-byte field larger than the bytes after it
// is also tried at its residue modulo their number: a length taken
// modulo the bytes left (go-fuzz-headers' GetBytes) then reads as the
// length it is, and can shrink with its value (deleteWithLengthField).
func (s *shrinker) reduceToResidue() {
	if len(s.best) > maxResidueInput {
		return
	}
	for off := 0; off < len(s.best); off++ {
		for _, w := range []int{2, 4, 8} {
			for _, little := range []bool{false, true} {
				base := s.best
				if off+w > len(base) {
					continue
				}
				f := lengthField{off: off, width: w, little: little}
				high := base[off]
				if little {
					high = base[off+w-1]
				}
				v := f.get(base)
				var rs []uint64
				if left := uint64(len(base) - off - w); w == 4 && left > 0 && v > left {
					rs = append(rs, v%left)
				}
				if high != 0 && (high < 0x20 || high >= 0x7f) {
					for _, m := range residueModuli {
						if r := v % m; r < v && !slices.Contains(rs, r) {
							rs = append(rs, r)
						}
					}
				}
				if len(rs) == 0 {
					continue
				}
				slices.Sort(rs)
				s.firstKept(len(rs), func(k int) []byte {
					c := slices.Clone(base)
					f.set(c, rs[k])
					return c
				})
			}
		}
	}
}

// lowerBytes replaces each byte, first to last, by the smallest byte
// that keeps the failure, trying every smaller value in increasing order
// rather than only the next lower one: the values a target accepts need
// not be contiguous (\x00 may pass where \t fails).
func (s *shrinker) lowerBytes() {
	for i := 0; i < len(s.best); i++ {
		base := s.best
		s.firstKept(int(base[i]), func(v int) []byte {
			c := slices.Clone(base)
			c[i] = byte(v)
			return c
		})
	}
}

// moveBytesLater swaps a byte with a smaller one after it: the one just
// after it, and the nearest of the smallest after it. Of two inputs with
// the same bytes, the one whose larger bytes come later is
// shortlex-smaller, and where a failure needs a byte's value but not its
// place (a length and one marker byte), lowering alone cannot move it.
func (s *shrinker) moveBytesLater() {
	for i := 0; i+1 < len(s.best); i++ {
		base := s.best
		least := i + 1
		for j := i + 2; j < len(base); j++ {
			if base[j] < base[least] {
				least = j
			}
		}
		js := []int{i + 1, least}
		s.firstKept(len(js), func(k int) []byte {
			j := js[k]
			if base[j] >= base[i] || k == 1 && j == i+1 {
				return nil
			}
			c := slices.Clone(base)
			c[i], c[j] = c[j], c[i]
			return c
		})
	}
}

// checkMinimal checks that the best input is 1-minimal, running every
// candidate of MinimalCheck that has not run before, and reports whether
// one was kept. Its counts go to Stats.Minimal.
func (s *shrinker) checkMinimal() bool {
	base := s.best
	s.stats.Minimal = MinimalCheck{}
	runs := s.stats.Runs
	defer func() { s.stats.Minimal.Runs = s.stats.Runs - runs }()
	for i := range base {
		dels := s.smallDeletions(i)
		n := len(dels) + int(base[i])
		s.stats.Minimal.Candidates += n
		if s.firstKept(n, func(k int) []byte {
			if k < len(dels) {
				return dels[k]()
			}
			c := slices.Clone(base)
			c[i] = byte(k - len(dels))
			return c
		}) >= 0 {
			return true
		}
	}
	s.stats.Minimal.Done = true
	return false
}

// keyBound returns a lower bound of a normalized candidate's order key
// that the gate can compare before running it: the candidate itself in
// the choice-sequence order (padding only adds to it), its key under
// Options.OrderKey, which depends on the input alone.
func (s *shrinker) keyBound(input []byte) []byte {
	if s.opts.OrderKey != nil {
		return s.opts.OrderKey(input)
	}
	return input
}
