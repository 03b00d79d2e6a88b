//go:build probes

package minimize_test

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// Text and numbers: small functions with bugs of the kind that reach
// code review, each checked by the property a user would write for it.

// ---- a csv quote ----

// csvJoin writes a record, quoting fields that hold a comma or a quote
// and doubling the quotes inside.
func csvJoin(fields []string) string {
	out := make([]string, len(fields))
	for i, f := range fields {
		if strings.ContainsAny(f, `,"`) {
			f = `"` + strings.ReplaceAll(f, `"`, `""`) + `"`
		}
		out[i] = f
	}
	return strings.Join(out, ",")
}

// csvSplit splits on commas and glues back the pieces of a quoted field
// until one ends with a quote. Bug: a piece that ends with an escaped
// quote (or is the lone opening quote) looks like the field's end.
func csvSplit(line string) []string {
	parts := strings.Split(line, ",")
	var out []string
	for i := 0; i < len(parts); i++ {
		p := parts[i]
		if strings.HasPrefix(p, `"`) {
			for !strings.HasSuffix(p, `"`) && i+1 < len(parts) {
				i++
				p += "," + parts[i]
			}
			if len(p) >= 2 {
				p = strings.ReplaceAll(p[1:len(p)-1], `""`, `"`)
			}
		}
		out = append(out, p)
	}
	return out
}

// ---- a port parse ----

type hostPort struct {
	Port int
	Host string
}

// splitHostPort parses "host:port". Bug: ParseInt with 16 bits is signed,
// so ports above 32767 are rejected.
func splitHostPort(s string) (string, int, error) {
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return "", 0, fmt.Errorf("missing port in %q", s)
	}
	p, err := strconv.ParseInt(s[i+1:], 10, 16)
	if err != nil {
		return "", 0, err
	}
	return s[:i], int(p), nil
}

// ---- a thousands sep ----

// commas formats n with thousands separators. Bug: the minus sign counts
// as a digit, giving "-,123".
func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func commasRef(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + s
}

// ---- a escape round trip ----

// escapeText escapes newlines and tabs. Bug: it leaves backslashes
// alone, which unescapeText reads as escapes.
func escapeText(s string) string {
	return strings.NewReplacer("\n", `\n`, "\t", `\t`).Replace(s)
}

func unescapeText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case 'n':
				b.WriteByte('\n')
				i++
				continue
			case 't':
				b.WriteByte('\t')
				i++
				continue
			case '\\':
				b.WriteByte('\\')
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ---- a word count ----

// countWords counts words separated by spaces. Bug: only ' ' separates
// words inside the text; tabs, newlines and runs of spaces do not count
// right.
func countWords(s string) int {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	return len(strings.Split(s, " "))
}

// ---- a variance sign ----

// variance is the textbook one-pass E[x²] - E[x]². Bug: it cancels
// catastrophically (and x*x overflows), so it can come out negative or
// NaN.
func variance(xs []float64) float64 {
	var s, sq float64
	for _, x := range xs {
		s += x
		sq += x * x
	}
	n := float64(len(xs))
	m := s / n
	return sq/n - m*m
}

// ---- a split bill ----

type bill struct {
	Total float64
	N     int
}

// approxEqual compares with an absolute tolerance. Bug: the tolerance is
// absolute, too tight for large amounts.
func approxEqual(a, b float64) bool { return math.Abs(a-b) <= 1e-9 }

func splitBill(total float64, n int) []float64 {
	parts := make([]float64, n)
	for i := range parts {
		parts[i] = total / float64(n)
	}
	return parts
}

// ---- a nan max ----

// maxOf returns the largest element. Bug: a NaN after the first element
// is skipped, since x > m is false for it, where math.Max returns NaN.
func maxOf(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs[1:] {
		if x > m {
			m = x
		}
	}
	return m
}

// ---- a round half ----

// roundHalfAway rounds to the nearest integer. Bug: adding 0.5 and
// truncating is wrong for negatives, for 0.49999999999999994, for odd
// integers above 2^52, and past the int64 range.
func roundHalfAway(x float64) float64 { return float64(int64(x + 0.5)) }

// ---- a midpoint overflow ----

type int16Pair struct{ A, B int16 }

// midpoint16 is binary search's midpoint. Bug: lo+hi overflows.
func midpoint16(lo, hi int16) int16 { return (lo + hi) / 2 }

// ---- a pad width ----

