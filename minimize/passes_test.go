package minimize

import (
	"context"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// bytesOf returns n one-byte choices at offsets 0 to n-1 that read a byte
// as its own index; below > 0 orders them around a shrink point with
// that many values below it.
func bytesOf(n int, below uint64) []Choice {
	cs := make([]Choice, n)
	for i := range cs {
		cs[i] = Choice{Offset: i, Width: 1, Max: 255, Below: below}
	}
	return cs
}

// planned returns the first candidate of every step of p, in step order,
// for a best input with the given outcome: what the pass plans before
// any follow-up. setup, if set, adjusts the shrinker first.
func planned(p *pass, best []byte, out Outcome, setup func(s *shrinker)) [][]byte {
	s := newShrinker(context.Background(), nil, Options{Workers: 1})
	if out.Used == 0 {
		out.Used = len(best)
	}
	s.setBest(best, out)
	if setup != nil {
		setup(s)
	}
	var got [][]byte
	for step := range p.count(s) {
		if cand, _ := p.plan(s, step); cand != nil {
			got = append(got, cand)
		}
	}
	return got
}

// passCase is one pass on one best input, with the candidates it must
// plan.
type passCase struct {
	name, reason string
	pass         func() *pass
	best         []byte
	out          Outcome
	setup        func(s *shrinker)
	want         [][]byte
}

func span(label string, start, end, parent int) Span {
	return Span{Label: label, Start: start, End: end, Parent: parent}
}

// twoListSteps is the outcome of an input of two steps, each a kind (0..4)
// and a list of digits ended by a three-valued flag (its first element
// has none), then a byte: [kind digit stop kind digit stop byte].
var twoListSteps = Outcome{Choices: []Choice{
	{Offset: 0, Width: 1, Max: 4}, {Offset: 1, Width: 1, Max: 9}, {Offset: 2, Width: 1, Max: 2},
	{Offset: 3, Width: 1, Max: 4}, {Offset: 4, Width: 1, Max: 9}, {Offset: 5, Width: 1, Max: 2},
	{Offset: 6, Width: 1, Max: 255},
}, Spans: []Span{
	span("step", 0, 3, -1), span("list", 1, 3, 0), span("digit", 1, 2, 1),
	span("step", 3, 6, -1), span("list", 4, 6, 3), span("digit", 4, 5, 4),
}}

func TestPassPlans(t *testing.T) {
	signed := bytesOf(3, 128) // index 0 is 0, 1 is +1, 2 is -1, 3 is +2...
	tests := []passCase{
		{name: "canonicalize/coin", reason: "a coin read from 0xff is true, whose smallest encoding is 0x80",
			pass: canonicalize, best: []byte{0xff, 5},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 1}, {Offset: 1, Width: 1, Max: 255}}},
			want: [][]byte{{0x80, 5}}},
		{name: "canonicalize/canonical", reason: "nothing to rewrite, so no step",
			pass: canonicalize, best: []byte{0x80, 5},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 1}, {Offset: 1, Width: 1, Max: 255}}}},
		{name: "remove discarded/one", reason: "the discarded span goes, the rest stays",
			pass: removeDiscarded, best: []byte{1, 2, 3},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{{Label: "try", Start: 0, End: 2, Parent: -1, Discarded: true}, span("x", 2, 3, -1)}},
			want: [][]byte{{3}}},
		{name: "remove discarded/none", reason: "no span was discarded",
			pass: removeDiscarded, best: []byte{1, 2, 3},
			out: Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("x", 0, 3, -1)}}},
		{name: "rank values/collapse first", reason: "all nonzero values of a shape try index 1 first",
			pass: rankValues, best: []byte{5, 9, 5}, out: Outcome{Choices: bytesOf(3, 0)},
			want: [][]byte{{1, 1, 1}}},
		{name: "rank values/ranked already", reason: "values already the smallest in their order: no candidate",
			pass: rankValues, best: []byte{1, 1}, out: Outcome{Choices: bytesOf(2, 0)}},
		{name: "sort siblings/unsorted", reason: "same-label siblings are laid out smallest first",
			pass: sortSiblings, best: []byte{3, 1, 2},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("x", 0, 1, -1), span("x", 1, 2, -1), span("x", 2, 3, -1)}},
			want: [][]byte{{1, 2, 3}}},
		{name: "sort siblings/zero tail last", reason: "sorted already, but at the input's end the sibling ending in zero goes last, where its zero is free",
			pass: sortSiblings, best: []byte{0, 1, 9},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("x", 0, 1, -1), span("x", 1, 2, -1), span("x", 2, 3, -1)}},
			want: [][]byte{{1, 9, 0}}},
		{name: "sort siblings/past the end", reason: "a sibling that reads past the end of the input (zeros) is sorted with the others",
			pass: sortSiblings, best: []byte{3, 1},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("x", 0, 1, -1), span("x", 1, 3, -1)}, Used: 3},
			want: [][]byte{{1, 0, 3}}},
		{name: "sort siblings/other labels", reason: "spans of different labels are not siblings to sort",
			pass: sortSiblings, best: []byte{3, 1},
			out: Outcome{Choices: bytesOf(2, 0), Spans: []Span{span("x", 0, 1, -1), span("y", 1, 2, -1)}}},
		{name: "delete span/each", reason: "one candidate per span, the span cut out",
			pass: deleteSpans, best: []byte{1, 2, 3},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("x", 0, 1, -1), span("y", 1, 3, -1)}},
			want: [][]byte{{2, 3}, {1}}},
		{name: "delete span/past the end", reason: "a span wholly past the input's end covers nothing to delete",
			pass: deleteSpans, best: []byte{1},
			out:  Outcome{Choices: bytesOf(2, 0), Spans: []Span{span("x", 0, 1, -1), span("x", 1, 2, -1)}, Used: 2},
			want: [][]byte{{}}},
		{name: "zero span/nonzero only", reason: "a span already zero is skipped",
			pass: zeroSpans, best: []byte{0, 2, 3},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("x", 0, 1, -1), span("y", 1, 3, -1)}},
			want: [][]byte{{0, 0, 0}}},
		{name: "delete choices/blocks of one and two", reason: "each choice, then each two adjacent choices",
			pass: deleteChoiceBlocks, best: []byte{1, 2, 3}, out: Outcome{Choices: bytesOf(3, 0)},
			want: [][]byte{{2, 3}, {1, 3}, {1, 2}, {3}, {1}}},
		{name: "replace with descendant/same label", reason: "an expression becomes its operand",
			pass: replaceWithDescendant, best: []byte{1, 2, 3},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("e", 0, 3, -1), span("e", 1, 2, 0)}},
			want: [][]byte{{2}}},
		{name: "replace with descendant/other label", reason: "a child of another label cannot stand for its parent",
			pass: replaceWithDescendant, best: []byte{1, 2, 3},
			out: Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("e", 0, 3, -1), span("n", 1, 2, 0)}}},
		{name: "lower label duplicates/names without a flag", reason: "two names and a list's flag hold index 1 in one shape: the names, of one label, are lowered together without the flag; the flag alone is no group, and a label whose values are the whole group is lower duplicates' job",
			pass: lowerLabelDuplicates, best: []byte{0x80, 0x80, 0x80, 0x40, 0x40},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 1}, {Offset: 1, Width: 1, Max: 1}, {Offset: 2, Width: 1, Max: 1}, {Offset: 3, Width: 1, Max: 3}, {Offset: 4, Width: 1, Max: 3},
			}, Spans: []Span{
				span("dir", 0, 5, -1), span("name", 0, 1, 0), span("files", 1, 2, 0), span("name", 2, 3, 0), span("size", 3, 4, 0), span("size", 4, 5, 0),
			}},
			want: [][]byte{{0, 0x80, 0, 0x40, 0x40}}},
		{name: "switch branch past a value/earlier alternative", reason: "a let (form 3) naming x before its two parts becomes a sum (form 0) of the parts, x deleted; x, a coin, is also taken to 0 with the first part deleted; the flag that opens an element of a list (a span with like siblings) is left alone, and so is a byte",
			pass: switchBranchPast, best: []byte{0xc0, 0x80, 7, 8, 0x80, 1, 0x80, 2},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 3}, {Offset: 1, Width: 1, Max: 1}, {Offset: 2, Width: 1, Max: 255}, {Offset: 3, Width: 1, Max: 255},
				{Offset: 4, Width: 1, Max: 1}, {Offset: 5, Width: 1, Max: 255}, {Offset: 6, Width: 1, Max: 1}, {Offset: 7, Width: 1, Max: 255},
			}, Spans: []Span{
				span("let", 0, 4, -1), span("x", 1, 2, 0), span("bound", 2, 3, 0), span("body", 3, 4, 0),
				span("list", 4, 8, -1), span("elem", 4, 6, 4), span("elem", 6, 8, 4),
			}},
			want: [][]byte{{0, 7, 8, 0x80, 1, 0x80, 2}, {0xc0, 0, 8, 0x80, 1, 0x80, 2}}},
		{name: "switch branch/shorter alternative", reason: "a coin before an operand's last child, one higher, with the child deleted; the coin that opens an element of a list (a span with like siblings) is its flag and is left alone, an element is not deleted as a last child, and a choice of a wide range is not raised",
			pass: switchBranch, best: []byte{0, 0, 3, 1, 7, 1, 0, 200, 9},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 1}, {Offset: 1, Width: 1, Max: 1}, {Offset: 2, Width: 1, Max: 9},
				{Offset: 3, Width: 1, Max: 1}, {Offset: 4, Width: 1, Max: 9}, {Offset: 5, Width: 1, Max: 1}, {Offset: 6, Width: 1, Max: 9},
				{Offset: 7, Width: 1, Max: 255}, {Offset: 8, Width: 1, Max: 9},
			}, Spans: []Span{
				span("operand", 0, 3, -1), span("var", 1, 2, 0), span("lit", 2, 3, 0),
				span("list", 3, 7, -1), span("elem", 3, 5, 3), span("n", 4, 5, 4), span("elem", 5, 7, 3), span("n", 6, 7, 6),
				span("pair", 7, 9, -1), span("n", 8, 9, 8),
			}},
			want: [][]byte{{0, 0x80, 1, 7, 1, 0, 200, 9}}},
		{name: "switch branch/a list of one element", reason: "the flag that opens a list's only element, followed by the element's value and then, bare in the list, by the flag that stops (of the flag's shape), goes on at any index: it is left alone; a choice among alternatives followed by another such choice that opens a span of its own is raised, with its child deleted, and so is the last one",
			pass: switchBranch, best: []byte{0x2b, 4, 0, 0x2b, 7, 0, 3},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 5}, {Offset: 1, Width: 1, Max: 255}, {Offset: 2, Width: 1, Max: 5},
				{Offset: 3, Width: 1, Max: 5}, {Offset: 4, Width: 1, Max: 255}, {Offset: 5, Width: 1, Max: 5}, {Offset: 6, Width: 1, Max: 255},
			}, Spans: []Span{
				span("root", 0, 7, -1), span("list", 0, 3, 0), span("element", 0, 2, 1), span("value", 1, 2, 2),
				span("x", 3, 5, 0), span("alt", 4, 5, 4), span("y", 5, 7, 0), span("alt", 6, 7, 6),
			}},
			want: [][]byte{{0x2b, 4, 0, 0x56, 0, 3}, {0x2b, 4, 0, 0x2b, 7, 0x2b}}},
		{name: "lower choice/nonzero", reason: "each nonzero choice tries index 0; a zero one is skipped",
			pass: lowerChoices, best: []byte{0, 7, 9}, out: Outcome{Choices: bytesOf(3, 0)},
			want: [][]byte{{0, 0, 9}, {0, 7, 0}}},
		{name: "lower to simpler/named values", reason: "the simplest named value below each choice's index comes first; 0 and 1 (lower choice's) and values not below the index are left out",
			pass: lowerToSimpler, best: []byte{0, 9, 40}, out: Outcome{Choices: bytesOf(3, 0), Simpler: []Simpler{
				{Choice: 1, Index: 1}, {Choice: 1, Index: 7}, {Choice: 1, Index: 3}, {Choice: 1, Index: 12},
				{Choice: 2, Index: 20}, {Choice: 0, Index: 5},
			}},
			want: [][]byte{{0, 3, 40}, {0, 9, 20}}},
		{name: "lower to simpler/values of a draw", reason: "a draw of an escape byte and an offset names values of both (a rune of its kind in a lower block, or lower in its own block), simplest first; a value not below the draw's, (4, 0) after (3, 9), is left out, and a value of the pair may set the first choice to 0 or 1",
			pass: lowerToSimpler, best: []byte{0, 3, 9}, out: Outcome{Choices: bytesOf(3, 0), Simpler: []Simpler{
				{Choice: 1, Index: 3, Then: []uint64{2}}, {Choice: 1, Index: 1, Then: []uint64{7}}, {Choice: 1, Index: 4, Then: []uint64{0}},
			}},
			want: [][]byte{{0, 1, 7}}},
		{name: "lower to simpler/none named", reason: "a run that names no simpler values gives no step",
			pass: lowerToSimpler, best: []byte{9}, out: Outcome{Choices: bytesOf(1, 0)}},
		{name: "lower duplicates/equal values", reason: "choices of one shape holding one value go to 0 together",
			pass: lowerDuplicates, best: []byte{7, 3, 7}, out: Outcome{Choices: bytesOf(3, 0)},
			want: [][]byte{{0, 3, 0}}},
		{name: "lower duplicates/other shape", reason: "equal bytes of different ranges are not the same value",
			pass: lowerDuplicates, best: []byte{1, 1},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 1, Max: 1}}}},
		{name: "lower duplicates but one/each left out", reason: "three bytes hold 2 and one holds 3: the three go to 0 but for each in turn, left as it was; two equal values are lower duplicates' job, and the 3 stands alone",
			pass: lowerDuplicatesButOne, best: []byte{2, 3, 2, 2}, out: Outcome{Choices: bytesOf(4, 0)},
			want: [][]byte{{2, 3, 0, 0}, {0, 3, 2, 0}, {0, 3, 0, 2}}},
		{name: "lower duplicates but one/too many", reason: "nine equal values are more than maxButOne: no step",
			pass: lowerDuplicatesButOne, best: []byte{1, 1, 1, 1, 1, 1, 1, 1, 1}, out: Outcome{Choices: bytesOf(9, 0)}},
		{name: "shift values/down", reason: "+1 and +2 become 0 and +1",
			pass: shiftValues, best: []byte{1, 3}, out: Outcome{Choices: signed[:2]},
			want: [][]byte{{0, 1}}},
		{name: "shift values/through zero", reason: "0 and +1 become -1 and 0",
			pass: shiftValues, best: []byte{0, 1}, out: Outcome{Choices: signed[:2]},
			want: [][]byte{{2, 0}}},
		{name: "shift values/unsigned", reason: "the nonzero values of a plainly ordered shape shift down alike: 1 and 3 become 0 and 2",
			pass: shiftValues, best: []byte{1, 3}, out: Outcome{Choices: bytesOf(2, 0)},
			want: [][]byte{{0, 2}}},
		{name: "shift values/unsigned zero", reason: "a plainly ordered shape holding 0 has no lower value to shift it to",
			pass: shiftValues, best: []byte{0, 3}, out: Outcome{Choices: bytesOf(2, 0)}},
		{name: "swap values/ends in the larger", reason: "0 before 2, but the input ends in 2: swapped, it ends in a free 0",
			pass: swapValues, best: []byte{0, 2, 0, 2}, out: Outcome{Choices: bytesOf(4, 0)},
			want: [][]byte{{2, 0, 2, 0}}},
		{name: "swap values/only the last", reason: "of the values after a 0, only the one the input ends in (3) swapped with 0 is shorter; swapping 2 would be larger",
			pass: swapValues, best: []byte{0, 2, 0, 3}, out: Outcome{Choices: bytesOf(4, 0)},
			want: [][]byte{{3, 2, 3, 0}}},
		{name: "swap values/larger first", reason: "5 before 2 everywhere becomes 2 before 5",
			pass: swapValues, best: []byte{5, 2, 5}, out: Outcome{Choices: bytesOf(3, 0)},
			want: [][]byte{{2, 5, 2}}},
		{name: "swap values/smaller first", reason: "a swap would make the input larger",
			pass: swapValues, best: []byte{2, 5}, out: Outcome{Choices: bytesOf(2, 0)}},
		{name: "lower pair/every pair", reason: "pairs near first: (0,1), (0,2), (1,2), each lowered by one",
			pass: lowerPairs, best: []byte{5, 9, 4}, out: Outcome{Choices: bytesOf(3, 0)},
			want: [][]byte{{4, 8, 4}, {4, 9, 3}, {5, 8, 3}}},
		{name: "lower pair/zero", reason: "a pair with a zero cannot both go lower",
			pass: lowerPairs, best: []byte{0, 9}, out: Outcome{Choices: bytesOf(2, 0)}},
		{name: "lower pair/two flags at index 1", reason: "two values at index 1 of a shape that holds nothing larger (flags, coins) are equal values: lower duplicates' job",
			pass: lowerPairs, best: []byte{1, 1, 0}, out: Outcome{Choices: bytesOf(3, 0)}},
		{name: "lower pair/two data values at index 1", reason: "two values at index 1 of a shape that also holds 5 are data, lowered together like any pair",
			pass: lowerPairs, best: []byte{1, 1, 5}, out: Outcome{Choices: bytesOf(3, 0)},
			want: [][]byte{{0, 0, 5}, {0, 1, 4}, {1, 0, 4}}},
		{name: "lower pair/adjacent shapes", reason: "a value at index 1 of a range of 15 (a base of 3), the number 3 after it, then a flag and another byte: the adjacent pair of two shapes lowered together, and the two bytes of one shape; the flag (a shape that occurs twice at 0 and 1) is not, and amounts of two shapes apart are lower amount pair's",
			pass: lowerPairs, best: []byte{0x12, 3, 1, 0, 7},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 14}, {Offset: 1, Width: 1, Max: 255}, {Offset: 2, Width: 1, Max: 1}, {Offset: 3, Width: 1, Max: 1}, {Offset: 4, Width: 1, Max: 255}}},
			want: [][]byte{{0, 2, 1, 0, 7}, {0x12, 2, 1, 0, 6}}},
		{name: "lower amount pair/two shapes apart", reason: "the same input: only the amounts of two shapes that lower pair leaves, the base and the last byte",
			pass: lowerAmountPairs, best: []byte{0x12, 3, 1, 0, 7},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 14}, {Offset: 1, Width: 1, Max: 255}, {Offset: 2, Width: 1, Max: 1}, {Offset: 3, Width: 1, Max: 1}, {Offset: 4, Width: 1, Max: 255}}},
			want: [][]byte{{0, 3, 1, 0, 6}}},
		{name: "redistribute amount pair/two shapes apart", reason: "a month at 3 (a range from 1), a day, and a count in another range: magnitude moves from the month into the count; not into the day next to it, nor between the two of one shape (redistribute pair's)",
			pass: redistributeAmountPairs, best: []byte{0x2b, 5, 9},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 11}, {Offset: 1, Width: 1, Max: 255}, {Offset: 2, Width: 1, Max: 255}}},
			want: [][]byte{{0, 5, 11}}},
		{name: "lower amount pair/two at 1", reason: "two values at 1 of two shapes apart, a base and a count: as often a flag and a count as two amounts, and not paired",
			pass: lowerAmountPairs, best: []byte{0x12, 7, 1},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 14}, {Offset: 1, Width: 1, Max: 1}, {Offset: 2, Width: 1, Max: 255}}}},
		{name: "lower amount pair/whole words", reason: "a whole 64-bit word and a byte apart are not paired across shapes (a word's unit is its draw's business); next to each other they are lower pair's (a base and a number from a Uint64)",
			pass: lowerAmountPairs, best: []byte{0, 0, 0, 0, 0, 0, 0, 5, 0, 3},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 8, Max: 1<<64 - 1}, {Offset: 8, Width: 1, Max: 100}, {Offset: 9, Width: 1, Max: 50}}}},
		{name: "lower pair/a word next to a base", reason: "a base at 3 (index 1 of a range from 2) and a number from a Uint64 after it: lowered together, adjacent",
			pass: lowerPairs, best: []byte{0x12, 0, 0, 0, 0, 0, 0, 0, 3},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 14}, {Offset: 1, Width: 8, Max: 1<<64 - 1}}},
			want: [][]byte{{0, 0, 0, 0, 0, 0, 0, 0, 2}}},
		{name: "redistribute pair/two at index 1", reason: "moving 1 between two values at index 1 (two flags) only lowers the first",
			pass: redistributePairs, best: []byte{1, 1}, out: Outcome{Choices: bytesOf(2, 0)}},
		{name: "redistribute pair/two values at index 1", reason: "two values at index 1 each drawn on its own (a span covers exactly each) are amounts, not flags: 1 moves from the first into the second",
			pass: redistributePairs, best: []byte{1, 1, 2},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("wait", 0, 1, 1), span("step", 0, 2, -1), span("wait", 1, 2, 3), span("step", 1, 2, -1), span("n", 2, 3, -1)}},
			want: [][]byte{{0, 2, 2}, {0, 1, 3}, {1, 0, 3}}},
		{name: "redistribute pair/two flags of empty elements", reason: "a span covering exactly each of two values at index 1, but spans with like siblings inside a list: the flags of elements that read nothing",
			pass: redistributePairs, best: []byte{1, 1},
			out: Outcome{Choices: bytesOf(2, 0), Spans: []Span{span("list", 0, 3, -1), span("elem", 0, 1, 0), span("elem", 1, 2, 0)}, Used: 3}},
		{name: "redistribute pair/into zero", reason: "a value moves into a later one at the shrink point, which takes +1's side",
			pass: redistributePairs, best: []byte{1, 0, 5}, out: Outcome{Choices: bytesOf(3, 0)},
			want: [][]byte{{0, 1, 5}, {0, 0, 6}}},
		{name: "redistribute pair/all", reason: "all of the earlier value moves to the later one",
			pass: redistributePairs, best: []byte{5, 9}, out: Outcome{Choices: bytesOf(2, 0)},
			want: [][]byte{{0, 14}}},
		{name: "redistribute pair/capped", reason: "as much as the later value's range can take",
			pass: redistributePairs, best: []byte{5, 253}, out: Outcome{Choices: bytesOf(2, 0)},
			want: [][]byte{{3, 255}}},
		{name: "redistribute pair/codes", reason: "nothing moves out of or into a value whose draw names simpler values (a code, the first byte); two whole words move all there is, and so do the two bytes after the code",
			pass: redistributePairs, best: []byte{0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 9, 7, 3, 2, 4},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 8, Max: 1<<64 - 1}, {Offset: 8, Width: 8, Max: 1<<64 - 1},
				{Offset: 16, Width: 1, Max: 255}, {Offset: 17, Width: 1, Max: 255}, {Offset: 18, Width: 1, Max: 255}, {Offset: 19, Width: 1, Max: 255},
			}, Simpler: []Simpler{{Choice: 2, Index: 1}}},
			want: [][]byte{{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 14, 7, 3, 2, 4}, {0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 9, 7, 0, 5, 4}, {0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 9, 7, 0, 2, 7}, {0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 9, 7, 3, 0, 6}}},
		{name: "jump lower/half first", reason: "a value stuck at 9 jumps to half of it first",
			pass: jumpLower, best: []byte{9}, out: Outcome{Choices: bytesOf(1, 0)},
			want: [][]byte{{4}}},
		{name: "jump lower/nowhere to jump", reason: "below 3 only 1 and 2 are left, which lowering tries",
			pass: jumpLower, best: []byte{3, 2}, out: Outcome{Choices: bytesOf(2, 0)}},
		{name: "jump lower/tied values together", reason: "two choices holding 6 jump together, neither alone; 2 is too small to jump",
			pass: jumpLower, best: []byte{6, 2, 6}, out: Outcome{Choices: bytesOf(3, 0)},
			want: [][]byte{{3, 2, 3}}},
		{name: "merge values/copies deleted", reason: "steps (1 5) (2 5) (7 1): 1 made 2 makes the first step a copy of the second, which goes, and the last 1 becomes 2; 2 made 1 makes the second a copy of the first; no other merge makes a copy",
			pass: mergeValues, best: []byte{1, 5, 2, 5, 7, 1},
			out:  Outcome{Choices: bytesOf(6, 0), Spans: []Span{span("step", 0, 2, -1), span("step", 2, 4, -1), span("step", 4, 6, -1)}},
			want: [][]byte{{2, 5, 7, 2}, {1, 5, 7, 1}}},
		{name: "merge values/other labels", reason: "spans of different labels are not copies of each other",
			pass: mergeValues, best: []byte{1, 5, 2, 5},
			out: Outcome{Choices: bytesOf(4, 0), Spans: []Span{span("put", 0, 2, -1), span("get", 2, 4, -1)}}},
		{name: "delete choice pairs/gap of two", reason: "two choices two apart go, what is between stays",
			pass: deleteChoicePairs, best: []byte{1, 2, 3, 4}, out: Outcome{Choices: bytesOf(4, 0)},
			want: [][]byte{{2, 4}, {1, 3}}},
		{name: "delete aligned blocks/followed by the same shape", reason: "blocks of 3 to 8 choices after which a choice of the block's first shape follows (a coin then two bytes, three times): k=3 at 0 to 3, k=4 at 1, k=6 at 0",
			pass: deleteAlignedBlocks, best: []byte{1, 5, 7, 1, 6, 8, 0},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 1}, {Offset: 1, Width: 1, Max: 255}, {Offset: 2, Width: 1, Max: 255},
				{Offset: 3, Width: 1, Max: 1}, {Offset: 4, Width: 1, Max: 255}, {Offset: 5, Width: 1, Max: 255},
				{Offset: 6, Width: 1, Max: 1},
			}, Used: 7},
			want: [][]byte{{1, 6, 8, 0}, {1, 6, 8, 0}, {1, 5, 8, 0}, {1, 5, 7, 0}, {1, 8, 0}, {0}}},
		{name: "delete aligned blocks/one span", reason: "a block that is exactly one span is deleteSpans' candidate: the two edges' own blocks are left out",
			pass: deleteAlignedBlocks, best: []byte{1, 5, 7, 1, 6, 8, 0},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 1}, {Offset: 1, Width: 1, Max: 255}, {Offset: 2, Width: 1, Max: 255},
				{Offset: 3, Width: 1, Max: 1}, {Offset: 4, Width: 1, Max: 255}, {Offset: 5, Width: 1, Max: 255},
				{Offset: 6, Width: 1, Max: 1},
			}, Spans: []Span{span("edge", 0, 3, -1), span("edge", 3, 6, -1)}, Used: 7},
			want: [][]byte{{1, 6, 8, 0}, {1, 5, 8, 0}, {1, 8, 0}, {0}}},
		{name: "rotate spans/left child up", reason: "the root's coin moves past its first child L; the root's body moves L's coin past L's body, the same bytes here (both coins are 1; the gate runs them once); then in p(L, R) with L = c(C1, C2) L's coin moves past C1, a leaf 0 5: p(C1, c(C2, R)); the spans L and its body start together and give that move once; a leaf's value span has nothing after it",
			pass: rotateSpans, best: []byte{1, 1, 0, 5, 0, 6, 0, 7},
			out: Outcome{Choices: bytesOf(8, 0), Spans: []Span{
				span("node", 0, 8, -1), span("body", 1, 8, 0),
				span("node", 1, 6, 1), span("body", 2, 6, 2), span("node", 2, 4, 3), span("node", 4, 6, 3),
				span("node", 6, 8, 1),
			}},
			want: [][]byte{{1, 0, 5, 0, 6, 1, 0, 7}, {1, 0, 5, 0, 6, 1, 0, 7}, {1, 0, 5, 1, 0, 6, 0, 7}}},
		{name: "rotate spans/keyed left child up", reason: "nodes open with a kind and a key: at the root the opening moves past L, keys where they were; then the tree rotation, L's opening pulled up past A and the root's pushed down before B, ((0 1 2) 3 4) becoming (0 1 (2 3 4)); then at L its opening moves past A; leaves have no part to rotate",
			pass: rotateSpans, best: []byte{1, 3, 1, 1, 0, 0, 0, 2, 0, 4},
			out: Outcome{Choices: bytesOf(10, 0), Spans: []Span{
				span("node", 0, 10, -1), span("node", 2, 8, 0), span("node", 4, 6, 1), span("node", 6, 8, 1), span("node", 8, 10, 0),
			}},
			want: [][]byte{{1, 1, 0, 0, 0, 2, 1, 3, 0, 4}, {1, 1, 0, 0, 1, 3, 0, 2, 0, 4}, {1, 3, 0, 0, 1, 1, 0, 2, 0, 4}}},
		{name: "delete sibling runs/runs of two to four", reason: "a list of five elements of two bytes, and a value after the list: runs of 2, 3 and 4 consecutive siblings, shortest first: the list and the value are siblings at the top (deleting both leaves nothing), then the elements; then the ends of runs of 3 and 4 alone, the siblings between them kept (1 and 3, 2 and 4, 3 and 5, then 1 and 4, 2 and 5)",
			pass: deleteSiblingRuns, best: []byte{1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 9},
			out: Outcome{Choices: bytesOf(11, 0), Spans: []Span{
				span("list", 0, 10, -1),
				span("element", 0, 2, 0), span("element", 2, 4, 0), span("element", 4, 6, 0), span("element", 6, 8, 0), span("element", 8, 10, 0),
				span("value", 10, 11, -1),
			}},
			want: [][]byte{
				{},
				{1, 3, 1, 4, 1, 5, 9}, {1, 1, 1, 4, 1, 5, 9}, {1, 1, 1, 2, 1, 5, 9}, {1, 1, 1, 2, 1, 3, 9},
				{1, 4, 1, 5, 9}, {1, 1, 1, 5, 9}, {1, 1, 1, 2, 9},
				{1, 5, 9}, {1, 1, 9},
				{1, 2, 1, 4, 1, 5, 9}, {1, 1, 1, 3, 1, 5, 9}, {1, 1, 1, 2, 1, 4, 9},
				{1, 2, 1, 3, 1, 5, 9}, {1, 1, 1, 3, 1, 4, 9},
			}},
		{name: "join collections/two steps of one list each", reason: "two steps (a kind, 1, then a list of digits ended by a three-valued flag whose first element has none) that differ only in their lists, [3] and [7], then a 9: the second deleted and its element joined after the first's with the first's stop at its largest between them (index 2 of 3 is 0xab)",
			pass: joinCollections, best: []byte{1, 3, 0, 1, 7, 0, 9},
			out:  twoListSteps,
			want: [][]byte{{1, 3, 0xab, 7, 0, 9}}},
		{name: "join collections/steps that differ outside their lists", reason: "the same steps of two kinds, 1 and 2: no join",
			pass: joinCollections, best: []byte{1, 3, 0, 2, 7, 0, 9},
			out: twoListSteps},
		{name: "merge siblings/one value apart", reason: "runs (a coin, a letter, a length) where the last two differ in the length only: the last deleted with its length added to the one before, as index 5+2+1 then 5+2; the first run differs in two values; the coins are flags",
			pass: mergeSiblings, best: []byte{0x80, 1, 3, 0x80, 0, 5, 0x80, 0, 2},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 1}, {Offset: 1, Width: 1, Max: 255}, {Offset: 2, Width: 1, Max: 255},
				{Offset: 3, Width: 1, Max: 1}, {Offset: 4, Width: 1, Max: 255}, {Offset: 5, Width: 1, Max: 255},
				{Offset: 6, Width: 1, Max: 1}, {Offset: 7, Width: 1, Max: 255}, {Offset: 8, Width: 1, Max: 255},
			}, Spans: []Span{span("runs", 0, 9, -1), span("run", 0, 3, 0), span("run", 3, 6, 0), span("run", 6, 9, 0)}},
			want: [][]byte{{0x80, 1, 3, 0x80, 0, 8}, {0x80, 1, 3, 0x80, 0, 7}}},
		{name: "merge siblings/into a later sibling past another", reason: "steps (a kind, 1 for add, then its amount, or 0 for check) add 1, add 1, check, add 2, check: the first add merged past the second add and the check into add 2 (index 2+1+1, then 2+1; the second add is next to it, so that merge is the one into the first), the second into the first (1+1+1, 1+1) and past the check into add 2, add 2 into the adds before it. Kinds and amounts are one shape here (bytes), so equal steps merge in their kinds too (the second add into the first at kind 1+1+1 and 1+1, the first check past add 2 into the last, at kind 0+0+1, and the last check into the first)",
			pass: mergeSiblings, best: []byte{1, 1, 1, 1, 0, 1, 2, 0},
			out: Outcome{Choices: bytesOf(8, 0), Spans: []Span{
				span("steps", 0, 8, -1), span("step", 0, 2, 0), span("step", 2, 4, 0), span("step", 4, 5, 0), span("step", 5, 7, 0), span("step", 7, 8, 0),
			}},
			want: [][]byte{
				{1, 1, 0, 1, 4, 0}, {1, 1, 0, 1, 3, 0},
				{3, 1, 0, 1, 2, 0}, {2, 1, 0, 1, 2, 0}, {1, 3, 0, 1, 2, 0}, {1, 2, 0, 1, 2, 0}, {1, 1, 0, 1, 4, 0}, {1, 1, 0, 1, 3, 0},
				{1, 1, 1, 1, 1, 2, 1},
				{1, 1, 1, 4, 0, 0}, {1, 1, 1, 3, 0, 0}, {1, 4, 1, 1, 0, 0}, {1, 3, 1, 1, 0, 0},
				{1, 1, 1, 1, 1, 1, 2},
			}},
		{name: "flip sign pairs/a negative and a later value", reason: "-1 and -2 made +1 and +2 together (index 2 -> 1, 4 -> 3), then each negative with the later +1 made -1 (index 1 -> 2); +1 comes first and starts no pair",
			pass: flipSignPairs, best: []byte{2, 4, 1}, out: Outcome{Choices: signed},
			want: [][]byte{{1, 3, 1}, {1, 4, 2}, {2, 3, 2}}},
		{name: "lower along ratio/pairs of amounts", reason: "+2, -4 and +6 (indices 3, 8, 11): +2 and -4 along 1:2 to +1 and -2 (indices 1, 4), +2 and +6 along 1:3 to +1 and +3 (index 5), -4 and +6 along 2:3 to -2 and +3; a zero holds no amount",
			pass: lowerAlongRatio, best: []byte{3, 8, 0, 11}, out: Outcome{Choices: bytesOf(4, 128)},
			want: [][]byte{{1, 4, 0, 11}, {1, 8, 0, 5}, {3, 4, 0, 5}}},
		{name: "lower along ratio/one value at 1:1", reason: "two 5s of one shape are lower pair's; of two shapes (ranges of 256 and 100 values, byte 13 is index 5) they go down together to 4 and 4 (byte 11)",
			pass: lowerAlongRatio, best: []byte{5, 5, 0, 13}, out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 1, Max: 255}, {Offset: 3, Width: 1, Max: 99},
			}},
			want: [][]byte{{4, 5, 0, 11}, {5, 4, 0, 11}}},
		{name: "move aligned blocks/zero tails last", reason: "steps (a flag, a kind of 0..2, an argument of 0..9) of a hand loop: the first step ends in a zero and a flag follows it, so it moves to the end; the second ends in 80, and the first two together too; blocks that start inside a step but end in a zero before a choice of their first's shape move as well (an argument, a flag and a kind; from one argument to the next), as the pass sees shapes, not steps",
			pass: moveAlignedBlocks, best: []byte{0x80, 0, 0, 0x80, 0xab, 0x80, 0x80, 0, 0xb4},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 1}, {Offset: 1, Width: 1, Max: 2}, {Offset: 2, Width: 1, Max: 9},
				{Offset: 3, Width: 1, Max: 1}, {Offset: 4, Width: 1, Max: 2}, {Offset: 5, Width: 1, Max: 9},
				{Offset: 6, Width: 1, Max: 1}, {Offset: 7, Width: 1, Max: 2}, {Offset: 8, Width: 1, Max: 9},
			}},
			want: [][]byte{{0x80, 0xab, 0x80, 0x80, 0, 0xb4, 0x80, 0, 0}, {0x80, 0, 0, 0x80, 0xab, 0xb4, 0x80, 0x80, 0}, {0x80, 0, 0xb4, 0, 0x80, 0xab, 0x80, 0x80, 0}}},
		{name: "lower with later raised/three fields", reason: "a year one lower with the month and the days after it at their largest; the month lowered with only one value after it is a trade's job, and the days are last",
			pass: lowerRaisingLater, best: []byte{98, 0, 100}, // year index 8 of 21, month 0 of 12, 100 days
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 20}, {Offset: 1, Width: 1, Max: 11}, {Offset: 2, Width: 1, Max: 255}}},
			want: [][]byte{{86, 235, 255}}}, // indices 7, 11, 255
		{name: "trade across shapes/past a flag", reason: "an int8 weight of -3 (index 6), a list's coin, a uint8 count of 34, the list's stop coin: the weight one nearer zero with the count raised by one, the coins (a shape seen twice, holding 0 and 1) skipped",
			pass: tradeAcross, best: []byte{6, 0x2b, 34, 0},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 255, Below: 128}, {Offset: 1, Width: 1, Max: 5},
				{Offset: 2, Width: 1, Max: 255}, {Offset: 3, Width: 1, Max: 5},
			}},
			want: [][]byte{{4, 0x2b, 35, 0}}},
		{name: "collapse spans/escaped rune", reason: "a rune span of a first byte 0xe0 (index 224) and its 2-byte offset, then a count: the span cut to its first byte at half its index, 0x70; the count's span holds one choice",
			pass: collapseSpans, best: []byte{0xe0, 0x12, 0x34, 0x56},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 2, Max: 34745}, {Offset: 3, Width: 1, Max: 255}},
				Spans: []Span{span("element", 0, 3, -1), span("n", 3, 4, -1)}},
			want: [][]byte{{0x70, 0x56}}},
		{name: "delete and raise/one-choice elements", reason: "three one-byte elements: each deleted with the nearest other byte raised by one, the one before it or, for the first, the one after it",
			pass: deleteAndRaise, best: []byte{5, 9, 7},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("s", 0, 3, -1), span("e", 0, 1, 0), span("e", 1, 2, 0), span("e", 2, 3, 0)}},
			want: [][]byte{{10, 7}, {6, 7}, {5, 10}}},
		{name: "delete and raise/top-level and wider spans", reason: "a span without a parent is the whole input, and a span of two choices is deleteAndAdjust's",
			pass: deleteAndRaise, best: []byte{5, 9, 7},
			out: Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("s", 0, 3, -1), span("e", 0, 2, 0)}}},
		{name: "cut last draw/ends the input", reason: "a draw of three bytes that ends the input (a tag, then a value of two bytes): cut to its first byte, one higher; the value, which ends the input too, holds one choice",
			pass: cutLastDraw, best: []byte{5, 0x30, 9},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 2, Max: 65535}}, Spans: []Span{span("d", 0, 3, -1), span("v", 1, 3, 0)}},
			want: [][]byte{{6}}},
		{name: "cut last draw/collections", reason: "a string whose first character starts a child span is not one draw, and neither span of two bytes, the first ending before the input's end, is cut",
			pass: cutLastDraw, best: []byte{5, 0x30, 9},
			out: Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("s", 0, 3, -1), span("e", 0, 2, 0), span("e", 2, 3, 0)}}},
		{name: "cut last draw/a list's flag", reason: "the flag that opens a list's only element at the input's end (a child span after it, and the stop flag of its shape bare in the list past the end) goes on at any index, so raising it with the element cut is a deletion: no step; the element's value, a draw of its own, is cut",
			pass: cutLastDraw, best: []byte{0x2b, 4, 9},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 5}, {Offset: 1, Width: 1, Max: 9}, {Offset: 2, Width: 1, Max: 9}, {Offset: 3, Width: 1, Max: 5}},
				Spans: []Span{span("list", 0, 4, -1), span("element", 0, 3, 0), span("value", 1, 3, 1)}},
			want: [][]byte{{0x2b, 0x1a}}},
		{name: "sweep lower/a whole word", reason: "a whole 64-bit word starts at its leading nonzero byte's least value, the others kept; a wide value of another range is not swept",
			pass: sweepLower, best: []byte{0, 0, 3, 0x10, 0, 0, 0, 1, 0, 0, 9},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 8, Max: 1<<64 - 1}, {Offset: 8, Width: 3, Max: 1<<24 - 1}}},
			want: [][]byte{{0, 0, 0, 0x10, 0, 0, 0, 1, 0, 0, 9}}},
		{name: "sweep lower/small domains", reason: "a byte at 40, a two-byte value (a domain too large to sweep), a byte at 3, a byte at 2 (which lowering covers): the two bytes above 2 start at their simplest value",
			pass: sweepLower, best: []byte{40, 0, 9, 3, 2},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 2, Max: 65535}, {Offset: 3, Width: 1, Max: 255}, {Offset: 4, Width: 1, Max: 255}}},
			want: [][]byte{{0, 0, 9, 3, 2}, {40, 0, 9, 0, 2}}},
		{name: "sweep pairs/small products", reason: "bytes at 3, 2 and 100 and a value at 1 of 0..9 between them: the value pairs with 3 and with 2, each pair starting at both values' simplest; bytes pair with no byte (one range: lowerPairs'), and 100 with nothing (a product over maxSweptPair)",
			pass: sweepPairs, best: []byte{3, 0x1a, 2, 100}, out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 1, Max: 9}, {Offset: 2, Width: 1, Max: 255}, {Offset: 3, Width: 1, Max: 255}}},
			want: [][]byte{{0, 0, 2, 100}, {3, 0, 0, 100}}},
		{name: "keep grown values/from the top", reason: "a range's low end at 46 of 0..65 and its high end at the top of 46..65 (index 19 of 0..19); the candidate that lowered the low end to 0 read index 19 of 0..65 after it: it is tried with the high end as far from its range's top as before, 65",
			pass: keepGrownValues, best: []byte{0xb3, 0xf4},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 65}, {Offset: 1, Width: 1, Max: 19}}},
			setup: func(s *shrinker) {
				s.noteGrown([]byte{0, 0xf4}, &Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 65}, {Offset: 1, Width: 1, Max: 65}}})
			},
			want: [][]byte{{0, 0xfd}}},
		{name: "delete matched elements/two lists", reason: "two lists of flagged digits, [3 5] and [5 3]: each element paired with its copy in the other list, in the order the copies come (5 with 5, then 3 with 3), both deleted at once; the digits inside the elements are the only spans of their parents and pair with nothing",
			pass: deleteMatchedElements, best: []byte{1, 3, 1, 5, 0, 1, 5, 1, 3},
			out: Outcome{Choices: bytesOf(9, 0), Spans: []Span{
				span("list", 0, 5, -1), span("element", 0, 2, 0), span("digit", 1, 2, 1), span("element", 2, 4, 0), span("digit", 3, 4, 3),
				span("list", 5, 10, -1), span("element", 5, 7, 5), span("digit", 6, 7, 6), span("element", 7, 9, 5), span("digit", 8, 9, 8),
			}},
			want: [][]byte{{1, 3, 0, 1, 3}, {1, 5, 0, 1, 5}}},
		{name: "flip sign pairs/no mirror", reason: "-1 and -128 of an int8 made +1 and +127 (index 255 -> 253): +128 does not exist, +127 is the largest on its side",
			pass: flipSignPairs, best: []byte{2, 255}, out: Outcome{Choices: signed[:2]},
			want: [][]byte{{1, 253}}},
		{name: "delete and adjust/raise before", reason: "an element deleted with the value before it raised to its largest",
			pass: deleteAndAdjust, best: []byte{7, 1, 2, 0},
			out:  Outcome{Choices: bytesOf(4, 0), Spans: []Span{span("list", 1, 4, -1), span("element", 1, 3, 0)}},
			want: [][]byte{{255, 0}, {7, 255}}},
		{name: "delete and adjust/lower references", reason: "the first element (nothing before it to raise) deleted with later values of its shapes lowered by one, coins at index 1 left alone; the others raise the value before them",
			pass: deleteAndAdjust, best: []byte{0x80, 0, 0x80, 8, 0x80, 7},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 1}, {Offset: 1, Width: 1, Max: 255}, {Offset: 2, Width: 1, Max: 1},
				{Offset: 3, Width: 1, Max: 255}, {Offset: 4, Width: 1, Max: 1}, {Offset: 5, Width: 1, Max: 255},
			}, Spans: []Span{span("list", 0, 6, -1), span("element", 0, 2, 0), span("element", 2, 4, 0), span("element", 4, 6, 0)}},
			want: [][]byte{{0x80, 7, 0x80, 6}, {0x80, 255, 0x80, 7}, {0x80, 0, 0x80, 255}, {0x80, 0, 0x80, 255, 0x80}}},
		{name: "delete and adjust/cut the last", reason: "the last nonzero choice cut off with the nearest earlier choice of its shape below its largest raised to it: the byte at 255 and the coin are passed over",
			pass: deleteAndAdjust, best: []byte{3, 255, 0x80, 9},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 1, Max: 255}, {Offset: 2, Width: 1, Max: 1}, {Offset: 3, Width: 1, Max: 255},
			}},
			want: [][]byte{{255, 255, 0x80}}},
		{name: "delete and adjust/one draw", reason: "a span of one draw is a value, not a part to delete (and the value before the last is at its largest, so nothing to raise)",
			pass: deleteAndAdjust, best: []byte{255, 1},
			out: Outcome{Choices: bytesOf(2, 0), Spans: []Span{span("pair", 0, 2, -1), span("x", 1, 2, 0)}}},
		{name: "thin layout/rows with a header", reason: "a count of 3 (index 3, m = i) before two runs of three cells (rows of a table, a flag before each): the count one lower with each row's last cell deleted; the flags' index 1 does not read as 3",
			pass: thinLayout, best: []byte{3, 0x80, 0x1a, 0, 0x1a, 0x80, 0, 0x1a, 0x1a},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 1, Max: 1},
				{Offset: 2, Width: 1, Max: 9}, {Offset: 3, Width: 1, Max: 9}, {Offset: 4, Width: 1, Max: 9},
				{Offset: 5, Width: 1, Max: 1},
				{Offset: 6, Width: 1, Max: 9}, {Offset: 7, Width: 1, Max: 9}, {Offset: 8, Width: 1, Max: 9},
				{Offset: 9, Width: 1, Max: 1},
			}, Used: 10},
			want: [][]byte{{2, 0x80, 0x1a, 0, 0x80, 0, 0x1a}}},
		{name: "thin layout/one run in blocks", reason: "two counts (index 1, 2, of ranges of six) before six coins laid out with no boundary: each count is lowered with the last coin of every block deleted, for every stride its index plus 1, 0 or 2 gives that divides the run into two or more blocks (index 1: strides 2 and 3; index 2: strides 3 and 2)",
			pass: thinLayout, best: []byte{0x2b, 0x56, 0, 0x80, 0x80, 0x80, 0x80, 0x80},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 5}, {Offset: 1, Width: 1, Max: 5},
				{Offset: 2, Width: 1, Max: 1}, {Offset: 3, Width: 1, Max: 1}, {Offset: 4, Width: 1, Max: 1},
				{Offset: 5, Width: 1, Max: 1}, {Offset: 6, Width: 1, Max: 1}, {Offset: 7, Width: 1, Max: 1},
			}},
			want: [][]byte{{0, 0x56, 0, 0x80, 0x80}, {0, 0x56, 0, 0x80, 0x80, 0x80}, {0x2b, 0x2b, 0, 0x80, 0x80, 0x80}, {0x2b, 0x2b, 0, 0x80, 0x80}}},
		{name: "thin layout/no count", reason: "five cells, one run that no count before it divides: nothing to thin",
			pass: thinLayout, best: []byte{1, 7, 7, 7, 7, 7},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 1},
				{Offset: 1, Width: 1, Max: 9}, {Offset: 2, Width: 1, Max: 9}, {Offset: 3, Width: 1, Max: 9},
				{Offset: 4, Width: 1, Max: 9}, {Offset: 5, Width: 1, Max: 9},
			}}},
		{name: "lower common offset/zig-zag", reason: "values that changed in turn go down by one together",
			pass: lowerCommonOffset, best: []byte{5, 6}, out: Outcome{Choices: bytesOf(2, 0)},
			setup: func(s *shrinker) {
				s.changed[0], s.changed[1], s.zigzag = s.choices[0].shape(), s.choices[1].shape(), true
			},
			want: [][]byte{{4, 5}}},
		{name: "lower common offset/no zig-zag", reason: "values changed once each are not a zig-zag",
			pass: lowerCommonOffset, best: []byte{5, 6}, out: Outcome{Choices: bytesOf(2, 0)},
			setup: func(s *shrinker) { s.changed[0], s.changed[1] = s.choices[0].shape(), s.choices[1].shape() }},
	}
	// Every pass in the list has a case here.
	covered := map[string]bool{}
	for _, tt := range tests {
		covered[tt.pass().name] = true
	}
	for _, p := range newShrinker(context.Background(), nil, Options{}).passes() {
		if !covered[p.name] {
			t.Errorf("pass %q has no case", p.name)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := planned(tt.pass(), tt.best, tt.out, tt.setup)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("planned candidates (-want +got):\n%s\n%s", diff, tt.reason)
			}
		})
	}
}

