//go:build probes

package minimize_test

// Still more plain-bytes probes (see probes_plain_test.go for the
// harness): an X.509 certificate in ASN.1 DER, a tar archive with PAX
// headers, a WebAssembly module, a CBOR sequence turned into JSON lines, a
// WAVE file, a regular expression, an e-mail's header fields and an SQL
// dump.

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

func plainProbes3() []plainProbe {
	return []plainProbe{
		{"pr-der-utctime", prDER, "0\x0f\x17\x0d000001000000Z", genPrDER},
		{"pr-tar-pax", prTar, prTarSmallest, genPrTar},
		{"pr-wasm-select", prWasm, "\x00asm\x01\x00\x00\x00\x01\x04\x01\x60\x00\x00\x03\x02\x01\x00\x0a\x05\x01\x03\x00\x00\x1b", genPrWasm},
		{"pr-cbor-decimal", prCBOR, "\xc4\x82\x21\x00", genPrCBOR},
		{"pr-wav-extensible", prWAV, prWAVSmallest, genPrWAV},
		{"pr-regexp-fold", prRegexp, "(?i)[\x00-\u0080", genPrRegexp},
		{"pr-mail-qword", prMail, "CC:=?!?Q?=?=<!@!>", genPrMail},
		{"pr-sql-unique", prSQL, "CREATE\tTABLE\tA(A\tINT,UNIQUE(B))", genPrSQL},
	}
}

// ---- ASN.1 DER: an X.509 certificate ----

// prDER walks a DER structure as a certificate parser's first pass does:
// the input is one SEQUENCE (nothing may follow it), and every element in
// it is read: a tag byte (low tag numbers only), a length (short form, or
// long form of 1 to 4 bytes, minimal, never indefinite) and the content.
// Constructed elements (SEQUENCE, SET, and context-specific or
// application ones) are walked in turn, up to 20 deep; primitive
// universal ones are checked: BOOLEAN, INTEGER and ENUMERATED (minimal),
// BIT STRING, OCTET STRING, NULL, OBJECT IDENTIFIER, UTF8String,
// PrintableString, T61String, IA5String, BMPString, UTCTime
// (YYMMDDhhmmssZ) and GeneralizedTime (YYYYMMDDhhmmssZ); other universal
// types are an error; implicitly tagged primitives are the schema's
// business and skipped.
//
// Bug: a time's month is checked against 12 but not against 1, and
// month 0 looks up the days of month -1.
//
// Smallest "0\x0f\x17\x0d000001000000Z" (17 bytes): the SEQUENCE, holding
// the UTCTime 2000, month 00, day 01, 00:00:00. Argued: the time must be
// inside the SEQUENCE (2 bytes of header), the UTCTime is the shorter time
// (2+13 bytes), and nothing else fits; within it year 00 and the time of
// day 000000 are least, the month must be 00, and the day the least that
// passes the check before the lookup, 01.
func prDER(b []byte) int {
	tag, content, rest, ok := prDERElem(b)
	if !ok || tag != 0x30 {
		return -1
	}
	n, ok := prDERWalk(content, 1)
	if !ok || len(rest) != 0 {
		return -1
	}
	return n
}

// prDERElem reads one element from b.
func prDERElem(b []byte) (tag byte, content, rest []byte, ok bool) {
	if len(b) < 2 || b[0]&0x1f == 0x1f {
		return 0, nil, nil, false
	}
	n, i := int(b[1]), 2
	if n >= 0x80 {
		k := n & 0x7f
		if k == 0 || k > 4 || len(b) < 2+k || b[2] == 0 {
			return 0, nil, nil, false
		}
		n = 0
		for _, c := range b[2 : 2+k] {
			n = n<<8 | int(c)
		}
		if n < 0x80 {
			return 0, nil, nil, false
		}
		i = 2 + k
	}
	if n > len(b)-i {
		return 0, nil, nil, false
	}
	return b[0], b[i : i+n], b[i+n:], true
}

// prDERWalk walks the elements of b and returns how many there are.
func prDERWalk(b []byte, depth int) (int, bool) {
	if depth > 20 {
		return 0, false
	}
	n := 0
	for len(b) > 0 {
		tag, c, rest, ok := prDERElem(b)
		if !ok {
			return 0, false
		}
		b = rest
		n++
		switch {
		case tag&0x20 != 0:
			if tag&0xc0 == 0 && tag != 0x30 && tag != 0x31 {
				return 0, false
			}
			m, ok := prDERWalk(c, depth+1)
			if !ok {
				return 0, false
			}
			n += m
		case tag&0xc0 != 0:
		default:
			if !prDERPrimitive(tag, c) {
				return 0, false
			}
		}
	}
	return n, true
}

// prDERPrimitive checks the content of a primitive universal element.
func prDERPrimitive(tag byte, c []byte) bool {
	switch tag {
	case 0x01:
		return len(c) == 1 && (c[0] == 0 || c[0] == 0xff)
	case 0x02, 0x0a:
		return len(c) > 0 && !(len(c) > 1 && (c[0] == 0 && c[1] < 0x80 || c[0] == 0xff && c[1] >= 0x80))
	case 0x03:
		if len(c) == 0 || c[0] > 7 || len(c) == 1 && c[0] != 0 {
			return false
		}
		return c[len(c)-1]&(1<<c[0]-1) == 0
	case 0x04, 0x14:
		return true
	case 0x05:
		return len(c) == 0
	case 0x06:
		if len(c) == 0 || c[len(c)-1] >= 0x80 {
			return false
		}
		for i, x := range c {
			if x == 0x80 && (i == 0 || c[i-1] < 0x80) {
				return false
			}
		}
		return true
	case 0x0c:
		return utf8.Valid(c)
	case 0x13:
		for _, x := range c {
			if !prPrintable(x) {
				return false
			}
		}
		return true
	case 0x16:
		for _, x := range c {
			if x >= 0x80 {
				return false
			}
		}
		return true
	case 0x17:
		return prDERTime(c, false)
	case 0x18:
		return prDERTime(c, true)
	case 0x1e:
		return len(c)%2 == 0
	}
	return false
}

// prPrintable reports whether c may be in a PrintableString.
func prPrintable(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(" '()+,-./:=?", c) >= 0
}

// prDERTime checks a UTCTime or GeneralizedTime.
func prDERTime(c []byte, generalized bool) bool {
	n := 13
	if generalized {
		n = 15
	}
	if len(c) != n || c[n-1] != 'Z' {
		return false
	}
	for _, d := range c[:n-1] {
		if d < '0' || d > '9' {
			return false
		}
	}
	two := func(i int) int { return int(c[i]-'0')*10 + int(c[i+1]-'0') }
	year, i := 1900+two(0), 2
	if generalized {
		year, i = two(0)*100+two(2), 4
	} else if year < 1950 {
		year += 100
	}
	month, day, hour, minute, sec := two(i), two(i+2), two(i+4), two(i+6), two(i+8)
	if month > 12 || hour > 23 || minute > 59 || sec > 59 {
		return false
	}
	return day >= 1 && day <= prDaysIn(year, month)
}

var prMonthDays = [12]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

// prDaysIn is the number of days in month (1 to 12) of year.
func prDaysIn(year, month int) int {
	if month == 2 && year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		return 29
	}
	return prMonthDays[month-1] // BUG: prDERTime lets month 0 through
}

// prDERTLV writes an element with a minimal length.
func prDERTLV(tag byte, parts ...[]byte) []byte {
	c := slices.Concat(parts...)
	out := []byte{tag}
	switch n := len(c); {
	case n < 0x80:
		out = append(out, byte(n))
	case n < 0x100:
		out = append(out, 0x81, byte(n))
	case n < 0x10000:
		out = append(out, 0x82, byte(n>>8), byte(n))
	default:
		out = append(out, 0x83, byte(n>>16), byte(n>>8), byte(n))
	}
	return append(out, c...)
}

// prBase128 appends x in base 128, high digits first, all but the last
// with the high bit set.
func prBase128(out []byte, x int) []byte {
	var d []byte
	for {
		d = append(d, byte(x&0x7f))
		if x >>= 7; x == 0 {
			break
		}
	}
	for i := len(d) - 1; i >= 0; i-- {
		if i > 0 {
			d[i] |= 0x80
		}
		out = append(out, d[i])
	}
	return out
}

// prOID writes a dotted object identifier as an element.
func prOID(s string) []byte {
	var v []int
	for _, p := range strings.Split(s, ".") {
		x, _ := strconv.Atoi(p)
		v = append(v, x)
	}
	out := prBase128(nil, v[0]*40+v[1])
	for _, x := range v[2:] {
		out = prBase128(out, x)
	}
	return prDERTLV(0x06, out)
}

// prDERInt writes the unsigned big-endian b as a minimal INTEGER.
func prDERInt(b []byte) []byte {
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	if b[0] >= 0x80 {
		b = append([]byte{0}, b...)
	}
	return prDERTLV(0x02, b)
}

// prDERString writes s as a PrintableString if it can be one, else as a
// UTF8String.
func prDERString(s string) []byte {
	for i := range len(s) {
		if !prPrintable(s[i]) {
			return prDERTLV(0x0c, []byte(s))
		}
	}
	return prDERTLV(0x13, []byte(s))
}

// prDERName writes a distinguished name ending in the common name cn.
func prDERName(r *rand.Rand, cn string) []byte {
	var rdns [][]byte
	attr := func(oid, v string) {
		rdns = append(rdns, prDERTLV(0x31, prDERTLV(0x30, prOID(oid), prDERString(v))))
	}
	attr("2.5.4.6", ppPick(r, "US", "DE", "FR", "JP", "CH", "GB"))
	if r.IntN(2) == 0 {
		attr("2.5.4.8", ppPick(r, "California", "Bayern", "Île-de-France", "Tokyo", "Zürich"))
	}
	if r.IntN(2) == 0 {
		attr("2.5.4.7", ppPick(r, "San Francisco", "München", "Paris", "Minato-ku"))
	}
	attr("2.5.4.10", ppPick(r, "Let's Encrypt", "DigiCert Inc", "Example Corp", "Internet Security Research Group", ppWord(r, 4, 10)+" GmbH"))
	if r.IntN(3) == 0 {
		attr("2.5.4.11", ppPick(r, "IT", "Platform Engineering", "www.digicert.com"))
	}
	attr("2.5.4.3", cn)
	return prDERTLV(0x30, rdns...)
}

