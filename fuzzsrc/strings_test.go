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
		{"empty", "exhaustion gives rank 0", Rune(), nil, '0'},
		{"0x01", "160 indices over 256 bytes: floor(1*160/256) = 0", Rune(), []byte{0x01}, '0'},
		{"0x02", "floor(2*160/256) = 1", Rune(), []byte{0x02}, '1'},
		{"A", "rank 10; ceil(10*256/160) = 16", Rune(), []byte{16}, 'A'},
		{"a", "rank 36; ceil(36*1.6) = 58", Rune(), []byte{58}, 'a'},
		{"space", "rank 62 starts the punctuation", Rune(), []byte{100}, ' '},
		{"tilde", "rank 94 ends it", Rune(), []byte{151}, '~'},
		{"NUL", "rank 95 starts the controls", Rune(), []byte{152}, 0},
		{"DEL", "rank 127 ends them", Rune(), []byte{204}, 0x7f},
		{"first escape", "index 128 is the first non-ASCII block; its 2-byte choice is exhausted", Rune(), []byte{205}, 0x80},
		{"é", "block 0, index 105: ceil(105*65536/34748) = 199", Rune(), []byte{205, 0, 199}, 'é'},
		{"中", "block 0, index 19885", Rune(), []byte{205, 0x92, 0x80}, '中'},
		{"before surrogates", "block 1, index 20419", Rune(), []byte{207, 0x96, 0x70}, 0xD7FF},
		{"after surrogates", "block 1, index 20420 skips the surrogates", Rune(), []byte{207, 0x96, 0x71}, 0xE000},
		{"max", "all ones is the last rank", Rune(), []byte{0xff, 0xff, 0xff}, utf8.MaxRune},
		{"from/empty", "the alphabet is sorted in rune order: x y z + -", RuneFrom("-+zyx"), nil, 'x'},
		{"from/last", "'-' is the most complex of them", RuneFrom("-+zyx"), []byte{0xff}, '-'},
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
		{"two", "flag, rune, flag, rune, stop (flags below 43 stop at mean length 5)", drawOnce(String(), []byte{0xff, 16, 0xff, 58, 42}), "Aa"},
		{"non-ASCII", "a 3-byte rune inside an element", drawOnce(String(), []byte{0xff, 205, 0, 199, 0}), "é"},
		{"min", "required runes have no flag", drawOnce(StringN(2, 3), []byte{16, 58, 0xff, 2}), "Aa1"},
		{"min exhausted", "exhaustion fills the minimum with '0'", drawOnce(StringN(3, 5), nil), "000"},
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
// classes rather than the table: digits and letters, then space and
// ASCII punctuation, then controls, then non-ASCII; by code point within
// each class.
func runeKey(c rune) [2]int {
	switch {
	case '0' <= c && c <= '9', 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z':
		return [2]int{0, int(c)}
	case ' ' <= c && c <= '~':
		return [2]int{1, int(c)}
	case c < 0x80:
		return [2]int{2, int(c)}
	}
	return [2]int{3, int(c)}
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
	if last != '0' {
		t.Fatalf("rank 0 is %q", last)
	}
	n := uint64(128 + runeBlocks*runeBlockSize)
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
	if last != utf8.MaxRune || n != 1112064 {
		t.Errorf("last rank %d is %U, want %U: every valid rune has a rank", n-1, last, utf8.MaxRune)
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

func TestRuneMostlyASCII(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	data := make([]byte, 3*10000)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	tt := &T{data: data}
	ascii := 0
	for range 10000 {
		if tt.drawRune() < 0x80 {
			ascii++
		}
	}
	// 205 of 256 first bytes are ASCII: 80%.
	if ascii < 7700 || ascii > 8300 {
		t.Errorf("random bytes gave %d ASCII runes in 10000, want about 8000", ascii)
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
