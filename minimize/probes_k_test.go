//go:build probes

package minimize_test

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// Set k: a topological sort over drawn edges, a token bucket with a
// float rate, a line diff that trims a common prefix and suffix, a
// consistent-hash ring, an editor's undo and redo, negation normal form
// of a recursive formula, Bellman-Ford fed by an existing math/rand graph
// generator, a ledger with accounts from a pool, adding months to a date,
// IPv6 text form, sparse vector addition, a small sudoku checker, point
// in polygon, a first-fit allocator, vector clocks, cron fields, snake
// case, a bit reader, RGB to HSL and back, and a skip list whose levels
// come from math/rand. Each checks a small piece of code with one planted
// bug.

// pkTrace is what a stateful draw returns: the calls made, and the first
// disagreement with the model (empty if none).
type pkTrace struct {
	Calls []string
	Bad   string
}

func (tr *pkTrace) call(format string, args ...any) {
	tr.Calls = append(tr.Calls, fmt.Sprintf(format, args...))
}

func (tr *pkTrace) fail(format string, args ...any) {
	if tr.Bad == "" {
		tr.Bad = fmt.Sprintf(format, args...)
	}
}

func pkTraceFails(v any) bool { return v.(*pkTrace).Bad != "" }

// ---- k topo sort duplicate edge ----

type pkEdge struct{ From, To int }

type pkDAG struct {
	N     int
	Edges []pkEdge
}

// pkTopoSort orders the nodes 0 to n-1 so that every edge goes forward
// (Kahn's algorithm), or reports false for a cycle. Bug: the successors
// are kept in a set, so a repeated edge is followed once, but the
// in-degree counts it each time: its target never gets to in-degree 0,
// and an acyclic graph with a repeated edge is reported cyclic.
func pkTopoSort(n int, edges []pkEdge) ([]int, bool) {
	succ := make([]map[int]bool, n)
	indeg := make([]int, n)
	for _, e := range edges {
		if succ[e.From] == nil {
			succ[e.From] = map[int]bool{}
		}
		succ[e.From][e.To] = true
		indeg[e.To]++
	}
	var queue, order []int
	for v := range n {
		if indeg[v] == 0 {
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		order = append(order, v)
		for _, w := range slices.Sorted(maps.Keys(succ[v])) {
			indeg[w]--
			if indeg[w] == 0 {
				queue = append(queue, w)
			}
		}
	}
	return order, len(order) == n
}

// pkAcyclic is the reference: a depth-first search for a back edge.
func pkAcyclic(g pkDAG) bool {
	state := make([]int, g.N) // 0 new, 1 on the stack, 2 done
	var visit func(v int) bool
	visit = func(v int) bool {
		state[v] = 1
		for _, e := range g.Edges {
			if e.From != v {
				continue
			}
			if state[e.To] == 1 || state[e.To] == 0 && !visit(e.To) {
				return false
			}
		}
		state[v] = 2
		return true
	}
	for v := range g.N {
		if state[v] == 0 && !visit(v) {
			return false
		}
	}
	return true
}

func pkTopoDraw(t *fuzzsrc.T) any {
	n := fuzzsrc.IntRange(1, 6).Draw(t, "nodes")
	node := fuzzsrc.IntRange(0, n-1)
	edge := fuzzsrc.Custom(func(t *fuzzsrc.T) pkEdge {
		return pkEdge{node.Draw(t, "from"), node.Draw(t, "to")}
	})
	return pkDAG{n, fuzzsrc.SliceOfN(edge, 0, 8).Draw(t, "edges")}
}

func pkTopoFails(v any) bool {
	g := v.(pkDAG)
	order, ok := pkTopoSort(g.N, g.Edges)
	if ok != pkAcyclic(g) {
		return true
	}
	if !ok {
		return false
	}
	pos := make([]int, g.N)
	for i, v := range order {
		pos[v] = i
	}
	for _, e := range g.Edges {
		if pos[e.From] >= pos[e.To] {
			return true
		}
	}
	return false
}

// ---- k token bucket refill cap ----

// pkBucket is a token bucket: it holds at most cap tokens, gains rate
// tokens a second, and a request for n tokens takes them if it holds
// that many. It starts full. Bug: the refill caps the tokens added, not
// the tokens held, so a bucket that still held some when the wait began
// ends above its capacity and lets a larger burst through.
type pkBucket struct {
	cap, rate, tokens float64
}

func (b *pkBucket) Advance(sec int) { b.tokens += min(b.cap, float64(sec)*b.rate) }

func (b *pkBucket) Take(n int) bool {
	if float64(n) > b.tokens {
		return false
	}
	b.tokens -= float64(n)
	return true
}

func pkBucketDraw(t *fuzzsrc.T) any {
	tr := &pkTrace{}
	capacity := float64(fuzzsrc.IntRange(1, 10).Draw(t, "cap"))
	rate := fuzzsrc.Float64Range(0.25, 4).Draw(t, "rate")
	tr.call("b := NewBucket(%v, %v)", capacity, rate)
	b := &pkBucket{cap: capacity, rate: rate, tokens: capacity}
	model := capacity
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "b.Take", Run: func(t *fuzzsrc.T) {
			n := fuzzsrc.IntRange(1, 12).Draw(t, "n")
			tr.call("b.Take(%d)", n)
			want := float64(n) <= model
			if want {
				model -= float64(n)
			}
			if got := b.Take(n); got != want {
				tr.fail("Take(%d) = %v, want %v", n, got, want)
			}
		}},
		{Name: "b.Advance", Run: func(t *fuzzsrc.T) {
			sec := fuzzsrc.IntRange(1, 10).Draw(t, "sec")
			tr.call("b.Advance(%d)", sec)
			b.Advance(sec)
			model = min(capacity, model+float64(sec)*rate)
		}},
	}})
	return tr
}

// ---- k diff trim overlap ----

// pkDiff returns an edit script that turns a into b, one line per entry:
// " " kept, "-" deleted, "+" inserted. It keeps the common prefix and
// suffix as they are and runs the LCS on what is between. Bug: the
// common suffix is bounded by what is left of a after the prefix, but
// not by what is left of b, so when b is shorter and a repeated line
// lets its prefix and suffix overlap, b's lines in the overlap are kept
// twice.
func pkDiff(a, b []string) []string {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b) && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	var out []string
	for _, l := range a[:p] {
		out = append(out, " "+l)
	}
	out = append(out, pkLCSScript(a[p:len(a)-s], b[p:max(p, len(b)-s)])...)
	for _, l := range a[len(a)-s:] {
		out = append(out, " "+l)
	}
	return out
}

