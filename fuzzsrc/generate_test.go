package fuzzsrc

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shortlex/shortlex/corpus"
)

// generated draws a value from g in a generating run and returns the
// input it made and the value.
func generated[V any](g Generator[V], seed uint64) (in []byte, v V) {
	in = generate(func(t *T) { v = g.Draw(t, "v") }, seed, nil)
	return in, v
}

// replayed draws a value from g on in as a fuzzing run does (recording
// off, fast paths on), and says how many bytes it read.
func replayed[V any](g Generator[V], in []byte) (v V, read int) {
	t := &T{data: in}
	t.execute(func(t *T) { v = g.Draw(t, "v") }, nil)
	return v, t.pos
}

type madeValue struct {
	A int8
	B []uint16
	C map[string]bool
	D *float32
}

// TestGeneratedInputsReplay checks the contract of a generating run: the
// input it leaves draws, while fuzzing, the values the run drew, and is
// read to its last byte, for every kind of draw.
func TestGeneratedInputsReplay(t *testing.T) {
	cases := []struct {
		name string
		draw func(seed uint64) (in []byte, want, got any, read int)
	}{
		{"ints", replayCase(SliceOf(OneOf(Map(Int(), toAny[int]), Map(Integers[int8](), toAny[int8]), Map(Integers[uint64](), toAny[uint64]))))},
		{"ranges", replayCase(SliceOf(OneOf(IntRange(-3, 1000), IntegerTowards(-50, 50, 7), IntRange(1, 1), IntRange(math.MinInt, 0))))},
		{"floats", replayCase(SliceOf(OneOf(Float64(), Float64Finite(), Float64Range(-1, 1e9), Float64Range(2, 3), Map(Float32(), f32to64), Map(Float32Range(-5, -1), f32to64))))},
		{"text", replayCase(SliceOf(OneOf(String(), StringN(3, 5), StringOf(RuneFrom("abc")), Map(Rune(), func(r rune) string { return string(r) }))))},
		{"bytes", replayCase(SliceOf(OneOf(Bytes(), BytesN(2, 4))))},
		{"bools", replayCase(SliceOf(OneOf(Bool(), WeightedBool(0.9))))},
		{"collections", replayCase(Map(MapOf(IntRange(0, 20), SliceOfDistinct(Byte(), Size{Max: 6})), func(m map[int][]byte) string { return fmt.Sprintf("%v", m) }))},
		{"permutation", replayCase(Permutation([]string{"a", "b", "c", "d", "e"}))},
		{"filter", replayCase(IntRange(0, 99).Filter(func(v int) bool { return v%7 == 3 }))},
		{"make", replayCase(Map(Make[madeValue](), func(v madeValue) string { return fmt.Sprintf("%v %v %v %v", v.A, v.B, v.C, v.D != nil) }))},
		{"rand", replayCase(FromRand(func(r *rand.Rand) []int { return []int{r.IntN(10), r.IntN(1e6), int(r.Int64())} }))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := range uint64(200) {
				in, want, got, read := c.draw(seed)
				if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
					t.Fatalf("seed %d: generated %#v, input %x replays as %#v", seed, want, in, got)
				}
				if read != len(in) {
					t.Fatalf("seed %d: input %x (%d bytes) replays reading %d", seed, in, len(in), read)
				}
			}
		})
	}
}

func toAny[V any](v V) any { return v }

func replayCase[V any](g Generator[V]) func(uint64) ([]byte, any, any, int) {
	return func(seed uint64) ([]byte, any, any, int) {
		in, want := generated(g, seed)
		got, read := replayed(g, in)
		return in, want, got, read
	}
}