// prDERTimeOf writes a time in year as a UTCTime (GeneralizedTime from
// 2050), with month 00 if bad.
func prDERTimeOf(r *rand.Rand, year int, bad bool) []byte {
	month := 1 + r.IntN(12)
	if bad {
		month = 0
	}
	s := fmt.Sprintf("%02d%02d%02d%02d%02dZ", month, 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
	if year >= 2050 {
		return prDERTLV(0x18, []byte(fmt.Sprintf("%04d", year)+s))
	}
	return prDERTLV(0x17, []byte(fmt.Sprintf("%02d", year%100)+s))
}

// genPrDER writes a TLS server certificate (RSA or ECDSA key, extensions
// with a signed certificate timestamp list of random bytes) whose
// validity has a time with month 00, sometimes with bytes after it.
func genPrDER(r *rand.Rand) []byte {
	ec := r.IntN(2) == 0
	var alg, spki, sig []byte
	if ec {
		alg = prDERTLV(0x30, prOID("1.2.840.10045.4.3.2"))
		spki = prDERTLV(0x30, prDERTLV(0x30, prOID("1.2.840.10045.2.1"), prOID("1.2.840.10045.3.1.7")), prDERTLV(0x03, []byte{0, 4}, ppBytes(r, 64)))
		sig = prDERTLV(0x03, []byte{0}, prDERTLV(0x30, prDERInt(ppBytes(r, 32)), prDERInt(ppBytes(r, 32))))
	} else {
		alg = prDERTLV(0x30, prOID("1.2.840.113549.1.1.11"), prDERTLV(0x05))
		mod := ppBytes(r, ppPick(r, 128, 256))
		mod[0] |= 0x80
		key := prDERTLV(0x30, prDERInt(mod), prDERTLV(0x02, []byte{1, 0, 1}))
		spki = prDERTLV(0x30, prDERTLV(0x30, prOID("1.2.840.113549.1.1.1"), prDERTLV(0x05)), prDERTLV(0x03, []byte{0}, key))
		sig = prDERTLV(0x03, []byte{0}, ppBytes(r, len(mod)))
	}
	serial := ppBytes(r, 8+r.IntN(13))
	serial[0] = 1 + serial[0]%0x7f
	start := 2000 + r.IntN(45)
	badEnd := r.IntN(2) == 0
	validity := prDERTLV(0x30, prDERTimeOf(r, start, !badEnd), prDERTimeOf(r, start+1+r.IntN(30), badEnd))
	host := ppWord(r, 3, 10) + "." + ppPick(r, "example.com", "internal", "test.org", "corp.local")
	var sans [][]byte
	for _, h := range []string{host, "www." + host, ppWord(r, 2, 8) + "." + host}[:1+r.IntN(3)] {
		sans = append(sans, prDERTLV(0x82, []byte(h)))
	}
	ext := func(oid string, critical bool, value []byte) []byte {
		if critical {
			return prDERTLV(0x30, prOID(oid), prDERTLV(0x01, []byte{0xff}), prDERTLV(0x04, value))
		}
		return prDERTLV(0x30, prOID(oid), prDERTLV(0x04, value))
	}
	exts := [][]byte{
		ext("2.5.29.15", true, prDERTLV(0x03, []byte{5, 0xa0})),
		ext("2.5.29.37", false, prDERTLV(0x30, prOID("1.3.6.1.5.5.7.3.1"), prOID("1.3.6.1.5.5.7.3.2"))),
		ext("2.5.29.19", true, prDERTLV(0x30)),
		ext("2.5.29.14", false, prDERTLV(0x04, ppBytes(r, 20))),
		ext("2.5.29.35", false, prDERTLV(0x30, prDERTLV(0x80, ppBytes(r, 20)))),
		ext("2.5.29.17", false, prDERTLV(0x30, sans...)),
	}
	if r.IntN(2) == 0 {
		exts = append(exts, ext("1.3.6.1.5.5.7.1.1", false, prDERTLV(0x30, prDERTLV(0x30, prOID("1.3.6.1.5.5.7.48.1"), prDERTLV(0x86, []byte("http://ocsp."+ppWord(r, 4, 9)+".org"))))))
	}
	if r.IntN(2) == 0 {
		exts = append(exts, ext("1.3.6.1.4.1.11129.2.4.2", false, prDERTLV(0x04, ppBytes(r, 60+r.IntN(180)))))
	}
	r.Shuffle(len(exts), func(i, j int) { exts[i], exts[j] = exts[j], exts[i] })
	tbs := prDERTLV(0x30,
		prDERTLV(0xa0, prDERTLV(0x02, []byte{2})),
		prDERInt(serial),
		alg,
		prDERName(r, ppPick(r, "R3", "E1", "Example Issuing CA 2", "DigiCert TLS RSA SHA256 2020 CA1", "Corp Root CA")),
		validity,
		prDERName(r, host),
		spki,
		prDERTLV(0xa3, prDERTLV(0x30, exts...)))
	cert := prDERTLV(0x30, tbs, alg, sig)
	if r.IntN(3) == 0 {
		cert = append(cert, ppBytes(r, 1+r.IntN(120))...)
	}
	return cert
}

// ---- tar with PAX headers ----

// prTar reads a tar archive's headers as a lister does: 512-byte
// headers (name, mode, uid, gid, size, mtime as numbers: octal between
// NULs and spaces, or base-256 with the high bit of the first byte; the
// checksum, octal, the sum of the header's bytes with its own field taken
// as spaces, unsigned or signed; the type flag; a POSIX "ustar\x0000" or
// GNU "ustar  \x00" magic, or none for V7), each followed by its data
// padded to 512 bytes (the last padding may be cut). An all-zero block or
// fewer than 512 bytes left end the archive. Types: files, links,
// devices, directories and FIFOs ('0' to '7', or NUL); GNU long names
// ('L', GNU archives only); PAX extended and global headers ('x', 'g',
// POSIX archives only), whose data are records "LEN KEY=VALUE\n", LEN
// counting the whole record.
//
// Bug: a record's length is checked against the data left but not
// against the length of its own prefix, so a length of 0, 1 or 2 (or
// anything up to its own digits and space) slices before the record.
//
// Smallest prTarSmallest (514 bytes): a header of NULs but for the size
// "2" (at the field's last byte), the type 'g', the magic "ustar\x0000"
// and its last 9 bytes, eight 0x80 and a 0xd8, then the data "0 ".
// Argued: a header is 512 bytes and a record that reaches the slicing
// needs a digit and a space, so 514 bytes, and the data is exactly the
// record; the least record is "0 ". In the header every field before
// the size is NUL (all-NUL numbers read as 0, names may be empty here),
// the size 2 is least written as a lone last digit; the checksum field
// comes next, least all NUL, which reads as 0 and so needs a signed sum
// of 0: the least type that parses records ('g' < 'x') and the POSIX
// magic they need make 8*' '+'2'+'g'+"ustar"+"00" = 1064, and a byte of
// 0x80 or more counts 256 less, at best -128, so 9 such bytes, as late as
// can be (the header's last 9, unread padding) and each the least that
// lets the rest still make up -1064: 8*-128 and -40 (0xd8). (With the
// unsigned sum the checksum would be "2050", greater at its fifth byte.)
func prTar(b []byte) int {
	files := 0
	longName := ""
	for len(b) >= 512 {
		h := b[:512]
		b = b[512:]
		if prTarZero(h) {
			return files
		}
		if !prTarChecksum(h) {
			return -1
		}
		magic := string(h[257:265])
		posix, gnu := magic == "ustar\x0000", magic == "ustar  \x00"
		if !posix && !gnu && strings.Trim(magic, "\x00") != "" {
			return -1
		}
		size, ok := prTarNumber(h[124:136])
		if !ok {
			return -1
		}
		for _, f := range [][2]int{{100, 108}, {108, 116}, {116, 124}, {136, 148}} {
			if _, ok := prTarNumber(h[f[0]:f[1]]); !ok {
				return -1
			}
		}
		if size > int64(len(b)) {
			return -1
		}
		data := b[:size]
		b = b[min(int64(len(b)), (size+511)&^511):]
		name := prTarString(h[:100])
		if posix && h[345] != 0 {
			name = prTarString(h[345:500]) + "/" + name
		}
		switch typ := h[156]; typ {
		case 'x', 'g':
			if !posix {
				return -1
			}
			recs, ok := prTarPAX(data)
			if !ok {
				return -1
			}
			if p := recs["path"]; typ == 'x' && p != "" {
				longName = p
			}
		case 'L':
			if !gnu {
				return -1
			}
			longName = prTarString(data)
		case 0, '0', '1', '2', '3', '4', '5', '6', '7':
			if longName != "" {
				name, longName = longName, ""
			}
			if name == "" {
				return -1
			}
			files++
		default:
			return -1
		}
	}
	return files
}

func prTarZero(h []byte) bool {
	for _, c := range h {
		if c != 0 {
			return false
		}
	}
	return true
}

// prTarString is f up to its first NUL.
func prTarString(f []byte) string {
	if i := bytes.IndexByte(f, 0); i >= 0 {
		f = f[:i]
	}
	return string(f)
}

// prTarNumber reads a numeric field.
func prTarNumber(f []byte) (int64, bool) {
	if len(f) > 0 && f[0]&0x80 != 0 {
		if f[0] != 0x80 {
			return 0, false // negative, or too large
		}
		v := int64(0)
		for _, c := range f[1:] {
			if v >= 1<<48 {
				return 0, false
			}
			v = v<<8 | int64(c)
		}
		return v, true
	}
	v := int64(0)
	for _, c := range bytes.Trim(f, " \x00") {
		if c < '0' || c > '7' {
			return 0, false
		}
		v = v*8 + int64(c-'0')
	}
	return v, true
}

// prTarChecksum checks the header's checksum.
func prTarChecksum(h []byte) bool {
	if h[148]&0x80 != 0 {
		return false
	}
	want, ok := prTarNumber(h[148:156])
	var u, s int64
	for i, c := range h {
		if i >= 148 && i < 156 {
			c = ' '
		}
		u += int64(c)
		s += int64(int8(c))
	}
	return ok && (want == u || want == s)
}

// prTarPAX reads PAX records.
func prTarPAX(data []byte) (map[string]string, bool) {
	recs := map[string]string{}
	s := string(data)
	for len(s) > 0 {
		nStr, rest, ok := strings.Cut(s, " ")
		if !ok {
			return nil, false
		}
		n, err := strconv.ParseInt(nStr, 10, 0)
		if err != nil || n > int64(len(s)) {
			return nil, false
		}
		n -= int64(len(nStr) + 1)          // now an index in rest
		rec, nl := rest[:n-1], rest[n-1:n] // BUG: n may be 0 or less
		if nl != "\n" {
			return nil, false
		}
		s = rest[n:]
		k, v, ok := strings.Cut(rec, "=")
		if !ok || k == "" || !utf8.ValidString(k) {
			return nil, false
		}
		recs[k] = v
	}
	return recs, true
}

// prTarSmallest: see prTar.
var prTarSmallest = func() string {
	h := make([]byte, 512)
	h[135] = '2'
	h[156] = 'g'
	copy(h[257:], "ustar\x0000")
	copy(h[503:], "\x80\x80\x80\x80\x80\x80\x80\x80\xd8")
	return string(h) + "0 "
}()

// prTarHeader writes a POSIX header.
func prTarHeader(name string, typ byte, mode, size int, mtime int64, user string) []byte {
	h := make([]byte, 512)
	if len(name) > 100 {
		i := strings.LastIndexByte(name[:min(len(name), 155)], '/')
		copy(h[345:500], name[:i])
		name = name[i+1:]
	}
	copy(h, name)
	octal := func(off, n int, v int64) { copy(h[off:off+n-1], fmt.Sprintf("%0*o", n-1, v)) }
	octal(100, 8, int64(mode))
	octal(108, 8, 1000)
	octal(116, 8, 1000)
	octal(124, 12, int64(size))
	octal(136, 12, mtime)
	h[156] = typ
	copy(h[257:], "ustar\x0000")
	copy(h[265:297], user)
	copy(h[297:329], user)
	octal(329, 8, 0)
	octal(337, 8, 0)
	copy(h[148:156], "        ")
	sum := 0
	for _, c := range h {
		sum += int(c)
	}
	copy(h[148:156], fmt.Sprintf("%06o\x00 ", sum))
	return h
}

// prPaxRecord writes a PAX record, its length counting itself.
func prPaxRecord(k, v string) string {
	n := len(k) + len(v) + 3
	for {
		s := strconv.Itoa(n) + " " + k + "=" + v + "\n"
		if len(s) == n {
			return s
		}
		n = len(s)
	}
}

// genPrTar writes the start of a source tarball: a PAX global header
// (as git archive writes, with the commit), or a directory entry, then
// a PAX extended header for a file with a long name, then the file; one
// PAX record's length is garbled to a number below its own prefix; the
// archive is cut somewhere after that header's data (at 2000 bytes at
// most), sometimes with junk after.
func genPrTar(r *rand.Rand) []byte {
	mtime := int64(1600000000 + r.IntN(100000000))
	user := ppPick(r, "root", "build", ppWord(r, 3, 8))
	top := ppWord(r, 3, 10) + "-" + strconv.Itoa(r.IntN(4)) + "." + strconv.Itoa(r.IntN(20)) + "." + strconv.Itoa(r.IntN(10))
	hex := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "0123456789abcdef"[r.IntN(16)]
		}
		return string(b)
	}
	var grecs []string
	var out []byte
	global := r.IntN(2) == 0
	if global {
		grecs = append(grecs, prPaxRecord("comment", hex(40)))
	} else {
		out = append(out, prTarHeader(top+"/", '5', 0o755, 0, mtime, user)...)
	}
	path := top + "/" + strings.Join([]string{ppWord(r, 5, 20), ppWord(r, 5, 15), ppWord(r, 8, 25), ppWord(r, 10, 30)}, "/") + ppPick(r, ".go", ".c", ".md", "_test.go")
	var xrecs []string
	xrecs = append(xrecs, prPaxRecord("path", path))
	xrecs = append(xrecs, prPaxRecord("mtime", fmt.Sprintf("%d.%09d", mtime, r.IntN(1e9))))
	if r.IntN(2) == 0 {
		xrecs = append(xrecs, prPaxRecord("atime", fmt.Sprintf("%d.%09d", mtime+int64(r.IntN(1e6)), r.IntN(1e9))))
	}
	if r.IntN(2) == 0 {
		xrecs = append(xrecs, prPaxRecord("SCHILY.xattr.user."+ppWord(r, 3, 10), ppText(r, r.IntN(30), "\n")))
	}
	r.Shuffle(len(xrecs), func(i, j int) { xrecs[i], xrecs[j] = xrecs[j], xrecs[i] })
	// Garble one record's length.
	bad := &xrecs
	if global && r.IntN(2) == 0 {
		bad = &grecs
	}
	i := r.IntN(len(*bad))
	_, rest, _ := strings.Cut((*bad)[i], " ")
	(*bad)[i] = ppPick(r, "0", "1", "2", "02", "03") + " " + rest
	end := 0 // where the bad header's data ends
	pax := func(name string, typ byte, recs []string) {
		data := strings.Join(recs, "")
		out = append(out, prTarHeader(name, typ, 0o644, len(data), mtime, user)...)
		out = append(out, data...)
		if &recs[0] == &(*bad)[0] {
			end = len(out)
		}
		out = append(out, make([]byte, (512-len(data)%512)%512)...)
	}
	if global {
		pax("pax_global_header", 'g', grecs)
	}
	pax(top+"/PaxHeaders.0/"+path[strings.LastIndexByte(path, '/')+1:], 'x', xrecs)
	content := []byte(pqProse(r, 100+r.IntN(600)))
	out = append(out, prTarHeader(path[:min(len(path), 100)], '0', 0o644, len(content), mtime, user)...)
	out = append(out, content...)
	out = out[:end+r.IntN(min(len(out), 1940)-end+1)]
	if r.IntN(3) == 0 {
		out = append(out, ppBytes(r, r.IntN(60))...)
	}
	return out
}

// ---- WebAssembly module ----

const (
	prI32 byte = 0x7f
	prI64 byte = 0x7e
	prF32 byte = 0x7d
	prF64 byte = 0x7c
)

// prWasmReader reads a section's or a body's bytes; ok turns false at
// the first error.
type prWasmReader struct {
	b  []byte
	ok bool
}

