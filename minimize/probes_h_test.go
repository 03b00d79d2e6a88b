//go:build probes

package minimize_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// Set h: dependent draws (counts, then indices and variable references
// within them), structured and Unicode text, floats, maps and reflected
// structs, recursive values, grids, stateful sequences, and bugs that
// need two values equal or one the sum of others. Each checks a small
// piece of code with one planted bug.

// phTrace is what a stateful draw returns: the calls made, and the first
// disagreement with the model (empty if none).
type phTrace struct {
	Calls []string
	Bad   string
}

func (tr *phTrace) call(format string, args ...any) {
	tr.Calls = append(tr.Calls, fmt.Sprintf(format, args...))
}

func (tr *phTrace) fail(format string, args ...any) {
	if tr.Bad == "" {
		tr.Bad = fmt.Sprintf(format, args...)
	}
}

func phTraceFails(v any) bool { return v.(*phTrace).Bad != "" }

// ---- h graph components one way edge ----

type phGraph struct {
	N     int
	Edges [][2]int
}

// phComponents counts the connected components of an undirected graph
// by depth-first search. Bug: each edge goes into the adjacency lists in
// one direction only.
func phComponents(g phGraph) int {
	adj := make([][]int, g.N)
	for _, e := range g.Edges {
		adj[e[0]] = append(adj[e[0]], e[1])
	}
	seen := make([]bool, g.N)
	count := 0
	for s := range g.N {
		if seen[s] {
			continue
		}
		count++
		seen[s] = true
		stack := []int{s}
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, v := range adj[u] {
				if !seen[v] {
					seen[v] = true
					stack = append(stack, v)
				}
			}
		}
	}
	return count
}

func phComponentsRef(g phGraph) int {
	parent := make([]int, g.N)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	count := g.N
	for _, e := range g.Edges {
		if a, b := find(e[0]), find(e[1]); a != b {
			parent[a] = b
			count--
		}
	}
	return count
}

func phGraphDraw(t *fuzzsrc.T) any {
	n := fuzzsrc.IntRange(1, 6).Draw(t, "n")
	node := fuzzsrc.IntRange(0, n-1)
	edge := fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int { return [2]int{node.Draw(t, "u"), node.Draw(t, "v")} })
	return phGraph{n, fuzzsrc.SliceOfSize(edge, fuzzsrc.Size{Max: 10}).Draw(t, "edges")}
}

// ---- h playlist move down ----

type phMoveCase struct {
	List     []int
	From, To int
}

// phMove moves the element at from so that it ends up at index to. Bug:
// when moving down it lowers to by one for the removed element, as if to
// were an index of the list before the removal.
func phMove(xs []int, from, to int) []int {
	out := slices.Clone(xs)
	x := out[from]
	out = slices.Delete(out, from, from+1)
	if from < to {
		to--
	}
	return slices.Insert(out, to, x)
}

func phMoveFails(v any) bool {
	c := v.(phMoveCase)
	want := slices.Delete(slices.Clone(c.List), c.From, c.From+1)
	want = slices.Insert(want, c.To, c.List[c.From])
	return !slices.Equal(phMove(c.List, c.From, c.To), want)
}

func phMoveDraw(t *fuzzsrc.T) any {
	xs := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), 1, 8).Draw(t, "list")
	idx := fuzzsrc.IntRange(0, len(xs)-1)
	return phMoveCase{xs, idx.Draw(t, "from"), idx.Draw(t, "to")}
}

// ---- h cse reassigned operand ----

// phStmt is "vDst = C" or "vDst = vA + vB".
type phStmt struct {
	Add     bool
	C, A, B int
	Dst     int
}

type phProg []phStmt

func (p phProg) GoString() string {
	var parts []string
	for _, s := range p {
		if s.Add {
			parts = append(parts, fmt.Sprintf("v%d = v%d + v%d", s.Dst, s.A, s.B))
		} else {
			parts = append(parts, fmt.Sprintf("v%d = %d", s.Dst, s.C))
		}
	}
	return "[" + strings.Join(parts, "; ") + "]"
}

