// Package engine runs a fuzzsrc property once with recording on and
// returns what the run recorded: what a reducer calls for each candidate,
// and what tools and tests use to look inside a run. A fuzz target never
// needs it; it calls fuzzsrc.Check.
//
// It reaches the recording run through fuzzsrc.Check itself, with a test
// handle of its own that implements record.Recorder: Check hands that
// handle the run's record instead of reporting, shrinking, or failing it.
// So fuzzsrc exports no engine entry point, and this package depends on
// fuzzsrc, not the other way round.
package engine

import (
	"fmt"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/record"
)

// Run runs prop once on data with recording on and returns the run's
// structure, how many bytes it used and how it ended.
func Run(data []byte, prop func(*fuzzsrc.T)) *record.Record {
	return run(data, prop, false)
}

// Explain is Run that also records the labeled draws and log lines, and
// the stack of a panic: everything a failure report shows.
func Explain(data []byte, prop func(*fuzzsrc.T)) *record.Record {
	return run(data, prop, true)
}

func run(data []byte, prop func(*fuzzsrc.T), explain bool) *record.Record {
	h := &handle{explain: explain}
	fuzzsrc.Check(h, data, prop)
	if h.rec == nil {
		panic("engine: fuzzsrc.Check returned without a record")
	}
	return h.rec
}

// handle is the test handle Run passes to fuzzsrc.Check. Check calls
// only Helper and Record on a record.Recorder; the other methods of
// fuzzsrc.TB would mean that it checked the property instead, which Run
// must not hide.
type handle struct {
	explain bool
	rec     *record.Record
}

var _ record.Recorder = (*handle)(nil)

func (h *handle) Explain() bool           { return h.explain }
func (h *handle) Record(r *record.Record) { h.rec = r }
func (h *handle) Helper()                 {}

func (h *handle) Fatalf(format string, args ...any) {
	panic("engine: fuzzsrc.Check failed a recording run: " + fmt.Sprintf(format, args...))
}

func (h *handle) Logf(format string, args ...any) {
	panic("engine: fuzzsrc.Check logged in a recording run: " + fmt.Sprintf(format, args...))
}

func (h *handle) Skip(args ...any) {
	panic("engine: fuzzsrc.Check skipped a recording run: " + fmt.Sprint(args...))
}
