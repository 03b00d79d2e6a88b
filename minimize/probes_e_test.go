//go:build probes

package minimize_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// Structures, state and programs: caches, tries, file trees, clocks,
// replicated counters, type checkers, stack machines and graph
// algorithms, each with a planted bug and checked the way a user would
// check it (against a simple model, or an invariant).

// peTrace is what a stateful draw returns: the calls made, and the first
// disagreement with the model (empty if none).
type peTrace struct {
	Calls []string
	Bad   string
}

func (tr *peTrace) call(format string, args ...any) {
	tr.Calls = append(tr.Calls, fmt.Sprintf(format, args...))
}

func (tr *peTrace) fail(format string, args ...any) {
	if tr.Bad == "" {
		tr.Bad = fmt.Sprintf(format, args...)
	}
}

func peTraceFails(v any) bool { return v.(*peTrace).Bad != "" }

// ---- LFU cache: an evicted key keeps its use count ----

// peLFU evicts the least frequently used key, the least recently used
// among ties. Bug: eviction forgets the key's count, so a key that comes
// back starts where it left off instead of at 1.
type peLFU struct {
	cap   int
	clock int
	vals  map[int]int
	freq  map[int]int
	last  map[int]int
}

func newPeLFU(c int) *peLFU {
	return &peLFU{cap: c, vals: map[int]int{}, freq: map[int]int{}, last: map[int]int{}}
}

func (c *peLFU) use(k int) {
	c.freq[k]++
	c.last[k] = c.clock
	c.clock++
}

func (c *peLFU) Put(k, v int) {
	if _, ok := c.vals[k]; !ok && len(c.vals) == c.cap {
		victim, first := 0, true
		for x := range c.vals {
			if first || c.freq[x] < c.freq[victim] || (c.freq[x] == c.freq[victim] && c.last[x] < c.last[victim]) {
				victim, first = x, false
			}
		}
		delete(c.vals, victim)
		delete(c.last, victim) // bug: freq[victim] stays
	}
	c.vals[k] = v
	c.use(k)
}

func (c *peLFU) Get(k int) (int, bool) {
	v, ok := c.vals[k]
	if ok {
		c.use(k)
	}
	return v, ok
}

func (c *peLFU) Keys() []int { return slices.Sorted(maps.Keys(c.vals)) }

// peLFUEntry is the model's record of one held key.
type peLFUEntry struct{ k, v, f, t int }

func peLFUDraw(t *fuzzsrc.T) any {
	tr := &peTrace{}
	c := newPeLFU(2)
	var model []peLFUEntry // held keys, in no order
	clock := 0
	find := func(k int) int {
		return slices.IndexFunc(model, func(e peLFUEntry) bool { return e.k == k })
	}
	key, val := fuzzsrc.IntRange(0, 3), fuzzsrc.IntRange(0, 9)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Put", Run: func(t *fuzzsrc.T) {
				k, v := key.Draw(t, "k"), val.Draw(t, "v")
				tr.call("Put(%d, %d)", k, v)
				c.Put(k, v)
				if i := find(k); i >= 0 {
					model[i].v, model[i].f, model[i].t = v, model[i].f+1, clock
				} else {
					if len(model) == 2 {
						j := 0
						for i, e := range model {
							if e.f < model[j].f || (e.f == model[j].f && e.t < model[j].t) {
								j = i
							}
						}
						model = slices.Delete(model, j, j+1)
					}
					model = append(model, peLFUEntry{k, v, 1, clock})
				}
				clock++
			}},
			{Name: "Get", Run: func(t *fuzzsrc.T) {
				k := key.Draw(t, "k")
				tr.call("Get(%d)", k)
				got, ok := c.Get(k)
				want, wantOK := 0, false
				if i := find(k); i >= 0 {
					want, wantOK = model[i].v, true
					model[i].f++
					model[i].t = clock
					clock++
				}
				if got != want || ok != wantOK {
					tr.fail("Get(%d) = %d, %v; want %d, %v", k, got, ok, want, wantOK)
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			var want []int
			for _, e := range model {
				want = append(want, e.k)
			}
			slices.Sort(want)
			if got := c.Keys(); !slices.Equal(got, want) {
				tr.fail("Keys() = %v, want %v", got, want)
			}
		},
	})
	return tr
}

// ---- trie: Delete prunes a node that ends another word ----

type peTrieNode struct {
	kids map[rune]*peTrieNode
	end  bool
}

type peTrie struct{ root peTrieNode }

func (tr *peTrie) Insert(w string) {
	n := &tr.root
	for _, r := range w {
		if n.kids == nil {
			n.kids = map[rune]*peTrieNode{}
		}
		if n.kids[r] == nil {
			n.kids[r] = &peTrieNode{}
		}
		n = n.kids[r]
	}
	n.end = true
}

func (tr *peTrie) Has(w string) bool {
	n := &tr.root
	for _, r := range w {
		if n = n.kids[r]; n == nil {
			return false
		}
	}
	return n.end
}

// Delete unmarks w and prunes the nodes left without use. Bug: pruning
// climbs past a node that ends a shorter word.
func (tr *peTrie) Delete(w string) {
	rs := []rune(w)
	path := []*peTrieNode{&tr.root}
	for _, r := range rs {
		n := path[len(path)-1].kids[r]
		if n == nil {
			return
		}
		path = append(path, n)
	}
	last := path[len(path)-1]
	if !last.end {
		return
	}
	last.end = false
	for i := len(rs) - 1; i >= 0; i-- {
		child := path[i+1]
		if len(child.kids) > 0 { // bug: should also stop at child.end
			break
		}
		delete(path[i].kids, rs[i])
	}
}

func (tr *peTrie) Count() int {
	var count func(n *peTrieNode) int
	count = func(n *peTrieNode) int {
		c := 0
		if n.end {
			c++
		}
		for _, k := range n.kids {
			c += count(k)
		}
		return c
	}
	return count(&tr.root)
}

func peTrieDraw(t *fuzzsrc.T) any {
	tr := &peTrace{}
	trie := &peTrie{}
	model := map[string]bool{}
	words := fuzzsrc.NewPool[string]("w")
	word := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("ab"), 0, 4)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Insert", Run: func(t *fuzzsrc.T) {
				w := word.Draw(t, "w")
				tr.call("Insert(%q)", w)
				trie.Insert(w)
				model[w] = true
				words.Add(t, w)
			}},
			{Name: "Delete", Run: func(t *fuzzsrc.T) {
				w := words.Draw(t, "w")
				tr.call("Delete(%q)", w)
				trie.Delete(w)
				delete(model, w)
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			for w := range model {
				if !trie.Has(w) {
					tr.fail("Has(%q) = false after %v", w, tr.Calls)
				}
			}
			if got := trie.Count(); got != len(model) {
				tr.fail("Count() = %d, want %d", got, len(model))
			}
		},
	})
	return tr
}

// ---- file tree: mv refuses a sibling whose name extends the source ----

