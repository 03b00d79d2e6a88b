package main

import "time"

// The greedy probe checks 1-minimality the naive way: from an input that
// fails with a signature, try every move of three kinds, deleting one
// byte, deleting two adjacent bytes, and lowering one byte to any smaller
// value, and keep the first candidate that fails with the same signature;
// repeat until no move works. Every move makes the input shortlex-smaller
// (shorter, or as long and smaller at the first byte that differs), so it
// ends. An input from which no move works is 1-minimal; any input the
// probe reaches is a witness that its start was not.

// probeResult is what a probe found.
type probeResult struct {
	Input []byte // the smallest input reached; the start if no move worked
	Moves int    // moves taken
	Runs  int    // candidates run
	Hangs int    // candidates that did not return within the limit, wherever they hung
	// Capped is set when the probe stopped at its run budget rather than
	// at an input no move improves.
	Capped bool
}

// probe runs the greedy probe from input, keeping candidates for which
// fails returns sig. maxMoves stops it after that many moves (0: run to a
// 1-minimal input; 1: only check whether the start is 1-minimal); maxRuns
// bounds the candidates run (0: no bound).
func probe(input []byte, sig string, fails func([]byte) string, maxMoves, maxRuns int) probeResult {
	res := probeResult{Input: append([]byte(nil), input...)}
	try := func(c []byte) bool {
		res.Runs++
		s := fails(c)
		if isHang(s) {
			res.Hangs++
		}
		return s == sig
	}
	for maxMoves == 0 || res.Moves < maxMoves {
		if maxRuns > 0 && res.Runs >= maxRuns {
			res.Capped = true
			break
		}
		next, ok := probeStep(res.Input, try, maxRuns-res.Runs, maxRuns > 0)
		if !ok {
			if next == nil && maxRuns > 0 && res.Runs >= maxRuns {
				res.Capped = true
			}
			break
		}
		res.Input = next
		res.Moves++
	}
	return res
}

// probeStep returns the first candidate of x's moves that try accepts,
// trying deletions before lowerings and each from the left. budget bounds
// the runs when bounded is set; on running out it returns nil, false.
func probeStep(x []byte, try func([]byte) bool, budget int, bounded bool) ([]byte, bool) {
	spent := 0
	out := func() bool { spent++; return bounded && spent > budget }
	for _, width := range []int{1, 2} {
		for i := 0; i+width <= len(x); i++ {
			if out() {
				return nil, false
			}
			c := make([]byte, 0, len(x)-width)
			c = append(append(c, x[:i]...), x[i+width:]...)
			if try(c) {
				return c, true
			}
		}
	}
	for i := range x {
		for v := 0; v < int(x[i]); v++ {
			if out() {
				return nil, false
			}
			c := append([]byte(nil), x...)
			c[i] = byte(v)
			if try(c) {
				return c, true
			}
		}
	}
	return x, false
}

// probeLimit is how long the probe waits for one run, in-process or in a
// runner's child; a run past it is a hang. It is the probe's -timeout:
// a hang is "the same way" only at the same place (hangSignature).
const probeLimit = 2 * time.Second
