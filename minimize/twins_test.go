package minimize

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMirrorIntoTwins checks which candidates the lockstep retry makes of
// a change that was not kept.
func TestMirrorIntoTwins(t *testing.T) {
	// Two equal strings: spans "s" at [0,4) and [4,8), each of two runes
	// "r" of 2 bytes.
	best := []byte{1, 7, 1, 5, 1, 7, 1, 5}
	spans := []Span{
		span("s", 0, 4, -1), span("r", 0, 2, 0), span("r", 2, 4, 0),
		span("s", 4, 8, -1), span("r", 4, 6, 3), span("r", 6, 8, 3),
	}
	differ := []Span{span("s", 0, 4, -1), span("r", 0, 2, 0), span("r", 2, 4, 0), span("s", 4, 8, -1), span("r", 4, 6, 3), span("r", 6, 8, 3)}
	// Three rows of three cells.
	rows := []Span{span("row", 0, 3, -1), span("row", 3, 6, -1), span("row", 6, 9, -1)}
	tests := []struct {
		name, reason string
		best         []byte
		spans        []Span
		cand         []byte
		want         [][]byte
	}{
		{
			name:   "delete in one copy",
			reason: "deleting the first rune of the first string is made in the second too: the strings are the largest spans around the change with a twin",
			best:   best, spans: spans,
			cand: []byte{1, 5, 1, 7, 1, 5},
			want: [][]byte{{1, 5, 1, 5}},
		},
		{
			name:   "lower in the second copy",
			reason: "a change in the second copy goes to the first at the same place",
			best:   best, spans: spans,
			cand: []byte{1, 7, 1, 5, 1, 7, 1, 2},
			want: [][]byte{{1, 7, 1, 2, 1, 7, 1, 2}},
		},
		{
			name:   "twin past the end",
			reason: "a twin that reads zeros past the input's end counts: [1 7 0 0] and [1 7] padded are equal",
			best:   []byte{1, 7, 0, 0, 1, 7},
			spans:  []Span{span("s", 0, 4, -1), span("s", 4, 8, -1)},
			cand:   []byte{1, 3, 0, 0, 1, 7},
			want:   [][]byte{{1, 3, 0, 0, 1, 3}},
		},
		{
			name:   "no twin",
			reason: "strings that differ have no twin, and neither do their runes (7 5 against 7 6): no retry",
			best:   []byte{1, 7, 1, 5, 1, 7, 1, 6},
			spans:  differ,
			cand:   []byte{1, 7, 1, 4, 1, 7, 1, 6},
		},
		{
			name:   "twin of an inner span",
			reason: "strings that differ, but the changed rune has a twin in the other: the change is made there",
			best:   []byte{1, 7, 1, 5, 1, 7, 1, 6},
			spans:  differ,
			cand:   []byte{1, 3, 1, 5, 1, 7, 1, 6},
			want:   [][]byte{{1, 3, 1, 5, 1, 3, 1, 6}},
		},
		{
			name:   "swap in every row",
			reason: "exchanging the first and last cell of the last row is made in every row, whatever its cells",
			best:   []byte{0, 0, 0, 0, 0, 1, 0, 0, 2},
			spans:  rows,
			cand:   []byte{0, 0, 0, 0, 0, 1, 2},
			want:   [][]byte{{0, 0, 0, 1, 0, 0, 2}},
		},
		{
			name:   "swap that reads as a deletion",
			reason: "deleting a zero cell of the last row is also an exchange with the zero cut off its end: the exchange in every row first, then the deletion of every zero cell that is a twin of it (the largest span with a twin is the row [0 0 0], whose twin is missing, so the cell)",
			best:   []byte{0, 0, 0, 0, 1, 0, 0, 2},
			spans:  append(rows, span("cell", 6, 7, 2), span("cell", 7, 8, 2), span("cell", 0, 1, 0)),
			cand:   []byte{0, 0, 0, 0, 1, 0, 2},
			want:   [][]byte{{0, 0, 0, 1, 0, 0, 2}, {0, 0, 0, 1, 0, 2}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newShrinker(context.Background(), nil, Options{Workers: 1})
			s.setBest(tc.best, Outcome{Used: len(tc.best), Spans: tc.spans})
			if diff := cmp.Diff(tc.want, s.mirrorIntoTwins(tc.cand)); diff != "" {
				t.Errorf("%s: (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}
