package bench

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// This file holds problems whose minimum is a float or a string that the
// draw's own order makes simple while the values between it and the
// starting one pass: a float whose simplest failing value is an integer
// or a short fraction beyond a passing region, and strings whose failure
// depends on which characters they hold.

// floatChoice returns the magnitude choice of g's draw: its last, after
// the sign coin of a draw that has both signs.
func floatChoice(g fuzzsrc.Generator[float64]) record.Choice {
	rec := engine.Run(nil, func(t *fuzzsrc.T) { g.Draw(t, "x") })
	return rec.Choices[len(rec.Choices)-1]
}

// floatIndexOf returns the first of the magnitude indices cands at which
// g draws a value for which is holds (with a positive sign coin, if any).
func floatIndexOf(g fuzzsrc.Generator[float64], is func(float64) bool, cands []uint64) uint64 {
	c := floatChoice(g)
	for _, i := range cands {
		var v float64
		in := append(make([]byte, c.Offset), c.Encode(i)...)
		engine.Run(in, func(t *fuzzsrc.T) { v = g.Draw(t, "x") })
		if is(v) {
			return i
		}
	}
	panic("bench: value not found among the candidates")
}

// floatCands returns the indices of a full-width float code worth
// enumerating: the integers 0..ints and, for the exponent positions
// 0..positions-1 (values from 1 up) and 1024..1024+positions-1 (below 1),
// the first per codes of each.
func floatCands(ints, positions, per uint64) []uint64 {
	var out []uint64
	for i := range ints + 1 {
		out = append(out, i)
	}
	for _, p0 := range []uint64{0, 1024} {
		for p := p0; p < p0+positions; p++ {
			for m := range per {
				out = append(out, 1<<63|p<<52|m)
			}
		}
	}
	return out
}

// rangeCands returns the indices 0..n of a bounded draw: its first values.
func rangeCands(max, n uint64) []uint64 {
	var out []uint64
	for i := uint64(0); i <= min(max, n); i++ {
		out = append(out, i)
	}
	return out
}

// fmtFloat formats a float the shortest way that reads back.
func fmtFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// floatFrac draws any float64 and fails when it needs more than six
// fractional bits, as code that stores values in 1/64ths assumes they
// have no more.
func floatFrac() Benchmark {
	p := problem[float64]{
		gen:  fuzzsrc.Float64(),
		rgen: rapid.Float64(),
		verdict: func(x float64) verdict {
			if !math.IsNaN(x) && !math.IsInf(x, 0) && x*64 != math.Floor(x*64) {
				return failedA
			}
			return pass
		},
		format: fmtFloat,
		size:   func(float64) int { return 1 },
	}
	mag := floatChoice(fuzzsrc.Float64())
	code := func(x float64) []byte {
		return mag.Encode(floatIndexOf(fuzzsrc.Float64(), func(v float64) bool { return v == x }, floatCands(0, 1, 300)))
	}
	return p.fill(Benchmark{
		Name:       "float_frac",
		Hypothesis: "not measured (our own problem)",
		About:      "any float64; fails when it has more than six fractional bits (x*64 not whole)",
		MinValue:   "1.0078125",
		MinInput:   cat([]byte{0}, code(1.0078125)),
		Why: "every integer passes; after the integers fuzzsrc orders floats by exponent, 1 to 2 first, " +
			"then by fractional bits, so 1 + 1/128 is the first with seven: a positive sign coin and the " +
			"8-byte code. Values below 1, such as 0.5078125, come after every value from 1 up",
		Space: Space{MaxLen: 9, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindBool {
				return []uint64{0, 1}
			}
			return floatCands(8, 2, 140)
		}},
		Passing: []Example{
			{"six bits", cat([]byte{0}, code(1.015625)), "1 + 1/64 has six fractional bits"},
			{"integer", cat([]byte{0}, mag.Encode(3)), "3"},
		},
	})
}

