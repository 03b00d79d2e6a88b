package fuzzsrc

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/shortlex/shortlex/internal/record"
)

// Rand draws a *rand.Rand (math/rand/v2) whose randomness is the choice
// sequence, so that code written against math/rand becomes reducible
// unchanged. The draw itself consumes nothing: each Uint64 the Rand's
// source supplies is one recorded 8-byte choice, read at the position
// where it is asked for. Use the Rand only while the property runs.
//
// To keep the bytes a generator consumes in one span, so that the
// reducer can delete or replace them as a unit, prefer [FromRand].
//
// An exhausted or all-zero input gives the simplest randomness: IntN and
// the other bounded methods give 0, Uint64, Int64, Float64, NormFloat64
// and ExpFloat64 give 0, and Perm and Shuffle leave the order as it is.
// Every method returns on an exhausted input. Smaller bytes give smaller
// values within the bits each method reads: the bounded methods read the
// high bits of a word (the low bits when the bound is a power of two),
// Float64 reads the low 53 bits and Float32 bits 32 to 55; bits a
// method ignores reduce to zero without changing it. Shuffle is the
// exception that keeps "simplest" meaningful: within it, smaller bytes
// move each element a shorter way.
//
// To do this the source looks at which math/rand/v2 method asked for
// each word, a stack walk of a few hundred nanoseconds per word: far
// more than a scalar draw, so prefer fuzzsrc's own generators in new
// code.
func Rand() Generator[*rand.Rand] {
	return newGenerator(
		func() string { return "Rand" },
		func(t *T) *rand.Rand { return rand.New(&randSource{t: t}) })
}

// FromRand makes a generator from a function that makes a value with
// math/rand/v2, such as an existing random test-data generator. The
// function draws from a Rand as [Rand] describes, and everything it
// draws lies in the generator's one span.
func FromRand[V any](f func(r *rand.Rand) V) Generator[V] {
	return newGenerator(
		func() string { return "FromRand(" + funcName(f) + ")" },
		func(t *T) V { return f(rand.New(&randSource{t: t})) })
}

// randSource is a rand.Source that draws each word from a T.
type randSource struct {
	t   *T
	pcs [3]uintptr // scratch for runtime.Callers, kept here so it does not allocate
}

// Uint64 draws one word. The word's meaning depends on which part of
// math/rand/v2 asks for it, because no one mapping from bytes to words
// makes zero bytes the simplest value for every method, nor ends every
// rejection loop:
//
//   - Bounded draws (IntN and the like) reduce a word w with Lemire's
//     method: w*n/2^64, or w&(n-1) for n a power of two. Word 0 gives
//     0, but when n is not a power of two it is rejected and redrawn,
//     forever if every later word is 0 too. A redraw is therefore
//     given at least 1, which is never rejected and still gives 0.
//   - Shuffle (and so Perm) swaps element i with the bounded draw
//     j in [0, i], and leaves the order alone only if j = i always:
//     within Shuffle the word is complemented, so that zero bytes give
//     the all-ones word, which is never rejected and gives j = i.
//   - Every other method takes the word as it is.
//
// It tells these apart by its caller's frames, which costs a short
// stack walk per word (see randModeOf).
func (s *randSource) Uint64() uint64 {
	w := s.t.choose(record.KindByte, math.MaxUint64)
	runtime.Callers(2, s.pcs[:]) // skip Callers and Uint64
	switch randModeOf(s.pcs) {
	case modeShuffle:
		return ^w
	case modeRedraw:
		return max(w, 1)
	}
	return w
}

// randMode says how math/rand/v2 will use a word.
type randMode uint8

const (
	modePlain   randMode = iota // taken as it is, or some of its bits
	modeBounded                 // the first word of a bounded draw
	modeRedraw                  // a bounded draw's redraw after a rejection
	modeShuffle                 // a bounded draw inside Shuffle
	modeDeeper                  // three frames do not tell: look further
)

