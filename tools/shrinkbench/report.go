package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/shortlex/shortlex/minimize"
	"github.com/shortlex/shortlex/tools/shrinkbench/bench"
)

// summary aggregates one reducer's finals on one benchmark.
type summary struct {
	found      int // seeds with a final value (rapid may find no failure)
	common     string
	commonN    int
	distinct   int
	atMinValue int
	atMinSize  int
	atMinInput int
	meanBytes  float64
	meanSize   float64
	median     float64
	meanCalls  float64
	total      time.Duration
	slipped    int
}

func summarize(fs []final, minValue string, minSize int) summary {
	var s summary
	counts := map[string]int{}
	var calls []int
	var bytesSum, sizeSum, callSum int
	for _, f := range fs {
		if !f.ok {
			continue
		}
		s.found++
		counts[f.value]++
		if f.value == minValue {
			s.atMinValue++
		}
		if f.size == minSize {
			s.atMinSize++
		}
		if f.atMinInput {
			s.atMinInput++
		}
		if f.slipped {
			s.slipped++
		}
		bytesSum += len(f.input)
		sizeSum += f.size
		callSum += f.calls
		calls = append(calls, f.calls)
		s.total += f.dur
	}
	if s.found == 0 {
		return s
	}
	s.distinct = len(counts)
	values := make([]string, 0, len(counts))
	for v := range counts {
		values = append(values, v)
	}
	sort.Slice(values, func(i, j int) bool {
		if counts[values[i]] != counts[values[j]] {
			return counts[values[i]] > counts[values[j]]
		}
		return values[i] < values[j]
	})
	s.common, s.commonN = values[0], counts[values[0]]
	n := float64(s.found)
	s.meanBytes, s.meanSize, s.meanCalls = float64(bytesSum)/n, float64(sizeSum)/n, float64(callSum)/n
	slices.Sort(calls)
	if m := len(calls); m%2 == 1 {
		s.median = float64(calls[m/2])
	} else {
		s.median = float64(calls[m/2-1]+calls[m/2]) / 2
	}
	return s
}

func pct(k, n int) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(n))
}

// printReport prints one benchmark's tables and the seeds where ours
// missed the minimal input.
func printReport(w io.Writer, b bench.Benchmark, r *results, cfg config) {
	_, minSize := b.Decode(b.MinInput)
	fmt.Fprintf(w, "### %s: %s\n\n", b.Name, b.About)
	fmt.Fprintf(w, "shortlex-minimal: `%s`, size %d (%d bytes: % x)\n\n", b.MinValue, minSize, len(b.MinInput), b.MinInput)
	fmt.Fprintf(w, "Hypothesis: %s\n\n", b.Hypothesis)
	fmt.Fprintln(w, "| reducer | most common final value | share | distinct | at min size | at min value | at min input | mean bytes | mean size | median calls | mean calls | time |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|")
	n := len(r.inputs)
	for k := range numReducers {
		if k == rapidShrinker && cfg.noRapid {
			continue
		}
		s := summarize(r.finals[k], b.MinValue, minSize)
		name := reducerNames[k]
		if s.found < n {
			name += fmt.Sprintf(" (%d/%d failed)", s.found, n)
		}
		minInput, meanBytes := pct(s.atMinInput, s.found), fmt.Sprintf("%.1f", s.meanBytes)
		if k == rapidShrinker {
			minInput, meanBytes = "n/a", "n/a"
		}
		fmt.Fprintf(w, "| %s | `%s` | %s | %d | %s | %s | %s | %s | %.2f | %g | %.1f | %s |\n",
			name, escape(s.common), pct(s.commonN, s.found), s.distinct, pct(s.atMinSize, s.found), pct(s.atMinValue, s.found), minInput,
			meanBytes, s.meanSize, s.median, s.meanCalls, s.total.Round(time.Millisecond))
	}
	fmt.Fprintln(w)

	fmt.Fprintln(w, "| ours vs | ours larger | ours strictly smaller | equal | baseline slipped |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	for _, k := range []int{goFuzz, ddmin} {
		var larger, smaller, equal int
		for i := range n {
			a, o := r.finals[ours][i].key, r.finals[k][i].key
			switch {
			case minimize.ShortlexLess(o, a):
				larger++
			case minimize.ShortlexLess(a, o):
				smaller++
			default:
				equal++
			}
		}
		s := summarize(r.finals[k], b.MinValue, minSize)
		fmt.Fprintf(w, "| %s | %d | %s | %s | %d |\n", reducerNames[k], larger, pct(smaller, n), pct(equal, n), s.slipped)
	}
	fmt.Fprintln(w)

	for _, k := range []int{goFuzz, ddmin} {
		shown := 0
		for i := range n {
			a, o := r.finals[ours][i], r.finals[k][i]
			if !minimize.ShortlexLess(o.key, a.key) || shown >= cfg.misses {
				continue
			}
			if shown == 0 {
				fmt.Fprintf(w, "ours larger than %s, first seeds:\n\n", reducerNames[k])
			}
			shown++
			fmt.Fprintf(w, "- seed %d: ours `%s` (% x) vs `%s` (key % x)\n", cfg.first+i, a.value, a.key, o.value, o.key)
		}
		if shown > 0 {
			fmt.Fprintln(w)
		}
	}

	if cfg.passes {
		printPasses(w, r.finals[ours])
	}

	shown := 0
	for i := range n {
		f := r.finals[ours][i]
		if f.atMinInput || shown >= cfg.misses {
			continue
		}
		if shown == 0 {
			fmt.Fprintf(w, "ours missed the minimal input on %d seeds; first ones (rerun with -bench '^%s$' -first N -seeds 1):\n\n", n-summarize(r.finals[ours], b.MinValue, minSize).atMinInput, b.Name)
		}
		shown++
		fmt.Fprintf(w, "- seed %d: `%s` (% x), %d runs; from %d bytes: %s\n", cfg.first+i, f.value, f.input, f.calls, len(r.inputs[i]), hexShort(r.inputs[i], 48))
	}
	if shown > 0 {
		fmt.Fprintln(w)
	}
}

