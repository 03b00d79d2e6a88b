package corpus

// These tests check the corpus codec against Go itself, by running the go
// command on throwaway modules: Go's fuzzer writes files that we must read
// and reproduce byte for byte, Go's test runner replays files we wrote, and
// Go's own (unexported) marshal and unmarshal functions are compared with
// ours on thousands of values and lines. They are skipped with -short and
// when no go command is on PATH.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// goCommand returns the go command, or skips the test.
func goCommand(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the go command; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	return gocmd
}

// newModule writes a dependency-free module named fuzztmp.
func newModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module fuzztmp\n\ngo 1.24\n"
	for name, content := range files {
		writeRaw(t, filepath.Join(dir, name), content)
	}
	return dir
}

// run runs a command in dir and returns its combined output and whether it
// exited successfully. Failing to start is fatal; exiting non-zero is not.
func run(t *testing.T, dir string, env []string, name string, args ...string) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	// GOTOOLCHAIN=local keeps the go command from fetching a toolchain.
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off")
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	if ctx.Err() != nil {
		t.Fatalf("%s %s timed out\n%s", name, strings.Join(args, " "), out)
	}
	return string(out), err == nil
}

// allTypesParams is the parameter list of the fuzz targets below, in the
// order of allTypesValues.
const allTypesParams = `b []byte, s string, ok bool, i int, i8 int8, i16 int16, i32 int32, i64 int64,
	u uint, u8 uint8, u16 uint16, u32 uint32, u64 uint64, f32 float32, f64 float64`

const fuzzAllSource = `package fuzztmp

import (
	"math"
	"strings"
	"testing"
)

var sink [16]int

func FuzzAll(f *testing.F) {
	f.Add([]byte("\x00\xff"), "héllo\x80", true, int(-1), int8(-128), int16(300), int32(-1), int64(math.MinInt64),
		uint(7), uint8(0xff), uint16(65535), uint32(1<<31), uint64(math.MaxUint64),
		math.Float32frombits(0x7fc00001), math.Float64frombits(0x7ff0000000000001))
	f.Add([]byte{}, "\u2028\ufffd", false, int(math.MaxInt64), int8(0), int16(250), int32(0xd800), int64(0),
		uint(0), uint8(0x80), uint16(0), uint32(0), uint64(0),
		float32(math.Copysign(0, -1)), math.Float64frombits(0xfff8000000000000))
	f.Add([]byte("x"), "", false, int(0), int8(5), int16(220), int32(0x10ffff), int64(1),
		uint(1), uint8('\''), uint16(1), uint32(1), uint64(1),
		float32(math.Inf(1)), math.Inf(-1))
	f.Fuzz(func(t *testing.T, ` + allTypesParams + `) {
		// Each branch is new coverage, so the inputs reaching it are saved
		// to the fuzz cache; the nested ones lead to a crash within moments.
		if len(b) > 4 { sink[1]++ }
		if strings.Contains(s, "z") { sink[2]++ }
		if !ok { sink[3]++ }
		if i > 50 { sink[4]++ }
		if i32 > 30 { sink[5]++ }
		if u16 < 65400 { sink[6]++ }
		if f32 > 0 { sink[7]++ }
		if f64 < 0 { sink[10]++ }
		if i16 < 200 {
			sink[8]++
			if i16 < 100 {
				sink[9]++
				if u8 < 150 {
					t.Fatal("found")
				}
			}
		}
	})
}
`

