package bench

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// This file holds our own problems of shapes the SmartCheck benchmarks
// lack: strings, floats, maps, structs filled by fuzzsrc.Make, grids and
// operation sequences, each with a bug of the kind such code has.

// truncCase is a string and a byte count.
type truncCase struct {
	s string
	n int
}

// truncate draws a string, then a byte count in 0..len(s), and fails when
// cutting the string to that many bytes, as a display does by slicing
// bytes rather than runes, leaves invalid UTF-8.
func truncate() Benchmark {
	gen := fuzzsrc.Custom(func(t *fuzzsrc.T) truncCase {
		s := fuzzsrc.String().Draw(t, "s")
		return truncCase{s, fuzzsrc.IntRange(0, len(s)).Draw(t, "n")}
	})
	rgen := rapid.Custom(func(t *rapid.T) truncCase {
		s := rapid.String().Draw(t, "s")
		return truncCase{s, rapid.IntRange(0, len(s)).Draw(t, "n")}
	})
	p := problem[truncCase]{
		gen:  gen,
		rgen: rgen,
		verdict: func(c truncCase) verdict {
			if !utf8.ValidString(c.s[:c.n]) {
				return failedA
			}
			return pass
		},
		format: func(c truncCase) string { return fmt.Sprintf("(%q, %d)", c.s, c.n) },
		size:   func(c truncCase) int { return utf8.RuneCountInString(c.s) },
	}
	more := flagByte(fuzzsrc.Size{})
	rune0080 := []byte{runeIndex(0x80)} // the first rune past ASCII, a byte of its own
	return p.fill(Benchmark{
		Name:       "truncate",
		Hypothesis: "not measured (our own problem)",
		About:      "a string, then a byte count n in 0..len(s); fails when s[:n] is invalid UTF-8",
		MinValue:   `("\u0080", 1)`,
		MinInput:   cat(rune0080, []byte{0, intByte(fuzzsrc.IntRange(0, 2), 1)}),
		Why: "a cut inside a rune needs a rune of two or more bytes, so one rune, and a nonzero count " +
			"after the string's stop; U+0080 is the first rune past ASCII in fuzzsrc's rune order (the " +
			"byte 0x80, which stands for it) and the only cut inside it is 1: 3 bytes",
		Space: Space{MaxLen: 3, Cands: func(c record.Choice) []uint64 {
			switch {
			case c.Kind == record.KindMore:
				return coinIndices(c, more)
			case c.Kind == record.KindRune && c.Width == 1:
				// the stop, three ASCII runes (all one byte, alike here), the ends of Latin-1
				// (two bytes in UTF-8) and every escape block
				out := []uint64{0, '\t', '\n', 0x0b, 0x80, 0x81, 0xdf}
				for i := uint64(0xe0); i <= c.Max; i++ {
					out = append(out, i)
				}
				return out
			default:
				return span(c.Max, 3)
			}
		}},
		Passing: []Example{
			{"ascii", []byte{'\t', 0, intByte(fuzzsrc.IntRange(0, 1), 1)}, `("\t", 1)`},
			{"whole rune", cat(rune0080, []byte{0, intByte(fuzzsrc.IntRange(0, 2), 2)}), `("\u0080", 2)`},
		},
	})
}

// cents draws a price in 0..10^6 and fails when rounding it to cents
// changes it: the code under test assumes prices have at most two
// decimals.
func cents() Benchmark {
	p := problem[float64]{
		gen:  fuzzsrc.Float64Range(0, 1e6),
		rgen: rapid.Float64Range(0, 1e6),
		verdict: func(x float64) verdict {
			if math.Round(x*100)/100 != x {
				return failedA
			}
			return pass
		},
		format: func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) },
		size:   func(float64) int { return 1 },
	}
	c := choiceOf(fuzzsrc.Float64Range(0, 1e6))
	at := func(x float64) uint64 { // the index of x, found by probing the order
		for i := uint64(0); i < 1_000_100; i++ {
			var v float64
			engine.Run(c.Encode(i), func(t *fuzzsrc.T) { v = fuzzsrc.Float64Range(0, 1e6).Draw(t, "x") })
			if v == x {
				return i
			}
			if i == 100 {
				i = 999_990 // skip the integers in the middle
			}
		}
		panic(fmt.Sprintf("bench: %g not found", x))
	}
	return p.fill(Benchmark{
		Name:       "cents",
		Hypothesis: "not measured (our own problem)",
		About:      "a float in [0, 10^6]; fails unless rounding it to cents keeps it",
		MinValue:   "1.125",
		MinInput:   c.Encode(at(1.125)),
		Why: "fuzzsrc orders floats integers first (all pass), then by exponent from 1 up, then by " +
			"fractional bits: 1.5, 1.25 and 1.75 are whole cents, 1.125 is the first that is not. " +
			"Every value below 1, such as 0.125, comes after every value from 1 to 10^6",
		Space: Space{MaxLen: 8, Cands: func(c record.Choice) []uint64 {
			var out []uint64
			for i := uint64(0); i <= 16; i++ {
				out = append(out, i, 1_000_000-8+i)
			}
			slices.Sort(out)
			return slices.Compact(out)
		}},
		Passing: []Example{
			{"integer", c.Encode(7), "7"},
			{"quarter", c.Encode(at(1.25)), "1.25 is a whole number of cents"},
		},
	})
}

