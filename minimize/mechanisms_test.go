package minimize_test

import (
	"context"
	"fmt"
	"maps"
	"math"
	"math/bits"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/minimize"
)

// weighted is a record from fuzzsrc.Make: a signed weight and counts.
type weighted struct {
	Weight int8
	Counts []uint8
}

// gained is a sample and the gain, in doublings, applied to it.
// cursorMove is a cursor, a name, and a move of the cursor.
type cursorMove struct {
	Pos  int
	Name string
	Move int
}

// capRequest is a bucket's capacity, a label, and a request from it.
// byteRange is a range of a 16-byte buffer, its high end drawn from its
// low end up.
type byteRange struct{ Lo, Hi int }

type capRequest struct {
	Cap   int
	Label string
	Req   int
}

type gained struct {
	Gain   uint8
	Sample uint16
}

// bucketPlan is a hash table's growth plan: Base buckets doubled Levels
// times, never below Min.
type bucketPlan struct {
	Levels   uint8
	Base     uint16
	Min      uint16
	Preallot bool
}

// counted is a record from fuzzsrc.Make.
type counted struct {
	Name string
	N    int
	On   bool
}

// token is a literal value or, if Ref, a back-reference to the value V
// places back in the output so far.
type token struct {
	Ref bool
	V   int
}

// sumTree is a leaf value or a pair of subtrees.
type sumTree struct {
	leaf int
	l, r *sumTree
}

// String writes a leaf as its digit and a pair as (l r).
func (t *sumTree) String() string {
	if t.l == nil {
		return strconv.Itoa(t.leaf)
	}
	return "(" + t.l.String() + " " + t.r.String() + ")"
}

// sumTreeGen draws a sumTree of leaves -3..3, at most 5 levels deep.
var sumTreeGen = fuzzsrc.Recursive(
	fuzzsrc.Map(fuzzsrc.IntRange(-3, 3), func(v int) *sumTree { return &sumTree{leaf: v} }),
	func(g fuzzsrc.Generator[*sumTree]) fuzzsrc.Generator[*sumTree] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) *sumTree { return &sumTree{l: g.Draw(t, "l"), r: g.Draw(t, "r")} })
	}, 5)

// letterRun is a run of N copies of a letter.
type letterRun struct {
	C rune
	N int
}

// opTree is a digit or an operator applied to two subtrees.
type opTree struct {
	op   int // 0 +, 1 *
	v    int
	l, r *opTree
}

func (e *opTree) String() string {
	if e.l == nil {
		return strconv.Itoa(e.v)
	}
	return "(" + e.l.String() + "+*"[e.op:e.op+1] + e.r.String() + ")"
}

// opTreeGen draws expressions of digits, + and *, at most 5 levels deep.
var opTreeGen = fuzzsrc.Recursive(
	fuzzsrc.Map(fuzzsrc.IntRange(0, 9), func(v int) *opTree { return &opTree{v: v} }),
	func(g fuzzsrc.Generator[*opTree]) fuzzsrc.Generator[*opTree] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) *opTree {
			return &opTree{op: fuzzsrc.IntRange(0, 1).Draw(t, "op"), l: g.Draw(t, "l"), r: g.Draw(t, "r")}
		})
	}, 5)

// dirTree is a file of a size or a named directory of two entries.
type dirTree struct {
	name rune
	size int
	l, r *dirTree
}

func (n *dirTree) String() string {
	if n.l == nil {
		return strconv.Itoa(n.size)
	}
	return string(n.name) + "(" + n.l.String() + " " + n.r.String() + ")"
}

// dirTreeGen draws directory trees at most 5 levels deep.
var dirTreeGen = fuzzsrc.Recursive(
	fuzzsrc.Map(fuzzsrc.IntRange(0, 9), func(v int) *dirTree { return &dirTree{size: v} }),
	func(g fuzzsrc.Generator[*dirTree]) fuzzsrc.Generator[*dirTree] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) *dirTree {
			return &dirTree{name: fuzzsrc.RuneFrom("abc").Draw(t, "name"), l: g.Draw(t, "l"), r: g.Draw(t, "r")}
		})
	}, 5)

// keyTree is a binary tree whose every node, leaves too, holds a key.
type keyTree struct {
	K    int
	L, R *keyTree
}

// leaf and node build keyTrees for the wanted values.
func leaf(k int) *keyTree                         { return &keyTree{K: k} }
func node(l *keyTree, k int, r *keyTree) *keyTree { return &keyTree{K: k, L: l, R: r} }

// searchable reports whether the keys of n lie strictly between lo and
// hi and in search-tree order.
func (n *keyTree) searchable(lo, hi int) bool {
	if n == nil {
		return true
	}
	return lo < n.K && n.K < hi && n.L.searchable(lo, n.K) && n.R.searchable(n.K, hi)
}

// height counts the nodes on the longest path from n to a leaf.
func (n *keyTree) height() int {
	if n == nil {
		return 0
	}
	return 1 + max(n.L.height(), n.R.height())
}

// keyTreeGen draws keyTrees of keys 0..9, at most 4 levels deep.
var keyTreeGen = fuzzsrc.Recursive(
	fuzzsrc.Map(fuzzsrc.IntRange(0, 9), leaf),
	func(g fuzzsrc.Generator[*keyTree]) fuzzsrc.Generator[*keyTree] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) *keyTree {
			return &keyTree{K: fuzzsrc.IntRange(0, 9).Draw(t, "k"), L: g.Draw(t, "l"), R: g.Draw(t, "r")}
		})
	}, 4)

// picked is a list, an index into it and a tag drawn after both.
type picked struct {
	Xs   []int
	I, Y int
}

// lined is lines of text and a line number drawn after them.
type lined struct {
	Lines []string
	N     int
}

// graph is a drawn node count and edges between nodes below it.
type graph struct {
	N     int
	Edges [][2]int
}

// drawGraph draws a node count, then edges whose endpoints are drawn from
// IntRange(0, n-1): draws whose range depends on an earlier draw.
func drawGraph(t *fuzzsrc.T) graph {
	g := graph{N: fuzzsrc.IntRange(1, 20).Draw(t, "n")}
	for fuzzsrc.Bool().Draw(t, "more edges") {
		u := fuzzsrc.IntRange(0, g.N-1).Draw(t, "from")
		v := fuzzsrc.IntRange(0, g.N-1).Draw(t, "to")
		g.Edges = append(g.Edges, [2]int{u, v})
	}
	return g
}

