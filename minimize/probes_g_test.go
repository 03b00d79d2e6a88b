//go:build probes

package minimize_test

import (
	"bytes"
	"encoding/base32"
	"encoding/binary"
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// The shapes of real fuzz targets: a []byte or a string handed to a small
// parser or decoder, or a handful of scalars run through a formatter and
// read back, each with one planted bug of the kind fuzzing finds.

var pgErr = errors.New("malformed")

// pgPanics reports whether f panics.
func pgPanics(f func()) (panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	f()
	return false
}

// ---- g tlv trailing empty record ----

// pgTLV is one record: a header byte holding the type in its high nibble
// and the value's length in its low nibble, then the value.
type pgTLV struct {
	Type  byte
	Value []byte
}

// pgParseTLV parses records until b ends. The buggy loop condition stops
// one byte early: a last header byte is never read, so a final empty
// record is dropped and a final truncated header goes unnoticed.
func pgParseTLV(b []byte, buggy bool) ([]pgTLV, error) {
	var recs []pgTLV
	off := 0
	for (!buggy && off < len(b)) || (buggy && off+1 < len(b)) {
		h := b[off]
		n := int(h & 0x0f)
		if off+1+n > len(b) {
			return recs, pgErr
		}
		recs = append(recs, pgTLV{h >> 4, b[off+1 : off+1+n]})
		off += 1 + n
	}
	return recs, nil
}

func pgTLVFails(v any) bool {
	b := v.([]byte)
	got, gotErr := pgParseTLV(b, true)
	want, wantErr := pgParseTLV(b, false)
	return (gotErr == nil) != (wantErr == nil) || !slices.EqualFunc(got, want, func(x, y pgTLV) bool {
		return x.Type == y.Type && bytes.Equal(x.Value, y.Value)
	})
}

// ---- g length prefix negative ----

// pgFrames splits b into frames, each a big-endian int32 length and that
// many bytes. Bug: the length is signed and never checked for < 0, so a
// negative one passes the bounds check and the slice expression panics.
func pgFrames(b []byte) ([][]byte, error) {
	var frames [][]byte
	for off := 0; off < len(b); {
		if len(b)-off < 4 {
			return frames, pgErr
		}
		n := int(int32(binary.BigEndian.Uint32(b[off:])))
		off += 4
		if off+n > len(b) {
			return frames, pgErr
		}
		frames = append(frames, b[off:off+n])
		off += n
	}
	return frames, nil
}

// ---- g posting deltas wrap ----

// pgPostings decodes a posting list of uint16 document ids stored as
// uvarint gaps. It rejects zero gaps, but (the bug) neither checks a gap
// against the id range nor the running sum for overflow: a sum past
// 0xffff wraps, giving a list that is not increasing.
func pgPostings(b []byte) ([]uint16, error) {
	var ids []uint16
	var cur uint16
	for len(b) > 0 {
		d, k := binary.Uvarint(b)
		if k <= 0 {
			return ids, pgErr
		}
		b = b[k:]
		if d == 0 {
			return ids, pgErr
		}
		cur += uint16(d)
		ids = append(ids, cur)
	}
	return ids, nil
}

func pgPostingsFails(v any) bool {
	ids, err := pgPostings(v.([]byte))
	if err != nil {
		return false
	}
	for i := 1; i < len(ids); i++ {
		if ids[i] <= ids[i-1] {
			return true
		}
	}
	return false
}

// ---- g utf16le surrogate range ----

// pgDecodeUTF16LE decodes little-endian UTF-16 (an odd last byte is
// ignored). Bug: every unit from 0xD800 up is taken for a high surrogate,
// so the BMP characters from U+E000 on become U+FFFD or pair up with a
// following low surrogate.
func pgDecodeUTF16LE(b []byte) []rune {
	var out []rune
	n := len(b) / 2
	unit := func(i int) uint16 { return uint16(b[2*i]) | uint16(b[2*i+1])<<8 }
	for i := 0; i < n; i++ {
		u := unit(i)
		switch {
		case u < 0xd800:
			out = append(out, rune(u))
		case u < 0xdc00 || u >= 0xe000:
			if i+1 < n {
				if w := unit(i + 1); w >= 0xdc00 && w < 0xe000 {
					out = append(out, (rune(u)-0xd800)<<10|(rune(w)-0xdc00)+0x10000)
					i++
					continue
				}
			}
			out = append(out, 0xfffd)
		default:
			out = append(out, 0xfffd)
		}
	}
	return out
}

func pgUTF16Fails(v any) bool {
	b := v.([]byte)
	units := make([]uint16, len(b)/2)
	for i := range units {
		units[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return !slices.Equal(pgDecodeUTF16LE(b), utf16.Decode(units))
}

// ---- g packet checksum coverage ----

type pgPacket struct {
	Flags   byte
	Seq     uint32
	Payload []byte
}

// pgPacketCase is a packet and one byte of its encoding corrupted: the
// byte at Pos (modulo the length) is xored with Xor.
type pgPacketCase struct {
	P        pgPacket
	Pos, Xor byte
}

func pgSum16(parts ...[]byte) uint16 {
	var s uint16
	for _, p := range parts {
		for _, c := range p {
			s += uint16(c)
		}
	}
	return s
}

// pgEncodePacket writes version 1, the flags, the payload length (uint16
// big-endian), the sequence number (uint32 little-endian), the payload,
// and a big-endian sum of the bytes. Bug: the sum covers the first four
// header bytes and the payload but not the sequence number.
func pgEncodePacket(p pgPacket) []byte {
	b := make([]byte, 8, 10+len(p.Payload))
	b[0], b[1] = 1, p.Flags
	binary.BigEndian.PutUint16(b[2:], uint16(len(p.Payload)))
	binary.LittleEndian.PutUint32(b[4:], p.Seq)
	b = append(b, p.Payload...)
	return binary.BigEndian.AppendUint16(b, pgSum16(b[:4], p.Payload))
}

func pgDecodePacket(b []byte) (pgPacket, bool) {
	if len(b) < 10 || b[0] != 1 {
		return pgPacket{}, false
	}
	n := int(binary.BigEndian.Uint16(b[2:]))
	if len(b) != 8+n+2 {
		return pgPacket{}, false
	}
	payload := b[8 : 8+n]
	if binary.BigEndian.Uint16(b[8+n:]) != pgSum16(b[:4], payload) {
		return pgPacket{}, false
	}
	return pgPacket{b[1], binary.LittleEndian.Uint32(b[4:]), payload}, true
}

func pgPacketDraw(t *fuzzsrc.T) any {
	var c pgPacketCase
	c.P.Flags = fuzzsrc.Byte().Draw(t, "flags")
	c.P.Seq = fuzzsrc.Integers[uint32]().Draw(t, "seq")
	c.P.Payload = fuzzsrc.Bytes().Draw(t, "payload")
	c.Pos = fuzzsrc.Byte().Draw(t, "pos")
	c.Xor = fuzzsrc.Byte().Draw(t, "xor")
	return c
}

// pgPacketFails: a corrupted packet must be rejected or decode to the
// packet sent (when Xor is 0 nothing is corrupted).
func pgPacketFails(v any) bool {
	c := v.(pgPacketCase)
	b := pgEncodePacket(c.P)
	b[int(c.Pos)%len(b)] ^= c.Xor
	got, ok := pgDecodePacket(b)
	return ok && (got.Flags != c.P.Flags || got.Seq != c.P.Seq || !bytes.Equal(got.Payload, c.P.Payload))
}

// ---- g base32 last quantum ----

const pgB32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

// pgB32Decode decodes padded standard base32. Bug: its table of how many
// bytes a last quantum holds says 2 for three '=' where it is 3.
func pgB32Decode(s string) ([]byte, error) {
	if len(s)%8 != 0 {
		return nil, pgErr
	}
	var out []byte
	for q := 0; q < len(s); q += 8 {
		data := strings.TrimRight(s[q:q+8], "=")
		var v uint64
		for i := range 8 {
			d := 0
			if i < len(data) {
				if d = strings.IndexByte(pgB32Alphabet, data[i]); d < 0 {
					return nil, pgErr
				}
			}
			v = v<<5 | uint64(d)
		}
		n := [...]int{5, 4, -1, 2, 2, -1, 1, -1, -1}[8-len(data)]
		if n < 0 {
			return nil, pgErr
		}
		for i := range n {
			out = append(out, byte(v>>(32-8*i)))
		}
	}
	return out, nil
}

func pgB32Fails(v any) bool {
	b := v.([]byte)
	got, err := pgB32Decode(base32.StdEncoding.EncodeToString(b))
	return err != nil || !bytes.Equal(got, b)
}

// ---- g ring index uint8 wrap ----

// pgRing is a 16-slot ring buffer with free-running uint8 read and write
// counters. Bug: Len treats a write counter behind the read counter as
// having wrapped at 16, but the counters wrap at 256.
type pgRing struct {
	r, w uint8
	buf  [16]byte
}

func (q *pgRing) Len() int {
	if q.w >= q.r {
		return int(q.w - q.r)
	}
	return int(q.w) + 16 - int(q.r)
}

func (q *pgRing) Push(c byte) { q.buf[q.w%16] = c; q.w++ }
func (q *pgRing) Pop() byte   { c := q.buf[q.r%16]; q.r++; return c }

type pgRingCase struct {
	Start        uint8
	Pushes, Pops int
}

func pgRingDraw(t *fuzzsrc.T) any {
	return pgRingCase{
		Start:  fuzzsrc.Byte().Draw(t, "start"),
		Pushes: fuzzsrc.IntRange(0, 16).Draw(t, "pushes"),
		Pops:   fuzzsrc.IntRange(0, 16).Draw(t, "pops"),
	}
}

func pgRingFails(v any) bool {
	c := v.(pgRingCase)
	q := pgRing{r: c.Start, w: c.Start}
	for i := range c.Pushes {
		q.Push(byte(i))
	}
	pops := min(c.Pops, c.Pushes)
	for i := range pops {
		if q.Pop() != byte(i) {
			return true
		}
	}
	return q.Len() != c.Pushes-pops
}

// ---- g rabin karp last window ----

type pgSearchCase struct{ Hay, Needle string }

// pgIndexAll returns every (overlapping) index of needle in hay by a
// rolling hash. Bug: the rolling loop stops one window short, so a match
// in the last window, past the first, is missed.
func pgIndexAll(hay, needle string) []int {
	m := len(needle)
	if m == 0 || m > len(hay) {
		return nil
	}
	const base = 16777619
	var hn, hh uint32
	pow := uint32(1) // base^(m-1)
	for i := range m {
		hn = hn*base + uint32(needle[i])
		hh = hh*base + uint32(hay[i])
		if i > 0 {
			pow *= base
		}
	}
	var out []int
	if hh == hn && hay[:m] == needle {
		out = append(out, 0)
	}
	for i := 1; i < len(hay)-m; i++ {
		hh = (hh-uint32(hay[i-1])*pow)*base + uint32(hay[i+m-1])
		if hh == hn && hay[i:i+m] == needle {
			out = append(out, i)
		}
	}
	return out
}

func pgSearchFails(v any) bool {
	c := v.(pgSearchCase)
	var want []int
	for i := 0; i+len(c.Needle) <= len(c.Hay); i++ {
		if strings.HasPrefix(c.Hay[i:], c.Needle) {
			want = append(want, i)
		}
	}
	return !slices.Equal(pgIndexAll(c.Hay, c.Needle), want)
}

// ---- g tokenizer keyword prefix ----

type pgTok struct{ Kind, Text string }

var pgKeywords = []string{"for", "if", "in"}

func pgIsLetter(c byte) bool { return 'a' <= c && c <= 'z' }
func pgIsDigit(c byte) bool  { return '0' <= c && c <= '9' }

// pgLex splits s into numbers, identifiers, keywords and punctuation.
// Bug: the fast path matches a keyword as a prefix of the text before
// scanning the word, so "iffy" lexes as the keyword "if" and "fy".
func pgLex(s string, buggy bool) []pgTok {
	var toks []pgTok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ':
			i++
		case pgIsDigit(c):
			j := i + 1
			for j < len(s) && pgIsDigit(s[j]) {
				j++
			}
			toks = append(toks, pgTok{"num", s[i:j]})
			i = j
		case pgIsLetter(c):
			if buggy {
				kw := ""
				for _, k := range pgKeywords {
					if strings.HasPrefix(s[i:], k) {
						kw = k
					}
				}
				if kw != "" {
					toks = append(toks, pgTok{"kw", kw})
					i += len(kw)
					continue
				}
			}
			j := i + 1
			for j < len(s) && (pgIsLetter(s[j]) || pgIsDigit(s[j])) {
				j++
			}
			kind := "ident"
			if slices.Contains(pgKeywords, s[i:j]) {
				kind = "kw"
			}
			toks = append(toks, pgTok{kind, s[i:j]})
			i = j
		default:
			toks = append(toks, pgTok{"punct", s[i : i+1]})
			i++
		}
	}
	return toks
}

// ---- g handshake rehello keeps auth ----

// pgHandshake runs a session's messages, each a byte whose low two bits
// are its type (0 BYE, 1 HELLO, 2 AUTH, 3 DATA; the high bits are flags),
// and returns how many it accepts before one is out of turn and the
// connection closes. AUTH must follow HELLO; DATA needs an authenticated
// session; HELLO renegotiates and BYE ends the session. Bug: a HELLO
// during an authenticated session does not drop the authentication.
func pgHandshake(msgs []byte, buggy bool) int {
	greeted, authed := false, false
	for i, m := range msgs {
		switch m & 3 {
		case 0:
			greeted, authed = false, false
		case 1:
			greeted = true
			if !buggy {
				authed = false
			}
		case 2:
			if !greeted || authed {
				return i
			}
			authed = true
		case 3:
			if !authed {
				return i
			}
		}
	}
	return len(msgs)
}

// ---- g shell quote backslash ----

// pgShellQuote quotes s for a POSIX shell. Bug: it leaves a word bare
// when it has no blank or quote, but a backslash is special too.
func pgShellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, ` '"`) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// pgShellSplit splits a command line into words as a POSIX shell does
// (blanks, single and double quotes, backslash escapes).
func pgShellSplit(s string) ([]string, bool) {
	var words []string
	var cur strings.Builder
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case ' ':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case '"':
			in = true
			for i++; ; i++ {
				if i >= len(s) {
					return nil, false
				}
				if s[i] == '"' {
					break
				}
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
		case '\\':
			if i+1 >= len(s) {
				return nil, false
			}
			i++
			cur.WriteByte(s[i])
			in = true
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words, true
}

func pgShellFails(v any) bool {
	args := v.([]string)
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = pgShellQuote(a)
	}
	got, ok := pgShellSplit(strings.Join(quoted, " "))
	return !ok || !slices.Equal(got, args)
}

