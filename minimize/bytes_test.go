package minimize_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	gofuzzheaders "github.com/AdaLogics/go-fuzz-headers"

	"github.com/shortlex/shortlex/minimize"
)

// plainRun makes a RunFunc of a target that reads raw bytes and fails,
// with one signature, when fails says so. It counts the bytes it is
// given, to check that a candidate costs what its bytes cost.
func plainRun(fails func([]byte) bool, seen *int) minimize.RunFunc {
	return func(_ context.Context, in []byte) (minimize.Outcome, error) {
		if seen != nil {
			*seen += len(in)
		}
		return minimize.Outcome{Used: len(in), Failed: fails(in), Signature: "bug"}, nil
	}
}

// bugInput is n bytes of letters with "BUG" in the middle.
func bugInput(n int) []byte {
	data := bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz"), n/26+1)[:n]
	copy(data[n/2:], "BUG")
	return data
}

func containsBUG(b []byte) bool { return bytes.Contains(b, []byte("BUG")) }

// balanced reports whether b's parentheses balance, and their depth.
func balanced(b []byte) (bool, int) {
	depth, most := 0, 0
	for _, c := range b {
		switch c {
		case '(':
			depth++
			most = max(most, depth)
		case ')':
			if depth--; depth < 0 {
				return false, 0
			}
		}
	}
	return depth == 0, most
}