// TestGoFuzzerFilesRoundTrip runs Go's fuzzer until it finds a crash, then
// checks every file it wrote, the crasher and the fuzz cache's interesting
// inputs: each must parse, re-marshal to the same bytes, and carry the
// name our Name gives it.
func TestGoFuzzerFilesRoundTrip(t *testing.T) {
	gocmd := goCommand(t)
	dir := newModule(t, map[string]string{"fuzz_test.go": fuzzAllSource})
	// Building the instrumented test binary once and running it directly
	// lets the test choose the fuzz cache directory (-test.fuzzcachedir),
	// instead of writing into the user's GOCACHE.
	bin := filepath.Join(dir, "fuzzall.test")
	if out, ok := run(t, dir, nil, gocmd, "test", "-c", "-fuzz=^FuzzAll$", "-o", bin, "."); !ok {
		t.Fatalf("go test -c -fuzz failed:\n%s", out)
	}
	cacheDir := filepath.Join(t.TempDir(), "fuzzcache")
	out, ok := run(t, dir, nil, bin, "-test.run=^$", "-test.fuzz=^FuzzAll$", "-test.fuzztime=45s",
		"-test.fuzzcachedir="+cacheDir, "-test.parallel=2")
	if ok {
		t.Fatalf("the fuzzer found no crash in 45s:\n%s", out)
	}

	crashDir := filepath.Join(dir, "testdata", "fuzz", "FuzzAll")
	crashers := filesIn(t, crashDir)
	if len(crashers) != 1 {
		t.Fatalf("want one crasher in %s, got %v\n%s", crashDir, crashers, out)
	}
	if want := "go test -run=FuzzAll/" + filepath.Base(crashers[0]); !strings.Contains(out, want) {
		t.Errorf("go test output lacks %q:\n%s", want, out)
	}
	cached := filesIn(t, cacheDir)
	if len(cached) == 0 {
		t.Errorf("the fuzzer saved no interesting inputs in %s", cacheDir)
	}
	wantTypes := typesOf(allTypesValues())
	for _, path := range append(crashers, cached...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		entry, err := ReadFile(path)
		if err != nil {
			t.Errorf("reading a file Go wrote: %v\n%s", err, data)
			continue
		}
		if got := typesOf(entry.Values); !slices.Equal(got, wantTypes) {
			t.Errorf("%s has types %v, want %v", path, got, wantTypes)
		}
		remarshalled, err := Marshal(entry.Values...)
		if err != nil || !bytes.Equal(remarshalled, data) {
			t.Errorf("%s re-marshals differently (err %v):\nGo wrote:\n%s\nwe write:\n%s", path, err, data, remarshalled)
		}
		if got := Name(data); got != filepath.Base(path) {
			t.Errorf("Go named %s, Name gives %s", path, got)
		}
	}
	t.Logf("checked %d crasher and %d cached files written by Go", len(crashers), len(cached))
}

// filesIn lists the regular files under dir, recursively.
func filesIn(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatalf("listing %s: %v", dir, err)
	}
	return files
}

// goLiteral writes v as a Go expression of its type, independently of
// Marshal, for generated test sources.
func goLiteral(v any) string {
	switch v := v.(type) {
	case []byte:
		return "[]byte(" + strconv.Quote(string(v)) + ")"
	case string:
		return strconv.Quote(v)
	case float32:
		return fmt.Sprintf("math.Float32frombits(%#x)", math.Float32bits(v))
	case float64:
		return fmt.Sprintf("math.Float64frombits(%#x)", math.Float64bits(v))
	}
	return fmt.Sprintf("%T(%v)", v, v)
}

