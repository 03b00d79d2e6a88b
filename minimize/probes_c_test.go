//go:build probes

package minimize_test

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// Problems about operation sequences on data structures, randomness taken
// from fuzzsrc.Rand, and classic algorithms with planted bugs.

// pcTrace is what a stateful draw returns: the calls made, and the first
// disagreement with the model (empty if none).
type pcTrace struct {
	Calls []string
	Bad   string
}

func (tr *pcTrace) call(format string, args ...any) {
	tr.Calls = append(tr.Calls, fmt.Sprintf(format, args...))
}

func (tr *pcTrace) fail(format string, args ...any) {
	if tr.Bad == "" {
		tr.Bad = fmt.Sprintf(format, args...)
	}
}

func pcTraceFails(v any) bool { return v.(*pcTrace).Bad != "" }

// ---- stack: Pop forgets to truncate, Push appends past the top ----

type pcStack struct {
	data []int
	n    int
}

func (s *pcStack) Push(x int) {
	s.data = append(s.data, x) // bug: should append to s.data[:s.n]
	s.n++
}

func (s *pcStack) Pop() (int, bool) {
	if s.n == 0 {
		return 0, false
	}
	s.n--
	return s.data[s.n], true
}

func (s *pcStack) Peek() (int, bool) {
	if s.n == 0 {
		return 0, false
	}
	return s.data[s.n-1], true
}

type pcStackOp struct {
	Kind string
	X    int
}

var pcStackOps = fuzzsrc.SliceOf(fuzzsrc.OneOf(
	fuzzsrc.Map(fuzzsrc.IntRange(0, 9), func(x int) pcStackOp { return pcStackOp{"push", x} }),
	fuzzsrc.Just(pcStackOp{Kind: "pop"}),
	fuzzsrc.Just(pcStackOp{Kind: "peek"}),
))

func pcStackFails(v any) bool {
	var s pcStack
	var model []int
	for _, op := range v.([]pcStackOp) {
		switch op.Kind {
		case "push":
			s.Push(op.X)
			model = append(model, op.X)
		case "pop":
			got, ok := s.Pop()
			if ok != (len(model) > 0) {
				return true
			}
			if ok {
				if got != model[len(model)-1] {
					return true
				}
				model = model[:len(model)-1]
			}
		case "peek":
			got, ok := s.Peek()
			if ok != (len(model) > 0) || ok && got != model[len(model)-1] {
				return true
			}
		}
	}
	return false
}

// ---- deque: a ring buffer that grows without unwrapping ----

type pcRing struct {
	buf     []int
	head, n int
}

func (d *pcRing) grow() {
	nb := make([]int, 2*len(d.buf))
	copy(nb, d.buf) // bug: must copy from head, in order, and reset head
	d.buf = nb
}

func (d *pcRing) PushBack(x int) {
	if d.n == len(d.buf) {
		d.grow()
	}
	d.buf[(d.head+d.n)%len(d.buf)] = x
	d.n++
}

func (d *pcRing) PushFront(x int) {
	if d.n == len(d.buf) {
		d.grow()
	}
	d.head = (d.head - 1 + len(d.buf)) % len(d.buf)
	d.buf[d.head] = x
	d.n++
}

func (d *pcRing) PopFront() int {
	x := d.buf[d.head]
	d.head = (d.head + 1) % len(d.buf)
	d.n--
	return x
}

func (d *pcRing) PopBack() int {
	d.n--
	return d.buf[(d.head+d.n)%len(d.buf)]
}

func pcDequeDraw(t *fuzzsrc.T) any {
	tr := &pcTrace{}
	d := &pcRing{buf: make([]int, 2)}
	var model []int
	val := fuzzsrc.IntRange(0, 9)
	nonEmpty := func() bool { return len(model) > 0 }
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "PushBack", Run: func(t *fuzzsrc.T) {
			x := val.Draw(t, "x")
			tr.call("PushBack(%d)", x)
			d.PushBack(x)
			model = append(model, x)
		}},
		{Name: "PushFront", Run: func(t *fuzzsrc.T) {
			x := val.Draw(t, "x")
			tr.call("PushFront(%d)", x)
			d.PushFront(x)
			model = append([]int{x}, model...)
		}},
		{Name: "PopFront", Pre: nonEmpty, Run: func(t *fuzzsrc.T) {
			tr.call("PopFront()")
			if got := d.PopFront(); got != model[0] {
				tr.fail("PopFront() = %d, want %d", got, model[0])
			}
			model = model[1:]
		}},
		{Name: "PopBack", Pre: nonEmpty, Run: func(t *fuzzsrc.T) {
			tr.call("PopBack()")
			if got := d.PopBack(); got != model[len(model)-1] {
				tr.fail("PopBack() = %d, want %d", got, model[len(model)-1])
			}
			model = model[:len(model)-1]
		}},
	}})
	return tr
}

