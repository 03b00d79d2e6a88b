package minimize_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
)

// Formats whose parts carry a checksum of their bytes, for the plain-bytes
// cases of checksum repair (minimize/checksum.go).

// pngChunk is a chunk as PNG lays it out: a big-endian length, the type,
// the data, and the CRC-32 of the type and data.
func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// chunkBug reads PNG-style chunks to the end of b, rejecting any whose
// CRC is wrong, and fails on a "BUG!" chunk whose first byte has its top
// bit set.
func chunkBug(b []byte) bool {
	for len(b) > 0 {
		if len(b) < 12 {
			return false
		}
		n := binary.BigEndian.Uint32(b)
		if uint64(n) > uint64(len(b)-12) {
			return false
		}
		if crc32.ChecksumIEEE(b[4:8+n]) != binary.BigEndian.Uint32(b[8+n:]) {
			return false
		}
		if string(b[4:8]) == "BUG!" && n > 0 && b[8] >= 0x80 {
			return true
		}
		b = b[12+n:]
	}
	return false
}

// castagnoli is CRC-32C's table.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// record is a record of recordBug's format: a little-endian 2-byte
// length, the payload, and the CRC-32C of both, little-endian.
func record(payload string) []byte {
	b := binary.LittleEndian.AppendUint16(nil, uint16(len(payload)))
	b = append(b, payload...)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// recordBug reads records to the end of b, rejecting any whose CRC-32C
// is wrong, and fails on a payload holding "!!".
func recordBug(b []byte) bool {
	for len(b) > 0 {
		if len(b) < 6 {
			return false
		}
		n := int(binary.LittleEndian.Uint16(b))
		if n > len(b)-6 || crc32.Checksum(b[:2+n], castagnoli) != binary.LittleEndian.Uint32(b[2+n:]) {
			return false
		}
		if bytes.Contains(b[2:2+n], []byte("!!")) {
			return true
		}
		b = b[6+n:]
	}
	return false
}

// pngWide encodes, with image/png, a gray image of the given size.
func pngWide(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		img.Set(x, 0, color.RGBA{uint8(x), 0x80, 0x40, 0xff})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// pngTooWide fails when image/png reads the header of an image wider
// than 256 pixels: the header is a chunk whose CRC image/png checks.
func pngTooWide(b []byte) bool {
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	return err == nil && cfg.Width > 256
}

// pngSmallestTooWide is the shortlex-smallest input pngTooWide fails
// on: PNG's signature and a header of a 257 x 1 one-bit gray image, the
// least valid header fields (bit depth 1 for gray, color type 0).
func pngSmallestTooWide() string {
	ihdr := []byte{0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0}
	return "\x89PNG\r\n\x1a\n" + string(pngChunk("IHDR", ihdr))
}
