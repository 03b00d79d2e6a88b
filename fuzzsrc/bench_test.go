package fuzzsrc

import (
	"encoding/binary"
	randv1 "math/rand"
	"math/rand/v2"
	"testing"

	gofuzzheaders "github.com/AdaLogics/go-fuzz-headers"
	"github.com/AdaLogics/go-fuzz-headers/bytesource"
)

// The benchmarks below compare one draw with fuzzsrc, recording off as
// while fuzzing, against the same draw with go-fuzz-headers, on the same
// random input. When an input runs out it starts over; go-fuzz-headers
// needs a new ConsumeFuzzer for that, which allocates, so inputs are
// long enough for that to round to zero allocations per draw.

// benchInput is n random bytes from a fixed seed.
func benchInput(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// benchSink keeps results alive so the compiler cannot drop the draws.
var benchSink int

// benchDraw benchmarks g.Draw on data with recording off, starting over
// when fewer than reserve bytes are left.
func benchDraw[V any](b *testing.B, g Generator[V], data []byte, reserve int, use func(V) int) {
	t := &T{data: data}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if t.pos > len(t.data)-reserve {
			t.pos = 0
		}
		n += use(g.Draw(t, "v"))
	}
	benchSink = n
}

func BenchmarkIntRange(b *testing.B) {
	data := benchInput(1 << 16)
	b.Run("fuzzsrc", func(b *testing.B) {
		benchDraw(b, IntRange(0, 1000), data, 2, func(v int) int { return v })
	})
	b.Run("go-fuzz-headers", func(b *testing.B) {
		c := gofuzzheaders.NewConsumer(data)
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			v, err := c.GetUint16()
			if err != nil {
				c = gofuzzheaders.NewConsumer(data)
				continue
			}
			n += int(v % 1001)
		}
		benchSink = n
	})
}

// b2i converts without a branch, which random bools would mispredict.
func b2i(v bool) int {
	var i int
	if v {
		i = 1
	}
	return i
}

func BenchmarkBool(b *testing.B) {
	data := benchInput(1 << 16)
	b.Run("fuzzsrc", func(b *testing.B) {
		benchDraw(b, Bool(), data, 1, b2i)
	})
	b.Run("go-fuzz-headers", func(b *testing.B) {
		c := gofuzzheaders.NewConsumer(data)
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			v, err := c.GetBool()
			if err != nil {
				c = gofuzzheaders.NewConsumer(data)
				continue
			}
			n += b2i(v)
		}
		benchSink = n
	})
}

// BenchmarkString16 draws 16-character strings. go-fuzz-headers' input
// is 4-byte lengths of 16, each followed by 16 random bytes; fuzzsrc's
// is random bytes (half of them ASCII, an eighth escapes, mostly to
// 4-byte runes: 30 of the 32 escape blocks lie past U+FFFF), and, for
// fuzzsrc/ascii, printable ASCII, as a text target's corpus mostly
// holds.
func BenchmarkString16(b *testing.B) {
	data := benchInput(1 << 16)
	b.Run("fuzzsrc", func(b *testing.B) {
		b.SetBytes(16)
		benchDraw(b, StringN(16, 16), data, 16*3, func(v string) int { return len(v) })
	})
	b.Run("fuzzsrc/ascii", func(b *testing.B) {
		text := make([]byte, len(data))
		for i, c := range data {
			text[i] = ' ' + c%95
		}
		b.SetBytes(16)
		benchDraw(b, StringN(16, 16), text, 16, func(v string) int { return len(v) })
	})
	b.Run("go-fuzz-headers", func(b *testing.B) {
		var framed []byte
		for i := 0; i+16 <= len(data); i += 16 {
			framed = binary.BigEndian.AppendUint32(framed, 16)
			framed = append(framed, data[i:i+16]...)
		}
		c := gofuzzheaders.NewConsumer(framed)
		b.SetBytes(16)
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			v, err := c.GetString()
			if err != nil {
				c = gofuzzheaders.NewConsumer(framed)
				continue
			}
			n += len(v)
		}
		benchSink = n
	})
}