// mechanisms are reduction problems of the kinds a reducer that lowers
// values one at a time and deletes one span at a time gets stuck on, two
// of each kind that look different, solved by one general mechanism.
func mechanisms() []property {
	return []property{
		// Lowering in the draw's own index order, across signs.
		{
			name:   "outside an asymmetric range",
			reason: "fails outside [-3, 4]: -4 (index 8) comes before 5 (index 9) in zigzag order, so a start above 4 must cross to the other sign",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.IntRange(-100, 100).Draw(t, "x") },
			fails:  func(v any) bool { x := v.(int); return x < -3 || x > 4 },
			want:   -4,
		},
		{
			name:   "list element out of bounds",
			reason: "an element outside [-2, 3]: -3 comes before 4, whichever side the start is on",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.Int()).Draw(t, "xs") },
			fails: func(v any) bool {
				return slices.ContainsFunc(v.([]int), func(x int) bool { return x < -2 || x > 3 })
			},
			want: []int{-3},
		},
		// Lowering an earlier value with every later one raised.
		{
			name:   "past midnight",
			reason: "a start time (hour, minute) and a duration of up to 599 minutes that cross midnight: hour 14 needs minute 1 and 599 minutes at once, where one later value cannot make up an hour",
			draw: func(t *fuzzsrc.T) any {
				return [3]int{fuzzsrc.IntRange(0, 23).Draw(t, "h"), fuzzsrc.IntRange(0, 59).Draw(t, "m"), fuzzsrc.IntRange(0, 599).Draw(t, "d")}
			},
			fails: func(v any) bool { d := v.([3]int); return d[0]*60+d[1]+d[2] >= 24*60 },
			want:  [3]int{14, 1, 599},
		},
		{
			name:   "span reaching a date",
			reason: "a start date (year, month, day) and a number of days that cross into 2000-03-01: the earliest year (1997) needs a later month and more days at once, so the minimum is 1997-06-05 and 1000 days",
			draw: func(t *fuzzsrc.T) any {
				return [4]int{fuzzsrc.IntRange(1990, 2010).Draw(t, "y"), fuzzsrc.IntRange(1, 12).Draw(t, "m"), fuzzsrc.IntRange(1, 28).Draw(t, "d"), fuzzsrc.IntRange(0, 1000).Draw(t, "n")}
			},
			fails: func(v any) bool {
				d, march := v.([4]int), time.Date(2000, 3, 1, 0, 0, 0, 0, time.UTC)
				return time.Date(d[0], time.Month(d[1]), d[2], 0, 0, 0, 0, time.UTC).Before(march) &&
					!time.Date(d[0], time.Month(d[1]), d[2]+d[3], 0, 0, 0, 0, time.UTC).Before(march)
			},
			want: [4]int{1997, 6, 5, 1000},
		},
		// Lowering past values that pass to smaller ones that fail.
		{
			name:   "multiple of k in a struct",
			reason: "a record whose count must be a nonzero multiple of 5: {N: 5}, the other fields zero; from 5k, 5k-1 and 5k-2 pass, so lowering must jump (by 5, or by halving); without jump lower it missed 20 of 20",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Make[counted]().Draw(t, "r") },
			fails:  func(v any) bool { r := v.(counted); return r.N%5 == 0 && r.N != 0 },
			want:   counted{N: 5},
		},
		{
			name:   "list sum divisible by 7",
			reason: "a list of 0..100 whose sum is a nonzero multiple of 7: [7]; an element goes down to the next failing sum in steps of 7; without jump lower it missed 19 of 20",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 100)).Draw(t, "xs") },
			fails: func(v any) bool {
				s := sum(v.([]int))
				return s%7 == 0 && s > 0
			},
			want: []int{7},
		},
		{
			name:   "last decimal digit",
			reason: "an int whose last decimal digit is 7: 7; from 10k+7 every value down to 10k-2 passes, so lowering must step by 10",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Int().Draw(t, "x") },
			fails:  func(v any) bool { x := v.(int); return x%10 == 7 || x%10 == -7 },
			want:   7,
		},
		// Deleting several siblings with a later value lowered by as many.
		{
			name:   "pages of four lines and a line number",
			reason: "lines that fill pages of four and, after them, a line number that is the last line's, from 1: four empty lines and 4; only four lines deleted with the number lowered by four keep both",
			draw: func(t *fuzzsrc.T) any {
				return lined{Lines: fuzzsrc.SliceOf(fuzzsrc.String()).Draw(t, "lines"), N: fuzzsrc.IntRange(0, 40).Draw(t, "line")}
			},
			fails: func(v any) bool { l := v.(lined); n := len(l.Lines); return n > 0 && n%4 == 0 && l.N == n },
			want:  lined{Lines: []string{"", "", "", ""}, N: 4},
		},
		{
			name:   "triples and the last index",
			reason: "words in groups of three and, after them, the index of the last one: three words and index 2; only three words deleted with the index lowered by three keep both",
			draw: func(t *fuzzsrc.T) any {
				return picked{Xs: fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 1000)).Draw(t, "words"), I: fuzzsrc.IntRange(0, 30).Draw(t, "last")}
			},
			fails: func(v any) bool { p := v.(picked); n := len(p.Xs); return n > 0 && n%3 == 0 && p.I == n-1 },
			want:  picked{Xs: []int{0, 0, 0}, I: 2},
		},
		// A step deleted from a loop drawn by hand, with its count.
		{
			name:   "self transfer",
			reason: "a count of bank operations, then each drawn as a kind (close every account, deposit, transfer), an account, and for a transfer a second account, and an amount; a transfer reads both balances before writing either, so one to the same account adds the amount: [deposit a0 1, transfer a0 to a0 1]; an operation between them goes only with the count one lower, and the operation cut from the end reads as closing every account, which ends the failure",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(1, 8).Draw(t, "operations")
				var ops [][4]int
				for range n {
					op := [4]int{fuzzsrc.IntRange(0, 2).Draw(t, "kind")}
					if op[0] > 0 {
						op[1] = fuzzsrc.IntRange(0, 2).Draw(t, "account")
					}
					if op[0] == 2 {
						op[2] = fuzzsrc.IntRange(0, 2).Draw(t, "to")
					}
					if op[0] > 0 {
						op[3] = fuzzsrc.IntRange(1, 99).Draw(t, "amount")
					}
					ops = append(ops, op)
				}
				return ops
			},
			fails: func(v any) bool {
				var model, got [3]int
				for _, op := range v.([][4]int) {
					a, to, amt := op[1], op[2], op[3]
					switch op[0] {
					case 0:
						model, got = [3]int{}, [3]int{}
					case 1:
						model[a] += amt
						got[a] += amt
					case 2:
						if model[a] >= amt {
							model[a] -= amt
							model[to] += amt
						}
						if from, into := got[a], got[to]; from >= amt {
							got[a], got[to] = from-amt, into+amt
						}
					}
				}
				return got != model
			},
			want: [][4]int{{1, 0, 0, 1}, {2, 0, 0, 1}},
		},
		{
			name:   "counters with a stale undo",
			reason: "a count of steps, then each drawn as a kind (reset, add, subtract), a counter and an amount; a subtraction after an add to the same counter, with no reset between, starts from the value before the add: [add c0 1, sub c0 1]; a step between them goes only with the count one lower, and the step cut from the end reads as a reset of c0, which ends the failure",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(1, 8).Draw(t, "steps")
				var steps [][3]int
				for range n {
					st := [3]int{fuzzsrc.IntRange(0, 2).Draw(t, "kind"), fuzzsrc.IntRange(0, 3).Draw(t, "counter")}
					if st[0] > 0 {
						st[2] = fuzzsrc.IntRange(1, 9).Draw(t, "amount")
					}
					steps = append(steps, st)
				}
				return steps
			},
			fails: func(v any) bool {
				var model, got [4]int
				var before [4]*int
				for _, st := range v.([][3]int) {
					c, a := st[1], st[2]
					switch st[0] {
					case 0:
						model[c], got[c], before[c] = 0, 0, nil
					case 1:
						if before[c] == nil {
							b := got[c]
							before[c] = &b
						}
						model[c] += a
						got[c] += a
					case 2:
						model[c] -= a
						if before[c] != nil {
							got[c] = *before[c] - a
						} else {
							got[c] -= a
						}
					}
				}
				return got != model
			},
			want: [][3]int{{1, 0, 1}, {2, 0, 1}},
		},
		// Equal values lowered together, but for one that means something else.
		{
			name:   "cube boxes",
			reason: "a box's width, height and depth (1..20) and a quantity (1..20); cubes ordered two or more at a time are priced wrong: 1x1x1, quantity 2; a quantity of 2 and sides of 2 are one group of equal values, which cannot go to 1 together, and the sides alone are three values that must go at once",
			draw: func(t *fuzzsrc.T) any {
				r := fuzzsrc.IntRange(1, 20)
				return [4]int{r.Draw(t, "w"), r.Draw(t, "h"), r.Draw(t, "d"), r.Draw(t, "quantity")}
			},
			fails: func(v any) bool { b := v.([4]int); return b[0] == b[1] && b[1] == b[2] && b[3] >= 2 },
			want:  [4]int{1, 1, 1, 2},
		},
		// A count of doublings traded against the value it doubles.
		{
			name:   "gain shift wraps",
			reason: "a uint16 sample shifted left by a gain in doublings, which loses its top bits: {Gain 1, Sample 0x8000}; from a gain of k, the sample at its least that wraps, 1<<(16-k), must double for each step the gain goes down (19 of 20 missed when a trade across shapes raised the later value only by what keeps a product)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Make[gained]().Draw(t, "g") },
			fails: func(v any) bool {
				g := v.(gained)
				return g.Gain < 16 && uint16(g.Sample<<g.Gain)>>g.Gain != g.Sample
			},
			want: gained{Gain: 1, Sample: 0x8000},
		},
		{
			name:   "buckets doubled past the top",
			reason: "a table's buckets, a uint16 base doubled Levels times, which wraps to fewer than the minimum: {Levels 1, Base 0x8000, Min 1}; from Levels 16 and Base and Min both 1, the two uint16 fields at 1 are amounts, not flags, and the base must double for each level less (19 of 20 missed when wide values at 1 counted as flags)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Make[bucketPlan]().Draw(t, "p") },
			fails: func(v any) bool {
				p := v.(bucketPlan)
				return p.Min > 0 && p.Base >= p.Min && p.Base<<p.Levels < p.Min
			},
			want: bucketPlan{Levels: 1, Base: 0x8000, Min: 1},
		},
		// Two amounts of different ranges, apart, that must keep their
		// sum or their difference.
		{
			name:   "cursor moved onto a cell",
			reason: "a cursor in 0..30 and a move in -10..10, with a name drawn between them, fail when the move is not zero and lands on cell 3: {0, \"\", 3}; from {5, \"\", -2}, each alone lowered passes, both moved one toward zero keep the sum until the move reaches it, and the move must cross zero as the cursor goes on down (19 of 20 missed when amounts of two shapes apart were not paired and a pair stopped at the shrink point)",
			draw: func(t *fuzzsrc.T) any {
				return cursorMove{fuzzsrc.IntRange(0, 30).Draw(t, "pos"), fuzzsrc.String().Draw(t, "name"), fuzzsrc.IntRange(-10, 10).Draw(t, "move")}
			},
			fails: func(v any) bool { c := v.(cursorMove); return c.Move != 0 && c.Pos+c.Move == 3 },
			want:  cursorMove{0, "", 3},
		},
		{
			name:   "a request one over the capacity",
			reason: "a bucket's capacity in 1..50, a label, then a request in 0..1000 that fails when it is exactly one over: {1, \"\", 2}; the two are of different ranges and not next to each other, and only both lowered together keep the failure (11 of 20 missed when such pairs were not lowered)",
			draw: func(t *fuzzsrc.T) any {
				return capRequest{fuzzsrc.IntRange(1, 50).Draw(t, "cap"), fuzzsrc.String().Draw(t, "label"), fuzzsrc.IntRange(0, 1000).Draw(t, "req")}
			},
			fails: func(v any) bool { c := v.(capRequest); return c.Req == c.Cap+1 },
			want:  capRequest{1, "", 2},
		},
		{
			name:   "a range's high end drawn from its low end",
			reason: "a range of a 16-byte buffer, the low end in 0..15 and the high end from the low end up to 15: fails when the high end is the last byte; smallest {15, 15}, one byte, where the high end's range holds one value; from a low end in between the way there is {0, 15}, the low end lowered with the high end kept at the top of its grown range, then the low end's byte deleted so that 15 reads as the low end (14 of 20 ended at a low end from 5 to 14 without keeping values in grown ranges)",
			draw: func(t *fuzzsrc.T) any {
				lo := fuzzsrc.IntRange(0, 15).Draw(t, "lo")
				return byteRange{lo, fuzzsrc.IntRange(lo, 15).Draw(t, "hi")}
			},
			fails: func(v any) bool { return v.(byteRange).Hi == 15 },
			want:  byteRange{15, 15},
		},
		// Two values that must stay in order, both positive or both
		// negative.
		{
			name:   "ids sorted as text",
			reason: "two ids from -50..50 that a listing sorts by their decimal text: they fail when the text order is not the numeric one, [-1, -2] first; from [2, 10] or [2, 12] each one lower alone, or both keeping their signs, passes, and both one index lower, [-1, -9], fails (4 of 20 missed when a pair was lowered only by magnitude)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOfN(fuzzsrc.IntRange(-50, 50), 2, 2).Draw(t, "ids") },
			fails: func(v any) bool {
				xs := v.([]int)
				a, b := strconv.Itoa(xs[0]), strconv.Itoa(xs[1])
				return (a < b) != (xs[0] < xs[1]) && xs[0] != xs[1]
			},
			want: []int{-1, -2},
		},
		{
			name:   "row counts in a padded column",
			reason: "a report's counts per shard, in ten-thousandths, formatted without padding and compared as text to find the largest: fails when the text maximum is not the numeric one; 10^k -> 10^(k-1) keeps the leading digit where halving and steps land on values that pass, down to [2, 10] (19 of 20 missed without dividing by ten)",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 1_000_000_000), 2, 2).Draw(t, "counts")
			},
			fails: func(v any) bool {
				xs := v.([]int)
				a, b := strconv.Itoa(xs[0]), strconv.Itoa(xs[1])
				return xs[0] > 1 && xs[1] > xs[0] && a > b
			},
			want: []int{2, 10},
		},
		// Values that fail in a window below each multiple of a period.
		{
			name:   "minutes rounded up to sixty",
			reason: "a time of day in seconds, 0..35999, shown as hours and minutes with the minutes rounded: 59.5 minutes or more shows as \"h:60\", the bug; the windows [3570, 3600) + 3600k fail, 3570 first; from k hours up, halving and steps land between the windows, a k-th rounded down lands in the first (3 of 20 missed without dividing by primes that do not divide the value)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.IntRange(0, 35_999).Draw(t, "seconds") },
			fails:  func(v any) bool { return v.(int)%3600 >= 3570 },
			want:   3570,
		},
		// Values that fail at the odd multiples of a base.
		{
			name:   "heading at the wrap",
			reason: "a heading in degrees normalized into (-180, 180] with < for <=, so that one normalized to exactly -180 stays there: the odd multiples of 180 fail, 180 first; from 900 or 1620, halving and steps land between them, a fifth or a ninth lands on 180 (15 of 20 missed without dividing by odd primes)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.IntRange(-2000, 2000).Draw(t, "heading") },
			fails: func(v any) bool {
				r := math.Mod(float64(v.(int))+180, 360) - 180
				if r < -180 {
					r += 360
				}
				return r == -180
			},
			want: 180,
		},
		{
			name:   "diagonal bearing",
			reason: "a bearing in degrees that a grid walker takes for a diagonal only half-way between axes, x%90 == 45: the odd multiples of 45 fail, 45 first; from 45*k the steps below a value pass, and a division by each odd prime factor of k lands on a smaller odd multiple, down to 45 (19 of 20 missed without the divisions)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.IntRange(0, 4000).Draw(t, "bearing") },
			fails:  func(v any) bool { return v.(int)%90 == 45 },
			want:   45,
		},
		// Two steps exchanged with the references to what they made.
		{
			name:   "closing the wrong account",
			reason: "a program that opens accounts with a limit 0..9 and closes one of them, by a reference counted back from the newest (0, the simplest, names the newest), where Close closes the open account with the smallest limit: Open(0), Open(1), Close(a2); from Open(1), Open(0), Close(a1), exchanging the opens makes the reference name the account it did not (missed when two steps were exchanged without the references in the step after them)",
			draw: func(t *fuzzsrc.T) any {
				var calls []string
				var open []int // the accounts' limits, -1 once closed
				accounts := fuzzsrc.NewPool[int]("a")
				fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
					{Name: "Open", Run: func(t *fuzzsrc.T) {
						limit := fuzzsrc.IntRange(0, 9).Draw(t, "limit")
						calls = append(calls, fmt.Sprintf("Open(%d)", limit))
						accounts.Add(t, len(open))
						open = append(open, limit)
					}},
					{Name: "Close", Run: func(t *fuzzsrc.T) {
						h := accounts.Draw(t, "h")
						calls = append(calls, fmt.Sprintf("Close(a%d)", h+1))
						if open[h] < 0 {
							return // closed already
						}
						smallest := h
						for i, l := range open {
							if l >= 0 && l < open[smallest] {
								smallest = i
							}
						}
						if smallest != h {
							calls = append(calls, "wrong")
						}
						open[h] = -1
					}},
				}})
				return calls
			},
			fails: func(v any) bool { return slices.Contains(v.([]string), "wrong") },
			want:  []string{"Open(0)", "Open(1)", "Close(a2)", "wrong"},
		},
		// Two like steps joined into one.
		{
			name:   "appends past a buffer",
			reason: "a program of appends of one to four digits to a list that keeps two and drops the rest, failing when it holds fewer than were appended: one append of three zeros; the appends of a failing program are joined into one, as deleting either alone leaves too few, and the second's first digit has no \"one more?\" of its own (missed when no pass joined two like steps' collections)",
			draw: func(t *fuzzsrc.T) any {
				var appends [][]int
				fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
					{Name: "Append", Run: func(t *fuzzsrc.T) {
						appends = append(appends, fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), 1, 4).Draw(t, "xs"))
					}},
				}})
				return appends
			},
			fails: func(v any) bool {
				total, kept := 0, 0
				for _, xs := range v.([][]int) {
					total += len(xs)
					kept = min(kept+len(xs), 2)
				}
				return kept < total
			},
			want: [][]int{{0, 0, 0}},
		},
		// Two adjacent values of two shapes lowered together.
		{
			name:   "the last column",
			reason: "a table width 1..100 then a column 0..200, failing on the last column of a table at least two wide (an off-by-one at the edge): width 2, column 1; lowering either alone leaves the column off the edge, both together walk down (a median of 83 runs, through the search of a common offset, when only values of one shape were lowered together; 24 with)",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(1, 100).Draw(t, "width"), fuzzsrc.IntRange(0, 200).Draw(t, "column")}
			},
			fails: func(v any) bool { wc := v.([2]int); return wc[0] >= 2 && wc[1] == wc[0]-1 },
			want:  [2]int{2, 1},
		},
		// A later alternative that reads the first values of an earlier one.
		{
			name:   "a read instead of a write",
			reason: "a log of writes (a user 0..3 and a size) and reads (a user), failing when one signed-in user (not 0) makes two requests: read 1, then write 1 of size 0 (at the end the size is a zero that is not there); a write is the first alternative but a byte longer, and a write raised to a read with its size deleted keeps its user, where deleting both leaves the read to take the next request's bytes, or zero at the end (missed when a later alternative was tried only with the whole child deleted)",
			draw: func(t *fuzzsrc.T) any {
				user := fuzzsrc.IntRange(0, 3)
				return fuzzsrc.SliceOf(fuzzsrc.OneOf(
					fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int {
						return [2]int{user.Draw(t, "user"), fuzzsrc.IntRange(0, 99).Draw(t, "size")}
					}),
					fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int { return [2]int{user.Draw(t, "user"), -1} }),
				)).Draw(t, "log")
			},
			fails: func(v any) bool {
				requests := map[int]int{}
				for _, r := range v.([][2]int) {
					if r[0] != 0 {
						requests[r[0]]++
					}
				}
				return slices.Max(append(slices.Collect(maps.Values(requests)), 0)) >= 2
			},
			want: [][2]int{{1, -1}, {1, 0}},
		},
		// An element deleted with its entry in a later loop.
		{
			name:   "a role per user",
			reason: "a list of user names, then an admin flag for each name drawn in a loop after the list, failing on an admin named b: [b] with [true]; from [a b] and [false true], deleting a leaves b with a's flag, false, unless a's flag, at its simplest, goes too (missed when a deletion whose run drew fewer choices than it deleted was not retried with that many simplest choices after it deleted)",
			draw: func(t *fuzzsrc.T) any {
				names := fuzzsrc.SliceOf(fuzzsrc.StringOfN(fuzzsrc.RuneFrom("ab"), 1, 3)).Draw(t, "names")
				admin := make([]bool, len(names))
				for i := range admin {
					admin[i] = fuzzsrc.Bool().Draw(t, "admin")
				}
				return [2]any{names, admin}
			},
			fails: func(v any) bool {
				names, admin := v.([2]any)[0].([]string), v.([2]any)[1].([]bool)
				for i, n := range names {
					if n == "b" && admin[i] {
						return true
					}
				}
				return false
			},
			want: [2]any{[]string{"b"}, []bool{true}},
		},
		// The last value cut with an earlier value switched on.
		{
			name:   "a complement flag",
			reason: "a flag and an int that the flag complements (^x), failing on a negative result: flag on, 0 (one byte); from flag off and -1 (nine bytes), cutting -1 leaves 0, which passes, unless the flag goes on in the same candidate (missed when the last value was cut only with a value of its own shape raised)",
			draw: func(t *fuzzsrc.T) any {
				return [2]any{fuzzsrc.Bool().Draw(t, "invert"), fuzzsrc.Int().Draw(t, "x")}
			},
			fails: func(v any) bool {
				x := v.([2]any)[1].(int)
				if v.([2]any)[0].(bool) {
					x = ^x
				}
				return x < 0
			},
			want: [2]any{true, 0},
		},
		{
			name:   "a code or an amount",
			reason: "an order's voucher flag (worth 50) then a discount 0..1000 typed in, failing when the discount reaches 50: the voucher alone; from no voucher and 50, the amount is cut only with the voucher on in the same candidate (missed when the last value was cut only with a value of its own shape raised)",
			draw: func(t *fuzzsrc.T) any {
				return [2]any{fuzzsrc.Bool().Draw(t, "voucher"), fuzzsrc.IntRange(0, 1000).Draw(t, "amount")}
			},
			fails: func(v any) bool {
				d := v.([2]any)[1].(int)
				if v.([2]any)[0].(bool) {
					d += 50
				}
				return d >= 50
			},
			want: [2]any{true, 0},
		},
		// Jumps by a power of ten, and by groups of bits.
		{
			name:   "a seven in the tens",
			reason: "a count 0..100000 printed in decimal, failing when its tens digit is 7: 70; below a failing value the next failures lie 100 lower (x71 to x79 then x70 pass by), which no step nor halving reaches (missed when jump lower had no stride of a higher power of ten)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.IntRange(0, 100000).Draw(t, "count") },
			fails:  func(v any) bool { return v.(int)/10%10 == 7 },
			want:   70,
		},
		{
			name:   "a high leading hex digit",
			reason: "a uint64 written in hexadecimal, failing when its leading digit is 8 or more: 8; once lowering leaves a power of two whose leading digit is 8, the next failure is four bits lower, which halving once does not reach (missed when jump lower did not shift a value by its zero low bits)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Integers[uint64]().Draw(t, "x") },
			fails: func(v any) bool {
				x := v.(uint64)
				shift := (bits.Len64(x) - 1) / 4 * 4 // the leading digit's
				return x != 0 && x>>shift >= 8
			},
			want: uint64(8),
		},
		// A jump that paid, tried again first.
		{
			name:   "every ninth day and the next",
			reason: "a day number at least 50000 that is 0 or 1 modulo 9: 50004; no step of jump lower is 9, but a step of 8 and a lowering by one land a period lower, which, remembered, lets the next jump go down in multiples of 9 (each round went down by one period: billions of runs from a start near 2^39)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.IntRange(0, 1<<40).Draw(t, "day") },
			fails:  func(v any) bool { d := v.(int); return d >= 50000 && d%9 <= 1 },
			want:   50004,
		},
		{
			name:   "aisle seats",
			reason: "a seat number at least 70000 on an aisle of a row of 11 (seat 0 or 5 modulo 11): 70004; jumps go down 5 and 6 in turn, so the period is the distance to the landing before last",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.IntRange(0, 1<<36).Draw(t, "seat") },
			fails:  func(v any) bool { s := v.(int); return s >= 70000 && (s%11 == 0 || s%11 == 5) },
			want:   70004,
		},
		{
			name:   "a total in a ledger of dozens",
			reason: "amounts whose sum is at least 100000 and 0, 1 or 2 modulo 12: [100008]; a step of 10 and a lowering by two land a period lower",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 1<<30)).Draw(t, "amounts") },
			fails: func(v any) bool {
				s := sum(v.([]int))
				return s >= 100000 && s%12 <= 2
			},
			want: []int{100008},
		},
		// Lowering to the simpler values a draw names.
		{
			name:   "float fraction bits",
			reason: "fails with more than six fractional bits: integers and [1, 2) come first in float order, so 1 + 1/128; values below 1, such as 0.5078125, come after, and the codes between pass",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Float64().Draw(t, "x") },
			fails: func(v any) bool {
				x := v.(float64)
				return !math.IsNaN(x) && !math.IsInf(x, 0) && x*64 != math.Floor(x*64)
			},
			want: 1.0078125,
		},
		{
			name:   "a long fraction past a threshold",
			reason: "a float of at least 5e6 with 20 or more fractional bits: 5000000 + 2^-20, in the exponent of [2^22, 2^23), at the least integer part, with the least fraction of 20 bits; the named values move the integer part down with the fraction kept",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Float64().Draw(t, "x") },
			fails: func(v any) bool {
				x := v.(float64)
				return x >= 5e6 && x < 1<<52 && fracBits(x) >= 20
			},
			want: 5000000 + 1.0/(1<<20),
		},
		{
			name:   "a balance not held to the cent",
			reason: "a float32 balance of at least 100000 that is not a whole number of cents: 100000.125, the first fraction of [65536, 131072) that is not (0.5, 0.25, 0.75 are), at the least integer part",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Float32().Draw(t, "balance") },
			fails: func(v any) bool {
				x := float64(v.(float32))
				return x >= 100000 && x < 1<<24 && x*100 != math.Round(x*100)
			},
			want: float32(100000.125),
		},
		{
			name:   "quantity times price",
			reason: "floor(q*p) != q*floor(p): q is 2, and p the first non-integer, 1.5; 0.5 fails too but comes after every value from 1 up",
			draw: func(t *fuzzsrc.T) any {
				return [2]any{fuzzsrc.IntRange(0, 9).Draw(t, "q"), fuzzsrc.Float64().Draw(t, "p")}
			},
			fails: func(v any) bool {
				p := v.([2]any)
				q, x := float64(p[0].(int)), p[1].(float64)
				return !math.IsNaN(x) && math.Abs(x) < 1e9 && math.Floor(q*x) != q*math.Floor(x)
			},
			want: [2]any{2, 1.5},
		},
		// Draws whose range depends on an earlier draw.
		{
			name:   "graph with a 2-cycle",
			reason: "edges u->v and v->u, u != v: two nodes; lowering the node count must keep the endpoints",
			draw:   func(t *fuzzsrc.T) any { return drawGraph(t) },
			fails: func(v any) bool {
				g := v.(graph)
				for _, e := range g.Edges {
					if e[0] != e[1] && slices.Contains(g.Edges, [2]int{e[1], e[0]}) {
						return true
					}
				}
				return false
			},
			want: graph{N: 2, Edges: [][2]int{{0, 1}, {1, 0}}},
		},
		{
			name:   "pick then tag",
			reason: "a list, an index into it, then a tag, failing when the picked value is 7 and the tag 3: [7], index 0, tag 3; with one element left the index's range holds one value and reads nothing, so deleting the others makes the tag read the index's byte unless the retry deletes it (19 of 20 missed without)",
			draw: func(t *fuzzsrc.T) any {
				xs := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), 1, -1).Draw(t, "xs")
				i := fuzzsrc.IntRange(0, len(xs)-1).Draw(t, "i")
				return picked{xs, i, fuzzsrc.IntRange(0, 9).Draw(t, "tag")}
			},
			fails: func(v any) bool { p := v.(picked); return p.Xs[p.I] == 7 && p.Y == 3 },
			want:  picked{[]int{7}, 0, 3},
		},
		{
			name:   "cut deck",
			reason: "cards, a cut point among them, then a deal count, failing when the top card after the cut is a 12 and 3 deals are made: [12] and 3; the cut reads nothing once one card is left (3 of 20 missed without the retry that deletes its byte)",
			draw: func(t *fuzzsrc.T) any {
				cards := fuzzsrc.SliceOfN(fuzzsrc.IntRange(1, 13), 1, 8).Draw(t, "cards")
				cut := fuzzsrc.IntRange(0, len(cards)-1).Draw(t, "cut")
				deck := append(slices.Clone(cards[cut:]), cards[:cut]...)
				return append(deck, fuzzsrc.IntRange(1, 4).Draw(t, "deals"))
			},
			fails: func(v any) bool { d := v.([]int); return d[0] == 12 && d[len(d)-1] == 3 },
			want:  []int{12, 3},
		},
		{
			name:   "two indices to equal values",
			reason: "indices into a drawn list that pick two places holding one value: a list of two zeros, indices 1 and 0 (a last 0 is free)",
			draw: func(t *fuzzsrc.T) any {
				xs := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 50), 1, -1).Draw(t, "xs")
				i := fuzzsrc.IntRange(0, len(xs)-1).Draw(t, "i")
				j := fuzzsrc.IntRange(0, len(xs)-1).Draw(t, "j")
				return [3]any{xs, i, j}
			},
			fails: func(v any) bool {
				p := v.([3]any)
				xs, i, j := p[0].([]int), p[1].(int), p[2].(int)
				return i != j && xs[i] == xs[j]
			},
			want: [3]any{[]int{0, 0}, 1, 0},
		},
		// Adjacent elements that can only be deleted together.
		{
			name:   "nested brackets",
			reason: "a balanced string of depth 2: (()); deleting one bracket unbalances it, so a pair () must go at once",
			draw:   func(t *fuzzsrc.T) any { return string(fuzzsrc.SliceOf(fuzzsrc.SampledFrom([]rune("()"))).Draw(t, "s")) },
			fails: func(v any) bool {
				depth, most := 0, 0
				for _, r := range v.(string) {
					if r == '(' {
						depth++
					} else {
						depth--
					}
					if depth < 0 {
						return false
					}
					most = max(most, depth)
				}
				return depth == 0 && most >= 2
			},
			want: "(())",
		},
		{
			name:   "grid row",
			reason: "rows of three; fails on whole rows with one summing to 10 or more: [1 9 0] (a last 0 is free), other rows deleted whole",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 9)).Draw(t, "cells") },
			fails: func(v any) bool {
				xs := v.([]int)
				if len(xs) == 0 || len(xs)%3 != 0 {
					return false
				}
				for r := 0; r < len(xs); r += 3 {
					if xs[r]+xs[r+1]+xs[r+2] >= 10 {
						return true
					}
				}
				return false
			},
			want: []int{1, 9, 0},
		},
		// Runs of elements that can only go together.
		{
			name:   "whole triples",
			reason: "records of two values read as triples, failing when the length is a multiple of 3 and the first of the last triple is 7: [{7 0} {0 0} {0 0}]; deleting one or two records breaks the triples, and a run of three records is nine choices (13 of 20 missed without deleting runs of siblings)",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int {
					return [2]int{fuzzsrc.IntRange(0, 9).Draw(t, "a"), fuzzsrc.IntRange(0, 9).Draw(t, "b")}
				})).Draw(t, "xs")
			},
			fails: func(v any) bool {
				xs := v.([][2]int)
				return len(xs) >= 3 && len(xs)%3 == 0 && xs[len(xs)-3][0] == 7
			},
			want: [][2]int{{7, 0}, {0, 0}, {0, 0}},
		},
		{
			name:   "flat pixels",
			reason: "channels with a level and a gamma, read three to a pixel, failing when the last pixel is red (R >= 200, G < 50): [{200 0} {0 0} {0 0}], other pixels deleted whole (9 of 20 missed without deleting runs of siblings)",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int {
					return [2]int{fuzzsrc.IntRange(0, 255).Draw(t, "level"), fuzzsrc.IntRange(0, 3).Draw(t, "gamma")}
				})).Draw(t, "channels")
			},
			fails: func(v any) bool {
				xs := v.([][2]int)
				return len(xs) >= 3 && len(xs)%3 == 0 && xs[len(xs)-3][0] >= 200 && xs[len(xs)-2][0] < 50
			},
			want: [][2]int{{200, 0}, {0, 0}, {0, 0}},
		},
		// Coordinated changes: delete and raise another value.
		{
			name:   "sum of a list",
			reason: "a list of at most 100 each summing to 150: two elements, [50 100]; deleting one needs another raised",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 100)).Draw(t, "xs") },
			fails: func(v any) bool {
				s := sum(v.([]int))
				return s >= 150
			},
			want: []int{50, 100},
		},
		{
			name:   "counted values with a total",
			reason: "a count, then that many values of at most 100 totalling 150: 2 values, [50 100]; dropping a value needs the count lowered and another value raised in one step",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(1, 5).Draw(t, "n")
				xs := make([]int, n)
				for i := range xs {
					xs[i] = fuzzsrc.IntRange(0, 100).Draw(t, "x")
				}
				return xs
			},
			fails: func(v any) bool {
				s := sum(v.([]int))
				return s >= 150
			},
			want: []int{50, 100},
		},
		{
			name:   "base and increments",
			reason: "a base in 0..1000 and increments in 1..9 reaching 1000 in all: the base alone, 1000; an increment goes only with the base raised",
			draw: func(t *fuzzsrc.T) any {
				return [2]any{fuzzsrc.IntRange(0, 1000).Draw(t, "base"), fuzzsrc.SliceOf(fuzzsrc.IntRange(1, 9)).Draw(t, "incs")}
			},
			fails: func(v any) bool {
				p := v.([2]any)
				s := p[0].(int) + sum(p[1].([]int))
				return s >= 1000
			},
			want: [2]any{1000, []int(nil)},
		},
		{
			name:   "area of a rectangle",
			reason: "a width and a height of 1..10000 whose product must reach 1000: [1000 1], all on the width, since the height's 1 (index 0) is free at the end; moving units from height to width keeps the sum, not the product, so the height goes to 1 only with the width raised in the same step",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(1, 10000).Draw(t, "width"), fuzzsrc.IntRange(1, 10000).Draw(t, "height")}
			},
			fails: func(v any) bool { r := v.([2]int); return r[0]*r[1] >= 1000 },
			want:  [2]int{1000, 1},
		},
		// A count that sizes the units after it, lowered together with
		// deleting one element of every unit.
		{
			name:   "column sum of a grid",
			reason: "rows and columns of 1..4, then digits row by row; fails when a column sums to 10 or more: two rows of one column, [1 9]; a wider grid narrows only with a cell of every row deleted as the column count goes down",
			draw: func(t *fuzzsrc.T) any {
				rows, cols := fuzzsrc.IntRange(1, 4).Draw(t, "rows"), fuzzsrc.IntRange(1, 4).Draw(t, "cols")
				cells := make([]int, rows*cols)
				for i := range cells {
					cells[i] = fuzzsrc.IntRange(0, 9).Draw(t, "cell")
				}
				return [3]any{rows, cols, cells}
			},
			fails: func(v any) bool {
				g := v.([3]any)
				rows, cols, cells := g[0].(int), g[1].(int), g[2].([]int)
				for c := range cols {
					sum := 0
					for r := range rows {
						sum += cells[r*cols+c]
					}
					if sum >= 10 {
						return true
					}
				}
				return false
			},
			want: [3]any{2, 1, []int{1, 9}},
		},
		{
			name:   "records with a repeated key",
			reason: "a field count of 1..4, then records of that many digits; fails when two records share their first field but not their second: [[0 1] [0 0]], whose last zeros are free; more fields go only one from every record at a time",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(1, 4).Draw(t, "fields")
				return fuzzsrc.SliceOf(fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), n, n)).Draw(t, "records")
			},
			fails: func(v any) bool {
				recs := v.([][]int)
				for i, a := range recs {
					for _, b := range recs[i+1:] {
						if len(a) >= 2 && a[0] == b[0] && a[1] != b[1] {
							return true
						}
					}
				}
				return false
			},
			want: [][]int{{0, 1}, {0, 0}},
		},
		// Changes made in lockstep to identical spans.
		{
			name:   "two equal words",
			reason: "words over {a, b}, two of them equal and 3+ letters long: [aaa aaa]; a letter deleted or lowered in one word alone makes them differ, so it must go in both at once",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab"))).Draw(t, "words")
			},
			fails: func(v any) bool {
				ws := v.([]string)
				for i := range ws {
					for _, w := range ws[i+1:] {
						if ws[i] == w && len(w) >= 3 {
							return true
						}
					}
				}
				return false
			},
			want: []string{"aaa", "aaa"},
		},
		{
			name:   "a list and its copy",
			reason: "two lists drawn apart that must be equal and 2+ long: [0 0] twice; deleting an element of one alone makes them differ",
			draw: func(t *fuzzsrc.T) any {
				g := fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 3))
				return [2][]int{g.Draw(t, "xs"), g.Draw(t, "ys")}
			},
			fails: func(v any) bool {
				p := v.([2][]int)
				return len(p[0]) >= 2 && slices.Equal(p[0], p[1])
			},
			want: [2][]int{{0, 0}, {0, 0}},
		},
		{
			name:   "rising column",
			reason: "rows of four cells 0..3, failing when a column rises from a nonzero first row to the second: [[1 0 0 0] [2 0 0 0]]; from [[0 0 1 0] [0 0 2 0]] moving the value to the first column in one row alone breaks the column, so the move is made in every row",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 3), 4, 4)).Draw(t, "rows")
			},
			fails: func(v any) bool {
				rows := v.([][]int)
				if len(rows) < 2 {
					return false
				}
				for j := range 4 {
					if rows[0][j] >= 1 && rows[1][j] > rows[0][j] {
						return true
					}
				}
				return false
			},
			want: [][]int{{1, 0, 0, 0}, {2, 0, 0, 0}},
		},
		// An earlier value lowered with a later one raised by more.
		{
			name:   "product budget",
			reason: "a count and a size in 0..50 whose product must reach 100: (2, 50); from (4, 25) a count one lower needs a size 9 higher, more than the count gave up",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(0, 50).Draw(t, "count"), fuzzsrc.IntRange(0, 50).Draw(t, "size")}
			},
			fails: func(v any) bool { p := v.([2]int); return p[0]*p[1] >= 100 },
			want:  [2]int{2, 50},
		},
		{
			name:   "comment marker",
			reason: "a byte list holding '#' or '@': [#]; '@' is 29 above '#' with no failing byte between them (10 of 20 missed when a byte's jumps stepped down only to 16)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.Byte()).Draw(t, "b") },
			fails: func(v any) bool {
				for _, c := range v.([]byte) {
					if c == '#' || c == '@' {
						return true
					}
				}
				return false
			},
			want: []byte{'#'},
		},
		{
			name:   "monotone run",
			reason: "a list of small ints with a strictly monotone run of four, either way: [3 2 1 0], whose 0 at the input's end reads from nothing; the sorted [0 1 2 3] is a byte longer, and moving its 0 last breaks the run (without the reversed order, every input ends there)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 50)).Draw(t, "xs") },
			fails: func(v any) bool {
				xs := v.([]int)
				run := func(less func(a, b int) bool) bool {
					n := 1
					for i := 1; i < len(xs); i++ {
						if less(xs[i-1], xs[i]) {
							n++
						} else {
							n = 1
						}
						if n >= 4 {
							return true
						}
					}
					return false
				}
				return run(func(a, b int) bool { return a < b }) || run(func(a, b int) bool { return a > b })
			},
			want: []int{3, 2, 1, 0},
		},
		{
			name:   "feet and inches",
			reason: "a length in feet (0..9) and inches (0..11), over 40 inches with the inches not zero: [3 5]; from [4 1] a foot less needs 4 inches more than 1, a raise the two values' magnitudes do not suggest (7 of 20 missed without doubling the raise on)",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(0, 9).Draw(t, "ft"), fuzzsrc.IntRange(0, 11).Draw(t, "in")}
			},
			fails: func(v any) bool { x := v.([2]int); return 12*x[0]+x[1] > 40 && x[1] > 0 },
			want:  [2]int{3, 5},
		},
		{
			name:   "version at least",
			reason: "a version major.minor.patch (0..9, 0..99, 0..999) at least 2.1.50 with a nonzero patch: [2 1 50]; from [2 2 1] a minor less needs the patch 49 higher (20 of 20 missed without doubling the raise on)",
			draw: func(t *fuzzsrc.T) any {
				return [3]int{fuzzsrc.IntRange(0, 9).Draw(t, "major"), fuzzsrc.IntRange(0, 99).Draw(t, "minor"), fuzzsrc.IntRange(0, 999).Draw(t, "patch")}
			},
			fails: func(v any) bool { x := v.([3]int); return x[0]*100000+x[1]*1000+x[2] >= 201050 && x[2] > 0 },
			want:  [3]int{2, 1, 50},
		},
		{
			name:   "opening bracket",
			reason: "a string holding '(', '[' or '{': \"(\"; '[' is 51 above '(' and '{' 32 above '[', with only characters that pass between them (15 of 20 missed without sweeping lower)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.String().Draw(t, "s") },
			fails:  func(v any) bool { return strings.ContainsAny(v.(string), "([{") },
			want:   "(",
		},
		{
			name:   "opcode",
			reason: "a program of bytes holding opcode 0x42, 0xA5 or 0xE7: [0x42]; the three lie 66 and 99 apart (13 of 20 missed without sweeping lower)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.Byte()).Draw(t, "prog") },
			fails: func(v any) bool {
				return slices.ContainsFunc(v.([]byte), func(b byte) bool { return b == 0x42 || b == 0xA5 || b == 0xE7 })
			},
			want: []byte{0x42},
		},
		{
			name:   "lower then upper",
			reason: "a string with a lower-case letter followed by an upper-case one: \"aA\"; from \"aÀ\" every character between 'A' and 'À' (127 below) passes (15 of 20 missed without sweeping lower)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.String().Draw(t, "s") },
			fails: func(v any) bool {
				rs := []rune(v.(string))
				for i := 1; i < len(rs); i++ {
					if unicode.IsLower(rs[i-1]) && unicode.IsUpper(rs[i]) {
						return true
					}
				}
				return false
			},
			want: "aA",
		},
		{
			name:   "length in bytes",
			reason: "a string of at least 10 bytes of UTF-8: three runes of two bytes and one of four, 4 bytes of input; from ten one-byte runes, a rune is deleted only with another raised past ASCII (20 of 20 missed without deleting and raising)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.String().Draw(t, "s") },
			fails:  func(v any) bool { return len(v.(string)) >= 10 },
			want:   "\u0080\u0080\u0080\U00011854",
		},
		{
			name:   "labels in bytes",
			reason: "a list of labels of at least 7 bytes of UTF-8 in all: [\"\\t\\u0080\\U00011854\"], runes of one, two and four bytes in 3 bytes of input (16 of 20 missed without deleting and raising)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.String()).Draw(t, "labels") },
			fails: func(v any) bool {
				n := 0
				for _, l := range v.([]string) {
					n += len(l)
				}
				return n >= 7
			},
			want: []string{"\t\u0080\U00011854"},
		},
		{
			name:   "a Han character",
			reason: "a string holding a Han character: \"\\u889a\", the first rune of the second escape block, one byte of input at the end (its offset reads zeros); from another Han character of three bytes, the escape is raised with its offset cut (5 of 20 missed without cutting the last draw)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.String().Draw(t, "s") },
			fails: func(v any) bool {
				return strings.ContainsFunc(v.(string), func(r rune) bool { return unicode.Is(unicode.Han, r) })
			},
			want: "\u889a",
		},
		{
			name:   "rune then count",
			reason: "a rune past ASCII, then a count of at least 100: [U+0080 100]; a rune drawn through an escape (three bytes) must become the one-byte U+0080, and lowering its first byte alone turns its offset into the count (1 of 20 missed without collapsing spans, 3 of 40 at another seed)",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{int(fuzzsrc.Rune().Draw(t, "r")), fuzzsrc.IntRange(0, 255).Draw(t, "n")}
			},
			fails: func(v any) bool { x := v.([2]int); return x[0] >= 0x80 && x[1] >= 100 },
			want:  [2]int{0x80, 100},
		},
		{
			name:   "numbers in text",
			reason: "a string whose numbers add up to more than 100: \"101\"; from \"200\" the first digit one lower needs the last digit raised, two runes apart (6 of 20 missed when trades were only between adjacent choices)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.String().Draw(t, "s") },
			fails: func(v any) bool {
				n := 0
				for _, f := range strings.FieldsFunc(v.(string), func(r rune) bool { return r < '0' || r > '9' }) {
					x, _ := strconv.Atoi(f)
					n += x
				}
				return n > 100
			},
			want: "101",
		},
		{
			name:   "two-digit code",
			reason: "a list of digits whose first two, read as a number, are odd and at least 25: [2 5]; from [3 1] the tens one lower needs the units raised by 4, past the list's flag between them (18 of 20 missed when trades were only between adjacent choices)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 9)).Draw(t, "digits") },
			fails: func(v any) bool {
				xs := v.([]int)
				return len(xs) >= 2 && 10*xs[0]+xs[1] >= 25 && xs[1]%2 == 1
			},
			want: []int{2, 5},
		},
		// Two like parts merged into one holding their total.
		{
			name:   "runs of a letter",
			reason: "runs of letters a to c, 1 to 9 long, failing when they add up to 13 letters: [a×4 a×9]; deleting a run or lowering a length changes the total, so a run must go with its length added to another (9 of 20 missed without merging siblings)",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) letterRun {
					return letterRun{fuzzsrc.RuneFrom("abc").Draw(t, "letter"), fuzzsrc.IntRange(1, 9).Draw(t, "length")}
				})).Draw(t, "runs")
			},
			fails: func(v any) bool {
				n := 0
				for _, r := range v.([]letterRun) {
					n += r.N
				}
				return n == 13
			},
			want: []letterRun{{'a', 4}, {'a', 9}},
		},
		{
			name:   "cart quantities",
			reason: "cart lines of an item 0..3 and a quantity 1..8, failing when item 0's quantities add up to 10: [{0 2} {0 8}] (6 of 20 missed without merging siblings)",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int {
					return [2]int{fuzzsrc.IntRange(0, 3).Draw(t, "item"), fuzzsrc.IntRange(1, 8).Draw(t, "qty")}
				})).Draw(t, "lines")
			},
			fails: func(v any) bool {
				n := 0
				for _, l := range v.([][2]int) {
					if l[0] == 0 {
						n += l[1]
					}
				}
				return n == 10
			},
			want: [][2]int{{0, 2}, {0, 8}},
		},
		{
			name:   "ledger balance",
			reason: "ledger entries (deposit, withdrawal or fee; 1 to 4; a memo), failing when the balance ends at exactly 3: [deposit 3]; from [deposit 2, deposit 1] the second goes only with its amount added to the first (11 of 20 missed when merges left out every shape holding only indices 0 and 1)",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) [3]int {
					return [3]int{fuzzsrc.IntRange(0, 2).Draw(t, "op"), fuzzsrc.IntRange(1, 4).Draw(t, "amount"), fuzzsrc.IntRange(0, 3).Draw(t, "memo")}
				})).Draw(t, "entries")
			},
			fails: func(v any) bool {
				b := 0
				for _, e := range v.([][3]int) {
					if e[0] == 0 {
						b += e[1]
					} else {
						b -= e[1]
					}
				}
				return b == 3
			},
			want: [][3]int{{0, 3, 0}},
		},
		// Two signs that must flip together.
		{
			name:   "inexact quotient",
			reason: "two ints in -1000..1000 whose quotient is 3 with a remainder: [7 2] (b >= 2, a = 3b+1); from [-13 -4] flipping either sign alone makes the quotient -3 (9 of 20 missed without flipping pairs), and from [13 4] only lowering both along 3:1 keeps the quotient (20 of 20 ended there without lowering along the ratio)",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(-1000, 1000).Draw(t, "a"), fuzzsrc.IntRange(-1000, 1000).Draw(t, "b")}
			},
			fails: func(v any) bool { p := v.([2]int); return p[1] != 0 && p[0]/p[1] == 3 && p[0]%p[1] != 0 },
			want:  [2]int{7, 2},
		},
		{
			name:   "large product",
			reason: "two ints in -30..30 whose product passes 50: [2 26]; from two negatives no single sign flips (12 of 20 missed without flipping pairs), and from [3 17] the trade's probe past 30 tries 30 (16 of 20 missed when it gave up there)",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(-30, 30).Draw(t, "a"), fuzzsrc.IntRange(-30, 30).Draw(t, "b")}
			},
			fails: func(v any) bool { p := v.([2]int); return p[0]*p[1] > 50 },
			want:  [2]int{2, 26},
		},
		// Trades whose raise is larger than the lowered value's step.
		{
			name:   "wrapping line total",
			reason: "a uint8 price and quantity whose uint8 product wraps: [2 128]; from [4 64] lowering the price by one needs the quantity raised by 22, past the trade's old reach of 16 (6 of 20 missed with it)",
			draw: func(t *fuzzsrc.T) any {
				return [2]uint8{fuzzsrc.Integers[uint8]().Draw(t, "price"), fuzzsrc.Integers[uint8]().Draw(t, "qty")}
			},
			fails: func(v any) bool { p := v.([2]uint8); return int(p[0]*p[1]) != int(p[0])*int(p[1]) },
			want:  [2]uint8{2, 128},
		},
		{
			name:   "overflowing determinant",
			reason: "a 2x2 int8 matrix whose determinant overflows int8: [0 1 -128 0]; from [0 2 -64 0] the trade raises -64 by 64, and from [0 -2 64 0] both signs flip at once, a negative and a positive (20 of 20 missed with the old reach and two negatives only)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOfN(fuzzsrc.Integers[int8](), 4, 4).Draw(t, "m") },
			fails: func(v any) bool {
				m := v.([]int8)
				return int(m[0]*m[3]-m[1]*m[2]) != int(m[0])*int(m[3])-int(m[1])*int(m[2])
			},
			want: []int8{0, 1, -128, 0},
		},
		// Signs flipped where the other side is shorter.
		{
			name:   "wrapping pair sum",
			reason: "two int16 whose sum wraps: [1 32767]; from [-1 -32768] flipping both signs needs +32768, which int16 lacks, so the second takes +32767 (9 of 20 missed when the flip gave up there)",
			draw: func(t *fuzzsrc.T) any {
				return [2]int16{fuzzsrc.Integers[int16]().Draw(t, "a"), fuzzsrc.Integers[int16]().Draw(t, "b")}
			},
			fails: func(v any) bool { p := v.([2]int16); return int(p[0]+p[1]) != int(p[0])+int(p[1]) },
			want:  [2]int16{1, 32767},
		},
		// Values in a fixed proportion.
		{
			name:   "slope of two",
			reason: "a step dx, dy in -50..50 with dy = 2dx and dx > 3: [4 8]; lowering either alone or both by one breaks the slope, lowering along 1:2 keeps it (20 of 20 missed without lowering along the ratio)",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(-50, 50).Draw(t, "dx"), fuzzsrc.IntRange(-50, 50).Draw(t, "dy")}
			},
			fails: func(v any) bool { d := v.([2]int); return d[0] > 3 && d[1] == 2*d[0] },
			want:  [2]int{4, 8},
		},
		{
			name:   "scaled recipe",
			reason: "eggs in 0..100 and flour in 0..300 grams where the recipe needs flour = 3 eggs, more than 2 eggs: [3 9]; the two ranges differ, and only lowering along 1:3 keeps the recipe (20 of 20 missed without lowering along the ratio)",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(0, 100).Draw(t, "eggs"), fuzzsrc.IntRange(0, 300).Draw(t, "flour")}
			},
			fails: func(v any) bool { r := v.([2]int); return r[0] > 2 && r[1] == 3*r[0] },
			want:  [2]int{3, 9},
		},
		// Words whose property counts set bits.
		{
			name:   "odd popcount",
			reason: "a uint32 with an odd number of set bits, at least 5: 31; from 0x4f (1001111) clearing a bit leaves four and lowering by steps loses bits, the least value with five set bits is 31 (17 of 20 missed without it)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Integers[uint32]().Draw(t, "x") },
			fails: func(v any) bool {
				n := bits.OnesCount32(v.(uint32))
				return n%2 == 1 && n >= 5
			},
			want: uint32(31),
		},
		{
			name:   "three permissions, one high",
			reason: "a uint16 mask of exactly three permissions, one of bit 8 or above: 0x0103; a cleared bit leaves two, and steps below a set high bit change many low ones: from 0x0181 the least with three set bits and bit 8 is 0x0103 (14 of 20 missed without it)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Integers[uint16]().Draw(t, "perms") },
			fails: func(v any) bool {
				m := v.(uint16)
				return bits.OnesCount16(m) == 3 && m >= 0x100
			},
			want: uint16(0x0103),
		},
		// Counts of a range that starts at 2.
		{
			name:   "diagonal walls",
			reason: "an n by n grid of walls, n in 2..5 (index 0 is 2), each row a fixed-length slice with no boundary between rows; fails when the diagonal holds two walls and the corner is open: n = 3 with walls at (1,1) and (2,2); lowering n re-flows the cells unless a cell of every row goes with it, and index i of n is rows of i+2 cells (13 of 20 missed when a count's range had to start at 0 or 1)",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(2, 5).Draw(t, "n")
				g := make([][]bool, n)
				for i := range g {
					g[i] = fuzzsrc.SliceOfN(fuzzsrc.Bool(), n, n).Draw(t, "row")
				}
				return g
			},
			fails: func(v any) bool {
				g := v.([][]bool)
				walls := 0
				for i := range g {
					if g[i][i] {
						walls++
					}
				}
				return walls >= 2 && !g[0][0]
			},
			want: [][]bool{{false, false, false}, {false, true, false}, {false, false, true}},
		},
		// Totals over values of different ranges.
		{
			name:   "weighted record",
			reason: "a record of an int8 weight and a list of uint8 counts whose weighted sum is below -100: weight -1 and counts [101]; from weight -3 and [34] the weight goes up by one only with the count raised to 51, a trade between two shapes (26 of 40 missed a 40-seed probe without trading across shapes)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Make[weighted]().Draw(t, "w") },
			fails: func(v any) bool {
				w, total := v.(weighted), 0
				for _, c := range w.Counts {
					total += int(c) * int(w.Weight)
				}
				return total < -100
			},
			want: weighted{Weight: -1, Counts: []uint8{101}},
		},
		{
			name:   "pages of a buffer",
			reason: "a number of pages in 1..100 and a page size in 1..1000 whose product passes 4096: [5 820]; each page fewer needs the size raised by more than 16 as the count falls (4096/4 = 1024 is out of range, so 5 pages)",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(1, 100).Draw(t, "pages"), fuzzsrc.IntRange(1, 1000).Draw(t, "size")}
			},
			fails: func(v any) bool { p := v.([2]int); return p[0]*p[1] > 4096 },
			want:  [2]int{5, 820},
		},
		// Rearranged copies.
		{
			name:   "anagram keys",
			reason: "a map from strings of a, b, c, d to digits; fails when two keys of length 2 or more are anagrams: {ab, ba}; from {aab, aba} only a letter deleted from both keys at once keeps them anagrams (4 of 20 missed without deleting matched elements)",
			draw: func(t *fuzzsrc.T) any {
				m := fuzzsrc.MapOf(fuzzsrc.StringOf(fuzzsrc.RuneFrom("abcd")), fuzzsrc.IntRange(0, 9)).Draw(t, "m")
				keys := slices.Sorted(maps.Keys(m))
				return keys
			},
			fails: func(v any) bool {
				seen := map[string]bool{}
				for _, k := range v.([]string) {
					b := []byte(k)
					slices.Sort(b)
					if seen[string(b)] && len(k) >= 2 {
						return true
					}
					seen[string(b)] = true
				}
				return false
			},
			want: []string{"ab", "ba"},
		},
		{
			name:   "shuffled copy",
			reason: "two lists of 0..2; fails when the second is a reordering of the first that differs from it, with at least three elements: [0 0 1] and [0 1 0]; from [0 0 1 2] and [2 0 1 0] the 2 must go from both lists at once, and from [0 1 1] and [1 1 0] a 1 of each must become 0 at once (15 of 20 missed without it)",
			draw: func(t *fuzzsrc.T) any {
				return [2][]int{fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 2)).Draw(t, "xs"), fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 2)).Draw(t, "ys")}
			},
			fails: func(v any) bool {
				p := v.([2][]int)
				if len(p[0]) < 3 || slices.Equal(p[0], p[1]) {
					return false
				}
				a, b := slices.Clone(p[0]), slices.Clone(p[1])
				slices.Sort(a)
				slices.Sort(b)
				return slices.Equal(a, b)
			},
			want: [2][]int{{0, 0, 1}, {0, 1, 0}},
		},
		// Parts that cancel out with others between them.
		{
			name:   "walk home",
			reason: "moves right, up, left or down, 1..3 long; fails when the walk ends at (2, 1): [R2 U1]; sorting groups moves by direction, and from [R2 R2 U2 L2 D1] the R2 and the L2 that cancel lie two apart (2 of 20 missed without deleting the ends of a run)",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int {
					return [2]int{fuzzsrc.IntRange(0, 3).Draw(t, "dir"), fuzzsrc.IntRange(1, 3).Draw(t, "n")}
				})).Draw(t, "moves")
			},
			fails: func(v any) bool {
				x, y := 0, 0
				for _, m := range v.([][2]int) {
					x += []int{1, 0, -1, 0}[m[0]] * m[1]
					y += []int{0, 1, 0, -1}[m[0]] * m[1]
				}
				return x == 2 && y == 1
			},
			want: [][2]int{{0, 2}, {1, 1}},
		},
		{
			name:   "arm angles",
			reason: "turns of three joints by -2..2 (0 is no turn); fails when the joints end at angles 2, 0 and 1: [j0 +2, j2 +1]; from [j0 +1, j0 +1, j2 +1] the two turns of j0 merge into one of +2, which a signed draw's +1 taken for a coin's 1 left out (4 of 20 missed)",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int {
					return [2]int{fuzzsrc.IntRange(0, 2).Draw(t, "joint"), fuzzsrc.IntRange(-2, 2).Draw(t, "turn")}
				})).Draw(t, "turns")
			},
			fails: func(v any) bool {
				var a [3]int
				for _, m := range v.([][2]int) {
					a[m[0]] += m[1]
				}
				return a == [3]int{2, 0, 1}
			},
			want: [][2]int{{0, 2}, {2, 1}},
		},
		// Words of flags.
		{
			name:   "flag word",
			reason: "a uint16 with bits 3 and 9 set: 0x0208; from 0x0a08 every value below down to 0x0a00 lacks bit 3, and clearing bit 11 is a step of 2048 (17 of 20 missed without clearing set bits)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Integers[uint16]().Draw(t, "flags") },
			fails:  func(v any) bool { f := v.(uint16); return f&(1<<3) != 0 && f&(1<<9) != 0 },
			want:   uint16(0x0208),
		},
		{
			name:   "capabilities",
			reason: "a process's capability mask (uint32) and uid, failing when it holds bits 12 and 21 for a uid below 100: 0x201000 and uid 0 (20 of 20 missed without clearing set bits)",
			draw: func(t *fuzzsrc.T) any {
				return [2]uint32{fuzzsrc.Integers[uint32]().Draw(t, "caps"), fuzzsrc.IntegerRange[uint32](0, 1000).Draw(t, "uid")}
			},
			fails: func(v any) bool { p := v.([2]uint32); return p[0]&(1<<12) != 0 && p[0]&(1<<21) != 0 && p[1] < 100 },
			want:  [2]uint32{0x201000, 0},
		},
		// A subtree pulled up and a node pushed down to the right.
		{
			name:   "right-leaning tree",
			reason: "a tree of leaves -3..3, failing when 4+ levels deep with leaves summing below 0: (-1 ((0 0) 0)), the deep part last where its trailing zeros are free; without rotations it stopped at (((-1 0) 0) 0) and ((-1 (0 0)) 0) on 17 of 20, where swapping children is longer and lowering an inner node drops a level",
			draw:   func(t *fuzzsrc.T) any { return sumTreeGen.Draw(t, "tree").String() },
			fails: func(v any) bool {
				depth, sum := 0, 0
				level := 0
				for _, r := range v.(string) {
					switch {
					case r == '(':
						level++
						depth = max(depth, level)
					case r == ')':
						level--
					}
				}
				for _, f := range strings.FieldsFunc(v.(string), func(r rune) bool { return r == '(' || r == ')' || r == ' ' }) {
					n, _ := strconv.Atoi(f)
					sum += n
				}
				return depth+1 >= 4 && sum < 0
			},
			want: "(-1 ((0 0) 0))",
		},
		{
			name:   "operators deep on the left",
			reason: "expressions of digits, + and *, failing with two *s and a 9: (9*(0*0)); from ((9*0)*0) the inner node's kind and operator move past the 9 together (17 of 20 missed when only one choice moved)",
			draw:   func(t *fuzzsrc.T) any { return opTreeGen.Draw(t, "e").String() },
			fails:  func(v any) bool { s := v.(string); return strings.Count(s, "*") >= 2 && strings.Contains(s, "9") },
			want:   "(9*(0*0))",
		},
		{
			name:   "search tree checked locally",
			reason: "a tree each of whose nodes is ordered against its children but not against its grandparent: (0 1 (0 2 3)); from ((0 1 2) 2 3) the left child is pulled up with its key, and its right subtree, now the lower node's left, goes to 0 (13 of 20 missed when keys stayed where they were)",
			draw:   func(t *fuzzsrc.T) any { return keyTreeGen.Draw(t, "t") },
			fails: func(v any) bool {
				n := v.(*keyTree)
				var local func(n *keyTree) bool
				local = func(n *keyTree) bool {
					return n.L == nil || n.L.K < n.K && n.K < n.R.K && local(n.L) && local(n.R)
				}
				return local(n) && !n.searchable(-1, 10)
			},
			want: node(leaf(0), 1, node(leaf(0), 2, leaf(3))),
		},
		{
			name:   "search tree sum",
			reason: "a search tree of keys 0..9 whose keys sum to at least 12: (1 2 9); from (0 3 9) the root gives one to its left leaf, at 0, which must stay below it: a move of one into a value at zero (15 of 20 missed when only whole moves into a zero were tried)",
			draw:   func(t *fuzzsrc.T) any { return keyTreeGen.Draw(t, "t") },
			fails: func(v any) bool {
				n := v.(*keyTree)
				var sum func(n *keyTree) int
				sum = func(n *keyTree) int {
					if n == nil {
						return 0
					}
					return n.K + sum(n.L) + sum(n.R)
				}
				return n.searchable(-1, 10) && sum(n) >= 12
			},
			want: node(leaf(1), 2, leaf(9)),
		},
		{
			name:   "pivot between",
			reason: "a list of digits whose first three sum to at least 12 with the second below the first and the first below the third, as a pivot between its neighbours: [2 1 9]; from [3 0 9] the first gives one to the zero after it, since the whole move leaves the second above the first (16 of 20 missed when only whole moves into a zero were tried)",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 9)).Draw(t, "xs") },
			fails: func(v any) bool {
				xs := v.([]int)
				return len(xs) >= 3 && xs[1] < xs[0] && xs[0] < xs[2] && xs[0]+xs[1]+xs[2] >= 12
			},
			want: []int{2, 1, 9},
		},
		wrapWidth("wrap width", "from [3 [a aa]] the width one lower and a character fewer go together, as each alone passes"),
		{
			name:   "padded columns",
			reason: "cells of a and b padded to a column width 1..8 drawn first, by a formatter that leaves out the separator after a cell as wide as the column, failing when such a cell is not the last: [1 [a ]]; from [3 [aaa ]] the width one lower and a character fewer go together, as each alone passes",
			draw: func(t *fuzzsrc.T) any {
				width := fuzzsrc.IntRange(1, 8).Draw(t, "width")
				return [2]any{width, fuzzsrc.SliceOf(fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab"))).Draw(t, "cells")}
			},
			fails: func(v any) bool {
				width, cells := v.([2]any)[0].(int), v.([2]any)[1].([]string)
				for _, c := range cells[:max(len(cells)-1, 0)] {
					if len(c) == width {
						return true
					}
				}
				return false
			},
			want: [2]any{1, []string{"a", ""}},
		},
		{
			name:   "nested directories",
			reason: "a tree of files (sizes 0..9) and directories named a to c, failing three directories deep with a file of size 7 when no directory is named a: b(7 b(b(0 0) 0)), the 7 pulled up to the root and the deep part last; a directory's kind and name move past its first entry together (14 of 20 missed when only one choice moved)",
			draw:   func(t *fuzzsrc.T) any { return dirTreeGen.Draw(t, "t").String() },
			fails: func(v any) bool {
				s := v.(string)
				depth, most := 0, 0
				for _, r := range s {
					switch r {
					case '(':
						depth++
						most = max(most, depth)
					case ')':
						depth--
					}
				}
				return most >= 3 && strings.Contains(s, "7") && !strings.Contains(s, "a")
			},
			want: "b(7 b(b(0 0) 0))",
		},
		// A deletion with a later value that counts back past it.
		{
			name:   "back-reference past a literal",
			reason: "literal and back-reference tokens, failing when a reference copies a 3: [lit 3, ref 1]; from [lit 3, lit 0, ref 2] deleting the literal 0 alone makes the reference copy nothing, so its distance must go one lower with it",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) token {
					if fuzzsrc.Bool().Draw(t, "ref") {
						return token{Ref: true, V: fuzzsrc.IntRange(1, 16).Draw(t, "distance")}
					}
					return token{V: fuzzsrc.IntRange(0, 3).Draw(t, "literal")}
				})).Draw(t, "tokens")
			},
			fails: func(v any) bool {
				var out []int
				for _, tk := range v.([]token) {
					switch {
					case !tk.Ref:
						out = append(out, tk.V)
					case tk.V <= len(out):
						c := out[len(out)-tk.V]
						if c == 3 {
							return true
						}
						out = append(out, c)
					}
				}
				return false
			},
			want: []token{{V: 3}, {Ref: true, V: 1}},
		},
		// Values that are labels: shifted down together, or exchanged
		// where that ends the input in zeros.
		{
			name:   "colliding keys",
			reason: "keys 0..7 that must collide modulo 2 while distinct: [2 0], ending in a free 0; from [1 3] the keys shift down together to [0 2], then exchange",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 7)).Draw(t, "keys") },
			fails: func(v any) bool {
				ks := v.([]int)
				for i, a := range ks {
					for _, b := range ks[i+1:] {
						if a != b && a%2 == b%2 {
							return true
						}
					}
				}
				return false
			},
			want: []int{2, 0},
		},
		// Steps of a hand-written loop that must be moved to the end.
		{
			name:   "counter of a set",
			reason: "a hand loop of add(v)/remove(v), v in 0..3, on a set whose remove of an absent value other than 0 still counts down; fails when 0 is in the set and the count is off: [remove(1) add(0)], whose add(0) ends in zeros and comes last; from [add(0) remove(1)] no deletion or lowering helps, and the steps are no spans to sort (13 of 20 missed without moving blocks)",
			draw: func(t *fuzzsrc.T) any {
				var prog []string
				for fuzzsrc.Bool().Draw(t, "more") {
					op := "add"
					if fuzzsrc.Bool().Draw(t, "remove") {
						op = "remove"
					}
					prog = append(prog, fmt.Sprintf("%s(%d)", op, fuzzsrc.IntRange(0, 3).Draw(t, "v")))
				}
				return prog
			},
			fails: func(v any) bool {
				set, count := map[int]bool{}, 0
				for _, step := range v.([]string) {
					var x int
					if _, err := fmt.Sscanf(step, "add(%d)", &x); err == nil {
						if !set[x] {
							count++
						}
						set[x] = true
					} else {
						fmt.Sscanf(step, "remove(%d)", &x)
						if set[x] || x != 0 {
							count--
						}
						delete(set, x)
					}
				}
				return set[0] && count != len(set)
			},
			want: []string{"remove(1)", "add(0)"},
		},
		{
			name:   "heap reuse",
			reason: "a hand loop of new(1..3) and free(k back) on a heap whose new reuses the oldest freed block at any size; fails when live blocks overlap: [new(1) free(0) new(2) new(1)], where the last new(1) ends in zeros; from [new(1) new(1) free(0) new(2)] the second step moves to the end, and the free then reads nothing and the bytes after it are realigned (6 of 20 missed without moving blocks)",
			draw: func(t *fuzzsrc.T) any {
				type block struct{ at, size int }
				var blocks []block
				var live []bool
				var free []int
				next := 0
				var prog []string
				for fuzzsrc.Bool().Draw(t, "more") {
					if fuzzsrc.Bool().Draw(t, "free") && len(blocks) > 0 {
						i := len(blocks) - 1 - fuzzsrc.IntRange(0, len(blocks)-1).Draw(t, "back")
						prog = append(prog, fmt.Sprintf("free(%d)", i))
						if live[i] {
							live[i] = false
							free = append(free, i)
						}
						continue
					}
					size := fuzzsrc.IntRange(1, 3).Draw(t, "size")
					at := next
					if len(free) > 0 {
						at, free = blocks[free[0]].at, free[1:]
					} else {
						next += size
					}
					prog = append(prog, fmt.Sprintf("new(%d)", size))
					for i, b := range blocks {
						if live[i] && b.at < at+size && at < b.at+b.size {
							return append(prog, "overlap")
						}
					}
					blocks, live = append(blocks, block{at, size}), append(live, true)
				}
				return prog
			},
			fails: func(v any) bool { p := v.([]string); return len(p) > 0 && p[len(p)-1] == "overlap" },
			want:  []string{"new(1)", "free(0)", "new(2)", "new(1)", "overlap"},
		},
		{
			name:   "distinct values",
			reason: "four distinct values: [1 2 3 0], where the last 0 and the stop flag after it are free",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 1000)).Draw(t, "xs") },
			fails: func(v any) bool {
				xs := slices.Clone(v.([]int))
				sort.Ints(xs)
				return len(slices.Compact(xs)) >= 4
			},
			want: []int{1, 2, 3, 0},
		},
	}
}

