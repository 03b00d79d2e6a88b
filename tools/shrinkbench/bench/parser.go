package bench

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// The parser benchmark's language, as the artifact's Support.hs defines
// it: a program of modules and functions, statements and expressions.
type (
	lang struct {
		mods  []mod
		funcs []fn
	}
	mod struct{ imports, exports []string }
	fn  struct {
		name  string
		args  []*exp
		stmts []stmt
	}
	stmt struct {
		kind string // "Assign", "Alloc" or "Return"
		v    string // the variable, except for Return
		e    *exp
	}
	// exp is Int, Bool, Not (l only), or a binary op on l and r.
	exp struct {
		op   string
		i    int
		b    bool
		l, r *exp
	}
)

// expPatterns are the artifact's EXP_PATTERNS with their weights, in
// order; the pick shrinks towards the first.
var expPatterns = []struct {
	op     string
	weight int
}{
	{"Not", 10}, {"And", 100}, {"Or", 100}, {"Add", 100}, {"Sub", 100}, {"Mul", 100}, {"Div", 100},
}

// patternAt maps a draw in [0, total weight) to a pattern, as a weighted
// sampler does; the draw shrinks towards Not.
func patternAt(i int) string {
	for _, p := range expPatterns {
		if i < p.weight {
			return p.op
		}
		i -= p.weight
	}
	panic("bench: pattern index out of range")
}

// patternStart is the first draw that picks op.
func patternStart(op string) int {
	n := 0
	for _, p := range expPatterns {
		if p.op == op {
			return n
		}
		n += p.weight
	}
	panic("bench: no pattern " + op)
}

const patternTotal = 610

// alnum is the artifact's variable alphabet (ascii_letters + digits) in
// code point order, so a character shrinks towards '0' as Hypothesis's do.
const alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// ---- the fuzzsrc generator, following the artifact's strategies ----

var (
	pVar  = fuzzsrc.Map(fuzzsrc.SliceOfN(fuzzsrc.SampledFrom([]byte(alnum)), 1, -1), func(b []byte) string { return string(b) })
	pExp  = fuzzsrc.Custom(func(t *fuzzsrc.T) *exp { return drawExp(t, -1) })
	pMod  fuzzsrc.Generator[mod]
	pStmt fuzzsrc.Generator[stmt]
	pFunc fuzzsrc.Generator[fn]
	pLang fuzzsrc.Generator[lang]
)

func init() {
	pMod = fuzzsrc.Custom(func(t *fuzzsrc.T) mod {
		return mod{fuzzsrc.SliceOf(pVar).Draw(t, "imports"), fuzzsrc.SliceOf(pVar).Draw(t, "exports")}
	})
	withVar := func(kind string) fuzzsrc.Generator[stmt] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) stmt {
			v := pVar.Draw(t, "var")
			return stmt{kind, v, pExp.Draw(t, "exp")}
		})
	}
	pStmt = fuzzsrc.OneOf(
		fuzzsrc.Custom(func(t *fuzzsrc.T) stmt { return stmt{"Return", "", pExp.Draw(t, "exp")} }),
		withVar("Assign"),
		withVar("Alloc"),
	)
	pFunc = fuzzsrc.Custom(func(t *fuzzsrc.T) fn {
		name := pVar.Draw(t, "name")
		args := fuzzsrc.SliceOf(pExp).Draw(t, "args")
		return fn{name, args, fuzzsrc.SliceOf(pStmt).Draw(t, "stmts")}
	})
	pLang = fuzzsrc.Custom(func(t *fuzzsrc.T) lang {
		mods := fuzzsrc.SliceOf(pMod).Draw(t, "modules")
		return lang{mods, fuzzsrc.SliceOf(pFunc).Draw(t, "funcs")}
	})
}

var (
	pLeaf = fuzzsrc.OneOf(
		fuzzsrc.Map(fuzzsrc.Bool(), func(b bool) *exp { return &exp{op: "Bool", b: b} }),
		fuzzsrc.Map(fuzzsrc.Int(), func(i int) *exp { return &exp{op: "Int", i: i} }),
	)
	pPattern = fuzzsrc.Map(fuzzsrc.IntRange(0, patternTotal-1), patternAt)
)

