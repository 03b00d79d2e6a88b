package main

import (
	"html/template"
	"io"
)

// page is what the HTML view shows: each target's histograms.
type page struct {
	Targets []targetPage
}

type targetPage struct {
	Title    string
	Sections []htmlSection
}

type htmlSection struct {
	Title string
	Rows  []htmlRow
}

type htmlRow struct {
	Label string
	N     int
	Share float64 // percent of the section's total
	Width float64 // percent of the widest bar
}

func htmlSections(secs []section) []htmlSection {
	out := make([]htmlSection, len(secs))
	for i, sec := range secs {
		most := 1
		for _, r := range sec.rows {
			most = max(most, r.n)
		}
		out[i].Title = sec.title
		for _, r := range sec.rows {
			out[i].Rows = append(out[i].Rows, htmlRow{
				Label: r.label, N: r.n,
				Share: 100 * float64(r.n) / float64(max(sec.total, 1)),
				Width: 100 * float64(r.n) / float64(most),
			})
		}
	}
	return out
}

var pageTemplate = template.Must(template.New("stats").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>fuzz target statistics</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 2em; }
h2 { margin-top: 2em; }
section { display: inline-block; vertical-align: top; margin: 0 2em 1.5em 0; }
h3 { font-size: 14px; margin: 0 0 .3em; }
td { padding: 1px 6px; white-space: nowrap; font-family: ui-monospace, monospace; }
td.bar { width: 16em; }
td.bar div { background: #4a7bd0; height: 1em; }
td.n { text-align: right; color: #555; }
</style></head><body>
{{range .Targets}}<h2>{{.Title}}</h2>
{{range .Sections}}<section><h3>{{.Title}}</h3><table>
{{range .Rows}}<tr><td>{{.Label}}</td><td class="bar"><div style="width: {{printf "%.1f" .Width}}%"></div></td><td class="n">{{.N}} ({{printf "%.1f" .Share}}%)</td></tr>
{{end}}</table></section>
{{end}}{{end}}</body></html>
`))

// writeHTML writes the page.
func writeHTML(w io.Writer, p page) error { return pageTemplate.Execute(w, p) }