// TestGoReplaysOurFiles writes corpus files with WriteFile and has go test
// replay them against a target that fails exactly on the values written:
// each file must fail as its own subtest, FuzzReplay/<name>.
func TestGoReplaysOurFiles(t *testing.T) {
	gocmd := goCommand(t)
	valueSets := [][]any{
		allTypesValues(),
		{[]byte{}, "", false, int(math.MinInt64), int8(math.MaxInt8), int16(math.MinInt16), int32(0xd800), int64(math.MaxInt64),
			uint(0), uint8(0), uint16(0), uint32(math.MaxUint32), uint64(0), float32(math.Copysign(0, -1)), math.Inf(-1)},
		{[]byte("\x00\x01\x7f\x80\xfe\xff"), "héllo\x00\u2028\xc3", true, int(42), int8(-1), int16(7), int32(-1), int64(-2),
			uint(math.MaxUint64), uint8(0x80), uint16(0xffff), uint32(1), uint64(math.MaxUint64), float32(math.NaN()), math.NaN()},
		{[]byte("`\"'"), "\\", true, 1, int8(1), int16(1), int32(0x10ffff), int64(1), uint(1), uint8('\''), uint16(1),
			uint32(1), uint64(1), nan32Neg, nan64Neg},
	}
	decoy := slices.Clone(valueSets[0])
	decoy[3] = 12345

	var wants strings.Builder
	for _, values := range valueSets {
		literals := make([]string, len(values))
		for i, v := range values {
			literals[i] = goLiteral(v)
		}
		fmt.Fprintf(&wants, "\t{%s},\n", strings.Join(literals, ", "))
	}
	source := `package fuzztmp

import (
	"bytes"
	"math"
	"testing"
)

var wants = [][]any{
` + wants.String() + `}

func same(got, want []any) bool {
	for i := range got {
		switch g := got[i].(type) {
		case float32:
			if math.Float32bits(g) != math.Float32bits(want[i].(float32)) {
				return false
			}
		case float64:
			if math.Float64bits(g) != math.Float64bits(want[i].(float64)) {
				return false
			}
		case []byte:
			if !bytes.Equal(g, want[i].([]byte)) {
				return false
			}
		default:
			if g != want[i] {
				return false
			}
		}
	}
	return true
}

func FuzzReplay(f *testing.F) {
	f.Fuzz(func(t *testing.T, ` + allTypesParams + `) {
		got := []any{b, s, ok, i, i8, i16, i32, i64, u, u8, u16, u32, u64, f32, f64}
		for n, want := range wants {
			if same(got, want) {
				t.Fatalf("matched want %d", n)
			}
		}
	})
}
`
	dir := newModule(t, map[string]string{"fuzz_test.go": source})
	corpusDir := filepath.Join(dir, "testdata", "fuzz", "FuzzReplay")
	var names []string
	for _, values := range append(valueSets, decoy) {
		path, err := WriteFile(corpusDir, values...)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.Base(path))
	}

	out, ok := run(t, dir, nil, gocmd, "test", "-run=^FuzzReplay$", "-v", ".")
	if ok {
		t.Fatalf("go test passed; every file but the decoy should fail:\n%s", out)
	}
	for n, name := range names[:len(valueSets)] {
		ran := regexp.MustCompile(`=== RUN +FuzzReplay/` + name + `\n\s+\S+: matched want ` + strconv.Itoa(n) + "\n")
		if !ran.MatchString(out) || !strings.Contains(out, "--- FAIL: FuzzReplay/"+name+" ") {
			t.Errorf("go test did not fail FuzzReplay/%s with want %d:\n%s", name, n, out)
		}
	}
	if decoyName := names[len(names)-1]; !strings.Contains(out, "--- PASS: FuzzReplay/"+decoyName) {
		t.Errorf("the decoy file %s did not pass:\n%s", decoyName, out)
	}

	// One file can be replayed alone by its subtest name.
	out, ok = run(t, dir, nil, gocmd, "test", "-run=^FuzzReplay$/^"+names[1]+"$", "-v", ".")
	if ok || !strings.Contains(out, "matched want 1") || strings.Contains(out, "matched want 0") {
		t.Errorf("go test -run=FuzzReplay/%s did not replay just that file:\n%s", names[1], out)
	}
}

// wireValue carries a typed value to and from the helper module as JSON.
type wireValue struct {
	Type  string `json:"t"`
	Bits  uint64 `json:"n,omitempty"`
	Bytes []byte `json:"b,omitempty"`
}

func toWire(v any) wireValue {
	w := wireValue{Type: reflect.TypeOf(v).String()}
	switch v := v.(type) {
	case []byte:
		w.Type, w.Bytes = "[]byte", v
	case string:
		w.Bytes = []byte(v)
	case bool:
		if v {
			w.Bits = 1
		}
	case int:
		w.Bits = uint64(v)
	case int8:
		w.Bits = uint64(v)
	case int16:
		w.Bits = uint64(v)
	case int32:
		w.Bits = uint64(v)
	case int64:
		w.Bits = uint64(v)
	case uint:
		w.Bits = uint64(v)
	case uint8:
		w.Bits = uint64(v)
	case uint16:
		w.Bits = uint64(v)
	case uint32:
		w.Bits = uint64(v)
	case uint64:
		w.Bits = v
	case float32:
		w.Bits = uint64(math.Float32bits(v))
	case float64:
		w.Bits = math.Float64bits(v)
	}
	return w
}

func fromWire(w wireValue) any {
	switch w.Type {
	case "[]byte":
		return append([]byte{}, w.Bytes...)
	case "string":
		return string(w.Bytes)
	case "bool":
		return w.Bits == 1
	case "int":
		return int(w.Bits)
	case "int8":
		return int8(w.Bits)
	case "int16":
		return int16(w.Bits)
	case "int32":
		return int32(w.Bits)
	case "int64":
		return int64(w.Bits)
	case "uint":
		return uint(w.Bits)
	case "uint8":
		return uint8(w.Bits)
	case "uint16":
		return uint16(w.Bits)
	case "uint32":
		return uint32(w.Bits)
	case "uint64":
		return w.Bits
	case "float32":
		return math.Float32frombits(uint32(w.Bits))
	case "float64":
		return math.Float64frombits(w.Bits)
	}
	panic("unknown wire type " + w.Type)
}

type codecRequest struct {
	Marshal   [][]wireValue `json:"marshal"`
	Unmarshal [][]byte      `json:"unmarshal"`
}

