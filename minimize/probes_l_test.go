//go:build probes

package minimize_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// Set l: an indexed priority queue with decrease-key, a JSON pretty
// printer that leaves out nulls, an arithmetic parser fed a printed
// expression tree, caret version ranges, clearing a range of a bitset,
// BFS over drawn adjacency lists, formatting durations, longest-prefix
// routing through a trie, merging running statistics, glob character
// classes, subtracting sorted bags, alpha blending filled by Make, a
// rope, meeting rooms from an existing math/rand generator, quicksort
// with a math/rand pivot, logfmt quoting, a circuit breaker, money
// formatting per currency, checking a run order against dependencies,
// and an in-place transpose. Each checks a small piece of code with one
// planted bug.

// plTrace is what a stateful draw returns: the calls made, and the first
// disagreement with the model (empty if none).
type plTrace struct {
	Calls []string
	Bad   string
}

func (tr *plTrace) call(format string, args ...any) {
	tr.Calls = append(tr.Calls, fmt.Sprintf(format, args...))
}

func (tr *plTrace) fail(format string, args ...any) {
	if tr.Bad == "" {
		tr.Bad = fmt.Sprintf(format, args...)
	}
}

func plTraceFails(v any) bool { return v.(*plTrace).Bad != "" }

// ---- l pq decrease key stale index ----

type plPQItem struct {
	ID  string
	Pri int
}

// plPQ is a binary min-heap of items (ties by ID) that remembers where
// each item is, so that DecreaseKey can find it. Removed items are left
// in the slice past n. Bug: Pop moves the last item to the root and
// sifts it down, which fixes the index of every item it swaps, but not
// of the moved item when it stays at the root: its index still points
// at the slot it left, which the next Push reuses, and a DecreaseKey of
// it changes that newer item instead.
type plPQ struct {
	items []plPQItem
	n     int
	pos   map[string]int
}

func (h *plPQ) less(i, j int) bool {
	a, b := h.items[i], h.items[j]
	return a.Pri < b.Pri || a.Pri == b.Pri && a.ID < b.ID
}

func (h *plPQ) swap(i, j int) {
	h.items[i], h.items[j] = h.items[j], h.items[i]
	h.pos[h.items[i].ID] = i
	h.pos[h.items[j].ID] = j
}

func (h *plPQ) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(i, p) {
			return
		}
		h.swap(i, p)
		i = p
	}
}

func (h *plPQ) down(i int) {
	for {
		m := 2*i + 1
		if m >= h.n {
			return
		}
		if r := m + 1; r < h.n && h.less(r, m) {
			m = r
		}
		if !h.less(m, i) {
			return
		}
		h.swap(i, m)
		i = m
	}
}

func (h *plPQ) Len() int { return h.n }

func (h *plPQ) Push(id string, pri int) {
	if h.n == len(h.items) {
		h.items = append(h.items, plPQItem{})
	}
	h.items[h.n] = plPQItem{id, pri}
	h.pos[id] = h.n
	h.n++
	h.up(h.n - 1)
}

func (h *plPQ) Pop() plPQItem {
	top := h.items[0]
	delete(h.pos, top.ID)
	h.n--
	if h.n > 0 {
		h.items[0] = h.items[h.n]
		h.down(0)
	}
	return top
}

func (h *plPQ) DecreaseKey(id string, pri int) bool {
	i, ok := h.pos[id]
	if !ok || pri >= h.items[i].Pri {
		return false
	}
	h.items[i].Pri = pri
	h.up(i)
	return true
}

func plPQDraw(t *fuzzsrc.T) any {
	tr := &plTrace{}
	q := &plPQ{pos: map[string]int{}}
	model := map[string]int{}
	ids := fuzzsrc.NewPool[string]("j")
	pri := fuzzsrc.IntRange(0, 9)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "q.Push", Run: func(t *fuzzsrc.T) {
				p := pri.Draw(t, "pri")
				id := fmt.Sprintf("j%d", ids.Len()+1)
				tr.call("%s := q.Push(%d)", id, p)
				ids.Add(t, id)
				if tr.Bad != "" {
					return
				}
				q.Push(id, p)
				model[id] = p
			}},
			{Name: "q.Pop", Pre: func() bool { return len(model) > 0 }, Run: func(t *fuzzsrc.T) {
				tr.call("q.Pop()")
				if tr.Bad != "" {
					return
				}
				var want plPQItem
				first := true
				for id, p := range model {
					if first || p < want.Pri || p == want.Pri && id < want.ID {
						want, first = plPQItem{id, p}, false
					}
				}
				delete(model, want.ID)
				if got := q.Pop(); got != want {
					tr.fail("Pop() = %v, want %v", got, want)
				}
			}},
			{Name: "q.DecreaseKey", Run: func(t *fuzzsrc.T) {
				id := ids.Draw(t, "id")
				p := pri.Draw(t, "pri")
				tr.call("q.DecreaseKey(%s, %d)", id, p)
				if tr.Bad != "" {
					return
				}
				old, ok := model[id]
				want := ok && p < old
				if want {
					model[id] = p
				}
				if got := q.DecreaseKey(id, p); got != want {
					tr.fail("DecreaseKey(%s, %d) = %v, want %v", id, p, got, want)
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if q.Len() != len(model) {
				tr.fail("Len() = %d, want %d", q.Len(), len(model))
			}
		},
	})
	return tr
}

// ---- l json omit null comma ----

// plPretty writes v (nil, bool, float64, string, []any or map[string]any)
// as indented JSON, members in key order, leaving out object members
// whose value is null, as omitempty does. Bug: the comma before a member
// is written when it is not the first key, not when it is not the first
// member written, so an object whose first key is null starts with a
// comma.
func plPretty(b *strings.Builder, v any, indent string) {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case float64:
		b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
	case string:
		b.WriteString(strconv.Quote(v))
	case []any:
		if len(v) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[")
		for i, e := range v {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n" + indent + "  ")
			plPretty(b, e, indent+"  ")
		}
		b.WriteString("\n" + indent + "]")
	case map[string]any:
		b.WriteString("{")
		wrote := false
		for i, k := range slices.Sorted(maps.Keys(v)) {
			if v[k] == nil {
				continue
			}
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n" + indent + "  " + strconv.Quote(k) + ": ")
			plPretty(b, v[k], indent+"  ")
			wrote = true
		}
		if wrote {
			b.WriteString("\n" + indent)
		}
		b.WriteString("}")
	}
}