func pkLCSScript(a, b []string) []string {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			out = append(out, " "+a[i])
			i++
			j++
		case dp[i+1][j] >= dp[i][j+1]:
			out = append(out, "-"+a[i])
			i++
		default:
			out = append(out, "+"+b[j])
			j++
		}
	}
	for _, l := range a[i:] {
		out = append(out, "-"+l)
	}
	for _, l := range b[j:] {
		out = append(out, "+"+l)
	}
	return out
}

type pkDiffCase struct{ A, B []string }

func pkDiffFails(v any) bool {
	c := v.(pkDiffCase)
	var old, new []string
	for _, l := range pkDiff(c.A, c.B) {
		if l[0] != '+' {
			old = append(old, l[1:])
		}
		if l[0] != '-' {
			new = append(new, l[1:])
		}
	}
	return !slices.Equal(old, c.A) || !slices.Equal(new, c.B)
}

// ---- k hash ring wrap ----

type pkRingNode struct {
	Name   string
	Tokens []uint8
}

type pkRingCase struct {
	Nodes []pkRingNode
	Keys  []uint8
}

// pkRing is a consistent-hash ring of 256 positions: each node owns the
// keys from the token before one of its tokens (exclusive) up to that
// token, and the keys past the last token wrap around to the first.
type pkRing struct {
	tokens []uint8
	owners []string
}

func pkNewRing(nodes []pkRingNode) pkRing {
	type pt struct {
		tok  uint8
		name string
	}
	var pts []pt
	for _, n := range nodes {
		for _, tok := range n.Tokens {
			pts = append(pts, pt{tok, n.Name})
		}
	}
	slices.SortStableFunc(pts, func(a, b pt) int { return cmp.Compare(a.tok, b.tok) })
	var r pkRing
	for _, p := range pts {
		r.tokens = append(r.tokens, p.tok)
		r.owners = append(r.owners, p.name)
	}
	return r
}

// Owner returns the node of the first token at or after key. Bug: a key
// past the last token goes to the last token's node instead of wrapping
// around to the first token's.
func (r pkRing) Owner(key uint8) string {
	i := sort.Search(len(r.tokens), func(i int) bool { return r.tokens[i] >= key })
	if i == len(r.tokens) {
		i = len(r.tokens) - 1
	}
	return r.owners[i]
}

// pkOwnerRef scans every token: the smallest at or after key, else the
// smallest of all; on a tie the node listed first.
func pkOwnerRef(nodes []pkRingNode, key uint8) string {
	best, bestWrap := -1, -1
	var owner, wrapOwner string
	for _, n := range nodes {
		for _, tok := range n.Tokens {
			if t := int(tok); t >= int(key) && (best < 0 || t < best) {
				best, owner = t, n.Name
			}
			if t := int(tok); bestWrap < 0 || t < bestWrap {
				bestWrap, wrapOwner = t, n.Name
			}
		}
	}
	if best < 0 {
		return wrapOwner
	}
	return owner
}

// ---- k undo after new edit ----

// pkEditor is a text buffer with undo and redo. Bug: an edit made after
// an undo does not clear the redo stack, so a redo after it brings back
// the text the undo left, throwing the new edit away.
type pkEditor struct {
	text       string
	undo, redo []string
}

func (e *pkEditor) edit(next string) {
	e.undo = append(e.undo, e.text)
	e.text = next
}

func (e *pkEditor) Insert(pos int, s string) { e.edit(e.text[:pos] + s + e.text[pos:]) }

func (e *pkEditor) Delete(pos, n int) { e.edit(e.text[:pos] + e.text[pos+n:]) }

func (e *pkEditor) Undo() {
	if len(e.undo) == 0 {
		return
	}
	e.redo = append(e.redo, e.text)
	e.text = e.undo[len(e.undo)-1]
	e.undo = e.undo[:len(e.undo)-1]
}

func (e *pkEditor) Redo() {
	if len(e.redo) == 0 {
		return
	}
	e.undo = append(e.undo, e.text)
	e.text = e.redo[len(e.redo)-1]
	e.redo = e.redo[:len(e.redo)-1]
}

func pkEditorDraw(t *fuzzsrc.T) any {
	tr := &pkTrace{}
	e := &pkEditor{}
	hist, cur := []string{""}, 0 // the model: every state, and where we are
	check := func(op string) {
		if e.text != hist[cur] {
			tr.fail("after %s text is %q, want %q", op, e.text, hist[cur])
		}
	}
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "e.Insert", Run: func(t *fuzzsrc.T) {
			pos := fuzzsrc.IntRange(0, len(e.text)).Draw(t, "pos")
			s := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("ab"), 1, 3).Draw(t, "s")
			tr.call("e.Insert(%d, %q)", pos, s)
			if tr.Bad != "" {
				return
			}
			e.Insert(pos, s)
			hist = append(hist[:cur+1], hist[cur][:pos]+s+hist[cur][pos:])
			cur++
			check("Insert")
		}},
		{Name: "e.Delete", Pre: func() bool { return e.text != "" }, Run: func(t *fuzzsrc.T) {
			pos := fuzzsrc.IntRange(0, len(e.text)-1).Draw(t, "pos")
			n := fuzzsrc.IntRange(1, len(e.text)-pos).Draw(t, "n")
			tr.call("e.Delete(%d, %d)", pos, n)
			if tr.Bad != "" {
				return
			}
			e.Delete(pos, n)
			hist = append(hist[:cur+1], hist[cur][:pos]+hist[cur][pos+n:])
			cur++
			check("Delete")
		}},
		{Name: "e.Undo", Run: func(t *fuzzsrc.T) {
			tr.call("e.Undo()")
			if tr.Bad != "" {
				return
			}
			e.Undo()
			cur = max(0, cur-1)
			check("Undo")
		}},
		{Name: "e.Redo", Run: func(t *fuzzsrc.T) {
			tr.call("e.Redo()")
			if tr.Bad != "" {
				return
			}
			e.Redo()
			cur = min(len(hist)-1, cur+1)
			check("Redo")
		}},
	}})
	return tr
}

// ---- k nnf negated implication ----

// pkProp is a propositional formula: Op 'v' (variable Var), '!' (not L),
// '&', '|' or '>' (L implies R).
type pkProp struct {
	Op   byte
	Var  int
	L, R *pkProp
}

func (p *pkProp) GoString() string {
	switch p.Op {
	case 'v':
		return fmt.Sprintf("x%d", p.Var)
	case '!':
		return "!" + p.L.GoString()
	}
	return "(" + p.L.GoString() + " " + string(p.Op) + " " + p.R.GoString() + ")"
}