// ---- LRU cache: Put of a held key evicts as if it were new ----

type pcLRU struct {
	cap   int
	order []int
	vals  map[int]int
}

func (c *pcLRU) Put(k, v int) {
	_, exists := c.vals[k]
	if len(c.order) == c.cap { // bug: should only evict when !exists
		delete(c.vals, c.order[0])
		c.order = c.order[1:]
	}
	if exists {
		c.touch(k)
	} else {
		c.order = append(c.order, k)
	}
	c.vals[k] = v
}

func (c *pcLRU) Get(k int) (int, bool) {
	v, ok := c.vals[k]
	if ok {
		c.touch(k)
	}
	return v, ok
}

func (c *pcLRU) touch(k int) {
	if i := slices.Index(c.order, k); i >= 0 {
		c.order = append(slices.Delete(c.order, i, i+1), k)
	}
}

func pcLRUDraw(t *fuzzsrc.T) any {
	tr := &pcTrace{}
	c := &pcLRU{cap: 2, vals: map[int]int{}}
	var order []int // model: keys, least recently used first
	vals := map[int]int{}
	use := func(k int) {
		order = append(slices.DeleteFunc(order, func(x int) bool { return x == k }), k)
	}
	key, val := fuzzsrc.IntRange(0, 5), fuzzsrc.IntRange(0, 99)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "Put", Run: func(t *fuzzsrc.T) {
			k, v := key.Draw(t, "k"), val.Draw(t, "v")
			tr.call("Put(%d, %d)", k, v)
			c.Put(k, v)
			use(k)
			vals[k] = v
			if len(order) > 2 {
				delete(vals, order[0])
				order = order[1:]
			}
		}},
		{Name: "Get", Run: func(t *fuzzsrc.T) {
			k := key.Draw(t, "k")
			tr.call("Get(%d)", k)
			got, ok := c.Get(k)
			want, wantOK := vals[k]
			if got != want || ok != wantOK {
				tr.fail("Get(%d) = %d, %v; want %d, %v", k, got, ok, want, wantOK)
			}
			if wantOK {
				use(k)
			}
		}},
	}})
	return tr
}

// ---- token bucket: refill drops the partial token's elapsed time ----

const (
	pcBucketCap   = 3
	pcBucketEvery = 4 // ticks per token
)

type pcBucket struct{ tokens, last, now int }

func (b *pcBucket) refill() {
	add := (b.now - b.last) / pcBucketEvery
	b.tokens = min(pcBucketCap, b.tokens+add)
	b.last = b.now // bug: should advance by add*pcBucketEvery unless full
}

func (b *pcBucket) Allow() bool {
	b.refill()
	if b.tokens > 0 {
		b.tokens--
		return true
	}
	return false
}

func pcBucketDraw(t *fuzzsrc.T) any {
	tr := &pcTrace{}
	b := &pcBucket{tokens: pcBucketCap}
	mTokens, mLast, now := pcBucketCap, 0, 0
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "Allow", Run: func(t *fuzzsrc.T) {
			tr.call("Allow()")
			add := (now - mLast) / pcBucketEvery
			if mTokens+add >= pcBucketCap {
				mTokens, mLast = pcBucketCap, now
			} else {
				mTokens += add
				mLast += add * pcBucketEvery
			}
			want := mTokens > 0
			if want {
				mTokens--
			}
			if got := b.Allow(); got != want {
				tr.fail("Allow() at %d = %v, want %v", now, got, want)
			}
		}},
		{Name: "Advance", Run: func(t *fuzzsrc.T) {
			d := fuzzsrc.IntRange(1, 10).Draw(t, "d")
			tr.call("Advance(%d)", d)
			now += d
			b.now = now
		}},
	}})
	return tr
}

