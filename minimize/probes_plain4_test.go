//go:build probes

package minimize_test

// A fourth set of plain-bytes probes (see probes_plain_test.go for the
// harness): a GIF with LZW image data, a ZIP archive, an Intel HEX
// firmware image, an HTTP/2 connection with HPACK header blocks, a dump
// of BSON documents, an SVG document (XML with entities and namespaces,
// and path data), a crontab and an sfnt (TrueType) font.

import (
	"bytes"
	"compress/flate"
	"compress/lzw"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

func plainProbes4() []plainProbe {
	return []plainProbe{
		{"ps-gif-lzw", psGIF, psGIFSmallest, genPsGIF},
		{"ps-zip-local64", psZip, psZipSmallest, genPsZip},
		{"ps-ihex-flash", psIHex, ":020000040801F1\n:02FFFF00000000", genPsIHex},
		{"ps-h2-hpack", psH2, psH2Smallest, genPsH2},
		{"ps-bson-array", psBSON, "\x0f\x00\x00\x00\x04\x00\x08\x00\x00\x00\x061\x00\x00\x00", genPsBSON},
		{"ps-svg-path", psSVG, "<svg\txmlns=\"http://www.w3.org/2000/svg\"><path\td=\"M0\t0T0\t0\"/></svg>", genPsSVG},
		{"ps-crontab-dow", psCron, "*\t*\t*\t*\t0-7\t\x00", genPsCron},
		{"ps-sfnt-hmtx", psSFNT, psSFNTSmallest, genPsSFNT},
	}
}

// ---- GIF with LZW image data ----

// psGIF decodes a GIF as an image library does: the "GIF87a" or "GIF89a"
// signature; the logical screen (width, height, flags, background color,
// aspect ratio) and its global color table if the flags have one (2 to
// 256 colors of 3 bytes); then blocks up to the trailer (0x3b).
// Extensions: 0x21, a label, then data sub-blocks (a length byte and that
// many bytes, up to a zero length); a graphic control extension (0xf9)
// has one sub-block of 4 bytes, an application extension (0xff) a first
// one of 11. Images: 0x2c, left, top, width and height (little-endian)
// and flags; a local color table if the flags have one; the LZW minimum
// code size (2 to 8); the LZW data in sub-blocks. An image must be
// nonempty, at most 16M pixels and inside the screen, have a color table
// (its own or the global one) and decode to exactly its pixels, each one
// in the table.
//
// Bug: the LZW decoder takes a code equal to the next free one (the
// KwKwK case: the previous code's string and its first byte) right after
// a clear code, or at the start, where there is no previous code.
//
// Smallest psGIFSmallest (33 bytes): "GIF87a"; a 256x256 screen, no
// global table; an image of 256x256 at 0,0 with a local table of two
// black colors, code size 2 and one sub-block holding 0x06, whose first
// 3-bit code is 6, the next free code (4 clears, 5 ends). Argued: the
// image needs its 10-byte descriptor, a table (6 bytes at least), the
// code size, and a sub-block of at least one byte with its length and
// the terminator: 6+7+10+6+1+3 bytes, and nothing else fits. "87a" is less
// than "89a"; an image's sizes of 0 are refused and the screen must
// hold it, so the least bytes of the screen's and the image's widths and
// heights are 00 01 (256), and the image fits; no global table (flags 00) leaves the local one (flags 80, 2
// colors); 2 is the least code size; and the least byte whose first code
// is the next free one with no previous code is 0x06: bytes 0x00 to 0x05
// start with a literal, a clear followed by a literal, or the end code,
// and a clear then 6 is 0x34.
func psGIF(b []byte) int {
	if len(b) < 13 || string(b[:6]) != "GIF87a" && string(b[:6]) != "GIF89a" {
		return -1
	}
	sw, sh := int(binary.LittleEndian.Uint16(b[6:])), int(binary.LittleEndian.Uint16(b[8:]))
	p := 13
	var global []byte
	if b[10]&0x80 != 0 {
		n := 3 << (b[10]&7 + 1)
		if len(b)-p < n {
			return -1
		}
		global, p = b[p:p+n], p+n
	}
	frames := 0
	for p < len(b) {
		switch b[p] {
		case 0x21:
			if len(b)-p < 2 {
				return -1
			}
			label := b[p+1]
			blocks, q, ok := psGIFBlocks(b, p+2)
			if !ok {
				return -1
			}
			p = q
			switch label {
			case 0xf9:
				if len(blocks) != 1 || len(blocks[0]) != 4 {
					return -1
				}
			case 0xff:
				if len(blocks) == 0 || len(blocks[0]) != 11 {
					return -1
				}
			}
		case 0x2c:
			q, ok := psGIFImage(b, p, sw, sh, global)
			if !ok {
				return -1
			}
			p = q
			frames++
		case 0x3b:
			return frames
		default:
			return -1
		}
	}
	return -1
}

// psGIFBlocks reads data sub-blocks from b at p, up to the empty one, and
// returns them and where they end.
func psGIFBlocks(b []byte, p int) ([][]byte, int, bool) {
	var blocks [][]byte
	for {
		if p >= len(b) {
			return nil, 0, false
		}
		n := int(b[p])
		p++
		if n == 0 {
			return blocks, p, true
		}
		if len(b)-p < n {
			return nil, 0, false
		}
		blocks = append(blocks, b[p:p+n])
		p += n
	}
}

// psGIFImage decodes the image whose descriptor is at p and returns where
// it ends.
func psGIFImage(b []byte, p, sw, sh int, pal []byte) (int, bool) {
	if len(b)-p < 10 {
		return 0, false
	}
	d := b[p+1 : p+10]
	left, top := int(binary.LittleEndian.Uint16(d)), int(binary.LittleEndian.Uint16(d[2:]))
	w, h := int(binary.LittleEndian.Uint16(d[4:])), int(binary.LittleEndian.Uint16(d[6:]))
	flags := d[8]
	p += 10
	if w == 0 || h == 0 || w*h > 1<<24 || left+w > sw || top+h > sh {
		return 0, false
	}
	if flags&0x80 != 0 {
		n := 3 << (flags&7 + 1)
		if len(b)-p < n {
			return 0, false
		}
		pal, p = b[p:p+n], p+n
	}
	if pal == nil || p >= len(b) {
		return 0, false
	}
	lit := int(b[p])
	if lit < 2 || lit > 8 {
		return 0, false
	}
	blocks, p, ok := psGIFBlocks(b, p+1)
	if !ok {
		return 0, false
	}
	pix, ok := psLZW(bytes.Join(blocks, nil), lit, w*h)
	if !ok || len(pix) != w*h {
		return 0, false
	}
	for _, c := range pix {
		if 3*int(c) >= len(pal) {
			return 0, false
		}
	}
	return p, true
}

// psLZW decodes GIF's variable-length LZW: codes of lit+1 bits growing up
// to 12, least significant bit first; 1<<lit clears the table and the
// code after it ends the data. It gives up past max bytes.
func psLZW(data []byte, lit, max int) ([]byte, bool) {
	clear, end := 1<<lit, 1<<lit+1
	var prefix, length [4096]int
	var suffix [4096]byte
	for c := range clear {
		suffix[c], length[c] = byte(c), 1
	}
	width, next, prev := lit+1, end+1, -1
	var out []byte
	acc, bits := 0, 0
	for i := 0; ; {
		for bits < width {
			if i == len(data) {
				return nil, false
			}
			acc |= int(data[i]) << bits
			bits += 8
			i++
		}
		code := acc & (1<<width - 1)
		acc >>= width
		bits -= width
		switch {
		case code == clear:
			width, next, prev = lit+1, end+1, -1
			continue
		case code == end:
			return out, true
		case code > next:
			return nil, false
		}
		// The code's string, written back to front from the table; the
		// next code, not in the table yet, is the previous code's string
		// and then its first byte.
		c := code
		if code == next {
			c = prev
		}
		start := len(out)
		out = append(out, make([]byte, length[c])...) // BUG: after a clear there is no previous code
		for j := len(out) - 1; j >= start; j-- {
			out[j] = suffix[c]
			c = prefix[c]
		}
		if code == next {
			out = append(out, out[start])
		}
		if prev >= 0 && next < 4096 {
			prefix[next], suffix[next], length[next] = prev, out[start], length[prev]+1
			next++
			if next == 1<<width && width < 12 {
				width++
			}
		}
		prev = code
		if len(out) > max {
			return nil, false
		}
	}
}

const psGIFSmallest = "GIF87a\x00\x01\x00\x01\x00\x00\x00" + ",\x00\x00\x00\x00\x00\x01\x00\x01\x80" + "\x00\x00\x00\x00\x00\x00" + "\x02\x01\x06\x00"

// psLSBWriter packs codes least significant bit first.
type psLSBWriter struct {
	out       []byte
	acc, bits int
}

func (w *psLSBWriter) put(code, n int) {
	w.acc |= code << w.bits
	w.bits += n
	for w.bits >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.bits -= 8
	}
}

func (w *psLSBWriter) bytes() []byte {
	if w.bits > 0 {
		return append(w.out, byte(w.acc))
	}
	return w.out
}

// psGIFSubBlocks appends data as sub-blocks of up to 255 bytes and the
// terminator.
func psGIFSubBlocks(out, data []byte) []byte {
	for len(data) > 0 {
		n := min(255, len(data))
		out = append(append(out, byte(n)), data[:n]...)
		data = data[n:]
	}
	return append(out, 0)
}

// psGIFBadLZW encodes the first pixels as literals (as simple encoders
// do), then a clear code and at once the next free code, then junk.
func psGIFBadLZW(r *rand.Rand, pix []byte, lit int) []byte {
	var w psLSBWriter
	clear, end := 1<<lit, 1<<lit+1
	width, next, first := lit+1, end+1, true
	put := func(c int) { // as the decoder reads it
		w.put(c, width)
		if c == clear {
			width, next, first = lit+1, end+1, true
			return
		}
		if !first && next < 4096 {
			next++
			if next == 1<<width && width < 12 {
				width++
			}
		}
		first = false
	}
	put(clear)
	for i, c := range pix[:r.IntN(len(pix)+1)] {
		if i%1000 == 999 {
			put(clear)
		}
		put(int(c))
	}
	put(clear)
	put(next)
	for range r.IntN(40) {
		w.put(r.IntN(1<<width), width)
	}
	return w.bytes()
}

// genPsGIF writes an animated GIF (a looping application extension, a
// comment, frames with graphic control extensions, some with local color
// tables) one of whose frames has the bad LZW data, then junk.
func genPsGIF(r *rand.Rand) []byte {
	sw, sh := 24+r.IntN(100), 16+r.IntN(80)
	gbits := 1 + r.IntN(8)
	out := []byte("GIF89a")
	out = binary.LittleEndian.AppendUint16(out, uint16(sw))
	out = binary.LittleEndian.AppendUint16(out, uint16(sh))
	out = append(out, 0xf0|byte(gbits-1), byte(r.IntN(1<<gbits)), 0)
	out = append(out, ppBytes(r, 3<<gbits)...)
	out = append(out, 0x21, 0xff, 11)
	out = append(out, "NETSCAPE2.0"...)
	out = append(out, 3, 1, byte(r.IntN(3)), 0, 0)
	if r.IntN(2) == 0 {
		out = append(out, 0x21, 0xfe)
		out = psGIFSubBlocks(out, []byte(ppPick(r, "Created with GIMP", "Made with ezgif.com", "Optimized by "+ppWord(r, 4, 10))))
	}
	frames := 2 + r.IntN(6)
	bad := r.IntN(frames)
	for f := range frames {
		out = append(out, 0x21, 0xf9, 4, byte(r.IntN(4)<<2|r.IntN(2)))
		out = binary.LittleEndian.AppendUint16(out, uint16(2+r.IntN(50)))
		out = append(out, byte(r.IntN(256)), 0)
		w, h := 1+r.IntN(sw), 1+r.IntN(sh)
		if f == 0 {
			w, h = sw, sh
		}
		out = append(out, 0x2c)
		for _, v := range []int{r.IntN(sw - w + 1), r.IntN(sh - h + 1), w, h} {
			out = binary.LittleEndian.AppendUint16(out, uint16(v))
		}
		bits := gbits
		if r.IntN(4) == 0 {
			bits = 1 + r.IntN(8)
			out = append(out, 0x80|byte(r.IntN(2))<<6|byte(bits-1))
			out = append(out, ppBytes(r, 3<<bits)...)
		} else {
			out = append(out, byte(r.IntN(2))<<6)
		}
		lit := max(2, bits)
		pix := make([]byte, 0, w*h)
		for len(pix) < w*h {
			c := byte(r.IntN(1 << bits))
			for range min(1+r.IntN(12), w*h-len(pix)) {
				pix = append(pix, c)
			}
		}
		var data []byte
		if f == bad {
			data = psGIFBadLZW(r, pix, lit)
		} else {
			var buf bytes.Buffer
			zw := lzw.NewWriter(&buf, lzw.LSB, lit)
			zw.Write(pix)
			zw.Close()
			data = buf.Bytes()
		}
		out = psGIFSubBlocks(append(out, byte(lit)), data)
	}
	out = append(out, 0x3b)
	return append(out, ppBytes(r, r.IntN(200))...)
}

// ---- ZIP archive ----

// psZipEntry is a central directory header's entry.
type psZipEntry struct {
	name              string
	flags, method     int
	crc               uint32
	csize, usize, off int
}

// psZip extracts a ZIP archive as an unzip tool does. It finds the end of
// central directory record (the last "PK\x05\x06" with 22 bytes after it,
// within 64 KiB of the end): one disk, as many entries on it as in all,
// its comment inside the input, and a central directory that lies before
// it. It reads that many central directory headers ("PK\x01\x02", 46
// bytes, then the name, extra field and comment), then each entry's local
// header at its offset ("PK\x03\x04", 30 bytes, the name and extra
// field), which must end before the central directory and agree with it
// (name, method, CRC-32 and sizes; with flag 8 they are only in the
// directory). Sizes and offsets of 0xffffffff are in the extra field's
// ZIP64 field (id 1): the uncompressed size, the compressed size and the
// offset, 8 bytes each, those that are needed, in that order. Entries are
// stored (method 0) or deflated (8), up to 16 MiB, and must have their
// CRC-32; encrypted ones, other methods, and empty, absolute or ".."
// names or names with NUL are refused.
//
// Bug: the local header's ZIP64 sizes are read from its extra field
// without checking that the field holds them (the central directory's
// are checked).
//
// Smallest psZipSmallest (104 bytes): a local header all zero but for
// the uncompressed size ffffffff, the name "\x01" and an extra field
// holding an empty ZIP64 field ("\x01\x00\x00\x00"); a central directory
// header all zero but for its name "\x01"; the end record (1 entry, the
// 47-byte directory at 35). Argued: the bug needs a local header with a
// ZIP64 field (30+4 bytes), a directory header (46 bytes) and the end
// record (22), and the name, at least one byte, is in both headers; the
// three cannot overlap. The least local header fields are 0 up to the
// sizes: without flag 8, and the compressed size 0 before the
// uncompressed one ffffffff; the least name is "\x01" (NUL is refused),
// the least extra field id 1, size 0. The directory's header comes after
// the local one it points at, its fields all 0 (offset 0) but the name;
// the end record's counts must be 1, the directory's size 47 and its
// offset 35.
func psZip(b []byte) int {
	end := -1
	for i := len(b) - 22; i >= 0 && i >= len(b)-22-65535; i-- {
		if string(b[i:i+4]) == "PK\x05\x06" {
			end = i
			break
		}
	}
	if end < 0 {
		return -1
	}
	e := b[end:]
	onDisk, count := binary.LittleEndian.Uint16(e[8:]), binary.LittleEndian.Uint16(e[10:])
	size, off := int(binary.LittleEndian.Uint32(e[12:])), int(binary.LittleEndian.Uint32(e[16:]))
	if binary.LittleEndian.Uint32(e[4:]) != 0 || onDisk != count || int(binary.LittleEndian.Uint16(e[20:])) > len(e)-22 {
		return -1
	}
	if count == 0xffff || off == 0xffffffff || off > end || size > end-off {
		return -1
	}
	cd := b[off : off+size]
	var entries []psZipEntry
	for range count {
		f, rest, ok := psZipDirHeader(cd)
		if !ok {
			return -1
		}
		entries, cd = append(entries, f), rest
	}
	total := 0
	for _, f := range entries {
		data, ok := psZipOpen(b, off, f)
		if !ok {
			return -1
		}
		total += len(data)
	}
	return total
}

