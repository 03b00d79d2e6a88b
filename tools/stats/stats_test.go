package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/internal/record"
)

func TestSummaryPrint(t *testing.T) {
	entries := []record.StatsEntry{
		{Bytes: 0, Draws: []record.Draw{{Label: "n", Value: "0"}}, Events: []string{"empty"}},
		{Bytes: 3, Draws: []record.Draw{{Label: "n", Value: "2"}, {Label: "call", Value: "b1 := a.Alloc(1)"}, {Label: "call", Value: "a.Free(b1)"}},
			Spans: []record.StatsSpan{{Label: "OneOf(A, B)", Pick: 1}, {Label: "SliceOf(X)", Elements: 2, Pick: -1}}},
		{Bytes: 1, Discarded: true, SkipReason: "assumption failed", Draws: []record.Draw{{Label: "n", Value: "2"}},
			Spans: []record.StatsSpan{{Label: "OneOf(A, B)", Pick: 0}, {Label: "SliceOf(X)", Pick: -1}}, Events: []string{"empty", "empty"}},
	}
	var b strings.Builder
	summarize(entries).print(&b, 4)
	want := `  input bytes:
    0 ████ 1 (33.3%)
    1 ████ 1 (33.3%)
    2      0 (0.0%)
    3 ████ 1 (33.3%)
  outcome (share of inputs):
    passed                       ████ 2 (66.7%)
    discarded: assumption failed ██   1 (33.3%)
  draw n (3 draws):
    0 ██   1 (33.3%)
    1      0 (0.0%)
    2 ████ 2 (66.7%)
  Repeat actions (2 calls):
    a.Alloc ████ 1 (50.0%)
    a.Free  ████ 1 (50.0%)
  Repeat steps per input:
    2 ████ 1 (100.0%)
  size of SliceOf(X):
    0 ████ 1 (50.0%)
    1      0 (0.0%)
    2 ████ 1 (50.0%)
  branches of OneOf(A, B):
    branch 0 ████ 1 (50.0%)
    branch 1 ████ 1 (50.0%)
  events (share of inputs):
    empty ████ 2 (66.7%)
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestNumericBuckets(t *testing.T) {
	// 0..99 in ten buckets of ten; a float range in ten equal parts.
	var vals []float64
	for i := range 100 {
		vals = append(vals, float64(i))
	}
	rows := numericRows(vals)
	if len(rows) != 10 || rows[0] != (row{"0..9", 10}) || rows[9] != (row{"90..99", 10}) {
		t.Errorf("want ten buckets of ten, 0..9 to 90..99: %v", rows)
	}
}

func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary: skipped under -short")
	}
	var b strings.Builder
	p, err := stats(&b, "./testdata/fixture", regexp.MustCompile("^FuzzFixture$"), 10)
	if err != nil {
		t.Fatal(err)
	}
	out := b.String()
	var h strings.Builder
	if err := writeHTML(&h, p); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<h3>Repeat actions (2 calls):</h3>", "<td>&#34;circle&#34;</td>"} {
		if !strings.Contains(h.String(), want) {
			t.Errorf("HTML lacks %q:\n%s", want, h.String())
		}
	}
	// The fixture's corpus: three files and the empty seed. Only "\xff"
	// draws n = 9, which Assume rejects.
	for _, want := range []string{
		"FuzzFixture: 4 inputs (3 in testdata/fuzz, ",
		"discarded: assumption failed █",
		`"circle" `,
		"c.Add █",
		"branches of OneOf(Just(\"circle\"), Just(\"square\")):",
		"empty xs █",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
