package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shortlex/shortlex/corpus"
)

// target is one fuzz target of the benchmark: a pinned old release of a
// public library with a known fuzz-found bug, called as its users would.
type target struct {
	Name    string       // the fuzz target, FuzzX
	Library string       // module path and pinned version
	Kind    string       // parser, decoder, image format, markup renderer, ...
	Bug     string       // the known bug and the release that fixed it
	String  bool         // the target takes a string rather than a []byte
	Run     func([]byte) // runs the target's body on an input
	// Smallest is the smallest input known to fail the way the target's
	// fixtures do, found by hand from the harness's layout or the
	// library's code (README.md), or "" where none was worked out.
	Smallest string
}

// targets lists the benchmark, one entry per fuzz target in fuzz_test.go.
var targets = []target{
	{
		Name: "FuzzYAMLUnmarshal", Library: "gopkg.in/yaml.v3@v3.0.0-20200615113413-eeeca48fe776", Kind: "parser",
		Bug: "panics in Unmarshal found by fuzzing (go-yaml/yaml#665, #666, CVE-2022-28948); fixed by v3.0.1",
		Run: yamlUnmarshal,
	},
	{
		Name: "FuzzYAMLNode", Library: "gopkg.in/yaml.v3@v3.0.0-20200615113413-eeeca48fe776", Kind: "parser",
		Bug: "nil dereference in yaml_parser_split_stem_comment found by fuzzing (go-yaml/yaml#665, #744); fixed by v3.0.1",
		Run: yamlNode,
	},
	{
		Name: "FuzzTOMLDecode", Library: "github.com/BurntSushi/toml@v0.3.1", Kind: "parser",
		Bug:    "toml.Decode panics found by fuzzing (BurntSushi/toml#155, #239); fixed by v0.4.0",
		String: true, Run: func(b []byte) { tomlDecode(string(b)) },
	},
	{
		Name: "FuzzTIFFDecode", Library: "golang.org/x/image@v0.17.0", Kind: "image format",
		Bug: "invalid palette indices accepted by tiff.Decode panic when the image is drawn (CVE-2024-24792); fixed by v0.18.0",
		Run: tiffDecode,
	},
	{
		Name: "FuzzMarkdown", Library: "github.com/yuin/goldmark@v1.1.10", Kind: "markup renderer",
		Bug: "index out of range in parseAttribute found by go-fuzz (yuin/goldmark#55); fixed by v1.1.13",
		Run: markdownConvert,
	},
	{
		Name: "FuzzDNSDecode", Library: "github.com/google/gopacket@v1.1.19", Kind: "network protocol",
		Bug: "DNSQuestion.decode slices past the end of a truncated message, found by fuzzing (google/gopacket#1046, merged 2022-08, after the last release)",
		Run: dnsDecode,
	},
	{
		Name: "FuzzXZRead", Library: "github.com/ulikunitz/xz@v0.5.8", Kind: "archive/compression format",
		Bug: "panic on invalid input found by fuzzing (ulikunitz/xz#40); fixed by v0.5.10",
		Run: xzRead,
	},
	{
		Name: "FuzzTOMLEdit", Library: "github.com/BurntSushi/toml@v0.3.1 via go-fuzz-headers GenerateStruct", Kind: "go-fuzz-headers harness",
		Bug: "as FuzzTOMLDecode, reached through a GenerateStruct-filled edit request",
		Run: tomlEdit, Smallest: "\x00\x00\x00\x00\x00\x00\x00\x01-\x00\x00\x00\x01-\x00\x00\x00\x02{#",
	},
	{
		Name: "FuzzRenderPage", Library: "github.com/yuin/goldmark@v1.1.10 via go-fuzz-headers GetString/GetBytes/GetInt", Kind: "go-fuzz-headers harness",
		Bug: "as FuzzMarkdown, reached through a flat go-fuzz-headers sequence whose last byte chooses the options",
		Run: renderPage, Smallest: "\x00\x00\x00\x01{\x00\x00\x00\x00\x01",
	},
	{
		Name: "FuzzJSONRedact", Library: "github.com/buger/jsonparser@v0.0.0-20191204142016-1a29609e0929", Kind: "JSON query",
		Bug: "Delete never returns when an array or object before the key is not closed: findKeyStart steps back onto the bracket (buger/jsonparser#188, CVE-2020-10675); fixed by #192 (the fixture returns at f7e751e), in v1.0.0",
		Run: jsonRedact, Smallest: "\x00[",
	},
	{
		Name: "FuzzJSONUserName", Library: "github.com/buger/jsonparser@v0.0.0-20191204142016-1a29609e0929", Kind: "JSON query",
		Bug: "Get never returns when an object after a key of another path is not closed: searchKeys steps back by blockEnd's -1 (fixed by b10e032, \"Fix infinite loop in Get\", buger/jsonparser#197, in v1.0.0; the fixture still hangs at f7e751e, before it)",
		Run: jsonUserName, Smallest: "{\"\":\x00{",
	},
	{
		Name: "FuzzGoMarkdown", Library: "github.com/gomarkdown/markdown@v0.0.0-20240723152757-afa4a469d4f9", Kind: "markup renderer",
		Bug: "Block loops forever when paragraph returns 0 for a ':' definition line that list does not take: the go-fuzz-found #311 (CVE-2024-44337, fixed by a2a9c4f) and, after an unterminated ``` line, #326 (fixed by 865e83d, 2024-12-04), which the fixture is: it still hangs at a2a9c4f and returns at v0.0.0-20250810172220-2e2c11897d1a",
		Run: gomarkdownHTML,
	},
	{
		Name: "FuzzDDSketch", Library: "github.com/DataDog/sketches-go@v1.4.6", Kind: "metrics encoding",
		Bug: "DecodeDDSketch sizes a dense store's bins by the decoded index range, so a crafted payload asks for terabytes: out of memory, found by fuzzing (DataDog/sketches-go#85, open as of v1.4.8)",
		Run: ddsketchQuantile,
	},
	{
		Name: "FuzzGraphQLSchema", Library: "github.com/vektah/gqlparser@v0.0.0-20181113085259-6f09700b13a3", Kind: "parser",
		Bug: "parseTypeReference recurses on '[' after the input has ended until the stack overflows, found by fuzzing (vektah/gqlparser#72, fixed by #79 with the fuzzer's input type o{d(g:[ as a test, in v1.0.0)",
		Run: graphqlSchema,
	},
	{
		Name: "FuzzMP4Decode", Library: "github.com/Eyevinn/mp4ff@v0.47.0", Kind: "media container format",
		Bug: "a box whose size is smaller than its header makes ReadBytes take a negative length, one of the panics go test -fuzz found (Eyevinn/mp4ff#397); fixed by v0.48.0",
		Run: mp4Decode,
	},
	{
		Name: "FuzzMsgpackDecode", Library: "github.com/shamaton/msgpack/v2@v2.1.0", Kind: "serialization format",
		Bug: "Unmarshal reads past the end of a truncated message, found by fuzzing (shamaton/msgpack#31, CVE-2022-41719); fixed by v2.1.1",
		Run: msgpackDecode,
	},
	{
		Name: "FuzzJSONQuery", Library: "github.com/tidwall/gjson@v1.6.3 via go-fuzz-headers GetBytes/GetString/GetBool", Kind: "go-fuzz-headers harness",
		Bug: "squash slices past the end of a modifier's unterminated string argument (@this:\"), a path panic found by fuzzing (tidwall/gjson#192); fixed by v1.6.4",
		Run: jsonQuery, Smallest: "\x00\x00\x00\x05#.{\"|\x00\x00\x00\x01[\x00",
	},
	{
		Name: "FuzzCELEval", Library: "github.com/google/cel-go@v0.3.2", Kind: "expression language",
		Bug:    "the parser panics on syntax errors: an unknown parse tree on inputs like \"--\" and \"?\", found by go-fuzz (google/cel-go#317), and a field initializer without its value; both fixed by v0.4.0",
		String: true, Run: func(b []byte) { celEval(string(b)) },
	},
}

