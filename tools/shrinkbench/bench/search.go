package bench

import (
	"slices"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/internal/record"
	"github.com/shortlex/shortlex/minimize"
)

// Canonical returns input cut to the bytes its run used, without trailing
// zero bytes: the shortest input that runs exactly as input does.
func Canonical(input []byte, rec *record.Record) []byte {
	b := input[:min(rec.Used, len(input))]
	for len(b) > 0 && b[len(b)-1] == 0 {
		b = b[:len(b)-1]
	}
	return b
}

// Space bounds a brute-force search for the shortlex-minimal failing
// input: inputs of at most MaxLen bytes, built choice by choice, where a
// choice takes the indices Cands returns, each in its smallest encoding.
// Every input behaves as the one that encodes the same indices smallest,
// so enumerating encodings loses nothing; the bound is on the indices.
type Space struct {
	MaxLen int
	Cands  func(c record.Choice) []uint64
}

// Search enumerates the inputs of sp depth first and returns the failing
// one with the smallest order key, and how many runs it took. A prefix
// that fails is not extended: any extension is longer than its key.
func Search(prop func(*fuzzsrc.T), sp Space) (best []byte, runs int) {
	var bestKey []byte
	var dfs func(prefix []byte)
	dfs = func(prefix []byte) {
		rec := engine.Run(prefix, prop)
		runs++
		if rec.Failure != nil {
			if key := minimize.OrderKey(prefix, rec.Outcome()); bestKey == nil || minimize.ShortlexLess(key, bestKey) {
				bestKey, best = key, Canonical(prefix, rec)
			}
			return
		}
		// Choices tile the bytes a run reads, so the next choice starts
		// exactly where the prefix ends, or the run read no further.
		i := slices.IndexFunc(rec.Choices, func(c record.Choice) bool { return c.Offset == len(prefix) })
		if i < 0 {
			return
		}
		next := rec.Choices[i]
		for _, idx := range sp.Cands(next) {
			child := append(slices.Clip(prefix), next.Encode(idx)...)
			limit := sp.MaxLen
			if bestKey != nil {
				limit = min(limit, len(bestKey))
			}
			if len(child) > limit {
				continue
			}
			dfs(child)
		}
	}
	dfs(nil)
	return best, runs
}

// span returns the indices 0..k and max-k..max of a choice, clipped to
// [0, max]: the simplest values and the extremes of a wide range.
func span(max, k uint64) []uint64 {
	var out []uint64
	for i := uint64(0); i <= k && i <= max; i++ {
		out = append(out, i)
	}
	lo := k + 1
	if max > 2*k {
		lo = max - k
	}
	for i := lo; i <= max && i > k; i++ {
		out = append(out, i)
		if i == max { // max may be the largest uint64
			break
		}
	}
	return out
}

// coinIndices returns index 0 and the indices that the bytes coins (those
// at which a benchmark's coins and flags turn true) encode for choice c.
func coinIndices(c record.Choice, coins ...byte) []uint64 {
	out := []uint64{0}
	for _, b := range coins {
		out = append(out, minimize.IndexOf(uint64(b), c.Width, c.Max))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// defaultCands tries integers and picks at indices 0..k and their last k+1
// indices, and coins and collection flags at 0 and at the indices of
// coins, the bytes at which the benchmark's coins and flags turn true.
func defaultCands(k uint64, coins ...byte) func(record.Choice) []uint64 {
	return func(c record.Choice) []uint64 {
		switch c.Kind {
		case record.KindBool, record.KindMore:
			return coinIndices(c, coins...)
		default:
			return span(c.Max, k)
		}
	}
}

// kindCands is defaultCands for a benchmark whose coins are all of one
// kind: choices of that kind are tried at 0 and at the indices of coins,
// every other choice, flags of the other kind included, at indices 0..k
// and its last k+1 indices.
func kindCands(kind record.Kind, k uint64, coins ...byte) func(record.Choice) []uint64 {
	return func(c record.Choice) []uint64 {
		if c.Kind == kind {
			return coinIndices(c, coins...)
		}
		return span(c.Max, k)
	}
}

// coinByte returns the smallest byte that g draws as true. It probes the
// public API rather than copying fuzzsrc's threshold formula.
func coinByte(g fuzzsrc.Generator[bool]) byte {
	for b := range 256 {
		var v bool
		engine.Run([]byte{byte(b)}, func(t *fuzzsrc.T) { v = g.Draw(t, "coin") })
		if v {
			return byte(b)
		}
	}
	panic("bench: coin never comes up true")
}

// flagByte returns the smallest byte that a collection of size s reads as
// "one more element" past its minimum.
func flagByte(s fuzzsrc.Size) byte {
	g := fuzzsrc.SliceOfSize(fuzzsrc.Just(0), s)
	for b := range 256 {
		var n int
		engine.Run([]byte{byte(b)}, func(t *fuzzsrc.T) { n = len(g.Draw(t, "xs")) })
		if n > s.Min {
			return byte(b)
		}
	}
	panic("bench: collection never grows")
}
