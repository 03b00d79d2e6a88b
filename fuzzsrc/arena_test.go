package fuzzsrc

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestArenaValuesStay draws strings and byte slices of mixed lengths in
// one run, recording off (values carved out of the arena) and on (each
// allocated alone), keeps every value, and compares them only after the
// run: a later draw, or a target writing to or appending to a slice it
// drew, must not change a value drawn before. Slices that end past the
// input read zeros there even after text was decoded into the same
// arena.
func TestArenaValuesStay(t *testing.T) {
	draw := func(t *T) []any {
		var vs []any
		for i := 0; i < 40; i++ {
			switch i % 4 {
			case 0:
				vs = append(vs, String().Draw(t, "s"))
			case 1:
				b := BytesN(3, 30).Draw(t, "b")
				vs = append(vs, slices.Clone(b))
				b = append(b, 0xAA, 0xBB) // must reallocate, not write into the next value
				b[0] = 0xCC               // the target's own slice
			case 2:
				vs = append(vs, StringN(50, 400).Draw(t, "long"))
			case 3:
				vs = append(vs, BytesN(20, 20).Draw(t, "fixed"))
			}
		}
		return vs
	}
	r := rand.New(rand.NewPCG(7, 7))
	for i := range 600 {
		data := make([]byte, r.IntN(1200))
		if i%2 == 1 {
			data = data[:len(data)%200] // runs out within the first few draws
		}
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		fast := draw(&T{data: data})
		var recorded []any
		recordRun(data, func(t *T) { recorded = draw(t) })
		if got, want := fmt.Sprintf("%#v", fast), fmt.Sprintf("%#v", recorded); got != want {
			t.Fatalf("on %x:\nfuzzing kept %s\nrecording   %s", data, got, want)
		}
	}
}

// TestArenaCapacity checks that a drawn slice's capacity is its length,
// so that appending to it cannot reach the arena's next value.
func TestArenaCapacity(t *testing.T) {
	tt := &T{data: []byte{1, 2, 3, 4, 5, 6, 7, 8}}
	a := BytesN(3, 3).Draw(tt, "a")
	b := BytesN(3, 3).Draw(tt, "b")
	if cap(a) != 3 || cap(b) != 3 {
		t.Fatalf("cap(a), cap(b) = %d, %d, want 3, 3", cap(a), cap(b))
	}
	_ = append(a, 9)
	if want := []byte{4, 5, 6}; !slices.Equal(b, want) {
		t.Fatalf("b = %v after appending to a, want %v", b, want)
	}
}