// fracBits returns how many fractional bits a finite x needs.
func fracBits(x float64) int {
	k := 0
	for x != math.Floor(x) {
		x *= 2
		k++
	}
	return k
}

// mechanismRuns bounds each reduction of TestMechanisms: a mechanism that
// reaches the minimum one small step at a time would otherwise run for
// hours instead of failing.
const mechanismRuns = 10_000

// TestMechanisms reduces each mechanism problem from 20 random failing
// inputs and requires the shortlex-minimal value on every one, in fewer
// than mechanismRuns runs.
func TestMechanisms(t *testing.T) {
	if testing.Short() {
		t.Skip("reduces 160 inputs")
	}
	for _, p := range mechanisms() {
		t.Run(p.name, func(t *testing.T) {
			var runs []int
			missed := 0
			for k, in := range failingInputs(t, p, 20, 1) {
				res, err := minimize.Minimize(context.Background(), in, p.run, minimize.Options{Workers: 1, MaxRuns: mechanismRuns})
				if err != nil {
					t.Fatalf("input %d: %v", k, err)
				}
				runs = append(runs, res.Stats.Runs)
				if diff := cmp.Diff(p.want, p.value(res.Input)); diff != "" || res.Stats.Runs >= mechanismRuns {
					missed++
					t.Errorf("input %d (%d bytes, %d runs): %s: reduced value (-want +got):\n%s", k, len(in), res.Stats.Runs, p.reason, diff)
				}
			}
			slices.Sort(runs)
			t.Logf("missed %d of 20; median %d runs, most %d", missed, runs[len(runs)/2], runs[len(runs)-1])
		})
	}
}