func (p *pkProp) eval(env uint8) bool {
	switch p.Op {
	case 'v':
		return env>>p.Var&1 == 1
	case '!':
		return !p.L.eval(env)
	case '&':
		return p.L.eval(env) && p.R.eval(env)
	case '|':
		return p.L.eval(env) || p.R.eval(env)
	}
	return !p.L.eval(env) || p.R.eval(env)
}

// pkNNF rewrites p (negated if neg) in negation normal form: only and,
// or, and not on variables. Bug: a negated implication, not (a implies
// b), becomes a and b instead of a and not b.
func pkNNF(p *pkProp, neg bool) *pkProp {
	switch p.Op {
	case 'v':
		if neg {
			return &pkProp{Op: '!', L: p}
		}
		return p
	case '!':
		return pkNNF(p.L, !neg)
	case '&', '|':
		op := p.Op
		if neg {
			op = '&' + '|' - op
		}
		return &pkProp{Op: op, L: pkNNF(p.L, neg), R: pkNNF(p.R, neg)}
	}
	if neg {
		return &pkProp{Op: '&', L: pkNNF(p.L, false), R: pkNNF(p.R, false)}
	}
	return &pkProp{Op: '|', L: pkNNF(p.L, true), R: pkNNF(p.R, false)}
}

type pkNNFCase struct {
	F   *pkProp
	Env uint8 // bit i is x_i's value
}

var pkPropGen = fuzzsrc.Recursive(
	fuzzsrc.Map(fuzzsrc.IntRange(0, 2), func(v int) *pkProp { return &pkProp{Op: 'v', Var: v} }),
	func(sub fuzzsrc.Generator[*pkProp]) fuzzsrc.Generator[*pkProp] {
		bin := func(op byte) fuzzsrc.Generator[*pkProp] {
			return fuzzsrc.Custom(func(t *fuzzsrc.T) *pkProp {
				return &pkProp{Op: op, L: sub.Draw(t, "l"), R: sub.Draw(t, "r")}
			})
		}
		return fuzzsrc.OneOf(
			fuzzsrc.Map(sub, func(p *pkProp) *pkProp { return &pkProp{Op: '!', L: p} }),
			bin('&'), bin('|'), bin('>'))
	}, 4)

// ---- k bellman ford discovery round ----

type pkWEdge struct{ From, To, W int }

type pkWGraph struct {
	N     int
	Edges []pkWEdge
}

// pkRandomGraph is the graph generator the routing tests already had,
// written against math/rand: a few nodes and edges, weights -5 to 9.
func pkRandomGraph(r *rand.Rand) pkWGraph {
	g := pkWGraph{N: 2 + r.IntN(4)}
	for range r.IntN(2*g.N + 1) {
		g.Edges = append(g.Edges, pkWEdge{r.IntN(g.N), r.IntN(g.N), r.IntN(15) - 5})
	}
	return g
}

const pkInf = math.MaxInt

// pkShortest returns the distances from node 0 (pkInf where it does not
// reach) and whether a negative cycle is reachable (Bellman-Ford, which
// stops early after a round that changes nothing). Bug: a round counts
// as a change only when it lowers a distance already found, not when it
// reaches a node for the first time, so a round that only discovers
// nodes ends the loop, and the nodes that a later round would have
// reached are left at pkInf; the cycle check after it then finds an edge
// that still relaxes and reports a negative cycle.
func pkShortest(g pkWGraph, bug bool) ([]int, bool) {
	dist := make([]int, g.N)
	for i := range dist {
		dist[i] = pkInf
	}
	dist[0] = 0
	for range g.N - 1 {
		changed := false
		for _, e := range g.Edges {
			if dist[e.From] == pkInf {
				continue
			}
			if d := dist[e.From] + e.W; d < dist[e.To] {
				if !bug || dist[e.To] != pkInf {
					changed = true
				}
				dist[e.To] = d
			}
		}
		if !changed {
			break
		}
	}
	for _, e := range g.Edges {
		if dist[e.From] != pkInf && dist[e.From]+e.W < dist[e.To] {
			return dist, true
		}
	}
	return dist, false
}

func pkShortestFails(v any) bool {
	g := v.(pkWGraph)
	d, cyc := pkShortest(g, true)
	wd, wcyc := pkShortest(g, false)
	return cyc != wcyc || !wcyc && !slices.Equal(d, wd)
}

// ---- k ledger self transfer ----

// pkLedger keeps account balances in cents; no balance may go negative.
// Bug: Transfer reads both balances before writing either, so a
// transfer from an account to itself writes the debited balance and then
// overwrites it with the credited one: money appears from nowhere.
type pkLedger struct{ bal map[int]int }

func (l *pkLedger) Deposit(acct, amt int) { l.bal[acct] += amt }

func (l *pkLedger) Withdraw(acct, amt int) bool {
	if l.bal[acct] < amt {
		return false
	}
	l.bal[acct] -= amt
	return true
}

func (l *pkLedger) Transfer(from, to, amt int) bool {
	fb, tb := l.bal[from], l.bal[to]
	if fb < amt {
		return false
	}
	l.bal[from] = fb - amt
	l.bal[to] = tb + amt
	return true
}

type pkAcct struct {
	id   int
	name string
}

func pkLedgerDraw(t *fuzzsrc.T) any {
	tr := &pkTrace{}
	l := &pkLedger{bal: map[int]int{}}
	model := map[int]int{}
	accts := fuzzsrc.NewPool[pkAcct]("a")
	amount := fuzzsrc.IntRange(1, 500)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Open", Run: func(t *fuzzsrc.T) {
				a := pkAcct{accts.Len(), fmt.Sprintf("a%d", accts.Len()+1)}
				tr.call("%s := Open()", a.name)
				l.bal[a.id] = 0
				model[a.id] = 0
				accts.Add(t, a)
			}},
			{Name: "Deposit", Run: func(t *fuzzsrc.T) {
				a, amt := accts.Draw(t, "acct"), amount.Draw(t, "amt")
				tr.call("Deposit(%s, %d)", a.name, amt)
				l.Deposit(a.id, amt)
				model[a.id] += amt
			}},
			{Name: "Withdraw", Run: func(t *fuzzsrc.T) {
				a, amt := accts.Draw(t, "acct"), amount.Draw(t, "amt")
				tr.call("Withdraw(%s, %d)", a.name, amt)
				want := model[a.id] >= amt
				if want {
					model[a.id] -= amt
				}
				if got := l.Withdraw(a.id, amt); got != want {
					tr.fail("Withdraw(%s, %d) = %v, want %v", a.name, amt, got, want)
				}
			}},
			{Name: "Transfer", Run: func(t *fuzzsrc.T) {
				from, to, amt := accts.Draw(t, "from"), accts.Draw(t, "to"), amount.Draw(t, "amt")
				tr.call("Transfer(%s, %s, %d)", from.name, to.name, amt)
				want := model[from.id] >= amt
				if want {
					model[from.id] -= amt
					model[to.id] += amt
				}
				if got := l.Transfer(from.id, to.id, amt); got != want {
					tr.fail("Transfer(%s, %s, %d) = %v, want %v", from.name, to.name, amt, got, want)
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			for id, want := range model {
				if got := l.bal[id]; got != want {
					tr.fail("balance of a%d is %d, want %d", id+1, got, want)
				}
			}
		},
	})
	return tr
}