func TestPlainBytes(t *testing.T) {
	for _, tc := range []struct {
		name, reason string
		in           []byte
		fails        func([]byte) bool
		want         string
	}{
		{"substring", "a 3-byte substring of 10 KB of letters", bugInput(10 << 10), containsBUG, "BUG"},
		{"trailing zero", "for plain bytes a trailing zero is not free: the x moves last",
			[]byte("\x00\x00x\x00"),
			func(b []byte) bool { return len(b) == 4 && bytes.IndexByte(b, 'x') >= 0 },
			"\x00\x00\x00x"},
		{"a width and the run that fills the image", "a header's width and height, then one run op whose length must be their product: the width and the run's byte go down together, by 4",
			[]byte("IMG\x05\x01\xc4"),
			func(b []byte) bool {
				return len(b) == 6 && string(b[:3]) == "IMG" && b[5]&0xc0 == 0xc0 && int(b[5]&0x3f)+1 == int(b[3])*int(b[4])
			},
			"IMG\x01\x01\xc0"},
		{"a count and the offset past it", "a record count and an offset that must point just past the count's two header bytes: both go down together, keeping their difference",
			[]byte("\x09\x0b!"),
			func(b []byte) bool { return len(b) == 3 && b[0] >= 1 && int(b[1]) == int(b[0])+2 && b[2] == '!' },
			"\x01\x03!"},
		{"lengths that count themselves", "a document of elements behind a 4-byte length that counts its own bytes, one element a document of the same kind that holds the marker: the elements around the marker go with both lengths lowered",
			[]byte("\x17\x00\x00\x00\x01a\x01b\x03\x0b\x00\x00\x00\x01c\x01X\x01d\x00\x01e\x00"),
			func(b []byte) bool { found, rest, ok := selfCountedDoc(b, 0); return ok && len(rest) == 0 && found },
			"\r\x00\x00\x00\x03\a\x00\x00\x00\x01X\x00\x00"},
		{"gap", "a byte lowered past values that pass (\\n to #) to one that fails (\\t)",
			[]byte("\xffzz$"),
			func(b []byte) bool { return len(b) >= 2 && (b[len(b)-1] == '\t' || b[len(b)-1] == '$') },
			"\x00\t"},
		{"index after the elements", "a string selected by its index, after the table: each string before it goes with the index lowered by one",
			[]byte("\x03abc\x02xy\x03BUG\x01z\x00\x02"), stringTableBug(false), "\x03BUG\x00\x00"},
		{"offset after the elements", "the same string selected by its offset in the input: each string before it goes with the offset lowered by its size",
			[]byte("\x03abc\x02xy\x03BUG\x01z\x00\x07"), stringTableBug(true), "\x03BUG\x00\x00"},
		{"offset before its target", "a header with a 4-byte offset to a record and a version after it, junk before the record: the junk goes with the offset lowered to match",
			[]byte("HDR\x00\x10\x00\x00\x00\x01\x00abcdefBUG"),
			func(b []byte) bool {
				if len(b) < 10 || string(b[:4]) != "HDR\x00" || b[8] != 1 {
					return false
				}
				off := uint64(binary.LittleEndian.Uint32(b[4:]))
				return off >= 10 && off+3 <= uint64(len(b)) && string(b[off:off+3]) == "BUG"
			},
			"HDR\x00\n\x00\x00\x00\x01\x00BUG"},
		{"counted records", "a count and records of a tag, a type and a 4-byte value: the optional records among the needed ones go with the count lowered",
			[]byte("\x04A\x01\x00\x00\x00\x90X\x01\x00\x00\x00\x05B\x01\x00\x00\x00\x07Y\x01\x00\x00\x00\x09"),
			func(b []byte) bool {
				if len(b) < 1 || len(b) != 1+6*int(b[0]) {
					return false
				}
				a, bOK := false, false
				for r := b[1:]; len(r) > 0; r = r[6:] {
					if r[1] != 1 {
						return false
					}
					a = a || r[0] == 'A' && r[5] >= 0x80
					bOK = bOK || r[0] == 'B'
				}
				return a && bOK
			},
			"\x02A\x01\x00\x00\x00\x80B\x01\x00\x00\x00\x00"},
		{"optional field", "a flag whose 1 adds a 4-byte extension after the 2-byte tag: the flag goes to 0 with the extension deleted",
			[]byte("\x01XY\xaa\xbb\xcc\xdd"),
			func(b []byte) bool {
				switch {
				case len(b) == 3 && b[0] == 0, len(b) == 7 && b[0] == 1:
					return string(b[1:3]) == "XY"
				}
				return false
			},
			"\x00XY"},
		{"split between chunks", "chunks that overflow only together: bytes move from the first chunk to the second until the first is as short as it can be",
			[]byte("\x03abc\x02de"),
			func(b []byte) bool {
				total := 0
				for len(b) > 0 {
					n := int(b[0])
					if n < 1 || n > 4 || n > len(b)-1 {
						return false
					}
					total, b = total+n, b[1+n:]
				}
				return total > 4
			},
			"\x01\x00\x04\x00\x00\x00\x00"},
		{"crc-32 chunks", "a chunk's data is cut and lowered with its length, its CRC-32 recomputed; the chunks around it go whole",
			slices.Concat(pngChunk("IHDR", []byte("\x00\x00\x01\x00header")), pngChunk("BUG!", []byte("\xc3payload")), pngChunk("IEND", nil)),
			chunkBug, string(pngChunk("BUG!", []byte{0x80}))},
		{"crc-32c records", "the same for a checksum that covers the record's length too, little-endian",
			slices.Concat(record("first"), record("xx!!yy"), record("last")),
			recordBug, string(record("!!"))},
		{"image/png header", "a real PNG decoder's header CRC: width, height, bit depth and color type lowered with it",
			pngWide(300, 2), pngTooWide, pngSmallestTooWide()},
		{"length field", "a length-prefixed name loses bytes with its length lowered in the same candidate",
			[]byte("\x00\x00\x00\x14xxxxxxxBUGxxxxxxxxxxjunk"),
			func(b []byte) bool {
				if len(b) < 4 {
					return false
				}
				n := binary.BigEndian.Uint32(b)
				return uint64(n) <= uint64(len(b)-4) && containsBUG(b[4:4+n])
			},
			"\x00\x00\x00\x03BUG"},
		{"little-endian length", "the same with a 2-byte little-endian length",
			[]byte("\x0f\x00xxxxxBUGxxxxxxxtail"),
			func(b []byte) bool {
				if len(b) < 2 {
					return false
				}
				n := int(binary.LittleEndian.Uint16(b))
				return n <= len(b)-2 && containsBUG(b[2:2+n])
			},
			"\x03\x00BUG"},
		{"length field, middle", "a byte in the middle of a framed value goes with its length lowered",
			[]byte("\x00\x00\x00\x03abcT"),
			func(b []byte) bool {
				if len(b) < 4 {
					return false
				}
				n := binary.BigEndian.Uint32(b)
				if uint64(n) > uint64(len(b)-4) {
					return false
				}
				name, rest := b[4:4+n], b[4+n:]
				return bytes.IndexByte(name, 'a') >= 0 && bytes.IndexByte(name, 'c') >= 0 && string(rest) == "T"
			},
			"\x00\x00\x00\x02acT"},
		{"counted list", "an element goes with its count lowered in the same candidate",
			[]byte("\x04abcxyzdefghi"),
			func(b []byte) bool {
				if len(b) < 1 || len(b) < 1+3*int(b[0]) {
					return false
				}
				for i := range int(b[0]) {
					if string(b[1+3*i:4+3*i]) == "xyz" {
						return true
					}
				}
				return false
			},
			"\x01xyz"},
		{"residue", "a count read modulo 50 goes to its residue at once, which lowering byte by byte does not find",
			[]byte{0x9a, 0x3b, 0x2c, 0x1f},
			func(b []byte) bool { return len(b) == 4 && binary.BigEndian.Uint32(b)%50 == 0x9a3b2c1f%50 },
			"\x00\x00\x00!"}, // 0x9a3b2c1f % 50 is 33
		{"wider size", "a box whose size 1 means a 64-bit size follows its type: size 2, in one candidate with the 64-bit size deleted, is shorter",
			append([]byte("\x00\x00\x00\x01\x00\x00\x00\x00"), make([]byte, 8)...),
			func(b []byte) bool {
				if len(b) < 8 {
					return false
				}
				// Size 0 runs to the end of the input; 1 means the 64-bit
				// size after the type. Either smaller than the header is
				// the bug.
				switch size := binary.BigEndian.Uint32(b); {
				case size == 1:
					return len(b) >= 16 && binary.BigEndian.Uint64(b[8:]) < 16
				default:
					return size > 1 && size < 8
				}
			},
			"\x00\x00\x00\x02\x00\x00\x00\x00"},
		{"shorter type", "a value whose type byte picks its width: type 2, one byte, replaces type 1, four",
			[]byte("\x01\x00\x00\x00\xc9"),
			func(b []byte) bool {
				var v uint32
				switch {
				case len(b) == 5 && b[0] == 1:
					v = binary.BigEndian.Uint32(b[1:])
				case len(b) == 2 && b[0] == 2:
					v = uint32(b[1])
				default:
					return false
				}
				return v > 200
			},
			"\x02\xc9"},
		{"record in the middle", "a 5-byte record goes whole, at an offset no power-of-two chunk starts at",
			[]byte("AAAAABBBBBX0000"),
			func(b []byte) bool {
				return len(b)%5 == 0 && len(b) >= 10 && string(b[:5]) == "AAAAA" && b[len(b)-5] == 'X'
			},
			"AAAAAX\x00\x00\x00\x00"},
		{"count with a borrow", "a 4-byte big-endian count above a threshold comes down as a number: 0x40000000 to 0x3ffffffe",
			[]byte("\x40\x00\x00\x05"),
			func(b []byte) bool { return len(b) == 4 && binary.BigEndian.Uint32(b) >= 0x3ffffffe },
			"\x3f\xff\xff\xfe"},
		{"doubled operator", "a shift operator's two bytes are lowered together",
			[]byte("1>>2"),
			func(b []byte) bool {
				return len(b) == 4 && b[0] == '1' && b[3] == '2' && b[1] == b[2] && (b[1] == '<' || b[1] == '>')
			},
			"1<<2"},
		{"2-byte residue", "a 2-byte count read modulo 50 goes to its residue",
			[]byte{0x01, 0x65},
			func(b []byte) bool { return len(b) == 2 && binary.BigEndian.Uint16(b)%50 == 7 },
			"\x00\a"},
		{"length modulo the rest", "go-fuzz-headers reads a length of 0 as 30, modulo the bytes left: 2 of 7 here; the length raised to 1 with the last 3 bytes cut reads the same record from a shorter input",
			[]byte("\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00"),
			func(b []byte) bool {
				c := gofuzzheaders.NewConsumer(b)
				data, err := c.GetBytes()
				if err != nil {
					return false
				}
				off, err := c.GetUint16()
				if err != nil || int(off) >= len(data) {
					return false
				}
				return int(off)+1+int(data[off]) > len(data) // a record's length past the data
			},
			"\x00\x00\x00\x01\x01\x00\x00\x00"},
		{"default length", "a one-byte length whose 0 means 16, modulo the bytes left, ahead of a key byte, from where no deletion or lowering alone keeps the failure: the length from 0 to 1 with the last byte cut",
			[]byte("\x00\x01\x00\x00"),
			func(b []byte) bool {
				if len(b) < 2 {
					return false
				}
				n, left := int(b[0]), len(b)-1
				if n == 0 {
					n = 16
				}
				if n != left {
					n %= left
				}
				return n >= 1 && 1+n < len(b) && b[1] != 0
			},
			"\x01\x01\x00"},
		{"brackets", "nested brackets: deleting a bracketed region whole keeps them balanced",
			[]byte("foo(bar(baz, (x)) + (qux)) * (y)"),
			func(b []byte) bool {
				ok, depth := balanced(b)
				return ok && depth >= 2 && bytes.Contains(b, []byte("(x)"))
			},
			"((x))"},
		{"repeated word", "a name in two places goes from both at once",
			[]byte("<item>x</item>"),
			func(b []byte) bool {
				i, j := bytes.Index(b, []byte("<")), bytes.Index(b, []byte("</"))
				return i == 0 && j > 0 && bytes.HasSuffix(b, []byte(">")) && bytes.Equal(b[1:bytes.IndexByte(b, '>')], b[j+2:len(b)-1]) && bytes.Contains(b, []byte(">x<"))
			},
			"<>x</>"},
		{"decimal lengths", "bencoded strings, each after its length in digits and a colon: bytes of a string go with its length lowered, in fewer digits",
			[]byte("d8:announce35:http://tracker.example.org/announce4:name12:file-Z-1.txt12:piece length6:262144e"),
			bencodeValueBug, "d0:1:Ze"},
		{"decimal lengths before a line break", "a command of Redis' protocol: its strings' lengths in digits, then \\r\\n",
			[]byte("*3\r\n$3\r\nSET\r\n$12\r\nsession:4711\r\n$20\r\n{\"user\":\"Zed\",\"n\":1}\r\n"),
			respCommandBug, "*3\r\n$0\r\n\r\n$0\r\n\r\n$1\r\nZ\r\n"},
		{"hexadecimal lengths", "a body in HTTP's chunked encoding: a chunk's bytes go with its size lowered, in hexadecimal",
			[]byte("1B\r\n{\"id\":7,\"name\":\"Zed\",\"x\":1}\r\n10\r\nmore data here..\r\n0\r\n\r\n"),
			chunkedBug, "1\r\nZ\r\n0\r\n\r\n"},
		{"sibling indentation", "two lines that must be indented alike lose their indentation together",
			[]byte("top\n    - item\n    ! tag\n"),
			func(b []byte) bool {
				lines := strings.Split(string(b), "\n")
				for i := 0; i+1 < len(lines); i++ {
					a, c := strings.TrimLeft(lines[i], " "), strings.TrimLeft(lines[i+1], " ")
					if strings.HasPrefix(a, "-") && strings.HasPrefix(c, "!") && len(lines[i])-len(a) == len(lines[i+1])-len(c) {
						return true
					}
				}
				return false
			},
			"-\n!"},
		{"qualified name", "a name with punctuation in it, in two places, goes from both at once",
			[]byte("<ns:item>x</ns:item>"),
			func(b []byte) bool {
				i, j := bytes.IndexByte(b, '>'), bytes.Index(b, []byte("</"))
				return i > 0 && j > i && b[0] == '<' && bytes.HasSuffix(b, []byte(">")) && bytes.Equal(b[1:i], b[j+2:len(b)-1]) && string(b[i+1:j]) == "x"
			},
			"<>x</>"},
		{"a key and the table that extends it", "a key set to a value and a table header under the same key: the key's letters go down in both places at once",
			[]byte("server=8\n[server.port]"), tableUnderValueBug, "-=0\n[-.-]"},
		{"a separator declared and used", "a separator byte declared after SEP= and used between fields: every use of it goes down at once, but the = of SEP= stays",
			[]byte("SEP==\nabc==xyz"),
			func(b []byte) bool {
				head, body, ok := bytes.Cut(b, []byte("\n"))
				if !ok || len(head) != 5 || string(head[:4]) != "SEP=" || head[4] <= ' ' || head[4] > '~' || asciiAlnum(head[4]) {
					return false
				}
				parts := bytes.Split(body, head[4:])
				return len(parts) == 3 && len(parts[1]) == 0
			},
			"SEP=!\n!!"},
		{"nested lengths", "fields of a tag and a one-byte length, a tag-1 field holding fields itself: a field inside one goes with both lengths lowered",
			[]byte("\x02\x04abcd\x01\x0e\x02\x09junkjunkj\x03\x01\x00"), nestedFieldBug, "\x01\x03\x03\x01\x00"},
		{"lengths in units", "a palette of 3-byte entries and a transparency table after it, each after its length: an entry goes only whole",
			[]byte("\x06\x10\x20\x30\x40\x50\x60\x03\x01\x02\x03"),
			func(b []byte) bool {
				if len(b) < 1 || b[0] == 0 || b[0]%3 != 0 || len(b) < 2+int(b[0]) {
					return false
				}
				p := int(b[0])
				t := int(b[1+p])
				return len(b) == 2+p+t && t > p/3
			},
			"\x03\x00\x00\x00\x02\x00\x00"},
		{"chunks with a type code", "chunks of a 4-byte length, a four-letter type and the data it counts: a palette chunk loses whole entries from its data, past the type, with its length lowered",
			[]byte("\x00\x00\x00\x06PLTE\x10\x20\x30\x40\x50\x60\x00\x00\x00\x03TRNS\x01\x02\x03"), paletteChunksBug,
			"\x00\x00\x00\x03PLTE\x00\x00\x00\x00\x00\x00\x02TRNS\x00\x00"},
		{"little-endian sections with a name", "a section of a 4-byte little-endian length, a four-letter name and its data, which must end in !: bytes go from the start of the data, past the name, with the length lowered",
			[]byte("\x0c\x00\x00\x00NAMEhello world!"),
			func(b []byte) bool {
				if len(b) < 8 || string(b[4:8]) != "NAME" {
					return false
				}
				n := int(binary.LittleEndian.Uint32(b))
				return n == len(b)-8 && n >= 1 && b[len(b)-1] == '!'
			},
			"\x01\x00\x00\x00NAME!"},
		{"a count and a pointer to the end", "a count of 3-byte records and, after them, a pointer that must name the input's length: a record goes with the count one lower and the pointer lowered by three",
			[]byte("\x03abcdefghi\x0b"),
			func(b []byte) bool {
				if len(b) < 2 || b[0] == 0 || len(b) != 2+3*int(b[0]) {
					return false
				}
				return int(b[len(b)-1]) == len(b)
			},
			"\x01\x00\x00\x00\x05"},
		{"a count and an offset to a table", "a magic, a count of 2-byte section headers, then the offset of a string table that follows: a header goes with the count one lower and the offset lowered by two",
			[]byte("S\x04aabbccdd\x0bZ"),
			func(b []byte) bool {
				if len(b) < 3 || b[0] != 'S' || b[1] == 0 {
					return false
				}
				at := 2 + 2*int(b[1])
				if at >= len(b) {
					return false
				}
				o := int(b[at])
				return o == at+1 && o < len(b) && b[o] == 'Z'
			},
			"S\x01\x00\x00\x05Z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !tc.fails(tc.in) {
				t.Fatalf("the input %q does not fail", tc.in)
			}
			res, err := minimize.Minimize(context.Background(), tc.in, plainRun(tc.fails, nil), minimize.Options{Workers: 1, ExactLength: true})
			if err != nil {
				t.Fatal(err)
			}
			if string(res.Input) != tc.want {
				t.Errorf("reduced to %q, want %q (%s)", res.Input, tc.want, tc.reason)
			}
			if !res.Stats.Minimal.Done {
				t.Errorf("the 1-minimality check did not complete: %+v", res.Stats.Minimal)
			}
			t.Logf("%d runs, 1-minimal check %+v", res.Stats.Runs, res.Stats.Minimal)
		})
	}
}