// psZipDirHeader reads a central directory header.
func psZipDirHeader(cd []byte) (psZipEntry, []byte, bool) {
	var f psZipEntry
	if len(cd) < 46 || string(cd[:4]) != "PK\x01\x02" {
		return f, nil, false
	}
	f.flags, f.method = int(binary.LittleEndian.Uint16(cd[8:])), int(binary.LittleEndian.Uint16(cd[10:]))
	f.crc = binary.LittleEndian.Uint32(cd[16:])
	f.csize, f.usize = int(binary.LittleEndian.Uint32(cd[20:])), int(binary.LittleEndian.Uint32(cd[24:]))
	n, m, k := int(binary.LittleEndian.Uint16(cd[28:])), int(binary.LittleEndian.Uint16(cd[30:])), int(binary.LittleEndian.Uint16(cd[32:]))
	f.off = int(binary.LittleEndian.Uint32(cd[42:]))
	if len(cd)-46 < n+m+k {
		return f, nil, false
	}
	f.name = string(cd[46 : 46+n])
	extra := cd[46+n : 46+n+m]
	if f.flags&1 != 0 || f.method != 0 && f.method != 8 || !psZipName(f.name) {
		return f, nil, false
	}
	if f.usize == 0xffffffff || f.csize == 0xffffffff || f.off == 0xffffffff {
		z, ok := psZipExtra(extra, 1)
		if !ok {
			return f, nil, false
		}
		for _, v := range []*int{&f.usize, &f.csize, &f.off} {
			if *v != 0xffffffff {
				continue
			}
			if len(z) < 8 || binary.LittleEndian.Uint64(z) > 1<<40 {
				return f, nil, false
			}
			*v, z = int(binary.LittleEndian.Uint64(z)), z[8:]
		}
	}
	return f, cd[46+n+m+k:], true
}

// psZipName reports whether name is safe to extract.
func psZipName(name string) bool {
	if name == "" || name[0] == '/' || strings.IndexByte(name, 0) >= 0 {
		return false
	}
	for _, part := range strings.Split(name, "/") {
		if part == ".." {
			return false
		}
	}
	return true
}

// psZipExtra returns the data of the extra field's field id.
func psZipExtra(extra []byte, id int) ([]byte, bool) {
	for len(extra) >= 4 {
		k, n := int(binary.LittleEndian.Uint16(extra)), int(binary.LittleEndian.Uint16(extra[2:]))
		if n > len(extra)-4 {
			return nil, false
		}
		if k == id {
			return extra[4 : 4+n], true
		}
		extra = extra[4+n:]
	}
	return nil, false
}

// psZipU64 reads a little-endian 8-byte number.
func psZipU64(z []byte) uint64 {
	return uint64(z[0]) | uint64(z[1])<<8 | uint64(z[2])<<16 | uint64(z[3])<<24 |
		uint64(z[4])<<32 | uint64(z[5])<<40 | uint64(z[6])<<48 | uint64(z[7])<<56
}

// psZipOpen reads f's local header and extracts its data.
func psZipOpen(b []byte, dir int, f psZipEntry) ([]byte, bool) {
	if f.off > dir || dir-f.off < 30 {
		return nil, false
	}
	h := b[f.off:dir]
	if string(h[:4]) != "PK\x03\x04" {
		return nil, false
	}
	flags, method := int(binary.LittleEndian.Uint16(h[6:])), int(binary.LittleEndian.Uint16(h[8:]))
	crc := binary.LittleEndian.Uint32(h[14:])
	csize, usize := uint64(binary.LittleEndian.Uint32(h[18:])), uint64(binary.LittleEndian.Uint32(h[22:]))
	n, m := int(binary.LittleEndian.Uint16(h[26:])), int(binary.LittleEndian.Uint16(h[28:]))
	if len(h)-30 < n+m || string(h[30:30+n]) != f.name || method != f.method || flags&1 != 0 {
		return nil, false
	}
	extra, data := h[30+n:30+n+m], h[30+n+m:]
	switch {
	case flags&8 != 0: // the CRC and sizes follow the data; the directory has them
		crc, csize, usize = f.crc, uint64(f.csize), uint64(f.usize)
	case csize == 0xffffffff || usize == 0xffffffff:
		z, ok := psZipExtra(extra, 1)
		if !ok {
			return nil, false
		}
		// BUG: unlike the directory's, the field is not checked to hold
		// the sizes.
		if usize == 0xffffffff {
			usize = psZipU64(z)
			z = z[8:]
		}
		if csize == 0xffffffff {
			csize = psZipU64(z)
		}
	}
	if crc != f.crc || csize != uint64(f.csize) || usize != uint64(f.usize) || f.csize > len(data) || f.usize > 1<<24 {
		return nil, false
	}
	raw := data[:f.csize]
	out := raw
	if method == 8 {
		var err error
		out, err = io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), int64(f.usize)+1))
		if err != nil {
			return nil, false
		}
	}
	if len(out) != f.usize || crc32.ChecksumIEEE(out) != crc {
		return nil, false
	}
	return out, true
}

const psZipSmallest = "PK\x03\x04" + "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" + "\x00\x00\x00\x00" + "\x00\x00\x00\x00" + "\xff\xff\xff\xff" + "\x01\x00\x04\x00" + "\x01" + "\x01\x00\x00\x00" +
	"PK\x01\x02" + "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" + "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" + "\x01\x00" + "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" + "\x01" +
	"PK\x05\x06" + "\x00\x00\x00\x00" + "\x01\x00\x01\x00" + "\x2f\x00\x00\x00" + "\x23\x00\x00\x00" + "\x00\x00"

// psProse is n bytes or so of English-like text.
func psProse(r *rand.Rand, n int) string {
	words := []string{"the", "archive", "of", "and", "a", "build", "to", "release", "in", "is", "file", "for", "with",
		"configuration", "server", "that", "on", "data", "version", "as", "this", "be", "are", "client", "by"}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(ppPick(r, words...))
		switch r.IntN(12) {
		case 0:
			b.WriteString(".\n")
		case 1:
			b.WriteString(", ")
		default:
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// genPsZip writes an archive of a small project (text deflated, binary
// stored, directories, extended timestamps and Unix IDs in the extra
// fields, some entries with data descriptors, an archive comment) in
// which one entry's local header was written by a streaming ZIP64 writer
// that left its ZIP64 field short, then junk after the comment.
func genPsZip(r *rand.Rand) []byte {
	type file struct {
		name string
		data []byte
		text bool
	}
	proj := ppWord(r, 3, 10)
	files := []file{{proj + "/", nil, false}, {proj + "/README.md", []byte("# " + proj + "\n\n" + psProse(r, 200+r.IntN(800))), true}}
	for range 2 + r.IntN(5) {
		switch r.IntN(3) {
		case 0:
			files = append(files, file{proj + "/src/" + ppWord(r, 3, 9) + ".go", []byte("package main\n\n// " + psProse(r, 100+r.IntN(600))), true})
		case 1:
			files = append(files, file{proj + "/assets/" + ppWord(r, 3, 9) + ".png", append([]byte("\x89PNG\r\n\x1a\n"), ppBytes(r, 50+r.IntN(400))...), false})
		default:
			files = append(files, file{proj + "/docs/" + ppWord(r, 3, 9) + ".txt", []byte(psProse(r, 50+r.IntN(500))), true})
		}
	}
	bad := 1 + r.IntN(len(files)-1)
	var out, cd []byte
	for i, f := range files {
		method, comp := 0, f.data
		if f.text {
			var buf bytes.Buffer
			zw, _ := flate.NewWriter(&buf, ppPick(r, 1, 6, 9))
			zw.Write(f.data)
			zw.Close()
			method, comp = 8, buf.Bytes()
		}
		crc := crc32.ChecksumIEEE(f.data)
		flags := ppPick(r, 0, 0x800)
		if i != bad && r.IntN(3) == 0 {
			flags |= 8
		}
		tm, dt := r.IntN(1<<16), (40+r.IntN(5))<<9|(1+r.IntN(12))<<5|(1+r.IntN(28))
		mtime := 1.6e9 + r.IntN(1e8)
		ts := binary.LittleEndian.AppendUint32([]byte{0x55, 0x54, 5, 0, 1}, uint32(mtime))
		unix := []byte{0x75, 0x78, 11, 0, 1, 4}
		unix = binary.LittleEndian.AppendUint32(append(binary.LittleEndian.AppendUint32(unix, 1000), 4), 1000)
		local := binary.LittleEndian.AppendUint32(nil, 0x04034b50)
		local = binary.LittleEndian.AppendUint16(local, 20)
		local = binary.LittleEndian.AppendUint16(local, uint16(flags))
		local = binary.LittleEndian.AppendUint16(local, uint16(method))
		local = binary.LittleEndian.AppendUint16(local, uint16(tm))
		local = binary.LittleEndian.AppendUint16(local, uint16(dt))
		extra := append(append([]byte(nil), ts...), unix...)
		switch {
		case i == bad:
			local = binary.LittleEndian.AppendUint32(local, crc)
			local = binary.LittleEndian.AppendUint32(local, 0xffffffff)
			local = binary.LittleEndian.AppendUint32(local, 0xffffffff)
			z := []byte{1, 0, 0, 0}
			if r.IntN(2) == 0 { // the uncompressed size only
				z = binary.LittleEndian.AppendUint64([]byte{1, 0, 8, 0}, uint64(len(f.data)))
			}
			extra = append(z, extra...)
		case flags&8 != 0:
			local = append(local, make([]byte, 12)...)
		default:
			local = binary.LittleEndian.AppendUint32(local, crc)
			local = binary.LittleEndian.AppendUint32(local, uint32(len(comp)))
			local = binary.LittleEndian.AppendUint32(local, uint32(len(f.data)))
		}
		local = binary.LittleEndian.AppendUint16(local, uint16(len(f.name)))
		local = binary.LittleEndian.AppendUint16(local, uint16(len(extra)))
		local = append(append(local, f.name...), extra...)
		off := len(out)
		out = append(append(out, local...), comp...)
		if flags&8 != 0 {
			out = binary.LittleEndian.AppendUint32(out, 0x08074b50)
			out = binary.LittleEndian.AppendUint32(out, crc)
			out = binary.LittleEndian.AppendUint32(out, uint32(len(comp)))
			out = binary.LittleEndian.AppendUint32(out, uint32(len(f.data)))
		}
		comment := ""
		if r.IntN(5) == 0 {
			comment = psProse(r, 10+r.IntN(30))
		}
		cd = binary.LittleEndian.AppendUint32(cd, 0x02014b50)
		cd = binary.LittleEndian.AppendUint16(cd, 0x031e)
		cd = append(cd, local[4:14]...)
		cd = binary.LittleEndian.AppendUint32(cd, crc)
		cd = binary.LittleEndian.AppendUint32(cd, uint32(len(comp)))
		cd = binary.LittleEndian.AppendUint32(cd, uint32(len(f.data)))
		cd = binary.LittleEndian.AppendUint16(cd, uint16(len(f.name)))
		cd = binary.LittleEndian.AppendUint16(cd, uint16(len(ts)))
		cd = binary.LittleEndian.AppendUint16(cd, uint16(len(comment)))
		cd = binary.LittleEndian.AppendUint16(cd, 0)
		cd = binary.LittleEndian.AppendUint16(cd, 0)
		mode := 0o100644
		if strings.HasSuffix(f.name, "/") {
			mode = 0o40755
		}
		cd = binary.LittleEndian.AppendUint32(cd, uint32(mode)<<16)
		cd = binary.LittleEndian.AppendUint32(cd, uint32(off))
		cd = append(append(append(cd, f.name...), ts...), comment...)
	}
	dirOff := len(out)
	out = append(out, cd...)
	comment := psProse(r, 20+r.IntN(60))
	out = binary.LittleEndian.AppendUint32(out, 0x06054b50)
	out = append(out, 0, 0, 0, 0)
	out = binary.LittleEndian.AppendUint16(out, uint16(len(files)))
	out = binary.LittleEndian.AppendUint16(out, uint16(len(files)))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(cd)))
	out = binary.LittleEndian.AppendUint32(out, uint32(dirOff))
	out = binary.LittleEndian.AppendUint16(out, uint16(len(comment)))
	out = append(out, comment...)
	for {
		junk := ppBytes(r, r.IntN(200))
		if !bytes.Contains(append(bytes.Clone(out[len(out)-30:]), junk...), []byte("PK\x05\x06")) {
			return append(out, junk...)
		}
	}
}

// ---- Intel HEX firmware image ----

const (
	psFlashStart = 0x08000000
	psFlashSize  = 0x20000
)

// psIHex loads an Intel HEX file into the 128 KiB flash of a
// microcontroller at 0x08000000, as a flashing tool does. Lines end in LF
// or CRLF (empty ones are skipped); each is a record: ':' and hex digits
// (either case) for a count, a 16-bit address, a type, count data bytes
// and a checksum that makes the bytes sum to 0 mod 256. Types: 00 data,
// written at the base plus the address, which must start inside the
// flash; 01 end of file (no data), which must come, and after which
// nothing is read; 02 extended segment address (the base is 16 times
// the 16-bit segment); 03 start segment address (4 bytes); 04 extended
// linear address (the base is the 16-bit upper half << 16); 05 start
// linear address (4 bytes).
//
// Bug: a data record's start is checked against the flash but not its
// end, and one that runs past the end is copied past it.
//
// Smallest ":020000040801F1\n:02FFFF00000000" (31 bytes): the upper half
// 0x0801, then two bytes at 0xffff, 0x0801ffff being the flash's last
// byte. Argued: one data byte cannot run past the end, so the data record
// has two and 15 characters, starting at 0x0801ffff; a segment base only
// reaches 0x10ffef, so an extended linear address record comes first (15
// characters), for the upper half 0x0801 and the address 0xffff; LF is
// the shorter line end. In each record the count, address, type and data
// are then the least, and the checksums follow; '0'-'9' and 'A'-'F' are
// less than 'a'-'f'.
func psIHex(b []byte) int {
	var flash []byte // made at the first data record
	base, written := 0, 0
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 {
			continue
		}
		if line[0] != ':' || len(line) < 11 || len(line)%2 == 0 {
			return -1
		}
		rec := make([]byte, (len(line)-1)/2)
		sum := 0
		for i := range rec {
			hi, ok1 := psHexDigit(line[1+2*i])
			lo, ok2 := psHexDigit(line[2+2*i])
			if !ok1 || !ok2 {
				return -1
			}
			rec[i] = hi<<4 | lo
			sum += int(rec[i])
		}
		n := int(rec[0])
		if len(rec) != n+5 || sum&0xff != 0 {
			return -1
		}
		addr, typ, data := int(rec[1])<<8|int(rec[2]), rec[3], rec[4:4+n]
		switch typ {
		case 0:
			a := base + addr - psFlashStart
			if a < 0 || a >= psFlashSize {
				return -1
			}
			if flash == nil {
				flash = bytes.Repeat([]byte{0xff}, psFlashSize)
			}
			copy(flash[a:a+n], data) // BUG: the record may run past the end of the flash
			written += n
		case 1:
			if n != 0 {
				return -1
			}
			return written
		case 2, 4:
			if n != 2 {
				return -1
			}
			base = int(data[0])<<8 | int(data[1])
			if typ == 2 {
				base <<= 4
			} else {
				base <<= 16
			}
		case 3, 5:
			if n != 4 {
				return -1
			}
		default:
			return -1
		}
	}
	return -1 // no end-of-file record
}

// psHexDigit is the value of the hex digit c.
func psHexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

// psIHexRecord appends a record.
func psIHexRecord(out []byte, typ byte, addr int, data []byte, lower bool, eol string) []byte {
	rec := append([]byte{byte(len(data)), byte(addr >> 8), byte(addr), typ}, data...)
	sum := 0
	for _, c := range rec {
		sum += int(c)
	}
	rec = append(rec, byte(-sum))
	s := fmt.Sprintf(":%X", rec)
	if lower {
		s = strings.ToLower(s)
	}
	return append(append(out, s...), eol...)
}