func (r *prWasmReader) wbyte() byte {
	if len(r.b) == 0 {
		r.ok = false
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// wu32 reads an unsigned LEB128 of at most 32 bits.
func (r *prWasmReader) wu32() uint32 {
	v := uint32(0)
	for i := 0; i < 5; i++ {
		c := r.wbyte()
		if !r.ok || i == 4 && c > 0x0f {
			r.ok = false
			return 0
		}
		v |= uint32(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v
		}
	}
	return 0
}

// wsleb reads a signed LEB128 of at most max bytes.
func (r *prWasmReader) wsleb(max int) int64 {
	v := int64(0)
	for i := 0; i < max; i++ {
		c := r.wbyte()
		if !r.ok {
			return 0
		}
		v |= int64(c&0x7f) << (7 * i)
		if c < 0x80 {
			if 7*(i+1) < 64 && c&0x40 != 0 {
				v |= -1 << (7 * (i + 1))
			}
			return v
		}
	}
	r.ok = false
	return 0
}

func (r *prWasmReader) wbytes(n uint32) []byte {
	if !r.ok || uint64(n) > uint64(len(r.b)) {
		r.ok = false
		return nil
	}
	s := r.b[:n]
	r.b = r.b[n:]
	return s
}

// wcount reads a vector's length, at most max.
func (r *prWasmReader) wcount(max int) int {
	n := r.wu32()
	if !r.ok || uint64(n) > uint64(max) || int(n) > len(r.b) {
		r.ok = false
		return 0
	}
	return int(n)
}

func (r *prWasmReader) wname() string {
	s := r.wbytes(r.wu32())
	if !utf8.Valid(s) {
		r.ok = false
	}
	return string(s)
}

func (r *prWasmReader) wvaltype() byte {
	t := r.wbyte()
	if t < prF64 || t > prI32 {
		r.ok = false
	}
	return t
}

// wlimits reads a memory's limits.
func (r *prWasmReader) wlimits() {
	flag := r.wbyte()
	lo := r.wu32()
	hi := lo
	if flag == 1 {
		hi = r.wu32()
	}
	if flag > 1 || hi < lo || lo > 65536 || hi > 65536 {
		r.ok = false
	}
}

type prWasmFunc struct{ params, results []byte }

type prWasmGlobal struct {
	t   byte
	mut bool
}

type prWasmModule struct {
	types   []prWasmFunc
	funcs   []uint32 // type indices, imported functions first
	imports int      // imported functions
	globals []prWasmGlobal
	mems    int
}

// prWasm reads a WebAssembly module (MVP) as an engine does before
// compiling it: the magic and version 1; sections of an id, a LEB128 size
// and contents, the known ones (type, import, function, memory, global,
// export, start, code, data) once each and in order, custom ones (a
// name, then anything) anywhere; each section's contents must fill it.
// Imports are functions, memories and globals; at most one memory.
// Function bodies are validated as the specification's algorithm does
// (an operand stack of value types, a stack of control frames, and
// unreachable code, after unreachable, br, br_table-less returns, whose
// pops below the frame give values of any type), for the control
// instructions, calls, drop and select, locals and globals, i32 and i64
// loads and stores, memory.size and memory.grow, constants, and i32 and
// i64 comparisons and arithmetic; anything else is an error.
//
// Bug: select checks that two operands are left under its condition
// only in reachable code; in unreachable code with fewer than two it
// reads under the operand stack.
//
// Smallest (25 bytes): the header, a type section with the type [] -> []
// ("\x01\x04\x01\x60\x00\x00"), a function section with one function of
// it ("\x03\x02\x01\x00"), and a code section with one body: no locals,
// unreachable, select ("\x0a\x05\x01\x03\x00\x00\x1b"). Argued: a body
// needs a type and a function; a select in reachable code validates or
// fails, so something must make the code unreachable first, and the
// shortest such instruction is unreachable (0x00, one byte, also the
// least); no section can go, none can be shorter, and a custom section
// costs 3 bytes at least. Single bytes lowered and a byte deleted with
// another set are checked by the harness.
func prWasm(b []byte) int {
	if len(b) < 8 || string(b[:8]) != "\x00asm\x01\x00\x00\x00" {
		return -1
	}
	m := &prWasmModule{}
	last, bodies := byte(0), -1
	r := &prWasmReader{b: b[8:], ok: true}
	for len(r.b) > 0 {
		id := r.wbyte()
		sec := &prWasmReader{b: r.wbytes(r.wu32()), ok: true}
		if !r.ok {
			return -1
		}
		if id != 0 {
			if id <= last {
				return -1
			}
			last = id
		}
		switch id {
		case 0:
			sec.wname()
			sec.b = nil
		case 1:
			for n := sec.wcount(1000); n > 0 && sec.ok; n-- {
				if sec.wbyte() != 0x60 {
					return -1
				}
				var ft prWasmFunc
				for k := sec.wcount(16); k > 0 && sec.ok; k-- {
					ft.params = append(ft.params, sec.wvaltype())
				}
				for k := sec.wcount(16); k > 0 && sec.ok; k-- {
					ft.results = append(ft.results, sec.wvaltype())
				}
				m.types = append(m.types, ft)
			}
		case 2:
			for n := sec.wcount(1000); n > 0 && sec.ok; n-- {
				sec.wname()
				sec.wname()
				switch sec.wbyte() {
				case 0:
					t := sec.wu32()
					if int(t) >= len(m.types) {
						return -1
					}
					m.funcs = append(m.funcs, t)
					m.imports++
				case 2:
					sec.wlimits()
					m.mems++
				case 3:
					t := sec.wvaltype()
					mut := sec.wbyte()
					if mut > 1 {
						return -1
					}
					m.globals = append(m.globals, prWasmGlobal{t, mut == 1})
				default:
					return -1
				}
			}
		case 3:
			for n := sec.wcount(10000); n > 0 && sec.ok; n-- {
				t := sec.wu32()
				if int(t) >= len(m.types) {
					return -1
				}
				m.funcs = append(m.funcs, t)
			}
		case 5:
			for n := sec.wcount(1); n > 0 && sec.ok; n-- {
				sec.wlimits()
				m.mems++
			}
		case 6:
			imported := len(m.globals)
			for n := sec.wcount(1000); n > 0 && sec.ok; n-- {
				t := sec.wvaltype()
				mut := sec.wbyte()
				if mut > 1 || !m.wconst(sec, t, imported) {
					return -1
				}
				m.globals = append(m.globals, prWasmGlobal{t, mut == 1})
			}
		case 7:
			names := map[string]bool{}
			for n := sec.wcount(1000); n > 0 && sec.ok; n-- {
				name := sec.wname()
				kind, i := sec.wbyte(), int(sec.wu32())
				if names[name] || kind == 0 && i >= len(m.funcs) || kind == 2 && i >= m.mems || kind == 3 && i >= len(m.globals) || kind == 1 || kind > 3 {
					return -1
				}
				names[name] = true
			}
		case 8:
			i := int(sec.wu32())
			if i >= len(m.funcs) || len(m.types[m.funcs[i]].params)+len(m.types[m.funcs[i]].results) > 0 {
				return -1
			}
		case 10:
			bodies = sec.wcount(10000)
			if bodies != len(m.funcs)-m.imports {
				return -1
			}
			for i := range bodies {
				body := sec.wbytes(sec.wu32())
				if !sec.ok || !m.wcode(m.types[m.funcs[m.imports+i]], body) {
					return -1
				}
			}
		case 11:
			for n := sec.wcount(1000); n > 0 && sec.ok; n-- {
				if sec.wu32() != 0 || m.mems == 0 || !m.wconst(sec, prI32, len(m.globals)) {
					return -1
				}
				sec.wbytes(sec.wu32())
			}
		default:
			return -1
		}
		if !sec.ok || len(sec.b) != 0 {
			return -1
		}
	}
	if bodies < 0 && len(m.funcs) > m.imports {
		return -1
	}
	return len(m.funcs)
}

// wconst reads a constant expression of type t: a constant, or
// global.get of one of the first globals, then end.
func (m *prWasmModule) wconst(r *prWasmReader, t byte, globals int) bool {
	switch op := r.wbyte(); {
	case op == 0x41 && t == prI32:
		r.wsleb(5)
	case op == 0x42 && t == prI64:
		r.wsleb(10)
	case op == 0x43 && t == prF32:
		r.wbytes(4)
	case op == 0x44 && t == prF64:
		r.wbytes(8)
	case op == 0x23:
		i := int(r.wu32())
		if i >= globals || m.globals[i].t != t {
			return false
		}
	default:
		return false
	}
	return r.wbyte() == 0x0b && r.ok
}

// prWasmCtl is a control frame.
type prWasmCtl struct {
	op      byte // 0x02 block, 0x03 loop, 0x04 if, 0x05 else, 0 the function
	results []byte
	height  int
	dead    bool // unreachable code
}

// prWasmVal holds a validation's stacks; type 0 is a value of unknown
// type, popped from under the frame in unreachable code.
type prWasmVal struct {
	vals []byte
	ctls []prWasmCtl
}

func (v *prWasmVal) wpop(want byte) bool {
	c := &v.ctls[len(v.ctls)-1]
	if len(v.vals) == c.height {
		return c.dead
	}
	t := v.vals[len(v.vals)-1]
	v.vals = v.vals[:len(v.vals)-1]
	return t == want || t == 0 || want == 0
}

func (v *prWasmVal) wpopAll(ts []byte) bool {
	for i := len(ts) - 1; i >= 0; i-- {
		if !v.wpop(ts[i]) {
			return false
		}
	}
	return true
}

func (v *prWasmVal) wunreachable() {
	c := &v.ctls[len(v.ctls)-1]
	v.vals = v.vals[:c.height]
	c.dead = true
}

// wlabel is what a branch to label depth carries.
func (v *prWasmVal) wlabel(depth uint32) ([]byte, bool) {
	if uint64(depth) >= uint64(len(v.ctls)) {
		return nil, false
	}
	c := v.ctls[len(v.ctls)-1-int(depth)]
	if c.op == 0x03 {
		return nil, true
	}
	return c.results, true
}

// wselect checks select: an i32 condition under two operands of one
// type, which it leaves one of.
func (v *prWasmVal) wselect() bool {
	if !v.wpop(prI32) {
		return false
	}
	c := &v.ctls[len(v.ctls)-1]
	if len(v.vals)-c.height < 2 && !c.dead {
		return false
	}
	a, b := v.vals[len(v.vals)-1], v.vals[len(v.vals)-2] // BUG: unreachable code may have fewer than two
	if a != b && a != 0 && b != 0 {
		return false
	}
	v.vals = append(v.vals[:len(v.vals)-2], max(a, b))
	return true
}

// wcode validates a function body of type ft.
func (m *prWasmModule) wcode(ft prWasmFunc, body []byte) bool {
	r := &prWasmReader{b: body, ok: true}
	locals := slices.Clone(ft.params)
	for n := r.wcount(1000); n > 0 && r.ok; n-- {
		k := r.wu32()
		t := r.wvaltype()
		if !r.ok || uint64(len(locals))+uint64(k) > 50000 {
			return false
		}
		for range k {
			locals = append(locals, t)
		}
	}
	v := &prWasmVal{ctls: []prWasmCtl{{results: ft.results}}}
	un := func(in, out byte) bool { // pop in, push out
		if !v.wpop(in) {
			return false
		}
		v.vals = append(v.vals, out)
		return true
	}
	bin := func(in, out byte) bool { return v.wpop(in) && un(in, out) }
	for r.ok && len(r.b) > 0 {
		ok := true
		switch op := r.wbyte(); {
		case op == 0x00:
			v.wunreachable()
		case op == 0x01:
		case op >= 0x02 && op <= 0x04:
			var res []byte
			if bt := r.wbyte(); bt != 0x40 {
				if bt < prF64 || bt > prI32 {
					return false
				}
				res = []byte{bt}
			}
			if op == 0x04 && !v.wpop(prI32) {
				return false
			}
			v.ctls = append(v.ctls, prWasmCtl{op: op, results: res, height: len(v.vals)})
		case op == 0x05:
			c := &v.ctls[len(v.ctls)-1]
			if c.op != 0x04 || !v.wpopAll(c.results) || len(v.vals) != c.height {
				return false
			}
			c.op, c.dead = 0x05, false
		case op == 0x0b:
			c := v.ctls[len(v.ctls)-1]
			if !v.wpopAll(c.results) || len(v.vals) != c.height || c.op == 0x04 && len(c.results) > 0 {
				return false
			}
			v.ctls = v.ctls[:len(v.ctls)-1]
			if len(v.ctls) == 0 {
				return r.ok && len(r.b) == 0
			}
			v.vals = append(v.vals, c.results...)
		case op == 0x0c || op == 0x0d:
			ts, ok := v.wlabel(r.wu32())
			if !ok || op == 0x0d && !v.wpop(prI32) || !v.wpopAll(ts) {
				return false
			}
			if op == 0x0c {
				v.wunreachable()
			} else {
				v.vals = append(v.vals, ts...)
			}
		case op == 0x0f:
			if !v.wpopAll(ft.results) {
				return false
			}
			v.wunreachable()
		case op == 0x10:
			f := r.wu32()
			if uint64(f) >= uint64(len(m.funcs)) {
				return false
			}
			t := m.types[m.funcs[f]]
			if !v.wpopAll(t.params) {
				return false
			}
			v.vals = append(v.vals, t.results...)
		case op == 0x1a:
			ok = v.wpop(0)
		case op == 0x1b:
			ok = v.wselect()
		case op >= 0x20 && op <= 0x22:
			i := r.wu32()
			if uint64(i) >= uint64(len(locals)) {
				return false
			}
			switch op {
			case 0x20:
				v.vals = append(v.vals, locals[i])
			case 0x21:
				ok = v.wpop(locals[i])
			default:
				ok = un(locals[i], locals[i])
			}
		case op == 0x23 || op == 0x24:
			i := r.wu32()
			if uint64(i) >= uint64(len(m.globals)) {
				return false
			}
			g := m.globals[i]
			if op == 0x23 {
				v.vals = append(v.vals, g.t)
			} else {
				ok = g.mut && v.wpop(g.t)
			}
		case op == 0x28 || op == 0x29 || op == 0x36 || op == 0x37:
			t, natural := prI32, uint32(2)
			if op == 0x29 || op == 0x37 {
				t, natural = prI64, 3
			}
			align, _ := r.wu32(), r.wu32()
			if m.mems == 0 || align > natural {
				return false
			}
			if op < 0x30 {
				ok = un(prI32, t)
			} else {
				ok = v.wpop(t) && v.wpop(prI32)
			}
		case op == 0x3f || op == 0x40:
			if m.mems == 0 || r.wbyte() != 0 {
				return false
			}
			if op == 0x40 {
				ok = un(prI32, prI32)
			} else {
				v.vals = append(v.vals, prI32)
			}
		case op == 0x41:
			r.wsleb(5)
			v.vals = append(v.vals, prI32)
		case op == 0x42:
			r.wsleb(10)
			v.vals = append(v.vals, prI64)
		case op == 0x45:
			ok = un(prI32, prI32)
		case op >= 0x46 && op <= 0x4f:
			ok = bin(prI32, prI32)
		case op == 0x50:
			ok = un(prI64, prI32)
		case op >= 0x51 && op <= 0x5a:
			ok = bin(prI64, prI32)
		case op >= 0x67 && op <= 0x69:
			ok = un(prI32, prI32)
		case op >= 0x6a && op <= 0x78:
			ok = bin(prI32, prI32)
		case op >= 0x79 && op <= 0x7b:
			ok = un(prI64, prI64)
		case op >= 0x7c && op <= 0x8a:
			ok = bin(prI64, prI64)
		case op == 0xa7:
			ok = un(prI64, prI32)
		case op == 0xac || op == 0xad:
			ok = un(prI32, prI64)
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return false
}

// prULEB appends v as an unsigned LEB128.
func prULEB(out []byte, v int) []byte {
	for v >= 0x80 {
		out = append(out, byte(v)|0x80)
		v >>= 7
	}
	return append(out, byte(v))
}

// prSLEB appends v as a signed LEB128.
func prSLEB(out []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(out, c)
		}
		out = append(out, c|0x80)
	}
}

func prWasmVec(items ...[]byte) []byte {
	return slices.Concat(prULEB(nil, len(items)), slices.Concat(items...))
}

func prWasmSection(id byte, content []byte) []byte {
	return slices.Concat([]byte{id}, prULEB(nil, len(content)), content)
}

func prWasmName(s string) []byte { return append(prULEB(nil, len(s)), s...) }

// genPrWasm writes a module as a C or Rust toolchain leaves one: types,
// an import of a print function (and sometimes of the memory), a
// memory, a stack pointer global, exports, code (additions, an
// iterative Fibonacci, clamps, loads and stores, 64-bit arithmetic), a
// data segment and name and producers sections; one function has dead
// code after an unreachable, a return or a branch that ends in a select
// with fewer than two operands, at a level where the stack is empty
// below it; sometimes junk follows.
func genPrWasm(r *rand.Rand) []byte {
	types := [][]byte{
		{0x60, 0, 0},
		{0x60, 1, prI32, 1, prI32},
		{0x60, 2, prI32, prI32, 1, prI32},
		{0x60, 1, prI64, 1, prI64},
		{0x60, 1, prI32, 0},
	}
	const tVoid, tI32, tI32x2, tI64, tSink = 0, 1, 2, 3, 4
	type fn struct {
		name string
		typ  int
		body []byte
	}
	sleb := func(v int64) []byte { return prSLEB(nil, v) }
	cat := func(parts ...[]byte) []byte { return slices.Concat(parts...) }
	pool := []fn{
		{"add", tI32x2, []byte{0, 0x20, 0, 0x20, 1, 0x6a, 0x0b}},
		{"fib", tI32, cat([]byte{1, 2, prI32}, // two i32 locals
			[]byte{0x41, 0, 0x21, 1, 0x41, 1, 0x21, 2},
			[]byte{0x02, 0x40, 0x03, 0x40},
			[]byte{0x20, 0, 0x45, 0x0d, 1},
			[]byte{0x20, 2, 0x20, 1, 0x20, 2, 0x6a, 0x21, 2, 0x21, 1},
			[]byte{0x20, 0, 0x41, 1, 0x6b, 0x21, 0, 0x0c, 0},
			[]byte{0x0b, 0x0b, 0x20, 1, 0x0b})},
		{"clamp", tI32, cat([]byte{0, 0x20, 0, 0x41}, sleb(int64(r.IntN(1000))), []byte{0x20, 0, 0x41, 0, 0x4a, 0x1b, 0x0b})},
		{"store", tSink, cat([]byte{0, 0x41}, sleb(int64(1024+4*r.IntN(256))), []byte{0x20, 0, 0x36, 2, 0, 0x0b})},
		{"load", tI32, []byte{0, 0x20, 0, 0x28, 2, 0, 0x41, 1, 0x6a, 0x0b}},
		{"abs64", tI64, []byte{0, 0x20, 0, 0x42, 0, 0x53, 0x04, prI64, 0x42, 0, 0x20, 0, 0x7d, 0x05, 0x20, 0, 0x0b, 0x0b}},
		{"main", tVoid, cat([]byte{0, 0x23, 0, 0x41, 16, 0x6b, 0x24, 0, 0x41}, sleb(int64(r.IntN(100))), []byte{0x10, 0, 0x23, 0, 0x41, 16, 0x6a, 0x24, 0, 0x0b})},
		{"grow", tI32, []byte{0, 0x20, 0, 0x40, 0, 0x41, 0x7f, 0x46, 0x0b}},
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	funcs := pool[:2+r.IntN(len(pool)-1)]
	// The bad function: dead code ending in a select short of operands.
	var dead []byte
	switch r.IntN(3) {
	case 0:
		dead = []byte{0x00}
	case 1:
		dead = []byte{0x0f}
	default:
		dead = []byte{0x0c, 0}
	}
	if r.IntN(2) == 0 {
		dead = append(dead, 0x41)
		dead = prSLEB(dead, int64(r.IntN(300)))
	}
	if r.IntN(2) == 0 {
		dead = append(dead, 0x20, 0)
	} else {
		dead = append(dead, 0x41, byte(r.IntN(64)))
	}
	dead = append(dead, 0x1b, 0x1a)
	var badBody []byte
	switch r.IntN(3) {
	case 0: // at the function's level
		badBody = cat([]byte{0, 0x20, 0, 0x41, 1, 0x6a, 0x21, 0}, dead, []byte{0x0b})
	case 1: // in an if
		badBody = cat([]byte{0, 0x20, 0, 0x45, 0x04, 0x40}, dead, []byte{0x0b, 0x0b})
	default: // in a block
		badBody = cat([]byte{0, 0x02, 0x40, 0x20, 0, 0x0d, 0}, dead, []byte{0x0b, 0x0b})
	}
	at := r.IntN(len(funcs) + 1)
	funcs = slices.Insert(funcs, at, fn{ppPick(r, "check_bounds", "assert_fail", "on_error", "validate"), tSink, badBody})

	out := []byte("\x00asm\x01\x00\x00\x00")
	out = append(out, prWasmSection(1, prWasmVec(types...))...)
	imports := [][]byte{cat(prWasmName("env"), prWasmName(ppPick(r, "print_i32", "log", "__wasi_fd_write")), []byte{0, tSink})}
	importMem := r.IntN(2) == 0
	if importMem {
		imports = append(imports, cat(prWasmName("env"), prWasmName("memory"), []byte{2, 0, byte(1 + r.IntN(16))}))
	}
	out = append(out, prWasmSection(2, prWasmVec(imports...))...)
	var fsec, code, exports [][]byte
	names := [][]byte{cat([]byte{0}, prWasmName("print"))}
	for i, f := range funcs {
		fsec = append(fsec, []byte{byte(f.typ)})
		code = append(code, cat(prULEB(nil, len(f.body)), f.body))
		if r.IntN(2) == 0 || f.name == "main" {
			exports = append(exports, cat(prWasmName(f.name), []byte{0, byte(1 + i)}))
		}
		names = append(names, cat([]byte{byte(1 + i)}, prWasmName(f.name)))
	}
	out = append(out, prWasmSection(3, prWasmVec(fsec...))...)
	if !importMem {
		out = append(out, prWasmSection(5, prWasmVec([]byte{1, byte(1 + r.IntN(4)), byte(16 + r.IntN(100))}))...)
		exports = append(exports, cat(prWasmName("memory"), []byte{2, 0}))
	}
	out = append(out, prWasmSection(6, prWasmVec(cat([]byte{prI32, 1, 0x41}, sleb(65536), []byte{0x0b})))...)
	out = append(out, prWasmSection(7, prWasmVec(exports...))...)
	out = append(out, prWasmSection(10, prWasmVec(code...))...)
	msg := ppPick(r, "Hello, world!\n", "assertion failed: ", "index out of bounds", pqProse(r, 20+r.IntN(80)))
	out = append(out, prWasmSection(11, prWasmVec(cat([]byte{0, 0x41}, sleb(1024), []byte{0x0b}, prWasmName(msg))))...)
	out = append(out, prWasmSection(0, cat(prWasmName("name"), prWasmSection(1, prWasmVec(names...))))...)
	if r.IntN(2) == 0 {
		tool := cat(prWasmName("clang"), prWasmName(ppPick(r, "17.0.6", "18.1.2", "16.0.0 (https://github.com/llvm/llvm-project)")))
		field := cat(prWasmName("processed-by"), prWasmVec(tool))
		out = append(out, prWasmSection(0, cat(prWasmName("producers"), prWasmVec(field)))...)
	}
	if r.IntN(3) == 0 {
		out = append(out, ppBytes(r, 1+r.IntN(100))...)
	}
	return out
}

// ---- CBOR sequence to JSON lines ----

// prCBOR turns a CBOR sequence into JSON lines, an item at a time, as it
// decodes it: integers and floats as numbers (NaN and infinities as
// null), byte strings as base64url strings, text strings (valid UTF-8) as
// strings, strings of definite or indefinite length (chunks of the same
// major type), arrays and maps of either kind (map keys text or
// integers, written as strings), false, true, null, undefined and other
// simple values as null, and tags: bignums (2, 3) as integers, decimal
// fractions (4) and bigfloats (5), [exponent, mantissa] with an integer
// exponent of at most 1000 either way and an integer or bignum mantissa,
// as numbers; any other tag as its content. Nesting stops at 64.
//
// Bug: a decimal fraction with more digits after the point than the
// mantissa has (0.005 as [-3, 5]) places the point before the digits'
// start; only a point at their start was thought of.
//
// Smallest "\xc4\x82\x21\x00": 4([-2, 0]). Argued: only a decimal
// fraction reaches the formatting, and it takes its tag, an array head
// and two integers, 4 bytes, so the input is that item alone; 0x82 is the
// only 2-element array head that short; exponents 0 to 23 and -1 (0x20)
// leave the point within a 1-digit mantissa, 0x18 to 0x1f take another
// byte or are no integer, so 0x21 (-2); and the mantissa 0x00. Checked
// exhaustively outside the harness (every 4-byte input before it).
func prCBOR(b []byte) int {
	d := &prCBORDec{b: b}
	for len(d.b) > 0 {
		if !d.cborItem(0) {
			return -1
		}
		d.out = append(d.out, '\n')
	}
	return len(d.out)
}

type prCBORDec struct {
	b   []byte
	out []byte
}

// cborHead reads an item's head: major type, additional information and
// argument.
func (d *prCBORDec) cborHead() (major, ai byte, arg uint64, ok bool) {
	if len(d.b) == 0 {
		return 0, 0, 0, false
	}
	c := d.b[0]
	d.b = d.b[1:]
	major, ai = c>>5, c&0x1f
	switch {
	case ai < 24:
		return major, ai, uint64(ai), true
	case ai <= 27:
		n := 1 << (ai - 24)
		if len(d.b) < n {
			return 0, 0, 0, false
		}
		for _, x := range d.b[:n] {
			arg = arg<<8 | uint64(x)
		}
		d.b = d.b[n:]
		return major, ai, arg, true
	case ai == 31:
		return major, ai, 0, major >= 2 && major <= 5 || major == 7
	}
	return 0, 0, 0, false
}

// cborBreak reports whether a break code is next, and takes it.
func (d *prCBORDec) cborBreak() bool {
	if len(d.b) > 0 && d.b[0] == 0xff {
		d.b = d.b[1:]
		return true
	}
	return false
}

// cborString reads a byte or text string's bytes.
func (d *prCBORDec) cborString(major, ai byte, arg uint64) ([]byte, bool) {
	if ai != 31 {
		if arg > uint64(len(d.b)) {
			return nil, false
		}
		s := d.b[:arg]
		d.b = d.b[arg:]
		return s, true
	}
	var s []byte
	for !d.cborBreak() {
		m, cai, carg, ok := d.cborHead()
		if !ok || m != major || cai == 31 {
			return nil, false
		}
		chunk, ok := d.cborString(m, cai, carg)
		if !ok {
			return nil, false
		}
		s = append(s, chunk...)
	}
	return s, true
}

func (d *prCBORDec) cborItem(depth int) bool {
	if depth > 64 {
		return false
	}
	major, ai, arg, ok := d.cborHead()
	if !ok {
		return false
	}
	switch major {
	case 0:
		d.out = strconv.AppendUint(d.out, arg, 10)
	case 1:
		d.out = append(d.out, '-')
		if arg == math.MaxUint64 {
			d.out = append(d.out, "18446744073709551616"...)
		} else {
			d.out = strconv.AppendUint(d.out, arg+1, 10)
		}
	case 2, 3:
		s, ok := d.cborString(major, ai, arg)
		if !ok {
			return false
		}
		if major == 2 {
			d.out = append(append(append(d.out, '"'), base64.RawURLEncoding.EncodeToString(s)...), '"')
		} else if !utf8.Valid(s) {
			return false
		} else {
			d.out = prJSONQuote(d.out, s)
		}
	case 4, 5:
		open, close := byte('['), byte(']')
		if major == 5 {
			open, close = '{', '}'
			if arg > uint64(len(d.b)/2) {
				return false
			}
		} else if arg > uint64(len(d.b)) {
			return false
		}
		d.out = append(d.out, open)
		for i := uint64(0); ai == 31 || i < arg; i++ {
			if ai == 31 && d.cborBreak() {
				break
			}
			if i > 0 {
				d.out = append(d.out, ',')
			}
			if major == 5 {
				if !d.cborKey(depth + 1) {
					return false
				}
				d.out = append(d.out, ':')
			}
			if !d.cborItem(depth + 1) {
				return false
			}
		}
		d.out = append(d.out, close)
	case 6:
		return d.cborTag(arg, depth)
	case 7:
		switch {
		case ai == 20:
			d.out = append(d.out, "false"...)
		case ai == 21:
			d.out = append(d.out, "true"...)
		case ai < 24:
			d.out = append(d.out, "null"...)
		case ai == 24:
			if arg < 32 {
				return false
			}
			d.out = append(d.out, "null"...)
		case ai == 25:
			d.out = prJSONFloat(d.out, prHalf(uint16(arg)))
		case ai == 26:
			d.out = prJSONFloat(d.out, float64(math.Float32frombits(uint32(arg))))
		case ai == 27:
			d.out = prJSONFloat(d.out, math.Float64frombits(arg))
		default:
			return false // a break outside an indefinite-length item
		}
	}
	return true
}

// cborKey writes a map key as a JSON string.
func (d *prCBORDec) cborKey(depth int) bool {
	if len(d.b) == 0 {
		return false
	}
	switch d.b[0] >> 5 {
	case 3:
		return d.cborItem(depth)
	case 0, 1:
		d.out = append(d.out, '"')
		ok := d.cborItem(depth)
		d.out = append(d.out, '"')
		return ok
	}
	return false
}

func (d *prCBORDec) cborTag(tag uint64, depth int) bool {
	switch tag {
	case 2, 3:
		n, ok := d.cborBignum(tag)
		if !ok {
			return false
		}
		d.out = n.Append(d.out, 10)
		return true
	case 4, 5:
		return d.cborFraction(tag)
	}
	return d.cborItem(depth + 1)
}

// cborBignum reads a bignum's byte string (at most 64 bytes).
func (d *prCBORDec) cborBignum(tag uint64) (*big.Int, bool) {
	major, ai, arg, ok := d.cborHead()
	if !ok || major != 2 {
		return nil, false
	}
	s, ok := d.cborString(major, ai, arg)
	if !ok || len(s) > 64 {
		return nil, false
	}
	n := new(big.Int).SetBytes(s)
	if tag == 3 {
		n.Add(n, big.NewInt(1)).Neg(n)
	}
	return n, true
}

// cborFraction writes a decimal fraction or a bigfloat.
func (d *prCBORDec) cborFraction(tag uint64) bool {
	major, ai, arg, ok := d.cborHead()
	if !ok || major != 4 || ai == 31 || arg != 2 {
		return false
	}
	major, _, arg, ok = d.cborHead()
	if !ok || major > 1 || arg > 1000 {
		return false
	}
	exp := int(arg)
	if major == 1 {
		exp = -1 - exp
	}
	mant := new(big.Int)
	if len(d.b) > 0 && (d.b[0] == 0xc2 || d.b[0] == 0xc3) {
		bt := uint64(d.b[0] & 0x1f)
		d.b = d.b[1:]
		if mant, ok = d.cborBignum(bt); !ok {
			return false
		}
	} else {
		major, _, arg, ok = d.cborHead()
		if !ok || major > 1 {
			return false
		}
		mant.SetUint64(arg)
		if major == 1 {
			mant.Add(mant, big.NewInt(1)).Neg(mant)
		}
	}
	if tag == 5 {
		f := new(big.Float).SetInt(mant)
		d.out = f.SetMantExp(f, exp).Append(d.out, 'g', 17)
		return true
	}
	d.out = append(d.out, prDecimal(exp, mant)...)
	return true
}

// prDecimal writes mant×10^exp in decimal.
func prDecimal(exp int, mant *big.Int) string {
	digits := new(big.Int).Abs(mant).String()
	sign := ""
	if mant.Sign() < 0 {
		sign = "-"
	}
	if exp >= 0 {
		return sign + digits + strings.Repeat("0", exp)
	}
	point := len(digits) + exp
	if point == 0 {
		return sign + "0." + digits
	}
	return sign + digits[:point] + "." + digits[point:] // BUG: point < 0 when there are fewer digits than places
}

// prHalf decodes an IEEE 754 half-precision float.
func prHalf(h uint16) float64 {
	exp, mant := int(h>>10&0x1f), float64(h&0x3ff)
	var v float64
	switch exp {
	case 0:
		v = math.Ldexp(mant, -24)
	case 31:
		v = math.Inf(1)
		if mant != 0 {
			v = math.NaN()
		}
	default:
		v = math.Ldexp(mant+1024, exp-25)
	}
	if h&0x8000 != 0 {
		v = -v
	}
	return v
}

func prJSONFloat(out []byte, v float64) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return append(out, "null"...)
	}
	return strconv.AppendFloat(out, v, 'g', -1, 64)
}

// prJSONQuote appends s as a JSON string.
func prJSONQuote(out, s []byte) []byte {
	out = append(out, '"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			out = append(out, '\\', c)
		case c < 0x20:
			out = append(out, fmt.Sprintf("\\u%04x", c)...)
		default:
			out = append(out, c)
		}
	}
	return append(out, '"')
}