// mapOp is one operation on a small hash table: 0 delete, 1 get, 2 put.
type mapOp struct{ Kind, Key, Val int }

func drawMapOps(t *fuzzsrc.T) []mapOp {
	return fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) mapOp {
		op := mapOp{Kind: fuzzsrc.IntRange(0, 2).Draw(t, "kind"), Key: fuzzsrc.IntRange(0, 7).Draw(t, "key")}
		if op.Kind == 2 {
			op.Val = fuzzsrc.IntRange(0, 9).Draw(t, "val")
		}
		return op
	})).Draw(t, "ops")
}

// losesEntry runs ops on a 4-slot table probing linearly from k%2 whose
// delete empties the slot (no tombstone) and reports whether a get or
// the final count disagrees with a map.
func losesEntry(ops []mapOp) bool {
	var keys, vals [4]int // keys: key+1, 0 empty
	model := map[int]int{}
	find := func(k int) int {
		for i := range 4 {
			j := (k%2 + i) % 4
			if keys[j] == 0 {
				return -1
			}
			if keys[j] == k+1 {
				return j
			}
		}
		return -1
	}
	for _, op := range ops {
		j := find(op.Key)
		switch op.Kind {
		case 0:
			if j >= 0 {
				keys[j] = 0
			}
			delete(model, op.Key)
		case 1:
			want, ok := model[op.Key]
			if ok != (j >= 0) || ok && vals[j] != want {
				return true
			}
		case 2:
			if len(model) >= 4 {
				continue
			}
			if j >= 0 {
				vals[j] = op.Val
			} else {
				for i := range 4 {
					if j := (op.Key%2 + i) % 4; keys[j] == 0 {
						keys[j], vals[j] = op.Key+1, op.Val
						break
					}
				}
			}
			model[op.Key] = op.Val
		}
	}
	n := 0
	for _, k := range keys {
		if k != 0 {
			n++
		}
	}
	return n != len(model)
}