// expAt is the artifact's Exp(depth): the strategy for a child, whose
// depth is drawn once and shared by both children of a binary pattern.
func expAt(depth int) fuzzsrc.Generator[*exp] {
	return fuzzsrc.Custom(func(t *fuzzsrc.T) *exp { return drawExp(t, depth) })
}

// drawExp draws an expression; a negative depth draws one in 0..100. The
// order of draws is the artifact's: depth, the children's depth, the
// pattern, the children.
func drawExp(t *fuzzsrc.T, depth int) *exp {
	if depth < 0 {
		depth = fuzzsrc.IntRange(0, 100).Draw(t, "depth")
	}
	if depth <= 0 {
		return pLeaf.Draw(t, "leaf")
	}
	child := expAt(fuzzsrc.IntRange(0, depth-1).Draw(t, "child depth"))
	op := pPattern.Draw(t, "pattern")
	e := &exp{op: op, l: child.Draw(t, "child")}
	if op != "Not" {
		e.r = child.Draw(t, "child")
	}
	return e
}

// ---- the same with rapid's generators ----

func rapidLang() *rapid.Generator[lang] {
	rvar := rapid.StringOfN(rapid.SampledFrom([]rune(alnum)), 1, -1, -1)
	rleaf := rapid.OneOf(
		rapid.Map(rapid.Bool(), func(b bool) *exp { return &exp{op: "Bool", b: b} }),
		rapid.Map(rapid.Int(), func(i int) *exp { return &exp{op: "Int", i: i} }),
	)
	rpattern := rapid.Map(rapid.IntRange(0, patternTotal-1), patternAt)
	var rexpAt func(depth int) *rapid.Generator[*exp]
	rexpAt = func(depth int) *rapid.Generator[*exp] {
		return rapid.Custom(func(t *rapid.T) *exp {
			d := depth
			if d < 0 {
				d = rapid.IntRange(0, 100).Draw(t, "depth")
			}
			if d <= 0 {
				return rleaf.Draw(t, "leaf")
			}
			child := rexpAt(rapid.IntRange(0, d-1).Draw(t, "child depth"))
			op := rpattern.Draw(t, "pattern")
			e := &exp{op: op, l: child.Draw(t, "child")}
			if op != "Not" {
				e.r = child.Draw(t, "child")
			}
			return e
		})
	}
	rexp := rexpAt(-1)
	rmod := rapid.Custom(func(t *rapid.T) mod {
		return mod{rapid.SliceOf(rvar).Draw(t, "imports"), rapid.SliceOf(rvar).Draw(t, "exports")}
	})
	withVar := func(kind string) *rapid.Generator[stmt] {
		return rapid.Custom(func(t *rapid.T) stmt {
			v := rvar.Draw(t, "var")
			return stmt{kind, v, rexp.Draw(t, "exp")}
		})
	}
	rstmt := rapid.OneOf(
		rapid.Custom(func(t *rapid.T) stmt { return stmt{"Return", "", rexp.Draw(t, "exp")} }),
		withVar("Assign"),
		withVar("Alloc"),
	)
	rfunc := rapid.Custom(func(t *rapid.T) fn {
		name := rvar.Draw(t, "name")
		args := rapid.SliceOf(rexp).Draw(t, "args")
		return fn{name, args, rapid.SliceOf(rstmt).Draw(t, "stmts")}
	})
	return rapid.Custom(func(t *rapid.T) lang {
		mods := rapid.SliceOf(rmod).Draw(t, "modules")
		return lang{mods, rapid.SliceOf(rfunc).Draw(t, "funcs")}
	})
}

