package fuzzsrc

import "unsafe"

// While fuzzing, a run's drawn strings and byte slices are carved out of
// one larger allocation, the arena, rather than allocated one by one: a
// 16-byte slice costs the allocator as much as copying it many times
// over, and a target that draws many of them spends most of each draw
// there. Each piece is handed out with its capacity cut at its length, so
// appending to it reallocates rather than writing into the next piece,
// and no part of the arena is written twice, so a string over it never
// changes. The price is memory a target keeps: a drawn value it holds on
// to after the run keeps that run's whole arena alive (at most
// arenaMax bytes).
const (
	arenaMin = 32   // the least a new arena holds
	arenaMax = 2048 // the largest; a value over half of it is allocated alone
)

// alloc returns n bytes of the arena, with capacity n; they need not be
// zero (drawText decodes into the arena past what it takes). Each new
// arena of a run is twice the last, so that a run drawing one short
// string allocates about what it would without an arena, and one drawing
// many allocates a few times.
func (t *T) alloc(n int) []byte {
	if n > len(t.arena) {
		if n > arenaMax/2 {
			return make([]byte, n)
		}
		t.newArena(n)
	}
	b := t.arena[:n:n]
	t.arena = t.arena[n:]
	return b
}

// newArena replaces the arena by a new one of at least n bytes.
func (t *T) newArena(n int) {
	t.arenaSize = min(arenaMax, max(arenaMin, 2*t.arenaSize, n))
	t.arena = make([]byte, t.arenaSize)
}

// textBuf returns the arena's next bytes as drawText's buffer, for
// takeString to take the string's part of.
func (t *T) textBuf() *textBuf {
	if len(t.arena) < len(textBuf{}) {
		t.newArena(len(textBuf{}))
	}
	return (*textBuf)(t.arena)
}

// takeString returns the arena's next k bytes, written by decodeText
// into textBuf, as a string. They are in the arena already (k is at most
// the buffer's size), so alloc hands them out without a new arena.
func (t *T) takeString(k int) string {
	if k == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(t.alloc(k)), k)
}

// allocString returns b as a string in the arena.
func (t *T) allocString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	s := t.alloc(len(b))
	copy(s, b)
	return unsafe.String(unsafe.SliceData(s), len(s))
}
