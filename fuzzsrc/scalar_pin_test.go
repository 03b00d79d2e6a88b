package fuzzsrc

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
)

// pinnedScalars are the scalar generators whose fast paths (recording
// off) TestScalarDrawsPinned pins: every integer width and range shape,
// coins, floats, runes and picks.
var pinnedScalars = []struct {
	name string
	draw func(t *T) any
}{
	{"Int", pinDraw(Int())},
	{"IntRange(0,1000)", pinDraw(IntRange(0, 1000))},
	{"IntRange(-10,10)", pinDraw(IntRange(-10, 10))},
	{"IntRange(-70000,5)", pinDraw(IntRange(-70000, 5))},
	{"IntegerTowards(0,100,50)", pinDraw(IntegerTowards(0, 100, 50))},
	{"IntegerTowards(-5,100,0)", pinDraw(IntegerTowards(-5, 100, 0))},
	{"Integers[int8]", pinDraw(Integers[int8]())},
	{"Integers[uint16]", pinDraw(Integers[uint16]())},
	{"Integers[int32]", pinDraw(Integers[int32]())},
	{"Integers[uint64]", pinDraw(Integers[uint64]())},
	{"IntegerRange[uint64](5,1<<40)", pinDraw(IntegerRange[uint64](5, 1<<40))},
	{"Byte", pinDraw(Byte())},
	{"Bool", pinDraw(Bool())},
	{"WeightedBool(0.9)", pinDraw(WeightedBool(0.9))},
	{"Float64", pinDraw(Float64())},
	{"Float64Finite", pinDraw(Float64Finite())},
	{"Float64Range(-1,1)", pinDraw(Float64Range(-1, 1))},
	{"Float32", pinDraw(Float32())},
	{"Rune", pinDraw(Rune())},
	{"RuneFrom", pinDraw(RuneFrom("abcé中"))},
	{"SampledFrom", pinDraw(SampledFrom([]int{1, 2, 3, 5, 8}))},
	{"OneOf", pinDraw(OneOf(IntRange(0, 3), Int()))},
}

// pinDraw draws from g, built once: some generators (bounded floats)
// cost far more to build than to draw from.
func pinDraw[V any](g Generator[V]) func(*T) any {
	return func(t *T) any { return g.Draw(t, "v") }
}

// TestScalarDrawsPinned hashes what the pinned inputs decode to with
// recording off, as while fuzzing: three draws of each generator in a
// row and the position after each, so that the draws near and past the
// input's end are covered. The hashes were computed before the scalar
// fast paths existed; a change to them is a change to the encoding.
func TestScalarDrawsPinned(t *testing.T) {
	want := map[string]string{
		"Int":                           "aa7af1886beb199f",
		"IntRange(0,1000)":              "018202e319a6a0f0",
		"IntRange(-10,10)":              "3f3709251f50b9db",
		"IntRange(-70000,5)":            "6a1fc894e47be390",
		"IntegerTowards(0,100,50)":      "d600a6ff441a881a",
		"IntegerTowards(-5,100,0)":      "1af3da372a1b4759",
		"Integers[int8]":                "9f0a586f29bdc8db",
		"Integers[uint16]":              "3f98d0f724afb345",
		"Integers[int32]":               "c1848eab26c7aa21",
		"Integers[uint64]":              "9543640b7d1bebd8",
		"IntegerRange[uint64](5,1<<40)": "ae99a457ffd5867e",
		"Byte":                          "75a22c24f113e121",
		"Bool":                          "8befdaa3c00bb441",
		"WeightedBool(0.9)":             "7937c0f04fd1005f",
		"Float64":                       "4d7580138b66d8a9",
		"Float64Finite":                 "1d9fc50c236dca97",
		"Float64Range(-1,1)":            "2c05be8f1b0abd39",
		"Float32":                       "6a45c51623a5386f",
		"Rune":                          "79ef34e0dcb6f74f",
		"RuneFrom":                      "19dbd6f77fcd70fb",
		"SampledFrom":                   "32d7100e0bb43b00",
		"OneOf":                         "9c0fbbf3b4e136bc",
	}
	inputs := pinnedInputs()
	for _, g := range pinnedScalars {
		h := sha256.New()
		for _, data := range inputs {
			d := &T{data: data}
			fmt.Fprintf(h, "%x:", data)
			for range 3 {
				fmt.Fprintf(h, " %#v@%d", g.draw(d), d.pos)
			}
			fmt.Fprintln(h)
		}
		got := hex.EncodeToString(h.Sum(nil))[:16]
		if w, ok := want[g.name]; !ok || got != w {
			t.Errorf("%s: decoded values hash to %s, want %s", g.name, got, w)
		}
	}
}