// plDropNulls is what decoding the pretty-printed text should give.
func plDropNulls(v any) any {
	switch v := v.(type) {
	case []any:
		out := []any{}
		for _, e := range v {
			out = append(out, plDropNulls(e))
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, e := range v {
			if e != nil {
				out[k] = plDropNulls(e)
			}
		}
		return out
	}
	return v
}

var plJSONGen = fuzzsrc.Recursive(
	fuzzsrc.OneOf(
		fuzzsrc.Just[any](nil),
		fuzzsrc.Map(fuzzsrc.IntRange(-5, 99), func(i int) any { return float64(i) }),
		fuzzsrc.Map(fuzzsrc.StringOfN(fuzzsrc.RuneFrom("xy"), 0, 3), func(s string) any { return s }),
		fuzzsrc.Map(fuzzsrc.Bool(), func(b bool) any { return b }),
	),
	func(sub fuzzsrc.Generator[any]) fuzzsrc.Generator[any] {
		return fuzzsrc.OneOf(
			fuzzsrc.Map(fuzzsrc.SliceOfN(sub, 0, 3), func(xs []any) any { return xs }),
			fuzzsrc.Map(fuzzsrc.MapOfN(fuzzsrc.SampledFrom([]string{"id", "name", "tags"}), sub, 0, 3),
				func(m map[string]any) any { return m }),
		)
	}, 3)

func plJSONFails(v any) bool {
	var b strings.Builder
	plPretty(&b, v, "")
	var got any
	if err := json.Unmarshal([]byte(b.String()), &got); err != nil {
		return true
	}
	return !reflect.DeepEqual(got, plDropNulls(v))
}

// ---- l calc minus right assoc ----

// plExpr is an arithmetic expression: a number (Op 0) or L Op R with Op
// '+', '-' or '*'.
type plExpr struct {
	Op   byte
	N    int
	L, R *plExpr
}

func (e *plExpr) GoString() string { return plRender(e) }

func (e *plExpr) eval() int {
	switch e.Op {
	case '+':
		return e.L.eval() + e.R.eval()
	case '-':
		return e.L.eval() - e.R.eval()
	case '*':
		return e.L.eval() * e.R.eval()
	}
	return e.N
}

func plPrec(op byte) int {
	switch op {
	case '+', '-':
		return 1
	case '*':
		return 2
	}
	return 3
}

// plRender prints e with the fewest parentheses: a - (b - c) keeps its
// parentheses, (a - b) - c does not need them.
func plRender(e *plExpr) string {
	if e.Op == 0 {
		return strconv.Itoa(e.N)
	}
	l, r := plRender(e.L), plRender(e.R)
	if plPrec(e.L.Op) < plPrec(e.Op) {
		l = "(" + l + ")"
	}
	if p := plPrec(e.R.Op); p < plPrec(e.Op) || p == plPrec(e.Op) && e.Op == '-' {
		r = "(" + r + ")"
	}
	return l + " " + string(e.Op) + " " + r
}

// plCalc is a recursive-descent calculator over tokens. Bug: sum parses
// its right operand with sum, which makes + and - right-associative:
// "1 - 2 + 3" is read as 1 - (2 + 3).
type plCalc struct {
	toks []string
	i    int
}

func plTokenize(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ':
			i++
		case strings.IndexByte("+-*()", c) >= 0:
			toks = append(toks, string(c))
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		default:
			return nil, fmt.Errorf("unexpected %q", c)
		}
	}
	return toks, nil
}

func (p *plCalc) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *plCalc) sum() (int, error) {
	l, err := p.product()
	if err != nil {
		return 0, err
	}
	if op := p.peek(); op == "+" || op == "-" {
		p.i++
		r, err := p.sum()
		if err != nil {
			return 0, err
		}
		if op == "+" {
			return l + r, nil
		}
		return l - r, nil
	}
	return l, nil
}

func (p *plCalc) product() (int, error) {
	l, err := p.atom()
	if err != nil {
		return 0, err
	}
	for p.peek() == "*" {
		p.i++
		r, err := p.atom()
		if err != nil {
			return 0, err
		}
		l *= r
	}
	return l, nil
}

func (p *plCalc) atom() (int, error) {
	tok := p.peek()
	p.i++
	if tok == "(" {
		v, err := p.sum()
		if err != nil {
			return 0, err
		}
		if p.peek() != ")" {
			return 0, fmt.Errorf("missing )")
		}
		p.i++
		return v, nil
	}
	return strconv.Atoi(tok)
}

func plCalcEval(s string) (int, error) {
	toks, err := plTokenize(s)
	if err != nil {
		return 0, err
	}
	p := &plCalc{toks: toks}
	v, err := p.sum()
	if err == nil && p.i != len(toks) {
		err = fmt.Errorf("trailing %q", p.peek())
	}
	return v, err
}

var plExprGen = fuzzsrc.Recursive(
	fuzzsrc.Map(fuzzsrc.IntRange(0, 9), func(n int) *plExpr { return &plExpr{N: n} }),
	func(sub fuzzsrc.Generator[*plExpr]) fuzzsrc.Generator[*plExpr] {
		bin := func(op byte) fuzzsrc.Generator[*plExpr] {
			return fuzzsrc.Custom(func(t *fuzzsrc.T) *plExpr {
				return &plExpr{Op: op, L: sub.Draw(t, "l"), R: sub.Draw(t, "r")}
			})
		}
		return fuzzsrc.OneOf(bin('+'), bin('-'), bin('*'))
	}, 4)

// ---- l caret range zero major ----

type plVer struct{ Major, Minor, Patch int }

func (v plVer) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

func plParseVer(s string) (plVer, error) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return plVer{}, fmt.Errorf("bad version %q", s)
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return plVer{}, fmt.Errorf("bad version %q", s)
		}
		n[i] = v
	}
	return plVer{n[0], n[1], n[2]}, nil
}

func plCmpVer(a, b plVer) int {
	if c := a.Major - b.Major; c != 0 {
		return c
	}
	if c := a.Minor - b.Minor; c != 0 {
		return c
	}
	return a.Patch - b.Patch
}

