package fuzzsrc

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"testing"
)

// The string and bytes draws have a fast path for fuzzing (recording
// off) that decodes the input directly. These tests pin what every input
// decodes to, so that the fast path provably keeps the encoding: the
// value and how many bytes the draw consumed, which decides every later
// draw.

// pinnedGenerators are the string and bytes generators the pins cover:
// every length shape (unbounded, exact, bounded, minimum only) and both
// rune sources (Rune and RuneFrom).
var pinnedGenerators = []struct {
	name string
	draw func(t *T) any
}{
	{"String", func(t *T) any { return String().Draw(t, "v") }},
	{"StringN(16,16)", func(t *T) any { return StringN(16, 16).Draw(t, "v") }},
	{"StringN(2,5)", func(t *T) any { return StringN(2, 5).Draw(t, "v") }},
	{"StringN(3,-1)", func(t *T) any { return StringN(3, -1).Draw(t, "v") }},
	{"StringN(0,0)", func(t *T) any { return StringN(0, 0).Draw(t, "v") }},
	{"StringOf(RuneFrom)", func(t *T) any { return StringOf(RuneFrom("abcé中")).Draw(t, "v") }},
	{"StringOfN(RuneFrom,1,3)", func(t *T) any { return StringOfN(RuneFrom("xyz"), 1, 3).Draw(t, "v") }},
	{"StringOf(Rune)", func(t *T) any { return StringOf(Rune()).Draw(t, "v") }},
	{"Bytes", func(t *T) any { return Bytes().Draw(t, "v") }},
	{"BytesN(16,16)", func(t *T) any { return BytesN(16, 16).Draw(t, "v") }},
	{"BytesN(2,5)", func(t *T) any { return BytesN(2, 5).Draw(t, "v") }},
	{"BytesN(1,-1)", func(t *T) any { return BytesN(1, -1).Draw(t, "v") }},
	{"BytesN(0,0)", func(t *T) any { return BytesN(0, 0).Draw(t, "v") }},
}

// pinnedInputs are the inputs the pins decode: random, with zeros and
// 0xff common (edges of flags and rune blocks), many shorter than the
// draw so that running out of input is covered.
func pinnedInputs() [][]byte {
	r := rand.New(rand.NewPCG(16, 16))
	inputs := [][]byte{nil, {0}, {0xff}}
	for range 3000 {
		inputs = append(inputs, edgyInput(r, 48, 4))
	}
	return inputs
}

// drawTwice draws with draw and then a byte, on t, and formats both and
// where the draw ended.
func drawTwice(t *T, draw func(*T) any) string {
	v := draw(t)
	pos := t.pos
	next := Byte().Draw(t, "next")
	return fmt.Sprintf("%#v pos=%d next=%d", v, pos, next)
}

// TestStringDrawsPinned hashes what every pinned input decodes to with
// recording off, as while fuzzing. The hashes were computed with the
// straightforward decoders (one recorded choice per flag and element, or
// per rune of a text draw, which TestStringDrawsFastMatchesRecorded ties
// the fast path to); a change to them is a change to the encoding.
func TestStringDrawsPinned(t *testing.T) {
	want := map[string]string{
		"String":                  "cc792a1dfb40e713",
		"StringN(16,16)":          "24b6c154d752dfa7",
		"StringN(2,5)":            "00c082dde74cf549",
		"StringN(3,-1)":           "f780aabd78fb94b8",
		"StringN(0,0)":            "1f3fbab9d3215023",
		"StringOf(RuneFrom)":      "49218fc3f00c95c8",
		"StringOfN(RuneFrom,1,3)": "e2adec3250192ba8",
		"StringOf(Rune)":          "cc792a1dfb40e713",
		"Bytes":                   "05afc08499db240a",
		"BytesN(16,16)":           "6221aba8435f082e",
		"BytesN(2,5)":             "64512284bc7fe2c4",
		"BytesN(1,-1)":            "eb8aa5ffd3728a96",
		"BytesN(0,0)":             "dd514bdd381bacea",
	}
	inputs := pinnedInputs()
	for _, g := range pinnedGenerators {
		h := sha256.New()
		for _, data := range inputs {
			fmt.Fprintf(h, "%x: %s\n", data, drawTwice(&T{data: data}, g.draw))
		}
		got := hex.EncodeToString(h.Sum(nil))[:16]
		if w, ok := want[g.name]; !ok || got != w {
			t.Errorf("%s: decoded values hash to %s, want %s", g.name, got, w)
		}
	}
}

// TestStringDrawsFastMatchesRecorded checks the fast path against the
// recording path, which draws each flag and rune as a recorded choice:
// the same value and the same bytes consumed on every pinned input.
func TestStringDrawsFastMatchesRecorded(t *testing.T) {
	inputs := pinnedInputs()
	for _, g := range pinnedGenerators {
		fastMatchesRecorded(t, g.name, g.draw, inputs)
	}
}

