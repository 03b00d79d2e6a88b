package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"strconv"
	"sync"
)

// This file reads Go source: the fuzz function's signature (the argument
// types of f.Fuzz(func(t *testing.T, ...)), which the tool needs before it
// can decode a libFuzzer testcase or map arguments to a choice sequence),
// and the functions and loops that place hangs and stack overflows.

// sourceIndex parses source files on demand and keeps them.
type sourceIndex struct {
	mu    sync.Mutex
	files map[string]*parsedFile
}

type parsedFile struct {
	fset *token.FileSet
	file *ast.File // nil if the file could not be parsed
}

func newSourceIndex() *sourceIndex {
	return &sourceIndex{files: make(map[string]*parsedFile)}
}

// callKind says what a line that printed a test message calls.
type callKind int

const (
	callUnknown callKind = iota // nothing this file can tell: treated as a failure
	callFail                    // t.Error, t.Errorf, t.Fatal, t.Fatalf, or a helper that calls one
	callLog                     // t.Log, t.Logf, or a helper that only logs
	callSkip                    // t.Skip, t.Skipf, or a helper that only skips
)

// testingMethods classifies the methods of testing.T that print a line.
var testingMethods = map[string]callKind{
	"Error": callFail, "Errorf": callFail, "Fatal": callFail, "Fatalf": callFail,
	"Log": callLog, "Logf": callLog,
	"Skip": callSkip, "Skipf": callSkip,
}

// messageCall classifies the call on line of the file at path, which
// printed a test message: go test names the line of the call, which is
// the caller's if the function printing it called t.Helper. A call of a
// function declared in the same directory counts as what that function
// calls, two levels deep: a failure if it can fail the test, else a log
// or a skip. A file that cannot be read or parsed says callUnknown.
func (s *sourceIndex) messageCall(path string, line int) callKind {
	pf := s.parse(path)
	if pf.file == nil {
		return callUnknown
	}
	var calls []*ast.CallExpr
	ast.Inspect(pf.file, func(n ast.Node) bool {
		if n == nil || !contains(pf.fset, n, line) {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && pf.fset.Position(c.Pos()).Line <= line {
			calls = append(calls, c)
		}
		return true
	})
	return s.classifyCalls(filepath.Dir(path), calls, 2)
}

// classifyCalls combines the kinds of calls: a failure wins, then a
// skip, then a log; calls of unknown functions count only if nothing
// else is known.
func (s *sourceIndex) classifyCalls(dir string, calls []*ast.CallExpr, depth int) callKind {
	seen := map[callKind]bool{}
	for _, c := range calls {
		var name string
		switch fn := c.Fun.(type) {
		case *ast.SelectorExpr:
			name = fn.Sel.Name
			if k, ok := testingMethods[name]; ok {
				seen[k] = true
				continue
			}
		case *ast.Ident:
			name = fn.Name
		}
		if depth == 0 || name == "" {
			continue
		}
		if body := s.funcBody(dir, name); body != nil {
			var inner []*ast.CallExpr
			ast.Inspect(body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					inner = append(inner, c)
				}
				return true
			})
			seen[s.classifyCalls(dir, inner, depth-1)] = true
		}
	}
	for _, k := range []callKind{callFail, callSkip, callLog} {
		if seen[k] {
			return k
		}
	}
	return callUnknown
}

// funcBody returns the body of the function or method called name
// declared in a Go file of dir, or nil if there is not exactly one.
func (s *sourceIndex) funcBody(dir, name string) *ast.BlockStmt {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var body *ast.BlockStmt
	n := 0
	for _, p := range paths {
		pf := s.parse(p)
		if pf.file == nil {
			continue
		}
		for _, d := range pf.file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name && fd.Body != nil {
				body, n = fd.Body, n+1
			}
		}
	}
	if n != 1 {
		return nil
	}
	return body
}

// enclosingDecl returns the name of the top-level function whose body
// holds line of the file at path, or "" if none does.
func (s *sourceIndex) enclosingDecl(path string, line int) string {
	pf := s.parse(path)
	if pf.file == nil {
		return ""
	}
	for _, d := range pf.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && contains(pf.fset, fd, line) {
			return fd.Name.Name
		}
	}
	return ""
}

func (s *sourceIndex) parse(path string) *parsedFile {
	s.mu.Lock()
	defer s.mu.Unlock()
	if pf, ok := s.files[path]; ok {
		return pf
	}
	pf := &parsedFile{fset: token.NewFileSet()}
	pf.file, _ = parser.ParseFile(pf.fset, path, nil, parser.SkipObjectResolution)
	s.files[path] = pf
	return pf
}

// innermostFunc returns the innermost function (declaration or literal)
// of the file at path whose body contains line.
func (s *sourceIndex) innermostFunc(path string, line int) (ast.Node, *token.FileSet) {
	pf := s.parse(path)
	if pf.file == nil {
		return nil, nil
	}
	var fn ast.Node
	ast.Inspect(pf.file, func(n ast.Node) bool {
		if n == nil || !contains(pf.fset, n, line) {
			return false
		}
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			fn = n
		}
		return true
	})
	return fn, pf.fset
}

func contains(fset *token.FileSet, n ast.Node, line int) bool {
	return fset.Position(n.Pos()).Line <= line && line <= fset.Position(n.End()).Line
}

// funcLine returns the line where the function containing line starts:
// where Go places a stack overflow (the function's prologue).
func (s *sourceIndex) funcLine(path string, line int) (int, bool) {
	fn, fset := s.innermostFunc(path, line)
	if fn == nil {
		return 0, false
	}
	return fset.Position(fn.Pos()).Line, true
}

