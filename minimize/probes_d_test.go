//go:build probes

package minimize_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/big"
	"net/netip"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// Text formats, codecs and numbers: encoders with their decoders, parsers
// checked against the standard library, calendar and decimal arithmetic,
// each with one planted bug and the property a user would check.

// ---- d sleb128 stream ----

// pdSlebAppend appends x as signed LEB128.
func pdSlebAppend(b []byte, x int64) []byte {
	for {
		c := byte(x & 0x7f)
		x >>= 7
		if x == 0 || x == -1 { // bug: must also check that c's sign bit (0x40) agrees
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// pdSlebRead decodes one signed LEB128 value, returning it and the
// bytes it used (0 if b ends first).
func pdSlebRead(b []byte) (int64, int) {
	var x int64
	var shift uint
	for i, c := range b {
		if shift < 64 {
			x |= int64(c&0x7f) << shift
		}
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				x |= -1 << shift
			}
			return x, i + 1
		}
	}
	return 0, 0
}

func pdSlebFails(v any) bool {
	xs := v.([]int64)
	var buf []byte
	for _, x := range xs {
		buf = pdSlebAppend(buf, x)
	}
	var got []int64
	for len(buf) > 0 {
		x, n := pdSlebRead(buf)
		if n == 0 {
			return true
		}
		got = append(got, x)
		buf = buf[n:]
	}
	return !slices.Equal(got, xs)
}

// ---- d base64 decode table ----

const pdB64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

var pdB64Rev = func() [256]int8 {
	var r [256]int8
	for i := range r {
		r[i] = -1
	}
	for i := 0; i < 63; i++ { // bug: i < 64, '/' is left out
		r[pdB64[i]] = int8(i)
	}
	return r
}()

func pdB64Encode(src []byte) string {
	var b strings.Builder
	for i := 0; i < len(src); i += 3 {
		var n uint32
		k := min(3, len(src)-i)
		for j := 0; j < 3; j++ {
			n <<= 8
			if j < k {
				n |= uint32(src[i+j])
			}
		}
		for j := 0; j < 4; j++ {
			if j <= k {
				b.WriteByte(pdB64[n>>(18-6*j)&63])
			} else {
				b.WriteByte('=')
			}
		}
	}
	return b.String()
}

func pdB64Decode(s string) ([]byte, bool) {
	if len(s)%4 != 0 {
		return nil, false
	}
	var out []byte
	for i := 0; i < len(s); i += 4 {
		var n uint32
		pad := 0
		for j := 0; j < 4; j++ {
			c := s[i+j]
			n <<= 6
			if c == '=' {
				pad++
				continue
			}
			if pad > 0 || pdB64Rev[c] < 0 {
				return nil, false
			}
			n |= uint32(pdB64Rev[c])
		}
		out = append(out, byte(n>>16), byte(n>>8), byte(n))
		out = out[:len(out)-pad]
	}
	return out, true
}

func pdB64Fails(v any) bool {
	b := v.([]byte)
	got, ok := pdB64Decode(pdB64Encode(b))
	return !ok || !bytes.Equal(got, b)
}

// ---- d percent decode ----

func pdIsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'g' || 'A' <= c && c <= 'F' // bug: 'g'
}

func pdUnhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// pdPercentDecode decodes %XX escapes, as url.PathUnescape does.
func pdPercentDecode(s string) (string, bool) {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) || !pdIsHex(s[i+1]) || !pdIsHex(s[i+2]) {
			return "", false
		}
		b = append(b, pdUnhex(s[i+1])<<4|pdUnhex(s[i+2]))
		i += 2
	}
	return string(b), true
}

func pdPercentFails(v any) bool {
	s := v.(string)
	got, ok := pdPercentDecode(s)
	want, err := url.PathUnescape(s)
	return ok != (err == nil) || ok && got != want
}

// ---- d lz77 overlap ----

// pdLZTok is a literal byte (Len 0) or a copy of Len bytes from Dist back.
type pdLZTok struct {
	Lit       byte
	Dist, Len int
}

