// Package baseline holds the byte-level reducers shrinkbench compares
// ours with: the minimizer of go test -fuzz and classic ddmin. Both see
// the input as opaque bytes and ask a test whether a candidate is still
// interesting.
package baseline

import "slices"

// Test reports whether a candidate input is interesting. It must not keep
// the candidate past the call: reducers reuse its bytes.
type Test func(input []byte) bool

// printable are the bytes go test -fuzz tries in place of each byte, in
// order (internal/fuzz/minimize.go).
var printable = []byte("012789ABCXYZabcxyz !\"#$%&'()*+,.")

// GoMinimize reduces input as go test -fuzz does when it minimizes a
// crasher ($GOROOT/src/internal/fuzz/minimize.go, minimizeBytes, called by
// worker.go's minimizeInput): one pass of each step, in order, keeping
// every candidate the test accepts.
//
//  1. Cut the tail, by 1024, 512, ... 1 bytes while that stays interesting
//     (never down to nothing).
//  2. Delete each single byte but the last.
//  3. Delete every subrange [i, j), longest first for each i; this can
//     try the empty input.
//  4. Replace each byte with the first of "012789ABCXYZabcxyz !\"#$%&'()*+,."
//     that stays interesting, even where that makes the byte larger.
//
// Go accepts any error as interesting (err != nil), so test should accept
// any failure. Calls counts the test's calls, including the initial check
// that the input is interesting, which Go also makes. Go bounds the work
// by -fuzzminimizetime (60s by default); this runs to the end.
func GoMinimize(input []byte, test Test) (final []byte, calls int) {
	try := func(c []byte) bool { calls++; return test(c) }
	v := slices.Clone(input)
	if !try(v) {
		return v, calls
	}
	tmp := make([]byte, len(v))

	for n := 1024; n != 0; n /= 2 {
		for len(v) > n {
			c := v[:len(v)-n]
			if !try(c) {
				break
			}
			v = c
		}
	}

	for i := 0; i < len(v)-1; i++ {
		c := tmp[:len(v)-1]
		copy(c[:i], v[:i])
		copy(c[i:], v[i+1:])
		if !try(c) {
			continue
		}
		copy(v[i:], v[i+1:])
		v = v[:len(c)]
		i-- // v[i] changed: try it again
	}

	for i := 0; i < len(v)-1; i++ {
		copy(tmp, v[:i])
		for j := len(v); j > i+1; j-- {
			c := tmp[:len(v)-j+i]
			copy(c[i:], v[j:])
			if !try(c) {
				continue
			}
			copy(v[i:], v[j:])
			v = v[:len(c)]
			j = len(v) // then j-- : Go does not retry the full tail
		}
	}

	for i, b := range v {
		for _, pc := range printable {
			v[i] = pc
			if try(v) {
				break
			}
			v[i] = b
		}
	}
	return v, calls
}

// DDMin is Zeller and Hildebrandt's ddmin (TSE 2002) on bytes: split the
// input into n parts; keep a part that is interesting (and restart with
// n = 2), else a complement (n = max(n-1, 2)), else double n up to the
// length; stop when n is the length and nothing is interesting. The
// result is 1-minimal: deleting any single byte makes it uninteresting.
//
// Outcomes are cached, as practical implementations (picire) do, so a
// repeated candidate costs no call. Calls counts the test's calls,
// including the initial check. The empty input is never tried.
func DDMin(input []byte, test Test) (final []byte, calls int) {
	cache := make(map[string]bool)
	try := func(c []byte) bool {
		if r, ok := cache[string(c)]; ok {
			return r
		}
		calls++
		r := test(c)
		cache[string(c)] = r
		return r
	}
	c := slices.Clone(input)
	if !try(c) {
		return c, calls
	}
	n := 2
	for len(c) >= 2 {
		parts := split(len(c), n)
		reduced := false
		for _, p := range parts {
			if s := c[p[0]:p[1]]; try(s) {
				c, n, reduced = slices.Clone(s), 2, true
				break
			}
		}
		if !reduced && n > 2 { // for n = 2 the complements are the parts
			for _, p := range parts {
				comp := slices.Concat(c[:p[0]], c[p[1]:])
				if try(comp) {
					c, n, reduced = comp, max(n-1, 2), true
					break
				}
			}
		}
		if !reduced {
			if n >= len(c) {
				break
			}
			n = min(len(c), 2*n)
		}
	}
	return c, calls
}

// split cuts [0, length) into n contiguous parts whose sizes differ by at
// most one.
func split(length, n int) [][2]int {
	parts := make([][2]int, n)
	for i := range parts {
		parts[i] = [2]int{i * length / n, (i + 1) * length / n}
	}
	return parts
}
