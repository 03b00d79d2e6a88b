package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/fuzzsrc"
)

func TestSummaryPrint(t *testing.T) {
	entries := []fuzzsrc.StatsEntry{
		{Bytes: 0, Draws: []fuzzsrc.Draw{{Label: "n", Value: "0"}}, Events: []string{"empty"}},
		{Bytes: 3, Draws: []fuzzsrc.Draw{{Label: "n", Value: "2"}, {Label: "call", Value: "b1 := a.Alloc(1)"}, {Label: "call", Value: "a.Free(b1)"}},
			Spans: []fuzzsrc.StatsSpan{{Label: "OneOf(A, B)", Pick: 1}, {Label: "SliceOf(X)", Elements: 2, Pick: -1}}},
		{Bytes: 1, Discarded: true, SkipReason: "assumption failed", Draws: []fuzzsrc.Draw{{Label: "n", Value: "2"}},
			Spans: []fuzzsrc.StatsSpan{{Label: "OneOf(A, B)", Pick: 0}, {Label: "SliceOf(X)", Pick: -1}}, Events: []string{"empty", "empty"}},
	}
	var b strings.Builder
	summarize(entries).print(&b, 4)
	want := `  input bytes:
    0 ████ 1 (33.3%)
    1 ████ 1 (33.3%)
    2      0 (0.0%)
    3 ████ 1 (33.3%)
  outcome (share of inputs):
    passed                       ████ 2 (66.7%)
    discarded: assumption failed ██   1 (33.3%)
  draw n (3 draws):
    0 ██   1 (33.3%)
    1      0 (0.0%)
    2 ████ 2 (66.7%)
  Repeat actions (2 calls):
    a.Alloc ████ 1 (50.0%)
    a.Free  ████ 1 (50.0%)
  Repeat steps per input:
    2 ████ 1 (100.0%)
  size of SliceOf(X):
    0 ████ 1 (50.0%)
    1      0 (0.0%)
    2 ████ 1 (50.0%)
  branches of OneOf(A, B):
    branch 0 ████ 1 (50.0%)
    branch 1 ████ 1 (50.0%)
  events (share of inputs):
    empty ████ 2 (66.7%)
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestNumericBuckets(t *testing.T) {
	// 0..99 in ten buckets of ten; a float range in ten equal parts.
	var vals []float64
	for i := range 100 {
		vals = append(vals, float64(i))
	}
	rows := numericRows(vals)
	if len(rows) != 10 || rows[0] != (row{"0..9", 10}) || rows[9] != (row{"90..99", 10}) {
		t.Errorf("want ten buckets of ten, 0..9 to 90..99: %v", rows)
	}
}

func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary: skipped under -short")
	}
	var b strings.Builder
	p, err := stats(&b, "./testdata/fixture", regexp.MustCompile("^FuzzFixture$"), 10)
	if err != nil {
		t.Fatal(err)
	}
	out := b.String()
	var h strings.Builder
	if err := writeHTML(&h, p); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<h3>Repeat actions (2 calls):</h3>", "<td>&#34;circle&#34;</td>"} {
		if !strings.Contains(h.String(), want) {
			t.Errorf("HTML lacks %q:\n%s", want, h.String())
		}
	}
	// The fixture's corpus: three files and the empty seed. Only "\xff"
	// draws n = 9, which Assume rejects.
	for _, want := range []string{
		"FuzzFixture: 4 inputs (3 in testdata/fuzz, ",
		"discarded: assumption failed █",
		`"circle" `,
		"c.Add █",
		"branches of OneOf(Just(\"circle\"), Just(\"square\")):",
		"empty xs █",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// buildFixture builds the fixture's test binary into a temporary
// directory.
func buildFixture(t testing.TB) string {
	bin := filepath.Join(t.TempDir(), "fixture.test")
	if _, err := goCmd("test", "-c", "-o", bin, "./testdata/fixture"); err != nil {
		t.Fatal(err)
	}
	return bin
}

// writeCorpus writes a corpus directory of entries by name.
func writeCorpus(t testing.TB, entries map[string]string) string {
	dir := t.TempDir()
	for name, data := range entries {
		content := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestReplaySources checks how replay combines a target's two corpus
// sources: each entry and each seed is replayed once, an entry of the
// second source with a name of the first is the same input, and the
// sources are left as they were.
func TestReplaySources(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary: skipped under -short")
	}
	bin := buildFixture(t)
	first := map[string]string{"a": "\xff", "b": "\x00\x80\xff\x01\xff\x02"}
	tests := []struct {
		name      string
		reason    string
		second    map[string]string
		wantFiles [2]int
	}{
		{"disjoint", "the second source is linked as a whole", map[string]string{"c": "\x10", "d": "\x20"}, [2]int{2, 2}},
		{"overlap", "b is the first source's input; only c is linked", map[string]string{"b": "\x00\x80\xff\x01\xff\x02", "c": "\x10"}, [2]int{2, 1}},
		{"contained", "every entry is the first source's: no second run", map[string]string{"a": "\xff"}, [2]int{2, 0}},
		{"empty", "an empty second source adds nothing", map[string]string{}, [2]int{2, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srcs := []string{writeCorpus(t, first), writeCorpus(t, tt.second)}
			tmp := t.TempDir()
			r, err := replay(bin, tmp, "FuzzFixture", srcs)
			if err != nil {
				t.Fatal(err)
			}
			if r.files != tt.wantFiles {
				t.Errorf("files = %v, want %v", r.files, tt.wantFiles)
			}
			// One entry per file and one for the fixture's seed.
			if want := tt.wantFiles[0] + tt.wantFiles[1] + 1; len(r.list) != want {
				t.Errorf("%d entries, want %d", len(r.list), want)
			}
			if err := os.RemoveAll(tmp); err != nil {
				t.Fatal(err)
			}
			for i, src := range srcs {
				names, err := corpusNames(src)
				if err != nil {
					t.Fatal(err)
				}
				if want := []map[string]string{first, tt.second}[i]; len(names) != len(want) {
					t.Errorf("source %d holds %v after the replay, want its %d files", i, names, len(want))
				}
			}
		})
	}
}

// BenchmarkStats10000 replays a corpus of 10,000 entries of the fixture's
// target, as issue 14 asks (under 10 s), and times the parts of the
// command: "build" is go test -c of the target's package (its packages
// compiled already, so mostly the link), "replay" runs the built binary
// over the corpus and reads what it writes, "summarize" aggregates and
// prints, and "all" is the whole command. The fixture is copied into a
// module of its own in a temporary directory, in a Go workspace with this
// module, so that its corpus is written outside the source tree.
//
//	go test ./tools/stats -run '^$' -bench Stats10000 -benchtime 3x
func BenchmarkStats10000(b *testing.B) {
	root, err := filepath.Abs("../..")
	if err != nil {
		b.Fatal(err)
	}
	tmp := b.TempDir()
	mod := filepath.Join(tmp, "fixture")
	corpus := filepath.Join(mod, "testdata", "fuzz", "FuzzFixture")
	if err := os.MkdirAll(corpus, 0o777); err != nil {
		b.Fatal(err)
	}
	src, err := os.ReadFile("testdata/fixture/fixture_test.go")
	if err != nil {
		b.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(mod, "fixture_test.go"): string(src),
		filepath.Join(mod, "go.mod"):          "module statsbench\n\ngo 1.24\n",
		filepath.Join(tmp, "go.work"):         fmt.Sprintf("go 1.24\n\nuse (\n\t%q\n\t%q\n)\n", root, mod),
	}
	rng := rand.New(rand.NewPCG(14, 10000))
	for len(files) < 3+10000 {
		data := make([]byte, 8+rng.IntN(33))
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		content := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
		sum := sha256.Sum256([]byte(content))
		files[filepath.Join(corpus, hex.EncodeToString(sum[:])[:16])] = content
	}
	for name, content := range files {
		if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
			b.Fatal(err)
		}
	}
	b.Setenv("GOWORK", filepath.Join(tmp, "go.work"))
	b.Chdir(mod)
	re := regexp.MustCompile("^FuzzFixture$")
	bin := filepath.Join(tmp, "fixture.test")
	gocache, err := goCmd("env", "GOCACHE")
	if err != nil {
		b.Fatal(err)
	}
	srcs := []string{corpus, filepath.Join(strings.TrimSpace(gocache), "fuzz", "statsbench", "FuzzFixture")}

	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			if _, err := goCmd("test", "-c", "-o", bin, "."); err != nil {
				b.Fatal(err)
			}
		}
	})
	var entries []fuzzsrc.StatsEntry
	b.Run("replay", func(b *testing.B) {
		for b.Loop() {
			work := b.TempDir()
			r, err := replay(bin, work, "FuzzFixture", srcs)
			if err != nil {
				b.Fatal(err)
			}
			if len(r.list) != 10001 {
				b.Fatalf("%d entries, want 10,000 and the seed", len(r.list))
			}
			entries = r.list
		}
	})
	b.Run("summarize", func(b *testing.B) {
		for b.Loop() {
			summarize(entries).print(io.Discard, 40)
		}
	})
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			if _, err := stats(io.Discard, ".", re, 40); err != nil {
				b.Fatal(err)
			}
		}
	})
}