func pdLZEncode(s []byte) []pdLZTok {
	const window, minMatch, maxMatch = 32, 3, 16
	var toks []pdLZTok
	for i := 0; i < len(s); {
		bestLen, bestDist := 0, 0
		for j := i - 1; j >= 0 && j >= i-window; j-- {
			k := 0
			for k < maxMatch && i+k < len(s) && s[j+k] == s[i+k] {
				k++
			}
			if k > bestLen {
				bestLen, bestDist = k, i-j
			}
		}
		if bestLen >= minMatch {
			toks = append(toks, pdLZTok{Dist: bestDist, Len: bestLen})
			i += bestLen
		} else {
			toks = append(toks, pdLZTok{Lit: s[i]})
			i++
		}
	}
	return toks
}

func pdLZDecode(toks []pdLZTok) []byte {
	var out []byte
	for _, t := range toks {
		if t.Len == 0 {
			out = append(out, t.Lit)
			continue
		}
		start := len(out) - t.Dist
		out = append(out, make([]byte, t.Len)...)
		copy(out[len(out)-t.Len:], out[start:start+t.Len]) // bug: an overlapping copy must go byte by byte
	}
	return out
}

func pdLZFails(v any) bool {
	s := []byte(v.(string))
	return !bytes.Equal(pdLZDecode(pdLZEncode(s)), s)
}

// ---- d line diff trim ----

type pdEdit struct {
	Op   byte // '=', '-', '+'
	Line string
}

