package bench

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"pgregory.net/rapid"
)

// This file holds stateful problems: a system driven through a sequence
// of operations and compared with a model, drawn by fuzzsrc.Repeat (with
// a fuzzsrc.Pool for handles) and, for the rapid column, by rapid's
// t.Repeat with the same operations. The value is the program of calls
// that ran; its size is the number of calls.

// sarg is an operation's argument: an integer in [lo, hi], or, if ref, a
// handle that an earlier call created.
type sarg struct {
	lo, hi int
	ref    bool
}

// sop is one operation on a state S.
type sop[S any] struct {
	name    string
	args    []sarg
	pre     func(*S) bool // nil: always allowed
	creates bool          // the call creates a handle, the next in order
	// run performs the call with its arguments (a handle argument is the
	// handle's number, 0 for the first created) and judges the result.
	run func(s *S, args []int) verdict
}

// machine is a stateful problem: a fresh state, the operations, and an
// invariant checked after each call.
type machine[S any] struct {
	init  func() *S
	ops   []sop[S] // sorted by name, as rapid's t.Repeat orders actions
	check func(*S) verdict
}

func newMachine[S any](init func() *S, check func(*S) verdict, ops ...sop[S]) machine[S] {
	slices.SortFunc(ops, func(a, b sop[S]) int { return strings.Compare(a.name, b.name) })
	return machine[S]{init: init, ops: ops, check: check}
}

// usesRef reports whether an operation takes a handle.
func (o sop[S]) usesRef() bool {
	return slices.ContainsFunc(o.args, func(a sarg) bool { return a.ref })
}

// call formats a call: name(args), handles as h1, h2, ...; a creating
// call as an assignment.
func (o sop[S]) call(args []int, created int) string {
	parts := make([]string, len(args))
	for i, a := range args {
		if o.args[i].ref {
			parts[i] = fmt.Sprintf("h%d", a+1)
		} else {
			parts[i] = fmt.Sprint(a)
		}
	}
	c := o.name + "(" + strings.Join(parts, ", ") + ")"
	if o.creates {
		c = fmt.Sprintf("h%d := %s", created+1, c)
	}
	return c
}

// callList formats the calls made.
func callList(calls []string) string { return "[" + strings.Join(calls, "; ") + "]" }

// prop is the fuzzsrc property; it appends each call it makes to *calls
// if calls is not nil.
func (m machine[S]) prop(calls *[]string) func(*fuzzsrc.T) {
	return func(t *fuzzsrc.T) {
		s := m.init()
		handles := fuzzsrc.NewPool[int]("h")
		actions := make([]fuzzsrc.Action, len(m.ops))
		for i, op := range m.ops {
			actions[i] = fuzzsrc.Action{
				Name: op.name,
				Pre: func() bool {
					return (op.pre == nil || op.pre(s)) && (!op.usesRef() || handles.Len() > 0)
				},
				Run: func(t *fuzzsrc.T) {
					args := make([]int, len(op.args))
					for j, a := range op.args {
						if a.ref {
							args[j] = handles.Draw(t, "h")
						} else {
							args[j] = fuzzsrc.IntRange(a.lo, a.hi).Draw(t, "arg")
						}
					}
					if calls != nil {
						*calls = append(*calls, op.call(args, handles.Len()))
					}
					v := op.run(s, args)
					if op.creates {
						handles.Add(t, handles.Len())
					}
					enforce(t, v)
				},
			}
		}
		fuzzsrc.Repeat(t, fuzzsrc.Machine{
			Actions:   actions,
			Invariant: func(t *fuzzsrc.T) { enforce(t, m.check(s)) },
		})
	}
}

// decode runs the property on input and returns the program it ran.
func (m machine[S]) decode(input []byte) (string, int) {
	var calls []string
	fuzzsrc.Run(input, m.prop(&calls))
	return callList(calls), len(calls)
}

// rapidProp is the same property with rapid's t.Repeat, as a rapid user
// writes it: a handle is drawn as an index into the handles created so
// far (rapid shrinks it towards the oldest), and an action that cannot
// run calls t.Skip, which t.Repeat treats as "not applicable".
func (m machine[S]) rapidProp(failed func(string, int)) func(*rapid.T) {
	return func(t *rapid.T) {
		s := m.init()
		var calls []string
		created := 0
		judge := func(t *rapid.T, v verdict) {
			if v == failedA || v == failedB {
				failed(callList(calls), len(calls))
			}
			enforce(t, v)
		}
		actions := map[string]func(*rapid.T){
			"": func(t *rapid.T) { judge(t, m.check(s)) },
		}
		for _, op := range m.ops {
			actions[op.name] = func(t *rapid.T) {
				if op.pre != nil && !op.pre(s) || op.usesRef() && created == 0 {
					t.Skip("not applicable")
				}
				args := make([]int, len(op.args))
				for j, a := range op.args {
					if a.ref {
						args[j] = rapid.IntRange(0, created-1).Draw(t, "h")
					} else {
						args[j] = rapid.IntRange(a.lo, a.hi).Draw(t, "arg")
					}
				}
				calls = append(calls, op.call(args, created))
				v := op.run(s, args)
				if op.creates {
					created++
				}
				judge(t, v)
			}
		}
		t.Repeat(actions)
	}
}