// floatAbove draws any float64 and fails when it is above 1, as a
// property that assumes a probability does.
func floatAbove() Benchmark {
	p := problem[float64]{
		gen:  fuzzsrc.Float64(),
		rgen: rapid.Float64(),
		verdict: func(x float64) verdict {
			if x > 1 {
				return failedA
			}
			return pass
		},
		format: fmtFloat,
		size:   func(float64) int { return 1 },
	}
	mag := floatChoice(fuzzsrc.Float64())
	return p.fill(Benchmark{
		Name:       "float_above",
		Hypothesis: "not measured (our own problem)",
		About:      "any float64; fails when it is above 1",
		MinValue:   "2",
		MinInput:   cat([]byte{0}, mag.Encode(2)),
		Why: "fuzzsrc orders floats 0, 1, 2, ... first: 2 is the simplest value above 1, a positive sign " +
			"coin and the 8-byte code 2",
		Space: Space{MaxLen: 9, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindBool {
				return []uint64{0, 1}
			}
			return floatCands(8, 2, 20)
		}},
		Passing: []Example{
			{"one", cat([]byte{0}, mag.Encode(1)), "1 is not above 1"},
			{"minus two", cat([]byte{coinByte(fuzzsrc.Bool())}, mag.Encode(2)), "-2"},
		},
	})
}

// floatSum draws floats in [1, 9.75] and fails when they add up to more
// than 10.25, as a budget check that assumes one item never exceeds it
// by much.
func floatSum() Benchmark {
	gen := fuzzsrc.Float64Range(1, 9.75)
	p := problem[[]float64]{
		gen:  fuzzsrc.SliceOf(gen),
		rgen: rapid.SliceOf(rapid.Float64Range(1, 9.75)),
		verdict: func(xs []float64) verdict {
			sum := 0.0
			for _, x := range xs {
				sum += x
			}
			if sum > 10.25 {
				return failedA
			}
			return pass
		},
		format: func(xs []float64) string {
			parts := make([]string, len(xs))
			for i, x := range xs {
				parts[i] = fmtFloat(x)
			}
			return "[" + strings.Join(parts, ", ") + "]"
		},
		size: func(xs []float64) int { return len(xs) },
	}
	c := choiceOf(gen)
	// The range numbers the integers 1..9, then the fractions of [1, 2)
	// (about 2^52), [2, 4) (two integer parts of about 2^51) and [4, 8)
	// (four of 2^50), then those of 8 (2^49): 9.5, 9.25 and 9.75 follow,
	// found by probing a few indices around that estimate.
	est := uint64(9 + 1<<52 + 2<<51 + 4<<50 + 1<<49)
	var window []uint64
	for i := est - 16; i < est+16; i++ {
		window = append(window, i)
	}
	nines := floatIndexOf(gen, func(v float64) bool { return v == 9.5 }, window)
	at := func(x float64) uint64 {
		return floatIndexOf(gen, func(v float64) bool { return v == x }, append(rangeCands(c.Max, 20), nines, nines+1, nines+2))
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "float_sum",
		Hypothesis: "not measured (our own problem)",
		About:      "a list of floats in [1, 9.75]; fails when the sum is above 10.25",
		MinValue:   "[9.5, 1]",
		MinInput:   cat([]byte{more}, c.Encode(at(9.5)), []byte{more}),
		Why: "one value is at most 9.75, so two are needed; the second is the simplest value, 1, whose " +
			"index 0 is trailing zeros and free, and the first the simplest value above 9.25 in the " +
			"range: the integers stop at 9, and among 8 to 9.75 the order is by integer part, then " +
			"fractional bits, so 9.5 comes before 9.75",
		Space: Space{MaxLen: 2 + 2*c.Width, Cands: func(ch record.Choice) []uint64 {
			if ch.Kind == record.KindMore {
				return coinIndices(ch, more)
			}
			return append(rangeCands(ch.Max, 40), nines-2, nines-1, nines, nines+1, nines+2)
		}},
		Passing: []Example{
			{"one and nine", cat([]byte{more}, c.Encode(0), []byte{more}, c.Encode(8)), "[1, 9]: 10"},
			{"quarter", cat([]byte{more}, c.Encode(0), []byte{more}, c.Encode(at(9.25))), "[1, 9.25]: exactly 10.25"},
		},
	})
}

// lineItem is an order line as a shop keeps it.
type lineItem struct {
	Name  string
	Qty   uint8
	Price float64
}