// plCaretAllows reports whether version v satisfies the range r, written
// "^x.y.z": at least x.y.z, and below the next release that changes its
// leftmost nonzero part. Bug: a range ^0.0.z is treated as ^0.y.z, so it
// allows later patches below 0.1.0, where it should allow only 0.0.z.
func plCaretAllows(r, v string) (bool, error) {
	if !strings.HasPrefix(r, "^") {
		return false, fmt.Errorf("not a caret range: %q", r)
	}
	base, err := plParseVer(r[1:])
	if err != nil {
		return false, err
	}
	ver, err := plParseVer(v)
	if err != nil {
		return false, err
	}
	upper := plVer{base.Major + 1, 0, 0}
	if base.Major == 0 {
		upper = plVer{0, base.Minor + 1, 0}
	}
	return plCmpVer(ver, base) >= 0 && plCmpVer(ver, upper) < 0, nil
}

func plCaretRef(b, v plVer) bool {
	if plCmpVer(v, b) < 0 {
		return false
	}
	switch {
	case b.Major > 0:
		return v.Major == b.Major
	case b.Minor > 0:
		return v.Major == 0 && v.Minor == b.Minor
	}
	return v == b
}

type plCaretCase struct {
	Range    string
	Versions []string
}

func plCaretFails(v any) bool {
	c := v.(plCaretCase)
	base, _ := plParseVer(c.Range[1:])
	for _, s := range c.Versions {
		ver, _ := plParseVer(s)
		got, err := plCaretAllows(c.Range, s)
		if err != nil || got != plCaretRef(base, ver) {
			return true
		}
	}
	return false
}

// ---- l bitset clear range last word ----

type plBitset []uint64

func (b plBitset) Set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b plBitset) Has(i int) bool { return b[i/64]>>(i%64)&1 == 1 }

// ClearRange clears bits lo to hi-1. Bug: the loop that zeroes the
// words between the first and the last runs through the last word too,
// so a range that crosses a word boundary also clears the bits of its
// last word past hi.
func (b plBitset) ClearRange(lo, hi int) {
	if lo >= hi {
		return
	}
	fw, lw := lo/64, (hi-1)/64
	first := ^uint64(0) << (lo % 64)
	last := ^uint64(0) >> (63 - (hi-1)%64)
	if fw == lw {
		b[fw] &^= first & last
		return
	}
	b[fw] &^= first
	for w := fw + 1; w <= lw; w++ {
		b[w] = 0
	}
	b[lw] &^= last
}

type plBitsCase struct {
	N      int
	Set    []int
	Clears [][2]int
}

func plBitsFails(v any) bool {
	c := v.(plBitsCase)
	b := make(plBitset, (c.N+63)/64)
	model := make([]bool, c.N)
	for _, i := range c.Set {
		b.Set(i)
		model[i] = true
	}
	for _, r := range c.Clears {
		b.ClearRange(r[0], r[1])
		for i := r[0]; i < r[1]; i++ {
			model[i] = false
		}
	}
	for i, want := range model {
		if b.Has(i) != want {
			return true
		}
	}
	return false
}

// ---- l bfs dist set on push ----

// plBFS returns the number of edges on a shortest path from node 0 to
// each node (-1 where there is none). Bug: a node is marked visited when
// it is taken off the queue, and its distance is set every time it is
// put on it, so a node queued again from a farther node gets the larger
// distance.
func plBFS(adj [][]int) []int {
	dist := make([]int, len(adj))
	for i := range dist {
		dist[i] = -1
	}
	visited := make([]bool, len(adj))
	dist[0] = 0
	queue := []int{0}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if visited[v] {
			continue
		}
		visited[v] = true
		for _, w := range adj[v] {
			if !visited[w] {
				dist[w] = dist[v] + 1
				queue = append(queue, w)
			}
		}
	}
	return dist
}

// plBFSRef relaxes every edge until nothing changes.
func plBFSRef(adj [][]int) []int {
	dist := make([]int, len(adj))
	for i := range dist {
		dist[i] = -1
	}
	dist[0] = 0
	for changed := true; changed; {
		changed = false
		for v, ws := range adj {
			if dist[v] < 0 {
				continue
			}
			for _, w := range ws {
				if dist[w] < 0 || dist[v]+1 < dist[w] {
					dist[w] = dist[v] + 1
					changed = true
				}
			}
		}
	}
	return dist
}

// ---- l duration round sixty ----

// plFormatDuration renders a number of seconds, rounded to the nearest
// second, as "1h02m03s". Bug: it rounds the seconds within the minute on
// their own, so 59.5 seconds past a minute shows as 60s instead of
// carrying into the minutes.
func plFormatDuration(sec float64) string {
	whole := int(sec)
	h, m := whole/3600, whole%3600/60
	s := int(math.Round(math.Mod(sec, 60)))
	return fmt.Sprintf("%dh%02dm%02ds", h, m, s)
}

func plDurationFails(v any) bool {
	for _, sec := range v.([]float64) {
		var h, m, s int
		if _, err := fmt.Sscanf(plFormatDuration(sec), "%dh%dm%ds", &h, &m, &s); err != nil {
			return true
		}
		if m >= 60 || s >= 60 || h*3600+m*60+s != int(math.Round(sec)) {
			return true
		}
	}
	return false
}

// ---- l route trie longest prefix ----

type plTrieNode struct {
	kids  map[byte]*plTrieNode
	route string
	end   bool
}

func plBuildTrie(routes []string) *plTrieNode {
	root := &plTrieNode{kids: map[byte]*plTrieNode{}}
	for _, r := range routes {
		n := root
		for i := 0; i < len(r); i++ {
			c := n.kids[r[i]]
			if c == nil {
				c = &plTrieNode{kids: map[byte]*plTrieNode{}}
				n.kids[r[i]] = c
			}
			n = c
		}
		n.route, n.end = r, true
	}
	return root
}

// Match returns the longest route that is a prefix of path. Bug: it
// walks as far down as the path goes and answers from the node it stops
// at, so a path that passes a route's node and stops inside a longer
// route that it does not match gets no route.
func (root *plTrieNode) Match(path string) (string, bool) {
	n := root
	for i := 0; i < len(path); i++ {
		c, ok := n.kids[path[i]]
		if !ok {
			break
		}
		n = c
	}
	return n.route, n.end
}

func plMatchRef(routes []string, path string) (string, bool) {
	best, ok := "", false
	for _, r := range routes {
		if strings.HasPrefix(path, r) && (!ok || len(r) > len(best)) {
			best, ok = r, true
		}
	}
	return best, ok
}