// invert draws a map from strings to digits and fails when inverting it
// twice loses entries: two keys that share a value collapse into one.
func invert() Benchmark {
	inv := func(m map[string]int) map[int]string {
		out := map[int]string{}
		for k, v := range m {
			out[v] = k
		}
		return out
	}
	p := problem[map[string]int]{
		gen:  fuzzsrc.MapOf(fuzzsrc.String(), fuzzsrc.IntRange(0, 9)),
		rgen: rapid.MapOf(rapid.String(), rapid.IntRange(0, 9)),
		verdict: func(m map[string]int) verdict {
			back := map[string]int{}
			for v, k := range inv(m) {
				back[k] = v
			}
			if len(back) != len(m) {
				return failedA
			}
			return pass
		},
		format: formatStringMap,
		size:   func(m map[string]int) int { return len(m) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "invert",
		Hypothesis: "not measured (our own problem)",
		About:      "a map from strings to digits; fails when inverting it twice loses an entry",
		MinValue:   `map["":0 "\t":0]`,
		MinInput:   []byte{more, 0, 0, more, runeIndex('\t')},
		Why: "two keys with one value are needed; the first key empty (its stop) with value 0, the " +
			"second the simplest non-empty string \"\\t\" (the byte 9, its stop and value trailing): " +
			"5 bytes",
		Space: Space{MaxLen: 5, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindRune && c.Width == 1 {
				return textCands('\r')
			}
			return kindCands(record.KindMore, 2, more)(c)
		}},
		Passing: []Example{
			{"distinct values", []byte{more, 0, 0, more, runeIndex('\t'), 0, intByte(fuzzsrc.IntRange(0, 9), 1)}, `map["":0 "\t":1]`},
		},
	})
}

// account is a record as a user's program keeps it.
type account struct {
	Owner   string
	Balance int32
	Limit   uint8
	Frozen  bool
	History []int16
}

// encode writes a as semicolon-separated fields, history comma-separated,
// without escaping: the bug.
func (a account) encode() string {
	h := make([]string, len(a.History))
	for i, x := range a.History {
		h[i] = strconv.Itoa(int(x))
	}
	return fmt.Sprintf("%s;%d;%d;%t;%s", a.Owner, a.Balance, a.Limit, a.Frozen, strings.Join(h, ","))
}

// decodeAccount parses encode's output; ok is false if it cannot.
func decodeAccount(s string) (a account, ok bool) {
	f := strings.Split(s, ";")
	if len(f) != 5 {
		return a, false
	}
	bal, err1 := strconv.ParseInt(f[1], 10, 32)
	lim, err2 := strconv.ParseUint(f[2], 10, 8)
	frozen, err3 := strconv.ParseBool(f[3])
	if err1 != nil || err2 != nil || err3 != nil {
		return a, false
	}
	a = account{Owner: f[0], Balance: int32(bal), Limit: uint8(lim), Frozen: frozen}
	if f[4] != "" {
		for _, x := range strings.Split(f[4], ",") {
			v, err := strconv.ParseInt(x, 10, 16)
			if err != nil {
				return a, false
			}
			a.History = append(a.History, int16(v))
		}
	}
	return a, true
}

func (a account) equal(b account) bool {
	return a.Owner == b.Owner && a.Balance == b.Balance && a.Limit == b.Limit && a.Frozen == b.Frozen && slices.Equal(a.History, b.History)
}