// tried returns every candidate p runs for a best input with the given
// outcome when none of them fails: each step's first candidate and its
// follow-ups, in step order.
func tried(p *pass, best []byte, out Outcome, setup func(s *shrinker)) [][]byte {
	var got [][]byte
	run := func(_ context.Context, in []byte) (Outcome, error) {
		got = append(got, slices.Clone(in))
		return Outcome{Used: len(in)}, nil
	}
	s := newShrinker(context.Background(), run, Options{Workers: 1})
	if out.Used == 0 {
		out.Used = len(best)
	}
	s.setBest(best, out)
	if setup != nil {
		setup(s)
	}
	for step := range p.count(s) {
		cand, then := p.plan(s, step)
		if cand == nil {
			continue
		}
		kept, o := s.consider(cand)
		if then != nil {
			then(kept, o)
		}
	}
	return got
}

func TestPassFollowUps(t *testing.T) {
	steps := func(b []byte) []Span { // spans of two bytes each
		var sp []Span
		for i := 0; i < len(b); i += 2 {
			sp = append(sp, span("step", i, i+2, -1))
		}
		return sp
	}
	tests := []struct {
		name, reason string
		pass         func() *pass
		best         []byte
		out          Outcome
		setup        func(s *shrinker)
		want         [][]byte
	}{
		{name: "sort siblings/zero tail last in place", reason: "steps whose order matters: sorted first, then the current order and the sorted one with the step ending in the most zeros moved last; the one adjacent swap out of order gives the sorted order again, which does not run twice",
			pass: sortSiblings, best: []byte{1, 0, 3, 1, 2, 1},
			out:  Outcome{Choices: bytesOf(6, 0), Spans: steps(make([]byte, 6))},
			want: [][]byte{{1, 0, 2, 1, 3, 1}, {3, 1, 2, 1, 1}, {2, 1, 3, 1, 1}}},
		{name: "delete sibling runs/a later value lowered by the run's length", reason: "nothing fails: the list and the value after it deleted together (nothing after them to lower), then the list's two elements, and again with the value after them, 7, lowered by two",
			pass: deleteSiblingRuns, best: []byte{1, 5, 1, 6, 7},
			out: Outcome{Choices: bytesOf(5, 0), Spans: []Span{
				span("list", 0, 4, -1), span("element", 0, 2, 0), span("element", 2, 4, 0), span("value", 4, 5, -1),
			}},
			want: [][]byte{{}, {7}, {5}}},
		{name: "delete sibling runs/a bound before the siblings lowered by one", reason: "nothing fails: a count 2 and a step of two draws, a key and a value, drawn by hand at the top; the count and the key deleted, then again with the value after them lowered by two; the key and the value, then again with the count before them one lower (a loop's count); all three; the ends of the three",
			pass: deleteSiblingRuns, best: []byte{2, 7, 8},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("n", 0, 1, -1), span("k", 1, 2, -1), span("v", 2, 3, -1)}},
			want: [][]byte{{8}, {6}, {2}, {1}, {}, {7}}},
		{name: "delete sibling runs/no bound for siblings of one label", reason: "nothing fails: as before, but two elements of one label after the count: no retry with the count lowered (deleteAndAdjust lowers it with one element)",
			pass: deleteSiblingRuns, best: []byte{2, 7, 8},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("n", 0, 1, -1), span("k", 1, 2, -1), span("k", 2, 3, -1)}},
			want: [][]byte{{8}, {6}, {2}, {}, {7}}},
		{name: "delete sibling runs/siblings of one label counted in pairs", reason: "nothing fails: a count 2, then two steps of two draws of one label each (four siblings, twice the count): a run of two is retried with the count one lower; runs of three or four are not steps",
			pass: deleteSiblingRuns, best: []byte{2, 7, 8, 5, 6},
			out: Outcome{Choices: bytesOf(5, 0), Spans: []Span{span("n", 0, 1, -1), span("k", 1, 2, -1), span("k", 2, 3, -1), span("k", 3, 4, -1), span("k", 4, 5, -1)}},
			want: [][]byte{
				{8, 5, 6}, {6, 5, 6}, {8, 3, 6},
				{2, 5, 6}, {2, 3, 6}, {2, 5, 4}, {1, 5, 6},
				{2, 7, 6}, {2, 7, 4}, {1, 7, 6},
				{2, 7, 8}, {1, 7, 8},
				{5, 6}, {2, 6}, {5, 3}, {2, 3}, {2, 7}, {6}, {2},
				{7, 5, 6}, {2, 8, 6}, {2, 7, 5}, {7, 8, 6}, {2, 8, 5},
			}},
		{name: "sort siblings/reversed", reason: "sorted already and at the input's end: the sibling ending in zero moved last, then the sorted order reversed, a chain kept in the other direction with the smallest sibling last",
			pass: sortSiblings, best: []byte{0, 1, 2},
			out:  Outcome{Choices: bytesOf(3, 0), Spans: []Span{span("x", 0, 1, -1), span("x", 1, 2, -1), span("x", 2, 3, -1)}},
			want: [][]byte{{1, 2}, {2, 1}}},
		{name: "rotate spans/keyed, middle at its simplest", reason: "the tree rotation of ((0 1 2) 3 4) is not kept: it is retried with the subtree that changes parents, 2, at zeros",
			pass: rotateSpans, best: []byte{1, 3, 1, 1, 0, 0, 0, 2, 0, 4},
			out: Outcome{Choices: bytesOf(10, 0), Spans: []Span{
				span("node", 0, 10, -1), span("node", 2, 8, 0), span("node", 4, 6, 1), span("node", 6, 8, 1), span("node", 8, 10, 0),
			}},
			want: [][]byte{{1, 1, 0, 0, 0, 2, 1, 3, 0, 4}, {1, 1, 0, 0, 1, 3, 0, 2, 0, 4}, {1, 1, 0, 0, 1, 3, 0, 0, 0, 4}, {1, 3, 0, 0, 1, 1, 0, 2, 0, 4}}},
		{name: "lower pair/past the shrink point", reason: "nothing fails: a month at index 2 (3, in a range from 1) and a signed offset at -1, of another shape: both one lower (2 and 0), then the offset on past its shrink point to +1 as the month goes to its least, which keeps their sum",
			pass: lowerPairs, best: []byte{0x2b, 0x0b},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 11}, {Offset: 1, Width: 1, Max: 48, Below: 24}}},
			want: [][]byte{{0x16}, {0, 6}}},
		{name: "jump lower/every smaller value", reason: "nothing fails: 9 tries half of it, then 9-3 to 9-8 (9-5 is the half again), which below maxStride+1 is every value lowering did not try",
			pass: jumpLower, best: []byte{9}, out: Outcome{Choices: bytesOf(1, 0)},
			want: [][]byte{{4}, {6}, {5}, {3}, {2}, {1}}},
		{name: "jump lower/steps of 3 to 8 and 10", reason: "nothing fails: a two-byte 13 tries half of it (6), then 13-3 to 13-8, then 13-10, which keeps the last decimal digit",
			pass: jumpLower, best: []byte{0, 13}, out: Outcome{Choices: []Choice{{Offset: 0, Width: 2, Max: 65535}}},
			want: [][]byte{{0, 6}, {0, 10}, {0, 9}, {0, 8}, {0, 7}, {0, 5}, {0, 3}}},
		{name: "collapse spans/then one lower", reason: "nothing fails: the rune span cut to its first byte at half its index (0x70), then at one below it (0xdf)",
			pass: collapseSpans, best: []byte{0xe0, 0x12, 0x34, 0x56},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 2, Max: 34745}, {Offset: 3, Width: 1, Max: 255}},
				Spans: []Span{span("element", 0, 3, -1), span("n", 3, 4, -1)}},
			want: [][]byte{{0x70, 0x56}, {0xdf, 0x56}}},
		{name: "jump lower/small domain steps of 3 to 32", reason: "nothing fails: a byte at 25 tries half of it (12), then 25-3 down to 1 (25-13 is the half again; the steps would go to 25-32), and the least with 25's three set bits (7 = 00111) is one of those steps",
			pass: jumpLower, best: []byte{25}, out: Outcome{Choices: bytesOf(1, 0)},
			want: [][]byte{{12}, {22}, {21}, {20}, {19}, {18}, {17}, {16}, {15}, {14}, {13}, {11}, {10}, {9}, {8}, {7}, {6}, {5}, {4}, {3}, {2}, {1}}},
		{name: "delete and raise/doubling, then the largest", reason: "nothing fails: the element 3 deleted with the byte before it raised by 1, 2, 4, then, 8 being past 255, by 5, its largest",
			pass: deleteAndRaise, best: []byte{250, 3},
			out:  Outcome{Choices: bytesOf(2, 0), Spans: []Span{span("s", 0, 2, -1), span("e", 1, 2, 0)}},
			want: [][]byte{{251}, {252}, {254}, {255}}},
		{name: "switch branch/the child's first values kept", reason: "nothing fails: an action of three (0x56 and 0xab its indices 1 and 2) one higher and at its largest with its child deleted, then at each later index with the child cut to its first two parts, then to its first: Put(k, v, w) becoming Get(k, v) or Get(k); v, a byte, is no choice among alternatives, so w is not cut as the last part of put",
			pass: switchBranch, best: []byte{0, 5, 6, 7},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 2}, {Offset: 1, Width: 1, Max: 9}, {Offset: 2, Width: 1, Max: 255}, {Offset: 3, Width: 1, Max: 9}},
				Spans: []Span{span("step", 0, 4, -1), span("put", 1, 4, 0), span("k", 1, 2, 1), span("v", 2, 3, 1), span("w", 3, 4, 1)}},
			want: [][]byte{{0x56}, {0xab}, {0x56, 5, 6}, {0xab, 5, 6}, {0x56, 5}, {0xab, 5}}},
		{name: "switch branch/elements are not parts", reason: "nothing fails: a child whose parts share a label is a collection, whose elements the deletion passes take: only the whole child is deleted",
			pass: switchBranch, best: []byte{0, 5, 6, 7},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 2}, {Offset: 1, Width: 1, Max: 9}, {Offset: 2, Width: 1, Max: 9}, {Offset: 3, Width: 1, Max: 9}},
				Spans: []Span{span("step", 0, 4, -1), span("list", 1, 4, 0), span("e", 1, 2, 1), span("e", 2, 3, 1), span("e", 3, 4, 1)}},
			want: [][]byte{{0x56}, {0xab}}},
		{name: "cut last draw/every larger value", reason: "nothing fails: the draw cut to its first byte at each value above 253",
			pass: cutLastDraw, best: []byte{253, 1},
			out:  Outcome{Choices: bytesOf(2, 0), Spans: []Span{span("d", 0, 2, -1)}},
			want: [][]byte{{254}, {255}}},
		{name: "sweep lower/every smaller index", reason: "nothing fails: a byte at 5 tries every index below it, simplest first (0 is the empty input: bytes past the end read as zero)",
			pass: sweepLower, best: []byte{5}, out: Outcome{Choices: bytesOf(1, 0)},
			want: [][]byte{{}, {1}, {2}, {3}, {4}}},
		{name: "sweep pairs/every lower pair", reason: "nothing fails: bytes at 3, 2 and 100 and a value at 1 of 0..9: the value and 3, then the value and 2, each with every pair of lower indices, the earlier value's simplest first",
			pass: sweepPairs, best: []byte{3, 0x1a, 2, 100}, out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 1, Max: 9}, {Offset: 2, Width: 1, Max: 255}, {Offset: 3, Width: 1, Max: 255}}},
			want: [][]byte{{0, 0, 2, 100}, {1, 0, 2, 100}, {2, 0, 2, 100}, {3, 0, 0, 100}, {3, 0, 1, 100}}},
		{name: "sweep pairs/codes left out", reason: "a value whose draw names simpler values (a float's code) is not swept: only the first byte and the value at 1 of 0..9",
			pass: sweepPairs, best: []byte{2, 1, 0x1a}, out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 1, Max: 255}, {Offset: 2, Width: 1, Max: 9}}, Simpler: []Simpler{{Choice: 1, Index: 0}}},
			want: [][]byte{{0, 1}, {1, 1}}},
		{name: "sweep pairs/one shape", reason: "two flags at 1 are of one range, whose pairs are lowerPairs' (both at 0 is their one candidate); a value at 1 of another range pairs with each",
			pass: sweepPairs, best: []byte{0x80, 0x80, 0x34},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 1}, {Offset: 1, Width: 1, Max: 1}, {Offset: 2, Width: 1, Max: 4}}},
			want: [][]byte{{0, 0x80}, {0x80}}},
		{name: "keep grown values/a budget", reason: "a count at 2 of 0..9 lowered to 0 and a later value's range grown from 0..5 to 0..9, by more than the count went down: a budget left over, whose later values are no loss; nothing is noted",
			pass: keepGrownValues, best: []byte{0x34, 0xff},
			out: Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 9}, {Offset: 1, Width: 1, Max: 5}}},
			setup: func(s *shrinker) {
				s.noteGrown([]byte{0, 0xff}, &Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 9}, {Offset: 1, Width: 1, Max: 9}}})
			}},
		{name: "thin layout/then a zero column", reason: "two rows of two under a count of 2: the last cells deleted with the count lowered (the trailing zero cut), then the first cells, zero in both rows",
			pass: thinLayout, best: []byte{0, 2, 0, 5, 0x80, 0, 4},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 2, Max: 65535}, {Offset: 2, Width: 1, Max: 255}, {Offset: 3, Width: 1, Max: 255},
				{Offset: 4, Width: 1, Max: 1}, {Offset: 5, Width: 1, Max: 255}, {Offset: 6, Width: 1, Max: 255},
				{Offset: 7, Width: 1, Max: 1},
			}, Used: 8},
			want: [][]byte{{0, 1, 0, 0x80}, {0, 1, 5, 0x80, 4}}},
		{name: "delete and adjust/bound before the content", reason: "a width (index 2 of 0..7) before a list of two flagged letters (a, b): the first element deleted with the width raised to its largest (the value just before it), with the later flag and letter lowered together and then each alone, and then with the width one lower, as the value just before the list that holds the element; the second deleted with the letter before it raised, then with the width one lower; then the last letter cut with the earlier one raised. Flags and letters are of the elements' own shape and are never taken for bounds",
			pass: deleteAndAdjust, best: []byte{0x40, 0x80, 0, 0x80, 0x80},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 7}, {Offset: 1, Width: 1, Max: 1}, {Offset: 2, Width: 1, Max: 1}, {Offset: 3, Width: 1, Max: 1}, {Offset: 4, Width: 1, Max: 1},
			}, Spans: []Span{span("list", 1, 5, -1), span("element", 1, 3, 0), span("element", 3, 5, 0)}},
			want: [][]byte{{0xe0, 0x80, 0x80}, {0x40}, {0x40, 0, 0x80}, {0x40, 0x80}, {0x20, 0x80, 0x80}, {0x40, 0x80, 0x80}, {0x20, 0x80}, {0x40, 0x80, 0x80, 0x80}}},
		{name: "lower to simpler/values of a draw in turn", reason: "nothing fails: each value the draw of the last two choices names below its own, simplest first, (1, 7) then (3, 2); (4, 0) is not below (3, 9)",
			pass: lowerToSimpler, best: []byte{0, 3, 9}, out: Outcome{Choices: bytesOf(3, 0), Simpler: []Simpler{
				{Choice: 1, Index: 3, Then: []uint64{2}}, {Choice: 1, Index: 1, Then: []uint64{7}}, {Choice: 1, Index: 4, Then: []uint64{0}},
			}},
			want: [][]byte{{0, 1, 7}, {0, 3, 2}}},
		{name: "delete and adjust/one later value", reason: "a step deleted: the value before it raised, then every later value of its shapes lowered (the last step's kind), then each later value above index 1 alone: the kind again (no second run), then the reference that counts back past the step, then the earlier argument of the step's shape one lower (5 to 4); then the last value (3) cut with each of the three values at 0 before it, nearest first, raised to 1",
			pass: deleteAndAdjust, best: []byte{0, 0x80, 0, 0, 0xab, 3}, // arg 5 of 0..9, kind 2 of 0..2
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 1, Max: 2}, {Offset: 1, Width: 1, Max: 9}, {Offset: 2, Width: 1, Max: 2},
				{Offset: 3, Width: 1, Max: 9}, {Offset: 4, Width: 1, Max: 2}, {Offset: 5, Width: 1, Max: 255},
			}, Spans: []Span{span("program", 0, 6, -1), span("step", 2, 4, 0)}},
			want: [][]byte{{0, 0xe7, 0xab, 3}, {0, 0x80, 0x56, 3}, {0, 0x80, 0xab, 2}, {0, 0x67, 0xab, 3},
				{0, 0x80, 0, 0x1a, 0xab}, {0, 0x80, 0x56, 0, 0xab}, {0x56, 0x80, 0, 0, 0xab}}},
		{name: "redistribute pair/trade", reason: "nothing fails: all of 4 moved, then a move of one (findInteger stops there), then the first value one lower with the next raised by 2, 4, 8 and 16",
			pass: redistributePairs, best: []byte{4, 5}, out: Outcome{Choices: bytesOf(2, 0)},
			want: [][]byte{{0, 9}, {3, 6}, {3, 7}, {3, 9}, {3, 13}, {3, 21}}},
		{name: "redistribute pair/trade past a flag", reason: "two digits with a coin between them and the second at 0: all of 2 moved into it, no partial moves into the zero, then the first one lower with the second raised by 1 (values that must stay in order), 2, 4, 8 and 16; the pairs with the coin are of another shape",
			pass: redistributePairs, best: []byte{2, 0x80, 0},
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 255}, {Offset: 1, Width: 1, Max: 1}, {Offset: 2, Width: 1, Max: 255}}},
			want: [][]byte{{0, 0x80, 2}, {1, 0x80, 1}, {1, 0x80, 2}, {1, 0x80, 4}, {1, 0x80, 8}, {1, 0x80, 16}}},
		{name: "redistribute pair/trade to the range's end", reason: "nothing fails: all of 4 moved, a move of one, then the first one lower with the second raised by 2 and 4, and, 8 being past 255, by 5, its largest",
			pass: redistributePairs, best: []byte{4, 250}, out: Outcome{Choices: bytesOf(2, 0)},
			want: [][]byte{{0, 254}, {3, 251}, {3, 252}, {3, 254}, {3, 255}}},
		{name: "trade across shapes/weighted", reason: "feet 4 (0..9) and inches 1 (0..11), nothing fails: a foot less with an inch more, then twice the product's raise, 2, then on doubling, 4 and 8, and, 16 being past 11, the largest raise, 10",
			pass: tradeAcross, best: []byte{0x72, 0x17}, // indices 4 and 1
			out:  Outcome{Choices: []Choice{{Offset: 0, Width: 1, Max: 9}, {Offset: 1, Width: 1, Max: 11}}},
			want: [][]byte{{0x4d, 0x2b}, {0x4d, 0x40}, {0x4d, 0x6b}, {0x4d, 0xc0}, {0x4d, 0xeb}}}, // feet 3; inches 2, 3, 5, 9, 11
		{name: "join collections/then nothing between", reason: "two steps that differ only in their lists [3] and [7] (see the plan case): nothing fails, so after the join with the first's stop at its largest between the lists, the join with nothing between them",
			pass: joinCollections, best: []byte{1, 3, 0, 1, 7, 0, 9},
			out:  twoListSteps,
			want: [][]byte{{1, 3, 0xab, 7, 0, 9}, {1, 3, 7, 0, 9}}},
		{name: "thin layout/then equal columns", reason: "two rows of two under a count of 2: the last cells deleted with the count lowered; no position is zero in both rows; then the first column, 1 in both rows, lowered to 0 together",
			pass: thinLayout, best: []byte{0, 2, 1, 5, 0x80, 1, 4},
			out: Outcome{Choices: []Choice{
				{Offset: 0, Width: 2, Max: 65535}, {Offset: 2, Width: 1, Max: 255}, {Offset: 3, Width: 1, Max: 255},
				{Offset: 4, Width: 1, Max: 1}, {Offset: 5, Width: 1, Max: 255}, {Offset: 6, Width: 1, Max: 255},
				{Offset: 7, Width: 1, Max: 1},
			}, Used: 8},
			want: [][]byte{{0, 1, 1, 0x80, 1}, {0, 2, 0, 5, 0x80, 0, 4}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tried(tt.pass(), tt.best, tt.out, tt.setup)); diff != "" {
				t.Errorf("tried candidates (-want +got):\n%s\n%s", diff, tt.reason)
			}
		})
	}
}

