package minimize

import "bytes"

// This file holds the gate's second cache: runs remembered by the bytes
// they read. A target reads its input from the front and stops (Used);
// what it does depends only on those bytes, zero-padded (missing bytes
// read as zeros). So a candidate whose first Used bytes are those of a
// run already made, one that stopped before the end of its input (a run
// that used all of it may have read zeros past the end, and Used does
// not say how many), would run the same way, and need not run: the gate
// takes that run's outcome instead. Autopruning rests on the same fact.
// Candidates that differ only past where the target stopped reading are
// common (deleting or lowering a choice that ends a collection, so that
// what followed is never read), and without this cache each costs a run
// (Hypothesis's reducer answers them from its tree of the choices runs
// made, for the same reason). With Options.ExactLength the target sees
// the input's length, so this cache is off.

// readRun is a run remembered by the bytes it read.
type readRun struct {
	used int     // the bytes the run read (Outcome.Used)
	read []byte  // the input cut to used, trailing zeros dropped
	out  Outcome // the run's outcome
}

// maxReadRuns and maxReadBytes bound the runs the cache remembers and
// roughly the memory they hold (read bytes, choices and spans); past
// either, it starts afresh.
const (
	maxReadRuns  = 1 << 13
	maxReadBytes = 1 << 26
)

// readCache finds a remembered run by a candidate's prefixes: one hash
// per distinct used length, so a look-up costs the candidate's length
// plus the number of lengths.
type readCache struct {
	runs    map[uint64][]readRun // by readKey(used, read)
	lengths []int                // the distinct used lengths, in order first seen
	n       int                  // runs remembered
	bytes   int                  // roughly the memory they hold
}

// fnvOffset and fnvPrime are FNV-1a's 64-bit parameters.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func readKey(used int, readHash uint64) uint64 {
	return (readHash ^ uint64(used)*0x9e3779b97f4a7c15) * fnvPrime
}

// add remembers a run that read used bytes, read being the input cut to
// used without trailing zeros.
func (c *readCache) add(used int, read []byte, out Outcome) {
	size := len(read) + 32*len(out.Choices) + 64*len(out.Spans)
	if c.n >= maxReadRuns || c.bytes+size > maxReadBytes || c.runs == nil {
		c.runs, c.lengths, c.n, c.bytes = make(map[uint64][]readRun), nil, 0, 0
	}
	h := uint64(fnvOffset)
	for _, b := range read {
		h = (h ^ uint64(b)) * fnvPrime
	}
	k := readKey(used, h)
	for _, r := range c.runs[k] {
		if r.used == used && bytes.Equal(r.read, read) {
			return
		}
	}
	known := false
	for _, l := range c.lengths {
		if l == used {
			known = true
			break
		}
	}
	if !known {
		c.lengths = append(c.lengths, used)
	}
	// A copy, so that the candidate's whole buffer is not kept.
	c.runs[k] = append(c.runs[k], readRun{used: used, read: bytes.Clone(read), out: out})
	c.n++
	c.bytes += size
}

// lookup returns the outcome of a remembered run whose read bytes are
// input's first bytes (zero-padded), if there is one.
func (c *readCache) lookup(input []byte) (Outcome, bool) {
	if c.n == 0 {
		return Outcome{}, false
	}
	// hashes[i] is the hash of input[:i]; trimmed[i] the length of
	// input[:i] without its trailing zeros.
	hashes := make([]uint64, len(input)+1)
	trimmed := make([]int, len(input)+1)
	h := uint64(fnvOffset)
	hashes[0] = h
	for i, b := range input {
		h = (h ^ uint64(b)) * fnvPrime
		hashes[i+1] = h
		trimmed[i+1] = trimmed[i]
		if b != 0 {
			trimmed[i+1] = i + 1
		}
	}
	for _, used := range c.lengths {
		t := trimmed[min(used, len(input))]
		for _, r := range c.runs[readKey(used, hashes[t])] {
			if r.used == used && bytes.Equal(r.read, input[:t]) {
				return r.out, true
			}
		}
	}
	return Outcome{}, false
}