// parser is the artifact's parser: a program printed by the buggy
// serializer of Support.hs and parsed back by its buggy parser (And and
// Or both parse as And with their operands swapped), failing when the
// round trip changes the program. A parse error (the Haskell process
// crashing) fails at another assertion, as in the artifact's test.
func parser() Benchmark {
	p := problem[lang]{
		gen:  pLang,
		rgen: rapidLang(),
		verdict: func(l lang) (v verdict) {
			defer func() {
				if recover() != nil {
					v = failedB
				}
			}()
			if !l.equal(readLang(l.show())) {
				return failedA
			}
			return pass
		},
		format: lang.String,
		size:   lang.size,
	}
	more := flagByte(fuzzsrc.Size{})
	orHi, orLo := patternBytes("Or")
	return p.fill(Benchmark{
		Name:             "parser",
		HypothesisMedian: 164,
		Hypothesis:       "342/1000 most common, 7 distinct, median 164 calls; mean size 3.31, mean 126.5 calls",
		About:            "SmartCheck's toy language printed and parsed back; the parser swaps And's operands and reads Or as And",
		MinValue:         `Lang {modules=[], funcs=[Func{ fnName = Var "0", args = [Or (Bool False) (Bool False)] , stmts = [] }]}`,
		MinInput:         []byte{0, more, 0, 0, more, intByte(fuzzsrc.IntRange(0, 100), 1), orHi, orLo},
		Why: "only an And with unequal operands or any Or fails, and only functions hold expressions; " +
			"empty modules (one zero byte), one function named \"0\" (two zero bytes), an argument " +
			"list (args come before stmts) holding Or at depth 1, whose operands Bool False are free " +
			"trailing zeros (8 bytes); And needs an operand that differs, so it is longer",
		Space: Space{MaxLen: 8, Cands: func(c record.Choice) []uint64 {
			switch {
			case c.Kind == record.KindBool || c.Kind == record.KindMore:
				return coinIndices(c, more, coinByte(fuzzsrc.Bool()))
			case c.Max == patternTotal-1: // the first draw of each pattern
				var out []uint64
				for _, p := range expPatterns {
					out = append(out, uint64(patternStart(p.op)))
				}
				return out
			default:
				return span(c.Max, 2)
			}
		}},
		Passing: []Example{
			{"empty", nil, "no modules, no functions"},
			{"function", []byte{0, more}, "one function named \"0\" with no arguments or statements"},
			{"module", []byte{more, more, 0, 0, 0, 0}, "a module importing \"0\""},
			{"not", []byte{0, more, 0, 0, more, intByte(fuzzsrc.IntRange(0, 100), 1)}, "Not (Bool False) round-trips"},
		},
	})
}

// patternBytes returns the smallest two-byte encoding of the pattern op.
func patternBytes(op string) (hi, lo byte) {
	want := patternStart(op)
	g := fuzzsrc.IntRange(0, patternTotal-1)
	// The encoding is monotone, so bisect on the two-byte raw value.
	lo16, hi16 := 0, 1<<16-1
	for lo16 < hi16 {
		mid := (lo16 + hi16) / 2
		var v int
		engine.Run([]byte{byte(mid >> 8), byte(mid)}, func(t *fuzzsrc.T) { v = g.Draw(t, "pattern") })
		if v >= want {
			hi16 = mid
		} else {
			lo16 = mid + 1
		}
	}
	return byte(lo16 >> 8), byte(lo16)
}

// ---- formatting as the artifact's Hypothesis strategies format ----

func (l lang) String() string {
	ms := make([]string, len(l.mods))
	for i, m := range l.mods {
		ms[i] = fmt.Sprintf("Mod { imports = %s, exports = %s }", varList(m.imports), varList(m.exports))
	}
	fs := make([]string, len(l.funcs))
	for i, f := range l.funcs {
		as := make([]string, len(f.args))
		for k, a := range f.args {
			as[k] = a.hs()
		}
		ss := make([]string, len(f.stmts))
		for k, s := range f.stmts {
			if s.kind == "Return" {
				ss[k] = fmt.Sprintf("Return (%s)", s.e.hs())
			} else {
				ss[k] = fmt.Sprintf("%s (Var %q) (%s)", s.kind, s.v, s.e.hs())
			}
		}
		fs[i] = fmt.Sprintf("Func{ fnName = Var %q, args = [%s] , stmts = [%s] }", f.name, strings.Join(as, ", "), strings.Join(ss, ", "))
	}
	return fmt.Sprintf("Lang {modules=[%s], funcs=[%s]}", strings.Join(ms, ", "), strings.Join(fs, ", "))
}