// peFS is a directory tree kept as a set of absolute paths ("/" is
// implicit).
type peFS struct{ dirs map[string]bool }

func peJoin(dir, name string) string {
	if dir == "/" {
		return "/" + name
	}
	return dir + "/" + name
}

func (fs *peFS) exists(p string) bool { return p == "/" || fs.dirs[p] }

func (fs *peFS) Mkdir(parent, name string) error {
	p := peJoin(parent, name)
	if !fs.exists(parent) || fs.exists(p) {
		return fmt.Errorf("mkdir %s: cannot", p)
	}
	fs.dirs[p] = true
	return nil
}

func (fs *peFS) Rm(p string) error {
	if p == "/" || !fs.exists(p) {
		return fmt.Errorf("rm %s: cannot", p)
	}
	for d := range fs.dirs {
		if d == p || strings.HasPrefix(d, p+"/") {
			delete(fs.dirs, d)
		}
	}
	return nil
}

// Mv moves directory src into directory dst. Bug: the check that dst is
// not inside src compares strings without the separator, so /a cannot
// move into /ab.
func (fs *peFS) Mv(src, dst string) error {
	if src == "/" || !fs.exists(src) || !fs.exists(dst) {
		return fmt.Errorf("mv %s %s: no such directory", src, dst)
	}
	if strings.HasPrefix(dst, src) { // bug: dst == src || HasPrefix(dst, src+"/")
		return fmt.Errorf("mv %s %s: into itself", src, dst)
	}
	base := src[strings.LastIndex(src, "/")+1:]
	to := peJoin(dst, base)
	if fs.exists(to) {
		return fmt.Errorf("mv %s %s: exists", src, dst)
	}
	moved := map[string]bool{}
	for d := range fs.dirs {
		if d == src || strings.HasPrefix(d, src+"/") {
			delete(fs.dirs, d)
			moved[to+d[len(src):]] = true
		}
	}
	maps.Copy(fs.dirs, moved)
	return nil
}

// peDir is the model: a tree of nodes.
type peDir struct {
	name   string
	parent *peDir
	kids   map[string]*peDir
}

func (d *peDir) lookup(p string) *peDir {
	if p == "/" {
		return d
	}
	for _, part := range strings.Split(p[1:], "/") {
		if d = d.kids[part]; d == nil {
			return nil
		}
	}
	return d
}

func (d *peDir) paths(prefix string, out []string) []string {
	for _, name := range slices.Sorted(maps.Keys(d.kids)) {
		p := peJoin(prefix, name)
		out = d.kids[name].paths(p, append(out, p))
	}
	return out
}

func peFSDraw(t *fuzzsrc.T) any {
	tr := &peTrace{}
	fs := &peFS{dirs: map[string]bool{}}
	root := &peDir{kids: map[string]*peDir{}}
	dirs := fuzzsrc.NewPool[string]("d")
	dirs.Add(t, "/")
	name := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("ab"), 1, 2)
	check := func(op string, err error, ok bool) {
		if (err == nil) != ok {
			tr.fail("%s: error %v, model says ok=%v", op, err, ok)
		}
	}
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Mkdir", Run: func(t *fuzzsrc.T) {
				parent, n := dirs.Draw(t, "parent"), name.Draw(t, "name")
				op := fmt.Sprintf("Mkdir(%s, %s)", parent, n)
				tr.call("%s", op)
				err := fs.Mkdir(parent, n)
				pd := root.lookup(parent)
				ok := pd != nil && pd.kids[n] == nil
				if ok {
					pd.kids[n] = &peDir{name: n, parent: pd, kids: map[string]*peDir{}}
				}
				check(op, err, ok)
				dirs.Add(t, peJoin(parent, n))
			}},
			{Name: "Rm", Run: func(t *fuzzsrc.T) {
				p := dirs.Draw(t, "p")
				op := fmt.Sprintf("Rm(%s)", p)
				tr.call("%s", op)
				err := fs.Rm(p)
				d := root.lookup(p)
				ok := d != nil && d != root
				if ok {
					delete(d.parent.kids, d.name)
				}
				check(op, err, ok)
			}},
			{Name: "Mv", Run: func(t *fuzzsrc.T) {
				src, dst := dirs.Draw(t, "src"), dirs.Draw(t, "dst")
				op := fmt.Sprintf("Mv(%s, %s)", src, dst)
				tr.call("%s", op)
				err := fs.Mv(src, dst)
				s, d := root.lookup(src), root.lookup(dst)
				ok := s != nil && d != nil && s != root
				for a := d; ok && a != nil; a = a.parent {
					if a == s {
						ok = false
					}
				}
				if ok && d.kids[s.name] != nil {
					ok = false
				}
				if ok {
					delete(s.parent.kids, s.name)
					s.parent = d
					d.kids[s.name] = s
				}
				check(op, err, ok)
				if ok {
					dirs.Add(t, peJoin(dst, s.name))
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			want := root.paths("/", nil)
			slices.Sort(want)
			got := slices.Sorted(maps.Keys(fs.dirs))
			if !slices.Equal(got, want) {
				tr.fail("tree %v, want %v", got, want)
			}
		},
	})
	return tr
}

// ---- sliding window limiter: an event exactly a window old still counts ----

const (
	peWindow = 10
	peLimit  = 2
)

// peLimiter allows at most peLimit events in any window of peWindow
// ticks: (now-peWindow, now]. Bug: it expires only events strictly older
// than now-peWindow.
type peLimiter struct {
	now int
	log []int
}

func (l *peLimiter) Advance(d int) { l.now += d }

func (l *peLimiter) Allow() bool {
	for len(l.log) > 0 && l.log[0] < l.now-peWindow { // bug: <=
		l.log = l.log[1:]
	}
	if len(l.log) < peLimit {
		l.log = append(l.log, l.now)
		return true
	}
	return false
}

func peLimiterDraw(t *fuzzsrc.T) any {
	tr := &peTrace{}
	l := &peLimiter{}
	now := 0
	var accepted []int // model: every accepted event's time
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "Allow", Run: func(t *fuzzsrc.T) {
			tr.call("Allow()")
			recent := 0
			for _, at := range accepted {
				if at > now-peWindow {
					recent++
				}
			}
			want := recent < peLimit
			if want {
				accepted = append(accepted, now)
			}
			if got := l.Allow(); got != want {
				tr.fail("Allow() at %d = %v, want %v (accepted %v)", now, got, want, accepted)
			}
		}},
		{Name: "Advance", Run: func(t *fuzzsrc.T) {
			d := fuzzsrc.IntRange(0, 15).Draw(t, "d")
			tr.call("Advance(%d)", d)
			l.Advance(d)
			now += d
		}},
	}})
	return tr
}

// ---- undo/redo: a new edit keeps the redo stack ----

type peEdit struct{ reg, old int }

// peHistory is three registers with undo and redo. Bug: Set does not
// clear the redo stack, so Redo after a fresh edit replays an abandoned
// branch.
type peHistory struct {
	regs       [3]int
	undo, redo []peEdit
}