type plRouteCase struct {
	Routes, Paths []string
}

func plRouteFails(v any) bool {
	c := v.(plRouteCase)
	t := plBuildTrie(c.Routes)
	for _, p := range c.Paths {
		r, ok := t.Match(p)
		wr, wok := plMatchRef(c.Routes, p)
		if r != wr || ok != wok {
			return true
		}
	}
	return false
}

// ---- l welford merge weight ----

// plStats are running statistics: count, mean, and the sum of squared
// deviations from the mean (Welford).
type plStats struct {
	N        int
	Mean, M2 float64
}

func plStatsOf(xs []float64) plStats {
	var s plStats
	for _, x := range xs {
		s.N++
		d := x - s.Mean
		s.Mean += d / float64(s.N)
		s.M2 += d * (x - s.Mean)
	}
	return s
}

// plMerge combines the statistics of two samples (Chan et al.). Bug: the
// mean moves towards b's mean by a's share of the count instead of b's.
func plMerge(a, b plStats) plStats {
	if a.N == 0 {
		return b
	}
	if b.N == 0 {
		return a
	}
	n := a.N + b.N
	d := b.Mean - a.Mean
	return plStats{
		N:    n,
		Mean: a.Mean + d*float64(a.N)/float64(n),
		M2:   a.M2 + b.M2 + d*d*float64(a.N)*float64(b.N)/float64(n),
	}
}

type plStatsCase struct{ A, B []float64 }

func plStatsFails(v any) bool {
	c := v.(plStatsCase)
	got := plMerge(plStatsOf(c.A), plStatsOf(c.B))
	all := slices.Concat(c.A, c.B)
	var mean, m2 float64
	for _, x := range all {
		mean += x
	}
	if len(all) > 0 {
		mean /= float64(len(all))
	}
	for _, x := range all {
		m2 += (x - mean) * (x - mean)
	}
	far := func(x, y float64) bool { return math.Abs(x-y) > 1e-6*(1+math.Abs(y)) }
	return got.N != len(all) || far(got.Mean, mean) || far(got.M2, m2)
}

// ---- l glob class range end ----

// plGlobTok is one element of a glob pattern: a literal rune, '?', '*',
// or a class [Lo-Hi].
type plGlobTok struct {
	Kind   byte // 'l', '?', '*', '['
	Lo, Hi rune
}

func plGlobPattern(toks []plGlobTok) string {
	var b strings.Builder
	for _, t := range toks {
		switch t.Kind {
		case 'l':
			b.WriteRune(t.Lo)
		case '[':
			fmt.Fprintf(&b, "[%c-%c]", t.Lo, t.Hi)
		default:
			b.WriteByte(t.Kind)
		}
	}
	return b.String()
}

// plGlobMatch reports whether name matches pattern, rune by rune. Bug: a
// class [a-c] leaves out its upper end.
func plGlobMatch(pattern, name string) bool { return plGlob([]rune(pattern), []rune(name)) }

func plGlob(p, s []rune) bool {
	if len(p) == 0 {
		return len(s) == 0
	}
	switch p[0] {
	case '*':
		for i := 0; i <= len(s); i++ {
			if plGlob(p[1:], s[i:]) {
				return true
			}
		}
		return false
	case '?':
		return len(s) > 0 && plGlob(p[1:], s[1:])
	case '[':
		if len(p) < 5 || p[2] != '-' || p[4] != ']' {
			return false
		}
		lo, hi := p[1], p[3]
		return len(s) > 0 && lo <= s[0] && s[0] < hi && plGlob(p[5:], s[1:])
	}
	return len(s) > 0 && s[0] == p[0] && plGlob(p[1:], s[1:])
}

func plGlobRef(toks []plGlobTok, name string) bool {
	var b strings.Builder
	b.WriteString("^")
	for _, t := range toks {
		switch t.Kind {
		case 'l':
			b.WriteString(regexp.QuoteMeta(string(t.Lo)))
		case '?':
			b.WriteString(".")
		case '*':
			b.WriteString(".*")
		case '[':
			fmt.Fprintf(&b, "[%c-%c]", t.Lo, t.Hi)
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String()).MatchString(name)
}

type plGlobCase struct {
	Pattern []plGlobTok
	Names   []string
}

func plGlobFails(v any) bool {
	c := v.(plGlobCase)
	pat := plGlobPattern(c.Pattern)
	for _, n := range c.Names {
		if plGlobMatch(pat, n) != plGlobRef(c.Pattern, n) {
			return true
		}
	}
	return false
}

// ---- l bag subtract merge walk ----

type plCount struct {
	Key string
	N   int
}

func plSortedBag(m map[string]int) []plCount {
	var out []plCount
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, plCount{k, m[k]})
	}
	return out
}

// plBagSub subtracts bag b from bag a, both sorted by key with positive
// counts, dropping keys whose count falls to zero or below. Bug: when b's
// key comes first it skips a's key instead of b's, so a's key is lost.
func plBagSub(a, b []plCount) []plCount {
	var out []plCount
	i, j := 0, 0
	for i < len(a) {
		switch {
		case j == len(b) || a[i].Key < b[j].Key:
			out = append(out, a[i])
			i++
		case a[i].Key > b[j].Key:
			i++
		default:
			if n := a[i].N - b[j].N; n > 0 {
				out = append(out, plCount{a[i].Key, n})
			}
			i++
			j++
		}
	}
	return out
}

type plBagCase struct{ A, B map[string]int }

func plBagFails(v any) bool {
	c := v.(plBagCase)
	want := map[string]int{}
	for k, n := range c.A {
		if d := n - c.B[k]; d > 0 {
			want[k] = d
		}
	}
	return !slices.Equal(plBagSub(plSortedBag(c.A), plSortedBag(c.B)), plSortedBag(want))
}

// ---- l alpha blend uint8 product ----

type plRGBA struct{ R, G, B, A uint8 }

type plBlendCase struct{ Src, Dst plRGBA }

// plOver composites src over an opaque dst, each channel rounded to the
// nearest. Bug: the source channel times alpha is multiplied in uint8
// and wraps before it is widened.
func plOver(src, dst plRGBA) plRGBA {
	ch := func(s, d uint8) uint8 {
		return uint8((uint16(s*src.A) + uint16(d)*uint16(255-src.A) + 127) / 255)
	}
	return plRGBA{ch(src.R, dst.R), ch(src.G, dst.G), ch(src.B, dst.B), 255}
}