// floatStruct fills a lineItem with fuzzsrc.Make and fails when the
// total rounded down to whole units differs from the quantity times the
// unit price rounded down, the bug of rounding each unit before
// multiplying.
func floatStruct() Benchmark {
	p := problem[lineItem]{
		gen:  fuzzsrc.Make[lineItem](),
		rgen: rapid.Make[lineItem](),
		verdict: func(l lineItem) verdict {
			if math.IsNaN(l.Price) || math.Abs(l.Price) > 1e9 {
				return pass
			}
			if math.Floor(float64(l.Qty)*l.Price) != float64(l.Qty)*math.Floor(l.Price) {
				return failedA
			}
			return pass
		},
		format: func(l lineItem) string {
			return fmt.Sprintf("{Name:%q Qty:%d Price:%s}", l.Name, l.Qty, fmtFloat(l.Price))
		},
		size: func(lineItem) int { return 1 },
	}
	mag := floatChoice(fuzzsrc.Float64())
	at := func(x float64) uint64 {
		return floatIndexOf(fuzzsrc.Float64(), func(v float64) bool { return v == x }, floatCands(0, 1, 4))
	}
	var qtyTwo byte
	for b := range 256 {
		var l lineItem
		engine.Run([]byte{0, byte(b)}, func(t *fuzzsrc.T) { l = fuzzsrc.Make[lineItem]().Draw(t, "l") })
		if l.Qty == 2 {
			qtyTwo = byte(b)
			break
		}
	}
	return p.fill(Benchmark{
		Name:       "float_struct",
		Hypothesis: "not measured (our own problem)",
		About:      "a struct from fuzzsrc.Make (string, uint8, float64); fails when floor(qty*price) != qty*floor(price)",
		MinValue:   `{Name:"" Qty:2 Price:1.5}`,
		MinInput:   []byte{0, qtyTwo, 0, 0x80},
		Why: "the name is empty (its stop flag); a quantity of 0 or 1 never fails, so it is 2; every " +
			"integer price passes, and the first non-integer in fuzzsrc's float order is 1.5, for which " +
			"floor(3) = 3 but 2*floor(1.5) = 2; its code 2^63 (the dead code of 1, read as 1.5) is the byte " +
			"0x80 and seven trailing zeros: 4 bytes",
		Space: Space{MaxLen: 11, Cands: func(c record.Choice) []uint64 {
			switch {
			case c.Kind == record.KindMore, c.Kind == record.KindBool:
				return []uint64{0, 1}
			case c.Kind == record.KindFloat:
				return floatCands(6, 2, 8)
			}
			return rangeCands(c.Max, 4)
		}},
		Passing: []Example{
			{"one", cat([]byte{0, intByte(fuzzsrc.IntRange(0, 255), 1), 0}, mag.Encode(at(1.5))), "a quantity of 1 never fails"},
			{"quarter", cat([]byte{0, qtyTwo, 0}, mag.Encode(at(1.25))), "2 * 1.25 = 2.5, floor 2 both ways"},
		},
	})
}

// runeIndex returns the byte of fuzzsrc.Rune's first choice that draws
// r, for a rune that a byte stands for (ASCII from '\t' on, Latin-1).
// The bytes below '\t' also draw '\t' alone but end a string, so the
// search starts at '\t'.
func runeIndex(r rune) byte {
	c := choiceOf(fuzzsrc.Rune())
	for i := uint64('\t'); i < 256; i++ {
		var got rune
		engine.Run(c.Encode(i), func(t *fuzzsrc.T) { got = fuzzsrc.Rune().Draw(t, "r") })
		if got == r {
			return c.Encode(i)[0]
		}
	}
	panic(fmt.Sprintf("bench: rune %q not found", r))
}

// runeCands tries a rune's first choice at the stop (0), at every byte
// below last from '\t' on (ASCII, each its own rune), at the first
// Latin-1 rune and at the first escape; flags at 0 and more, and other
// choices at 0..2.
func runeCands(more byte, last rune) func(record.Choice) []uint64 {
	return func(c record.Choice) []uint64 {
		switch {
		case c.Kind == record.KindMore:
			return coinIndices(c, more)
		case c.Kind == record.KindRune && c.Width == 1:
			return textCands(last, 0x80, 0xe0)
		}
		return rangeCands(c.Max, 2)
	}
}

// textCands returns the stop byte 0, the bytes '\t' to last, and more.
func textCands(last rune, more ...uint64) []uint64 {
	out := []uint64{0}
	for b := uint64('\t'); b <= uint64(last); b++ {
		out = append(out, b)
	}
	return append(out, more...)
}