func (h *peHistory) Set(r, v int) {
	h.undo = append(h.undo, peEdit{r, h.regs[r]})
	h.regs[r] = v
	// bug: h.redo = h.redo[:0] missing
}

func (h *peHistory) Undo() {
	if len(h.undo) == 0 {
		return
	}
	e := h.undo[len(h.undo)-1]
	h.undo = h.undo[:len(h.undo)-1]
	h.redo = append(h.redo, peEdit{e.reg, h.regs[e.reg]})
	h.regs[e.reg] = e.old
}

func (h *peHistory) Redo() {
	if len(h.redo) == 0 {
		return
	}
	e := h.redo[len(h.redo)-1]
	h.redo = h.redo[:len(h.redo)-1]
	h.undo = append(h.undo, peEdit{e.reg, h.regs[e.reg]})
	h.regs[e.reg] = e.old
}

func peHistoryDraw(t *fuzzsrc.T) any {
	tr := &peTrace{}
	h := &peHistory{}
	states := [][3]int{{}} // model: every state, and the current one
	cur := 0
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Set", Run: func(t *fuzzsrc.T) {
				r, v := fuzzsrc.IntRange(0, 2).Draw(t, "r"), fuzzsrc.IntRange(0, 9).Draw(t, "v")
				tr.call("Set(%d, %d)", r, v)
				h.Set(r, v)
				s := states[cur]
				s[r] = v
				states = append(states[:cur+1], s)
				cur++
			}},
			{Name: "Undo", Run: func(t *fuzzsrc.T) {
				tr.call("Undo()")
				h.Undo()
				if cur > 0 {
					cur--
				}
			}},
			{Name: "Redo", Run: func(t *fuzzsrc.T) {
				tr.call("Redo()")
				h.Redo()
				if cur < len(states)-1 {
					cur++
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if h.regs != states[cur] {
				tr.fail("registers %v, want %v", h.regs, states[cur])
			}
		},
	})
	return tr
}

// ---- gap buffer: growing leaves the text after the cursor in place ----

// peGap is a gap buffer: text is buf[:lo] + buf[hi:].
type peGap struct {
	buf    []rune
	lo, hi int
}

// grow doubles the buffer. Bug: it copies the text after the gap to the
// old end instead of the new one.
func (g *peGap) grow() {
	nb := make([]rune, 2*len(g.buf))
	copy(nb, g.buf[:g.lo])
	tail := g.buf[g.hi:]
	copy(nb[len(g.buf):], tail) // bug: nb[len(nb)-len(tail):]
	g.hi = len(nb) - len(tail)
	g.buf = nb
}

func (g *peGap) Insert(r rune) {
	if g.lo == g.hi {
		g.grow()
	}
	g.buf[g.lo] = r
	g.lo++
}

func (g *peGap) Left() {
	if g.lo > 0 {
		g.lo--
		g.hi--
		g.buf[g.hi] = g.buf[g.lo]
	}
}

func (g *peGap) Right() {
	if g.hi < len(g.buf) {
		g.buf[g.lo] = g.buf[g.hi]
		g.lo++
		g.hi++
	}
}

func (g *peGap) Backspace() {
	if g.lo > 0 {
		g.lo--
	}
}

func (g *peGap) String() string { return string(g.buf[:g.lo]) + string(g.buf[g.hi:]) }

func peGapDraw(t *fuzzsrc.T) any {
	tr := &peTrace{}
	g := &peGap{buf: make([]rune, 2), hi: 2}
	var text []rune
	cur := 0
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Insert", Run: func(t *fuzzsrc.T) {
				r := fuzzsrc.RuneFrom("ab").Draw(t, "r")
				tr.call("Insert(%q)", r)
				g.Insert(r)
				text = slices.Insert(text, cur, r)
				cur++
			}},
			{Name: "Left", Run: func(t *fuzzsrc.T) {
				tr.call("Left()")
				g.Left()
				cur = max(cur-1, 0)
			}},
			{Name: "Right", Run: func(t *fuzzsrc.T) {
				tr.call("Right()")
				g.Right()
				cur = min(cur+1, len(text))
			}},
			{Name: "Backspace", Run: func(t *fuzzsrc.T) {
				tr.call("Backspace()")
				g.Backspace()
				if cur > 0 {
					text = slices.Delete(text, cur-1, cur)
					cur--
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if got := g.String(); got != string(text) {
				tr.fail("text %q, want %q", got, string(text))
			}
		},
	})
	return tr
}

// ---- PN-counter: merge compares decrements against increments ----

const peReplicas = 3

// pePN is one replica of a PN-counter CRDT: per-replica increment and
// decrement counts, merged by pointwise maximum.
type pePN struct{ p, n [peReplicas]int }

func (c *pePN) Value() int {
	v := 0
	for i := range c.p {
		v += c.p[i] - c.n[i]
	}
	return v
}

// Merge folds o into c. Bug: the decrement maximum compares with the
// increment count (a copy-paste slip).
func (c *pePN) Merge(o *pePN) {
	for i := range c.p {
		if o.p[i] > c.p[i] {
			c.p[i] = o.p[i]
		}
		if o.n[i] > c.p[i] { // bug: c.n[i]
			c.n[i] = o.n[i]
		}
	}
}

func pePNDraw(t *fuzzsrc.T) any {
	tr := &peTrace{}
	var reps [peReplicas]pePN
	// Model: the operations (+1 or -1) and which each replica has seen.
	var ops []int
	var seen [peReplicas]map[int]bool
	for i := range seen {
		seen[i] = map[int]bool{}
	}
	replica := fuzzsrc.IntRange(0, peReplicas-1)
	op := func(name string, d int) fuzzsrc.Action {
		return fuzzsrc.Action{Name: name, Run: func(t *fuzzsrc.T) {
			r := replica.Draw(t, "r")
			tr.call("%s(%d)", name, r)
			if d > 0 {
				reps[r].p[r]++
			} else {
				reps[r].n[r]++
			}
			seen[r][len(ops)] = true
			ops = append(ops, d)
		}}
	}
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			op("Inc", 1),
			op("Dec", -1),
			{Name: "Merge", Run: func(t *fuzzsrc.T) {
				dst, src := replica.Draw(t, "dst"), replica.Draw(t, "src")
				tr.call("Merge(%d, %d)", dst, src)
				reps[dst].Merge(&reps[src])
				maps.Copy(seen[dst], seen[src])
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			for r := range reps {
				want := 0
				for i := range seen[r] {
					want += ops[i]
				}
				if got := reps[r].Value(); got != want {
					tr.fail("replica %d value %d, want %d", r, got, want)
				}
			}
		},
	})
	return tr
}

// ---- counting Bloom filter: removing from a saturated counter ----

const (
	peBloomSlots = 16
	peBloomMax   = 3 // 2-bit counters
)

// peBloom is a counting Bloom filter with two hashes. Bug: Remove
// decrements saturated counters, whose true count is unknown, so an item
// still present can read as absent.
type peBloom struct{ c [peBloomSlots]uint8 }

