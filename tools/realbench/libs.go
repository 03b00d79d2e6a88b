package main

import (
	"bytes"
	"image"
	"image/draw"
	"io"

	fuzz "github.com/AdaLogics/go-fuzz-headers"
	"github.com/BurntSushi/toml"
	"github.com/DataDog/sketches-go/ddsketch"
	"github.com/DataDog/sketches-go/ddsketch/store"
	"github.com/Eyevinn/mp4ff/bits"
	"github.com/Eyevinn/mp4ff/mp4"
	"github.com/buger/jsonparser"
	gomarkdown "github.com/gomarkdown/markdown"
	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/checker/decls"
	"github.com/google/gopacket"
	"github.com/google/gopacket/layers"
	"github.com/shamaton/msgpack/v2"
	"github.com/tidwall/gjson"
	"github.com/ulikunitz/xz"
	gqlast "github.com/vektah/gqlparser/ast"
	gqlparser "github.com/vektah/gqlparser/parser"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/image/tiff"
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

// dnsDecode decodes a DNS message as a packet sniffer does
// (github.com/google/gopacket/layers).
func dnsDecode(data []byte) {
	var d layers.DNS
	_ = d.DecodeFromBytes(data, gopacket.NilDecodeFeedback)
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

// renderPage is a go-fuzz-headers harness over a Markdown page renderer:
// a title, a body and option bits, read one after another with GetString,
// GetBytes and GetInt (github.com/yuin/goldmark).
func renderPage(data []byte) {
	c := fuzz.NewConsumer(data)
	title, err := c.GetString()
	if err != nil {
		return
	}
	body, err := c.GetBytes()
	if err != nil {
		return
	}
	opts, err := c.GetInt()
	if err != nil {
		return
	}
	var popts []parser.Option
	if opts&1 != 0 {
		popts = append(popts, parser.WithAttribute())
	}
	if opts&2 != 0 {
		popts = append(popts, parser.WithAutoHeadingID())
	}
	var exts []goldmark.Extender
	if opts&4 != 0 {
		exts = append(exts, extension.GFM)
	}
	md := goldmark.New(goldmark.WithParserOptions(popts...), goldmark.WithExtensions(exts...))
	src := append([]byte("# "+title+"\n\n"), body...)
	var b bytes.Buffer
	_ = md.Convert(src, &b)
}

// The targets below are of bugs that kill Go's fuzzing worker (a run that
// never returns, an allocation the machine cannot give, a stack overflow),
// which Go cannot minimize.

// jsonRedact removes a secret field from a JSON log record before the
// record is stored, as a log shipper does (github.com/buger/jsonparser).
func jsonRedact(data []byte) {
	_ = jsonparser.Delete(data, "token")
}

// jsonUserName reads a nested field of a JSON log record, as a log
// indexer does (github.com/buger/jsonparser).
func jsonUserName(data []byte) {
	_, _, _, _ = jsonparser.Get(data, "user", "name")
}

// gomarkdownHTML renders Markdown to HTML with the library's defaults
// (github.com/gomarkdown/markdown: the common extensions, definition
// lists among them).
func gomarkdownHTML(data []byte) {
	_ = gomarkdown.ToHTML(data, nil, nil)
}

// ddsketchQuantile decodes a DDSketch, as a metrics backend decodes the
// sketches its agents send, and reads its 99th percentile
// (github.com/DataDog/sketches-go).
func ddsketchQuantile(data []byte) {
	s, err := ddsketch.DecodeDDSketch(data, store.DenseStoreConstructor, nil)
	if err != nil {
		return
	}
	_, _ = s.GetValueAtQuantile(0.99)
}

// graphqlSchema parses a GraphQL schema file, as a schema linter or code
// generator does before anything else (github.com/vektah/gqlparser).
func graphqlSchema(data []byte) {
	_, _ = gqlparser.ParseSchema(&gqlast.Source{Name: "schema.graphql", Input: string(data)})
}

// mp4Decode parses an MP4 file held in memory, progressive or
// fragmented, with the slice reader mp4ff offers for that (it checks box
// sizes against the bytes left, where DecodeFile allocates what a box
// header claims) (github.com/Eyevinn/mp4ff/mp4).
func mp4Decode(data []byte) {
	_, _ = mp4.DecodeFileSR(bits.NewFixedSliceReader(data))
}

// msgpackDecode decodes a MessagePack message into an untyped value
// (github.com/shamaton/msgpack/v2).
func msgpackDecode(data []byte) {
	var v any
	_ = msgpack.Unmarshal(data, &v)
}

// jsonQuery is a go-fuzz-headers harness over a JSON query service: a
// GJSON path, a document and a flag read one after another with
// GetString, GetBytes and GetBool; the flag asks for the matches of the
// path and of its count, as a paging API does (github.com/tidwall/gjson).
func jsonQuery(data []byte) {
	c := fuzz.NewConsumer(data)
	path, err := c.GetString()
	if err != nil {
		return
	}
	doc, err := c.GetBytes()
	if err != nil {
		return
	}
	many, err := c.GetBool()
	if err != nil {
		return
	}
	if many {
		for _, r := range gjson.GetManyBytes(doc, path, path+".#") {
			_ = r.String()
		}
		return
	}
	r := gjson.GetBytes(doc, path)
	r.ForEach(func(k, v gjson.Result) bool { _ = v.String(); return true })
}

// celEnv is a CEL environment for access policies over two maps of
// dynamic values, request and resource (github.com/google/cel-go).
var celEnv = func() cel.Env {
	m := decls.NewMapType(decls.String, decls.Dyn)
	env, err := cel.NewEnv(cel.Declarations(decls.NewIdent("request", m, nil), decls.NewIdent("resource", m, nil)))
	if err != nil {
		panic(err)
	}
	return env
}()

// celVars are the values celEval evaluates a policy against.
var celVars = map[string]any{
	"request":  map[string]any{"path": "/v1/items/7", "method": "GET", "size": 512, "auth": map[string]any{"group": "admin", "scopes": []any{"read", "write"}}},
	"resource": map[string]any{"owner": "ops", "labels": map[string]any{"env": "prod", "tier": "web"}},
}

// celEval parses, checks and evaluates a CEL policy expression, as a
// policy engine does for each rule it loads (github.com/google/cel-go).
func celEval(src string) {
	ast, iss := celEnv.Parse(src)
	if iss != nil && iss.Err() != nil {
		return
	}
	checked, iss := celEnv.Check(ast)
	if iss != nil && iss.Err() != nil {
		return
	}
	prg, err := celEnv.Program(checked)
	if err != nil {
		return
	}
	_, _, _ = prg.Eval(celVars)
}