// ---- bank: a transfer to the same account creates money ----

type pcBank struct{ bal []int }

func (b *pcBank) Open(initial int) int {
	b.bal = append(b.bal, initial)
	return len(b.bal) - 1
}

func (b *pcBank) Deposit(id, amt int) { b.bal[id] += amt }

func (b *pcBank) Withdraw(id, amt int) error {
	if b.bal[id] < amt {
		return fmt.Errorf("insufficient funds")
	}
	b.bal[id] -= amt
	return nil
}

func (b *pcBank) Transfer(from, to, amt int) error {
	if b.bal[from] < amt {
		return fmt.Errorf("insufficient funds")
	}
	fb, tb := b.bal[from], b.bal[to]
	b.bal[from] = fb - amt
	b.bal[to] = tb + amt // bug: when from == to this undoes the debit and credits amt
	return nil
}

func (b *pcBank) Total() int {
	s := 0
	for _, x := range b.bal {
		s += x
	}
	return s
}

func pcBankDraw(t *fuzzsrc.T) any {
	tr := &pcTrace{}
	b := &pcBank{}
	accts := fuzzsrc.NewPool[int]("a")
	total := 0
	amount := fuzzsrc.IntRange(0, 100)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Open", Run: func(t *fuzzsrc.T) {
				x := amount.Draw(t, "initial")
				id := b.Open(x)
				tr.call("a%d := Open(%d)", id+1, x)
				accts.Add(t, id)
				total += x
			}},
			{Name: "Deposit", Run: func(t *fuzzsrc.T) {
				id := accts.Draw(t, "acct")
				x := amount.Draw(t, "amt")
				tr.call("Deposit(a%d, %d)", id+1, x)
				b.Deposit(id, x)
				total += x
			}},
			{Name: "Withdraw", Run: func(t *fuzzsrc.T) {
				id := accts.Draw(t, "acct")
				x := amount.Draw(t, "amt")
				tr.call("Withdraw(a%d, %d)", id+1, x)
				if b.Withdraw(id, x) == nil {
					total -= x
				}
			}},
			{Name: "Transfer", Run: func(t *fuzzsrc.T) {
				from := accts.Draw(t, "from")
				to := accts.Draw(t, "to")
				x := amount.Draw(t, "amt")
				tr.call("Transfer(a%d, a%d, %d)", from+1, to+1, x)
				b.Transfer(from, to, x)
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if got := b.Total(); got != total {
				tr.fail("Total() = %d, want %d", got, total)
			}
		},
	})
	return tr
}

// ---- allocator: freeing a block between two free ones leaves them unmerged ----

const pcArena = 16

type pcBlock struct{ Off, Size int }

type pcAlloc struct{ free []pcBlock } // sorted by offset

func (a *pcAlloc) Alloc(n int) (int, bool) {
	for i, b := range a.free {
		if b.Size >= n {
			if b.Size == n {
				a.free = slices.Delete(a.free, i, i+1)
			} else {
				a.free[i] = pcBlock{b.Off + n, b.Size - n}
			}
			return b.Off, true
		}
	}
	return 0, false
}

func (a *pcAlloc) Free(off, n int) {
	i := sort.Search(len(a.free), func(i int) bool { return a.free[i].Off > off })
	a.free = slices.Insert(a.free, i, pcBlock{off, n})
	if i > 0 && a.free[i-1].Off+a.free[i-1].Size == off {
		a.free[i-1].Size += n
		a.free = slices.Delete(a.free, i, i+1)
		// bug: i-- missing, so the merged block is not joined with the next
	}
	if i+1 < len(a.free) && a.free[i].Off+a.free[i].Size == a.free[i+1].Off {
		a.free[i].Size += a.free[i+1].Size
		a.free = slices.Delete(a.free, i+1, i+2)
	}
}