func peBloomSlotsOf(s string) [2]int {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	a := int(h % peBloomSlots)
	b := int((h >> 8) % peBloomSlots)
	if b == a {
		b = (a + 1) % peBloomSlots
	}
	return [2]int{a, b}
}

func (f *peBloom) Add(s string) {
	for _, i := range peBloomSlotsOf(s) {
		if f.c[i] < peBloomMax {
			f.c[i]++
		}
	}
}

func (f *peBloom) Remove(s string) {
	for _, i := range peBloomSlotsOf(s) {
		if f.c[i] > 0 { // bug: && f.c[i] < peBloomMax
			f.c[i]--
		}
	}
}

func (f *peBloom) MightContain(s string) bool {
	for _, i := range peBloomSlotsOf(s) {
		if f.c[i] == 0 {
			return false
		}
	}
	return true
}

func peBloomDraw(t *fuzzsrc.T) any {
	tr := &peTrace{}
	f := &peBloom{}
	var held []string // model: a multiset of present items
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Add", Run: func(t *fuzzsrc.T) {
				s := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("abc"), 0, 2).Draw(t, "s")
				tr.call("Add(%q)", s)
				f.Add(s)
				held = append(held, s)
			}},
			{Name: "Remove", Pre: func() bool { return len(held) > 0 }, Run: func(t *fuzzsrc.T) {
				i := fuzzsrc.IntRange(0, len(held)-1).Draw(t, "i")
				s := held[i]
				tr.call("Remove(%q)", s)
				f.Remove(s)
				held = slices.Delete(held, i, i+1)
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			for _, s := range held {
				if !f.MightContain(s) {
					tr.fail("MightContain(%q) = false, but it is held", s)
				}
			}
		},
	})
	return tr
}

// ---- type checker: a let binding leaks out of its body ----

// peTerm is a term of a tiny language: integer literals, variables x0
// and x1, +, ==, if and let (booleans come from ==).
type peTerm struct {
	Op      byte // 'n' int, 'b' bool, 'v' var, '+', '=', '?' if, 'l' let
	N       int  // literal value, or variable index
	A, B, C *peTerm
}

func (e *peTerm) GoString() string { return e.String() }

func (e *peTerm) String() string {
	switch e.Op {
	case 'n':
		return fmt.Sprint(e.N)
	case 'b':
		return fmt.Sprint(e.N == 1)
	case 'v':
		return fmt.Sprintf("x%d", e.N)
	case '+', '=':
		return fmt.Sprintf("(%v %c %v)", e.A, e.Op, e.B)
	case '?':
		return fmt.Sprintf("(if %v then %v else %v)", e.A, e.B, e.C)
	default:
		return fmt.Sprintf("(let x%d = %v in %v)", e.N, e.A, e.B)
	}
}

// peCheck type-checks e, returning 'i', 'b' or 0 for ill-typed. Bug: it
// keeps one environment and never undoes a let's binding, so a variable
// is in scope after its let ends.
func peCheck(e *peTerm, env map[int]byte) byte {
	switch e.Op {
	case 'n':
		return 'i'
	case 'b':
		return 'b'
	case 'v':
		return env[e.N]
	case '+', '=':
		a, b := peCheck(e.A, env), peCheck(e.B, env)
		if a == 0 || b == 0 || (e.Op == '+' && (a != 'i' || b != 'i')) || (e.Op == '=' && a != b) {
			return 0
		}
		if e.Op == '+' {
			return 'i'
		}
		return 'b'
	case '?':
		c, a, b := peCheck(e.A, env), peCheck(e.B, env), peCheck(e.C, env)
		if c != 'b' || a == 0 || a != b {
			return 0
		}
		return a
	default:
		a := peCheck(e.A, env)
		if a == 0 {
			return 0
		}
		env[e.N] = a // bug: the old binding is not restored after the body
		return peCheck(e.B, env)
	}
}

// peEval evaluates e with proper scoping; ok is false on a runtime type
// error or an unbound variable.
type peVal struct {
	isBool bool
	n      int
}

func peEval(e *peTerm, env []peVal, bound []bool) (peVal, bool) {
	switch e.Op {
	case 'n':
		return peVal{n: e.N}, true
	case 'b':
		return peVal{isBool: true, n: e.N}, true
	case 'v':
		return env[e.N], bound[e.N]
	case '+', '=':
		a, ok1 := peEval(e.A, env, bound)
		b, ok2 := peEval(e.B, env, bound)
		if !ok1 || !ok2 {
			return peVal{}, false
		}
		if e.Op == '+' {
			return peVal{n: a.n + b.n}, !a.isBool && !b.isBool
		}
		eq := 0
		if a == b {
			eq = 1
		}
		return peVal{isBool: true, n: eq}, a.isBool == b.isBool
	case '?':
		c, ok := peEval(e.A, env, bound)
		if !ok || !c.isBool {
			return peVal{}, false
		}
		if c.n == 1 {
			return peEval(e.B, env, bound)
		}
		return peEval(e.C, env, bound)
	default:
		a, ok := peEval(e.A, env, bound)
		if !ok {
			return peVal{}, false
		}
		env2, bound2 := slices.Clone(env), slices.Clone(bound)
		env2[e.N], bound2[e.N] = a, true
		return peEval(e.B, env2, bound2)
	}
}

func peTypeFails(v any) bool {
	e := v.(*peTerm)
	ty := peCheck(e, map[int]byte{})
	if ty == 0 {
		return false
	}
	val, ok := peEval(e, make([]peVal, 2), make([]bool, 2))
	return !ok || val.isBool != (ty == 'b')
}

// ---- stack machine: the compiler's stack depth assumes it can reorder ----

// peAExpr is an arithmetic expression: a literal (Op 0) or a binary op.
type peAExpr struct {
	Op   byte
	N    int
	L, R *peAExpr
}

func (e *peAExpr) GoString() string { return e.String() }

func (e *peAExpr) String() string {
	if e.Op == 0 {
		return fmt.Sprint(e.N)
	}
	return fmt.Sprintf("(%v %c %v)", e.L, e.Op, e.R)
}

func (e *peAExpr) eval() int {
	if e.Op == 0 {
		return e.N
	}
	l, r := e.L.eval(), e.R.eval()
	switch e.Op {
	case '+':
		return l + r
	case '-':
		return l - r
	}
	return l * r
}

// peStackNeed is the stack the compiled code needs, by the Ershov
// number. Bug: that number assumes the deeper operand is evaluated first,
// but the compiler always evaluates the left one first; the right needs
// one more slot, max(l, r+1).
func peStackNeed(e *peAExpr) int {
	if e.Op == 0 {
		return 1
	}
	l, r := peStackNeed(e.L), peStackNeed(e.R)
	if l == r {
		return l + 1
	}
	return max(l, r)
}

type peInstr struct {
	op byte // 'p' push, or an operator
	n  int
}