// TestLowerCommonOffsetWholeWay runs lowerCommonOffset on two values that
// fail at any common offset (the second must stay above the first): one
// lower, then the whole way down, two runs, where a search of the offset
// would take two runs per bit of 200.
func TestLowerCommonOffsetWholeWay(t *testing.T) {
	var runs [][]byte
	run := func(_ context.Context, in []byte) (Outcome, error) {
		runs = append(runs, slices.Clone(in))
		b := append(slices.Clone(in), 0, 0)
		return Outcome{Used: len(in), Choices: bytesOf(2, 0), Failed: b[1] > b[0], Signature: "order"}, nil
	}
	s := newShrinker(context.Background(), run, Options{Workers: 1})
	s.target = "order"
	s.setBest([]byte{200, 201}, Outcome{Used: 2, Choices: bytesOf(2, 0), Failed: true, Signature: "order"})
	s.changed[0], s.changed[1], s.zigzag = s.choices[0].shape(), s.choices[1].shape(), true
	p := lowerCommonOffset()
	cand, then := p.plan(s, 0)
	kept, o := s.consider(cand)
	then(kept, o)
	if want := [][]byte{{199, 200}, {0, 1}}; !cmp.Equal(runs, want) {
		t.Errorf("runs %v, want %v", runs, want)
	}
	if want := []byte{0, 1}; !slices.Equal(s.best, want) {
		t.Errorf("best %v, want %v", s.best, want)
	}
}

