package minimize_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/minimize"
)

// A target that reads raw bytes reports no structure; the reducer works on
// its bytes. ExactLength keeps trailing zeros, which such a target sees.
func ExampleMinimize_rawBytes() {
	run := func(_ context.Context, in []byte) (minimize.Outcome, error) {
		found := bytes.Contains(in, []byte("bug"))
		return minimize.Outcome{Failed: found, Signature: "contains bug", Used: len(in)}, nil
	}
	res, err := minimize.Minimize(context.Background(), []byte("a long input with a bug in it"), run,
		minimize.Options{Workers: 1, ExactLength: true})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q\n", res.Input)
	// Output: "bug"
}

// A property written with fuzzsrc records its choices and spans, which
// guide the reducer; the reduced input draws the simplest failing value.
func ExampleMinimize_choiceSequence() {
	prop := func(t *fuzzsrc.T) {
		xs := fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 1000)).Draw(t, "xs")
		sum := 0
		for _, x := range xs {
			sum += x
		}
		if sum > 1500 {
			t.Fatalf("sum %d", sum)
		}
	}
	run := func(_ context.Context, in []byte) (minimize.Outcome, error) {
		return fuzzsrc.Run(in, prop).Outcome(), nil
	}
	input := []byte{0xff, 0x90, 0x01, 0xff, 0xf0, 0x22, 0xff, 0x75, 0x75, 0xff, 0x33, 0x01}
	res, err := minimize.Minimize(context.Background(), input, run, minimize.Options{Workers: 1})
	if err != nil {
		panic(err)
	}
	var xs []int
	fuzzsrc.Run(res.Input, func(t *fuzzsrc.T) { xs = fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 1000)).Draw(t, "xs") })
	fmt.Println(xs, res.Stop)
	// Output: [501 1000] fixed point
}