// ---- g header blank continuation ----

type pgField struct{ Key, Value string }

// pgParseHeader parses "Key: value" lines; a line starting with a blank
// continues the last value (obs-fold), joined with one space. Bug: a
// continuation line of blanks only still adds the joining space.
func pgParseHeader(s string, buggy bool) ([]pgField, bool) {
	var fs []pgField
	for _, line := range strings.Split(s, "\n") {
		if line == "" {
			continue
		}
		if line[0] == ' ' {
			if len(fs) == 0 {
				return nil, false
			}
			v := strings.TrimSpace(line)
			if v == "" && !buggy {
				continue
			}
			last := &fs[len(fs)-1]
			if last.Value != "" {
				last.Value += " "
			}
			last.Value += v
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok || k == "" || strings.Contains(k, " ") {
			return nil, false
		}
		fs = append(fs, pgField{k, strings.TrimSpace(v)})
	}
	return fs, true
}

func pgHeaderFails(v any) bool {
	s := v.(string)
	got, gotOK := pgParseHeader(s, true)
	want, wantOK := pgParseHeader(s, false)
	return gotOK != wantOK || !slices.Equal(got, want)
}

// ---- g fat timestamp minutes ----

// pgStamp is a local time as an MS-DOS (FAT) timestamp holds it: years
// 1980 to 2107, seconds in steps of two.
type pgStamp struct{ Year, Month, Day, Hour, Minute, Second int }

func pgPackFAT(t pgStamp) uint32 {
	date := (t.Year-1980)<<9 | t.Month<<5 | t.Day
	tm := t.Hour<<11 | t.Minute<<5 | t.Second/2
	return uint32(date)<<16 | uint32(tm)
}

// pgUnpackFAT reads the fields back. Bug: the minute field is six bits
// wide but is masked with 0x1f.
func pgUnpackFAT(v uint32) pgStamp {
	date, tm := v>>16, v&0xffff
	return pgStamp{
		Year: int(date>>9) + 1980, Month: int(date >> 5 & 0x0f), Day: int(date & 0x1f),
		Hour: int(tm >> 11), Minute: int(tm >> 5 & 0x1f), Second: int(tm&0x1f) * 2,
	}
}

func pgStampDraw(t *fuzzsrc.T) any {
	return pgStamp{
		Year:   fuzzsrc.IntRange(1980, 2107).Draw(t, "year"),
		Month:  fuzzsrc.IntRange(1, 12).Draw(t, "month"),
		Day:    fuzzsrc.IntRange(1, 31).Draw(t, "day"),
		Hour:   fuzzsrc.IntRange(0, 23).Draw(t, "hour"),
		Minute: fuzzsrc.IntRange(0, 59).Draw(t, "minute"),
		Second: 2 * fuzzsrc.IntRange(0, 29).Draw(t, "second/2"),
	}
}

// ---- g glob star no backtrack ----

type pgGlobCase struct{ Pattern, Name string }

// pgGlob matches name against a pattern of literals, '?' and '*'. Bug: a
// '*' commits to the first place the pattern's next byte could match and
// never backtracks to try a later one.
func pgGlob(p, s string) bool {
	for len(p) > 0 {
		switch p[0] {
		case '*':
			rest := p[1:]
			if rest == "" {
				return true
			}
			for i := 0; i < len(s); i++ {
				if rest[0] == '*' || rest[0] == '?' || rest[0] == s[i] {
					return pgGlob(rest, s[i:])
				}
			}
			return pgGlob(rest, "")
		case '?':
			if s == "" {
				return false
			}
		default:
			if s == "" || s[0] != p[0] {
				return false
			}
		}
		p, s = p[1:], s[1:]
	}
	return s == ""
}

func pgGlobFails(v any) bool {
	c := v.(pgGlobCase)
	want, err := path.Match(c.Pattern, c.Name)
	return err == nil && pgGlob(c.Pattern, c.Name) != want
}

// ---- g template resume offset ----

var pgTemplateVars = map[string]string{"a": "A", "b": "BB", "ab": ""}

// pgExpand replaces ${name} with the variable's value (empty when it is
// not set) and $$ with $; any other $ is kept. Bug: after a placeholder
// it moves on by the value's length instead of the name's, so a value
// longer or shorter than its name skips or rereads template text.
func pgExpand(s string, buggy bool) string {
	var out strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '$' {
			out.WriteByte(s[i])
			i++
			continue
		}
		if i+1 < len(s) && s[i+1] == '$' {
			out.WriteByte('$')
			i += 2
			continue
		}
		if i+1 < len(s) && s[i+1] == '{' {
			if j := strings.IndexByte(s[i+2:], '}'); j >= 0 {
				name := s[i+2 : i+2+j]
				val := pgTemplateVars[name]
				out.WriteString(val)
				if buggy {
					i += len(val) + 3
				} else {
					i += len(name) + 3
				}
				continue
			}
		}
		out.WriteByte('$')
		i++
	}
	return out.String()
}