func peCompile(e *peAExpr, code []peInstr) []peInstr {
	if e.Op == 0 {
		return append(code, peInstr{'p', e.N})
	}
	code = peCompile(e.L, code)
	code = peCompile(e.R, code)
	return append(code, peInstr{e.Op, 0})
}

// peRunVM runs code on a stack of fixed size; it fails on overflow.
func peRunVM(code []peInstr, size int) (int, error) {
	stack := make([]int, size)
	sp := 0
	for _, in := range code {
		if in.op == 'p' {
			if sp == size {
				return 0, fmt.Errorf("stack overflow")
			}
			stack[sp] = in.n
			sp++
			continue
		}
		l, r := stack[sp-2], stack[sp-1]
		sp--
		switch in.op {
		case '+':
			stack[sp-1] = l + r
		case '-':
			stack[sp-1] = l - r
		default:
			stack[sp-1] = l * r
		}
	}
	return stack[0], nil
}

func peVMFails(v any) bool {
	e := v.(*peAExpr)
	got, err := peRunVM(peCompile(e, nil), peStackNeed(e))
	return err != nil || got != e.eval()
}

// ---- regex: alternation commits to its first branch ----

// peRe is a regular expression over runes: 'c' literal, 'e' empty, '.'
// concatenation, '|' alternation, '*' star.
type peRe struct {
	Op   byte
	C    rune
	A, B *peRe
}

func (r *peRe) GoString() string { return r.String() }

func (r *peRe) String() string {
	switch r.Op {
	case 'c':
		return string(r.C)
	case 'e':
		return "ε"
	case '.':
		return fmt.Sprintf("(%v%v)", r.A, r.B)
	case '|':
		return fmt.Sprintf("(%v|%v)", r.A, r.B)
	}
	return fmt.Sprintf("%v*", r.A)
}

// peMatchAt matches r at s[i:] and returns where the match ends, or -1.
// Bug: it never backtracks (alternation takes the first branch that
// matches, star is greedy), so it returns one end where there are many.
func peMatchAt(r *peRe, s []rune, i int) int {
	switch r.Op {
	case 'c':
		if i < len(s) && s[i] == r.C {
			return i + 1
		}
		return -1
	case 'e':
		return i
	case '.':
		j := peMatchAt(r.A, s, i)
		if j < 0 {
			return -1
		}
		return peMatchAt(r.B, s, j)
	case '|':
		if j := peMatchAt(r.A, s, i); j >= 0 {
			return j
		}
		return peMatchAt(r.B, s, i)
	}
	for {
		j := peMatchAt(r.A, s, i)
		if j <= i {
			return i
		}
		i = j
	}
}

// peEnds is the reference: every position a match of r from i can end.
func peEnds(r *peRe, s []rune, i int) map[int]bool {
	out := map[int]bool{}
	switch r.Op {
	case 'c':
		if i < len(s) && s[i] == r.C {
			out[i+1] = true
		}
	case 'e':
		out[i] = true
	case '.':
		for j := range peEnds(r.A, s, i) {
			maps.Copy(out, peEnds(r.B, s, j))
		}
	case '|':
		maps.Copy(out, peEnds(r.A, s, i))
		maps.Copy(out, peEnds(r.B, s, i))
	case '*':
		out[i] = true
		todo := []int{i}
		for len(todo) > 0 {
			j := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for k := range peEnds(r.A, s, j) {
				if !out[k] {
					out[k] = true
					todo = append(todo, k)
				}
			}
		}
	}
	return out
}

type peReCase struct {
	Re *peRe
	S  string
}

func peReFails(v any) bool {
	c := v.(peReCase)
	s := []rune(c.S)
	return (peMatchAt(c.Re, s, 0) == len(s)) != peEnds(c.Re, s, 0)[len(s)]
}

// ---- negation normal form: a negated xor negates both sides ----

// peBool is a formula over x0..x2: 'k' constant (N 0 or 1), 'v' variable
// N, '!' not, '&', '|', '^'.
type peBool struct {
	Op   byte
	N    int
	A, B *peBool
}

func (f *peBool) GoString() string { return f.String() }

func (f *peBool) String() string {
	switch f.Op {
	case 'k':
		return fmt.Sprint(f.N == 1)
	case 'v':
		return fmt.Sprintf("x%d", f.N)
	case '!':
		return fmt.Sprintf("!%v", f.A)
	}
	return fmt.Sprintf("(%v %c %v)", f.A, f.Op, f.B)
}

func (f *peBool) eval(env int) bool {
	switch f.Op {
	case 'k':
		return f.N == 1
	case 'v':
		return env>>f.N&1 == 1
	case '!':
		return !f.A.eval(env)
	case '&':
		return f.A.eval(env) && f.B.eval(env)
	case '|':
		return f.A.eval(env) || f.B.eval(env)
	}
	return f.A.eval(env) != f.B.eval(env)
}

// peNNF pushes negations down to the variables. Bug: the negation of a
// xor negates both operands, which gives the same xor back; it should
// negate one.
func peNNF(f *peBool, neg bool) *peBool {
	switch f.Op {
	case 'k':
		n := f.N
		if neg {
			n = 1 - n
		}
		return &peBool{Op: 'k', N: n}
	case 'v':
		if neg {
			return &peBool{Op: '!', A: f}
		}
		return f
	case '!':
		return peNNF(f.A, !neg)
	case '&', '|':
		op := f.Op
		if neg {
			op = '&' + '|' - op
		}
		return &peBool{Op: op, A: peNNF(f.A, neg), B: peNNF(f.B, neg)}
	}
	return &peBool{Op: '^', A: peNNF(f.A, neg), B: peNNF(f.B, neg)} // bug: B with false
}

func peNNFFails(v any) bool {
	f := v.(*peBool)
	g := peNNF(f, false)
	for env := range 8 {
		if f.eval(env) != g.eval(env) {
			return true
		}
	}
	return false
}

// ---- topological sort: in-degrees count distinct edges, removal counts all ----

type peGraph struct {
	N     int
	Edges [][2]int
}

// peTopo is Kahn's algorithm. Bug: the in-degree counts each distinct
// edge once, while removing a node decrements once per listed edge, so a
// duplicated edge frees its target early.
func peTopo(g peGraph) ([]int, bool) {
	adj := make([][]int, g.N)
	indeg := make([]int, g.N)
	seen := map[[2]int]bool{}
	for _, e := range g.Edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		if !seen[e] {
			seen[e] = true
			indeg[e[1]]++
		}
	}
	var queue, order []int
	for v := range g.N {
		if indeg[v] == 0 {
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		order = append(order, v)
		for _, w := range adj[v] {
			indeg[w]--
			if indeg[w] == 0 {
				queue = append(queue, w)
			}
		}
	}
	return order, len(order) == g.N
}

func peHasCycle(g peGraph) bool {
	state := make([]int, g.N) // 0 new, 1 on stack, 2 done
	var visit func(v int) bool
	visit = func(v int) bool {
		state[v] = 1
		for _, e := range g.Edges {
			if e[0] != v {
				continue
			}
			if state[e[1]] == 1 || (state[e[1]] == 0 && visit(e[1])) {
				return true
			}
		}
		state[v] = 2
		return false
	}
	for v := range g.N {
		if state[v] == 0 && visit(v) {
			return true
		}
	}
	return false
}