// recordRoundTrip fills an account with fuzzsrc.Make and fails when encoding and
// decoding it does not give it back.
func recordRoundTrip() Benchmark {
	p := problem[account]{
		gen:  fuzzsrc.Make[account](),
		rgen: rapid.Make[account](),
		verdict: func(a account) verdict {
			if b, ok := decodeAccount(a.encode()); !ok || !a.equal(b) {
				return failedA
			}
			return pass
		},
		format: func(a account) string { return fmt.Sprintf("%+v", a) },
		size:   func(a account) int { return utf8.RuneCountInString(a.Owner) + len(a.History) },
	}
	more := flagByte(fuzzsrc.Size{})
	semi := runeIndex(';')
	return p.fill(Benchmark{
		Name:       "record",
		Hypothesis: "not measured (our own problem)",
		About:      "a struct from fuzzsrc.Make (string, ints, bool, []int16); fails when its ;-separated encoding does not decode back",
		MinValue:   "{Owner:; Balance:0 Limit:0 Frozen:false History:[]}",
		MinInput:   []byte{semi},
		Why: "only a separator inside a string breaks the format (the history's commas cannot appear in " +
			"its numbers), so the owner holds a ';', the byte 0x3b that stands for it; every other " +
			"field is zero and trailing: 1 byte",
		Space: Space{MaxLen: 2, Cands: kindCands(record.KindMore, 100, more)},
		Passing: []Example{
			{"colon", []byte{runeIndex(':')}, "an owner ':' is kept"},
		},
	})
}

// grid is a rows×cols grid of land (true) and water.
type grid struct {
	rows, cols int
	land       []bool
}

func (g grid) at(r, c int) bool { return g.land[r*g.cols+c] }

