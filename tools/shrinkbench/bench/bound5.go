package bench

import (
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"pgregory.net/rapid"
)

// bound5 is the artifact's bound5: a 5-tuple of lists of int16 of at most
// one element, each filtered to sum < 256 (a Python int sum), failing when
// the int16 (wrapping) total of all elements is at least 5*256.
func bound5() Benchmark {
	small := func(xs []int16) bool {
		s := 0
		for _, x := range xs {
			s += int(x)
		}
		return s < 256
	}
	list := fuzzsrc.SliceOfN(fuzzsrc.Integers[int16](), 0, 1).Filter(small)
	rlist := rapid.SliceOfN(rapid.Int16(), 0, 1).Filter(small)
	p := problem[[5][]int16]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) (v [5][]int16) {
			for i := range v {
				v[i] = list.Draw(t, "list")
			}
			return v
		}),
		rgen: rapid.Custom(func(t *rapid.T) (v [5][]int16) {
			for i := range v {
				v[i] = rlist.Draw(t, "list")
			}
			return v
		}),
		verdict: func(v [5][]int16) verdict {
			var total int16 // numpy int16 arithmetic wraps, as Go's does
			for _, xs := range v {
				for _, x := range xs {
					total += x
				}
			}
			if total >= 5*256 {
				return failedA
			}
			return pass
		},
		format: func(v [5][]int16) string {
			parts := make([]string, len(v))
			for i, xs := range v {
				parts[i] = formatInts(xs)
			}
			return "(" + strings.Join(parts, ", ") + ")"
		},
		size: func(v [5][]int16) int {
			n := 0
			for _, xs := range v {
				n += len(xs)
			}
			return n
		},
	}
	more := flagByte(fuzzsrc.Size{Max: 1})
	return p.fill(Benchmark{
		Name:             "bound5",
		HypothesisMedian: 111,
		Hypothesis:       "445/1000 most common, 225 distinct, median 111 calls; mean size 2.08, mean 95.1 calls",
		About:            "five lists of at most one int16, each < 256; fails when the wrapping int16 total is >= 1280",
		MinValue:         "([-1], [-32768], [], [], [])",
		MinInput:         []byte{more, 0x00, 0x02, more, 0xff, 0xff},
		Why: "each element is < 256, so five cannot reach 1280 without wrapping: two negative elements " +
			"summing to <= -32769 are needed; the first two lists keep the empty ones trailing (6 bytes); " +
			"the first element's zigzag index is smallest at -1 (index 2), which forces -32768 (index 65535)",
		Space: Space{MaxLen: 6, Cands: defaultCands(3, more)},
		Passing: []Example{
			{"all empty", nil, "five empty lists sum to 0"},
			{"one extreme", []byte{more, 0xff, 0xff}, "[-32768] alone sums to -32768, no wrap"},
			{"two small", []byte{more, 0x00, 0x02, more, 0x00, 0x02}, "[-1], [-1] sum to -2"},
		},
	})
}