type padCase struct {
	Width int
	S     string
}

// padLeft right-aligns s in a column. Bug: it measures s in bytes, so
// Greek text gets too little padding.
func padLeft(s string, width int) string {
	if n := width - len(s); n > 0 {
		return strings.Repeat(" ", n) + s
	}
	return s
}

// ---- a config merge ----

type mergeCase struct {
	Base, Override map[string]int
}

// mergeConfig applies override on top of base. Bug: a zero in override
// is taken as "not set", so it cannot reset a setting to zero.
func mergeConfig(base, override map[string]int) map[string]int {
	out := maps.Clone(base)
	if out == nil {
		out = map[string]int{}
	}
	for k, v := range override {
		if v != 0 {
			out[k] = v
		}
	}
	return out
}

// ---- a query round trip ----

// encodeQuery writes k=v pairs joined by '&', escaping '&'. Bug: '=' in
// a key is not escaped.
func encodeQuery(m map[string]string) string {
	esc := func(s string) string { return strings.ReplaceAll(s, "&", "%26") }
	keys := slices.Sorted(maps.Keys(m))
	pairs := make([]string, len(keys))
	for i, k := range keys {
		pairs[i] = esc(k) + "=" + esc(m[k])
	}
	return strings.Join(pairs, "&")
}

func parseQuery(q string) map[string]string {
	unesc := func(s string) string { return strings.ReplaceAll(s, "%26", "&") }
	m := map[string]string{}
	for _, p := range strings.Split(q, "&") {
		if p == "" {
			continue
		}
		kv := strings.SplitN(p, "=", 2)
		v := ""
		if len(kv) == 2 {
			v = kv[1]
		}
		m[unesc(kv[0])] = unesc(v)
	}
	return m
}

// ---- a rot13 letters ----

// rot13 rotates letters. Bug: unicode.IsLower/IsUpper accept non-ASCII
// letters, which the arithmetic then mangles.
func rot13(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLower(r):
			return 'a' + (r-'a'+13)%26
		case unicode.IsUpper(r):
			return 'A' + (r-'A'+13)%26
		}
		return r
	}, s)
}

// ---- a lexer minus ----

var lexTokenGen = fuzzsrc.OneOf(
	fuzzsrc.Map(fuzzsrc.IntRange(0, 999), strconv.Itoa),
	fuzzsrc.StringOfN(fuzzsrc.RuneFrom("xyzabc"), 1, 3),
	fuzzsrc.SampledFrom([]string{"+", "-", "*", "/", "(", ")"}),
)

func isAlnum(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' }

// renderTokens writes tokens without spaces, but between two words.
func renderTokens(toks []string) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && isAlnum(toks[i-1][len(toks[i-1])-1]) && isAlnum(t[0]) {
			b.WriteByte(' ')
		}
		b.WriteString(t)
	}
	return b.String()
}

// lex splits an expression into tokens. Bug: '-' before a digit is read
// as a negative literal even when it is a binary minus.
func lex(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ':
			i++
		case c >= '0' && c <= '9', c == '-' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		case c >= 'a' && c <= 'z':
			j := i + 1
			for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		default:
			toks = append(toks, s[i:i+1])
			i++
		}
	}
	return toks
}

// ---- a semver compare ----

type versionPair struct{ A, B [3]int }

func versionString(v [3]int) string { return fmt.Sprintf("%d.%d.%d", v[0], v[1], v[2]) }

// compareVersions compares "x.y.z" strings. Bug: as strings, so 0.0.10
// sorts before 0.0.2.
func compareVersions(a, b string) int { return strings.Compare(a, b) }

// ---- a cjk width ----

// displayWidth guesses a terminal width from the UTF-8 length: 1 and 2
// byte runes take one column, CJK (3 bytes) two. Bug: emoji are 4 bytes
// and get three.
func displayWidth(s string) int {
	w := 0
	for _, r := range s {
		w += max(1, utf8.RuneLen(r)-1)
	}
	return w
}

func displayWidthRef(s string) int {
	w := 0
	for _, r := range s {
		if r >= 0x1100 {
			w += 2
		} else {
			w++
		}
	}
	return w
}

func padRight(s string, width int) string {
	if n := width - displayWidth(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// ---- a atoi overflow ----

// atoi16 parses a decimal int16. Bug: it never checks for overflow.
func atoi16(s string) (int16, error) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, strconv.ErrSyntax
	}
	var n int16
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, strconv.ErrSyntax
		}
		n = n*10 + int16(c-'0')
	}
	if neg {
		n = -n
	}
	return n, nil
}