// ---- k month add clamp ----

type pkDate struct{ Y, M, D int }

type pkMonthCase struct {
	Date pkDate
	N    int
}

func pkDaysIn(y, m int) int { return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day() }

// pkAddMonths returns the date n months after d (before, for negative
// n), on the same day of the month, or on the month's last day if it is
// shorter. Bug: it leaves the day to time.Date, which carries a day past
// the month's end into the next month: January 31 plus one month is
// March 3 (or 2), not the end of February.
func pkAddMonths(d pkDate, n int) pkDate {
	t := time.Date(d.Y, time.Month(d.M+n), d.D, 0, 0, 0, 0, time.UTC)
	return pkDate{t.Year(), int(t.Month()), t.Day()}
}

func pkAddMonthsRef(d pkDate, n int) pkDate {
	total := d.Y*12 + d.M - 1 + n
	y, m := total/12, total%12+1
	return pkDate{y, m, min(d.D, pkDaysIn(y, m))}
}

// ---- k ipv6 zero run longest ----

// pkFormatIPv6 writes an address as eight hex groups with the run of
// zero groups to compress written as "::": the longest run of two or
// more, the first of them on a tie (RFC 5952). Bug: it compresses the
// first run of two or more, even when a later one is longer.
func pkFormatIPv6(g [8]uint16) string {
	start, n := -1, 0
	for i := 0; i < 8; {
		j := i
		for j < 8 && g[j] == 0 {
			j++
		}
		if j-i >= 2 {
			start, n = i, j-i
			break
		}
		i = j + 1
	}
	return pkJoinIPv6(g, start, n)
}

func pkFormatIPv6Ref(g [8]uint16) string {
	start, n := -1, 0
	for i := 0; i < 8; {
		j := i
		for j < 8 && g[j] == 0 {
			j++
		}
		if j-i >= 2 && j-i > n {
			start, n = i, j-i
		}
		i = j + 1
	}
	return pkJoinIPv6(g, start, n)
}

func pkJoinIPv6(g [8]uint16, start, n int) string {
	hex := func(gs []uint16) string {
		var parts []string
		for _, x := range gs {
			parts = append(parts, strconv.FormatUint(uint64(x), 16))
		}
		return strings.Join(parts, ":")
	}
	if start < 0 {
		return hex(g[:])
	}
	return hex(g[:start]) + "::" + hex(g[start+n:])
}

// ---- k sparse add cancel ----

type pkEntry struct{ Index, Value int }

// pkSparseAdd adds two sparse vectors, each its nonzero entries sorted by
// index, and returns the sum in the same form. Bug: entries that cancel
// out are kept with the value 0, so the sum is not in normal form and
// compares unequal to the same vector built from its nonzeros.
func pkSparseAdd(a, b []pkEntry) []pkEntry {
	var out []pkEntry
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i].Index < b[j].Index:
			out = append(out, a[i])
			i++
		case i == len(a) || b[j].Index < a[i].Index:
			out = append(out, b[j])
			j++
		default:
			out = append(out, pkEntry{a[i].Index, a[i].Value + b[j].Value})
			i++
			j++
		}
	}
	return out
}

type pkSparseCase struct{ A, B []pkEntry }

func pkSparseFails(v any) bool {
	c := v.(pkSparseCase)
	var dense [8]int
	for _, e := range c.A {
		dense[e.Index] += e.Value
	}
	for _, e := range c.B {
		dense[e.Index] += e.Value
	}
	var want []pkEntry
	for i, x := range dense {
		if x != 0 {
			want = append(want, pkEntry{i, x})
		}
	}
	return !slices.Equal(pkSparseAdd(c.A, c.B), want)
}

// ---- k sudoku box index ----

type pkPlacement struct{ Row, Col, Digit int }

// pkSudokuValid says whether a partly filled 4x4 sudoku (2x2 boxes, 0 for
// an empty cell) has no digit twice in a row, column or box. Bug: the
// box of a cell is numbered from its row's half and its column's parity
// (col%2) instead of its column's half (col/2), so it checks the wrong
// cells together.
func pkSudokuValid(g [4][4]int) bool {
	var rows, cols, boxes [4][5]bool
	for r := range 4 {
		for c := range 4 {
			d := g[r][c]
			if d == 0 {
				continue
			}
			b := r/2*2 + c%2
			if rows[r][d] || cols[c][d] || boxes[b][d] {
				return false
			}
			rows[r][d], cols[c][d], boxes[b][d] = true, true, true
		}
	}
	return true
}

func pkSudokuValidRef(g [4][4]int) bool {
	for r1 := range 4 {
		for c1 := range 4 {
			for r2 := range 4 {
				for c2 := range 4 {
					if (r1 != r2 || c1 != c2) && g[r1][c1] != 0 && g[r1][c1] == g[r2][c2] &&
						(r1 == r2 || c1 == c2 || r1/2 == r2/2 && c1/2 == c2/2) {
						return false
					}
				}
			}
		}
	}
	return true
}

func pkSudokuGrid(ps []pkPlacement) [4][4]int {
	var g [4][4]int
	for _, p := range ps {
		g[p.Row][p.Col] = p.Digit
	}
	return g
}

// ---- k point in polygon vertex ray ----

type pkPt struct{ X, Y float64 }

type pkPolyCase struct {
	Poly []pkPt
	P    pkPt
}

// pkInside says whether p is inside the polygon (even-odd rule) by
// counting the edges a ray from p to the right crosses. Bug: an edge
// counts when p's y is anywhere in its closed y range, so where the ray
// passes through a vertex at which the outline goes on from above to
// below (or back), both edges there count, and the parity comes out
// wrong. (At a vertex where both edges go the same way, counting two
// happens to be harmless.)
func pkInside(poly []pkPt, p pkPt) bool {
	in := false
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		if a.Y == b.Y {
			continue
		}
		if min(a.Y, b.Y) <= p.Y && p.Y <= max(a.Y, b.Y) {
			if x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y); p.X < x {
				in = !in
			}
		}
	}
	return in
}

