package fuzzsrc

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// drawOnce draws one value from g on data.
func drawOnce[V any](g Generator[V], data []byte) (v V) {
	recordRun(data, func(t *T) { v = g.Draw(t, "v") })
	return v
}

func TestIntegerGolden(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		got    any
		want   any
	}{
		{"range/empty input", "exhaustion gives the shrink point", drawOnce(IntRange(0, 10), nil), 0},
		{"range/zero byte", "index 0 is the shrink point", drawOnce(IntRange(0, 10), []byte{0}), 0},
		{"range/last byte below 1", "11 values share 256 encodings: 0x17*11>>8 = 0", drawOnce(IntRange(0, 10), []byte{0x17}), 0},
		{"range/first byte of 1", "ceil(256/11) = 0x18 is the smallest encoding of index 1", drawOnce(IntRange(0, 10), []byte{0x18}), 1},
		{"range/top byte", "0xff is the most complex value", drawOnce(IntRange(0, 10), []byte{0xff}), 10},
		{"range/clamped towards", "0 is outside [5, 9], so 5 is simplest", drawOnce(IntRange(5, 9), nil), 5},
		{"int/one", "index 1 is +1", drawOnce(Int(), []byte{0, 0, 0, 0, 0, 0, 0, 1}), 1},
		{"int/minus one", "index 2 is -1", drawOnce(Int(), []byte{0, 0, 0, 0, 0, 0, 0, 2}), -1},
		{"int/two", "index 3 is +2", drawOnce(Int(), []byte{0, 0, 0, 0, 0, 0, 0, 3}), 2},
		{"int/max", "the last index of the full range is the minimum", drawOnce(Int(), bytes.Repeat([]byte{0xff}, 8)), math.MinInt},
		{"int/short input", "missing bytes read as zero: 01 00.. is index 2^56, even, so negative", drawOnce(Int(), []byte{1}), -(1 << 55)},
		{"int8/identity", "256 values fit one byte exactly", drawOnce(Integers[int8](), []byte{3}), int8(2)},
		{"int8/min", "index 255 is past the positive side", drawOnce(Integers[int8](), []byte{0xff}), int8(-128)},
		{"int8/max", "index 253 is +127", drawOnce(Integers[int8](), []byte{0xfd}), int8(127)},
		{"int8/-127", "index 254 is -127", drawOnce(Integers[int8](), []byte{0xfe}), int8(-127)},
		{"uint64/identity", "unsigned full range is the raw value", drawOnce(Integers[uint64](), []byte{0, 0, 0, 0, 0, 0, 1, 2}), uint64(0x102)},
		{"towards/zigzag", "towards 50: 50, 51, 49, 52 ...", drawOnce(IntegerTowards(0, 100, 50), []byte{byte(math.Ceil(3 * 256.0 / 101))}), 52},
		{"towards/one side", "past 0 (distance 5) only the upper side is left", drawOnce(IntegerTowards(-5, 100, 0), []byte{byte(math.Ceil(11 * 256.0 / 106))}), 6},
		{"towards/below", "index 10 is -5", drawOnce(IntegerTowards(-5, 100, 0), []byte{byte(math.Ceil(10 * 256.0 / 106))}), -5},
		{"single value", "a range of one value draws nothing", drawOnce(IntRange(7, 7), []byte{0xff}), 7},
		{"byte/identity", "bytes are themselves", drawOnce(Byte(), []byte{0x41}), byte(0x41)},
		{"bool/empty", "exhaustion is false", drawOnce(Bool(), nil), false},
		{"bool/below half", "0x7f < 128", drawOnce(Bool(), []byte{0x7f}), false},
		{"bool/half", "0x80 is the threshold for p = 0.5", drawOnce(Bool(), []byte{0x80}), true},
		{"weighted/p=0.9", "threshold 256-230 = 26", drawOnce(WeightedBool(0.9), []byte{26}), true},
		{"weighted/p=0.9 below", "25 is below the threshold", drawOnce(WeightedBool(0.9), []byte{25}), false},
		{"weighted/p=1", "a certain coin draws nothing and is true", drawOnce(WeightedBool(1), nil), true},
		{"sampled/first", "shrinks to the first value", drawOnce(SampledFrom([]string{"a", "b", "c"}), nil), "a"},
		{"sampled/last", "0xff picks the last", drawOnce(SampledFrom([]string{"a", "b", "c"}), []byte{0xff}), "c"},
		{"oneof", "index then the alternative's own bytes", drawOnce(OneOf(IntRange(0, 3), IntRange(10, 13)), []byte{0x80, 0x40}), 11},
		{"slice/empty", "exhaustion stops a collection", drawOnce(SliceOf(Byte()), nil), []byte(nil)},
		{"slice/two", "flag, byte, flag, byte, stop", drawOnce(SliceOf(Byte()), []byte{0xff, 7, 0xff, 9, 0}), []byte{7, 9}},
		{"slice/min", "required elements have no flag", drawOnce(SliceOfN(Byte(), 2, 3), []byte{7, 9, 0xff, 1, 0xff, 5}), []byte{7, 9, 1}},
		{"map/dup rejected", "the duplicate key 1 is rejected, then 2 taken", drawOnce(MapOf(IntRange(0, 255), Bool()), []byte{0xff, 1, 0, 0xff, 1, 0xff, 2, 0x80, 0}), map[int]bool{1: false, 2: true}},
		{"slice/max 0", "SliceOfN with maxLen 0 is always empty and reads nothing", drawOnce(SliceOfN(Byte(), 0, 0), []byte{0xff, 1}), []byte(nil)},
		{"map/max 0", "MapOfN with maxLen 0 is always empty", drawOnce(MapOfN(Byte(), Byte(), 0, 0), []byte{0xff, 1}), map[byte]byte{}},
		{"map/empty", "exhaustion gives the empty map", drawOnce(MapOf(Int(), Int()), nil), map[int]int{}},
		{"map/min unreachable", "zeros cannot give two distinct keys: discarded, zero value", drawOnce(MapOfN(Bool(), Bool(), 2, 2), nil), map[bool]bool(nil)},
		{"filter", "rejected draws 0 and 4 are skipped", drawOnce(IntRange(0, 255).Filter(func(v int) bool { return v%2 == 1 }), []byte{0, 4, 7}), 7},
		{"map func", "Map applies f", drawOnce(Map(IntRange(0, 10), func(v int) string { return fmt.Sprint(v * 2) }), []byte{0xff}), "20"},
		{"just", "Just consumes nothing", drawOnce(Just(42), []byte{0xff}), 42},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("%s: mismatch (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// edgyInput makes a random input of up to n bytes in which each byte is
// 0 with probability 1/oneIn, 0xff with probability 1/oneIn and uniform
// otherwise: the edges of most encodings come up often.
func edgyInput(r *rand.Rand, n, oneIn int) []byte {
	data := make([]byte, r.IntN(n+1))
	for i := range data {
		switch r.IntN(oneIn) {
		case 0:
			data[i] = 0
		case 1:
			data[i] = 0xff
		default:
			data[i] = byte(r.Uint32())
		}
	}
	return data
}