type codecResponse struct {
	Marshalled   [][]byte `json:"marshalled"`
	Unmarshalled []struct {
		Values []wireValue `json:"values"`
		Err    string      `json:"err"`
	} `json:"unmarshalled"`
}

// codecHelperSource reaches Go's unexported internal/fuzz codec through
// linkname directives, which the linker allows only with
// -checklinkname=0, and answers a codecRequest. The empty .s file lets the
// bodyless function declarations compile.
const codecHelperSource = `package fuzztmp

import (
	"encoding/json"
	"math"
	"os"
	"testing"
	_ "unsafe"
)

//go:linkname marshalCorpusFile internal/fuzz.marshalCorpusFile
func marshalCorpusFile(vals ...any) []byte

//go:linkname unmarshalCorpusFile internal/fuzz.unmarshalCorpusFile
func unmarshalCorpusFile(b []byte) ([]any, error)

type wireValue struct {
	Type  string ` + "`json:\"t\"`" + `
	Bits  uint64 ` + "`json:\"n,omitempty\"`" + `
	Bytes []byte ` + "`json:\"b,omitempty\"`" + `
}

func toWire(v any) wireValue {
	switch v := v.(type) {
	case []byte:
		return wireValue{Type: "[]byte", Bytes: v}
	case string:
		return wireValue{Type: "string", Bytes: []byte(v)}
	case bool:
		if v {
			return wireValue{Type: "bool", Bits: 1}
		}
		return wireValue{Type: "bool"}
	case int:
		return wireValue{Type: "int", Bits: uint64(v)}
	case int8:
		return wireValue{Type: "int8", Bits: uint64(v)}
	case int16:
		return wireValue{Type: "int16", Bits: uint64(v)}
	case int32:
		return wireValue{Type: "int32", Bits: uint64(v)}
	case int64:
		return wireValue{Type: "int64", Bits: uint64(v)}
	case uint:
		return wireValue{Type: "uint", Bits: uint64(v)}
	case uint8:
		return wireValue{Type: "uint8", Bits: uint64(v)}
	case uint16:
		return wireValue{Type: "uint16", Bits: uint64(v)}
	case uint32:
		return wireValue{Type: "uint32", Bits: uint64(v)}
	case uint64:
		return wireValue{Type: "uint64", Bits: v}
	case float32:
		return wireValue{Type: "float32", Bits: uint64(math.Float32bits(v))}
	case float64:
		return wireValue{Type: "float64", Bits: math.Float64bits(v)}
	}
	panic("unexpected type")
}

func fromWire(w wireValue) any {
	switch w.Type {
	case "[]byte":
		return append([]byte{}, w.Bytes...)
	case "string":
		return string(w.Bytes)
	case "bool":
		return w.Bits == 1
	case "int":
		return int(w.Bits)
	case "int8":
		return int8(w.Bits)
	case "int16":
		return int16(w.Bits)
	case "int32":
		return int32(w.Bits)
	case "int64":
		return int64(w.Bits)
	case "uint":
		return uint(w.Bits)
	case "uint8":
		return uint8(w.Bits)
	case "uint16":
		return uint16(w.Bits)
	case "uint32":
		return uint32(w.Bits)
	case "uint64":
		return w.Bits
	case "float32":
		return math.Float32frombits(uint32(w.Bits))
	case "float64":
		return math.Float64frombits(w.Bits)
	}
	panic("unknown wire type " + w.Type)
}

type result struct {
	Values []wireValue ` + "`json:\"values\"`" + `
	Err    string      ` + "`json:\"err\"`" + `
}

func TestCodec(t *testing.T) {
	data, err := os.ReadFile(os.Getenv("CODEC_REQUEST"))
	if err != nil {
		t.Fatal(err)
	}
	var req struct {
		Marshal   [][]wireValue ` + "`json:\"marshal\"`" + `
		Unmarshal [][]byte      ` + "`json:\"unmarshal\"`" + `
	}
	if err := json.Unmarshal(data, &req); err != nil {
		t.Fatal(err)
	}
	var resp struct {
		Marshalled   [][]byte ` + "`json:\"marshalled\"`" + `
		Unmarshalled []result ` + "`json:\"unmarshalled\"`" + `
	}
	for _, ws := range req.Marshal {
		var vals []any
		for _, w := range ws {
			vals = append(vals, fromWire(w))
		}
		resp.Marshalled = append(resp.Marshalled, marshalCorpusFile(vals...))
	}
	for _, in := range req.Unmarshal {
		vals, err := unmarshalCorpusFile(in)
		var r result
		if err != nil {
			r.Err = err.Error()
		}
		for _, v := range vals {
			r.Values = append(r.Values, toWire(v))
		}
		resp.Unmarshalled = append(resp.Unmarshalled, r)
	}
	out, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(os.Getenv("CODEC_RESPONSE"), out, 0o644); err != nil {
		t.Fatal(err)
	}
}
`