func peTopoFails(v any) bool {
	g := v.(peGraph)
	order, ok := peTopo(g)
	if peHasCycle(g) {
		return ok
	}
	if !ok {
		return true
	}
	pos := make([]int, g.N)
	for i, v := range order {
		pos[v] = i
	}
	for _, e := range g.Edges {
		if pos[e[0]] >= pos[e[1]] {
			return true
		}
	}
	return false
}

// ---- bipartite matching: the visited marks are not reset ----

type peBip struct {
	L, R  int
	Edges [][2]int // left, right
}

// peKuhn finds a maximum matching by augmenting paths. Bug: the visited
// marks are cleared once, not before each left vertex's search.
func peKuhn(g peBip) int {
	adj := make([][]int, g.L)
	for _, e := range g.Edges {
		adj[e[0]] = append(adj[e[0]], e[1])
	}
	match := make([]int, g.R)
	for i := range match {
		match[i] = -1
	}
	visited := make([]bool, g.R)
	var try func(u int) bool
	try = func(u int) bool {
		for _, w := range adj[u] {
			if visited[w] {
				continue
			}
			visited[w] = true
			if match[w] < 0 || try(match[w]) {
				match[w] = u
				return true
			}
		}
		return false
	}
	size := 0
	for u := range g.L {
		// bug: clear(visited) missing
		if try(u) {
			size++
		}
	}
	return size
}

// peMatchBrute tries every way to match the left vertices in turn.
func peMatchBrute(g peBip) int {
	used := make([]bool, g.R)
	var best func(u int) int
	best = func(u int) int {
		if u == g.L {
			return 0
		}
		b := best(u + 1)
		for _, e := range g.Edges {
			if e[0] == u && !used[e[1]] {
				used[e[1]] = true
				b = max(b, 1+best(u+1))
				used[e[1]] = false
			}
		}
		return b
	}
	return best(0)
}

func peBipFails(v any) bool {
	g := v.(peBip)
	return peKuhn(g) != peMatchBrute(g)
}

// ---- sparse matrix: duplicate entries overwrite instead of adding ----

type peEntry struct{ I, J, V int }

type peSparse struct {
	N, M    int
	Entries []peEntry
}

// peCSR builds compressed rows from coordinate entries, summing
// duplicates. Bug: a duplicate overwrites the value before it.
func peCSR(s peSparse) (rowPtr, cols, vals []int) {
	es := slices.Clone(s.Entries)
	slices.SortStableFunc(es, func(a, b peEntry) int {
		if a.I != b.I {
			return a.I - b.I
		}
		return a.J - b.J
	})
	rowPtr = make([]int, s.N+1)
	for k, e := range es {
		if k > 0 && es[k-1].I == e.I && es[k-1].J == e.J {
			vals[len(vals)-1] = e.V // bug: +=
			continue
		}
		cols = append(cols, e.J)
		vals = append(vals, e.V)
		rowPtr[e.I+1]++
	}
	for i := range s.N {
		rowPtr[i+1] += rowPtr[i]
	}
	return rowPtr, cols, vals
}

func peSparseFails(v any) bool {
	s := v.(peSparse)
	x := make([]int, s.M)
	for j := range x {
		x[j] = j + 1
	}
	dense := make([][]int, s.N)
	for i := range dense {
		dense[i] = make([]int, s.M)
	}
	for _, e := range s.Entries {
		dense[e.I][e.J] += e.V
	}
	rowPtr, cols, vals := peCSR(s)
	for i := range s.N {
		want, got := 0, 0
		for j := range s.M {
			want += dense[i][j] * x[j]
		}
		for k := rowPtr[i]; k < rowPtr[i+1]; k++ {
			got += vals[k] * x[cols[k]]
		}
		if got != want {
			return true
		}
	}
	return false
}

// ---- rectangle union: the no-overlap test wants both axes apart ----

type peRect struct{ X, Y, W, H uint8 }

type peRectPair struct{ A, B peRect }

func peSpan(lo, size uint8) (int, int) { return int(lo), int(lo) + int(size) }

// peUnionArea is the area covered by two axis-aligned rectangles. Bug:
// the overlap is zero only if the rectangles are apart on both axes; one
// axis is enough.
func peUnionArea(p peRectPair) int {
	ax1, ax2 := peSpan(p.A.X, p.A.W)
	ay1, ay2 := peSpan(p.A.Y, p.A.H)
	bx1, bx2 := peSpan(p.B.X, p.B.W)
	by1, by2 := peSpan(p.B.Y, p.B.H)
	w := min(ax2, bx2) - max(ax1, bx1)
	h := min(ay2, by2) - max(ay1, by1)
	overlap := w * h
	if w <= 0 && h <= 0 { // bug: ||
		overlap = 0
	}
	return int(p.A.W)*int(p.A.H) + int(p.B.W)*int(p.B.H) - overlap
}

func peUnionRef(p peRectPair) int {
	ax1, ax2 := peSpan(p.A.X, p.A.W)
	ay1, ay2 := peSpan(p.A.Y, p.A.H)
	bx1, bx2 := peSpan(p.B.X, p.B.W)
	by1, by2 := peSpan(p.B.Y, p.B.H)
	w := max(0, min(ax2, bx2)-max(ax1, bx1))
	h := max(0, min(ay2, by2)-max(ay1, by1))
	return int(p.A.W)*int(p.A.H) + int(p.B.W)*int(p.B.H) - w*h
}

// ---- longest increasing subsequence: the tails are not a subsequence ----

// peLIS returns a longest increasing subsequence by patience sorting.
// Bug: it returns the pile tops, which have the right length but need
// not appear in order in a.
func peLIS(a []int) []int {
	var tails []int
	for _, x := range a {
		i := sort.SearchInts(tails, x)
		if i == len(tails) {
			tails = append(tails, x)
		} else {
			tails[i] = x
		}
	}
	return tails
}

func peLISFails(v any) bool {
	a := v.([]int)
	got := peLIS(a)
	// Length by the quadratic DP.
	best := make([]int, len(a))
	want := 0
	for i := range a {
		best[i] = 1
		for j := range i {
			if a[j] < a[i] {
				best[i] = max(best[i], best[j]+1)
			}
		}
		want = max(want, best[i])
	}
	if len(got) != want {
		return true
	}
	// got must be an increasing subsequence of a.
	k := 0
	for _, x := range a {
		if k < len(got) && got[k] == x {
			k++
		}
	}
	return k != len(got) || !slices.IsSorted(got)
}

// ---- quickselect: the right side's rank forgets the pivot's copies ----

type peSelect struct {
	Xs   []int
	K    int
	Rand *rand.Rand
}

func (s peSelect) GoString() string { return fmt.Sprintf("select(%v, k=%d)", s.Xs, s.K) }

