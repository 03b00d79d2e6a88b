package minimize

import "slices"

// This file holds the passes that lower equal values together.

// dupGroup is a set of choices with the same width, max, order and index.
type dupGroup struct {
	offsets []int
	choice  Choice // the shared width, max and order
	index   uint64
}

// lowerDuplicates lowers choices that hold the same value together: a
// property that needs two equal values cannot lower them one at a time.
func lowerDuplicates() *pass {
	return stepPass("lower duplicates", 0, func(s *shrinker) []dupGroup { return dupGroups(s, nil) }, lowerDupGroup)
}

// lowerLabelDuplicates lowers together the choices that hold the same
// value in spans of one label, where choices of their shape elsewhere
// hold it too: a value that means something else (a list's "one more?"
// flag with the range of a name's letter) stops the whole group from
// going lower, where the names alone would.
func lowerLabelDuplicates() *pass {
	derive := func(s *shrinker) []dupGroup {
		labels := innermostLabels(s)
		whole := map[dupKey]int{}
		for _, g := range dupGroups(s, nil) {
			whole[dupKey{g.choice, g.index, ""}] = len(g.offsets)
		}
		return slices.DeleteFunc(dupGroups(s, labels), func(g dupGroup) bool {
			return whole[dupKey{g.choice, g.index, ""}] == len(g.offsets)
		})
	}
	return stepPass("lower label duplicates", 2, derive, lowerDupGroup)
}

// maxButOne is the largest group of equal values lowerDuplicatesButOne
// splits.
const maxButOne = 8

// lowerDuplicatesButOne lowers together all but one of the choices that
// hold one value, for each one left out in turn: equal values of one
// shape that mean different things (a kind and an account drawn from
// ranges of one size, both at 1) keep lowerDuplicates from lowering the
// ones that must stay equal when the one that means something else
// cannot go lower with them. Groups of 3 to maxButOne choices; it runs
// in tier 2, when the passes before it are stuck.
func lowerDuplicatesButOne() *pass {
	derive := func(s *shrinker) []dupGroup {
		var subs []dupGroup
		for _, g := range dupGroups(s, nil) {
			if n := len(g.offsets); n < 3 || n > maxButOne {
				continue
			}
			for out := range g.offsets {
				sub := g
				sub.offsets = slices.Delete(slices.Clone(g.offsets), out, out+1)
				subs = append(subs, sub)
			}
		}
		return subs
	}
	return stepPass("lower duplicates but one", 2, derive, lowerDupGroup)
}

// lowerDupGroup plans a group's step: every choice at index 0, then, if
// that is not kept, the simplest common value that still fails.
func lowerDupGroup(s *shrinker, g dupGroup) ([]byte, func(bool, *Outcome)) {
	return s.setChoices(g.offsets, g.choice.Width, g.choice.Max, 0), func(kept bool, _ *Outcome) {
		if !kept {
			lowerTogether(s, g.offsets, g.choice, g.index)
		}
	}
}

// dupKey groups choices of one shape and index, and, if labels are
// given, of one innermost span label.
type dupKey struct {
	choice Choice // with Offset 0
	index  uint64
	label  string
}

// dupGroups returns the groups of two or more choices of the best input
// with one shape and one nonzero index, and, if labels is not nil, one
// innermost label (labels[i] for choice i).
func dupGroups(s *shrinker, labels []string) []dupGroup {
	idx := groupBy(len(s.choices), func(i int) (dupKey, bool) {
		c := s.choices[i]
		k := dupKey{c.shape(), c.Index(s.best), ""}
		if labels != nil {
			k.label = labels[i]
		}
		return k, c.Offset < len(s.best) && k.index != 0
	})
	gs := make([]dupGroup, len(idx))
	for n, g := range idx {
		c := s.choices[g[0]]
		gs[n] = dupGroup{choice: c.shape(), index: c.Index(s.best)}
		for _, i := range g {
			gs[n].offsets = append(gs[n].offsets, s.choices[i].Offset)
		}
	}
	return gs
}

// innermostLabels returns, for each choice of the best input, the label
// of the innermost span that holds it ("" for none). Spans are in the
// order they opened, so a span that holds a choice and comes later lies
// inside the earlier ones.
func innermostLabels(s *shrinker) []string {
	labels := make([]string, len(s.choices))
	for _, sp := range s.out.Spans {
		k, _ := s.firstChoiceFrom(sp.Start)
		for ; k < len(s.choices) && s.choices[k].End() <= sp.End; k++ {
			labels[k] = sp.Label
		}
	}
	return labels
}