// genPsIHex writes the image of an STM32-style firmware: a vector table
// and code from 0x08000000 in 16- or 32-byte records, sometimes a second
// region, and a configuration block near the end of the flash whose last
// record runs past it; then the start address, the end of file and
// junk.
func genPsIHex(r *rand.Rand) []byte {
	lower, eol := r.IntN(4) == 0, ppPick(r, "\n", "\r\n")
	chunk := ppPick(r, 16, 32)
	var out []byte
	upper := -1
	record := func(addr int, data []byte) {
		if addr>>16 != upper {
			upper = addr >> 16
			out = psIHexRecord(out, 4, 0, []byte{byte(upper >> 8), byte(upper)}, lower, eol)
		}
		out = psIHexRecord(out, 0, addr&0xffff, data, lower, eol)
	}
	emit := func(addr int, data []byte) {
		for len(data) > 0 {
			n := min(chunk, len(data), 0x10000-addr&0xffff)
			record(addr, data[:n])
			addr, data = addr+n, data[n:]
		}
	}
	code := ppBytes(r, 256+r.IntN(3000))
	for i := 0; i < 64 && i < len(code); i += 4 { // the vector table: the stack, then handlers
		binary.LittleEndian.PutUint32(code[i:], uint32(psFlashStart+0x100+r.IntN(len(code))|1))
	}
	binary.LittleEndian.PutUint32(code, 0x20005000)
	emit(psFlashStart, code)
	if r.IntN(2) == 0 {
		emit(psFlashStart+0x8000+r.IntN(0x6000)&^15, ppBytes(r, 64+r.IntN(1500)))
	}
	// The configuration block: whole records up to its last one, which
	// starts before the end of the flash and runs past it.
	last := 2 + r.IntN(chunk-1)
	lastAt := psFlashStart + psFlashSize - 1 - r.IntN(last-1)
	pre := chunk * r.IntN(8)
	emit(lastAt-pre, ppBytes(r, pre))
	record(lastAt, ppBytes(r, last))
	out = psIHexRecord(out, 5, 0, binary.BigEndian.AppendUint32(nil, uint32(psFlashStart+0x101)), lower, eol)
	out = psIHexRecord(out, 1, 0, nil, lower, eol)
	return append(out, ppText(r, r.IntN(120), "")...)
}

// ---- HTTP/2 with HPACK header blocks ----

const psH2Preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"

// psH2 serves one HTTP/2 connection as a server reads it: the client
// preface, then frames (a 24-bit length of at most 16384, a type, flags
// and a 31-bit stream id), the first a SETTINGS frame. SETTINGS (stream
// 0; an ACK is empty, others hold 6-byte parameters, with valid values),
// PING (stream 0, 8 bytes), GOAWAY (stream 0, at least 8 bytes; it ends
// the connection), WINDOW_UPDATE (4 bytes, a nonzero increment), PRIORITY
// (a stream, 5 bytes), RST_STREAM (a stream, 4 bytes), DATA (an open
// stream; padding), HEADERS (a new odd stream above the last one, or
// trailers ending an open one; padding and priority) and CONTINUATION
// (after a HEADERS frame without END_HEADERS, on its stream, and nothing
// else may come between); PUSH_PROMISE is refused and unknown types are
// ignored. Each whole header block is decoded with HPACK (RFC 7541:
// indexed fields, literals with and without indexing, table size updates
// up to 4096 at the start of a block, prefixed integers, Huffman-coded
// strings) and must be a valid request: pseudo-header fields first,
// :method, :scheme and :path (or :authority alone for CONNECT), lowercase
// names, no connection-specific fields.
//
// Bug: adding an entry to the dynamic table evicts the oldest entries
// until the new one fits, but one larger than the whole table (which, RFC
// 7541 4.4, empties it and is not added) runs the eviction past the empty
// table.
//
// Smallest psH2Smallest (45 bytes): the preface, an empty SETTINGS frame
// and a HEADERS frame (END_HEADERS, stream 1) holding "\x20\x41\x00": a
// table size update to 0, then :authority (static index 1) with an empty
// value, incrementally indexed, which takes 32+10 bytes. Argued: an entry
// larger than the table needs more than 4064 bytes or a size update
// first, and a size update must start a block; the preface and two frame
// headers take 24+9+9 bytes and the block 3: one byte for the update, and
// the least literal with indexing has a static name index and an empty
// value (a literal name takes a byte more). The SETTINGS frame is the
// least first frame (empty, no ACK); the HEADERS frame's least flags are
// END_HEADERS alone (without it a CONTINUATION frame must follow), its
// least stream 1; the least update is to size 0 (0x20; the bytes below
// are literals without indexing, after which an update is refused), and
// the least literal with indexing is 0x41.
func psH2(b []byte) int {
	if !bytes.HasPrefix(b, []byte(psH2Preface)) {
		return -1
	}
	b = b[len(psH2Preface):]
	d := &psHPACK{max: 4096}
	open := map[int]bool{} // streams the client may still send on
	last, reqs := 0, 0
	var block []byte
	blockStream, blockEnd, blockTrailers := 0, false, false
	for first := true; len(b) > 0; first = false {
		if len(b) < 9 {
			return -1
		}
		n := int(b[0])<<16 | int(b[1])<<8 | int(b[2])
		typ, flags := b[3], b[4]
		sid := int(binary.BigEndian.Uint32(b[5:]) & 0x7fffffff)
		if n > 16384 || len(b)-9 < n {
			return -1
		}
		p := b[9 : 9+n]
		b = b[9+n:]
		if first && (typ != 4 || flags&1 != 0) || blockStream != 0 && (typ != 9 || sid != blockStream) {
			return -1
		}
		switch typ {
		case 0: // DATA
			if !open[sid] {
				return -1
			}
			if _, ok := psH2Unpad(p, flags); !ok {
				return -1
			}
			if flags&1 != 0 {
				delete(open, sid)
			}
		case 1: // HEADERS
			frag, ok := psH2Unpad(p, flags)
			if !ok {
				return -1
			}
			if flags&0x20 != 0 {
				if len(frag) < 5 || int(binary.BigEndian.Uint32(frag)&0x7fffffff) == sid {
					return -1
				}
				frag = frag[5:]
			}
			switch {
			case open[sid]:
				if flags&1 == 0 {
					return -1
				}
				blockTrailers = true
			case sid%2 == 1 && sid > last:
				last, open[sid], blockTrailers = sid, true, false
			default:
				return -1
			}
			block, blockStream, blockEnd = append(block[:0], frag...), sid, flags&1 != 0
		case 9: // CONTINUATION
			if blockStream == 0 {
				return -1
			}
			if block = append(block, p...); len(block) > 1<<16 {
				return -1
			}
		case 2: // PRIORITY
			if sid == 0 || n != 5 {
				return -1
			}
		case 3: // RST_STREAM
			if sid == 0 || sid > last || n != 4 {
				return -1
			}
			delete(open, sid)
		case 4: // SETTINGS
			if sid != 0 || flags&1 != 0 && n != 0 || n%6 != 0 {
				return -1
			}
			for i := 0; i < n; i += 6 {
				v := binary.BigEndian.Uint32(p[i+2:])
				switch binary.BigEndian.Uint16(p[i:]) {
				case 2:
					if v > 1 {
						return -1
					}
				case 4:
					if v > 1<<31-1 {
						return -1
					}
				case 5:
					if v < 1<<14 || v > 1<<24-1 {
						return -1
					}
				}
			}
		case 5: // PUSH_PROMISE
			return -1
		case 6: // PING
			if sid != 0 || n != 8 {
				return -1
			}
		case 7: // GOAWAY
			if sid != 0 || n < 8 {
				return -1
			}
			return reqs
		case 8: // WINDOW_UPDATE
			if n != 4 || binary.BigEndian.Uint32(p)&0x7fffffff == 0 {
				return -1
			}
		}
		if (typ == 1 || typ == 9) && flags&4 != 0 {
			fields, ok := d.decode(block)
			if !ok || !psH2Request(fields, blockTrailers) {
				return -1
			}
			if !blockTrailers {
				reqs++
			}
			if blockEnd {
				delete(open, blockStream)
			}
			blockStream = 0
		}
	}
	if blockStream != 0 {
		return -1
	}
	return reqs
}

// psH2Unpad strips a frame's padding if its flags say it has some.
func psH2Unpad(p []byte, flags byte) ([]byte, bool) {
	if flags&8 == 0 {
		return p, true
	}
	if len(p) == 0 || int(p[0]) >= len(p) {
		return nil, false
	}
	return p[1 : len(p)-int(p[0])], true
}

// psH2Request checks a request's (or its trailers') header fields.
func psH2Request(fields [][2]string, trailers bool) bool {
	pseudo := map[string]string{}
	regular := false
	for _, f := range fields {
		name, value := f[0], f[1]
		if name == "" || strings.ToLower(name) != name {
			return false
		}
		if name[0] == ':' {
			if _, dup := pseudo[name]; regular || trailers || dup {
				return false
			}
			switch name {
			case ":method", ":scheme", ":path", ":authority":
			default:
				return false
			}
			pseudo[name] = value
			continue
		}
		regular = true
		switch name {
		case "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade":
			return false
		case "te":
			if value != "trailers" {
				return false
			}
		}
	}
	if trailers {
		return true
	}
	if pseudo[":method"] == "CONNECT" {
		return pseudo[":authority"] != "" && pseudo[":scheme"] == "" && pseudo[":path"] == ""
	}
	return pseudo[":method"] != "" && pseudo[":scheme"] != "" && pseudo[":path"] != ""
}

// psHPACK is an HPACK decoder's dynamic table.
type psHPACK struct {
	dyn       [][2]string // oldest first
	size, max int
}

func psHPACKSize(f [2]string) int { return len(f[0]) + len(f[1]) + 32 }

// at is the field at index i: the static table from 1, then the dynamic
// one, newest first.
func (d *psHPACK) at(i int) ([2]string, bool) {
	switch {
	case i >= 1 && i <= len(psHPACKStatic):
		return psHPACKStatic[i-1], true
	case i > len(psHPACKStatic) && i-len(psHPACKStatic) <= len(d.dyn):
		return d.dyn[len(d.dyn)-(i-len(psHPACKStatic))], true
	}
	return [2]string{}, false
}

// add adds f to the dynamic table, evicting the oldest entries to make
// room.
func (d *psHPACK) add(f [2]string) {
	n := psHPACKSize(f)
	for d.size+n > d.max {
		d.size -= psHPACKSize(d.dyn[0]) // BUG: f may be larger than the whole table
		d.dyn = d.dyn[1:]
	}
	d.dyn = append(d.dyn, f)
	d.size += n
}

// evict evicts the oldest entries until the table fits its size.
func (d *psHPACK) evict() {
	for d.size > d.max {
		d.size -= psHPACKSize(d.dyn[0])
		d.dyn = d.dyn[1:]
	}
}

// decode decodes a header block.
func (d *psHPACK) decode(b []byte) ([][2]string, bool) {
	var fields [][2]string
	for len(b) > 0 {
		var f [2]string
		var i int
		var ok bool
		switch c := b[0]; {
		case c&0x80 != 0: // indexed
			if i, b, ok = psHPACKInt(b, 7); !ok {
				return nil, false
			}
			if f, ok = d.at(i); !ok {
				return nil, false
			}
		case c&0xe0 == 0x20: // table size update
			if i, b, ok = psHPACKInt(b, 5); !ok || i > 4096 || len(fields) > 0 {
				return nil, false
			}
			d.max = i
			d.evict()
			continue
		default: // literal: with incremental indexing (01), without (0000) or never indexed (0001)
			prefix := 4
			if c&0xc0 == 0x40 {
				prefix = 6
			}
			if i, b, ok = psHPACKInt(b, prefix); !ok {
				return nil, false
			}
			if i > 0 {
				if f, ok = d.at(i); !ok {
					return nil, false
				}
			} else if f[0], b, ok = psHPACKString(b); !ok {
				return nil, false
			}
			if f[1], b, ok = psHPACKString(b); !ok {
				return nil, false
			}
			if prefix == 6 {
				d.add(f)
			}
		}
		fields = append(fields, f)
	}
	return fields, true
}

// psHPACKInt reads an integer with an n-bit prefix.
func psHPACKInt(b []byte, n int) (int, []byte, bool) {
	if len(b) == 0 {
		return 0, nil, false
	}
	m := 1<<n - 1
	v := int(b[0]) & m
	if v < m {
		return v, b[1:], true
	}
	for i, shift := 1, 0; i < len(b) && shift <= 21; i, shift = i+1, shift+7 {
		v += int(b[i]&0x7f) << shift
		if b[i]&0x80 == 0 {
			return v, b[i+1:], true
		}
	}
	return 0, nil, false
}

// psHPACKString reads a string literal, Huffman-coded or not.
func psHPACKString(b []byte) (string, []byte, bool) {
	if len(b) == 0 {
		return "", nil, false
	}
	huff := b[0]&0x80 != 0
	n, b, ok := psHPACKInt(b, 7)
	if !ok || n > len(b) {
		return "", nil, false
	}
	s, b := b[:n], b[n:]
	if !huff {
		return string(s), b, true
	}
	t, ok := psHuffDecode(s)
	return t, b, ok
}

// psHuffTree is HPACK's Huffman code as a binary tree: node k's children
// are psHuffTree[k][0] and [1]; a child below 0 is the leaf of symbol
// -child-1 (256 is EOS).
var psHuffTree = func() [][2]int {
	t := [][2]int{{}}
	add := func(code uint32, n, sym int) {
		k := 0
		for i := n - 1; i > 0; i-- {
			bit := code >> i & 1
			if t[k][bit] == 0 {
				t = append(t, [2]int{})
				t[k][bit] = len(t) - 1
			}
			k = t[k][bit]
		}
		t[k][code&1] = -sym - 1
	}
	for s := range 256 {
		add(psHuffCodes[s], int(psHuffLens[s]), s)
	}
	add(0x3fffffff, 30, 256)
	return t
}()

// psHuffDecode decodes a Huffman-coded string: its padding, shorter than
// a byte, must be the start of EOS (all ones), and EOS itself is refused.
func psHuffDecode(s []byte) (string, bool) {
	var out []byte
	k, pad, ones := 0, 0, true
	for _, c := range s {
		for i := 7; i >= 0; i-- {
			bit := c >> i & 1
			next := psHuffTree[k][bit]
			pad, ones = pad+1, ones && bit == 1
			switch {
			case next == -257:
				return "", false
			case next < 0:
				out = append(out, byte(-next-1))
				k, pad, ones = 0, 0, true
			default:
				k = next
			}
		}
	}
	if pad > 7 || !ones {
		return "", false
	}
	return string(out), true
}

const psH2Smallest = psH2Preface + "\x00\x00\x00\x04\x00\x00\x00\x00\x00" + "\x00\x00\x03\x01\x04\x00\x00\x00\x01" + "\x20\x41\x00"

