package minimize

import "slices"

// This file holds the plain-bytes passes that run only when a round of
// the others changed nothing (plainPass.whenStuck): each tries a few
// candidates at every offset, and they succeed rarely, on shapes the
// cheaper passes cannot reach.

// maxPlainBlock is the longest block deleteBlocks deletes.
const maxPlainBlock = 8

// deleteBlocks deletes 3 to 8 consecutive bytes at every offset, longest
// first: a field or a record of a few bytes (a frame's header, a key and
// its separator, a header line, one element of a list) goes only whole,
// where deleting one or two bytes at a time leaves a broken part, and
// the chunks of deleteChunks, aligned to powers of two, straddle it.
func (s *shrinker) deleteBlocks() {
	for i := 0; i < len(s.best); i++ {
		base := s.best
		if s.firstKept(maxPlainBlock-2, func(j int) []byte {
			end := i + maxPlainBlock - j
			if end > len(base) {
				return nil
			}
			return without(base, i, end)
		}) >= 0 {
			i--
		}
	}
}

// lowerNumbers lowers every 2- and 4-byte window read as a big-endian
// number, by the largest amount that keeps the failure (findInteger): a
// count or a size must come down as a number, borrowing from its high
// byte (0x40000000 to 0x3ffffffe), where lowering one byte at a time
// changes it by a multiple of 256. A lower big-endian number is the same
// length and lexicographically smaller, so smaller in shortlex order.
// Windows below 256 are left to lowerBytes.
func (s *shrinker) lowerNumbers() {
	for _, w := range []int{2, 4} {
		for i := 0; i+w <= len(s.best); i++ {
			base := s.best
			f := lengthField{off: i, width: w}
			v := f.get(base)
			if v < 256 {
				continue
			}
			lowered := func(d int) []byte {
				c := slices.Clone(base)
				f.set(c, v-uint64(d))
				return c
			}
			if !s.try(lowered(1)) {
				continue
			}
			findInteger(func(d int) bool { return uint64(d+1) <= v && s.try(lowered(d+1)) })
		}
	}
}

// lowerRuns lowers each run of two or more equal bytes, all of it at
// once, to the smallest byte that keeps the failure: a token written
// with a doubled byte (an operator such as >> or ::, a doubled
// delimiter) keeps its meaning only while its bytes stay equal, so
// lowering one of them breaks it.
func (s *shrinker) lowerRuns() {
	for i := 0; i+1 < len(s.best); {
		base := s.best
		j := i + 1
		for j < len(base) && base[j] == base[i] {
			j++
		}
		if j-i >= 2 && base[i] > 0 {
			s.firstKept(int(base[i]), func(v int) []byte {
				c := slices.Clone(base)
				for k := i; k < j; k++ {
					c[k] = byte(v)
				}
				return c
			})
		}
		i = j
	}
}

// maxRaisedBlock bounds the block deleteAfterRaised deletes: a field
// that grows from 1 to 8 bytes.
const maxRaisedBlock = 8

// deleteAfterRaised raises a byte by one and deletes the 1 to 8 bytes
// right after it, in one candidate, for bytes from 1 to 15: a byte
// that selects how much follows it (a size whose special value adds a
// wider size field, a type whose value is longer, a flag that adds an
// optional part) may select a shorter form one value up, and the input
// is then shorter, so smaller in shortlex order, though one byte is
// higher. Neither change alone keeps the failure: the raise reads the
// longer form's bytes as something else, and the deletion alone shifts
// them.
func (s *shrinker) deleteAfterRaised() {
	for k := 0; k+1 < len(s.best); k++ {
		base := s.best
		if base[k] == 0 || base[k] >= 16 {
			continue // a zero is padding or a high byte more often than a selector
		}
		if s.firstKept(maxRaisedBlock, func(j int) []byte {
			end := k + 2 + j
			if end > len(base) {
				return nil
			}
			c := without(base, k+1, end)
			c[k]++
			return c
		}) >= 0 {
			k--
		}
	}
}