// loopLine returns the line of the innermost for or range statement that
// contains line within its own function.
func (s *sourceIndex) loopLine(path string, line int) (int, bool) {
	fn, fset := s.innermostFunc(path, line)
	if fn == nil {
		return 0, false
	}
	found := 0
	ast.Inspect(fn, func(n ast.Node) bool {
		if n == nil || !contains(fset, n, line) {
			return false
		}
		switch n.(type) {
		case *ast.FuncLit:
			return n == fn // loops of a nested function are not this one's
		case *ast.ForStmt, *ast.RangeStmt:
			found = fset.Position(n.Pos()).Line
		}
		return true
	})
	return found, found != 0
}

// fuzzSignature is what the source says about a fuzz target.
type fuzzSignature struct {
	Types []reflect.Type // the fuzz function's argument types, without *testing.T
	Names []string       // their parameter names ("_" or "argN" if unnamed)
	// CallsFuzzsrc reports that the fuzz function calls fuzzsrc.Check,
	// so that its single []byte argument is a choice sequence.
	CallsFuzzsrc bool
}

// basicTypes are the argument types f.Fuzz accepts, by their Go names.
var basicTypes = map[string]reflect.Type{
	"string": reflect.TypeFor[string](), "bool": reflect.TypeFor[bool](),
	"int": reflect.TypeFor[int](), "int8": reflect.TypeFor[int8](), "int16": reflect.TypeFor[int16](),
	"int32": reflect.TypeFor[int32](), "rune": reflect.TypeFor[int32](), "int64": reflect.TypeFor[int64](),
	"uint": reflect.TypeFor[uint](), "uint8": reflect.TypeFor[uint8](), "byte": reflect.TypeFor[uint8](),
	"uint16": reflect.TypeFor[uint16](), "uint32": reflect.TypeFor[uint32](), "uint64": reflect.TypeFor[uint64](),
	"float32": reflect.TypeFor[float32](), "float64": reflect.TypeFor[float64](),
}

// typeOf maps a type expression of a fuzz function parameter to its type.
func typeOf(e ast.Expr) (reflect.Type, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		t, ok := basicTypes[e.Name]
		return t, ok
	case *ast.ArrayType:
		if id, ok := e.Elt.(*ast.Ident); ok && e.Len == nil && (id.Name == "byte" || id.Name == "uint8") {
			return reflect.TypeFor[[]byte](), true
		}
	case *ast.ParenExpr:
		return typeOf(e.X)
	}
	return nil, false
}

// readFuzzSignature finds func target(f *testing.F) in the package's test
// files and the function it passes to f.Fuzz: a literal, or a function
// declared in the same files. It fails if the source does not say (the
// function is a variable, say), and the caller falls back to the types of
// a corpus entry.
func readFuzzSignature(dir string, files []string, target string) (*fuzzSignature, error) {
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, f)
	}
	var decl *ast.FuncDecl
	var file *ast.File
	funcs := map[string]*ast.FuncDecl{}
	for _, f := range parsed {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				funcs[fd.Name.Name] = fd
				if fd.Name.Name == target {
					decl, file = fd, f
				}
			}
		}
	}
	if decl == nil || decl.Body == nil {
		return nil, fmt.Errorf("no func %s in %v", target, files)
	}
	fparam := ""
	if ps := decl.Type.Params.List; len(ps) == 1 && len(ps[0].Names) == 1 {
		fparam = ps[0].Names[0].Name
	}
	var fn *ast.FuncType
	var body *ast.BlockStmt
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || fn != nil {
			return fn == nil
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Fuzz" || len(c.Args) != 1 {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); !ok || id.Name != fparam {
			return true
		}
		switch a := c.Args[0].(type) {
		case *ast.FuncLit:
			fn, body = a.Type, a.Body
		case *ast.Ident:
			if fd := funcs[a.Name]; fd != nil {
				fn, body = fd.Type, fd.Body
			}
		}
		return fn == nil
	})
	if fn == nil {
		return nil, fmt.Errorf("%s: cannot find the function passed to %s.Fuzz", target, fparam)
	}
	// Flatten "a, b string" into one parameter per name; the first
	// parameter is the *testing.T.
	type param struct {
		name string
		typ  ast.Expr
	}
	var params []param
	for _, field := range fn.Params.List {
		if len(field.Names) == 0 {
			params = append(params, param{"", field.Type})
		}
		for _, n := range field.Names {
			params = append(params, param{n.Name, field.Type})
		}
	}
	sig := &fuzzSignature{}
	for i, p := range params[min(1, len(params)):] {
		t, ok := typeOf(p.typ)
		if !ok {
			return nil, fmt.Errorf("%s: unsupported fuzz argument type %s", target, types.ExprString(p.typ))
		}
		name := p.name
		if name == "" || name == "_" {
			name = "arg" + strconv.Itoa(i)
		}
		sig.Types = append(sig.Types, t)
		sig.Names = append(sig.Names, name)
	}
	if len(sig.Types) == 0 {
		return nil, fmt.Errorf("%s: the fuzz function takes no arguments after *testing.T", target)
	}
	sig.CallsFuzzsrc = callsFuzzsrcCheck(file, body)
	return sig, nil
}

// callsFuzzsrcCheck reports whether body calls Check of the fuzzsrc
// package as file imports it.
func callsFuzzsrcCheck(file *ast.File, body *ast.BlockStmt) bool {
	name := ""
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "github.com/shortlex/shortlex/fuzzsrc" {
			name = "fuzzsrc"
			if imp.Name != nil {
				name = imp.Name.Name
			}
		}
	}
	if name == "" || body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Check" {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