func plOverRef(src, dst plRGBA) plRGBA {
	ch := func(s, d uint8) uint8 {
		return uint8((uint32(s)*uint32(src.A) + uint32(d)*uint32(255-src.A) + 127) / 255)
	}
	return plRGBA{ch(src.R, dst.R), ch(src.G, dst.G), ch(src.B, dst.B), 255}
}

// ---- l rope weight left subtree ----

// plRope is a rope: a leaf holds text, an inner node two non-empty
// halves and the length of its left half (weight). A nil rope is empty.
type plRope struct {
	left, right *plRope
	leaf        string
	weight      int
}

func plLeaf(s string) *plRope {
	if s == "" {
		return nil
	}
	return &plRope{leaf: s}
}

func (r *plRope) String() string {
	if r == nil {
		return ""
	}
	if r.left == nil {
		return r.leaf
	}
	return r.left.String() + r.right.String()
}

// plConcat joins two ropes. Bug: for an inner node on the left it takes
// that node's weight, the length of its left half, as the new weight,
// instead of its whole length.
func plConcat(a, b *plRope) *plRope {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	w := len(a.leaf)
	if a.left != nil {
		w = a.weight
	}
	return &plRope{left: a, right: b, weight: w}
}

func plSplit(r *plRope, i int) (*plRope, *plRope) {
	if r == nil {
		return nil, nil
	}
	if r.left == nil {
		i = min(max(i, 0), len(r.leaf))
		return plLeaf(r.leaf[:i]), plLeaf(r.leaf[i:])
	}
	if i < r.weight {
		l, rr := plSplit(r.left, i)
		return l, plConcat(rr, r.right)
	}
	l, rr := plSplit(r.right, i-r.weight)
	return plConcat(r.left, l), rr
}

func (r *plRope) Insert(i int, s string) *plRope {
	l, rr := plSplit(r, i)
	return plConcat(plConcat(l, plLeaf(s)), rr)
}

func (r *plRope) Delete(i, n int) *plRope {
	l, rest := plSplit(r, i)
	_, rr := plSplit(rest, n)
	return plConcat(l, rr)
}

func plRopeDraw(t *fuzzsrc.T) any {
	tr := &plTrace{}
	var r *plRope
	model := ""
	text := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("xyz"), 1, 3)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "r.Insert", Run: func(t *fuzzsrc.T) {
				i := fuzzsrc.IntRange(0, len(model)).Draw(t, "i")
				s := text.Draw(t, "s")
				tr.call("r.Insert(%d, %q)", i, s)
				r = r.Insert(i, s)
				model = model[:i] + s + model[i:]
			}},
			{Name: "r.Delete", Pre: func() bool { return model != "" }, Run: func(t *fuzzsrc.T) {
				i := fuzzsrc.IntRange(0, len(model)-1).Draw(t, "i")
				n := fuzzsrc.IntRange(1, len(model)-i).Draw(t, "n")
				tr.call("r.Delete(%d, %d)", i, n)
				r = r.Delete(i, n)
				model = model[:i] + model[i+n:]
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if got := r.String(); got != model {
				tr.fail("String() = %q, want %q", got, model)
			}
		},
	})
	return tr
}

// ---- l meeting rooms back to back ----

type plMeeting struct{ Start, End int } // minutes since midnight

// plRandomDay is the calendar generator the scheduling tests already
// had, written against math/rand: a few meetings on half hours between
// 8:00 and 16:00, half an hour to two hours long.
func plRandomDay(r *rand.Rand) []plMeeting {
	ms := make([]plMeeting, 1+r.IntN(6))
	for i := range ms {
		s := 8*60 + 30*r.IntN(16)
		ms[i] = plMeeting{s, s + 30*(1+r.IntN(4))}
	}
	return ms
}

// plRoomsNeeded returns how many rooms the meetings need at once
// (sorted starts against sorted ends). Bug: a room is freed only by a
// meeting that ended before the next one starts, not at the same time,
// so back-to-back meetings are counted as overlapping.
func plRoomsNeeded(ms []plMeeting) int {
	var starts, ends []int
	for _, m := range ms {
		starts = append(starts, m.Start)
		ends = append(ends, m.End)
	}
	slices.Sort(starts)
	slices.Sort(ends)
	rooms, most, j := 0, 0, 0
	for _, s := range starts {
		for j < len(ends) && ends[j] < s {
			j++
			rooms--
		}
		rooms++
		most = max(most, rooms)
	}
	return most
}

