package minimize_test

import (
	"bytes"
	"context"
	"fmt"

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
