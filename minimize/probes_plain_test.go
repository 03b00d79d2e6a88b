//go:build probes

package minimize_test

// Plain-bytes probes: fuzz targets of the shape real ones have (binary
// formats, text formats, go-fuzz-headers harnesses), each with one
// planted bug of the kind fuzzing finds, written without reading the
// reducer. The target reads raw bytes, so the reducer runs in plain-bytes
// mode (ExactLength, no choices). Each problem carries the input judged
// to be the smallest failing one in shortlex order (shorter first, then
// lexicographically smaller bytes), checked here by a brute force over
// every input shortlex-before it up to -plainprobe.brute bytes (and, for
// inputs one byte longer whose lexicographic rank is at most
// -plainprobe.brutemax, every same-length input before it) and by a local
// search around it; past that the problem's comment argues it. Then the
// harness makes -plainprobe.n failing inputs of the kind a fuzzer leaves
// (a realistic document with junk) and reports where their reductions
// end:
//
//	go test -tags probes ./minimize -run TestPlainProbes -v -count=1 -timeout 0 [-plainprobe regexp] [-plainprobe.n 20]
//
// A failure's signature is the function its panic came from (the first
// frame outside the runtime), so a panic somewhere else in a target is a
// different failure, which the reducer does not follow.

import (
	"bytes"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"math/rand/v2"
	"net/url"
	"path"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	fuzz "github.com/AdaLogics/go-fuzz-headers"

	"github.com/shortlex/shortlex/minimize"
)

var (
	plainProbeMatch    = flag.String("plainprobe", ".", "run the plain-bytes probes whose names match this regexp")
	plainProbeN        = flag.Int("plainprobe.n", 20, "failing inputs to reduce per plain-bytes probe")
	plainProbeRuns     = flag.Int("plainprobe.runs", 200_000, "runs each plain-bytes reduction may take")
	plainProbeSeed     = flag.Uint64("plainprobe.seed", 1, "seed of the plain-bytes probes' starting inputs")
	plainProbeBrute    = flag.Int("plainprobe.brute", 3, "check every input up to this many bytes against each probe's smallest")
	plainProbeBruteMax = flag.Int("plainprobe.brutemax", 1<<27, "check the same-length inputs before a smallest one byte longer than -plainprobe.brute when there are at most this many")
	plainProbeEach     = flag.Bool("plainprobe.each", false, "print every plain-bytes reduction's start and end")
)

// plainProbe is one plain-bytes problem.
type plainProbe struct {
	name string
	// target is the fuzz target: it reads the bytes and panics on the
	// bug. Its result only keeps the work from being optimized away.
	target func([]byte) int
	// smallest is the judged smallest failing input, shortlex.
	smallest string
	// gen makes a failing input as a fuzzer leaves it: a realistic
	// document around the bug, with junk.
	gen func(r *rand.Rand) []byte
}

// sig runs the target on in and returns the failure's signature: the
// function the panic came from, or "" if it did not panic. The target
// gets a slice whose capacity is its length, as a fresh input has.
func (p plainProbe) sig(in []byte) (sig string) {
	in = in[:len(in):len(in)]
	defer func() {
		if recover() == nil {
			return
		}
		sig = "panic"
		pcs := make([]uintptr, 64)
		frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
		past := false
		for {
			f, more := frames.Next()
			if past && !strings.HasPrefix(f.Function, "runtime.") {
				sig = f.Function[strings.LastIndexByte(f.Function, '/')+1:]
				return
			}
			past = past || f.Function == "runtime.gopanic"
			if !more {
				return
			}
		}
	}()
	p.target(in)
	return ""
}

// fails reports whether in shows the planted bug: it fails as smallest
// does.
func (p plainProbe) fails(in []byte) bool {
	s := p.sig(in)
	return s != "" && s == p.sig([]byte(p.smallest))
}

func (p plainProbe) run(_ context.Context, in []byte) (minimize.Outcome, error) {
	s := p.sig(in)
	return minimize.Outcome{Used: len(in), Failed: s != "", Signature: s}, nil
}

// shortlexLess reports whether a comes before b: shorter first, then
// lexicographically smaller.
func shortlexLess(a, b []byte) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return bytes.Compare(a, b) < 0
}

// brute runs every input shortlex-before smallest up to maxLen bytes, and
// the same-length ones before it if smallest is maxLen+1 bytes and there
// are at most maxSame of them. It returns up to four that panic, and
// whether that covered every input before smallest.
func (p plainProbe) brute(maxLen, maxSame int) (found [][]byte, complete bool) {
	small := []byte(p.smallest)
	try := func(in []byte) bool {
		if p.sig(in) != "" {
			found = append(found, slices.Clone(in))
		}
		return len(found) < 4
	}
	// each runs every input of length n up to (not including) the one
	// whose big-endian value is limit (all of them if limit < 0).
	each := func(n int, limit int64) bool {
		in := make([]byte, n)
		for k := int64(0); limit < 0 || k < limit; k++ {
			if !try(in) {
				return false
			}
			i := n - 1
			for i >= 0 && in[i] == 0xff {
				in[i] = 0
				i--
			}
			if i < 0 {
				return true
			}
			in[i]++
		}
		return true
	}
	rank := func() int64 { // the number of inputs of small's length before it
		r := int64(0)
		for _, c := range small {
			r = r<<8 | int64(c)
		}
		return r
	}
	for n := 0; n <= maxLen && n < len(small); n++ {
		if !each(n, -1) {
			return found, false
		}
	}
	switch {
	case len(small) <= maxLen:
		each(len(small), rank())
		return found, true
	case len(small) == maxLen+1 && len(small) <= 7 && rank() <= int64(maxSame):
		each(len(small), rank())
		return found, true
	}
	return found, false
}

// local looks for an input before smallest that fails with any
// signature among one or two adjacent bytes deleted, one byte lowered,
// and (up to 48 bytes) one byte deleted and another set to any value.
func (p plainProbe) local() []byte {
	small := []byte(p.smallest)
	try := func(c []byte) bool { return p.sig(c) != "" }
	for k := 1; k <= 2; k++ {
		for i := 0; i+k <= len(small); i++ {
			if c := slices.Concat(small[:i], small[i+k:]); try(c) {
				return c
			}
		}
	}
	for i := range small {
		for v := 0; v < int(small[i]); v++ {
			c := slices.Clone(small)
			c[i] = byte(v)
			if try(c) {
				return c
			}
		}
	}
	if len(small) > 48 {
		return nil
	}
	for d := range small {
		base := slices.Concat(small[:d], small[d+1:])
		for i := range base {
			for v := range 256 {
				c := slices.Clone(base)
				c[i] = byte(v)
				if try(c) {
					return c
				}
			}
		}
	}
	return nil
}

// plainResult is one problem's report.
type plainResult struct {
	name                string
	n, at, distinct     int
	median, most        int
	minimal, ranOut     int
	lenMin, lenMax      int
	below               []byte // the smallest final before smallest, if any
	others              []string
	proof               string
	badStarts, badSmall string
}

func (p plainProbe) report(t *testing.T, idx int) plainResult {
	res := plainResult{name: p.name}
	small := []byte(p.smallest)
	want := p.sig(small)
	if want == "" {
		t.Errorf("%s: smallest %+q does not fail", p.name, small)
		res.badSmall = "smallest does not fail"
		return res
	}
	found, complete := p.brute(*plainProbeBrute, *plainProbeBruteMax)
	for _, f := range found {
		t.Errorf("%s: %+q fails (%s), before smallest %+q (%s)", p.name, f, p.sig(f), small, want)
		res.badSmall = "brute force found smaller"
	}
	switch {
	case len(found) > 0:
		res.proof = "WRONG"
	case complete:
		res.proof = "exhaustive"
	default:
		res.proof = fmt.Sprintf("<=%dB", *plainProbeBrute)
	}
	if c := p.local(); c != nil {
		t.Errorf("%s: local search: %+q fails (%s), before smallest %+q", p.name, c, p.sig(c), small)
		res.badSmall = "local search found smaller"
		res.proof = "WRONG"
	}

	var starts [][]byte
	for i := range *plainProbeN {
		r := rand.New(rand.NewPCG(*plainProbeSeed, uint64(idx)<<32|uint64(i)))
		in := p.gen(r)
		if s := p.sig(in); s != want {
			t.Errorf("%s: start %d (%d bytes) fails with %q, not %q: %+q", p.name, i, len(in), s, want, in)
			res.badStarts = "some starts do not fail"
			continue
		}
		starts = append(starts, in)
	}
	if len(starts) == 0 {
		return res
	}
	res.n = len(starts)
	res.lenMin, res.lenMax = len(starts[0]), len(starts[0])
	words := targetWords(t, p.target)
	finals := map[string]int{}
	var runs []int
	for _, in := range starts {
		res.lenMin, res.lenMax = min(res.lenMin, len(in)), max(res.lenMax, len(in))
		r, err := minimize.Minimize(context.Background(), in, p.run, minimize.Options{Workers: 1, ExactLength: true, MaxRuns: *plainProbeRuns, Words: words})
		if err != nil {
			t.Errorf("%s: %v", p.name, err)
			continue
		}
		if *plainProbeEach {
			fmt.Printf("%s: %d bytes -> %+q after %d runs (%v)\n", p.name, len(in), r.Input, r.Stats.Runs, r.Stop)
		}
		if r.Stop == minimize.Budget {
			res.ranOut++
		}
		if r.Stats.Minimal.Done {
			res.minimal++
		}
		if !p.fails(r.Input) {
			t.Errorf("%s: the final %+q does not fail as smallest does", p.name, r.Input)
		}
		finals[string(r.Input)]++
		runs = append(runs, r.Stats.Runs)
	}
	slices.Sort(runs)
	res.median, res.most = runs[len(runs)/2], runs[len(runs)-1]
	res.at, res.distinct = finals[p.smallest], len(finals)
	var fs []string
	for f := range finals {
		if f != p.smallest {
			fs = append(fs, f)
		}
	}
	slices.SortFunc(fs, func(a, b string) int {
		if shortlexLess([]byte(a), []byte(b)) {
			return -1
		}
		return 1
	})
	for _, f := range fs {
		if shortlexLess([]byte(f), small) && res.below == nil {
			res.below = []byte(f)
			t.Errorf("%s: a reduction ended at %+q, before the judged smallest %+q", p.name, f, small)
		}
		res.others = append(res.others, fmt.Sprintf("x%d %d bytes %s", finals[f], len(f), ppQuote([]byte(f))))
	}
	return res
}

// ppQuote quotes b, cut to its first 160 bytes.
func ppQuote(b []byte) string {
	if len(b) > 160 {
		return fmt.Sprintf("%+q...", b[:160])
	}
	return fmt.Sprintf("%+q", b)
}

