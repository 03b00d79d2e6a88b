package minimize

import (
	"bytes"
	"crypto/sha256"
	"slices"
	"sync"
	"time"
)

// This file is the gate every candidate passes through: the shortlex
// check, the cache, the runs themselves (in parallel when there are
// several workers), autopruning, and the decision to keep a candidate.

// trial is one candidate on its way through the gate.
type trial struct {
	input []byte // normalized candidate
	key   [16]byte
	out   Outcome
	ran   bool // out holds the candidate's outcome
}

// normalize drops the trailing zero bytes of a candidate, which read the
// same as missing bytes, unless the target sees the input's length.
func (s *shrinker) normalize(b []byte) []byte {
	if s.opts.ExactLength {
		return b
	}
	n := len(b)
	for n > 0 && b[n-1] == 0 {
		n--
	}
	return b[:n]
}

// prune truncates input to the bytes its run used and normalizes it:
// autopruning. The pruned input runs exactly as the unpruned one did.
func (s *shrinker) prune(input []byte, out Outcome) []byte {
	return s.normalize(input[:min(max(out.Used, 0), len(input))])
}

// OrderKey returns the key by which the reducer orders inputs that a
// target reads as choice sequences, given the outcome of input's run: the
// input cut to the bytes the run used, without trailing zero bytes (they
// read as missing bytes do), and with its last nonzero choice padded to
// the choice's full width. Of two inputs that fail alike, the reducer
// prefers the one whose key is ShortlexLess. Without the padding a value
// whose encoding happens to end in zero bytes would count as shorter when
// it is the last choice, and shortlex order would prefer, say, [0, 128] to
// [0, 1] in a list of 8-byte integers. Padding makes length count whole
// choices, as Hypothesis counts choices, and keeps every draw monotone.
// (With Options.ExactLength the key is the input cut to the bytes used.)
func OrderKey(input []byte, out Outcome) []byte {
	pruned := bytes.TrimRight(input[:min(max(out.Used, 0), len(input))], "\x00")
	return padLastChoice(pruned, out.Choices)
}

// ShortlexLess reports whether a is strictly shortlex-smaller than b:
// shorter, or as long and lexicographically smaller. Applied to OrderKey,
// it is the order the reducer minimizes.
func ShortlexLess(a, b []byte) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return bytes.Compare(a, b) < 0
}

// orderKey is OrderKey of an input already pruned, under the options.
func (s *shrinker) orderKey(pruned []byte, choices []Choice) []byte {
	if s.opts.OrderKey != nil {
		return s.opts.OrderKey(pruned)
	}
	if s.opts.ExactLength {
		return pruned
	}
	return padLastChoice(pruned, choices)
}

// padLastChoice returns pruned with the choice holding its last byte
// padded with zeros to its full width.
func padLastChoice(pruned []byte, choices []Choice) []byte {
	if len(pruned) == 0 {
		return pruned
	}
	last := len(pruned) - 1
	i, found := slices.BinarySearchFunc(choices, last, func(c Choice, off int) int { return c.Offset - off })
	if !found {
		i-- // the choice starting before the last byte, if any
	}
	if i < 0 || i >= len(choices) || choices[i].End() <= last {
		return pruned
	}
	key := make([]byte, choices[i].End())
	copy(key, pruned)
	return key
}

func cacheKey(b []byte) [16]byte {
	h := sha256.Sum256(b)
	return [16]byte(h[:16])
}

// runBatch takes candidates through the gate up to their runs: each one
// that is not strictly shortlex-smaller than the best, or was seen
// before, is dropped; the rest run, at most s.workers at a time. Nothing
// is judged yet: see judge.
func (s *shrinker) runBatch(cands [][]byte) []trial {
	trials := make([]trial, len(cands))
	var todo []int
	inBatch := make(map[[16]byte]bool, len(cands))
	for i, c := range cands {
		t := &trials[i]
		t.input = s.normalize(c)
		// The trimmed candidate is a lower bound of its order key.
		if !ShortlexLess(s.keyBound(t.input), s.bestKey) {
			continue
		}
		t.key = cacheKey(t.input)
		if _, ok := s.seen[t.key]; ok || inBatch[t.key] {
			s.stats.CacheHits++
			continue
		}
		inBatch[t.key] = true
		if out, ok := s.pending[t.key]; ok {
			delete(s.pending, t.key)
			t.out, t.ran = out, true
			continue
		}
		if !s.opts.ExactLength {
			if out, ok := s.reads.lookup(t.input); ok {
				// A run made before read these bytes: it is this run.
				s.stats.CacheHits++
				t.out, t.ran = out, true
				continue
			}
		}
		todo = append(todo, i)
	}
	if len(todo) == 0 {
		return trials
	}
	s.checkBudget(len(todo))
	s.stats.Runs += len(todo)
	if s.pass != nil {
		s.pass.Runs += len(todo)
	}
	if len(todo) == 1 || s.workers == 1 {
		for _, i := range todo {
			trials[i].out = s.runChecked(trials[i].input)
			trials[i].ran = true
		}
		return trials
	}
	errs := make([]error, len(todo))
	var wg sync.WaitGroup
	sem := make(chan struct{}, s.workers)
	for k, i := range todo {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			trials[i].out, errs[k] = s.run(s.ctx, trials[i].input)
			trials[i].ran = true
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			s.fail(err)
		}
	}
	return trials
}

