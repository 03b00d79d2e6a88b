package fuzzsrc

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shortlex/shortlex/internal/record"
)

// Action is one operation of a stateful property: a named call on the
// system under test, with the arguments it draws. See [Repeat].
type Action struct {
	// Name is the call as the report shows it, without its arguments:
	// "q.Push" reports a step that drew 3 as q.Push(3).
	Name string

	// Pre, if not nil, says whether the action may run now. A step whose
	// action may not run is marked discarded and drawn again; the report
	// never shows it.
	Pre func() bool

	// Run draws the action's arguments from t, performs the call, and
	// checks its result, failing t as any property does. Each value it
	// draws with [Generator.Draw] or [Pool.Draw] at the top level is one
	// argument of the reported call, in order. Draw every argument before
	// changing any state: a [Pool.Draw] on an empty pool ends the step
	// where it stands, as if Pre had said no. T.Skip and T.Assume discard
	// the whole input, as anywhere in a property (in rapid, t.Skip in an
	// action rejects the action): Pre is how an action says it does not
	// apply.
	Run func(t *T)
}

// Machine is a stateful property for [Repeat]: the actions a step may
// take and what must hold between steps. The state itself lives in the
// variables the actions' closures share, created afresh by the property
// on every run.
type Machine struct {
	// Actions are the operations, simplest first: a step draws its
	// action as an index into Actions, and reduction lowers it towards the
	// first action.
	Actions []Action

	// Invariant, if not nil, runs before the first step and after every
	// step; it fails t if the state is wrong.
	Invariant func(t *T)

	// Steps bounds the number of steps. The zero Size means
	// Size{Max: 100, Average: 20}.
	Steps Size
}

// defaultSteps is the number of steps of a [Machine] whose Steps is the
// zero Size.
var defaultSteps = Size{Max: 100, Average: 20}

// maxStepRejects bounds how many steps in a row may be discarded (their
// action's Pre said no) before the sequence ends.
const maxStepRejects = 20

// callLabel labels, in the draw log, the report line of one step.
const callLabel = "call"

// assignLabel marks, in the draw log during a step, the name a [Pool]
// gave a value the step added; the step's report line assigns it.
const assignLabel = "\x00assign"

// rejectStep is panicked by a Pool.Draw on an empty pool and recovered by
// the step that made it.
type rejectStep struct{}

// Repeat runs a sequence of steps of m: each draws an action of
// m.Actions, whose Pre allows it, and runs it; m.Invariant runs before
// the first step and after each. Call it from a property, after creating
// the system under test and its model:
//
//	fuzzsrc.Check(t, data, func(t *fuzzsrc.T) {
//		var q Queue
//		var model []int
//		fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
//			{Name: "q.Push", Run: func(t *fuzzsrc.T) {
//				x := fuzzsrc.IntRange(0, 9).Draw(t, "x")
//				q.Push(x)
//				model = append(model, x)
//			}},
//			{Name: "q.Pop", Pre: func() bool { return len(model) > 0 }, Run: func(t *fuzzsrc.T) {
//				if got := q.Pop(); got != model[0] {
//					t.Fatalf("Pop() = %d, want %d", got, model[0])
//				}
//				model = model[1:]
//			}},
//		}})
//	})
//
// A failure report lists the steps as the calls they made, one line each,
// in the order they ran, ready to paste into a regression test:
//
//	draw call: q.Push(0)
//	draw call: q.Push(1)
//	draw call: q.Pop()
//
// The encoding is made for reduction. Each step is one collection element
// (a "one more?" flag, the action's index, its arguments), recorded as one
// span labeled "step", so the reducer deletes whole steps and runs of
// steps, swaps them, and lowers an action towards the first one listed;
// an input that runs out ends the sequence. A value one step creates is
// used by a later one through a [Pool].
//
// Repeat panics if m has no actions.
func Repeat(t *T, m Machine) {
	if len(m.Actions) == 0 {
		panic("fuzzsrc.Repeat: no actions")
	}
	size := m.Steps
	if size == (Size{}) {
		size = defaultSteps
	}
	if m.Invariant != nil {
		m.Invariant(t)
	}
	e := newElements(t, size)
	rejects := 0
	for e.more("step") {
		if !runStep(t, m.Actions) {
			e.reject()
			if rejects++; rejects == maxStepRejects {
				break
			}
			continue
		}
		rejects = 0
		if m.Invariant != nil {
			m.Invariant(t)
		}
	}
	if e.count < max(size.Min, 0) {
		t.Skip("Repeat: too few steps whose action could run")
	}
}

