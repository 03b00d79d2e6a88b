//go:build probes

package minimize_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// ---- intervals ----

type pbInterval struct{ Lo, Hi int }

// pbMergeIntervals merges overlapping closed intervals.
//
// BUG (planted): when the next interval overlaps, the merged end becomes
// the next interval's end, which is wrong when it lies inside the current.
func pbMergeIntervals(in []pbInterval) []pbInterval {
	if len(in) == 0 {
		return nil
	}
	iv := slices.Clone(in)
	sort.Slice(iv, func(i, j int) bool { return iv[i].Lo < iv[j].Lo })
	out := []pbInterval{iv[0]}
	for _, next := range iv[1:] {
		cur := &out[len(out)-1]
		if next.Lo <= cur.Hi {
			cur.Hi = next.Hi // should be max(cur.Hi, next.Hi)
		} else {
			out = append(out, next)
		}
	}
	return out
}

// ---- expressions ----

type pbExpr struct {
	Op   byte // 'n' literal, 'x' the variable, '+', '-', '*'
	N    int
	L, R *pbExpr
}

func (e *pbExpr) GoString() string {
	switch {
	case e == nil:
		return "nil"
	case e.Op == 'n':
		return strconv.Itoa(e.N)
	case e.Op == 'x':
		return "x"
	}
	return "(" + e.L.GoString() + " " + string(e.Op) + " " + e.R.GoString() + ")"
}

func pbEval(e *pbExpr, x int) int {
	switch e.Op {
	case 'n':
		return e.N
	case 'x':
		return x
	case '+':
		return pbEval(e.L, x) + pbEval(e.R, x)
	case '-':
		return pbEval(e.L, x) - pbEval(e.R, x)
	case '*':
		return pbEval(e.L, x) * pbEval(e.R, x)
	}
	panic("bad op")
}

func pbExprEqual(a, b *pbExpr) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Op == b.Op && a.N == b.N && pbExprEqual(a.L, b.L) && pbExprEqual(a.R, b.R)
}

// pbSimplify applies algebraic identities bottom-up and folds constants.
//
// BUG (planted): 0 - e is rewritten to e instead of -e.
func pbSimplify(e *pbExpr) *pbExpr {
	if e.L == nil {
		return e
	}
	l, r := pbSimplify(e.L), pbSimplify(e.R)
	lit := func(e *pbExpr, n int) bool { return e.Op == 'n' && e.N == n }
	switch e.Op {
	case '+':
		if lit(l, 0) {
			return r
		}
		if lit(r, 0) {
			return l
		}
	case '-':
		if lit(r, 0) {
			return l
		}
		if lit(l, 0) {
			return r
		}
		if pbExprEqual(l, r) {
			return &pbExpr{Op: 'n'}
		}
	case '*':
		if lit(l, 0) || lit(r, 0) {
			return &pbExpr{Op: 'n'}
		}
		if lit(l, 1) {
			return r
		}
		if lit(r, 1) {
			return l
		}
	}
	s := &pbExpr{Op: e.Op, L: l, R: r}
	if l.Op == 'n' && r.Op == 'n' {
		return &pbExpr{Op: 'n', N: pbEval(s, 0)}
	}
	return s
}

func pbPrec(op byte) int {
	switch op {
	case '+', '-':
		return 1
	case '*':
		return 2
	}
	return 3
}

// pbPrint prints e in infix with as few parentheses as it thinks it needs.
//
// BUG (planted): the right operand of '-' needs parentheses when it has
// the same precedence, (a - (b + c)), but gets them only when lower.
func pbPrint(e *pbExpr) string {
	switch e.Op {
	case 'n':
		return strconv.Itoa(e.N)
	case 'x':
		return "x"
	}
	l, r := pbPrint(e.L), pbPrint(e.R)
	if pbPrec(e.L.Op) < pbPrec(e.Op) {
		l = "(" + l + ")"
	}
	if pbPrec(e.R.Op) < pbPrec(e.Op) {
		r = "(" + r + ")"
	}
	return l + " " + string(e.Op) + " " + r
}

// pbParser is a recursive-descent parser for + - * over digits and x.
type pbParser struct {
	s   string
	pos int
}

func (p *pbParser) peek() byte {
	for p.pos < len(p.s) && p.s[p.pos] == ' ' {
		p.pos++
	}
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func (p *pbParser) expr() (*pbExpr, error) {
	l, err := p.term()
	if err != nil {
		return nil, err
	}
	for c := p.peek(); c == '+' || c == '-'; c = p.peek() {
		p.pos++
		r, err := p.term()
		if err != nil {
			return nil, err
		}
		l = &pbExpr{Op: c, L: l, R: r}
	}
	return l, nil
}

func (p *pbParser) term() (*pbExpr, error) {
	l, err := p.atom()
	if err != nil {
		return nil, err
	}
	for p.peek() == '*' {
		p.pos++
		r, err := p.atom()
		if err != nil {
			return nil, err
		}
		l = &pbExpr{Op: '*', L: l, R: r}
	}
	return l, nil
}

func (p *pbParser) atom() (*pbExpr, error) {
	c := p.peek()
	switch {
	case c == '(':
		p.pos++
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		if p.peek() != ')' {
			return nil, fmt.Errorf("missing ) at %d", p.pos)
		}
		p.pos++
		return e, nil
	case c == 'x':
		p.pos++
		return &pbExpr{Op: 'x'}, nil
	case c >= '0' && c <= '9':
		start := p.pos
		for p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
			p.pos++
		}
		n, _ := strconv.Atoi(p.s[start:p.pos])
		return &pbExpr{Op: 'n', N: n}, nil
	}
	return nil, fmt.Errorf("unexpected %q at %d", c, p.pos)
}