// runOnce runs one input outside any batch: the original input.
func (s *shrinker) runOnce(input []byte) Outcome {
	s.checkBudget(1)
	s.stats.Runs++
	return s.runChecked(input)
}

func (s *shrinker) runChecked(input []byte) Outcome {
	out, err := s.run(s.ctx, input)
	if err != nil {
		s.fail(err)
	}
	return out
}

// fail ends the reduction because a run could not be carried out, or
// because the context was canceled while it ran.
func (s *shrinker) fail(err error) {
	if s.ctx.Err() != nil {
		panic(stopReduction{reason: Canceled})
	}
	panic(stopReduction{reason: RunError, err: err})
}

// checkBudget ends the reduction if running n more candidates is not
// allowed.
func (s *shrinker) checkBudget(n int) {
	switch {
	case s.ctx.Err() != nil:
		panic(stopReduction{reason: Canceled})
	case s.opts.MaxRuns > 0 && s.stats.Runs+n > s.opts.MaxRuns && s.stats.Runs > 0,
		s.opts.MaxShrinks > 0 && s.stats.Shrinks >= s.opts.MaxShrinks,
		!s.deadline.IsZero() && time.Now().After(s.deadline):
		panic(stopReduction{reason: Budget})
	}
}

// judge decides a trial that ran: the one place a candidate can become
// the new best. It is kept if it fails with the target signature and,
// pruned to the bytes it used, is strictly shortlex-smaller than the
// best. A failure with another signature is remembered as a slip.
func (s *shrinker) judge(t *trial) bool {
	if !t.ran {
		return false
	}
	s.seen[t.key] = struct{}{}
	pruned := s.prune(t.input, t.out)
	if len(pruned) < len(t.input) {
		s.seen[cacheKey(pruned)] = struct{}{}
	}
	// A run that used the whole input may have read past its end, so it
	// says nothing of inputs longer than this one.
	if !s.opts.ExactLength && t.out.Used < len(t.input) {
		s.reads.add(max(t.out.Used, 0), pruned, t.out)
	}
	if !t.out.Failed {
		return false
	}
	if t.out.Signature != s.target {
		if old, ok := s.slips[t.out.Signature]; !ok || ShortlexLess(pruned, old) {
			s.slips[t.out.Signature] = pruned
		}
		return false
	}
	key := s.orderKey(pruned, t.out.Choices)
	if !ShortlexLess(key, s.bestKey) {
		return false
	}
	saved := len(s.bestKey) - len(key)
	s.noteChanges(s.bestKey, key, t.out.Choices)
	s.setBest(pruned, t.out)
	s.stats.Shrinks++
	if s.pass != nil {
		s.pass.Shrinks++
		s.pass.Bytes += saved
	}
	if s.opts.OnShrink != nil {
		s.opts.OnShrink(pruned, t.out)
	}
	return true
}

// keepPending remembers the outcomes of speculative trials the gate did
// not judge because an earlier candidate of their batch won, so that the
// same candidate is not run twice. The map is bounded.
func (s *shrinker) keepPending(trials []trial) {
	for i := range trials {
		if t := &trials[i]; t.ran {
			if len(s.pending) >= 4096 {
				clear(s.pending)
			}
			s.pending[t.key] = t.out
		}
	}
}

// consider takes one candidate through the whole gate and reports
// whether it became the new best, and its outcome if it ran.
func (s *shrinker) consider(cand []byte) (bool, *Outcome) {
	t := s.runBatch([][]byte{cand})
	if !t[0].ran {
		return false, nil
	}
	return s.settle(&t[0]), &t[0].out
}
