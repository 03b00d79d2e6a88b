package minimize

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func crcChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

func TestFindChecksums(t *testing.T) {
	castagnoli := crc32.MakeTable(crc32.Castagnoli)
	record := binary.LittleEndian.AppendUint16(nil, 3)
	record = append(record, "abc"...)
	record = binary.LittleEndian.AppendUint32(record, crc32.Checksum(record, castagnoli))
	tests := []struct {
		name, reason string
		in           []byte
		want         []checksumField
	}{
		{"png chunks", "each chunk's CRC-32, big-endian, of its type and data, found after the length it does not cover",
			slices.Concat(crcChunk("IHDR", []byte("0123456789abc")), crcChunk("IEND", nil)),
			[]checksumField{{4, 21, crc32IEEE, false}, {29, 33, crc32IEEE, false}}},
		{"crc-32c record", "a little-endian CRC-32C over the record's length and payload",
			record, []checksumField{{0, 5, crc32C, true}}},
		{"ones and zeros", "a reduced input's small numbers hold no CRC by chance (an Adler-32 of one zero byte would be 00 01 00 01)",
			[]byte("\x00\x00\x01\x00\x01\x00\x00\x00\x02\x00\x01\x00\x01\x01\x00\x01\x00"), nil},
		{"nested", "a chunk inside another's data: both, the inner one first",
			crcChunk("OUTR", crcChunk("INNR", []byte("x"))),
			[]checksumField{{12, 17, crc32IEEE, false}, {4, 21, crc32IEEE, false}}},
		{"text", "no 4-byte field of plain text holds a checksum of the bytes before it",
			[]byte("the quick brown fox jumps over the lazy dog, twice: the quick brown fox"), nil},
		{"too short", "a checksum needs a byte to cover and four to hold it", []byte{1, 2, 3, 4}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := findChecksums(tc.in)
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(checksumField{})); diff != "" {
				t.Errorf("findChecksums: %s (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRepairChecksums(t *testing.T) {
	best := slices.Concat(crcChunk("AAAA", []byte("hello")), crcChunk("BBBB", []byte("world")))
	with := func(edit func(b []byte) []byte) []byte { return edit(slices.Clone(best)) }
	tests := []struct {
		name, reason string
		cand, want   []byte
	}{
		{"byte lowered", "a byte of the second chunk's data lowered: its CRC recomputed",
			with(func(b []byte) []byte { b[25] = 'a'; return b }),
			slices.Concat(crcChunk("AAAA", []byte("hello")), crcChunk("BBBB", []byte("aorld")))},
		{"cut with its length", "data cut and the length before the region lowered: the region taken to start where it did",
			with(func(b []byte) []byte { b[3] = 2; return slices.Delete(b, 10, 13) }),
			slices.Concat(crcChunk("AAAA", []byte("he")), crcChunk("BBBB", []byte("world")))},
		{"whole chunk", "a whole chunk deleted changes no region: nothing to repair",
			with(func(b []byte) []byte { return slices.Delete(b, 0, 17) }), nil},
		{"checksum itself", "a change to a checksum's own bytes is left as it is",
			with(func(b []byte) []byte { b[13] = 0; return b }), nil},
	}
	s := newShrinker(context.Background(), nil, Options{Workers: 1, ExactLength: true})
	s.setBest(best, Outcome{Used: len(best), Failed: true})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := s.repairChecksums(tc.cand); !slices.Equal(got, tc.want) {
				t.Errorf("repairChecksums = %q, want %q (%s)", got, tc.want, tc.reason)
			}
		})
	}
}

// TestChecksumsFollowTheBest checks that the fields found in the first
// input are carried through a kept candidate that moved them, and
// forgotten once they no longer hold.
func TestChecksumsFollowTheBest(t *testing.T) {
	best := slices.Concat([]byte("junk"), crcChunk("AAAA", []byte("hello")))
	s := newShrinker(context.Background(), nil, Options{Workers: 1, ExactLength: true})
	s.setBest(best, Outcome{Used: len(best), Failed: true})
	want := []checksumField{{8, 17, crc32IEEE, false}}
	if diff := cmp.Diff(want, s.checksums(), cmp.AllowUnexported(checksumField{})); diff != "" {
		t.Fatalf("first input (-want +got):\n%s", diff)
	}
	moved := best[2:]
	s.setBest(moved, Outcome{Used: len(moved), Failed: true})
	want = []checksumField{{6, 15, crc32IEEE, false}}
	if diff := cmp.Diff(want, s.checksums(), cmp.AllowUnexported(checksumField{})); diff != "" {
		t.Fatalf("after two bytes before it went (-want +got):\n%s", diff)
	}
	stale := slices.Clone(moved)
	stale[12] = 'x' // the data changed, its CRC not: the target does not check it
	s.setBest(stale, Outcome{Used: len(stale), Failed: true})
	if got := s.checksums(); len(got) != 0 {
		t.Fatalf("a field that no longer holds is kept: %v", got)
	}
}

// BenchmarkFindChecksums looks for checksums in random inputs of the
// sizes a crasher has: the search runs once per reduction (and again
// each time the input halves).
func BenchmarkFindChecksums(b *testing.B) {
	for _, n := range []int{1 << 10, 4 << 10, 32 << 10} {
		in := make([]byte, n)
		for i := range in {
			in[i] = byte(i*7919 + i>>3)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				findChecksums(in)
			}
		})
	}
}
