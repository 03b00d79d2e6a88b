package minimize

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMirrorIntoTwins checks which candidate the lockstep retry makes of
// a change that was not kept, for a best input of two equal strings:
// spans "s" at [0,4) and [4,8), each of two runes "r" of 2 bytes.
func TestMirrorIntoTwins(t *testing.T) {
	best := []byte{1, 7, 1, 5, 1, 7, 1, 5}
	spans := []Span{
		span("s", 0, 4, -1), span("r", 0, 2, 0), span("r", 2, 4, 0),
		span("s", 4, 8, -1), span("r", 4, 6, 3), span("r", 6, 8, 3),
	}
	tests := []struct {
		name, reason string
		best         []byte
		spans        []Span
		cand         []byte
		want         []byte
	}{
		{
			name:   "delete in one copy",
			reason: "deleting the first rune of the first string is made in the second too: the strings are the largest spans around the change with a twin",
			best:   best, spans: spans,
			cand: []byte{1, 5, 1, 7, 1, 5},
			want: []byte{1, 5, 1, 5},
		},
		{
			name:   "lower in the second copy",
			reason: "a change in the second copy goes to the first at the same place",
			best:   best, spans: spans,
			cand: []byte{1, 7, 1, 5, 1, 7, 1, 2},
			want: []byte{1, 7, 1, 2, 1, 7, 1, 2},
		},
		{
			name:   "twin past the end",
			reason: "a twin that reads zeros past the input's end counts: [1 7 0 0] and [1 7] padded are equal",
			best:   []byte{1, 7, 0, 0, 1, 7},
			spans:  []Span{span("s", 0, 4, -1), span("s", 4, 8, -1)},
			cand:   []byte{1, 3, 0, 0, 1, 7},
			want:   []byte{1, 3, 0, 0, 1, 3},
		},
		{
			name:   "no twin",
			reason: "strings that differ have no twin, and neither do their runes (7 5 against 7 6): no retry",
			best:   []byte{1, 7, 1, 5, 1, 7, 1, 6},
			spans:  []Span{span("s", 0, 4, -1), span("r", 0, 2, 0), span("r", 2, 4, 0), span("s", 4, 8, -1), span("r", 4, 6, 3), span("r", 6, 8, 3)},
			cand:   []byte{1, 7, 1, 4, 1, 7, 1, 6},
			want:   nil,
		},
		{
			name:   "twin of an inner span",
			reason: "strings that differ, but the changed rune has a twin in the other: the change is made there",
			best:   []byte{1, 7, 1, 5, 1, 7, 1, 6},
			spans:  []Span{span("s", 0, 4, -1), span("r", 0, 2, 0), span("r", 2, 4, 0), span("s", 4, 8, -1), span("r", 4, 6, 3), span("r", 6, 8, 3)},
			cand:   []byte{1, 3, 1, 5, 1, 7, 1, 6},
			want:   []byte{1, 3, 1, 5, 1, 3, 1, 6},
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