// prCBORHead writes an item's head, the argument in the fewest bytes.
func prCBORHead(major byte, v uint64) []byte {
	m := major << 5
	switch {
	case v < 24:
		return []byte{m | byte(v)}
	case v < 1<<8:
		return []byte{m | 24, byte(v)}
	case v < 1<<16:
		return binary.BigEndian.AppendUint16([]byte{m | 25}, uint16(v))
	case v < 1<<32:
		return binary.BigEndian.AppendUint32([]byte{m | 26}, uint32(v))
	}
	return binary.BigEndian.AppendUint64([]byte{m | 27}, v)
}

func prCBORInt(v int64) []byte {
	if v >= 0 {
		return prCBORHead(0, uint64(v))
	}
	return prCBORHead(1, uint64(-1-v))
}

func prCBORText(s string) []byte { return append(prCBORHead(3, uint64(len(s))), s...) }

// prCBORDecimalOf writes a decimal fraction: a reading with up to 3
// places and enough digits for them, or, if bad, a small one with more
// places than digits (0.005 as [-3, 5]).
func prCBORDecimalOf(r *rand.Rand, bad bool) []byte {
	var exp int
	var digits string
	if bad {
		digits = strconv.Itoa(1 + r.IntN(99))
		exp = -(len(digits) + 1 + r.IntN(3))
	} else {
		exp = -r.IntN(4)
		digits = strconv.Itoa(1+r.IntN(9)) + strconv.Itoa(r.IntN(1000))[:0] + fmt.Sprintf("%0*d", -exp+r.IntN(3), r.IntN(1000))
	}
	var mant []byte
	n, _ := new(big.Int).SetString(digits, 10)
	neg := r.IntN(4) == 0
	switch {
	case !bad && r.IntN(6) == 0: // as a bignum
		digits += strconv.Itoa(r.IntN(1e9)) + strconv.Itoa(r.IntN(1e9)) + strconv.Itoa(r.IntN(1e9))
		n.SetString(digits, 10)
		if neg {
			n.Sub(n, big.NewInt(1))
		}
		b := n.Bytes()
		tag := uint64(2)
		if neg {
			tag = 3
		}
		mant = slices.Concat(prCBORHead(6, tag), prCBORHead(2, uint64(len(b))), b)
	case neg:
		mant = prCBORInt(-n.Int64())
	default:
		mant = prCBORInt(n.Int64())
	}
	return slices.Concat(prCBORHead(6, 4), prCBORHead(4, 2), prCBORInt(int64(exp)), mant)
}

// genPrCBOR writes a sequence of sensor readings, maps of definite or
// indefinite length (an id, an epoch time, names, decimal-fraction
// values, raw bytes, flags, floats, tags); one reading has a value with
// more places than digits; junk may follow.
func genPrCBOR(r *rand.Rand) []byte {
	var out []byte
	n := 2 + r.IntN(10)
	bad := r.IntN(n)
	for i := range n {
		type kv struct {
			k string
			v []byte
		}
		var fields []kv
		add := func(k string, v []byte) { fields = append(fields, kv{k, v}) }
		add("id", prCBORInt(int64(1000+i)))
		add("ts", slices.Concat(prCBORHead(6, 1), prCBORInt(int64(1.7e9)+int64(r.IntN(1e7)))))
		add("sensor", prCBORText(ppPick(r, "temp", "pressure", "humidity", "lux", "wind")+"-"+strconv.Itoa(r.IntN(20))))
		add("unit", prCBORText(ppPick(r, "°C", "kPa", "%RH", "lx", "m/s")))
		add("value", prCBORDecimalOf(r, false))
		if r.IntN(2) == 0 {
			add("min", prCBORDecimalOf(r, false))
			add("max", prCBORDecimalOf(r, false))
		}
		if r.IntN(2) == 0 {
			raw := ppBytes(r, r.IntN(40))
			add("raw", append(prCBORHead(2, uint64(len(raw))), raw...))
		}
		add("ok", []byte{ppPick[byte](r, 0xf4, 0xf5)})
		if r.IntN(2) == 0 {
			add("ratio", binary.BigEndian.AppendUint64([]byte{0xfb}, math.Float64bits(r.Float64())))
		}
		if r.IntN(3) == 0 {
			add("gain", binary.BigEndian.AppendUint16([]byte{0xf9}, uint16(r.IntN(0x7c00))))
		}
		if r.IntN(2) == 0 {
			var tags []byte
			k := r.IntN(4)
			for range k {
				tags = append(tags, prCBORText(ppPick(r, "calibrated", "outdoor", "roof", "lab", ppWord(r, 2, 8)))...)
			}
			if r.IntN(2) == 0 {
				add("tags", slices.Concat([]byte{0x9f}, tags, []byte{0xff}))
			} else {
				add("tags", append(prCBORHead(4, uint64(k)), tags...))
			}
		}
		if r.IntN(3) == 0 {
			add("note", []byte{0xf6})
		}
		r.Shuffle(len(fields)-1, func(a, b int) { fields[a+1], fields[b+1] = fields[b+1], fields[a+1] })
		if i == bad {
			at := 1 + r.IntN(len(fields))
			fields = slices.Insert(fields, at, kv{ppPick(r, "delta", "drift", "offset", "value2"), prCBORDecimalOf(r, true)})
		}
		indefinite := r.IntN(3) == 0
		if indefinite {
			out = append(out, 0xbf)
		} else {
			out = append(out, prCBORHead(5, uint64(len(fields)))...)
		}
		for _, f := range fields {
			out = append(append(out, prCBORText(f.k)...), f.v...)
		}
		if indefinite {
			out = append(out, 0xff)
		}
	}
	if r.IntN(2) == 0 {
		out = append(out, ppBytes(r, r.IntN(80))...)
	}
	return out
}

// ---- WAVE (RIFF) ----

// prKSSuffix is the tail shared by the KSDATAFORMAT_SUBTYPE GUIDs, after
// the 2-byte format tag.
const prKSSuffix = "\x00\x00\x00\x00\x10\x00\x80\x00\x00\xaa\x00\x38\x9b\x71"

type prWAVFormat struct {
	tag, channels, blockAlign, bits uint16
	rate                            uint32
}