// TestSortRegions sorts siblings whose ends must stay where they are (a
// string whose first and last runes must match), so that sorting them
// all is not kept: one call sorts the middle, where swapping adjacent
// pairs made one swap per call.
func TestSortRegions(t *testing.T) {
	runs := 0
	run := func(_ context.Context, in []byte) (Outcome, error) {
		runs++
		fails := len(in) == 7 && in[0] == 9 && in[6] == 9
		return Outcome{Used: len(in), Choices: bytesOf(len(in), 0), Failed: fails, Signature: "ends"}, nil
	}
	best := []byte{9, 5, 4, 3, 2, 1, 9}
	var spans []Span
	var g []int
	for i := range best {
		spans = append(spans, span("rune", i, i+1, -1))
		g = append(g, i)
	}
	s := newShrinker(context.Background(), run, Options{Workers: 1})
	s.target = "ends"
	s.setBest(best, Outcome{Used: 7, Choices: bytesOf(7, 0), Spans: spans, Failed: true, Signature: "ends"})
	var cs [][]byte
	for i := range best {
		cs = append(cs, best[i:i+1])
	}
	sortRegions(s, slices.Clone(best), spans, g, cs)
	if want := []byte{9, 1, 2, 3, 4, 5, 9}; !slices.Equal(s.best, want) {
		t.Errorf("best %v after %d runs, want %v", s.best, runs, want)
	}
	if runs > 8 {
		t.Errorf("%d runs, want at most 8", runs)
	}
}