// ---- binary search tree ----

type pbBST struct {
	Key  int
	L, R *pbBST
}

func pbBSTInsert(n *pbBST, k int) *pbBST {
	if n == nil {
		return &pbBST{Key: k}
	}
	if k < n.Key {
		n.L = pbBSTInsert(n.L, k)
	} else if k > n.Key {
		n.R = pbBSTInsert(n.R, k)
	}
	return n
}

// pbBSTDelete removes k from the tree.
//
// BUG (planted): with two children, the in-order successor's key is
// copied up but the successor is then deleted from the left subtree,
// where it is not, instead of the right.
func pbBSTDelete(n *pbBST, k int) *pbBST {
	if n == nil {
		return nil
	}
	switch {
	case k < n.Key:
		n.L = pbBSTDelete(n.L, k)
	case k > n.Key:
		n.R = pbBSTDelete(n.R, k)
	default:
		if n.L == nil {
			return n.R
		}
		if n.R == nil {
			return n.L
		}
		s := n.R
		for s.L != nil {
			s = s.L
		}
		n.Key = s.Key
		n.L = pbBSTDelete(n.L, s.Key) // should be n.R
	}
	return n
}

func pbBSTInorder(n *pbBST, out []int) []int {
	if n == nil {
		return out
	}
	out = pbBSTInorder(n.L, out)
	out = append(out, n.Key)
	return pbBSTInorder(n.R, out)
}

// ---- binary heap ----

type pbHeap struct{ h []int }

func (q *pbHeap) Push(x int) {
	q.h = append(q.h, x)
	i := len(q.h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if q.h[p] <= q.h[i] {
			break
		}
		q.h[p], q.h[i] = q.h[i], q.h[p]
		i = p
	}
}

// Pop removes the smallest element.
//
// BUG (planted): sift-down ignores the right child when it is the last
// element of the heap (r < n-1 instead of r < n).
func (q *pbHeap) Pop() int {
	top := q.h[0]
	n := len(q.h) - 1
	q.h[0] = q.h[n]
	q.h = q.h[:n]
	i := 0
	for {
		l, r := 2*i+1, 2*i+2
		if l >= n {
			break
		}
		c := l
		if r < n-1 && q.h[r] < q.h[l] {
			c = r
		}
		if q.h[i] <= q.h[c] {
			break
		}
		q.h[i], q.h[c] = q.h[c], q.h[i]
		i = c
	}
	return top
}

// ---- grids ----

var pbDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// pbFloodCount counts the open cells reachable from (0, 0).
//
// BUG (planted): a cell is marked seen when popped, not when pushed, so
// a cell reachable two ways is pushed (and counted) twice.
func pbFloodCount(wall [][]bool) int {
	h, w := len(wall), len(wall[0])
	if wall[0][0] {
		return 0
	}
	seen := make([][]bool, h)
	for i := range seen {
		seen[i] = make([]bool, w)
	}
	stack := [][2]int{{0, 0}}
	count := 0
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		seen[p[0]][p[1]] = true
		count++
		for _, d := range pbDirs {
			r, c := p[0]+d[0], p[1]+d[1]
			if r >= 0 && c >= 0 && r < h && c < w && !wall[r][c] && !seen[r][c] {
				stack = append(stack, [2]int{r, c})
			}
		}
	}
	return count
}