var psHPACKStatic = [61][2]string{
	{":authority", ""}, {":method", "GET"}, {":method", "POST"}, {":path", "/"},
	{":path", "/index.html"}, {":scheme", "http"}, {":scheme", "https"}, {":status", "200"},
	{":status", "204"}, {":status", "206"}, {":status", "304"}, {":status", "400"},
	{":status", "404"}, {":status", "500"}, {"accept-charset", ""},
	{"accept-encoding", "gzip, deflate"}, {"accept-language", ""}, {"accept-ranges", ""},
	{"accept", ""}, {"access-control-allow-origin", ""}, {"age", ""}, {"allow", ""},
	{"authorization", ""}, {"cache-control", ""}, {"content-disposition", ""},
	{"content-encoding", ""}, {"content-language", ""}, {"content-length", ""},
	{"content-location", ""}, {"content-range", ""}, {"content-type", ""}, {"cookie", ""},
	{"date", ""}, {"etag", ""}, {"expect", ""}, {"expires", ""}, {"from", ""}, {"host", ""},
	{"if-match", ""}, {"if-modified-since", ""}, {"if-none-match", ""}, {"if-range", ""},
	{"if-unmodified-since", ""}, {"last-modified", ""}, {"link", ""}, {"location", ""},
	{"max-forwards", ""}, {"proxy-authenticate", ""}, {"proxy-authorization", ""}, {"range", ""},
	{"referer", ""}, {"refresh", ""}, {"retry-after", ""}, {"server", ""}, {"set-cookie", ""},
	{"strict-transport-security", ""}, {"transfer-encoding", ""}, {"user-agent", ""}, {"vary", ""},
	{"via", ""}, {"www-authenticate", ""},
}
var psHuffCodes = [256]uint32{
	0x1ff8, 0x7fffd8, 0xfffffe2, 0xfffffe3, 0xfffffe4, 0xfffffe5, 0xfffffe6, 0xfffffe7,
	0xfffffe8, 0xffffea, 0x3ffffffc, 0xfffffe9, 0xfffffea, 0x3ffffffd, 0xfffffeb, 0xfffffec,
	0xfffffed, 0xfffffee, 0xfffffef, 0xffffff0, 0xffffff1, 0xffffff2, 0x3ffffffe, 0xffffff3,
	0xffffff4, 0xffffff5, 0xffffff6, 0xffffff7, 0xffffff8, 0xffffff9, 0xffffffa, 0xffffffb,
	0x14, 0x3f8, 0x3f9, 0xffa, 0x1ff9, 0x15, 0xf8, 0x7fa,
	0x3fa, 0x3fb, 0xf9, 0x7fb, 0xfa, 0x16, 0x17, 0x18,
	0x0, 0x1, 0x2, 0x19, 0x1a, 0x1b, 0x1c, 0x1d,
	0x1e, 0x1f, 0x5c, 0xfb, 0x7ffc, 0x20, 0xffb, 0x3fc,
	0x1ffa, 0x21, 0x5d, 0x5e, 0x5f, 0x60, 0x61, 0x62,
	0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a,
	0x6b, 0x6c, 0x6d, 0x6e, 0x6f, 0x70, 0x71, 0x72,
	0xfc, 0x73, 0xfd, 0x1ffb, 0x7fff0, 0x1ffc, 0x3ffc, 0x22,
	0x7ffd, 0x3, 0x23, 0x4, 0x24, 0x5, 0x25, 0x26,
	0x27, 0x6, 0x74, 0x75, 0x28, 0x29, 0x2a, 0x7,
	0x2b, 0x76, 0x2c, 0x8, 0x9, 0x2d, 0x77, 0x78,
	0x79, 0x7a, 0x7b, 0x7ffe, 0x7fc, 0x3ffd, 0x1ffd, 0xffffffc,
	0xfffe6, 0x3fffd2, 0xfffe7, 0xfffe8, 0x3fffd3, 0x3fffd4, 0x3fffd5, 0x7fffd9,
	0x3fffd6, 0x7fffda, 0x7fffdb, 0x7fffdc, 0x7fffdd, 0x7fffde, 0xffffeb, 0x7fffdf,
	0xffffec, 0xffffed, 0x3fffd7, 0x7fffe0, 0xffffee, 0x7fffe1, 0x7fffe2, 0x7fffe3,
	0x7fffe4, 0x1fffdc, 0x3fffd8, 0x7fffe5, 0x3fffd9, 0x7fffe6, 0x7fffe7, 0xffffef,
	0x3fffda, 0x1fffdd, 0xfffe9, 0x3fffdb, 0x3fffdc, 0x7fffe8, 0x7fffe9, 0x1fffde,
	0x7fffea, 0x3fffdd, 0x3fffde, 0xfffff0, 0x1fffdf, 0x3fffdf, 0x7fffeb, 0x7fffec,
	0x1fffe0, 0x1fffe1, 0x3fffe0, 0x1fffe2, 0x7fffed, 0x3fffe1, 0x7fffee, 0x7fffef,
	0xfffea, 0x3fffe2, 0x3fffe3, 0x3fffe4, 0x7ffff0, 0x3fffe5, 0x3fffe6, 0x7ffff1,
	0x3ffffe0, 0x3ffffe1, 0xfffeb, 0x7fff1, 0x3fffe7, 0x7ffff2, 0x3fffe8, 0x1ffffec,
	0x3ffffe2, 0x3ffffe3, 0x3ffffe4, 0x7ffffde, 0x7ffffdf, 0x3ffffe5, 0xfffff1, 0x1ffffed,
	0x7fff2, 0x1fffe3, 0x3ffffe6, 0x7ffffe0, 0x7ffffe1, 0x3ffffe7, 0x7ffffe2, 0xfffff2,
	0x1fffe4, 0x1fffe5, 0x3ffffe8, 0x3ffffe9, 0xffffffd, 0x7ffffe3, 0x7ffffe4, 0x7ffffe5,
	0xfffec, 0xfffff3, 0xfffed, 0x1fffe6, 0x3fffe9, 0x1fffe7, 0x1fffe8, 0x7ffff3,
	0x3fffea, 0x3fffeb, 0x1ffffee, 0x1ffffef, 0xfffff4, 0xfffff5, 0x3ffffea, 0x7ffff4,
	0x3ffffeb, 0x7ffffe6, 0x3ffffec, 0x3ffffed, 0x7ffffe7, 0x7ffffe8, 0x7ffffe9, 0x7ffffea,
	0x7ffffeb, 0xffffffe, 0x7ffffec, 0x7ffffed, 0x7ffffee, 0x7ffffef, 0x7fffff0, 0x3ffffee,
}

var psHuffLens = [256]uint8{
	13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28,
	28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28,
	6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6,
	5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10,
	13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
	7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6,
	15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5,
	6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28,
	20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23,
	24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24,
	22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23,
	21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23,
	26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25,
	19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27,
	20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23,
	26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26,
}

// psHPACKEnc is a client's HPACK encoder.
type psHPACKEnc struct {
	dyn       [][2]string // oldest first
	size, max int
}

// psHPACKAppendInt appends v with an n-bit prefix under the bits first.
func psHPACKAppendInt(out []byte, first byte, n, v int) []byte {
	m := 1<<n - 1
	if v < m {
		return append(out, first|byte(v))
	}
	out = append(out, first|byte(m))
	for v -= m; v >= 0x80; v >>= 7 {
		out = append(out, byte(v)|0x80)
	}
	return append(out, byte(v))
}

// psHPACKAppendString appends s, Huffman-coded if that is shorter (or at
// random).
func psHPACKAppendString(r *rand.Rand, out []byte, s string) []byte {
	var w []byte
	acc, bits := uint64(0), 0
	for i := range len(s) {
		acc = acc<<psHuffLens[s[i]] | uint64(psHuffCodes[s[i]])
		bits += int(psHuffLens[s[i]])
		for bits >= 8 {
			w = append(w, byte(acc>>(bits-8)))
			bits -= 8
		}
	}
	if bits > 0 {
		w = append(w, byte(acc<<(8-bits))|byte(1<<(8-bits)-1))
	}
	if len(w) < len(s) || r.IntN(8) == 0 && len(w) == len(s) {
		return append(psHPACKAppendInt(out, 0x80, 7, len(w)), w...)
	}
	return append(psHPACKAppendInt(out, 0, 7, len(s)), s...)
}

// add adds f to the table as the RFC says.
func (e *psHPACKEnc) add(f [2]string) {
	n := psHPACKSize(f)
	for len(e.dyn) > 0 && e.size+n > e.max {
		e.size -= psHPACKSize(e.dyn[0])
		e.dyn = e.dyn[1:]
	}
	if n <= e.max {
		e.dyn = append(e.dyn, f)
		e.size += n
	}
}

// resize appends a table size update to max.
func (e *psHPACKEnc) resize(out []byte, max int) []byte {
	e.max = max
	for e.size > e.max {
		e.size -= psHPACKSize(e.dyn[0])
		e.dyn = e.dyn[1:]
	}
	return psHPACKAppendInt(out, 0x20, 5, max)
}

// field appends f: indexed if the tables have it, else a literal with an
// indexed name if they have the name, indexed itself unless sensitive
// (or forced to be).
func (e *psHPACKEnc) field(r *rand.Rand, out []byte, f [2]string, index bool) []byte {
	nameAt := 0
	for i, s := range psHPACKStatic {
		if s == f && !index {
			return psHPACKAppendInt(out, 0x80, 7, i+1)
		}
		if s[0] == f[0] && nameAt == 0 {
			nameAt = i + 1
		}
	}
	for i := len(e.dyn) - 1; i >= 0; i-- {
		at := len(psHPACKStatic) + len(e.dyn) - i
		if e.dyn[i] == f && !index {
			return psHPACKAppendInt(out, 0x80, 7, at)
		}
		if e.dyn[i][0] == f[0] && nameAt == 0 {
			nameAt = at
		}
	}
	switch {
	case index || f[0] != "cookie" && f[0] != "authorization" || r.IntN(3) == 0:
		out = psHPACKAppendInt(out, 0x40, 6, nameAt)
		defer e.add(f)
	case r.IntN(2) == 0:
		out = psHPACKAppendInt(out, 0x10, 4, nameAt)
	default:
		out = psHPACKAppendInt(out, 0, 4, nameAt)
	}
	if nameAt == 0 {
		out = psHPACKAppendString(r, out, f[0])
	}
	return psHPACKAppendString(r, out, f[1])
}

// psH2Frame appends a frame.
func psH2Frame(out []byte, typ, flags byte, sid int, p []byte) []byte {
	out = append(out, byte(len(p)>>16), byte(len(p)>>8), byte(len(p)), typ, flags)
	return append(binary.BigEndian.AppendUint32(out, uint32(sid)), p...)
}

// genPsH2 writes a browser's connection: the preface, its settings and a
// window update, then requests (GET with END_STREAM, POST with DATA
// frames; header blocks sometimes split into CONTINUATION frames, padded,
// or with priority), with pings, settings ACKs and priority frames among
// them. One request's header block is bad: either it starts by shrinking
// the table below the size of a field it then indexes, or it indexes a
// cookie larger than the table. Then more requests, and junk.
func genPsH2(r *rand.Rand) []byte {
	out := []byte(psH2Preface)
	var set []byte
	for _, kv := range [][2]int{{1, 65536}, {2, 0}, {3, 100 + r.IntN(900)}, {4, 6291456}, {5, 16384}, {6, 262144}} {
		if r.IntN(3) > 0 {
			set = binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint16(set, uint16(kv[0])), uint32(kv[1]))
		}
	}
	out = psH2Frame(out, 4, 0, 0, set)
	out = psH2Frame(out, 8, 0, 0, binary.BigEndian.AppendUint32(nil, uint32(1+r.IntN(15663105))))
	host := ppWord(r, 3, 10) + "." + ppPick(r, "example.com", "example.org", "test")
	ua := ppPick(r, "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
		"curl/8.8.0", "Go-http-client/2.0")
	cookie := "session=" + ppWord(r, 20, 40) + "; theme=" + ppPick(r, "dark", "light")
	enc := &psHPACKEnc{max: 4096}
	n := 3 + r.IntN(8)
	bad := r.IntN(n)
	for k := range n {
		sid := 2*k + 1
		post := r.IntN(4) == 0
		method := "GET"
		if post {
			method = "POST"
		}
		path := "/"
		for range r.IntN(4) {
			path += ppWord(r, 1, 10) + "/"
		}
		path += ppPick(r, "", "index.html", "app.js", "style.css", "api/items?page="+strconv.Itoa(r.IntN(50)))
		fields := [][2]string{{":method", method}, {":authority", host}, {":scheme", "https"}, {":path", path},
			{"user-agent", ua}, {"accept", ppPick(r, "*/*", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "application/json")},
			{"accept-encoding", "gzip, deflate, br"}, {"accept-language", ppPick(r, "en-US,en;q=0.9", "de-DE,de;q=0.8,en;q=0.5")}}
		if k > 0 {
			fields = append(fields, [2]string{"referer", "https://" + host + "/"})
		}
		if r.IntN(2) == 0 {
			fields = append(fields, [2]string{"cookie", cookie})
		}
		if post {
			fields = append(fields, [2]string{"content-type", "application/json"})
		}
		var block []byte
		force := -1
		if k == bad {
			if r.IntN(3) == 0 {
				fields = append(fields, [2]string{"cookie", "big=" + ppWord(r, 4100, 6000)})
				force = len(fields) - 1
			} else {
				size := r.IntN(100)
				block = enc.resize(block, size)
				force = 4 + r.IntN(len(fields)-4) // user-agent and later fields are large enough
				if psHPACKSize(fields[force]) <= size {
					force = 4
				}
				if psHPACKSize(fields[force]) <= size {
					fields[force][1] += ppWord(r, size, size+20)
				}
				// Fields before it must not meet the shrunk table first.
				fields[force], fields[4] = fields[4], fields[force]
				force = 4
			}
		}
		for i, f := range fields {
			block = enc.field(r, block, f, i == force)
		}
		flags := byte(0x4)
		if !post {
			flags |= 1
		}
		var payload []byte
		if r.IntN(4) == 0 {
			flags |= 0x20
			payload = append(binary.BigEndian.AppendUint32(nil, 0), byte(r.IntN(256)))
		}
		cont := []byte(nil)
		if len(block) > 16000 || r.IntN(5) == 0 {
			cut := len(block) / 2
			block, cont = block[:cut], block[cut:]
			flags &^= 4
		}
		if r.IntN(5) == 0 && len(block) < 16000 {
			pad := r.IntN(40)
			flags |= 8
			payload = append([]byte{byte(pad)}, payload...)
			block = append(bytes.Clone(block), make([]byte, pad)...)
		}
		out = psH2Frame(out, 1, flags, sid, append(payload, block...))
		if cont != nil {
			out = psH2Frame(out, 9, 4, sid, cont)
		}
		if post {
			body := []byte(`{"name":"` + ppWord(r, 3, 12) + `","count":` + strconv.Itoa(r.IntN(1000)) + `}`)
			out = psH2Frame(out, 0, 1, sid, body)
		}
		switch r.IntN(5) {
		case 0:
			out = psH2Frame(out, 6, 0, 0, ppBytes(r, 8))
		case 1:
			out = psH2Frame(out, 4, 1, 0, nil)
		case 2:
			out = psH2Frame(out, 2, 0, sid+2, []byte{0, 0, 0, 0, byte(r.IntN(256))})
		}
	}
	out = psH2Frame(out, 7, 0, 0, binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, uint32(2*n-1)), 0))
	return append(out, ppBytes(r, r.IntN(100))...)
}

// ---- BSON documents ----

// psBSONElem is a document's element.
type psBSONElem struct {
	name string
	val  any
}

// psBSON reads a dump of BSON documents, one after another as mongodump
// writes them, into Go values. A document is a little-endian int32 length
// counting itself, elements (a type byte, a NUL-terminated UTF-8 name and
// the value) and a NUL. Values: double (8 bytes), string (an int32 length
// counting its NUL, UTF-8, the NUL), embedded document, array (a document
// whose names are the indexes), binary (an int32 length, a subtype, the
// bytes; the old subtype 2 repeats the length inside, UUIDs and MD5s have
// 16 bytes), undefined, ObjectId (12 bytes), boolean (0 or 1), UTC
// datetime (8), null, regular expression (two cstrings: the pattern and
// the options, sorted, from "ilmsux"), DBPointer (a string and 12 bytes),
// JavaScript code and symbol (strings), code with scope (an int32 length
// counting all, a string, a document), int32, timestamp (8), int64,
// decimal128 (16), min key and max key. Documents nest up to 100 deep.
//
// Bug: array elements are placed at the indexes their names give, which
// are checked against the number of elements with > rather than >=.
//
// Smallest "\x0f\x00\x00\x00\x04\x00\x08\x00\x00\x00\x061\x00\x00\x00" (15
// bytes): a document holding, under the empty name, an array holding
// one undefined value named "1". Argued: the array needs an element
// whose name is the number of elements, so one named "1" (its least
// length); the array's document takes 4+1+2+1 bytes with a value of none,
// and the outer one 4+1+1 more and its NUL. The lengths are then fixed;
// the least type with no value is undefined (6; null is 0x0a, the keys
// 0x7f and 0xff), and the least name the empty one.
func psBSON(b []byte) int {
	n := 0
	for len(b) > 0 {
		doc, rest, ok := psBSONDoc(b, 0)
		if !ok {
			return -1
		}
		n, b = n+len(doc), rest
	}
	return n
}

