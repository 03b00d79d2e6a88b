package fuzzsrc

import (
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"unicode"
)

// This file holds what a recorded rune names as simpler for the reducer:
// the first runes of its kinds (scripts and general categories).

// kindStarts are the code points from which simplerRunes takes the first
// rune of each kind: the first reached through an escape, then those
// from which a rune no longer fits a byte (U+0100) or UTF-8 takes one
// more byte for it.
var kindStarts = [...]rune{escapedFrom, 0x100, 0x800, 0x10000}

// simplerRunes returns runes reached through an escape, below r in
// shrink order, that share a kind with it: the first of its script and
// of each of its general categories (Lu and L, So and S), and the first
// of each at or above each code point from which a rune no longer fits a
// byte or UTF-8 takes one more byte for it. A property that singles out
// a kind of character (Greek, an upper-case letter, a symbol wider than
// a byte) holds there too, where lowering the escape by steps and halves
// crosses runs of other kinds that pass. Runes of one byte are not
// named: the reducer tries every byte below an escape.
func simplerRunes(r rune) []rune {
	if r < escapedFrom {
		return nil // 0x00-0x08, last in shrink order
	}
	if out, ok := simplerRuneCache.Load(r); ok {
		return out.([]rune)
	}
	out := findSimplerRunes(r)
	if simplerRuneCount.Add(1) <= maxSimplerRuneCache {
		simplerRuneCache.Store(r, out)
	}
	return out
}

// simplerRuneCache holds simplerRunes' answers for up to
// maxSimplerRuneCache runes: a reduction records the same few runes run
// after run.
var (
	simplerRuneCache sync.Map // rune -> []rune
	simplerRuneCount atomic.Int64
)

const maxSimplerRuneCache = 1 << 14

// findSimplerRunes is simplerRunes without the cache.
func findSimplerRunes(r rune) []rune {
	k := runeKindIndex()
	var out []rune
	for _, ti := range k.chunks[r>>runeChunkBits] {
		tab := k.tables[ti]
		if !unicode.Is(tab, r) {
			continue
		}
		for _, from := range kindStarts {
			if s, ok := firstRuneFrom(tab, from); ok && s < r && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return out
}

// runeChunkBits sets the size of the chunks of code points by which
// runeKinds indexes the tables: 128.
const runeChunkBits = 7

// runeKinds indexes the tables of unicode.Scripts and unicode.Categories
// by chunk of code points, so that the tables that may hold a rune are
// the few that meet its chunk rather than all two hundred.
type runeKinds struct {
	tables []*unicode.RangeTable
	chunks [][]uint16 // for chunk r>>runeChunkBits, indices into tables
}

// runeKindIndex builds the index on first use: only a recording run
// needs it.
var runeKindIndex = sync.OnceValue(func() *runeKinds {
	k := &runeKinds{chunks: make([][]uint16, unicode.MaxRune>>runeChunkBits+1)}
	for _, m := range []map[string]*unicode.RangeTable{unicode.Scripts, unicode.Categories} {
		names := make([]string, 0, len(m))
		for name := range m {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			ti := uint16(len(k.tables))
			k.tables = append(k.tables, m[name])
			mark := func(lo, hi rune) {
				for c := lo >> runeChunkBits; c <= hi>>runeChunkBits; c++ {
					if l := k.chunks[c]; len(l) == 0 || l[len(l)-1] != ti {
						k.chunks[c] = append(l, ti)
					}
				}
			}
			for _, r := range m[name].R16 {
				mark(rune(r.Lo), rune(r.Hi))
			}
			for _, r := range m[name].R32 {
				mark(rune(r.Lo), rune(r.Hi))
			}
		}
	}
	return k
})

// firstRuneFrom returns the first rune of tab at or above from that is
// not a surrogate.
func firstRuneFrom(tab *unicode.RangeTable, from rune) (rune, bool) {
	for i := sort.Search(len(tab.R16), func(i int) bool { return rune(tab.R16[i].Hi) >= from }); i < len(tab.R16); i++ {
		r := tab.R16[i]
		if s, ok := firstInRange(rune(r.Lo), rune(r.Hi), rune(r.Stride), from); ok {
			return s, true
		}
	}
	for i := sort.Search(len(tab.R32), func(i int) bool { return rune(tab.R32[i].Hi) >= from }); i < len(tab.R32); i++ {
		r := tab.R32[i]
		if s, ok := firstInRange(rune(r.Lo), rune(r.Hi), rune(r.Stride), from); ok {
			return s, true
		}
	}
	return 0, false
}

// firstInRange returns the first of lo, lo+stride, ..., hi at or above
// from that is not a surrogate.
func firstInRange(lo, hi, stride, from rune) (rune, bool) {
	r := lo
	if r < from {
		r += (from - lo + stride - 1) / stride * stride
	}
	for ; r <= hi; r += stride {
		if r < surrogateMin || r >= surrogateEnd {
			return r, true
		}
	}
	return 0, false
}