// TestMinimalCheckCounts checks the 1-minimality check's count on "BUG":
// five deletions (one or two bytes at each offset) and every smaller
// value of each byte, 66+85+71.
func TestMinimalCheckCounts(t *testing.T) {
	res, err := minimize.Minimize(context.Background(), []byte("xBUG"), plainRun(containsBUG, nil), minimize.Options{Workers: 1, ExactLength: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := res.Stats.Minimal, (minimize.MinimalCheck{Candidates: 5 + 66 + 85 + 71, Runs: 0, Done: true}); got != want {
		t.Errorf("check %+v, want %+v: every candidate ran before, in the passes", got, want)
	}
}

// TestPlainBytesCost checks that a large input is cut by coarse
// deletions first: the runs are logarithmic in its size plus the
// 1-minimality of the result, and the bytes run in all are a small
// multiple of the input's.
func TestPlainBytesCost(t *testing.T) {
	in := bugInput(1 << 20)
	var total int
	res, err := minimize.Minimize(context.Background(), in, plainRun(containsBUG, &total), minimize.Options{Workers: 1, ExactLength: true})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Input) != "BUG" {
		t.Fatalf("reduced to %q", res.Input)
	}
	if res.Stats.Runs > 500 || total > 4*len(in) {
		t.Errorf("%d runs over %d bytes in all, for a %d-byte input", res.Stats.Runs, total, len(in))
	}
	t.Logf("%d runs, %d bytes in all", res.Stats.Runs, total)
}

// BenchmarkPlainBytes reduces n bytes of letters with "BUG" in the middle
// to "BUG", in process (no worker: the reducer's own cost). It reports
// runs and the bytes of all candidates per input byte.
//
//	go test ./minimize -run '^$' -bench PlainBytes -benchmem
func BenchmarkPlainBytes(b *testing.B) {
	for _, n := range []int{10 << 10, 1 << 20, 5 << 20, 50 << 20} {
		b.Run(fmt.Sprintf("%dKB", n>>10), func(b *testing.B) {
			in := bugInput(n)
			for b.Loop() {
				var total int
				res, err := minimize.Minimize(context.Background(), in, plainRun(containsBUG, &total), minimize.Options{Workers: 1, ExactLength: true})
				if err != nil || string(res.Input) != "BUG" {
					b.Fatalf("%q, %v", res.Input, err)
				}
				b.ReportMetric(float64(res.Stats.Runs), "runs")
				b.ReportMetric(float64(total)/float64(n), "bytes-run/byte")
			}
		})
	}
}

// stringTableBug reads strings, each after its 1-byte length, up to a
// zero length, then a byte that selects one of them: its index in the
// table or, with byOffset, the offset of its length byte in the input.
// It fails when the string selected is "BUG".
func stringTableBug(byOffset bool) func([]byte) bool {
	return func(b []byte) bool {
		var starts []int
		i := 0
		for i < len(b) && b[i] != 0 {
			starts = append(starts, i)
			i += 1 + int(b[i])
		}
		if i+1 >= len(b) {
			return false
		}
		sel := int(b[i+1])
		if !byOffset {
			if sel >= len(starts) {
				return false
			}
			sel = starts[sel]
		}
		for _, st := range starts {
			if st == sel {
				return string(b[st+1:st+1+int(b[st])]) == "BUG"
			}
		}
		return false
	}
}

// bencodeValueBug reads a bencoded dictionary of string keys and string
// values, each string written as its length in digits, ':' and its
// bytes; it fails when a value holds 'Z'.
func bencodeValueBug(b []byte) bool {
	str := func(i int) (string, int) {
		j := i
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		n, err := strconv.Atoi(string(b[i:j]))
		if j == i || err != nil || j >= len(b) || b[j] != ':' || j+1+n > len(b) {
			return "", -1
		}
		return string(b[j+1 : j+1+n]), j + 1 + n
	}
	if len(b) < 2 || b[0] != 'd' {
		return false
	}
	bug := false
	i := 1
	for i < len(b) && b[i] != 'e' {
		var v string
		if _, i = str(i); i < 0 {
			return false
		}
		if v, i = str(i); i < 0 {
			return false
		}
		bug = bug || strings.Contains(v, "Z")
	}
	return bug && i == len(b)-1
}

// respCommandBug reads a command in Redis' protocol: "*3\r\n", then three
// bulk strings, each "$", its length in digits, "\r\n", its bytes and
// "\r\n"; it fails when a string holds 'Z'.
func respCommandBug(b []byte) bool {
	s, ok := strings.CutPrefix(string(b), "*3\r\n")
	if !ok {
		return false
	}
	bug := false
	for range 3 {
		head, rest, ok := strings.Cut(s, "\r\n")
		if !ok || !strings.HasPrefix(head, "$") {
			return false
		}
		n, err := strconv.Atoi(head[1:])
		if err != nil || n < 0 || n+2 > len(rest) || rest[n:n+2] != "\r\n" {
			return false
		}
		bug = bug || strings.Contains(rest[:n], "Z")
		s = rest[n+2:]
	}
	return bug && s == ""
}

// chunkedBug reads a body in HTTP's chunked encoding: chunks, each its
// size in hexadecimal digits, "\r\n", its bytes and "\r\n", up to a chunk
// of size 0 and a last "\r\n"; it fails when a chunk holds 'Z'.
func chunkedBug(b []byte) bool {
	s, bug := string(b), false
	for {
		head, rest, ok := strings.Cut(s, "\r\n")
		if !ok {
			return false
		}
		n, err := strconv.ParseUint(head, 16, 32)
		if err != nil || int(n)+2 > len(rest) || rest[n:n+2] != "\r\n" {
			return false
		}
		if n == 0 {
			return bug && rest == "\r\n"
		}
		bug = bug || strings.Contains(rest[:n], "Z")
		s = rest[n+2:]
	}
}

// TestPlainWords reduces text whose keywords come from a fixed set, with
// the set's strings given as Options.Words, as tools/minimize gives the
// string literals of the package under test.
func TestPlainWords(t *testing.T) {
	methods := []string{"DELETE", "GET", "OPTIONS", "POST", "PUT"}
	for _, tc := range []struct {
		name, reason string
		in           string
		words        []string
		fails        func([]byte) bool
		want         string
	}{
		{"method", "a request's method becomes the smallest method that also fails, a path with .. stays; the package's 52 short lower-case words, all smaller than GET, are tried after the upper-case ones",
			"OPTIONS /static/../etc HTTP/1.1\r\nHost: x\r\n\r\n", append(append(shortWords(), methods...), "HTTP/1.1", "Host"),
			func(b []byte) bool {
				m, rest, ok := bytes.Cut(b, []byte(" "))
				return ok && slices.Contains(methods, string(m)) && bytes.Contains(rest, []byte(".."))
			},
			"GET .."},
		{"framed method", "the same request line as a go-fuzz-headers string, after its 4-byte length: the length goes down with the word",
			"\x00\x00\x00\x16OPTIONS /static/../etc", append(shortWords(), methods...),
			func(b []byte) bool {
				if len(b) < 4 || int(binary.BigEndian.Uint32(b)) != len(b)-4 {
					return false
				}
				m, rest, ok := bytes.Cut(b[4:], []byte(" "))
				return ok && slices.Contains(methods, string(m)) && bytes.Contains(rest, []byte(".."))
			},
			"\x00\x00\x00\x06GET .."},
		{"modifier", "a modifier that takes an argument gives way to a shorter one from the same table of the code, tried before the package's 52 shorter names",
			"@reverse:\"", append(shortWords(), "pretty", "ugly", "reverse", "this", "join", "valid", "flatten"),
			func(b []byte) bool {
				name, arg, ok := bytes.Cut(bytes.TrimPrefix(b, []byte("@")), []byte(":"))
				return ok && b[0] == '@' && (string(name) == "reverse" || string(name) == "join") && string(arg) == "\""
			},
			"@join:\""},
		{"config key", "a known key, then = and -1: the longest key gives way to the shortest",
			"timeout=-1\nhost=example.org\n", []string{"host", "n", "port", "timeout", "example"},
			func(b []byte) bool {
				for _, line := range bytes.Split(b, []byte("\n")) {
					k, v, ok := bytes.Cut(line, []byte("="))
					if ok && slices.Contains([]string{"host", "n", "port", "timeout"}, string(k)) && string(v) == "-1" {
						return true
					}
				}
				return false
			},
			"n=-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := []byte(tc.in)
			if !tc.fails(in) {
				t.Fatalf("the input %q does not fail", in)
			}
			res, err := minimize.Minimize(context.Background(), in, plainRun(tc.fails, nil), minimize.Options{Workers: 1, ExactLength: true, Words: tc.words})
			if err != nil {
				t.Fatal(err)
			}
			if string(res.Input) != tc.want {
				t.Errorf("reduced to %q, want %q (%s)", res.Input, tc.want, tc.reason)
			}
			without, err := minimize.Minimize(context.Background(), in, plainRun(tc.fails, nil), minimize.Options{Workers: 1, ExactLength: true})
			if err != nil {
				t.Fatal(err)
			}
			if string(without.Input) == tc.want {
				t.Errorf("reduced to %q without the words too: the case does not need them", without.Input)
			}
		})
	}
}

