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