// prWAV reads a WAVE file as a decoder does before decoding samples:
// "RIFF", a little-endian size (past the input's end it is taken as the
// end, as streaming writers leave it), "WAVE", then chunks of a 4-byte
// printable id, a little-endian size and the data, padded to even
// length. "fmt " (once, before "data"): PCM (tag 1; 8, 16, 24 or 32 bits),
// IEEE float (3; 32 or 64 bits), A-law and mu-law (6, 7; 8 bits), or
// WAVE_FORMAT_EXTENSIBLE (0xfffe, cbSize at least 22: valid bits, 1 to the
// container's, a channel mask with no more channels than the format's,
// and a subformat GUID for PCM or float), 1 to 18 channels, 1 to 384000
// samples a second, and the block alignment its format gives; "data"
// (once; its size past the end is taken as the end, for streamed files)
// gives the number of sample frames; "fact" holds at least 4 bytes; a
// "LIST" of type "INFO" holds chunks of UTF-8 text; others are skipped.
//
// Bug: the block alignment is checked for each format but the
// extensible one, where 0 divides the data's size by zero.
//
// Smallest prWAVSmallest (68 bytes): "RIFF", the size "\x00\x00\x00\x01",
// "WAVE", a 40-byte extensible "fmt " (tag fe ff, 1 channel, 65536 samples
// a second, byte rate 0, block alignment 0, 8 bits, cbSize 22, 1 valid
// bit, mask 0, the PCM GUID) and an empty "data". Argued: the bug needs
// the extensible format, so a 40-byte fmt chunk (cbSize at least 22, with
// the data it counts), and a data chunk's header: 12+48+8 bytes. The
// RIFF size's least bytes are 00 00 00 01 (0 ends the file at once,
// anything at least 60 reaches the data); the least channel count is 1
// and the least rate bytes 00 00 01 00 (65536: 00 00 00 xx is past
// 384000); the byte rate is not checked; bits 8 and 1 valid bit are the
// least, cbSize must be 22 at this length, and the PCM subformat (1) is
// less than float (3). Single bytes lowered and a byte deleted with
// another set are checked by the harness.
func prWAV(b []byte) int {
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return -1
	}
	size := int(binary.LittleEndian.Uint32(b[4:]))
	if size < 4 {
		return -1
	}
	body := b[12:min(len(b), 8+size)]
	var f *prWAVFormat
	frames := -1
	for len(body) >= 8 {
		id, n := string(body[:4]), int(binary.LittleEndian.Uint32(body[4:]))
		body = body[8:]
		for i := range 4 {
			if id[i] < ' ' || id[i] > '~' {
				return -1
			}
		}
		if id == "data" && n > len(body) {
			n = len(body)
		}
		if n > len(body) {
			return -1
		}
		c := body[:n]
		body = body[n:]
		if n%2 == 1 && len(body) > 0 {
			body = body[1:]
		}
		switch id {
		case "fmt ":
			if f != nil {
				return -1
			}
			var ok bool
			if f, ok = prWAVFmt(c); !ok {
				return -1
			}
		case "data":
			if f == nil || frames >= 0 {
				return -1
			}
			frames = prWAVData(f, c)
		case "fact":
			if n < 4 {
				return -1
			}
		case "LIST":
			if !prWAVList(c) {
				return -1
			}
		}
	}
	return frames
}

// prWAVFmt reads a "fmt " chunk.
func prWAVFmt(c []byte) (*prWAVFormat, bool) {
	if len(c) < 16 {
		return nil, false
	}
	le16 := func(i int) uint16 { return binary.LittleEndian.Uint16(c[i:]) }
	f := &prWAVFormat{tag: le16(0), channels: le16(2), rate: binary.LittleEndian.Uint32(c[4:]), blockAlign: le16(12), bits: le16(14)}
	if f.channels == 0 || f.channels > 18 || f.rate == 0 || f.rate > 384000 {
		return nil, false
	}
	frame := f.channels * (f.bits / 8)
	switch f.tag {
	case 1:
		if f.bits != 8 && f.bits != 16 && f.bits != 24 && f.bits != 32 || f.blockAlign != frame {
			return nil, false
		}
	case 3:
		if f.bits != 32 && f.bits != 64 || f.blockAlign != frame {
			return nil, false
		}
	case 6, 7:
		if f.bits != 8 || f.blockAlign != f.channels {
			return nil, false
		}
	case 0xfffe:
		if len(c) < 18 {
			return nil, false
		}
		cb := le16(16)
		if cb < 22 || len(c) < 18+int(cb) {
			return nil, false
		}
		valid, mask := le16(18), binary.LittleEndian.Uint32(c[20:])
		if f.bits == 0 || f.bits%8 != 0 || f.bits > 64 || valid == 0 || valid > f.bits {
			return nil, false
		}
		n := 0
		for ; mask != 0; mask &= mask - 1 {
			n++
		}
		if n > int(f.channels) || string(c[26:40]) != prKSSuffix {
			return nil, false
		}
		if sub := le16(24); sub != 1 && sub != 3 {
			return nil, false
		}
	default:
		return nil, false
	}
	return f, true
}

// prWAVData counts the data's sample frames (a last partial frame is
// dropped).
func prWAVData(f *prWAVFormat, c []byte) int {
	return len(c) / int(f.blockAlign) // BUG: 0 passes the extensible format's checks
}

// prWAVList checks a LIST chunk.
func prWAVList(c []byte) bool {
	if len(c) < 4 {
		return false
	}
	if string(c[:4]) != "INFO" {
		return true
	}
	c = c[4:]
	for len(c) >= 8 {
		n := int(binary.LittleEndian.Uint32(c[4:]))
		if n > len(c)-8 {
			return false
		}
		v := c[8 : 8+n]
		c = c[8+n:]
		if n%2 == 1 && len(c) > 0 {
			c = c[1:]
		}
		if !utf8.Valid(bytes.TrimRight(v, "\x00")) {
			return false
		}
	}
	return len(c) == 0
}

// prWAVSmallest: see prWAV.
var prWAVSmallest = "RIFF\x00\x00\x00\x01WAVEfmt \x28\x00\x00\x00" +
	"\xfe\xff\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x08\x00" +
	"\x16\x00\x01\x00\x00\x00\x00\x00\x01\x00" + prKSSuffix +
	"data\x00\x00\x00\x00"

// prRIFFChunk writes a chunk, padded to even length.
func prRIFFChunk(id string, c []byte) []byte {
	out := binary.LittleEndian.AppendUint32([]byte(id), uint32(len(c)))
	out = append(out, c...)
	if len(c)%2 == 1 {
		out = append(out, 0)
	}
	return out
}

// genPrWAV writes a multichannel recording with the extensible format
// and a block alignment of 0 (the rest right: byte rate, mask, GUID),
// sometimes a JUNK chunk before it, a fact chunk and a LIST INFO after
// it, then samples, sometimes streamed (sizes 0xffffffff), cut somewhere,
// sometimes with a trailing chunk or junk.
func genPrWAV(r *rand.Rand) []byte {
	le16 := func(v int) []byte { return binary.LittleEndian.AppendUint16(nil, uint16(v)) }
	le32 := func(v int) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(v)) }
	ch := ppPick(r, 1, 2, 2, 4, 6, 8)
	masks := map[int]int{1: 0x4, 2: 0x3, 4: 0x33, 6: 0x3f, 8: 0x63f}
	bits := ppPick(r, 16, 24, 32)
	valid, sub := bits, 1
	if bits == 24 && r.IntN(2) == 0 {
		valid = 20
	}
	if bits == 32 && r.IntN(2) == 0 {
		sub = 3
	}
	rate := ppPick(r, 8000, 16000, 22050, 44100, 48000, 96000)
	align := ch * bits / 8
	fmtc := slices.Concat(le16(0xfffe), le16(ch), le32(rate), le32(rate*align), le16(0), le16(bits),
		le16(22), le16(valid), le32(masks[ch]), le16(sub), []byte(prKSSuffix))
	var body []byte
	if r.IntN(3) == 0 {
		body = append(body, prRIFFChunk("JUNK", make([]byte, 28))...)
	}
	body = append(body, prRIFFChunk("fmt ", fmtc)...)
	frames := 20 + r.IntN(1200/align)
	if r.IntN(2) == 0 {
		body = append(body, prRIFFChunk("fact", le32(frames))...)
	}
	if r.IntN(2) == 0 {
		info := []byte("INFO")
		for _, kv := range [][2]string{
			{"INAM", ppPick(r, "Take ", "Room tone ", "Interview ") + strconv.Itoa(1+r.IntN(40)) + "\x00"},
			{"IART", ppPick(r, "Zoë Ångström", "Field Recorder", ppWord(r, 4, 12)) + "\x00"},
			{"ISFT", ppPick(r, "Lavf60.3.100", "Audacity 3.4.2", "REAPER") + "\x00"},
			{"ICRD", fmt.Sprintf("20%02d-%02d-%02d\x00", r.IntN(25), 1+r.IntN(12), 1+r.IntN(28))},
		}[:1+r.IntN(4)] {
			info = append(info, prRIFFChunk(kv[0], []byte(kv[1]))...)
		}
		body = append(body, prRIFFChunk("LIST", info)...)
	}
	samples := ppBytes(r, frames*align)
	keep := 12 + len(body) + 8 // through the data chunk's header
	streamed := r.IntN(4) == 0
	if streamed {
		body = append(append(append(body, "data"...), le32(0xffffffff)...), samples...)
	} else {
		body = append(body, prRIFFChunk("data", samples)...)
	}
	if r.IntN(3) == 0 {
		body = append(body, prRIFFChunk("id3 ", ppBytes(r, 10+r.IntN(60)))...)
	}
	size := len(body) + 4
	if streamed {
		size = 0xffffffff
	}
	out := slices.Concat([]byte("RIFF"), le32(size), []byte("WAVE"), body)
	if len(out) > 2000 || r.IntN(3) == 0 {
		out = out[:max(keep, min(len(out), 1950)-r.IntN(200))]
	}
	if r.IntN(4) == 0 {
		out = append(out, ppBytes(r, r.IntN(50))...)
	}
	return out
}

// ---- regular expression ----

type prReRange struct{ lo, hi rune }

// prReFoldASCII maps each ASCII letter to its other case, and other
// ASCII bytes to themselves.
var prReFoldASCII = func() (t [utf8.RuneSelf]rune) {
	for i := range t {
		c := rune(i)
		switch {
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		t[i] = c
	}
	return t
}()

var prRePosix = map[string][]prReRange{
	"alpha": {{'A', 'Z'}, {'a', 'z'}}, "digit": {{'0', '9'}}, "alnum": {{'0', '9'}, {'A', 'Z'}, {'a', 'z'}},
	"upper": {{'A', 'Z'}}, "lower": {{'a', 'z'}}, "space": {{'\t', '\r'}, {' ', ' '}}, "xdigit": {{'0', '9'}, {'A', 'F'}, {'a', 'f'}},
	"punct": {{'!', '/'}, {':', '@'}, {'[', '`'}, {'{', '~'}}, "word": {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}},
}

// prRe is a regular expression parser in RE2's syntax.
type prRe struct {
	s     string
	i     int
	fold  bool
	names map[string]bool
	nodes int
}

// prRegexp parses a regular expression (RE2 syntax, UTF-8) and counts
// its nodes: literals (case-folded under the i flag), '.', '^', '$',
// escapes (\d \w \s and their negations, \pL and \p{Name}, \b \B \A \z,
// \x7f and \x{10ffff}, octal \0 to \377, \n \t \r \f \v \a, escaped
// punctuation), classes (negated, ranges, escapes, [:posix:] classes;
// under the i flag, each range gets its letters' other cases, from a
// table for ASCII and from unicode.SimpleFold past it, for at most 256
// runes of a range, wider ones being taken as closed already; the perl
// and posix classes are added as they are), groups (capturing, named
// with (?P<name>) or (?<name>), non-capturing, with flags (?i:...)),
// flags for the rest of the group ((?i), (?-i), flags i, m, s, U),
// alternation, repetition (* + ? {n} {n,} {n,m}, lazy, counts up to 1000,
// none nested).
//
// Bug: the ASCII table is chosen by a range's first rune, so a range
// from ASCII past it reads past the table.
//
// Smallest "(?i)[\x00-\u0080" (9 bytes): the flag, a class and a range
// from NUL to U+0080, which is folded as soon as it is read. Argued: a
// range needs '[', a start, '-' and an end, the end at least U+0080 (2
// bytes), and the flag 4 bytes ("(?i)" and "(?i:"), so 9 bytes; "(?i)"
// is less than "(?i:", NUL the least start and "\xc2\x80" the least
// 2-byte rune. Checked exhaustively outside the harness: every input of
// up to 7 bytes over 15 of the syntax's bytes, and of 8 over 12.
func prRegexp(b []byte) int {
	if !utf8.Valid(b) {
		return -1
	}
	p := &prRe{s: string(b), names: map[string]bool{}}
	if !p.reAlt(0) || p.i != len(p.s) {
		return -1
	}
	return p.nodes
}

func (p *prRe) reAt(c byte) bool { return p.i < len(p.s) && p.s[p.i] == c }

// reAlt parses alternatives up to a ')' or the end; flags set in them
// hold to there.
func (p *prRe) reAlt(depth int) bool {
	if depth > 50 {
		return false
	}
	fold := p.fold
	defer func() { p.fold = fold }()
	for {
		for p.i < len(p.s) && p.s[p.i] != '|' && p.s[p.i] != ')' {
			atom, ok := p.reAtom(depth)
			if !ok || atom && !p.reRepeat() {
				return false
			}
		}
		if !p.reAt('|') {
			return true
		}
		p.i++
		p.nodes++
	}
}

// prReCount reads a repetition count, {n}, {n,} or {n,m}, at the start
// of s: lo, hi (-1 for none) and its length.
func prReCount(s string) (lo, hi, n int, ok bool) {
	num := func(i int) (int, int) {
		v, j := 0, i
		for j < len(s) && j-i < 8 && s[j] >= '0' && s[j] <= '9' {
			v = v*10 + int(s[j]-'0')
			j++
		}
		return v, j
	}
	if len(s) < 3 || s[0] != '{' {
		return 0, 0, 0, false
	}
	lo, i := num(1)
	if i == 1 {
		return 0, 0, 0, false
	}
	hi = lo
	if i < len(s) && s[i] == ',' {
		j := i + 1
		if hi, i = num(j); i == j {
			hi = -1
		}
	}
	if i >= len(s) || s[i] != '}' {
		return 0, 0, 0, false
	}
	return lo, hi, i + 1, true
}

// reRepeat parses the repetition after an atom, if any.
func (p *prRe) reRepeat() bool {
	quant := func() (bool, bool) { // found, ok
		if p.i >= len(p.s) {
			return false, true
		}
		switch p.s[p.i] {
		case '*', '+', '?':
			p.i++
		case '{':
			lo, hi, n, ok := prReCount(p.s[p.i:])
			if !ok {
				return false, true
			}
			if lo > 1000 || hi > 1000 || hi >= 0 && hi < lo {
				return true, false
			}
			p.i += n
		default:
			return false, true
		}
		return true, true
	}
	found, ok := quant()
	if !found || !ok {
		return ok
	}
	p.nodes++
	if p.reAt('?') {
		p.i++
	}
	found, _ = quant()
	return !found // invalid nested repetition
}

// reAtom parses an atom, or a flag group (not an atom).
func (p *prRe) reAtom(depth int) (atom, ok bool) {
	p.nodes++
	switch p.s[p.i] {
	case '(':
		p.i++
		if !p.reAt('?') {
			return true, p.reAlt(depth+1) && p.reClose()
		}
		p.i++
		if strings.HasPrefix(p.s[p.i:], "P<") || p.reAt('<') {
			if p.s[p.i] == 'P' {
				p.i++
			}
			p.i++
			j := strings.IndexByte(p.s[p.i:], '>')
			if j < 0 {
				return false, false
			}
			name := p.s[p.i : p.i+j]
			p.i += j + 1
			if name == "" || p.names[name] || strings.IndexFunc(name, func(c rune) bool { return !(c == '_' || c < 0x80 && (unicode.IsLetter(c) || unicode.IsDigit(c))) }) >= 0 {
				return false, false
			}
			p.names[name] = true
			return true, p.reAlt(depth+1) && p.reClose()
		}
		on, fold, set := true, p.fold, false
		for ; p.i < len(p.s); p.i++ {
			switch p.s[p.i] {
			case 'i':
				fold, set = on, true
			case 'm', 's', 'U':
				set = true
			case '-':
				if !on || !set && p.i > 0 && p.s[p.i-1] != '?' {
					return false, false
				}
				on, set = false, false
			case ')':
				if !set {
					return false, false
				}
				p.i++
				p.fold = fold
				return false, true
			case ':':
				if !on && !set {
					return false, false
				}
				p.i++
				outer := p.fold
				p.fold = fold
				ok := p.reAlt(depth+1) && p.reClose()
				p.fold = outer
				return true, ok
			default:
				return false, false
			}
		}
		return false, false
	case '[':
		return true, p.reClass()
	case '.', '^', '$':
		p.i++
		return true, true
	case '\\':
		r, ok := p.reEscape(nil)
		if ok && r >= 0 {
			p.reLiteral(r)
		}
		return true, ok
	case '*', '+', '?':
		return false, false // missing argument to repetition
	case '{':
		if _, _, _, ok := prReCount(p.s[p.i:]); ok {
			return false, false
		}
	}
	r, n := utf8.DecodeRuneInString(p.s[p.i:])
	p.i += n
	p.reLiteral(r)
	return true, true
}

func (p *prRe) reClose() bool {
	if !p.reAt(')') {
		return false
	}
	p.i++
	return true
}

// reLiteral adds a literal rune and, under the i flag, its other cases.
func (p *prRe) reLiteral(r rune) {
	if !p.fold {
		return
	}
	if r < utf8.RuneSelf {
		if prReFoldASCII[r] != r {
			p.nodes++
		}
		return
	}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		p.nodes++
	}
}