func pcAllocDraw(t *fuzzsrc.T) any {
	tr := &pcTrace{}
	a := &pcAlloc{free: []pcBlock{{0, pcArena}}}
	var used [pcArena]bool // model: first fit over a bitmap
	blocks := fuzzsrc.NewPool[pcBlock]("b")
	live := map[pcBlock]bool{}
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "Alloc", Run: func(t *fuzzsrc.T) {
			n := fuzzsrc.IntRange(1, 8).Draw(t, "n")
			want := -1
			for off := 0; off+n <= pcArena && want < 0; off++ {
				if !slices.Contains(used[off:off+n], true) {
					want = off
				}
			}
			got, ok := a.Alloc(n)
			tr.call("Alloc(%d) = %d, %v", n, got, ok)
			if !ok {
				got = -1
			}
			if got != want {
				tr.fail("Alloc(%d) = %d, want %d", n, got, want)
				return
			}
			if ok {
				for i := got; i < got+n; i++ {
					used[i] = true
				}
				blk := pcBlock{got, n}
				live[blk] = true
				blocks.Add(t, blk)
			}
		}},
		{Name: "Free", Run: func(t *fuzzsrc.T) {
			blk := blocks.Draw(t, "b")
			tr.call("Free(%v)", blk)
			if !live[blk] {
				return // already freed
			}
			delete(live, blk)
			a.Free(blk.Off, blk.Size)
			for i := blk.Off; i < blk.Off+blk.Size; i++ {
				used[i] = false
			}
		}},
	}})
	return tr
}

// ---- hash set: linear probing, Remove empties the slot (no tombstone) ----

type pcHashSet struct {
	slots [8]int
	used  [8]bool
	n     int
}

func (s *pcHashSet) find(x int) (int, bool) {
	i := x % 8
	for range 8 {
		if !s.used[i] {
			return i, false
		}
		if s.slots[i] == x {
			return i, true
		}
		i = (i + 1) % 8
	}
	return -1, false
}

func (s *pcHashSet) Add(x int) {
	if i, ok := s.find(x); !ok && i >= 0 {
		s.slots[i], s.used[i] = x, true
		s.n++
	}
}

func (s *pcHashSet) Remove(x int) {
	if i, ok := s.find(x); ok {
		s.used[i] = false // bug: breaks the probe chain of later keys
		s.n--
	}
}

func (s *pcHashSet) Has(x int) bool {
	_, ok := s.find(x)
	return ok
}

type pcSetOp struct {
	Op int // 0 add, 1 remove, 2 has
	X  int
}

var pcSetOps = fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) pcSetOp {
	return pcSetOp{
		Op: fuzzsrc.IntRange(0, 2).Draw(t, "op"),
		X:  fuzzsrc.IntRange(0, 15).Draw(t, "x"),
	}
}))

func pcHashSetFails(v any) bool {
	var s pcHashSet
	model := map[int]bool{}
	for _, op := range v.([]pcSetOp) {
		switch op.Op {
		case 0:
			if len(model) < 7 || model[op.X] {
				s.Add(op.X)
				model[op.X] = true
			}
		case 1:
			s.Remove(op.X)
			delete(model, op.X)
		case 2:
			if s.Has(op.X) != model[op.X] {
				return true
			}
		}
	}
	return false
}

// ---- priority queue: sift-down ignores the last element as a right child ----

type pcHeap []int

func (h *pcHeap) Push(x int) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if a[p] <= a[i] {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

func (h *pcHeap) Pop() int {
	a := *h
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		l := 2*i + 1
		if l >= n {
			break
		}
		c := l
		if r := l + 1; r < n-1 && a[r] < a[l] { // bug: r < n
			c = r
		}
		if a[i] <= a[c] {
			break
		}
		a[i], a[c] = a[c], a[i]
		i = c
	}
	*h = a
	return top
}

type pcHeapOp struct {
	Pop bool
	X   int
}

var pcHeapOps = fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) pcHeapOp {
	if fuzzsrc.Bool().Draw(t, "pop") {
		return pcHeapOp{Pop: true}
	}
	return pcHeapOp{X: fuzzsrc.IntRange(0, 99).Draw(t, "x")}
}))

