//go:build realbench

package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/DataDog/sketches-go/ddsketch"
	"github.com/Eyevinn/mp4ff/aac"
	"github.com/Eyevinn/mp4ff/mp4"
	"github.com/shamaton/msgpack/v2"
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
	f.Add(yamlDoc())
	f.Fuzz(func(t *testing.T, data []byte) { yamlNode(data) })
}

func FuzzTOMLDecode(f *testing.F) {
	f.Add("title = \"x\"\n[a]\nb = 1\nc = [\"d\", \"e\"]\nf = \"\"\"\ng\"\"\"\n")
	f.Add(tomlDoc())
	f.Fuzz(func(t *testing.T, s string) { tomlDecode(s) })
}

func FuzzTIFFDecode(f *testing.F) {
	f.Add(tinyTIFF())
	f.Add(bilevelTIFF(128, 16))
	f.Fuzz(func(t *testing.T, data []byte) { tiffDecode(data) })
}

// tinyTIFF is a valid 8x2 bilevel paletted TIFF, a seed of
// FuzzTIFFDecode.
func tinyTIFF() []byte { return bilevelTIFF(8, 2) }

// bilevelTIFF is a valid w x h paletted TIFF with two colours and one bit
// per pixel (w a multiple of 8). Its strip holds w*h bytes, eight times
// what its pixels need.
func bilevelTIFF(w, h uint32) []byte {
	const (
		entries  = 9
		ifdOff   = 8
		colorOff = ifdOff + 2 + entries*12 + 4
		stripOff = colorOff + 6*2
	)
	stripSize := w * h
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
	entry(256, short, 1, w)                    // ImageWidth
	entry(257, short, 1, h)                    // ImageLength
	entry(258, short, 1, 1)                    // BitsPerSample
	entry(259, short, 1, 1)                    // Compression: none
	entry(262, short, 1, 3)                    // PhotometricInterpretation: palette
	entry(273, long, 1, stripOff)              // StripOffsets
	entry(278, short, 1, h)                    // RowsPerStrip
	entry(279, long, 1, stripSize)             // StripByteCounts
	entry(320, short, 6, colorOff)             // ColorMap: red, green, blue of 2 colours
	b = binary.LittleEndian.AppendUint32(b, 0) // no next IFD
	for _, v := range []uint16{0, 0xffff, 0, 0xffff, 0, 0xffff} {
		b = binary.LittleEndian.AppendUint16(b, v)
	}
	return append(b, bytes.Repeat([]byte{0xa5}, int(stripSize))...)
}

func FuzzMarkdown(f *testing.F) {
	f.Add([]byte("# Title {#t}\n\n- a\n- [ ] b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\nterm\n: def\n\ntext[^1] and *em*\n\n[^1]: note\n"))
	f.Add(markdownDoc())
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
	f.Add(framed(tomlDoc(), "server16", "limits", "{ cpu = 1, mem = \"2G\" }"))
	f.Fuzz(func(t *testing.T, data []byte) { tomlEdit(data) })
}

