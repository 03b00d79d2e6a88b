package minimize_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/shortlex/shortlex/minimize"
)

// checkedLine reports whether line is NAME=VALUE;CC, NAME and VALUE
// upper-case letters and digits, CC the two hexadecimal digits of the
// sum of the bytes before the semicolon, mod 256.
func checkedLine(line []byte) bool {
	body, sum, ok := bytes.Cut(line, []byte(";"))
	name, value, ok2 := bytes.Cut(body, []byte("="))
	if !ok || !ok2 || len(name) == 0 || len(sum) != 2 {
		return false
	}
	for _, c := range append(name[:len(name):len(name)], value...) {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	var total byte
	for _, c := range body {
		total += c
	}
	return string(sum) == fmt.Sprintf("%02X", total)
}

// logRecord reports whether line is DIGITS,LEVEL,TEXT with LEVEL one of
// a few names and TEXT lower-case letters.
func logRecord(line []byte) bool {
	f := bytes.Split(line, []byte(","))
	if len(f) != 3 || len(f[0]) == 0 {
		return false
	}
	for _, c := range f[0] {
		if c < '0' || c > '9' {
			return false
		}
	}
	switch string(f[1]) {
	case "INFO", "WARN", "PANIC":
	default:
		return false
	}
	for _, c := range f[2] {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// everyLine returns a target that rejects an input unless every line is
// well formed, and fails when some line is bad.
func everyLine(wellFormed, bad func([]byte) bool) func([]byte) bool {
	return func(b []byte) bool {
		found := false
		for line := range bytes.SplitSeq(b, []byte("\n")) {
			if !wellFormed(line) {
				return false
			}
			found = found || bad(line)
		}
		return found
	}
}

// TestPlainBytesLines checks that an input made of lines, each checked
// as a whole, loses whole lines before bytes: a byte chunk rarely
// aligns with a line and leaves one malformed, so that without lines as
// a unit every round tries each byte. The run counts are deterministic
// (one worker); the bounds are a few times what deleting lines takes.
func TestPlainBytesLines(t *testing.T) {
	var settings, log strings.Builder
	for i := range 150 {
		body := fmt.Sprintf("KEY%d=V%d", i, i*7)
		if i == 97 {
			body = "KEY97=OVERFLOW"
		}
		var sum byte
		for _, c := range []byte(body) {
			sum += c
		}
		fmt.Fprintf(&settings, "%s;%02X\n", body, sum)
		level, text := "INFO", "started"
		if i%7 == 3 {
			level, text = "WARN", "slow"
		}
		if i == 61 {
			level, text = "PANIC", "x"
		}
		fmt.Fprintf(&log, "%d,%s,%s\n", 1700000000+i*13, level, text)
	}
	tests := []struct {
		name, reason string
		in           string
		fails        func([]byte) bool
		want         string
		maxRuns      int
	}{
		{"checksummed settings", "150 lines of NAME=VALUE and a checksum of the line; fails on a value OVERFLOW: the line alone, its name one byte (Y, not 0: a lower name needs the checksum's text raised in the same candidate, which no pass makes); without lines as a unit, 771 bytes were left after 599069 runs",
			strings.TrimSuffix(settings.String(), "\n"),
			everyLine(checkedLine, func(l []byte) bool { return bytes.Contains(l, []byte("=OVERFLOW;")) }),
			"Y=OVERFLOW;0A", 5000},
		{"a log with one panic", "150 records of a time, a level and a message, any malformed record rejecting the log; fails on a PANIC record: that record alone, its time and message as small as they go (9254 runs without lines as a unit)",
			strings.TrimSuffix(log.String(), "\n"),
			everyLine(logRecord, func(l []byte) bool { return bytes.Contains(l, []byte(",PANIC,")) }),
			"0,PANIC,", 2000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := minimize.Minimize(context.Background(), []byte(tt.in), plainRun(tt.fails, nil), minimize.Options{Workers: 1, ExactLength: true})
			if err != nil {
				t.Fatal(err)
			}
			if string(res.Input) != tt.want || res.Stats.Runs > tt.maxRuns {
				t.Errorf("%s:\nreduced %d bytes to %q in %d runs, want %q in at most %d", tt.reason, len(tt.in), res.Input, res.Stats.Runs, tt.want, tt.maxRuns)
			}
			t.Logf("%d bytes to %d in %d runs", len(tt.in), len(res.Input), res.Stats.Runs)
		})
	}
}
