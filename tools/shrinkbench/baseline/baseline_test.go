package baseline

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func contains(subs ...string) Test {
	return func(in []byte) bool {
		for _, s := range subs {
			if !bytes.Contains(in, []byte(s)) {
				return false
			}
		}
		return true
	}
}

func TestGoMinimize(t *testing.T) {
	tests := []struct {
		name, reason string
		input        string
		test         Test
		want         string
		calls        int
	}{
		{
			name: "one byte", input: "abcXdef", test: contains("X"), want: "X", calls: 19,
			reason: "tail cuts by 4 (fails), 2 (kept, then fails), 1 (kept, then fails); deleting a, b, c; " +
				"then printable bytes 0 1 2 7 8 9 A B C before X: 1+5+3+10 calls",
		},
		{
			name: "always interesting", input: "hello", test: func([]byte) bool { return true }, want: "0",
			calls:  1 + 1 + 1,
			reason: "one tail cut by 4 leaves one byte, which becomes the first printable one, '0'",
		},
		{
			name: "subrange to empty", input: "ab", test: func(c []byte) bool { return len(c) == 0 || string(c) == "ab" },
			want: "", calls: 1 + 1 + 1 + 1,
			reason: "deleting the subrange [0, 2) tries the empty input, which the tail cut never does",
		},
		{
			name: "larger bytes", input: "\x00\x00q", test: contains("q"), want: "q", calls: 0,
			reason: "bytes are deleted first; a kept byte is replaced by a printable one only if that stays interesting",
		},
		{
			name: "printable replaces zero", input: "\x01q", test: func(c []byte) bool { return len(c) == 2 && c[1] == 'q' },
			want: "0q", calls: 0,
			reason: "a 0x01 byte that must stay is replaced by '0' (0x30), a larger byte",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, calls := GoMinimize([]byte(tt.input), tt.test)
			if string(got) != tt.want {
				t.Errorf("GoMinimize(%q) = %q, want %q: %s", tt.input, got, tt.want, tt.reason)
			}
			if tt.calls != 0 && calls != tt.calls {
				t.Errorf("GoMinimize(%q) made %d calls, want %d: %s", tt.input, calls, tt.calls, tt.reason)
			}
		})
	}
}

func TestDDMin(t *testing.T) {
	tests := []struct {
		name, reason string
		input        string
		test         Test
		want         string
	}{
		{
			name: "zeller", input: "12345678", test: contains("1", "7", "8"), want: "178",
			reason: "Zeller and Hildebrandt's example: the three needed bytes, in order",
		},
		{
			name: "pair", input: "xxaxxxxbxx", test: contains("a", "b"), want: "ab",
			reason: "two separate bytes are found through complements",
		},
		{
			name: "substring", input: "zzzzfoozzzz", test: contains("foo"), want: "foo",
			reason: "a contiguous run survives whole",
		},
		{
			name: "no values", input: "\xff\xfe", test: func(c []byte) bool { return len(c) == 2 }, want: "\xff\xfe",
			reason: "ddmin only deletes; it never lowers a byte",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := DDMin([]byte(tt.input), tt.test)
			if string(got) != tt.want {
				t.Errorf("DDMin(%q) = %q, want %q: %s", tt.input, got, tt.want, tt.reason)
			}
		})
	}
}

// TestDDMinOneMinimal checks 1-minimality on random targets: deleting any
// single byte of the result makes it uninteresting, and the empty input
// is never tried.
func TestDDMinOneMinimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 200 {
		in := make([]byte, 1+rng.IntN(60))
		for i := range in {
			in[i] = byte('a' + rng.IntN(4))
		}
		// Interesting: at least three 'a's and a 'd' somewhere after an 'a'.
		test := func(c []byte) bool {
			if len(c) == 0 {
				t.Fatalf("input %d: ddmin tried the empty input", k)
			}
			first := bytes.IndexByte(c, 'a')
			return bytes.Count(c, []byte("a")) >= 3 && first >= 0 && bytes.LastIndexByte(c, 'd') > first
		}
		if !test(in) {
			continue
		}
		got, _ := DDMin(in, test)
		if !test(got) {
			t.Fatalf("input %q: result %q is not interesting", in, got)
		}
		for i := range got {
			c := append(append([]byte(nil), got[:i]...), got[i+1:]...)
			if len(c) > 0 && test(c) {
				t.Fatalf("input %q: result %q is not 1-minimal: deleting byte %d leaves %q", in, got, i, c)
			}
		}
	}
}

func TestSplit(t *testing.T) {
	got := split(10, 3)
	want := [][2]int{{0, 3}, {3, 6}, {6, 10}}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("split(10, 3) = %v, want %v: contiguous parts covering the input", got, want)
		}
	}
}