func plRoomsRef(ms []plMeeting) int {
	most := 0
	for t := 0; t < 24*60; t += 30 {
		n := 0
		for _, m := range ms {
			if m.Start <= t && t < m.End {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

// ---- l quicksort random pivot read early ----

// plQuicksort sorts a, picking each pivot at random (Lomuto partition,
// with the pivot swapped to the end). Bug: it reads the pivot's value
// from the end before swapping the chosen pivot there, so it partitions
// by one value and then puts another in the pivot's place.
func plQuicksort(a []int, r *rand.Rand) { plQS(a, 0, len(a)-1, r) }

func plQS(a []int, lo, hi int, r *rand.Rand) {
	if lo >= hi {
		return
	}
	p := hi - r.IntN(hi-lo+1)
	pivot := a[hi]
	a[p], a[hi] = a[hi], a[p]
	i := lo
	for j := lo; j < hi; j++ {
		if a[j] < pivot {
			a[i], a[j] = a[j], a[i]
			i++
		}
	}
	a[i], a[hi] = a[hi], a[i]
	plQS(a, lo, i-1, r)
	plQS(a, i+1, hi, r)
}

type plSortCase struct{ In, Out []int }

// ---- l logfmt backslash in quotes ----

type plLogRec struct{ Level, Msg, User string }

// plLogfmt writes r as key=value pairs, quoting a value that is empty or
// has a space, '=' or '"' in it. Bug: inside quotes it escapes '"' but
// not '\', so a quoted value with a backslash reads back wrong.
func plLogfmt(r plLogRec) string {
	var b strings.Builder
	for i, kv := range [][2]string{{"level", r.Level}, {"msg", r.Msg}, {"user", r.User}} {
		if i > 0 {
			b.WriteByte(' ')
		}
		v := kv[1]
		if v == "" || strings.ContainsAny(v, ` ="`) {
			v = `"` + strings.ReplaceAll(v, `"`, `\"`) + `"`
		}
		b.WriteString(kv[0] + "=" + v)
	}
	return b.String()
}

func plParseLogfmt(s string) (map[string]string, error) {
	out := map[string]string{}
	for s != "" {
		eq := strings.IndexByte(s, '=')
		if eq < 0 {
			return nil, fmt.Errorf("no '=' in %q", s)
		}
		key := s[:eq]
		s = s[eq+1:]
		var val string
		if strings.HasPrefix(s, `"`) {
			var b strings.Builder
			i := 1
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				b.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("unterminated quote")
			}
			val, s = b.String(), s[i+1:]
		} else {
			end := strings.IndexByte(s, ' ')
			if end < 0 {
				end = len(s)
			}
			val, s = s[:end], s[end:]
		}
		out[key] = val
		s = strings.TrimPrefix(s, " ")
	}
	return out, nil
}

func plLogfmtFails(v any) bool {
	r := v.(plLogRec)
	m, err := plParseLogfmt(plLogfmt(r))
	return err != nil || len(m) != 3 || m["level"] != r.Level || m["msg"] != r.Msg || m["user"] != r.User
}

// ---- l circuit breaker reopen timer ----

const (
	plClosed = iota
	plOpen
	plHalfOpen
)

const plCooldown = 10 // seconds

// plBreaker opens after two failed calls in a row, rejects calls while
// open, lets one trial call through once the cooldown has passed, and
// closes if it succeeds or opens again for another cooldown if it fails.
// Bug: reopening after a failed trial does not restart the cooldown, so
// the next tick of the clock lets another trial through at once.
type plBreaker struct {
	state, fails, openedAt, now int
}

func (b *plBreaker) Advance(sec int) {
	b.now += sec
	if b.state == plOpen && b.now-b.openedAt >= plCooldown {
		b.state = plHalfOpen
	}
}

// Call reports whether a call is let through, and records its result.
func (b *plBreaker) Call(ok bool) bool {
	switch b.state {
	case plOpen:
		return false
	case plHalfOpen:
		if ok {
			b.state, b.fails = plClosed, 0
		} else {
			b.state = plOpen
		}
		return true
	}
	if ok {
		b.fails = 0
	} else if b.fails++; b.fails >= 2 {
		b.state, b.openedAt = plOpen, b.now
	}
	return true
}

func plBreakerDraw(t *fuzzsrc.T) any {
	tr := &plTrace{}
	b := &plBreaker{}
	// The model: consecutive failures, and when the breaker opened (-1
	// while closed).
	now, fails, openedAt := 0, 0, -1
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "b.Call", Run: func(t *fuzzsrc.T) {
			ok := fuzzsrc.Bool().Draw(t, "ok")
			tr.call("b.Call(%v)", ok)
			want := true
			switch {
			case openedAt >= 0 && now-openedAt < plCooldown:
				want = false
			case openedAt >= 0 && ok:
				openedAt, fails = -1, 0
			case openedAt >= 0:
				openedAt = now
			case ok:
				fails = 0
			default:
				if fails++; fails >= 2 {
					openedAt = now
				}
			}
			if got := b.Call(ok); got != want {
				tr.fail("Call(%v) = %v at %ds, want %v", ok, got, now, want)
			}
		}},
		{Name: "b.Advance", Run: func(t *fuzzsrc.T) {
			sec := fuzzsrc.IntRange(1, 12).Draw(t, "sec")
			tr.call("b.Advance(%d)", sec)
			b.Advance(sec)
			now += sec
		}},
	}})
	return tr
}

// ---- l money format three decimals ----

type plCurrency struct {
	Code string
	Exp  int // digits after the decimal point
}

var plCurrencies = []plCurrency{{"USD", 2}, {"JPY", 0}, {"EUR", 2}, {"KWD", 3}}

func plPow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

// plFormatMoney writes an amount in minor units as "-12.34 USD". Bug:
// the fraction is padded to two digits whatever the currency's exponent,
// so a three-decimal currency loses its leading zero: 1.005 KWD is
// written 1.05 KWD, and 0.001 KWD as 0.01 KWD.
func plFormatMoney(amt int64, c plCurrency) string {
	sign := ""
	if amt < 0 {
		sign, amt = "-", -amt
	}
	if c.Exp == 0 {
		return fmt.Sprintf("%s%d %s", sign, amt, c.Code)
	}
	unit := plPow10(c.Exp)
	return fmt.Sprintf("%s%d.%02d %s", sign, amt/unit, amt%unit, c.Code)
}

func plParseMoney(s string) (int64, error) {
	num, code, ok := strings.Cut(s, " ")
	if !ok {
		return 0, fmt.Errorf("no currency in %q", s)
	}
	i := slices.IndexFunc(plCurrencies, func(c plCurrency) bool { return c.Code == code })
	if i < 0 {
		return 0, fmt.Errorf("unknown currency %q", code)
	}
	exp := plCurrencies[i].Exp
	neg := strings.HasPrefix(num, "-")
	num = strings.TrimPrefix(num, "-")
	whole, frac, _ := strings.Cut(num, ".")
	if len(frac) > exp {
		return 0, fmt.Errorf("too many decimals in %q", s)
	}
	frac += strings.Repeat("0", exp-len(frac))
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, err
	}
	var f int64
	if frac != "" {
		if f, err = strconv.ParseInt(frac, 10, 64); err != nil {
			return 0, err
		}
	}
	v := w*plPow10(exp) + f
	if neg {
		v = -v
	}
	return v, nil
}

type plMoney struct {
	Amount int64
	Cur    plCurrency
}

func plMoneyFails(v any) bool {
	for _, m := range v.([]plMoney) {
		got, err := plParseMoney(plFormatMoney(m.Amount, m.Cur))
		if err != nil || got != m.Amount {
			return true
		}
	}
	return false
}

// ---- l order check inverse perm ----

type plDep struct{ Before, After int }

type plOrderCase struct {
	Deps  []plDep
	Order []int // a permutation of the tasks 0 to n-1
}

// plValidOrder reports whether running the tasks in order respects
// every dependency. Bug: it fills the position table the wrong way
// round (pos[i] = order[i], the task at position i, not the position of
// task i), which is right only when the order is its own inverse.
func plValidOrder(order []int, deps []plDep) bool {
	pos := make([]int, len(order))
	for i, task := range order {
		pos[i] = task
	}
	for _, d := range deps {
		if pos[d.Before] > pos[d.After] {
			return false
		}
	}
	return true
}