func TestPlainProbes(t *testing.T) {
	re := regexp.MustCompile(*plainProbeMatch)
	var mu sync.Mutex
	results := map[int]plainResult{}
	probes := plainProbes()
	t.Run("probes", func(t *testing.T) {
		for i, p := range probes {
			if !re.MatchString(p.name) {
				continue
			}
			t.Run(p.name, func(t *testing.T) {
				t.Parallel()
				r := p.report(t, i)
				mu.Lock()
				results[i] = r
				mu.Unlock()
			})
		}
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%-22s %8s %8s %6s %7s %7s %8s %7s %10s %s\n", "problem", "at-small", "distinct", "median", "max", "1-min", "ran-out", "start", "proof", "smallest")
	for i, p := range probes {
		r, ok := results[i]
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "%-22s %4d/%-3d %8d %6d %7d %3d/%-3d %4d/%-3d %7s %10s %+q\n", r.name, r.at, r.n, r.distinct, r.median, r.most, r.minimal, r.n, r.ranOut, r.n,
			fmt.Sprintf("%d-%d", r.lenMin, r.lenMax), r.proof, p.smallest)
	}
	for i, p := range probes {
		r, ok := results[i]
		if !ok || (r.at == r.n && r.badSmall == "" && r.badStarts == "") {
			continue
		}
		fmt.Fprintf(&b, "== %s: smallest %d bytes %+q %s %s\n", r.name, len(p.smallest), p.smallest, r.badSmall, r.badStarts)
		if r.below != nil {
			fmt.Fprintf(&b, "   BELOW SMALLEST: %+q\n", r.below)
		}
		for _, o := range r.others {
			fmt.Fprintf(&b, "   %s\n", o)
		}
	}
	t.Log("\n" + b.String())
}

// plainProbes lists the problems.
func plainProbes() []plainProbe {
	return append([]plainProbe{
		{"tlv", ppTLV, "\x07\x02\x00\x01", genTLV},
		{"frames-u16le-ref", ppFrameRefs, "\x02\x00\x02\x00", genFrameRefs},
		{"frames-u32be-headers", ppHeaderFrames, "\x00\x00\x00\x09H\x04SIZE\x02-1", genHeaderFrames},
		{"fragments-u16be", ppReassemble, "\x80\x01\x00\x00\x10" + strings.Repeat("\x00", 16), genReassemble},
		{"header-flags", ppSHX, "SHX\x02\x05\x00\x01\x00", genSHX},
		{"varint-table", ppStringTable, "\x00\x01\x00", genStringTable},
		{"box-mp4", ppMP4, "\x00\x00\x00\x00moov\x00\x00\x00\x00trak\x00\x00\x00\x00stsz\x00\x00\x00\x00\x3f\xff\xff\xfe", genMP4},
		{"checksum-sum8", ppSumRecords, "R\x02D\x04H", genSumRecords},
		{"bitpacked-rtp", ppRTP, "\xa0" + strings.Repeat("\x00", 11) + "\x02", genRTP},
		{"offsets-tiff", ppTIFF, "II*\x00\x08\x00\x00\x00\x01\x00\x00\x00\x02\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00", genTIFF},
		{"ini", ppINI, "-=\\", genINI},
		{"outline-indent", ppOutline, "-\n!", genOutline},
		{"bencode-torrent", ppBencode, "d6:pieces1:\x00", genBencode},
		{"json", ppJSON, `"\uD800`, genJSON},
		{"csv", ppCSV, "\x00\n,", genCSV},
		{"url-query", ppURL, "FTP:?%", genURL},
		{"expr", ppExpr, "0<<-1", genExpr},
		{"template", ppTemplate, "{{n|pad:1}}", genTemplate},
		{"string-escapes", ppUnquote, `"\400`, genUnquote},
		{"http-request", ppHTTP, "GET * HTTP/1.0\nCONTENT-LENGTH:1\n\n", genHTTP},
		{"gfh-ellipsize", ppGfhEllipsize, "\x00\x00\x00\x01\x00\x00", genGfhEllipsize},
		{"gfh-window-struct", ppGfhWindow, "\x01\x00\x00\x00\x00\x00\x00", genGfhWindow},
		{"gfh-record-bytes", ppGfhRecord, "\x00\x00\x00\x01\x01\x00\x00\x00", genGfhRecord},
		{"gfh-joinpath", ppGfhJoin, "\x00\x00\x00\x00\x00\x00\x00\x03../\x01", genGfhJoin},
		{"gfh-ring-ops", ppGfhRing, "\x05" + strings.Repeat("\x00", 20), genGfhRing},
		{"gfh-order-struct", ppGfhOrder, "\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00", genGfhOrder},
	}, slices.Concat(plainProbes2(), plainProbes3(), plainProbes4(), plainProbes5())...)
}

// ---- generator helpers ----

func ppBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func ppWord(r *rand.Rand, lo, hi int) string {
	n := lo + r.IntN(hi-lo+1)
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + r.IntN(26))
	}
	return string(b)
}

// ppText is n printable ASCII bytes other than those in not.
func ppText(r *rand.Rand, n int, not string) string {
	b := make([]byte, 0, n)
	for len(b) < n {
		c := byte(' ' + r.IntN(95))
		if !strings.ContainsRune(not, rune(c)) {
			b = append(b, c)
		}
	}
	return string(b)
}

func ppPick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

// ppRandCase changes the case of each letter of s at random.
func ppRandCase(r *rand.Rand, s string) string {
	b := []byte(s)
	for i, c := range b {
		if r.IntN(2) == 0 {
			switch {
			case c >= 'a' && c <= 'z':
				b[i] = c - 32
			case c >= 'A' && c <= 'Z':
				b[i] = c + 32
			}
		}
	}
	return string(b)
}

func be16(v int) []byte { return binary.BigEndian.AppendUint16(nil, uint16(v)) }
func be32(v int) []byte { return binary.BigEndian.AppendUint32(nil, uint32(v)) }

// ==== binary formats ====

// ---- tlv ----

// ppTLV walks type-length-value records: a type byte, a length byte and
// that many bytes of value. Type 1 is a UTF-8 name, 2 a big-endian integer
// of at most 8 bytes, 7 an extension (a 2-byte big-endian length, then
// that many bytes of data); the others (0 is padding) are skipped. A
// truncated record ends the walk with an error.
//
// Bug: the extension's inner length is not checked against its record,
// so hashing its data reads past the record's value.
//
// Smallest "\x07\x02\x00\x01": a record of type 7 whose value is the
// 2-byte inner length 1, with no data. Checked exhaustively (every input
// of up to 3 bytes, and every 4-byte one before it): a record before the
// extension costs 2 bytes more, and an extension needs a value of at
// least 2 bytes, so 4 bytes starting with 7; its length must be 2 (less is
// an error, more is past the end), and the inner length the least over 0.
func ppTLV(b []byte) int {
	h := 0
	for len(b) >= 2 {
		t, n := b[0], int(b[1])
		if n > len(b)-2 {
			return -1
		}
		v := b[2 : 2+n]
		b = b[2+n:]
		switch t {
		case 1:
			if !utf8.Valid(v) {
				return -1
			}
		case 2:
			if n > 8 {
				return -1
			}
			for _, c := range v {
				h = h<<8 | int(c)
			}
		case 7:
			if n < 2 {
				return -1
			}
			m := int(binary.BigEndian.Uint16(v))
			for i := range m {
				h = h*31 + int(v[2+i]) // BUG: m may pass the value's end
			}
		}
	}
	return h
}

func genTLV(r *rand.Rand) []byte {
	var out []byte
	rec := func(t byte, v []byte) { out = append(append(out, t, byte(len(v))), v...) }
	for k := 3 + r.IntN(25); k > 0; k-- {
		switch r.IntN(5) {
		case 0:
			rec(0, make([]byte, r.IntN(40)))
		case 1:
			rec(1, []byte(ppWord(r, 1, 12)+" "+ppWord(r, 1, 12)+" é"))
		case 2:
			rec(2, ppBytes(r, 1+r.IntN(8)))
		case 3:
			rec(ppPick[byte](r, 3, 4, 5, 6, 9, 0x20, 0x7f, 0xc1), ppBytes(r, r.IntN(120)))
		case 4:
			m := r.IntN(60)
			rec(7, append(be16(m), ppBytes(r, m+r.IntN(3))...))
		}
	}
	// The bad extension: its inner length passes its value.
	k := r.IntN(80)
	m := k + 1 + r.IntN(400)
	rec(7, append(be16(m), ppBytes(r, k)...))
	// What followed it in the fuzzer's input, never read.
	return append(out, ppBytes(r, r.IntN(300))...)
}

// ---- frames with a 2-byte little-endian length ----

// ppFrameRefs reads frames: a 2-byte little-endian length and that many
// bytes of payload, whose first byte is an opcode. An empty frame is a
// keep-alive; opcode 1 carries data; 2 repeats an earlier frame, named
// by its index in the byte after the opcode; 3 ends the stream; any other
// opcode is an error.
//
// Bug: the reference is checked with > where >= was meant, so a frame
// naming the next index reads past the frames seen.
//
// Smallest "\x02\x00\x02\x00": a 2-byte frame referring to frame 0
// before there is one. Checked exhaustively (every input of up to 3 bytes
// and every 4-byte one before it): a data frame first would make the
// input 7 bytes at least, a keep-alive 6, and a reference frame is 4 with
// its length 2 exactly.
func ppFrameRefs(b []byte) int {
	var frames [][]byte
	for len(b) >= 2 {
		n := int(binary.LittleEndian.Uint16(b))
		if n > len(b)-2 {
			return -1
		}
		p := b[2 : 2+n]
		b = b[2+n:]
		if n == 0 {
			continue
		}
		switch p[0] {
		case 1:
			frames = append(frames, p[1:])
		case 2:
			if n != 2 {
				return -1
			}
			i := int(p[1])
			if i > len(frames) {
				return -1
			}
			frames = append(frames, frames[i]) // BUG: i == len(frames) passed the check
		case 3:
			return len(frames)
		default:
			return -1
		}
	}
	return len(frames)
}

func genFrameRefs(r *rand.Rand) []byte {
	var out []byte
	frame := func(p []byte) {
		out = append(binary.LittleEndian.AppendUint16(out, uint16(len(p))), p...)
	}
	count := 0
	for k := 5 + r.IntN(40); k > 0; k-- {
		switch r.IntN(6) {
		case 0:
			frame(nil)
		case 1, 2, 3:
			n := r.IntN(60)
			if r.IntN(8) == 0 {
				n = 200 + r.IntN(400)
			}
			frame(append([]byte{1}, ppBytes(r, n)...))
			count++
		default:
			if count > 0 {
				frame([]byte{2, byte(r.IntN(count))})
				count++
			}
		}
	}
	frame([]byte{2, byte(count)})
	for k := r.IntN(6); k > 0; k-- {
		frame(append([]byte{1}, ppBytes(r, r.IntN(50))...))
	}
	return append(out, ppBytes(r, r.IntN(20))...)
}

// ---- frames with a 4-byte big-endian length, holding headers ----

// ppHeaderFrames reads frames: a 4-byte big-endian length and that many
// bytes, a type byte and its payload. Frames of type 'H' hold headers, a
// key and a value each with a 1-byte length before it; the others are
// skipped. A header named "size" (in any case) gives the size of a buffer
// to allocate, at most 1 MB.
//
// Bug: the size is checked against its upper bound only, so a negative
// one reaches make.
//
// Smallest "\x00\x00\x00\x09H\x04SIZE\x02-1": one 'H' frame of 9 bytes
// holding the header SIZE=-1. Argued: a header frame needs its 4-byte
// length, 'H', and the key's and value's lengths; the key folds to "size"
// (4 bytes: no shorter spelling, the Unicode folds of s, i, z and e are
// longer or not letters of it), and the shortest negative number Atoi
// takes is 2 bytes, "-1" the least of them. That is 13 bytes, with one
// frame (another costs 5 bytes at least). Of the spellings of the key,
// "SIZE" is the least; the frame's length is 9 exactly.
func ppHeaderFrames(b []byte) int {
	total := 0
	for len(b) >= 4 {
		n := binary.BigEndian.Uint32(b)
		if uint64(n) > uint64(len(b)-4) {
			return -1
		}
		f := b[4 : 4+n]
		b = b[4+n:]
		if len(f) == 0 {
			return -1
		}
		if f[0] != 'H' {
			continue
		}
		p := f[1:]
		for len(p) > 0 {
			kl := int(p[0])
			if 1+kl >= len(p) {
				return -1
			}
			key := string(p[1 : 1+kl])
			vl := int(p[1+kl])
			if 2+kl+vl > len(p) {
				return -1
			}
			val := string(p[2+kl : 2+kl+vl])
			p = p[2+kl+vl:]
			if strings.EqualFold(key, "size") {
				size, err := strconv.Atoi(val)
				if err != nil || size > 1<<20 {
					return -1
				}
				total += len(make([]byte, size)) // BUG: a negative size
			}
		}
	}
	return total
}

func genHeaderFrames(r *rand.Rand) []byte {
	var out []byte
	frame := func(typ byte, p []byte) {
		out = append(append(append(out, be32(1+len(p))...), typ), p...)
	}
	header := func(p []byte, k, v string) []byte {
		return append(append(append(append(p, byte(len(k))), k...), byte(len(v))), v...)
	}
	headers := func(bad bool) []byte {
		var p []byte
		keys := []string{"host", "accept", "x-trace-id", "content-type", "user-agent", "cookie"}
		for k := r.IntN(6); k > 0; k-- {
			p = header(p, ppRandCase(r, ppPick(r, keys...)), ppText(r, r.IntN(60), ""))
		}
		if bad {
			p = header(p, ppRandCase(r, "size"), "-"+strconv.Itoa(1+r.IntN(100000)))
		} else if r.IntN(2) == 0 {
			p = header(p, ppRandCase(r, "size"), strconv.Itoa(r.IntN(5000)))
		}
		for k := r.IntN(4); k > 0 && bad; k-- {
			p = header(p, ppPick(r, keys...), ppText(r, r.IntN(40), ""))
		}
		return p
	}
	for k := 1 + r.IntN(8); k > 0; k-- {
		if r.IntN(2) == 0 {
			frame('H', headers(false))
		} else {
			frame(ppPick[byte](r, 'D', 'P', 0), ppBytes(r, r.IntN(300)))
		}
	}
	frame('H', headers(true))
	frame('D', ppBytes(r, r.IntN(200)))
	return out
}

