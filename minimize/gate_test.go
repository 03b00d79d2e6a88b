package minimize_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/minimize"
)

// orderKey is the key the reducer orders p's inputs by.
func orderKey(p property, in []byte) []byte {
	out, _ := p.run(context.Background(), in)
	return minimize.OrderKey(in, out)
}

// TestGateInvariants checks, for every catalogue and mechanism property and many
// inputs, that the result fails with the original signature, is never
// shortlex-greater than the input, and is a fixed point: reducing it
// again changes nothing.
func TestGateInvariants(t *testing.T) {
	for _, p := range append(catalogue(), mechanisms()...) {
		t.Run(p.name, func(t *testing.T) {
			for k, in := range failingInputs(t, p, 10, 7) {
				orig, _ := p.run(context.Background(), in)
				var last []byte = in
				opts := minimize.Options{Workers: 1, Seed: uint64(k), OnShrink: func(b []byte, out minimize.Outcome) {
					if out.Signature != orig.Signature {
						t.Errorf("input %d: shrink with signature %q, want %q", k, out.Signature, orig.Signature)
					}
					last = slices.Clone(b)
				}}
				res, err := minimize.Minimize(context.Background(), in, p.run, opts)
				if err != nil {
					t.Fatal(err)
				}
				if res.Stop != minimize.FixedPoint {
					t.Errorf("input %d: stopped by %v, want a fixed point", k, res.Stop)
				}
				if got, _ := p.run(context.Background(), res.Input); !got.Failed || got.Signature != orig.Signature {
					t.Errorf("input %d: result does not fail as the original: %+v", k, got)
				}
				if minimize.ShortlexLess(orderKey(p, in), orderKey(p, res.Input)) {
					t.Errorf("input %d: result %x is shortlex-greater than the input %x", k, res.Input, in)
				}
				if res.Stats.Shrinks > 0 && !bytes.Equal(last, res.Input) {
					t.Errorf("input %d: OnShrink last saw %x, result is %x", k, last, res.Input)
				}
				again, err := minimize.Minimize(context.Background(), res.Input, p.run, minimize.Options{Workers: 1, Seed: 99})
				if err != nil {
					t.Fatal(err)
				}
				if again.Stats.Shrinks != 0 || !bytes.Equal(again.Input, res.Input) {
					t.Errorf("input %d: %x is not a fixed point: reduced again to %x", k, res.Input, again.Input)
				}
			}
		})
	}
}

// rawRun is a target that reads raw bytes, with a failure signature per
// bug: it fails "needle" if the input contains "bug", and "long" if it
// is longer than 40 bytes.
func rawRun(_ context.Context, in []byte) (minimize.Outcome, error) {
	out := minimize.Outcome{Used: len(in)}
	switch {
	case bytes.Contains(in, []byte("bug")):
		out.Failed, out.Signature = true, "needle"
	case len(in) > 40:
		out.Failed, out.Signature = true, "long"
	}
	return out, nil
}

func TestRawBytesAndSlips(t *testing.T) {
	// The needle in the first half: deleting that half leaves a long input.
	in := []byte("xxxx bug xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\x00\x00")
	res, err := minimize.Minimize(context.Background(), in, rawRun, minimize.Options{Workers: 1, ExactLength: true})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Input) != "bug" {
		t.Errorf("raw target reduced to %q, want %q", res.Input, "bug")
	}
	if len(res.Slips) != 1 || res.Slips[0].Signature != "long" {
		t.Fatalf("slips %+v: deleting the needle from a long input fails as \"long\", which must be recorded", res.Slips)
	}
	if got, _ := rawRun(context.Background(), res.Slips[0].Input); got.Signature != "long" {
		t.Errorf("the slip's input %q does not fail as \"long\"", res.Slips[0].Input)
	}
}

func TestExactLengthKeepsTrailingZeros(t *testing.T) {
	run := func(_ context.Context, in []byte) (minimize.Outcome, error) {
		return minimize.Outcome{Used: len(in), Failed: len(in) >= 3, Signature: "len"}, nil
	}
	res, err := minimize.Minimize(context.Background(), []byte{9, 9, 9, 9, 0}, run, minimize.Options{ExactLength: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]byte{0, 0, 0}, res.Input); diff != "" {
		t.Errorf("a length-sensitive target keeps its zeros (-want +got):\n%s", diff)
	}
}

func TestDeterminism(t *testing.T) {
	p := catalogue()[2] // the tree
	for _, workers := range []int{1, 2, 4} {
		in := failingInputs(t, p, 1, 3)[0]
		var first []byte
		var runs int
		for range 3 {
			res, err := minimize.Minimize(context.Background(), in, p.run, minimize.Options{Workers: workers, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first, runs = res.Input, res.Stats.Runs
			} else if !bytes.Equal(first, res.Input) || runs != res.Stats.Runs {
				t.Errorf("workers %d: %x after %d runs, then %x after %d", workers, first, runs, res.Input, res.Stats.Runs)
			}
		}
	}
}

func TestBudgets(t *testing.T) {
	p := catalogue()[0]
	in := failingInputs(t, p, 1, 11)[0]
	orig, _ := p.run(context.Background(), in)

	res, err := minimize.Minimize(context.Background(), in, p.run, minimize.Options{Workers: 1, MaxRuns: 5})
	if err != nil || res.Stop != minimize.Budget || res.Stats.Runs > 5 {
		t.Errorf("MaxRuns 5: stop %v, %d runs, err %v", res.Stop, res.Stats.Runs, err)
	}
	if got, _ := p.run(context.Background(), res.Input); got.Signature != orig.Signature {
		t.Errorf("a budget-stopped result must still fail as the original")
	}

	res, err = minimize.Minimize(context.Background(), in, p.run, minimize.Options{Workers: 1, MaxShrinks: 1})
	if err != nil || res.Stop != minimize.Budget || res.Stats.Shrinks != 1 {
		t.Errorf("MaxShrinks 1: stop %v, %d shrinks, err %v", res.Stop, res.Stats.Shrinks, err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	cancelling := func(ctx context.Context, b []byte) (minimize.Outcome, error) {
		if n++; n == 3 {
			cancel()
		}
		return p.run(ctx, b)
	}
	res, err = minimize.Minimize(ctx, in, cancelling, minimize.Options{Workers: 1})
	if err != nil || res.Stop != minimize.Canceled || res.Input == nil {
		t.Errorf("canceled: stop %v, input %x, err %v; want the best so far and no error", res.Stop, res.Input, err)
	}
}

func TestErrors(t *testing.T) {
	p := catalogue()[0]
	if _, err := minimize.Minimize(context.Background(), nil, p.run, minimize.Options{}); !errors.Is(err, minimize.ErrNotFailing) {
		t.Errorf("passing input: err %v, want ErrNotFailing", err)
	}
	boom := errors.New("worker died")
	n := 0
	broken := func(ctx context.Context, b []byte) (minimize.Outcome, error) {
		if n++; n > 2 {
			return minimize.Outcome{}, boom
		}
		return p.run(ctx, b)
	}
	in := failingInputs(t, p, 1, 2)[0]
	res, err := minimize.Minimize(context.Background(), in, broken, minimize.Options{Workers: 1})
	if !errors.Is(err, boom) || res.Input == nil || res.Stop != minimize.RunError {
		t.Errorf("a run error ends the reduction with that error, the best so far and StopReason RunError: err %v, input %x, stop %v", err, res.Input, res.Stop)
	}
}