// TestGeneratedValues checks that generating runs give the values
// property-based testers favour, which uniform bytes almost never draw.
func TestGeneratedValues(t *testing.T) {
	const n = 1000
	count := func(pred func(seed uint64) bool) int {
		k := 0
		for seed := range uint64(n) {
			if pred(seed) {
				k++
			}
		}
		return k
	}
	atLeast := func(what string, got, want int) {
		t.Helper()
		if got < want {
			t.Errorf("%s: %d of %d generated inputs, want at least %d", what, got, n, want)
		}
	}
	pair := SliceOfN(Integers[int64](), 2, 2)
	atLeast("two equal int64s", count(func(s uint64) bool { _, v := generated(pair, s); return v[0] == v[1] && v[0] != 0 }), 50)
	big := Integers[int64]()
	atLeast("MaxInt64", count(func(s uint64) bool { _, v := generated(big, s); return v == math.MaxInt64 }), 20)
	atLeast("MinInt64", count(func(s uint64) bool { _, v := generated(big, s); return v == math.MinInt64 }), 20)
	atLeast("within 3 of MaxInt64, not at it", count(func(s uint64) bool { _, v := generated(big, s); return v < math.MaxInt64 && v >= math.MaxInt64-3 }), 10)
	atLeast("|int64| < 256", count(func(s uint64) bool { _, v := generated(big, s); return v > -256 && v < 256 }), 200)
	r := IntRange(10, 20)
	atLeast("IntRange(10, 20) at 20", count(func(s uint64) bool { _, v := generated(r, s); return v == 20 }), 100)
	f := Float64()
	atLeast("+Inf", count(func(s uint64) bool { _, v := generated(f, s); return math.IsInf(v, 1) }), 10)
	atLeast("NaN", count(func(s uint64) bool { _, v := generated(f, s); return math.IsNaN(v) }), 10)
	atLeast("-0", count(func(s uint64) bool { _, v := generated(f, s); return v == 0 && math.Signbit(v) }), 10)
	atLeast("a float64 integer below 1000", count(func(s uint64) bool { _, v := generated(f, s); return v == math.Trunc(v) && math.Abs(v) < 1000 }), 100)
	str := String()
	atLeast("empty string", count(func(s uint64) bool { _, v := generated(str, s); return v == "" }), 50)
	atLeast("printable ASCII string of 3 or more", count(func(s uint64) bool {
		_, v := generated(str, s)
		return len(v) >= 3 && !slices.ContainsFunc([]byte(v), func(c byte) bool { return c < ' ' || c > '~' })
	}), 100)
	list := SliceOf(Bool())
	atLeast("a list of 10 or more (average 5)", count(func(s uint64) bool { _, v := generated(list, s); return len(v) >= 10 }), 100)
}

// TestGeneratedInputsAreBounded checks that a property that never stops
// drawing ends: past maxGenerated bytes every draw reads zeros.
func TestGeneratedInputsAreBounded(t *testing.T) {
	in := generate(func(t *T) {
		for !Bool().Draw(t, "stop") {
			Int().Draw(t, "x")
		}
	}, 1, nil)
	if len(in) > maxGenerated {
		t.Errorf("generated %d bytes, want at most %d", len(in), maxGenerated)
	}
}

type seeds struct {
	name string
	ins  [][]byte
}

func (s *seeds) Add(args ...any) { s.ins = append(s.ins, args[0].([]byte)) }
func (s *seeds) Name() string    { return s.name }

