package minimize

import (
	"encoding/binary"
	"hash/crc32"
	"math/bits"
	"slices"
)

// This file keeps checksums valid in plain-bytes reductions. Formats
// protect their parts with a checksum stored right after the bytes it
// covers (a PNG chunk's CRC-32 of its type and data, an XZ header's
// CRC-32, a record's CRC-32C), and a parser that checks it rejects any
// other change to those bytes: without help, only deletions of whole
// protected parts keep the failure, and a crasher's chunks keep their
// first contents. So the reducer finds, in the input it starts from,
// every 4-byte field that holds a checksum of the bytes just before it,
// and when a candidate that changed such bytes is not kept, it retries
// it once with each such checksum recomputed (settle). A field whose
// bytes stop matching their checksum in a kept input (the target does
// not check it, or a change went unrepaired) is forgotten. Only 4-byte
// CRCs are looked for: a 1- or 2-byte field, or a weak 4-byte sum such
// as Adler-32 over a few bytes (00 01 00 01 after one zero byte), holds
// the checksum of the bytes before it by chance too often to be trusted.

// checksumAlg names a checksum.
type checksumAlg uint8

const (
	crc32IEEE checksumAlg = iota // PNG, XZ, gzip and zip headers, Ethernet
	crc32C                       // CRC-32C: iSCSI, ext4, many storage formats
	numChecksumAlgs
)

var crc32CTable = crc32.MakeTable(crc32.Castagnoli)

// checksumRun computes a checksum over a run of bytes, a byte at a time.
type checksumRun struct {
	tab   *crc32.Table
	state uint32
}

func newChecksumRun(alg checksumAlg) checksumRun {
	if alg == crc32C {
		return checksumRun{crc32CTable, ^uint32(0)}
	}
	return checksumRun{crc32.IEEETable, ^uint32(0)}
}

// add adds the byte c.
func (r *checksumRun) add(c byte) { r.state = r.tab[byte(r.state)^c] ^ r.state>>8 }

// sum returns the checksum of the bytes added.
func (r *checksumRun) sum() uint32 { return ^r.state }

// checksumField is a 4-byte field of the input, at offset at, that holds
// alg's checksum of the bytes [start, at), in the byte order little
// says.
type checksumField struct {
	start, at int
	alg       checksumAlg
	little    bool
}

// compute returns f's checksum of b[f.start:f.at].
func (f checksumField) compute(b []byte) uint32 {
	r := newChecksumRun(f.alg)
	for _, c := range b[f.start:f.at] {
		r.add(c)
	}
	return r.sum()
}

func (f checksumField) order() binary.ByteOrder {
	if f.little {
		return binary.LittleEndian
	}
	return binary.BigEndian
}

// holds reports whether b holds f: the field lies within b and matches
// the checksum of its region.
func (f checksumField) holds(b []byte) bool {
	return f.start >= 0 && f.start < f.at && f.at+4 <= len(b) && f.order().Uint32(b[f.at:]) == f.compute(b)
}

// maxChecksumRegion bounds the bytes a checksum is looked for over, and
// maxChecksumInput the inputs it is looked for in: finding them takes a
// pass over up to maxChecksumRegion bytes from every offset, for each
// checksum.
const (
	maxChecksumRegion = 4096
	maxChecksumInput  = 1 << 15
)

// findChecksums returns the checksum fields of b, in order: every 4-byte
// field that holds, in either byte order, a checksum of the 1 to
// maxChecksumRegion bytes right before it. A field that holds checksums
// of several regions counts once, for the shortest.
func findChecksums(b []byte) []checksumField {
	if len(b) < 5 || len(b) > maxChecksumInput {
		return nil
	}
	be := make([]uint32, len(b)-3) // the field at each offset, big-endian
	for at := range be {
		be[at] = binary.BigEndian.Uint32(b[at:])
	}
	var fs []checksumField
	found := make([]bool, len(be))
	for alg := range numChecksumAlgs {
		for start := len(be) - 2; start >= 0; start-- {
			r := newChecksumRun(alg)
			for at := start + 1; at < len(be) && at-start <= maxChecksumRegion; at++ {
				r.add(b[at-1])
				sum := r.sum()
				if found[at] || sum != be[at] && sum != bits.ReverseBytes32(be[at]) {
					continue
				}
				fs = append(fs, checksumField{start, at, alg, sum != be[at]})
				found[at] = true
			}
		}
	}
	slices.SortFunc(fs, func(x, y checksumField) int { return x.at - y.at })
	return fs
}

// checksumState is what a reduction knows of its input's checksums.
type checksumState struct {
	fields  []checksumField
	base    []byte // the input the fields were last placed in
	version int    // its version (shrinker.version)
	found   int    // the length of the input they were last looked for in
	started bool
}