// inputOf returns the input whose choices, in the order draw makes them,
// hold the given indices, each in its smallest encoding.
func inputOf(draw func(*fuzzsrc.T), indices []uint64) []byte {
	var in []byte
	for _, i := range indices {
		rec := engine.Run(append(slices.Clip(in), make([]byte, 16)...), draw)
		for _, c := range rec.Outcome().Choices {
			if c.Offset == len(in) {
				in = append(in, c.Encode(i)...)
				break
			}
		}
	}
	return in
}

// TestMergeFromDeadEnd reduces, from a final that lowering and deleting
// one thing at a time cannot leave, a table whose delete cuts probe
// chains (shrinkbench's sm-map, whose minimum its search proves, ended
// there on 3.5% of seeds): put 1, put 2, put 0, del 1, del 0 loses key 0
// behind the emptied slot 1. The minimum deletes the put of 1 and makes
// del 1 a del of 2, which key 1 made 2 everywhere does in one candidate:
// the first put becomes a copy of the second and goes. Without merge
// values the reduction stays at the start.
func TestMergeFromDeadEnd(t *testing.T) {
	draw := func(t *fuzzsrc.T) { drawMapOps(t) }
	// Per operation: the "more" flag, the kind, the key, a put's value.
	in := inputOf(draw, []uint64{1, 2, 1, 0, 1, 2, 2, 0, 1, 2, 0, 0, 1, 0, 1, 1, 0, 0})
	value := func(b []byte) (ops []mapOp) {
		engine.Run(b, func(t *fuzzsrc.T) { ops = drawMapOps(t) })
		return ops
	}
	start := []mapOp{{2, 1, 0}, {2, 2, 0}, {2, 0, 0}, {0, 1, 0}, {0, 0, 0}}
	if diff := cmp.Diff(start, value(in)); diff != "" || !losesEntry(start) {
		t.Fatalf("start input does not hold the failing start (-want +got):\n%s", diff)
	}
	run := func(_ context.Context, b []byte) (minimize.Outcome, error) {
		return engine.Run(b, func(t *fuzzsrc.T) {
			if losesEntry(drawMapOps(t)) {
				t.Fatalf("table lost an entry")
			}
		}).Outcome(), nil
	}
	res, err := minimize.Minimize(context.Background(), in, run, minimize.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := []mapOp{{2, 2, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 0}}
	if diff := cmp.Diff(want, value(res.Input)); diff != "" {
		t.Errorf("reduced value (-want +got):\n%s", diff)
	}
}

// sum adds up xs: the total several properties above compare.
func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// TestRotateFromDeadEnd reduces keyed trees from finals that lean left
// where the minimum leans right: every deletion and lowering fails
// there, and a rotation that leaves each key where it was breaks the
// order of keys. Pulling the left child up with its key gets out.
func TestRotateFromDeadEnd(t *testing.T) {
	tests := []struct {
		name, reason string
		start        []uint64 // choice indices: kind (1 a node), key, then its children
		fails        func(*keyTree) bool
		want         *keyTree
	}{{
		name:   "search tree three deep",
		reason: "a search tree three deep: from ((0 1 2) 3 4) the rotation keeps the order, (0 1 (2 3 4))",
		start:  []uint64{1, 3, 1, 1, 0, 0, 0, 2, 0, 4},
		fails:  func(n *keyTree) bool { return n.searchable(-1, 10) && n.height() >= 3 },
		want:   node(leaf(0), 1, node(leaf(2), 3, leaf(4))),
	}, {
		name:   "search tree checked locally",
		reason: "a tree ordered only against each node's children, not its grandparent: from ((0 1 2) 2 3) the rotation gives (0 1 (2 2 3)), which is ordered, and passes; with the moved subtree at its simplest it fails, (0 1 (0 2 3))",
		start:  []uint64{1, 2, 1, 1, 0, 0, 0, 2, 0, 3},
		fails: func(n *keyTree) bool {
			var local func(n *keyTree) bool
			local = func(n *keyTree) bool {
				return n.L == nil || n.L.K < n.K && n.K < n.R.K && local(n.L) && local(n.R)
			}
			return local(n) && !n.searchable(-1, 10)
		},
		want: node(leaf(0), 1, node(leaf(0), 2, leaf(3))),
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			draw := func(t *fuzzsrc.T) *keyTree { return keyTreeGen.Draw(t, "t") }
			in := inputOf(func(t *fuzzsrc.T) { draw(t) }, tt.start)
			value := func(b []byte) (n *keyTree) {
				engine.Run(b, func(t *fuzzsrc.T) { n = draw(t) })
				return n
			}
			if !tt.fails(value(in)) {
				t.Fatalf("start %v does not fail", value(in))
			}
			run := func(_ context.Context, b []byte) (minimize.Outcome, error) {
				return engine.Run(b, func(t *fuzzsrc.T) {
					if tt.fails(draw(t)) {
						t.Fatalf("fails")
					}
				}).Outcome(), nil
			}
			res, err := minimize.Minimize(context.Background(), in, run, minimize.Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, value(res.Input)); diff != "" {
				t.Errorf("%s: reduced value (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestFromDeadEnd reduces each problem from a start, given as the
// indices of its choices in order, where a pass that a single random
// start rarely needs is the only way on.
func TestFromDeadEnd(t *testing.T) {
	tests := []struct {
		property
		start []uint64
	}{{
		property: wrapWidth("full word", "from [6 [aaaaa a]], each step deletes an a from the first word with the width one lower, and the first word, at its longest, reads no stop flag: unless a stop goes in where the flag reads again, the deletion takes the next word's flag for its own (missed when a full collection recorded nothing)"),
		start:    []uint64{5, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}, // width 6, more, a, (more, a) x4, (full), more, a
	}, {
		property: property{
			name:   "literal to variable",
			reason: "an expression printed without the parentheses a right operand of - needs when it is a + or -, so that it reads back reassociated: a - (b + c) then differs unless c is 0; an operand is a variable (a coin) or a literal 0-9 drawn after the coin, and x is drawn last. From 0 - (x + 1), the literal 0 becomes the variable, a byte shorter though its coin is higher: x - (x + 1) with x = 0 (missed when no pass took a later alternative that draws less)",
			draw: func(t *fuzzsrc.T) any {
				return varExprCase{E: varExprGen(3).Draw(t, "e"), X: fuzzsrc.IntRange(-10, 10).Draw(t, "x")}
			},
			fails: func(v any) bool { c := v.(varExprCase); return c.E.reassociates(c.X) },
			want:  varExprCase{E: &varExpr{Op: '-', L: &varExpr{Var: true}, R: &varExpr{Op: '+', L: &varExpr{Var: true}, R: &varExpr{Lit: 1}}}},
		},
		start: []uint64{1, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0}, // 0 - (x + 1), x = 0
	}, {
		property: property{
			name:   "a leaking let",
			reason: "expressions of literals 0..3, variables x0 and x1 (0 when unbound), sums, products and lets, evaluated by an interpreter whose let leaves its variable bound after the body: (let x0 = 1 in 0) + x0 is 1 where it should be 0; from let x1 = (let x0 = 1 in 0) in x0, the outer let becomes a sum of its two parts only with its variable deleted in the same candidate, which lowering the form alone reads as the first part (missed when no pass took another alternative with the value after it deleted)",
			draw:   func(t *fuzzsrc.T) any { return leakExprGen.Draw(t, "e") },
			fails: func(v any) bool {
				e := v.(*leakExpr)
				return e.eval(map[int]int{}, true) != e.eval(map[int]int{}, false)
			},
			want: &leakExpr{Form: '+', A: &leakExpr{Form: 'l', A: &leakExpr{Form: 'n', N: 1}, B: &leakExpr{Form: 'n'}}, B: &leakExpr{Form: 'v'}},
		},
		// The node coin, form, variable and parts, depth first; a leaf is
		// its coin 0, literal (0) or variable (1), and the value.
		start: []uint64{1, 2, 1, 1, 2, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0},
	}, {
		property: property{
			name:   "two waits at 2",
			reason: "two waits of 1 to 10 ticks that must add up to 4, then a retry count that must be at least 2: from (2, 2, 2), both waits at index 1 as a pair of flags would be, one moves into the other: (1, 3, 2) (missed when two values at index 1 were never redistributed)",
			draw: func(t *fuzzsrc.T) any {
				return [3]int{fuzzsrc.IntRange(1, 10).Draw(t, "first"), fuzzsrc.IntRange(1, 10).Draw(t, "second"), fuzzsrc.IntRange(1, 3).Draw(t, "retries")}
			},
			fails: func(v any) bool { w := v.([3]int); return w[0]+w[1] >= 4 && w[2] >= 2 },
			want:  [3]int{1, 3, 2},
		},
		start: []uint64{1, 1, 1},
	}, {
		property: property{
			name:   "maze rows under a height",
			reason: "a maze of a height and a width 1..5 drawn first, then its rows of walls, failing when a search whose step up checks its own cell for a wall finds another distance than a correct one: .#../..#.; from the same maze under two open rows, a row deleted leaves an open row last unless the height, drawn two choices before the rows, goes one lower with it (missed when only the value just before the deleted row was lowered)",
			draw: func(t *fuzzsrc.T) any {
				h, w := fuzzsrc.IntRange(1, 5).Draw(t, "h"), fuzzsrc.IntRange(1, 5).Draw(t, "w")
				g := make([][]bool, h)
				for i := range g {
					g[i] = fuzzsrc.SliceOfN(fuzzsrc.WeightedBool(0.3), w, w).Draw(t, "row")
				}
				return g
			},
			fails: func(v any) bool {
				g := v.([][]bool)
				return mazeDistance(g, true) != mazeDistance(g, false)
			},
			want: [][]bool{{false, true, false, false}, {false, false, true, false}},
		},
		// height 4, width 4: ...., ..##, .#.., ..#.
		start: []uint64{3, 3, 0, 0, 0, 0, 0, 0, 255, 255, 0, 255, 0, 0, 0, 0, 255, 0}, // 255: a wall, the coin's largest index
	}, {
		property: property{
			name:   "a menu under a depth bound",
			reason: "menus drawn by a generator that bounds its depth by hand (at depth 0 an entry, else a coin: an entry, or a submenu of two), failing on a submenu of the entry 5 and the submenu (1 2): (5 (1 2)); from ((5 (1 2)) 0) 0), four levels deep, the entries 1 and 2 are drawn without a coin, so moved up they read their bytes as coins (missed when a subtree was moved up without a coin put before its deepest entries)",
			draw:   func(t *fuzzsrc.T) any { return menuGen(4).Draw(t, "menu") },
			fails: func(v any) bool {
				return v.(*menu).holds(&menu{Parts: []*menu{{Entry: 5}, {Parts: []*menu{{Entry: 1}, {Entry: 2}}}}})
			},
			want: &menu{Parts: []*menu{{Entry: 5}, {Parts: []*menu{{Entry: 1}, {Entry: 2}}}}},
		},
		start: []uint64{1, 1, 1, 0, 5, 1, 1, 2, 0, 0, 0, 0}, // the coins and entries in order; the deepest entries have no coin
	}, {
		property: property{
			name:   "a product of two columns",
			reason: "a matrix product whose shapes r, k, c 1..3 are drawn first, then A's r*k and B's k*c cells -3..3 in loops, failing on two columns with an entry of 2 or more: A [[1]], B [[2 0]]; from A [[0] [1]] the first row of A goes only with r, two choices before A, one lower, as B after it must keep its place (missed when no pass deleted a block of values with a count before it lowered)",
			draw: func(t *fuzzsrc.T) any {
				r, k, c := fuzzsrc.IntRange(1, 3).Draw(t, "r"), fuzzsrc.IntRange(1, 3).Draw(t, "k"), fuzzsrc.IntRange(1, 3).Draw(t, "c")
				mat := func(rows, cols int) [][]int {
					m := make([][]int, rows)
					for i := range m {
						m[i] = make([]int, cols)
						for j := range m[i] {
							m[i][j] = fuzzsrc.IntRange(-3, 3).Draw(t, "cell")
						}
					}
					return m
				}
				return [2][][]int{mat(r, k), mat(k, c)}
			},
			fails: func(v any) bool {
				a, b := v.([2][][]int)[0], v.([2][][]int)[1]
				if len(b[0]) < 2 {
					return false
				}
				for i := range a {
					for j := range b[0] {
						x := 0
						for y := range b {
							x += a[i][y] * b[y][j]
						}
						if x >= 2 {
							return true
						}
					}
				}
				return false
			},
			want: [2][][]int{{{1}}, {{2, 0}}},
		},
		start: []uint64{1, 0, 1, 0, 1, 3}, // r 2, k 1, c 2, A [[0] [1]], B [[2 0]]
	}, {
		property: property{
			name:   "a student past the mark",
			reason: "a count of students 1..4 and a pass mark 1..9 drawn first, then two marks 0..9 per student in a loop, then a bonus 0..9, failing on a student whose first mark reaches a pass mark of 2 or more, with a bonus: 1 student (2 0), mark 2, bonus 1; from [(0 0) (2 0)] the first student goes only with the count one lower, as the bonus after the marks must keep its place (missed when no pass deleted a block of values with a count before it lowered)",
			draw: func(t *fuzzsrc.T) any {
				n, pass := fuzzsrc.IntRange(1, 4).Draw(t, "students"), fuzzsrc.IntRange(1, 9).Draw(t, "pass")
				marks := make([][2]int, n)
				for i := range marks {
					marks[i] = [2]int{fuzzsrc.IntRange(0, 9).Draw(t, "mark"), fuzzsrc.IntRange(0, 9).Draw(t, "mark")}
				}
				return [3]any{pass, marks, fuzzsrc.IntRange(0, 9).Draw(t, "bonus")}
			},
			fails: func(v any) bool {
				p := v.([3]any)
				pass, bonus := p[0].(int), p[2].(int)
				return pass >= 2 && bonus >= 1 && slices.ContainsFunc(p[1].([][2]int), func(m [2]int) bool { return m[0] >= pass })
			},
			want: [3]any{2, [][2]int{{2, 0}}, 1},
		},
		start: []uint64{1, 1, 0, 0, 2, 0, 1},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := inputOf(func(t *fuzzsrc.T) { tt.draw(t) }, tt.start)
			if !tt.fails(tt.value(in)) {
				t.Fatalf("start %v does not fail", tt.value(in))
			}
			res, err := minimize.Minimize(context.Background(), in, tt.run, minimize.Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, tt.value(res.Input)); diff != "" {
				t.Errorf("%s: reduced value (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// varExpr is an operator (Op '+', '-' or '*') applied to two operands,
// or else a variable or a literal.
type varExpr struct {
	Op   byte
	L, R *varExpr
	Var  bool
	Lit  int
}

// leakExpr is an expression of "a leaking let": a literal ('n'), a
// variable ('v', N its number), a sum ('+'), a product ('*'), or
// let x<N> = A in B ('l').
type leakExpr struct {
	Form byte
	N    int
	A, B *leakExpr
}

// eval evaluates e in env; leak makes let leave its variable bound.
func (e *leakExpr) eval(env map[int]int, leak bool) int {
	switch e.Form {
	case 'n':
		return e.N
	case 'v':
		return env[e.N]
	case '+':
		return e.A.eval(env, leak) + e.B.eval(env, leak)
	case '*':
		return e.A.eval(env, leak) * e.B.eval(env, leak)
	}
	old, had := env[e.N]
	env[e.N] = e.A.eval(env, leak)
	v := e.B.eval(env, leak)
	if !leak {
		if had {
			env[e.N] = old
		} else {
			delete(env, e.N)
		}
	}
	return v
}

var leakExprGen = fuzzsrc.Recursive(
	fuzzsrc.OneOf(
		fuzzsrc.Map(fuzzsrc.IntRange(0, 3), func(n int) *leakExpr { return &leakExpr{Form: 'n', N: n} }),
		fuzzsrc.Map(fuzzsrc.IntRange(0, 1), func(n int) *leakExpr { return &leakExpr{Form: 'v', N: n} }),
	),
	func(sub fuzzsrc.Generator[*leakExpr]) fuzzsrc.Generator[*leakExpr] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) *leakExpr {
			switch form := fuzzsrc.IntRange(0, 2).Draw(t, "form"); form {
			case 0, 1:
				return &leakExpr{Form: "+*"[form], A: sub.Draw(t, "a"), B: sub.Draw(t, "b")}
			}
			x := fuzzsrc.IntRange(0, 1).Draw(t, "x")
			return &leakExpr{Form: 'l', N: x, A: sub.Draw(t, "bound"), B: sub.Draw(t, "body")}
		})
	}, 4)

// varExprCase is an expression and the value of its variable.
type varExprCase struct {
	E *varExpr
	X int
}

// varExprGen draws an expression at most depth operators deep: a coin
// for an operator, then, for an operand, a coin for the variable and
// else a literal.
func varExprGen(depth int) fuzzsrc.Generator[*varExpr] {
	return fuzzsrc.Custom(func(t *fuzzsrc.T) *varExpr {
		if depth == 0 || !fuzzsrc.Bool().Draw(t, "node") {
			if fuzzsrc.Bool().Draw(t, "var") {
				return &varExpr{Var: true}
			}
			return &varExpr{Lit: fuzzsrc.IntRange(0, 9).Draw(t, "lit")}
		}
		op := fuzzsrc.SampledFrom([]byte("+-*")).Draw(t, "op")
		return &varExpr{Op: op, L: varExprGen(depth-1).Draw(t, "l"), R: varExprGen(depth-1).Draw(t, "r")}
	})
}

func (e *varExpr) eval(x int) int {
	switch {
	case e.Op == '+':
		return e.L.eval(x) + e.R.eval(x)
	case e.Op == '-':
		return e.L.eval(x) - e.R.eval(x)
	case e.Op == '*':
		return e.L.eval(x) * e.R.eval(x)
	case e.Var:
		return x
	}
	return e.Lit
}

// reassociates reports whether printing e without parentheses around a
// + or - right operand of - changes its value: a - (b + c) reads back as
// (a - b) + c.
func (e *varExpr) reassociates(x int) bool {
	if e.Op == 0 {
		return false
	}
	if e.Op == '-' && (e.R.Op == '+' || e.R.Op == '-') && e.R.R.eval(x) != 0 {
		return true
	}
	return e.L.reassociates(x) || e.R.reassociates(x)
}

// mazeDistance returns the length of the shortest path through g from
// its top left to its bottom right cell, stepping between open cells
// (false), or -1. With upChecksOwn, a step up checks the cell it leaves
// for a wall, not the one it enters: the bug.
func mazeDistance(g [][]bool, upChecksOwn bool) int {
	h, w := len(g), len(g[0])
	if g[0][0] || g[h-1][w-1] {
		return -1
	}
	dist := map[[2]int]int{{0, 0}: 0}
	queue := [][2]int{{0, 0}}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, d := range [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
			r, c := at[0]+d[0], at[1]+d[1]
			if r < 0 || r >= h || c < 0 || c >= w {
				continue
			}
			wall := g[r][c]
			if upChecksOwn && d[0] == -1 {
				wall = g[at[0]][at[1]]
			}
			if _, seen := dist[[2]int{r, c}]; seen || wall {
				continue
			}
			dist[[2]int{r, c}] = dist[at] + 1
			queue = append(queue, [2]int{r, c})
		}
	}
	if d, ok := dist[[2]int{h - 1, w - 1}]; ok {
		return d
	}
	return -1
}

// wrapWidth is the problem of words of a and b, one to five letters,
// wrapped at a width 1..8 drawn first by a wrapper that forgets the space
// between words, failing on a line over the width with a space in it:
// [2 [a a]]. Its reason starts with that and ends with how, which differs
// between the tests that use it.
func wrapWidth(name, how string) property {
	return property{
		name:   name,
		reason: "words of a and b wrapped at a width 1..8 drawn first, by a wrapper that forgets the space between words, failing on a line over the width with a space in it: [2 [a a]]; " + how,
		draw: func(t *fuzzsrc.T) any {
			width := fuzzsrc.IntRange(1, 8).Draw(t, "width")
			return [2]any{width, fuzzsrc.SliceOf(fuzzsrc.StringOfN(fuzzsrc.RuneFrom("ab"), 1, 5)).Draw(t, "words")}
		},
		fails: func(v any) bool {
			width, words := v.([2]any)[0].(int), v.([2]any)[1].([]string)
			line := ""
			for _, w := range words {
				switch {
				case line == "":
					line = w
				case len(line)+len(w) <= width: // the bug: no room for the space
					line += " " + w
				default:
					line = w
				}
				if len(line) > width && strings.Contains(line, " ") {
					return true
				}
			}
			return false
		},
		want: [2]any{2, []string{"a", "a"}},
	}
}

// menu is an entry or a submenu of two parts.
type menu struct {
	Entry int
	Parts []*menu
}

// menuGen draws menus at most depth levels deep, bounding the depth by
// hand as a user's generator does: at depth 0 no coin is drawn.
func menuGen(depth int) fuzzsrc.Generator[*menu] {
	return fuzzsrc.Custom(func(t *fuzzsrc.T) *menu {
		if depth == 0 || !fuzzsrc.Bool().Draw(t, "submenu") {
			return &menu{Entry: fuzzsrc.IntRange(0, 9).Draw(t, "entry")}
		}
		return &menu{Parts: []*menu{menuGen(depth-1).Draw(t, "first"), menuGen(depth-1).Draw(t, "second")}}
	})
}

// holds reports whether m holds a submenu equal to sub.
func (m *menu) holds(sub *menu) bool {
	return reflect.DeepEqual(m, sub) || m.Parts != nil && (m.Parts[0].holds(sub) || m.Parts[1].holds(sub))
}
