package minimize

import (
	"slices"
	"sort"
)

// A pass is one kind of reduction, split into steps the scheduler tries
// in random order. A step is numbered in [0, count) for the current best
// input; plan builds the step's first candidate from the current best,
// and then, if set, is told whether that candidate was kept (and its
// outcome, if it ran) so that it can follow up: grow a deletion that
// worked, binary-search a value, retry with another width. Follow-ups
// run candidates through the gate themselves.
type pass struct {
	name string
	tier int // 0: cheap, run always; 1: expensive, run when tier 0 is stuck; 2: when both are; 3 (exhaustive): when all three are
	// cheapWithoutSpans puts a tier 1 pass in tier 0 when the target
	// reports no spans, where it may be the main way to make progress.
	cheapWithoutSpans bool
	count             func(s *shrinker) int
	plan              func(s *shrinker, step int) (cand []byte, then func(kept bool, out *Outcome))
	// order, if set, reorders a freshly shuffled queue, for passes
	// whose steps differ in how much they would gain.
	order func(s *shrinker, queue []int)
	// afterShrink runs the pass right after every shrink of another pass,
	// and not in the rounds: its steps exist only just after a shrink.
	afterShrink bool
	// growing marks a pass whose steps other passes add while they run
	// on one best input: its queue takes the steps added since it was
	// made, where another pass's is made once per best input.
	growing bool
	queued  int // the steps the queue was made from, for growing

	stats        *PassStats
	queue        []int // steps not yet tried
	queueVersion int   // the best input version the queue was made for
	effect       int   // last visit: -1 shortened the best, 0 changed it, 1 nothing
}

// tierFor returns the pass's tier for the current best input.
func (p *pass) tierFor(s *shrinker) int {
	if p.cheapWithoutSpans && len(s.out.Spans) == 0 {
		return 0
	}
	return p.tier
}

// lastTier is the highest tier a pass may have.
const lastTier = 3

// maxFailures is how many failing steps in a row end a visit to a pass,
// so that one stuck pass does not stall a reduction others could move.
const maxFailures = 20

// schedule runs the passes until none of them can shrink the best input:
// every step of every pass has been tried on it. Each round visits the
// cheap passes, those that shortened the input last time first; the
// expensive passes run only in rounds where the cheap ones changed
// nothing, and each later tier only where every tier before it changed
// nothing.
func (s *shrinker) schedule() {
	var passes []*pass
	for _, p := range s.passes() {
		if p.afterShrink {
			s.after = append(s.after, p)
		} else {
			passes = append(passes, p)
		}
	}
	for {
		ranAny, progressed := false, false
		for tier := 0; tier <= lastTier && !progressed; tier++ {
			var at []int // positions in passes of this tier's passes
			for i, p := range passes {
				if p.tierFor(s) == tier {
					at = append(at, i)
				}
			}
			visited := make([]*pass, len(at))
			for k, i := range at {
				p := passes[i]
				before, v := len(s.best), s.version
				if s.visit(p) {
					ranAny = true
				}
				switch {
				case s.version == v:
					p.effect = 1
				case len(s.best) < before:
					p.effect, progressed = -1, true
				default:
					p.effect, progressed = 0, true
				}
				visited[k] = p
			}
			sort.SliceStable(visited, func(i, j int) bool { return visited[i].effect < visited[j].effect })
			for k, i := range at {
				passes[i] = visited[k]
			}
		}
		if !ranAny {
			return
		}
	}
}

// visit tries steps of p until it has tried them all on the current best
// or maxFailures steps in a row ran candidates and failed. It reports
// whether it tried any step. A success does not restart the queue: the
// remaining steps carry on against the new best, and the queue is
// refilled only when it runs dry on an input it was not made for.
func (s *shrinker) visit(p *pass) (tried bool) {
	s.pass = p.stats
	defer func() { s.pass = nil }()
	failures := 0
	for failures < maxFailures {
		if len(p.queue) == 0 {
			switch {
			case p.queueVersion != s.version:
				p.queue = s.rng.Perm(p.count(s))
				if p.order != nil {
					p.order(s, p.queue)
				}
				p.queued = len(p.queue)
			case p.growing && p.count(s) > p.queued:
				for n := p.count(s); p.queued < n; p.queued++ {
					p.queue = append(p.queue, p.queued)
				}
			default:
				return tried
			}
			p.queueVersion = s.version
			if len(p.queue) == 0 {
				return tried
			}
		}
		tried = true

		// Plan up to one step per worker; steps that do not apply to the
		// current best are used up without running anything.
		var steps []int
		var cands [][]byte
		var thens []func(bool, *Outcome)
		for len(p.queue) > 0 && len(cands) < s.workers {
			step := p.queue[0]
			p.queue = p.queue[1:]
			cand, then := p.plan(s, step)
			if cand == nil {
				continue
			}
			steps, cands, thens = append(steps, step), append(cands, cand), append(thens, then)
		}
		if len(cands) == 0 {
			continue
		}

		v := s.version
		trials := s.runBatch(cands)
		for k := range trials {
			kept := s.settle(&trials[k])
			if then := thens[k]; then != nil {
				var out *Outcome
				if trials[k].ran {
					out = &trials[k].out
				}
				then(kept, out)
			}
			if s.version != v {
				// The rest of the batch was planned on an older best: put
				// the steps back and keep what their runs found.
				p.queue = append(append([]int(nil), steps[k+1:]...), p.queue...)
				s.keepPending(trials[k+1:])
				break
			}
			if trials[k].ran {
				failures++
			}
		}
		if s.version != v {
			failures = 0
			s.followShrink()
		}
	}
	return tried
}

