//go:build probes

package minimize_test

// More plain-bytes probes (see probes_plain_test.go for the harness): PNG
// chunks with CRC-32, a zlib stream with fixed-Huffman blocks, protobuf
// wire format, a DNS response with compression pointers, a MIME
// multipart message, shell parameter expansion, TOML table headers, and a
// go-fuzz-headers harness rendering a table.

import (
	"encoding/base64"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	fuzz "github.com/AdaLogics/go-fuzz-headers"
)

func plainProbes2() []plainProbe {
	return []plainProbe{
		{"pq-png-trns", pqPNG, pqPNGSmallest, genPqPNG},
		{"pq-zlib-fixed", pqZlib, "\x08\x1d\x02\x01", genPqZlib},
		{"pq-protobuf-packed", pqProto, "\x12\x03\x1a\x01\x00", genPqProto},
		{"pq-dns-pointer", pqDNS, "\x00\x00\x80\x00\x00\x00\x00\x00\x00\x00\x00\x01\xc0\x0e", genPqDNS},
		{"pq-mime-multipart", pqMultipart, "CONTENT-TYPE:MULTIPART/!;BOUNDARY='\n\n--'\n\t\n--'", genPqMultipart},
		{"pq-shell-substr", pqShell, "${A:0:1}", genPqShell},
		{"pq-toml-tables", pqTOML, "-=0\n[-.-]", genPqTOML},
		{"pq-gfh-table", pqGfhTable, "\x00\x00\x00\x00\x00\x00\x00\x01" + strings.Repeat("\x00", 9) + "\x01\x00\x00\x00\x02" + strings.Repeat("\x00", 9), genPqGfhTable},
	}
}

// ---- PNG chunks with CRC-32 ----

const pqPNGSig = "\x89PNG\r\n\x1a\n"

// pqPNGChunk is a chunk as written: length, type, data, CRC-32 of type
// and data.
func pqPNGChunk(typ string, data []byte) []byte {
	out := slices.Concat(be32(len(data)), []byte(typ), data)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[4:]))
}

// pqPNGSmallest: the signature, IHDR 1x1 of 1-bit palette indices, a
// PLTE of one black entry, a tRNS of two entries.
var pqPNGSmallest = string(slices.Concat([]byte(pqPNGSig),
	pqPNGChunk("IHDR", []byte{0, 0, 0, 1, 0, 0, 0, 1, 1, 3, 0, 0, 0}),
	pqPNGChunk("PLTE", []byte{0, 0, 0}),
	pqPNGChunk("tRNS", []byte{0, 0})))

// pqPNG reads a PNG's chunks up to IEND, as a decoder does before it
// inflates the image data: the signature, then chunks of a 4-byte
// big-endian length, a 4-letter type, the data and the CRC-32 of type and
// data. IHDR comes first (13 bytes: width and height, nonzero, the bit
// depth, which must suit the color type, compression, filter and
// interlace methods); PLTE (1 to 256 RGB entries, no more than the bit
// depth can index for color type 3) before the image data; tRNS before
// the image data: a gray level (type 0, 2 bytes), an RGB color (type 2, 6
// bytes) or, for a palette image (type 3), up to 256 alpha values for the
// palette's entries, after PLTE; IDAT; IEND ends. Unknown ancillary
// chunks (first letter lower case) are skipped, unknown critical ones
// are an error.
//
// Bug: tRNS may hold more alpha values than PLTE has entries; the check
// is against 256, and merging them into the palette writes past it.
//
// Smallest (62 bytes): the signature, IHDR width 1, height 1, depth 1,
// color type 3, methods 0; PLTE "\x00\x00\x00"; tRNS "\x00\x00"; each
// with its CRC. Argued: the signature and IHDR (8+25 bytes) come first;
// the bug needs a PLTE of k entries (12+3k bytes) and a tRNS of more than
// k values (12+k+1 at least), least with k = 1: 15+14 bytes; any other
// chunk costs 12 bytes more. At that length every chunk is forced; within
// them width and height 1 are the least nonzero, depth 1 the least for
// type 3, which is needed (a lower type never reaches the bug), the
// methods 0, palette and alpha bytes 0, and the CRCs follow.
func pqPNG(b []byte) int {
	if len(b) < 8 || string(b[:8]) != pqPNGSig {
		return -1
	}
	b = b[8:]
	var depth, color byte
	var palette, trns []byte
	idat, chunks, opaque := 0, 0, 0
	for {
		if len(b) < 12 {
			return -1
		}
		n := binary.BigEndian.Uint32(b)
		if n > uint32(len(b)-12) {
			return -1
		}
		typ, data := string(b[4:8]), b[8:8+n]
		if crc32.ChecksumIEEE(b[4:8+n]) != binary.BigEndian.Uint32(b[8+n:]) {
			return -1
		}
		b = b[12+n:]
		for _, c := range []byte(typ) {
			if c < 'A' || c > 'Z' && c < 'a' || c > 'z' {
				return -1
			}
		}
		if (chunks == 0) != (typ == "IHDR") {
			return -1
		}
		chunks++
		switch typ {
		case "IHDR":
			if n != 13 {
				return -1
			}
			w, h := binary.BigEndian.Uint32(data), binary.BigEndian.Uint32(data[4:])
			if w == 0 || h == 0 || w > 1<<31-1 || h > 1<<31-1 {
				return -1
			}
			depth, color = data[8], data[9]
			if data[10] != 0 || data[11] != 0 || data[12] > 1 || !pqPNGDepthOK(depth, color) {
				return -1
			}
		case "PLTE":
			if palette != nil || idat > 0 || n == 0 || n%3 != 0 || n/3 > 256 || color == 0 || color == 4 {
				return -1
			}
			if color == 3 && n/3 > 1<<depth {
				return -1
			}
			palette = data
		case "tRNS":
			if trns != nil || idat > 0 {
				return -1
			}
			switch color {
			case 0:
				if n != 2 {
					return -1
				}
			case 2:
				if n != 6 {
					return -1
				}
			case 3:
				if palette == nil || n > 256 {
					return -1
				}
				for _, e := range pqPNGPaletteAlpha(palette, data) {
					opaque += int(e[3] / 0xff)
				}
			default:
				return -1
			}
			trns = data
		case "IDAT":
			if color == 3 && palette == nil {
				return -1
			}
			idat += int(n)
		case "IEND":
			if idat == 0 {
				return -1
			}
			return idat + opaque
		default:
			if typ[0]&0x20 == 0 {
				return -1
			}
		}
	}
}

// pqPNGDepthOK reports whether depth suits the color type.
func pqPNGDepthOK(depth, color byte) bool {
	switch color {
	case 0:
		return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16
	case 3:
		return depth == 1 || depth == 2 || depth == 4 || depth == 8
	case 2, 4, 6:
		return depth == 8 || depth == 16
	}
	return false
}

// pqPNGPaletteAlpha merges the tRNS alpha values into the palette.
func pqPNGPaletteAlpha(plte, trns []byte) [][4]byte {
	pal := make([][4]byte, len(plte)/3)
	for i := range pal {
		pal[i] = [4]byte{plte[3*i], plte[3*i+1], plte[3*i+2], 0xff}
	}
	for i, a := range trns {
		pal[i][3] = a // BUG: tRNS may have more entries than PLTE
	}
	return pal
}

// genPqPNG writes a palette PNG: IHDR, some ancillary chunks, PLTE, a
// tRNS with more alpha values than PLTE has entries, IDAT chunks of
// (random) compressed data, IEND.
func genPqPNG(r *rand.Rand) []byte {
	depth := ppPick[byte](r, 2, 4, 8)
	out := []byte(pqPNGSig)
	ihdr := slices.Concat(be32(1+r.IntN(640)), be32(1+r.IntN(480)), []byte{depth, 3, 0, 0, byte(r.IntN(2))})
	out = append(out, pqPNGChunk("IHDR", ihdr)...)
	if r.IntN(2) == 0 {
		out = append(out, pqPNGChunk("gAMA", be32(45455))...)
	}
	if r.IntN(2) == 0 {
		out = append(out, pqPNGChunk("sRGB", []byte{byte(r.IntN(4))})...)
	}
	if r.IntN(2) == 0 {
		out = append(out, pqPNGChunk("tEXt", []byte("Software\x00"+ppPick(r, "GIMP 2.10.34", "Adobe ImageReady", "pngcrush 1.8", ppText(r, 10+r.IntN(30), ""))))...)
	}
	k := 1 + r.IntN(min(1<<depth, 60)-1)
	out = append(out, pqPNGChunk("PLTE", ppBytes(r, 3*k))...)
	if r.IntN(2) == 0 {
		out = append(out, pqPNGChunk("pHYs", slices.Concat(be32(2835), be32(2835), []byte{1}))...)
	}
	m := k + 1 + r.IntN(min(256-k, 40))
	out = append(out, pqPNGChunk("tRNS", ppBytes(r, m))...)
	for n := 1 + r.IntN(3); n > 0; n-- {
		out = append(out, pqPNGChunk("IDAT", append([]byte{0x78, 0xda}, ppBytes(r, 20+r.IntN(300))...))...)
	}
	return append(out, pqPNGChunk("IEND", nil)...)
}