// reEscape reads the escape at p.i: a rune, or -1 for a class (whose
// ranges it adds to cls, if not nil) or an assertion.
func (p *prRe) reEscape(cls *[]prReRange) (rune, bool) {
	if p.i+1 >= len(p.s) {
		return 0, false
	}
	c := p.s[p.i+1]
	p.i += 2
	switch c {
	case 'd', 'D', 'w', 'W', 's', 'S':
		if cls != nil {
			rs := map[byte][]prReRange{'d': prRePosix["digit"], 'w': prRePosix["word"], 's': {{'\t', '\n'}, {'\f', '\r'}, {' ', ' '}}}[c|0x20]
			if c < 'a' { // the complement
				var neg []prReRange
				next := rune(0)
				for _, x := range rs {
					neg = append(neg, prReRange{next, x.lo - 1})
					next = x.hi + 1
				}
				rs = append(neg, prReRange{next, unicode.MaxRune})
			}
			*cls = append(*cls, rs...)
		}
		return -1, true
	case 'p', 'P':
		name := ""
		switch {
		case p.reAt('{'):
			j := strings.IndexByte(p.s[p.i:], '}')
			if j < 0 {
				return 0, false
			}
			name = p.s[p.i+1 : p.i+j]
			p.i += j + 1
		case p.i < len(p.s):
			name = p.s[p.i : p.i+1]
			p.i++
		}
		name = strings.TrimPrefix(name, "^")
		_, cat := unicode.Categories[name]
		_, script := unicode.Scripts[name]
		return -1, cat || script || name == "Any"
	case 'b', 'B', 'A', 'z':
		return -1, cls == nil
	case 'x':
		if p.reAt('{') {
			j := strings.IndexByte(p.s[p.i:], '}')
			if j < 2 {
				return 0, false
			}
			v, err := strconv.ParseUint(p.s[p.i+1:p.i+j], 16, 32)
			p.i += j + 1
			return rune(v), err == nil && v <= unicode.MaxRune
		}
		if p.i+2 > len(p.s) {
			return 0, false
		}
		v, err := strconv.ParseUint(p.s[p.i:p.i+2], 16, 8)
		p.i += 2
		return rune(v), err == nil
	case '0':
		v := 0
		for k := 0; k < 2 && p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '7'; k++ {
			v = v*8 + int(p.s[p.i]-'0')
			p.i++
		}
		return rune(v), true
	case 'n', 't', 'r', 'f', 'v', 'a':
		return rune(map[byte]byte{'n': '\n', 't': '\t', 'r': '\r', 'f': '\f', 'v': '\v', 'a': '\a'}[c]), true
	}
	if c < utf8.RuneSelf && !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_') {
		return rune(c), true
	}
	return 0, false
}

// reClassRune reads a rune in a class, or -1 for a class escape.
func (p *prRe) reClassRune(cls *[]prReRange) (rune, bool) {
	if p.reAt('\\') {
		return p.reEscape(cls)
	}
	r, n := utf8.DecodeRuneInString(p.s[p.i:])
	p.i += n
	return r, true
}

// reClass parses a class.
func (p *prRe) reClass() bool {
	p.i++
	if p.reAt('^') {
		p.i++
	}
	var cls []prReRange
	for first := true; ; first = false {
		if p.i >= len(p.s) {
			return false
		}
		if p.s[p.i] == ']' && !first {
			p.i++
			break
		}
		if strings.HasPrefix(p.s[p.i:], "[:") {
			j := strings.Index(p.s[p.i+2:], ":]")
			if j < 0 {
				return false
			}
			rs, ok := prRePosix[strings.TrimPrefix(p.s[p.i+2:p.i+2+j], "^")]
			if !ok {
				return false
			}
			cls = append(cls, rs...)
			p.i += j + 4
			continue
		}
		lo, ok := p.reClassRune(&cls)
		if !ok {
			return false
		}
		if lo < 0 {
			continue
		}
		hi := lo
		if p.i+1 < len(p.s) && p.s[p.i] == '-' && p.s[p.i+1] != ']' {
			p.i++
			if hi, ok = p.reClassRune(&cls); !ok || hi < lo {
				return false
			}
		}
		cls = p.reAddRange(cls, lo, hi)
	}
	p.nodes += len(cls)
	return true
}

// reAddRange adds lo-hi to the class, and, under the i flag, the other
// cases of its letters.
func (p *prRe) reAddRange(cls []prReRange, lo, hi rune) []prReRange {
	cls = append(cls, prReRange{lo, hi})
	if !p.fold {
		return cls
	}
	if lo < utf8.RuneSelf {
		for r := lo; r <= hi; r++ {
			if f := prReFoldASCII[r]; f != r { // BUG: the range may pass ASCII
				cls = append(cls, prReRange{f, f})
			}
		}
		return cls
	}
	for r := lo; r <= hi && r < lo+256; r++ {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			cls = append(cls, prReRange{f, f})
		}
	}
	return cls
}

// genPrRegexp writes a pattern for access log lines with named groups;
// some case-insensitive part, under a leading (?i) or in a (?i:...)
// group, has a class with a range from ASCII past it (a header's
// printable characters up to U+D7FF, say); the pattern goes on after it,
// sometimes with junk.
func genPrRegexp(r *rand.Rand) []byte {
	pieces := []string{
		`^(?P<ip>\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]{2,` + strconv.Itoa(20+r.IntN(80)) + `})`,
		`\s+-\s+(?P<user>[\w.@-]+|-)`,
		`\s+\[(?P<ts>\d{2}/[A-Za-z]{3}/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4})\]`,
		`\s+"(?P<method>GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)\s+(?P<path>/[^\s?"]*)(?:\?(?P<query>[^\s"]*))?\s+HTTP/(?P<proto>1\.[01]|2(?:\.0)?)"`,
		`\s+(?P<status>[1-5]\d{2})\s+(?P<bytes>\d+|-)`,
		`(?:\s+"(?P<referer>[^"]*)"\s+"(?P<agent>[^"]*)")?`,
		`(?:\s+rt=(?P<rt>\d+(?:\.\d{1,6})?))?`,
		`(?:\s+host=(?P<host>[a-z0-9.-]+\.(?:com|org|net|de|io)))?`,
		`(?:\s+city="(?P<city>[\p{L} .'-]*)")?`,
		`(?:\s+name="(?P<name>[À-ÖØ-öø-ÿa-z ]{0,64})")?`,
		`\s*$`,
	}
	n := 4 + r.IntN(len(pieces)-3)
	pieces = append(pieces[:n-1], pieces[len(pieces)-1])
	class := ppPick(r, `[ -\x{D7FF}]`, `[!-\x{10FFFF}]`, `[\t -\x{FFFD}]`, `[\x20-\x{ff}]`, `[ -ÿ]`, `[0-9_-\x{2FFF}]`, `[^\x00-\x{9F}]`, `[[:alpha:]!-\x{7FF}]`)
	key := ppPick(r, "ua", "trace", "x-request-id", "cookie", "note", ppWord(r, 2, 8))
	bad := `\s+` + key + `="(?P<` + strings.ReplaceAll(key, "-", "_") + `>` + class + ppPick(r, "*", "+", "{1,"+strconv.Itoa(16+r.IntN(985))+"}") + `)"`
	global := r.IntN(2) == 0
	if !global {
		bad = "(?i:" + bad + ")"
	}
	at := 1 + r.IntN(len(pieces)-1)
	pieces = slices.Insert(pieces, at, bad)
	s := strings.Join(pieces, "")
	if global {
		s = "(?i)" + s
	}
	if r.IntN(3) == 0 {
		s += ppText(r, r.IntN(40), "")
	}
	return []byte(s)
}

// ---- e-mail header fields with encoded words ----

type prMailField struct{ name, value string }

// prMail reads a message's header section as a mail client does to
// show it: lines (LF or CRLF) "Name: value" (the name printable ASCII
// but ':'), continued by lines starting with a space or tab, up to a
// blank line or the end; then, in order, the address fields (From,
// Sender, Reply-To, To, Cc, Bcc: lists of mailboxes, addr-spec or
// [display name] <addr-spec>, and groups, name: mailboxes;, with
// comments and white space around; local parts and domains dot-atoms,
// quoted strings or domain literals; UTF-8 allowed) have their mailboxes'
// display names decoded, as do the unstructured Subject and Comments;
// Message-ID, In-Reply-To and References must hold <id@domain>s. Decoding
// (RFC 2047): an atom =?charset?Q-or-B?text?= (charset a token) is
// decoded; B is base64, Q has '_' for a space and =XX for a byte; the
// text must then be UTF-8 for UTF-8 and US-ASCII, is converted from
// ISO-8859-1 and windows-1252, and is kept encoded for other charsets.
//
// Bug: in the Q encoding, an '=' as the last or next to last byte of
// the text reads past it.
//
// Smallest "CC:=?!?Q?=?=<!@!>" (17 bytes): a Cc field with a mailbox
// whose display name is an encoded word with the charset "!" and the text
// "=". Argued: the encoded word takes 9 bytes at least (=? charset ? Q ?
// text ?=, the text holding the '='); decoded in Subject or Comments that
// is 8 or 9 more bytes, in an address field at least the name (Cc, To),
// ':' and the angle address "<a@b>" (5), 17 bytes either way; among those
// "CC:" comes first ("BCC" is a byte longer), then the word, whose least
// charset byte is '!' and least encoding 'Q', and the least local part
// and domain, "!".
func prMail(b []byte) int {
	s := string(b)
	var fields []prMailField
	for s != "" {
		line, rest, _ := strings.Cut(s, "\n")
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			break
		}
		s = rest
		if line[0] == ' ' || line[0] == '\t' {
			if len(fields) == 0 {
				return -1
			}
			fields[len(fields)-1].value += line
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok || name == "" || strings.IndexFunc(name, func(c rune) bool { return c < '!' || c > '~' }) >= 0 {
			return -1
		}
		fields = append(fields, prMailField{name, value})
	}
	n := 0
	for _, f := range fields {
		switch strings.ToLower(f.name) {
		case "from", "sender", "reply-to", "to", "cc", "bcc":
			p := &prMailParser{s: f.value}
			names, ok := p.mailAddressList()
			if !ok {
				return -1
			}
			n += len(names)
		case "subject", "comments":
			t, ok := prMailText(f.value)
			if !ok {
				return -1
			}
			n += len(t)
		case "message-id", "in-reply-to", "references":
			ids := strings.Fields(f.value)
			if len(ids) == 0 || f.name[0]|0x20 == 'm' && len(ids) > 1 {
				return -1
			}
			for _, id := range ids {
				l, r, ok := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(id, "<"), ">"), "@")
				if !ok || l == "" || r == "" || id[0] != '<' || id[len(id)-1] != '>' {
					return -1
				}
			}
		}
	}
	return n
}

// prMailText decodes an unstructured field: its words, encoded words
// decoded, white space between two encoded words dropped.
func prMailText(v string) (string, bool) {
	var b strings.Builder
	prev := false
	for i, w := range strings.Fields(v) {
		d, encoded, ok := prMailWord(w)
		if !ok {
			return "", false
		}
		if i > 0 && !(prev && encoded) {
			b.WriteByte(' ')
		}
		b.WriteString(d)
		prev = encoded
	}
	return b.String(), true
}

// prMailToken reports whether s is an RFC 2047 token.
func prMailToken(s string) bool {
	for i := range len(s) {
		if c := s[i]; c <= ' ' || c >= 0x7f || strings.IndexByte(`()<>@,;:"/[]?.=`, c) >= 0 {
			return false
		}
	}
	return s != ""
}

// prMailWord decodes w if it is an encoded word.
func prMailWord(w string) (decoded string, encoded, ok bool) {
	if len(w) < 8 || !strings.HasPrefix(w, "=?") || !strings.HasSuffix(w, "?=") || strings.Count(w, "?") != 4 {
		return w, false, true
	}
	parts := strings.Split(w[2:len(w)-2], "?")
	charset, enc, text := parts[0], parts[1], parts[2]
	if !prMailToken(charset) {
		return w, false, true
	}
	var data []byte
	switch enc {
	case "B", "b":
		d, err := base64.StdEncoding.DecodeString(text)
		if err != nil {
			return "", false, false
		}
		data = d
	case "Q", "q":
		d, ok := prMailQ(text)
		if !ok {
			return "", false, false
		}
		data = d
	default:
		return w, false, true
	}
	charset, _, _ = strings.Cut(strings.ToLower(charset), "*") // RFC 2231 language
	switch charset {
	case "utf-8", "us-ascii":
		if !utf8.Valid(data) {
			return "", false, false
		}
		return string(data), true, true
	case "iso-8859-1", "latin1", "windows-1252":
		rs := make([]rune, len(data))
		for i, c := range data {
			rs[i] = rune(c)
		}
		return string(rs), true, true
	}
	return w, false, true
}

// prMailQ decodes the Q encoding.
func prMailQ(s string) ([]byte, bool) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '_':
			out = append(out, ' ')
		case c == '=':
			h, l := prUnhex(s[i+1]), prUnhex(s[i+2]) // BUG: the text may end within the escape
			if h < 0 || l < 0 {
				return nil, false
			}
			out = append(out, byte(h<<4|l))
			i += 2
		case c > ' ' && c < 0x7f && c != '?':
			out = append(out, c)
		default:
			return nil, false
		}
	}
	return out, true
}

func prUnhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'F':
		return int(c - 'A' + 10)
	case c >= 'a' && c <= 'f':
		return int(c - 'a' + 10)
	}
	return -1
}

// prMailParser reads an address field.
type prMailParser struct {
	s string
	i int
}

// prMailWordTok is a display name's word.
type prMailWordTok struct {
	text   string
	quoted bool
}

func prAtext(c byte) bool {
	return c >= 0x80 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0
}

// mailCFWS skips white space and comments.
func (p *prMailParser) mailCFWS() bool {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t':
			p.i++
		case '(':
			depth := 0
			for ; p.i < len(p.s); p.i++ {
				switch p.s[p.i] {
				case '\\':
					p.i++
				case '(':
					depth++
				case ')':
					depth--
				}
				if depth == 0 {
					break
				}
			}
			if p.i >= len(p.s) {
				return false
			}
			p.i++
		default:
			return true
		}
	}
	return true
}

func (p *prMailParser) mailAtom(dots bool) (string, bool) {
	j := p.i
	for j < len(p.s) && (prAtext(p.s[j]) || dots && p.s[j] == '.') {
		j++
	}
	if j == p.i {
		return "", false
	}
	s := p.s[p.i:j]
	p.i = j
	return s, true
}

