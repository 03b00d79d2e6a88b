package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shortlex/shortlex/corpus"
)

// TestPlain reduces the crashers of the fixture's plain targets (those
// that take []byte, string and other arguments directly, as most fuzz
// targets and every go-fuzz-headers harness do) and checks the exact
// results: shortlex-smallest on the values, 1-minimal, and a corpus file
// no larger than the original's.
func TestPlain(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the fixture")
	}
	cases := []struct {
		target, reason string
		want           []any
	}{
		{"FuzzBug", "a 3-byte substring of text", []any{[]byte("BUG")}},
		{"FuzzFourX", "shortlex on the []byte value: a trailing zero byte is not free", []any{[]byte("\x00\x00\x00x")}},
		{"FuzzFramed", "a length-prefixed name: bytes deleted with the length lowered in the same candidate", []any{[]byte("\x00\x00\x00\x03BUG")}},
		{"FuzzPNGWide", "a real PNG's header behind its CRC-32 (image/png checks it): the rest cut, width, height, bit depth and color type lowered, the CRC recomputed with each",
			[]any{[]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x01\x00\x00\x00\x01\x01\x00\x00\x00\x00\xf6\xe0&\xe4")}},
		{"FuzzRoute", "a method spelled out at length gives way to a shorter one of the strings of the package under test, imported by the harness (GET), the path to ..", []any{"GET .."}},
		{"FuzzModLen", "a length taken modulo the bytes left, printable in the crasher, ends at its true value", []any{[]byte("\x00\x00\x00\x03BUG")}},
		{"FuzzGap", "a byte lowered past values that pass to a smaller one that fails", []any{"\x00\t"}},
		{"FuzzPair", "several arguments: each at its simplest, the non-last []byte through its length field", []any{"ab", 4, []byte{0, 0}}},
	}
	var names []string
	for _, c := range cases {
		names = append(names, c.target)
		resetCorpus(t, c.target)
	}
	code, events, stderr := runTool(t, context.Background(), "-run", "^("+strings.Join(names, "|")+")$", ".")
	if code != exitMinimized {
		t.Errorf("exit code %d, want %d; stderr:\n%s", code, exitMinimized, stderr)
	}
	for _, c := range cases {
		t.Run(c.target, func(t *testing.T) {
			done := byTarget(events, c.target, "done")
			if len(done) != 1 || done[0].Status != "minimized" {
				t.Fatalf("done events %+v, want one minimized", done)
			}
			d := done[0]
			if d.Verified == nil || !*d.Verified {
				t.Errorf("the tool's replay did not verify: %q", d.ReplaySignature)
			}
			entry, err := corpus.ReadFile(filepath.Join(fixtureDir, d.File))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(entry.Values, c.want) {
				t.Errorf("minimized to %#v, want %#v (%s)", entry.Values, c.want, c.reason)
			}
			if d.After.File > d.Before.File {
				t.Errorf("corpus file grew from %d to %d bytes", d.Before.File, d.After.File)
			}
			if d.Minimal == "" {
				t.Errorf("no completed 1-minimality check reported")
			}
			if want := len(c.want); d.After.Args != want || d.Before.Args != want {
				t.Errorf("argument counts %d and %d, want %d", d.Before.Args, d.After.Args, want)
			}
		})
	}
}

// TestPlainUnchanged: an input that is already minimal is reported
// unchanged, exit 0, and no file is written.
func TestPlainUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the fixture")
	}
	resetCorpus(t, "FuzzBug")
	dir := filepath.Join(fixtureDir, "testdata", "fuzz", "FuzzBug")
	path := filepath.Join(dir, "minimal")
	if err := os.WriteFile(path, []byte("go test fuzz v1\n[]byte(\"BUG\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadDir(dir)
	code, events, stderr := runTool(t, context.Background(), "-run", "^FuzzBug$", ".", path)
	if code != exitMinimized {
		t.Errorf("exit code %d, want %d; stderr:\n%s", code, exitMinimized, stderr)
	}
	done := byTarget(events, "FuzzBug", "done")
	if len(done) != 1 || done[0].Status != "unchanged" || filepath.Base(done[0].File) != filepath.Base(path) {
		t.Fatalf("done events %+v, want one unchanged, its file the original %s", done, path)
	}
	if !strings.Contains(done[0].Minimal, "none fails the same way") {
		t.Errorf("1-minimal check %q", done[0].Minimal)
	}
	after, _ := os.ReadDir(dir)
	if len(after) != len(before) {
		t.Errorf("%d files in the corpus, had %d: an unchanged input writes nothing", len(after), len(before))
	}
}

// TestPlainLarge reduces a 10 KB crasher whose failure is a 3-byte
// substring to those bytes, in a bounded number of runs.
func TestPlainLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the fixture")
	}
	resetCorpus(t, "FuzzBug")
	path := writeBugCrasher(t, 10<<10)
	code, events, stderr := runTool(t, context.Background(), "-run", "^FuzzBug$", ".", path)
	if code != exitMinimized {
		t.Errorf("exit code %d, want %d; stderr:\n%s", code, exitMinimized, stderr)
	}
	done := byTarget(events, "FuzzBug", "done")
	if len(done) != 1 || done[0].Status != "minimized" {
		t.Fatalf("done events %+v", done)
	}
	d := done[0]
	if d.After.Bytes != 3 || d.Before.Bytes != 10<<10 {
		t.Errorf("%d bytes -> %d bytes, want %d -> 3", d.Before.Bytes, d.After.Bytes, 10<<10)
	}
	// Delta debugging cuts 10 KB in tens of runs; the rest is the
	// 1-minimality of "BUG": deletions, and every smaller value of each
	// of its bytes (66+85+71).
	if d.Runs > 600 {
		t.Errorf("%d runs", d.Runs)
	}
	t.Logf("%d runs in %.2fs (loaded machine)", d.Runs, d.Elapsed)
}