// phProgDraw draws a straight-line program: a length, then statements
// whose operands are variables bound so far, assigning to a bound
// variable or (Dst == the number bound) a new one.
func phProgDraw(t *fuzzsrc.T) any {
	n := fuzzsrc.IntRange(1, 10).Draw(t, "len")
	bound := 0
	var p phProg
	for range n {
		var s phStmt
		if bound > 0 {
			s.Add = fuzzsrc.Bool().Draw(t, "add")
		}
		if s.Add {
			ref := fuzzsrc.IntRange(0, bound-1)
			s.A, s.B = ref.Draw(t, "a"), ref.Draw(t, "b")
		} else {
			s.C = fuzzsrc.IntRange(0, 9).Draw(t, "c")
		}
		s.Dst = fuzzsrc.IntRange(0, bound).Draw(t, "dst")
		if s.Dst == bound {
			bound++
		}
		p = append(p, s)
	}
	return p
}

func phRunRef(p phProg) []int {
	var vals []int
	for _, s := range p {
		x := s.C
		if s.Add {
			x = vals[s.A] + vals[s.B]
		}
		if s.Dst == len(vals) {
			vals = append(vals, 0)
		}
		vals[s.Dst] = x
	}
	return vals
}

// phRunCSE runs p reusing the variable that already holds a sum of the
// same operands. Bug: a reassignment drops the entries the variable
// holds, but not those that use it as an operand.
func phRunCSE(p phProg) []int {
	var vals []int
	avail := map[[2]int]int{} // operands -> variable holding their sum
	for _, s := range p {
		x := s.C
		key := [2]int{s.A, s.B}
		if s.Add {
			if h, ok := avail[key]; ok {
				x = vals[h]
			} else {
				x = vals[s.A] + vals[s.B]
			}
		}
		if s.Dst == len(vals) {
			vals = append(vals, 0)
		}
		vals[s.Dst] = x
		for k, h := range avail {
			if h == s.Dst {
				delete(avail, k)
			}
		}
		if s.Add && s.Dst != s.A && s.Dst != s.B {
			avail[key] = s.Dst
		}
	}
	return vals
}

// ---- h kv escape backslash ----

var errPhKV = errors.New("malformed")

// phEncodeKV writes m as "k=v,k=v" in key order, escaping ',' and '='
// with a backslash. Bug: it does not escape the backslash itself.
func phEncodeKV(m map[string]string) string {
	esc := strings.NewReplacer(",", `\,`, "=", `\=`)
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, esc.Replace(k)+"="+esc.Replace(m[k]))
	}
	return strings.Join(parts, ",")
}

func phDecodeKV(s string) (map[string]string, error) {
	m := map[string]string{}
	if s == "" {
		return m, nil
	}
	var key, cur strings.Builder
	inVal := false
	end := func() error {
		if !inVal {
			return errPhKV
		}
		m[key.String()] = cur.String()
		key.Reset()
		cur.Reset()
		inVal = false
		return nil
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			if i+1 == len(s) {
				return nil, errPhKV
			}
			i++
			cur.WriteByte(s[i])
		case c == '=' && !inVal:
			key.WriteString(cur.String())
			cur.Reset()
			inVal = true
		case c == ',':
			if err := end(); err != nil {
				return nil, err
			}
		default:
			cur.WriteByte(c)
		}
	}
	if err := end(); err != nil {
		return nil, err
	}
	return m, nil
}

func phKVFails(v any) bool {
	m := v.(map[string]string)
	got, err := phDecodeKV(phEncodeKV(m))
	return err != nil || !maps.Equal(got, m)
}

// ---- h title case first byte ----

// phTitle upper-cases the first letter of each space-separated word.
// Bug: it upper-cases the word's first byte rather than its first rune.
func phTitle(s string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

func phTitleRef(s string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		if w != "" {
			r, n := utf8.DecodeRuneInString(w)
			words[i] = string(unicode.ToUpper(r)) + w[n:]
		}
	}
	return strings.Join(words, " ")
}

// ---- h username fold dedupe ----

// phDedupeUsers keeps the first of the names that are equal under
// Unicode case folding. Bug: it keys them by strings.ToLower, which is
// not folding: 'ſ' folds with 's' and 'S' but lowercases to itself.
func phDedupeUsers(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if k := strings.ToLower(n); !seen[k] {
			seen[k] = true
			out = append(out, n)
		}
	}
	return out
}

func phDedupeUsersRef(names []string) []string {
	var out []string
	for _, n := range names {
		if !slices.ContainsFunc(out, func(m string) bool { return strings.EqualFold(m, n) }) {
			out = append(out, n)
		}
	}
	return out
}

// ---- h rel path prefix boundary ----

