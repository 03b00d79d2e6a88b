package fuzzsrc

import (
	"slices"
	"testing"
	"unicode/utf8"
)

// TestRuneSimpler checks the simpler values a rune drawn through an
// escape names for the reducer: each a value of the whole draw (the
// escape byte and the offset), which decodes to the rune it stands for.
func TestRuneSimpler(t *testing.T) {
	tests := []struct {
		name, reason string
		r            rune
		want         []rune
	}{
		{"greek capital", "Ω: the first letter past one byte's runes (à, lower-case, a letter as Ω is), the first upper-case letter past U+00FF (Ā), and the first Greek rune (Ͱ)",
			'Ω', []rune{'à', 'Ā', 'Ͱ'}},
		{"symbol", "҂, an other-symbol of the Cyrillic script: the first symbol at or past U+00E0 (÷), the first past U+00FF (˂, a modifier symbol), and the first Cyrillic rune (Ѐ); no other-symbol comes before it past U+00DF",
			'҂', []rune{'÷', '˂', 'Ѐ'}},
		{"first of its kinds", "à is the first letter reached through an escape: it names nothing",
			'à', nil},
		{"control", "the control runes 0x00-0x08 come last in shrink order and name nothing",
			0x01, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			draw := func(in []byte) (r rune, hints [][]uint64) {
				out := recordRun(in, func(t *T) { r = Rune().Draw(t, "r") })
				for _, h := range out.Simpler {
					if h.Choice != 0 || len(h.Then) != 1 {
						t.Fatalf("simpler value %+v, want one for the escape byte (choice 0) and the offset", h)
					}
					hints = append(hints, append([]uint64{h.Index}, h.Then...))
				}
				return r, hints
			}
			// The rune's input: its escape byte, then its offset in the
			// escape's block as the offset's choice encodes it.
			e := uint32(rankOfRune(tt.r) - plainRunes)
			escape := byte(firstEscapeByte + e/runeBlockSize)
			c := recordRun([]byte{escape}, func(t *T) { Rune().Draw(t, "r") }).Choices[1].Choice
			in := append([]byte{escape}, c.Encode(uint64(e%runeBlockSize))...)
			r, hints := draw(in)
			if r != tt.r {
				t.Fatalf("input % x draws %U, want %U", in, r, tt.r)
			}
			var got []rune
			for _, h := range hints {
				s, _ := draw(append([]byte{byte(h[0])}, c.Encode(h[1])...))
				got = append(got, s)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("simpler runes of %U = %q, want %q: %s", tt.r, got, tt.want, tt.reason)
			}
			for _, s := range got {
				if !utf8.ValidRune(s) || s >= tt.r {
					t.Errorf("named %U, not a rune before %U", s, tt.r)
				}
			}
		})
	}
}