// randModes caches the mode of each call path into randSource.Uint64,
// keyed by the return addresses of its three innermost callers (counting
// inlined calls: rand.Rand's Uint64, the bounded draw, and the method),
// which are fixed for the life of the process.
var randModes struct {
	sync.RWMutex
	m map[[3]uintptr]randMode
}

// randModeOf returns the mode of a call into randSource.Uint64 whose
// callers' return addresses are pcs.
func randModeOf(pcs [3]uintptr) randMode {
	randModes.RLock()
	m, ok := randModes.m[pcs]
	randModes.RUnlock()
	if !ok {
		key := pcs // a copy escapes to the heap, only on a miss
		m = classifyRandCall(key[:])
		randModes.Lock()
		if randModes.m == nil {
			randModes.m = make(map[[3]uintptr]randMode)
		}
		randModes.m[pcs] = m
		randModes.Unlock()
	}
	if m == modeDeeper {
		// On 32-bit platforms uint32n, called by uint64n, asks for the
		// word, and only the frame past both says whether it is Shuffle.
		var deep [5]uintptr
		n := runtime.Callers(3, deep[:]) // skip Callers, randModeOf, Uint64
		m = classifyRandCall(deep[:n])
	}
	return m
}

const randPkg = "math/rand/v2.(*Rand)."

// randCall is where in math/rand/v2 a word was asked for.
type randCall struct {
	site    randSite // the innermost bounded-draw function, or zero
	shuffle bool     // the bounded draw is Shuffle's
	short   bool     // the frames ran out inside bounded draws
}

// randSite is a source line in one of math/rand/v2's bounded-draw
// functions, the unexported uint64n and uint32n.
type randSite struct {
	fn   string
	line int
}

// locateRandCall reads the frames that called Uint64: past rand.Rand's
// own Uint64 method (often inlined), a bounded draw, and past that its
// caller. pcs are return addresses from runtime.Callers.
func locateRandCall(pcs []uintptr) randCall {
	frames := runtime.CallersFrames(pcs)
	fr, more := frames.Next()
	for fr.Function == randPkg+"Uint64" && more {
		fr, more = frames.Next()
	}
	var c randCall
	if !isBoundedDraw(fr.Function) {
		return c
	}
	c.site = randSite{fr.Function, fr.Line}
	for isBoundedDraw(fr.Function) && more {
		fr, more = frames.Next()
	}
	c.short = isBoundedDraw(fr.Function)
	c.shuffle = fr.Function == randPkg+"Shuffle"
	return c
}

func isBoundedDraw(fn string) bool {
	return fn == randPkg+"uint64n" || fn == randPkg+"uint32n"
}

func classifyRandCall(pcs []uintptr) randMode {
	c := locateRandCall(pcs)
	switch {
	case c.site == randSite{}:
		return modePlain
	case c.short:
		return modeDeeper
	case c.shuffle:
		return modeShuffle
	case redrawSites()[c.site]:
		return modeRedraw
	}
	return modeBounded
}

// redrawSites finds the lines where math/rand/v2's bounded draws redraw
// a rejected word, by watching them reject one: word 0 is rejected for
// any bound that is not a power of two. Asking math/rand/v2 rather than
// naming lines keeps this right across Go releases.
var redrawSites = sync.OnceValue(func() map[randSite]bool {
	sites := make(map[randSite]bool)
	for _, n := range []uint64{3, 3 << 40} { // uint32n on 32-bit platforms, and uint64n
		p := &siteProbe{}
		rand.New(p).Uint64N(n)
		for _, s := range p.sites[1:] {
			sites[s] = true
		}
	}
	return sites
})

// siteProbe is a rand.Source that records where each word was asked for
// and answers 0, then 1.
type siteProbe struct{ sites []randSite }

func (p *siteProbe) Uint64() uint64 {
	var pcs [3]uintptr
	runtime.Callers(2, pcs[:])
	p.sites = append(p.sites, locateRandCall(pcs[:]).site)
	if len(p.sites) == 1 {
		return 0
	}
	return 1
}