type phRelCase struct{ Base, Targ string }

// phRel returns targ relative to base (both clean relative paths). Bug:
// the fast path for a target under base tests a string prefix, not a
// whole-segment one, so base "a" and target "ab" give "b".
func phRel(base, targ string) string {
	if strings.HasPrefix(targ, base) {
		if rest := strings.TrimPrefix(targ[len(base):], "/"); rest != "" {
			return rest
		}
		return "."
	}
	b, t := strings.Split(base, "/"), strings.Split(targ, "/")
	i := 0
	for i < len(b) && i < len(t) && b[i] == t[i] {
		i++
	}
	var parts []string
	for range b[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	if len(parts) == 0 {
		return "."
	}
	return strings.Join(parts, "/")
}

func phRelDraw(t *fuzzsrc.T) any {
	seg := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("ab"), 1, 2)
	p := fuzzsrc.Map(fuzzsrc.SliceOfN(seg, 1, 3), func(s []string) string { return strings.Join(s, "/") })
	return phRelCase{p.Draw(t, "base"), p.Draw(t, "target")}
}

// ---- h cents round negative ----

// phCents converts dollars to whole cents, rounding halves away from
// zero. Bug: adding 0.5 and truncating rounds negative amounts the wrong
// way.
func phCents(x float64) int64 { return int64(x*100 + 0.5) }

func phCentsRef(x float64) int64 {
	if x < 0 {
		return -int64(-x*100 + 0.5)
	}
	return int64(x*100 + 0.5)
}

// ---- h float comparator truncation ----

// phSortReadings sorts readings in increasing order. Bug: the comparator
// returns int(a-b), which makes values less than 1 apart "equal".
func phSortReadings(xs []float64) []float64 {
	out := slices.Clone(xs)
	slices.SortStableFunc(out, func(a, b float64) int { return int(a - b) })
	return out
}

// ---- h bimap empty key dup ----

var errPhDup = errors.New("duplicate value")

// phNewBiMap builds the inverse of m, failing if two keys share a value.
// Bug: it takes a stored key "" for "no key yet", so a value shared with
// the key "" (which sorts first) is not caught.
func phNewBiMap(m map[string]int) (map[int]string, error) {
	inv := map[int]string{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v := m[k]
		if inv[v] != "" {
			return nil, errPhDup
		}
		inv[v] = k
	}
	return inv, nil
}

func phBiMapFails(v any) bool {
	m := v.(map[string]int)
	seen := map[int]bool{}
	distinct := true
	for _, x := range m {
		if seen[x] {
			distinct = false
		}
		seen[x] = true
	}
	inv, err := phNewBiMap(m)
	if (err == nil) != distinct {
		return true
	}
	for k, x := range m {
		if err == nil && inv[x] != k {
			return true
		}
	}
	return false
}

// ---- h normalize service idempotent ----

type phLimit struct {
	CPU uint8
	Mem uint16
}

type phSvc struct {
	Name  string
	Port  uint16
	Env   map[string]string
	Args  []string
	Limit *phLimit
}

// phNormalize canonicalizes a service: names and values trimmed, empty
// env values dropped, port 0 defaulting to 80, args without blanks,
// sorted and deduplicated, a CPU limit of 0 raised to 1. Bug: the args
// are trimmed last, after the blank ones are dropped and the rest sorted.
func phNormalize(s phSvc) phSvc {
	out := phSvc{Name: strings.TrimSpace(s.Name), Port: s.Port}
	if out.Port == 0 {
		out.Port = 80
	}
	for k, v := range s.Env {
		if v = strings.TrimSpace(v); v != "" {
			if out.Env == nil {
				out.Env = map[string]string{}
			}
			out.Env[k] = v
		}
	}
	for _, a := range s.Args {
		if a != "" {
			out.Args = append(out.Args, a)
		}
	}
	slices.Sort(out.Args)
	out.Args = slices.Compact(out.Args)
	for i, a := range out.Args {
		out.Args[i] = strings.TrimSpace(a)
	}
	if s.Limit != nil {
		l := *s.Limit
		l.CPU = max(l.CPU, 1)
		out.Limit = &l
	}
	return out
}

// ---- h json null member comma ----