func (g grid) String() string {
	var b strings.Builder
	for r := range g.rows {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := range g.cols {
			if g.at(r, c) {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

// islands counts the 4-connected islands of land.
func (g grid) islands() int {
	seen := make([]bool, len(g.land))
	n := 0
	var fill func(r, c int)
	fill = func(r, c int) {
		if r < 0 || c < 0 || r >= g.rows || c >= g.cols || seen[r*g.cols+c] || !g.at(r, c) {
			return
		}
		seen[r*g.cols+c] = true
		fill(r-1, c)
		fill(r+1, c)
		fill(r, c-1)
		fill(r, c+1)
	}
	for r := range g.rows {
		for c := range g.cols {
			if g.at(r, c) && !seen[r*g.cols+c] {
				n++
				fill(r, c)
			}
		}
	}
	return n
}

// islandsBuggy counts islands in one scan: a run of land starts a new
// island unless the cell above the run's first cell is land. It misses
// runs joined to the row above further along, and merges.
func (g grid) islandsBuggy() int {
	n := 0
	for r := range g.rows {
		for c := range g.cols {
			if g.at(r, c) && (c == 0 || !g.at(r, c-1)) && (r == 0 || !g.at(r-1, c)) {
				n++
			}
		}
	}
	return n
}

// islands draws a grid, its size first (1..6 by 1..6), then a coin per
// cell, and fails when the one-scan island count is wrong.
func islands() Benchmark {
	gen := fuzzsrc.Custom(func(t *fuzzsrc.T) grid {
		g := grid{rows: fuzzsrc.IntRange(1, 6).Draw(t, "rows"), cols: fuzzsrc.IntRange(1, 6).Draw(t, "cols")}
		for range g.rows * g.cols {
			g.land = append(g.land, fuzzsrc.Bool().Draw(t, "land"))
		}
		return g
	})
	rgen := rapid.Custom(func(t *rapid.T) grid {
		g := grid{rows: rapid.IntRange(1, 6).Draw(t, "rows"), cols: rapid.IntRange(1, 6).Draw(t, "cols")}
		for range g.rows * g.cols {
			g.land = append(g.land, rapid.Bool().Draw(t, "land"))
		}
		return g
	})
	p := problem[grid]{
		gen:  gen,
		rgen: rgen,
		verdict: func(g grid) verdict {
			if g.islands() != g.islandsBuggy() {
				return failedA
			}
			return pass
		},
		format: grid.String,
		size:   func(g grid) int { return g.rows * g.cols },
	}
	on := coinByte(fuzzsrc.Bool())
	two := intByte(fuzzsrc.IntRange(1, 6), 2)
	return p.fill(Benchmark{
		Name:       "islands",
		Hypothesis: "not measured (our own problem)",
		About:      "a grid of 1..6 by 1..6 coins, land or water; fails when a one-scan island count is wrong",
		MinValue:   ".#/##",
		MinInput:   []byte{two, two, 0, on, on, on},
		Why: "one row or one column always counts right, so 2x2 is the smallest grid; among its cells, " +
			"a run that meets the row above only after its first cell is counted twice, and .#/## is the " +
			"smallest such grid in cell order (water first). Lowering rows or cols re-flows every cell " +
			"drawn after it",
		Space: Space{MaxLen: 6, Cands: kindCands(record.KindBool, 2, on)},
		Passing: []Example{
			{"full", []byte{two, two, on, on, on, on}, "##/##: one island"},
			{"diagonal", []byte{two, two, on, 0, 0, on}, "#./.#: two islands"},
		},
	})
}

// queueOp is an operation on a queue: push a digit, or pop.
type queueOp struct {
	pop bool
	v   int
}

func (o queueOp) String() string {
	if o.pop {
		return "pop"
	}
	return fmt.Sprintf("push %d", o.v)
}

// queueOps draws a sequence of pushes and pops, runs it on a ring buffer
// of capacity 2 that overwrites its oldest element when full (the bug: it
// should grow) and on a slice, and fails when a pop differs.
func queueOps() Benchmark {
	op := fuzzsrc.OneOf(
		fuzzsrc.Map(fuzzsrc.IntRange(0, 9), func(v int) queueOp { return queueOp{v: v} }),
		fuzzsrc.Just(queueOp{pop: true}),
	)
	rop := rapid.OneOf(
		rapid.Map(rapid.IntRange(0, 9), func(v int) queueOp { return queueOp{v: v} }),
		rapid.Just(queueOp{pop: true}),
	)
	p := problem[[]queueOp]{
		gen:  fuzzsrc.SliceOf(op),
		rgen: rapid.SliceOf(rop),
		verdict: func(ops []queueOp) verdict {
			var model []int
			var ring [2]int
			head, n := 0, 0
			for _, o := range ops {
				if !o.pop {
					model = append(model, o.v)
					ring[(head+n)%2] = o.v
					if n < 2 {
						n++
					} else {
						head = (head + 1) % 2 // overwrote the oldest
					}
					continue
				}
				if len(model) == 0 {
					continue
				}
				want := model[0]
				model = model[1:]
				got := ring[head]
				head, n = (head+1)%2, n-1
				if want != got {
					return failedA
				}
			}
			return pass
		},
		format: func(ops []queueOp) string {
			parts := make([]string, len(ops))
			for i, o := range ops {
				parts[i] = o.String()
			}
			return "[" + strings.Join(parts, ", ") + "]"
		},
		size: func(ops []queueOp) int { return len(ops) },
	}
	more := flagByte(fuzzsrc.Size{})
	pop := choiceOf(fuzzsrc.OneOf(fuzzsrc.Just(0), fuzzsrc.Just(1))).Encode(1)[0]
	one := intByte(fuzzsrc.IntRange(0, 9), 1)
	return p.fill(Benchmark{
		Name:       "queue",
		Hypothesis: "not measured (our own problem)",
		About:      "pushes of digits and pops on a capacity-2 ring buffer that overwrites when full; fails when a pop differs from a queue's",
		MinValue:   "[push 0, push 1, push 0, pop]",
		MinInput:   []byte{more, 0, 0, more, 0, one, more, 0, 0, more, pop},
		Why: "a wrong pop needs a third push to overwrite the first and a pop to see it, and the first two " +
			"pushes must differ; pushes come first in the pick order, so the first push is 0 and the " +
			"second 1: 11 bytes",
		Space: Space{MaxLen: 11, Cands: kindCands(record.KindMore, 1, more)},
		Passing: []Example{
			{"two pushes", []byte{more, 0, 0, more, 0, one, more, pop}, "[push 0, push 1, pop]: within capacity"},
			{"equal pushes", []byte{more, 0, 0, more, 0, 0, more, 0, 0, more, pop}, "[push 0 ×3, pop]: the overwritten value equals the next"},
		},
	})
}

// formatStringMap prints a map from strings to ints with its keys sorted,
// so that equal maps print alike.
func formatStringMap(m map[string]int) string {
	keys := slices.Sorted(maps.Keys(m))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%q:%d", k, m[k])
	}
	return "map[" + strings.Join(parts, " ") + "]"
}
