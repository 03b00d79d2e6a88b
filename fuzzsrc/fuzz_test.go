package fuzzsrc_test

import (
	"math"
	"math/rand/v2"
	"testing"

	gofuzzheaders "github.com/AdaLogics/go-fuzz-headers"
	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/internal/record"
)

// anyOf erases a generator's type so that generators of every type fit
// in one table.
func anyOf[V any](g fuzzsrc.Generator[V]) fuzzsrc.Generator[any] {
	return fuzzsrc.Map(g, func(v V) any { return v })
}

// tree is a recursive value for Deferred.
type tree struct{ kids []tree }

// treeGen draws trees; Deferred lets it refer to itself.
func treeGen() fuzzsrc.Generator[tree] {
	return fuzzsrc.OneOf(
		fuzzsrc.Just(tree{}),
		fuzzsrc.Map(fuzzsrc.SliceOfN(fuzzsrc.Deferred(treeGen), 0, 3), func(k []tree) tree { return tree{kids: k} }),
	)
}

// makeTarget is a struct of mixed fields for Make.
type makeTarget struct {
	Name  string
	Port  uint16
	Ratio float64
	Tags  []string
	Next  *makeTarget
	Attrs map[string]int
	Raw   []byte
	On    bool
	Grid  [2]int8
}