// marshalCases are the value lists compared with Go's marshaller: every
// byte, special floats, rune edges, integer extremes and random values.
func marshalCases() [][]any {
	var cases [][]any
	var bytesCase, int8Case []any
	for b := range 256 {
		bytesCase = append(bytesCase, uint8(b), []byte{byte(b)}, string([]byte{byte(b)}))
		int8Case = append(int8Case, int8(b))
	}
	cases = append(cases, bytesCase, int8Case)
	var floats []any
	for _, f := range specialFloat64s {
		floats = append(floats, f)
	}
	for _, f := range specialFloat32s {
		floats = append(floats, f)
	}
	for exp := range uint32(256) {
		for _, mant := range []uint32{0, 1, 0x400000, 0x7fffff, 0x2aaaaa} {
			floats = append(floats, math.Float32frombits(exp<<23|mant), math.Float32frombits(1<<31|exp<<23|mant))
		}
	}
	for exp := range uint64(2048) {
		floats = append(floats, math.Float64frombits(exp<<52|0x8000000000001), math.Float64frombits(1<<63|exp<<52))
	}
	cases = append(cases, floats)
	var runes []any
	for _, r := range edgeRunes {
		runes = append(runes, r)
	}
	for r := int32(0); r < 0x3000; r++ {
		runes = append(runes, r)
	}
	cases = append(cases, runes)
	cases = append(cases, []any{int(math.MinInt64), int(math.MaxInt64), int8(math.MinInt8), int16(math.MinInt16), int16(math.MaxInt16),
		int64(math.MinInt64), uint(math.MaxUint64), uint16(math.MaxUint16), uint32(math.MaxUint32), uint64(math.MaxUint64), true, false})
	cases = append(cases, allTypesValues())
	for _, tt := range encodeCases {
		cases = append(cases, tt.values)
	}

	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var values []any
		for range 1 + rng.IntN(8) {
			values = append(values, randomValue(rng))
		}
		cases = append(cases, values)
	}
	return cases
}

