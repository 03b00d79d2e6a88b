package minimize

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestKeepLaterValues checks the retry keepLaterValues makes of a
// candidate that was not kept, given the candidate's outcome.
func TestKeepLaterValues(t *testing.T) {
	// A list of byte values, then an index into it and a tag: the
	// index's range depends on the list's length.
	byteAt := func(off int) Choice { return Choice{Offset: off, Width: 1, Max: 255} }
	tests := []struct {
		name, reason string
		best         []byte
		out          Outcome // the best input's
		cand         []byte
		candOut      Outcome
		want         []byte
	}{
		{
			name:    "range narrowed",
			reason:  "the index's range went from 0..3 to 0..2: its byte is re-encoded to hold index 2 as before (0x80, 2 of 4, becomes 0xab, the least byte that reads 2 of 3)",
			best:    []byte{1, 2, 3, 4, 0x80, 9},
			out:     Outcome{Choices: []Choice{byteAt(0), byteAt(1), byteAt(2), byteAt(3), {Offset: 4, Width: 1, Max: 3}, byteAt(5)}},
			cand:    []byte{1, 2, 3, 0x80, 9},
			candOut: Outcome{Choices: []Choice{byteAt(0), byteAt(1), byteAt(2), {Offset: 3, Width: 1, Max: 2}, byteAt(4)}},
			want:    []byte{1, 2, 3, 0xab, 9},
		},
		{
			name:    "choice gone",
			reason:  "the list went from two values to one, so the index's range holds one value and reads nothing (a constant at 1): the tag read the index's byte; the retry deletes it",
			best:    []byte{1, 2, 0x80, 9},
			out:     Outcome{Choices: []Choice{byteAt(0), byteAt(1), {Offset: 2, Width: 1, Max: 1}, byteAt(3)}},
			cand:    []byte{1, 0x80, 9},
			candOut: Outcome{Choices: []Choice{byteAt(0), byteAt(1)}, Constants: []int{1}},
			want:    []byte{1, 9},
		},
		{
			name:    "choice back",
			reason:  "the best input's index read nothing (a constant at 1, before the tag); the candidate lowered the first value so that the index reads a byte, the tag's: the retry puts a zero byte there, the index's simplest value, and the tag reads 7 again",
			best:    []byte{2, 7},
			out:     Outcome{Choices: []Choice{byteAt(0), byteAt(1)}, Constants: []int{1}},
			cand:    []byte{1, 7},
			candOut: Outcome{Choices: []Choice{byteAt(0), {Offset: 1, Width: 1, Max: 1}, byteAt(2)}},
			want:    []byte{1, 0, 7},
		},
		{
			name:    "constant kept",
			reason:  "a constant at the same place in both runs, and the later choices read as before: no retry",
			best:    []byte{5, 1, 9},
			out:     Outcome{Choices: []Choice{byteAt(0), byteAt(1), byteAt(2)}, Constants: []int{2}},
			cand:    []byte{4, 1, 9},
			candOut: Outcome{Choices: []Choice{byteAt(0), byteAt(1), byteAt(2)}, Constants: []int{2}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newShrinker(context.Background(), nil, Options{Workers: 1})
			tc.out.Used = len(tc.best)
			s.setBest(tc.best, tc.out)
			if diff := cmp.Diff(tc.want, s.keepLaterValues(tc.cand, &tc.candOut)); diff != "" {
				t.Errorf("%s: (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestDropLoopUnits checks the retries dropLoopUnits makes of a candidate
// that lowered one value, given how many choices the candidate's run drew.
func TestDropLoopUnits(t *testing.T) {
	byteAt := func(off int) Choice { return Choice{Offset: off, Width: 1, Max: 255} }
	bytesFrom := func(n int) []Choice {
		cs := make([]Choice, n)
		for i := range cs {
			cs[i] = byteAt(i)
		}
		return cs
	}
	tests := []struct {
		name, reason string
		best         []byte
		cand         []byte
		drawn        int // choices the candidate's run drew
		want         [][]byte
	}{
		{
			name:   "a pair of zeros",
			reason: "a count 3, a tag, then pairs (0 0) (0 5) (0 0) and a last value: the count lowered, the run drew two choices fewer, so each of the first pairs of zeros after the count goes with it, nearest first, up to three",
			best:   []byte{3, 9, 0, 0, 0, 5, 0, 0, 7},
			cand:   []byte{2, 9, 0, 0, 0, 5, 0, 0, 7},
			drawn:  7,
			want:   [][]byte{{2, 9, 0, 5, 0, 0, 7}, {2, 9, 0, 0, 0, 5, 7}},
		},
		{
			name:   "one zero each",
			reason: "the run drew one choice fewer: every zero after the lowered value is a place",
			best:   []byte{2, 0, 4, 0, 1},
			cand:   []byte{1, 0, 4, 0, 1},
			drawn:  4,
			want:   [][]byte{{1, 4, 0, 1}, {1, 0, 4, 1}},
		},
		{
			name:   "as many choices",
			reason: "the run drew as many choices as the best input's: the value sized nothing",
			best:   []byte{3, 0, 0, 7},
			cand:   []byte{2, 0, 0, 7},
			drawn:  4,
		},
		{
			name:   "too many fewer",
			reason: "the run drew more than maxLoopUnit choices fewer: the value ended a long part (a collection's flag), not a loop's element",
			best:   []byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5},
			cand:   []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5},
			drawn:  4,
		},
		{
			name:   "two values changed",
			reason: "the candidate changed two values: not a count lowered",
			best:   []byte{3, 9, 0, 0, 7},
			cand:   []byte{2, 8, 0, 0, 7},
			drawn:  3,
		},
		{
			name:   "raised",
			reason: "the candidate raised the value: no retry",
			best:   []byte{3, 0, 0, 7},
			cand:   []byte{4, 0, 0, 7},
			drawn:  2,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newShrinker(context.Background(), nil, Options{Workers: 1})
			s.setBest(tc.best, Outcome{Used: len(tc.best), Choices: bytesFrom(len(tc.best))})
			got := s.dropLoopUnits(tc.cand, &Outcome{Choices: bytesFrom(tc.drawn)})
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}
