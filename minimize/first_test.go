package minimize_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/shortlex/shortlex/minimize"
)

// TestFirstOutcome checks that Options.First stands for the first run:
// Minimize does not run the input again, and reduces it exactly as it does
// after running it itself.
func TestFirstOutcome(t *testing.T) {
	p := catalogue()[0]
	in := failingInputs(t, p, 1, 3)[0]
	runsOf := func(first *minimize.Outcome) (minimize.Result, int, error) {
		calls := 0
		run := func(ctx context.Context, b []byte) (minimize.Outcome, error) {
			calls++
			if calls == 1 && first != nil && bytes.Equal(b, in) {
				t.Errorf("the input given as First ran again")
			}
			return p.run(ctx, b)
		}
		res, err := minimize.Minimize(context.Background(), in, run, minimize.Options{Workers: 1, First: first})
		return res, calls, err
	}
	plain, plainCalls, err := runsOf(nil)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := p.run(context.Background(), in)
	given, givenCalls, err := runsOf(&out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(plain.Input, given.Input) {
		t.Errorf("with First reduced to %x, without to %x", given.Input, plain.Input)
	}
	if givenCalls != plainCalls-1 || given.Stats.Runs != plain.Stats.Runs-1 {
		t.Errorf("with First: %d calls, %d runs counted; without: %d calls, %d runs; want one fewer each",
			givenCalls, given.Stats.Runs, plainCalls, plain.Stats.Runs)
	}

	// A First that did not fail is the same error as an input that does not.
	calls := 0
	run := func(ctx context.Context, b []byte) (minimize.Outcome, error) { calls++; return p.run(ctx, b) }
	_, err = minimize.Minimize(context.Background(), in, run, minimize.Options{First: &minimize.Outcome{}})
	if !errors.Is(err, minimize.ErrNotFailing) || calls != 0 {
		t.Errorf("First not failing: err %v after %d runs, want ErrNotFailing after none", err, calls)
	}
}