// pkInsideRef is the usual half-open rule: an edge counts when exactly
// one of its ends is above p.
func pkInsideRef(poly []pkPt, p pkPt) bool {
	in := false
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		if (a.Y > p.Y) != (b.Y > p.Y) {
			if x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y); p.X < x {
				in = !in
			}
		}
	}
	return in
}

func pkOnBoundary(poly []pkPt, p pkPt) bool {
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		cross := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
		if cross == 0 && min(a.X, b.X) <= p.X && p.X <= max(a.X, b.X) && min(a.Y, b.Y) <= p.Y && p.Y <= max(a.Y, b.Y) {
			return true
		}
	}
	return false
}

func pkPolyFails(v any) bool {
	c := v.(pkPolyCase)
	if pkOnBoundary(c.Poly, c.P) {
		return false
	}
	return pkInside(c.Poly, c.P) != pkInsideRef(c.Poly, c.P)
}

// ---- k allocator coalesce prev ----

const pkArenaSize = 8

type pkBlock struct{ Off, Size int }

// pkArena hands out blocks of an arena of pkArenaSize units, first fit,
// from a free list sorted by offset. Bug: a freed block is merged with
// the free block right after it but not with the one right before it,
// so freeing two neighbours in address order leaves two free blocks
// where there should be one, and a request that fits only across them
// goes further on, or fails.
type pkArena struct{ free []pkBlock }

func (a *pkArena) Alloc(n int) (int, bool) {
	for i, b := range a.free {
		if b.Size < n {
			continue
		}
		if b.Size == n {
			a.free = slices.Delete(a.free, i, i+1)
		} else {
			a.free[i] = pkBlock{b.Off + n, b.Size - n}
		}
		return b.Off, true
	}
	return 0, false
}

func (a *pkArena) Free(b pkBlock) {
	i := sort.Search(len(a.free), func(i int) bool { return a.free[i].Off > b.Off })
	if i < len(a.free) && b.Off+b.Size == a.free[i].Off {
		a.free[i] = pkBlock{b.Off, b.Size + a.free[i].Size}
		return
	}
	a.free = slices.Insert(a.free, i, b)
}

type pkHandle struct {
	name  string
	blk   pkBlock
	freed bool
}

func pkArenaDraw(t *fuzzsrc.T) any {
	tr := &pkTrace{}
	a := &pkArena{free: []pkBlock{{0, pkArenaSize}}}
	var used [pkArenaSize]bool // the model
	handles := fuzzsrc.NewPool[*pkHandle]("b")
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "Alloc", Run: func(t *fuzzsrc.T) {
			n := fuzzsrc.IntRange(1, pkArenaSize).Draw(t, "n")
			want, wok := 0, false
			for off := 0; off+n <= pkArenaSize && !wok; off++ {
				if !slices.Contains(used[off:off+n], true) {
					want, wok = off, true
				}
			}
			off, ok := a.Alloc(n)
			if ok != wok || ok && off != want {
				tr.call("Alloc(%d)", n)
				tr.fail("Alloc(%d) = %d, %v, want %d, %v", n, off, ok, want, wok)
				return
			}
			if !ok {
				tr.call("Alloc(%d)", n)
				return
			}
			h := &pkHandle{name: fmt.Sprintf("b%d", handles.Len()+1), blk: pkBlock{off, n}}
			tr.call("%s := Alloc(%d)", h.name, n)
			for i := off; i < off+n; i++ {
				used[i] = true
			}
			handles.Add(t, h)
		}},
		{Name: "Free", Run: func(t *fuzzsrc.T) {
			h := handles.Draw(t, "block")
			tr.call("Free(%s)", h.name)
			if h.freed {
				return // the arena checks a generation and ignores it
			}
			h.freed = true
			a.Free(h.blk)
			for i := h.blk.Off; i < h.blk.Off+h.blk.Size; i++ {
				used[i] = false
			}
		}},
	}})
	return tr
}

// ---- k vector clock missing entry ----

// pkClockCompare orders two vector clocks (a missing entry counts 0):
// "equal", "before" (a is behind or equal everywhere), "after", or
// "concurrent". Bug: the entries only b has are looked at only when a
// is not ahead anywhere (an early out written for speed), so a clock
// ahead on one node that has never heard of another node b has seen is
// called "after", not "concurrent".
func pkClockCompare(a, b map[string]int) string {
	aAhead, bAhead := false, false
	for k, va := range a {
		switch vb := b[k]; {
		case va > vb:
			aAhead = true
		case va < vb:
			bAhead = true
		}
	}
	if !aAhead {
		for k, vb := range b {
			if _, ok := a[k]; !ok && vb > 0 {
				bAhead = true
			}
		}
	}
	return pkClockOrder(aAhead, bAhead)
}

func pkClockOrder(aAhead, bAhead bool) string {
	switch {
	case aAhead && bAhead:
		return "concurrent"
	case aAhead:
		return "after"
	case bAhead:
		return "before"
	}
	return "equal"
}

func pkClockCompareRef(a, b map[string]int) string {
	aAhead, bAhead := false, false
	for _, k := range slices.Concat(slices.Collect(maps.Keys(a)), slices.Collect(maps.Keys(b))) {
		aAhead = aAhead || a[k] > b[k]
		bAhead = bAhead || a[k] < b[k]
	}
	return pkClockOrder(aAhead, bAhead)
}

type pkClockCase struct{ A, B map[string]int }

// ---- k cron range step ----

type pkCronTerm struct {
	Star         bool
	Lo, Hi, Step int
	Stepped      bool
}

func (c pkCronTerm) String() string {
	var s string
	switch {
	case c.Star:
		s = "*"
	case c.Lo == c.Hi && !c.Stepped:
		s = strconv.Itoa(c.Lo)
	default:
		s = fmt.Sprintf("%d-%d", c.Lo, c.Hi)
	}
	if c.Stepped {
		s += "/" + strconv.Itoa(c.Step)
	}
	return s
}

type pkCronCase struct {
	Field string
	Terms []pkCronTerm
}

// pkParseHours parses a cron hour field: terms separated by commas, each
// "*", "a", or "a-b", optionally followed by "/n" (every n-th hour of
// the range). Bug: a stepped range counts its steps from the field's
// first hour (0), not from the range's start, so "1-5/2" gives 2 and 4,
// not 1, 3 and 5.
func pkParseHours(field string) map[int]bool {
	set := map[int]bool{}
	for _, term := range strings.Split(field, ",") {
		rng, stepStr, stepped := strings.Cut(term, "/")
		step := 1
		if stepped {
			step, _ = strconv.Atoi(stepStr)
		}
		lo, hi := 0, 23
		if rng != "*" {
			a, b, isRange := strings.Cut(rng, "-")
			lo, _ = strconv.Atoi(a)
			hi = lo
			if isRange {
				hi, _ = strconv.Atoi(b)
			}
		}
		for h := 0; h <= hi; h += step {
			if h >= lo {
				set[h] = true
			}
		}
	}
	return set
}

