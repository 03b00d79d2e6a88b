//go:build realbench

package main

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/ulikunitz/xz"
)

// The fuzz targets of the benchmark, written as each library's users
// would. They are behind the realbench build tag because their seed
// corpora hold crashers: go test ./... must not replay them. Run them with
// go test -tags realbench.

func FuzzYAMLUnmarshal(f *testing.F) {
	f.Add([]byte("# config\na: &x [1, !!str two, {c: d}]\nb: *x\nc: |\n  text\nd:\n  - e\n  - 'f'\n"))
	f.Fuzz(func(t *testing.T, data []byte) { yamlUnmarshal(data) })
}

func FuzzYAMLNode(f *testing.F) {
	f.Add([]byte("# doc\na: 1 # one\nb:\n  - x\n  - y\n"))
	f.Fuzz(func(t *testing.T, data []byte) { yamlNode(data) })
}

func FuzzTOMLDecode(f *testing.F) {
	f.Add("title = \"x\"\n[a]\nb = 1\nc = [\"d\", \"e\"]\nf = \"\"\"\ng\"\"\"\n")
	f.Fuzz(func(t *testing.T, s string) { tomlDecode(s) })
}

func FuzzTIFFDecode(f *testing.F) {
	f.Add(tinyTIFF())
	f.Fuzz(func(t *testing.T, data []byte) { tiffDecode(data) })
}

// tinyTIFF is a valid 8x2 bilevel paletted TIFF (two colours, one bit per
// pixel), the seed of FuzzTIFFDecode. Its strip holds 16 bytes, more than
// the 2 its pixels need.
func tinyTIFF() []byte {
	const (
		entries   = 9
		ifdOff    = 8
		colorOff  = ifdOff + 2 + entries*12 + 4
		stripOff  = colorOff + 6*2
		stripSize = 16
	)
	b := []byte("II*\x00")
	b = binary.LittleEndian.AppendUint32(b, ifdOff)
	b = binary.LittleEndian.AppendUint16(b, entries)
	entry := func(tag, typ uint16, count, value uint32) {
		b = binary.LittleEndian.AppendUint16(b, tag)
		b = binary.LittleEndian.AppendUint16(b, typ)
		b = binary.LittleEndian.AppendUint32(b, count)
		b = binary.LittleEndian.AppendUint32(b, value)
	}
	const short, long = 3, 4
	entry(256, short, 1, 8)                    // ImageWidth
	entry(257, short, 1, 2)                    // ImageLength
	entry(258, short, 1, 1)                    // BitsPerSample
	entry(259, short, 1, 1)                    // Compression: none
	entry(262, short, 1, 3)                    // PhotometricInterpretation: palette
	entry(273, long, 1, stripOff)              // StripOffsets
	entry(278, short, 1, 2)                    // RowsPerStrip
	entry(279, long, 1, stripSize)             // StripByteCounts
	entry(320, short, 6, colorOff)             // ColorMap: red, green, blue of 2 colours
	b = binary.LittleEndian.AppendUint32(b, 0) // no next IFD
	for _, v := range []uint16{0, 0xffff, 0, 0xffff, 0, 0xffff} {
		b = binary.LittleEndian.AppendUint16(b, v)
	}
	return append(b, bytes.Repeat([]byte{0xa5}, stripSize)...)
}

func FuzzMarkdown(f *testing.F) {
	f.Add([]byte("# Title {#t}\n\n- a\n- [ ] b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\nterm\n: def\n\ntext[^1] and *em*\n\n[^1]: note\n"))
	f.Fuzz(func(t *testing.T, data []byte) { markdownConvert(data) })
}

func FuzzDNSDecode(f *testing.F) {
	f.Add(dnsReply())
	f.Fuzz(func(t *testing.T, data []byte) { dnsDecode(data) })
}

func FuzzXZRead(f *testing.F) {
	f.Add(tinyXZ())
	f.Fuzz(func(t *testing.T, data []byte) { xzRead(data) })
}

// dnsReply is a DNS reply to "example.org. IN A" with one A record whose
// name is a compression pointer to the question's, the seed of
// FuzzDNSDecode.
func dnsReply() []byte {
	b := []byte{0x12, 0x34, 0x81, 0x80, 0, 1, 0, 1, 0, 0, 0, 0} // id, flags, 1 question, 1 answer
	b = append(b, "\x07example\x03org\x00"...)
	b = append(b, 0, 1, 0, 1)                   // type A, class IN
	b = append(b, 0xc0, 12)                     // name: pointer to offset 12
	b = append(b, 0, 1, 0, 1, 0, 0, 0x0e, 0x10) // type A, class IN, TTL 3600
	return append(b, 0, 4, 192, 0, 2, 1)        // 4 bytes of data: 192.0.2.1
}

// tinyXZ is "hello, world" compressed to the .xz format, the seed of
// FuzzXZRead.
func tinyXZ() []byte {
	var b bytes.Buffer
	w, err := xz.NewWriter(&b)
	if err != nil {
		panic(err)
	}
	if _, err := w.Write([]byte("hello, world")); err != nil {
		panic(err)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func FuzzTOMLEdit(f *testing.F) {
	f.Add(framed("title = \"x\"\n", "server", "ports", "{ http = 8080, https = 8443 }"))
	f.Fuzz(func(t *testing.T, data []byte) { tomlEdit(data) })
}

func FuzzRenderPage(f *testing.F) {
	f.Add(append(framed("Notes", "Some *text* and a [link](http://x.org).\n"), 7))
	f.Fuzz(func(t *testing.T, data []byte) { renderPage(data) })
}

// framed encodes strings as go-fuzz-headers reads them: each a 4-byte
// big-endian length and its bytes.
func framed(ss ...string) []byte {
	var b []byte
	for _, s := range ss {
		b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
		b = append(b, s...)
	}
	return b
}
