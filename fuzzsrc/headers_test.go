package fuzzsrc

import (
	"strings"
	"testing"

	gofuzzheaders "github.com/AdaLogics/go-fuzz-headers"
	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/minimize"
)

// region reads every byte a ConsumeFuzzer holds.
func region(c *gofuzzheaders.ConsumeFuzzer) []byte {
	var b []byte
	for {
		x, err := c.GetByte()
		if err != nil {
			return b
		}
		b = append(b, x)
	}
}

func TestHeadersRegion(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		gen    Generator[*gofuzzheaders.ConsumeFuzzer]
		data   []byte
		want   []byte
	}{
		{"empty input", "exhaustion ends the region at its minimum", Headers(), nil, nil},
		{"two bytes", "flag, byte, flag, byte, stop", Headers(), []byte{0xff, 'A', 0xff, 'B', 0}, []byte("AB")},
		{"flag threshold", "mean 128 gives p = 128/129: flags from 2 up mean more", Headers(), []byte{2, 'A', 1, 'B'}, []byte("A")},
		{"short input", "the region ends where the input does", Headers(), []byte{0xff, 'A', 0xff}, []byte{'A', 0}},
		{"min", "required bytes have no flag", HeadersSize(Size{Min: 2, Max: 3}), []byte{'x', 'y', 0xff, 'z', 0xff, 'w'}, []byte("xyz")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := region(drawOnce(tt.gen, tt.data))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s: (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestHeadersExhaustion(t *testing.T) {
	// A harness in the usual style: it returns when go-fuzz-headers runs
	// out, and panics on a planted input.
	harness := func(t *T) {
		c := Headers().Draw(t, "c")
		n, err := c.GetUint32()
		if err != nil {
			return
		}
		s, err := c.GetString()
		if err != nil {
			t.Skip("go-fuzz-headers: ", err)
		}
		if n == 7 && s == "bug" {
			panic("planted")
		}
	}
	flagged := func(b []byte) []byte {
		var out []byte
		for _, x := range b {
			out = append(out, 0xff, x)
		}
		return append(out, 0)
	}
	tests := []struct {
		name    string
		reason  string
		data    []byte
		failed  bool
		skipped string
	}{
		{"empty", "GetUint32 fails on an empty region: the harness returns", nil, false, ""},
		{"short string", "GetString needs its length's worth of bytes", flagged([]byte{0, 0, 0, 7, 0, 0, 0, 9, 'b'}), false, "go-fuzz-headers: not enough bytes to create string"},
		{"planted", "4-byte n, 4-byte length, then exactly the string", flagged([]byte{0, 0, 0, 7, 0, 0, 0, 3, 'b', 'u', 'g'}), true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := recordRun(tt.data, harness)
			if (r.Failure != nil) != tt.failed || r.SkipReason != tt.skipped {
				t.Errorf("%s: failure %v, skip %q; want failed=%v, skip %q", tt.reason, r.Failure, r.SkipReason, tt.failed, tt.skipped)
			}
		})
	}
}

func TestHeadersSpans(t *testing.T) {
	data := []byte{0xff, 'A', 0xff, 'B', 0}
	r := recordRun(data, func(t *T) { Headers().Draw(t, "c") })
	want := []minimize.Span{
		{Label: "Headers(0..)", Start: 0, End: 5, Parent: -1},
		{Label: "byte", Start: 0, End: 2, Parent: 0},
		{Label: "byte", Start: 2, End: 4, Parent: 0},
	}
	if diff := cmp.Diff(want, r.Spans); diff != "" {
		t.Errorf("one span over the region, one per deletable byte (-want +got):\n%s", diff)
	}
	for _, c := range r.Choices {
		if c.Index != c.Choice.Index(data) || c.Width != 1 || !strings.Contains("byte more", c.Kind.String()) {
			t.Errorf("choice %+v: want one-byte flags and bytes that minimize reads the same", c)
		}
	}
}