// pdDiff returns an edit script from a to b: the common prefix and
// suffix are trimmed and the middle diffed by LCS.
func pdDiff(a, b []string) []pdEdit {
	var ed []pdEdit
	if slices.Equal(a, b) {
		for _, l := range a {
			ed = append(ed, pdEdit{'=', l})
		}
		return ed
	}
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a) && s < len(b) && a[len(a)-1-s] == b[len(b)-1-s] { // bug: the suffix may overlap the prefix
		s++
	}
	for _, l := range a[:p] {
		ed = append(ed, pdEdit{'=', l})
	}
	am, bm := a[p:len(a)-s], b[p:len(b)-s]
	lcs := make([][]int, len(am)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(bm)+1)
	}
	for i := len(am) - 1; i >= 0; i-- {
		for j := len(bm) - 1; j >= 0; j-- {
			if am[i] == bm[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(am) || j < len(bm) {
		switch {
		case i < len(am) && j < len(bm) && am[i] == bm[j]:
			ed = append(ed, pdEdit{'=', am[i]})
			i, j = i+1, j+1
		case j < len(bm) && (i == len(am) || lcs[i][j+1] >= lcs[i+1][j]):
			ed = append(ed, pdEdit{'+', bm[j]})
			j++
		default:
			ed = append(ed, pdEdit{'-', am[i]})
			i++
		}
	}
	for _, l := range a[len(a)-s:] {
		ed = append(ed, pdEdit{'=', l})
	}
	return ed
}

// pdPatch applies an edit script to a.
func pdPatch(a []string, ed []pdEdit) ([]string, bool) {
	var out []string
	i := 0
	for _, e := range ed {
		switch e.Op {
		case '=', '-':
			if i >= len(a) || a[i] != e.Line {
				return nil, false
			}
			if e.Op == '=' {
				out = append(out, e.Line)
			}
			i++
		case '+':
			out = append(out, e.Line)
		}
	}
	if i != len(a) {
		return nil, false
	}
	return out, true
}

type pdDiffCase struct{ A, B []string }

func pdDiffFails(v any) (bad bool) {
	c := v.(pdDiffCase)
	defer func() {
		if recover() != nil {
			bad = true
		}
	}()
	got, ok := pdPatch(c.A, pdDiff(c.A, c.B))
	return !ok || !slices.Equal(got, c.B)
}

// ---- d path clean dotdot ----

func pdCleanPath(p string) string {
	rooted := strings.HasPrefix(p, "/")
	var out []string
	for _, seg := range strings.Split(p, "/") {
		switch seg {
		case "", ".":
		case "..":
			if len(out) > 0 { // bug: a kept ".." must not be popped
				out = out[:len(out)-1]
			} else if !rooted {
				out = append(out, "..")
			}
		default:
			out = append(out, seg)
		}
	}
	s := strings.Join(out, "/")
	if rooted {
		return "/" + s
	}
	if s == "" {
		return "."
	}
	return s
}

// ---- d ini inline comment ----

func pdINIWrite(cfg map[string]map[string]string) string {
	var b strings.Builder
	for _, sec := range slices.Sorted(maps.Keys(cfg)) {
		fmt.Fprintf(&b, "[%s]\n", sec)
		for _, k := range slices.Sorted(maps.Keys(cfg[sec])) {
			fmt.Fprintf(&b, "%s=%s\n", k, cfg[sec][k])
		}
	}
	return b.String()
}

func pdINIParse(src string) (map[string]map[string]string, bool) {
	cfg := map[string]map[string]string{}
	var cur map[string]string
	for _, line := range strings.Split(src, "\n") {
		if i := strings.IndexAny(line, ";#"); i >= 0 { // bug: only a whole-line comment may be stripped
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case line[0] == '[' && line[len(line)-1] == ']':
			name := line[1 : len(line)-1]
			if cfg[name] == nil {
				cfg[name] = map[string]string{}
			}
			cur = cfg[name]
		default:
			k, val, ok := strings.Cut(line, "=")
			if !ok || cur == nil {
				return nil, false
			}
			cur[strings.TrimSpace(k)] = strings.TrimSpace(val)
		}
	}
	return cfg, true
}

func pdINIFails(v any) bool {
	cfg := v.(map[string]map[string]string)
	got, ok := pdINIParse(pdINIWrite(cfg))
	return !ok || !maps.EqualFunc(cfg, got, func(a, b map[string]string) bool { return maps.Equal(a, b) })
}

// ---- d tokenizer string escape ----

type pdTok struct {
	Kind string // "ident", "num", "str", "punct"
	Text string
}

func pdQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(s) + `"`
}

func pdTokenize(src string) ([]pdTok, bool) {
	var toks []pdTok
	isLetter := func(c byte) bool { return 'a' <= c && c <= 'z' }
	isDigit := func(c byte) bool { return '0' <= c && c <= '9' }
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ':
			i++
		case isLetter(c):
			j := i
			for j < len(src) && isLetter(src[j]) {
				j++
			}
			toks = append(toks, pdTok{"ident", src[i:j]})
			i = j
		case isDigit(c):
			j := i
			for j < len(src) && isDigit(src[j]) {
				j++
			}
			toks = append(toks, pdTok{"num", src[i:j]})
			i = j
		case c == '"':
			j := i + 1
			for j < len(src) && !(src[j] == '"' && src[j-1] != '\\') { // bug: an escaped backslash before the quote
				j++
			}
			if j == len(src) {
				return nil, false
			}
			var b strings.Builder
			for k := i + 1; k < j; k++ {
				if src[k] == '\\' && k+1 < j {
					k++
				}
				b.WriteByte(src[k])
			}
			toks = append(toks, pdTok{"str", b.String()})
			i = j + 1
		case strings.HasPrefix(src[i:], "=="):
			toks = append(toks, pdTok{"punct", "=="})
			i += 2
		case strings.ContainsRune("+()", rune(c)):
			toks = append(toks, pdTok{"punct", string(c)})
			i++
		default:
			return nil, false
		}
	}
	return toks, true
}