// fill sets b's property functions from m.
func (m machine[S]) fill(b Benchmark) Benchmark {
	b.Prop = m.prop(nil)
	b.Decode = m.decode
	b.Rapid = m.rapidProp
	return b
}

// stepEnc encodes a program for MinInput and Passing: each step is the
// "more" flag, the action's index among n (when n > 1) and the argument
// bytes.
type stepEnc struct{ n int }

func (e stepEnc) step(kind int, args ...byte) []byte {
	b := []byte{flagByte(machineSteps)}
	if e.n > 1 {
		b = append(b, choiceOf(fuzzsrc.IntRange(0, e.n-1)).Encode(uint64(kind))...)
	}
	return append(b, args...)
}

// machineSteps is the number of steps of a fuzzsrc.Machine whose Steps
// is the zero Size, as its doc gives it.
var machineSteps = fuzzsrc.Size{Max: 100, Average: 20}

// trimZeros drops trailing zero bytes, which read as the zeros they are.
func trimZeros(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == 0 {
		b = b[:len(b)-1]
	}
	return b
}

// stateCands is the search space of a stateful problem: the "more" flag
// stops or goes on, every action index, and integer arguments and handle
// references at their k+1 simplest indices.
func stateCands(k uint64) func(fuzzsrc.Choice) []uint64 {
	more := flagByte(machineSteps)
	return func(c fuzzsrc.Choice) []uint64 {
		switch {
		case c.Kind == fuzzsrc.KindMore:
			return coinIndices(c, more)
		case c.Kind == fuzzsrc.KindIndex && c.Max < 8: // an action
			return span(c.Max, c.Max)
		default:
			return span(c.Max, k)[:k+1]
		}
	}
}

// twoStack is a queue kept as two stacks; its planted bug: a push while
// the out-stack holds values lands on the out-stack, ahead of them.
type twoStack struct {
	in, out []int
	model   []int
}

func queue2() Benchmark {
	m := newMachine(func() *twoStack { return &twoStack{} },
		func(s *twoStack) verdict {
			if len(s.in)+len(s.out) != len(s.model) {
				return failedB
			}
			return pass
		},
		sop[twoStack]{name: "push", args: []sarg{{lo: 0, hi: 9}}, run: func(s *twoStack, a []int) verdict {
			if len(s.out) > 0 {
				s.out = append(s.out, a[0]) // the bug: should go on s.in
			} else {
				s.in = append(s.in, a[0])
			}
			s.model = append(s.model, a[0])
			return pass
		}},
		sop[twoStack]{name: "pop", pre: func(s *twoStack) bool { return len(s.model) > 0 }, run: func(s *twoStack, _ []int) verdict {
			if len(s.out) == 0 {
				for len(s.in) > 0 {
					s.out = append(s.out, s.in[len(s.in)-1])
					s.in = s.in[:len(s.in)-1]
				}
			}
			got := s.out[len(s.out)-1]
			s.out = s.out[:len(s.out)-1]
			want := s.model[0]
			s.model = s.model[1:]
			if got != want {
				return failedA
			}
			return pass
		}},
	)
	e := stepEnc{n: 2}
	one := intByte(fuzzsrc.IntRange(0, 9), 1)
	return m.fill(Benchmark{
		Name:       "sm-queue",
		Hypothesis: "not measured (our own problem)",
		About:      "a two-stack queue: push digits, pop when not empty; a push while the out-stack holds values jumps the queue",
		MinValue:   "[push(0); push(0); pop(); push(1); pop()]",
		MinInput:   trimZeros(cat(e.step(1, 0), e.step(1, 0), e.step(0), e.step(1, one), e.step(0))),
		Why: "the bug needs a value on the out-stack, which takes two pushes and a pop (one push moves " +
			"to the out-stack and pops off it), then a push and a pop that sees the pushed value instead " +
			"of the one left; only the last push and the value left must differ, so the pushes are 0, 0, 1; " +
			"pop sorts before push, so it is action 0 and the last step is its flag alone",
		Space: Space{MaxLen: 12, Cands: stateCands(2)},
		Passing: []Example{
			{"push pop", cat(e.step(1, one), e.step(0)), "one value in, the same out"},
			{"equal values", cat(e.step(1, 0), e.step(1, 0), e.step(0), e.step(1, 0), e.step(0)), "the bug reorders equal values"},
		},
	})
}

