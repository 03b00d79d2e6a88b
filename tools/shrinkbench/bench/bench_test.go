package bench

import (
	"bytes"
	"testing"
	"time"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/minimize"
)

func TestMinimalInputFails(t *testing.T) {
	for _, b := range All() {
		t.Run(b.Name, func(t *testing.T) {
			rec := engine.Run(b.MinInput, b.Prop)
			if rec.Failure == nil {
				t.Fatalf("MinInput % x does not fail (%s)", b.MinInput, b.Why)
			}
			if v, _ := b.Decode(b.MinInput); v != b.MinValue {
				t.Errorf("MinInput decodes to %s, want MinValue %s", v, b.MinValue)
			}
			if c := Canonical(b.MinInput, rec); !bytes.Equal(c, b.MinInput) {
				t.Errorf("MinInput % x is not canonical: it runs as % x", b.MinInput, c)
			}
		})
	}
}

func TestPassingInputsPass(t *testing.T) {
	for _, b := range All() {
		for _, ex := range b.Passing {
			t.Run(b.Name+"/"+ex.Name, func(t *testing.T) {
				if f := engine.Run(ex.Input, b.Prop).Failure; f != nil {
					v, _ := b.Decode(ex.Input)
					t.Errorf("% x (%s) fails: %s; it should pass: %s", ex.Input, v, f.Message, ex.Reason)
				}
			})
		}
	}
}

// TestSearchConfirmsMinimum enumerates each benchmark's bounded space and
// checks that no input in it is shortlex-smaller than MinInput.
func TestSearchConfirmsMinimum(t *testing.T) {
	for _, b := range All() {
		t.Run(b.Name, func(t *testing.T) {
			if testing.Short() && b.Space.MaxLen > 16 {
				t.Skip("large space")
			}
			start := time.Now()
			got, runs := Search(b.Prop, b.Space)
			if !bytes.Equal(got, b.MinInput) {
				v, _ := b.Decode(got)
				t.Errorf("search found % x (%s), want MinInput % x (%s)", got, v, b.MinInput, b.MinValue)
			}
			t.Logf("%d runs in %s", runs, time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestOrderKey checks minimize.OrderKey on inputs of fuzzsrc draws.
func TestOrderKey(t *testing.T) {
	ints := func(t *fuzzsrc.T) { fuzzsrc.SliceOf(fuzzsrc.Int()).Draw(t, "xs") }
	more := flagByte(fuzzsrc.Size{})
	tests := []struct {
		name, reason string
		input, want  []byte
	}{
		{"empty", "nothing to pad", nil, nil},
		{"unused tail", "bytes the run did not read are cut",
			[]byte{0, 9, 9}, nil},
		{"trailing zeros", "a zero last element and stop flag are free",
			cat([]byte{more}, zeros(7, 1), []byte{more}, zeros(8)), cat([]byte{more}, zeros(7, 1), []byte{more})},
		{"padded", "a last integer ending in zero bytes counts at full width",
			[]byte{more, 1}, cat([]byte{more, 1}, zeros(7))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := minimize.OrderKey(tt.input, engine.Run(tt.input, ints).Outcome())
			if !bytes.Equal(got, tt.want) {
				t.Errorf("OrderKey(% x) = % x, want % x: %s", tt.input, got, tt.want, tt.reason)
			}
		})
	}
}

func TestSpan(t *testing.T) {
	tests := []struct {
		name, reason string
		max, k       uint64
		want         []uint64
	}{
		{"narrow", "a range no wider than 2k+1 is enumerated whole", 4, 2, []uint64{0, 1, 2, 3, 4}},
		{"wide", "simplest and extreme indices", 100, 2, []uint64{0, 1, 2, 98, 99, 100}},
		{"full width", "the largest uint64 ends the loop", ^uint64(0), 1, []uint64{0, 1, ^uint64(0) - 1, ^uint64(0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := span(tt.max, tt.k)
			if len(got) != len(tt.want) {
				t.Fatalf("span(%d, %d) = %v, want %v: %s", tt.max, tt.k, got, tt.want, tt.reason)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("span(%d, %d) = %v, want %v: %s", tt.max, tt.k, got, tt.want, tt.reason)
				}
			}
		})
	}
}

// TestParserBug checks the port of Support.hs: the round trip keeps
// everything but And and Or.
func TestParserBug(t *testing.T) {
	f, tr := &exp{op: "Bool"}, &exp{op: "Bool", b: true}
	n := &exp{op: "Int", i: -7}
	prog := func(e *exp) lang {
		return lang{
			mods:  []mod{{imports: []string{"a", "B0"}, exports: nil}},
			funcs: []fn{{name: "f", args: []*exp{e}, stmts: []stmt{{"Assign", "x", n}, {"Return", "", e}}}},
		}
	}
	tests := []struct {
		name, reason string
		e            *exp
		roundTrips   bool
	}{
		{"int", "negative literals print and parse back", n, true},
		{"not", "Not has one operand", &exp{op: "Not", l: f}, true},
		{"nested", "Add and Div keep their order", &exp{op: "Add", l: n, r: &exp{op: "Div", l: f, r: tr}}, true},
		{"and equal", "swapping equal operands changes nothing", &exp{op: "And", l: f, r: f}, true},
		{"and unequal", "the parser swaps And's operands", &exp{op: "And", l: f, r: tr}, false},
		{"or", "the parser reads Or as And", &exp{op: "Or", l: f, r: f}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := prog(tt.e)
			if got := p.equal(readLang(p.show())); got != tt.roundTrips {
				t.Errorf("%s round trip equal = %v, want %v: %s", p.show(), got, tt.roundTrips, tt.reason)
			}
		})
	}
}

func TestCalculatorFloorDivision(t *testing.T) {
	lit := func(n int) *expr { return &expr{lit: n} }
	tests := []struct {
		name, reason string
		e            *expr
		want         int64
		ok           bool
	}{
		{"floor", "Python's // rounds towards minus infinity", &expr{op: '/', l: lit(-7), r: lit(2)}, -4, true},
		{"negative divisor", "and so for a negative divisor", &expr{op: '/', l: lit(7), r: lit(-2)}, -4, true},
		{"no wrap", "integers are unbounded: MinInt+MinInt is not 0", &expr{op: '/', l: lit(1), r: &expr{op: '+', l: lit(-1 << 63), r: lit(-1 << 63)}}, -1, true},
		{"zero", "a divisor evaluating to 0 fails", &expr{op: '/', l: lit(1), r: &expr{op: '+', l: lit(0), r: lit(0)}}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, ok := tt.e.eval()
			if ok != tt.ok || ok && v.Int64() != tt.want {
				t.Errorf("%v = %v, %v; want %d, %v: %s", tt.e, v, ok, tt.want, tt.ok, tt.reason)
			}
		})
	}
}