func pcHeapFails(v any) bool {
	var h pcHeap
	var model []int
	for _, op := range v.([]pcHeapOp) {
		if !op.Pop {
			h.Push(op.X)
			model = append(model, op.X)
			continue
		}
		if len(model) == 0 {
			continue
		}
		i := slices.Index(model, slices.Min(model))
		want := model[i]
		model = slices.Delete(model, i, i+1)
		if h.Pop() != want {
			return true
		}
	}
	return false
}

// ---- text editor: undoing a backspace reinserts at the cursor ----

type pcEdit struct {
	ins  bool
	pos  int
	text []rune
}

type pcEditor struct {
	buf  []rune
	cur  int
	undo []pcEdit
}

func (e *pcEditor) Type(s string) {
	r := []rune(s)
	e.buf = slices.Insert(e.buf, e.cur, r...)
	e.undo = append(e.undo, pcEdit{true, e.cur, r})
	e.cur += len(r)
}

func (e *pcEditor) Backspace() {
	if e.cur == 0 {
		return
	}
	r := e.buf[e.cur-1]
	e.buf = slices.Delete(e.buf, e.cur-1, e.cur)
	e.cur--
	e.undo = append(e.undo, pcEdit{false, e.cur, []rune{r}})
}

func (e *pcEditor) Left()  { e.cur = max(e.cur-1, 0) }
func (e *pcEditor) Right() { e.cur = min(e.cur+1, len(e.buf)) }

func (e *pcEditor) Undo() {
	if len(e.undo) == 0 {
		return
	}
	u := e.undo[len(e.undo)-1]
	e.undo = e.undo[:len(e.undo)-1]
	if u.ins {
		e.buf = slices.Delete(e.buf, u.pos, u.pos+len(u.text))
		e.cur = u.pos
		return
	}
	e.buf = slices.Insert(e.buf, e.cur, u.text...) // bug: should insert at u.pos
	e.cur += len(u.text)
}

func pcEditorDraw(t *fuzzsrc.T) any {
	tr := &pcTrace{}
	e := &pcEditor{}
	type state struct {
		text string
		cur  int
	}
	var m state
	var history []state
	text := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("abc"), 1, 4)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Type", Run: func(t *fuzzsrc.T) {
				s := text.Draw(t, "s")
				tr.call("Type(%q)", s)
				e.Type(s)
				history = append(history, m)
				m = state{m.text[:m.cur] + s + m.text[m.cur:], m.cur + len(s)}
			}},
			{Name: "Left", Run: func(t *fuzzsrc.T) {
				tr.call("Left()")
				e.Left()
				m.cur = max(m.cur-1, 0)
			}},
			{Name: "Right", Run: func(t *fuzzsrc.T) {
				tr.call("Right()")
				e.Right()
				m.cur = min(m.cur+1, len(m.text))
			}},
			{Name: "Backspace", Run: func(t *fuzzsrc.T) {
				tr.call("Backspace()")
				e.Backspace()
				if m.cur > 0 {
					history = append(history, m)
					m = state{m.text[:m.cur-1] + m.text[m.cur:], m.cur - 1}
				}
			}},
			{Name: "Undo", Run: func(t *fuzzsrc.T) {
				tr.call("Undo()")
				e.Undo()
				if len(history) > 0 {
					m = history[len(history)-1]
					history = history[:len(history)-1]
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if got := string(e.buf); got != m.text {
				tr.fail("text %q, want %q", got, m.text)
			}
		},
	})
	return tr
}

// ---- random walk: clamping lets the walker onto the grid's edge+1 ----

const pcGrid = 5

type pcWalk struct {
	Steps int
	Moves []int
	X, Y  int
}

func pcWalkDraw(t *fuzzsrc.T) any {
	steps := fuzzsrc.IntRange(0, 40).Draw(t, "steps")
	r := fuzzsrc.Rand().Draw(t, "rand")
	w := pcWalk{Steps: steps, X: pcGrid / 2, Y: pcGrid / 2}
	for range steps {
		d := r.IntN(4)
		w.Moves = append(w.Moves, d)
		switch d {
		case 0:
			w.Y--
		case 1:
			w.X--
		case 2:
			w.Y++
		case 3:
			w.X++
		}
		w.X = min(max(w.X, 0), pcGrid) // bug: pcGrid-1
		w.Y = min(max(w.Y, 0), pcGrid)
	}
	return w
}