// runStep draws an action and runs it, inside the step's span. It reports
// false if the step was rejected: its action's Pre said no, or it drew
// from an empty pool.
func runStep(t *T, actions []Action) (ran bool) {
	a := &actions[t.choose(record.KindIndex, uint64(len(actions)-1))]
	if a.Pre != nil && !a.Pre() {
		return false
	}
	depth := t.depth
	logged := 0
	if t.log != nil {
		logged = len(t.log.draws)
	}
	span := t.startSpan(a.Name)
	t.steps++
	defer func() {
		t.steps--
		if r := recover(); r != nil {
			if _, ok := r.(rejectStep); !ok {
				// A failure: report the step that made it, then let it
				// end the property.
				t.logCall(a.Name, logged)
				panic(r)
			}
			t.depth = depth
			if t.log != nil {
				t.log.draws = t.log.draws[:logged]
			}
			ran = false
		}
		t.endSpan(span, false)
	}()
	a.Run(t)
	t.logCall(a.Name, logged)
	return true
}

// logCall replaces the draws a step logged since position from with the
// step's report line: name(arg, ...), with "x1 := " in front if the step
// added values to pools.
func (t *T) logCall(name string, from int) {
	if t.log == nil {
		return
	}
	var assigned, args []string
	for _, d := range t.log.draws[from:] {
		if d.Label == assignLabel {
			assigned = append(assigned, d.Value)
		} else {
			args = append(args, d.Value)
		}
	}
	call := name + "(" + strings.Join(args, ", ") + ")"
	if len(assigned) > 0 {
		call = strings.Join(assigned, ", ") + " := " + call
	}
	t.log.draws = append(t.log.draws[:from], record.Draw{Label: callLabel, Value: call})
}

// A Pool holds the values that steps of a [Repeat] created (handles,
// keys, allocated blocks), so that later steps can use them: what
// Hypothesis calls a bundle. The report names the values by the pool's
// name and the order they were added: b1, b2, ...
//
// A reference to a pooled value is drawn as one byte that counts back
// from the newest value, modulo the number of values: 0 is the value
// added last. Reduction deletes whole steps; deleting a step that added a
// value older than the one referred to, or any step that added none, does
// not change which value a later step uses, and a deleted newer value
// only shifts references that counted past it, which the reducer lowers
// by one in the same candidate. A byte at or past the number of values
// names the smallest byte for the same value to the reducer.
//
// Create a Pool inside the property, so that each run starts empty.
type Pool[V any] struct {
	name   string
	values []V
}

// NewPool returns an empty pool whose values the report calls name1,
// name2, ...
func NewPool[V any](name string) *Pool[V] {
	return &Pool[V]{name: name}
}

// Add adds v to the pool. The report shows the step that added it as an
// assignment: b1 := alloc.Alloc(4).
func (p *Pool[V]) Add(t *T, v V) {
	p.values = append(p.values, v)
	if t.log != nil && t.depth == 0 {
		t.log.draws = append(t.log.draws, record.Draw{Label: assignLabel, Value: p.ref(len(p.values) - 1)})
	}
}

// Len is the number of values added so far.
func (p *Pool[V]) Len() int { return len(p.values) }

// Values returns the values added so far, oldest first. The slice is the
// pool's own; do not modify it.
func (p *Pool[V]) Values() []V { return p.values }

// Draw draws one of the values added so far, shrinking towards the newest.
// The report shows it by name (b2), as an argument of the step's call.
// On an empty pool it ends the step as rejected, when called in a step of
// [Repeat], and discards the input anywhere else.
func (p *Pool[V]) Draw(t *T, label string) V {
	n := len(p.values)
	if n == 0 {
		if t.steps > 0 {
			panic(rejectStep{})
		}
		t.Skip("Pool " + p.name + ": drawn from while empty")
	}
	s := t.startSpan("Pool(" + p.name + ")")
	var back int
	if n <= 256 {
		b := int(t.drawByte(record.KindIndex))
		back = b % n
		if b >= n && t.rec != nil {
			// The same value by its smallest byte, which lowering one
			// step at a time may not reach past bytes naming others.
			t.rec.nameSimpler([]uint64{uint64(back)})
		}
	} else {
		back = int(t.choose(record.KindIndex, uint64(n-1)))
	}
	t.endSpan(s, false)
	i := n - 1 - back
	if t.log != nil && t.depth == 0 {
		t.log.draws = append(t.log.draws, record.Draw{Label: label, Value: p.ref(i)})
	}
	return p.values[i]
}

// ref names the value at index i.
func (p *Pool[V]) ref(i int) string { return p.name + strconv.Itoa(i+1) }

// String names the pool and its size.
func (p *Pool[V]) String() string { return fmt.Sprintf("Pool(%s, %d values)", p.name, len(p.values)) }