func pbFloodRef(wall [][]bool) int {
	h, w := len(wall), len(wall[0])
	if wall[0][0] {
		return 0
	}
	seen := map[[2]int]bool{{0, 0}: true}
	queue := [][2]int{{0, 0}}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, d := range pbDirs {
			q := [2]int{p[0] + d[0], p[1] + d[1]}
			if q[0] >= 0 && q[1] >= 0 && q[0] < h && q[1] < w && !wall[q[0]][q[1]] && !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	return len(seen)
}

// pbMinPathSum is the cheapest right/down path's cost from the top-left
// to the bottom-right cell.
//
// BUG (planted): the first column adds the cell above's cost instead of
// the cheapest cost to reach it.
func pbMinPathSum(g [][]int) int {
	h, w := len(g), len(g[0])
	dp := make([][]int, h)
	for i := range dp {
		dp[i] = make([]int, w)
	}
	dp[0][0] = g[0][0]
	for j := 1; j < w; j++ {
		dp[0][j] = dp[0][j-1] + g[0][j]
	}
	for i := 1; i < h; i++ {
		dp[i][0] = g[i-1][0] + g[i][0] // should be dp[i-1][0] + g[i][0]
	}
	for i := 1; i < h; i++ {
		for j := 1; j < w; j++ {
			dp[i][j] = min(dp[i-1][j], dp[i][j-1]) + g[i][j]
		}
	}
	return dp[h-1][w-1]
}

func pbMinPathRef(g [][]int, i, j int) int {
	h, w := len(g), len(g[0])
	if i == h-1 && j == w-1 {
		return g[i][j]
	}
	best := 1 << 30
	if i+1 < h {
		best = min(best, pbMinPathRef(g, i+1, j))
	}
	if j+1 < w {
		best = min(best, pbMinPathRef(g, i, j+1))
	}
	return g[i][j] + best
}

// pbMatMul multiplies an r×k matrix by a k×c one.
//
// BUG (planted): the accumulator is reset per row, not per cell.
func pbMatMul(a, b [][]int) [][]int {
	out := make([][]int, len(a))
	for i := range a {
		out[i] = make([]int, len(b[0]))
		sum := 0
		for j := range b[0] {
			for x := range b {
				sum += a[i][x] * b[x][j]
			}
			out[i][j] = sum
		}
	}
	return out
}

// ---- graphs ----

type pbEdge struct{ A, B int }

// pbComponents counts connected components with union-find.
//
// BUG (planted): union links a itself, not a's root, under b's root.
func pbComponents(n int, edges []pbEdge) int {
	parent := make([]int, n)
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
	for _, e := range edges {
		if find(e.A) != find(e.B) {
			parent[e.A] = find(e.B) // should be parent[find(e.A)]
		}
	}
	roots := 0
	for i := range parent {
		if find(i) == i {
			roots++
		}
	}
	return roots
}

func pbComponentsRef(n int, edges []pbEdge) int {
	adj := make([][]int, n)
	for _, e := range edges {
		adj[e.A] = append(adj[e.A], e.B)
		adj[e.B] = append(adj[e.B], e.A)
	}
	seen := make([]bool, n)
	comps := 0
	for s := range n {
		if seen[s] {
			continue
		}
		comps++
		stack := []int{s}
		seen[s] = true
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
	return comps
}

// pbBipartite 2-colors an undirected graph by BFS.
//
// BUG (planted): the adjacency lists record each edge in one direction
// only.
func pbBipartite(n int, edges []pbEdge) bool {
	adj := make([][]int, n)
	for _, e := range edges {
		adj[e.A] = append(adj[e.A], e.B) // missing adj[e.B] = append(adj[e.B], e.A)
	}
	color := make([]int, n)
	for i := range color {
		color[i] = -1
	}
	for s := range n {
		if color[s] >= 0 {
			continue
		}
		color[s] = 0
		queue := []int{s}
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			for _, v := range adj[u] {
				if color[v] < 0 {
					color[v] = 1 - color[u]
					queue = append(queue, v)
				} else if color[v] == color[u] {
					return false
				}
			}
		}
	}
	return true
}

func pbBipartiteRef(n int, edges []pbEdge) bool {
	for mask := 0; mask < 1<<n; mask++ {
		ok := true
		for _, e := range edges {
			if mask>>e.A&1 == mask>>e.B&1 {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

type pbWEdge struct{ From, To, W int }

const pbInf = 1 << 40

// pbDijkstra computes shortest distances from node 0.
//
// BUG (planted): a node is finalized when first relaxed, not when
// popped, so a later shorter path to it is ignored.
func pbDijkstra(n int, edges []pbWEdge) []int {
	adj := make([][]pbWEdge, n)
	for _, e := range edges {
		adj[e.From] = append(adj[e.From], e)
	}
	dist := make([]int, n)
	for i := range dist {
		dist[i] = pbInf
	}
	dist[0] = 0
	done := make([]bool, n)
	open := []int{0}
	for len(open) > 0 {
		bi := 0
		for i, u := range open {
			if dist[u] < dist[open[bi]] {
				bi = i
			}
		}
		u := open[bi]
		open = slices.Delete(open, bi, bi+1)
		for _, e := range adj[u] {
			if done[e.To] {
				continue
			}
			if nd := dist[u] + e.W; nd < dist[e.To] {
				dist[e.To] = nd
				done[e.To] = true
				open = append(open, e.To)
			}
		}
	}
	return dist
}

func pbBellmanFord(n int, edges []pbWEdge) []int {
	dist := make([]int, n)
	for i := range dist {
		dist[i] = pbInf
	}
	dist[0] = 0
	for range n {
		for _, e := range edges {
			if dist[e.From] < pbInf && dist[e.From]+e.W < dist[e.To] {
				dist[e.To] = dist[e.From] + e.W
			}
		}
	}
	return dist
}

// ---- lists ----

// pbRemoveAt removes the elements at the given indices.
//
// BUG (planted): removing in ascending order shifts the later indices.
func pbRemoveAt(xs []int, idxs []int) []int {
	xs = slices.Clone(xs)
	idxs = slices.Clone(idxs)
	sort.Ints(idxs)
	idxs = slices.Compact(idxs)
	for _, i := range idxs { // should go from the largest down
		if i < len(xs) {
			xs = append(xs[:i], xs[i+1:]...)
		}
	}
	return xs
}

// pbPermute moves a[i] to position p[i], in place, by following cycles.
//
// BUG (planted): the swaps along a cycle move each element to where it
// came from instead, computing a[p[i]]; only cycles of three or more show it.
func pbPermute(a []string, p []int) {
	done := make([]bool, len(a))
	for i := range a {
		if done[i] {
			continue
		}
		j := i
		for {
			done[j] = true
			k := p[j]
			if k == i {
				break
			}
			a[j], a[k] = a[k], a[j]
			j = k
		}
	}
}

// pbUnion merges two sorted slices of distinct elements.
//
// BUG (planted): on equal heads only the first slice advances.
func pbUnion(a, b []int) []int {
	var out []int
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++ // missing j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// pbBinaryInsertionSort sorts a in place, finding each insertion point
// by binary search.
//
// BUG (planted): the search range is [0, i-1) instead of [0, i), so an
// element never stays at its own position.
func pbBinaryInsertionSort(a []int) {
	for i := 1; i < len(a); i++ {
		x := a[i]
		lo, hi := 0, i-1 // should be i
		for lo < hi {
			mid := (lo + hi) / 2
			if a[mid] <= x {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		copy(a[lo+1:i+1], a[lo:i])
		a[lo] = x
	}
}

// pbTranspose transposes a ragged matrix: column j of the result lists
// the j-th elements of the rows that have one.
//
// BUG (planted): the number of columns is taken from the first row.
func pbTranspose(rows [][]int) [][]int {
	if len(rows) == 0 {
		return nil
	}
	cols := len(rows[0]) // should be the longest row's length
	out := make([][]int, cols)
	for _, row := range rows {
		for j, v := range row {
			if j < cols {
				out[j] = append(out[j], v)
			}
		}
	}
	return out
}

// ---- a tiny language ----

// pbStmt is one statement: 'c' x[Dst] = C, 'i' x[Dst] = next input,
// '+' x[Dst] = x[A] + x[B], '*' x[Dst] = x[A] * C, 'p' print x[A],
// 'o' print C (emitted by the optimizer only).
type pbStmt struct {
	Op           byte
	Dst, A, B, C int
}

func (s pbStmt) GoString() string {
	switch s.Op {
	case 'c':
		return fmt.Sprintf("x%d = %d", s.Dst, s.C)
	case 'i':
		return fmt.Sprintf("x%d = input()", s.Dst)
	case '+':
		return fmt.Sprintf("x%d = x%d + x%d", s.Dst, s.A, s.B)
	case '*':
		return fmt.Sprintf("x%d = x%d * %d", s.Dst, s.A, s.C)
	case 'p':
		return fmt.Sprintf("print x%d", s.A)
	case 'o':
		return fmt.Sprintf("print %d", s.C)
	}
	return "?"
}

func pbRun(prog []pbStmt, in []int) []int {
	x := map[int]int{}
	var out []int
	next := 0
	for _, s := range prog {
		switch s.Op {
		case 'c':
			x[s.Dst] = s.C
		case 'i':
			x[s.Dst] = 0
			if next < len(in) {
				x[s.Dst] = in[next]
				next++
			}
		case '+':
			x[s.Dst] = x[s.A] + x[s.B]
		case '*':
			x[s.Dst] = x[s.A] * s.C
		case 'p':
			out = append(out, x[s.A])
		case 'o':
			out = append(out, s.C)
		}
	}
	return out
}

// pbConstProp propagates constants through a program.
//
// BUG (planted): a '*' whose operand is not constant is kept as it is,
// but its destination's old constant is not forgotten.
func pbConstProp(prog []pbStmt) []pbStmt {
	known := map[int]int{}
	var out []pbStmt
	for _, s := range prog {
		switch s.Op {
		case 'c':
			known[s.Dst] = s.C
		case 'i':
			delete(known, s.Dst)
		case '+':
			a, aok := known[s.A]
			b, bok := known[s.B]
			if aok && bok {
				known[s.Dst] = a + b
				s = pbStmt{Op: 'c', Dst: s.Dst, C: a + b}
			} else {
				delete(known, s.Dst)
			}
		case '*':
			if a, ok := known[s.A]; ok {
				known[s.Dst] = a * s.C
				s = pbStmt{Op: 'c', Dst: s.Dst, C: a * s.C}
			} // missing: else delete(known, s.Dst)
		case 'p':
			if a, ok := known[s.A]; ok {
				s = pbStmt{Op: 'o', C: a}
			}
		}
		out = append(out, s)
	}
	return out
}

// ---- structs by reflection ----

type pbServer struct {
	Host string
	Port uint16
	Tags []string
}

func (s *pbServer) GoString() string {
	if s == nil {
		return "nil"
	}
	return fmt.Sprintf("&%#v", *s)
}

type pbConfig struct {
	Name     string
	Servers  []pbServer
	Fallback *pbServer
}

// pbCloneConfig returns a deep copy of c.
//
// BUG (planted): the fallback server is copied but shares its Tags.
func pbCloneConfig(c pbConfig) pbConfig {
	out := c
	out.Servers = make([]pbServer, len(c.Servers))
	for i, s := range c.Servers {
		s.Tags = slices.Clone(s.Tags)
		out.Servers[i] = s
	}
	if c.Fallback != nil {
		fb := *c.Fallback // missing: fb.Tags = slices.Clone(fb.Tags)
		out.Fallback = &fb
	}
	return out
}

// ---- a JSON-like value ----

type pbJSON struct {
	Kind   byte // 'n' null, 'b' bool, 'i' int, 's' string, 'a' array, 'o' object
	B      bool
	I      int
	S      string
	Items  []pbJSON
	Fields []pbField
}

type pbField struct {
	K string
	V pbJSON
}

func pbJSONEqual(a, b pbJSON) bool {
	if a.Kind != b.Kind || a.B != b.B || a.I != b.I || a.S != b.S ||
		len(a.Items) != len(b.Items) || len(a.Fields) != len(b.Fields) {
		return false
	}
	for i := range a.Items {
		if !pbJSONEqual(a.Items[i], b.Items[i]) {
			return false
		}
	}
	for i := range a.Fields {
		if a.Fields[i].K != b.Fields[i].K || !pbJSONEqual(a.Fields[i].V, b.Fields[i].V) {
			return false
		}
	}
	return true
}

func pbQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// pbEncode writes v as JSON text.
//
// BUG (planted): object keys are written between quotes unescaped.
func pbEncode(b *strings.Builder, v pbJSON) {
	switch v.Kind {
	case 'n':
		b.WriteString("null")
	case 'b':
		b.WriteString(strconv.FormatBool(v.B))
	case 'i':
		b.WriteString(strconv.Itoa(v.I))
	case 's':
		b.WriteString(pbQuote(v.S))
	case 'a':
		b.WriteByte('[')
		for i, it := range v.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			pbEncode(b, it)
		}
		b.WriteByte(']')
	case 'o':
		b.WriteByte('{')
		for i, f := range v.Fields {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"` + f.K + `"`) // should be pbQuote(f.K)
			b.WriteByte(':')
			pbEncode(b, f.V)
		}
		b.WriteByte('}')
	}
}

type pbDecoder struct {
	s   string
	pos int
}

func (d *pbDecoder) errorf(format string, args ...any) error {
	return fmt.Errorf("at %d: %s", d.pos, fmt.Sprintf(format, args...))
}

func (d *pbDecoder) str() (string, error) {
	if d.pos >= len(d.s) || d.s[d.pos] != '"' {
		return "", d.errorf("want string")
	}
	d.pos++
	var b strings.Builder
	for d.pos < len(d.s) {
		c := d.s[d.pos]
		d.pos++
		switch c {
		case '"':
			return b.String(), nil
		case '\\':
			if d.pos >= len(d.s) {
				return "", d.errorf("unterminated escape")
			}
			b.WriteByte(d.s[d.pos])
			d.pos++
		default:
			b.WriteByte(c)
		}
	}
	return "", d.errorf("unterminated string")
}

func (d *pbDecoder) value() (pbJSON, error) {
	if d.pos >= len(d.s) {
		return pbJSON{}, d.errorf("unexpected end")
	}
	switch c := d.s[d.pos]; {
	case strings.HasPrefix(d.s[d.pos:], "null"):
		d.pos += 4
		return pbJSON{Kind: 'n'}, nil
	case strings.HasPrefix(d.s[d.pos:], "true"):
		d.pos += 4
		return pbJSON{Kind: 'b', B: true}, nil
	case strings.HasPrefix(d.s[d.pos:], "false"):
		d.pos += 5
		return pbJSON{Kind: 'b'}, nil
	case c == '-' || c >= '0' && c <= '9':
		start := d.pos
		d.pos++
		for d.pos < len(d.s) && d.s[d.pos] >= '0' && d.s[d.pos] <= '9' {
			d.pos++
		}
		n, err := strconv.Atoi(d.s[start:d.pos])
		return pbJSON{Kind: 'i', I: n}, err
	case c == '"':
		s, err := d.str()
		return pbJSON{Kind: 's', S: s}, err
	case c == '[':
		d.pos++
		v := pbJSON{Kind: 'a'}
		for d.pos < len(d.s) && d.s[d.pos] != ']' {
			if len(v.Items) > 0 {
				if d.s[d.pos] != ',' {
					return v, d.errorf("want ,")
				}
				d.pos++
			}
			it, err := d.value()
			if err != nil {
				return v, err
			}
			v.Items = append(v.Items, it)
		}
		if d.pos >= len(d.s) {
			return v, d.errorf("unterminated array")
		}
		d.pos++
		return v, nil
	case c == '{':
		d.pos++
		v := pbJSON{Kind: 'o'}
		for d.pos < len(d.s) && d.s[d.pos] != '}' {
			if len(v.Fields) > 0 {
				if d.s[d.pos] != ',' {
					return v, d.errorf("want ,")
				}
				d.pos++
			}
			k, err := d.str()
			if err != nil {
				return v, err
			}
			if d.pos >= len(d.s) || d.s[d.pos] != ':' {
				return v, d.errorf("want :")
			}
			d.pos++
			fv, err := d.value()
			if err != nil {
				return v, err
			}
			v.Fields = append(v.Fields, pbField{k, fv})
		}
		if d.pos >= len(d.s) {
			return v, d.errorf("unterminated object")
		}
		d.pos++
		return v, nil
	}
	return pbJSON{}, d.errorf("unexpected %q", d.s[d.pos])
}

// ---- tree shapes ----

type pbTree struct{ L, R *pbTree }

func (n *pbTree) GoString() string {
	if n == nil {
		return "nil"
	}
	if n.L == nil && n.R == nil {
		return "&T{}"
	}
	return "&T{" + n.L.GoString() + ", " + n.R.GoString() + "}"
}

func pbHeight(n *pbTree) int {
	if n == nil {
		return 0
	}
	return 1 + max(pbHeight(n.L), pbHeight(n.R))
}

// pbDiameter is the number of edges on the longest path between two
// nodes.
//
// BUG (planted): it only considers paths through the root.
func pbDiameter(n *pbTree) int {
	if n == nil {
		return 0
	}
	return pbHeight(n.L) + pbHeight(n.R)
}

func pbDiameterRef(n *pbTree) int {
	if n == nil {
		return 0
	}
	return max(pbHeight(n.L)+pbHeight(n.R), pbDiameterRef(n.L), pbDiameterRef(n.R))
}

// ---- the problems ----

func probesB() []probe {
	lit := func(n int) *pbExpr { return &pbExpr{Op: 'n', N: n} }
	varX := &pbExpr{Op: 'x'}

	type exprX struct {
		E *pbExpr
		X int
	}

	// simplifyGen: Recursive with leaves literal or x.
	simplifyGen := fuzzsrc.Recursive(
		fuzzsrc.OneOf(fuzzsrc.Map(fuzzsrc.IntRange(-3, 3), lit), fuzzsrc.Just(varX)),
		func(sub fuzzsrc.Generator[*pbExpr]) fuzzsrc.Generator[*pbExpr] {
			return fuzzsrc.Custom(func(t *fuzzsrc.T) *pbExpr {
				op := fuzzsrc.SampledFrom([]byte("+-*")).Draw(t, "op")
				l := sub.Draw(t, "l")
				r := sub.Draw(t, "r")
				return &pbExpr{Op: op, L: l, R: r}
			})
		}, 4)

	// printGen: a hand-written recursive Custom generator with a depth bound.
	var printGen func(depth int) fuzzsrc.Generator[*pbExpr]
	printGen = func(depth int) fuzzsrc.Generator[*pbExpr] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) *pbExpr {
			if depth == 0 || !fuzzsrc.Bool().Draw(t, "node") {
				if fuzzsrc.Bool().Draw(t, "var") {
					return varX
				}
				return lit(fuzzsrc.IntRange(0, 9).Draw(t, "lit"))
			}
			op := fuzzsrc.SampledFrom([]byte("+-*")).Draw(t, "op")
			l := printGen(depth-1).Draw(t, "l")
			r := printGen(depth-1).Draw(t, "r")
			return &pbExpr{Op: op, L: l, R: r}
		})
	}

	type graph struct {
		N     int
		Edges []pbEdge
	}
	graphGen := func(maxN int) fuzzsrc.Generator[graph] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) graph {
			n := fuzzsrc.IntRange(1, maxN).Draw(t, "n")
			node := fuzzsrc.IntRange(0, n-1)
			edge := fuzzsrc.Custom(func(t *fuzzsrc.T) pbEdge {
				return pbEdge{node.Draw(t, "a"), node.Draw(t, "b")}
			})
			return graph{n, fuzzsrc.SliceOfSize(edge, fuzzsrc.Size{Max: 12}).Draw(t, "edges")}
		})
	}

	var jsonGen fuzzsrc.Generator[pbJSON]
	jsonGen = fuzzsrc.Deferred(func() fuzzsrc.Generator[pbJSON] {
		field := fuzzsrc.Custom(func(t *fuzzsrc.T) pbField {
			k := fuzzsrc.String().Draw(t, "key")
			return pbField{k, jsonGen.Draw(t, "value")}
		})
		return fuzzsrc.OneOf(
			fuzzsrc.Just(pbJSON{Kind: 'n'}),
			fuzzsrc.Map(fuzzsrc.Bool(), func(b bool) pbJSON { return pbJSON{Kind: 'b', B: b} }),
			fuzzsrc.Map(fuzzsrc.IntRange(-1000, 1000), func(i int) pbJSON { return pbJSON{Kind: 'i', I: i} }),
			fuzzsrc.Map(fuzzsrc.String(), func(s string) pbJSON { return pbJSON{Kind: 's', S: s} }),
			fuzzsrc.Map(fuzzsrc.SliceOfSize(jsonGen, fuzzsrc.Size{Max: 4}), func(it []pbJSON) pbJSON { return pbJSON{Kind: 'a', Items: it} }),
			fuzzsrc.Map(fuzzsrc.SliceOfSize(field, fuzzsrc.Size{Max: 4}), func(fs []pbField) pbJSON { return pbJSON{Kind: 'o', Fields: fs} }),
		)
	})

	treeGen := fuzzsrc.Recursive(fuzzsrc.Just[*pbTree](nil), func(sub fuzzsrc.Generator[*pbTree]) fuzzsrc.Generator[*pbTree] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) *pbTree {
			l := sub.Draw(t, "l")
			r := sub.Draw(t, "r")
			return &pbTree{l, r}
		})
	}, 8)

	return []probe{
		{
			name: "b interval merge",
			draw: func(t *fuzzsrc.T) any {
				iv := fuzzsrc.Custom(func(t *fuzzsrc.T) pbInterval {
					lo := fuzzsrc.IntRange(0, 20).Draw(t, "lo")
					return pbInterval{lo, lo + fuzzsrc.IntRange(0, 5).Draw(t, "len")}
				})
				return fuzzsrc.SliceOfSize(iv, fuzzsrc.Size{Max: 10}).Draw(t, "intervals")
			},
			fails: func(v any) bool {
				in := v.([]pbInterval)
				want := map[int]bool{}
				for _, iv := range in {
					for x := iv.Lo; x <= iv.Hi; x++ {
						want[x] = true
					}
				}
				got := map[int]bool{}
				out := pbMergeIntervals(in)
				for i, iv := range out {
					if i > 0 && iv.Lo <= out[i-1].Hi {
						return true // overlapping output
					}
					for x := iv.Lo; x <= iv.Hi; x++ {
						got[x] = true
					}
				}
				return len(got) != len(want) || !func() bool {
					for x := range want {
						if !got[x] {
							return false
						}
					}
					return true
				}()
			},
		},
		{
			name: "b expr simplify",
			draw: func(t *fuzzsrc.T) any {
				e := simplifyGen.Draw(t, "e")
				return exprX{e, fuzzsrc.IntRange(-10, 10).Draw(t, "x")}
			},
			fails: func(v any) bool {
				ex := v.(exprX)
				return pbEval(pbSimplify(ex.E), ex.X) != pbEval(ex.E, ex.X)
			},
		},
		{
			name: "b expr print parse",
			draw: func(t *fuzzsrc.T) any {
				e := printGen(4).Draw(t, "e")
				return exprX{e, fuzzsrc.IntRange(-10, 10).Draw(t, "x")}
			},
			fails: func(v any) bool {
				ex := v.(exprX)
				p := &pbParser{s: pbPrint(ex.E)}
				got, err := p.expr()
				if err != nil || p.pos != len(p.s) {
					return true
				}
				return pbEval(got, ex.X) != pbEval(ex.E, ex.X)
			},
		},
		{
			name: "b bst delete",
			draw: func(t *fuzzsrc.T) any {
				keys := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 30), 1, 15).Draw(t, "keys")
				del := keys[fuzzsrc.IntRange(0, len(keys)-1).Draw(t, "which")]
				return struct {
					Keys []int
					Del  int
				}{keys, del}
			},
			fails: func(v any) bool {
				kd := v.(struct {
					Keys []int
					Del  int
				})
				var root *pbBST
				want := map[int]bool{}
				for _, k := range kd.Keys {
					root = pbBSTInsert(root, k)
					want[k] = true
				}
				delete(want, kd.Del)
				root = pbBSTDelete(root, kd.Del)
				got := pbBSTInorder(root, nil)
				wantSorted := make([]int, 0, len(want))
				for k := range want {
					wantSorted = append(wantSorted, k)
				}
				slices.Sort(wantSorted)
				return !slices.Equal(got, wantSorted)
			},
		},
		{
			name: "b heap pop order",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOfSize(fuzzsrc.IntRange(0, 99), fuzzsrc.Size{Max: 20}).Draw(t, "xs")
			},
			fails: func(v any) bool {
				xs := v.([]int)
				var q pbHeap
				for _, x := range xs {
					q.Push(x)
				}
				var got []int
				for len(q.h) > 0 {
					got = append(got, q.Pop())
				}
				return !slices.IsSorted(got)
			},
		},
		{
			name: "b grid flood fill",
			draw: func(t *fuzzsrc.T) any {
				h := fuzzsrc.IntRange(1, 5).Draw(t, "h")
				w := fuzzsrc.IntRange(1, 5).Draw(t, "w")
				wall := make([][]bool, h)
				for i := range wall {
					wall[i] = make([]bool, w)
					for j := range wall[i] {
						wall[i][j] = fuzzsrc.Bool().Draw(t, "wall")
					}
				}
				return wall
			},
			fails: func(v any) bool {
				wall := v.([][]bool)
				return pbFloodCount(wall) != pbFloodRef(wall)
			},
		},
		{
			name: "b grid min path",
			draw: func(t *fuzzsrc.T) any {
				h := fuzzsrc.IntRange(1, 4).Draw(t, "h")
				w := fuzzsrc.IntRange(1, 4).Draw(t, "w")
				g := make([][]int, h)
				for i := range g {
					g[i] = fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), w, w).Draw(t, "row")
				}
				return g
			},
			fails: func(v any) bool {
				g := v.([][]int)
				return pbMinPathSum(g) != pbMinPathRef(g, 0, 0)
			},
		},
		{
			name: "b matrix multiply",
			draw: func(t *fuzzsrc.T) any {
				r := fuzzsrc.IntRange(1, 3).Draw(t, "r")
				k := fuzzsrc.IntRange(1, 3).Draw(t, "k")
				c := fuzzsrc.IntRange(1, 3).Draw(t, "c")
				cell := fuzzsrc.IntRange(-3, 3)
				mat := func(rows, cols int, label string) [][]int {
					m := make([][]int, rows)
					for i := range m {
						m[i] = make([]int, cols)
						for j := range m[i] {
							m[i][j] = cell.Draw(t, label)
						}
					}
					return m
				}
				return [2][][]int{mat(r, k, "a"), mat(k, c, "b")}
			},
			fails: func(v any) bool {
				ab := v.([2][][]int)
				a, b := ab[0], ab[1]
				got := pbMatMul(a, b)
				for i := range a {
					for j := range b[0] {
						want := 0
						for x := range b {
							want += a[i][x] * b[x][j]
						}
						if got[i][j] != want {
							return true
						}
					}
				}
				return false
			},
		},
		{
			name: "b union find components",
			draw: func(t *fuzzsrc.T) any { return graphGen(8).Draw(t, "graph") },
			fails: func(v any) bool {
				g := v.(graph)
				return pbComponents(g.N, g.Edges) != pbComponentsRef(g.N, g.Edges)
			},
		},
		{
			name: "b graph bipartite",
			draw: func(t *fuzzsrc.T) any { return graphGen(7).Draw(t, "graph") },
			fails: func(v any) bool {
				g := v.(graph)
				return pbBipartite(g.N, g.Edges) != pbBipartiteRef(g.N, g.Edges)
			},
		},
		{
			name: "b dijkstra",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(2, 6).Draw(t, "n")
				node := fuzzsrc.IntRange(0, n-1)
				edge := fuzzsrc.Custom(func(t *fuzzsrc.T) pbWEdge {
					from := node.Draw(t, "from")
					to := node.Draw(t, "to")
					return pbWEdge{from, to, fuzzsrc.IntRange(0, 9).Draw(t, "w")}
				})
				return struct {
					N     int
					Edges []pbWEdge
				}{n, fuzzsrc.SliceOfSize(edge, fuzzsrc.Size{Max: 15}).Draw(t, "edges")}
			},
			fails: func(v any) bool {
				g := v.(struct {
					N     int
					Edges []pbWEdge
				})
				return !slices.Equal(pbDijkstra(g.N, g.Edges), pbBellmanFord(g.N, g.Edges))
			},
		},
		{
			name: "b remove indices",
			draw: func(t *fuzzsrc.T) any {
				xs := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), 1, 8).Draw(t, "xs")
				idxs := fuzzsrc.SliceOfSize(fuzzsrc.IntRange(0, len(xs)-1), fuzzsrc.Size{Max: 8}).Draw(t, "idxs")
				return [2][]int{xs, idxs}
			},
			fails: func(v any) bool {
				xi := v.([2][]int)
				drop := map[int]bool{}
				for _, i := range xi[1] {
					drop[i] = true
				}
				var want []int
				for i, x := range xi[0] {
					if !drop[i] {
						want = append(want, x)
					}
				}
				return !slices.Equal(pbRemoveAt(xi[0], xi[1]), want)
			},
		},
		{
			name: "b const prop interpreter",
			draw: func(t *fuzzsrc.T) any {
				nvars := 0
				stmt := fuzzsrc.Custom(func(t *fuzzsrc.T) pbStmt {
					var s pbStmt
					if nvars == 0 {
						s.Op = "ci"[fuzzsrc.IntRange(0, 1).Draw(t, "op")]
					} else {
						s.Op = "ci+*p"[fuzzsrc.IntRange(0, 4).Draw(t, "op")]
					}
					switch s.Op {
					case 'c', 'i', '+', '*':
						s.Dst = fuzzsrc.IntRange(0, nvars).Draw(t, "dst")
					}
					switch s.Op {
					case '+', '*', 'p':
						s.A = fuzzsrc.IntRange(0, nvars-1).Draw(t, "a")
					}
					switch s.Op {
					case '+':
						s.B = fuzzsrc.IntRange(0, nvars-1).Draw(t, "b")
					case 'c', '*':
						s.C = fuzzsrc.IntRange(0, 9).Draw(t, "c")
					}
					if s.Op != 'p' && s.Dst == nvars {
						nvars++
					}
					return s
				})
				prog := fuzzsrc.SliceOfSize(stmt, fuzzsrc.Size{Max: 12}).Draw(t, "prog")
				in := fuzzsrc.SliceOfSize(fuzzsrc.IntRange(0, 9), fuzzsrc.Size{Max: 4}).Draw(t, "input")
				return struct {
					Prog  []pbStmt
					Input []int
				}{prog, in}
			},
			fails: func(v any) bool {
				pi := v.(struct {
					Prog  []pbStmt
					Input []int
				})
				return !slices.Equal(pbRun(pbConstProp(pi.Prog), pi.Input), pbRun(pi.Prog, pi.Input))
			},
		},
		{
			name: "b permute in place",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(1, 7).Draw(t, "n")
				ids := make([]int, n)
				for i := range ids {
					ids[i] = i
				}
				return fuzzsrc.Permutation(ids).Draw(t, "p")
			},
			fails: func(v any) bool {
				p := v.([]int)
				a := make([]string, len(p))
				want := make([]string, len(p))
				for i := range a {
					a[i] = string(rune('a' + i))
				}
				for i := range a {
					want[p[i]] = a[i]
				}
				pbPermute(a, p)
				return !slices.Equal(a, want)
			},
		},
		{
			name: "b sorted union distinct",
			draw: func(t *fuzzsrc.T) any {
				set := fuzzsrc.SliceOfDistinct(fuzzsrc.IntRange(0, 20), fuzzsrc.Size{Max: 8})
				a := set.Draw(t, "a")
				b := set.Draw(t, "b")
				return [2][]int{a, b}
			},
			fails: func(v any) bool {
				ab := v.([2][]int)
				a, b := slices.Sorted(slices.Values(ab[0])), slices.Sorted(slices.Values(ab[1]))
				want := slices.Compact(slices.Sorted(slices.Values(slices.Concat(a, b))))
				return !slices.Equal(pbUnion(a, b), want)
			},
		},
		{
			name: "b binary insertion sort",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOfSize(fuzzsrc.IntRange(-50, 50), fuzzsrc.Size{Max: 12}).Draw(t, "xs")
			},
			fails: func(v any) bool {
				xs := slices.Clone(v.([]int))
				pbBinaryInsertionSort(xs)
				return !slices.IsSorted(xs)
			},
		},
		{
			name: "b ragged transpose",
			draw: func(t *fuzzsrc.T) any {
				row := fuzzsrc.SliceOfSize(fuzzsrc.IntRange(0, 9), fuzzsrc.Size{Max: 5})
				return fuzzsrc.SliceOfSize(row, fuzzsrc.Size{Max: 5}).Draw(t, "rows")
			},
			fails: func(v any) bool {
				rows := v.([][]int)
				out := pbTranspose(rows)
				// Transposing back must give the rows again.
				back := make([][]int, len(rows))
				next := make([]int, len(out))
				for i, row := range rows {
					for j := range row {
						if j >= len(out) || next[j] >= len(out[j]) {
							return true
						}
						back[i] = append(back[i], out[j][next[j]])
						next[j]++
					}
				}
				for i := range rows {
					if !slices.Equal(back[i], rows[i]) {
						return true
					}
				}
				return false
			},
		},
		{
			name: "b config clone",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Make[pbConfig]().Draw(t, "config") },
			fails: func(v any) bool {
				c := v.(pbConfig)
				before, _ := json.Marshal(c)
				d := pbCloneConfig(c)
				d.Name += "!"
				for i := range d.Servers {
					d.Servers[i].Host += "!"
					for j := range d.Servers[i].Tags {
						d.Servers[i].Tags[j] += "!"
					}
				}
				if d.Fallback != nil {
					d.Fallback.Host += "!"
					for j := range d.Fallback.Tags {
						d.Fallback.Tags[j] += "!"
					}
				}
				after, _ := json.Marshal(c)
				return string(before) != string(after)
			},
		},
		{
			name: "b json roundtrip",
			draw: func(t *fuzzsrc.T) any { return jsonGen.Draw(t, "v") },
			fails: func(v any) bool {
				val := v.(pbJSON)
				var b strings.Builder
				pbEncode(&b, val)
				d := &pbDecoder{s: b.String()}
				got, err := d.value()
				if err != nil || d.pos != len(d.s) {
					return true
				}
				return !pbJSONEqual(got, val)
			},
		},
		{
			name: "b tree diameter",
			draw: func(t *fuzzsrc.T) any { return treeGen.Draw(t, "tree") },
			fails: func(v any) bool {
				n := v.(*pbTree)
				return pbDiameter(n) != pbDiameterRef(n)
			},
		},
	}
}
