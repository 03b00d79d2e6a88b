package record

// EnvStats, when set to a file path, makes fuzzsrc.Check record what each
// input draws instead of checking the property: it explains the run and
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