// phEncodeJSON writes v (nil, bool, int, string, []any, map[string]any)
// as JSON with object keys sorted, leaving out null members. Bug: the
// comma before a member is decided by its index among all the keys, so
// a null first member leaves a leading comma.
func phEncodeJSON(b *strings.Builder, v any) {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int:
		b.WriteString(strconv.Itoa(v))
	case string:
		q, _ := json.Marshal(v)
		b.Write(q)
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			phEncodeJSON(b, x)
		}
		b.WriteByte(']')
	case map[string]any:
		b.WriteByte('{')
		for i, k := range slices.Sorted(maps.Keys(v)) {
			if v[k] == nil {
				continue
			}
			if i > 0 {
				b.WriteByte(',')
			}
			q, _ := json.Marshal(k)
			b.Write(q)
			b.WriteByte(':')
			phEncodeJSON(b, v[k])
		}
		b.WriteByte('}')
	}
}

var phJSONGen = fuzzsrc.Recursive(
	fuzzsrc.OneOf(
		fuzzsrc.Just[any](nil),
		fuzzsrc.Map(fuzzsrc.Bool(), func(x bool) any { return x }),
		fuzzsrc.Map(fuzzsrc.IntRange(-9, 99), func(x int) any { return x }),
		fuzzsrc.Map(fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab")), func(x string) any { return x }),
	),
	func(sub fuzzsrc.Generator[any]) fuzzsrc.Generator[any] {
		return fuzzsrc.OneOf(
			fuzzsrc.Map(fuzzsrc.SliceOfN(sub, 0, 3), func(x []any) any { return x }),
			fuzzsrc.Map(fuzzsrc.MapOfN(fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab")), sub, 0, 3), func(x map[string]any) any { return x }),
		)
	}, 3)

func phJSONFails(v any) bool {
	var b strings.Builder
	phEncodeJSON(&b, v)
	return !json.Valid([]byte(b.String()))
}

// ---- h flatten nested queue ----

// phFlatten lists the numbers of a nested list ([]any of int and []any)
// in order, iteratively. Bug: it works through a queue, so the numbers of
// a nested list come after the numbers that follow it.
func phFlatten(v any) []int {
	var out []int
	queue := []any{v}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		switch x := x.(type) {
		case int:
			out = append(out, x)
		case []any:
			queue = append(queue, x...)
		}
	}
	return out
}

func phFlattenRef(v any, out []int) []int {
	switch v := v.(type) {
	case int:
		out = append(out, v)
	case []any:
		for _, x := range v {
			out = phFlattenRef(x, out)
		}
	}
	return out
}

var phNestGen = fuzzsrc.Recursive(
	fuzzsrc.Map(fuzzsrc.IntRange(0, 9), func(x int) any { return x }),
	func(sub fuzzsrc.Generator[any]) fuzzsrc.Generator[any] {
		return fuzzsrc.Map(fuzzsrc.SliceOfN(sub, 0, 4), func(x []any) any { return x })
	}, 4)

// ---- grids: rows and columns drawn first, then the cells ----

func phGridDraw(t *fuzzsrc.T) any {
	rows := fuzzsrc.IntRange(1, 5).Draw(t, "rows")
	cols := fuzzsrc.IntRange(1, 5).Draw(t, "cols")
	row := fuzzsrc.SliceOfN(fuzzsrc.Bool(), cols, cols)
	return fuzzsrc.SliceOfN(row, rows, rows).Draw(t, "grid")
}

// ---- h life torus wrap ----

// phLife computes one Game of Life generation on a torus. Bug: Go's %
// keeps the sign of a negative index, and the "fix" for the resulting
// panic skips neighbours across the top and left edges instead of
// wrapping them to the bottom and right.
func phLife(g [][]bool, buggy bool) [][]bool {
	rows, cols := len(g), len(g[0])
	out := make([][]bool, rows)
	for i := range g {
		out[i] = make([]bool, cols)
		for j := range g[i] {
			n := 0
			for di := -1; di <= 1; di++ {
				for dj := -1; dj <= 1; dj++ {
					if di == 0 && dj == 0 {
						continue
					}
					ni, nj := (i+di+rows)%rows, (j+dj+cols)%cols
					if buggy {
						ni, nj = (i+di)%rows, (j+dj)%cols
						if ni < 0 || nj < 0 {
							continue
						}
					}
					if g[ni][nj] {
						n++
					}
				}
			}
			out[i][j] = n == 3 || n == 2 && g[i][j]
		}
	}
	return out
}

func phLifeFails(v any) bool {
	g := v.([][]bool)
	return !reflect.DeepEqual(phLife(g, true), phLife(g, false))
}

// ---- h largest free square ----

// phLargestSquare returns the side of the largest all-true square, by
// dynamic programming. Bug: a cell extends the smaller of the squares
// above and to its left, without the one diagonally above-left.
func phLargestSquare(g [][]bool) int {
	best := 0
	dp := make([][]int, len(g))
	for i := range g {
		dp[i] = make([]int, len(g[i]))
		for j, free := range g[i] {
			switch {
			case !free:
			case i == 0 || j == 0:
				dp[i][j] = 1
			default:
				dp[i][j] = min(dp[i-1][j], dp[i][j-1]) + 1
			}
			best = max(best, dp[i][j])
		}
	}
	return best
}

func phLargestSquareRef(g [][]bool) int {
	best := 0
	for i := range g {
		for j := range g[i] {
			for k := 1; i+k <= len(g) && j+k <= len(g[i]); k++ {
				all := true
				for a := i; a < i+k; a++ {
					for b := j; b < j+k; b++ {
						all = all && g[a][b]
					}
				}
				if all {
					best = max(best, k)
				}
			}
		}
	}
	return best
}

// ---- h interval set bridge ----

// phRuns holds a set of ints as sorted, disjoint, non-adjacent closed
// intervals. Bug: Add extends an interval that ends just below x without
// checking whether it now touches the next one.
type phRuns struct{ iv [][2]int }

func (s *phRuns) Add(x int) {
	for i, r := range s.iv {
		switch {
		case x >= r[0] && x <= r[1]:
			return
		case x == r[1]+1:
			s.iv[i][1] = x
			return
		case x == r[0]-1:
			s.iv[i][0] = x
			return
		case x < r[0]:
			s.iv = slices.Insert(s.iv, i, [2]int{x, x})
			return
		}
	}
	s.iv = append(s.iv, [2]int{x, x})
}

func (s *phRuns) Remove(x int) {
	for i, r := range s.iv {
		if x < r[0] || x > r[1] {
			continue
		}
		var repl [][2]int
		if r[0] < x {
			repl = append(repl, [2]int{r[0], x - 1})
		}
		if x < r[1] {
			repl = append(repl, [2]int{x + 1, r[1]})
		}
		s.iv = slices.Replace(s.iv, i, i+1, repl...)
		return
	}
}

func phRunsDraw(t *fuzzsrc.T) any {
	tr := &phTrace{}
	var s phRuns
	var model [10]bool
	x := fuzzsrc.IntRange(0, 9)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Add", Run: func(t *fuzzsrc.T) {
				v := x.Draw(t, "x")
				tr.call("Add(%d)", v)
				s.Add(v)
				model[v] = true
			}},
			{Name: "Remove", Run: func(t *fuzzsrc.T) {
				v := x.Draw(t, "x")
				tr.call("Remove(%d)", v)
				s.Remove(v)
				model[v] = false
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			var want [][2]int
			for i := 0; i < len(model); i++ {
				if model[i] {
					j := i
					for j+1 < len(model) && model[j+1] {
						j++
					}
					want = append(want, [2]int{i, j})
					i = j
				}
			}
			if !slices.Equal(s.iv, want) {
				tr.fail("intervals %v, want %v", s.iv, want)
			}
		},
	})
	return tr
}

