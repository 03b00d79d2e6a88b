package fuzzsrc

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/shortlex/shortlex/internal/record"
	"github.com/shortlex/shortlex/minimize"
)

// formatReport describes a failing run for a person: how it failed and
// where, every labeled draw in order, the property's log lines and the
// failure's signature.
func formatReport(r *record.Record, data []byte) string {
	var b strings.Builder
	f := r.Failure
	if f == nil {
		// The re-run with logging did not fail: the property is flaky.
		b.WriteString("fuzzsrc: the property failed, but did not fail again when re-run to report its draws (is it deterministic?)\n")
	} else {
		verb := "failed"
		if f.Kind == record.KindPanic {
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

// formatShrinkReport describes a failure after shrinking it in-process:
// what the shrink did, the minimal example's draws and failure, and the
// corpus entry that replays it.
func formatShrinkReport(target string, sr *shrinkResult, budget time.Duration) string {
	var b strings.Builder
	orig, min := len(sr.original.Choices), len(sr.explain.Choices)
	if sr.note == "" {
		fmt.Fprintf(&b, "fuzzsrc: minimized the failing input from %d bytes / %d choices to %d bytes / %d choices in %d runs, %v\n",
			sr.original.Used, orig, len(sr.minimal), min, sr.res.Stats.Runs, roundDuration(sr.res.Stats.Duration))
	} else {
		fmt.Fprintf(&b, "fuzzsrc: %s\n", sr.note)
	}
	switch {
	case errors.Is(sr.err, errCandidateHung), errors.Is(sr.err, errGoexit):
		fmt.Fprintf(&b, "fuzzsrc: shrinking stopped early: %v. Failures a process cannot survive (hangs, fatal errors, os.Exit) cannot be shrunk in-process; the minimize tool runs candidates in worker processes:\n", sr.err)
		fmt.Fprintf(&b, "    go run github.com/shortlex/shortlex/tools/minimize -run='^%s$' .\n", target)
	case sr.err != nil && !errors.Is(sr.err, minimize.ErrNotFailing):
		fmt.Fprintf(&b, "fuzzsrc: shrinking stopped early: %v\n", sr.err)
	case sr.res.Stop == minimize.Budget:
		fmt.Fprintf(&b, "fuzzsrc: shrinking stopped at its time budget of %v (%s=30s gives it more)\n", budget, EnvShrink)
	}
	b.WriteString(formatReport(sr.explain, sr.minimal))
	if !strings.HasPrefix(target, "Fuzz") {
		return b.String() // not run by a fuzz target: no corpus to add to
	}
	content, _ := entryFor(sr.minimal)
	path, saved, err := saveEntry(target, sr.minimal)
	switch {
	case err != nil:
		fmt.Fprintf(&b, "\nfuzzsrc: could not save the minimal entry to %s: %v", path, err)
	case saved:
		fmt.Fprintf(&b, "\nfuzzsrc: saved the minimal entry as %s; replay it with: go test -run=%s/%s", path, target, pathBase(path))
	default:
		fmt.Fprintf(&b, "\nfuzzsrc: the minimal entry, for %s (%s=1 saves it there):", path, EnvSave)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(content), "\n"), "\n") {
		fmt.Fprintf(&b, "\n    %s", line)
	}
	return b.String()
}

func pathBase(p string) string {
	if i := strings.LastIndexAny(p, "/\\"); i >= 0 {
		return p[i+1:]
	}
	return p
}

// roundDuration keeps two or three significant digits: 1.2ms, 35µs, 4.1s.
func roundDuration(d time.Duration) time.Duration {
	for _, unit := range []time.Duration{time.Second, time.Millisecond, time.Microsecond} {
		if d >= unit {
			return d.Round(unit / 10)
		}
	}
	return d
}