// ---- zlib stream, stored and fixed-Huffman blocks ----

// pqBitReader reads bits, least significant first.
type pqBitReader struct {
	b   []byte
	pos int // in bits
}

func (r *pqBitReader) bits(n int) (int, bool) {
	v := 0
	for i := range n {
		if r.pos >= 8*len(r.b) {
			return 0, false
		}
		v |= int(r.b[r.pos>>3]>>(r.pos&7)&1) << i
		r.pos++
	}
	return v, true
}

// huff reads an n-bit Huffman code (most significant bit first).
func (r *pqBitReader) huff(n int) (int, bool) {
	v := 0
	for range n {
		b, ok := r.bits(1)
		if !ok {
			return 0, false
		}
		v = v<<1 | b
	}
	return v, true
}

// fixedLit reads a literal/length symbol of the fixed Huffman code:
// 256-279 in 7 bits, 0-143 and 280-287 in 8, 144-255 in 9.
func (r *pqBitReader) fixedLit() (int, bool) {
	c, ok := r.huff(7)
	if !ok {
		return 0, false
	}
	if c <= 0x17 {
		return 256 + c, true
	}
	b, ok := r.bits(1)
	if !ok {
		return 0, false
	}
	c = c<<1 | b
	switch {
	case c >= 0x30 && c <= 0xbf:
		return c - 0x30, true
	case c >= 0xc0 && c <= 0xc7:
		return 280 + c - 0xc0, true
	}
	if b, ok = r.bits(1); !ok {
		return 0, false
	}
	return 144 + (c<<1 | b) - 0x190, true
}