// hashTable is a 4-slot linear-probing table of keys 0..7 hashed by k%2;
// its planted bug: delete empties the slot instead of leaving a
// tombstone, cutting the probe chain of a key that collided with it.
type hashTable struct {
	keys  [4]int // key+1; 0 empty
	vals  [4]int
	model map[int]int
}

func (h *hashTable) find(k int) int {
	for i := range 4 {
		j := (k%2 + i) % 4
		if h.keys[j] == 0 {
			return -1
		}
		if h.keys[j] == k+1 {
			return j
		}
	}
	return -1
}

func mapDelete() Benchmark {
	m := newMachine(func() *hashTable { return &hashTable{model: map[int]int{}} },
		func(h *hashTable) verdict {
			n := 0
			for _, k := range h.keys {
				if k != 0 {
					n++
				}
			}
			if n != len(h.model) {
				return failedB
			}
			return pass
		},
		sop[hashTable]{name: "put", args: []sarg{{lo: 0, hi: 7}, {lo: 0, hi: 9}},
			pre: func(h *hashTable) bool { return len(h.model) < 4 },
			run: func(h *hashTable, a []int) verdict {
				k, v := a[0], a[1]
				if j := h.find(k); j >= 0 {
					h.vals[j] = v
				} else {
					for i := range 4 {
						if j := (k%2 + i) % 4; h.keys[j] == 0 {
							h.keys[j], h.vals[j] = k+1, v
							break
						}
					}
				}
				h.model[k] = v
				return pass
			}},
		sop[hashTable]{name: "get", args: []sarg{{lo: 0, hi: 7}}, run: func(h *hashTable, a []int) verdict {
			want, ok := h.model[a[0]]
			j := h.find(a[0])
			// The same assertion as the count check: both see a key lost
			// past a cut probe chain, one bug, so one signature, and a
			// reduction that starts from a failing get can end on the
			// shorter failing del.
			if ok != (j >= 0) || ok && h.vals[j] != want {
				return failedB
			}
			return pass
		}},
		sop[hashTable]{name: "del", args: []sarg{{lo: 0, hi: 7}}, run: func(h *hashTable, a []int) verdict {
			if j := h.find(a[0]); j >= 0 {
				h.keys[j] = 0 // the bug: should leave a tombstone
			}
			delete(h.model, a[0])
			return pass
		}},
	)
	e := stepEnc{n: 3}
	two := intByte(fuzzsrc.IntRange(0, 7), 2)
	return m.fill(Benchmark{
		Name:       "sm-map",
		Hypothesis: "not measured (our own problem)",
		About:      "a 4-slot linear-probing map of keys 0..7 hashed by k%2: put, get, del; del empties the slot instead of leaving a tombstone",
		MinValue:   "[put(2, 0); put(0, 0); del(2); del(0)]",
		MinInput:   trimZeros(cat(e.step(2, two, 0), e.step(2, 0, 0), e.step(0, two), e.step(0, 0))),
		Why: "a cut probe chain shows when a key past the cut is looked up: two puts of colliding keys " +
			"(0 and 2 are the smallest) and a del of the first; a del of the second then misses it and the " +
			"count check fails. del sorts first (action 0), so ending on del(0) costs only its flag, which " +
			"makes 0 the second key: put(2), put(0), del(2), del(0), 12 bytes, where ending on get(2) " +
			"costs two more",
		Space: Space{MaxLen: 13, Cands: stateCands(2)},
		Passing: []Example{
			{"put get", cat(e.step(2, two, 0), e.step(1, two)), "a key put is found"},
			{"no collision", cat(e.step(2, 0, 0), e.step(2, intByte(fuzzsrc.IntRange(0, 7), 1), 0), e.step(0, 0), e.step(1, intByte(fuzzsrc.IntRange(0, 7), 1))), "keys 0 and 1 do not collide"},
		},
	})
}

// ringBuf is a ring buffer of capacity 3 that tells full from empty by
// head == tail; its planted bug: it has no count, so a full buffer reads
// as empty.
type ringBuf struct {
	buf        [3]int
	head, tail int
	model      []int
}

func (r *ringBuf) len() int { return (r.tail - r.head + 3) % 3 }