func pcWalkFails(v any) bool {
	w := v.(pcWalk)
	return w.X >= pcGrid || w.Y >= pcGrid
}

// ---- in-place permutation: the last element of each cycle is not marked done ----

type pcPermCase struct {
	P, Got, Want []int
}

var pcPermGen = fuzzsrc.FromRand(func(r *rand.Rand) []int {
	return r.Perm(1 + r.IntN(8))
})

// pcPermute sets a[i] = old a[p[i]] in place, following cycles.
func pcPermute(a, p []int) {
	done := make([]bool, len(a))
	for i := range a {
		if done[i] {
			continue
		}
		tmp, j := a[i], i
		for {
			k := p[j]
			if k == i {
				break
			}
			a[j] = a[k]
			done[j] = true
			j = k
		}
		a[j] = tmp // bug: done[j] = true missing
	}
}

func pcPermDraw(t *fuzzsrc.T) any {
	p := pcPermGen.Draw(t, "p")
	c := pcPermCase{P: p}
	for i := range p {
		c.Got = append(c.Got, 10*i)
		c.Want = append(c.Want, 10*p[i])
	}
	pcPermute(c.Got, p)
	return c
}

func pcPermFails(v any) bool {
	c := v.(pcPermCase)
	return !slices.Equal(c.Got, c.Want)
}

// ---- run-length encoding of a bit row: 2-bit counts, long runs not split ----

func pcRLEEncode(row []int) []byte {
	var out []byte
	for i := 0; i < len(row); {
		j := i
		for j < len(row) && row[j] == row[i] {
			j++
		}
		out = append(out, byte(row[i])<<2|byte(j-i-1)&3) // bug: runs over 4 must be split
		i = j
	}
	return out
}

func pcRLEDecode(enc []byte) []int {
	var row []int
	for _, b := range enc {
		for range int(b&3) + 1 {
			row = append(row, int(b>>2))
		}
	}
	return row
}

func pcRLEFails(v any) bool {
	row := v.([]int)
	got := pcRLEDecode(pcRLEEncode(row))
	return !slices.Equal(got, row)
}

// ---- base conversion: the loop stops one digit early ----

type pcBaseCase struct {
	Base int
	N    uint64
}

func pcFormatBase(n uint64, base int) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	b := uint64(base)
	var buf []byte
	for n > b { // bug: n >= b
		buf = append(buf, digits[n%b])
		n /= b
	}
	buf = append(buf, digits[n])
	slices.Reverse(buf)
	return string(buf)
}

func pcBaseFails(v any) bool {
	c := v.(pcBaseCase)
	got, err := strconv.ParseUint(pcFormatBase(c.N, c.Base), c.Base, 64)
	return err != nil || got != c.N
}

// ---- date arithmetic: the leap-year rule misses the 400-year exception ----

type pcDate struct{ Y, M, D, N int }

func pcLeap(y int) bool { return y%4 == 0 && y%100 != 0 } // bug: || y%400 == 0