// ---- h fd reuse stale buffer ----

var errPhClosed = errors.New("file closed")

type phFD struct{ fd, gen int }

// phFiles is a table of in-memory files, opened at the lowest free slot.
// Handles carry a generation, so a stale one is refused. Bug: Open reuses
// a slot without clearing the data the last file there left behind.
type phFiles struct {
	open []bool
	gen  []int
	data [][]byte
}

func (f *phFiles) Open() phFD {
	i := slices.Index(f.open, false)
	if i < 0 {
		i = len(f.open)
		f.open, f.gen, f.data = append(f.open, false), append(f.gen, 0), append(f.data, nil)
	}
	f.open[i] = true
	f.gen[i]++
	return phFD{i, f.gen[i]}
}

func (f *phFiles) ok(h phFD) bool { return f.open[h.fd] && f.gen[h.fd] == h.gen }

func (f *phFiles) Write(h phFD, c byte) error {
	if !f.ok(h) {
		return errPhClosed
	}
	f.data[h.fd] = append(f.data[h.fd], c)
	return nil
}

func (f *phFiles) Close(h phFD) error {
	if !f.ok(h) {
		return errPhClosed
	}
	f.open[h.fd] = false
	return nil
}

func (f *phFiles) Contents(h phFD) ([]byte, error) {
	if !f.ok(h) {
		return nil, errPhClosed
	}
	return f.data[h.fd], nil
}