// peQuickselect returns the k-th smallest of a with random pivots. Bug:
// going right it subtracts the count of smaller elements but not the
// pivot's copies.
func peQuickselect(a []int, k int, r *rand.Rand) int {
	for {
		if len(a) == 0 {
			return -1
		}
		if len(a) == 1 {
			return a[0]
		}
		p := a[r.IntN(len(a))]
		var lt, gt []int
		eq := 0
		for _, x := range a {
			switch {
			case x < p:
				lt = append(lt, x)
			case x > p:
				gt = append(gt, x)
			default:
				eq++
			}
		}
		switch {
		case k < len(lt):
			a = lt
		case k < len(lt)+eq:
			return p
		default:
			k -= len(lt) // bug: len(lt) + eq
			a = gt
		}
	}
}

func peSelectFails(v any) bool {
	s := v.(peSelect)
	return peQuickselect(s.Xs, s.K, s.Rand) != slices.Sorted(slices.Values(s.Xs))[s.K]
}

// ---- consistent hash ring: a key past the last node does not wrap ----

type peRing struct {
	Nodes, Keys []int
}

func peRingHash(x int) int { return (x*37 + 11) % 101 }

// peRingOwner returns the node owning key: the first node clockwise from
// the key's hash. Bug: a key past the last node goes to the last node
// instead of wrapping around to the first.
func peRingOwner(nodes []int, key int) int {
	ring := slices.Clone(nodes)
	slices.SortFunc(ring, func(a, b int) int { return peRingHash(a) - peRingHash(b) })
	h := peRingHash(key)
	i := sort.Search(len(ring), func(i int) bool { return peRingHash(ring[i]) >= h })
	if i == len(ring) {
		i = len(ring) - 1 // bug: 0
	}
	return ring[i]
}

func peRingFails(v any) bool {
	r := v.(peRing)
	for _, k := range r.Keys {
		h := peRingHash(k)
		best, bestD := -1, 0
		for _, n := range r.Nodes {
			d := (peRingHash(n) - h + 101) % 101
			if best < 0 || d < bestD {
				best, bestD = n, d
			}
		}
		if peRingOwner(r.Nodes, k) != best {
			return true
		}
	}
	return false
}

// ---- version vectors: extra entries on both sides go unnoticed ----

type peVVPair struct{ A, B map[string]int }

// peVVCompare orders version vectors: -1 a before b, 1 after, 0 equal,
// 2 concurrent. Bug: it walks only a's entries and takes b having more
// entries as b being ahead, missing an entry of b's when a has one of
// its own.
func peVVCompare(a, b map[string]int) int {
	less, greater := false, false
	for k, va := range a {
		vb := b[k]
		if va < vb {
			less = true
		}
		if va > vb {
			greater = true
		}
	}
	if len(b) > len(a) {
		less = true
	}
	switch {
	case less && greater:
		return 2
	case less:
		return -1
	case greater:
		return 1
	}
	return 0
}

func peVVRef(a, b map[string]int) int {
	less, greater := false, false
	keys := maps.Clone(a)
	maps.Copy(keys, b)
	for k := range keys {
		if a[k] < b[k] {
			less = true
		}
		if a[k] > b[k] {
			greater = true
		}
	}
	switch {
	case less && greater:
		return 2
	case less:
		return -1
	case greater:
		return 1
	}
	return 0
}

