package fuzzsrc

import (
	"fmt"
	"strings"
)

// formatReport describes a failing run for a person: how it failed and
// where, every labeled draw in order, the property's log lines and the
// failure's signature.
func formatReport(r *Record, data []byte) string {
	var b strings.Builder
	f := r.Failure
	if f == nil {
		// The re-run with logging did not fail: the property is flaky.
		b.WriteString("fuzzsrc: the property failed, but did not fail again when re-run to report its draws (is it deterministic?)\n")
	} else {
		verb := "failed"
		if f.Kind == KindPanic {
			verb = "panicked"
		}
		fmt.Fprintf(&b, "fuzzsrc: property %s at %s: %s\n", verb, f.Location(), f.Message)
	}
	for _, d := range r.Draws {
		fmt.Fprintf(&b, "    draw %s: %s\n", d.Label, d.Value)
	}
	for _, l := range r.Logs {
		fmt.Fprintf(&b, "    log: %s\n", l)
	}
	if f != nil {
		fmt.Fprintf(&b, "    signature: %s\n", f.Signature())
	}
	fmt.Fprintf(&b, "    input: %d bytes, %d used, %d choices", len(data), r.Used, len(r.Choices))
	return b.String()
}