func varList(vs []string) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = fmt.Sprintf("Var %q", v)
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// hs formats an expression as Haskell's derived Show does.
func (e *exp) hs() string {
	switch e.op {
	case "Int":
		return fmt.Sprintf("Int %d", e.i)
	case "Bool":
		if e.b {
			return "Bool True"
		}
		return "Bool False"
	case "Not":
		return fmt.Sprintf("Not (%s)", e.l.hs())
	}
	return fmt.Sprintf("%s (%s) (%s)", e.op, e.l.hs(), e.r.hs())
}

// size is Support.hs's size: module variables, expression nodes and
// statements.
func (l lang) size() int {
	n := 0
	for _, m := range l.mods {
		n += len(m.imports) + len(m.exports)
	}
	for _, f := range l.funcs {
		for _, a := range f.args {
			n += a.size()
		}
		for _, s := range f.stmts {
			n += 1 + s.e.size()
		}
	}
	return n
}

func (e *exp) size() int {
	if e == nil {
		return 0
	}
	return 1 + e.l.size() + e.r.size()
}

// ---- equality ----

func (l lang) equal(o lang) bool {
	if len(l.mods) != len(o.mods) || len(l.funcs) != len(o.funcs) {
		return false
	}
	for i, m := range l.mods {
		if !strsEqual(m.imports, o.mods[i].imports) || !strsEqual(m.exports, o.mods[i].exports) {
			return false
		}
	}
	for i, f := range l.funcs {
		g := o.funcs[i]
		if f.name != g.name || len(f.args) != len(g.args) || len(f.stmts) != len(g.stmts) {
			return false
		}
		for k := range f.args {
			if !f.args[k].equal(g.args[k]) {
				return false
			}
		}
		for k, s := range f.stmts {
			if s.kind != g.stmts[k].kind || s.v != g.stmts[k].v || !s.e.equal(g.stmts[k].e) {
				return false
			}
		}
	}
	return true
}

func strsEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (e *exp) equal(o *exp) bool {
	if e == nil || o == nil {
		return e == o
	}
	return e.op == o.op && e.i == o.i && e.b == o.b && e.l.equal(o.l) && e.r.equal(o.r)
}

// ---- Support.hs's serializer (show') ----

func parens(s string) string { return "(" + s + ")" }

func showList[E any](sep string, xs []E, show func(E) string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = show(x)
	}
	return parens(strings.Join(parts, sep))
}

func (l lang) show() string {
	return strings.Join([]string{"Lang", showList(";", l.mods, mod.show), showList(";", l.funcs, fn.show)}, " ")
}

func (m mod) show() string {
	id := func(s string) string { return s }
	return strings.Join([]string{"Mod", showList(":", m.imports, id), showList(":", m.exports, id)}, " ")
}

func (f fn) show() string {
	return strings.Join([]string{"Func", f.name, showList(",", f.args, (*exp).show), showList(",", f.stmts, stmt.show)}, " ")
}

func (s stmt) show() string {
	if s.kind == "Return" {
		return strings.Join([]string{"Return", parens(s.e.show())}, " ")
	}
	return strings.Join([]string{s.kind, s.v, parens(s.e.show())}, " ")
}

func (e *exp) show() string {
	switch e.op {
	case "Int":
		return "Int " + strconv.Itoa(e.i)
	case "Bool":
		if e.b {
			return "Bool True"
		}
		return "Bool False"
	case "Not":
		return "Not " + parens(e.l.show())
	}
	return strings.Join([]string{e.op, parens(e.l.show()), parens(e.r.show())}, " ")
}

// ---- Support.hs's parser (read'), with its planted bug ----

// hsError is Haskell's error: the Bug process would crash.
type hsError string