func phFilesDraw(t *fuzzsrc.T) any {
	tr := &phTrace{}
	var fs phFiles
	var handles []phFD
	var model [][]byte // nil once closed
	var closed []bool
	pool := fuzzsrc.NewPool[int]("f")
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Open", Run: func(t *fuzzsrc.T) {
				tr.call("f%d := Open()", len(handles)+1)
				handles = append(handles, fs.Open())
				model = append(model, nil)
				closed = append(closed, false)
				pool.Add(t, len(handles)-1)
			}},
			{Name: "Write", Run: func(t *fuzzsrc.T) {
				i := pool.Draw(t, "f")
				c := fuzzsrc.Byte().Draw(t, "c")
				tr.call("Write(f%d, %d)", i+1, c)
				if err := fs.Write(handles[i], c); (err != nil) != closed[i] {
					tr.fail("Write(f%d) error %v, closed %v", i+1, err, closed[i])
				}
				if !closed[i] {
					model[i] = append(model[i], c)
				}
			}},
			{Name: "Close", Run: func(t *fuzzsrc.T) {
				i := pool.Draw(t, "f")
				tr.call("Close(f%d)", i+1)
				if err := fs.Close(handles[i]); (err != nil) != closed[i] {
					tr.fail("Close(f%d) error %v, closed %v", i+1, err, closed[i])
				}
				closed[i] = true
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			for i, h := range handles {
				if closed[i] {
					continue
				}
				if got, err := fs.Contents(h); err != nil || string(got) != string(model[i]) {
					tr.fail("Contents(f%d) = %q, %v, want %q", i+1, got, err, model[i])
				}
			}
		},
	})
	return tr
}

// ---- h heap update increase ----

type phItem struct {
	Pri, index int
}

// phPQ is a min-heap of items that know their index. Bug: Update only
// sifts up, so raising the root's priority leaves it at the root.
type phPQ struct{ items []*phItem }

func (q *phPQ) swap(i, j int) {
	q.items[i], q.items[j] = q.items[j], q.items[i]
	q.items[i].index, q.items[j].index = i, j
}

func (q *phPQ) up(i int) {
	for i > 0 && q.items[(i-1)/2].Pri > q.items[i].Pri {
		q.swap(i, (i-1)/2)
		i = (i - 1) / 2
	}
}

func (q *phPQ) down(i int) {
	for {
		m := i
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < len(q.items) && q.items[c].Pri < q.items[m].Pri {
				m = c
			}
		}
		if m == i {
			return
		}
		q.swap(i, m)
		i = m
	}
}

func (q *phPQ) Push(pri int) *phItem {
	it := &phItem{pri, len(q.items)}
	q.items = append(q.items, it)
	q.up(it.index)
	return it
}

func (q *phPQ) Update(it *phItem, pri int) {
	if it.index < 0 {
		return
	}
	it.Pri = pri
	q.up(it.index)
}

func (q *phPQ) Pop() *phItem {
	it := q.items[0]
	q.swap(0, len(q.items)-1)
	q.items = q.items[:len(q.items)-1]
	q.down(0)
	it.index = -1
	return it
}

func phPQDraw(t *fuzzsrc.T) any {
	tr := &phTrace{}
	var q phPQ
	var items []*phItem
	live := map[int]int{} // item number -> priority
	pool := fuzzsrc.NewPool[int]("h")
	pri := fuzzsrc.IntRange(0, 9)
	modelMin := func() int {
		m := -1
		for _, p := range live {
			if m < 0 || p < m {
				m = p
			}
		}
		return m
	}
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Push", Run: func(t *fuzzsrc.T) {
				p := pri.Draw(t, "pri")
				tr.call("h%d := Push(%d)", len(items)+1, p)
				items = append(items, q.Push(p))
				live[len(items)-1] = p
				pool.Add(t, len(items)-1)
			}},
			{Name: "Update", Run: func(t *fuzzsrc.T) {
				i := pool.Draw(t, "h")
				p := pri.Draw(t, "pri")
				tr.call("Update(h%d, %d)", i+1, p)
				q.Update(items[i], p)
				if _, ok := live[i]; ok {
					live[i] = p
				}
			}},
			{Name: "Pop", Pre: func() bool { return len(live) > 0 }, Run: func(t *fuzzsrc.T) {
				tr.call("Pop()")
				want := modelMin()
				it := q.Pop()
				if it.Pri != want {
					tr.fail("Pop() priority %d, want %d", it.Pri, want)
				}
				i := slices.Index(items, it)
				delete(live, i)
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if len(live) > 0 && q.items[0].Pri != modelMin() {
				tr.fail("min %d, want %d", q.items[0].Pri, modelMin())
			}
		},
	})
	return tr
}