// ---- g byte range single ----

type pgRangeCase struct{ Size, Start, End int }

// pgParseRange parses an HTTP "bytes=start-end" range (end inclusive)
// against a body of size bytes, clamping end to the body. Bug: it
// rejects start == end, a one-byte range.
func pgParseRange(h string, size int) (start, end int, ok bool) {
	spec, found := strings.CutPrefix(h, "bytes=")
	a, b, found2 := strings.Cut(spec, "-")
	if !found || !found2 {
		return 0, 0, false
	}
	s, err1 := strconv.Atoi(a)
	e, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || s >= e || s >= size {
		return 0, 0, false
	}
	return s, min(e, size-1), true
}

func pgRangeDraw(t *fuzzsrc.T) any {
	return pgRangeCase{
		Size:  fuzzsrc.IntRange(0, 20).Draw(t, "size"),
		Start: fuzzsrc.IntRange(0, 20).Draw(t, "start"),
		End:   fuzzsrc.IntRange(0, 20).Draw(t, "end"),
	}
}

func pgRangeFails(v any) bool {
	c := v.(pgRangeCase)
	s, e, ok := pgParseRange(fmt.Sprintf("bytes=%d-%d", c.Start, c.End), c.Size)
	wantOK := c.Start <= c.End && c.Start < c.Size
	return ok != wantOK || ok && (s != c.Start || e != min(c.End, c.Size-1))
}