// shortWords returns the 52 one- and two-letter lower-case words a..z and
// aa..az: names a package's code is full of.
func shortWords() []string {
	var ws []string
	for c := 'a'; c <= 'z'; c++ {
		ws = append(ws, string(c), "a"+string(c))
	}
	return ws
}

// asciiAlnum reports whether c is an ASCII letter or digit.
func asciiAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// tableUnderValueBug reports whether b is two lines, "key=digit" and
// "[key.name]", with keys and names of lower-case letters and '-', the
// first key the second's table: a header under a key that holds a value.
func tableUnderValueBug(b []byte) bool {
	first, second, ok := bytes.Cut(b, []byte("\n"))
	if !ok {
		return false
	}
	name := func(w []byte) bool {
		return len(w) > 0 && !slices.ContainsFunc(w, func(c byte) bool { return c != '-' && (c < 'a' || c > 'z') })
	}
	key, value, ok := bytes.Cut(first, []byte("="))
	if !ok || !name(key) || len(value) != 1 || value[0] < '0' || value[0] > '9' {
		return false
	}
	if len(second) < 2 || second[0] != '[' || second[len(second)-1] != ']' {
		return false
	}
	table, sub, ok := bytes.Cut(second[1:len(second)-1], []byte("."))
	return ok && name(table) && name(sub) && bytes.Equal(table, key)
}

