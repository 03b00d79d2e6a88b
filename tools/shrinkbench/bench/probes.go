package bench

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// This file holds problems written to probe the reducer with shapes a
// fuzz target's author writes every day: a word of flags, numbers in
// text, runs of letters that add up to a length, a walk that must end at
// a point, and a program on a heap written as a hand loop. Each came
// from a probe in which the reducer missed the minimum on some inputs;
// the mechanisms that fixed them are stated in minimize's passes and
// tested there on other problems of their class. The walk and the heap
// are still missed on some seeds. Their MinInputs were found by the
// bounded search of TestSearchConfirmsMinimum, which proves them.

// prFlags draws a uint16 of flags and fails when bits 3 and 9 are set.
func prFlags() Benchmark {
	p := problem[uint16]{
		gen:  fuzzsrc.Integers[uint16](),
		rgen: rapid.Uint16(),
		verdict: func(f uint16) verdict {
			if f&(1<<3) != 0 && f&(1<<9) != 0 {
				return failedA
			}
			return pass
		},
		format: func(f uint16) string { return fmt.Sprintf("%#04x", f) },
		size:   func(f uint16) int { return bits.OnesCount16(f) },
	}
	return p.fill(Benchmark{
		Name:       "pr_flags",
		Hypothesis: "not measured (probe)",
		About:      "a uint16 of flags; fails when bits 3 and 9 are both set",
		MinValue:   "0x0208",
		MinInput:   []byte{0x02, 0x08},
		Why:        "the two bits and nothing else: 0x0208, two bytes, big-endian",
		Space: Space{MaxLen: 2, Cands: func(c record.Choice) []uint64 {
			// Every value of at most two set bits.
			out := []uint64{0}
			for i := range 16 {
				for j := i; j < 16; j++ {
					out = append(out, 1<<i|1<<j)
				}
			}
			return out
		}},
		Passing: []Example{{"bit 3 only", []byte{0x00, 0x08}, "0x0008"}},
	})
}

// prNumbers draws a string and fails when the numbers in it add up to
// more than 100.
func prNumbers() Benchmark {
	total := func(s string) int {
		n := 0
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r < '0' || r > '9' }) {
			x, _ := strconv.Atoi(f)
			n += x
		}
		return n
	}
	p := problem[string]{
		gen:  fuzzsrc.String(),
		rgen: rapid.String(),
		verdict: func(s string) verdict {
			if total(s) > 100 {
				return failedA
			}
			return pass
		},
		format: strconv.Quote,
		size:   func(s string) int { return len(s) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "pr_numbers",
		Hypothesis: "not measured (probe)",
		About:      "a string; fails when the numbers in it add up to more than 100",
		MinValue:   `"101"`,
		MinInput:   []byte("101"),
		Why:        "three digits are needed (two make at most 99); a string's input is its text, so \"101\" is below \"110\" and \"200\", and a rune below '0' would split the number: 3 bytes",
		Space: Space{MaxLen: 3, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindMore {
				return coinIndices(c, more)
			}
			return textCands('9') // the stop, the separators below '0', the ten digits
		}},
		Passing: []Example{{"100", []byte("100"), `"100"`}},
	})
}

// letterRun is a run of N copies of a letter.
type letterRun struct {
	C rune
	N int
}

// prRuns draws runs of letters and fails when their lengths add up to
// 13.
func prRuns() Benchmark {
	p := problem[[]letterRun]{
		gen: fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) letterRun {
			return letterRun{fuzzsrc.RuneFrom("abc").Draw(t, "letter"), fuzzsrc.IntRange(1, 9).Draw(t, "length")}
		})),
		rgen: rapid.SliceOf(rapid.Custom(func(t *rapid.T) letterRun {
			return letterRun{rapid.RuneFrom([]rune("abc")).Draw(t, "letter"), rapid.IntRange(1, 9).Draw(t, "length")}
		})),
		verdict: func(rs []letterRun) verdict {
			n := 0
			for _, r := range rs {
				n += r.N
			}
			if n == 13 {
				return failedA
			}
			return pass
		},
		format: func(rs []letterRun) string {
			var parts []string
			for _, r := range rs {
				parts = append(parts, fmt.Sprintf("%c×%d", r.C, r.N))
			}
			return "[" + strings.Join(parts, " ") + "]"
		},
		size: func(rs []letterRun) int { return len(rs) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "pr_runs",
		Hypothesis: "not measured (probe)",
		About:      "runs of a letter a..c, 1..9 long; fails when their lengths add up to 13",
		MinValue:   "[a×4 a×9]",
		MinInput:   []byte{more, 0x00, 0x56, more, 0x00, 0xe4},
		Why:        "two runs at least (9 is the longest); the first as short as the second allows: 4 and 9",
		Space:      Space{MaxLen: 9, Cands: holdoutCands(8, more)},
		Passing:    []Example{{"one run", []byte{more, 0x00, 0xe4}, "[a×9]"}},
	})
}

// move is a step of a walk on a grid: a direction (right, up, left,
// down), a length and a color that does not matter.
type move struct{ Dir, N, Color int }