// stringSet draws a string and fails when it holds a character an HTML
// writer must escape, as one that copies text through unescaped does.
func stringSet() Benchmark {
	p := problem[string]{
		gen:  fuzzsrc.String(),
		rgen: rapid.String(),
		verdict: func(s string) verdict {
			if strings.ContainsAny(s, "<>&") {
				return failedA
			}
			return pass
		},
		format: strconv.Quote,
		size:   func(s string) int { return len([]rune(s)) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "string_set",
		Hypothesis: "not measured (our own problem)",
		About:      "a string; fails when it holds one of < > &",
		MinValue:   `"&"`,
		MinInput:   []byte{runeIndex('&')},
		Why: "one character is needed; a string's input is its text, one byte per ASCII rune, and runes " +
			"shrink by code point, where & (0x26) comes before < and >: 1 byte, the stop past the end",
		Space: Space{MaxLen: 2, Cands: runeCands(more, 0x7f)},
		Passing: []Example{
			{"quote", []byte{runeIndex('\'')}, `"'" needs no escaping here`},
		},
	})
}

// stringRepeat draws a string and fails when it has three or more runes
// and ends with the letter it starts with, as a palindrome check that
// only compares the ends of words of letters does.
func stringRepeat() Benchmark {
	p := problem[string]{
		gen:  fuzzsrc.String(),
		rgen: rapid.String(),
		verdict: func(s string) verdict {
			r := []rune(s)
			if len(r) >= 3 && unicode.IsLetter(r[0]) && r[0] == r[len(r)-1] {
				return failedA
			}
			return pass
		},
		format: strconv.Quote,
		size:   func(s string) int { return len([]rune(s)) },
	}
	more := flagByte(fuzzsrc.Size{})
	a := runeIndex('A')
	return p.fill(Benchmark{
		Name:       "string_ends",
		Hypothesis: "not measured (our own problem)",
		About:      "a string; fails when it has 3+ runes and its first rune, a letter, is also its last",
		MinValue:   `"A\tA"`,
		MinInput:   []byte{a, runeIndex('\t'), a},
		Why: "three runes; the first the simplest letter, A (0x41: in code point order letters follow " +
			"the digits and punctuation); the middle one free, so '\\t', the simplest rune; the last " +
			"equal to the first: 3 bytes, the stop past the end",
		Space: Space{MaxLen: 3, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindRune && c.Width == 1 {
				return textCands('B')
			}
			return runeCands(more, 0x7f)(c)
		}},
		Passing: []Example{
			{"digits", []byte("000"), `"000": 0 is not a letter`},
			{"two", []byte{a, a}, `"AA" is too short`},
		},
	})
}

// stringKeys draws a map from strings to digits and fails when two keys
// are equal ignoring case, as a case-insensitive store keyed by exact
// strings does.
func stringKeys() Benchmark {
	p := problem[map[string]int]{
		gen:  fuzzsrc.MapOf(fuzzsrc.String(), fuzzsrc.IntRange(0, 9)),
		rgen: rapid.MapOf(rapid.String(), rapid.IntRange(0, 9)),
		verdict: func(m map[string]int) verdict {
			seen := map[string]bool{}
			for k := range m {
				f := strings.ToLower(k)
				if seen[f] {
					return failedA
				}
				seen[f] = true
			}
			return pass
		},
		format: formatStringMap,
		size:   func(m map[string]int) int { return len(m) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "string_keys",
		Hypothesis: "not measured (our own problem)",
		About:      "a map from strings to digits; fails when two keys are equal ignoring case",
		MinValue:   `map["A":0 "a":0]`,
		MinInput:   []byte{more, runeIndex('A'), 0, 0, more, runeIndex('a')},
		Why: "two keys that differ only in case need a letter each; the first key is the simplest letter, " +
			"\"A\", and the second its lower case, \"a\"; the first key's stop and value 0, the last " +
			"one's stop and value trailing: 6 bytes",
		Space: Space{MaxLen: 6, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindRune && c.Width == 1 {
				// the stop, the first runes, and each side of every class around the letters
				return textCands('\v', '0', '@', 'A', 'B', 'Z', '[', '`', 'a', 'b')
			}
			return runeCands(more, 0x7f)(c)
		}},
		Passing: []Example{
			{"distinct", []byte{more, runeIndex('A'), 0, 0, more, runeIndex('b')}, `"A" and "b"`},
		},
	})
}
