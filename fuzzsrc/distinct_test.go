package fuzzsrc_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
)

func TestSliceOfDistinct(t *testing.T) {
	g := fuzzsrc.SliceOfDistinct(fuzzsrc.IntRange(0, 255), fuzzsrc.Size{})
	tests := []struct {
		name, reason string
		data         []byte
		want         []int
	}{
		{"empty", "an exhausted input ends the slice at its minimum", nil, nil},
		{"distinct", "each flag 0xff is 'one more', then one byte per element", []byte{0xff, 3, 0xff, 1, 0}, []int{3, 1}},
		{"duplicate", "the second 3 is rejected and the slice goes on", []byte{0xff, 3, 0xff, 3, 0xff, 4}, []int{3, 4}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, draw(g, tc.data)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
	// The rejected element is a discarded span, which the reducer deletes.
	r := engine.Run([]byte{0xff, 3, 0xff, 3, 0xff, 4}, func(t *fuzzsrc.T) { g.Draw(t, "s") })
	var discarded []string
	for _, s := range r.Spans {
		if s.Discarded {
			discarded = append(discarded, fmt.Sprintf("%s %d-%d", s.Label, s.Start, s.End))
		}
	}
	if diff := cmp.Diff([]string{"element 2-4"}, discarded); diff != "" {
		t.Errorf("discarded spans (-want +got):\n%s", diff)
	}
}

func TestSliceOfDistinctAlwaysDistinct(t *testing.T) {
	// Over random inputs, elements are distinct by key and the length
	// is within bounds, or the input is discarded.
	type rec struct{ ID, V int }
	g := fuzzsrc.SliceOfDistinctBy(
		fuzzsrc.Map(fuzzsrc.IntRange(0, 15), func(i int) rec { return rec{ID: i % 4, V: i} }),
		func(r rec) int { return r.ID }, fuzzsrc.Size{Min: 1, Max: 3})
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		data := make([]byte, r.IntN(20))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		var got []rec
		res := engine.Run(data, func(t *fuzzsrc.T) { got = g.Draw(t, "s") })
		if res.Discarded {
			continue
		}
		seen := map[int]bool{}
		for _, x := range got {
			if seen[x.ID] {
				t.Fatalf("input %x: duplicate ID %d in %v", data, x.ID, got)
			}
			seen[x.ID] = true
		}
		if len(got) < 1 || len(got) > 3 {
			t.Fatalf("input %x: length %d outside 1..3", data, len(got))
		}
	}
}

func TestSliceOfDistinctReduces(t *testing.T) {
	prop := func(t *fuzzsrc.T) {
		s := fuzzsrc.SliceOfDistinct(fuzzsrc.IntRange(-5, 20), fuzzsrc.Size{}).Draw(t, "s")
		if len(s) >= 3 {
			t.Fatalf("three elements")
		}
	}
	data := []byte{0xff, 200, 0xff, 17, 0xff, 200, 0xff, 90, 0xff, 30}
	min := reduce(t, data, prop)
	got := draw(fuzzsrc.SliceOfDistinct(fuzzsrc.IntRange(-5, 20), fuzzsrc.Size{}), min)
	// IntRange(-5, 20) shrinks 0, 1, -1, 2, ...; a last element of 0
	// costs no bytes (missing bytes read as zeros), so [1 -1 0], five
	// bytes, is shortlex-smaller than [0 1 -1], six, and than [1 2 0]
	// (-1 comes before 2).
	if diff := cmp.Diff([]int{1, -1, 0}, got); diff != "" {
		t.Errorf("reduced to %x (-want +got):\n%s", min, diff)
	}
}

func TestPermutation(t *testing.T) {
	vals := []string{"a", "b", "c"}
	g := fuzzsrc.Permutation(vals)
	if diff := cmp.Diff(vals, draw(g, nil)); diff != "" {
		t.Errorf("an exhausted input gives the given order (-want +got):\n%s", diff)
	}
	// Every two-byte input gives a permutation, and all six are reached.
	seen := map[string]bool{}
	for a := range 256 {
		for b := range 256 {
			p := draw(g, []byte{byte(a), byte(b)})
			if !slices.Equal(slices.Sorted(slices.Values(p)), vals) {
				t.Fatalf("input %x %x: %v is not a permutation", a, b, p)
			}
			seen[strings.Join(p, "")] = true
		}
	}
	if len(seen) != 6 {
		t.Errorf("reached %d permutations, want 6: %v", len(seen), seen)
	}
	if !slices.Equal(vals, []string{"a", "b", "c"}) {
		t.Errorf("Permutation modified its values: %v", vals)
	}
}

func TestPermutationReduces(t *testing.T) {
	prop := func(t *fuzzsrc.T) {
		p := fuzzsrc.Permutation([]int{1, 2, 3, 4}).Draw(t, "p")
		if p[0] > p[1] {
			t.Fatalf("out of order")
		}
	}
	min := reduce(t, []byte{0xff, 0xff, 0xff}, prop)
	if diff := cmp.Diff([]int{2, 1, 3, 4}, draw(fuzzsrc.Permutation([]int{1, 2, 3, 4}), min)); diff != "" {
		t.Errorf("reduced to %x: one swap of the first two (-want +got):\n%s", min, diff)
	}
}

func TestExample(t *testing.T) {
	g := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 99), 5, 5)
	if a, b := g.Example(7), g.Example(7); !slices.Equal(a, b) || len(a) != 5 {
		t.Errorf("Example(7) gave %v then %v: want the same five values", a, b)
	}
	// A long draw is not cut short by zeros past the end of the bytes.
	long := fuzzsrc.SliceOfN(fuzzsrc.IntRange(1, 255), 1000, 1000).Example(1)
	if slices.Index(long[900:], 1) > 50 {
		t.Errorf("the tail of a long example is all the simplest value: %v", long[900:])
	}
	odd := fuzzsrc.IntRange(0, 255).Filter(func(v int) bool { return v%2 == 1 }).Example(3)
	if odd%2 != 1 {
		t.Errorf("Example of a filtered generator gave %d", odd)
	}
}

