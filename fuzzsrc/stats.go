package fuzzsrc

import (
	"encoding/json"
	"os"
	"strings"
	"sync"
)

// EnvStats, when set to a file path, makes Check record what each input
// draws instead of checking the property: it explains the run and
// appends one JSON line (a [StatsEntry]) to the file, and never fails.
// The stats tool (tools/stats) sets it to replay a fuzz target's corpus
// and show the distribution of the values the target draws.
const EnvStats = "SHORTLEX_STATS"

// StatsEntry is one input's line in an EnvStats file.
type StatsEntry struct {
	Bytes      int    `json:"bytes"`
	Used       int    `json:"used"`
	Discarded  bool   `json:"discarded,omitempty"`
	SkipReason string `json:"skip,omitempty"`
	Failed     string `json:"failed,omitempty"` // the failure's signature

	Draws  []Draw      `json:"draws,omitempty"`  // top-level labeled draws; a Repeat step is a "call"
	Events []string    `json:"events,omitempty"` // T.Event labels, in order
	Spans  []StatsSpan `json:"spans,omitempty"`
}

// StatsSpan is a span as the stats tool reads it: its label, how many
// element spans (collection elements, Repeat steps) it holds, and the
// index of its first choice if that is a pick (OneOf, SampledFrom, a
// Repeat step's action).
type StatsSpan struct {
	Label     string `json:"l"`
	Elements  int    `json:"n,omitempty"`
	Pick      int    `json:"pick"` // -1: none
	Discarded bool   `json:"d,omitempty"`
}

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
		if p := os.Getenv(EnvStats); p != "" {
			stats.file, stats.err = os.OpenFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
		}
	})
	return stats.file, stats.err
}

// recordStats explains prop's run on data and appends its StatsEntry.
func recordStats(f *os.File, data []byte, prop func(*T)) error {
	r := Explain(data, prop)
	e := StatsEntry{Bytes: len(data), Used: r.Used, Discarded: r.Discarded, SkipReason: r.SkipReason, Draws: r.Draws}
	if r.Failure != nil {
		e.Failed = r.Failure.Signature()
	}
	for _, l := range r.Logs {
		if ev, ok := strings.CutPrefix(l, eventPrefix); ok && ev != "" {
			e.Events = append(e.Events, ev)
		}
	}
	e.Spans = make([]StatsSpan, len(r.Spans))
	for i, s := range r.Spans {
		e.Spans[i] = StatsSpan{Label: s.Label, Pick: -1, Discarded: s.Discarded}
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
		if c < len(r.Choices) && r.Choices[c].Offset == s.Start && r.Choices[c].Kind == KindIndex && s.End > s.Start {
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