// psBSONDoc reads the document at the start of b and returns its elements
// and the bytes after it.
func psBSONDoc(b []byte, depth int) ([]psBSONElem, []byte, bool) {
	if depth > 100 || len(b) < 5 {
		return nil, nil, false
	}
	n := int(int32(binary.LittleEndian.Uint32(b)))
	if n < 5 || n > len(b) || b[n-1] != 0 {
		return nil, nil, false
	}
	body := b[4 : n-1]
	var elems []psBSONElem
	for len(body) > 0 {
		t := body[0]
		name, rest, ok := psBSONCString(body[1:])
		if !ok {
			return nil, nil, false
		}
		v, rest, ok := psBSONValue(t, rest, depth)
		if !ok {
			return nil, nil, false
		}
		elems, body = append(elems, psBSONElem{name, v}), rest
	}
	return elems, b[n:], true
}

// psBSONCString reads a NUL-terminated UTF-8 string.
func psBSONCString(b []byte) (string, []byte, bool) {
	i := bytes.IndexByte(b, 0)
	if i < 0 || !utf8.Valid(b[:i]) {
		return "", nil, false
	}
	return string(b[:i]), b[i+1:], true
}

// psBSONString reads a string: its length, the bytes and a NUL.
func psBSONString(b []byte) (string, []byte, bool) {
	if len(b) < 4 {
		return "", nil, false
	}
	n := int(int32(binary.LittleEndian.Uint32(b)))
	if n < 1 || n > len(b)-4 || b[3+n] != 0 || !utf8.Valid(b[4:3+n]) {
		return "", nil, false
	}
	return string(b[4 : 3+n]), b[4+n:], true
}

// psBSONValue reads a value of type t.
func psBSONValue(t byte, b []byte, depth int) (any, []byte, bool) {
	size := 0
	switch t {
	case 0x01, 0x09, 0x11, 0x12:
		size = 8
	case 0x07:
		size = 12
	case 0x08:
		if len(b) == 0 || b[0] > 1 {
			return nil, nil, false
		}
		return b[0] == 1, b[1:], true
	case 0x10:
		size = 4
	case 0x13:
		size = 16
	case 0x06, 0x0a, 0x7f, 0xff:
		return nil, b, true
	case 0x02, 0x0d, 0x0e:
		return psBSONString(b)
	case 0x03:
		elems, rest, ok := psBSONDoc(b, depth+1)
		if !ok {
			return nil, nil, false
		}
		m := map[string]any{}
		for _, e := range elems {
			m[e.name] = e.val
		}
		return m, rest, true
	case 0x04:
		elems, rest, ok := psBSONDoc(b, depth+1)
		if !ok {
			return nil, nil, false
		}
		a, ok := psBSONArray(elems)
		return a, rest, ok
	case 0x05:
		if len(b) < 5 {
			return nil, nil, false
		}
		n := int(int32(binary.LittleEndian.Uint32(b)))
		if n < 0 || n > len(b)-5 {
			return nil, nil, false
		}
		data := b[5 : 5+n]
		switch b[4] {
		case 2:
			if n < 4 || int(int32(binary.LittleEndian.Uint32(data))) != n-4 {
				return nil, nil, false
			}
		case 3, 4, 5:
			if n != 16 {
				return nil, nil, false
			}
		}
		return data, b[5+n:], true
	case 0x0b:
		pat, rest, ok := psBSONCString(b)
		if !ok {
			return nil, nil, false
		}
		opts, rest, ok := psBSONCString(rest)
		if !ok {
			return nil, nil, false
		}
		for i := range len(opts) {
			if strings.IndexByte("ilmsux", opts[i]) < 0 || i > 0 && opts[i] <= opts[i-1] {
				return nil, nil, false
			}
		}
		return "/" + pat + "/" + opts, rest, true
	case 0x0c:
		s, rest, ok := psBSONString(b)
		if !ok || len(rest) < 12 {
			return nil, nil, false
		}
		return s, rest[12:], true
	case 0x0f:
		if len(b) < 4 {
			return nil, nil, false
		}
		n := int(int32(binary.LittleEndian.Uint32(b)))
		if n < 14 || n > len(b) {
			return nil, nil, false
		}
		code, rest, ok := psBSONString(b[4:n])
		if !ok {
			return nil, nil, false
		}
		if _, rest, ok = psBSONDoc(rest, depth+1); !ok || len(rest) != 0 {
			return nil, nil, false
		}
		return code, b[n:], true
	default:
		return nil, nil, false
	}
	if len(b) < size {
		return nil, nil, false
	}
	return b[:size], b[size:], true
}

// psBSONArray puts an array's elements in a slice. Their names should be
// "0", "1" and so on in order, but writers that delete elements leave
// gaps or reorder them, so each goes where its name says.
func psBSONArray(elems []psBSONElem) ([]any, bool) {
	out := make([]any, len(elems))
	for _, e := range elems {
		i, err := strconv.Atoi(e.name)
		if err != nil || i < 0 || i > len(out) { // BUG: i == len(out) is past the end
			return nil, false
		}
		out[i] = e.val
	}
	return out, true
}

// psBSONEl is an element.
func psBSONEl(t byte, name string, v []byte) []byte {
	return append(append(append([]byte{t}, name...), 0), v...)
}

// psBSONDocOf is a document of the elements.
func psBSONDocOf(elems ...[]byte) []byte {
	n := 5
	for _, e := range elems {
		n += len(e)
	}
	out := binary.LittleEndian.AppendUint32(nil, uint32(n))
	for _, e := range elems {
		out = append(out, e...)
	}
	return append(out, 0)
}

// psBSONArrayOf is an array of values of type t, with its last name n
// rather than n-1 if gap.
func psBSONArrayOf(t byte, vals [][]byte, gap bool) []byte {
	var elems [][]byte
	for i, v := range vals {
		k := i
		if gap && i == len(vals)-1 {
			k++
		}
		elems = append(elems, psBSONEl(t, strconv.Itoa(k), v))
	}
	return psBSONDocOf(elems...)
}

func psBSONStr(s string) []byte {
	return append(append(binary.LittleEndian.AppendUint32(nil, uint32(len(s)+1)), s...), 0)
}

func psBSONI32(v int) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(v)) }
func psBSONI64(v int) []byte { return binary.LittleEndian.AppendUint64(nil, uint64(v)) }
func psBSONF64(v float64) []byte {
	return binary.LittleEndian.AppendUint64(nil, math.Float64bits(v))
}

// genPsBSON writes a dump of a users collection (ObjectIds, names,
// e-mail addresses, dates, nested addresses, tag and score arrays,
// orders as arrays of documents, binary avatars and UUIDs, regular
// expressions, decimal balances) in which one array lost an element
// without its names being renumbered, then junk.
func genPsBSON(r *rand.Rand) []byte {
	n := 3 + r.IntN(12)
	bad := r.IntN(n)
	var out []byte
	for k := range n {
		gapIn := -1
		if k == bad {
			gapIn = r.IntN(3)
		}
		first := ppPick(r, "Anna", "Ben", "Chloé", "Dmitri", "Emeka", "Fatima", "Giulia", "Hiro", "Ines", "José")
		last := ppPick(r, "Schmidt", "Okafor", "Nakamura", "García", "Rossi", "Kowalski", "Dubois", "Ivanova")
		var tags, scores, orders [][]byte
		for range 1 + r.IntN(5) {
			tags = append(tags, psBSONStr(ppPick(r, "admin", "beta", "newsletter", "vip", "churned", "trial", "eu", "mobile")))
		}
		for range 1 + r.IntN(6) {
			scores = append(scores, psBSONF64(float64(r.IntN(10000))/100))
		}
		for range 1 + r.IntN(4) {
			orders = append(orders, psBSONDocOf(
				psBSONEl(0x07, "_id", ppBytes(r, 12)),
				psBSONEl(0x02, "sku", psBSONStr(strings.ToUpper(ppWord(r, 3, 6))+"-"+strconv.Itoa(r.IntN(10000)))),
				psBSONEl(0x10, "qty", psBSONI32(1+r.IntN(9))),
				psBSONEl(0x13, "price", ppBytes(r, 16)),
				psBSONEl(0x09, "at", psBSONI64(1.6e12+r.IntN(1e11)))))
		}
		elems := [][]byte{
			psBSONEl(0x07, "_id", ppBytes(r, 12)),
			psBSONEl(0x02, "name", psBSONStr(first+" "+last)),
			psBSONEl(0x02, "email", psBSONStr(strings.ToLower(first)+"."+strings.ToLower(last)+"@example.com")),
			psBSONEl(0x10, "age", psBSONI32(18+r.IntN(60))),
			psBSONEl(0x09, "createdAt", psBSONI64(1.5e12+r.IntN(2e11))),
			psBSONEl(0x08, "active", []byte{byte(r.IntN(2))}),
			psBSONEl(0x03, "address", psBSONDocOf(
				psBSONEl(0x02, "street", psBSONStr(strconv.Itoa(1+r.IntN(200))+" "+ppWord(r, 4, 10)+" St")),
				psBSONEl(0x02, "city", psBSONStr(ppPick(r, "Berlin", "Lagos", "Osaka", "Madrid", "Lyon"))),
				psBSONEl(0x02, "zip", psBSONStr(strconv.Itoa(10000+r.IntN(90000)))))),
			psBSONEl(0x04, "tags", psBSONArrayOf(0x02, tags, gapIn == 0)),
			psBSONEl(0x04, "scores", psBSONArrayOf(0x01, scores, gapIn == 1)),
			psBSONEl(0x04, "orders", psBSONArrayOf(0x03, orders, gapIn == 2)),
			psBSONEl(0x12, "visits", psBSONI64(r.IntN(1e6))),
		}
		if r.IntN(2) == 0 {
			elems = append(elems, psBSONEl(0x05, "avatar", psBSONBin(0, ppBytes(r, 40+r.IntN(300)))))
		}
		if r.IntN(2) == 0 {
			elems = append(elems, psBSONEl(0x05, "uuid", psBSONBin(4, ppBytes(r, 16))))
		}
		if r.IntN(3) == 0 {
			elems = append(elems, psBSONEl(0x0b, "filter", []byte("^"+ppWord(r, 2, 6)+".*\x00"+ppPick(r, "i", "im", "imsx", "")+"\x00")))
		}
		if r.IntN(3) == 0 {
			elems = append(elems, psBSONEl(0x0a, "deletedAt", nil))
		}
		r.Shuffle(len(elems)-1, func(i, j int) { elems[i+1], elems[j+1] = elems[j+1], elems[i+1] })
		out = append(out, psBSONDocOf(elems...)...)
	}
	return append(out, ppBytes(r, r.IntN(200))...)
}

// psBSONBin is a binary value of the subtype.
func psBSONBin(sub byte, data []byte) []byte {
	return append(append(psBSONI32(len(data)), sub), data...)
}

// ---- SVG: XML with entities and namespaces, and path data ----

const (
	psSVGNS = "http://www.w3.org/2000/svg"
	psXMLNS = "http://www.w3.org/XML/1998/namespace"
)

// psSVG lists an SVG document's shapes as a viewer does, after parsing it
// as XML 1.0 with namespaces: valid UTF-8 without control characters but
// tab, LF and CR; an optional XML declaration; comments and processing
// instructions; a document type declaration whose internal subset
// declares general entities (character references in their values are
// expanded at once, entity references when used; external entities may
// not be used, parameter entities are not supported, other declarations
// are skipped); one root element. Attribute values are in either quotes,
// normalized, with references (the predefined entities, character
// references, and declared entities, nested up to 8 deep, whose values
// may not hold '<'); content holds text, references, CDATA sections,
// comments, processing instructions and elements. Names are resolved
// against the namespace declarations in scope (xmlns and xmlns:prefix
// attributes: prefixes must be declared, not undeclared; xml and xmlns
// are reserved), and attributes may not repeat, by name or by namespace
// and local name. The root must be the SVG namespace's svg; the shapes
// are its path elements, whose d attribute holds path data, and its
// polyline and polygon elements, whose points attribute holds pairs of
// numbers.
//
// Path data: commands (M, L, H, V, C, S, Q, T, A and Z, and relative
// lowercase ones), the first a moveto, each followed by its numbers,
// which may repeat for more of the same command (linetos after a moveto);
// numbers (a sign, digits with a point, an exponent) are separated by
// whitespace and a comma where needed; arc flags are a digit 0 or 1.
//
// Bug: the smooth curves (S and T) take the previous segment to reflect
// its control point, but a moveto draws none, and a path may start with
// a smooth curve right after its moveto.
//
// Smallest "<svg\txmlns=\"http://www.w3.org/2000/svg\"><path\td=\"M0\t0T0\t0\"/></svg>"
// (66 bytes): an svg root declaring the SVG namespace as the
// default one, holding a path whose data are a moveto to 0,0 and a T to
// 0,0. Argued: the root must be the SVG namespace's svg, whose shortest
// declaration is a default one (a prefix costs more), and the path needs
// its own element, in an empty-element tag; the least path data are a
// moveto and a T (S takes 4 numbers to T's 2), each number a digit,
// separated by one whitespace byte (or a sign). Tab is the least
// whitespace and '"' the least quote; '0', 'M' and 'T' are the least
// digit and letters (the lowercase commands are greater).
func psSVG(b []byte) int {
	root, ok := psXMLParse(b)
	if !ok || root.space != psSVGNS || root.local != "svg" {
		return -1
	}
	n, ok := psSVGWalk(root)
	if !ok {
		return -1
	}
	return n
}

// psXMLElem is a parsed element.
type psXMLElem struct {
	space, local string
	attrs        []psXMLAttr
	kids         []*psXMLElem
	text         []byte
}

type psXMLAttr struct{ space, local, value string }

// psXMLParser is an XML parser's state.
type psXMLParser struct {
	s        []byte
	i        int
	entities map[string]string
	external map[string]bool
	expanded int
}

// psXMLParse parses a document and returns its root.
func psXMLParse(b []byte) (*psXMLElem, bool) {
	if !utf8.Valid(b) {
		return nil, false
	}
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return nil, false
		}
	}
	p := &psXMLParser{s: b, entities: map[string]string{}, external: map[string]bool{}}
	if p.has("<?xml") && len(b) > 5 && psXMLSpace(b[5]) {
		end := bytes.Index(b, []byte("?>"))
		if end < 0 {
			return nil, false
		}
		p.i = end + 2
	}
	if !p.misc() {
		return nil, false
	}
	if p.has("<!DOCTYPE") && (!p.doctype() || !p.misc()) {
		return nil, false
	}
	if !p.has("<") {
		return nil, false
	}
	root, ok := p.element(map[string]string{"xml": psXMLNS}, 0)
	if !ok || !p.misc() || p.i != len(p.s) {
		return nil, false
	}
	return root, true
}

func psXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (p *psXMLParser) has(s string) bool { return bytes.HasPrefix(p.s[p.i:], []byte(s)) }

func (p *psXMLParser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// space skips whitespace and reports whether there was some.
func (p *psXMLParser) space() bool {
	start := p.i
	for p.i < len(p.s) && psXMLSpace(p.s[p.i]) {
		p.i++
	}
	return p.i > start
}

// misc skips whitespace, comments and processing instructions.
func (p *psXMLParser) misc() bool {
	for {
		p.space()
		switch {
		case p.has("<!--"):
			if !p.comment() {
				return false
			}
		case p.has("<?"):
			if !p.pi() {
				return false
			}
		default:
			return true
		}
	}
}

// comment skips a comment, which may not hold "--".
func (p *psXMLParser) comment() bool {
	i := bytes.Index(p.s[p.i+4:], []byte("--"))
	if i < 0 || p.i+4+i+2 >= len(p.s) || p.s[p.i+4+i+2] != '>' {
		return false
	}
	p.i += 4 + i + 3
	return true
}

// pi skips a processing instruction.
func (p *psXMLParser) pi() bool {
	p.i += 2
	target, ok := p.name()
	if !ok || strings.EqualFold(target, "xml") {
		return false
	}
	i := bytes.Index(p.s[p.i:], []byte("?>"))
	if i < 0 || i > 0 && !psXMLSpace(p.s[p.i]) {
		return false
	}
	p.i += i + 2
	return true
}

// name reads a name.
func (p *psXMLParser) name() (string, bool) {
	start := p.i
	for p.i < len(p.s) {
		r, n := utf8.DecodeRune(p.s[p.i:])
		ok := r == '_' || r == ':' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= 0x80 && unicode.IsLetter(r)
		if p.i > start {
			ok = ok || r == '-' || r == '.' || r >= '0' && r <= '9' || r == 0xb7 || r >= 0x80 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r))
		}
		if !ok {
			break
		}
		p.i += n
	}
	return string(p.s[start:p.i]), p.i > start
}

