package engine_test

import (
	"fmt"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
)

// Run runs a property on fixed bytes and returns what it drew from them:
// each choice is some bytes read as an index in shrink order, 0 the
// simplest.
func ExampleRun() {
	data := []byte{0xff, 0x80, 0xff, 7, 0xff, 9, 0}
	r := engine.Run(data, func(t *fuzzsrc.T) {
		n := fuzzsrc.IntRange(0, 10).Draw(t, "n")
		b := fuzzsrc.Bool().Draw(t, "b")
		s := fuzzsrc.SliceOf(fuzzsrc.Byte()).Draw(t, "s")
		fmt.Println(n, b, s)
	})
	fmt.Println("used", r.Used, "of", len(data), "bytes")
	for _, c := range r.Choices {
		fmt.Printf("%-7s byte %d: index %d of 0..%d\n", c.Kind, c.Offset, c.Index, c.Max)
	}
	// Output:
	// 10 true [7 9]
	// used 7 of 7 bytes
	// integer byte 0: index 10 of 0..10
	// bool    byte 1: index 1 of 0..1
	// more    byte 2: index 5 of 0..5
	// integer byte 3: index 7 of 0..255
	// more    byte 4: index 5 of 0..5
	// integer byte 5: index 9 of 0..255
	// more    byte 6: index 0 of 0..5
}

// Explain runs a property and records what a failure report shows: the
// labeled top-level draws, the log lines and how it failed.
func ExampleExplain() {
	r := engine.Explain([]byte{0xff, 3, 0xff, 0xff, 0}, func(t *fuzzsrc.T) {
		xs := fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 255)).Draw(t, "xs")
		t.Logf("sum %d", xs[0]+xs[1])
		if len(xs) > 1 {
			t.Fatalf("want at most one element, got %d", len(xs))
		}
	})
	for _, d := range r.Draws {
		fmt.Printf("draw %s: %s\n", d.Label, d.Value)
	}
	fmt.Println("logs:", r.Logs)
	fmt.Println(r.Failure.Kind, r.Failure.Message)
	// Output:
	// draw xs: []int{3, 255}
	// logs: [sum 258]
	// fatal want at most one element, got 2
}