// writeBugCrasher writes a crasher of FuzzBug of n bytes: letters with
// "BUG" in the middle.
func writeBugCrasher(tb testing.TB, n int) string {
	tb.Helper()
	data := bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz"), n/26+1)[:n]
	copy(data[n/2:], "BUG")
	enc, err := corpus.Marshal(data)
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(fixtureDir, "testdata", "fuzz", "FuzzBug", "big")
	if err := os.WriteFile(path, enc, 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// BenchmarkPlainBug runs the command on crashers of FuzzBug of 10 KB to
// 50 MB (letters with "BUG" in the middle), each reduced to "BUG", and
// reports the reduction's runs and seconds and the whole command's
// seconds (replays, reduction, writing and verifying). Peak memory is
// not measured here; run the built command under /usr/bin/time -v for
// that.
//
//	go test ./tools/minimize -run '^$' -bench PlainBug -benchtime 1x
func BenchmarkPlainBug(b *testing.B) {
	for _, n := range []int{10 << 10, 1 << 20, 5 << 20, 50 << 20} {
		b.Run(strconv.Itoa(n>>10)+"KB", func(b *testing.B) {
			for b.Loop() {
				path := writeBugCrasher(b, n)
				b.Chdir(fixtureDir)
				var stdout, stderr bytes.Buffer
				start := time.Now()
				code := run(context.Background(), []string{"-json", "-run", "^FuzzBug$", ".", path}, &stdout, &stderr, bins)
				whole := time.Since(start)
				if code != exitMinimized {
					b.Fatalf("exit %d: %s", code, stderr.String())
				}
				var d event
				for _, line := range strings.Split(stdout.String(), "\n") {
					var e event
					if json.Unmarshal([]byte(line), &e) == nil && e.Event == "done" {
						d = e
					}
				}
				if d.After == nil || d.After.Bytes != 3 {
					b.Fatalf("done event %+v", d)
				}
				b.ReportMetric(float64(d.Runs), "runs")
				b.ReportMetric(d.Elapsed, "reduce-s")
				b.ReportMetric(whole.Seconds(), "command-s")
			}
		})
	}
}
