// Package graph schedules tasks that depend on one another: a build
// graph in which each task may only depend on tasks declared before it,
// so the graph is acyclic by construction.
//
// It is the dependent-generator case of Ren et al., "Validity-Preserving
// Delta Debugging via Generator" (GReduce): a generated
// graph's edges refer to nodes generated earlier, and a reduction that
// deleted a node blindly would leave edges dangling. The planted bug is
// in two places that each look fine: Add drops repeated dependencies with
// slices.Compact, which only drops adjacent repeats, and Order, Kahn's
// algorithm, keeps each task's dependents as a set but counts a task's
// dependencies as listed. A task that lists a dependency twice, with
// another in between, is counted twice but released once: it never
// becomes ready and is silently left out.
package graph

import (
	"fmt"
	"slices"
	"sort"
)

// Graph is a set of tasks numbered 0, 1, ... in the order they were
// added. The zero value is an empty graph.
type Graph struct {
	deps [][]int // deps[i]: the tasks task i depends on, each < i
}

// Add adds a task that depends on deps, which must be tasks already in
// the graph, and returns its number. Listing a dependency twice is
// allowed, as build files often do; Add keeps it once.
//
// BUG (planted): slices.Compact drops only adjacent repeats; the list
// is not sorted first.
func (g *Graph) Add(deps ...int) (int, error) {
	id := len(g.deps)
	for _, d := range deps {
		if d < 0 || d >= id {
			return 0, fmt.Errorf("graph: task %d cannot depend on %d: no such earlier task", id, d)
		}
	}
	g.deps = append(g.deps, slices.Compact(slices.Clone(deps)))
	return id, nil
}

// Len is the number of tasks.
func (g *Graph) Len() int { return len(g.deps) }

// Deps returns the dependencies of task i, as Add kept them.
func (g *Graph) Deps(i int) []int { return g.deps[i] }

// Order returns every task once, each after all of its dependencies,
// preferring lower numbers among the tasks that are ready.
//
// BUG (planted): pending counts the dependencies as Add kept them, which
// may still repeat one, while dependents is a set, so a repeated
// dependency is counted twice but released once.
func (g *Graph) Order() []int {
	n := len(g.deps)
	pending := make([]int, n)
	dependents := make([]map[int]bool, n)
	for i, ds := range g.deps {
		pending[i] = len(ds)
		for _, d := range ds {
			if dependents[d] == nil {
				dependents[d] = make(map[int]bool)
			}
			dependents[d][i] = true
		}
	}
	var ready, order []int
	for i := range n {
		if pending[i] == 0 {
			ready = append(ready, i)
		}
	}
	for len(ready) > 0 {
		sort.Ints(ready)
		t := ready[0]
		ready = ready[1:]
		order = append(order, t)
		for d := range dependents[t] {
			if pending[d]--; pending[d] == 0 {
				ready = append(ready, d)
			}
		}
	}
	return order
}