// BenchmarkBytes16 draws 16-byte slices, framed for go-fuzz-headers as
// in BenchmarkString16. go-fuzz-headers' GetBytes returns a slice of its
// input; fuzzsrc's BytesN copies (a drawn slice is the target's to
// keep, and past the input's end it is padded with zeros).
func BenchmarkBytes16(b *testing.B) {
	data := benchInput(1 << 16)
	b.Run("fuzzsrc", func(b *testing.B) {
		b.SetBytes(16)
		benchDraw(b, BytesN(16, 16), data, 16, func(v []byte) int { return len(v) })
	})
	b.Run("go-fuzz-headers", func(b *testing.B) {
		var framed []byte
		for i := 0; i+16 <= len(data); i += 16 {
			framed = binary.BigEndian.AppendUint32(framed, 16)
			framed = append(framed, data[i:i+16]...)
		}
		c := gofuzzheaders.NewConsumer(framed)
		b.SetBytes(16)
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			v, err := c.GetBytes()
			if err != nil || len(v) != 16 {
				c = gofuzzheaders.NewConsumer(framed)
				continue
			}
			n += len(v)
		}
		benchSink = n
	})
}

// BenchmarkBytes draws slices of any length, as Bytes() does while
// fuzzing: a "one more?" flag before each byte, mean length 5.
func BenchmarkBytes(b *testing.B) {
	data := benchInput(1 << 16)
	benchDraw(b, Bytes(), data, 256, func(v []byte) int { return len(v) })
}

// BenchmarkString draws strings of any length, as String() does while
// fuzzing: random bytes end a string at a byte below '\t' (9 in 256), so
// they average about 27 runes.
func BenchmarkString(b *testing.B) {
	data := benchInput(1 << 16)
	benchDraw(b, String(), data, 1024, func(v string) int { return len(v) })
}

// BenchmarkRandIntN draws IntN(1000) from a Rand whose words come from
// the input: fuzzsrc's Rand (math/rand/v2) against go-fuzz-headers'
// bytesource (math/rand).
func BenchmarkRandIntN(b *testing.B) {
	data := benchInput(1 << 16)
	b.Run("fuzzsrc", func(b *testing.B) {
		t := &T{data: data}
		r := rand.New(&randSource{t: t})
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			if t.pos > len(t.data)-16 {
				t.pos = 0
			}
			n += r.IntN(1000)
		}
		benchSink = n
	})
	b.Run("go-fuzz-headers", func(b *testing.B) {
		r := randv1.New(bytesource.New(data))
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			n += r.Intn(1000) // past the input, bytesource falls back to a PRNG
		}
		benchSink = n
	})
}

// BenchmarkCheckOverhead is the cost Check adds to each input: a
// property that draws one bool. Its fuzzing path (go test -fuzz,
// OSS-Fuzz) does not record; under plain go test it records the run,
// which is the reducer's first if the input fails.
func BenchmarkCheckOverhead(b *testing.B) {
	data := benchInput(64)
	tb := &fakeTB{}
	prop := func(t *T) { Bool().Draw(t, "b") }
	for _, bc := range []struct {
		name      string
		shrinking bool
	}{{"fuzzing", false}, {"gotest", true}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				checkWith(tb, data, prop, bc.shrinking)
			}
		})
	}
}

// BenchmarkRunRecorded is one recording run, as the reducer makes for
// every candidate: a binary tree of Custom draws, each span labeled.
func BenchmarkRunRecorded(b *testing.B) {
	data := benchInput(64)
	prop := func(t *T) { pairAt(5).Draw(t, "tree") }
	b.ReportAllocs()
	for b.Loop() {
		recordRun(data, prop)
	}
}