func FuzzRenderPage(f *testing.F) {
	f.Add(append(framed("Notes", "Some *text* and a [link](http://x.org).\n"), 7))
	f.Add(append(framed("Release notes", string(markdownDoc())), 5))
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

// markdownDoc, tomlDoc and yamlDoc are seeds the size of real documents,
// a few kilobytes: what a project's own test files give its fuzz targets.

func markdownDoc() []byte {
	var b bytes.Buffer
	b.WriteString("# Release notes {#notes}\n\nWhat changed, *newest first*.\n\n")
	for i := 12; i >= 1; i-- {
		fmt.Fprintf(&b, "## Version 1.%d\n\n- fixed *item* %d in the [parser](https://example.org/%d)\n- added `option%d`\n\n| flag | default |\n|---|---|\n| -v%d | false |\n\n", i, i, i, i, i)
	}
	return b.Bytes()
}

func tomlDoc() string {
	var b strings.Builder
	b.WriteString("# servers\ntitle = \"inventory\"\n\n")
	for i := 1; i <= 15; i++ {
		fmt.Fprintf(&b, "[server%d]\nhost = \"10.0.0.%d\"\nports = [ %d, %d ]\nlimits = { cpu = %d, mem = \"%dG\" }\nenabled = true\n\n", i, i, 8000+i, 9000+i, i%4+1, i*2)
	}
	return b.String()
}

func yamlDoc() []byte {
	var b bytes.Buffer
	b.WriteString("# inventory\nversion: 2\nhosts:\n")
	for i := 1; i <= 15; i++ {
		fmt.Fprintf(&b, "  host%d:\n    addr: 10.0.0.%d  # primary\n    tags: [web, \"rack-%d\"]\n    roles:\n      - web\n      - db\n", i, i, i%3)
	}
	return b.Bytes()
}

// The targets below fail by killing Go's fuzzing worker: a run that never
// returns or a stack overflow. Go cannot minimize their crashers.

func FuzzJSONRedact(f *testing.F) {
	f.Add(jsonLogRecord())
	f.Add([]byte(`{"time":"2019-11-28T09:15:40Z","level":"warn","msg":"retry","attempts":[{"n":1,"ms":120},{"n":2,"ms":480}],"tags":["db","primary"],"token":""}`))
	f.Fuzz(func(t *testing.T, data []byte) { jsonRedact(data) })
}

func FuzzJSONUserName(f *testing.F) {
	f.Add(jsonLogRecord())
	f.Add([]byte(`{"time":"2019-11-28T09:15:40Z","level":"warn","msg":"retry","attempts":[{"n":1,"ms":120},{"n":2,"ms":480}],"user":{"id":7,"name":"bob"}}`))
	f.Fuzz(func(t *testing.T, data []byte) { jsonUserName(data) })
}

// jsonLogRecord is a JSON log record of a login, a seed of the jsonparser
// targets.
func jsonLogRecord() []byte {
	return []byte(`{"time":"2019-11-28T09:14:03Z","level":"info","msg":"login ok","user":{"id":4211,"name":"alice","groups":["admin","dev"]},"client":{"ip":"192.0.2.7","agent":"curl/7.64.1"},"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MjExIn0.c2lnbmF0dXJl"}`)
}

func FuzzGoMarkdown(f *testing.F) {
	f.Add([]byte("# Install\n\nGet it with `go get`:\n\n```sh\ngo get example.org/tool\n```\n\n" +
		"## Options\n\nName | Default | Meaning\n-----|---------|--------\n`-v` | false | verbose\n`-n` | 4 | workers\n\n" +
		"Verbose\n: print each file as it is read\n\nWorkers\n: how many files to read at once\n\n" +
		"- fast, see <https://example.org/bench>\n- ~~slow~~ *small*\n\n1. first\n2. second\n\n> a quote\n\n$$x^2$$\n"))
	f.Add(markdownDoc())
	f.Fuzz(func(t *testing.T, data []byte) { gomarkdownHTML(data) })
}

func FuzzDDSketch(f *testing.F) {
	f.Add(latencySketch(200, 1))
	f.Add(latencySketch(1000, 7))
	f.Fuzz(func(t *testing.T, data []byte) { ddsketchQuantile(data) })
}

// latencySketch is an encoded DDSketch (1% relative accuracy) of n request
// latencies in milliseconds, a long-tailed spread from seed, as an agent
// sends them: a seed of FuzzDDSketch.
func latencySketch(n int, seed uint32) []byte {
	s, err := ddsketch.NewDefaultDDSketch(0.01)
	if err != nil {
		panic(err)
	}
	x := seed
	for i := 0; i < n; i++ {
		x = x*1664525 + 1013904223
		u := float64(x>>8) / (1 << 24)
		if err := s.Add(2 + 40*math.Exp(3*u*u)); err != nil {
			panic(err)
		}
	}
	var b []byte
	s.Encode(&b, false)
	return b
}

func FuzzGraphQLSchema(f *testing.F) {
	f.Add([]byte(`"""
The shop's public API.
"""
schema {
  query: Query
  mutation: Mutation
}

"An item for sale."
type Product implements Node {
  id: ID!
  name: String!
  price(currency: Currency = EUR): Float!
  tags: [String!]!
  reviews(first: Int = 10, after: String): [Review!] @deprecated(reason: "use reviewPage")
}

interface Node {
  id: ID!
}

type Review implements Node {
  id: ID!
  stars: Int!
  text: String
}

enum Currency {
  EUR
  USD
}

input NewReview {
  product: ID!
  stars: Int!
  text: String
}

type Query {
  product(id: ID!): Product
  search(text: String!, tags: [String!] = []): [Product!]!
}

type Mutation {
  addReview(review: NewReview!): Review
}

directive @deprecated(reason: String) on FIELD_DEFINITION | ENUM_VALUE
`))
	f.Fuzz(func(t *testing.T, data []byte) { graphqlSchema(data) })
}

func FuzzMP4Decode(f *testing.F) {
	f.Add(fragmentedMP4(1, 4))
	f.Add(fragmentedMP4(3, 8))
	f.Fuzz(func(t *testing.T, data []byte) { mp4Decode(data) })
}

// fragmentedMP4 is a fragmented MP4 file of one AAC-LC track at 48 kHz:
// an init segment (ftyp, moov) and segs media segments (styp, moof,
// mdat) of n samples of 1024 frames each, as a DASH packager writes them.
func fragmentedMP4(segs, n int) []byte {
	init := mp4.CreateEmptyInit()
	init.AddEmptyTrack(48000, "audio", "en")
	if err := init.Moov.Trak.SetAACDescriptor(aac.AAClc, 48000); err != nil {
		panic(err)
	}
	var b bytes.Buffer
	if err := init.Encode(&b); err != nil {
		panic(err)
	}
	for s := 0; s < segs; s++ {
		seg := mp4.NewMediaSegment()
		frag, err := mp4.CreateFragment(uint32(s+1), init.Moov.Trak.Tkhd.TrackID)
		if err != nil {
			panic(err)
		}
		for i := 0; i < n; i++ {
			data := bytes.Repeat([]byte{0x21, byte(i), byte(s)}, 8)
			frag.AddFullSample(mp4.FullSample{
				Sample:     mp4.Sample{Flags: mp4.SyncSampleFlags, Dur: 1024, Size: uint32(len(data))},
				DecodeTime: uint64((s*n + i) * 1024),
				Data:       data,
			})
		}
		seg.AddFragment(frag)
		if err := seg.Encode(&b); err != nil {
			panic(err)
		}
	}
	return b.Bytes()
}

func FuzzMsgpackDecode(f *testing.F) {
	f.Add(msgpackRecord(1))
	f.Add(msgpackRecord(12))
	f.Fuzz(func(t *testing.T, data []byte) { msgpackDecode(data) })
}

// msgpackRecord is an inventory of n hosts encoded as MessagePack, with
// maps, arrays, strings, integers, floats, booleans, binary and nil.
func msgpackRecord(n int) []byte {
	hosts := make([]any, n)
	for i := range hosts {
		hosts[i] = map[string]any{
			"name":    fmt.Sprintf("host%d", i+1),
			"addr":    fmt.Sprintf("10.0.0.%d", i+1),
			"ports":   []any{8000 + i, 9000 + i},
			"load":    0.25 * float64(i%4),
			"enabled": i%2 == 0,
			"key":     []byte{0xde, 0xad, byte(i)},
			"owner":   nil,
		}
	}
	b, err := msgpack.Marshal(map[string]any{"version": 2, "title": "inventory", "hosts": hosts})
	if err != nil {
		panic(err)
	}
	return b
}

func FuzzJSONQuery(f *testing.F) {
	doc := jsonDoc()
	for i, path := range []string{
		`friends.#(age>40)#.name`,
		`servers|@reverse|0.ports`,
		`{name,"first":friends.0.name,"count":servers.#}`,
		`servers.#(tags.#(=="web"))#.host`,
		`friends|@pretty:{"sortKeys":true}`,
		`servers.#.tags|@flatten`,
		`friends|@join:{"preserve":true}`,
	} {
		f.Add(append(framed(path, doc), byte(i%2)))
	}
	f.Fuzz(func(t *testing.T, data []byte) { jsonQuery(data) })
}

// jsonDoc is the document the FuzzJSONQuery seeds query: a team with
// friends and a list of servers.
func jsonDoc() string {
	var b strings.Builder
	b.WriteString(`{"name":"ops","friends":[{"name":"Dale","age":44},{"name":"Roger","age":68},{"name":"Jane","age":37}],"servers":[`)
	for i := 1; i <= 6; i++ {
		if i > 1 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"host":"10.0.0.%d","ports":[%d,%d],"tags":["web","rack-%d"],"up":%v}`, i, 8000+i, 9000+i, i%3, i%2 == 0)
	}
	b.WriteString("]}")
	return b.String()
}

func FuzzCELEval(f *testing.F) {
	f.Add(`request.auth.group == "admin" && request.path.startsWith("/v1/")`)
	f.Add(`size(resource.labels) < 10 && resource.labels.all(k, k.matches("^[a-z]+$"))`)
	f.Add(`has(request.auth.scopes) ? "write" in request.auth.scopes : false`)
	f.Add(`[1, 2, 3].map(x, x * 2).exists(y, y > 4) && double(request.size) / 2.5 > 100.0`)
	f.Add(`resource.owner + "/" + string(request.size) != "" || request.method in ["GET", "HEAD"]`)
	f.Fuzz(func(t *testing.T, s string) { celEval(s) })
}