// ---- fragments with a 2-byte big-endian length and a flag ----

// ppReassemble reassembles messages from fragments: a 2-byte big-endian
// header whose top bit says more fragments follow and whose other 15
// bits are the fragment's length (at most 16, the size of the buffer),
// then the fragment.
//
// Bug: each fragment is checked against the buffer, not the message
// they add up to, so a message over 16 bytes copies past it.
//
// Smallest "\x80\x01\x00\x00\x10" and 16 zeros: a 1-byte fragment with
// more to come, then a 16-byte one. Argued: the fragments of one message
// must add up to 17 bytes at least, and each is 16 at most, so two at
// least, 2+2+17 = 21 bytes. The first must have the top bit (0x80); its
// length is then least at 1 (the second can carry 16); the second's
// header is least without the flag, as the copy fails before it is read.
func ppReassemble(b []byte) int {
	var buf [16]byte
	off, msgs := 0, 0
	for len(b) >= 2 {
		h := binary.BigEndian.Uint16(b)
		more, n := h&0x8000 != 0, int(h&0x7fff)
		if n > len(buf) || n > len(b)-2 {
			return -1
		}
		end := off + n
		copy(buf[off:end], b[2:2+n]) // BUG: the message may pass the buffer
		b = b[2+n:]
		off = end
		if !more {
			msgs++
			off = 0
		}
	}
	return msgs
}

func genReassemble(r *rand.Rand) []byte {
	var out []byte
	frag := func(more bool, p []byte) {
		h := len(p)
		if more {
			h |= 0x8000
		}
		out = append(append(out, be16(h)...), p...)
	}
	message := func(total int) { // fragments adding up to total, then the last
		for total > 0 {
			n := min(total, 1+r.IntN(16))
			total -= n
			frag(total > 0, ppBytes(r, n))
		}
	}
	for k := 5 + r.IntN(40); k > 0; k-- {
		message(1 + r.IntN(16))
	}
	// The bad message: fragments going past 16 bytes.
	got := 0
	for got <= 16 {
		n := 1 + r.IntN(16)
		got += n
		frag(got <= 16 || r.IntN(2) == 0, ppBytes(r, n))
	}
	return append(out, ppBytes(r, r.IntN(100))...)
}

// ---- header: magic, version, flags selecting optional fields ----

// ppSHX parses a header: "SHX", a version (1 or 2), a flags byte (high
// nibble zero) whose bits select optional fields in order: bit 0 a 2-byte
// id, bit 1 a 4-byte timestamp, bit 2 a name (a length byte and the
// name), bit 3 extra data (a 2-byte length and the data). In version 2 a
// name not starting with '/' is relative to the id's directory.
//
// Bug: the relative-name test reads the name's first byte without
// checking that there is one.
//
// Smallest "SHX\x02\x05\x00\x01\x00": version 2, flags id and name, id
// 1 (id 0 skips the test), an empty name. Argued: the bug needs version 2,
// flag bits 0 and 2, a nonzero id and an empty name: 3+1+1+2+1 = 8 bytes,
// and no other field (each costs bytes); 0x05 is the least flags byte
// with both bits, "\x00\x01" the least nonzero id.
func ppSHX(b []byte) int {
	if len(b) < 5 || string(b[:3]) != "SHX" {
		return -1
	}
	ver, flags := b[3], b[4]
	if ver < 1 || ver > 2 || flags&0xf0 != 0 {
		return -1
	}
	b = b[5:]
	var id uint16
	if flags&1 != 0 {
		if len(b) < 2 {
			return -1
		}
		id, b = binary.BigEndian.Uint16(b), b[2:]
	}
	if flags&2 != 0 {
		if len(b) < 4 {
			return -1
		}
		b = b[4:]
	}
	var name []byte
	if flags&4 != 0 {
		if len(b) < 1 || int(b[0]) > len(b)-1 {
			return -1
		}
		name, b = b[1:1+int(b[0])], b[1+int(b[0]):]
	}
	if flags&8 != 0 {
		if len(b) < 2 {
			return -1
		}
		n := int(binary.BigEndian.Uint16(b))
		if n > len(b)-2 {
			return -1
		}
		b = b[2+n:]
	}
	if flags&4 != 0 && ver >= 2 && id != 0 && name[0] != '/' { // BUG: an empty name
		return int(id) + len(name)
	}
	return len(name) + len(b)
}

func genSHX(r *rand.Rand) []byte {
	flags := byte(0x05) | byte(r.IntN(4))<<2&0x08 | byte(r.IntN(2))<<1
	out := append([]byte("SHX\x02"), flags)
	out = append(out, be16(1+r.IntN(0xffff))...)
	if flags&2 != 0 {
		out = append(out, ppBytes(r, 4)...)
	}
	out = append(out, 0)
	if flags&8 != 0 {
		n := r.IntN(600)
		out = append(append(out, be16(n)...), ppBytes(r, n)...)
	}
	return append(out, ppBytes(r, 200+r.IntN(800))...)
}

// ---- varints ----

// ppStringTable reads a string table and references into it, all counts
// and lengths unsigned LEB128 varints (binary.Uvarint): the number of
// strings, each string's length and bytes, the number of references, and
// each reference, an index into the table.
//
// Bug: an index is checked with > where >= was meant, so the index equal
// to the table's size reads past it.
//
// Smallest "\x00\x01\x00": no strings, one reference, to index 0. Checked
// exhaustively (every input up to 3 bytes).
func ppStringTable(b []byte) int {
	uv := func() (uint64, bool) {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return 0, false
		}
		b = b[n:]
		return v, true
	}
	nstr, ok := uv()
	if !ok || nstr > 10000 {
		return -1
	}
	var table []string
	for range nstr {
		l, ok := uv()
		if !ok || l > uint64(len(b)) {
			return -1
		}
		table, b = append(table, string(b[:l])), b[l:]
	}
	nref, ok := uv()
	if !ok {
		return -1
	}
	total := 0
	for range nref {
		i, ok := uv()
		if !ok || i > uint64(len(table)) {
			return -1
		}
		total += len(table[i]) // BUG: i == len(table) passed the check
	}
	return total
}

func genStringTable(r *rand.Rand) []byte {
	nstr := 1 + r.IntN(300)
	out := binary.AppendUvarint(nil, uint64(nstr))
	for range nstr {
		s := ppWord(r, 0, 10)
		if r.IntN(20) == 0 {
			s = ppText(r, 130+r.IntN(200), "")
		}
		out = append(binary.AppendUvarint(out, uint64(len(s))), s...)
	}
	bad := r.IntN(40)
	out = binary.AppendUvarint(out, uint64(bad+1+r.IntN(40)))
	for range bad {
		out = binary.AppendUvarint(out, uint64(r.IntN(nstr)))
	}
	out = binary.AppendUvarint(out, uint64(nstr))
	for k := r.IntN(30); k > 0; k-- {
		out = binary.AppendUvarint(out, uint64(r.IntN(nstr)))
	}
	return out
}

// ---- box container (MP4-like) ----

// ppMP4 walks boxes: a 4-byte big-endian size (counting the 8-byte
// header; 0 means to the end of the enclosing box, 1 that a 64-bit size
// follows the type), a 4-byte type, the payload. It descends into moov,
// then trak, and reads a stsz box there: version and flags (4 bytes),
// a 4-byte sample count, then 4 bytes per sample.
//
// Bug: the samples' bytes, 8+4*count, are computed in 32 bits, so a large
// count wraps around and passes the check.
//
// Smallest "\x00\x00\x00\x00moov\x00\x00\x00\x00trak\x00\x00\x00\x00stsz"
// "\x00\x00\x00\x00\x3f\xff\xff\xfe": three nested boxes, each to the end,
// an 8-byte stsz payload with count 0x3ffffffe. Argued: three headers of 8
// bytes and a payload of 8 at least, 32 bytes; every size 0 is the least
// (sizes 8+ are larger), version and flags 0; 8+4*count must wrap to at
// most 8 with count > 0: count is 0x3ffffffe, 0x3fffffff or 0x40000000
// (mod 2^30), of which 0x3ffffffe is the least.
func ppMP4(b []byte) int {
	return ppBoxes(b, "")
}

func ppBoxes(b []byte, path string) int {
	total := 0
	for len(b) >= 8 {
		size, hdr := uint64(binary.BigEndian.Uint32(b)), uint64(8)
		typ := string(b[4:8])
		switch size {
		case 0:
			size = uint64(len(b))
		case 1:
			if len(b) < 16 {
				return -1
			}
			size, hdr = binary.BigEndian.Uint64(b[8:]), 16
		}
		if size < hdr || size > uint64(len(b)) {
			return -1
		}
		p := b[hdr:size]
		b = b[size:]
		switch {
		case typ == "moov" && path == "":
			total += ppBoxes(p, "moov")
		case typ == "trak" && path == "moov":
			total += ppBoxes(p, "moov.trak")
		case typ == "stsz" && path == "moov.trak":
			total += ppStsz(p)
		}
	}
	return total
}

func ppStsz(p []byte) int {
	if len(p) < 8 {
		return -1
	}
	count := binary.BigEndian.Uint32(p[4:])
	if 8+4*count > uint32(len(p)) {
		return -1
	}
	sum := 0
	for i := uint32(0); i < count; i++ {
		o := 8 + 4*i
		sum += int(p[o])<<24 | int(p[o+1])<<16 | int(p[o+2])<<8 | int(p[o+3]) // BUG: count wrapped past the check
	}
	return sum
}

func genMP4(r *rand.Rand) []byte {
	box := func(typ string, parts ...[]byte) []byte {
		p := slices.Concat(parts...)
		if r.IntN(12) == 0 {
			return slices.Concat(be32(1), []byte(typ), binary.BigEndian.AppendUint64(nil, uint64(16+len(p))), p)
		}
		return slices.Concat(be32(8+len(p)), []byte(typ), p)
	}
	junk := func(typ string, lo, hi int) []byte { return box(typ, ppBytes(r, lo+r.IntN(hi-lo))) }
	d := r.IntN(23) - 2
	count := uint32(1+r.IntN(3))<<30 + uint32(d)
	entries := max(d, 0) + r.IntN(10)
	stsz := box("stsz", be32(0), binary.BigEndian.AppendUint32(nil, count), ppBytes(r, 4*entries+r.IntN(4)))
	var trak [][]byte
	trak = append(trak, junk("tkhd", 80, 100))
	if r.IntN(2) == 0 {
		trak = append(trak, box("mdia", junk("mdhd", 20, 40), junk("hdlr", 30, 60)))
	}
	trak = append(trak, junk("edts", 10, 50), stsz, junk("stco", 8, 200))
	var moov [][]byte
	moov = append(moov, junk("mvhd", 100, 110))
	if r.IntN(2) == 0 { // a first track without a stsz
		moov = append(moov, box("trak", junk("tkhd", 80, 100), junk("stts", 16, 100)))
	}
	moov = append(moov, box("trak", trak...), junk("udta", 10, 200))
	file := slices.Concat(box("ftyp", []byte("isom\x00\x00\x02\x00isomiso2mp41")), junk("free", 0, 100), box("moov", moov...))
	if r.IntN(3) == 0 {
		return slices.Concat(file, be32(0), []byte("mdat"), ppBytes(r, r.IntN(1000)))
	}
	return append(file, junk("mdat", 0, 1000)...)
}

// ---- checksum-protected records ----

// ppSumRecords reads records: 'R', a length byte, that many bytes of
// payload and a checksum byte, the payload's bytes summed mod 256; a
// record with a wrong sum ends the input. The payload holds commands of
// two bytes, an opcode and an argument: 'S' counts the argument's slot
// (mod 4) of a 4-slot table, 'D' clears a slot, others do nothing.
//
// Bug: 'D' does not reduce its argument mod 4 as 'S' does.
//
// Smallest "R\x02D\x04H": one record holding D with argument 4, sum 'H'
// (0x44+0x04). Argued: 'R', the length, the two command bytes and the sum
// are 5 bytes; the length must be 2 and the command 'D'; 4 is the least
// argument past the table; the sum follows.
func ppSumRecords(b []byte) int {
	var table [4]byte
	for len(b) >= 3 {
		if b[0] != 'R' {
			return -1
		}
		n := int(b[1])
		if len(b) < 3+n {
			return -1
		}
		p, sum := b[2:2+n], b[2+n]
		var s byte
		for _, c := range p {
			s += c
		}
		if s != sum {
			return -1
		}
		b = b[3+n:]
		for ; len(p) >= 2; p = p[2:] {
			switch op, arg := p[0], p[1]; op {
			case 'S':
				table[arg&3]++
			case 'D':
				table[arg] = 0 // BUG: arg is not reduced mod 4
			}
		}
	}
	return int(table[0])
}