func pkCronFails(v any) bool {
	c := v.(pkCronCase)
	want := map[int]bool{}
	for _, t := range c.Terms {
		for h := t.Lo; h <= t.Hi; h += t.Step {
			want[h] = true
		}
	}
	return !maps.Equal(pkParseHours(c.Field), want)
}

// ---- k snake case acronym ----

// pkSnake turns a Go name into snake case: an underscore goes before an
// upper-case letter that follows a lower-case letter or digit, or that
// ends an acronym (follows an upper-case letter and is followed by a
// lower-case one: "HTTPServer" is "http_server"), and everything is
// lower-cased. Bug: it has the first rule only, so an acronym runs into
// the word after it: "HTTPServer" becomes "httpserver".
func pkSnake(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func pkSnakeRef(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) {
			prev := rs[i-1]
			acronymEnd := unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || acronymEnd {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// ---- k bit reader straddle ----

// pkBitReader reads bit fields, most significant bit first, from a byte
// slice.
type pkBitReader struct {
	data []byte
	pos  int // in bits
}

// Read returns the next n bits (1 to 16), or false if fewer are left.
// Bug: when a field goes on into the next byte without taking all of
// it, the bits taken there come from that byte's low end instead of its
// high end.
func (r *pkBitReader) Read(n int) (uint32, bool) {
	if r.pos+n > 8*len(r.data) {
		return 0, false
	}
	var v uint32
	first := true
	for n > 0 {
		b, off := r.data[r.pos/8], r.pos%8
		take := min(n, 8-off)
		var chunk uint32
		if first {
			chunk = uint32(b) >> (8 - off - take) & (1<<take - 1)
		} else {
			chunk = uint32(b) & (1<<take - 1)
		}
		v = v<<take | chunk
		r.pos += take
		n -= take
		first = false
	}
	return v, true
}

func pkReadBitsRef(data []byte, pos, n int) uint32 {
	var v uint32
	for i := pos; i < pos+n; i++ {
		v = v<<1 | uint32(data[i/8]>>(7-i%8)&1)
	}
	return v
}

type pkBitsCase struct {
	Data   []byte
	Widths []int
}

func pkBitsFails(v any) bool {
	c := v.(pkBitsCase)
	r := &pkBitReader{data: c.Data}
	for _, w := range c.Widths {
		pos := r.pos
		got, ok := r.Read(w)
		if !ok {
			return pos+w <= 8*len(c.Data)
		}
		if got != pkReadBitsRef(c.Data, pos, w) {
			return true
		}
	}
	return false
}

// ---- k rgb hsl red sector ----

type pkRGB struct{ R, G, B uint8 }

// pkToHSL converts a colour to hue (degrees), saturation and lightness.
// Bug: in the red sector (red the largest component) the hue is
// (g-b)/d sixths without being taken mod 6, so a colour between red and
// magenta (blue above green) gets a negative hue, which pkToRGB, reading
// hues from 0 to 360, turns into another colour.
func pkToHSL(c pkRGB) (h, s, l float64) {
	r, g, b := float64(c.R)/255, float64(c.G)/255, float64(c.B)/255
	mx, mn := max(r, g, b), min(r, g, b)
	l = (mx + mn) / 2
	d := mx - mn
	if d == 0 {
		return 0, 0, l
	}
	s = d / (1 - math.Abs(2*l-1))
	switch mx {
	case r:
		h = (g - b) / d
	case g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	return h * 60, s, l
}

func pkToRGB(h, s, l float64) pkRGB {
	c := (1 - math.Abs(2*l-1)) * s
	hp := h / 60
	x := c * (1 - math.Abs(math.Mod(hp, 2)-1))
	var r, g, b float64
	switch {
	case hp < 1:
		r, g, b = c, x, 0
	case hp < 2:
		r, g, b = x, c, 0
	case hp < 3:
		r, g, b = 0, c, x
	case hp < 4:
		r, g, b = 0, x, c
	case hp < 5:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	m := l - c/2
	conv := func(v float64) uint8 { return uint8(min(255, max(0, math.Round((v+m)*255)))) }
	return pkRGB{conv(r), conv(g), conv(b)}
}

// ---- k skiplist delete upper level ----

const pkMaxLevel = 4

type pkSkipNode struct {
	key  int
	next []*pkSkipNode
}

// pkSkipList is a set of ints in a skip list whose node heights come
// from a coin tossed with math/rand.
type pkSkipList struct {
	head pkSkipNode
	rng  *rand.Rand
}

func (s *pkSkipList) preds(key int) [pkMaxLevel]*pkSkipNode {
	var up [pkMaxLevel]*pkSkipNode
	x := &s.head
	for i := pkMaxLevel - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].key < key {
			x = x.next[i]
		}
		up[i] = x
	}
	return up
}

func (s *pkSkipList) Insert(key int) {
	up := s.preds(key)
	if n := up[0].next[0]; n != nil && n.key == key {
		return
	}
	lvl := 1
	for lvl < pkMaxLevel && s.rng.IntN(2) == 1 {
		lvl++
	}
	n := &pkSkipNode{key: key, next: make([]*pkSkipNode, lvl)}
	for i := range lvl {
		n.next[i] = up[i].next[i]
		up[i].next[i] = n
	}
}

// Delete removes key. Bug: it unlinks the node at each of its levels
// from its predecessor on the bottom level, which is its predecessor
// higher up only when that node is as tall: otherwise the node stays
// linked on the upper levels, and a key inserted after it later is
// linked behind the dead node, out of the bottom list.
func (s *pkSkipList) Delete(key int) {
	up := s.preds(key)
	n := up[0].next[0]
	if n == nil || n.key != key {
		return
	}
	p := up[0]
	for i := range n.next {
		if i < len(p.next) && p.next[i] == n {
			p.next[i] = n.next[i]
		}
	}
}

func (s *pkSkipList) Has(key int) bool {
	n := s.preds(key)[0].next[0]
	return n != nil && n.key == key
}

func (s *pkSkipList) Keys() []int {
	var ks []int
	for n := s.head.next[0]; n != nil; n = n.next[0] {
		ks = append(ks, n.key)
	}
	return ks
}

func pkSkipDraw(t *fuzzsrc.T) any {
	tr := &pkTrace{}
	s := &pkSkipList{head: pkSkipNode{next: make([]*pkSkipNode, pkMaxLevel)}, rng: fuzzsrc.Rand().Draw(t, "rng")}
	model := map[int]bool{}
	key := fuzzsrc.IntRange(0, 9)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Insert", Run: func(t *fuzzsrc.T) {
				k := key.Draw(t, "k")
				tr.call("Insert(%d)", k)
				s.Insert(k)
				model[k] = true
			}},
			{Name: "Delete", Run: func(t *fuzzsrc.T) {
				k := key.Draw(t, "k")
				tr.call("Delete(%d)", k)
				s.Delete(k)
				delete(model, k)
			}},
			{Name: "Has", Run: func(t *fuzzsrc.T) {
				k := key.Draw(t, "k")
				tr.call("Has(%d)", k)
				if got := s.Has(k); got != model[k] {
					tr.fail("Has(%d) = %v", k, got)
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if got, want := s.Keys(), slices.Sorted(maps.Keys(model)); !slices.Equal(got, want) {
				tr.fail("Keys() = %v, want %v", got, want)
			}
		},
	})
	return tr
}

func probesK() []probe {
	ringNode := fuzzsrc.Custom(func(t *fuzzsrc.T) pkRingNode {
		return pkRingNode{
			Name:   fuzzsrc.SampledFrom([]string{"cache-a", "cache-b", "cache-c", "cache-d"}).Draw(t, "name"),
			Tokens: fuzzsrc.SliceOfN(fuzzsrc.Integers[uint8](), 1, 3).Draw(t, "tokens"),
		}
	})
	line := fuzzsrc.SampledFrom([]string{"}", "return err", "if err != nil {", "x++"})
	group := fuzzsrc.OneOf(fuzzsrc.Just[uint16](0), fuzzsrc.IntegerRange[uint16](1, 0xffff))
	entry := fuzzsrc.Custom(func(t *fuzzsrc.T) pkEntry {
		idx := fuzzsrc.IntRange(0, 7).Draw(t, "index")
		v := fuzzsrc.IntRange(-4, 4).Draw(t, "value")
		if v >= 0 {
			v++ // no zeros
		}
		return pkEntry{idx, v}
	})
	sparse := fuzzsrc.Map(
		fuzzsrc.SliceOfDistinctBy(entry, func(e pkEntry) int { return e.Index }, fuzzsrc.Size{Max: 5}),
		func(es []pkEntry) []pkEntry {
			slices.SortFunc(es, func(a, b pkEntry) int { return cmp.Compare(a.Index, b.Index) })
			return es
		})
	placement := fuzzsrc.Custom(func(t *fuzzsrc.T) pkPlacement {
		return pkPlacement{
			fuzzsrc.IntRange(0, 3).Draw(t, "row"),
			fuzzsrc.IntRange(0, 3).Draw(t, "col"),
			fuzzsrc.IntRange(1, 4).Draw(t, "digit"),
		}
	})
	small := fuzzsrc.Map(fuzzsrc.IntRange(-3, 3), func(i int) float64 { return float64(i) })
	vertex := fuzzsrc.Custom(func(t *fuzzsrc.T) pkPt { return pkPt{small.Draw(t, "x"), small.Draw(t, "y")} })
	clock := fuzzsrc.MapOfN(fuzzsrc.SampledFrom([]string{"n1", "n2", "n3"}), fuzzsrc.IntRange(0, 5), 0, 3)
	cronTerm := fuzzsrc.Custom(func(t *fuzzsrc.T) pkCronTerm {
		c := pkCronTerm{Lo: 0, Hi: 23, Step: 1}
		if c.Star = fuzzsrc.Bool().Draw(t, "star"); !c.Star {
			c.Lo = fuzzsrc.IntRange(0, 23).Draw(t, "lo")
			c.Hi = fuzzsrc.IntRange(c.Lo, 23).Draw(t, "hi")
		}
		if c.Stepped = fuzzsrc.Bool().Draw(t, "stepped"); c.Stepped {
			c.Step = fuzzsrc.IntRange(2, 12).Draw(t, "step")
		}
		return c
	})
	return []probe{
		{
			// simplest: 2 nodes, edges [{1 0} {1 0}] (a repeated edge; one
			// node has only a self-loop, a cycle; [{0 1} {0 1}] is a byte
			// longer, as the second edge's 0 here is past the input's end)
			name:  "k topo sort duplicate edge",
			draw:  pkTopoDraw,
			fails: pkTopoFails,
		},
		{
			// simplest: cap 1, rate 1, Advance(1) Take(2) (the full bucket
			// gains one more token than it can hold)
			name:  "k token bucket refill cap",
			draw:  pkBucketDraw,
			fails: pkTraceFails,
		},
		{
			// simplest: a ["}" "}"], b ["}"] (b's one line is both its
			// common prefix and its common suffix)
			name: "k diff trim overlap",
			draw: func(t *fuzzsrc.T) any {
				return pkDiffCase{fuzzsrc.SliceOfN(line, 0, 6).Draw(t, "a"), fuzzsrc.SliceOfN(line, 0, 6).Draw(t, "b")}
			},
			fails: pkDiffFails,
		},
		{
			// simplest: nodes cache-a [0] and cache-b [0], keys [1] (two
			// nodes tie at token 0, so the first and last token differ in
			// owner; the key is past both)
			name: "k hash ring wrap",
			draw: func(t *fuzzsrc.T) any {
				nodes := fuzzsrc.SliceOfDistinctBy(ringNode, func(n pkRingNode) string { return n.Name }, fuzzsrc.Size{Min: 1, Max: 4}).Draw(t, "nodes")
				return pkRingCase{nodes, fuzzsrc.SliceOfN(fuzzsrc.Integers[uint8](), 1, 4).Draw(t, "keys")}
			},
			fails: func(v any) bool {
				c := v.(pkRingCase)
				r := pkNewRing(c.Nodes)
				return slices.ContainsFunc(c.Keys, func(k uint8) bool { return r.Owner(k) != pkOwnerRef(c.Nodes, k) })
			},
		},
		{
			// simplest: Insert(0, "a") Undo() Insert(0, "b") Redo() (with
			// "a" twice the stale redo brings back the same text and shows
			// only at a fifth step, an undo); not argued further
			name:  "k undo after new edit",
			draw:  pkEditorDraw,
			fails: pkTraceFails,
		},
		{
			// simplest: !(!x0 > x0) with every variable false (a negated
			// implication whose left side is true; !(x0 > x0) needs x0
			// true, a nonzero environment after the formula)
			name: "k nnf negated implication",
			draw: func(t *fuzzsrc.T) any {
				return pkNNFCase{pkPropGen.Draw(t, "formula"), fuzzsrc.Integers[uint8]().Draw(t, "env")}
			},
			fails: func(v any) bool {
				c := v.(pkNNFCase)
				return pkNNF(c.F, false).eval(c.Env) != c.F.eval(c.Env)
			},
		},
		{
			// simplest: 3 nodes, edges [{1 2 -5} {0 1 -5}] (a path listed
			// backwards, so the first round only discovers node 1; the
			// zero randomness gives weight -5; two nodes take one round
			// either way)
			name:  "k bellman ford discovery round",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.FromRand(pkRandomGraph).Draw(t, "graph") },
			fails: pkShortestFails,
		},
		{
			// simplest: a1 := Open() Deposit(a1, 1) Transfer(a1, a1, 1)
			name:  "k ledger self transfer",
			draw:  pkLedgerDraw,
			fails: pkTraceFails,
		},
		{
			// simplest: 1990-01-29 plus 1 month (the smallest day past the
			// end of February 1990, the first month reached)
			name: "k month add clamp",
			draw: func(t *fuzzsrc.T) any {
				y := fuzzsrc.IntRange(1990, 2030).Draw(t, "year")
				m := fuzzsrc.IntRange(1, 12).Draw(t, "month")
				d := fuzzsrc.IntRange(1, pkDaysIn(y, m)).Draw(t, "day")
				return pkMonthCase{pkDate{y, m, d}, fuzzsrc.IntRange(-24, 24).Draw(t, "months")}
			},
			fails: func(v any) bool {
				c := v.(pkMonthCase)
				return pkAddMonths(c.Date, c.N) != pkAddMonthsRef(c.Date, c.N)
			},
		},
		{
			// simplest: 0:0:1:0:0:0:0:0 (a run of two, then a longer one;
			// the groups after the 1 are zero past the input's end)
			name: "k ipv6 zero run longest",
			draw: func(t *fuzzsrc.T) any {
				var g [8]uint16
				for i := range g {
					g[i] = group.Draw(t, "group")
				}
				return g
			},
			fails: func(v any) bool { g := v.([8]uint16); return pkFormatIPv6(g) != pkFormatIPv6Ref(g) },
		},
		{
			// simplest: a [{0 -1}], b [{0 1}] (b's entry is all zeros, past
			// the input's end)
			name: "k sparse add cancel",
			draw: func(t *fuzzsrc.T) any {
				return pkSparseCase{sparse.Draw(t, "a"), sparse.Draw(t, "b")}
			},
			fails: pkSparseFails,
		},
		{
			// simplest: [{1 1 1} {0 0 1}] (a 1 twice in the top-left box, on
			// its diagonal, the second placement all zeros past the input's
			// end; {1 2 1} would clash in the wrong box too, but 2 comes
			// after 1)
			name: "k sudoku box index",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.SliceOfN(placement, 0, 6).Draw(t, "placements") },
			fails: func(v any) bool {
				g := pkSudokuGrid(v.([]pkPlacement))
				return pkSudokuValid(g) != pkSudokuValidRef(g)
			},
		},
		{
			// simplest: [(0,1) (1,-1) (1,0)], p (0,0) (a vertex on the ray
			// right of p where the outline passes from above to below: p
			// and the third vertex's y are past the input's end, so the
			// third vertex is the one on the ray, and the edge from the
			// first to the second must miss p, so the second's x is not 0)
			name: "k point in polygon vertex ray",
			draw: func(t *fuzzsrc.T) any {
				poly := fuzzsrc.SliceOfN(vertex, 3, 6).Draw(t, "polygon")
				p := pkPt{fuzzsrc.Float64Range(-4, 4).Draw(t, "px"), small.Draw(t, "py")}
				return pkPolyCase{poly, p}
			},
			fails: pkPolyFails,
		},
		{
			// simplest: b1 := Alloc(1) b2 := Alloc(1) Free(b1) Free(b2)
			// Alloc(2) (the freed pair is two free blocks, and first fit
			// takes the one after it)
			name:  "k allocator coalesce prev",
			draw:  pkArenaDraw,
			fails: pkTraceFails,
		},
		{
			// simplest: a {"n1": 1}, b {"n2": 1} (a ahead on one node, b on
			// another that a has no entry for)
			name: "k vector clock missing entry",
			draw: func(t *fuzzsrc.T) any { return pkClockCase{clock.Draw(t, "a"), clock.Draw(t, "b")} },
			fails: func(v any) bool {
				c := v.(pkClockCase)
				return pkClockCompare(c.A, c.B) != pkClockCompareRef(c.A, c.B)
			},
		},
		{
			// simplest: "23-23/2" (a stepped range starting off the step;
			// "*/n" starts at 0 and is right; with lo 23 the range for hi
			// has one value and takes no byte, so this is a byte shorter
			// than "1-1/2")
			name: "k cron range step",
			draw: func(t *fuzzsrc.T) any {
				terms := fuzzsrc.SliceOfN(cronTerm, 1, 4).Draw(t, "terms")
				var parts []string
				for _, c := range terms {
					parts = append(parts, c.String())
				}
				return pkCronCase{strings.Join(parts, ","), terms}
			},
			fails: pkCronFails,
		},
		{
			// simplest: "HHe" (two capitals, then a lower-case letter)
			name: "k snake case acronym",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.StringOf(fuzzsrc.RuneFrom("HTPServ2")).Draw(t, "name") },
			fails: func(v any) bool {
				s := v.(string)
				return pkSnake(s) != pkSnakeRef(s)
			},
		},
		{
			// simplest: data [0 1], widths [9] (a field that takes all of
			// the first byte and the top bit of the second)
			name: "k bit reader straddle",
			draw: func(t *fuzzsrc.T) any {
				data := fuzzsrc.Bytes().Draw(t, "data")
				return pkBitsCase{data, fuzzsrc.SliceOf(fuzzsrc.IntRange(1, 16)).Draw(t, "widths")}
			},
			fails: pkBitsFails,
		},
		{
			// simplest: {R: 1, G: 0, B: 1} (red largest, tied with blue,
			// blue above green)
			name: "k rgb hsl red sector",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Make[pkRGB]().Draw(t, "colour") },
			fails: func(v any) bool {
				c := v.(pkRGB)
				return pkToRGB(pkToHSL(c)) != c
			},
		},
		{
			// simplest: Insert(0) Insert(1) (two levels) Delete(1)
			// Insert(2) (1's predecessor below, 0, is one level tall, so 1
			// stays linked from the head above, and 2 is linked behind it)
			name:  "k skiplist delete upper level",
			draw:  pkSkipDraw,
			fails: pkTraceFails,
		},
	}
}
