// Package legacy is a set of integers stored as half-open intervals,
// with the kind of math/rand test-data generator that packages grew long
// before Go had native fuzzing (Random, in random.go).
//
// The example shows that such a generator needs no rewrite: the fuzz
// target hands it fuzzsrc.FromRand's *rand.Rand, whose randomness is the
// fuzz input, so go test -fuzz explores it and the reducer shrinks it.
// The planted bug: Normalize merges overlapping intervals but not ones
// that merely touch, so [0,1) and [1,2) stay apart.
package legacy

import (
	"fmt"
	"slices"
	"strings"
)

// Interval is the half-open range [Lo, Hi). It is empty if Hi <= Lo.
type Interval struct {
	Lo, Hi int
}

// String prints the interval as [Lo,Hi).
func (iv Interval) String() string { return fmt.Sprintf("[%d,%d)", iv.Lo, iv.Hi) }

// Set is the union of its intervals, in any order, possibly overlapping.
type Set []Interval

// String prints the intervals in their order: {[0,1) [1,2)}.
func (s Set) String() string {
	parts := make([]string, len(s))
	for i, iv := range s {
		parts[i] = iv.String()
	}
	return "{" + strings.Join(parts, " ") + "}"
}

// Contains reports whether x is in the set.
func (s Set) Contains(x int) bool {
	for _, iv := range s {
		if iv.Lo <= x && x < iv.Hi {
			return true
		}
	}
	return false
}

// Normalize returns the canonical form of s: its non-empty intervals
// sorted, merged so that no two overlap or touch. Two sets hold the same
// integers exactly when their canonical forms are equal.
//
// BUG (planted): the merge test is Lo < Hi, which merges overlapping
// intervals; touching ones need Lo <= Hi.
func Normalize(s Set) Set {
	var ivs Set
	for _, iv := range s {
		if iv.Lo < iv.Hi {
			ivs = append(ivs, iv)
		}
	}
	slices.SortFunc(ivs, func(a, b Interval) int { return a.Lo - b.Lo })
	var out Set
	for _, iv := range ivs {
		if n := len(out); n > 0 && iv.Lo < out[n-1].Hi {
			out[n-1].Hi = max(out[n-1].Hi, iv.Hi)
			continue
		}
		out = append(out, iv)
	}
	return out
}