func genSumRecords(r *rand.Rand) []byte {
	var out []byte
	record := func(p []byte) {
		var s byte
		for _, c := range p {
			s += c
		}
		out = append(append(append(out, 'R', byte(len(p))), p...), s)
	}
	commands := func(n int) []byte {
		var p []byte
		for range n {
			switch r.IntN(4) {
			case 0:
				p = append(p, 'S', byte(r.Uint32()))
			case 1:
				p = append(p, 'D', byte(r.IntN(4)))
			default:
				p = append(p, ppPick[byte](r, 'N', 'P', 'x', 0), byte(r.Uint32()))
			}
		}
		return p
	}
	for k := 1 + r.IntN(15); k > 0; k-- {
		record(commands(r.IntN(60)))
	}
	p := commands(r.IntN(50))
	p = append(p, 'D', byte(4+r.IntN(252)))
	p = append(p, commands(r.IntN(50))...)
	if r.IntN(2) == 0 {
		p = append(p, byte(r.Uint32())) // an odd byte at the end, ignored
	}
	record(p)
	return append(out, ppBytes(r, r.IntN(200))...)
}

// ---- bit-packed header (RTP) ----

// ppRTP parses an RTP packet: byte 0 holds the version (2 bits, must be
// 2), padding (1 bit), extension (1 bit) and the CSRC count (4 bits);
// byte 1 marker and payload type; then sequence (2), timestamp (4), SSRC
// (4), the CSRCs (4 each), the extension if flagged (2-byte profile,
// 2-byte length in 32-bit words, the words), the payload. With padding,
// the payload's last byte counts the padding bytes (itself included, so
// at least 1).
//
// Bug: the padding count is not checked against the payload's length.
//
// Smallest "\xa0", 11 zeros, "\x02": version 2 with padding and nothing
// else, a zero header, a 1-byte payload counting 2 bytes of padding.
// Argued: 12 header bytes and a payload of one byte at least (an empty one
// is rejected); the count must pass 1, so 2; byte 0 must be 10 1 x xxxx,
// least 0xa0 (the extension and CSRCs only cost bytes).
func ppRTP(b []byte) int {
	if len(b) < 12 || b[0]>>6 != 2 {
		return -1
	}
	padding, ext, cc := b[0]&0x20 != 0, b[0]&0x10 != 0, int(b[0]&0x0f)
	off := 12 + 4*cc
	if off > len(b) {
		return -1
	}
	if ext {
		if off+4 > len(b) {
			return -1
		}
		off += 4 + 4*int(binary.BigEndian.Uint16(b[off+2:]))
		if off > len(b) {
			return -1
		}
	}
	payload := b[off:]
	if padding {
		if len(payload) == 0 {
			return -1
		}
		pad := int(payload[len(payload)-1])
		if pad == 0 {
			return -1
		}
		payload = payload[:len(payload)-pad] // BUG: pad may pass the payload
	}
	return len(payload)
}

func genRTP(r *rand.Rand) []byte {
	cc := r.IntN(16)
	ext := r.IntN(2) == 0
	b0 := byte(0xa0 | cc)
	if ext {
		b0 |= 0x10
	}
	out := append([]byte{b0}, ppBytes(r, 11+4*cc)...)
	if ext {
		w := r.IntN(12)
		out = append(append(append(out, ppBytes(r, 2)...), be16(w)...), ppBytes(r, 4*w)...)
	}
	n := 30 + r.IntN(200)
	out = append(out, ppBytes(r, n-1)...)
	return append(out, byte(n+1+r.IntN(255-n)))
}

// ---- offsets into the input (TIFF IFD) ----

// ppTIFF reads a TIFF header ("II" little-endian or "MM" big-endian, 42,
// the first IFD's 4-byte offset) and follows the chain of IFDs (at most
// 8): a 2-byte entry count, 12-byte entries (tag, type, count, value or
// offset), the next IFD's offset (0 ends). An ASCII entry (type 2)
// longer than 4 bytes lies at its offset.
//
// Bug: the ASCII value's offset is checked against the file, its end is
// not.
//
// Smallest "II*\x00\x08\x00\x00\x00", "\x01\x00", an entry "\x00\x00"
// "\x02\x00" "\x00\x00\x00\x01" "\x00\x00\x00\x00", "\x00\x00\x00\x00":
// one IFD at 8 with one ASCII entry of 2^24 bytes at offset 0. Argued: an
// IFD of one entry is 18 bytes; at 8 that is 26 bytes in all; an IFD inside
// the header's 8 bytes would have as its count bytes of the header, 0
// (no entry) or 4 and more (58 bytes and more). "II" is less than "MM";
// then the least bytes are tag 0, count "\x00\x00\x00\x01" (2^24, the
// least little-endian spelling of a count over 4 that with an offset
// below 26 passes the end) and offset 0.
func ppTIFF(b []byte) int {
	if len(b) < 8 {
		return -1
	}
	var bo binary.ByteOrder
	switch string(b[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return -1
	}
	if bo.Uint16(b[2:]) != 42 {
		return -1
	}
	total := 0
	off := uint64(bo.Uint32(b[4:]))
	for seen := 0; off != 0 && seen < 8; seen++ {
		if off+2 > uint64(len(b)) {
			return -1
		}
		n := uint64(bo.Uint16(b[off:]))
		end := off + 2 + 12*n + 4
		if end > uint64(len(b)) {
			return -1
		}
		for i := range n {
			e := b[off+2+12*i:]
			typ, count, val := bo.Uint16(e[2:]), bo.Uint32(e[4:]), bo.Uint32(e[8:])
			if typ == 2 && count > 4 {
				if val >= uint32(len(b)) {
					return -1
				}
				total += len(bytes.TrimRight(b[val:val+count], "\x00")) // BUG: the end is not checked
			}
		}
		off = uint64(bo.Uint32(b[end-4:]))
	}
	return total
}

func genTIFF(r *rand.Rand) []byte {
	var bo interface {
		binary.ByteOrder
		binary.AppendByteOrder
	} = binary.LittleEndian
	magic := "II"
	if r.IntN(2) == 0 {
		bo, magic = binary.BigEndian, "MM"
	}
	// Header, pixel data, strings, then the IFDs.
	pixels := ppBytes(r, 50+r.IntN(800))
	var strs []byte
	type entry struct {
		tag, typ   uint16
		count, val uint32
	}
	var ifds [][]entry
	nifd := 1 + r.IntN(2)
	strAt := func(s string) uint32 {
		o := uint32(8 + len(pixels) + len(strs))
		strs = append(append(strs, s...), 0)
		return o
	}
	for range nifd {
		var es []entry
		for k := 3 + r.IntN(12); k > 0; k-- {
			switch r.IntN(4) {
			case 0:
				s := ppText(r, 5+r.IntN(40), "")
				es = append(es, entry{uint16(0x010d + r.IntN(4)), 2, uint32(len(s) + 1), strAt(s)})
			case 1:
				es = append(es, entry{uint16(0x0100 + r.IntN(3)), 3, 1, uint32(r.IntN(4000))})
			case 2:
				es = append(es, entry{uint16(0x0111 + r.IntN(6)), 4, 1, uint32(8 + r.IntN(len(pixels)))})
			case 3:
				es = append(es, entry{uint16(0x0132), 2, 4, 0x31393939})
			}
		}
		ifds = append(ifds, es)
	}
	ifdsAt := 8 + len(pixels) + len(strs)
	size := ifdsAt + 12 // and the bad entry
	for _, es := range ifds {
		size += 2 + 12*len(es) + 4
	}
	// The bad entry, in the last IFD: an offset inside the file, an end past it.
	val := uint32(r.IntN(size))
	count := uint32(size) - val + 1 + uint32(r.IntN(5000))
	last := &ifds[len(ifds)-1]
	*last = slices.Insert(*last, r.IntN(len(*last)+1), entry{0x010e, 2, count, val})
	out := append([]byte(magic), 0, 0, 0, 0, 0, 0)
	bo.PutUint16(out[2:], 42)
	bo.PutUint32(out[4:], uint32(ifdsAt))
	out = slices.Concat(out, pixels, strs)
	for i, es := range ifds {
		out = bo.AppendUint16(out, uint16(len(es)))
		for _, e := range es {
			out = bo.AppendUint16(out, e.tag)
			out = bo.AppendUint16(out, e.typ)
			out = bo.AppendUint32(out, e.count)
			out = bo.AppendUint32(out, e.val)
		}
		next := uint32(0)
		if i+1 < len(ifds) {
			next = uint32(len(out) + 4)
		}
		out = bo.AppendUint32(out, next)
	}
	return out
}

// ==== text formats ====

// ppPanics reports whether target panics on in (for generators that
// draw until they hit the bug).
func ppPanics(target func([]byte) int, in []byte) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	target(in)
	return false
}

// ---- INI ----

// ppINI parses an INI file: lines of "[section]", "key = value" (keys of
// letters, digits, '_', '.' and '-'), comments (';' or '#') and blank
// lines, spaces trimmed. A value ending with a backslash continues on
// the next line.
//
// Bug: a continuation on the last line reads the line after it.
//
// Smallest "-=\\": key "-", value "\". Checked exhaustively (every input
// up to 3 bytes).
func ppINI(b []byte) int {
	lines := strings.Split(string(b), "\n")
	values := map[string]string{}
	section := ""
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" || line[0] == ';' || line[0] == '#' {
			continue
		}
		if line[0] == '[' {
			if len(line) < 3 || !strings.HasSuffix(line, "]") {
				return -1
			}
			section = line[1 : len(line)-1]
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || strings.TrimFunc(k, ppKeyRune) != "" {
			return -1
		}
		for strings.HasSuffix(v, "\\") {
			i++
			v = v[:len(v)-1] + strings.TrimSpace(lines[i]) // BUG: the last line may continue
		}
		values[section+"."+k] = v
	}
	return len(values)
}

func ppKeyRune(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
}

func genINI(r *rand.Rand) []byte {
	var b strings.Builder
	b.WriteString("; " + ppText(r, 20+r.IntN(40), "") + "\n")
	keys := []string{"host", "port", "user", "password", "log_level", "timeout", "max-conns", "db.name", "path"}
	sp := func() string { return ppPick(r, "", " ", "  ", "\t") }
	value := func() string { return ppText(r, r.IntN(40), "\\") }
	for k := 2 + r.IntN(6); k > 0; k-- {
		b.WriteString("[" + ppWord(r, 3, 10) + ppPick(r, "", ".primary", " \"x\"") + "]\n")
		for j := 1 + r.IntN(8); j > 0; j-- {
			switch r.IntN(6) {
			case 0:
				b.WriteString(ppPick(r, "#", ";") + ppText(r, r.IntN(50), "") + "\n")
			case 1:
				b.WriteString(sp() + "\n")
			case 2:
				b.WriteString(ppPick(r, keys...) + sp() + "=" + sp() + value() + " \\\n" + sp() + value() + "\n")
			default:
				b.WriteString(sp() + ppPick(r, keys...) + sp() + "=" + sp() + value() + sp() + "\n")
			}
		}
	}
	b.WriteString(ppPick(r, keys...) + sp() + "=" + sp() + value() + sp() + "\\")
	return []byte(b.String())
}

// ---- indented outline ----

// ppOutline reads an outline whose lines nest by indentation, as YAML's
// block sequences do: "- text" opens an item, "! tag" at an item's own
// indentation tags it, and "key: value" lines go under items. BUG: a
// tag on an item with no text reads the text's first byte.
func ppOutline(b []byte) int {
	type item struct {
		indent int
		text   string
	}
	var open []item
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		body := strings.TrimLeft(line, " ")
		indent := len(line) - len(body)
		if body == "" {
			continue
		}
		for len(open) > 0 && open[len(open)-1].indent > indent {
			open = open[:len(open)-1]
		}
		switch body[0] {
		case '-':
			open = append(open, item{indent, strings.TrimSpace(body[1:])})
		case '!':
			if len(open) == 0 || open[len(open)-1].indent != indent {
				return -1
			}
			n += len(strings.TrimSpace(body[1:])) + int(open[len(open)-1].text[0]) // BUG: the text may be empty
		default:
			if !strings.Contains(body, ":") {
				return -1
			}
		}
	}
	return n
}

