package wire

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/minimize"
)

var sample = &Record{
	Used: 9, Failed: true, Kind: "failed", Signature: "failed at x_test.go:3", Message: "boom", Location: "x_test.go:3",
	Draws:   []string{"draw n: 7", "log: hello"},
	Choices: []minimize.Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 8, Max: 1<<64 - 1, Below: 1 << 63}},
	Spans: []minimize.Span{
		{Label: "SliceOf", Start: 0, End: 9, Parent: -1},
		{Label: "element", Start: 0, End: 9, Parent: 0, Discarded: true},
		{Label: "element", Start: 9, End: 9, Parent: 0},
	},
	Simpler:   []minimize.Simpler{{Choice: 1, Index: 3}, {Choice: 0, Index: 224, Then: []uint64{656}}},
	Constants: []int{1, 1, 9},
}

func TestRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		name   string
		reason string
		rec    *Record
	}{
		{"empty", "the zero record", &Record{Choices: []minimize.Choice{}, Spans: []minimize.Span{}}},
		{"full", "every field, repeated labels, a root span", sample},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.rec.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var got Record
			if err := got.UnmarshalBinary(b); err != nil {
				t.Fatalf("%s: %v", tt.reason, err)
			}
			if diff := cmp.Diff(tt.rec, &got); diff != "" {
				t.Errorf("%s: (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestPublishRead(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "rec"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, _, ok, err := Read(f, 0); ok || err != nil {
		t.Fatalf("empty file: ok %v err %v, want nothing", ok, err)
	}
	if err := Publish(f, 1, sample); err != nil {
		t.Fatal(err)
	}
	rec, seq, ok, err := Read(f, 0)
	if err != nil || !ok || seq != 1 || !cmp.Equal(rec, sample) {
		t.Fatalf("Read after Publish: %+v seq %d ok %v err %v", rec, seq, ok, err)
	}
	if _, _, ok, _ := Read(f, 1); ok {
		t.Errorf("Read with the last sequence number must report nothing new")
	}
	// A shorter record over a longer one: the length in the header rules.
	if err := Publish(f, 2, &Record{Used: 1}); err != nil {
		t.Fatal(err)
	}
	if rec, _, ok, err := Read(f, 1); err != nil || !ok || rec.Used != 1 || len(rec.Spans) != 0 {
		t.Errorf("second record: %+v ok %v err %v", rec, ok, err)
	}
}

func FuzzUnmarshal(f *testing.F) {
	b, _ := sample.MarshalBinary()
	f.Add(b)
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Record
		if err := r.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error %v is not ErrMalformed", err)
			}
			return
		}
		again, _ := r.MarshalBinary()
		var r2 Record
		if err := r2.UnmarshalBinary(again); err != nil || !cmp.Equal(r, r2) {
			t.Fatalf("a decoded record does not round-trip: %v", err)
		}
	})
}

func BenchmarkMarshal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sample.MarshalBinary()
	}
}

func TestMessageClass(t *testing.T) {
	for _, tc := range []struct{ in, want, reason string }{
		{"runtime error: index out of range [5] with length 3", "runtime error: index out of range [] with length", "digits go"},
		{`bad record "zz\"ab" (count 4711)`, `bad record "" (count )`, "quoted text goes, escapes included"},
		{"boom [recovered, repanicked]", "boom", "go test's re-panic note goes"},
		{"first line\nsecond line", "first line", "only the first line"},
		{"rune 'x' and `raw 1`", `rune "" and ""`, "all quote styles"},
		{"(struct { Code int }) 0xc00001c0b8", "(struct { Code int })", "an address, as the runtime prints a value it cannot format, goes whole"},
	} {
		if got := MessageClass(tc.in); got != tc.want {
			t.Errorf("MessageClass(%q) = %q, want %q (%s)", tc.in, got, tc.want, tc.reason)
		}
	}
}

func TestSimplerMalformed(t *testing.T) {
	for _, tt := range []struct {
		name, reason string
		h            minimize.Simpler
		choices      []minimize.Choice // in place of sample's, if set
	}{
		{"no such choice", "a simpler value names a choice the record does not have", minimize.Simpler{Choice: 2, Index: 1}, nil},
		{"above max", "a simpler index above the choice's Max", minimize.Simpler{Choice: 0, Index: 256}, nil},
		{"then past the choices", "a simpler value of a draw of two choices names a choice after the last", minimize.Simpler{Choice: 1, Index: 1, Then: []uint64{0}}, nil},
		{"then above max", "the second index of a draw's simpler value above its choice's Max", minimize.Simpler{Choice: 0, Index: 1, Then: []uint64{10}},
			[]minimize.Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 1, Max: 9}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := *sample
			rec.Simpler = []minimize.Simpler{tt.h}
			if tt.choices != nil {
				rec.Choices = tt.choices
			}
			b, _ := rec.MarshalBinary()
			var got Record
			if err := got.UnmarshalBinary(b); !errors.Is(err, ErrMalformed) {
				t.Errorf("UnmarshalBinary = %v, want ErrMalformed: %s", err, tt.reason)
			}
		})
	}
}
