package fuzzsrc_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/internal/record"
	"github.com/shortlex/shortlex/minimize"
)

// lifo is a queue with a planted bug: it pops the newest value, so it is
// wrong only once it holds two different values.
type lifo struct{ xs []int }

func (q *lifo) Push(x int) { q.xs = append(q.xs, x) }
func (q *lifo) Pop() int {
	x := q.xs[len(q.xs)-1]
	q.xs = q.xs[:len(q.xs)-1]
	return x
}

// queueProp drives a lifo against a slice model.
func queueProp(t *fuzzsrc.T) {
	var q lifo
	var model []int
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "q.Push", Run: func(t *fuzzsrc.T) {
			x := fuzzsrc.IntRange(0, 9).Draw(t, "x")
			q.Push(x)
			model = append(model, x)
		}},
		{Name: "q.Pop", Pre: func() bool { return len(model) > 0 }, Run: func(t *fuzzsrc.T) {
			if got := q.Pop(); got != model[0] {
				t.Fatalf("Pop() = %d, want %d", got, model[0])
			}
			model = model[1:]
		}},
	}})
}

// calls returns the report lines of a run's steps.
func calls(r *record.Record) []string {
	var out []string
	for _, d := range r.Draws {
		out = append(out, d.Label+": "+d.Value)
	}
	return out
}

// reduce minimizes data, which must fail prop, with one worker.
func reduce(t *testing.T, data []byte, prop func(*fuzzsrc.T)) []byte {
	t.Helper()
	if engine.Run(data, prop).Failure == nil {
		t.Fatalf("input %q does not fail", data)
	}
	run := func(_ context.Context, in []byte) (minimize.Outcome, error) {
		return engine.Run(in, prop).Outcome(), nil
	}
	res, err := minimize.Minimize(context.Background(), data, run, minimize.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res.Input
}

// step encodes one step: a "more" flag, the action's index among n
// actions, and the argument bytes.
func step(kind, n int, args ...byte) []byte {
	b := []byte{0xff}
	if n > 1 {
		b = append(b, byte(minimize.EncodingOf(uint64(kind), 1, uint64(n-1))))
	}
	return append(b, args...)
}

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func TestRepeatReducesToShortestSequence(t *testing.T) {
	// Pushes, pops and rejected pops (on an empty queue) before the
	// failure, which needs two different values pushed: the reducer must
	// delete whole steps, drop the rejected ones and lower the arguments
	// to the smallest pair that differs.
	data := cat(step(1, 2), step(0, 2, 7), step(1, 2), step(1, 2), step(0, 2, 200), step(0, 2, 9), step(0, 2, 3), step(1, 2), step(1, 2))
	min := reduce(t, data, queueProp)
	want := []string{"call: q.Push(0)", "call: q.Push(1)", "call: q.Pop()"}
	r := engine.Explain(min, queueProp)
	if diff := cmp.Diff(want, calls(r)); diff != "" {
		t.Errorf("reduced to %q (-want +got):\n%s", min, diff)
	}
	if r.Failure == nil || r.Failure.Message != "Pop() = 1, want 0" {
		t.Errorf("failure %+v, want Pop() = 1, want 0", r.Failure)
	}
}

func TestRepeatSpans(t *testing.T) {
	// A rejected step (Pop on an empty queue) is a discarded step span;
	// a step that ran is a step span holding its action's span.
	data := cat(step(1, 2), step(0, 2, 4), step(0, 2, 5))
	r := engine.Run(data, queueProp)
	var got []string
	for _, s := range r.Spans {
		if s.Label == "step" || strings.HasPrefix(s.Label, "q.") {
			got = append(got, fmt.Sprintf("%s %d-%d discarded=%v", s.Label, s.Start, s.End, s.Discarded))
		}
	}
	want := []string{
		"step 0-2 discarded=true",
		"step 2-5 discarded=false",
		"q.Push 4-5 discarded=false",
		"step 5-8 discarded=false",
		"q.Push 7-8 discarded=false",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("spans (-want +got):\n%s", diff)
	}
	if r.Failure != nil || r.Discarded {
		t.Errorf("want a passing run, got failure %v, discarded %v", r.Failure, r.Discarded)
	}
}

func TestRepeatEmptyInputRunsInvariantOnly(t *testing.T) {
	// Missing bytes read as zero: the first "more" flag stops, so an
	// empty input is the empty sequence, and the invariant still runs.
	invariants, steps := 0, 0
	r := engine.Run(nil, func(t *fuzzsrc.T) {
		fuzzsrc.Repeat(t, fuzzsrc.Machine{
			Actions:   []fuzzsrc.Action{{Name: "f", Run: func(*fuzzsrc.T) { steps++ }}},
			Invariant: func(*fuzzsrc.T) { invariants++ },
		})
	})
	if invariants != 1 || steps != 0 || r.Used != 0 {
		t.Errorf("invariants %d, steps %d, used %d; want 1, 0, 0", invariants, steps, r.Used)
	}
}

// allocProp drives a pool of handles: Free of a handle freed before
// fails, so the failure needs a value created by one step and used by
// two later ones.
func allocProp(t *fuzzsrc.T) {
	blocks := fuzzsrc.NewPool[int]("b")
	freed := map[int]bool{}
	next := 0
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "a.Alloc", Run: func(t *fuzzsrc.T) {
				size := fuzzsrc.IntRange(1, 64).Draw(t, "size")
				_ = size
				next++
				blocks.Add(t, next)
			}},
			{Name: "a.Free", Run: func(t *fuzzsrc.T) {
				b := blocks.Draw(t, "b")
				if freed[b] {
					t.Fatalf("double free of block %d", b)
				}
				freed[b] = true
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if len(freed) > blocks.Len() {
				t.Fatalf("freed %d of %d blocks", len(freed), blocks.Len())
			}
		},
	})
}