func plValidOrderRef(order []int, deps []plDep) bool {
	for _, d := range deps {
		if slices.Index(order, d.Before) > slices.Index(order, d.After) {
			return false
		}
	}
	return true
}

// ---- l transpose in place cycle stride ----

type plMatrix struct {
	Rows, Cols int
	Data       []int // row-major
}

// plTransposeInPlace transposes m's data in place, following the cycles
// of the permutation that moves element i to i*rows mod (n-1), each
// from its smallest index. Bug: it multiplies by cols, which follows the
// inverse permutation: right for a square matrix or a single row or
// column, wrong for others whose cycles are longer than two.
func plTransposeInPlace(m plMatrix) plMatrix {
	a := slices.Clone(m.Data)
	n := len(a)
	if n > 2 {
		next := func(i int) int { return i * m.Cols % (n - 1) }
		for start := 1; start < n-1; start++ {
			j := next(start)
			for j > start {
				j = next(j)
			}
			if j < start {
				continue // not the smallest index of its cycle
			}
			v, i := a[start], start
			for {
				j := next(i)
				v, a[j] = a[j], v
				i = j
				if j == start {
					break
				}
			}
		}
	}
	return plMatrix{m.Cols, m.Rows, a}
}

func plTransposeRef(m plMatrix) plMatrix {
	a := make([]int, len(m.Data))
	for r := range m.Rows {
		for c := range m.Cols {
			a[c*m.Rows+r] = m.Data[r*m.Cols+c]
		}
	}
	return plMatrix{m.Cols, m.Rows, a}
}