// nestedFieldBug parses b as fields of a tag byte, a length byte and the
// bytes it counts, a tag-1 field holding fields itself, and reports
// whether a tag-3 field of one byte lies inside a tag-1 field.
func nestedFieldBug(b []byte) bool {
	var walk func(b []byte, depth int) (found, ok bool)
	walk = func(b []byte, depth int) (bool, bool) {
		found := false
		for len(b) > 0 {
			if len(b) < 2 || int(b[1]) > len(b)-2 || b[0] == 0 || b[0] > 3 {
				return false, false
			}
			tag, body := b[0], b[2:2+int(b[1])]
			if tag == 1 {
				f, ok := walk(body, depth+1)
				if !ok {
					return false, false
				}
				found = found || f
			}
			if tag == 3 && len(body) == 1 && depth > 0 {
				found = true
			}
			b = b[2+int(b[1]):]
		}
		return found, true
	}
	found, ok := walk(b, 0)
	return ok && found
}

// paletteChunksBug parses b as chunks of a 4-byte big-endian length, a
// four-letter type and the data, and reports whether a PLTE chunk of
// whole 3-byte entries, at least one, is followed by a TRNS chunk with
// more bytes than the palette has entries.
func paletteChunksBug(b []byte) bool {
	entries := -1
	for len(b) > 0 {
		if len(b) < 8 {
			return false
		}
		n := int(binary.BigEndian.Uint32(b))
		if n > len(b)-8 {
			return false
		}
		typ, data := string(b[4:8]), b[8:8+n]
		switch {
		case typ == "PLTE" && n > 0 && n%3 == 0:
			entries = n / 3
		case typ == "TRNS" && entries > 0 && len(data) > entries:
			return true
		}
		b = b[8+n:]
	}
	return false
}

// selfCountedDoc reads a document at the start of b: a 4-byte
// little-endian length that counts itself and everything up to and
// including a closing zero, and elements between, each a type byte then
// one byte (type 1) or a document (type 3). It reports whether an
// element 1 'X' lies in a document nested depth 1 or deeper, and what
// follows the document.
func selfCountedDoc(b []byte, depth int) (found bool, rest []byte, ok bool) {
	if len(b) < 5 {
		return false, nil, false
	}
	n := int(binary.LittleEndian.Uint32(b))
	if n < 5 || n > len(b) || b[n-1] != 0 {
		return false, nil, false
	}
	body := b[4 : n-1]
	for len(body) > 0 {
		switch body[0] {
		case 1:
			if len(body) < 2 {
				return false, nil, false
			}
			found = found || depth > 0 && body[1] == 'X'
			body = body[2:]
		case 3:
			f, r, ok := selfCountedDoc(body[1:], depth+1)
			if !ok {
				return false, nil, false
			}
			found, body = found || f, r
		default:
			return false, nil, false
		}
	}
	return found, b[n:], true
}