// genOutline writes an outline of items at indentations 0 to 6, some
// tagged, some with keys under them, and among them an item with no
// text and a tag, indented 2 to 6.
func genOutline(r *rand.Rand) []byte {
	var b strings.Builder
	b.WriteString("title: " + ppWord(r, 3, 12) + " " + ppWord(r, 3, 12) + "\n")
	blocks := 4 + r.IntN(8)
	bug := r.IntN(blocks)
	for i := range blocks {
		ind := strings.Repeat(" ", 2*r.IntN(4))
		if i == bug {
			ind = strings.Repeat(" ", 2+2*r.IntN(3))
			b.WriteString(ind + "-" + ppPick(r, "", " ", "  ") + "\n")
			b.WriteString(ind + "!" + ppPick(r, "", " ", " "+ppWord(r, 2, 8)) + "\n")
			continue
		}
		b.WriteString(ind + "- " + ppWord(r, 1, 10) + ppPick(r, "", " "+ppWord(r, 1, 10)) + "\n")
		if r.IntN(2) == 0 {
			b.WriteString(ind + "! " + ppWord(r, 2, 8) + "\n")
		}
		for k := r.IntN(3); k > 0; k-- {
			b.WriteString(ind + "  " + ppWord(r, 2, 8) + ":" + ppPick(r, "", " ") + ppWord(r, 0, 12) + "\n")
		}
	}
	return []byte(b.String())
}

// ---- bencode ----

// ppBencode decodes one bencoded value (an integer i<digits>e, a string
// <length in digits>:<bytes>, a list l...e or a dictionary d...e of
// string keys and values) and returns where it ends, or -1. BUG: a
// "pieces" string, 20-byte hashes, is cut into hashes without checking
// that its length is a multiple of 20.
func ppBencode(b []byte) int { return ppBencodeAt(b, 0, false) }

func ppBencodeAt(b []byte, i int, pieces bool) int {
	if i >= len(b) {
		return -1
	}
	switch c := b[i]; {
	case c == 'i':
		j := i + 1
		if j < len(b) && b[j] == '-' {
			j++
		}
		k := j
		for k < len(b) && b[k] >= '0' && b[k] <= '9' {
			k++
		}
		if k == j || k >= len(b) || b[k] != 'e' {
			return -1
		}
		return k + 1
	case c == 'l' || c == 'd':
		j := i + 1
		for j < len(b) && b[j] != 'e' {
			key := j
			if j = ppBencodeAt(b, j, false); j < 0 {
				return -1
			}
			if c == 'd' {
				if b[key] < '0' || b[key] > '9' {
					return -1 // keys are strings
				}
				if j = ppBencodeAt(b, j, strings.HasSuffix(string(b[key:j]), ":pieces")); j < 0 {
					return -1
				}
			}
		}
		if j >= len(b) {
			return -1
		}
		return j + 1
	case c >= '0' && c <= '9':
		j := i
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		n, err := strconv.Atoi(string(b[i:j]))
		if err != nil || j >= len(b) || b[j] != ':' || n > len(b)-j-1 {
			return -1
		}
		if pieces {
			hashes := b[j+1 : j+1+n : j+1+n]
			var h [20]byte
			for k := 0; k < len(hashes); k += 20 {
				copy(h[:], hashes[k:k+20]) // BUG: the last hash may be short
			}
		}
		return j + 1 + n
	}
	return -1
}

// genBencode writes a torrent's metainfo: an announce URL, optional
// fields, and an info dictionary whose pieces string is a few bytes
// short of a multiple of 20.
func genBencode(r *rand.Rand) []byte {
	str := func(s string) string { return strconv.Itoa(len(s)) + ":" + s }
	var b strings.Builder
	b.WriteString("d")
	b.WriteString(str("announce") + str("http://"+ppWord(r, 4, 10)+".example.org:6969/announce"))
	if r.IntN(2) == 0 {
		b.WriteString(str("comment") + str(ppText(r, 5+r.IntN(30), "")))
	}
	b.WriteString(str("creation date") + "i" + strconv.Itoa(1e9+r.IntN(1e9)) + "e")
	b.WriteString(str("info") + "d")
	b.WriteString(str("length") + "i" + strconv.Itoa(r.IntN(1<<30)) + "e")
	b.WriteString(str("name") + str(ppWord(r, 3, 12)+".iso"))
	b.WriteString(str("piece length") + "i262144e")
	b.WriteString(str("pieces") + str(string(ppBytes(r, 20*(1+r.IntN(4))-1-r.IntN(19)))))
	b.WriteString("e")
	if r.IntN(2) == 0 {
		b.WriteString(str("url-list") + "l" + str("http://"+ppWord(r, 3, 8)+".org/") + "e")
	}
	b.WriteString("e")
	return []byte(b.String())
}

// ---- JSON ----

// ppJSON parses one JSON value (objects and arrays nest, at most 64
// deep), then only white space. A \u escape of a high surrogate must be
// followed by the \u escape of a low one.
//
// Bug: after a high surrogate the parser looks for "\u" without checking
// that the input goes on.
//
// Smallest "\"\\uD800" (the 7 bytes "\uD800): a string whose only escape
// is the least high surrogate, at the end of the input. Argued: the
// escape is 6 bytes and the string's opening quote one more; a '"' is
// the least byte that starts a value (only white space is less, and costs
// a byte); "D800" is the least spelling of a high surrogate (digits before
// upper-case before lower-case letters).
func ppJSON(b []byte) int {
	p := &ppJSONParser{s: b}
	if !p.value() {
		return -1
	}
	p.ws()
	if p.i != len(p.s) {
		return -1
	}
	return p.i
}

type ppJSONParser struct {
	s        []byte
	i, depth int
}

func (p *ppJSONParser) ws() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *ppJSONParser) value() bool {
	p.ws()
	if p.i >= len(p.s) {
		return false
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.container('}', true)
	case c == '[':
		return p.container(']', false)
	case c == '"':
		return p.str()
	case c == '-' || c >= '0' && c <= '9':
		return p.num()
	}
	for _, w := range []string{"true", "false", "null"} {
		if bytes.HasPrefix(p.s[p.i:], []byte(w)) {
			p.i += len(w)
			return true
		}
	}
	return false
}

func (p *ppJSONParser) container(end byte, object bool) bool {
	if p.depth++; p.depth > 64 {
		return false
	}
	defer func() { p.depth-- }()
	p.i++
	p.ws()
	if p.i < len(p.s) && p.s[p.i] == end {
		p.i++
		return true
	}
	for {
		if object {
			p.ws()
			if p.i >= len(p.s) || p.s[p.i] != '"' || !p.str() {
				return false
			}
			p.ws()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return false
			}
			p.i++
		}
		if !p.value() {
			return false
		}
		p.ws()
		if p.i >= len(p.s) {
			return false
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case end:
			p.i++
			return true
		default:
			return false
		}
	}
}

func (p *ppJSONParser) digits() int {
	n := 0
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
		n++
	}
	return n
}

func (p *ppJSONParser) num() bool {
	if p.s[p.i] == '-' {
		p.i++
	}
	if p.digits() == 0 {
		return false
	}
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			return false
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			return false
		}
	}
	return true
}

func (p *ppJSONParser) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	var r rune
	for _, c := range p.s[p.i : p.i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	p.i += 4
	return r, true
}

func (p *ppJSONParser) str() bool {
	p.i++
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return true
		case c < 0x20:
			return false
		case c != '\\':
			p.i++
			continue
		}
		if p.i+1 >= len(p.s) {
			return false
		}
		e := p.s[p.i+1]
		p.i += 2
		switch e {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return false
			}
			if r >= 0xd800 && r < 0xdc00 {
				if p.s[p.i] != '\\' || p.s[p.i+1] != 'u' { // BUG: the input may end here
					return false
				}
				p.i += 2
				if r, ok = p.hex4(); !ok || r < 0xdc00 || r >= 0xe000 {
					return false
				}
			}
		default:
			return false
		}
	}
	return false
}

func ppJSONString(r *rand.Rand) string {
	var b strings.Builder
	b.WriteByte('"')
	for k := r.IntN(12); k > 0; k-- {
		switch r.IntN(8) {
		case 0:
			b.WriteString(ppPick(r, `\n`, `\t`, `\"`, `\\`, `\/`))
		case 1:
			fmt.Fprintf(&b, `\u%04x`, 0x20+r.IntN(0xd000))
		case 2:
			b.WriteString(ppPick(r, `\ud83d\ude00`, `\uD83C\uDF89`, "é", "日本"))
		default:
			b.WriteString(ppText(r, 1+r.IntN(8), `"\`))
		}
	}
	b.WriteByte('"')
	return b.String()
}

func ppJSONValue(r *rand.Rand, depth int) string {
	k := r.IntN(7)
	if depth <= 0 {
		k = 2 + r.IntN(5)
	}
	switch k {
	case 0:
		var parts []string
		for j := r.IntN(5); j > 0; j-- {
			parts = append(parts, ppJSONString(r)+": "+ppJSONValue(r, depth-1))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case 1:
		var parts []string
		for j := r.IntN(6); j > 0; j-- {
			parts = append(parts, ppJSONValue(r, depth-1))
		}
		return "[" + strings.Join(parts, ",") + "]"
	case 2, 3:
		return ppJSONString(r)
	case 4:
		return strconv.Itoa(r.IntN(200000) - 100000)
	case 5:
		return fmt.Sprintf("%.3fe%d", r.Float64()*100, r.IntN(10))
	}
	return ppPick(r, "true", "false", "null")
}

func genJSON(r *rand.Rand) []byte {
	var b strings.Builder
	nl := func() string { return ppPick(r, "", " ", "\n  ", "\n\t") }
	for d := 1 + r.IntN(6); d > 0; d-- {
		if r.IntN(2) == 0 {
			b.WriteString("{" + nl())
			for j := 1 + r.IntN(5); j > 0; j-- {
				b.WriteString(ppJSONString(r) + ": " + ppJSONValue(r, 3) + "," + nl())
			}
			b.WriteString(ppJSONString(r) + ":" + nl())
		} else {
			b.WriteString("[" + nl())
			for j := 1 + r.IntN(5); j > 0; j-- {
				b.WriteString(ppJSONValue(r, 3) + "," + nl())
			}
		}
	}
	// The string the input was cut in: after a high surrogate.
	b.WriteString(`"` + ppText(r, r.IntN(30), `"\`))
	b.WriteString(`\u` + ppRandCase(r, fmt.Sprintf("%04x", 0xd800+r.IntN(0x400))))
	if r.IntN(3) == 0 {
		b.WriteString(`\`)
	}
	return []byte(b.String())
}

// ---- CSV ----

// ppCSV reads CSV: records of fields separated by commas, ended by a
// newline; a field in double quotes may hold commas, newlines and doubled
// quotes. Blank lines are skipped; the first record is the header (no
// empty names); each later record is stored by column.
//
// Bug: a record's fields are stored before their number is checked
// against the header's, so a longer record writes past the row.
//
// Smallest "\x00\n,": a header of one column named "\x00" and a record of
// two empty fields. Checked exhaustively (every input up to 3 bytes).
func ppCSV(b []byte) int {
	s := string(b)
	var header []string
	rows := 0
	for i := 0; i < len(s); {
		fields, next, ok := ppCSVRecord(s, i)
		if !ok {
			return -1
		}
		i = next
		if len(fields) == 1 && fields[0] == "" {
			continue
		}
		if header == nil {
			if slices.Contains(fields, "") {
				return -1
			}
			header = fields
			continue
		}
		row := make([]string, len(header))
		for j, f := range fields {
			row[j] = f // BUG: a record longer than the header
		}
		if len(fields) != len(header) {
			return -1
		}
		rows++
	}
	return rows
}

// ppCSVRecord reads the record at s[i:] and returns its fields and where
// the next one starts.
func ppCSVRecord(s string, i int) ([]string, int, bool) {
	var fields []string
	for {
		var f strings.Builder
		if i < len(s) && s[i] == '"' {
			for i++; ; i++ {
				if i >= len(s) {
					return nil, i, false
				}
				if s[i] == '"' {
					if i+1 < len(s) && s[i+1] == '"' {
						f.WriteByte('"')
						i++
						continue
					}
					i++
					break
				}
				f.WriteByte(s[i])
			}
			if i+1 < len(s) && s[i] == '\r' && s[i+1] == '\n' {
				i++
			}
			if i < len(s) && s[i] != ',' && s[i] != '\n' {
				return nil, i, false
			}
		} else {
			for ; i < len(s) && s[i] != ',' && s[i] != '\n'; i++ {
				if s[i] == '"' {
					return nil, i, false
				}
				f.WriteByte(s[i])
			}
		}
		fields = append(fields, strings.TrimSuffix(f.String(), "\r"))
		if i >= len(s) {
			return fields, i, true
		}
		if s[i] == '\n' {
			return fields, i + 1, true
		}
		i++
	}
}

func genCSV(r *rand.Rand) []byte {
	cols := 2 + r.IntN(8)
	eol := ppPick(r, "\n", "\r\n")
	field := func() string {
		switch r.IntN(6) {
		case 0:
			return `"` + strings.ReplaceAll(ppText(r, r.IntN(20), ""), `"`, `""`) + `"`
		case 1:
			return `"` + ppWord(r, 1, 6) + ", " + ppWord(r, 1, 6) + "\n" + ppWord(r, 0, 6) + `"`
		case 2:
			return strconv.Itoa(r.IntN(100000))
		}
		return ppText(r, r.IntN(15), "\",")
	}
	record := func(n int) string {
		fs := make([]string, n)
		for i := range fs {
			fs[i] = field()
		}
		return strings.Join(fs, ",") + eol
	}
	var b strings.Builder
	names := make([]string, cols)
	for i := range names {
		names[i] = ppWord(r, 2, 10)
	}
	b.WriteString(strings.Join(names, ",") + eol)
	for k := r.IntN(25); k > 0; k-- {
		if r.IntN(8) == 0 {
			b.WriteString(eol)
			continue
		}
		b.WriteString(record(cols))
	}
	b.WriteString(record(cols + 1 + r.IntN(4)))
	for k := r.IntN(10); k > 0; k-- {
		b.WriteString(record(cols))
	}
	return []byte(b.String())
}

// ---- URL and query ----

// ppURL parses an absolute URL: a scheme (http, https or ftp, in any
// case), ':', an optional "//" authority (userinfo@host:port, the port a
// number up to 65535), a path (percent-escapes checked), an optional
// query of '&'-separated key=value pairs, each part unescaped, and an
// optional fragment.
//
// Bug: the query's unescaping reads the two hex digits after a '%'
// without checking they are there.
//
// Smallest "FTP:?%": the shortest scheme, an empty path, the query "%".
// Argued: a query needs the scheme, ':' and '?' and one byte, '%'; the
// shortest scheme is ftp, least in upper case ("F" < "f"); the path and
// query's '%' cannot be shorter or less ('#' starts a fragment, which is
// not unescaped).
func ppURL(b []byte) int {
	s := string(b)
	i := strings.IndexByte(s, ':')
	if i < 0 {
		return -1
	}
	scheme, rest := s[:i], s[i+1:]
	if !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") && !strings.EqualFold(scheme, "ftp") {
		return -1
	}
	if j := strings.IndexByte(rest, '#'); j >= 0 {
		rest = rest[:j]
	}
	query := ""
	if j := strings.IndexByte(rest, '?'); j >= 0 {
		rest, query = rest[:j], rest[j+1:]
	}
	if strings.HasPrefix(rest, "//") {
		auth := rest[2:]
		if j := strings.IndexByte(auth, '/'); j >= 0 {
			auth, rest = auth[:j], auth[j:]
		} else {
			rest = ""
		}
		if j := strings.LastIndexByte(auth, '@'); j >= 0 {
			auth = auth[j+1:]
		}
		if j := strings.LastIndexByte(auth, ':'); j >= 0 {
			port, err := strconv.Atoi(auth[j+1:])
			if err != nil || port < 0 || port > 65535 {
				return -1
			}
		}
	}
	p, err := url.PathUnescape(rest)
	if err != nil {
		return -1
	}
	n := len(p)
	if query != "" {
		for _, kv := range strings.Split(query, "&") {
			k, v, _ := strings.Cut(kv, "=")
			n += len(ppQueryUnescape(k)) + len(ppQueryUnescape(v))
		}
	}
	return n
}

func ppQueryUnescape(s string) string {
	var out []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '+':
			out = append(out, ' ')
		case '%':
			hi, lo := ppUnhex(s[i+1]), ppUnhex(s[i+2]) // BUG: a '%' near the end
			if hi < 0 || lo < 0 {
				return ""
			}
			out = append(out, byte(hi<<4|lo))
			i += 2
		default:
			out = append(out, s[i])
		}
	}
	return string(out)
}

func ppUnhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func genURL(r *rand.Rand) []byte {
	esc := func(n int) string {
		var b strings.Builder
		for range n {
			switch r.IntN(5) {
			case 0:
				fmt.Fprintf(&b, "%%%02X", r.IntN(256))
			case 1:
				b.WriteByte('+')
			default:
				b.WriteString(ppWord(r, 1, 4))
			}
		}
		return b.String()
	}
	var b strings.Builder
	b.WriteString(ppRandCase(r, ppPick(r, "http", "https", "ftp")) + ":")
	if r.IntN(5) > 0 {
		b.WriteString("//")
		if r.IntN(3) == 0 {
			b.WriteString(ppWord(r, 2, 8) + ":" + ppWord(r, 4, 12) + "@")
		}
		b.WriteString(ppWord(r, 3, 12) + "." + ppPick(r, "com", "org", "example.net"))
		if r.IntN(2) == 0 {
			b.WriteString(":" + strconv.Itoa(r.IntN(65536)))
		}
	}
	for k := 1 + r.IntN(10); k > 0; k-- {
		b.WriteString("/" + ppWord(r, 1, 10) + ppPick(r, "", "%20", "%C3%A9", ".html"))
	}
	b.WriteString("?")
	var params []string
	for k := 3 + r.IntN(12); k > 0; k-- {
		params = append(params, esc(1+r.IntN(3))+"="+esc(r.IntN(6)))
	}
	bad := esc(r.IntN(4)) + ppPick(r, "%", "%4", "%e", "%C")
	if r.IntN(2) == 0 {
		bad = esc(1+r.IntN(3)) + "=" + bad
	} else {
		bad += "=" + esc(r.IntN(4))
	}
	params = append(params, bad)
	for k := r.IntN(5); k > 0; k-- {
		params = append(params, esc(1+r.IntN(3))+"="+esc(r.IntN(6)))
	}
	b.WriteString(strings.Join(params, "&"))
	if r.IntN(2) == 0 {
		b.WriteString("#" + ppText(r, r.IntN(40), "#"))
	}
	return []byte(b.String())
}

// ---- expressions ----

// ppExpr evaluates an integer expression: numbers, unary - and +,
// parentheses, * / %, + -, and the shifts << >> (lowest), left to right
// within a level, as in C. Division by zero is an error; shifts of 64 and
// more give 0.
//
// Bug: a negative shift count is not caught, and Go panics on it.
//
// Smallest "0<<-1". Argued: a shift needs an operand, "<<" and a negative
// count, which is at least 2 bytes ("-1"); 5 bytes. The first byte is
// an operand's: '(' and '-' and '+' would need more bytes, so the least
// digit '0'; "<<" is less than ">>"; "-1" is the only 2-byte negative.
func ppExpr(b []byte) int {
	p := &ppExprParser{s: string(b)}
	v, ok := p.shift()
	p.ws()
	if !ok || p.i != len(p.s) {
		return -1
	}
	return int(v)
}

type ppExprParser struct {
	s        string
	i, depth int
}

func (p *ppExprParser) ws() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
}

func (p *ppExprParser) shift() (int64, bool) {
	l, ok := p.additive()
	for ok {
		p.ws()
		if !strings.HasPrefix(p.s[p.i:], "<<") && !strings.HasPrefix(p.s[p.i:], ">>") {
			break
		}
		left := p.s[p.i] == '<'
		p.i += 2
		var r int64
		if r, ok = p.additive(); ok {
			l = ppShift(l, r, left)
		}
	}
	return l, ok
}

func ppShift(l, r int64, left bool) int64 {
	if r >= 64 {
		return 0
	}
	if left {
		return l << r // BUG: a negative count
	}
	return l >> r
}

func (p *ppExprParser) additive() (int64, bool) {
	l, ok := p.term()
	for ok {
		p.ws()
		if p.i >= len(p.s) || p.s[p.i] != '+' && p.s[p.i] != '-' {
			break
		}
		op := p.s[p.i]
		p.i++
		var r int64
		if r, ok = p.term(); ok {
			if op == '+' {
				l += r
			} else {
				l -= r
			}
		}
	}
	return l, ok
}

func (p *ppExprParser) term() (int64, bool) {
	l, ok := p.unary()
	for ok {
		p.ws()
		if p.i >= len(p.s) || p.s[p.i] != '*' && p.s[p.i] != '/' && p.s[p.i] != '%' {
			break
		}
		op := p.s[p.i]
		p.i++
		var r int64
		if r, ok = p.unary(); !ok {
			break
		}
		switch {
		case op == '*':
			l *= r
		case r == 0:
			return 0, false
		case op == '/':
			l /= r
		default:
			l %= r
		}
	}
	return l, ok
}

func (p *ppExprParser) unary() (int64, bool) {
	p.ws()
	if p.i < len(p.s) && (p.s[p.i] == '-' || p.s[p.i] == '+') {
		neg := p.s[p.i] == '-'
		p.i++
		if p.depth++; p.depth > 200 {
			return 0, false
		}
		v, ok := p.unary()
		p.depth--
		if neg {
			v = -v
		}
		return v, ok
	}
	return p.primary()
}

func (p *ppExprParser) primary() (int64, bool) {
	p.ws()
	if p.i >= len(p.s) {
		return 0, false
	}
	if p.s[p.i] == '(' {
		if p.depth++; p.depth > 200 {
			return 0, false
		}
		p.i++
		v, ok := p.shift()
		p.depth--
		p.ws()
		if !ok || p.i >= len(p.s) || p.s[p.i] != ')' {
			return 0, false
		}
		p.i++
		return v, true
	}
	j := p.i
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	v, err := strconv.ParseInt(p.s[p.i:j], 10, 64)
	if err != nil {
		return 0, false
	}
	p.i = j
	return v, true
}

func ppExprRandom(r *rand.Rand, depth int) string {
	if depth <= 0 || r.IntN(4) == 0 {
		s := strconv.Itoa(r.IntN(1000))
		if r.IntN(6) == 0 {
			s = "-" + s
		}
		return s
	}
	sp := func() string { return ppPick(r, "", " ") }
	a, b := ppExprRandom(r, depth-1), ppExprRandom(r, depth-1)
	switch r.IntN(8) {
	case 0:
		return "(" + a + sp() + ppPick(r, "<<", ">>") + sp() + strconv.Itoa(r.IntN(8)) + ")"
	case 1, 2:
		return "(" + a + sp() + ppPick(r, "+", "-", "*", "/", "%") + sp() + b + ")"
	}
	return a + sp() + ppPick(r, "+", "-", "*", "/", "%") + sp() + b
}

func genExpr(r *rand.Rand) []byte {
	for {
		var terms []string
		for k := 2 + r.IntN(10); k > 0; k-- {
			terms = append(terms, ppExprRandom(r, 5))
		}
		s := strings.Join(terms, ppPick(r, " + ", " - ", "+")) + " << (" + ppExprRandom(r, 4) + " - " + strconv.Itoa(100000+r.IntN(1000000)) + ")"
		if r.IntN(2) == 0 {
			s = "(" + s + ")" + ppPick(r, " + ", " >> ", " * ") + ppExprRandom(r, 3)
		}
		if in := []byte(s); ppPanics(ppExpr, in) {
			return in
		}
	}
}

// ---- template ----

var ppTemplateVars = map[string]string{"name": "World", "n": "42", "title": "Dr.", "city": "Zürich"}

// ppTemplate renders a template: text with tags in {{ }}: a variable
// with filters ("{{ name | upper | pad:10 }}"), "{{#if var}}", "{{else}}",
// "{{/if}}" and comments "{{! ... }}". Filters are upper, lower, trim,
// trunc:N and pad:N (right-align in N columns).
//
// Bug: pad repeats N minus the value's length spaces without checking
// that the value is shorter than N, and strings.Repeat panics on a
// negative count.
//
// Smallest "{{n|pad:1}}": the 1-letter variable n ("42") padded to 1.
// Argued: a tag costs 4 bytes and a variable at least 1 (n is the only
// 1-letter one), "|pad:" 5, the width 1 at least; 11 bytes. The only
// choice left is the width: 0 does not pad, 1 is less than 2 to 9.
func ppTemplate(b []byte) int {
	s := string(b)
	var out strings.Builder
	var ifs []bool
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			out.WriteString(s)
			break
		}
		out.WriteString(s[:i])
		s = s[i+2:]
		j := strings.Index(s, "}}")
		if j < 0 {
			return -1
		}
		tag := strings.TrimSpace(s[:j])
		s = s[j+2:]
		switch {
		case strings.HasPrefix(tag, "!"):
		case strings.HasPrefix(tag, "#if "):
			ifs = append(ifs, ppTemplateVars[strings.TrimSpace(tag[4:])] != "")
		case tag == "else":
			if len(ifs) == 0 {
				return -1
			}
			ifs[len(ifs)-1] = !ifs[len(ifs)-1]
		case tag == "/if":
			if len(ifs) == 0 {
				return -1
			}
			ifs = ifs[:len(ifs)-1]
		default:
			v, ok := ppTemplateValue(tag)
			if !ok {
				return -1
			}
			if !slices.Contains(ifs, false) {
				out.WriteString(v)
			}
		}
	}
	if len(ifs) > 0 {
		return -1
	}
	return out.Len()
}