func probesL() []probe {
	jsonCase := func(t *fuzzsrc.T) any { return plJSONGen.Draw(t, "value") }
	part := fuzzsrc.IntRange(0, 2)
	version := fuzzsrc.Custom(func(t *fuzzsrc.T) plVer {
		return plVer{part.Draw(t, "major"), part.Draw(t, "minor"), part.Draw(t, "patch")}
	})
	routeText := fuzzsrc.RuneFrom("ab/")
	globRune := fuzzsrc.RuneFrom("abcé")
	globTok := fuzzsrc.OneOf(
		fuzzsrc.Map(globRune, func(r rune) plGlobTok { return plGlobTok{Kind: 'l', Lo: r} }),
		fuzzsrc.Just(plGlobTok{Kind: '?'}),
		fuzzsrc.Just(plGlobTok{Kind: '*'}),
		fuzzsrc.Custom(func(t *fuzzsrc.T) plGlobTok {
			lo, hi := globRune.Draw(t, "lo"), globRune.Draw(t, "hi")
			return plGlobTok{Kind: '[', Lo: min(lo, hi), Hi: max(lo, hi)}
		}),
	)
	bag := fuzzsrc.MapOfN(fuzzsrc.SampledFrom([]string{"apple", "fig", "kiwi", "pear"}), fuzzsrc.IntRange(1, 5), 0, 4)
	logValue := fuzzsrc.StringOfN(fuzzsrc.RuneFrom(`ab "=\`), 0, 4)
	money := fuzzsrc.Custom(func(t *fuzzsrc.T) plMoney {
		amt := fuzzsrc.IntegerRange[int64](-100000, 100000).Draw(t, "amount")
		return plMoney{amt, fuzzsrc.SampledFrom(plCurrencies).Draw(t, "currency")}
	})
	return []probe{
		{
			// simplest seen: j1 := Push(0) j2 := Push(0) Pop() j3 :=
			// Push(1) DecreaseKey(j2, 0) (j2 stays at the root with its
			// old index 1, which j3 takes; j3's priority must be above 0
			// for the call to report true)
			name:  "l pq decrease key stale index",
			draw:  plPQDraw,
			fails: plTraceFails,
		},
		{
			// simplest: {"id": null, "name": 0} (the first key is left
			// out, the second is written with a comma before it)
			name:  "l json omit null comma",
			draw:  jsonCase,
			fails: plJSONFails,
		},
		{
			// simplest: 0 - 0 + 1 (read as 0 - (0 + 1))
			name: "l calc minus right assoc",
			draw: func(t *fuzzsrc.T) any { return plExprGen.Draw(t, "expr") },
			fails: func(v any) bool {
				e := v.(*plExpr)
				got, err := plCalcEval(plRender(e))
				return err != nil || got != e.eval()
			},
		},
		{
			// simplest: ^0.0.0 against 0.0.1
			name: "l caret range zero major",
			draw: func(t *fuzzsrc.T) any {
				base := version.Draw(t, "base")
				vs := fuzzsrc.SliceOfN(version, 1, 4).Draw(t, "versions")
				c := plCaretCase{Range: "^" + base.String()}
				for _, v := range vs {
					c.Versions = append(c.Versions, v.String())
				}
				return c
			},
			fails: plCaretFails,
		},
		{
			// simplest: 66 bits, set [65], clear [0, 65) (a range that
			// crosses into the second word, and a set bit after it there)
			name: "l bitset clear range last word",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(1, 200).Draw(t, "n")
				set := fuzzsrc.SliceOf(fuzzsrc.IntRange(0, n-1)).Draw(t, "set")
				clear := fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int {
					lo := fuzzsrc.IntRange(0, n-1).Draw(t, "lo")
					return [2]int{lo, fuzzsrc.IntRange(lo+1, n).Draw(t, "hi")}
				})
				return plBitsCase{n, set, fuzzsrc.SliceOfN(clear, 1, 3).Draw(t, "clears")}
			},
			fails: plBitsFails,
		},
		{
			// simplest: 3 nodes, 0 -> [1 2], 1 -> [2] (2 is queued from 0
			// and again from 1 before it is taken off)
			name: "l bfs dist set on push",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(1, 7).Draw(t, "n")
				adj := make([][]int, n)
				for i := range adj {
					adj[i] = fuzzsrc.SliceOfDistinct(fuzzsrc.IntRange(0, n-1), fuzzsrc.Size{Max: 3}).Draw(t, "adj")
				}
				return adj
			},
			fails: func(v any) bool {
				adj := v.([][]int)
				return !slices.Equal(plBFS(adj), plBFSRef(adj))
			},
		},
		{
			// simplest: [59.5]
			name: "l duration round sixty",
			draw: func(t *fuzzsrc.T) any {
				// a stopwatch's reading, in milliseconds
				sec := fuzzsrc.Map(fuzzsrc.IntRange(0, 3_599_999), func(ms int) float64 { return float64(ms) / 1000 })
				return fuzzsrc.SliceOfN(sec, 1, 6).Draw(t, "seconds")
			},
			fails: plDurationFails,
		},
		{
			// simplest seen: routes ["/" "///"], path "//" (it stops
			// inside the longer route; '/' comes before the letters)
			name: "l route trie longest prefix",
			draw: func(t *fuzzsrc.T) any {
				routes := fuzzsrc.SliceOfDistinct(fuzzsrc.StringOfN(routeText, 1, 4), fuzzsrc.Size{Min: 1, Max: 5}).Draw(t, "routes")
				paths := fuzzsrc.SliceOfN(fuzzsrc.StringOfN(routeText, 0, 5), 1, 3).Draw(t, "paths")
				return plRouteCase{routes, paths}
			},
			fails: plRouteFails,
		},
		{
			// simplest seen: a [0], b [1 0] (counts differ and so do the
			// means)
			name: "l welford merge weight",
			draw: func(t *fuzzsrc.T) any {
				x := fuzzsrc.Float64Range(-100, 100)
				return plStatsCase{fuzzsrc.SliceOfN(x, 0, 6).Draw(t, "a"), fuzzsrc.SliceOfN(x, 0, 6).Draw(t, "b")}
			},
			fails: plStatsFails,
		},
		{
			// simplest: pattern [a-a], name "a"
			name: "l glob class range end",
			draw: func(t *fuzzsrc.T) any {
				pat := fuzzsrc.SliceOfN(globTok, 0, 5).Draw(t, "pattern")
				names := fuzzsrc.SliceOfN(fuzzsrc.StringOfN(globRune, 0, 5), 1, 3).Draw(t, "names")
				return plGlobCase{pat, names}
			},
			fails: plGlobFails,
		},
		{
			// simplest: a {fig: 1}, b {apple: 1} (b's key comes first and
			// is not in a)
			name:  "l bag subtract merge walk",
			draw:  func(t *fuzzsrc.T) any { return plBagCase{bag.Draw(t, "a"), bag.Draw(t, "b")} },
			fails: plBagFails,
		},
		{
			// simplest: Src {B: 2, A: 128} (the first channel product
			// that reaches 256, as late in the struct as it can be)
			name: "l alpha blend uint8 product",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Make[plBlendCase]().Draw(t, "blend") },
			fails: func(v any) bool {
				c := v.(plBlendCase)
				return plOver(c.Src, c.Dst) != plOverRef(c.Src, c.Dst)
			},
		},
		{
			// simplest seen: Insert(0, "xx") Insert(1, "x") Delete(0, 1)
			// (the insert leaves an inner node on the left of a concat
			// with too small a weight)
			name:  "l rope weight left subtree",
			draw:  plRopeDraw,
			fails: plTraceFails,
		},
		{
			// simplest seen: [{510 540} {480 510}] (back to back; the
			// later one listed first)
			name: "l meeting rooms back to back",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.FromRand(plRandomDay).Draw(t, "meetings") },
			fails: func(v any) bool {
				ms := v.([]plMeeting)
				return plRoomsNeeded(ms) != plRoomsRef(ms)
			},
		},
		{
			// simplest: [1 0] with the pivot at index 0 (zero randomness
			// picks the last element, which is right)
			name: "l quicksort random pivot read early",
			draw: func(t *fuzzsrc.T) any {
				in := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), 0, 8).Draw(t, "xs")
				r := fuzzsrc.Rand().Draw(t, "rand")
				out := slices.Clone(in)
				plQuicksort(out, r)
				return plSortCase{in, out}
			},
			fails: func(v any) bool {
				c := v.(plSortCase)
				return !slices.Equal(c.Out, slices.Sorted(slices.Values(c.In)))
			},
		},
		{
			// simplest seen: level "\\ " (a backslash, and a space that
			// makes the value quoted)
			name: "l logfmt backslash in quotes",
			draw: func(t *fuzzsrc.T) any {
				return plLogRec{logValue.Draw(t, "level"), logValue.Draw(t, "msg"), logValue.Draw(t, "user")}
			},
			fails: plLogfmtFails,
		},
		{
			// simplest: Call(false) Call(false) Advance(10) Call(false)
			// Advance(1) Call(false)
			name:  "l circuit breaker reopen timer",
			draw:  plBreakerDraw,
			fails: plTraceFails,
		},
		{
			// simplest: [{1 KWD}] (written 0.01 KWD)
			name:  "l money format three decimals",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.SliceOfN(money, 1, 4).Draw(t, "amounts") },
			fails: plMoneyFails,
		},
		{
			// simplest seen: 3 tasks, deps [{0 1}], order [1 2 0] (a
			// 3-cycle)
			name: "l order check inverse perm",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(2, 6).Draw(t, "n")
				task := fuzzsrc.IntRange(0, n-1)
				dep := fuzzsrc.Custom(func(t *fuzzsrc.T) plDep { return plDep{task.Draw(t, "before"), task.Draw(t, "after")} })
				deps := fuzzsrc.SliceOfN(dep, 0, 5).Draw(t, "deps")
				tasks := make([]int, n)
				for i := range tasks {
					tasks[i] = i
				}
				return plOrderCase{deps, fuzzsrc.Permutation(tasks).Draw(t, "order")}
			},
			fails: func(v any) bool {
				c := v.(plOrderCase)
				return plValidOrder(c.Order, c.Deps) != plValidOrderRef(c.Order, c.Deps)
			},
		},
		{
			// simplest seen: 2x3, data [0 1 0 0 0 0]
			name: "l transpose in place cycle stride",
			draw: func(t *fuzzsrc.T) any {
				rows := fuzzsrc.IntRange(1, 4).Draw(t, "rows")
				cols := fuzzsrc.IntRange(1, 4).Draw(t, "cols")
				data := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), rows*cols, rows*cols).Draw(t, "data")
				return plMatrix{rows, cols, data}
			},
			fails: func(v any) bool {
				m := v.(plMatrix)
				return !reflect.DeepEqual(plTransposeInPlace(m), plTransposeRef(m))
			},
		},
	}
}
