// Package headers formats HTTP header fields for access logs, one line
// per request, truncating long values so that a huge cookie cannot flood
// the log.
//
// Its fuzz target was first written the go-fuzz-headers way, for
// OSS-Fuzz, and then moved onto fuzzsrc by wrapping its body, unchanged,
// in fuzzsrc.Check with a ConsumeFuzzer drawn by fuzzsrc.Headers. The
// planted bug: Line truncates a value at a byte count, which can cut a
// multi-byte UTF-8 character in half and make the log line invalid
// UTF-8, which log pipelines reject or mangle.
package headers

import "strings"

// Field is one header field.
type Field struct {
	Name  string
	Value string
}

// Ellipsis marks a truncated value.
const Ellipsis = "..."

// Line formats fields as "Name: value; Name: value", with each value cut
// to at most limit bytes and marked with Ellipsis when cut.
//
// BUG (planted): the cut is at a byte offset, not at a character
// boundary.
func Line(fields []Field, limit int) string {
	var b strings.Builder
	for i, f := range fields {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(f.Name)
		b.WriteString(": ")
		v := f.Value
		if limit >= 0 && len(v) > limit {
			v = v[:limit] + Ellipsis
		}
		b.WriteString(v)
	}
	return b.String()
}