// psXMLIsName reports whether s is a name.
func psXMLIsName(s string) bool {
	q := &psXMLParser{s: []byte(s)}
	_, ok := q.name()
	return ok && q.i == len(s)
}

// quoted reads a quoted literal without references.
func (p *psXMLParser) quoted() bool {
	if p.i >= len(p.s) || p.s[p.i] != '"' && p.s[p.i] != '\'' {
		return false
	}
	i := bytes.IndexByte(p.s[p.i+1:], p.s[p.i])
	if i < 0 {
		return false
	}
	p.i += i + 2
	return true
}

// externalID reads SYSTEM "uri" or PUBLIC "id" "uri".
func (p *psXMLParser) externalID() bool {
	public := p.has("PUBLIC")
	p.i += 6
	if !p.space() || !p.quoted() {
		return false
	}
	return !public || p.space() && p.quoted()
}

// doctype reads a document type declaration.
func (p *psXMLParser) doctype() bool {
	p.i += len("<!DOCTYPE")
	if !p.space() {
		return false
	}
	if _, ok := p.name(); !ok {
		return false
	}
	if p.space() && (p.has("SYSTEM") || p.has("PUBLIC")) && !p.externalID() {
		return false
	}
	p.space()
	if p.eat('[') && !p.subset() {
		return false
	}
	p.space()
	return p.eat('>')
}

// subset reads the internal subset, up to its ']'.
func (p *psXMLParser) subset() bool {
	for {
		p.space()
		switch {
		case p.eat(']'):
			return true
		case p.has("<!ENTITY"):
			if !p.entityDecl() {
				return false
			}
		case p.has("<!--"):
			if !p.comment() {
				return false
			}
		case p.has("<?"):
			if !p.pi() {
				return false
			}
		case p.has("<!"):
			if !p.skipDecl() {
				return false
			}
		default: // parameter entity references and anything else
			return false
		}
	}
}

// skipDecl skips a markup declaration other than an entity's.
func (p *psXMLParser) skipDecl() bool {
	var q byte
	for p.i += 2; p.i < len(p.s); p.i++ {
		switch c := p.s[p.i]; {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == '>':
			p.i++
			return true
		}
	}
	return false
}

// entityDecl reads an entity declaration; the first of a name counts.
func (p *psXMLParser) entityDecl() bool {
	p.i += len("<!ENTITY")
	if !p.space() || p.has("%") {
		return false
	}
	name, ok := p.name()
	if !ok || !p.space() {
		return false
	}
	value, external := "", p.has("SYSTEM") || p.has("PUBLIC")
	if external {
		if !p.externalID() {
			return false
		}
		if p.space() && p.has("NDATA") {
			p.i += 5
			if !p.space() {
				return false
			}
			if _, ok := p.name(); !ok {
				return false
			}
		}
	} else if value, ok = p.entityValue(); !ok {
		return false
	}
	p.space()
	if !p.eat('>') {
		return false
	}
	if _, dup := p.entities[name]; !dup && !p.external[name] {
		if external {
			p.external[name] = true
		} else {
			p.entities[name] = value
		}
	}
	return true
}

// entityValue reads an entity's value, expanding character references.
func (p *psXMLParser) entityValue() (string, bool) {
	if p.i >= len(p.s) || p.s[p.i] != '"' && p.s[p.i] != '\'' {
		return "", false
	}
	q := p.s[p.i]
	var v []byte
	for p.i++; p.i < len(p.s); {
		switch c := p.s[p.i]; c {
		case q:
			p.i++
			return string(v), true
		case '%':
			return "", false
		case '&':
			end := bytes.IndexByte(p.s[p.i:], ';')
			if end < 0 {
				return "", false
			}
			ref := string(p.s[p.i+1 : p.i+end])
			if strings.HasPrefix(ref, "#") {
				r, ok := psXMLCharRef(ref[1:])
				if !ok {
					return "", false
				}
				v = utf8.AppendRune(v, r)
			} else {
				if !psXMLIsName(ref) {
					return "", false
				}
				v = append(v, p.s[p.i:p.i+end+1]...)
			}
			p.i += end + 1
		default:
			v = append(v, c)
			p.i++
		}
	}
	return "", false
}

// psXMLCharRef is the character of a character reference's digits.
func psXMLCharRef(s string) (rune, bool) {
	base := 10
	if rest, ok := strings.CutPrefix(s, "x"); ok {
		base, s = 16, rest
	}
	if s == "" || len(s) > 8 {
		return 0, false
	}
	v, err := strconv.ParseUint(s, base, 32)
	r := rune(v)
	if err != nil || !(r == 0x9 || r == 0xa || r == 0xd || r >= 0x20 && r <= 0xd7ff || r >= 0xe000 && r <= 0xfffd || r >= 0x10000 && r <= 0x10ffff) {
		return 0, false
	}
	return r, true
}

// ref reads the reference at p.i and returns its text.
func (p *psXMLParser) ref() (string, bool) {
	end := bytes.IndexByte(p.s[p.i:], ';')
	if end < 0 {
		return "", false
	}
	name := string(p.s[p.i+1 : p.i+end])
	p.i += end + 1
	return p.expand(name, 0)
}

// expand is the text of the reference to name.
func (p *psXMLParser) expand(name string, depth int) (string, bool) {
	if strings.HasPrefix(name, "#") {
		r, ok := psXMLCharRef(name[1:])
		return string(r), ok
	}
	switch name {
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "amp":
		return "&", true
	case "apos":
		return "'", true
	case "quot":
		return `"`, true
	}
	v, ok := p.entities[name]
	if !ok || depth >= 8 || strings.IndexByte(v, '<') >= 0 {
		return "", false
	}
	var out strings.Builder
	for v != "" {
		i := strings.IndexByte(v, '&')
		if i < 0 {
			out.WriteString(v)
			break
		}
		out.WriteString(v[:i])
		end := strings.IndexByte(v[i:], ';')
		if end < 0 {
			return "", false
		}
		t, ok := p.expand(v[i+1:i+end], depth+1)
		if !ok {
			return "", false
		}
		out.WriteString(t)
		v = v[i+end+1:]
	}
	if p.expanded += out.Len(); p.expanded > 1<<20 {
		return "", false
	}
	return out.String(), true
}

// attValue reads an attribute's value, normalized.
func (p *psXMLParser) attValue() (string, bool) {
	if p.i >= len(p.s) || p.s[p.i] != '"' && p.s[p.i] != '\'' {
		return "", false
	}
	q := p.s[p.i]
	var v []byte
	for p.i++; p.i < len(p.s); {
		switch c := p.s[p.i]; c {
		case q:
			p.i++
			return string(v), true
		case '<':
			return "", false
		case '&':
			char := p.has("&#")
			t, ok := p.ref()
			if !ok {
				return "", false
			}
			if !char {
				t = strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(t)
			}
			v = append(v, t...)
		case '\t', '\n', '\r':
			v = append(v, ' ')
			p.i++
		default:
			v = append(v, c)
			p.i++
		}
	}
	return "", false
}

// element reads the element at p.i ('<') with the namespaces ns in scope.
func (p *psXMLParser) element(ns map[string]string, depth int) (*psXMLElem, bool) {
	if depth > 200 {
		return nil, false
	}
	p.i++
	qname, ok := p.name()
	if !ok {
		return nil, false
	}
	var raw [][2]string
	for {
		sp := p.space()
		if p.has("/>") || p.has(">") {
			break
		}
		an, ok := p.name()
		if !sp || !ok {
			return nil, false
		}
		p.space()
		if !p.eat('=') {
			return nil, false
		}
		p.space()
		v, ok := p.attValue()
		if !ok {
			return nil, false
		}
		for _, a := range raw {
			if a[0] == an {
				return nil, false
			}
		}
		raw = append(raw, [2]string{an, v})
	}
	scope, copied := ns, false
	for _, a := range raw {
		prefix, decl := strings.CutPrefix(a[0], "xmlns:")
		if !decl && a[0] == "xmlns" {
			prefix, decl = "", true
		}
		if !decl {
			continue
		}
		if a[0] == "xmlns:" || prefix == "xmlns" || (prefix == "xml") != (a[1] == psXMLNS) || prefix != "" && a[1] == "" || strings.IndexByte(prefix, ':') >= 0 {
			return nil, false
		}
		if !copied {
			scope, copied = make(map[string]string, len(ns)+1), true
			for k, v := range ns {
				scope[k] = v
			}
		}
		scope[prefix] = a[1]
	}
	el := &psXMLElem{}
	if el.space, el.local, ok = psXMLResolve(scope, qname, true); !ok {
		return nil, false
	}
	for _, a := range raw {
		if a[0] == "xmlns" || strings.HasPrefix(a[0], "xmlns:") {
			continue
		}
		space, local, ok := psXMLResolve(scope, a[0], false)
		if !ok {
			return nil, false
		}
		for _, b := range el.attrs {
			if b.space == space && b.local == local {
				return nil, false
			}
		}
		el.attrs = append(el.attrs, psXMLAttr{space, local, a[1]})
	}
	if p.has("/>") {
		p.i += 2
		return el, true
	}
	p.i++
	for {
		switch {
		case p.i >= len(p.s):
			return nil, false
		case p.has("</"):
			p.i += 2
			end, ok := p.name()
			p.space()
			if !ok || end != qname || !p.eat('>') {
				return nil, false
			}
			return el, true
		case p.has("<!--"):
			if !p.comment() {
				return nil, false
			}
		case p.has("<![CDATA["):
			i := bytes.Index(p.s[p.i+9:], []byte("]]>"))
			if i < 0 {
				return nil, false
			}
			el.text = append(el.text, p.s[p.i+9:p.i+9+i]...)
			p.i += 9 + i + 3
		case p.has("<?"):
			if !p.pi() {
				return nil, false
			}
		case p.has("<"):
			kid, ok := p.element(scope, depth+1)
			if !ok {
				return nil, false
			}
			el.kids = append(el.kids, kid)
		case p.has("&"):
			t, ok := p.ref()
			if !ok {
				return nil, false
			}
			el.text = append(el.text, t...)
		case p.has("]]>"):
			return nil, false
		default:
			el.text = append(el.text, p.s[p.i])
			p.i++
		}
	}
}

// psXMLResolve resolves a qualified name: an element's unprefixed name is
// in the default namespace, an attribute's in none.
func psXMLResolve(ns map[string]string, qname string, elem bool) (string, string, bool) {
	prefix, local, ok := strings.Cut(qname, ":")
	if !ok {
		if elem {
			return ns[""], qname, true
		}
		return "", qname, true
	}
	if prefix == "" || prefix == "xmlns" || !psXMLIsName(local) || strings.IndexByte(local, ':') >= 0 {
		return "", "", false
	}
	uri, ok := ns[prefix]
	return uri, local, ok
}

// psXMLAttrOf is e's attribute name (in no namespace), or "".
func psXMLAttrOf(e *psXMLElem, name string) string {
	for _, a := range e.attrs {
		if a.space == "" && a.local == name {
			return a.value
		}
	}
	return ""
}

// psSVGWalk counts the shapes' segments in e and below.
func psSVGWalk(e *psXMLElem) (int, bool) {
	n := 0
	if e.space == psSVGNS {
		switch e.local {
		case "path":
			segs, ok := psSVGPath(psXMLAttrOf(e, "d"))
			if !ok {
				return 0, false
			}
			n += len(segs)
		case "polyline", "polygon":
			s := &psSVGScanner{s: psXMLAttrOf(e, "points")}
			k := 0
			for s.wsp(); !s.done(); k++ {
				if _, ok := s.number(); !ok {
					return 0, false
				}
				s.commaWsp()
			}
			if k%2 != 0 {
				return 0, false
			}
			n += k / 2
		}
	}
	for _, kid := range e.kids {
		m, ok := psSVGWalk(kid)
		if !ok {
			return 0, false
		}
		n += m
	}
	return n, true
}

// psSVGScanner reads path data.
type psSVGScanner struct {
	s string
	i int
}

func (s *psSVGScanner) done() bool { return s.i >= len(s.s) }

func (s *psSVGScanner) wsp() {
	for s.i < len(s.s) && psXMLSpace(s.s[s.i]) {
		s.i++
	}
}

func (s *psSVGScanner) commaWsp() {
	s.wsp()
	if s.i < len(s.s) && s.s[s.i] == ',' {
		s.i++
		s.wsp()
	}
}

func (s *psSVGScanner) digits() int {
	start := s.i
	for s.i < len(s.s) && s.s[s.i] >= '0' && s.s[s.i] <= '9' {
		s.i++
	}
	return s.i - start
}

// number reads a number.
func (s *psSVGScanner) number() (float64, bool) {
	start := s.i
	if s.i < len(s.s) && (s.s[s.i] == '+' || s.s[s.i] == '-') {
		s.i++
	}
	n := s.digits()
	if s.i < len(s.s) && s.s[s.i] == '.' {
		s.i++
		n += s.digits()
	}
	if n == 0 {
		return 0, false
	}
	if s.i < len(s.s) && (s.s[s.i] == 'e' || s.s[s.i] == 'E') {
		j := s.i
		s.i++
		if s.i < len(s.s) && (s.s[s.i] == '+' || s.s[s.i] == '-') {
			s.i++
		}
		if s.digits() == 0 {
			s.i = j
		}
	}
	v, err := strconv.ParseFloat(s.s[start:s.i], 64)
	return v, err == nil
}

// psSVGSeg is a path segment in absolute coordinates.
type psSVGSeg struct {
	kind byte          // 'L', 'C', 'Q' or 'A'
	pts  [3][2]float64 // control points (an arc's radii and flags), then the end
}

// psSVGPath parses path data into segments.
func psSVGPath(d string) ([]psSVGSeg, bool) {
	s := &psSVGScanner{s: d}
	var segs []psSVGSeg
	var cur, start [2]float64
	var cmd byte
	moved := false
	for s.wsp(); !s.done(); {
		switch c := s.s[s.i]; {
		case strings.IndexByte("MmZzLlHhVvCcSsQqTtAa", c) >= 0:
			cmd = c
			s.i++
			s.wsp()
		case cmd == 0 || cmd == 'Z' || cmd == 'z':
			return nil, false
		case cmd == 'M':
			cmd = 'L'
		case cmd == 'm':
			cmd = 'l'
		}
		lower := cmd | 0x20
		if !moved && lower != 'm' {
			return nil, false
		}
		var off [2]float64
		if cmd >= 'a' {
			off = cur
		}
		n := map[byte]int{'m': 2, 'z': 0, 'l': 2, 'h': 1, 'v': 1, 'c': 6, 's': 4, 'q': 4, 't': 2, 'a': 7}[lower]
		var v [7]float64
		for j := range n {
			if j > 0 {
				s.commaWsp()
			}
			var ok bool
			if lower == 'a' && (j == 3 || j == 4) {
				if ok = s.i < len(s.s) && (s.s[s.i] == '0' || s.s[s.i] == '1'); ok {
					v[j] = float64(s.s[s.i] - '0')
					s.i++
				}
			} else {
				v[j], ok = s.number()
			}
			if !ok {
				return nil, false
			}
		}
		s.commaWsp()
		pt := func(j int) [2]float64 { return [2]float64{off[0] + v[j], off[1] + v[j+1]} }
		var seg psSVGSeg
		switch lower {
		case 'm':
			cur, start, moved = pt(0), pt(0), true
			continue
		case 'z':
			seg = psSVGSeg{'L', [3][2]float64{2: start}}
		case 'l':
			seg = psSVGSeg{'L', [3][2]float64{2: pt(0)}}
		case 'h':
			seg = psSVGSeg{'L', [3][2]float64{2: {off[0] + v[0], cur[1]}}}
		case 'v':
			seg = psSVGSeg{'L', [3][2]float64{2: {cur[0], off[1] + v[0]}}}
		case 'c':
			seg = psSVGSeg{'C', [3][2]float64{pt(0), pt(2), pt(4)}}
		case 's':
			// The first control point is the previous curve's second
			// reflected about the current point.
			c1 := cur
			if prev := segs[len(segs)-1]; prev.kind == 'C' { // BUG: a moveto draws no segment
				c1 = [2]float64{2*cur[0] - prev.pts[1][0], 2*cur[1] - prev.pts[1][1]}
			}
			seg = psSVGSeg{'C', [3][2]float64{c1, pt(0), pt(2)}}
		case 'q':
			seg = psSVGSeg{'Q', [3][2]float64{pt(0), pt(0), pt(2)}}
		case 't':
			c := cur
			if prev := segs[len(segs)-1]; prev.kind == 'Q' { // BUG: likewise
				c = [2]float64{2*cur[0] - prev.pts[0][0], 2*cur[1] - prev.pts[0][1]}
			}
			seg = psSVGSeg{'Q', [3][2]float64{c, c, pt(0)}}
		case 'a':
			seg = psSVGSeg{'A', [3][2]float64{{math.Abs(v[0]), math.Abs(v[1])}, {v[2], 2*v[3] + v[4]}, pt(5)}}
		}
		segs = append(segs, seg)
		cur = seg.pts[2]
	}
	return segs, true
}

