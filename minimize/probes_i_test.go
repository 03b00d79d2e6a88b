//go:build probes

package minimize_test

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// Set i: loops drawn by hand and draws that depend on earlier ones
// (swap logs, parent links), grids whose size is drawn, escapes and
// combining marks, float formatting and wrapping, reflected structs with
// pointers and maps, recursive trees, expressions and JSON values,
// stateful sequences with handles, and bugs that need values equal or
// one a function of others. Each checks a small piece of code with one
// planted bug.

// piTrace is what a stateful draw returns: the calls made, and the first
// disagreement with the model (empty if none).
type piTrace struct {
	Calls []string
	Bad   string
}

func (tr *piTrace) call(format string, args ...any) {
	tr.Calls = append(tr.Calls, fmt.Sprintf(format, args...))
}

func (tr *piTrace) fail(format string, args ...any) {
	if tr.Bad == "" {
		tr.Bad = fmt.Sprintf(format, args...)
	}
}

func piTraceFails(v any) bool { return v.(*piTrace).Bad != "" }

// ---- i swap log undo order ----

type piSwapCase struct {
	N     int
	Swaps [][2]int
}

// piUndoSwaps undoes the swaps of a log, applied to xs in order. Bug: it
// replays the log from the start instead of from the end.
func piUndoSwaps(xs []int, log [][2]int) {
	for _, s := range log {
		xs[s[0]], xs[s[1]] = xs[s[1]], xs[s[0]]
	}
}

func piSwapDraw(t *fuzzsrc.T) any {
	n := fuzzsrc.IntRange(1, 6).Draw(t, "n")
	k := fuzzsrc.IntRange(0, 6).Draw(t, "swaps")
	idx := fuzzsrc.IntRange(0, n-1)
	c := piSwapCase{N: n}
	for range k {
		c.Swaps = append(c.Swaps, [2]int{idx.Draw(t, "i"), idx.Draw(t, "j")})
	}
	return c
}

func piSwapFails(v any) bool {
	c := v.(piSwapCase)
	xs := make([]int, c.N)
	for i := range xs {
		xs[i] = i
	}
	for _, s := range c.Swaps {
		xs[s[0]], xs[s[1]] = xs[s[1]], xs[s[0]]
	}
	piUndoSwaps(xs, c.Swaps)
	for i, x := range xs {
		if x != i {
			return true
		}
	}
	return false
}

// ---- i tree paths append alias ----

// piRootPaths returns the path from the root to each node of a tree
// given by parent links (node i+1's parent is parent[i] <= i). Bug: a
// child's path is append(parent's path, child), which writes into the
// spare capacity of the parent's slice, shared by its other children.
func piRootPaths(parent []int) [][]int {
	paths := make([][]int, len(parent)+1)
	paths[0] = []int{0}
	for i, p := range parent {
		paths[i+1] = append(paths[p], i+1)
	}
	return paths
}

func piParentsDraw(t *fuzzsrc.T) any {
	n := fuzzsrc.IntRange(1, 10).Draw(t, "nodes")
	var parent []int
	for i := 1; i < n; i++ {
		parent = append(parent, fuzzsrc.IntRange(0, i-1).Draw(t, "parent"))
	}
	return parent
}

func piRootPathsFails(v any) bool {
	parent := v.([]int)
	for node, p := range piRootPaths(parent) {
		if p[0] != 0 || p[len(p)-1] != node {
			return true
		}
		for k := 1; k < len(p); k++ {
			if p[k] < 1 || p[k] > len(parent) || parent[p[k]-1] != p[k-1] {
				return true
			}
		}
	}
	return false
}

// ---- i two sum same index ----

type piTwoSumCase struct {
	Xs     []int
	Target int
}

// piTwoSum returns indices i < j with xs[i]+xs[j] == target, or -1, -1.
// Bug: it indexes every value first and then looks up target-xs[i],
// which may find xs[i] itself.
func piTwoSum(xs []int, target int) (int, int) {
	at := map[int]int{}
	for i, x := range xs {
		at[x] = i
	}
	for i, x := range xs {
		if j, ok := at[target-x]; ok {
			return min(i, j), max(i, j)
		}
	}
	return -1, -1
}