func TestExamplePanicsWhenEveryInputIsDiscarded(t *testing.T) {
	g := fuzzsrc.Custom(func(t *fuzzsrc.T) int { t.Skip("never"); return 0 })
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "were discarded") {
			t.Errorf("recovered %v, want a panic saying the inputs were discarded", r)
		}
	}()
	g.Example(1)
}

func TestFilterRejectingAlmostEverythingFails(t *testing.T) {
	// A predicate that keeps 1 value in 256 rejects 100 different values
	// in a row on most random inputs: the property fails and says why.
	// On repeated bytes the attempts are the same value: no evidence, so
	// the input is only discarded.
	g := fuzzsrc.IntRange(0, 255).Filter(func(v int) bool { return v == 77 })
	random := make([]byte, 200)
	r := rand.New(rand.NewPCG(4, 4))
	for i := range random {
		random[i] = byte(r.Uint32())
		if random[i] == 77 {
			random[i] = 78
		}
	}
	res := engine.Run(random, func(t *fuzzsrc.T) { g.Draw(t, "v") })
	if res.Failure == nil || !strings.Contains(res.Failure.Message, "its predicate keeps almost nothing") {
		t.Errorf("random input: failure %+v, want the filter to fail the property", res.Failure)
	}
	if !strings.HasSuffix(res.Failure.File, "distinct_test.go") {
		t.Errorf("failure located at %s:%d, want the Draw call in this file", res.Failure.File, res.Failure.Line)
	}
	same := make([]byte, 200)
	res = engine.Run(same, func(t *fuzzsrc.T) { g.Draw(t, "v") })
	if res.Failure != nil || !res.Discarded {
		t.Errorf("repeated bytes: failure %+v, discarded %v; want the input discarded", res.Failure, res.Discarded)
	}
}

// SliceOfDistinct rejects an element equal to one already drawn: here
// the second 3 (bytes 0xff 3) is skipped.
func ExampleSliceOfDistinct() {
	g := fuzzsrc.SliceOfDistinct(fuzzsrc.IntRange(0, 255), fuzzsrc.Size{})
	fmt.Println(draw(g, []byte{0xff, 3, 0xff, 3, 0xff, 4, 0}))
	fmt.Println(draw(g, nil))
	// Output:
	// [3 4]
	// []
}

// Permutation draws a shuffle, one index per position: 0 leaves the
// element in place, so an exhausted input gives the order given. Here
// position 0 takes the element 2 places on (c), position 1 keeps b, and
// position 2 takes the one after it.
func ExamplePermutation() {
	g := fuzzsrc.Permutation([]string{"a", "b", "c", "d"})
	fmt.Println(draw(g, []byte{0x80, 0, 0x80}))
	fmt.Println(draw(g, nil))
	// Output:
	// [c b d a]
	// [a b c d]
}

// Example draws sample values from random bytes, the same for the same
// seed: for documentation, or to see what a generator makes.
func ExampleGenerator_Example() {
	g := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), 3, 3)
	fmt.Println(g.Example(1), g.Example(1))
	// Output:
	// [4 6 7] [4 6 7]
}

// Filter redraws until the predicate holds; rejected draws are discarded
// spans, which the reducer deletes first. A predicate that keeps almost
// nothing fails the property with a message that says so.
func ExampleGenerator_Filter() {
	odd := fuzzsrc.IntRange(0, 255).Filter(func(v int) bool { return v%2 == 1 })
	fmt.Println(draw(odd, []byte{2, 4, 7}))

	never := fuzzsrc.IntRange(0, 255).Filter(func(v int) bool { return v > 255 })
	data := make([]byte, 200)
	for i := range data {
		data[i] = byte(i)
	}
	r := engine.Run(data, func(t *fuzzsrc.T) { never.Draw(t, "v") })
	fmt.Println(r.Failure.Message)
	// Output:
	// 7
	// fuzzsrc: Filter(IntegerTowards[int](0, 255, 0)) rejected 100 values in a row (100 of them different): its predicate keeps almost nothing; draw values that satisfy it by construction instead
}