// checksums returns the checksum fields of the best input: found in the
// first input, then carried from best to best by where their bytes
// moved, and kept only while they hold; looked for again when the input
// has halved since they were last looked for, so that a region too long
// to search before comes within reach.
func (s *shrinker) checksums() []checksumField {
	cs := &s.sums
	switch {
	case cs.started && cs.version == s.version:
	case !cs.started || len(s.best)*2 <= cs.found:
		cs.fields, cs.found, cs.started = findChecksums(s.best), len(s.best), true
	case len(cs.fields) > 0:
		e := editOf(cs.base, s.best)
		var kept []checksumField
		for _, f := range cs.fields {
			// Where the edit moved it, or, where the edit rewrote it (a
			// repaired candidate), with its region grown or shrunk by the
			// edit, or in place.
			grown := f
			grown.at += e.shift
			places := []checksumField{grown, f}
			if g, where := e.move(f); where != editTouches {
				places = []checksumField{g}
			}
			for _, h := range places {
				if h.holds(s.best) {
					kept = append(kept, h)
					break
				}
			}
		}
		cs.fields = kept
	}
	cs.base, cs.version = s.best, s.version
	return cs.fields
}

// Where an edit lies against a checksum field.
const (
	editOutside = iota // before the region or after the field
	editWithin         // before the field and after the region's start
	editTouches        // in the field
)

// move returns where f lies after the edit, and where the edit lies
// against it. An edit that begins before the region and ends within it
// is taken to keep the region's start: it rewrote bytes before the
// region in place (a length field before a chunk's type, lowered with
// the chunk's data cut) and cut or changed bytes within it.
func (e edit) move(f checksumField) (checksumField, int) {
	switch {
	case f.at+4 <= e.start:
		return f, editOutside
	case f.start >= e.end:
		f.start, f.at = f.start+e.shift, f.at+e.shift
		return f, editOutside
	case f.at >= e.end && f.at+e.shift > f.start:
		f.at += e.shift
		return f, editWithin
	}
	return f, editTouches
}

// repairChecksums returns cand, a candidate made from the best input of
// a plain-bytes reduction, with the checksums of the regions it changed
// recomputed, innermost first, or nil if there is none to recompute.
func (s *shrinker) repairChecksums(cand []byte) []byte {
	if !s.plainBytes() {
		return nil
	}
	fs := s.checksums()
	if len(fs) == 0 {
		return nil
	}
	e := editOf(s.best, cand)
	var res []byte
	for _, f := range fs {
		g, where := e.move(f)
		if where != editWithin || g.at+4 > len(cand) {
			continue
		}
		if res == nil {
			res = slices.Clone(cand)
		}
		g.order().PutUint32(res[g.at:], g.compute(res))
	}
	if res == nil || slices.Equal(res, cand) {
		return nil
	}
	return res
}

// maxPartHeader bounds the bytes between a checksummed part's start and
// its region's (a length, a tag) that deleteChecksummedParts looks at.
const maxPartHeader = 8

// deleteChecksummedParts shortens the parts of the input a checksum
// protects. It deletes each part whole, its checksum with it, with up to
// maxPartHeader bytes before its region (a length or tag the checksum
// does not cover); and it cuts bytes from the end of the part's region
// with the length field that counts them lowered to match, which settle
// then gives a recomputed checksum. A length field counts the part when
// it lies within maxPartHeader bytes of the region's start and counts
// the bytes after it up to the checksum, but for up to maxPartHeader
// bytes right after it (a type, as in PNG), or up to the checksum's end,
// or counts the part from its own first byte to the checksum's end.
// Without both changes in one candidate a part whose length and checksum
// must agree keeps its size.
func (s *shrinker) deleteChecksummedParts() {
	for k := 0; k < len(s.checksums()); k++ {
		f, base := s.checksums()[k], s.best
		if s.firstKept(maxPartHeader+1, func(j int) []byte {
			if j > 0 && (j&(j-1) != 0 || f.start-j < 0) {
				return nil // the region alone, then 1, 2, 4 and 8 bytes more
			}
			return without(base, f.start-j, f.at+4)
		}) >= 0 {
			k--
			continue
		}
		for _, l := range s.lengthFieldsOfBest() {
			if l.off < f.start-maxPartHeader || l.off >= f.start+maxPartHeader || l.off+l.width > f.at {
				continue
			}
			v := int(l.get(base))
			if gap := f.at - (l.off + l.width + v); (gap < 0 || gap > maxPartHeader) && gap != -4 && l.off+v != f.at+4 {
				continue
			}
			cut := func(m int) []byte {
				if f.at-m < max(f.start, l.off+l.width) {
					return nil
				}
				return withLength(base, l, f.at-m, f.at)
			}
			if c := cut(1); c != nil && s.try(c) {
				findInteger(func(m int) bool { c := cut(m + 1); return c != nil && s.try(c) })
				break
			}
		}
	}
}