// sourceGens is every kind of generator the package has, with whether
// it may discard the input (Skip) on some inputs.
var sourceGens = []struct {
	name  string
	gen   fuzzsrc.Generator[any]
	skips bool
}{
	{"Int", anyOf(fuzzsrc.Int()), false},
	{"IntRange", anyOf(fuzzsrc.IntRange(-5, 100)), false},
	{"Byte", anyOf(fuzzsrc.Byte()), false},
	{"int8", anyOf(fuzzsrc.Integers[int8]()), false},
	{"uint64", anyOf(fuzzsrc.Integers[uint64]()), false},
	{"IntegerTowards", anyOf(fuzzsrc.IntegerTowards(0, 100, 50)), false},
	{"IntegerTowards/int64", anyOf(fuzzsrc.IntegerTowards[int64](math.MinInt64, math.MaxInt64, -7)), false},
	{"Bool", anyOf(fuzzsrc.Bool()), false},
	{"WeightedBool", anyOf(fuzzsrc.WeightedBool(0.1)), false},
	{"WeightedBool/certain", anyOf(fuzzsrc.WeightedBool(1)), false},
	{"SampledFrom", anyOf(fuzzsrc.SampledFrom([]string{"a", "b", "c"})), false},
	{"Just", anyOf(fuzzsrc.Just(42)), false},
	{"OneOf", anyOf(fuzzsrc.OneOf(fuzzsrc.IntRange(0, 3), fuzzsrc.IntRange(10, 13), fuzzsrc.Just(-1))), false},
	{"SliceOf", anyOf(fuzzsrc.SliceOf(fuzzsrc.Byte())), false},
	{"SliceOfN", anyOf(fuzzsrc.SliceOfN(fuzzsrc.Bool(), 2, 4)), false},
	{"SliceOfSize", anyOf(fuzzsrc.SliceOfSize(fuzzsrc.Int(), fuzzsrc.Size{Average: 20})), false},
	{"nested slices", anyOf(fuzzsrc.SliceOf(fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 3)))), false},
	{"MapOf", anyOf(fuzzsrc.MapOf(fuzzsrc.Byte(), fuzzsrc.Bool())), false},
	{"MapOfN", anyOf(fuzzsrc.MapOfN(fuzzsrc.Bool(), fuzzsrc.Byte(), 2, 2)), true},
	{"MapOfN/impossible", anyOf(fuzzsrc.MapOfN(fuzzsrc.IntRange(0, 1), fuzzsrc.Byte(), 3, 5)), true},
	{"Filter", anyOf(fuzzsrc.IntRange(0, 255).Filter(func(v int) bool { return v%2 == 1 })), true},
	{"Custom", anyOf(fuzzsrc.Custom(func(t *fuzzsrc.T) []int {
		n := fuzzsrc.IntRange(0, 4).Draw(t, "n")
		out := make([]int, n)
		for i := range out {
			out[i] = fuzzsrc.IntRange(0, 1000).Draw(t, "x")
		}
		return out
	})), false},
	{"Deferred", anyOf(treeGen()), false},
	{"FromRand", anyOf(fuzzsrc.FromRand(func(r *rand.Rand) []any {
		return []any{r.IntN(7), r.Int64N(1e12 + 1), r.Uint32N(3), r.Float64(), r.NormFloat64(), r.ExpFloat64(), r.Perm(5)}
	})), false},
	{"Rand", anyOf(fuzzsrc.Custom(func(t *fuzzsrc.T) int {
		r := fuzzsrc.Rand().Draw(t, "r")
		return r.IntN(10) + int(fuzzsrc.Byte().Draw(t, "b")) + r.IntN(3)
	})), false},
	{"Headers", anyOf(fuzzsrc.Map(fuzzsrc.Headers(), func(c *gofuzzheaders.ConsumeFuzzer) []any {
		n, err1 := c.GetUint64()
		s, err2 := c.GetString()
		b, err3 := c.GetBytes()
		return []any{n, s, b, err1 != nil, err2 != nil, err3 != nil}
	})), false},
	{"HeadersSize", anyOf(fuzzsrc.HeadersSize(fuzzsrc.Size{Min: 2, Max: 8})), false},
	{"Float64", anyOf(fuzzsrc.Float64()), false},
	{"Float64Finite", anyOf(fuzzsrc.Float64Finite()), false},
	{"Float64Range", anyOf(fuzzsrc.Float64Range(-1e3, 1e3)), false},
	{"Float32", anyOf(fuzzsrc.Float32()), false},
	{"Float32Range", anyOf(fuzzsrc.Float32Range(0, 1)), false},
	{"Rune", anyOf(fuzzsrc.Rune()), false},
	{"RuneFrom", anyOf(fuzzsrc.RuneFrom("xyzé")), false},
	{"String", anyOf(fuzzsrc.String()), false},
	{"StringN", anyOf(fuzzsrc.StringN(2, 5)), false},
	{"StringOf", anyOf(fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab"))), false},
	{"Bytes", anyOf(fuzzsrc.Bytes()), false},
	{"BytesN", anyOf(fuzzsrc.BytesN(1, 4)), false},
	{"Recursive", anyOf(fuzzsrc.Recursive(fuzzsrc.Map(fuzzsrc.IntRange(0, 9), func(v int) []any { return []any{v} }),
		func(g fuzzsrc.Generator[[]any]) fuzzsrc.Generator[[]any] {
			return fuzzsrc.Map(fuzzsrc.SliceOfN(g, 1, 3), func(k [][]any) []any { return []any{k} })
		}, 4)), false},
	{"Make", anyOf(fuzzsrc.Make[makeTarget]()), false},
	{"MakeDepth", anyOf(fuzzsrc.MakeDepth[makeTarget](1)), false},
}

// FuzzSource draws, from data, the generators that plan names, and
// checks what every run must satisfy: no panic, nothing discarded but by
// a generator that may discard, every byte read recorded as a choice
// that minimize reads back the same, spans that nest, and a run that
// repeats exactly.
func FuzzSource(f *testing.F) {
	all := make([]byte, len(sourceGens))
	for i := range all {
		all[i] = byte(i)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	random := make([]byte, 512)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	f.Add(all, []byte{})
	f.Add(all, random)
	f.Add(all, make([]byte, 64))
	for i := range all {
		f.Add([]byte{byte(i)}, random[i:i+32])
		f.Add([]byte{byte(i), byte(i)}, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	}
	f.Fuzz(func(t *testing.T, plan, data []byte) {
		if len(plan) > 16 {
			plan = plan[:16]
		}
		mayDiscard := false
		prop := func(ft *fuzzsrc.T) {
			for _, p := range plan {
				g := sourceGens[int(p)%len(sourceGens)]
				g.gen.Draw(ft, g.name)
			}
		}
		for _, p := range plan {
			mayDiscard = mayDiscard || sourceGens[int(p)%len(sourceGens)].skips
		}
		r := engine.Run(data, prop)
		if r.Failure != nil {
			t.Fatalf("a generator panicked: %s\n%s", r.Failure.Message, r.Failure.Signature())
		}
		if r.Discarded && !mayDiscard {
			t.Fatalf("discarded (%s), but no generator drawn may discard", r.SkipReason)
		}
		if r.Used < 0 || r.Used > len(data) {
			t.Fatalf("Used = %d, outside [0, %d]", r.Used, len(data))
		}
		checkChoices(t, r, data)
		checkSpans(t, r)
		checkSimpler(t, r)
		again := engine.Run(data, prop)
		if diff := cmp.Diff(r, again); diff != "" {
			t.Fatalf("a second run differs (-first +second):\n%s", diff)
		}
		explained := engine.Explain(data, prop)
		if diff := cmp.Diff(r.Choices, explained.Choices); diff != "" {
			t.Fatalf("Explain's choices differ from Run's (-run +explain):\n%s", diff)
		}
	})
}

// checkChoices checks that the choices tile the bytes read, from the
// start, and that minimize reads each one's index as the draw did.
func checkChoices(t *testing.T, r *record.Record, data []byte) {
	t.Helper()
	end := 0
	for i, c := range r.Choices {
		if c.Offset != end {
			t.Fatalf("choice %d %+v starts at %d, want %d: a byte was read without being recorded", i, c, c.Offset, end)
		}
		if c.Width < 1 || c.Width > 8 || c.Index > c.Max || c.Max >= 1<<(8*uint(c.Width)) && c.Width < 8 {
			t.Fatalf("choice %d %+v is malformed", i, c)
		}
		if got := c.Choice.Index(data); got != c.Index {
			t.Fatalf("choice %d %+v: minimize reads index %d, the draw recorded %d", i, c, got, c.Index)
		}
		end = c.End()
	}
	if want := min(end, len(data)); r.Used != want {
		t.Fatalf("Used = %d, but the choices end at %d", r.Used, end)
	}
}

// checkSimpler checks that every simpler value a draw names fits the
// choices it names: each exists and each index is at most its Max.
func checkSimpler(t *testing.T, r *record.Record) {
	t.Helper()
	for _, h := range r.Simpler {
		idx := append([]uint64{h.Index}, h.Then...)
		if h.Choice < 0 || h.Choice+len(idx) > len(r.Choices) {
			t.Fatalf("simpler value %+v names choices past the %d drawn", h, len(r.Choices))
		}
		for k, i := range idx {
			if c := r.Choices[h.Choice+k]; i > c.Max {
				t.Fatalf("simpler value %+v: index %d above choice %d's Max %d", h, i, h.Choice+k, c.Max)
			}
		}
	}
}

// checkSpans checks that every span is closed, comes after its parent
// and lies inside it.
func checkSpans(t *testing.T, r *record.Record) {
	t.Helper()
	for i, s := range r.Spans {
		if s.Start > s.End || s.Start < 0 {
			t.Fatalf("span %d %+v: bad bounds", i, s)
		}
		if s.Parent >= i || s.Parent < -1 {
			t.Fatalf("span %d %+v: parent %d does not come before it", i, s, s.Parent)
		}
		if s.Parent >= 0 {
			p := r.Spans[s.Parent]
			if s.Start < p.Start || s.End > p.End {
				t.Fatalf("span %d %+v lies outside its parent %+v", i, s, p)
			}
		}
	}
}
