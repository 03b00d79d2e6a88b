//go:build realbench

package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"testing"

	"github.com/miekg/dns"
	"github.com/ulikunitz/xz"
	"golang.org/x/image/tiff"
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

func FuzzHTMLParse(f *testing.F) {
	f.Add("<html><body><table><tr><td>x</td></tr></table><math><mi>y</mi></math><template><b>z</b></template><select><option>o</select></body></html>")
	f.Fuzz(func(t *testing.T, s string) { htmlParse(s) })
}

func FuzzTOMLDecode(f *testing.F) {
	f.Add("title = \"x\"\n[a]\nb = 1\nc = [\"d\", \"e\"]\nf = \"\"\"\ng\"\"\"\n")
	f.Fuzz(func(t *testing.T, s string) { tomlDecode(s) })
}

func FuzzTIFFDecode(f *testing.F) {
	f.Add(tinyTIFF())
	f.Fuzz(func(t *testing.T, data []byte) { tiffDecode(data) })
}

// tinyTIFF is a valid 2x2 paletted TIFF, the seed of FuzzTIFFDecode.
func tinyTIFF() []byte {
	m := image.NewPaletted(image.Rect(0, 0, 2, 2), color.Palette{color.Black, color.White})
	m.Pix = []uint8{0, 1, 1, 0}
	var b bytes.Buffer
	if err := tiff.Encode(&b, m, nil); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func FuzzMarkdown(f *testing.F) {
	f.Add([]byte("# Title {#t}\n\n- a\n- [ ] b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\nterm\n: def\n\ntext[^1] and *em*\n\n[^1]: note\n"))
	f.Fuzz(func(t *testing.T, data []byte) { markdownConvert(data) })
}

func FuzzDNSUnpack(f *testing.F) {
	f.Add(dnsReply())
	f.Fuzz(func(t *testing.T, data []byte) { dnsUnpack(data) })
}

func FuzzXZRead(f *testing.F) {
	f.Add(tinyXZ())
	f.Fuzz(func(t *testing.T, data []byte) { xzRead(data) })
}

// dnsReply is a packed DNS reply with an A and an NSEC record, the seed of
// FuzzDNSUnpack.
func dnsReply() []byte {
	m := new(dns.Msg)
	m.SetQuestion("example.org.", dns.TypeA)
	m.Response = true
	for _, s := range []string{"example.org. 300 IN A 192.0.2.1", "example.org. 300 IN NSEC b.example.org. A MX RRSIG NSEC"} {
		rr, err := dns.NewRR(s)
		if err != nil {
			panic(err)
		}
		m.Answer = append(m.Answer, rr)
	}
	b, err := m.Pack()
	if err != nil {
		panic(err)
	}
	return b
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

func FuzzConfigLoad(f *testing.F) {
	f.Add(append(framed("app.toml", "[server]\nports = { http = 8080 }\nhosts = [\"a\", \"b\"]\n"), 0))
	f.Fuzz(func(t *testing.T, data []byte) { configLoad(data) })
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