func (p *prMailParser) mailQuoted() (string, bool) {
	var b strings.Builder
	for j := p.i + 1; j < len(p.s); j++ {
		switch c := p.s[j]; c {
		case '"':
			p.i = j + 1
			return b.String(), true
		case '\\':
			if j++; j == len(p.s) {
				return "", false
			}
			b.WriteByte(p.s[j])
		case '\r', '\n':
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return "", false
}

// mailDotAtom reads atoms joined by single dots.
func (p *prMailParser) mailDotAtom() bool {
	for {
		if _, ok := p.mailAtom(false); !ok {
			return false
		}
		if p.i+1 >= len(p.s) || p.s[p.i] != '.' || !prAtext(p.s[p.i+1]) {
			return true
		}
		p.i++
	}
}

func (p *prMailParser) mailAddrSpec() bool {
	if p.i < len(p.s) && p.s[p.i] == '"' {
		if _, ok := p.mailQuoted(); !ok {
			return false
		}
	} else if !p.mailDotAtom() {
		return false
	}
	if p.i >= len(p.s) || p.s[p.i] != '@' {
		return false
	}
	p.i++
	if p.i < len(p.s) && p.s[p.i] == '[' {
		j := strings.IndexByte(p.s[p.i:], ']')
		if j < 0 || strings.ContainsAny(p.s[p.i+1:p.i+j], "[\\") {
			return false
		}
		p.i += j + 1
		return true
	}
	return p.mailDotAtom()
}

// mailPhrase reads a display name's words (atoms, dots allowed, and
// quoted strings).
func (p *prMailParser) mailPhrase() ([]prMailWordTok, bool) {
	var words []prMailWordTok
	for {
		if !p.mailCFWS() {
			return nil, false
		}
		switch {
		case p.i < len(p.s) && p.s[p.i] == '"':
			s, ok := p.mailQuoted()
			if !ok {
				return nil, false
			}
			words = append(words, prMailWordTok{s, true})
		case p.i < len(p.s) && (prAtext(p.s[p.i]) || p.s[p.i] == '.'):
			s, _ := p.mailAtom(true)
			words = append(words, prMailWordTok{s, false})
		default:
			return words, true
		}
	}
}

// mailMailbox reads a mailbox and returns its display name, decoded.
func (p *prMailParser) mailMailbox() (string, bool) {
	start := p.i
	if p.mailAddrSpec() {
		end := p.i
		if p.mailCFWS() && (p.i == len(p.s) || strings.IndexByte(",;", p.s[p.i]) >= 0) {
			return "", true
		}
		p.i = end
	}
	p.i = start
	words, ok := p.mailPhrase()
	if !ok {
		return "", false
	}
	return p.mailAngle(words)
}

// mailAngle reads <addr-spec> and decodes the display name before it.
func (p *prMailParser) mailAngle(words []prMailWordTok) (string, bool) {
	if p.i >= len(p.s) || p.s[p.i] != '<' {
		return "", false
	}
	p.i++
	if !p.mailAddrSpec() || p.i >= len(p.s) || p.s[p.i] != '>' {
		return "", false
	}
	p.i++
	var parts []string
	for _, w := range words {
		if w.quoted {
			parts = append(parts, w.text)
			continue
		}
		d, _, ok := prMailWord(w.text)
		if !ok {
			return "", false
		}
		parts = append(parts, d)
	}
	return strings.Join(parts, " "), p.mailCFWS()
}

// mailAddressList reads the field's addresses and returns their
// display names.
func (p *prMailParser) mailAddressList() ([]string, bool) {
	var names []string
	for {
		if !p.mailCFWS() {
			return nil, false
		}
		if p.i == len(p.s) {
			return names, true
		}
		start := p.i
		words, ok := p.mailPhrase()
		if ok && len(words) > 0 && p.i < len(p.s) && p.s[p.i] == ':' { // a group, whose name is not decoded
			p.i++
			for {
				if !p.mailCFWS() || p.i == len(p.s) {
					return nil, false
				}
				if p.s[p.i] == ';' {
					p.i++
					break
				}
				if p.s[p.i] == ',' {
					p.i++
					continue
				}
				name, ok := p.mailMailbox()
				if !ok {
					return nil, false
				}
				names = append(names, name)
			}
		} else {
			p.i = start
			name, ok := p.mailMailbox()
			if !ok {
				return nil, false
			}
			names = append(names, name)
		}
		if !p.mailCFWS() {
			return nil, false
		}
		if p.i == len(p.s) {
			return names, true
		}
		if p.s[p.i] != ',' {
			return nil, false
		}
		p.i++
	}
}

// prQEncode encodes s in the Q encoding for a display name.
func prQEncode(s string) string {
	var b strings.Builder
	for i := range len(s) {
		switch c := s[i]; {
		case c == ' ':
			b.WriteByte('_')
		case c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!*+-/", c) >= 0):
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "=%02X", c)
		}
	}
	return b.String()
}

// genPrMail writes a received message: trace fields, a DKIM signature,
// From, To, Cc with display names plain, quoted, encoded (Q and B) and
// with comments, a Subject with encoded words, folded, Date, Message-ID,
// MIME fields, X- fields of junk, and a body; one encoded word (in a
// display name or the Subject) has its Q text cut within an escape.
func genPrMail(r *rand.Rand) []byte {
	nl := ppPick(r, "\r\n", "\n")
	people := [][2]string{
		{"Jörg Müller", "joerg.mueller@example.de"}, {"François Dupont", "f.dupont@exemple.fr"},
		{"Jan Novák", "jan@example.cz"}, {"Ana García", "ana.garcia@ejemplo.es"}, {"Zoë Smith", "zoe@example.co.uk"},
		{"John Q. Public", "jqp@example.com"}, {"Li Wei", "li.wei@example.cn"}, {"Søren Ødegård", "soren@eksempel.dk"},
	}
	badUsed := false
	bad := r.IntN(4) // 0 From, 1 To, 2 Cc, 3 Subject
	encodedWord := func(text string, cut bool) string {
		if cut {
			q := prQEncode(text)
			if !strings.Contains(q, "=") {
				q = prQEncode(text + ppPick(r, " –", "…", " ✓"))
			}
			i := strings.LastIndexByte(q, '=')
			return "=?UTF-8?Q?" + q[:i+1+r.IntN(2)] + "?="
		}
		if r.IntN(3) == 0 {
			return "=?utf-8?B?" + base64.StdEncoding.EncodeToString([]byte(text)) + "?="
		}
		return "=?" + ppPick(r, "UTF-8", "utf-8") + "?" + ppPick(r, "Q", "q") + "?" + prQEncode(text) + "?="
	}
	mailbox := func(cut bool) string {
		p := ppPick(r, people...)
		if cut {
			return encodedWord(p[0], true) + " <" + p[1] + ">"
		}
		switch r.IntN(5) {
		case 0:
			return p[1]
		case 1:
			return p[1] + " (" + p[0] + ")"
		case 2:
			return `"` + strings.Replace(p[0], " ", ", ", 1) + `" <` + p[1] + ">"
		case 3:
			if utf8.RuneCountInString(p[0]) == len(p[0]) {
				return p[0] + " <" + p[1] + ">"
			}
		}
		return encodedWord(p[0], false) + " <" + p[1] + ">"
	}
	list := func(which int) string {
		n := 1 + r.IntN(3)
		at := r.IntN(n)
		var ms []string
		for i := range n {
			ms = append(ms, mailbox(which == bad && i == at))
		}
		if which == bad {
			badUsed = true
		}
		if which > 0 && r.IntN(4) == 0 {
			if which == bad || r.IntN(2) == 0 {
				return "undisclosed-recipients:;, " + strings.Join(ms, ", ")
			}
			return "undisclosed-recipients:;"
		}
		return strings.Join(ms, ","+ppPick(r, " ", nl+"\t", nl+"    "))
	}
	var h []string
	domain := ppPick(r, "example.de", "mail.example.org", "lists.example.net")
	h = append(h, "Return-Path: <bounce-"+strconv.Itoa(r.IntN(1e6))+"@"+domain+">")
	for k := 1 + r.IntN(2); k > 0; k-- {
		h = append(h, fmt.Sprintf("Received: from mx%d.%s (mx%d.%s [203.0.113.%d])%s\tby mx.example.com (Postfix) with ESMTPS id %X%s\tfor <jan@example.com>; Tue, %d Nov 2023 09:%02d:%02d +0100 (CET)",
			r.IntN(9), domain, r.IntN(9), domain, r.IntN(255), nl, r.Uint64()&0xffffffffff, nl, 1+r.IntN(28), r.IntN(60), r.IntN(60)))
	}
	if r.IntN(2) == 0 {
		sig := base64.StdEncoding.EncodeToString(ppBytes(r, 96))
		h = append(h, "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d="+domain+"; s=mail;"+nl+"\th=from:to:subject:date; bh="+base64.StdEncoding.EncodeToString(ppBytes(r, 32))+";"+nl+"\tb="+sig[:64]+nl+"\t "+sig[64:])
	}
	h = append(h, "From: "+list(0))
	h = append(h, "To: "+list(1))
	if r.IntN(2) == 0 || bad == 2 {
		h = append(h, "Cc: "+list(2))
	}
	subjects := []string{"Re: Angebot für Q4", "Réunion de lundi", "Grüße aus München", "Fwd: Rechnung Nr. " + strconv.Itoa(r.IntN(99999)), "Ønsker om møde", "Café ☕ tomorrow?"}
	subj := ppPick(r, subjects...)
	switch {
	case bad == 3:
		words := strings.Fields(subj)
		i := r.IntN(len(words))
		var parts []string
		for j, w := range words {
			if j == i {
				parts = append(parts, encodedWord(w+"é", true))
			} else if r.IntN(2) == 0 {
				parts = append(parts, encodedWord(w, false))
			} else {
				parts = append(parts, w)
			}
		}
		h = append(h, "Subject: "+strings.Join(parts, ppPick(r, " ", nl+" ")))
		badUsed = true
	case utf8.RuneCountInString(subj) == len(subj):
		h = append(h, "Subject: "+subj)
	default:
		h = append(h, "Subject: "+encodedWord(subj, false))
	}
	if !badUsed {
		h = append(h, "Cc: "+list(bad))
	}
	h = append(h, fmt.Sprintf("Date: Tue, %d Nov 2023 09:%02d:%02d +0100", 1+r.IntN(28), r.IntN(60), r.IntN(60)))
	h = append(h, fmt.Sprintf("Message-ID: <%x.%d@%s>", r.Uint64(), r.IntN(1e6), domain))
	if r.IntN(2) == 0 {
		h = append(h, fmt.Sprintf("In-Reply-To: <%x@%s>", r.Uint64(), domain))
	}
	h = append(h, "MIME-Version: 1.0", "Content-Type: text/plain; charset=UTF-8; format=flowed", "Content-Transfer-Encoding: "+ppPick(r, "8bit", "quoted-printable"))
	for k := r.IntN(3); k > 0; k-- {
		h = append(h, "X-"+ppPick(r, "Mailer", "Spam-Score", "Originating-IP", ppWord(r, 3, 8))+": "+ppText(r, r.IntN(40), ""))
	}
	// Junk lines the fuzzer left in the header: fields with unknown names.
	if r.IntN(3) == 0 {
		i := 1 + r.IntN(len(h)-1)
		h = slices.Insert(h, i, ppWord(r, 2, 6)+":"+ppText(r, r.IntN(30), ""))
	}
	body := pqProse(r, 50+r.IntN(300))
	if r.IntN(2) == 0 {
		body += string(ppBytes(r, r.IntN(60)))
	}
	return []byte(strings.Join(h, nl) + nl + nl + body)
}

// ---- SQL dump ----

type prSQLCol struct {
	name, typ        string
	notNull, indexed bool
}

type prSQLTable struct {
	name string
	cols []prSQLCol
}

// sqlColumnIndex is the position of the column named name, or -1.
func (t *prSQLTable) sqlColumnIndex(name string) int {
	for i, c := range t.cols {
		if strings.EqualFold(c.name, name) {
			return i
		}
	}
	return -1
}

// sqlKeys marks a table constraint's columns, named by names, as
// indexed and returns their positions.
func (t *prSQLTable) sqlKeys(names []string) []int {
	idx := make([]int, len(names))
	for i, n := range names {
		idx[i] = t.sqlColumnIndex(n)
	}
	for _, i := range idx {
		t.cols[i].indexed = true // BUG: a name the table lacks gives -1
	}
	return idx
}

type prSQLTok struct {
	kind byte // 0 the end, 'i' a word, 'q' a quoted identifier, 's' a string, 'n' a number, '?' a parameter, 'p' punctuation, 'x' an error
	text string
}

// prSQLParser reads SQL, a token at a time.
type prSQLParser struct {
	s      string
	i      int
	tok    prSQLTok
	tables map[string]*prSQLTable
}

var prSQLTypes = map[string]bool{
	"INT": true, "INTEGER": true, "BIGINT": true, "SMALLINT": true, "TINYINT": true, "TEXT": true, "VARCHAR": true, "CHAR": true,
	"CLOB": true, "BOOLEAN": true, "REAL": true, "FLOAT": true, "DOUBLE": true, "NUMERIC": true, "DECIMAL": true, "DATE": true,
	"DATETIME": true, "TIMESTAMP": true, "BLOB": true, "JSON": true,
}

var prSQLReserved = map[string]bool{
	"CREATE": true, "TABLE": true, "INSERT": true, "INTO": true, "VALUES": true, "PRIMARY": true, "KEY": true, "UNIQUE": true,
	"FOREIGN": true, "REFERENCES": true, "CONSTRAINT": true, "CHECK": true, "DEFAULT": true, "NOT": true, "NULL": true,
	"INDEX": true, "ON": true, "DROP": true, "SELECT": true, "FROM": true, "WHERE": true, "AND": true, "OR": true,
}

// prSQL runs a SQL dump's schema statements, as a migration checker
// does: statements separated by ';' (comments -- and /* */; strings
// '...' with a doubled quote for one; identifiers bare, "quoted" or `quoted`,
// case-insensitive; keywords case-insensitive; white space space, tab,
// LF, CR): PRAGMA, BEGIN, COMMIT, END, ROLLBACK; CREATE [TEMP] TABLE [IF
// NOT EXISTS] (columns: a name, a type from a list with optional
// (n[,m]), and constraints PRIMARY KEY [ASC|DESC] [AUTOINCREMENT], NOT
// NULL, NULL, UNIQUE, DEFAULT, REFERENCES, CHECK, COLLATE; table
// constraints, after an optional CONSTRAINT name: PRIMARY KEY (...),
// UNIQUE (...), FOREIGN KEY (...) REFERENCES t [(...)] [ON DELETE|UPDATE
// action], CHECK (expr)) [WITHOUT ROWID]: at least one column, no two
// alike, and the constraints' columns looked up; CREATE [UNIQUE] INDEX
// [IF NOT EXISTS] name ON table (columns) [WHERE expr]; INSERT [OR ...]
// INTO table [(columns)] VALUES (...), ... with as many values as
// columns; DROP TABLE [IF EXISTS]. Expressions: literals, parameters,
// names, calls, unary and binary operators, parentheses.
//
// Bug: a table constraint's columns are looked up without checking
// that they were found (CREATE INDEX checks).
//
// Smallest "CREATE\tTABLE\tA(A\tINT,UNIQUE(B))" (31 bytes). Argued: only
// CREATE TABLE's table constraints reach the lookup; it takes CREATE,
// TABLE, a name, a column (a name and a type: INT is the only 3-letter
// one) and a constraint naming another column, UNIQUE(x) being the
// shortest, 31 bytes with the three separators; keywords upper case,
// tab the least white space, 'A' the least name and 'B' the least that
// is not 'A' (case-insensitively); the column before the constraint.
func prSQL(b []byte) int {
	p := &prSQLParser{s: string(b), tables: map[string]*prSQLTable{}}
	p.sqlNext()
	n := 0
	for p.tok.kind != 0 {
		if p.sqlPunct(";") {
			continue
		}
		if !p.sqlStatement() || p.tok.kind != 0 && !p.sqlPunct(";") {
			return -1
		}
		n++
	}
	return n
}

func prSQLLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func prSQLDigit(c byte) bool  { return c >= '0' && c <= '9' }

// sqlNext reads the next token into p.tok.
func (p *prSQLParser) sqlNext() {
	s := p.s
	for p.i < len(s) {
		if c := s[p.i]; c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			p.i++
		} else if strings.HasPrefix(s[p.i:], "--") {
			j := strings.IndexByte(s[p.i:], '\n')
			if j < 0 {
				j = len(s) - p.i
			}
			p.i += j
		} else if strings.HasPrefix(s[p.i:], "/*") {
			j := strings.Index(s[p.i+2:], "*/")
			if j < 0 {
				p.tok = prSQLTok{kind: 'x'}
				return
			}
			p.i += j + 4
		} else {
			break
		}
	}
	if p.i >= len(s) {
		p.tok = prSQLTok{}
		return
	}
	start, c := p.i, s[p.i]
	switch {
	case prSQLLetter(c):
		for p.i++; p.i < len(s) && (prSQLLetter(s[p.i]) || prSQLDigit(s[p.i]) || s[p.i] == '$'); p.i++ {
		}
		p.tok = prSQLTok{'i', s[start:p.i]}
	case prSQLDigit(c) || c == '.' && p.i+1 < len(s) && prSQLDigit(s[p.i+1]):
		digits := func() int {
			k := p.i
			for p.i < len(s) && prSQLDigit(s[p.i]) {
				p.i++
			}
			return p.i - k
		}
		digits()
		if p.i < len(s) && s[p.i] == '.' {
			p.i++
			digits()
		}
		if p.i < len(s) && s[p.i]|0x20 == 'e' {
			p.i++
			if p.i < len(s) && (s[p.i] == '+' || s[p.i] == '-') {
				p.i++
			}
			if digits() == 0 {
				p.tok = prSQLTok{kind: 'x'}
				return
			}
		}
		p.tok = prSQLTok{'n', s[start:p.i]}
	case c == '\'' || c == '"' || c == '`':
		var b strings.Builder
		for p.i++; ; p.i++ {
			if p.i >= len(s) {
				p.tok = prSQLTok{kind: 'x'}
				return
			}
			if s[p.i] == c {
				if p.i+1 < len(s) && s[p.i+1] == c {
					b.WriteByte(c)
					p.i++
					continue
				}
				p.i++
				break
			}
			b.WriteByte(s[p.i])
		}
		kind := byte('s')
		if c != '\'' {
			kind = 'q'
			if b.Len() == 0 {
				p.tok = prSQLTok{kind: 'x'}
				return
			}
		}
		p.tok = prSQLTok{kind, b.String()}
	case c == '?':
		p.i++
		p.tok = prSQLTok{'?', "?"}
	default:
		for _, op := range []string{"<=", ">=", "<>", "!=", "==", "||", "(", ")", ",", ";", ".", "*", "=", "<", ">", "+", "-", "/", "%"} {
			if strings.HasPrefix(s[p.i:], op) {
				p.i += len(op)
				p.tok = prSQLTok{'p', op}
				return
			}
		}
		p.tok = prSQLTok{kind: 'x'}
	}
}

func (p *prSQLParser) sqlKw(k string) bool {
	if p.tok.kind == 'i' && strings.EqualFold(p.tok.text, k) {
		p.sqlNext()
		return true
	}
	return false
}

func (p *prSQLParser) sqlPunct(x string) bool {
	if p.tok.kind == 'p' && p.tok.text == x {
		p.sqlNext()
		return true
	}
	return false
}

func (p *prSQLParser) sqlName() (string, bool) {
	if p.tok.kind == 'q' || p.tok.kind == 'i' && !prSQLReserved[strings.ToUpper(p.tok.text)] {
		s := p.tok.text
		p.sqlNext()
		return s, true
	}
	return "", false
}

