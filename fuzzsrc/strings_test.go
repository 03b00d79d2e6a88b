package fuzzsrc

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// drawPlain draws one value from g on data with recording off: the
// draws the property tests check are the ones fuzzing makes.
func drawPlain[V any](g Generator[V], data []byte) V {
	return g.value(&T{data: data})
}

func TestRuneGolden(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		g      Generator[rune]
		data   []byte
		want   rune
	}{
		{"empty", "exhaustion reads a zero byte, which a rune drawn alone reads as '\\t', the simplest", Rune(), nil, '\t'},
		{"low byte", "every byte below '\\t' reads as '\\t'", Rune(), []byte{0x05}, '\t'},
		{"newline", "a byte from '\\t' on stands for itself", Rune(), []byte{'\n'}, '\n'},
		{"0", "so does every ASCII byte", Rune(), []byte{'0'}, '0'},
		{"A", "letters too", Rune(), []byte{'A'}, 'A'},
		{"DEL", "the last ASCII rune", Rune(), []byte{0x7f}, 0x7f},
		{"U+0080", "bytes 0x80 to 0xDF are Latin-1, in UTF-8", Rune(), []byte{0x80}, 0x80},
		{"ß", "0xDF is the last byte that stands for itself", Rune(), []byte{0xdf}, 'ß'},
		{"first escape", "0xE0 starts block 0; its exhausted offset is U+00E0", Rune(), []byte{0xe0}, 'à'},
		{"é", "block 0, offset 9: ceil(9*65536/34746) = 17", Rune(), []byte{0xe0, 0, 17}, 'é'},
		{"中", "block 0, offset 19789", Rune(), []byte{0xe0, 0x91, 0xcd}, '中'},
		{"before surrogates", "block 1, offset 20325", Rune(), []byte{0xe1, 0x95, 0xc0}, 0xD7FF},
		{"after surrogates", "block 1, offset 20326 skips the surrogates", Rune(), []byte{0xe1, 0x95, 0xc2}, 0xE000},
		{"max", "block 31, offset 34713 is the last code point", Rune(), []byte{0xff, 0xff, 0xc2}, utf8.MaxRune},
		{"NUL", "the controls below '\\t' come after every other rune", Rune(), []byte{0xff, 0xff, 0xc4}, 0},
		{"last", "all ones is the last rank, clamped: 0x08", Rune(), []byte{0xff, 0xff, 0xff}, 8},
		{"from/empty", "the alphabet is sorted in rune order: + - x y z", RuneFrom("-+zyx"), nil, '+'},
		{"from/last", "'z' is the most complex of them", RuneFrom("-+zyx"), []byte{0xff}, 'z'},
		{"from/dup", "duplicates are dropped: 2 runes, 0x80 is index 1", RuneFrom("baab"), []byte{0x80}, 'b'},
		{"from/single", "one rune draws nothing", RuneFrom("é"), []byte{0xff}, 'é'},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := drawOnce(tt.g, tt.data); got != tt.want {
				t.Errorf("%s: got %q (%U), want %q (%U)", tt.reason, got, got, tt.want, tt.want)
			}
		})
	}
}