func piTwoSumFails(v any) bool {
	c := v.(piTwoSumCase)
	i, j := piTwoSum(c.Xs, c.Target)
	if i >= 0 {
		return i >= j || c.Xs[i]+c.Xs[j] != c.Target
	}
	for a := range c.Xs {
		for b := a + 1; b < len(c.Xs); b++ {
			if c.Xs[a]+c.Xs[b] == c.Target {
				return true
			}
		}
	}
	return false
}

// ---- i rle count two digits ----

// piRLEEncode writes each run of s as its length and its character:
// "aaab" is "3a1b".
func piRLEEncode(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && rs[j] == rs[i] {
			j++
		}
		b.WriteString(strconv.Itoa(j - i))
		b.WriteRune(rs[i])
		i = j
	}
	return b.String()
}

// piRLEDecode reverses piRLEEncode. Bug: it reads a one-digit count.
func piRLEDecode(s string) (string, bool) {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i += 2 {
		if rs[i] < '0' || rs[i] > '9' || i+1 >= len(rs) {
			return "", false
		}
		b.WriteString(strings.Repeat(string(rs[i+1]), int(rs[i]-'0')))
	}
	return b.String(), true
}

// piRunsDraw builds a string run by run: a count of runs, then each
// run's character and length.
func piRunsDraw(t *fuzzsrc.T) any {
	k := fuzzsrc.IntRange(0, 4).Draw(t, "runs")
	var b strings.Builder
	for range k {
		c := fuzzsrc.RuneFrom("abc").Draw(t, "char")
		n := fuzzsrc.IntRange(1, 12).Draw(t, "len")
		b.WriteString(strings.Repeat(string(c), n))
	}
	return b.String()
}

// ---- grids: rows and columns drawn first, then the cells ----

func piGridOf[E any](cell fuzzsrc.Generator[E]) func(t *fuzzsrc.T) any {
	return func(t *fuzzsrc.T) any {
		rows := fuzzsrc.IntRange(1, 5).Draw(t, "rows")
		cols := fuzzsrc.IntRange(1, 5).Draw(t, "cols")
		row := fuzzsrc.SliceOfN(cell, cols, cols)
		return fuzzsrc.SliceOfN(row, rows, rows).Draw(t, "grid")
	}
}

// ---- i grid word search row wrap ----

// piHasAB reports whether "ab" reads left to right along a row or top to
// bottom down a column. Bug: the rows are searched as one string, so a
// match can run off the end of one row into the start of the next.
func piHasAB(g [][]rune) bool {
	var all strings.Builder
	for _, row := range g {
		all.WriteString(string(row))
	}
	if strings.Contains(all.String(), "ab") {
		return true
	}
	for j := range g[0] {
		for i := 0; i+1 < len(g); i++ {
			if g[i][j] == 'a' && g[i+1][j] == 'b' {
				return true
			}
		}
	}
	return false
}

func piHasABRef(g [][]rune) bool {
	for i := range g {
		for j := range g[i] {
			if g[i][j] != 'a' {
				continue
			}
			if j+1 < len(g[i]) && g[i][j+1] == 'b' || i+1 < len(g) && g[i+1][j] == 'b' {
				return true
			}
		}
	}
	return false
}

// ---- i grid maze detour ----

// piReachable reports whether the bottom-right cell can be reached from
// the top-left one through cells that are not walls (true). Bug: it
// fills the reachable cells row by row from the top and left, which
// finds only paths that never go up or left.
func piReachable(walls [][]bool) bool {
	rows, cols := len(walls), len(walls[0])
	seen := make([][]bool, rows)
	for i := range walls {
		seen[i] = make([]bool, cols)
		for j, wall := range walls[i] {
			seen[i][j] = !wall && (i == 0 && j == 0 || i > 0 && seen[i-1][j] || j > 0 && seen[i][j-1])
		}
	}
	return seen[rows-1][cols-1]
}

func piReachableRef(walls [][]bool) bool {
	rows, cols := len(walls), len(walls[0])
	if walls[0][0] {
		return false
	}
	seen := map[[2]int]bool{{0, 0}: true}
	stack := [][2]int{{0, 0}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := [2]int{p[0] + d[0], p[1] + d[1]}
			if q[0] >= 0 && q[0] < rows && q[1] >= 0 && q[1] < cols && !walls[q[0]][q[1]] && !seen[q] {
				seen[q] = true
				stack = append(stack, q)
			}
		}
	}
	return seen[[2]int{rows - 1, cols - 1}]
}