// sqlNameList reads (name [ASC|DESC], ...).
func (p *prSQLParser) sqlNameList() ([]string, bool) {
	if !p.sqlPunct("(") {
		return nil, false
	}
	var names []string
	for {
		n, ok := p.sqlName()
		if !ok {
			return nil, false
		}
		names = append(names, n)
		_ = p.sqlKw("ASC") || p.sqlKw("DESC")
		if p.sqlPunct(")") {
			return names, true
		}
		if !p.sqlPunct(",") {
			return nil, false
		}
	}
}

func (p *prSQLParser) sqlExpr(depth int) bool {
	if depth > 40 {
		return false
	}
	for {
		for p.sqlPunct("-") || p.sqlPunct("+") || p.sqlKw("NOT") {
		}
		switch p.tok.kind {
		case 'n', 's', '?':
			p.sqlNext()
		case 'i', 'q':
			p.sqlNext()
			if p.sqlPunct("(") {
				if !p.sqlPunct(")") {
					if !p.sqlPunct("*") {
						for {
							if !p.sqlExpr(depth + 1) {
								return false
							}
							if !p.sqlPunct(",") {
								break
							}
						}
					}
					if !p.sqlPunct(")") {
						return false
					}
				}
			} else if p.sqlPunct(".") {
				if _, ok := p.sqlName(); !ok {
					return false
				}
			}
		case 'p':
			if !p.sqlPunct("(") || !p.sqlExpr(depth+1) || !p.sqlPunct(")") {
				return false
			}
		default:
			return false
		}
		if p.tok.kind == 'p' && strings.Contains(" = == <> != < <= > >= + - * / % || ", " "+p.tok.text+" ") {
			p.sqlNext()
			continue
		}
		if p.sqlKw("AND") || p.sqlKw("OR") || p.sqlKw("LIKE") || p.sqlKw("IS") {
			continue
		}
		return true
	}
}

func (p *prSQLParser) sqlStatement() bool {
	switch {
	case p.sqlKw("PRAGMA"):
		if _, ok := p.sqlName(); !ok {
			return false
		}
		if p.sqlPunct("=") {
			return p.sqlExpr(0)
		}
		if p.sqlPunct("(") {
			return p.sqlExpr(0) && p.sqlPunct(")")
		}
		return true
	case p.sqlKw("BEGIN"), p.sqlKw("COMMIT"), p.sqlKw("END"):
		p.sqlKw("TRANSACTION")
		return true
	case p.sqlKw("ROLLBACK"):
		return true
	case p.sqlKw("CREATE"):
		unique := p.sqlKw("UNIQUE")
		if p.sqlKw("INDEX") {
			return p.sqlCreateIndex()
		}
		_ = p.sqlKw("TEMP") || p.sqlKw("TEMPORARY")
		return !unique && p.sqlKw("TABLE") && p.sqlCreateTable()
	case p.sqlKw("INSERT"):
		return p.sqlInsert()
	case p.sqlKw("DROP"):
		if !p.sqlKw("TABLE") {
			return false
		}
		ifExists := p.sqlKw("IF")
		if ifExists && !p.sqlKw("EXISTS") {
			return false
		}
		name, ok := p.sqlName()
		if !ok || !ifExists && p.tables[strings.ToLower(name)] == nil {
			return false
		}
		delete(p.tables, strings.ToLower(name))
		return true
	}
	return false
}

func (p *prSQLParser) sqlIfNotExists() (bool, bool) {
	if !p.sqlKw("IF") {
		return false, true
	}
	return true, p.sqlKw("NOT") && p.sqlKw("EXISTS")
}

func (p *prSQLParser) sqlCreateTable() bool {
	ifNot, ok := p.sqlIfNotExists()
	if !ok {
		return false
	}
	name, ok := p.sqlName()
	if !ok || p.tables[strings.ToLower(name)] != nil && !ifNot || !p.sqlPunct("(") {
		return false
	}
	t := &prSQLTable{name: name}
	var keys [][]string
	for {
		if p.sqlKw("CONSTRAINT") {
			if _, ok := p.sqlName(); !ok {
				return false
			}
		}
		switch {
		case p.sqlKw("PRIMARY"):
			if !p.sqlKw("KEY") {
				return false
			}
			cols, ok := p.sqlNameList()
			if !ok {
				return false
			}
			keys = append(keys, cols)
		case p.sqlKw("UNIQUE"):
			cols, ok := p.sqlNameList()
			if !ok {
				return false
			}
			keys = append(keys, cols)
		case p.sqlKw("FOREIGN"):
			if !p.sqlKw("KEY") {
				return false
			}
			cols, ok := p.sqlNameList()
			if !ok || !p.sqlKw("REFERENCES") || !p.sqlRefs() {
				return false
			}
			keys = append(keys, cols)
		case p.sqlKw("CHECK"):
			if !p.sqlPunct("(") || !p.sqlExpr(0) || !p.sqlPunct(")") {
				return false
			}
		default:
			col, ok := p.sqlColumnDef()
			if !ok {
				return false
			}
			t.cols = append(t.cols, col)
		}
		if p.sqlPunct(")") {
			break
		}
		if !p.sqlPunct(",") {
			return false
		}
	}
	if p.sqlKw("WITHOUT") && !p.sqlKw("ROWID") || len(t.cols) == 0 {
		return false
	}
	for i, c := range t.cols {
		if t.sqlColumnIndex(c.name) != i {
			return false
		}
	}
	for _, k := range keys {
		t.sqlKeys(k)
	}
	if p.tables[strings.ToLower(name)] == nil {
		p.tables[strings.ToLower(name)] = t
	}
	return true
}

// sqlRefs reads what follows REFERENCES.
func (p *prSQLParser) sqlRefs() bool {
	if _, ok := p.sqlName(); !ok {
		return false
	}
	if p.tok.kind == 'p' && p.tok.text == "(" {
		if _, ok := p.sqlNameList(); !ok {
			return false
		}
	}
	for p.sqlKw("ON") {
		if !p.sqlKw("DELETE") && !p.sqlKw("UPDATE") {
			return false
		}
		switch {
		case p.sqlKw("CASCADE"), p.sqlKw("RESTRICT"):
		case p.sqlKw("NO"):
			if !p.sqlKw("ACTION") {
				return false
			}
		case p.sqlKw("SET"):
			if !p.sqlKw("NULL") && !p.sqlKw("DEFAULT") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// sqlColumnDef reads a column's definition.
func (p *prSQLParser) sqlColumnDef() (prSQLCol, bool) {
	name, ok := p.sqlName()
	typ := strings.ToUpper(p.tok.text)
	if !ok || p.tok.kind != 'i' || !prSQLTypes[typ] {
		return prSQLCol{}, false
	}
	p.sqlNext()
	if typ == "DOUBLE" {
		p.sqlKw("PRECISION")
	}
	if p.sqlPunct("(") {
		for k := 0; ; k++ {
			if p.tok.kind != 'n' || k == 2 {
				return prSQLCol{}, false
			}
			p.sqlNext()
			if p.sqlPunct(")") {
				break
			}
			if !p.sqlPunct(",") {
				return prSQLCol{}, false
			}
		}
	}
	col := prSQLCol{name: name, typ: typ}
	for {
		switch {
		case p.sqlKw("PRIMARY"):
			if !p.sqlKw("KEY") {
				return prSQLCol{}, false
			}
			_ = p.sqlKw("ASC") || p.sqlKw("DESC")
			p.sqlKw("AUTOINCREMENT")
			col.indexed = true
		case p.sqlKw("NOT"):
			if !p.sqlKw("NULL") {
				return prSQLCol{}, false
			}
			col.notNull = true
		case p.sqlKw("NULL"):
		case p.sqlKw("UNIQUE"):
			col.indexed = true
		case p.sqlKw("DEFAULT"):
			if p.sqlPunct("(") {
				if !p.sqlExpr(0) || !p.sqlPunct(")") {
					return prSQLCol{}, false
				}
				continue
			}
			_ = p.sqlPunct("-") || p.sqlPunct("+")
			if k := p.tok.kind; k != 'n' && k != 's' && k != 'i' {
				return prSQLCol{}, false
			}
			p.sqlNext()
		case p.sqlKw("REFERENCES"):
			if !p.sqlRefs() {
				return prSQLCol{}, false
			}
		case p.sqlKw("CHECK"):
			if !p.sqlPunct("(") || !p.sqlExpr(0) || !p.sqlPunct(")") {
				return prSQLCol{}, false
			}
		case p.sqlKw("COLLATE"):
			if _, ok := p.sqlName(); !ok {
				return prSQLCol{}, false
			}
		default:
			return col, true
		}
	}
}

func (p *prSQLParser) sqlCreateIndex() bool {
	if _, ok := p.sqlIfNotExists(); !ok {
		return false
	}
	if _, ok := p.sqlName(); !ok || !p.sqlKw("ON") {
		return false
	}
	name, ok := p.sqlName()
	t := p.tables[strings.ToLower(name)]
	if !ok || t == nil {
		return false
	}
	cols, ok := p.sqlNameList()
	if !ok {
		return false
	}
	for _, c := range cols {
		i := t.sqlColumnIndex(c)
		if i < 0 {
			return false
		}
		t.cols[i].indexed = true
	}
	if p.sqlKw("WHERE") {
		return p.sqlExpr(0)
	}
	return true
}

func (p *prSQLParser) sqlInsert() bool {
	if p.sqlKw("OR") {
		if !p.sqlKw("REPLACE") && !p.sqlKw("IGNORE") && !p.sqlKw("ABORT") {
			return false
		}
	}
	if !p.sqlKw("INTO") {
		return false
	}
	name, ok := p.sqlName()
	t := p.tables[strings.ToLower(name)]
	if !ok || t == nil {
		return false
	}
	n := len(t.cols)
	if p.tok.kind == 'p' && p.tok.text == "(" {
		cols, ok := p.sqlNameList()
		if !ok {
			return false
		}
		for _, c := range cols {
			if t.sqlColumnIndex(c) < 0 {
				return false
			}
		}
		n = len(cols)
	}
	if !p.sqlKw("VALUES") {
		return false
	}
	for {
		if !p.sqlPunct("(") {
			return false
		}
		k := 0
		for {
			if !p.sqlExpr(0) {
				return false
			}
			k++
			if p.sqlPunct(")") {
				break
			}
			if !p.sqlPunct(",") {
				return false
			}
		}
		if k != n {
			return false
		}
		if !p.sqlPunct(",") {
			return true
		}
	}
}

// prSQLGenTable is a table the generator writes.
type prSQLGenTable struct {
	name string
	cols [][3]string // name, definition, kind of value: i(nteger), t(ext), d(ecimal), s (timestamp)
	keys []string    // table constraints, "%s" for the column list
	key  [][]string  // their columns
}

// genPrSQL writes an SQLite dump: a comment, PRAGMA, BEGIN, tables with
// column and table constraints, each followed by INSERTs, indexes,
// COMMIT; one table's constraint names a column the table lacks (a
// typo, or a column renamed); sometimes junk after the end.
func genPrSQL(r *rand.Rand) []byte {
	tables := []prSQLGenTable{
		{"users", [][3]string{{"id", "INTEGER PRIMARY KEY AUTOINCREMENT", "i"}, {"email", "VARCHAR(255) NOT NULL UNIQUE", "t"}, {"name", "TEXT", "t"}, {"created_at", "TIMESTAMP DEFAULT CURRENT_TIMESTAMP", "s"}},
			nil, nil},
		{"products", [][3]string{{"id", "INTEGER", "i"}, {"sku", "VARCHAR(32) NOT NULL", "t"}, {"title", "TEXT NOT NULL", "t"}, {"price", "DECIMAL(10,2) DEFAULT 0.00 CHECK (price >= 0)", "d"}},
			[]string{"PRIMARY KEY (%s)", "UNIQUE (%s)"}, [][]string{{"id"}, {"sku"}}},
		{"orders", [][3]string{{"id", "INTEGER NOT NULL", "i"}, {"user_id", "INTEGER NOT NULL REFERENCES users(id)", "i"}, {"product_id", "INTEGER", "i"}, {"qty", "INT DEFAULT 1 CHECK (qty > 0)", "i"}, {"placed_at", "DATETIME", "s"}},
			[]string{"PRIMARY KEY (%s)", "FOREIGN KEY (%s) REFERENCES products (id) ON DELETE CASCADE", "UNIQUE (%s)"}, [][]string{{"id"}, {"product_id"}, {"user_id", "product_id", "placed_at"}}},
		{"tags", [][3]string{{"name", "TEXT NOT NULL COLLATE NOCASE", "t"}, {"post_id", "BIGINT", "i"}},
			[]string{"PRIMARY KEY (%s)"}, [][]string{{"name", "post_id"}}},
		{"sessions", [][3]string{{"token", "CHAR(64) NOT NULL", "t"}, {"user_id", "INTEGER", "i"}, {"expires", "TIMESTAMP", "s"}},
			[]string{"UNIQUE (%s)", "CONSTRAINT fk_user FOREIGN KEY (%s) REFERENCES users(id) ON UPDATE NO ACTION"}, [][]string{{"token"}, {"user_id"}}},
		{"audit_log", [][3]string{{"seq", "BIGINT NOT NULL", "i"}, {"actor", "TEXT", "t"}, {"action", "VARCHAR(16) NOT NULL CHECK (action IN ('insert', 'update', 'delete'))", "t"}, {"at", "TIMESTAMP NOT NULL", "s"}},
			[]string{"PRIMARY KEY (%s DESC)"}, [][]string{{"seq"}}},
	}
	// audit_log's CHECK uses IN, which this dialect lacks: keep it simple.
	tables[5].cols[2][1] = "VARCHAR(16) NOT NULL CHECK (action = 'insert' OR action = 'update' OR action = 'delete')"
	r.Shuffle(len(tables)-1, func(i, j int) { tables[i+1], tables[j+1] = tables[j+1], tables[i+1] })
	n := 2 + r.IntN(len(tables)-1)
	var withKeys []int
	for i, t := range tables[:n] {
		if len(t.keys) > 0 {
			withKeys = append(withKeys, i)
		}
	}
	bad := withKeys[r.IntN(len(withKeys))]
	value := func(kind string) string {
		switch kind {
		case "i":
			return strconv.Itoa(r.IntN(100000))
		case "d":
			return fmt.Sprintf("%d.%02d", r.IntN(1000), r.IntN(100))
		case "s":
			return fmt.Sprintf("'2023-%02d-%02d %02d:%02d:%02d'", 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
		}
		if r.IntN(8) == 0 {
			return "NULL"
		}
		return "'" + strings.ReplaceAll(ppPick(r, ppWord(r, 3, 12)+"@example.com", "O'Neil", "Grüße", ppText(r, r.IntN(20), "")), "'", "''") + "'"
	}
	var b strings.Builder
	end := 0 // where the bad table's statement ends
	b.WriteString(ppPick(r, "-- SQLite dump\n", "/* generated by dbtool "+strconv.Itoa(r.IntN(10))+".0 */\n", ""))
	b.WriteString("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
	for i, t := range tables[:n] {
		var elems []string
		for _, c := range t.cols {
			elems = append(elems, c[0]+" "+c[1])
		}
		badKey := -1
		if i == bad {
			badKey = r.IntN(len(t.keys))
		}
		for k, f := range t.keys {
			cols := slices.Clone(t.key[k])
			if k == badKey {
				j := r.IntN(len(cols))
				c := cols[j]
				switch r.IntN(3) {
				case 0:
					c += "_id"
				case 1:
					c = c[:len(c)-1]
				default:
					c = ppPick(r, "uid", "code", "owner", "created")
				}
				if slices.ContainsFunc(t.cols, func(x [3]string) bool { return strings.EqualFold(x[0], c) }) {
					c += "_old"
				}
				cols[j] = c
			}
			elems = append(elems, fmt.Sprintf(f, strings.Join(cols, ", ")))
		}
		ifNot := ppPick(r, "", "", "IF NOT EXISTS ")
		b.WriteString("CREATE TABLE " + ifNot + t.name + " (\n  " + strings.Join(elems, ",\n  ") + "\n);\n")
		if i == bad {
			end = b.Len()
		}
		for k := r.IntN(5); k > 0 && b.Len() < 1200; k-- {
			var vs []string
			for _, c := range t.cols {
				vs = append(vs, value(c[2]))
			}
			b.WriteString("INSERT INTO " + ppPick(r, t.name, `"`+t.name+`"`) + " VALUES(" + strings.Join(vs, ",") + ");\n")
		}
		if r.IntN(3) == 0 {
			c := ppPick(r, t.cols...)[0]
			b.WriteString("CREATE INDEX idx_" + t.name + "_" + c + " ON " + t.name + "(" + c + ");\n")
		}
	}
	b.WriteString("COMMIT;\n")
	if r.IntN(2) == 0 {
		b.WriteString(ppText(r, r.IntN(100), ""))
	}
	out := []byte(b.String())
	if len(out) > 2000 { // the fuzzer's input was cut
		out = out[:end+r.IntN(max(2000, end)-end+1)]
	}
	return out
}