// followShrink runs the passes that run right after a shrink, each of
// their steps once, in order.
func (s *shrinker) followShrink() {
	saved := s.pass
	defer func() { s.pass = saved }()
	for _, p := range s.after {
		s.pass = p.stats
		for step := range p.count(s) {
			cand, then := p.plan(s, step)
			if cand == nil {
				continue
			}
			kept, out := s.consider(cand)
			if then != nil {
				then(kept, out)
			}
		}
	}
}

// findInteger returns a large n >= 0 such that f(n) holds and f(n+1) does
// not, given that f(0) holds, in O(log n) calls: a linear probe of 1 to
// 4, then exponential probing and a binary search (Hypothesis's
// find_integer). It turns one successful deletion into the deletion of
// a whole run in a few calls.
func findInteger(f func(n int) bool) int {
	for i := 1; i <= 4; i++ {
		if !f(i) {
			return i - 1
		}
	}
	lo, hi := 4, 8
	for f(hi) {
		lo, hi = hi, 2*hi
	}
	for lo+1 < hi {
		mid := lo + (hi-lo)/2
		if f(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// passes returns the reduction passes in their first order: deletions
// before value lowering, cheap before expensive. The scheduler reorders
// them as it learns which ones pay.
func (s *shrinker) passes() []*pass {
	ps := []*pass{
		canonicalize(),
		removeDiscarded(),
		rankValues(),
		sortSiblings(),
		deleteSpans(),
		zeroSpans(),
		deleteChoiceBlocks(),
		replaceWithDescendant(),
		switchBranch(),
		switchBranchPast(),
		lowerToSimpler(),
		lowerChoices(),
		lowerDuplicates(),
		lowerLabelDuplicates(),
		lowerDuplicatesButOne(),
		shiftValues(),
		swapValues(),
		lowerPairs(),
		redistributePairs(),
		jumpLower(),
		mergeValues(),
		deleteChoicePairs(),
		deleteAlignedBlocks(),
		deleteAndAdjust(),
		thinLayout(),
		lowerCommonOffset(),
		rotateSpans(),
		deleteSiblingRuns(),
		mergeSiblings(),
		joinCollections(),
		flipSignPairs(),
		lowerAlongRatio(),
		tradeAcross(),
		lowerAmountPairs(),
		redistributeAmountPairs(),
		keepGrownValues(),
		lowerRaisingLater(),
		deleteAndRaise(),
		moveAlignedBlocks(),
		deleteMatchedElements(),
		collapseSpans(),
		sweepLower(),
		sweepPairs(),
		cutLastDraw(),
	}
	s.stats.Passes = make([]PassStats, len(ps))
	for i, p := range ps {
		s.stats.Passes[i].Name = p.name
		p.stats = &s.stats.Passes[i]
		p.queueVersion = -1
	}
	return ps
}

// perVersion caches a value derived from the best input's structure
// until the best changes.
type perVersion[V any] struct {
	version int
	value   V
	ok      bool
}

func (c *perVersion[V]) get(s *shrinker, derive func(*shrinker) V) V {
	if !c.ok || c.version != s.version {
		c.value, c.version, c.ok = derive(s), s.version, true
	}
	return c.value
}

// stepPass is a pass with one step per item that derive finds in the
// best input (derived once per best), planned by plan.
func stepPass[G any](name string, tier int, derive func(*shrinker) []G, plan func(s *shrinker, item G) ([]byte, func(bool, *Outcome))) *pass {
	var items perVersion[[]G]
	return &pass{
		name:  name,
		tier:  tier,
		count: func(s *shrinker) int { return len(items.get(s, derive)) },
		plan: func(s *shrinker, step int) ([]byte, func(bool, *Outcome)) {
			its := items.get(s, derive)
			if step >= len(its) {
				return nil, nil
			}
			return plan(s, its[step])
		},
	}
}

// groupBy groups the indices 0 to n-1 by key, in order of first
// appearance, leaving out those key reports false for, and returns the
// groups of two or more.
func groupBy[K comparable](n int, key func(i int) (K, bool)) [][]int {
	at := map[K]int{}
	var gs [][]int
	for i := range n {
		k, ok := key(i)
		if !ok {
			continue
		}
		g, seen := at[k]
		if !seen {
			g = len(gs)
			at[k] = g
			gs = append(gs, nil)
		}
		gs[g] = append(gs[g], i)
	}
	return slices.DeleteFunc(gs, func(g []int) bool { return len(g) < 2 })
}