func probesE() []probe {
	// Terms of the let language: leaves are literals and variables.
	termGen := fuzzsrc.Recursive(
		fuzzsrc.OneOf(
			fuzzsrc.Map(fuzzsrc.IntRange(0, 3), func(n int) *peTerm { return &peTerm{Op: 'n', N: n} }),
			fuzzsrc.Map(fuzzsrc.IntRange(0, 1), func(n int) *peTerm { return &peTerm{Op: 'v', N: n} }),
		),
		func(sub fuzzsrc.Generator[*peTerm]) fuzzsrc.Generator[*peTerm] {
			return fuzzsrc.Custom(func(t *fuzzsrc.T) *peTerm {
				switch fuzzsrc.IntRange(0, 3).Draw(t, "form") {
				case 0:
					return &peTerm{Op: '+', A: sub.Draw(t, "a"), B: sub.Draw(t, "b")}
				case 1:
					return &peTerm{Op: '=', A: sub.Draw(t, "a"), B: sub.Draw(t, "b")}
				case 2:
					return &peTerm{Op: '?', A: sub.Draw(t, "c"), B: sub.Draw(t, "a"), C: sub.Draw(t, "b")}
				}
				x := fuzzsrc.IntRange(0, 1).Draw(t, "x")
				return &peTerm{Op: 'l', N: x, A: sub.Draw(t, "bound"), B: sub.Draw(t, "body")}
			})
		}, 4)

	// Arithmetic expressions for the stack machine.
	arithGen := fuzzsrc.Recursive(
		fuzzsrc.Map(fuzzsrc.IntRange(0, 9), func(n int) *peAExpr { return &peAExpr{N: n} }),
		func(sub fuzzsrc.Generator[*peAExpr]) fuzzsrc.Generator[*peAExpr] {
			return fuzzsrc.Custom(func(t *fuzzsrc.T) *peAExpr {
				op := fuzzsrc.SampledFrom([]byte("+-*")).Draw(t, "op")
				return &peAExpr{Op: op, L: sub.Draw(t, "l"), R: sub.Draw(t, "r")}
			})
		}, 6)

	// Regular expressions, through Deferred.
	var reGen fuzzsrc.Generator[*peRe]
	reGen = fuzzsrc.Deferred(func() fuzzsrc.Generator[*peRe] {
		pair := func(op byte) fuzzsrc.Generator[*peRe] {
			return fuzzsrc.Custom(func(t *fuzzsrc.T) *peRe {
				return &peRe{Op: op, A: reGen.Draw(t, "a"), B: reGen.Draw(t, "b")}
			})
		}
		return fuzzsrc.OneOf(
			fuzzsrc.Map(fuzzsrc.RuneFrom("ab"), func(c rune) *peRe { return &peRe{Op: 'c', C: c} }),
			fuzzsrc.Just(&peRe{Op: 'e'}),
			pair('.'),
			pair('|'),
			fuzzsrc.Map(reGen, func(a *peRe) *peRe { return &peRe{Op: '*', A: a} }),
		)
	})

	// Boolean formulas.
	boolGen := fuzzsrc.Recursive(
		fuzzsrc.OneOf(
			fuzzsrc.Map(fuzzsrc.IntRange(0, 1), func(n int) *peBool { return &peBool{Op: 'k', N: n} }),
			fuzzsrc.Map(fuzzsrc.IntRange(0, 2), func(n int) *peBool { return &peBool{Op: 'v', N: n} }),
		),
		func(sub fuzzsrc.Generator[*peBool]) fuzzsrc.Generator[*peBool] {
			return fuzzsrc.Custom(func(t *fuzzsrc.T) *peBool {
				op := fuzzsrc.SampledFrom([]byte("!&|^")).Draw(t, "op")
				if op == '!' {
					return &peBool{Op: op, A: sub.Draw(t, "a")}
				}
				return &peBool{Op: op, A: sub.Draw(t, "a"), B: sub.Draw(t, "b")}
			})
		}, 5)

	vvGen := fuzzsrc.MapOf(fuzzsrc.SampledFrom([]string{"a", "b", "c", "d"}), fuzzsrc.IntRange(1, 3))

	return []probe{
		// simplest: Put(0,0) Put(0,0) Put(1,0) Put(2,0) Put(1,0) Put(2,0)
		// (1 is evicted, comes back counting 2, and outlives 0)
		{"e lfu evicted count", peLFUDraw, peTraceFails, 0},
		// simplest: Insert("a") Insert("aa") Delete(w2) (drops "a")
		{"e trie delete prunes word", peTrieDraw, peTraceFails, 0},
		// simplest: d2 := Mkdir(d1, "a"); d3 := Mkdir(d1, "aa"); Mv(d2, d3)
		{"e fs mv prefix", peFSDraw, peTraceFails, 0},
		// simplest: Allow() Allow() Advance(10) Allow()
		{"e sliding window edge", peLimiterDraw, peTraceFails, 0},
		// simplest: Set(0,0) Undo() Set(0,1) Redo()
		{"e undo redo branch", peHistoryDraw, peTraceFails, 0},
		// simplest: Insert('a') Insert('a') Left() Insert('a')
		{"e gap buffer grow", peGapDraw, peTraceFails, 0},
		// simplest: Inc(0) Dec(0) Merge(1,0) (the merge raises p first, then
		// compares n with it)
		{"e pn counter merge", pePNDraw, peTraceFails, 0},
		// simplest: Add("") x4, Remove("") x3 (Remove(i=0) each time)
		{"e counting bloom saturate", peBloomDraw, peTraceFails, 0},
		// simplest: (let x0 = 0 in 0) + x0
		{"e type check let scope", func(t *fuzzsrc.T) any { return termGen.Draw(t, "e") }, peTypeFails, 0},
		// simplest: 0 + (0 + 0)
		{"e stack vm depth", func(t *fuzzsrc.T) any { return arithGen.Draw(t, "e") }, peVMFails, 0},
		// simplest: (ε|a) on "a"
		{"e regex no backtrack", func(t *fuzzsrc.T) any {
			return peReCase{reGen.Draw(t, "re"), fuzzsrc.StringOfN(fuzzsrc.RuneFrom("ab"), 0, 6).Draw(t, "s")}
		}, peReFails, 0},
		// simplest: !(false ^ false)
		{"e nnf xor", func(t *fuzzsrc.T) any { return boolGen.Draw(t, "f") }, peNNFFails, 0},
		// simplest: n=2, edges [0→1 0→1 1→1] (the self-loop is missed)
		{"e topo sort dup edge", func(t *fuzzsrc.T) any {
			n := fuzzsrc.IntRange(1, 6).Draw(t, "n")
			node := fuzzsrc.IntRange(0, n-1)
			edge := fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int { return [2]int{node.Draw(t, "from"), node.Draw(t, "to")} })
			return peGraph{n, fuzzsrc.SliceOfSize(edge, fuzzsrc.Size{Max: 12}).Draw(t, "edges")}
		}, peTopoFails, 0},
		// simplest: L=2, R=2, edges [(0,0) (0,1) (1,0)]
		{"e matching visited", func(t *fuzzsrc.T) any {
			l := fuzzsrc.IntRange(1, 5).Draw(t, "left")
			r := fuzzsrc.IntRange(1, 5).Draw(t, "right")
			edge := fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int {
				return [2]int{fuzzsrc.IntRange(0, l-1).Draw(t, "u"), fuzzsrc.IntRange(0, r-1).Draw(t, "w")}
			})
			return peBip{l, r, fuzzsrc.SliceOfSize(edge, fuzzsrc.Size{Max: 12}).Draw(t, "edges")}
		}, peBipFails, 0},
		// simplest: 1x1, entries [(0,0,1) (0,0,0)]
		{"e csr duplicates", func(t *fuzzsrc.T) any {
			n := fuzzsrc.IntRange(1, 4).Draw(t, "rows")
			m := fuzzsrc.IntRange(1, 4).Draw(t, "cols")
			entry := fuzzsrc.Custom(func(t *fuzzsrc.T) peEntry {
				return peEntry{fuzzsrc.IntRange(0, n-1).Draw(t, "i"), fuzzsrc.IntRange(0, m-1).Draw(t, "j"), fuzzsrc.IntRange(-9, 9).Draw(t, "v")}
			})
			return peSparse{n, m, fuzzsrc.SliceOfSize(entry, fuzzsrc.Size{Max: 10}).Draw(t, "entries")}
		}, peSparseFails, 0},
		// simplest: A{X:0 Y:0 W:1 H:0}, B{X:0 Y:1 W:1 H:0} (overlapping in x,
		// apart in y: the overlap comes out negative)
		{"e rect union make", func(t *fuzzsrc.T) any { return fuzzsrc.Make[peRectPair]().Draw(t, "rects") },
			func(v any) bool { p := v.(peRectPair); return peUnionArea(p) != peUnionRef(p) }, 0},
		// simplest: [1 2 0]
		{"e lis tails", func(t *fuzzsrc.T) any {
			n := fuzzsrc.IntRange(0, 9).Draw(t, "n")
			ids := make([]int, n)
			for i := range ids {
				ids[i] = i
			}
			return fuzzsrc.Permutation(ids).Draw(t, "a")
		}, peLISFails, 0},
		// simplest: [0 1 1], k=2, zero randomness (every pivot the first)
		{"e quickselect pivot copies", func(t *fuzzsrc.T) any {
			xs := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), 1, 10).Draw(t, "xs")
			k := fuzzsrc.IntRange(0, len(xs)-1).Draw(t, "k")
			return peSelect{xs, k, fuzzsrc.Rand().Draw(t, "rand")}
		}, peSelectFails, 0},
		// simplest: nodes [0 1], keys [2]
		{"e hash ring wrap", func(t *fuzzsrc.T) any {
			nodes := fuzzsrc.SliceOfDistinct(fuzzsrc.IntRange(0, 99), fuzzsrc.Size{Min: 1, Max: 6}).Draw(t, "nodes")
			keys := fuzzsrc.SliceOfSize(fuzzsrc.IntRange(0, 99), fuzzsrc.Size{Max: 8}).Draw(t, "keys")
			return peRing{nodes, keys}
		}, peRingFails, 0},
		// simplest: A {a:1}, B {b:1}
		{"e version vector compare", func(t *fuzzsrc.T) any {
			return peVVPair{vvGen.Draw(t, "a"), vvGen.Draw(t, "b")}
		}, func(v any) bool { p := v.(peVVPair); return peVVCompare(p.A, p.B) != peVVRef(p.A, p.B) }, 0},
	}
}