var pdTokGen = fuzzsrc.SliceOf(fuzzsrc.OneOf(
	fuzzsrc.Map(fuzzsrc.StringOfN(fuzzsrc.RuneFrom("abcxyz"), 1, 5), func(s string) pdTok { return pdTok{"ident", s} }),
	fuzzsrc.Map(fuzzsrc.IntRange(0, 9999), func(n int) pdTok { return pdTok{"num", strconv.Itoa(n)} }),
	fuzzsrc.Map(fuzzsrc.StringOf(fuzzsrc.RuneFrom(`ab "\`)), func(s string) pdTok { return pdTok{"str", s} }),
	fuzzsrc.Map(fuzzsrc.SampledFrom([]string{"+", "(", ")", "=="}), func(s string) pdTok { return pdTok{"punct", s} }),
))

func pdTokFails(v any) bool {
	toks := v.([]pdTok)
	parts := make([]string, len(toks))
	for i, t := range toks {
		parts[i] = t.Text
		if t.Kind == "str" {
			parts[i] = pdQuote(t.Text)
		}
	}
	got, ok := pdTokenize(strings.Join(parts, " "))
	return !ok || !slices.Equal(got, toks)
}

// ---- d iso week ----

func pdIsLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func pdDaysIn(y, m int) int {
	switch m {
	case 2:
		if pdIsLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func pdOrdinal(y, m, d int) int {
	n := d
	for i := 1; i < m; i++ {
		n += pdDaysIn(y, i)
	}
	return n
}

// pdWeekday is ISO: 1 for Monday to 7 for Sunday (Sakamoto's method).
func pdWeekday(y, m, d int) int {
	t := []int{0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4}
	if m < 3 {
		y--
	}
	w := (y + y/4 - y/100 + y/400 + t[m-1] + d) % 7 // 0 is Sunday
	if w == 0 {
		return 7
	}
	return w
}

func pdWeeksIn(y int) int {
	jan1 := pdWeekday(y, 1, 1)
	if jan1 == 4 || jan1 == 3 && pdIsLeap(y) {
		return 53
	}
	return 52
}

func pdISOWeek(y, m, d int) (int, int) {
	w := (pdOrdinal(y, m, d) - pdWeekday(y, m, d) + 10) / 7
	if w < 1 {
		return y - 1, 52 // bug: the last week of y-1 may be week 53
	}
	if w > pdWeeksIn(y) {
		return y + 1, 1
	}
	return y, w
}

type pdWeekCase struct{ Y, M, D, N int }

func pdWeekDraw(t *fuzzsrc.T) any {
	y := fuzzsrc.IntegerTowards(1900, 2100, 2000).Draw(t, "year")
	m := fuzzsrc.IntRange(1, 12).Draw(t, "month")
	d := fuzzsrc.IntRange(1, 31).Draw(t, "day")
	n := fuzzsrc.IntRange(1, 100).Draw(t, "days")
	return pdWeekCase{y, m, min(d, pdDaysIn(y, m)), n}
}

func pdWeekFails(v any) bool {
	c := v.(pdWeekCase)
	for i := 0; i < c.N; i++ {
		tm := time.Date(c.Y, time.Month(c.M), c.D+i, 12, 0, 0, 0, time.UTC)
		wy, ww := tm.ISOWeek()
		gy, gw := pdISOWeek(tm.Year(), int(tm.Month()), tm.Day())
		if gy != wy || gw != ww {
			return true
		}
	}
	return false
}

// ---- d cidr contains ----

type pdCIDRCase struct {
	Net   [4]byte
	Bits  uint8
	Addrs [][4]byte
}

func pdParseCIDR(s string) (net uint32, bits int, ok bool) {
	addr, b, found := strings.Cut(s, "/")
	if !found {
		return 0, 0, false
	}
	parts := strings.Split(addr, ".")
	if len(parts) != 4 {
		return 0, 0, false
	}
	for _, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 255 {
			return 0, 0, false
		}
		net = net<<8 | uint32(n)
	}
	bits, err := strconv.Atoi(b)
	if err != nil || bits < 0 || bits > 32 {
		return 0, 0, false
	}
	return net, bits, true
}

func pdCIDRContains(net uint32, bits int, ip uint32) bool {
	mask := ^uint32(0) << (32 - bits)
	return ip&mask == net // bug: net must be masked too
}

func pdCIDRDraw(t *fuzzsrc.T) any {
	var c pdCIDRCase
	for i := range c.Net {
		c.Net[i] = fuzzsrc.Byte().Draw(t, "octet")
	}
	c.Bits = fuzzsrc.IntegerRange[uint8](0, 32).Draw(t, "bits")
	c.Addrs = fuzzsrc.SliceOf(fuzzsrc.Make[[4]byte]()).Draw(t, "addrs")
	return c
}

func pdCIDRFails(v any) bool {
	c := v.(pdCIDRCase)
	s := fmt.Sprintf("%d.%d.%d.%d/%d", c.Net[0], c.Net[1], c.Net[2], c.Net[3], c.Bits)
	net, bits, ok := pdParseCIDR(s)
	pfx, err := netip.ParsePrefix(s)
	if !ok || err != nil {
		return true
	}
	for _, a := range c.Addrs {
		ip := uint32(a[0])<<24 | uint32(a[1])<<16 | uint32(a[2])<<8 | uint32(a[3])
		if pdCIDRContains(net, bits, ip) != pfx.Contains(netip.AddrFrom4(a)) {
			return true
		}
	}
	return false
}

// ---- d cents running balance ----

func pdFormatCents(c int64) string {
	frac := c % 100
	if frac < 0 {
		frac = -frac
	}
	return fmt.Sprintf("%d.%02d", c/100, frac) // bug: -0.50 prints as 0.50
}

func pdParseCents(s string) (int64, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, ok := strings.Cut(s, ".")
	if !ok || len(frac) != 2 {
		return 0, false
	}
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	c := w*100 + f
	if neg {
		c = -c
	}
	return c, true
}

func pdCentsFails(v any) bool {
	var bal int64
	for _, x := range v.([]int) {
		bal += int64(x)
		got, ok := pdParseCents(pdFormatCents(bal))
		if !ok || got != bal {
			return true
		}
	}
	return false
}

// ---- d fraction gcd sign ----

type pdFrac struct{ N, D int64 }

func pdGCD(a, b int64) int64 {
	for b != 0 { // bug: the result takes the sign of its inputs; it needs an abs
		a, b = b, a%b
	}
	return a
}

func pdNewFrac(n, d int64) pdFrac {
	if d < 0 {
		n, d = -n, -d
	}
	g := pdGCD(n, d)
	return pdFrac{n / g, d / g}
}

func (f pdFrac) Add(g pdFrac) pdFrac { return pdNewFrac(f.N*g.D+g.N*f.D, f.D*g.D) }

var pdFracGen = fuzzsrc.Custom(func(t *fuzzsrc.T) pdFrac {
	n := fuzzsrc.IntRange(-9, 9).Draw(t, "num")
	d := fuzzsrc.IntRange(-9, 9).Filter(func(d int) bool { return d != 0 }).Draw(t, "den")
	return pdFrac{int64(n), int64(d)}
})

func pdFracFails(v any) bool {
	sum := pdFrac{0, 1}
	want := new(big.Rat)
	for _, f := range v.([]pdFrac) {
		sum = sum.Add(pdNewFrac(f.N, f.D))
		want.Add(want, big.NewRat(f.N, f.D))
	}
	return sum.N != want.Num().Int64() || sum.D != want.Denom().Int64()
}

// ---- d roman nine hundred ----

var pdRomanTable = []struct {
	v int
	s string
}{
	{1000, "M"}, {500, "D"}, {400, "CD"}, {100, "C"}, // bug: {900, "CM"} is missing
	{90, "XC"}, {50, "L"}, {40, "XL"}, {10, "X"},
	{9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"},
}

func pdRoman(n int) string {
	var b strings.Builder
	for _, e := range pdRomanTable {
		for n >= e.v {
			b.WriteString(e.s)
			n -= e.v
		}
	}
	return b.String()
}

// pdRomanRef writes n digit by digit.
func pdRomanRef(n int) string {
	th := []string{"", "M", "MM", "MMM"}
	hu := []string{"", "C", "CC", "CCC", "CD", "D", "DC", "DCC", "DCCC", "CM"}
	te := []string{"", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"}
	on := []string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"}
	return th[n/1000] + hu[n/100%10] + te[n/10%10] + on[n%10]
}

func pdRomanFails(v any) bool {
	for _, n := range v.([]int) {
		if pdRoman(n) != pdRomanRef(n) {
			return true
		}
	}
	return false
}

// ---- d luhn check digit ----

func pdLuhnSum(s string, doubleFirst bool) int {
	sum := 0
	for i := 0; i < len(s); i++ {
		d := int(s[i] - '0')
		if (i%2 == 0) == doubleFirst {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum
}

// pdLuhnCheck returns the digit to append to payload.
func pdLuhnCheck(payload string) byte {
	sum := pdLuhnSum(payload, true) // bug: the doubling starts at the rightmost digit, not the first
	return byte('0' + (10-sum%10)%10)
}

func pdLuhnValid(s string) bool {
	// The check digit is not doubled: every second digit from the right is.
	return pdLuhnSum(s, len(s)%2 == 0)%10 == 0
}

// ---- d equal fold ----

type pdFoldPair struct{ S, T string }

func pdEqualFold(s, t string) bool {
	rs, rt := []rune(s), []rune(t)
	if len(rs) != len(rt) {
		return false
	}
	for i := range rs {
		if unicode.ToLower(rs[i]) != unicode.ToLower(rt[i]) { // bug: ſ and ς lower to themselves
			return false
		}
	}
	return true
}

// pdOrbit lists the runes that fold to r, r first.
func pdOrbit(r rune) []rune {
	o := []rune{r}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		o = append(o, f)
	}
	return o
}

var pdFoldGen = fuzzsrc.Custom(func(t *fuzzsrc.T) pdFoldPair {
	s := fuzzsrc.StringOf(fuzzsrc.RuneFrom("abksxσ")).Draw(t, "s")
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(fuzzsrc.SampledFrom(pdOrbit(r)).Draw(t, "case"))
	}
	return pdFoldPair{s, b.String()}
})

// ---- d utf8 overlong ----

func pdDecodeRune(b []byte) (rune, int) {
	bad := func() (rune, int) { return utf8.RuneError, 1 }
	c := b[0]
	cont := func(n int) (rune, bool) {
		if len(b) <= n {
			return 0, false
		}
		var r rune
		for i := 1; i <= n; i++ {
			if b[i]&0xC0 != 0x80 {
				return 0, false
			}
			r = r<<6 | rune(b[i]&0x3F)
		}
		return r, true
	}
	switch {
	case c < 0x80:
		return rune(c), 1
	case c < 0xC2:
		return bad()
	case c < 0xE0:
		r, ok := cont(1)
		if !ok {
			return bad()
		}
		return rune(c&0x1F)<<6 | r, 2
	case c < 0xF0:
		r, ok := cont(2)
		r |= rune(c&0x0F) << 12
		if !ok || 0xD800 <= r && r <= 0xDFFF { // bug: r < 0x800 is an overlong form
			return bad()
		}
		return r, 3
	case c < 0xF5:
		r, ok := cont(3)
		r |= rune(c&0x07) << 18
		if !ok || r < 0x10000 || r > utf8.MaxRune {
			return bad()
		}
		return r, 4
	}
	return bad()
}

func pdUTF8Fails(v any) bool {
	b := v.([]byte)
	for len(b) > 0 {
		r1, n1 := pdDecodeRune(b)
		r2, n2 := utf8.DecodeRune(b)
		if r1 != r2 || n1 != n2 {
			return true
		}
		b = b[n1:]
	}
	return false
}

// ---- d float parse scale ----

// pdParseDecimal parses digits with an optional fraction.
func pdParseDecimal(s string) (float64, bool) {
	var m uint64
	k := 0
	seenDot := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.' && !seenDot:
			seenDot = true
		case '0' <= c && c <= '9':
			m = m*10 + uint64(c-'0')
			if seenDot {
				k++
			}
		default:
			return 0, false
		}
	}
	return float64(m) * math.Pow10(-k), true // bug: 10^-k is inexact, divide by 10^k
}

type pdFloatCase struct {
	X    float64
	Prec int
}

func pdFloatFails(v any) bool {
	c := v.(pdFloatCase)
	s := strconv.FormatFloat(c.X, 'f', c.Prec, 64)
	got, ok := pdParseDecimal(s)
	want, err := strconv.ParseFloat(s, 64)
	return !ok || err != nil || got != want
}

// ---- d printf zero pad ----

type pdSpec struct {
	Minus, Zero, Plus bool
	Width             uint8
}

func pdFormatInt(spec pdSpec, n int) string {
	s := strconv.Itoa(n)
	if spec.Plus && n >= 0 {
		s = "+" + s
	}
	pad := int(spec.Width) - len(s)
	switch {
	case pad <= 0:
		return s
	case spec.Minus:
		return s + strings.Repeat(" ", pad)
	case spec.Zero:
		return strings.Repeat("0", pad) + s // bug: the zeros go after the sign
	default:
		return strings.Repeat(" ", pad) + s
	}
}

type pdPrintfCase struct {
	Spec pdSpec
	N    int
}

func pdPrintfFails(v any) bool {
	c := v.(pdPrintfCase)
	f := "%"
	if c.Spec.Minus {
		f += "-"
	}
	if c.Spec.Plus {
		f += "+"
	}
	if c.Spec.Zero {
		f += "0"
	}
	if c.Spec.Width > 0 {
		f += strconv.Itoa(int(c.Spec.Width))
	}
	return pdFormatInt(c.Spec, c.N) != fmt.Sprintf(f+"d", c.N)
}

// ---- d float sort key ----

// pdSortKey maps a float64 to a uint64 that sorts in the same order.
func pdSortKey(x float64) uint64 {
	b := math.Float64bits(x)
	if b>>63 == 1 {
		return b ^ 1<<63 // bug: a negative must flip every bit
	}
	return b | 1<<63
}

func pdSortKeyFails(v any) bool {
	xs := v.([]float64)
	for i, a := range xs {
		for _, b := range xs[i+1:] {
			if a < b && pdSortKey(a) >= pdSortKey(b) || b < a && pdSortKey(b) >= pdSortKey(a) {
				return true
			}
		}
	}
	return false
}

// ---- d json quote control ----

func pdJSONQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%02x`, r) // bug: \u takes four hex digits
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func pdJSONFails(v any) bool {
	s := v.(string)
	var got string
	err := json.Unmarshal([]byte(pdJSONQuote(s)), &got)
	return err != nil || got != s
}

func probesD() []probe {
	return []probe{
		{
			// simplest: [64] (one byte 0x40, read back as -64)
			name:  "d sleb128 stream",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.Integers[int64]()).Draw(t, "xs") },
			fails: pdSlebFails,
		},
		{
			// simplest: []byte{0xfc} (encodes to "/w==")
			name:  "d base64 decode table",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.Bytes().Draw(t, "data") },
			fails: pdB64Fails,
		},
		{
			// simplest: "%0g"
			name: "d percent decode hex",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.StringOf(fuzzsrc.RuneFrom("%0a9fAFgG/+")).Draw(t, "s")
			},
			fails: pdPercentFails,
		},
		{
			// simplest: "aaaa" (a literal, then a copy of 3 from 1 back)
			name:  "d lz77 overlap",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.StringOf(fuzzsrc.RuneFrom("abc")).Draw(t, "text") },
			fails: pdLZFails,
		},
		{
			// simplest: A ["a"], B ["a" "a"]
			name: "d line diff trim",
			draw: func(t *fuzzsrc.T) any {
				lines := fuzzsrc.SliceOf(fuzzsrc.SampledFrom([]string{"a", "b", "}"}))
				return pdDiffCase{lines.Draw(t, "a"), lines.Draw(t, "b")}
			},
			fails: pdDiffFails,
		},
		{
			// simplest: "../.."
			name: "d path clean dotdot",
			draw: func(t *fuzzsrc.T) any {
				rooted := fuzzsrc.Bool().Draw(t, "rooted")
				p := fuzzsrc.StringOf(fuzzsrc.RuneFrom("a/.")).Draw(t, "path")
				if rooted {
					p = "/" + p
				}
				return p
			},
			fails: func(v any) bool { return pdCleanPath(v.(string)) != path.Clean(v.(string)) },
		},
		{
			// simplest: {"a": {"a": "#"}}
			name: "d ini inline comment",
			draw: func(t *fuzzsrc.T) any {
				name := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("abc"), 1, 3)
				val := fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab1=;#"))
				return fuzzsrc.MapOf(name, fuzzsrc.MapOf(name, val)).Draw(t, "cfg")
			},
			fails: pdINIFails,
		},
		{
			// simplest: [{str `\`}] (written "\\", whose closing quote follows a backslash)
			name:  "d tokenizer string escape",
			draw:  func(t *fuzzsrc.T) any { return pdTokGen.Draw(t, "tokens") },
			fails: pdTokFails,
		},
		{
			// simplest: 1999-01-01 for 1 day (a Friday in 1998's week 53)
			name:  "d iso week 53",
			draw:  pdWeekDraw,
			fails: pdWeekFails,
		},
		{
			// simplest: 0.0.0.1/0 and addrs [0.0.0.0]
			name:  "d cidr contains",
			draw:  pdCIDRDraw,
			fails: pdCIDRFails,
		},
		{
			// simplest: [-1] (balance -0.01 printed "0.01")
			name: "d cents running balance",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.IntRange(-500, 500)).Draw(t, "amounts")
			},
			fails: pdCentsFails,
		},
		{
			// simplest: [1/-2] (or -1/2): gcd(-1, 2) = -1 gives 1/-2
			name:  "d fraction gcd sign",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(pdFracGen).Draw(t, "fracs") },
			fails: pdFracFails,
		},
		{
			// simplest: [900]
			name: "d roman nine hundred",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOfN(fuzzsrc.IntRange(1, 3999), 1, 8).Draw(t, "years")
			},
			fails: pdRomanFails,
		},
		{
			// simplest: "01"
			name: "d luhn check digit",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.StringOf(fuzzsrc.RuneFrom("0123456789")).Draw(t, "payload")
			},
			fails: func(v any) bool { s := v.(string); return !pdLuhnValid(s + string(pdLuhnCheck(s))) },
		},
		{
			// simplest: S "s", T "ſ"
			name:  "d equal fold",
			draw:  func(t *fuzzsrc.T) any { return pdFoldGen.Draw(t, "pair") },
			fails: func(v any) bool { p := v.(pdFoldPair); return pdEqualFold(p.S, p.T) != strings.EqualFold(p.S, p.T) },
		},
		{
			// simplest: []byte{0xe0, 0x80, 0x80}
			name:  "d utf8 overlong",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.BytesN(1, 64).Draw(t, "data") },
			fails: pdUTF8Fails,
		},
		{
			// simplest: X 0.3, Prec 1 (text "0.3", read as 3*0.1 = 0.30000000000000004)
			name: "d float parse scale",
			draw: func(t *fuzzsrc.T) any {
				x := fuzzsrc.Float64Range(0, 1e6).Draw(t, "x")
				prec := fuzzsrc.IntRange(0, 8).Draw(t, "prec")
				return pdFloatCase{x, prec}
			},
			fails: pdFloatFails,
		},
		{
			// simplest: Spec{Zero: true, Width: 3}, N -1 ("0-1", want "-01"),
			// or as simple, Spec{Zero: true, Plus: true, Width: 3}, N 0 ("00+0")
			name: "d printf zero pad",
			draw: func(t *fuzzsrc.T) any {
				spec := fuzzsrc.Make[pdSpec]().Draw(t, "spec")
				return pdPrintfCase{spec, fuzzsrc.Int().Draw(t, "n")}
			},
			fails: pdPrintfFails,
		},
		{
			// simplest: two negatives, [-0, -1] (or [-1, -2])
			name:  "d float sort key",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.Float64()).Draw(t, "xs") },
			fails: pdSortKeyFails,
		},
		{
			// simplest: "\v" (written "\u0b")
			name:  "d json quote control",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.String().Draw(t, "s") },
			fails: pdJSONFails,
		},
	}
}
