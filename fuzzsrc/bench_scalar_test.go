package fuzzsrc

import (
	"math"
	"testing"
)

// BenchmarkScalar draws each scalar generator once per op while fuzzing
// (recording off) on random input, starting over near the input's end.
// Issue 16 asks for at most 10 ns and no allocation per scalar draw.
func BenchmarkScalar(b *testing.B) {
	data := benchInput(1 << 16)
	id := func(v int) int { return v }
	f64 := func(v float64) int { return int(math.Float64bits(v)) }
	f32 := func(v float32) int { return int(math.Float32bits(v)) }
	b.Run("Int", func(b *testing.B) { benchDraw(b, Int(), data, 8, id) })
	b.Run("IntRange(0,1000)", func(b *testing.B) { benchDraw(b, IntRange(0, 1000), data, 2, id) })
	b.Run("IntRange(-10,10)", func(b *testing.B) { benchDraw(b, IntRange(-10, 10), data, 1, id) })
	b.Run("IntegerTowards(0,100,50)", func(b *testing.B) { benchDraw(b, IntegerTowards(0, 100, 50), data, 1, id) })
	b.Run("Integers[int8]", func(b *testing.B) {
		benchDraw(b, Integers[int8](), data, 1, func(v int8) int { return int(v) })
	})
	b.Run("Integers[uint16]", func(b *testing.B) {
		benchDraw(b, Integers[uint16](), data, 2, func(v uint16) int { return int(v) })
	})
	b.Run("Integers[int32]", func(b *testing.B) {
		benchDraw(b, Integers[int32](), data, 4, func(v int32) int { return int(v) })
	})
	b.Run("Integers[uint64]", func(b *testing.B) {
		benchDraw(b, Integers[uint64](), data, 8, func(v uint64) int { return int(v) })
	})
	b.Run("Byte", func(b *testing.B) { benchDraw(b, Byte(), data, 1, func(v byte) int { return int(v) }) })
	b.Run("Bool", func(b *testing.B) { benchDraw(b, Bool(), data, 1, b2i) })
	b.Run("WeightedBool(0.9)", func(b *testing.B) { benchDraw(b, WeightedBool(0.9), data, 1, b2i) })
	b.Run("Float64", func(b *testing.B) { benchDraw(b, Float64(), data, 9, f64) })
	b.Run("Float64Finite", func(b *testing.B) { benchDraw(b, Float64Finite(), data, 9, f64) })
	b.Run("Float64Range(-1,1)", func(b *testing.B) { benchDraw(b, Float64Range(-1, 1), data, 9, f64) })
	b.Run("Float32", func(b *testing.B) { benchDraw(b, Float32(), data, 5, f32) })
	b.Run("Float32Finite", func(b *testing.B) { benchDraw(b, Float32Finite(), data, 5, f32) })
	b.Run("Float32Range(-1,1)", func(b *testing.B) { benchDraw(b, Float32Range(-1, 1), data, 5, f32) })
	b.Run("Rune", func(b *testing.B) { benchDraw(b, Rune(), data, 3, func(v rune) int { return int(v) }) })
	b.Run("RuneFrom", func(b *testing.B) {
		benchDraw(b, RuneFrom("abcdef"), data, 1, func(v rune) int { return int(v) })
	})
	b.Run("SampledFrom", func(b *testing.B) {
		benchDraw(b, SampledFrom([]int{1, 2, 3, 5, 8}), data, 1, id)
	})
}