// ---- a trim zeros ----

// formatAmount prints x with at most two decimals, dropping trailing
// zeros. Bug: TrimRight with "0." also eats zeros of the integer part.
func formatAmount(x float64) string {
	s := strings.TrimRight(strconv.FormatFloat(x, 'f', 2, 64), "0.")
	if s == "" {
		s = "0"
	}
	return s
}

// ---- a window wrap ----

type window struct {
	Start, Len uint8
}

type windowCase struct {
	W window
	X uint8
}

// contains reports whether x is in [Start, Start+Len). Bug: Start+Len
// wraps around in uint8.
func (w window) contains(x uint8) bool { return x >= w.Start && x < w.Start+w.Len }

func probesA() []probe {
	return []probe{
		{
			name: "a csv quote",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOfN(fuzzsrc.StringOf(fuzzsrc.RuneFrom(`ab ,"β`)), 1, 8).Draw(t, "fields")
			},
			fails: func(v any) bool {
				fields := v.([]string)
				return !slices.Equal(csvSplit(csvJoin(fields)), fields)
			},
		},
		{
			name: "a port parse",
			draw: func(t *fuzzsrc.T) any {
				port := fuzzsrc.IntRange(1, 65535).Draw(t, "port")
				host := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("abcz.-"), 1, 12).Draw(t, "host")
				return hostPort{port, host}
			},
			fails: func(v any) bool {
				hp := v.(hostPort)
				h, p, err := splitHostPort(hp.Host + ":" + strconv.Itoa(hp.Port))
				return err != nil || h != hp.Host || p != hp.Port
			},
		},
		{
			name: "a thousands sep",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Int().Draw(t, "n") },
			fails: func(v any) bool {
				n := v.(int)
				return commas(n) != commasRef(n)
			},
		},
		{
			name: "a escape round trip",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab\\nt\n\tλ")).Draw(t, "s")
			},
			fails: func(v any) bool {
				s := v.(string)
				return unescapeText(escapeText(s)) != s
			},
		},
		{
			name: "a word count",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.String().Draw(t, "s") },
			fails: func(v any) bool {
				s := v.(string)
				return countWords(s) != len(strings.Fields(s))
			},
		},
		{
			name: "a variance sign",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOfN(fuzzsrc.Float64Finite(), 1, 10).Draw(t, "xs")
			},
			fails: func(v any) bool {
				return !(variance(v.([]float64)) >= 0)
			},
		},
		{
			name: "a split bill",
			draw: func(t *fuzzsrc.T) any {
				total := fuzzsrc.Float64Range(0, 1e9).Draw(t, "total")
				n := fuzzsrc.IntRange(1, 12).Draw(t, "n")
				return bill{total, n}
			},
			fails: func(v any) bool {
				b := v.(bill)
				var sum float64
				for _, p := range splitBill(b.Total, b.N) {
					sum += p
				}
				return !approxEqual(sum, b.Total)
			},
		},
		{
			name: "a nan max",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOfN(fuzzsrc.Float64(), 1, 8).Draw(t, "xs")
			},
			fails: func(v any) bool {
				xs := v.([]float64)
				want := xs[0]
				for _, x := range xs[1:] {
					want = math.Max(want, x)
				}
				got := maxOf(xs)
				return got != want && !(math.IsNaN(got) && math.IsNaN(want))
			},
		},
		{
			name: "a round half",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Float64Finite().Draw(t, "x") },
			fails: func(v any) bool {
				x := v.(float64)
				return roundHalfAway(x) != math.Round(x)
			},
		},
		{
			name: "a midpoint overflow",
			draw: func(t *fuzzsrc.T) any {
				a := fuzzsrc.Integers[int16]().Draw(t, "a")
				b := fuzzsrc.Integers[int16]().Draw(t, "b")
				return int16Pair{a, b}
			},
			fails: func(v any) bool {
				p := v.(int16Pair)
				lo, hi := min(p.A, p.B), max(p.A, p.B)
				m := midpoint16(lo, hi)
				return m < lo || m > hi
			},
		},
		{
			name: "a pad width",
			draw: func(t *fuzzsrc.T) any {
				w := fuzzsrc.IntRange(0, 16).Draw(t, "width")
				s := fuzzsrc.StringOf(fuzzsrc.RuneFrom("abcαβγ")).Draw(t, "s")
				return padCase{w, s}
			},
			fails: func(v any) bool {
				c := v.(padCase)
				return utf8.RuneCountInString(padLeft(c.S, c.Width)) != max(c.Width, utf8.RuneCountInString(c.S))
			},
		},
		{
			name: "a config merge",
			draw: func(t *fuzzsrc.T) any {
				keys := fuzzsrc.SampledFrom([]string{"host", "port", "timeout", "retries", "größe"})
				g := fuzzsrc.MapOf(keys, fuzzsrc.IntRange(0, 9))
				return mergeCase{g.Draw(t, "base"), g.Draw(t, "override")}
			},
			fails: func(v any) bool {
				c := v.(mergeCase)
				got := mergeConfig(c.Base, c.Override)
				for k, v := range c.Override {
					if got[k] != v {
						return true
					}
				}
				return false
			},
		},
		{
			name: "a query round trip",
			draw: func(t *fuzzsrc.T) any {
				s := fuzzsrc.StringOf(fuzzsrc.RuneFrom("ab=&%é"))
				return fuzzsrc.MapOf(s, s).Draw(t, "params")
			},
			fails: func(v any) bool {
				m := v.(map[string]string)
				return !maps.Equal(parseQuery(encodeQuery(m)), m)
			},
		},
		{
			name: "a rot13 letters",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.String().Draw(t, "s") },
			fails: func(v any) bool {
				s := v.(string)
				return rot13(rot13(s)) != s
			},
		},
		{
			name: "a lexer minus",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOfN(lexTokenGen, 1, 10).Draw(t, "tokens")
			},
			fails: func(v any) bool {
				toks := v.([]string)
				return !slices.Equal(lex(renderTokens(toks)), toks)
			},
		},
		{
			name: "a semver compare",
			draw: func(t *fuzzsrc.T) any {
				part := fuzzsrc.IntRange(0, 20)
				var p versionPair
				for i := range p.A {
					p.A[i] = part.Draw(t, "a")
				}
				for i := range p.B {
					p.B[i] = part.Draw(t, "b")
				}
				return p
			},
			fails: func(v any) bool {
				p := v.(versionPair)
				return compareVersions(versionString(p.A), versionString(p.B)) != slices.Compare(p.A[:], p.B[:])
			},
		},
		{
			name: "a cjk width",
			draw: func(t *fuzzsrc.T) any {
				w := fuzzsrc.IntRange(0, 12).Draw(t, "width")
				s := fuzzsrc.StringOf(fuzzsrc.RuneFrom("aé中ひ😀")).Draw(t, "s")
				return padCase{w, s}
			},
			fails: func(v any) bool {
				c := v.(padCase)
				return displayWidthRef(padRight(c.S, c.Width)) != max(c.Width, displayWidthRef(c.S))
			},
		},
		{
			name: "a atoi overflow",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.StringOfN(fuzzsrc.RuneFrom("+-0123456789"), 1, 7).Draw(t, "s")
			},
			fails: func(v any) bool {
				s := v.(string)
				got, err := atoi16(s)
				want, wantErr := strconv.ParseInt(s, 10, 16)
				if (err == nil) != (wantErr == nil) {
					return true
				}
				return err == nil && int64(got) != want
			},
		},
		{
			name: "a trim zeros",
			draw: func(t *fuzzsrc.T) any {
				cents := fuzzsrc.IntRange(0, 10_000_000).Draw(t, "cents")
				return float64(cents) / 100
			},
			fails: func(v any) bool {
				x := v.(float64)
				got, err := strconv.ParseFloat(formatAmount(x), 64)
				return err != nil || math.Abs(got-x) > 0.005+1e-9
			},
		},
		{
			name: "a window wrap",
			draw: func(t *fuzzsrc.T) any {
				w := fuzzsrc.Make[window]().Filter(func(w window) bool { return w.Len > 0 }).Draw(t, "w")
				x := fuzzsrc.Integers[uint8]().Draw(t, "x")
				return windowCase{w, x}
			},
			fails: func(v any) bool {
				c := v.(windowCase)
				want := int(c.X) >= int(c.W.Start) && int(c.X) < int(c.W.Start)+int(c.W.Len)
				return c.W.contains(c.X) != want
			},
		},
	}
}