// ---- g ipv4 octet limit ----

// pgParseIPv4 parses a dotted quad. Bug: an octet may be 256.
func pgParseIPv4(s string) ([4]byte, bool) {
	var ip [4]byte
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return ip, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 256 {
			return ip, false
		}
		ip[i] = byte(n)
	}
	return ip, true
}

func pgIPv4Fails(v any) bool {
	oct := v.([4]int)
	s := fmt.Sprintf("%d.%d.%d.%d", oct[0], oct[1], oct[2], oct[3])
	ip, ok := pgParseIPv4(s)
	valid := true
	for i, o := range oct {
		if o > 255 {
			valid = false
		} else if ok && int(ip[i]) != o {
			return true
		}
	}
	return ok != valid
}

// ---- g cookie value blanks ----

type pgCookie struct{ Name, Value string }

// pgParseCookies parses a Cookie header, "a=1; b=2". Bug: the value keeps
// the blanks that follow its '='.
func pgParseCookies(s string, buggy bool) []pgCookie {
	var out []pgCookie
	for _, part := range strings.Split(s, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(part), "=")
		name = strings.TrimSpace(name)
		if !buggy {
			value = strings.TrimSpace(value)
		}
		if name == "" {
			continue
		}
		out = append(out, pgCookie{name, value})
	}
	return out
}