// ---- h triangle degenerate ----

// phClassify names the triangle with sides a, b, c. Bug: the triangle
// inequality is checked against the last side only, not the longest.
func phClassify(a, b, c int) string {
	switch {
	case a+b <= c:
		return "invalid"
	case a == b && b == c:
		return "equilateral"
	case a == b || b == c || a == c:
		return "isosceles"
	}
	return "scalene"
}

func phClassifyRef(a, b, c int) string {
	s := []int{a, b, c}
	slices.Sort(s)
	if s[0]+s[1] <= s[2] {
		return "invalid"
	}
	return phClassify(s[0], s[1], s[2])
}

// ---- h bin packing exact fit ----

const phBinCap = 10

// phFirstFit puts each item into the first bin with room, and returns
// each item's bin. Bug: "room" is tested with <, so an item that exactly
// fills a bin opens a new one.
func phFirstFit(items []int, exact bool) []int {
	var used, bins []int
	for _, x := range items {
		b := slices.IndexFunc(used, func(u int) bool { return u+x < phBinCap || exact && u+x == phBinCap })
		if b < 0 {
			b = len(used)
			used = append(used, 0)
		}
		used[b] += x
		bins = append(bins, b)
	}
	return bins
}

func probesH() []probe {
	name := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("kKSsſ\u212a"), 1, 3)
	kvText := fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab=,\\"))
	side := fuzzsrc.IntRange(1, 20)
	return []probe{
		{
			// simplest: n=2, edges [(1,0)] (DFS from 0 cannot follow an edge
			// stored only at 1)
			name: "h graph components one way edge",
			draw: phGraphDraw,
			fails: func(v any) bool {
				g := v.(phGraph)
				return phComponents(g) != phComponentsRef(g)
			},
		},
		{
			// simplest: list [0 1], from 0, to 1 (moving down; the list
			// needs two different elements for the result to differ)
			name:  "h playlist move down",
			draw:  phMoveDraw,
			fails: phMoveFails,
		},
		{
			// simplest: [v0 = 0; v1 = v0 + v0; v0 = 1; v0 = v0 + v0]
			// (record v0+v0 in v1, change v0, reuse the stale v1)
			name: "h cse reassigned operand",
			draw: phProgDraw,
			fails: func(v any) bool {
				p := v.(phProg)
				return !slices.Equal(phRunCSE(p), phRunRef(p))
			},
		},
		{
			// simplest: {`\`: ""} (the backslash escapes the '=' after the
			// key; {"": `\`}, a dangling escape, has the same draws but
			// ends on a nonzero one)
			name:  "h kv escape backslash",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.MapOf(kvText, kvText).Draw(t, "m") },
			fails: phKVFails,
		},
		{
			// simplest: "\u0080" (the first non-ASCII rune; its first byte
			// alone is invalid UTF-8)
			name: "h title case first byte",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.String().Draw(t, "s") },
			fails: func(v any) bool {
				s := v.(string)
				return phTitle(s) != phTitleRef(s)
			},
		},
		{
			// simplest: ["S", "ſ"] (the only fold pair ToLower misses in
			// the alphabet; 'S' before 's')
			name: "h username fold dedupe",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.SliceOfN(name, 0, 6).Draw(t, "names") },
			fails: func(v any) bool {
				ns := v.([]string)
				return !slices.Equal(phDedupeUsers(ns), phDedupeUsersRef(ns))
			},
		},
		{
			// simplest: base "a", target "aa" (a string prefix that ends
			// inside a segment)
			name: "h rel path prefix boundary",
			draw: phRelDraw,
			fails: func(v any) bool {
				c := v.(phRelCase)
				return path.Join(c.Base, phRel(c.Base, c.Targ)) != c.Targ
			},
		},
		{
			// simplest: -1 (every non-negative amount rounds right; -1
			// gives -99 cents)
			name: "h cents round negative",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Float64Range(-1e6, 1e6).Draw(t, "x") },
			fails: func(v any) bool {
				x := v.(float64)
				return phCents(x) != phCentsRef(x)
			},
		},
		{
			// simplest: [0.5 0] (two readings less than 1 apart, out of
			// order; [0 -0.5] needs a negative)
			name: "h float comparator truncation",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.Float64Range(-10, 10)).Draw(t, "xs")
			},
			fails: func(v any) bool { return !slices.IsSorted(phSortReadings(v.([]float64))) },
		},
		{
			// simplest: {"": 0, "a": 0} (two equal values, one under the
			// key "")
			name: "h bimap empty key dup",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.MapOf(fuzzsrc.StringOf(fuzzsrc.RuneFrom("abc")), fuzzsrc.IntRange(0, 3)).Draw(t, "m")
			},
			fails: phBiMapFails,
		},
		{
			// simplest: phSvc{Args: ["\t"]} (a blank arg survives the
			// blank filter and trims to "", which the next pass drops)
			name: "h normalize service idempotent",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Make[phSvc]().Draw(t, "svc") },
			fails: func(v any) bool {
				once := phNormalize(v.(phSvc))
				return !reflect.DeepEqual(phNormalize(once), once)
			},
		},
		{
			// simplest: {"": null, "a": false} (a null first member before
			// a non-null one)
			name:  "h json null member comma",
			draw:  func(t *fuzzsrc.T) any { return phJSONGen.Draw(t, "v") },
			fails: phJSONFails,
		},
		{
			// simplest: [[1] 0] (a nested list before a number, with
			// different numbers; [[0] 1] has the same draws but ends on a
			// nonzero one)
			name: "h flatten nested queue",
			draw: func(t *fuzzsrc.T) any { return phNestGen.Draw(t, "v") },
			fails: func(v any) bool {
				return !slices.Equal(phFlatten(v), phFlattenRef(v, nil))
			},
		},
		{
			// simplest: 1x2 [[false true]] (the dead cell at column 0 loses
			// its three left neighbours, the live cell, and is born with 3)
			name:  "h life torus wrap",
			draw:  phGridDraw,
			fails: phLifeFails,
		},
		{
			// simplest: 2x2 [[false true] [true true]] (the only 2x2 grid
			// whose corner square is blocked diagonally)
			name: "h largest free square",
			draw: phGridDraw,
			fails: func(v any) bool {
				g := v.([][]bool)
				return phLargestSquare(g) != phLargestSquareRef(g)
			},
		},
		{
			// simplest: Add(0) Add(2) Add(1) (the gap is filled from the
			// left interval, which is not joined to the right one)
			name:  "h interval set bridge",
			draw:  phRunsDraw,
			fails: phTraceFails,
		},
		{
			// simplest: f1 := Open(); Write(f1, 0); Close(f1); f2 := Open()
			// (f2 reuses the slot and sees f1's byte)
			name:  "h fd reuse stale buffer",
			draw:  phFilesDraw,
			fails: phTraceFails,
		},
		{
			// simplest: h1 := Push(0); h2 := Push(0); Update(h1, 1) (the
			// root's priority rises above its child's)
			name:  "h heap update increase",
			draw:  phPQDraw,
			fails: phTraceFails,
		},
		{
			// simplest: 2, 1, 1 (the first side equals the sum of the other
			// two; 1, 2, 1 has the same draws but ends on a nonzero one)
			name: "h triangle degenerate",
			draw: func(t *fuzzsrc.T) any {
				return [3]int{side.Draw(t, "a"), side.Draw(t, "b"), side.Draw(t, "c")}
			},
			fails: func(v any) bool {
				s := v.([3]int)
				return phClassify(s[0], s[1], s[2]) != phClassifyRef(s[0], s[1], s[2])
			},
		},
		{
			// simplest: [9 1] (two items that fill a bin exactly; [1 9] has
			// the same draws but ends on a nonzero one)
			name: "h bin packing exact fit",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.IntRange(1, phBinCap)).Draw(t, "items")
			},
			fails: func(v any) bool {
				items := v.([]int)
				return !slices.Equal(phFirstFit(items, false), phFirstFit(items, true))
			},
		},
	}
}
