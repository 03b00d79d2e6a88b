package main

import (
	"bytes"
	"image"
	"image/draw"
	"io"
	"strings"

	fuzz "github.com/AdaLogics/go-fuzz-headers"
	"github.com/BurntSushi/toml"
	"github.com/miekg/dns"
	"github.com/ulikunitz/xz"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/image/tiff"
	"golang.org/x/net/html"
	yamlv3 "gopkg.in/yaml.v3"
)

// These functions are what the fuzz targets in fuzz_test.go call: each
// hands its input to a pinned old release of a public library the way
// that library's users do. They live outside the tests so that the greedy
// probe and the fixture check can run them in-process.

// yamlUnmarshal decodes YAML into an untyped value (gopkg.in/yaml.v3).
func yamlUnmarshal(data []byte) {
	var v any
	_ = yamlv3.Unmarshal(data, &v)
}

// yamlNode decodes YAML into a yaml.Node, the form that keeps comments.
func yamlNode(data []byte) {
	var n yamlv3.Node
	_ = yamlv3.Unmarshal(data, &n)
}

// htmlParse parses an HTML document (golang.org/x/net/html).
func htmlParse(s string) {
	_, _ = html.Parse(strings.NewReader(s))
}

// tomlDecode decodes TOML into a map (github.com/BurntSushi/toml).
func tomlDecode(s string) {
	var v map[string]any
	_, _ = toml.Decode(s, &v)
}

// tiffDecode decodes a TIFF image of at most a megapixel and draws it
// onto an RGBA canvas, as a thumbnailer does (golang.org/x/image/tiff).
func tiffDecode(data []byte) {
	cfg, err := tiff.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width*cfg.Height > 1<<20 {
		return
	}
	img, err := tiff.Decode(bytes.NewReader(data))
	if err != nil {
		return
	}
	b := img.Bounds()
	draw.Draw(image.NewRGBA(b), b, img, b.Min, draw.Src)
}

// markdown is a goldmark converter with the options its own fuzz target
// turns on: every extension, attributes, unsafe HTML.
var markdown = goldmark.New(
	goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithAttribute()),
	goldmark.WithRendererOptions(gmhtml.WithUnsafe(), gmhtml.WithXHTML()),
	goldmark.WithExtensions(extension.GFM, extension.DefinitionList, extension.Footnote, extension.Typographer),
)

// markdownConvert renders Markdown to HTML (github.com/yuin/goldmark).
func markdownConvert(data []byte) {
	var b bytes.Buffer
	_ = markdown.Convert(data, &b)
}

// dnsUnpack unpacks a DNS message and packs it again, as a proxy that
// rewrites messages does (github.com/miekg/dns).
func dnsUnpack(data []byte) {
	var m dns.Msg
	if m.Unpack(data) != nil {
		return
	}
	_, _ = m.Pack()
}

// xzRead decompresses an .xz stream (github.com/ulikunitz/xz).
func xzRead(data []byte) {
	r, err := xz.NewReader(bytes.NewReader(data))
	if err != nil {
		return
	}
	_, _ = io.Copy(io.Discard, r)
}

// settingsEdit is the request of a settings service that keeps TOML
// documents: set Key in Table to Value in the document Doc.
type settingsEdit struct {
	Doc   string
	Table string
	Key   string
	Value string
}

// tomlEdit is a go-fuzz-headers harness: it fills a settingsEdit from the
// input with GenerateStruct, applies it and decodes the result.
func tomlEdit(data []byte) {
	var req settingsEdit
	if err := fuzz.NewConsumer(data).GenerateStruct(&req); err != nil {
		return
	}
	doc := req.Doc + "\n[" + req.Table + "]\n" + req.Key + " = " + req.Value + "\n"
	var v map[string]any
	_, _ = toml.Decode(doc, &v)
}

// configLoad is a go-fuzz-headers harness over a config loader: a file
// name, its content, and a format chosen by an integer, read one after
// another with GetString, GetBytes and GetInt.
func configLoad(data []byte) {
	c := fuzz.NewConsumer(data)
	name, err := c.GetString()
	if err != nil {
		return
	}
	body, err := c.GetBytes()
	if err != nil {
		return
	}
	format, err := c.GetInt()
	if err != nil {
		return
	}
	switch format % 3 {
	case 0:
		var v map[string]any
		_, _ = toml.Decode(string(body), &v)
	case 1:
		var v map[string]any
		_ = yamlv3.Unmarshal(body, &v)
	case 2:
		_, _ = html.Parse(bytes.NewReader(body))
	}
	_ = name
}