// ---- g protobuf skip fixed64 ----

// pgSkipFields walks protobuf wire-format fields without decoding them
// and returns how many it passed and whether it reached the end cleanly.
// Bug (buggy): wire type 1, fixed64, skips four bytes, as fixed32 does.
func pgSkipFields(b []byte, buggy bool) (int, bool) {
	n := 0
	for len(b) > 0 {
		tag, k := binary.Uvarint(b)
		if k <= 0 || tag>>3 == 0 {
			return n, false
		}
		b = b[k:]
		switch tag & 7 {
		case 0:
			if _, k = binary.Uvarint(b); k <= 0 {
				return n, false
			}
			b = b[k:]
		case 1, 5:
			w := 4
			if tag&7 == 1 && !buggy {
				w = 8
			}
			if len(b) < w {
				return n, false
			}
			b = b[w:]
		case 2:
			l, k := binary.Uvarint(b)
			if k <= 0 || l > uint64(len(b)-k) {
				return n, false
			}
			b = b[k+int(l):]
		default:
			return n, false
		}
		n++
	}
	return n, true
}

func pgProtoFails(v any) bool {
	b := v.([]byte)
	gn, gok := pgSkipFields(b, true)
	wn, wok := pgSkipFields(b, false)
	return gn != wn || gok != wok
}

