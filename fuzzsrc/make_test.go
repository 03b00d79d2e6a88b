package fuzzsrc

import (
	order "cmp"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	gofuzzheaders "github.com/AdaLogics/go-fuzz-headers"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

type makeInner struct {
	X     int8
	Label string
}

type makeStruct struct {
	B      bool
	I      int
	U16    uint16
	F      float64
	S      string
	Raw    []byte
	In     makeInner
	P      *makeInner
	L      []int8
	A      [2]uint8
	M      map[string]bool
	hidden int
	Fn     func()
}

// makeGoldenInput fills every field of makeStruct.
var makeGoldenInput = []byte{
	0x80,                   // B: coin set
	0, 0, 0, 0, 0, 0, 0, 3, // I: index 3 is 2
	1, 2, // U16: identity
	0, 0, 0, 0, 0, 0, 0, 0, 7, // F: sign, integer code 7
	'A', 0, // S: 'A', stop
	0xff, 9, 0, // Raw: flag, 9, stop
	3, 0, // In: X index 3 is 2; Label: stop
	0x80, 2, 'a', 0, // P: non-nil; X index 2 is -1; Label "a"
	0xff, 1, 0, // L: [1]
	5, 6, // A
	0xff, 0, 0x80, 0xff, 0, 0, // M: flag, key "" (its stop), true; flag, key "" again, rejected; stop
}

func TestMakeGolden(t *testing.T) {
	data := makeGoldenInput
	want := makeStruct{
		B: true, I: 2, U16: 0x102, F: 7, S: "A", Raw: []byte{9},
		In: makeInner{X: 2}, P: &makeInner{X: -1, Label: "a"},
		L: []int8{1}, A: [2]uint8{5, 6}, M: map[string]bool{"": true},
	}
	r := recordRun(data, func(t *T) {
		got := Make[makeStruct]().Draw(t, "v")
		if got.Fn != nil || got.hidden != 0 {
			t.Fatalf("unexported and func fields are left zero: %+v", got)
		}
		Equal(t, want, got, cmpopts.IgnoreUnexported(makeStruct{}), cmpopts.IgnoreFields(makeStruct{}, "Fn"))
	})
	if r.Failure != nil {
		t.Fatal(r.Failure.Message)
	}
	if r.Used != len(data) {
		t.Errorf("used %d bytes, want all %d", r.Used, len(data))
	}
}

func TestMakeEmptyIsZero(t *testing.T) {
	type withEverything struct {
		makeStruct
		C   complex128
		F32 float32
		Ptr **int
		Arr [3]string
		U   uintptr
		Any any
		Ch  chan int
	}
	got := drawOnce(Make[withEverything](), nil)
	if !reflect.ValueOf(got).IsZero() {
		t.Errorf("exhaustion gives the zero value, got %+v", got)
	}
	if got := drawOnce(Make[any](), []byte{0xff}); got != nil {
		t.Errorf("Make[any] leaves interfaces nil, got %v", got)
	}
	if got := drawOnce(Make[[]int](), nil); got != nil {
		t.Errorf("Make[[]int] on empty input: got %#v, want nil", got)
	}
}

func TestMakeFieldSpans(t *testing.T) {
	r := recordRun(makeGoldenInput, func(t *T) { Make[makeStruct]().Draw(t, "v") })
	var top, inner []string
	for _, s := range r.Spans {
		switch {
		case s.Parent == 0:
			top = append(top, s.Label)
		case s.Parent > 0 && r.Spans[s.Parent].Label == "fuzzsrc.makeStruct.P":
			inner = append(inner, s.Label)
		}
	}
	wantTop := []string{"fuzzsrc.makeStruct.B", "fuzzsrc.makeStruct.I", "fuzzsrc.makeStruct.U16", "fuzzsrc.makeStruct.F",
		"fuzzsrc.makeStruct.S", "fuzzsrc.makeStruct.Raw", "fuzzsrc.makeStruct.In", "fuzzsrc.makeStruct.P",
		"fuzzsrc.makeStruct.L", "fuzzsrc.makeStruct.A", "fuzzsrc.makeStruct.M"}
	if diff := cmp.Diff(wantTop, top); diff != "" {
		t.Errorf("one span per exported field, labeled type.Field (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"fuzzsrc.makeInner.X", "fuzzsrc.makeInner.Label"}, inner); diff != "" {
		t.Errorf("the pointed-to struct's fields have their own spans (-want +got):\n%s", diff)
	}
}

func bytes0xff(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = 0xff
	}
	return b
}

// node is recursive through a pointer and a slice.
type node struct {
	V    int8
	Next *node
	Kids []node
	Tags map[uint8]*node
}

// nodeDepth counts the pointers, slices and maps on the deepest path.
func nodeDepth(v reflect.Value) int {
	d := 0
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			d = 1 + nodeDepth(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			d = max(d, 1+nodeDepth(v.Index(i)))
		}
		if v.Len() > 0 {
			d = max(d, 1)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			d = max(d, 1+nodeDepth(it.Value()))
		}
		if v.Len() > 0 {
			d = max(d, 1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			d = max(d, nodeDepth(v.Field(i)))
		}
	}
	return d
}

func TestMakeDepth(t *testing.T) {
	for _, maxDepth := range []int{0, 1, 2, 4} {
		g := MakeDepth[node](maxDepth)
		if d := nodeDepth(reflect.ValueOf(drawOnce(g, bytes0xff(1<<16)))); d != maxDepth {
			t.Errorf("MakeDepth(%d) on all ones: depth %d, want the bound", maxDepth, d)
		}
		r := rand.New(rand.NewPCG(17, uint64(maxDepth)))
		for range 200 {
			data := textInput(r, 400)
			if d := nodeDepth(reflect.ValueOf(drawPlain(g, data))); d > maxDepth {
				t.Fatalf("MakeDepth(%d) on % x: depth %d", maxDepth, data, d)
			}
		}
	}
}

// compareMade orders values drawn by Make as documented: structs field
// by field; false before true; integers by magnitude, positive first;
// floats and strings in their orders; slices and arrays
// lexicographically, a prefix first; nil pointers first.
func compareMade(a, b reflect.Value) int {
	switch a.Kind() {
	case reflect.Bool:
		return order.Compare(btoi(a.Bool()), btoi(b.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x, y := a.Int(), b.Int()
		if c := order.Compare(absInt(x), absInt(y)); c != 0 {
			return c
		}
		return order.Compare(btoi(x < 0), btoi(y < 0))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return order.Compare(a.Uint(), b.Uint())
	case reflect.Float32:
		return floatOrder(a.Float(), b.Float(), order32)
	case reflect.Float64:
		return floatOrder(a.Float(), b.Float(), order64)
	case reflect.String:
		return compareStrings(a.String(), b.String())
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return order.Compare(btoi(!a.IsNil()), btoi(!b.IsNil()))
		}
		return compareMade(a.Elem(), b.Elem())
	case reflect.Slice, reflect.Array:
		for i := range min(a.Len(), b.Len()) {
			if c := compareMade(a.Index(i), b.Index(i)); c != 0 {
				return c
			}
		}
		return order.Compare(a.Len(), b.Len())
	case reflect.Struct:
		for i := range a.NumField() {
			if !a.Type().Field(i).IsExported() {
				continue
			}
			if c := compareMade(a.Field(i), b.Field(i)); c != 0 {
				return c
			}
		}
	}
	return 0
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func absInt(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

// monoStruct has every kind Make orders (maps have no order of their own).
type monoStruct struct {
	B    bool
	I8   int8
	I64  int64
	U32  uint32
	F32  float32
	F64  float64
	S    string
	Raw  []byte
	P    *monoStruct
	L    []int16
	A    [2]bool
	Name string
}

func TestMakeMonotone(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	g := MakeDepth[monoStruct](3)
	for range 5000 {
		data := textInput(r, 120)
		v := drawPlain(g, data)
		if low := lowerOne(r, data); low != nil {
			if lv := drawPlain(g, low); compareMade(reflect.ValueOf(lv), reflect.ValueOf(v)) > 0 {
				t.Fatalf("lowering % x to % x gave\n%+v\nlater than\n%+v", data, low, lv, v)
			}
		}
	}
}

// TestMakeConcurrentPlans builds the plans of new types from many
// goroutines at once (the race detector watches the sharing) and checks
// what they built: one plan per type, shared by every caller, complete,
// and drawing the same values as a draw made afterwards on its own.
func TestMakeConcurrentPlans(t *testing.T) {
	type a struct {
		X []map[string]*a
		Y [2]float32
	}
	type b struct {
		A *a
		B []b
	}
	const n = 8
	data := bytes0xff(300)
	var (
		wg       sync.WaitGroup
		start    = make(chan struct{})
		planA    [n]*plan
		planB    [n]*plan
		valuesA  [n]a
		valuesB  [n]b
		typeA    = reflect.TypeFor[a]()
		typeB    = reflect.TypeFor[b]()
		nonEmpty = func(v b) bool { return v.A != nil && len(v.A.X) > 0 && len(v.A.X[0]) > 0 }
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start // every goroutine asks for the new types at once
			if i%2 == 0 {
				valuesB[i] = drawOnce(Make[b](), data)
				planB[i] = planFor(typeB)
			} else {
				valuesA[i] = drawOnce(Make[a](), data)
				planA[i] = planFor(typeA)
			}
		}()
	}
	close(start)
	wg.Wait()

	wantA, wantB := drawOnce(Make[a](), data), drawOnce(Make[b](), data)
	if !nonEmpty(wantB) {
		t.Fatalf("0xff bytes drew %+v; want a value that uses the plans of its fields", wantB)
	}
	for i := range n {
		p, want, got := planA[i], any(wantA), any(valuesA[i])
		if i%2 == 0 {
			p, want, got = planB[i], wantB, valuesB[i]
		}
		typ := reflect.TypeOf(want)
		if p == nil || p.fill == nil || p != planFor(typ) {
			t.Errorf("goroutine %d: the plan of %v is %p, want the one shared plan %p, complete", i, typ, p, planFor(typ))
		}
		if diff := cmp.Diff(want, got, cmpopts.EquateNaNs()); diff != "" {
			t.Errorf("goroutine %d drew another %v than a draw on its own (-alone +concurrent):\n%s", i, typ, diff)
		}
	}
	// The types inside them got their plans in the same builds.
	for _, typ := range []reflect.Type{reflect.TypeFor[*a](), reflect.TypeFor[[]map[string]*a](), reflect.TypeFor[map[string]*a](),
		reflect.TypeFor[[2]float32](), reflect.TypeFor[[]b]()} {
		if p, ok := plans.Load(typ); !ok || p.(*plan).fill == nil {
			t.Errorf("no complete plan of %v", typ)
		}
	}
}

// benchStruct is a typical ~10-field struct for BenchmarkMake.
type benchStruct struct {
	Name    string
	ID      int64
	Count   uint32
	Ratio   float64
	Enabled bool
	Tags    []string
	Data    []byte
	Small   int8
	Inner   benchInner
	Next    *benchInner
	Attrs   map[string]int
}

type benchInner struct {
	X, Y  int
	Label string
}

// gfhInput makes random input for typ laid out the way go-fuzz-headers
// reads it, with small lengths, so that GenerateStruct fills every field.
// (On plain random bytes it fails at the first string: it reads a
// 4-byte length and gives up when that exceeds the input.)
func gfhInput(r *rand.Rand, typ reflect.Type, out []byte) []byte {
	random := func(n int) []byte {
		for range n {
			out = append(out, byte(r.Uint32()))
		}
		return out
	}
	count := func(n int) []byte { return binary.BigEndian.AppendUint32(out, uint32(n)) }
	switch typ.Kind() {
	case reflect.String:
		n := r.IntN(12)
		out = count(n)
		out = random(n)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint8, reflect.Uint64, reflect.Bool:
		out = random(1)
	case reflect.Uint16:
		out = random(3)
	case reflect.Uint32:
		out = random(4)
	case reflect.Uint:
		out = random(9)
	case reflect.Float32:
		out = random(5)
	case reflect.Float64:
		out = random(9)
	case reflect.Slice:
		n := r.IntN(4)
		out = count(n)
		for range n {
			out = gfhInput(r, typ.Elem(), out)
		}
	case reflect.Map:
		n := r.IntN(4)
		out = append(out, byte(n))
		for range n {
			out = gfhInput(r, typ.Key(), out)
			out = gfhInput(r, typ.Elem(), out)
		}
	case reflect.Pointer:
		out = gfhInput(r, typ.Elem(), out)
	case reflect.Struct:
		for i := range typ.NumField() {
			if typ.Field(i).IsExported() {
				out = gfhInput(r, typ.Field(i).Type, out)
			}
		}
	default:
		panic("gfhInput: unhandled kind " + typ.Kind().String())
	}
	return out
}

func TestMakeBenchInput(t *testing.T) {
	// Both fill every field of benchStruct from the benchmark's input.
	data := gfhInput(rand.New(rand.NewPCG(21, 22)), reflect.TypeFor[benchStruct](), nil)
	var s benchStruct
	if err := gofuzzheaders.NewConsumer(data).GenerateStruct(&s); err != nil {
		t.Fatalf("go-fuzz-headers: %v", err)
	}
	if s.Next == nil {
		t.Errorf("go-fuzz-headers always allocates pointers")
	}
	v := drawPlain(Make[benchStruct](), data)
	if fmt.Sprint(v) == fmt.Sprint(benchStruct{}) {
		t.Errorf("Make drew the zero value from % x", data)
	}
}

// BenchmarkMake fills the same struct from the same input with Make and
// with go-fuzz-headers' GenerateStruct.
func BenchmarkMake(b *testing.B) {
	data := gfhInput(rand.New(rand.NewPCG(21, 22)), reflect.TypeFor[benchStruct](), nil)
	b.Run("fuzzsrc", func(b *testing.B) {
		b.ReportAllocs()
		g := Make[benchStruct]()
		for b.Loop() {
			t := T{data: data}
			s := g.Draw(&t, "s")
			_ = s
		}
	})
	b.Run("go-fuzz-headers", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var s benchStruct
			if err := gofuzzheaders.NewConsumer(data).GenerateStruct(&s); err != nil {
				b.Fatal(err)
			}
		}
	})
}
