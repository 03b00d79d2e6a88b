package main

import (
	"fmt"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
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
// Fatal errors are "fatal error: <class> at <file:line>" and stack
// overflows "stack overflow in <func>": they kill the process, so only a
// child process can observe them.

var (
	quoted    = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`|'(?:[^'\\\\]|\\\\.)+'")
	digits    = regexp.MustCompile(`[0-9]+`)
	spaces    = regexp.MustCompile(`\s+`)
	recovered = regexp.MustCompile(`\s*\[recovered(?:, repanicked)?\]\s*$`)
	goHeader  = regexp.MustCompile(`^goroutine \d+.*\[([^\]]*)\]:$`)
	location  = regexp.MustCompile(`^\t(.+?):(\d+)(?:\s.*)?$`)
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
// it, or a fatal error. It returns "" if the output shows neither.
func outputSignature(out string) string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "panic: "):
			return panicSignature(strings.TrimPrefix(l, "panic: "), strings.Join(lines[i+1:], "\n"))
		case strings.HasPrefix(l, "runtime: goroutine stack exceeds"):
			fs := firstStack(strings.Join(lines[i+1:], "\n"))
			for _, f := range fs {
				if !strings.HasPrefix(f.Func, "runtime.") {
					return "stack overflow in " + f.Func
				}
			}
			return "stack overflow"
		case strings.HasPrefix(l, "fatal error: "):
			s := "fatal error: " + messageClass(strings.TrimPrefix(l, "fatal error: "))
			for _, f := range firstStack(strings.Join(lines[i+1:], "\n")) {
				if !strings.HasPrefix(f.Func, "runtime.") {
					return s + " at " + where(f)
				}
			}
			return s
		}
	}
	return ""
}

// sigHang marks a run that did not return within the probe's limit.
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
