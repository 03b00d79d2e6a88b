package minimize_test

import (
	"context"
	"testing"

	"github.com/shortlex/shortlex/minimize"
)

// BenchmarkMinimize measures the reducer's own cost per reduction on the
// catalogue's properties, whose runs are cheap, so the engine dominates.
func BenchmarkMinimize(b *testing.B) {
	for _, p := range catalogue() {
		b.Run(p.name, func(b *testing.B) {
			ins := failingInputs(&testing.T{}, p, 16, 1)
			b.ReportAllocs()
			runs := 0
			i := 0
			for b.Loop() {
				res, err := minimize.Minimize(context.Background(), ins[i%len(ins)], p.run, minimize.Options{Workers: 1})
				if err != nil {
					b.Fatal(err)
				}
				runs += res.Stats.Runs
				i++
			}
			b.ReportMetric(float64(runs)/float64(i), "runs/op")
		})
	}
}
