package fuzzsrc

import (
	gofuzzheaders "github.com/AdaLogics/go-fuzz-headers"
	"github.com/shortlex/shortlex/internal/record"
)

// headersAverage is the mean region length Headers aims for while
// fuzzing: go-fuzz-headers spends 4 or 9 bytes on a single integer, so
// harnesses need tens to hundreds of bytes.
const headersAverage = 128

// Headers draws a go-fuzz-headers ConsumeFuzzer over a region of drawn
// bytes, so that harness code written for OSS-Fuzz keeps working
// unchanged and becomes reducible. The region is drawn like a []byte
// collection: each byte follows a "one more?" flag, so deleting a flag
// and its byte deletes the byte, and the whole region is one span.
//
// When the region runs out, which is what an exhausted input gives,
// the ConsumeFuzzer's getters return errors as they do on a short fuzz
// input. Harnesses usually return on such an error, which Check counts
// as a pass; call t.Skip on error instead to discard the input.
func Headers() Generator[*gofuzzheaders.ConsumeFuzzer] {
	return HeadersSize(Size{Average: headersAverage})
}

// HeadersSize is Headers with the region's length bounded by size.
func HeadersSize(size Size) Generator[*gofuzzheaders.ConsumeFuzzer] {
	return newGenerator(
		func() string { return "Headers(" + size.String() + ")" },
		func(t *T) *gofuzzheaders.ConsumeFuzzer {
			var b []byte
			e := newElements(t, size)
			for e.more("byte") {
				b = append(b, t.drawByte(record.KindByte))
			}
			return gofuzzheaders.NewConsumer(b)
		})
}