// ---- g clock twelve noon ----

type pgClock struct{ Hour, Minute int }

// pgFormat12 formats a 24-hour time on a 12-hour clock. Bug: hour 12 (noon)
// comes out as "0:mm PM": only midnight is mapped to 12.
func pgFormat12(h, m int) string {
	suffix := "AM"
	if h >= 12 {
		suffix = "PM"
	}
	h12 := h % 12
	if h == 0 {
		h12 = 12
	}
	return fmt.Sprintf("%d:%02d %s", h12, m, suffix)
}

// pgParse12 reads a 12-hour time back to 24 hours.
func pgParse12(s string) (int, int, bool) {
	var h, m int
	var suffix string
	if _, err := fmt.Sscanf(s, "%d:%d %s", &h, &m, &suffix); err != nil || h < 1 || h > 12 {
		return 0, 0, false
	}
	h %= 12
	switch suffix {
	case "AM":
	case "PM":
		h += 12
	default:
		return 0, 0, false
	}
	return h, m, true
}

func pgClockFails(v any) bool {
	c := v.(pgClock)
	h, m, ok := pgParse12(pgFormat12(c.Hour, c.Minute))
	return !ok || h != c.Hour || m != c.Minute
}

func probesG() []probe {
	return []probe{
		{
			// simplest: []byte{0x00} (an empty record as the last byte)
			name:  "g tlv trailing empty record",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.Bytes().Draw(t, "data") },
			fails: pgTLVFails,
		},
		{
			// simplest: []byte{0x80, 0, 0, 0} (length -2^31)
			name:  "g length prefix negative",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.Bytes().Draw(t, "data") },
			fails: func(v any) bool { return pgPanics(func() { pgFrames(v.([]byte)) }) },
		},
		{
			// simplest: []byte{0x01, 0x80, 0x80, 0x04} (gaps 1 and 65536: ids 1, 1)
			name:  "g posting deltas wrap",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.Bytes().Draw(t, "data") },
			fails: pgPostingsFails,
		},
		{
			// simplest: []byte{0x00, 0xe0} (U+E000 alone)
			name:  "g utf16le surrogate range",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.Bytes().Draw(t, "data") },
			fails: pgUTF16Fails,
		},
		{
			// simplest: P{Flags 0, Seq 0, Payload nil}, Pos 4, Xor 1 (the first seq byte flipped)
			name:  "g packet checksum coverage",
			draw:  pgPacketDraw,
			fails: pgPacketFails,
		},
		{
			// simplest: []byte{0, 0, 0}
			name:  "g base32 last quantum",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.Bytes().Draw(t, "data") },
			fails: pgB32Fails,
		},
		{
			// simplest: Start 240, Pushes 16, Pops 0 (the write counter wraps to 0)
			name:  "g ring index uint8 wrap",
			draw:  pgRingDraw,
			fails: pgRingFails,
		},
		{
			// simplest: Hay "aa", Needle "a"
			name: "g rabin karp last window",
			draw: func(t *fuzzsrc.T) any {
				hay := fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab")).Draw(t, "hay")
				needle := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("ab"), 1, 3).Draw(t, "needle")
				return pgSearchCase{hay, needle}
			},
			fails: pgSearchFails,
		},
		{
			// simplest: "if1"
			name: "g tokenizer keyword prefix",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.StringOf(fuzzsrc.RuneFrom(" 1=finor")).Draw(t, "src") },
			fails: func(v any) bool {
				s := v.(string)
				return !slices.Equal(pgLex(s, true), pgLex(s, false))
			},
		},
		{
			// simplest: []byte{1, 2, 1, 2} (HELLO AUTH HELLO AUTH: the buggy side refuses the second AUTH as a repeat)
			name: "g handshake rehello keeps auth",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Bytes().Draw(t, "msgs") },
			fails: func(v any) bool {
				b := v.([]byte)
				return pgHandshake(b, true) != pgHandshake(b, false)
			},
		},
		{
			// simplest: []string{`\`}
			name: "g shell quote backslash",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.StringOf(fuzzsrc.RuneFrom(`a '"\`))).Draw(t, "args")
			},
			fails: pgShellFails,
		},
		{
			// simplest: "a::\n " (value ":" then a blank continuation)
			name:  "g header blank continuation",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.StringOf(fuzzsrc.RuneFrom("a:\n ")).Draw(t, "header") },
			fails: pgHeaderFails,
		},
		{
			// simplest: {1980, 1, 1, 0, 32, 0}
			name:  "g fat timestamp minutes",
			draw:  pgStampDraw,
			fails: func(v any) bool { s := v.(pgStamp); return pgUnpackFAT(pgPackFAT(s)) != s },
		},
		{
			// simplest: Pattern "*?", Name "aa"
			name: "g glob star no backtrack",
			draw: func(t *fuzzsrc.T) any {
				p := fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab*?")).Draw(t, "pattern")
				n := fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab")).Draw(t, "name")
				return pgGlobCase{p, n}
			},
			fails: pgGlobFails,
		},
		{
			// simplest: "${$}" (name "$" unset: moves on 3, rereads "}")
			name: "g template resume offset",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.StringOf(fuzzsrc.RuneFrom("${}ab")).Draw(t, "tmpl") },
			fails: func(v any) bool {
				s := v.(string)
				return pgExpand(s, true) != pgExpand(s, false)
			},
		},
		{
			// simplest: Size 1, Start 0, End 0
			name:  "g byte range single",
			draw:  pgRangeDraw,
			fails: pgRangeFails,
		},
		{
			// simplest: [0 0 0 256]
			name: "g ipv4 octet limit",
			draw: func(t *fuzzsrc.T) any {
				var o [4]int
				for i := range o {
					o[i] = fuzzsrc.IntRange(0, 300).Draw(t, "octet")
				}
				return o
			},
			fails: pgIPv4Fails,
		},
		{
			// simplest: "a=\t=" (value "\t=" for "=")
			name: "g cookie value blanks",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.StringOf(fuzzsrc.RuneFrom("a=; \t")).Draw(t, "cookie") },
			fails: func(v any) bool {
				s := v.(string)
				return !slices.Equal(pgParseCookies(s, true), pgParseCookies(s, false))
			},
		},
		{
			// simplest: []byte{0x09, 0, 0, 0, 0} (field 1, fixed64, four bytes)
			name:  "g protobuf skip fixed64",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.Bytes().Draw(t, "msg") },
			fails: pgProtoFails,
		},
		{
			// simplest: Hour 12, Minute 0
			name: "g clock twelve noon",
			draw: func(t *fuzzsrc.T) any {
				return pgClock{fuzzsrc.IntRange(0, 23).Draw(t, "hour"), fuzzsrc.IntRange(0, 59).Draw(t, "minute")}
			},
			fails: pgClockFails,
		},
	}
}