// printPasses prints ours' mean runs and shrinks per seed for each pass,
// the passes that ran most first: where the calls go.
func printPasses(w io.Writer, fs []final) {
	type total struct {
		name          string
		runs, shrinks int
	}
	var ts []total
	at := map[string]int{}
	for _, f := range fs {
		for _, p := range f.passes {
			i, ok := at[p.Name]
			if !ok {
				i = len(ts)
				at[p.Name] = i
				ts = append(ts, total{name: p.Name})
			}
			ts[i].runs += p.Runs
			ts[i].shrinks += p.Shrinks
		}
	}
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].runs > ts[j].runs })
	n := float64(max(len(fs), 1))
	fmt.Fprintln(w, "| ours: pass | runs per seed | shrinks per seed |")
	fmt.Fprintln(w, "|---|---|---|")
	for _, t := range ts {
		fmt.Fprintf(w, "| %s | %.1f | %.1f |\n", t.name, float64(t.runs)/n, float64(t.shrinks)/n)
	}
	fmt.Fprintln(w)
}

// hexShort formats b in hex, eliding the middle of long inputs.
func hexShort(b []byte, limit int) string {
	if len(b) <= limit {
		return fmt.Sprintf("% x", b)
	}
	return fmt.Sprintf("% x … % x", b[:limit/2], b[len(b)-limit/2:])
}

// escape keeps a value from breaking a markdown table.
func escape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// summaryRow is one benchmark's line in the summary table.
type summaryRow struct {
	name             string
	n                int
	ours             summary
	rapid            summary
	rapidRan         bool
	hypothesisMedian float64
	largerGo         int // seeds where ours ended shortlex-larger than go test -fuzz
	largerDDMin      int // and than ddmin
}

// summarizeRow condenses one benchmark's results for the summary table.
func summarizeRow(b bench.Benchmark, r *results, cfg config) summaryRow {
	_, minSize := b.Decode(b.MinInput)
	row := summaryRow{
		name:             b.Name,
		n:                len(r.inputs),
		ours:             summarize(r.finals[ours], b.MinValue, minSize),
		rapidRan:         !cfg.noRapid,
		hypothesisMedian: b.HypothesisMedian,
	}
	if row.rapidRan {
		row.rapid = summarize(r.finals[rapidShrinker], b.MinValue, minSize)
	}
	for i := range row.n {
		a := r.finals[ours][i].key
		if minimize.ShortlexLess(r.finals[goFuzz][i].key, a) {
			row.largerGo++
		}
		if minimize.ShortlexLess(r.finals[ddmin][i].key, a) {
			row.largerDDMin++
		}
	}
	return row
}

// printSummary prints one line per benchmark: where ours ends, what it
// costs, Hypothesis's median where one was measured, rapid's share at
// the minimal size, and the seeds where ours ended larger than a byte
// baseline.
func printSummary(w io.Writer, rows []summaryRow) {
	fmt.Fprintln(w, "### summary")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| benchmark | ours at min input | ours distinct | ours median calls | Hypothesis median calls | rapid at min size | rapid median calls | ours larger than go test -fuzz | than ddmin |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		hyp, rapidSize, rapidMedian := "–", "–", "–"
		if r.hypothesisMedian > 0 {
			hyp = fmt.Sprintf("%g", r.hypothesisMedian)
		}
		if r.rapidRan {
			rapidSize, rapidMedian = pct(r.rapid.atMinSize, r.rapid.found), fmt.Sprintf("%g", r.rapid.median)
		}
		fmt.Fprintf(w, "| %s | %s | %d | %g | %s | %s | %s | %d | %d |\n", r.name, pct(r.ours.atMinInput, r.ours.found), r.ours.distinct,
			r.ours.median, hyp, rapidSize, rapidMedian, r.largerGo, r.largerDDMin)
	}
	fmt.Fprintln(w)
}