// randomValue returns a value of a random supported type, with random bits
// (so floats include NaN payloads) and strings of random bytes and runes.
func randomValue(rng *rand.Rand) any {
	bits := rng.Uint64()
	randomBytes := func() []byte {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			if rng.IntN(3) == 0 {
				b = append(b[:i], string(rune(rng.IntN(0x11000)))...)
				break
			}
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	switch rng.IntN(16) {
	case 0:
		return randomBytes()
	case 1:
		return string(randomBytes())
	case 2:
		return bits&1 == 1
	case 3:
		return int(bits)
	case 4:
		return int8(bits)
	case 5:
		return int16(bits)
	case 6:
		return int32(bits)
	case 7:
		return int64(bits)
	case 8:
		return uint(bits)
	case 9:
		return uint8(bits)
	case 10:
		return uint16(bits)
	case 11:
		return uint32(bits)
	case 12:
		return bits
	case 13:
		return math.Float32frombits(uint32(bits))
	case 14:
		// A NaN with a random payload.
		return math.Float64frombits(bits | 0x7ff0000000000001)
	}
	return math.Float64frombits(bits)
}

// unmarshalCases are inputs compared with Go's parser: the tables of
// encoding_test.go, plus every pairing of a type spelling with a literal
// spelling, plus whitespace and comment variants.
func unmarshalCases() [][]byte {
	var cases [][]byte
	file := func(lines ...string) []byte { return []byte(header + "\n" + strings.Join(lines, "\n") + "\n") }
	var lines []string
	for _, tt := range goAcceptedLines {
		lines = append(lines, tt.line)
	}
	for _, tt := range goRejectedLines {
		lines = append(lines, tt.line)
	}
	for _, tt := range goFileCases {
		cases = append(cases, []byte(tt.data))
	}
	typeNames := []string{"[]byte", "string", "bool", "byte", "rune", "int", "int8", "int16", "int32", "int64",
		"uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "math.Float32frombits",
		"math.Float64frombits", "complex64", "uintptr", "[]uint8", "[1]byte", "math.Abs", "Int", "error"}
	literals := []string{"0", "1", "-1", "-0", "+1", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "65535", "65536",
		"2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551615", "18446744073709551616",
		"0x7f", "-0x80", "0X1F", "0o17", "0O17", "017", "08", "0b101", "0B11", "1_000", "0x_1", "1__0", "1e3", "1.5", "-1.5",
		".5", "1.", "0x1p-2", "0x1.8p1", "1e39", "3.4028235e38", "1e309", "1i", "'a'", "'\\xff'", "'\\u0100'", "'\\U0010ffff'",
		"'\\''", "'\"'", "-'a'", `"x"`, "`raw`", `-"x"`, `"\xff"`, `"\u00e9"`, "true", "false", "nil", "NaN", "Inf", "-Inf",
		"+Inf", "^Inf", "!Inf", "-NaN", "x", "(1)", "1, 2", "", "\"a\"...", "0x7ff8000000000001", "0x100000000", "'ab'"}
	for _, typeName := range typeNames {
		for _, lit := range literals {
			lines = append(lines, typeName+"("+lit+")")
		}
	}
	for _, line := range lines {
		cases = append(cases, file(line), file(" \t"+line+"\r"), file(line+" // note"), file("int(0)", "", line))
	}
	return cases
}

// TestGoCodecDifferential compares Marshal and Unmarshal with Go's own
// marshalCorpusFile and unmarshalCorpusFile on thousands of inputs.
func TestGoCodecDifferential(t *testing.T) {
	gocmd := goCommand(t)
	mCases := marshalCases()
	uCases := unmarshalCases()
	var req codecRequest
	for _, values := range mCases {
		wires := make([]wireValue, len(values))
		for i, v := range values {
			wires[i] = toWire(v)
		}
		req.Marshal = append(req.Marshal, wires)
	}
	req.Unmarshal = uCases
	reqData, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	dir := newModule(t, map[string]string{"codec_test.go": codecHelperSource, "empty.s": ""})
	reqPath := filepath.Join(dir, "request.json")
	respPath := filepath.Join(dir, "response.json")
	writeRaw(t, reqPath, string(reqData))

	out, ok := run(t, dir, []string{"CODEC_REQUEST=" + reqPath, "CODEC_RESPONSE=" + respPath},
		gocmd, "test", "-count=1", "-ldflags=-checklinkname=0", "-run=^TestCodec$", ".")
	if !ok {
		if strings.Contains(out, "linkname") || strings.Contains(out, "internal/fuzz") {
			t.Skipf("this Go cannot link to internal/fuzz's codec any more:\n%s", out)
		}
		t.Fatalf("helper failed:\n%s", out)
	}
	respData, err := os.ReadFile(respPath)
	if err != nil {
		t.Fatal(err)
	}
	var resp codecResponse
	if err := json.Unmarshal(respData, &resp); err != nil {
		t.Fatal(err)
	}
	if len(resp.Marshalled) != len(mCases) || len(resp.Unmarshalled) != len(uCases) {
		t.Fatalf("helper answered %d and %d cases, want %d and %d", len(resp.Marshalled), len(resp.Unmarshalled), len(mCases), len(uCases))
	}

	for i, values := range mCases {
		got, err := Marshal(values...)
		if err != nil || !bytes.Equal(got, resp.Marshalled[i]) {
			t.Errorf("Marshal(%s) differs from Go (err %v):\nGo:\n%s\nours:\n%s", show(values), err, resp.Marshalled[i], got)
		}
	}
	accepted := 0
	for i, in := range uCases {
		goResult := resp.Unmarshalled[i]
		got, err := Unmarshal(in)
		switch {
		case goResult.Err != "":
			if err == nil {
				t.Errorf("Unmarshal(%q) = %s, but Go rejects it: %s", in, show(got), goResult.Err)
			}
		case len(goResult.Values) == 0:
			// Go parses a file without values; we reject it, as every use
			// of it in Go fails (see Unmarshal).
			if err == nil {
				t.Errorf("Unmarshal(%q) accepted a file without values", in)
			}
		default:
			want := make([]any, len(goResult.Values))
			for j, w := range goResult.Values {
				want[j] = fromWire(w)
			}
			if err != nil || !sameValues(got, want) {
				t.Errorf("Unmarshal(%q) = %s, %v; Go reads %s", in, show(got), err, show(want))
			}
			accepted++
		}
	}
	t.Logf("compared %d value lists and %d files (%d accepted) with Go's codec", len(mCases), len(uCases), accepted)
}