func pcDaysIn(y, m int) int {
	switch m {
	case 2:
		if pcLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func pcAddDays(y, m, d, n int) (int, int, int) {
	for n > 0 {
		dim := pcDaysIn(y, m)
		if d+n <= dim {
			return y, m, d + n
		}
		n -= dim - d + 1
		d = 1
		if m++; m > 12 {
			m = 1
			y++
		}
	}
	return y, m, d
}

func pcDateDraw(t *fuzzsrc.T) any {
	return pcDate{
		Y: fuzzsrc.IntRange(1900, 2100).Draw(t, "y"),
		M: fuzzsrc.IntRange(1, 12).Draw(t, "m"),
		D: fuzzsrc.IntRange(1, 28).Draw(t, "d"),
		N: fuzzsrc.IntRange(0, 1000).Draw(t, "n"),
	}
}

func pcDateFails(v any) bool {
	c := v.(pcDate)
	y, m, d := pcAddDays(c.Y, c.M, c.D, c.N)
	want := time.Date(c.Y, time.Month(c.M), c.D+c.N, 0, 0, 0, 0, time.UTC)
	return want != time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
}

// ---- binary search: returns any match, not the first ----

type pcSearchCase struct {
	A []int
	X int
}

func pcSearchFirst(a []int, x int) int {
	lo, hi := 0, len(a)
	for lo < hi {
		mid := (lo + hi) / 2
		switch {
		case a[mid] == x:
			return mid // bug: keep searching left for the first match
		case a[mid] < x:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return lo
}

func pcSearchDraw(t *fuzzsrc.T) any {
	a := fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 20)).Draw(t, "a")
	slices.Sort(a)
	return pcSearchCase{a, fuzzsrc.IntRange(0, 20).Draw(t, "x")}
}

func pcSearchFails(v any) bool {
	c := v.(pcSearchCase)
	return pcSearchFirst(c.A, c.X) != sort.SearchInts(c.A, c.X)
}

// ---- dedupe: deleting while iterating skips the next element ----

func pcDedupe(a []int) []int {
	seen := map[int]bool{}
	for i := 0; i < len(a); i++ {
		if seen[a[i]] {
			a = slices.Delete(a, i, i+1)
			continue // bug: i-- first, the next element moved into a[i]
		}
		seen[a[i]] = true
	}
	return a
}

func pcDedupeFails(v any) bool {
	in := v.([]int)
	var want []int
	for _, x := range in {
		if !slices.Contains(want, x) {
			want = append(want, x)
		}
	}
	got := pcDedupe(slices.Clone(in))
	return !slices.Equal(got, want)
}

// ---- rotate: juggling algorithm with a shortcut for the number of cycles ----

type pcRotCase struct {
	A []int
	K int
}

func pcRotateLeft(a []int, k int) {
	n := len(a)
	if n == 0 {
		return
	}
	k %= n
	if k == 0 {
		return
	}
	cycles := 1 // bug: should be gcd(n, k)
	if n%k == 0 {
		cycles = k
	}
	for s := range cycles {
		tmp, j := a[s], s
		for {
			next := (j + k) % n
			if next == s {
				break
			}
			a[j] = a[next]
			j = next
		}
		a[j] = tmp
	}
}

func pcRotDraw(t *fuzzsrc.T) any {
	return pcRotCase{
		A: fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 9)).Draw(t, "a"),
		K: fuzzsrc.IntRange(0, 20).Draw(t, "k"),
	}
}

func pcRotFails(v any) bool {
	c := v.(pcRotCase)
	got := slices.Clone(c.A)
	pcRotateLeft(got, c.K)
	var want []int
	if n := len(c.A); n > 0 {
		want = slices.Concat(c.A[c.K%n:], c.A[:c.K%n])
	}
	return !slices.Equal(got, want)
}

// ---- two sum: indices into the sorted copy, not the input ----

type pcTwoSumCase struct {
	A      []int
	Target int
}

func pcTwoSum(a []int, target int) (int, int, bool) {
	s := slices.Clone(a)
	slices.Sort(s)
	i, j := 0, len(s)-1
	for i < j {
		switch sum := s[i] + s[j]; {
		case sum == target:
			return i, j, true // bug: these index s, not a
		case sum < target:
			i++
		default:
			j--
		}
	}
	return 0, 0, false
}

func pcTwoSumDraw(t *fuzzsrc.T) any {
	return pcTwoSumCase{
		A:      fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 9)).Draw(t, "a"),
		Target: fuzzsrc.IntRange(0, 18).Draw(t, "target"),
	}
}

func pcTwoSumFails(v any) bool {
	c := v.(pcTwoSumCase)
	i, j, ok := pcTwoSum(c.A, c.Target)
	exists := false
	for x := range c.A {
		for y := x + 1; y < len(c.A); y++ {
			exists = exists || c.A[x]+c.A[y] == c.Target
		}
	}
	if !ok {
		return exists
	}
	return i == j || c.A[i]+c.A[j] != c.Target
}

// ---- internet checksum, streaming: an odd-length write is padded ----

type pcCsumCase struct {
	Data   []byte
	Chunks []int
}

type pcCsum struct{ sum uint32 }

func (c *pcCsum) Write(p []byte) {
	for len(p) >= 2 {
		c.sum += uint32(p[0])<<8 | uint32(p[1])
		p = p[2:]
	}
	if len(p) == 1 {
		c.sum += uint32(p[0]) << 8 // bug: should be held to pair with the next write
	}
}