// ---- i octal escape digit ----

// piQuote writes s as the body of a C string literal: newline, tab,
// backslash and quote escaped by letter, other control characters in
// octal, the rest as is. Bug: the octal escape has as few digits as
// needed, so a digit 0-7 after it is read as part of it.
func piQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\%o`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func piUnquote(s string) (string, bool) {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if rs[i] != '\\' {
			b.WriteRune(rs[i])
			continue
		}
		if i++; i == len(rs) {
			return "", false
		}
		switch r := rs[i]; {
		case r == 'n':
			b.WriteByte('\n')
		case r == 't':
			b.WriteByte('\t')
		case r == '\\' || r == '"':
			b.WriteRune(r)
		case r >= '0' && r <= '7':
			v := 0
			for k := 0; k < 3 && i < len(rs) && rs[i] >= '0' && rs[i] <= '7'; k++ {
				v = v*8 + int(rs[i]-'0')
				i++
			}
			i--
			b.WriteRune(rune(v))
		default:
			return "", false
		}
	}
	return b.String(), true
}

// ---- i reverse combining marks ----

func piIsMark(r rune) bool { return unicode.Is(unicode.Mn, r) }

// piReverse reverses s for display, keeping combining marks after the
// character they combine with. Bug: it reverses the runes and then moves
// each mark past the rune after it, which puts back one mark but not two
// on the same character.
func piReverse(s string) string {
	rs := []rune(s)
	slices.Reverse(rs)
	for i := 0; i+1 < len(rs); i++ {
		if piIsMark(rs[i]) {
			rs[i], rs[i+1] = rs[i+1], rs[i]
			i++
		}
	}
	return string(rs)
}

func piReverseRef(s string) string {
	var clusters [][]rune
	for _, r := range s {
		if len(clusters) > 0 && piIsMark(r) {
			clusters[len(clusters)-1] = append(clusters[len(clusters)-1], r)
		} else {
			clusters = append(clusters, []rune{r})
		}
	}
	slices.Reverse(clusters)
	return string(slices.Concat(clusters...))
}

// ---- i tsv unescape order ----

// piTSVLine joins fields with tabs, escaping backslash, tab and newline.
func piTSVLine(fields []string) string {
	esc := strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`)
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = esc.Replace(f)
	}
	return strings.Join(out, "\t")
}