func TestPoolReport(t *testing.T) {
	// Free before any Alloc draws from an empty pool: that step is
	// rejected before it reads its argument. The reference byte counts
	// back from the newest block.
	data := cat(step(1, 2), step(0, 2, 5), step(0, 2, 0), step(1, 2, 1), step(1, 2, 3))
	r := engine.Explain(data, allocProp)
	// Alloc's size byte 5 is index 5*64>>8 = 1 of IntRange(1, 64): 2.
	want := []string{"call: b1 := a.Alloc(2)", "call: b2 := a.Alloc(1)", "call: a.Free(b1)", "call: a.Free(b1)"}
	if diff := cmp.Diff(want, calls(r)); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
	if r.Failure == nil || r.Failure.Message != "double free of block 1" {
		t.Errorf("failure %+v, want a double free of block 1", r.Failure)
	}
}

func TestPoolReferenceSurvivesDeletion(t *testing.T) {
	// Deleting a step that created an older value, or a step that created
	// none, leaves a later reference to the newest value unchanged; the
	// reducer can then delete them one at a time.
	alloc, free := step(0, 2, 0), step(1, 2, 0)
	tests := []struct {
		name, reason string
		data         []byte
		want         []string
	}{
		{"all", "the input as found", cat(alloc, free, alloc, free, free),
			[]string{"b1 := a.Alloc(1)", "a.Free(b1)", "b2 := a.Alloc(1)", "a.Free(b2)", "a.Free(b2)"}},
		{"older value deleted", "the first Alloc and Free gone: b2 is now b1, and still the newest",
			cat(alloc, free, free),
			[]string{"b1 := a.Alloc(1)", "a.Free(b1)", "a.Free(b1)"}},
		{"unrelated use deleted", "the first Free gone: the references count back from the newest",
			cat(alloc, alloc, free, free),
			[]string{"b1 := a.Alloc(1)", "b2 := a.Alloc(1)", "a.Free(b2)", "a.Free(b2)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := engine.Explain(tc.data, allocProp)
			var got []string
			for _, d := range r.Draws {
				got = append(got, d.Value)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

func TestPoolReducesToMinimalProgram(t *testing.T) {
	// Many allocations and frees before a double free of an old block: the
	// minimal program allocates one block and frees it twice.
	data := cat(step(0, 2, 9), step(0, 2, 30), step(1, 2, 0), step(0, 2, 3), step(0, 2, 4),
		step(1, 2, 1), step(1, 2, 2), step(0, 2, 7), step(1, 2, 4))
	min := reduce(t, data, allocProp)
	want := []string{"call: b1 := a.Alloc(1)", "call: a.Free(b1)", "call: a.Free(b1)"}
	if diff := cmp.Diff(want, calls(engine.Explain(min, allocProp))); diff != "" {
		t.Errorf("reduced to %q (-want +got):\n%s", min, diff)
	}
}

func TestPoolOutsideRepeatDiscards(t *testing.T) {
	r := engine.Run(nil, func(t *fuzzsrc.T) {
		fuzzsrc.NewPool[string]("k").Draw(t, "k")
	})
	if !r.Discarded || r.Failure != nil {
		t.Errorf("discarded %v, failure %v; want the input discarded", r.Discarded, r.Failure)
	}
}

func TestRepeatFailureInInvariantReportsLastStep(t *testing.T) {
	// The invariant fails after the third push: the report ends with it.
	prop := func(t *fuzzsrc.T) {
		n := 0
		fuzzsrc.Repeat(t, fuzzsrc.Machine{
			Actions: []fuzzsrc.Action{{Name: "c.Inc", Run: func(*fuzzsrc.T) { n++ }}},
			Invariant: func(t *fuzzsrc.T) {
				if n == 3 {
					t.Fatalf("n reached 3")
				}
			},
		})
	}
	data := cat(step(0, 1), step(0, 1), step(0, 1), step(0, 1))
	r := engine.Explain(data, prop)
	want := []string{"call: c.Inc()", "call: c.Inc()", "call: c.Inc()"}
	if diff := cmp.Diff(want, calls(r)); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
}

func TestRepeatPanicInStepIsReported(t *testing.T) {
	// A step that panics is the report's last line.
	prop := func(t *fuzzsrc.T) {
		var xs []int
		fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
			{Name: "push", Run: func(*fuzzsrc.T) { xs = append(xs, 1) }},
			{Name: "at", Run: func(t *fuzzsrc.T) { _ = xs[fuzzsrc.IntRange(0, 3).Draw(t, "i")] }},
		}})
	}
	r := engine.Explain(cat(step(0, 2), step(1, 2, 0xff)), prop)
	want := []string{"call: push()", "call: at(3)"}
	if diff := cmp.Diff(want, calls(r)); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
	if r.Failure == nil || r.Failure.Kind != record.KindPanic {
		t.Errorf("failure %+v, want a panic", r.Failure)
	}
}

// Repeat runs a sequence of actions; a failure reports the calls. Here a
// queue that pops its newest value is reduced from a long failing
// sequence to the shortest one, which a regression test can replay.
func ExampleRepeat() {
	found := cat(step(0, 2, 7), step(1, 2), step(0, 2, 200), step(0, 2, 9), step(0, 2, 3), step(1, 2), step(1, 2))
	run := func(_ context.Context, in []byte) (minimize.Outcome, error) {
		return engine.Run(in, queueProp).Outcome(), nil
	}
	res, _ := minimize.Minimize(context.Background(), found, run, minimize.Options{Workers: 1})
	r := engine.Explain(res.Input, queueProp)
	for _, d := range r.Draws {
		fmt.Println(d.Value)
	}
	fmt.Println(r.Failure.Message)
	// Output:
	// q.Push(0)
	// q.Push(1)
	// q.Pop()
	// Pop() = 1, want 0
}

// A Pool hands values one step creates to later steps; the report names
// them. Here the second Free draws reference byte 1, one back from the
// newest block: b1 again, a double free.
func ExamplePool() {
	data := cat(step(0, 2, 0), step(0, 2, 0), step(1, 2, 1), step(1, 2, 1))
	r := engine.Explain(data, allocProp)
	for _, d := range r.Draws {
		fmt.Println(d.Value)
	}
	fmt.Println(r.Failure.Message)
	// Output:
	// b1 := a.Alloc(1)
	// b2 := a.Alloc(1)
	// a.Free(b1)
	// a.Free(b1)
	// double free of block 1
}

// TestPoolNamesSmallestByte checks that a reference byte past the pool's
// size names the smallest byte that refers to the same value, so that
// the reducer reaches it without stepping through bytes that name others.
func TestPoolNamesSmallestByte(t *testing.T) {
	tests := []struct {
		name string
		b    byte
		want []uint64
	}{
		{"past the size", 7, []uint64{1}}, // 7 % 3 = 1
		{"multiple of the size", 6, []uint64{0}},
		{"within the size", 2, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := engine.Run([]byte{tc.b}, func(t *fuzzsrc.T) {
				p := fuzzsrc.NewPool[int]("v")
				for i := range 3 {
					p.Add(t, i)
				}
				p.Draw(t, "v")
			})
			var got []uint64
			for _, s := range r.Simpler {
				got = append(got, s.Index)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("byte %d: simpler indices %v, want %v", tc.b, got, tc.want)
			}
		})
	}
}