func ringBuffer() Benchmark {
	m := newMachine(func() *ringBuf { return &ringBuf{} },
		func(r *ringBuf) verdict {
			if r.len() != len(r.model) {
				return failedB
			}
			return pass
		},
		sop[ringBuf]{name: "push", args: []sarg{{lo: 0, hi: 9}},
			pre: func(r *ringBuf) bool { return len(r.model) < 3 },
			run: func(r *ringBuf, a []int) verdict {
				r.buf[r.tail] = a[0]
				r.tail = (r.tail + 1) % 3
				r.model = append(r.model, a[0])
				return pass
			}},
		sop[ringBuf]{name: "pop", pre: func(r *ringBuf) bool { return len(r.model) > 0 }, run: func(r *ringBuf, _ []int) verdict {
			if r.len() == 0 {
				return failedA
			}
			got := r.buf[r.head]
			r.head = (r.head + 1) % 3
			want := r.model[0]
			r.model = r.model[1:]
			if got != want {
				return failedA
			}
			return pass
		}},
	)
	e := stepEnc{n: 2}
	return m.fill(Benchmark{
		Name:       "sm-ring",
		Hypothesis: "not measured (our own problem)",
		About:      "a capacity-3 ring buffer that tells full from empty by head == tail: push digits while not full, pop while not empty; full reads as empty",
		MinValue:   "[push(0); push(0); push(0)]",
		MinInput:   trimZeros(cat(e.step(1, 0), e.step(1, 0), e.step(1, 0))),
		Why:        "the invariant (length) fails once the buffer is full, after three pushes, whose values are free at 0",
		Space:      Space{MaxLen: 9, Cands: stateCands(1)},
		Passing: []Example{
			{"two pushes", cat(e.step(1, 0), e.step(1, 0)), "not yet full"},
			{"push pop", cat(e.step(1, 0), e.step(1, 0), e.step(0), e.step(1, 0)), "head moved: two held"},
		},
	})
}

// arena is a bump allocator over 8 cells with a free list; its planted
// bug: alloc reuses the first freed block whatever its size, so a larger
// block overlaps the next one.
type arena struct {
	next   int
	blocks [][2]int // by handle: start, size
	live   []bool
	free   []int // handles freed, oldest first
}

func allocator() Benchmark {
	m := newMachine(func() *arena { return &arena{} },
		func(a *arena) verdict {
			for i, b := range a.blocks {
				for j := i + 1; j < len(a.blocks); j++ {
					c := a.blocks[j]
					if a.live[i] && a.live[j] && b[0] < c[0]+c[1] && c[0] < b[0]+b[1] {
						return failedB
					}
				}
			}
			return pass
		},
		sop[arena]{name: "alloc", args: []sarg{{lo: 1, hi: 4}}, creates: true,
			pre: func(a *arena) bool { return a.next <= 4 },
			run: func(a *arena, args []int) verdict {
				start := a.next
				if len(a.free) > 0 {
					start = a.blocks[a.free[0]][0] // the bug: no size check
					a.free = a.free[1:]
				} else {
					a.next += args[0]
				}
				a.blocks = append(a.blocks, [2]int{start, args[0]})
				a.live = append(a.live, true)
				return pass
			}},
		sop[arena]{name: "free", args: []sarg{{ref: true}}, run: func(a *arena, args []int) verdict {
			if h := args[0]; a.live[h] {
				a.live[h] = false
				a.free = append(a.free, h)
			}
			return pass
		}},
	)
	e := stepEnc{n: 2}
	two := intByte(fuzzsrc.IntRange(1, 4), 2)
	return m.fill(Benchmark{
		Name:       "sm-alloc",
		Hypothesis: "not measured (our own problem)",
		About:      "a bump allocator over 8 cells with a free list: alloc 1..4 cells (a handle), free a handle; alloc reuses a freed block of any size, overlapping live blocks",
		MinValue:   "[h1 := alloc(1); free(h1); h2 := alloc(2); h3 := alloc(1)]",
		MinInput:   trimZeros(cat(e.step(0, 0), e.step(1, 0), e.step(0, two), e.step(0, 0))),
		Why: "an overlap needs a reused block grown past its old size and a block next to it: alloc, " +
			"free it (the newest handle: reference byte 0), alloc 2 cells (the smallest size larger than " +
			"1) into it, and a last alloc, bumped to cell 1, inside it; its size 1 costs no bytes",
		Space: Space{MaxLen: 11, Cands: stateCands(2)},
		Passing: []Example{
			{"reuse same size", cat(e.step(0, 0), e.step(0, 0), e.step(1, 1), e.step(0, 0)), "a freed block reused at its own size"},
			{"free newest", cat(e.step(0, 0), e.step(0, 0), e.step(1, 0), e.step(0, two)), "the newest block has nothing after it"},
		},
	})
}