// fastMatchesRecorded reports the inputs (the first few) on which draw
// decodes, or consumes, otherwise with recording off than on.
func fastMatchesRecorded(t *testing.T, name string, draw func(*T) any, inputs [][]byte) {
	t.Helper()
	bad := 0
	for _, data := range inputs {
		fast := drawTwice(&T{data: data}, draw)
		var recorded string
		recordRun(data, func(t *T) { recorded = drawTwice(t, draw) })
		if fast != recorded && bad < 5 {
			bad++
			t.Errorf("%s on %x: fuzzing decodes %s, recording %s", name, data, fast, recorded)
		}
	}
}

// TestIsRune checks that StringOf recognizes Rune, and only Rune, as the
// rune source its fast path decodes: a RuneFrom string decoded as Rune
// would change every value.
func TestIsRune(t *testing.T) {
	tests := []struct {
		name string
		r    Generator[rune]
		want bool
	}{
		{"Rune", Rune(), true},
		{"RuneFrom", RuneFrom("ab"), false},
		{"Custom over Rune", Custom(func(t *T) rune { return Rune().Draw(t, "r") }), false},
		{"zero Generator", Generator[rune]{}, false},
	}
	for _, tt := range tests {
		if got := isRune(tt.r); got != tt.want {
			t.Errorf("isRune(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestEscapedRunesFastMatchDrawRune checks the fast path's decoding of
// every rune that escapes to a block, which random pinned inputs reach
// only a few thousand times: for each block and every two-byte offset,
// a one-rune string decodes to the rune Rune draws from the same bytes.
func TestEscapedRunesFastMatchDrawRune(t *testing.T) {
	step := 1
	if testing.Short() {
		step = 61
	}
	str := StringN(1, 1)
	for c := firstEscapeByte; c < 256; c++ {
		for r := 0; r < 1<<16; r += step {
			data := []byte{byte(c), byte(r >> 8), byte(r)}
			want := (&T{data: data}).drawRune()
			if got := str.Draw(&T{data: data}, "s"); got != string(want) {
				t.Fatalf("%x: StringN(1, 1) = %q, Rune = %q", data, got, want)
			}
		}
	}
	for c := range firstEscapeByte {
		data := []byte{byte(c)}
		if got, want := str.Draw(&T{data: data}, "s"), string((&T{data: data}).drawRune()); got != want {
			t.Errorf("%x: StringN(1, 1) = %q, Rune = %q", data, got, want)
		}
	}
}

// TestLongStringDrawsFastMatchRecorded is TestStringDrawsFastMatchesRecorded
// on longer strings and inputs (up to 700 bytes) than the pins hold:
// strings that outgrow drawText's stack buffer and are decoded in several
// fills (runs of text, and mostly escapes), and byte slices with more
// optional bytes than drawBytes gathers on the stack. The fast path gives
// the same value and consumes the same bytes as the recording path.
func TestLongStringDrawsFastMatchRecorded(t *testing.T) {
	gens := []struct {
		name string
		draw func(t *T) any
	}{
		{"String", func(t *T) any { return String().Draw(t, "v") }},
		{"StringN(40,40)", func(t *T) any { return StringN(40, 40).Draw(t, "v") }},
		{"StringN(100,100)", func(t *T) any { return StringN(100, 100).Draw(t, "v") }},
		{"StringN(7,30)", func(t *T) any { return StringN(7, 30).Draw(t, "v") }},
		{"StringN(33,-1)", func(t *T) any { return StringN(33, -1).Draw(t, "v") }},
		{"StringN(100,300)", func(t *T) any { return StringN(100, 300).Draw(t, "v") }},
		{"StringN(250,-1)", func(t *T) any { return StringN(250, -1).Draw(t, "v") }},
		{"Bytes", func(t *T) any { return Bytes().Draw(t, "v") }},
		{"BytesN(40,40)", func(t *T) any { return BytesN(40, 40).Draw(t, "v") }},
		{"BytesN(7,30)", func(t *T) any { return BytesN(7, 30).Draw(t, "v") }},
		{"BytesN(40,200)", func(t *T) any { return BytesN(40, 200).Draw(t, "v") }},
		{"BytesN(600,800)", func(t *T) any { return BytesN(600, 800).Draw(t, "v") }},
	}
	r := rand.New(rand.NewPCG(40, 40))
	var inputs [][]byte
	for range 2000 {
		data := make([]byte, r.IntN(700))
		mode := r.IntN(4)
		for i := range data {
			switch x := r.IntN(100); {
			case mode == 0:
				data[i] = byte(r.Uint32())
			case mode == 1 && x < 25:
				data[i] = 0xff
			case mode == 1:
				data[i] = byte(r.Uint32())
			case mode == 2: // bytes from 205 up: Latin-1 runes and, from 0xE0, escapes
				data[i] = byte(205 + r.IntN(51))
			case x < 80: // text, and a few of everything else
				data[i] = byte(' ' + r.IntN(95))
			case x < 90:
				data[i] = byte(firstEscapeByte + r.IntN(runeBlocks))
			case x < 91:
				data[i] = byte(r.IntN(stopBelow))
			default:
				data[i] = byte(r.Uint32())
			}
		}
		inputs = append(inputs, data)
	}
	for _, g := range gens {
		fastMatchesRecorded(t, g.name, g.draw, inputs)
	}
}
