// Package golit reads the literals written in a Go package's source: the
// numbers, characters and strings its code compares input with (a magic
// number, a keyword, a limit). fuzzsrc offers them to the draws of the
// inputs it generates; tools/minimize hands the strings to the reducer,
// which tries them in place of a crasher's words.
package golit

import (
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Int is an integer or character literal: its magnitude, and whether a
// minus sign came before it. Between them they hold every int64 and
// uint64.
type Int struct {
	Mag uint64
	Neg bool
}

// Literals are the distinct literals of a package, each kind in the
// order the files (sorted by name) first write them.
type Literals struct {
	Ints    []Int
	Floats  []float64 // finite; a minus sign before one is part of it
	Strings []string  // unquoted; import paths left out
}

// maxFile bounds the source files Read scans.
const maxFile = 1 << 20

// Read scans the Go files of dir, leaving out test files: they hold the
// harness, and often the very inputs that once failed (a regression
// table), where the point is the constants the code under test compares
// its input with. Files it cannot read, or over a megabyte, are skipped.
func Read(dir string) Literals {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	files = slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, "_test.go") })
	var l Literals
	seenInt := map[Int]bool{}
	seenFloat := map[float64]bool{}
	seenString := map[string]bool{}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil || len(src) > maxFile {
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
				var v Int
				if tok == token.INT {
					v.Mag, err = strconv.ParseUint(lit, 0, 64)
				} else {
					var r rune
					if unq, uerr := strconv.Unquote(lit); uerr == nil {
						r, _ = utf8.DecodeRuneInString(unq)
					}
					v.Mag = uint64(r)
				}
				v.Neg = prev == token.SUB && v.Mag != 0
				if err == nil && !seenInt[v] {
					seenInt[v] = true
					l.Ints = append(l.Ints, v)
				}
			case token.FLOAT:
				v, err := strconv.ParseFloat(strings.ReplaceAll(lit, "_", ""), 64)
				if prev == token.SUB {
					v = -v
				}
				if err == nil && v-v == 0 && !seenFloat[v] {
					seenFloat[v] = true
					l.Floats = append(l.Floats, v)
				}
			case token.STRING:
				v, err := strconv.Unquote(lit)
				if err == nil && !inImport && !seenString[v] {
					seenString[v] = true
					l.Strings = append(l.Strings, v)
				}
			}
			prev = tok
		}
	}
	return l
}