func ppTemplateValue(tag string) (string, bool) {
	parts := strings.Split(tag, "|")
	v, ok := ppTemplateVars[strings.TrimSpace(parts[0])]
	if !ok {
		return "", false
	}
	for _, f := range parts[1:] {
		name, arg, _ := strings.Cut(strings.TrimSpace(f), ":")
		switch name {
		case "upper":
			v = strings.ToUpper(v)
		case "lower":
			v = strings.ToLower(v)
		case "trim":
			v = strings.TrimSpace(v)
		case "trunc":
			w, err := strconv.Atoi(arg)
			if err != nil || w < 0 {
				return "", false
			}
			if len(v) > w {
				v = v[:w]
			}
		case "pad":
			w, err := strconv.Atoi(arg)
			if err != nil || w > 80 {
				return "", false
			}
			if w != 0 {
				v = strings.Repeat(" ", w-len(v)) + v // BUG: a value wider than w
			}
		default:
			return "", false
		}
	}
	return v, true
}

func genTemplate(r *rand.Rand) []byte {
	vars := []string{"name", "n", "title", "city"}
	sp := func() string { return ppPick(r, "", " ") }
	text := func() string { return ppText(r, r.IntN(60), "{}") + ppPick(r, "", "\n", "<br>\n") }
	tag := func(bad bool) string {
		v := ppPick(r, vars...)
		var fs []string
		for k := r.IntN(3); k > 0; k-- {
			fs = append(fs, ppPick(r, "upper", "lower", "trim", "trunc:"+strconv.Itoa(20+r.IntN(50))))
		}
		w := len(ppTemplateVars[v]) + r.IntN(20)
		if bad {
			w = 1 + r.IntN(len(ppTemplateVars[v])-1)
			if r.IntN(4) == 0 {
				w = -1 - r.IntN(30)
			}
		}
		if bad || r.IntN(3) == 0 {
			fs = append(fs, "pad:"+strconv.Itoa(w))
		}
		for k := r.IntN(2); k > 0; k-- {
			fs = append(fs, ppPick(r, "upper", "lower", "trim"))
		}
		return "{{" + sp() + strings.Join(append([]string{v}, fs...), sp()+"|"+sp()) + sp() + "}}"
	}
	var b strings.Builder
	b.WriteString("<html><title>" + tag(false) + "</title>\n")
	for k := 2 + r.IntN(10); k > 0; k-- {
		switch r.IntN(5) {
		case 0:
			b.WriteString("{{#if " + ppPick(r, vars...) + "}}" + text() + tag(false) + "{{else}}" + text() + "{{/if}}")
		case 1:
			b.WriteString("{{! " + ppText(r, r.IntN(40), "{}") + " }}")
		default:
			b.WriteString(text() + tag(false))
		}
	}
	b.WriteString(text() + tag(true) + text())
	for k := r.IntN(5); k > 0; k-- {
		b.WriteString(tag(false) + text())
	}
	return []byte(b.String())
}

// ---- escapes in a string literal ----

var ppOctalTable = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
	}
	return t
}()

// ppUnquote decodes a string literal in double or single quotes up to its
// closing quote: escapes \n \t \r \\ \" \' \a \b \f \v, \xHH, \uHHHH and
// octal \ooo (one to three digits), decoded through a 256-entry table.
//
// Bug: an octal escape can be up to \777 (511), and the table has 256
// entries.
//
// Smallest "\"\\400" (the 5 bytes "\400): the least octal escape past
// 255 right after the opening quote. Argued: the escape needs 3 digits and
// the backslash, the literal its quote; a double quote is less than a
// single one; "400" is the least value past 255.
func ppUnquote(b []byte) int {
	if len(b) == 0 || b[0] != '"' && b[0] != '\'' {
		return -1
	}
	q := b[0]
	var out []byte
	for i := 1; i < len(b); i++ {
		c := b[i]
		if c == q {
			return len(out)
		}
		if c != '\\' {
			out = append(out, c)
			continue
		}
		if i++; i >= len(b) {
			return -1
		}
		switch e := b[i]; e {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case 'a':
			out = append(out, 7)
		case 'b':
			out = append(out, 8)
		case 'f':
			out = append(out, 12)
		case 'v':
			out = append(out, 11)
		case '\\', '"', '\'':
			out = append(out, e)
		case 'x':
			if i+2 >= len(b) {
				return -1
			}
			hi, lo := ppUnhex(b[i+1]), ppUnhex(b[i+2])
			if hi < 0 || lo < 0 {
				return -1
			}
			out = append(out, byte(hi<<4|lo))
			i += 2
		case 'u':
			if i+4 >= len(b) {
				return -1
			}
			v := 0
			for _, c := range b[i+1 : i+5] {
				if ppUnhex(c) < 0 {
					return -1
				}
				v = v<<4 | ppUnhex(c)
			}
			out = utf8.AppendRune(out, rune(v))
			i += 4
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := 0
			for k := 0; k < 3 && i < len(b) && b[i] >= '0' && b[i] <= '7'; k++ {
				v = v*8 + int(b[i]-'0')
				i++
			}
			i--
			out = append(out, ppOctalTable[v]) // BUG: v may pass 255
		default:
			return -1
		}
	}
	return -1
}

func genUnquote(r *rand.Rand) []byte {
	q := ppPick(r, `"`, `'`)
	piece := func() string {
		switch r.IntN(7) {
		case 0:
			return ppPick(r, `\n`, `\t`, `\r`, `\\`, `\a`, `\v`, `\"`, `\'`)
		case 1:
			return fmt.Sprintf(`\x%02x`, r.IntN(256))
		case 2:
			return fmt.Sprintf(`\u%04X`, r.IntN(0xd000))
		case 3:
			return fmt.Sprintf(`\%o`, r.IntN(256))
		}
		return ppText(r, 1+r.IntN(20), `\"'`)
	}
	var b strings.Builder
	b.WriteString(q)
	for k := 20 + r.IntN(80); k > 0; k-- {
		b.WriteString(piece())
	}
	fmt.Fprintf(&b, `\%o`, 256+r.IntN(256))
	for k := r.IntN(30); k > 0; k-- {
		b.WriteString(piece())
	}
	b.WriteString(q + ppText(r, r.IntN(100), ""))
	return []byte(b.String())
}

// ---- HTTP request ----

// ppHTTP parses an HTTP/1.x request: a request line (a method, a target
// "*" or starting with '/', HTTP/1.0 or HTTP/1.1), header lines
// "Name: value" (no space in the name) up to a blank line, lines ending
// in "\n" or "\r\n"; a Content-Length header (any case) says how many body
// bytes follow.
//
// Bug: the body is cut to Content-Length without checking that many
// bytes are there.
//
// Smallest "GET * HTTP/1.0\nCONTENT-LENGTH:1\n\n": the least request line
// (the 3-letter GET before PUT, "*" before "/"), the header in upper case
// without spaces, "\n" endings, no body. Argued: every part is the
// shortest its rule allows, and at equal length the least.
func ppHTTP(b []byte) int {
	s := string(b)
	line := func() (string, bool) {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return "", false
		}
		l := strings.TrimSuffix(s[:i], "\r")
		s = s[i+1:]
		return l, true
	}
	req, ok := line()
	if !ok {
		return -1
	}
	parts := strings.Split(req, " ")
	if len(parts) != 3 || !slices.Contains([]string{"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"}, parts[0]) ||
		parts[1] != "*" && !strings.HasPrefix(parts[1], "/") || parts[2] != "HTTP/1.0" && parts[2] != "HTTP/1.1" {
		return -1
	}
	length := -1
	for {
		h, ok := line()
		if !ok {
			return -1
		}
		if h == "" {
			break
		}
		name, value, ok := strings.Cut(h, ":")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return -1
		}
		if strings.EqualFold(name, "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return -1
			}
			length = n
		}
	}
	if length >= 0 {
		return len(s[:length]) // BUG: the body may be shorter
	}
	return len(s)
}

func genHTTP(r *rand.Rand) []byte {
	eol := ppPick(r, "\r\n", "\n")
	var b strings.Builder
	path := ""
	for k := 1 + r.IntN(4); k > 0; k-- {
		path += "/" + ppWord(r, 1, 10)
	}
	if r.IntN(2) == 0 {
		path += "?" + ppWord(r, 1, 5) + "=" + ppWord(r, 0, 10)
	}
	b.WriteString(ppPick(r, "GET", "POST", "PUT", "DELETE", "OPTIONS") + " " + path + " " + ppPick(r, "HTTP/1.0", "HTTP/1.1") + eol)
	headers := []string{
		"Host: " + ppWord(r, 3, 10) + ".example.com",
		"User-Agent: Mozilla/5.0 (" + ppText(r, 20+r.IntN(40), "") + ")",
		"Accept: text/html,application/xhtml+xml;q=0.9,*/*;q=0.8",
		"Accept-Encoding: gzip, deflate",
		"Cookie: session=" + ppWord(r, 16, 32),
		"X-Request-Id: " + ppWord(r, 8, 24),
		"Content-Type: application/json",
		"Referer: https://" + ppWord(r, 3, 10) + ".example.org/" + ppWord(r, 10, 60),
		"Authorization: Bearer " + ppWord(r, 40, 120),
	}
	r.Shuffle(len(headers), func(i, j int) { headers[i], headers[j] = headers[j], headers[i] })
	body := ""
	for len(body) < 100 {
		body += ppJSONValue(r, 5)
	}
	cl := ppRandCase(r, "Content-Length") + ":" + ppPick(r, "", " ") + strconv.Itoa(len(body)+1+r.IntN(5000))
	headers = slices.Insert(headers[:2+r.IntN(len(headers)-2)], r.IntN(3), cl)
	b.WriteString(strings.Join(headers, eol) + eol + eol + body)
	return []byte(b.String())
}

// ==== go-fuzz-headers harnesses ====
//
// These decode the bytes with go-fuzz-headers' ConsumeFuzzer, as OSS-Fuzz
// harnesses do: GetInt and GetByte take one byte; GetUint16 two and a
// byte whose parity picks the byte order; GetUint32 four, big-endian;
// GetString a 4-byte big-endian length, then that many bytes, and fails
// unless at least one byte is left after the length (even for an empty
// string); GetBytes a 4-byte length (0 means 30), reduced modulo the bytes
// left unless equal to them; GetBool one byte, true if even;
// GenerateStruct fills fields in order, a slice with a 4-byte count mod 50.

// ppGfhString is what a harness writes for a string: its length, then it.
func ppGfhString(s string) []byte { return append(be32(len(s)), s...) }

// ---- ellipsize ----

// ppEllipsize shortens s to max bytes, the last one an ellipsis.
//
// Bug: max 0 cuts at -1.
func ppEllipsize(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return s[:max-1] + "…" // BUG: max == 0
}

// ppGfhEllipsize: GetString, GetInt, ellipsize.
//
// Smallest "\x00\x00\x00\x01\x00\x00": the string "\x00", max 0. Argued:
// max must be 0 and the string longer, so 1 byte, with its 4-byte length:
// 4+1+1 bytes, least with the string's byte 0.
func ppGfhEllipsize(b []byte) int {
	c := fuzz.NewConsumer(b)
	s, err := c.GetString()
	if err != nil {
		return -1
	}
	n, err := c.GetInt()
	if err != nil {
		return -1
	}
	return len(ppEllipsize(s, n))
}

func genGfhEllipsize(r *rand.Rand) []byte {
	out := ppGfhString(ppText(r, 100+r.IntN(500), ""))
	out = append(out, 0)
	return append(out, ppBytes(r, r.IntN(300))...)
}

// ---- window over a buffer, from a generated struct ----

type ppWindowReq struct {
	Start, End int
	Label      string
	Reverse    bool
}

// ppWindow returns buf[Start:End], reversed if asked.
//
// Bug: Start > End is checked only on the forward path.
func ppWindow(buf []byte, r ppWindowReq) []byte {
	if r.End > len(buf) {
		return nil
	}
	if r.Reverse {
		w := slices.Clone(buf[r.Start:r.End]) // BUG: Start may pass End
		slices.Reverse(w)
		return w
	}
	if r.Start > r.End {
		return nil
	}
	return buf[r.Start:r.End]
}