// piTSVFields splits a line made by piTSVLine. Bug: it unescapes with
// ReplaceAll one escape at a time, so the `\t` in `\\t` (an escaped
// backslash before a 't') is taken for a tab.
func piTSVFields(line string) []string {
	fields := strings.Split(line, "\t")
	for i, f := range fields {
		f = strings.ReplaceAll(f, `\t`, "\t")
		f = strings.ReplaceAll(f, `\n`, "\n")
		fields[i] = strings.ReplaceAll(f, `\\`, `\`)
	}
	return fields
}

// ---- i cents format negative fraction ----

// piFormatMoney shows an amount of dollars with two decimals. Bug: the
// sign is carried by the whole dollars, so an amount between -1 and 0
// shows as positive.
func piFormatMoney(x float64) string {
	c := int64(math.Round(x * 100))
	frac := c % 100
	if frac < 0 {
		frac = -frac
	}
	return fmt.Sprintf("%d.%02d", c/100, frac)
}

func piFormatMoneyFails(v any) bool {
	x := v.(float64)
	got, err := strconv.ParseFloat(piFormatMoney(x), 64)
	return err != nil || math.Abs(got-x) > 0.0051
}

// ---- i temperature negative zero ----

// piFormatTemp shows a temperature to one decimal. Bug: a reading just
// below zero rounds to -0, which shows as "-0.0".
func piFormatTemp(c float64) string {
	return strconv.FormatFloat(math.Round(c*10)/10, 'f', 1, 64)
}

// ---- i angle wrap boundary ----

// piWrap maps a heading in degrees into (-180, 180]. Bug: the last test
// is < rather than <=, so a heading that reduces to exactly -180 stays
// there.
func piWrap(deg float64) float64 {
	r := math.Mod(deg+180, 360) - 180
	if r < -180 {
		r += 360
	}
	return r
}

func piWrapFails(v any) bool {
	deg := float64(v.(int))
	r := piWrap(deg)
	d := math.Mod(r-deg, 360)
	return r <= -180 || r > 180 || math.Abs(d) > 1e-9 && math.Abs(math.Abs(d)-360) > 1e-9
}

// ---- i doc clone shared lines ----

type piSection struct {
	Title string
	Lines []string
}

type piDoc struct {
	Name     string
	Author   *string
	Meta     map[string]string
	Sections []piSection
}

// piCloneDoc returns a deep copy of d. Bug: it copies the sections but
// not their lines, which the copy shares with d.
func piCloneDoc(d piDoc) piDoc {
	out := d
	if d.Author != nil {
		a := *d.Author
		out.Author = &a
	}
	out.Meta = maps.Clone(d.Meta)
	out.Sections = slices.Clone(d.Sections)
	return out
}

func piCloneDocRef(d piDoc) piDoc {
	out := piCloneDoc(d)
	for i, s := range out.Sections {
		out.Sections[i].Lines = slices.Clone(s.Lines)
	}
	return out
}

func piCloneDocFails(v any) bool {
	d := v.(piDoc)
	before := piCloneDocRef(d)
	c := piCloneDoc(d)
	c.Name += "!"
	if c.Author != nil {
		*c.Author += "!"
	}
	for k := range c.Meta {
		c.Meta[k] += "!"
	}
	for i := range c.Sections {
		c.Sections[i].Title += "!"
		for j := range c.Sections[i].Lines {
			c.Sections[i].Lines[j] += "!"
		}
	}
	return !reflect.DeepEqual(d, before)
}

// ---- i opts merge explicit zero ----

type piOpts struct {
	Timeout *int32
	Retries *uint8
	Hosts   []string
	Labels  map[string]string
}

type piOptsCase struct{ Base, Over piOpts }

// piMergeOpts overlays over on base: a set pointer or a non-nil Hosts
// replaces base's, and Labels merge key by key. Bug (buggy): a Retries
// of 0 counts as unset, so an explicit "no retries" is lost.
func piMergeOpts(base, over piOpts, buggy bool) piOpts {
	out := base
	if over.Timeout != nil {
		out.Timeout = over.Timeout
	}
	if over.Retries != nil && (!buggy || *over.Retries != 0) {
		out.Retries = over.Retries
	}
	if over.Hosts != nil {
		out.Hosts = over.Hosts
	}
	if len(over.Labels) > 0 {
		out.Labels = maps.Clone(base.Labels)
		if out.Labels == nil {
			out.Labels = map[string]string{}
		}
		maps.Copy(out.Labels, over.Labels)
	}
	return out
}

// ---- i derivative product rule ----

// piExpr is a constant, the variable x, or a sum or product.
type piExpr struct {
	Op   byte // 'c', 'x', '+', '*'
	C    int
	L, R *piExpr
}

func (e *piExpr) GoString() string {
	switch e.Op {
	case 'c':
		return strconv.Itoa(e.C)
	case 'x':
		return "x"
	}
	return "(" + e.L.GoString() + " " + string(e.Op) + " " + e.R.GoString() + ")"
}

func (e *piExpr) eval(x int) int {
	switch e.Op {
	case 'c':
		return e.C
	case 'x':
		return x
	case '+':
		return e.L.eval(x) + e.R.eval(x)
	}
	return e.L.eval(x) * e.R.eval(x)
}

// piDeriv returns d/dx of e. Bug: the product rule takes u'v + uu'
// instead of u'v + uv'.
func piDeriv(e *piExpr) *piExpr {
	switch e.Op {
	case 'c', 'x':
		c := 0
		if e.Op == 'x' {
			c = 1
		}
		return &piExpr{Op: 'c', C: c}
	case '+':
		return &piExpr{Op: '+', L: piDeriv(e.L), R: piDeriv(e.R)}
	}
	du := piDeriv(e.L)
	return &piExpr{Op: '+', L: &piExpr{Op: '*', L: du, R: e.R}, R: &piExpr{Op: '*', L: e.L, R: du}}
}

// piDerivRef evaluates the derivative at x directly.
func piDerivRef(e *piExpr, x int) int {
	switch e.Op {
	case 'c':
		return 0
	case 'x':
		return 1
	case '+':
		return piDerivRef(e.L, x) + piDerivRef(e.R, x)
	}
	return piDerivRef(e.L, x)*e.R.eval(x) + e.L.eval(x)*piDerivRef(e.R, x)
}

var piExprGen = fuzzsrc.Recursive(
	fuzzsrc.OneOf(
		fuzzsrc.Map(fuzzsrc.IntRange(0, 3), func(c int) *piExpr { return &piExpr{Op: 'c', C: c} }),
		fuzzsrc.Just(&piExpr{Op: 'x'}),
	),
	func(sub fuzzsrc.Generator[*piExpr]) fuzzsrc.Generator[*piExpr] {
		bin := func(op byte) fuzzsrc.Generator[*piExpr] {
			return fuzzsrc.Custom(func(t *fuzzsrc.T) *piExpr {
				return &piExpr{Op: op, L: sub.Draw(t, "l"), R: sub.Draw(t, "r")}
			})
		}
		return fuzzsrc.OneOf(bin('+'), bin('*'))
	}, 3)

// ---- i tree balanced root only ----

type piNode struct{ L, R *piNode }

func (n *piNode) GoString() string {
	if n == nil {
		return "."
	}
	return "(" + n.L.GoString() + " " + n.R.GoString() + ")"
}

func piHeight(n *piNode) int {
	if n == nil {
		return 0
	}
	return 1 + max(piHeight(n.L), piHeight(n.R))
}

// piBalanced reports whether the heights of every node's two subtrees
// differ by at most one. Bug: it checks the root only.
func piBalanced(n *piNode) bool {
	if n == nil {
		return true
	}
	d := piHeight(n.L) - piHeight(n.R)
	return d >= -1 && d <= 1
}

func piBalancedRef(n *piNode) bool {
	return n == nil || piBalanced(n) && piBalancedRef(n.L) && piBalancedRef(n.R)
}

var piTreeGen = fuzzsrc.Recursive(
	fuzzsrc.Just[*piNode](nil),
	func(sub fuzzsrc.Generator[*piNode]) fuzzsrc.Generator[*piNode] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) *piNode {
			return &piNode{L: sub.Draw(t, "l"), R: sub.Draw(t, "r")}
		})
	}, 5)

// ---- i json merge patch nested null ----

// piMergePatch applies a JSON merge patch (RFC 7386) to target. Bug: a
// member for a key the target lacks is copied in whole, so the nulls
// inside it, which mean "remove", are kept.
func piMergePatch(target, patch any, buggy bool) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	out := map[string]any{}
	if t, ok := target.(map[string]any); ok {
		maps.Copy(out, t)
	}
	for k, v := range p {
		cur, has := out[k]
		switch {
		case v == nil:
			delete(out, k)
		case buggy && !has:
			out[k] = v
		default:
			out[k] = piMergePatch(cur, v, buggy)
		}
	}
	return out
}

var piJSONKey = fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab"))

var piJSONGen = fuzzsrc.Recursive(
	fuzzsrc.OneOf(
		fuzzsrc.Just[any](nil),
		fuzzsrc.Map(fuzzsrc.Bool(), func(x bool) any { return x }),
		fuzzsrc.Map(fuzzsrc.IntRange(0, 9), func(x int) any { return x }),
	),
	func(sub fuzzsrc.Generator[any]) fuzzsrc.Generator[any] {
		return fuzzsrc.OneOf(
			fuzzsrc.Map(fuzzsrc.SliceOfN(sub, 0, 3), func(x []any) any { return x }),
			fuzzsrc.Map(fuzzsrc.MapOfN(piJSONKey, sub, 0, 3), func(x map[string]any) any { return x }),
		)
	}, 3)

type piPatchCase struct{ Target, Patch any }

// ---- i lru get no refresh ----

const piLRUCap = 2

// piLRU is a cache of piLRUCap entries that evicts the least recently
// used. Bug: Get does not make the key the most recently used.
type piLRU struct {
	order []int // most recent first
	vals  map[int]int
	fixed bool
}

func (c *piLRU) touch(k int) {
	c.order = slices.Insert(slices.DeleteFunc(c.order, func(x int) bool { return x == k }), 0, k)
}

func (c *piLRU) Get(k int) (int, bool) {
	v, ok := c.vals[k]
	if ok && c.fixed {
		c.touch(k)
	}
	return v, ok
}

func (c *piLRU) Put(k, v int) {
	if _, ok := c.vals[k]; !ok && len(c.order) == piLRUCap {
		delete(c.vals, c.order[len(c.order)-1])
		c.order = c.order[:len(c.order)-1]
	}
	c.vals[k] = v
	c.touch(k)
}

func piLRUDraw(t *fuzzsrc.T) any {
	tr := &piTrace{}
	c := &piLRU{vals: map[int]int{}}
	m := &piLRU{vals: map[int]int{}, fixed: true}
	key := fuzzsrc.IntRange(0, 3)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Put", Run: func(t *fuzzsrc.T) {
				k, v := key.Draw(t, "k"), fuzzsrc.IntRange(0, 9).Draw(t, "v")
				tr.call("Put(%d, %d)", k, v)
				c.Put(k, v)
				m.Put(k, v)
			}},
			{Name: "Get", Run: func(t *fuzzsrc.T) {
				k := key.Draw(t, "k")
				tr.call("Get(%d)", k)
				v, ok := c.Get(k)
				if wv, wok := m.Get(k); v != wv || ok != wok {
					tr.fail("Get(%d) = %d, %v, want %d, %v", k, v, ok, wv, wok)
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if got, want := slices.Sorted(maps.Keys(c.vals)), slices.Sorted(maps.Keys(m.vals)); !slices.Equal(got, want) {
				tr.fail("keys %v, want %v", got, want)
			}
		},
	})
	return tr
}

// ---- i refcount double release ----

type piObj struct {
	refs  int
	freed bool
}

type piHandle struct {
	obj      *piObj
	released bool
}

// piRelease drops h's reference; releasing a handle again is a no-op.
// Bug: the handle is never marked released, so a second release drops a
// reference another handle holds, and frees the object under it.
func piRelease(h *piHandle) {
	if h.released || h.obj.freed {
		return
	}
	h.obj.refs--
	if h.obj.refs == 0 {
		h.obj.freed = true
	}
}

func piRefsDraw(t *fuzzsrc.T) any {
	tr := &piTrace{}
	var handles []*piHandle
	var released []bool // the model: which handles were released
	pool := fuzzsrc.NewPool[int]("h")
	add := func(t *fuzzsrc.T, obj *piObj) {
		handles = append(handles, &piHandle{obj: obj})
		released = append(released, false)
		pool.Add(t, len(handles)-1)
	}
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "New", Run: func(t *fuzzsrc.T) {
				tr.call("h%d := New()", len(handles)+1)
				add(t, &piObj{refs: 1})
			}},
			{Name: "Retain", Run: func(t *fuzzsrc.T) {
				i := pool.Draw(t, "h")
				obj := handles[i].obj
				if obj.freed {
					tr.call("Retain(h%d) // freed", i+1)
					return
				}
				tr.call("h%d := Retain(h%d)", len(handles)+1, i+1)
				obj.refs++
				add(t, obj)
			}},
			{Name: "Release", Run: func(t *fuzzsrc.T) {
				i := pool.Draw(t, "h")
				tr.call("Release(h%d)", i+1)
				piRelease(handles[i])
				released[i] = true
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			for i, h := range handles {
				live := false
				for j, g := range handles {
					live = live || g.obj == h.obj && !released[j]
				}
				if h.obj.freed == live {
					tr.fail("h%d's object freed %v, want %v", i+1, h.obj.freed, !live)
				}
			}
		},
	})
	return tr
}

// ---- i dice three of a kind middle ----

// piDiceCategory names the best of "yahtzee", "four", "full house",
// "three" and "chance" that five dice make. Bug: three of a kind is
// looked for at the two ends of the sorted dice, not in the middle.
func piDiceCategory(d [5]int) string {
	s := d
	slices.Sort(s[:])
	switch {
	case s[0] == s[4]:
		return "yahtzee"
	case s[0] == s[3] || s[1] == s[4]:
		return "four"
	case s[0] == s[2] && s[3] == s[4] || s[0] == s[1] && s[2] == s[4]:
		return "full house"
	case s[0] == s[2] || s[2] == s[4]:
		return "three"
	}
	return "chance"
}

func piDiceCategoryRef(d [5]int) string {
	counts := map[int]int{}
	for _, x := range d {
		counts[x]++
	}
	cs := slices.Sorted(maps.Values(counts))
	switch top := cs[len(cs)-1]; {
	case top == 5:
		return "yahtzee"
	case top == 4:
		return "four"
	case top == 3 && cs[0] == 2:
		return "full house"
	case top == 3:
		return "three"
	}
	return "chance"
}

func probesI() []probe {
	marks := fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab\u0301\u0308"))
	field := fuzzsrc.StringOf(fuzzsrc.RuneFrom("\t\n\\abnt"))
	die := fuzzsrc.IntRange(1, 6)
	return []probe{
		{
			// simplest: n=3, swaps [(0,1) (2,0)] (two swaps that do not
			// commute, which needs three elements; (0,1) (0,2) has the
			// same draws but ends on a nonzero one)
			name:  "i swap log undo order",
			draw:  piSwapDraw,
			fails: piSwapFails,
		},
		{
			// simplest: parents [0 1 2 2] (5 nodes: the first slice with
			// spare capacity is a depth-2 node's path, and it needs two
			// children)
			name:  "i tree paths append alias",
			draw:  piParentsDraw,
			fails: piRootPathsFails,
		},
		{
			// simplest: xs [1], target 2 (the target twice a value, with no
			// real pair)
			name: "i two sum same index",
			draw: func(t *fuzzsrc.T) any {
				xs := fuzzsrc.SliceOf(fuzzsrc.IntRange(1, 9)).Draw(t, "xs")
				return piTwoSumCase{xs, fuzzsrc.IntRange(2, 18).Draw(t, "target")}
			},
			fails: piTwoSumFails,
		},
		{
			// simplest: one run of 'a' of length 10 (the shortest run with a
			// two-digit count)
			name: "i rle count two digits",
			draw: piRunsDraw,
			fails: func(v any) bool {
				s := v.(string)
				got, ok := piRLEDecode(piRLEEncode(s))
				return !ok || got != s
			},
		},
		{
			// simplest: 2x2 [[b a] [b a]] (the 'a' ending row 0 and the 'b'
			// starting row 1, with no real match: (0,0) 'a' would read "ab"
			// down column 0, (1,1) 'b' down column 1)
			name: "i grid word search row wrap",
			draw: piGridOf(fuzzsrc.RuneFrom("ab")),
			fails: func(v any) bool {
				g := v.([][]rune)
				return piHasAB(g) != piHasABRef(g)
			},
		},
		{
			// simplest: 5x2 [[. .] [# .] [. .] [. #] [. .]] (# a wall; no
			// grid of fewer than 10 cells needs a step up or left, and this
			// one ends on two free cells where 2x5 [[. # . . .] [. . . # .]]
			// ends on one)
			name: "i grid maze detour",
			draw: piGridOf(fuzzsrc.WeightedBool(0.3)),
			fails: func(v any) bool {
				g := v.([][]bool)
				return piReachable(g) != piReachableRef(g)
			},
		},
		{
			// simplest: "\v0" ('\v' is the first character escaped in
			// octal, as \13; then \130 reads as 'X')
			name: "i octal escape digit",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.String().Draw(t, "s") },
			fails: func(v any) bool {
				s := v.(string)
				got, ok := piUnquote(piQuote(s))
				return !ok || got != s
			},
		},
		{
			// simplest: "a\u0301\u0301" (two marks on one letter)
			name: "i reverse combining marks",
			draw: func(t *fuzzsrc.T) any { return marks.Draw(t, "s") },
			fails: func(v any) bool {
				s := v.(string)
				return piReverse(s) != piReverseRef(s)
			},
		},
		{
			// simplest: [`\n`] (a backslash before 'n', escaped as `\\n`,
			// whose `\n` is unescaped first)
			name: "i tsv unescape order",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.SliceOfN(field, 1, 4).Draw(t, "fields") },
			fails: func(v any) bool {
				fs := v.([]string)
				return !slices.Equal(piTSVFields(piTSVLine(fs)), fs)
			},
		},
		{
			// simplest: -0.5 (every non-negative amount and every amount of
			// -1 or less formats right)
			name: "i cents format negative fraction",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.Float64Range(-100, 100).Draw(t, "dollars")
			},
			fails: piFormatMoneyFails,
		},
		{
			// simplest: -0 (the first negative; it, and readings in
			// (-0.05, 0), show as "-0.0")
			name: "i temperature negative zero",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Float64Range(-60, 60).Draw(t, "celsius") },
			fails: func(v any) bool {
				return piFormatTemp(v.(float64)) == "-0.0"
			},
		},
		{
			// simplest: 180 (headings of 180 + 360k reduce to -180; 180 is
			// the nearest to 0, and positive)
			name: "i angle wrap boundary",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.IntRange(-720, 720).Draw(t, "heading")
			},
			fails: piWrapFails,
		},
		{
			// simplest: piDoc{Sections: [{Lines: [""]}]} (one line in one
			// section; the other fields are copied)
			name:  "i doc clone shared lines",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.Make[piDoc]().Draw(t, "doc") },
			fails: piCloneDocFails,
		},
		{
			// simplest: base {}, over {Retries: &0} (an explicit zero; any
			// other Retries merges right)
			name: "i opts merge explicit zero",
			draw: func(t *fuzzsrc.T) any {
				o := fuzzsrc.Make[piOpts]()
				return piOptsCase{o.Draw(t, "base"), o.Draw(t, "over")}
			},
			fails: func(v any) bool {
				c := v.(piOptsCase)
				return !reflect.DeepEqual(piMergeOpts(c.Base, c.Over, true), piMergeOpts(c.Base, c.Over, false))
			},
		},
		{
			// simplest: (x * 0) (x on the left of a product: the bug adds
			// x for the right factor's derivative, 0; (1 * x), which loses
			// x's derivative, ends on a nonzero draw)
			name: "i derivative product rule",
			draw: func(t *fuzzsrc.T) any { return piExprGen.Draw(t, "e") },
			fails: func(v any) bool {
				e := v.(*piExpr)
				return piDeriv(e).eval(2) != piDerivRef(e, 2)
			},
		},
		{
			// simplest: ((. (. .)) (((. .) .) .)) (six nodes: heights 2 and
			// 3 under the root, the unbalanced height-3 side last and
			// leaning left, so that its nils end the draws)
			name: "i tree balanced root only",
			draw: func(t *fuzzsrc.T) any { return piTreeGen.Draw(t, "tree") },
			fails: func(v any) bool {
				n := v.(*piNode)
				return piBalanced(n) != piBalancedRef(n)
			},
		},
		{
			// simplest: target null, patch {"": {"": null}} (a new member
			// with a null inside)
			name: "i json merge patch nested null",
			draw: func(t *fuzzsrc.T) any {
				return piPatchCase{piJSONGen.Draw(t, "target"), piJSONGen.Draw(t, "patch")}
			},
			fails: func(v any) bool {
				c := v.(piPatchCase)
				return !reflect.DeepEqual(piMergePatch(c.Target, c.Patch, true), piMergePatch(c.Target, c.Patch, false))
			},
		},
		{
			// simplest: Put(1, 0) Put(2, 0) Get(1) Put(0, 0) (the Get
			// should save 1 from the eviction; the evicting Put, all zeros,
			// goes last)
			name:  "i lru get no refresh",
			draw:  piLRUDraw,
			fails: piTraceFails,
		},
		{
			// simplest: h1 := New(); h2 := Retain(h1); Release(h2);
			// Release(h2) (h2 released twice frees h1's object)
			name:  "i refcount double release",
			draw:  piRefsDraw,
			fails: piTraceFails,
		},
		{
			// simplest: [2 2 2 3 1] (three equal dice, a larger one and a
			// smaller one; [1 2 2 2 3] has the same draws but ends on a
			// nonzero one)
			name: "i dice three of a kind middle",
			draw: func(t *fuzzsrc.T) any {
				var d [5]int
				for i := range d {
					d[i] = die.Draw(t, "die")
				}
				return d
			},
			fails: func(v any) bool {
				d := v.([5]int)
				return piDiceCategory(d) != piDiceCategoryRef(d)
			},
		},
	}
}
