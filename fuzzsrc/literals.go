package fuzzsrc

import (
	"go/scanner"
	"go/token"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// literals are the constants written in the Go source of a property's
// package: the numbers, characters and strings its code compares input
// with (a magic number, a keyword, a limit), which a generating run
// offers its draws now and then, as Hypothesis offers the constants of
// the code under test and as fuzzers take a dictionary. Go's fuzzer does
// not trace comparisons, so a value of the code reaches its input only
// by chance or from a seed.
type literals struct {
	ints    []intLiteral
	floats  []float64
	strings []string // non-empty, of runes a byte stands for (see strings.go)
}

// An intLiteral is an integer constant: its magnitude and sign, which
// between them hold every int64 and uint64.
type intLiteral struct {
	mag uint64
	neg bool
}

// Bounds on what one package's literals hold: sources past them add
// nothing more.
const (
	maxLiterals      = 512
	maxLiteralLength = 64
	maxSourceFile    = 1 << 20
)

// sourceLiterals returns the literals of the package whose directory
// holds the source of f, or nil where that source cannot be read (a test
// binary run away from its sources) or is this package's own (whose
// literals are not the code under test). They are read once per
// directory.
func sourceLiterals(f any) *literals {
	fn := runtime.FuncForPC(reflect.ValueOf(f).Pointer())
	if fn == nil {
		return nil
	}
	file, _ := fn.FileLine(fn.Entry())
	dir := filepath.Dir(file)
	if filepath.ToSlash(dir) == packageDir {
		return nil
	}
	if l, ok := literalCache.Load(dir); ok {
		return l.(*literals)
	}
	l := readLiterals(dir)
	literalCache.Store(dir, l)
	return l
}

// literalCache holds each directory's literals.
var literalCache sync.Map

// readLiterals scans the Go files of dir for literals; nil if it finds
// none. Test files are left out: they hold the harness, and often the
// very inputs that once failed (a regression table), where the point is
// the constants the code under test compares its input with.
func readLiterals(dir string) *literals {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	files = slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, "_test.go") })
	l := &literals{}
	seenInt := map[intLiteral]bool{}
	seenFloat := map[float64]bool{}
	seenString := map[string]bool{}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil || len(src) > maxSourceFile {
			continue
		}
		var s scanner.Scanner
		fset := token.NewFileSet()
		s.Init(fset.AddFile(name, -1, len(src)), src, nil, 0)
		var prev token.Token
		inImport := false
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			switch tok {
			case token.IMPORT:
				inImport = true
			case token.FUNC, token.TYPE, token.VAR, token.CONST:
				inImport = false
			case token.INT, token.CHAR:
				var v intLiteral
				if tok == token.INT {
					v.mag, err = strconv.ParseUint(lit, 0, 64)
				} else {
					var r rune
					if unq, uerr := strconv.Unquote(lit); uerr == nil {
						r, _ = utf8.DecodeRuneInString(unq)
					}
					v.mag = uint64(r)
				}
				v.neg = prev == token.SUB && v.mag != 0
				if err == nil && !seenInt[v] && len(l.ints) < maxLiterals {
					seenInt[v] = true
					l.ints = append(l.ints, v)
				}
			case token.FLOAT:
				v, err := strconv.ParseFloat(strings.ReplaceAll(lit, "_", ""), 64)
				if prev == token.SUB {
					v = -v
				}
				if err == nil && !math.IsInf(v, 0) && !seenFloat[v] && len(l.floats) < maxLiterals {
					seenFloat[v] = true
					l.floats = append(l.floats, v)
				}
			case token.STRING:
				v, err := strconv.Unquote(lit)
				if err == nil && !inImport && plainText(v) && !seenString[v] && len(l.strings) < maxLiterals {
					seenString[v] = true
					l.strings = append(l.strings, v)
				}
			}
			prev = tok
		}
	}
	if len(l.ints)+len(l.floats)+len(l.strings) == 0 {
		return nil
	}
	return l
}

// plainText reports whether s, 1 to maxLiteralLength bytes, is made of
// runes that one byte of a string's input stands for: '\t' to U+00DF.
func plainText(s string) bool {
	if s == "" || len(s) > maxLiteralLength {
		return false
	}
	for _, r := range s {
		if r < stopBelow || r >= firstEscapeByte {
			return false
		}
	}
	return true
}