// ppGfhWindow: GenerateStruct into ppWindowReq, then window over 16
// bytes.
//
// Smallest "\x01\x00\x00\x00\x00\x00\x00": Start 1, End 0, an empty
// Label (its 4-byte length; the byte GetString wants after it is
// Reverse's), Reverse true (0 is even). Argued: every field must decode,
// 1+1+4+1 bytes; Start must pass End, least 1 and 0.
func ppGfhWindow(b []byte) int {
	var req ppWindowReq
	if err := fuzz.NewConsumer(b).GenerateStruct(&req); err != nil {
		return -1
	}
	return len(ppWindow(make([]byte, 16), req))
}

func genGfhWindow(r *rand.Rand) []byte {
	start := 1 + r.IntN(255)
	end := r.IntN(min(start, 17))
	out := []byte{byte(start), byte(end)}
	out = append(out, ppGfhString(ppText(r, 100+r.IntN(300), ""))...)
	out = append(out, byte(2*r.IntN(128)))
	return append(out, ppBytes(r, r.IntN(300))...)
}

// ---- a record at an offset, from GetBytes and GetUint16 ----

// ppRecordAt sums the bytes of the record at off in data: a length byte
// and that many bytes.
//
// Bug: the record's length is not checked against the bytes left.
func ppRecordAt(data []byte, off int) int {
	if off >= len(data) {
		return -1
	}
	sum := 0
	for i := range int(data[off]) {
		sum += int(data[off+1+i]) // BUG: the length may pass the data
	}
	return sum
}

// ppGfhRecord: GetBytes, GetUint16, recordAt.
//
// Smallest "\x00\x00\x00\x01\x01\x00\x00\x00": the bytes "\x01" (length
// 1, mod the 4 bytes left), offset 0 (two bytes and the order byte). Argued:
// the data must hold the record's length byte, nonzero: 4+1 bytes, and
// the offset 3 more; a length field of 0 means 30, 2 mod 4, which leaves
// 2 bytes for the offset's 3; 1 is the least that gives 1 byte; the least
// nonzero record length 1.
func ppGfhRecord(b []byte) int {
	c := fuzz.NewConsumer(b)
	data, err := c.GetBytes()
	if err != nil {
		return -1
	}
	off, err := c.GetUint16()
	if err != nil {
		return -1
	}
	return ppRecordAt(data, int(off))
}

func genGfhRecord(r *rand.Rand) []byte {
	var data []byte
	for len(data) < 20+r.IntN(300) {
		n := r.IntN(30)
		data = append(append(data, byte(n)), ppBytes(r, n)...)
	}
	off := len(data)
	left := 1 + r.IntN(40)
	data = append(append(data, byte(left+1+r.IntN(200))), ppBytes(r, left-1)...)
	tail := ppBytes(r, r.IntN(200))
	bytesLeft := len(data) + 3 + len(tail)
	n := len(data)
	if r.IntN(3) == 0 { // a length larger than the bytes, reduced modulo them
		n += bytesLeft * (1 + r.IntN(1000))
	}
	out := append(be32(n), data...)
	if r.IntN(2) == 0 {
		out = append(binary.LittleEndian.AppendUint16(out, uint16(off)), byte(2*r.IntN(128)))
	} else {
		out = append(binary.BigEndian.AppendUint16(out, uint16(off)), byte(1+2*r.IntN(128)))
	}
	return append(out, tail...)
}

// ---- path join, from two strings and a bool ----

// ppJoinPath joins rel to the directory base, resolving rel's leading
// "../" against base, after cleaning rel if asked.
//
// Bug: a "../" past base's first element cuts base at -1.
func ppJoinPath(base, rel string, clean bool) string {
	if strings.HasPrefix(rel, "/") {
		return rel
	}
	if clean {
		rel = strings.TrimPrefix(path.Clean("/"+rel), "/")
	}
	for strings.HasPrefix(rel, "../") {
		i := strings.LastIndexByte(base, '/')
		base, rel = base[:i], rel[3:] // BUG: base has no '/' left
	}
	if base == "" {
		return rel
	}
	return base + "/" + rel
}

// ppGfhJoin: GetString, GetString, GetBool, joinPath.
//
// Smallest "\x00\x00\x00\x00" "\x00\x00\x00\x03../" "\x01": base "", rel
// "../", clean false (odd). Argued: rel must start with "../" and not be
// cleaned (cleaning removes a leading ".." at the root), so the bool is
// odd, least 1; base's length is least 0; 4+4+3+1 bytes.
func ppGfhJoin(b []byte) int {
	c := fuzz.NewConsumer(b)
	base, err := c.GetString()
	if err != nil {
		return -1
	}
	rel, err := c.GetString()
	if err != nil {
		return -1
	}
	clean, err := c.GetBool()
	if err != nil {
		return -1
	}
	return len(ppJoinPath(base, rel, clean))
}

func genGfhJoin(r *rand.Rand) []byte {
	var segs []string
	for k := 1 + r.IntN(6); k > 0; k-- {
		segs = append(segs, ppWord(r, 1, 12))
	}
	base := strings.Join(segs, "/")
	rel := strings.Repeat("../", len(segs)+r.IntN(4)) + ppWord(r, 1, 10) + "/" + ppWord(r, 1, 10) + ".txt"
	out := slices.Concat(ppGfhString(base), ppGfhString(rel), []byte{byte(1 + 2*r.IntN(128))})
	return append(out, ppBytes(r, 50+r.IntN(300))...)
}

// ---- a ring buffer driven by operations ----

// ppRing is a ring of four values.
type ppRing struct {
	buf         [4]uint16
	head, count int
}

// push adds v, dropping the oldest value if the ring is full.
//
// Bug: the fast path for a ring that has not wrapped forgets that it may
// be full.
func (q *ppRing) push(v uint16) {
	if q.head == 0 {
		q.buf[q.count] = v // BUG: count may be 4
		q.count++
		return
	}
	if q.count == len(q.buf) {
		q.head = (q.head + 1) % len(q.buf)
		q.count--
	}
	q.buf[(q.head+q.count)%len(q.buf)] = v
	q.count++
}

func (q *ppRing) pop() (uint16, bool) {
	if q.count == 0 {
		return 0, false
	}
	v := q.buf[q.head]
	q.head = (q.head + 1) % len(q.buf)
	q.count--
	return v, true
}

// ppGfhRing: GetInt for the number of operations, then for each GetInt
// for the operation (mod 3: push, pop, peek) and for a push GetUint16.
//
// Smallest "\x05" and 20 zeros: five pushes of 0. Argued: only a push
// into a full ring whose head is 0 fails; a pop moves the head, and it
// comes back to 0 only after four, so five pushes from the start, 4 bytes
// each, and the count 5, the least that reaches the fifth.
func ppGfhRing(b []byte) int {
	c := fuzz.NewConsumer(b)
	n, err := c.GetInt()
	if err != nil {
		return -1
	}
	var q ppRing
	sum := 0
	for range n {
		op, err := c.GetInt()
		if err != nil {
			return sum
		}
		switch op % 3 {
		case 0:
			v, err := c.GetUint16()
			if err != nil {
				return sum
			}
			q.push(v)
		case 1:
			v, _ := q.pop()
			sum += int(v)
		case 2:
			sum += q.count
		}
	}
	return sum
}

func genGfhRing(r *rand.Rand) []byte {
	for {
		var ops []byte
		var q ppRing
		for len(ops) < 600 {
			switch k := r.IntN(10); {
			case k < 6:
				if q.head == 0 && q.count == len(q.buf) { // the push that fails
					ops = append(append(ops, byte(3*r.IntN(86))), ppBytes(r, 3)...)
					nops := 0
					for i := 0; i < len(ops); nops++ {
						if ops[i]%3 == 0 {
							i += 4
						} else {
							i++
						}
					}
					if nops > 255 {
						break
					}
					out := append([]byte{byte(nops + r.IntN(256-nops))}, ops...)
					return append(out, ppBytes(r, 50+r.IntN(200))...)
				}
				v := ppBytes(r, 3)
				q.push(binary.BigEndian.Uint16(v))
				ops = append(append(ops, byte(3*r.IntN(86))), v...)
			case k < 9:
				q.pop()
				ops = append(ops, byte(1+3*r.IntN(85)))
			default:
				ops = append(ops, byte(2+3*r.IntN(85)))
			}
		}
	}
}

// ---- an order, from a generated struct with a slice ----

type ppOrderItem struct {
	SKU        string
	Qty        int
	PriceCents uint16
}

type ppOrder struct {
	Customer string
	Items    []ppOrderItem
	Coupon   string
}

// ppOrderTotal totals an order and spreads a coupon's 10% discount over
// the units.
//
// Bug: items whose quantities are all 0 divide by zero.
func ppOrderTotal(o ppOrder) int {
	if len(o.Items) == 0 {
		return 0
	}
	total, units := 0, 0
	for _, it := range o.Items {
		total += it.Qty * int(it.PriceCents)
		units += it.Qty
	}
	if o.Coupon != "" {
		perUnit := total / 10 / units // BUG: no units
		total -= perUnit * units
	}
	return total
}

// ppGfhOrder: GenerateStruct into ppOrder, then orderTotal.
//
// Smallest: an empty Customer ("\x00\x00\x00\x00"), one item (count
// "\x00\x00\x00\x01") with an empty SKU, Qty 0 and price 0 (3 bytes), the
// coupon "\x00" ("\x00\x00\x00\x01\x00"): 21 bytes. Argued: one item at
// least, each of 8 bytes at least, with quantity 0; a nonempty coupon, 5
// bytes at least; 1 is the least count with one item (the count is taken
// mod 50, and a second item that fails to decode fails the struct).
func ppGfhOrder(b []byte) int {
	var o ppOrder
	if err := fuzz.NewConsumer(b).GenerateStruct(&o); err != nil {
		return -1
	}
	return ppOrderTotal(o)
}

func genGfhOrder(r *rand.Rand) []byte {
	out := ppGfhString(ppWord(r, 3, 12) + " " + ppWord(r, 3, 15))
	n := 1 + r.IntN(9)
	out = append(out, be32(n+50*r.IntN(1000))...)
	for range n {
		out = append(out, ppGfhString(strings.ToUpper(ppWord(r, 4, 12))+"-"+strconv.Itoa(r.IntN(100000)))...)
		out = append(out, 0)
		out = append(out, ppBytes(r, 3)...)
	}
	out = append(out, ppGfhString(strings.ToUpper(ppWord(r, 4, 16)))...)
	return append(out, ppBytes(r, r.IntN(300))...)
}

// targetWords returns the string literals of the function fn, declared
// in the plain probes' files, and of the functions, methods, variables
// and constants of those files it refers to, directly or not: the code
// under test's words, which tools/minimize hands the reducer (for a real
// package, all of its non-test files' strings; here only those the
// target reaches). A method is found by its name alone.
func targetWords(t *testing.T, fn any) []string {
	name := runtime.FuncForPC(reflect.ValueOf(fn).Pointer()).Name()
	name = name[strings.LastIndex(name, ".")+1:]
	decls := map[string]ast.Node{} // top-level names and their declarations
	for _, file := range []string{"probes_plain_test.go", "probes_plain2_test.go", "probes_plain3_test.go", "probes_plain4_test.go", "probes_plain5_test.go"} {
		f, err := parser.ParseFile(gotoken.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		addDecls(decls, f)
	}
	return reachedWords(decls, name)
}

// addDecls adds the top-level functions, methods, variables and
// constants of f to decls, by name; a function wins over a method of its
// name.
func addDecls(decls map[string]ast.Node, f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if _, ok := decls[d.Name.Name]; d.Recv == nil || !ok {
				decls[d.Name.Name] = d
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					for _, n := range vs.Names {
						decls[n.Name] = vs
					}
				}
			}
		}
	}
}

// reachedWords returns the string literals of declaration name and of
// every declaration it refers to, directly or not.
func reachedWords(decls map[string]ast.Node, name string) []string {
	var words []string
	done := map[string]bool{}
	todo := []string{name}
	for len(todo) > 0 {
		n := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		d, ok := decls[n]
		if !ok || done[n] {
			continue
		}
		done[n] = true
		ast.Inspect(d, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.BasicLit:
				if v, err := strconv.Unquote(x.Value); err == nil && x.Kind == gotoken.STRING {
					words = append(words, v)
				}
			case *ast.Ident:
				todo = append(todo, x.Name)
			}
			return true
		})
	}
	return words
}