// psSVGNum is a coordinate as drawing programs write them.
func psSVGNum(r *rand.Rand) string {
	v := float64(r.IntN(40000)-10000) / 100
	switch r.IntN(6) {
	case 0:
		return strconv.Itoa(int(v))
	case 1:
		s := strconv.FormatFloat(v/100, 'f', 3, 64)
		s = strings.Replace(s, "0.", ".", 1) // minified: -.123, .5
		return s
	case 2:
		return strconv.FormatFloat(v*10, 'e', 2, 64)
	default:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
}

// psSVGArgs writes numbers as minifiers or editors separate them.
func psSVGArgs(r *rand.Rand, b *strings.Builder, nums ...string) {
	style := r.IntN(3)
	for i, n := range nums {
		if i > 0 {
			switch {
			case style == 0 && (n[0] == '-' || n[0] == '.' && strings.Contains(nums[i-1], ".")):
			case style == 1:
				b.WriteString(ppPick(r, ",", ", "))
			default:
				b.WriteString(ppPick(r, " ", " ", "\n\t\t"))
			}
		}
		b.WriteString(n)
	}
}

// psSVGPathData writes path data; bad starts with a smooth curve right
// after the first moveto.
func psSVGPathData(r *rand.Rand, bad bool) string {
	var b strings.Builder
	b.WriteString(ppPick(r, "M", "m", "M"))
	psSVGArgs(r, &b, psSVGNum(r), psSVGNum(r))
	if bad {
		c := ppPick(r, "S", "s", "T", "t")
		b.WriteString(ppPick(r, "", " ") + c)
		n := 4
		if c == "T" || c == "t" {
			n = 2
		}
		var nums []string
		for range n {
			nums = append(nums, psSVGNum(r))
		}
		psSVGArgs(r, &b, nums...)
	}
	closed := false
	for k := range 2 + r.IntN(14) {
		c := ppPick(r, "L", "l", "H", "h", "V", "v", "C", "c", "Q", "q", "A", "a", "S", "s", "T", "t", "Z", "z", "M", "m")
		if k == 0 && !bad && strings.ContainsAny(c, "SsTtZzMm") {
			c = "L"
		}
		if closed && !strings.ContainsAny(c, "Mm") {
			c = "M" // an explicit moveto after a closepath, as editors write
		}
		b.WriteString(ppPick(r, "", " ", "\n") + c)
		var nums []string
		switch strings.ToUpper(c) {
		case "L", "T", "M":
			nums = []string{psSVGNum(r), psSVGNum(r)}
		case "H", "V":
			nums = []string{psSVGNum(r)}
		case "C":
			for range 6 {
				nums = append(nums, psSVGNum(r))
			}
		case "S", "Q":
			for range 4 {
				nums = append(nums, psSVGNum(r))
			}
		case "A":
			nums = []string{strconv.Itoa(1 + r.IntN(90)), strconv.Itoa(1 + r.IntN(90)), strconv.Itoa(r.IntN(360)), ppPick(r, "0", "1"), ppPick(r, "0", "1"), psSVGNum(r), psSVGNum(r)}
		}
		psSVGArgs(r, &b, nums...)
		closed = c == "Z" || c == "z"
	}
	return b.String()
}

// psXMLEscape escapes text for content or a double-quoted attribute.
func psXMLEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", `"`, "&quot;").Replace(s)
}

// genPsSVG writes a drawing program's SVG (an XML declaration, a
// generator comment, sometimes a document type declaration whose
// entities hold the namespaces and styles, Inkscape's namespaces and
// named view, a style sheet, a title and description, gradients, groups
// of paths, polygons, rectangles, circles and uses, a caption with
// character references, metadata) one of whose paths starts with a
// smooth curve, and junk in its metadata and a trailing comment.
func genPsSVG(r *rand.Rand) []byte {
	w, h := 50+r.IntN(1000), 50+r.IntN(1000)
	ents := r.IntN(2) == 0
	inkscape := !ents && r.IntN(2) == 0
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"` + ppPick(r, "", ` standalone="no"`) + "?>\n")
	if ents {
		b.WriteString("<!-- Generator: Adobe Illustrator 27.5.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->\n")
		b.WriteString(`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [` + "\n")
		b.WriteString("\t<!ENTITY ns_svg \"http://www.w3.org/2000/svg\">\n\t<!ENTITY ns_xlink \"http://www.w3.org/1999/xlink\">\n")
		b.WriteString("\t<!ENTITY st0 \"fill:#" + fmt.Sprintf("%06X", r.IntN(1<<24)) + ";stroke:#000000;stroke-miterlimit:10;\">\n")
		b.WriteString("\t<!ENTITY author \"" + ppPick(r, "J&#xF6;rg", "Zo&#235;", "Ana") + " &amp; co\">\n")
		b.WriteString("]>\n")
		b.WriteString(`<svg version="1.1" id="Layer_1" xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;" x="0px" y="0px"`)
	} else {
		b.WriteString("<!-- Created with " + ppPick(r, "Inkscape (http://www.inkscape.org/)", "Figma", "Sketch") + " -->\n")
		b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`)
		if inkscape {
			b.WriteString("\n   xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\"\n   xmlns:sodipodi=\"http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd\"\n   inkscape:version=\"1.3 (0e150ed6c4, 2023-07-21)\" sodipodi:docname=\"" + ppWord(r, 3, 10) + ".svg\"")
		}
	}
	fmt.Fprintf(&b, " width=\"%dpx\" height=\"%dpx\" viewBox=\"0 0 %d %d\" xml:space=\"preserve\">\n", w, h, w, h)
	if inkscape {
		b.WriteString("<sodipodi:namedview id=\"namedview1\" pagecolor=\"#ffffff\" inkscape:zoom=\"" + psSVGNum(r) + "\"/>\n")
	}
	b.WriteString("<style type=\"text/css\">\n\t.st1{fill:none;stroke:#" + fmt.Sprintf("%06x", r.IntN(1<<24)) + ";stroke-width:2;}\n</style>\n")
	b.WriteString("<title>" + psXMLEscape(ppWord(r, 3, 12)+" & "+ppWord(r, 3, 12)) + "</title>\n")
	b.WriteString("<desc>" + psXMLEscape(ppText(r, 20+r.IntN(80), "")) + "</desc>\n")
	b.WriteString("<defs>\n<linearGradient id=\"grad1\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">\n")
	for range 2 + r.IntN(3) {
		fmt.Fprintf(&b, "\t<stop offset=\"%d%%\" style=\"stop-color:#%06X;stop-opacity:1\" />\n", r.IntN(101), r.IntN(1<<24))
	}
	b.WriteString("</linearGradient>\n</defs>\n")
	shapes := 4 + r.IntN(14)
	bad := r.IntN(shapes)
	for k := range shapes {
		if k%5 == 0 {
			fmt.Fprintf(&b, "<g id=\"g%d\" transform=\"translate(%s,%s)\"", k, psSVGNum(r), psSVGNum(r))
			if inkscape {
				b.WriteString(` inkscape:label="Layer ` + strconv.Itoa(k/5+1) + `" inkscape:groupmode="layer"`)
			}
			b.WriteString(">\n")
		}
		b.WriteString("\t")
		switch {
		case k == bad || r.IntN(2) == 0:
			style := `class="st1"`
			if ents {
				style = `style="&st0;"`
			}
			fmt.Fprintf(&b, "<path id=\"path%d\" %s d=\"%s\"/>\n", k, style, psSVGPathData(r, k == bad))
		case r.IntN(3) == 0:
			var pts []string
			for range 2 * (2 + r.IntN(6)) {
				pts = append(pts, psSVGNum(r))
			}
			fmt.Fprintf(&b, "<%s fill=\"url(#grad1)\" points=\"%s\"/>\n", ppPick(r, "polygon", "polyline"), strings.Join(pts, ppPick(r, " ", ",")))
		case r.IntN(2) == 0:
			fmt.Fprintf(&b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"#%06x\"/>\n", r.IntN(w), r.IntN(h), 1+r.IntN(w), 1+r.IntN(h), r.IntN(1<<24))
		default:
			fmt.Fprintf(&b, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\"/>\n\t<use xlink:href=\"#path%d\" x=\"%d\"/>\n", r.IntN(w), r.IntN(h), 1+r.IntN(50), r.IntN(k+1), r.IntN(w))
		}
		if k%5 == 4 || k == shapes-1 {
			b.WriteString("</g>\n")
		}
	}
	caption := psXMLEscape(ppWord(r, 3, 10)) + " &#x2014; " + psXMLEscape(ppWord(r, 3, 10)) + " &#169; 2024"
	if ents {
		caption += " &author;"
	}
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" font-family=\"'Helvetica Neue', Arial\">%s</text>\n", r.IntN(w), r.IntN(h), caption)
	junk := strings.ReplaceAll(ppText(r, r.IntN(300), ""), "]]>", "]] >")
	b.WriteString("<metadata><![CDATA[" + junk + "]]></metadata>\n</svg>\n")
	junk = strings.ReplaceAll(ppText(r, r.IntN(200), ""), "--", "- ")
	b.WriteString("<!-- " + junk + " -->\n")
	return []byte(b.String())
}

// ---- crontab ----

// psCronSpec is a time field's range, the last value '*' stands for, and
// the names of its values from lo on.
type psCronSpec struct {
	lo, hi, star int
	names        []string
	seven        bool // 7 is also Sunday
}

var psCronSpecs = [5]psCronSpec{
	{0, 59, 59, nil, false},
	{0, 23, 23, nil, false},
	{1, 31, 31, nil, false},
	{1, 12, 12, []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}, false},
	{0, 7, 6, []string{"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"}, true},
}

// psCronEntry is a crontab entry's schedule and command.
type psCronEntry struct {
	minute [60]bool
	hour   [24]bool
	dom    [32]bool
	month  [13]bool
	dow    [7]bool
	cmd    string
}

// psCron reads a crontab as cron does: lines (blanks are spaces and tabs)
// that are empty or comments ('#'), environment settings (a name, blanks,
// '=' and a value), or entries: @reboot, @yearly, @annually, @monthly,
// @weekly, @daily, @midnight or @hourly, or five time fields (minute 0-59,
// hour 0-23, day of month 1-31, month 1-12 or JAN-DEC, day of week 0-7 or
// SUN-SAT, Sunday being 0 or 7; names in any case), then the command, the
// rest of the line, which may not be empty. A field is a comma-separated
// list of '*' or a value or a range a-b (a <= b), the range or '*' with
// an optional step /n.
//
// Bug: Sunday's second number, 7, is folded to 0 when it starts a range
// or stands alone, but not when it ends a range, and the day-of-week
// set has no 7.
//
// Smallest "*\t*\t*\t*\t0-7\t\x00" (13 bytes): every minute, hour, day and
// month, on the days of the week 0 to 7, the command "\x00". Argued: the
// bug needs a day-of-week range ending at 7 and starting below it, three
// bytes at least, after four fields of a byte and before a command of a
// byte, each with a blank: 13 bytes. '*' is the least field byte, tab the
// least blank, "0-7" the least range, and NUL, which is not a blank, the
// least command.
func psCron(b []byte) int {
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimLeft(line, " \t")
		if line == "" || line[0] == '#' || psCronEnv(line) {
			continue
		}
		var e psCronEntry
		if !psCronLine(&e, line) {
			return -1
		}
		n++
	}
	return n
}

// psCronEnv reports whether line sets an environment variable.
func psCronEnv(line string) bool {
	i := 0
	for i < len(line) && (line[i] == '_' || line[i] >= 'A' && line[i] <= 'Z' || line[i] >= 'a' && line[i] <= 'z' || i > 0 && line[i] >= '0' && line[i] <= '9') {
		i++
	}
	return i > 0 && strings.HasPrefix(strings.TrimLeft(line[i:], " \t"), "=")
}

// psCronLine parses an entry.
func psCronLine(e *psCronEntry, line string) bool {
	bits := [5][]bool{e.minute[:], e.hour[:], e.dom[:], e.month[:], e.dow[:]}
	if line[0] == '@' {
		word, rest := line, ""
		if i := strings.IndexAny(line, " \t"); i >= 0 {
			word, rest = line[:i], line[i:]
		}
		fields := map[string]string{"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *",
			"@weekly": "0 0 * * 0", "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *", "@reboot": ""}
		spec, ok := fields[word]
		if !ok {
			return false
		}
		for k, f := range strings.Fields(spec) {
			psCronField(f, psCronSpecs[k], bits[k])
		}
		e.cmd = strings.TrimLeft(rest, " \t")
		return e.cmd != ""
	}
	var fields [5]string
	rest := line
	for k := range fields {
		rest = strings.TrimLeft(rest, " \t")
		i := strings.IndexAny(rest, " \t")
		if i < 0 {
			return false
		}
		fields[k], rest = rest[:i], rest[i:]
	}
	if e.cmd = strings.TrimLeft(rest, " \t"); e.cmd == "" {
		return false
	}
	for k, f := range fields {
		if !psCronField(f, psCronSpecs[k], bits[k]) {
			return false
		}
	}
	return true
}

// psCronValue reads a number or a name of the field.
func psCronValue(s string, spec psCronSpec) (int, bool) {
	if s != "" && len(s) <= 2 && strings.Trim(s, "0123456789") == "" {
		v, _ := strconv.Atoi(s)
		return v, v >= spec.lo && v <= spec.hi
	}
	for i, name := range spec.names {
		if strings.EqualFold(s, name) {
			return spec.lo + i, true
		}
	}
	return 0, false
}

// psCronField sets the bits of the values a field lists.
func psCronField(f string, spec psCronSpec, bits []bool) bool {
	for _, item := range strings.Split(f, ",") {
		rng, stepText, stepped := strings.Cut(item, "/")
		step := 1
		if stepped {
			var ok bool
			if step, ok = psCronValue(stepText, psCronSpec{lo: 1, hi: spec.hi}); !ok {
				return false
			}
		}
		a, b := spec.lo, spec.star
		if rng != "*" {
			x, y, isRange := strings.Cut(rng, "-")
			var ok bool
			if a, ok = psCronValue(x, spec); !ok || stepped && !isRange {
				return false
			}
			b = a
			if isRange {
				if b, ok = psCronValue(y, spec); !ok || a > b {
					return false
				}
			}
			if spec.seven && a == 7 { // Sunday
				a, b = 0, 0
			}
		}
		for v := a; v <= b; v += step {
			bits[v] = true // BUG: a range of days of the week may end at 7
		}
	}
	return true
}

// genPsCron writes a system's crontab (a header comment, environment
// settings, entries with lists, ranges, steps and names, special
// strings) one of whose entries has a day-of-week range ending at 7, then
// more entries and junk.
func genPsCron(r *rand.Rand) []byte {
	var b strings.Builder
	b.WriteString("# Edit this file to introduce tasks to be run by cron.\n#\n# m h  dom mon dow   command\n")
	if r.IntN(2) == 0 {
		b.WriteString("SHELL=/bin/bash\nPATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin\n")
	}
	b.WriteString(ppPick(r, "MAILTO=ops@example.com\n", "MAILTO=\"\"\n", "CRON_TZ = Europe/Berlin\n"))
	blank := func() string { return ppPick(r, " ", "\t", "  ", " \t") }
	minute := func() string {
		return ppPick(r, "*", "*/5", "*/15", "0", strconv.Itoa(r.IntN(60)), "0,30", fmt.Sprintf("%d-%d", r.IntN(20), 20+r.IntN(40)))
	}
	hour := func() string {
		return ppPick(r, "*", "*/2", strconv.Itoa(r.IntN(24)), "9-17", "0,12", fmt.Sprintf("%d-%d/2", r.IntN(6), 12+r.IntN(12)))
	}
	dom := func() string { return ppPick(r, "*", "*", "1", "1,15", strconv.Itoa(1+r.IntN(28)), "1-7") }
	month := func() string { return ppPick(r, "*", "*", "*/3", "JAN,JUL", "jun-aug", strconv.Itoa(1+r.IntN(12))) }
	dow := func(bad bool) string {
		if bad {
			a := r.IntN(7)
			s := ppPick(r, strconv.Itoa(a), psCronSpecs[4].names[a], strings.ToLower(psCronSpecs[4].names[a]))
			s += "-7"
			if step := 2 + r.IntN(2); (7-a)%step == 0 { // a step that still reaches 7
				s += "/" + strconv.Itoa(step)
			}
			if r.IntN(3) == 0 {
				s = ppPick(r, "1,3,", "MON,") + s
			}
			return s
		}
		return ppPick(r, "*", "*", "1-5", "MON-FRI", "0,6", "sat,sun", "7", strconv.Itoa(r.IntN(7)), "*/2")
	}
	cmds := []string{"/usr/local/bin/backup.sh >> /var/log/backup.log 2>&1", "cd / && run-parts --report /etc/cron.daily",
		"test -x /usr/sbin/anacron || ( cd / && run-parts --report /etc/cron.weekly )", "/usr/bin/certbot renew --quiet",
		"find /tmp -type f -mtime +7 -delete", "php /var/www/html/artisan schedule:run > /dev/null 2>&1",
		"curl -fsS -m 10 --retry 5 -o /dev/null https://hc-ping.com/" + ppWord(r, 8, 16), "pg_dump mydb | gzip > /backup/db-$(date +\\%F).sql.gz"}
	n := 4 + r.IntN(16)
	bad := r.IntN(n)
	for k := range n {
		if r.IntN(5) == 0 {
			b.WriteString("\n# " + ppText(r, 10+r.IntN(50), "\n") + "\n")
		}
		if k != bad && r.IntN(8) == 0 {
			b.WriteString(ppPick(r, "@reboot", "@daily", "@hourly", "@weekly") + blank() + ppPick(r, cmds...) + "\n")
			continue
		}
		b.WriteString(minute() + blank() + hour() + blank() + dom() + blank() + month() + blank() + dow(k == bad) + blank() + ppPick(r, cmds...) + "\n")
	}
	return []byte(b.String() + ppText(r, r.IntN(200), ""))
}

// ---- sfnt (TrueType) font ----

// psSFNT reads a font's horizontal metrics as a text layout engine does:
// the sfnt header (version 0x00010000, "OTTO" or "true"; 1 to 100 tables;
// the search fields are not checked) and the table directory (tags of
// printable ASCII, sorted and distinct; a checksum, an offset that is a
// multiple of 4 and past the directory, and a length, the table inside
// the input and overlapping no other). Each table's checksum is the sum
// of its big-endian 32-bit words, zero-padded (head's checkSumAdjustment
// left out). Required: hhea (36 bytes at least, version 1.0, metric data
// format 0), maxp (version 0.5, 6 bytes, or 1.0, 32 bytes; the number of
// glyphs) and hmtx (the advance width and left side bearing of the first
// numberOfHMetrics glyphs, then the left side bearings of the rest);
// head and name are checked when present (head: 54 bytes, version 1.0,
// its magic number, 16 to 16384 units per em, a loca format of 0 or 1;
// name: format 0 or 1, its records' strings in the table). Then it adds
// up every glyph's advance width.
//
// Bug: glyphs past the last metric take its advance, but hhea's
// numberOfHMetrics is not checked to be at least 1.
//
// Smallest psSFNTSmallest (106 bytes): the header (version 0x00010000,
// 3 tables, zero search fields), the directory (hhea at 60, 36 bytes;
// hmtx at 96, 2 bytes; maxp at 100, 6 bytes, its checksum 0x00015000),
// hhea all zero but its version and the last reserved words (ffff 0000,
// making its checksum 0), hmtx's one left side bearing 0, 2 bytes of
// padding, and maxp (version 0.5, 1 glyph). Argued: the three tables take
// 36, 2*numGlyphs and 6 bytes, with 2 bytes of padding before the second
// of hmtx and maxp (offsets are multiples of 4); with the header and
// directory, 12+48+36+2+2+6, for 1 glyph (0 has no advance to take).
// Zero search fields are the least; in the directory, in tag order, hhea's
// checksum can be 0 (its reserved words may hold anything), the least
// offset is 60, hmtx's checksum is 0 with a zero bearing and its least
// offset 96, and maxp's checksum is fixed, its offset then 100. In hhea
// the version comes first, and the checksum's 0 needs its words to add up
// to 0xffff0000, least in the last word that may hold it, the last
// reserved ones.
func psSFNT(b []byte) int {
	if len(b) < 12 {
		return -1
	}
	switch string(b[:4]) {
	case "\x00\x01\x00\x00", "OTTO", "true":
	default:
		return -1
	}
	n := int(binary.BigEndian.Uint16(b[4:]))
	dir := 12 + 16*n
	if n == 0 || n > 100 || len(b) < dir {
		return -1
	}
	tables := map[string][]byte{}
	var spans [][2]int
	prev := ""
	for i := range n {
		rec := b[12+16*i:]
		tag := string(rec[:4])
		sum := binary.BigEndian.Uint32(rec[4:])
		off, length := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		for _, c := range []byte(tag) {
			if c < ' ' || c > '~' {
				return -1
			}
		}
		if tag <= prev || off%4 != 0 || off < dir || off > len(b) || length > len(b)-off {
			return -1
		}
		for _, s := range spans {
			if off < s[1] && s[0] < off+length {
				return -1
			}
		}
		prev, spans = tag, append(spans, [2]int{off, off + length})
		if psSFNTSum(b[off:off+length], tag == "head") != sum {
			return -1
		}
		tables[tag] = b[off : off+length]
	}
	hhea, maxp := tables["hhea"], tables["maxp"]
	hmtx, ok := tables["hmtx"]
	if !ok || len(hhea) < 36 || len(maxp) < 6 {
		return -1
	}
	if binary.BigEndian.Uint32(hhea) != 0x00010000 || binary.BigEndian.Uint16(hhea[32:]) != 0 {
		return -1
	}
	switch binary.BigEndian.Uint32(maxp) {
	case 0x00005000:
	case 0x00010000:
		if len(maxp) < 32 {
			return -1
		}
	default:
		return -1
	}
	glyphs, metrics := int(binary.BigEndian.Uint16(maxp[4:])), int(binary.BigEndian.Uint16(hhea[34:]))
	if metrics > glyphs || len(hmtx) < 4*metrics+2*(glyphs-metrics) {
		return -1
	}
	if head, ok := tables["head"]; ok && !psSFNTHead(head) {
		return -1
	}
	if name, ok := tables["name"]; ok && !psSFNTName(name) {
		return -1
	}
	total := 0
	for g := range glyphs {
		total += psSFNTAdvance(hmtx, metrics, g)
	}
	return total
}

// psSFNTSum is a table's checksum.
func psSFNTSum(t []byte, head bool) uint32 {
	var sum uint32
	for i := 0; i < len(t); i += 4 {
		var w [4]byte
		copy(w[:], t[i:])
		if !head || i != 8 {
			sum += binary.BigEndian.Uint32(w[:])
		}
	}
	return sum
}

// psSFNTHead checks the head table.
func psSFNTHead(t []byte) bool {
	if len(t) < 54 || binary.BigEndian.Uint32(t) != 0x00010000 || binary.BigEndian.Uint32(t[12:]) != 0x5f0f3cf5 {
		return false
	}
	upem := binary.BigEndian.Uint16(t[18:])
	return upem >= 16 && upem <= 16384 && binary.BigEndian.Uint16(t[50:]) <= 1 && binary.BigEndian.Uint16(t[52:]) == 0
}

// psSFNTName checks the name table.
func psSFNTName(t []byte) bool {
	if len(t) < 6 {
		return false
	}
	format, count, storage := binary.BigEndian.Uint16(t), int(binary.BigEndian.Uint16(t[2:])), int(binary.BigEndian.Uint16(t[4:]))
	end := 6 + 12*count
	if format > 1 || len(t) < end || storage > len(t) {
		return false
	}
	if format == 1 {
		if len(t) < end+2 {
			return false
		}
		end += 2 + 4*int(binary.BigEndian.Uint16(t[end:]))
		if len(t) < end {
			return false
		}
	}
	for i := range count {
		rec := t[6+12*i:]
		platform := binary.BigEndian.Uint16(rec)
		length, off := int(binary.BigEndian.Uint16(rec[8:])), int(binary.BigEndian.Uint16(rec[10:]))
		if storage+off+length > len(t) || (platform == 0 || platform == 3) && length%2 != 0 {
			return false
		}
	}
	return true
}

// psSFNTAdvance is glyph g's advance width: the first metrics glyphs have
// their own, the rest take the last one's.
func psSFNTAdvance(hmtx []byte, metrics, g int) int {
	i := 4 * g
	if g >= metrics {
		i = 4 * (metrics - 1) // BUG: metrics may be 0
	}
	return int(hmtx[i])<<8 | int(hmtx[i+1])
}

const psSFNTSmallest = "\x00\x01\x00\x00\x00\x03\x00\x00\x00\x00\x00\x00" +
	"hhea\x00\x00\x00\x00\x00\x00\x00\x3c\x00\x00\x00\x24" +
	"hmtx\x00\x00\x00\x00\x00\x00\x00\x60\x00\x00\x00\x02" +
	"maxp\x00\x01\x50\x00\x00\x00\x00\x64\x00\x00\x00\x06" +
	"\x00\x01\x00\x00" + "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" + "\xff\xff\x00\x00" + "\x00\x00\x00\x00" +
	"\x00\x00" + "\x00\x00" +
	"\x00\x00\x50\x00\x00\x01"

// genPsSFNT writes a TrueType font as a subsetter leaves it (head, hhea,
// maxp, OS/2, hmtx, cmap, loca, glyf, name and post, each padded and
// summed, head's checkSumAdjustment set), its hhea saying there are no
// full metrics, then junk.
func genPsSFNT(r *rand.Rand) []byte {
	glyphs := 5 + r.IntN(200)
	upem := ppPick(r, 1000, 1024, 2048)
	be16 := func(out []byte, vs ...int) []byte {
		for _, v := range vs {
			out = binary.BigEndian.AppendUint16(out, uint16(v))
		}
		return out
	}
	locLong := r.IntN(2)
	head := be16(nil, 1, 0, 1, r.IntN(1<<16))
	head = append(head, 0, 0, 0, 0)
	head = binary.BigEndian.AppendUint32(head, 0x5f0f3cf5)
	head = be16(head, 0x000b, upem)
	head = append(head, ppBytes(r, 16)...) // created, modified
	head = be16(head, -r.IntN(200), -r.IntN(300), upem+r.IntN(200), upem, 0, 8, 2, locLong, 0)
	asc, desc := upem*8/10, -upem*2/10
	hhea := be16(nil, 1, 0, asc, desc, 0, upem+r.IntN(200), -r.IntN(100), -r.IntN(100), upem, 1, 0, 0, 0, 0, 0, 0, 0)
	hhea = be16(hhea, 0) // numberOfHMetrics
	maxp := binary.BigEndian.AppendUint32(nil, 0x00010000)
	maxp = be16(maxp, glyphs, 100+r.IntN(100), 10+r.IntN(20), 0, 0, 2, 0, 10, 0, 0, 0, 0, 1, 0)
	os2 := be16(nil, 4, upem/2, 400, 5)
	os2 = append(os2, ppBytes(r, 88)...)
	var hmtx []byte
	full := r.IntN(2) == 0 // some subsetters keep the full metrics anyway
	for range glyphs {
		if full {
			hmtx = be16(hmtx, upem/2+r.IntN(upem/2))
		}
		hmtx = be16(hmtx, r.IntN(100))
	}
	// cmap: one Windows Unicode BMP subtable of format 4 mapping a run of
	// ASCII to the glyphs, and the final 0xffff segment.
	first := 0x20 + r.IntN(40)
	last := min(first+glyphs-2, 0x7e)
	sub := be16(nil, 4, 16+16+2*4, 0, 4, 4, 1, 0)
	sub = be16(sub, last, 0xffff, 0, first, 0xffff, 1-first, 1, 0, 0)
	binary.BigEndian.PutUint16(sub[2:], uint16(len(sub)))
	cmap := append(be16(nil, 0, 1, 3, 1, 0, 12), sub...)
	var glyf, loca []byte
	for g := range glyphs + 1 {
		if locLong == 1 {
			loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))
		} else {
			loca = be16(loca, len(glyf)/2)
		}
		if g < glyphs && g > 0 {
			glyf = append(glyf, ppBytes(r, 2*(5+r.IntN(40)))...)
		}
	}
	family := ppPick(r, "Noto Sans", "Source Serif", "Inter", "Roboto Mono") + " Subset"
	var recs, strs []byte
	names := []string{"Copyright (c) 2024 " + ppWord(r, 4, 10), family, ppPick(r, "Regular", "Bold", "Italic"), "1.000;" + ppWord(r, 4, 8), family, "Version 1.000", strings.ReplaceAll(family, " ", "") + "-Regular"}
	for id, s := range names {
		var u []byte
		for _, c := range s {
			u = be16(u, int(c))
		}
		recs = be16(recs, 3, 1, 0x409, id, len(u), len(strs))
		strs = append(strs, u...)
	}
	name := append(be16(nil, 0, len(names), 6+len(recs)), recs...)
	name = append(name, strs...)
	post := binary.BigEndian.AppendUint32(nil, 0x00030000)
	post = append(post, make([]byte, 28)...)
	tables := []struct {
		tag  string
		data []byte
	}{{"head", head}, {"hhea", hhea}, {"maxp", maxp}, {"OS/2", os2}, {"hmtx", hmtx}, {"cmap", cmap}, {"loca", loca}, {"glyf", glyf}, {"name", name}, {"post", post}}
	order := []string{"OS/2", "cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"}
	out := []byte("\x00\x01\x00\x00")
	out = be16(out, len(tables), 128, 3, 16*len(tables)-128)
	dir := len(out)
	out = append(out, make([]byte, 16*len(tables))...)
	at := map[string][3]int{}
	for _, t := range tables {
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		at[t.tag] = [3]int{len(out), len(t.data), int(psSFNTSum(t.data, t.tag == "head"))}
		out = append(out, t.data...)
	}
	for i, tag := range order {
		rec := binary.BigEndian.AppendUint32([]byte(tag), uint32(at[tag][2]))
		rec = binary.BigEndian.AppendUint32(rec, uint32(at[tag][0]))
		rec = binary.BigEndian.AppendUint32(rec, uint32(at[tag][1]))
		copy(out[dir+16*i:], rec)
	}
	binary.BigEndian.PutUint32(out[at["head"][0]+8:], 0xb1b0afba-psSFNTSum(out, false))
	return append(out, ppBytes(r, r.IntN(300))...)
}