func TestAddSeeds(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvSeeds, dir)
	prop := func(t *T) { SliceOf(IntRange(0, 3)).Draw(t, "xs") }
	a, b := &seeds{name: "FuzzX"}, &seeds{name: "FuzzX"}
	AddSeeds(a, 50, prop)
	AddSeeds(b, 50, prop)
	if !slices.EqualFunc(a.ins, b.ins, slices.Equal) {
		t.Errorf("two calls added different inputs")
	}
	if len(a.ins) < 20 || len(a.ins) > 50 {
		t.Errorf("added %d inputs, want 20 to 50 distinct", len(a.ins))
	}
	for i, in := range a.ins {
		if slices.ContainsFunc(a.ins[:i], func(x []byte) bool { return slices.Equal(x, in) }) {
			t.Errorf("input %x added twice", in)
		}
	}
	entries, err := corpus.ReadDir(filepath.Join(dir, "FuzzX"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(a.ins) {
		t.Fatalf("%s holds %d files, want one per input (%d)", EnvSeeds, len(entries), len(a.ins))
	}
	for _, e := range entries {
		in := e.Values[0].([]byte)
		if !slices.ContainsFunc(a.ins, func(x []byte) bool { return slices.Equal(x, in) }) {
			t.Errorf("file %s holds %x, which was not added", e.Name(), in)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "FuzzX")); err != nil {
		t.Error(err)
	}
}

func f32to64(v float32) float64 { return float64(v) }

func TestReadLiterals(t *testing.T) {
	l := readLiterals("testdata/literals")
	if l == nil {
		t.Fatal("no literals read")
	}
	var ints []string
	for _, v := range l.ints {
		s := fmt.Sprint(v.mag)
		if v.neg {
			s = "-" + s
		}
		ints = append(ints, s)
	}
	if got, want := fmt.Sprint(ints), "[1397507416 4242 -17 90]"; got != want {
		t.Errorf("integers %s, want %s (the hex constant, 4242, -17, 'Z')", got, want)
	}
	if got, want := fmt.Sprint(l.floats), "[2500]"; got != want {
		t.Errorf("floats %s, want %s", got, want)
	}
	// Not the import path, nor "日本", whose runes a byte cannot stand for.
	if got, want := fmt.Sprintf("%q", l.strings), `["DROP TABLE" "x" "<?xml" "À la" "raw"]`; got != want {
		t.Errorf("strings %s, want %s", got, want)
	}
}

// TestLiteralsInGeneratedInputs checks that generating runs offer the
// literals of the code under test to the draws they fit.
func TestLiteralsInGeneratedInputs(t *testing.T) {
	lits := newLiteralOffers(readLiterals("testdata/literals"))
	const n = 1000
	type check struct {
		what string
		g    Generator[string]
		want int
	}
	checks := []check{
		{"IntRange(0, 1e6) at 4242", Map(IntRange(0, 1e6), func(v int) string { return fmt.Sprint(v == 4242) }), 20},
		{"Integers[int8] at -17", Map(Integers[int8](), func(v int8) string { return fmt.Sprint(v == -17) }), 20},
		{"Integers[uint32] at the magic", Map(Integers[uint32](), func(v uint32) string { return fmt.Sprint(v == 0x534c4558) }), 20},
		{"Float64 at 2500", Map(Float64(), func(v float64) string { return fmt.Sprint(v == 2500) }), 5},
		{"String exactly \"DROP TABLE\"", Map(String(), func(v string) string { return fmt.Sprint(v == "DROP TABLE") }), 5},
		{"String holding \"<?xml\"", Map(String(), func(v string) string { return fmt.Sprint(strings.Contains(v, "<?xml")) }), 20},
		{"String holding \"À la\"", Map(String(), func(v string) string { return fmt.Sprint(strings.Contains(v, "À la")) }), 20},
		{"Bytes holding \"raw\"", Map(Bytes(), func(v []byte) string { return fmt.Sprint(bytes.Contains(v, []byte("raw"))) }), 20},
	}
	for _, c := range checks {
		got := 0
		for seed := range uint64(n) {
			var v string
			generate(func(t *T) { v = c.g.Draw(t, "v") }, seed, lits)
			if v == "true" {
				got++
			}
		}
		t.Logf("%s: %d of %d", c.what, got, n)
		if got < c.want {
			t.Errorf("%s: %d of %d generated inputs, want at least %d", c.what, got, n, c.want)
		}
	}
}

// TestLiteralsOfferedInRounds checks that the inputs of one seeding offer
// every literal before any again: 320 one-draw inputs make about 80
// offers (one draw in four) of 40 literals, which show every one of
// them twice in rounds, where 80 picks at random would miss about five.
func TestLiteralsOfferedInRounds(t *testing.T) {
	lits := &literals{}
	for i := range 40 {
		lits.ints = append(lits.ints, intLiteral{mag: uint64(1000 + 37*i)})
	}
	offers := newLiteralOffers(lits)
	seen := map[uint16]bool{}
	for seed := range uint64(320) {
		var v uint16
		generate(func(t *T) { v = Integers[uint16]().Draw(t, "v") }, seed, offers)
		seen[v] = true
	}
	var missed []uint64
	for _, l := range lits.ints {
		if !seen[uint16(l.mag)] {
			missed = append(missed, l.mag)
		}
	}
	if len(missed) > 0 {
		t.Errorf("literals never drawn in 320 inputs: %v", missed)
	}
}