// strip removes a prefix and then one more character, the space after it.
func strip(pre, s string) string {
	rest, ok := strings.CutPrefix(s, pre)
	if !ok {
		panic(hsError("Couldn't strip " + pre + " from " + s))
	}
	if rest == "" {
		return rest
	}
	return rest[1:]
}

// stripWord is (head (words s), unwords (tail (words s))).
func stripWord(s string) (string, string) {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		panic(hsError("Prelude.head: empty list"))
	}
	return ws[0], strings.Join(ws[1:], " ")
}

// unparens returns what is inside the leading balanced parentheses and
// the rest after one more character.
func unparens(s string) (string, string) {
	if !strings.HasPrefix(s, "(") {
		panic(hsError("Unparsens couldn't parse " + s))
	}
	n := 1
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '(':
			n++
		case ')':
			if n == 1 {
				return s[1:i], strip("", s[i+1:])
			}
			n--
		}
	}
	panic(hsError("End of string reached in unparens"))
}

// fromSeps splits on sep; an empty string has no parts.
func fromSeps(sep, s string) []string {
	var out []string
	for s != "" {
		pre, post, found := strings.Cut(s, sep)
		out = append(out, pre)
		if !found {
			break
		}
		s = post
	}
	return out
}

func readLang(s string) lang {
	s = strip("Lang", s)
	m, s := unparens(s)
	f, _ := unparens(s)
	var l lang
	for _, x := range fromSeps(";", m) {
		l.mods = append(l.mods, readMod(x))
	}
	for _, x := range fromSeps(";", f) {
		l.funcs = append(l.funcs, readFunc(x))
	}
	return l
}

func readMod(s string) mod {
	s = strip("Mod", s)
	i, s := unparens(s)
	e, _ := unparens(s)
	return mod{fromSeps(":", i), fromSeps(":", e)}
}

func readFunc(s string) fn {
	s = strip("Func", s)
	name, s := stripWord(s)
	as, s := unparens(s)
	ss, _ := unparens(s)
	f := fn{name: name}
	for _, a := range fromSeps(",", as) {
		f.args = append(f.args, readExp(a))
	}
	for _, x := range fromSeps(",", ss) {
		f.stmts = append(f.stmts, readStmt(x))
	}
	return f
}

func readStmt(s string) stmt {
	for _, kind := range []string{"Assign", "Alloc"} {
		if strings.HasPrefix(s, kind) {
			v, rest := stripWord(strip(kind, s))
			e, _ := unparens(rest)
			return stmt{kind, v, readExp(e)}
		}
	}
	if strings.HasPrefix(s, "Return") {
		e, _ := unparens(strip("Return", s))
		return stmt{"Return", "", readExp(e)}
	}
	panic(hsError("Couldn't match stmt " + s))
}

func readExp(s string) *exp {
	switch {
	case strings.HasPrefix(s, "Int"):
		i, err := strconv.Atoi(strip("Int", s))
		if err != nil {
			panic(hsError("Prelude.read: no parse"))
		}
		return &exp{op: "Int", i: i}
	case strings.HasPrefix(s, "Bool"):
		switch strip("Bool", s) {
		case "True":
			return &exp{op: "Bool", b: true}
		case "False":
			return &exp{op: "Bool"}
		}
		panic(hsError("Prelude.read: no parse"))
	}
	for _, op := range []string{"Add", "Sub", "Mul", "Div", "Not", "And", "Or"} {
		if !strings.HasPrefix(s, op) {
			continue
		}
		s = strip(op, s)
		e0, s := unparens(s)
		if op == "Not" {
			return &exp{op: op, l: readExp(e0)}
		}
		e1, _ := unparens(s)
		if op == "And" || op == "Or" {
			// XXX Bug! (Support.hs): both read as And, operands swapped.
			return &exp{op: "And", l: readExp(e1), r: readExp(e0)}
		}
		return &exp{op: op, l: readExp(e0), r: readExp(e1)}
	}
	panic(hsError("Couldn't match exp " + s))
}