// lookup returns the target named name.
func lookup(name string) (target, bool) {
	for _, t := range targets {
		if t.Name == name {
			return t, true
		}
	}
	return target{}, false
}

// fixture is one crasher checked in under testdata/fuzz/FuzzX.
type fixture struct {
	Target target
	Path   string // testdata/fuzz/FuzzX/name, relative to the module
	Input  []byte // the argument's bytes
	Raw    bool   // the whole input a fuzzer found, which Go did not minimize
	// GoSize is the size of Go's own minimized crasher of the same bug, or
	// -1 if there is none.
	GoSize int
	Sig    string // the recorded signature (testdata/signatures.txt)
}

// Name is the fixture's file name, the subtest that replays it.
func (f fixture) Name() string { return filepath.Base(f.Path) }

// readInput reads a corpus file holding one []byte or string.
func readInput(path string) ([]byte, error) {
	e, err := corpus.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(e.Values) != 1 {
		return nil, fmt.Errorf("%s: %d values, want 1", path, len(e.Values))
	}
	switch v := e.Values[0].(type) {
	case []byte:
		return v, nil
	case string:
		return []byte(v), nil
	}
	return nil, fmt.Errorf("%s: a %T, want []byte or string", path, e.Values[0])
}

// loadFixtures reads testdata/signatures.txt under dir, the module's
// directory, and the fixtures it lists. Each line is
//
//	FuzzX/name <tab> go|raw <tab> same-bug Go fixture name or - <tab> signature
//
// "go" marks a crasher as Go's fuzzer wrote it after minimizing, "raw" one
// it could not minimize or was told not to.
func loadFixtures(dir string) ([]fixture, error) {
	path := filepath.Join(dir, "testdata", "signatures.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fs []fixture
	for n, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 4 || (cols[1] != "go" && cols[1] != "raw") {
			return nil, fmt.Errorf("%s:%d: want FuzzX/name, go or raw, Go fixture or -, signature, tab-separated", path, n+1)
		}
		name, file, _ := strings.Cut(cols[0], "/")
		t, ok := lookup(name)
		if !ok {
			return nil, fmt.Errorf("%s:%d: no target %s", path, n+1, name)
		}
		f := fixture{Target: t, Path: filepath.Join("testdata", "fuzz", name, file), Raw: cols[1] == "raw", GoSize: -1, Sig: cols[3]}
		if f.Input, err = readInput(filepath.Join(dir, f.Path)); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n+1, err)
		}
		if !f.Raw {
			f.GoSize = len(f.Input)
		} else if cols[2] != "-" {
			g, err := readInput(filepath.Join(dir, "testdata", "fuzz", name, cols[2]))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n+1, err)
			}
			f.GoSize = len(g)
		}
		fs = append(fs, f)
	}
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].Path < fs[j].Path })
	return fs, nil
}
