package fuzzsrc

import (
	"encoding/json"
	"os"
	"strings"
	"sync"

	"github.com/shortlex/shortlex/internal/record"
)

// eventPrefix marks an event among a run's log lines.
const eventPrefix = "event: "

// Event records that something of interest happened in this run, for
// the statistics of a corpus (tools/stats counts the inputs that record
// each label). It costs nothing while fuzzing; a failure report lists it
// with the log lines.
func (t *T) Event(label string) {
	if t.log != nil {
		t.log.logs = append(t.log.logs, eventPrefix+label)
	}
}

// stats is the open EnvStats file, if the environment names one.
var stats struct {
	once sync.Once
	mu   sync.Mutex
	file *os.File
	err  error
}

// statsFile opens the EnvStats file once; nil if the variable is unset.
func statsFile() (*os.File, error) {
	stats.once.Do(func() {
		if p := os.Getenv(record.EnvStats); p != "" {
			stats.file, stats.err = os.OpenFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
		}
	})
	return stats.file, stats.err
}

// recordStats explains prop's run on data and appends its StatsEntry.
func recordStats(f *os.File, data []byte, prop func(*T)) error {
	r := explainRun(data, prop)
	e := record.StatsEntry{Bytes: len(data), Used: r.Used, Discarded: r.Discarded, SkipReason: r.SkipReason, Draws: r.Draws}
	if r.Failure != nil {
		e.Failed = r.Failure.Signature()
	}
	for _, l := range r.Logs {
		if ev, ok := strings.CutPrefix(l, eventPrefix); ok && ev != "" {
			e.Events = append(e.Events, ev)
		}
	}
	e.Spans = make([]record.StatsSpan, len(r.Spans))
	for i, s := range r.Spans {
		e.Spans[i] = record.StatsSpan{Label: s.Label, Pick: -1, Discarded: s.Discarded}
	}
	for _, s := range r.Spans {
		if p := s.Parent; p >= 0 && !s.Discarded && isElement(s.Label) {
			e.Spans[p].Elements++
		}
	}
	// A span's pick is the index choice at its start.
	c := 0
	for i, s := range r.Spans {
		for c < len(r.Choices) && r.Choices[c].Offset < s.Start {
			c++
		}
		if c < len(r.Choices) && r.Choices[c].Offset == s.Start && r.Choices[c].Kind == record.KindIndex && s.End > s.Start {
			e.Spans[i].Pick = int(r.Choices[c].Index)
		}
	}
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	stats.mu.Lock()
	defer stats.mu.Unlock()
	_, err = f.Write(append(line, '\n'))
	return err
}

// isElement reports whether a span label is one collections and Repeat
// give their elements.
func isElement(label string) bool {
	return label == "element" || label == "entry" || label == "step"
}
