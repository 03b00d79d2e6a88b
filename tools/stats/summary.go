package main

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/shortlex/shortlex/internal/record"
)

// summary is what a target's inputs drew, aggregated by label.
type summary struct {
	inputs    int
	failed    map[string]int // by signature
	discarded map[string]int // by reason
	bytes     []float64      // input sizes
	draws     map[string][]string
	calls     map[string]int // Repeat actions by name
	steps     []float64      // Repeat steps per input that made calls
	sizes     map[string][]float64
	picks     map[string]map[int]int
	events    map[string]int // inputs that recorded each event
}

// summarize aggregates stats entries.
func summarize(entries []record.StatsEntry) *summary {
	s := &summary{
		inputs: len(entries), failed: map[string]int{}, discarded: map[string]int{},
		draws: map[string][]string{}, calls: map[string]int{}, sizes: map[string][]float64{},
		picks: map[string]map[int]int{}, events: map[string]int{},
	}
	collection := map[string]bool{}
	for _, e := range entries {
		for _, sp := range e.Spans {
			if sp.Elements > 0 {
				collection[sp.Label] = true
			}
		}
	}
	for _, e := range entries {
		s.bytes = append(s.bytes, float64(e.Bytes))
		if e.Failed != "" {
			s.failed[e.Failed]++
		}
		if e.Discarded {
			s.discarded[e.SkipReason]++
		}
		steps := 0
		for _, d := range e.Draws {
			if d.Label == "call" {
				steps++
				s.calls[actionName(d.Value)]++
				continue
			}
			s.draws[d.Label] = append(s.draws[d.Label], d.Value)
		}
		if steps > 0 {
			s.steps = append(s.steps, float64(steps))
		}
		for _, sp := range e.Spans {
			if sp.Discarded {
				continue
			}
			if collection[sp.Label] {
				s.sizes[sp.Label] = append(s.sizes[sp.Label], float64(sp.Elements))
			}
			if sp.Pick >= 0 && (strings.HasPrefix(sp.Label, "OneOf(") || strings.HasPrefix(sp.Label, "SampledFrom(")) {
				if s.picks[sp.Label] == nil {
					s.picks[sp.Label] = map[int]int{}
				}
				s.picks[sp.Label][sp.Pick]++
			}
		}
		seen := map[string]bool{}
		for _, ev := range e.Events {
			if !seen[ev] {
				seen[ev] = true
				s.events[ev]++
			}
		}
	}
	return s
}

// actionName is the action of a Repeat call line: "b1 := a.Alloc(4)" is
// a.Alloc.
func actionName(call string) string {
	if _, rhs, ok := strings.Cut(call, " := "); ok {
		call = rhs
	}
	if i := strings.Index(call, "("); i >= 0 {
		call = call[:i]
	}
	return call
}

// section is one histogram: a title and its rows, whose shares are of
// total.
type section struct {
	title string
	rows  []row
	total int
}

// sections lays the summary out as histograms.
func (s *summary) sections() []section {
	var out []section
	add := func(title string, rows []row, total int) {
		out = append(out, section{title: title, rows: rows, total: total})
	}
	add("input bytes:", numericRows(s.bytes), s.inputs)
	if len(s.discarded) > 0 || len(s.failed) > 0 {
		counts := map[string]int{"passed": s.inputs}
		for r, n := range s.discarded {
			counts["discarded: "+r] += n
			counts["passed"] -= n
		}
		for sig, n := range s.failed {
			counts["failed: "+sig] += n
			counts["passed"] -= n
		}
		add("outcome (share of inputs):", countRows(counts), s.inputs)
	}
	for _, label := range slices.Sorted(maps.Keys(s.draws)) {
		vals := s.draws[label]
		title := fmt.Sprintf("draw %s (%d draws):", label, len(vals))
		if nums, ok := numbers(vals); ok {
			add(title, numericRows(nums), len(vals))
			continue
		}
		counts := map[string]int{}
		for _, v := range vals {
			counts[v]++
		}
		add(title, countRows(counts), len(vals))
	}
	if len(s.calls) > 0 {
		total := 0
		for _, n := range s.calls {
			total += n
		}
		add(fmt.Sprintf("Repeat actions (%d calls):", total), countRows(s.calls), total)
		add("Repeat steps per input:", numericRows(s.steps), len(s.steps))
	}
	for _, label := range slices.Sorted(maps.Keys(s.sizes)) {
		add(fmt.Sprintf("size of %s:", short(label)), numericRows(s.sizes[label]), len(s.sizes[label]))
	}
	for _, label := range slices.Sorted(maps.Keys(s.picks)) {
		counts := map[string]int{}
		total := 0
		for i, n := range s.picks[label] {
			counts[fmt.Sprintf("branch %d", i)] = n
			total += n
		}
		add(fmt.Sprintf("branches of %s:", short(label)), countRows(counts), total)
	}
	if len(s.events) > 0 {
		add("events (share of inputs):", countRows(s.events), s.inputs)
	}
	return out
}