func (c *pcCsum) Sum16() uint16 {
	s := c.sum
	for s>>16 != 0 {
		s = s&0xffff + s>>16
	}
	return ^uint16(s)
}

func pcCsumDraw(t *fuzzsrc.T) any {
	return pcCsumCase{
		Data:   fuzzsrc.Bytes().Draw(t, "data"),
		Chunks: fuzzsrc.SliceOf(fuzzsrc.IntRange(1, 8)).Draw(t, "chunks"),
	}
}

func pcCsumFails(v any) bool {
	c := v.(pcCsumCase)
	var whole, parts pcCsum
	whole.Write(c.Data)
	rest := c.Data
	for _, n := range c.Chunks {
		n = min(n, len(rest))
		parts.Write(rest[:n])
		rest = rest[n:]
	}
	parts.Write(rest)
	return whole.Sum16() != parts.Sum16()
}

// ---- bit set: NextSet shifts by the bit index, not its offset in the word ----

type pcBitSet []uint64

func (s *pcBitSet) Add(x int) {
	for x/64 >= len(*s) {
		*s = append(*s, 0)
	}
	(*s)[x/64] |= 1 << (x % 64)
}

func (s pcBitSet) NextSet(i int) (int, bool) {
	w := i / 64
	if w >= len(s) {
		return 0, false
	}
	if word := s[w] >> i; word != 0 { // bug: >> (i % 64)
		return i + bits.TrailingZeros64(word), true
	}
	for w++; w < len(s); w++ {
		if s[w] != 0 {
			return w*64 + bits.TrailingZeros64(s[w]), true
		}
	}
	return 0, false
}

func pcBitSetFails(v any) bool {
	xs := v.([]int)
	var s pcBitSet
	for _, x := range xs {
		s.Add(x)
	}
	var got []int
	for i, ok := s.NextSet(0); ok; i, ok = s.NextSet(i + 1) {
		got = append(got, i)
	}
	want := slices.Compact(slices.Sorted(slices.Values(xs)))
	return !slices.Equal(got, want)
}

func probesC() []probe {
	return []probe{
		{"c stack push after pop", func(t *fuzzsrc.T) any { return pcStackOps.Draw(t, "ops") }, pcStackFails, 0},
		{"c deque ring grow", pcDequeDraw, pcTraceFails, 0},
		{"c lru put held key", pcLRUDraw, pcTraceFails, 0},
		{"c token bucket remainder", pcBucketDraw, pcTraceFails, 0},
		{"c bank self transfer", pcBankDraw, pcTraceFails, 0},
		{"c allocator coalesce", pcAllocDraw, pcTraceFails, 0},
		{"c hashset remove probe", func(t *fuzzsrc.T) any { return pcSetOps.Draw(t, "ops") }, pcHashSetFails, 0},
		{"c heap sift right", func(t *fuzzsrc.T) any { return pcHeapOps.Draw(t, "ops") }, pcHeapFails, 0},
		{"c editor undo backspace", pcEditorDraw, pcTraceFails, 0},
		{"c random walk clamp", pcWalkDraw, pcWalkFails, 0},
		{"c permute cycles", pcPermDraw, pcPermFails, 0},
		{"c rle long run", func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 1)).Draw(t, "row") }, pcRLEFails, 0},
		{"c base convert", func(t *fuzzsrc.T) any {
			return pcBaseCase{fuzzsrc.IntRange(2, 16).Draw(t, "base"), fuzzsrc.Integers[uint64]().Draw(t, "n")}
		}, pcBaseFails, 0},
		{"c add days leap", pcDateDraw, pcDateFails, 0},
		{"c binary search first", pcSearchDraw, pcSearchFails, 0},
		{"c dedupe delete", func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 9)).Draw(t, "a") }, pcDedupeFails, 0},
		{"c rotate juggling", pcRotDraw, pcRotFails, 0},
		{"c two sum indices", pcTwoSumDraw, pcTwoSumFails, 0},
		{"c checksum chunks", pcCsumDraw, pcCsumFails, 0},
		{"c bitset next", func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 255)).Draw(t, "xs") }, pcBitSetFails, 0},
	}
}
