package fuzzsrc

import (
	"path/filepath"
	"reflect"
	"runtime"
	"sync"

	"github.com/shortlex/shortlex/internal/golit"
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

// readLiterals returns the literals of the package in dir that draws can
// take, up to maxLiterals of each kind; nil if there are none.
func readLiterals(dir string) *literals {
	src := golit.Read(dir)
	l := &literals{}
	for _, v := range src.Ints[:min(len(src.Ints), maxLiterals)] {
		l.ints = append(l.ints, intLiteral{mag: v.Mag, neg: v.Neg})
	}
	l.floats = src.Floats[:min(len(src.Floats), maxLiterals)]
	for _, v := range src.Strings {
		if plainText(v) && len(l.strings) < maxLiterals {
			l.strings = append(l.strings, v)
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
