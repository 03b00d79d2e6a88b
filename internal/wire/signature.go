package wire

import (
	"regexp"
	"strings"
)

// The one signature rule of a test failure, shared by fuzzsrc (which
// computes a property's signature in-process) and tools/minimize (which
// reads one from what a crashed or failed run printed), so that the same
// failure has the same signature whichever way a target runs:
//
//	panic        panic: <message class> at <file:line of the panic site>
//	t.Fatal ...  failed at <file:line of the failing call>
//
// The panic site is the innermost frame outside the runtime, testing and
// fuzzsrc below the outermost panic on the stack, so that a panic that is
// recovered and raised again (by testing under go test, by fuzzsrc, by
// the target itself) is placed where it first happened.

var (
	recoveredSuffix = regexp.MustCompile(`\s*\[recovered(?:, repanicked)?\]\s*$`)
	quotedText      = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`|'(?:[^'\\\\]|\\\\.)+'")
	hexAddress      = regexp.MustCompile(`0x[0-9a-fA-F]+`)
	digitRun        = regexp.MustCompile(`[0-9]+`)
	spaceRun        = regexp.MustCompile(`\s+`)
)

// MessageClass reduces a failure message to what identifies its kind: its
// first line, without the runtime's "[recovered]" note, quoted text,
// addresses or digits, since these usually quote the input being shrunk
// ("index out of range [5] with length 3").
func MessageClass(msg string) string {
	msg, _, _ = strings.Cut(msg, "\n")
	msg = recoveredSuffix.ReplaceAllString(msg, "")
	msg = quotedText.ReplaceAllString(msg, `""`)
	msg = hexAddress.ReplaceAllString(msg, "")
	msg = digitRun.ReplaceAllString(msg, "")
	msg = strings.TrimSpace(spaceRun.ReplaceAllString(msg, " "))
	if len(msg) > 120 {
		msg = msg[:120]
	}
	return msg
}

// PanicSignature is the signature of a panic with the value text value
// (as the runtime prints it) at location loc (file:line, or "" if
// unknown).
func PanicSignature(value, loc string) string {
	s := "panic: " + MessageClass(value)
	if loc != "" {
		s += " at " + loc
	}
	return s
}

// FailSignature is the signature of a t.Error or t.Fatal call at loc.
func FailSignature(loc string) string { return "failed at " + loc }
