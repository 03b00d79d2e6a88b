package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A signature names how an input fails: "panic: <message class> at
// <file:line>", where the place is where the panic began (the frame that
// called panic, or that faulted, below any deferred handler that
// re-panicked) and the message class is the panic value's first line with
// quoted text and digits removed, since both usually quote the input. The
// file is given relative to the module cache ("gopkg.in/yaml.v3@v3.0.0-.../
// decode.go:163"), so that a signature recorded on one machine holds on
// another. It is the same idea as tools/minimize's signatures, made
// stricter: the tool places a panic at its innermost user frame, which for
// a library that recovers and re-panics is the handler, not the bug.
//
// Failures that kill the process or never end can only be observed from
// a child process (runner.go) or in go test's output. Their signatures
// follow tools/minimize's rules (its README.md), with places given as
// above and chosen so that every run of the same input gives the same one:
//
//	hang at <file:line>            a run past the time limit, at the
//	                               outermost loop on the stack (hangSignature)
//	stack overflow at <file:line>  at the declaration of the recursing
//	                               function (stackOverflowSignature)
//	out of memory at <file:line>   where the allocation was asked for
//	fatal error: <class> at <file:line>

var (
	quoted    = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`|'(?:[^'\\\\]|\\\\.)+'")
	digits    = regexp.MustCompile(`[0-9]+`)
	spaces    = regexp.MustCompile(`\s+`)
	recovered = regexp.MustCompile(`\s*\[recovered(?:, repanicked)?\]\s*$`)
	goHeader  = regexp.MustCompile(`^goroutine \d+.*\[([^\]]*)\]:$`)
	location  = regexp.MustCompile(`^\t(.+?):(\d+)(?:\s.*)?$`)
	fuzzFunc  = regexp.MustCompile(`\.Fuzz\w*\.func\d+$`)
)

// messageClass reduces a panic message to what identifies its kind.
func messageClass(msg string) string {
	msg, _, _ = strings.Cut(msg, "\n")
	msg = recovered.ReplaceAllString(msg, "")
	msg = quoted.ReplaceAllString(msg, `""`)
	msg = digits.ReplaceAllString(msg, "")
	return strings.TrimSpace(spaces.ReplaceAllString(msg, " "))
}

// frame is one call in a traceback.
type frame struct {
	Func string
	File string
	Line int
}

// firstStack returns the frames of the first goroutine in a traceback,
// innermost first: the one that panicked, in both debug.Stack's output
// and a crashed process's.
func firstStack(text string) []frame {
	var fs []frame
	in := false
	fn := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case goHeader.MatchString(line):
			if in {
				return fs
			}
			in = true
		case !in:
		case line == "":
			return fs
		case strings.HasPrefix(line, "\t"):
			if m := location.FindStringSubmatch(line); m != nil && fn != "" {
				n, _ := strconv.Atoi(m[2])
				fs = append(fs, frame{Func: fn, File: m[1], Line: n})
			}
			fn = ""
		default:
			fn = line
			if i := strings.LastIndex(line, "("); i > 0 {
				fn = line[:i]
			}
		}
	}
	return fs
}

// originFrame returns the frame where a panic began: below the outermost
// call of panic in the stack (a handler that recovers and re-panics adds
// a newer one above it), the first frame outside the runtime.
func originFrame(fs []frame) (frame, bool) {
	start := -1
	for i, f := range fs {
		if f.Func == "panic" {
			start = i
		}
	}
	if start < 0 {
		return frame{}, false
	}
	for _, f := range fs[start+1:] {
		if !strings.HasPrefix(f.Func, "runtime.") {
			return f, true
		}
	}
	return frame{}, false
}

// where prints a frame's place relative to the module cache or GOROOT.
func where(f frame) string {
	file := f.File
	if i := strings.LastIndex(file, "/pkg/mod/"); i >= 0 {
		file = file[i+len("/pkg/mod/"):]
	} else if i := strings.LastIndex(file, "/src/"); i >= 0 {
		file = file[i+len("/src/"):]
	}
	return file + ":" + strconv.Itoa(f.Line)
}

// panicSignature is the signature of a panic with value text msg and
// traceback stack.
func panicSignature(msg, stack string) string {
	s := "panic: " + messageClass(msg)
	if f, ok := originFrame(firstStack(stack)); ok {
		s += " at " + where(f)
	}
	return s
}

// outputSignature reads the signature from what a crashed process or a
// failing go test printed: the first "panic: " line and the traceback after
// it, a fatal error, or the goroutine dump of a run stopped for taking too
// long (go test's -timeout, a SIGQUIT). It returns "" if the output shows
// none of these.
func outputSignature(out string) string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		rest := strings.Join(lines[i+1:], "\n")
		switch {
		case strings.HasPrefix(l, "panic: test timed out after "), l == "SIGQUIT: quit":
			return hangSignature(rest)
		case strings.HasPrefix(l, "panic: "):
			return panicSignature(strings.TrimPrefix(l, "panic: "), rest)
		case strings.HasPrefix(l, "runtime: goroutine stack exceeds"), l == "fatal error: stack overflow":
			return stackOverflowSignature(dumpGoroutines(rest))
		case strings.HasPrefix(l, "fatal error: "):
			msg := strings.TrimPrefix(l, "fatal error: ")
			s := "fatal error: " + messageClass(msg)
			if strings.Contains(msg, "out of memory") {
				s = "out of memory"
			}
			for _, f := range firstStack(rest) {
				if !strings.HasPrefix(f.Func, "runtime.") {
					return s + " at " + where(f)
				}
			}
			return s
		}
	}
	return ""
}

// isFatalKind reports whether sig is of a kind that kills the process
// running the target or never ends: such a target runs in a child process
// (runner.go), never in-process.
func isFatalKind(sig string) bool {
	for _, p := range []string{"hang", "stack overflow", "out of memory", "fatal error: "} {
		if strings.HasPrefix(sig, p) {
			return true
		}
	}
	return false
}

// isHang reports whether sig is a hang's, located or not.
func isHang(sig string) bool { return sig == sigHang || strings.HasPrefix(sig, sigHang+" at ") }

// goroutine is one goroutine of a dump: its frames, innermost first, and
// whether the runtime left some out (a very deep stack).
type goroutine struct {
	Frames []frame
	Elided bool
}

// dumpGoroutines reads every goroutine of a traceback or goroutine dump.
func dumpGoroutines(text string) []goroutine {
	var gs []goroutine
	var g *goroutine
	fn := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case goHeader.MatchString(line):
			gs = append(gs, goroutine{})
			g, fn = &gs[len(gs)-1], ""
		case g == nil:
		case line == "":
			g = nil
		case strings.HasPrefix(line, "...") && strings.Contains(line, "elided"):
			g.Elided = true
		case strings.HasPrefix(line, "\t"):
			if m := location.FindStringSubmatch(line); m != nil && fn != "" {
				n, _ := strconv.Atoi(m[2])
				g.Frames = append(g.Frames, frame{Func: fn, File: m[1], Line: n})
			}
			fn = ""
		default:
			fn = line
			if strings.HasPrefix(fn, "created by ") {
				fn = ""
			} else if i := strings.LastIndex(line, "("); i > 0 {
				fn = line[:i]
			}
		}
	}
	return gs
}

// goroot is where the standard library's files are, as this binary's
// tracebacks name them (the GOROOT it was built with, found from a
// standard library function's file, <goroot>/src/strings/strings.go):
// frames there are never the target's.
var goroot = func() string {
	fn := runtime.FuncForPC(reflect.ValueOf(strings.Cut).Pointer())
	file, _ := fn.FileLine(fn.Entry())
	return filepath.Dir(filepath.Dir(filepath.Dir(filepath.Clean(file))))
}()

// isTargetFrame reports whether f is in the target's code: the library or
// this module, not the runtime or the standard library.
func isTargetFrame(f frame) bool {
	if strings.HasPrefix(f.Func, "runtime.") || f.Func == "panic" || f.File == "" || f.File == "<autogenerated>" {
		return false
	}
	return !strings.HasPrefix(filepath.Clean(f.File), goroot+string(filepath.Separator))
}

// targetFrames returns the goroutine of a dump that runs the target, and
// its frames in the target's code: the first goroutine with a frame in a
// library (the module cache) or, for this package's stand-in targets, the
// first that runs a fuzz function or runRecovered.
func targetFrames(gs []goroutine) (goroutine, []frame) {
	pick := func(match func(frame) bool) (goroutine, []frame) {
		for _, g := range gs {
			for _, f := range g.Frames {
				if match(f) {
					var fs []frame
					for _, f := range g.Frames {
						if isTargetFrame(f) {
							fs = append(fs, f)
						}
					}
					return g, fs
				}
			}
		}
		return goroutine{}, nil
	}
	if g, fs := pick(func(f frame) bool { return strings.Contains(f.File, "/pkg/mod/") }); fs != nil {
		return g, fs
	}
	return pick(func(f frame) bool {
		return isTargetFrame(f) && (strings.HasSuffix(f.Func, ".runRecovered") || fuzzFunc.MatchString(f.Func))
	})
}

// hangSignature locates a hang in a goroutine dump of the run: "hang at"
// the outermost loop statement that encloses the current line of one of
// the target's frames, looking from the outermost frame in. The loop that
// does not end is on the stack at every moment, and so are the frames
// outside it, while the frames inside it come and go: a loop that calls a
// function with a loop of its own (jsonparser's findKeyStart calls
// blockEnd for each bracket) is caught in either, and tools/minimize's
// innermost loop changes from one dump to the next. The outermost one
// does not. A dump whose target stack is deeper than shown, with a
// function on it at least 10 times, is a stack overflow in the making, as
// the tool reads it: Go takes seconds to grow a stack to its 1 GB limit. "hang" alone if
// the dump does not show the target.
func hangSignature(dump string) string {
	g, fs := targetFrames(dumpGoroutines(dump))
	if len(fs) == 0 {
		return sigHang
	}
	if g.Elided {
		for _, f := range fs {
			if countFunc(fs, f.Func) >= 10 {
				return stackOverflowSignature([]goroutine{g})
			}
		}
	}
	for i := len(fs) - 1; i >= 0; i-- {
		if line, ok := outermostLoop(fs[i].File, fs[i].Line); ok {
			return sigHang + " at " + where(frame{File: fs[i].File, Line: line})
		}
	}
	return sigHang + " at " + where(fs[0])
}

// stackOverflowSignature locates a stack overflow: "stack overflow at" the
// declaration of the recursing function of the first goroutine of gs that
// runs the target. A recursion through several functions is named by the
// one declared first (by file and line) among those on the stack more than
// once, since which of them overflowed depends on the frames' sizes, which
// differ between test binaries.
func stackOverflowSignature(gs []goroutine) string {
	_, fs := targetFrames(gs)
	if len(fs) == 0 {
		return "stack overflow"
	}
	best := frame{}
	for _, f := range fs {
		if countFunc(fs, f.Func) < 2 {
			continue
		}
		d := f
		if line, ok := funcDeclLine(f.File, f.Line); ok {
			d.Line = line
		}
		if best.File == "" || d.File < best.File || d.File == best.File && d.Line < best.Line {
			best = d
		}
	}
	if best.File == "" {
		best = fs[0]
		if line, ok := funcDeclLine(best.File, best.Line); ok {
			best.Line = line
		}
	}
	return "stack overflow at " + where(best)
}

func countFunc(fs []frame, fn string) int {
	n := 0
	for _, f := range fs {
		if f.Func == fn {
			n++
		}
	}
	return n
}

// parsed caches the Go files read to place hangs and stack overflows.
var parsed sync.Map // path -> *parsedFile

type parsedFile struct {
	fset *token.FileSet
	file *ast.File // nil if it could not be read
}

func parseFile(path string) *parsedFile {
	if p, ok := parsed.Load(path); ok {
		return p.(*parsedFile)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		f = nil
	}
	p, _ := parsed.LoadOrStore(path, &parsedFile{fset: fset, file: f})
	return p.(*parsedFile)
}

// innermostFunc returns the innermost function declaration or literal of
// a file that contains line.
func innermostFunc(path string, line int) (ast.Node, *token.FileSet) {
	p := parseFile(path)
	if p.file == nil {
		return nil, nil
	}
	var fn ast.Node
	ast.Inspect(p.file, func(n ast.Node) bool {
		if n == nil || !spans(p.fset, n, line) {
			return false
		}
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			fn = n
		}
		return true
	})
	return fn, p.fset
}

func spans(fset *token.FileSet, n ast.Node, line int) bool {
	return fset.Position(n.Pos()).Line <= line && line <= fset.Position(n.End()).Line
}

// funcDeclLine returns the line of the declaration of the function that
// contains line.
func funcDeclLine(path string, line int) (int, bool) {
	fn, fset := innermostFunc(path, line)
	if fn == nil {
		return 0, false
	}
	return fset.Position(fn.Pos()).Line, true
}

// outermostLoop returns the line of the outermost for or range statement
// of the function containing line that encloses line.
func outermostLoop(path string, line int) (int, bool) {
	fn, fset := innermostFunc(path, line)
	if fn == nil {
		return 0, false
	}
	found := 0
	ast.Inspect(fn, func(n ast.Node) bool {
		if found != 0 || n == nil || !spans(fset, n, line) {
			return false
		}
		switch n.(type) {
		case *ast.FuncLit:
			return n == fn // a nested function's loops are not this one's
		case *ast.ForStmt, *ast.RangeStmt:
			found = fset.Position(n.Pos()).Line
			return false
		}
		return true
	})
	return found, found != 0
}

// sigHang marks a run that did not return within the probe's limit, when
// where it was is not known; hangSignature gives "hang at <place>".
const sigHang = "hang"

// runInProcess runs fn(input) and returns the signature of its panic, ""
// if it returned, or sigHang if it did not return within limit (the
// goroutine is then abandoned: the probe's targets are chosen not to hang).
func runInProcess(fn func([]byte), input []byte, limit time.Duration) string {
	done := make(chan string, 1)
	go func() { done <- runRecovered(fn, input) }()
	select {
	case s := <-done:
		return s
	case <-time.After(limit):
		return sigHang
	}
}

// runRecovered runs fn on a copy of input in this goroutine and returns
// the signature of its panic, or "" if it returned. The copy's capacity is
// its length rounded up to an allocation size class, as in the []byte that
// Go's fuzzing worker and go test's corpus replay pass: a target that
// slices past its input's length but within its capacity (gopacket's DNS
// decoder) fails where Go's runs fail, not earlier. An empty input is
// passed as an empty slice, not nil, as go test's corpus replay passes it:
// msgpack's Unmarshal returns an error for nil data but panics on empty.
func runRecovered(fn func([]byte), input []byte) (sig string) {
	defer func() {
		if r := recover(); r != nil {
			sig = panicSignature(fmt.Sprint(r), string(debug.Stack()))
		}
	}()
	in := append([]byte(nil), input...)
	if in == nil {
		in = []byte{}
	}
	fn(in)
	return ""
}