// print writes the summary as terminal histograms, bars at most width
// wide.
func (s *summary) print(w io.Writer, width int) {
	if s.inputs == 0 {
		fmt.Fprintln(w, "  no inputs")
		return
	}
	for _, sec := range s.sections() {
		fmt.Fprintf(w, "  %s\n", sec.title)
		bars(w, sec.rows, sec.total, width)
	}
}

// short cuts a long generator label.
func short(label string) string {
	if len(label) > 70 {
		return label[:67] + "..."
	}
	return label
}

// numbers parses every value as a number, if they all are.
func numbers(vals []string) ([]float64, bool) {
	out := make([]float64, len(vals))
	for i, v := range vals {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, false
		}
		out[i] = f
	}
	return out, true
}

// maxRows bounds a histogram's rows; the rest are summed in one.
const maxRows = 10

// countRows makes one row per key, commonest first.
func countRows(counts map[string]int) []row {
	keys := slices.Collect(maps.Keys(counts))
	slices.SortFunc(keys, func(a, b string) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), strings.Compare(a, b))
	})
	other := 0
	if len(keys) > maxRows {
		for _, k := range keys[maxRows-1:] {
			other += counts[k]
		}
		keys = keys[:maxRows-1]
	}
	rows := make([]row, 0, len(keys)+1)
	for _, k := range keys {
		rows = append(rows, row{label: short(k), n: counts[k]})
	}
	if other > 0 {
		rows = append(rows, row{label: fmt.Sprintf("(%d others)", len(counts)-len(keys)), n: other})
	}
	return rows
}

// numericRows buckets values into up to maxRows rows: one per value for
// a few integers, else equal ranges.
func numericRows(vals []float64) []row {
	if len(vals) == 0 {
		return nil
	}
	lo, hi := slices.Min(vals), slices.Max(vals)
	integral := !slices.ContainsFunc(vals, func(v float64) bool { return v != math.Trunc(v) })
	buckets := maxRows
	if integral && hi-lo+1 <= maxRows {
		buckets = int(hi-lo) + 1
	}
	step := (hi - lo) / float64(buckets)
	if integral {
		step = math.Ceil((hi - lo + 1) / float64(buckets))
		buckets = int(math.Ceil((hi - lo + 1) / step))
	}
	n := make([]int, buckets)
	for _, v := range vals {
		i := 0
		if step > 0 {
			i = min(int((v-lo)/step), buckets-1)
		}
		n[i]++
	}
	rows := make([]row, buckets)
	for i := range n {
		a := lo + float64(i)*step
		switch {
		case integral && step <= 1:
			rows[i].label = fmt.Sprintf("%g", a)
		case integral:
			rows[i].label = fmt.Sprintf("%g..%g", a, min(a+step-1, hi))
		default:
			rows[i].label = fmt.Sprintf("%.3g..%.3g", a, a+step)
		}
		rows[i].n = n[i]
	}
	return rows
}

type row struct {
	label string
	n     int
}

// bars prints labeled bars scaled to the largest, at most width wide,
// with counts and shares of total.
func bars(w io.Writer, rows []row, total, width int) {
	lw, most := 0, 1
	for _, r := range rows {
		lw = max(lw, len(r.label))
		most = max(most, r.n)
	}
	for _, r := range rows {
		bar := strings.Repeat("█", r.n*width/most)
		if bar == "" && r.n > 0 {
			bar = "▏"
		}
		fmt.Fprintf(w, "    %-*s %-*s %d (%.1f%%)\n", lw, r.label, width, bar, r.n, 100*float64(r.n)/float64(max(total, 1)))
	}
}