// prWalk draws a walk and fails when it ends at (2, 1).
func prWalk() Benchmark {
	p := problem[[]move]{
		gen: fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) move {
			return move{fuzzsrc.IntRange(0, 3).Draw(t, "dir"), fuzzsrc.IntRange(1, 3).Draw(t, "n"), fuzzsrc.IntRange(0, 5).Draw(t, "color")}
		})),
		rgen: rapid.SliceOf(rapid.Custom(func(t *rapid.T) move {
			return move{rapid.IntRange(0, 3).Draw(t, "dir"), rapid.IntRange(1, 3).Draw(t, "n"), rapid.IntRange(0, 5).Draw(t, "color")}
		})),
		verdict: func(ms []move) verdict {
			x, y := 0, 0
			for _, m := range ms {
				dx := []int{1, 0, -1, 0}[m.Dir]
				dy := []int{0, 1, 0, -1}[m.Dir]
				x, y = x+dx*m.N, y+dy*m.N
			}
			if x == 2 && y == 1 {
				return failedA
			}
			return pass
		},
		format: func(ms []move) string {
			var parts []string
			for _, m := range ms {
				parts = append(parts, fmt.Sprintf("%c%d", "RULD"[m.Dir], m.N))
			}
			return "[" + strings.Join(parts, " ") + "]"
		},
		size: func(ms []move) int { return len(ms) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "pr_walk",
		Hypothesis: "not measured (probe)",
		About:      "a walk of moves (right, up, left or down, 1..3 long, a color); fails when it ends at (2, 1)",
		MinValue:   "[R2 U1]",
		MinInput:   []byte{more, 0x00, 0x56, 0x00, more, 0x40},
		Why:        "two moves at least; right first (direction 0) with length 2, then up 1, whose length and color are trailing zeros",
		Space:      Space{MaxLen: 9, Cands: holdoutCands(3, more)},
		Passing:    []Example{{"R2", []byte{more, 0x00, 0x56}, "[R2]"}},
	})
}

// fifoHeap is a heap whose alloc reuses the oldest freed block without
// checking its size.
type fifoHeap struct {
	blocks [][2]int // start and size
	live   []bool
	free   []int
	next   int
	prog   []string
}

// alloc allocates size cells and reports whether the new block overlaps
// a live one.
func (h *fifoHeap) alloc(size int) bool {
	at := h.next
	if len(h.free) > 0 {
		at = h.blocks[h.free[0]][0]
		h.free = h.free[1:]
	} else {
		h.next += size
	}
	h.prog = append(h.prog, fmt.Sprintf("new(%d)", size))
	h.blocks = append(h.blocks, [2]int{at, size})
	h.live = append(h.live, true)
	for i, b := range h.blocks[:len(h.blocks)-1] {
		if h.live[i] && b[0] < at+size && at < b[0]+b[1] {
			return true
		}
	}
	return false
}

// release frees the block allocated back blocks before the newest.
func (h *fifoHeap) release(back int) {
	i := len(h.blocks) - 1 - back
	h.prog = append(h.prog, fmt.Sprintf("free(%d)", i))
	if h.live[i] {
		h.live[i] = false
		h.free = append(h.free, i)
	}
}

// heapOutcome is a heap program and whether it made blocks overlap.
type heapOutcome struct {
	prog []string
	bad  bool
}

// prHeap runs a program on a fifoHeap, drawn by a hand-written loop
// rather than a collection, and fails when two live blocks overlap. A
// free names its block by how far back it was allocated, a range that
// holds one value while one block exists.
func prHeap() Benchmark {
	p := problem[heapOutcome]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) heapOutcome {
			var h fifoHeap
			for fuzzsrc.Bool().Draw(t, "more") {
				if fuzzsrc.Bool().Draw(t, "free") && len(h.blocks) > 0 {
					h.release(fuzzsrc.IntRange(0, len(h.blocks)-1).Draw(t, "back"))
				} else if h.alloc(fuzzsrc.IntRange(1, 3).Draw(t, "size")) {
					return heapOutcome{h.prog, true}
				}
			}
			return heapOutcome{h.prog, false}
		}),
		rgen: rapid.Custom(func(t *rapid.T) heapOutcome {
			var h fifoHeap
			for range rapid.IntRange(0, 12).Draw(t, "steps") {
				if rapid.Bool().Draw(t, "free") && len(h.blocks) > 0 {
					h.release(rapid.IntRange(0, len(h.blocks)-1).Draw(t, "back"))
				} else if h.alloc(rapid.IntRange(1, 3).Draw(t, "size")) {
					return heapOutcome{h.prog, true}
				}
			}
			return heapOutcome{h.prog, false}
		}),
		verdict: func(o heapOutcome) verdict {
			if o.bad {
				return failedA
			}
			return pass
		},
		format: func(o heapOutcome) string { return "[" + strings.Join(o.prog, "; ") + "]" },
		size:   func(o heapOutcome) int { return len(o.prog) },
	}
	return p.fill(Benchmark{
		Name:       "pr_heap",
		Hypothesis: "not measured (probe)",
		About:      "a hand-written loop of new(1..3) and free(k blocks back) on a heap whose new reuses the oldest freed block at any size; fails when two live blocks overlap",
		MinValue:   "[new(1); free(0); new(2); new(1)]",
		MinInput:   []byte{0x80, 0x00, 0x00, 0x80, 0x80, 0x80, 0x00, 0x56, 0x80},
		Why:        "an overlap needs a reused block grown past its size and a block after it: new(1), free it (one block: the distance reads nothing), new(2) into it, then new(1) bumped into its second cell (its choices trailing zeros)",
		Space: Space{MaxLen: 12, Cands: func(c record.Choice) []uint64 {
			if c.Max == 1 {
				return []uint64{0, 1}
			}
			return span(c.Max, 2)[:min(3, int(c.Max)+1)]
		}},
		Passing: []Example{{"new then free", []byte{0x80, 0x00, 0x00, 0x80, 0x80}, "[new(1); free(0)]"}},
	})
}

// probes returns the problems of this file.
func probes() []Benchmark {
	return []Benchmark{prFlags(), prNumbers(), prRuns(), prWalk(), prHeap()}
}