func TestStringGolden(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		got    any
		want   any
	}{
		{"empty", "exhaustion stops at once", drawOnce(String(), nil), ""},
		{"text", "bytes from '\\t' stand for themselves; a byte below '\\t' stops", drawOnce(String(), []byte("Aa\x00")), "Aa"},
		{"end", "the input's end stops too", drawOnce(String(), []byte("<?xml")), "<?xml"},
		{"lines", "tab and newline are text", drawOnce(String(), []byte("a\tb\n\x08")), "a\tb\n"},
		{"Latin-1", "one byte each, two in UTF-8", drawOnce(String(), []byte{0xc4, 'x', 0}), "Äx"},
		{"non-ASCII", "a rune of a block: its byte and a 2-byte offset", drawOnce(String(), []byte{0xe0, 0, 17, 0}), "é"},
		{"min", "a required rune cannot stop: a low byte is '\\t'", drawOnce(StringN(2, 3), []byte{1, 'a', 'b', 'c'}), "\tab"},
		{"min exhausted", "exhaustion fills the minimum with '\\t'", drawOnce(StringN(3, 5), nil), "\t\t\t"},
		{"max 0", "only the empty string: nothing drawn", drawOnce(StringN(0, 0), []byte{0xff, 0xff}), ""},
		{"of", "runes from the alphabet", drawOnce(StringOf(RuneFrom("ab")), []byte{0xff, 0xff, 0xff, 0}), "ba"},
		{"of N", "exactly two", drawOnce(StringOfN(RuneFrom("ab"), 2, 2), []byte{0xff, 0}), "ba"},
		{"bytes/empty", "exhaustion is nil", drawOnce(Bytes(), nil), []byte(nil)},
		{"bytes/two", "flag, byte, flag, byte, stop", drawOnce(Bytes(), []byte{0xff, 7, 0xff, 0, 0}), []byte{7, 0}},
		{"bytes/N", "exactly three, no flags", drawOnce(BytesN(3, 3), []byte{1, 2, 3, 4}), []byte{1, 2, 3}},
		{"bytes/min exhausted", "a required byte is 0", drawOnce(BytesN(1, -1), nil), []byte{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("%s: mismatch (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// runeKey is the documented simplicity order of runes, written from the
// doc rather than the code: by code point from '\t', then the controls
// 0x00-0x08.
func runeKey(c rune) [2]int {
	if c < '\t' {
		return [2]int{1, int(c)}
	}
	return [2]int{0, int(c)}
}

func compareRunes(a, b rune) int {
	ka, kb := runeKey(a), runeKey(b)
	return slices.Compare(ka[:], kb[:])
}

// compareStrings orders strings lexicographically by runeKey, a prefix
// first. (Not shortlex: lowering a rune's escape byte can make a string
// longer, but never later in this order.)
func compareStrings(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	for i := range min(len(ra), len(rb)) {
		if c := compareRunes(ra[i], rb[i]); c != 0 {
			return c
		}
	}
	return len(ra) - len(rb)
}

func TestRuneRanks(t *testing.T) {
	// Every rank, in order, against the documented order.
	last := runeOfRank(0)
	if last != '\t' {
		t.Fatalf("rank 0 is %q", last)
	}
	n := uint64(plainRunes + escapedRunes)
	for r := uint64(1); r < n; r++ {
		c := runeOfRank(r)
		if !utf8.ValidRune(c) {
			t.Fatalf("rank %d is %U, not a valid rune", r, c)
		}
		if compareRunes(last, c) >= 0 {
			t.Fatalf("rank %d is %U, not after %U", r, c, last)
		}
		if got := rankOfRune(c); got != r {
			t.Fatalf("rankOfRune(%U) = %d, want %d", c, got, r)
		}
		last = c
	}
	if last != 8 || n != 1112064 {
		t.Errorf("last rank %d is %U, want U+0008: every valid rune has a rank", n-1, last)
	}
}

// textInput makes random input biased towards flags that continue.
func textInput(r *rand.Rand, n int) []byte { return edgyInput(r, n, 5) }

func TestStringMonotone(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	gens := map[string]Generator[string]{
		"String":        String(),
		"StringN(2,6)":  StringN(2, 6),
		"StringOf(abc)": StringOf(RuneFrom("cba!é")),
		"Rune":          Map(Rune(), func(c rune) string { return string(c) }),
	}
	for name, g := range gens {
		for range 5000 {
			data := textInput(r, 24)
			s := drawPlain(g, data)
			if !utf8.ValidString(s) {
				t.Fatalf("%s: % x gave invalid UTF-8 %q", name, data, s)
			}
			if low := lowerOne(r, data); low != nil {
				if ls := drawPlain(g, low); compareStrings(ls, s) > 0 {
					t.Fatalf("%s: lowering % x to % x gave %q, later than %q", name, data, low, ls, s)
				}
			}
		}
	}
	for name, g := range map[string]Generator[[]byte]{"Bytes": Bytes(), "BytesN(1,4)": BytesN(1, 4)} {
		for range 5000 {
			data := textInput(r, 16)
			b := drawPlain(g, data)
			if low := lowerOne(r, data); low != nil {
				if lb := drawPlain(g, low); bytes.Compare(lb, b) > 0 {
					t.Fatalf("%s: lowering % x to % x gave % x, later than % x", name, data, low, lb, b)
				}
			}
		}
	}
}

func TestRuneMostlyOneByte(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	data := make([]byte, 3*10000)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	tt := &T{data: data}
	ascii, plain := 0, 0
	for range 10000 {
		switch c := tt.drawRune(); {
		case c < utf8.RuneSelf:
			ascii++
			plain++
		case c < firstEscapeByte:
			plain++
		}
	}
	// 128 of 256 bytes are ASCII ('\t' for 0-9), 224 stand for one rune.
	if ascii < 4800 || ascii > 5200 || plain < 8550 || plain > 8950 {
		t.Errorf("random bytes gave %d ASCII and %d one-byte runes in 10000, want about 5000 and 8750", ascii, plain)
	}
}

func TestStringBadLengths(t *testing.T) {
	for _, tt := range []struct {
		name     string
		reason   string
		min, max int
	}{
		{"reversed", "minLen > maxLen", 3, 2},
		{"negative", "minLen < 0", -1, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: StringN(%d, %d) did not panic", tt.reason, tt.min, tt.max)
				}
			}()
			StringN(tt.min, tt.max)
		})
	}
}

func BenchmarkText(b *testing.B) {
	b.Run("Rune", func(b *testing.B) { benchScalarDraw(b, Rune()) })
	b.Run("RuneFrom", func(b *testing.B) { benchScalarDraw(b, RuneFrom("abcdef")) })
	b.Run("String", func(b *testing.B) { benchScalarDraw(b, String()) })
	b.Run("Bytes", func(b *testing.B) { benchScalarDraw(b, Bytes()) })
}
