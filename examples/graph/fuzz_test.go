package graph

import (
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// depsGen draws a task graph as the dependency lists of its tasks: first
// how many tasks, then for each task i a list of dependencies drawn from
// [0, i). Each list's range depends on the task's position, so when the
// reducer deletes a task, the lists after it are read again with ranges
// one smaller, and every candidate is still a valid graph: no dependency
// can refer to a task that does not exist (see TestEveryCandidateValid).
var depsGen = fuzzsrc.Custom(func(t *fuzzsrc.T) [][]int {
	n := fuzzsrc.IntRange(1, 12).Draw(t, "tasks")
	deps := make([][]int, n)
	for i := 1; i < n; i++ {
		deps[i] = fuzzsrc.SliceOfSize(fuzzsrc.IntRange(0, i-1), fuzzsrc.Size{Average: 2}).Draw(t, "deps")
	}
	return deps
})

// orderComplete is the property: Order lists every task once, after all
// of its dependencies.
func orderComplete(t *fuzzsrc.T) {
	deps := depsGen.Draw(t, "graph")
	var g Graph
	for _, ds := range deps {
		if _, err := g.Add(ds...); err != nil {
			t.Fatalf("generator made an invalid graph: %v", err)
		}
	}
	order := g.Order()
	if len(order) != g.Len() {
		t.Fatalf("Order listed %d of %d tasks: %v", len(order), g.Len(), order)
	}
	at := make(map[int]int, len(order))
	for i, task := range order {
		at[task] = i
	}
	for task, ds := range deps {
		for _, d := range ds {
			if at[d] >= at[task] {
				t.Fatalf("task %d is ordered before its dependency %d: %v", task, d, order)
			}
		}
	}
}

func FuzzOrder(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, orderComplete)
	})
}