var (
	pqLenBase   = [...]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	pqLenExtra  = [...]int{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	pqDistBase  = [...]int{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	pqDistExtra = [...]int{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// pqZlib reads a zlib stream: CMF (method 8, a window of 2^(8+CINFO)
// bytes, CINFO at most 7) and FLG (CMF*256+FLG a multiple of 31, no
// preset dictionary), deflate blocks, the Adler-32 of the data. This
// inflater knows stored and fixed-Huffman blocks, not dynamic ones, and
// stops at 64 KiB of output.
//
// Bug: a back-reference's distance is checked against the window, not
// against the output so far.
//
// Smallest "\x08\x1d\x02\x01": CMF 8 (the least with method 8), FLG 0x1d
// (the least making 0x0800+FLG a multiple of 31, no FDICT); then, bits
// from the lowest, BFINAL 0, BTYPE 01 (fixed), the 7-bit code 0000010
// (length 4) and the 5-bit distance code 0 (distance 1) with nothing
// output yet. Checked exhaustively with -plainprobe.brutemax 1<<28 (its
// rank is 0x081d0201, past the default); argued: a length code and a
// distance need 3+7+5 bits after the header, so 4 bytes; byte 2 is at
// least 0x02 (BTYPE 01; stored blocks need 4 more bytes, dynamic ones
// fail), and with it the code begins 00000; its next two bits, the low
// bits of byte 3, give 0x00 the end of the block, after which 6 bits
// cannot hold another block's length and distance, so byte 3 is at
// least 0x01, which is code 258 with distance code 0.
func pqZlib(b []byte) int {
	if len(b) < 2 {
		return -1
	}
	cmf, flg := b[0], b[1]
	if cmf&0x0f != 8 || cmf>>4 > 7 || (int(cmf)<<8|int(flg))%31 != 0 || flg&0x20 != 0 {
		return -1
	}
	out, n, ok := pqInflate(b[2:], 1<<(8+cmf>>4))
	if !ok || len(b)-2-n < 4 || adler32.Checksum(out) != binary.BigEndian.Uint32(b[2+n:]) {
		return -1
	}
	return len(out)
}

// pqInflate inflates deflate blocks from b and returns the output and
// the bytes used.
func pqInflate(b []byte, window int) ([]byte, int, bool) {
	r := &pqBitReader{b: b}
	var out []byte
	for {
		final, ok1 := r.bits(1)
		typ, ok2 := r.bits(2)
		if !ok1 || !ok2 {
			return nil, 0, false
		}
		switch typ {
		case 0:
			i := (r.pos + 7) / 8
			if i+4 > len(b) {
				return nil, 0, false
			}
			n := int(binary.LittleEndian.Uint16(b[i:]))
			if n != int(^binary.LittleEndian.Uint16(b[i+2:])) || i+4+n > len(b) || len(out)+n > 1<<16 {
				return nil, 0, false
			}
			out = append(out, b[i+4:i+4+n]...)
			r.pos = 8 * (i + 4 + n)
		case 1:
			for {
				sym, ok := r.fixedLit()
				if !ok || sym > 285 {
					return nil, 0, false
				}
				if sym < 256 {
					out = append(out, byte(sym))
					continue
				}
				if sym == 256 {
					break
				}
				extra, ok := r.bits(pqLenExtra[sym-257])
				if !ok {
					return nil, 0, false
				}
				length := pqLenBase[sym-257] + extra
				dc, ok := r.huff(5)
				if !ok || dc > 29 {
					return nil, 0, false
				}
				if extra, ok = r.bits(pqDistExtra[dc]); !ok {
					return nil, 0, false
				}
				dist := pqDistBase[dc] + extra
				if dist > window || len(out)+length > 1<<16 {
					return nil, 0, false
				}
				for range length {
					out = append(out, out[len(out)-dist]) // BUG: dist may pass the output's start
				}
			}
		default:
			return nil, 0, false
		}
		if final == 1 {
			return out, (r.pos + 7) / 8, true
		}
	}
}

// pqBitWriter writes bits, least significant first.
type pqBitWriter struct {
	out []byte
	n   int // bits written
}

func (w *pqBitWriter) bits(v, n int) {
	for i := range n {
		if w.n%8 == 0 {
			w.out = append(w.out, 0)
		}
		w.out[len(w.out)-1] |= byte(v>>i&1) << (w.n % 8)
		w.n++
	}
}

func (w *pqBitWriter) huff(c, n int) {
	for i := n - 1; i >= 0; i-- {
		w.bits(c>>i&1, 1)
	}
}

func (w *pqBitWriter) lit(sym int) {
	switch {
	case sym < 144:
		w.huff(0x30+sym, 8)
	case sym < 256:
		w.huff(0x190+sym-144, 9)
	case sym < 280:
		w.huff(sym-256, 7)
	default:
		w.huff(0xc0+sym-280, 8)
	}
}

func (w *pqBitWriter) match(length, dist int) {
	i := len(pqLenBase) - 1
	for pqLenBase[i] > length {
		i--
	}
	w.lit(257 + i)
	w.bits(length-pqLenBase[i], pqLenExtra[i])
	j := len(pqDistBase) - 1
	for pqDistBase[j] > dist {
		j--
	}
	w.huff(j, 5)
	w.bits(dist-pqDistBase[j], pqDistExtra[j])
}

// pqProse is n bytes or so of repetitive English-like text.
func pqProse(r *rand.Rand, n int) string {
	words := []string{"the", "of", "and", "a", "to", "in", "is", "you", "that", "it", "he", "was", "for", "on", "are", "as", "with", "his", "they",
		"data", "stream", "block", "window", "length", "distance", "header", "checksum", "buffer", "output"}
	var b strings.Builder
	for b.Len() < n {
		k := 4 + r.IntN(12)
		for i := range k {
			w := ppPick(r, words...)
			if i == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			b.WriteString(w)
			if i < k-1 {
				b.WriteString(" ")
			}
		}
		b.WriteString(ppPick(r, ". ", ".\n", ", ", "; ", "! "))
		if r.IntN(8) == 0 {
			b.WriteString(ppText(r, 3+r.IntN(20), ""))
		}
	}
	return b.String()
}

// genPqZlib compresses prose into a zlib stream of stored and
// fixed-Huffman blocks (greedy LZ77), with one back-reference somewhere in
// a fixed block corrupted to a distance past the output so far, as a
// mutation leaves it.
func genPqZlib(r *rand.Rand) []byte {
	text := []byte(pqProse(r, 150+r.IntN(1600)))
	type tok struct{ pos, n, dist int } // n 0: a literal
	var toks []tok
	last := map[string]int{}
	for i := 0; i < len(text); {
		best, bd := 0, 0
		if i+3 <= len(text) {
			if j, ok := last[string(text[i:i+3])]; ok {
				n := 0
				for i+n < len(text) && n < 258 && text[j+n] == text[i+n] {
					n++
				}
				best, bd = n, i-j
			}
		}
		step := 1
		if best >= 3 {
			toks = append(toks, tok{i, best, bd})
			step = best
		} else {
			toks = append(toks, tok{i, 0, 0})
		}
		for k := i; k < i+step && k+3 <= len(text); k++ {
			last[string(text[k:k+3])] = k
		}
		i += step
	}
	// Split into blocks; the corrupted one is fixed.
	nb := 1 + r.IntN(4)
	cuts := []int{0}
	for k := 1; k < nb; k++ {
		cuts = append(cuts, r.IntN(len(toks)))
	}
	cuts = append(cuts, len(toks))
	slices.Sort(cuts)
	bad := r.IntN(nb)
	for cuts[bad] == cuts[bad+1] {
		bad = r.IntN(nb)
	}
	w := &pqBitWriter{out: []byte{0x78, ppPick[byte](r, 0x01, 0x5e, 0x9c, 0xda)}, n: 16}
	for k := range nb {
		ts := toks[cuts[k]:cuts[k+1]]
		final := 0
		if k == nb-1 {
			final = 1
		}
		if k != bad && r.IntN(4) == 0 {
			w.bits(final, 1)
			w.bits(0, 2)
			w.n = (w.n + 7) &^ 7
			from, to := len(text), len(text)
			if len(ts) > 0 {
				from, to = ts[0].pos, ts[len(ts)-1].pos+max(1, ts[len(ts)-1].n)
			}
			w.out = append(w.out, byte(to-from), byte((to-from)>>8), ^byte(to-from), ^byte((to-from)>>8))
			w.out = append(w.out, text[from:to]...)
			w.n = 8 * len(w.out)
			continue
		}
		w.bits(final, 1)
		w.bits(1, 2)
		at := -1
		if k == bad {
			at = r.IntN(len(ts))
		}
		for i, t := range ts {
			if i == at {
				w.match(3+r.IntN(40), min(32768, t.pos+1+r.IntN(300)))
			}
			if t.n == 0 {
				w.lit(int(text[t.pos]))
			} else {
				w.match(t.n, t.dist)
			}
		}
		w.lit(256)
	}
	out := binary.BigEndian.AppendUint32(w.out, adler32.Checksum(text))
	if r.IntN(3) == 0 {
		out = append(out, ppBytes(r, r.IntN(100))...)
	}
	return out
}

// ---- protobuf wire format ----

// pqVarint reads a varint: its value and length, 0 if malformed.
func pqVarint(b []byte) (uint64, int) {
	var v uint64
	for i := 0; i < len(b) && i < 10; i++ {
		v |= uint64(b[i]&0x7f) << (7 * i)
		if b[i] < 0x80 {
			return v, i + 1
		}
	}
	return 0, 0
}

type pqField struct {
	num, wire int
	v         uint64
	data      []byte
}

// pqProtoNext reads one field: its key, then a varint (wire type 0), 8
// bytes (1), a length and that many bytes (2) or 4 bytes (5).
func pqProtoNext(b []byte) (pqField, []byte, bool) {
	var f pqField
	key, n := pqVarint(b)
	if n == 0 || key>>3 == 0 || key>>3 > 1<<29-1 {
		return f, nil, false
	}
	f.num, f.wire = int(key>>3), int(key&7)
	b = b[n:]
	switch f.wire {
	case 0:
		if f.v, n = pqVarint(b); n == 0 {
			return f, nil, false
		}
		b = b[n:]
	case 1:
		if len(b) < 8 {
			return f, nil, false
		}
		f.v, b = binary.LittleEndian.Uint64(b), b[8:]
	case 2:
		l, n := pqVarint(b)
		if n == 0 || l > uint64(len(b)-n) {
			return f, nil, false
		}
		f.data, b = b[n:n+int(l)], b[n+int(l):]
	case 5:
		if len(b) < 4 {
			return f, nil, false
		}
		f.v, b = uint64(binary.LittleEndian.Uint32(b)), b[4:]
	default:
		return f, nil, false
	}
	return f, b, true
}

// pqProto decodes a Document in protobuf wire format:
//
//	message Document { string title = 1; repeated Section sections = 2; uint64 version = 3; }
//	message Section {
//	  string heading = 1; uint32 level = 2;
//	  repeated fixed32 offsets = 3; // packed or not
//	  repeated Section children = 4;
//	}
//
// Unknown fields are skipped, a known field with another wire type is an
// error, strings must be UTF-8, levels at most 6, sections at most 16
// deep.
//
// Bug: packed offsets are read 4 bytes at a time without checking that
// the length is a multiple of 4.
//
// Smallest "\x12\x03\x1a\x01\x00": a section (field 2, length 3) holding
// packed offsets (field 3, wire type 2) of one byte. Argued: the bug
// needs a section around offsets of length not a multiple of 4, 2+1+1
// bytes at least for the offsets and 2 for the section's key and length;
// a field before the section costs 2 bytes more; 0x12 is the section's
// key, 3 its length, 0x1a the offsets' key (a child, 0x22, would cost
// more), 1 the least bad length, 0 the least byte. Checked outside the
// harness (which stops at 3 bytes): every input of up to 4 bytes, and
// the 5-byte ones before it over 19 likely bytes.
func pqProto(b []byte) int {
	n := 0
	for len(b) > 0 {
		f, rest, ok := pqProtoNext(b)
		if !ok {
			return -1
		}
		b = rest
		switch f.num {
		case 1:
			if f.wire != 2 || !utf8.Valid(f.data) {
				return -1
			}
			n += len(f.data)
		case 2:
			if f.wire != 2 {
				return -1
			}
			s, ok := pqProtoSection(f.data, 1)
			if !ok {
				return -1
			}
			n += s
		case 3:
			if f.wire != 0 {
				return -1
			}
		}
	}
	return n
}

func pqProtoSection(b []byte, depth int) (int, bool) {
	if depth > 16 {
		return 0, false
	}
	sum := 0
	for len(b) > 0 {
		f, rest, ok := pqProtoNext(b)
		if !ok {
			return 0, false
		}
		b = rest
		switch f.num {
		case 1:
			if f.wire != 2 || !utf8.Valid(f.data) {
				return 0, false
			}
		case 2:
			if f.wire != 0 || f.v > 6 {
				return 0, false
			}
		case 3:
			switch f.wire {
			case 5:
				sum += int(f.v)
			case 2:
				p := f.data
				for i := 0; i < len(p); i += 4 {
					sum += int(uint32(p[i]) | uint32(p[i+1])<<8 | uint32(p[i+2])<<16 | uint32(p[i+3])<<24) // BUG: the length may not be a multiple of 4
				}
			default:
				return 0, false
			}
		case 4:
			if f.wire != 2 {
				return 0, false
			}
			s, ok := pqProtoSection(f.data, depth+1)
			if !ok {
				return 0, false
			}
			sum += s
		}
	}
	return sum, true
}

func pqAppendVarint(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func pqAppendField(b []byte, num int, data []byte) []byte {
	b = pqAppendVarint(b, uint64(num)<<3|2)
	return append(pqAppendVarint(b, uint64(len(data))), data...)
}

// genPqProto writes a Document of sections nesting up to three deep,
// with headings, levels, packed and unpacked offsets and unknown fields;
// one section somewhere has packed offsets whose length is not a
// multiple of 4.
func genPqProto(r *rand.Rand) []byte {
	nsec := 0
	bugAt := -1
	var section func(depth int) []byte
	section = func(depth int) []byte {
		me := nsec
		nsec++
		var s []byte
		s = pqAppendField(s, 1, []byte(strings.ToUpper(ppWord(r, 1, 1))+ppWord(r, 3, 12)+" "+ppWord(r, 2, 10)))
		s = pqAppendVarint(append(s, 0x10), uint64(depth))
		offsets := func(bad bool) {
			n := 4 * r.IntN(12)
			if bad {
				n += 1 + r.IntN(3)
			}
			s = pqAppendField(s, 3, ppBytes(r, n))
		}
		if me == bugAt {
			offsets(true)
		} else if r.IntN(3) > 0 {
			if r.IntN(3) == 0 {
				for k := 1 + r.IntN(4); k > 0; k-- {
					s = append(append(s, 0x1d), ppBytes(r, 4)...)
				}
			} else {
				offsets(false)
			}
		}
		if r.IntN(4) == 0 { // an unknown field
			s = pqAppendField(s, 9+r.IntN(6), ppBytes(r, r.IntN(40)))
		}
		if depth < 3 {
			for k := r.IntN(3); k > 0; k-- {
				s = pqAppendField(s, 4, section(depth+1))
			}
		}
		return s
	}
	for {
		nsec = 0
		bugAt = r.IntN(8)
		var out []byte
		out = pqAppendField(out, 1, []byte(ppText(r, 10+r.IntN(60), "")))
		out = pqAppendVarint(append(out, 0x18), uint64(r.IntN(1<<20)))
		for k := 2 + r.IntN(5); k > 0; k-- {
			out = pqAppendField(out, 2, section(1))
		}
		if r.IntN(2) == 0 {
			out = pqAppendVarint(append(out, 0x78), r.Uint64()) // field 15, unknown
		}
		if nsec > bugAt && len(out) <= 2000 {
			return out
		}
	}
}

// ---- DNS response with compression pointers ----

// pqDNS reads a DNS response: a 12-byte header (QR set; the counts of
// questions, answers, authority and additional records), the questions
// (a name, type and class) and the records (a name, type, class, TTL, a
// 2-byte data length and the data). Names are labels (a length of 1 to
// 63 and that many bytes, 0 ends) and compression pointers (two bytes,
// 0xc0 and up, 14 bits of offset, at most 16 followed). The data of A
// and AAAA records must be 4 and 16 bytes, that of NS, CNAME and PTR a
// name filling it, of MX a preference and a name, of TXT strings of a
// length byte and that many bytes.
//
// Bug: a pointer's offset is checked with > where >= is needed, so a
// pointer to the message's end reads past it.
//
// Smallest (14 bytes) "\x00\x00\x80\x00" "\x00\x00\x00\x00\x00\x00\x00\x01"
// "\xc0\x0e": ID 0, QR set, one additional record whose name is a pointer
// to 14. Argued: a name is only read at 12 and on, so a pointer at 12 at
// the least (a label needs the byte after it, a first name of one byte
// is the root, after which the record's fixed fields are missing): 14
// bytes, pointing to 14. The header is the least that reads a name (QR
// is the top bit of byte 2; the additional count is the last); a pointer
// into the header (offsets 0 to 11) finds the root, a reserved label type
// or a label running past the end, and one to 12 or 13 loops or runs
// past the end.
func pqDNS(b []byte) int {
	if len(b) < 12 || b[2]&0x80 == 0 {
		return -1
	}
	n, off := 0, 12
	for sec := range 4 {
		for range int(binary.BigEndian.Uint16(b[4+2*sec:])) {
			if off >= len(b) {
				return -1
			}
			name, next, ok := pqDNSName(b, off)
			if !ok {
				return -1
			}
			n += len(name)
			off = next
			if sec == 0 {
				if off+4 > len(b) {
					return -1
				}
				off += 4
				continue
			}
			if off+10 > len(b) {
				return -1
			}
			typ, rdlen := binary.BigEndian.Uint16(b[off:]), int(binary.BigEndian.Uint16(b[off+8:]))
			off += 10
			if off+rdlen > len(b) {
				return -1
			}
			switch typ {
			case 1, 28: // A, AAAA
				if typ == 1 && rdlen != 4 || typ == 28 && rdlen != 16 {
					return -1
				}
			case 2, 5, 12, 15: // NS, CNAME, PTR, MX
				at := off
				if typ == 15 {
					at += 2
				}
				if at >= off+rdlen {
					return -1
				}
				target, end, ok := pqDNSName(b, at)
				if !ok || end != off+rdlen {
					return -1
				}
				n += len(target)
			case 16: // TXT
				for i := off; i < off+rdlen; i += 1 + int(b[i]) {
					if i+1+int(b[i]) > off+rdlen {
						return -1
					}
				}
			}
			off += rdlen
		}
	}
	return n
}

// pqDNSName reads the name at off (< len(msg)) and returns it, dotted,
// and where the name ends in place (after its first pointer, if any).
func pqDNSName(msg []byte, off int) (string, int, bool) {
	var name []byte
	next, hops, wire := -1, 0, 0
	for {
		c := int(msg[off])
		switch {
		case c == 0:
			if next < 0 {
				next = off + 1
			}
			return string(name), next, true
		case c < 0x40:
			if off+1+c >= len(msg) {
				return "", 0, false
			}
			if wire += 1 + c; wire > 255 {
				return "", 0, false
			}
			name = append(append(name, msg[off+1:off+1+c]...), '.')
			off += 1 + c
		case c >= 0xc0:
			if off+1 >= len(msg) {
				return "", 0, false
			}
			ptr := (c&0x3f)<<8 | int(msg[off+1])
			if ptr > len(msg) { // BUG: a pointer to the end passes
				return "", 0, false
			}
			if next < 0 {
				next = off + 2
			}
			if hops++; hops > 16 {
				return "", 0, false
			}
			off = ptr
		default:
			return "", 0, false
		}
	}
}

// genPqDNS writes a response: the question, answers (CNAME, A, AAAA,
// TXT, MX) compressed against it, NS records, additional A records and
// an OPT record; one compression pointer somewhere after the question is
// changed to point at the message's end.
func genPqDNS(r *rand.Rand) []byte {
	msg := binary.BigEndian.AppendUint16(nil, uint16(r.Uint32()))
	msg = binary.BigEndian.AppendUint16(msg, uint16(0x8180|ppPick(r, 0, 0x0400)|ppPick(r, 0, 0, 3)))
	msg = append(msg, make([]byte, 8)...)
	var ptrs []int // where the pointers after the question are
	// name writes labels, then a pointer to at (or the root if at < 0),
	// and returns where each label began.
	name := func(labels []string, at int) []int {
		var starts []int
		for _, l := range labels {
			starts = append(starts, len(msg))
			msg = append(append(msg, byte(len(l))), l...)
		}
		if at < 0 {
			msg = append(msg, 0)
		} else {
			ptrs = append(ptrs, len(msg))
			msg = binary.BigEndian.AppendUint16(msg, uint16(0xc000|at))
		}
		return starts
	}
	rr := func(typ, class int, ttl uint32, rdata func()) {
		msg = binary.BigEndian.AppendUint16(msg, uint16(typ))
		msg = binary.BigEndian.AppendUint16(msg, uint16(class))
		msg = binary.BigEndian.AppendUint32(msg, ttl)
		at := len(msg)
		msg = append(msg, 0, 0)
		rdata()
		binary.BigEndian.PutUint16(msg[at:], uint16(len(msg)-at-2))
	}
	domain := []string{ppWord(r, 3, 12), ppPick(r, "com", "org", "net", "io", "de")}
	q := name(append([]string{ppPick(r, "www", "api", "mail", "cdn", "static")}, domain...), -1)
	qtype := ppPick(r, 1, 28, 16, 15)
	msg = binary.BigEndian.AppendUint16(msg, uint16(qtype))
	msg = binary.BigEndian.AppendUint16(msg, 1)
	binary.BigEndian.PutUint16(msg[4:], 1)
	counts := [3]int{}
	owner := q[0]
	if r.IntN(2) == 0 { // a CNAME first
		var t []int
		name(nil, owner)
		rr(5, 1, uint32(r.IntN(86400)), func() { t = name([]string{"edge" + strconv.Itoa(r.IntN(100)), ppWord(r, 3, 8)}, q[1]) })
		owner = t[0]
		counts[0]++
	}
	for k := 1 + r.IntN(5); k > 0; k-- {
		name(nil, owner)
		ttl := uint32(r.IntN(86400))
		switch qtype {
		case 1:
			rr(1, 1, ttl, func() { msg = append(msg, ppBytes(r, 4)...) })
		case 28:
			rr(28, 1, ttl, func() { msg = append(msg, ppBytes(r, 16)...) })
		case 16:
			rr(16, 1, ttl, func() {
				for j := 1 + r.IntN(3); j > 0; j-- {
					s := ppPick(r, "v=spf1 include:_spf."+domain[0]+"."+domain[1]+" ~all", "google-site-verification="+ppWord(r, 20, 43), ppText(r, r.IntN(120), ""))
					msg = append(append(msg, byte(len(s))), s...)
				}
			})
		case 15:
			rr(15, 1, ttl, func() {
				msg = binary.BigEndian.AppendUint16(msg, uint16(10*r.IntN(5)))
				name([]string{ppPick(r, "mx", "mail", "smtp") + strconv.Itoa(r.IntN(5))}, q[1])
			})
		}
		counts[0]++
	}
	var nss []int
	for k := r.IntN(4); k > 0; k-- {
		name(nil, q[1])
		rr(2, 1, 172800, func() { nss = append(nss, name([]string{"ns" + strconv.Itoa(k)}, q[1])[0]) })
		counts[1]++
	}
	for _, ns := range nss {
		if r.IntN(2) == 0 {
			name(nil, ns)
			rr(1, 1, 172800, func() { msg = append(msg, ppBytes(r, 4)...) })
			counts[2]++
		}
	}
	if r.IntN(2) == 0 { // OPT
		msg = append(msg, 0)
		msg = binary.BigEndian.AppendUint16(msg, 41)
		msg = binary.BigEndian.AppendUint16(msg, 4096)
		msg = append(msg, 0, 0, 0, 0, 0, 0)
		counts[2]++
	}
	for i, c := range counts {
		binary.BigEndian.PutUint16(msg[6+2*i:], uint16(c))
	}
	bad := ptrs[r.IntN(len(ptrs))]
	binary.BigEndian.PutUint16(msg[bad:], uint16(0xc000|len(msg)))
	return msg
}

// ---- MIME multipart ----

type pqHeader struct{ name, value string }

// pqMultipart reads a MIME message whose body is multipart: header lines
// "Name: value" (a name of printable ASCII other than ':'; lines
// beginning with a space or tab continue the previous one) up to an
// empty line; Content-Type (any case) must be multipart/<subtype> with
// a boundary parameter (a token or a quoted string, 1 to 70 of RFC 2046's
// boundary characters); the body's lines "--boundary" (trailing white
// space allowed) begin parts and "--boundary--" ends the last; each part
// has its own header lines, an empty line and its content; a part is
// read when the next delimiter is found. Lines end in "\n" or "\r\n".
//
// Bug: the part header reader, unlike the message's, appends a
// continuation line to the previous header without checking that there
// is one.
//
// Smallest (46 bytes) "CONTENT-TYPE:MULTIPART/!;BOUNDARY='\n\n--'\n\t\n--'":
// the least Content-Type header, the empty line, a delimiter, a part
// whose first line is a tab, and the next delimiter. Argued: the header
// needs its 12-letter name and ':', "multipart/", a subtype of 1 byte,
// ";boundary=" and a boundary of 1 byte (35); then two line ends, the
// delimiter line (4), a continuation line of at least one byte and its
// end (2), and a delimiter ending the part (3). At that length nothing is
// optional: letters in upper case, '!' the least token byte, "'" the
// least boundary character (it is a token byte too), "\n" for line ends,
// and '\t' before ' '; "--'" is shorter than the closing "--'--".
func pqMultipart(b []byte) int {
	lines := strings.Split(string(b), "\n")
	for i := range lines {
		lines[i] = strings.TrimSuffix(lines[i], "\r")
	}
	var hdrs []pqHeader
	i := 0
	for ; ; i++ {
		if i == len(lines) {
			return -1
		}
		l := lines[i]
		if l == "" {
			i++
			break
		}
		if l[0] == ' ' || l[0] == '\t' {
			if len(hdrs) == 0 {
				return -1
			}
			hdrs[len(hdrs)-1].value += " " + strings.TrimSpace(l)
			continue
		}
		name, value, ok := strings.Cut(l, ":")
		if !ok || !pqFieldName(name) {
			return -1
		}
		hdrs = append(hdrs, pqHeader{name, strings.TrimSpace(value)})
	}
	boundary := ""
	for _, h := range hdrs {
		if strings.EqualFold(h.name, "Content-Type") {
			boundary = pqBoundary(h.value)
			break
		}
	}
	if boundary == "" {
		return -1
	}
	delim := "--" + boundary
	var part []string
	in, n := false, 0
	for ; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t")
		if l == delim || l == delim+"--" {
			if in {
				hs, body, ok := pqPartHeaders(part)
				if !ok {
					return -1
				}
				n += len(hs) + len(body)
			}
			if l != delim {
				return n
			}
			in, part = true, nil
			continue
		}
		if in {
			part = append(part, lines[i])
		}
	}
	return -1 // no closing delimiter
}

// pqPartHeaders reads a part's header lines and returns them and the
// content's lines.
func pqPartHeaders(lines []string) ([]pqHeader, []string, bool) {
	var hdrs []pqHeader
	for i, l := range lines {
		if l == "" {
			return hdrs, lines[i+1:], true
		}
		if l[0] == ' ' || l[0] == '\t' {
			hdrs[len(hdrs)-1].value += " " + strings.TrimSpace(l) // BUG: the first line may continue nothing
			continue
		}
		name, value, ok := strings.Cut(l, ":")
		if !ok || !pqFieldName(name) {
			return nil, nil, false
		}
		hdrs = append(hdrs, pqHeader{name, strings.TrimSpace(value)})
	}
	return hdrs, nil, true
}

func pqFieldName(s string) bool {
	for i := range len(s) {
		if s[i] < 33 || s[i] > 126 {
			return false
		}
	}
	return s != ""
}

// pqTokenByte reports whether c may be in a MIME token.
func pqTokenByte(c byte) bool {
	return c > ' ' && c < 0x7f && !strings.ContainsRune(`()<>@,;:\"/[]?=`, rune(c))
}

// pqBoundary returns the boundary of a multipart Content-Type value, or
// "".
func pqBoundary(v string) string {
	i := 0
	token := func() string {
		j := i
		for i < len(v) && pqTokenByte(v[i]) {
			i++
		}
		return v[j:i]
	}
	ws := func() {
		for i < len(v) && (v[i] == ' ' || v[i] == '\t') {
			i++
		}
	}
	typ := token()
	if !strings.EqualFold(typ, "multipart") || i == len(v) || v[i] != '/' {
		return ""
	}
	i++
	if token() == "" {
		return ""
	}
	boundary := ""
	for {
		ws()
		if i == len(v) {
			break
		}
		if v[i] != ';' {
			return ""
		}
		i++
		ws()
		name := token()
		if name == "" || i == len(v) || v[i] != '=' {
			return ""
		}
		i++
		var val string
		if i < len(v) && v[i] == '"' {
			var b strings.Builder
			for i++; ; i++ {
				if i == len(v) {
					return ""
				}
				if v[i] == '"' {
					i++
					break
				}
				if v[i] == '\\' && i+1 < len(v) {
					i++
				}
				b.WriteByte(v[i])
			}
			val = b.String()
		} else if val = token(); val == "" {
			return ""
		}
		if strings.EqualFold(name, "boundary") {
			boundary = val
		}
	}
	if len(boundary) > 70 || strings.HasSuffix(boundary, " ") {
		return ""
	}
	for i := range len(boundary) {
		c := boundary[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.IndexByte("'()+_,-./:=? ", c) >= 0) {
			return ""
		}
	}
	return boundary
}

// genPqMultipart writes an e-mail with attachments: headers (the
// Content-Type's boundary parameter sometimes on a folded line), a
// preamble, parts with their headers and text or base64 content, the
// closing delimiter and an epilogue; one part's first header line begins
// with white space.
func genPqMultipart(r *rand.Rand) []byte {
	nl := ppPick(r, "\r\n", "\n")
	var boundary, param string
	switch r.IntN(3) {
	case 0:
		boundary = "----=_Part_" + strconv.Itoa(r.IntN(1000)) + "_" + strconv.Itoa(r.IntN(1e9)) + "." + strconv.Itoa(r.IntN(1e13))
		param = `boundary="` + boundary + `"`
	case 1:
		boundary = "----WebKitFormBoundary" + ppWord(r, 16, 16)
		param = "boundary=" + boundary
	default:
		boundary = "_=" + strings.ToUpper(ppWord(r, 20, 30))
		param = `boundary="` + boundary + `"`
	}
	var b strings.Builder
	line := func(s string) { b.WriteString(s + nl) }
	user := ppWord(r, 3, 8)
	line("From: " + strings.ToUpper(user[:1]) + user[1:] + " <" + user + "@" + ppWord(r, 4, 9) + ".org>")
	line("To: " + ppWord(r, 3, 8) + "@example.com")
	line("Subject: " + ppText(r, 10+r.IntN(50), ""))
	line("Date: Mon, " + strconv.Itoa(1+r.IntN(28)) + " Jan 2024 " + strconv.Itoa(10+r.IntN(14)) + ":" + strconv.Itoa(10+r.IntN(50)) + ":00 +0000")
	line("Message-ID: <" + ppWord(r, 10, 20) + "@" + ppWord(r, 4, 9) + ".example.com>")
	line("MIME-Version: 1.0")
	sub := ppPick(r, "mixed", "alternative", "related", "form-data")
	if r.IntN(2) == 0 {
		line("Content-Type: multipart/" + sub + ";")
		line(ppPick(r, "\t", " ") + param)
	} else {
		line("Content-Type: multipart/" + sub + "; " + param)
	}
	line("")
	if r.IntN(2) == 0 {
		line("This is a multi-part message in MIME format.")
	}
	nparts := 2 + r.IntN(3)
	bug := r.IntN(nparts)
	for k := range nparts {
		line("--" + boundary)
		var hs []string
		b64 := r.IntN(2) == 0
		if b64 {
			file := ppWord(r, 3, 10) + ppPick(r, ".pdf", ".png", ".zip", ".bin")
			hs = append(hs, "Content-Type: application/octet-stream; name=\""+file+"\"",
				"Content-Disposition: attachment;", "\tfilename=\""+file+"\"", "Content-Transfer-Encoding: base64")
		} else {
			hs = append(hs, "Content-Type: text/plain; charset="+ppPick(r, "utf-8", "\"us-ascii\"", "ISO-8859-1"),
				"Content-Transfer-Encoding: "+ppPick(r, "7bit", "8bit", "quoted-printable"))
		}
		if k == bug {
			hs[0] = ppPick(r, " ", "\t", "  ") + hs[0]
		}
		for _, h := range hs {
			line(h)
		}
		line("")
		if b64 {
			enc := base64.StdEncoding.EncodeToString(ppBytes(r, 20+r.IntN(120)))
			for len(enc) > 76 {
				line(enc[:76])
				enc = enc[76:]
			}
			line(enc)
		} else {
			for j := 1 + r.IntN(5); j > 0; j-- {
				line(ppText(r, r.IntN(70), "-"))
			}
		}
	}
	line("--" + boundary + "--")
	if r.IntN(2) == 0 {
		b.WriteString(ppText(r, r.IntN(100), ""))
	}
	return []byte(b.String())
}

// ---- shell parameter expansion ----

// pqShell reads a shell script as sh does to expand its words: commands
// end at newlines, ';', '&' and '|'; '#' at a word's start begins a
// comment; words are made of plain bytes, '\' escapes, '...' and "..."
// (in which $ expands and '\' escapes $ ` " \), $NAME, ${...}, $(...) and
// `...` (command substitutions, not run: they expand to nothing), and
// special parameters ($?, $#, $$, $!, $0 to $9). A word NAME=value
// before a command's first other word sets the variable; unset variables
// are empty.
//
// In ${...}: ${NAME}, ${#NAME}, ${NAME-word}, ${NAME:-word}, ${NAME=word},
// ${NAME:=word}, ${NAME+word}, ${NAME:+word}, ${NAME#prefix},
// ${NAME%suffix} (literal) and ${NAME:offset} and ${NAME:offset:length},
// decimal, as in bash: an offset past the value's end gives nothing, a
// length past it gives the rest.
//
// Bug: the length is not cut at the value's end.
//
// Smallest "${A:0:1}": the first byte of the unset A. Argued: only the
// substring with a length reaches the bug, and it needs "${", a name, ":",
// an offset, ":", a length and "}", 8 bytes, with nothing around it; 'A'
// is the least name, 0 the least offset, 1 the least length that passes
// the end of an empty value. Checked outside the harness (which stops
// at 3 bytes): every input of up to 6 bytes over 18 of the script's
// special bytes, of 7 bytes and of 8 before it over 12 of them.
func pqShell(b []byte) int {
	s := string(b)
	vars := map[string]string{}
	words, i := 0, 0
	start := true // before the command's first word that is not an assignment
	for i < len(s) {
		switch c := s[i]; {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == '\n' || c == ';' || c == '&' || c == '|':
			i++
			start = true
			continue
		case c == '<' || c == '>':
			i++
			continue
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		raw := i
		w, next, ok := pqShellWord(s, i, vars)
		if !ok {
			return -1
		}
		i = next
		words++
		if name, _, found := strings.Cut(s[raw:next], "="); start && found && pqShellName(name) {
			_, value, _ := strings.Cut(w, "=")
			vars[name] = value
			continue
		}
		start = false
	}
	return words
}

func pqShellName(s string) bool {
	for i := range len(s) {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// pqShellWord reads the word at i and returns its expansion and where it
// ends.
func pqShellWord(s string, i int, vars map[string]string) (string, int, bool) {
	var w strings.Builder
	quoted := false
	for i < len(s) {
		c := s[i]
		switch {
		case !quoted && strings.IndexByte(" \t\n;&|<>", c) >= 0:
			return w.String(), i, true
		case c == '\\':
			if i+1 == len(s) {
				return "", 0, false
			}
			if n := s[i+1]; !quoted || strings.IndexByte("$`\"\\\n", n) >= 0 {
				if n != '\n' {
					w.WriteByte(n)
				}
			} else {
				w.WriteString(s[i : i+2])
			}
			i += 2
		case c == '\'' && !quoted:
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return "", 0, false
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 2
		case c == '"':
			quoted = !quoted
			i++
		case c == '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				return "", 0, false
			}
			i += j + 2
		case c == '$':
			v, next, ok := pqShellDollar(s, i, vars)
			if !ok {
				return "", 0, false
			}
			w.WriteString(v)
			i = next
		default:
			w.WriteByte(c)
			i++
		}
	}
	if quoted {
		return "", 0, false
	}
	return w.String(), i, true
}

// pqShellDollar expands the $ at i.
func pqShellDollar(s string, i int, vars map[string]string) (string, int, bool) {
	if i+1 == len(s) {
		return "$", i + 1, true
	}
	switch c := s[i+1]; {
	case c == '{':
		j := strings.IndexByte(s[i+2:], '}')
		if j < 0 {
			return "", 0, false
		}
		v, ok := pqShellParam(s[i+2:i+2+j], vars)
		return v, i + 3 + j, ok
	case c == '(':
		depth := 0
		for j := i + 1; j < len(s); j++ {
			switch s[j] {
			case '(':
				depth++
			case ')':
				if depth--; depth == 0 {
					return "", j + 1, true
				}
			}
		}
		return "", 0, false
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		j := i + 1
		for j < len(s) && pqShellName(s[i+1:j+1]) {
			j++
		}
		return vars[s[i+1:j]], j, true
	case strings.IndexByte("?#$!0123456789", c) >= 0:
		return "0", i + 2, true
	}
	return "$", i + 1, true
}

// pqShellParam expands the inside of ${...}.
func pqShellParam(e string, vars map[string]string) (string, bool) {
	if strings.HasPrefix(e, "#") && pqShellName(e[1:]) {
		return strconv.Itoa(len(vars[e[1:]])), true
	}
	j := 0
	for j < len(e) && pqShellName(e[:j+1]) {
		j++
	}
	name, op := e[:j], e[j:]
	if name == "" {
		return "", false // bad substitution
	}
	v, set := vars[name]
	if op == "" {
		return v, true
	}
	colon := op[0] == ':'
	if colon {
		op = op[1:]
	}
	if colon && op != "" && op[0] >= '0' && op[0] <= '9' { // ${NAME:offset[:length]}
		o, l, hasLen := strings.Cut(op, ":")
		off, err := strconv.Atoi(o)
		if err != nil || off < 0 {
			return "", false
		}
		if off > len(v) {
			return "", true
		}
		if !hasLen {
			return v[off:], true
		}
		n, err := strconv.Atoi(l)
		if err != nil || n < 0 {
			return "", false
		}
		return v[off : off+n], true // BUG: the length may pass the end
	}
	if op == "" {
		return "", false
	}
	word, empty := op[1:], !set || colon && v == ""
	switch op[0] {
	case '-':
		if empty {
			return word, true
		}
		return v, true
	case '=':
		if empty {
			vars[name] = word
			return word, true
		}
		return v, true
	case '+':
		if empty {
			return "", true
		}
		return word, true
	case '?':
		if empty {
			return "", false
		}
		return v, true
	}
	if colon {
		return "", false
	}
	switch op[0] {
	case '#':
		return strings.TrimPrefix(v, word), true
	case '%':
		return strings.TrimSuffix(v, word), true
	}
	return "", false
}

// genPqShell writes an install script: assignments, commands with
// quoted and expanded words, pipes, comments, substrings within their
// values; one substring's length passes its variable's end.
func genPqShell(r *rand.Rand) []byte {
	type variable struct{ name, value string }
	var set []variable
	var b strings.Builder
	b.WriteString("#!/bin/sh\n# " + ppText(r, 10+r.IntN(50), "") + "\nset -eu\n\n")
	assign := func(name, value string) {
		set = append(set, variable{name, value})
		switch r.IntN(3) {
		case 0:
			b.WriteString(name + "=" + value + "\n")
		case 1:
			b.WriteString(name + "=\"" + value + "\"\n")
		default:
			b.WriteString(name + "='" + value + "'\n")
		}
	}
	assign("NAME", ppWord(r, 3, 10))
	assign("VERSION", strconv.Itoa(r.IntN(10))+"."+strconv.Itoa(r.IntN(20))+"."+strconv.Itoa(r.IntN(100)))
	commit := make([]byte, 4+r.IntN(8))
	for i := range commit {
		commit[i] = "0123456789abcdef"[r.IntN(16)]
	}
	assign("COMMIT", string(commit))
	b.WriteString("PREFIX=${PREFIX:-/usr/local}\n")
	set = append(set, variable{"PREFIX", "/usr/local"})
	lines := []string{
		`echo "Installing $NAME ${VERSION} to ${PREFIX}..."`,
		`mkdir -p "${DESTDIR}$PREFIX/bin" "$PREFIX/share/$NAME"`,
		`cp build/$NAME "$PREFIX/bin/" || exit 1`,
		`if [ -n "${DEBUG:-}" ]; then echo 'debug build'; fi`,
		`for f in src/*.c; do cc -O2 -c "$f" -o "${f%.c}.o"; done`,
		`export PATH="$PREFIX/bin:$PATH"`,
		`today=$(date +%Y-%m-%d)`,
		`tar -czf "$NAME-$VERSION.tar.gz" -C build . 2>/dev/null`,
		`test -f /etc/os-release && . /etc/os-release`,
		`echo "built at $(date) by ` + "`whoami`" + `" >> build.log`,
		`# ` + ppText(r, r.IntN(60), ""),
		`printf '%s\n' "` + ppText(r, r.IntN(40), "\"\\$`") + `" | tee -a notes.txt`,
	}
	sub := func(v variable, bad bool) string {
		off := r.IntN(len(v.value) + 1)
		n := r.IntN(len(v.value) - off + 1)
		if bad {
			off = r.IntN(len(v.value))
			n = len(v.value) - off + 1 + r.IntN(10)
		}
		return "${" + v.name + ":" + strconv.Itoa(off) + ":" + strconv.Itoa(n) + "}"
	}
	for k := 2 + r.IntN(8); k > 0; k-- {
		if r.IntN(4) == 0 {
			v := ppPick(r, set...)
			b.WriteString(ppPick(r, "short", "tag", "head") + "=" + sub(v, false) + "\n")
			continue
		}
		b.WriteString(ppPick(r, lines...) + "\n")
	}
	v := ppPick(r, set...)
	b.WriteString(ppPick(r, `SHORT=`+sub(v, true), `echo "release: `+sub(v, true)+`"`, `ln -sf "$PREFIX/bin/$NAME" "$PREFIX/bin/`+sub(v, true)+`"`) + "\n")
	for k := r.IntN(6); k > 0; k-- {
		b.WriteString(ppPick(r, lines...) + "\n")
	}
	if r.IntN(2) == 0 {
		b.WriteString(ppText(r, r.IntN(80), ""))
	}
	return []byte(b.String())
}

// ---- TOML tables ----

// pqTOMLParser reads TOML: key = value lines (keys dotted, bare or
// quoted), [table] and [[array of tables]] headers, comments; values are
// basic and literal strings (one line), integers, floats, booleans,
// arrays (which may span lines) and inline tables.
type pqTOMLParser struct {
	s       string
	i       int
	root    map[string]any
	defined map[uintptr]bool // tables defined by a header
}

// pqTOML parses a TOML document.
//
// Bug: a table header's path is walked asserting that each key before
// the last holds a table (or an array of tables), but a key = value line
// may have put a value there.
//
// Smallest "-=0\n[-.-]": key "-" set to 0, then a header through it.
// Argued: a value (3 bytes at least, "k=v"), a line end, and a header with
// two keys (5 bytes at least); a value defined under a header, or through
// an array, costs more. At 9 bytes every byte is forced but the keys and
// the value: '-' is the least bare key byte (a quoted key costs 2 more),
// 0 the least value. Checked outside the harness (which stops at 3
// bytes): every input of up to 7 bytes over 14 of the format's bytes, of
// 8 bytes and of 9 before it over 9 of them.
func pqTOML(b []byte) int {
	p := &pqTOMLParser{s: string(b), root: map[string]any{}, defined: map[uintptr]bool{}}
	cur := p.root
	for {
		p.blank()
		if p.i == len(p.s) {
			return len(p.root)
		}
		if p.s[p.i] == '[' {
			array := strings.HasPrefix(p.s[p.i:], "[[")
			if p.i++; array {
				p.i++
			}
			path, ok := p.key()
			if !ok || !strings.HasPrefix(p.s[p.i:], "]") || array && !strings.HasPrefix(p.s[p.i:], "]]") {
				return -1
			}
			if p.i++; array {
				p.i++
			}
			if cur, ok = p.table(path, array); !ok || !p.eol() {
				return -1
			}
			continue
		}
		path, ok := p.key()
		if !ok || p.i == len(p.s) || p.s[p.i] != '=' {
			return -1
		}
		p.i++
		p.ws()
		v, ok := p.value(0)
		if !ok || !pqTOMLSet(cur, path, v) || !p.eol() {
			return -1
		}
	}
}

func (p *pqTOMLParser) ws() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// blank skips white space, line ends and comments.
func (p *pqTOMLParser) blank() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n':
			p.i++
		case '\r':
			if !strings.HasPrefix(p.s[p.i:], "\r\n") {
				return
			}
			p.i += 2
		case '#':
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

// eol ends a line: white space, a comment, a line end or the end.
func (p *pqTOMLParser) eol() bool {
	p.ws()
	if p.i < len(p.s) && p.s[p.i] == '#' {
		for p.i < len(p.s) && p.s[p.i] != '\n' {
			p.i++
		}
	}
	switch {
	case p.i == len(p.s):
		return true
	case p.s[p.i] == '\n':
		p.i++
		return true
	case strings.HasPrefix(p.s[p.i:], "\r\n"):
		p.i += 2
		return true
	}
	return false
}

func pqTOMLBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// key reads a dotted key.
func (p *pqTOMLParser) key() ([]string, bool) {
	var path []string
	for {
		p.ws()
		var k string
		var ok bool
		switch {
		case p.i == len(p.s):
			return nil, false
		case p.s[p.i] == '"':
			k, ok = p.basic()
		case p.s[p.i] == '\'':
			k, ok = p.literal()
		default:
			j := p.i
			for p.i < len(p.s) && pqTOMLBare(p.s[p.i]) {
				p.i++
			}
			k, ok = p.s[j:p.i], p.i > j
		}
		if !ok {
			return nil, false
		}
		path = append(path, k)
		p.ws()
		if p.i < len(p.s) && p.s[p.i] == '.' {
			p.i++
			continue
		}
		return path, true
	}
}

// basic reads a basic string.
func (p *pqTOMLParser) basic() (string, bool) {
	var b strings.Builder
	for p.i++; p.i < len(p.s); {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), true
		case c == '\n' || c == '\r':
			return "", false
		case c == '\\':
			if p.i+1 == len(p.s) {
				return "", false
			}
			e := p.s[p.i+1]
			p.i += 2
			if k := strings.IndexByte("btnfr\"\\", e); k >= 0 {
				b.WriteByte("\b\t\n\f\r\"\\"[k])
				continue
			}
			n := 4
			if e == 'U' {
				n = 8
			} else if e != 'u' {
				return "", false
			}
			if p.i+n > len(p.s) {
				return "", false
			}
			v, err := strconv.ParseUint(p.s[p.i:p.i+n], 16, 32)
			if err != nil || !utf8.ValidRune(rune(v)) {
				return "", false
			}
			b.WriteRune(rune(v))
			p.i += n
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return "", false
}

// literal reads a literal string.
func (p *pqTOMLParser) literal() (string, bool) {
	j := strings.IndexAny(p.s[p.i+1:], "'\n")
	if j < 0 || p.s[p.i+1+j] != '\'' {
		return "", false
	}
	v := p.s[p.i+1 : p.i+1+j]
	p.i += j + 2
	return v, true
}

// value reads a value.
func (p *pqTOMLParser) value(depth int) (any, bool) {
	if p.i == len(p.s) || depth > 32 {
		return nil, false
	}
	switch p.s[p.i] {
	case '"':
		return p.basic()
	case '\'':
		return p.literal()
	case '[':
		var arr []any
		p.i++
		for {
			p.blank()
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				return arr, true
			}
			v, ok := p.value(depth + 1)
			if !ok {
				return nil, false
			}
			arr = append(arr, v)
			p.blank()
			if p.i == len(p.s) {
				return nil, false
			}
			if p.s[p.i] == ',' {
				p.i++
			} else if p.s[p.i] != ']' {
				return nil, false
			}
		}
	case '{':
		t := map[string]any{}
		p.i++
		p.ws()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return t, true
		}
		for {
			path, ok := p.key()
			if !ok || p.i == len(p.s) || p.s[p.i] != '=' {
				return nil, false
			}
			p.i++
			p.ws()
			v, ok := p.value(depth + 1)
			if !ok || !pqTOMLSet(t, path, v) {
				return nil, false
			}
			p.ws()
			if p.i == len(p.s) {
				return nil, false
			}
			p.i++
			switch p.s[p.i-1] {
			case '}':
				return t, true
			case ',':
				p.ws()
			default:
				return nil, false
			}
		}
	}
	j := p.i
	for p.i < len(p.s) && (pqTOMLBare(p.s[p.i]) || p.s[p.i] == '+' || p.s[p.i] == '.') {
		p.i++
	}
	tok := p.s[j:p.i]
	switch tok {
	case "true":
		return true, true
	case "false":
		return false, true
	case "":
		return nil, false
	}
	digits := strings.TrimLeft(tok, "+-")
	if len(digits) > 1 && digits[0] == '0' && digits[1] >= '0' && digits[1] <= '9' {
		return nil, false // leading zeros
	}
	clean := strings.ReplaceAll(tok, "_", "")
	if strings.Contains(tok, "__") || strings.HasPrefix(digits, "_") || strings.HasSuffix(tok, "_") {
		return nil, false
	}
	if strings.HasPrefix(digits, "0x") && digits == tok {
		n, err := strconv.ParseInt(clean[2:], 16, 64)
		return n, err == nil
	}
	if n, err := strconv.ParseInt(clean, 10, 64); err == nil {
		return n, true
	}
	if strings.ContainsAny(digits, "0123456789") && !strings.ContainsAny(digits, "xXnN") {
		f, err := strconv.ParseFloat(clean, 64)
		return f, err == nil
	}
	return nil, false
}

// pqTOMLSet sets the dotted key path in t to v.
func pqTOMLSet(t map[string]any, path []string, v any) bool {
	for _, k := range path[:len(path)-1] {
		next, ok := t[k]
		if !ok {
			m := map[string]any{}
			t[k], next = m, m
		}
		if t, ok = next.(map[string]any); !ok {
			return false
		}
	}
	last := path[len(path)-1]
	if _, ok := t[last]; ok {
		return false
	}
	t[last] = v
	return true
}

// table finds or makes the table a header names.
func (p *pqTOMLParser) table(path []string, array bool) (map[string]any, bool) {
	cur := p.root
	for _, k := range path[:len(path)-1] {
		next, ok := cur[k]
		if !ok {
			m := map[string]any{}
			cur[k], next = m, m
		}
		if arr, ok := next.([]map[string]any); ok {
			cur = arr[len(arr)-1]
			continue
		}
		cur = next.(map[string]any) // BUG: the key may hold a value
	}
	last := path[len(path)-1]
	if array {
		t := map[string]any{}
		switch v := cur[last].(type) {
		case nil:
			cur[last] = []map[string]any{t}
		case []map[string]any:
			cur[last] = append(v, t)
		default:
			return nil, false
		}
		return t, true
	}
	switch v := cur[last].(type) {
	case nil:
		t := map[string]any{}
		cur[last] = t
		p.defined[reflect.ValueOf(t).Pointer()] = true
		return t, true
	case map[string]any:
		if p.defined[reflect.ValueOf(v).Pointer()] {
			return nil, false
		}
		p.defined[reflect.ValueOf(v).Pointer()] = true
		return v, true
	}
	return nil, false
}

// genPqTOML writes a Cargo manifest or a pyproject file: tables, arrays
// of tables, inline tables, arrays over several lines, comments; one key
// set to a value in a table is later walked through by a header
// ([table.key.sub]).
func genPqTOML(r *rand.Rand) []byte {
	str := func() string {
		s := ppText(r, r.IntN(30), "\"\\")
		if r.IntN(4) == 0 {
			s += ppPick(r, `\"`, `\\`, `\t`, `\u00e9`, `\n`) + ppWord(r, 1, 8)
		}
		return `"` + s + `"`
	}
	version := func() string {
		return `"` + strconv.Itoa(r.IntN(5)) + "." + strconv.Itoa(r.IntN(30)) + "." + strconv.Itoa(r.IntN(10)) + `"`
	}
	type section struct {
		header string // "" for the root
		lines  []string
	}
	var secs []section
	if r.IntN(2) == 0 {
		secs = []section{
			{"[package]", []string{`name = "` + ppWord(r, 3, 12) + `"`, "version = " + version(), `edition = "2021"`,
				`authors = ["` + ppWord(r, 3, 8) + ` <` + ppWord(r, 3, 8) + `@example.org>"]`, "description = " + str(),
				"keywords = [\n  \"cli\",\n  \"" + ppWord(r, 3, 8) + "\", # " + ppText(r, r.IntN(20), "") + "\n]"}},
			{"[dependencies]", []string{"serde = { version = " + version() + `, features = ["derive"] }`, "rand = " + version(),
				ppWord(r, 3, 10) + " = { path = \"../" + ppWord(r, 3, 10) + "\", optional = true }"}},
			{"[[bin]]", []string{`name = "` + ppWord(r, 3, 8) + `"`, `path = "src/bin/` + ppWord(r, 3, 8) + `.rs"`}},
			{"[profile.release]", []string{"opt-level = " + strconv.Itoa(r.IntN(4)), "lto = " + ppPick(r, "true", "false"), "codegen-units = 1"}},
		}
	} else {
		secs = []section{
			{"", []string{"# " + ppText(r, r.IntN(50), "")}},
			{"[project]", []string{`name = "` + ppWord(r, 3, 12) + `"`, "version = " + version(), "requires-python = \">=3.9\"",
				"dependencies = [\n    \"requests>=2.28\",\n    \"" + ppWord(r, 3, 10) + "==" + strings.Trim(version(), `"`) + "\",\n]", "description = " + str()}},
			{"[tool.black]", []string{"line-length = " + strconv.Itoa(80+r.IntN(40)), `target-version = ["py39", "py310"]`}},
			{"[tool.pytest.ini_options]", []string{`addopts = "-ra -q"`, "timeout = " + strconv.Itoa(r.IntN(300)) + "." + strconv.Itoa(r.IntN(10))}},
			{"[[tool.mypy.overrides]]", []string{`module = "` + ppWord(r, 3, 8) + `.*"`, "ignore_missing_imports = true"}},
		}
	}
	// The bug: in a plain table (or the root), key = value; later a header
	// through it.
	var plain []int
	for i, s := range secs {
		if !strings.HasPrefix(s.header, "[[") {
			plain = append(plain, i)
		}
	}
	at := ppPick(r, plain...)
	key := ppPick(r, "metadata", "docs", "features", "scripts", "urls", "extra")
	value := ppPick(r, str(), strconv.Itoa(r.IntN(1000)), "true", `["a", "b"]`)
	s := &secs[at]
	s.lines = slices.Insert(s.lines, r.IntN(len(s.lines)+1), key+" = "+value)
	path := strings.Trim(s.header, "[]")
	if path != "" {
		path += "."
	}
	hdr := "[" + path + key + "." + ppWord(r, 2, 8) + "]"
	if r.IntN(4) == 0 {
		hdr = "[" + hdr + "]"
	}
	secs = slices.Insert(secs, at+1+r.IntN(len(secs)-at), section{hdr, []string{ppWord(r, 3, 8) + " = " + str()}})
	var b strings.Builder
	for _, s := range secs {
		if s.header != "" {
			b.WriteString(s.header + "\n")
		}
		for _, l := range s.lines {
			b.WriteString(l + "\n")
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// ---- a table, from a generated struct with slices and a map ----

type pqColumn struct {
	Name  string
	Width int // 0: as wide as the widest cell
	Right bool
}

type pqTable struct {
	Title   string
	Columns []pqColumn
	Rows    [][]string
	Attrs   map[string]string
}

// pqRenderTable renders the table in fixed-width columns: cells are cut
// to their column's width and padded, aligned right if asked;
// Attrs["sep"] separates columns.
//
// Bug: the widths are measured guarding against rows longer than the
// header, but the rendering is not.
func pqRenderTable(t pqTable) string {
	if len(t.Columns) == 0 {
		return ""
	}
	widths := make([]int, len(t.Columns))
	for i, c := range t.Columns {
		widths[i] = len(c.Name)
		if c.Width > 0 {
			widths[i] = c.Width
		}
	}
	for _, row := range t.Rows {
		for i, cell := range row {
			if i < len(widths) && t.Columns[i].Width == 0 {
				widths[i] = max(widths[i], len(cell))
			}
		}
	}
	sep := t.Attrs["sep"]
	if sep == "" {
		sep = " | "
	}
	var b strings.Builder
	if t.Title != "" {
		b.WriteString(t.Title + "\n")
	}
	header := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = c.Name
	}
	for _, row := range append([][]string{header}, t.Rows...) {
		for i, cell := range row {
			w := widths[i] // BUG: a row may have more cells than there are columns
			if len(cell) > w {
				cell = cell[:w]
			}
			if i > 0 {
				b.WriteString(sep)
			}
			pad := strings.Repeat(" ", w-len(cell))
			if t.Columns[i].Right {
				b.WriteString(pad + cell)
			} else {
				b.WriteString(cell + pad)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// pqGfhTable: GenerateStruct into pqTable, then render it.
//
// Smallest (31 bytes): an empty Title ("\x00\x00\x00\x00"), one column
// ("\x00\x00\x00\x01") with an empty Name, Width 0 and Right (two bytes
// 0), one row ("\x00\x00\x00\x01") of two cells ("\x00\x00\x00\x02"),
// empty ("\x00\x00\x00\x00" twice), and no Attrs (count byte 0, which is
// also the byte GetString wants after the last cell's length). Argued: a
// column is needed (no columns renders nothing), a row with more cells
// than columns, each string 4 bytes at least, the map's count 1 byte; with
// the first 8 bytes 0 there would be no column, so byte 7 is 1, and
// every other count the least that fails.
func pqGfhTable(b []byte) int {
	var t pqTable
	if err := fuzz.NewConsumer(b).GenerateStruct(&t); err != nil {
		return -1
	}
	return len(pqRenderTable(t))
}

// genPqGfhTable writes a table of processes or packages: a title,
// columns, rows of as many cells (one row has one to three more),
// attributes, and leftover bytes.
func genPqGfhTable(r *rand.Rand) []byte {
	names := []string{"NAME", "STATUS", "AGE", "CPU", "MEMORY", "VERSION", "NODE", "RESTARTS"}
	ncol := 2 + r.IntN(5)
	out := ppGfhString(ppPick(r, "Pods in ", "Packages on ", "Jobs for ") + ppWord(r, 3, 12))
	out = append(out, be32(ncol+50*r.IntN(100))...)
	for i := range ncol {
		out = append(out, ppGfhString(names[i])...)
		out = append(out, ppPick[byte](r, 0, 0, byte(4+r.IntN(20))), byte(r.IntN(256)))
	}
	nrow := 2 + r.IntN(15)
	bug := r.IntN(nrow)
	out = append(out, be32(nrow)...)
	for i := range nrow {
		n := ncol
		if i == bug {
			n += 1 + r.IntN(3)
		}
		out = append(out, be32(n+50*r.IntN(3))...)
		for range n {
			out = append(out, ppGfhString(ppPick(r, ppWord(r, 3, 20), strconv.Itoa(r.IntN(100000)), ppPick(r, "Running", "Pending", "CrashLoopBackOff"), ppText(r, r.IntN(15), "")))...)
		}
	}
	nattr := r.IntN(3)
	out = append(out, byte(nattr+50*r.IntN(5)))
	for range nattr {
		out = append(out, ppGfhString(ppPick(r, "sep", "border", "color"))...)
		out = append(out, ppGfhString(ppPick(r, " | ", "  ", "\t", "none", "auto"))...)
	}
	return append(out, ppBytes(r, r.IntN(200))...)
}
