package main

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/shortlex/shortlex/minimize"
)

// This file is the tool's output: a text report for people, a one-line
// progress display while reducing on a terminal, or with -json one JSON
// object per line per event, for CI.

// event is one line of -json output. Every event has "event" and, except
// some errors, "package" and "target"; other fields are omitted when empty.
//
//	start   a failing input replayed the same way every time; reducing it:
//	        entry, signature, message, bytes, choices
//	shrink  a smaller input that fails the same way: bytes, choices, runs,
//	        elapsed
//	slip    a candidate failed differently (another bug; not followed), once
//	        per signature: signature, message, bytes
//	done    one input finished: entry, status, and for minimized,
//	        unchanged and interrupted: signature, before, after, runs,
//	        elapsed, stop, file, content, replay, verified,
//	        replay_signature (when it differs), draws, removed; when the
//	        corpus directory could not be written: write_error and saved
//	        instead of file; for flaky: replays
//	error   a problem with one input or the whole run: message, and file
//	        and line when a file is at fault
//
// status is "minimized", "unchanged" (it failed but nothing smaller was
// found: no file was written unless the input came from outside the
// corpus, and entry is the minimal one), "interrupted" (Ctrl-C, or stdout closed: the best
// so far was written), "unverified" (written, but it does not fail the
// same way when replayed alone in a fresh process; message says why),
// "flaky", or "passes" (the input does not fail).
type event struct {
	Event     string  `json:"event"`
	Package   string  `json:"package,omitempty"` // as go test takes it
	Target    string  `json:"target,omitempty"`  // FuzzX
	Entry     string  `json:"entry,omitempty"`   // the original file
	Status    string  `json:"status,omitempty"`
	Signature string  `json:"signature,omitempty"`
	Message   string  `json:"message,omitempty"`
	Bytes     int     `json:"bytes,omitempty"`   // the input being reduced: a fuzzsrc input's bytes, or a plain target's string and []byte bytes
	Choices   int     `json:"choices,omitempty"` // its choices
	Runs      int     `json:"runs,omitempty"`    // runs of the target so far
	Elapsed   float64 `json:"elapsed,omitempty"` // seconds since the reduction started

	Content    string `json:"content,omitempty"`     // the result as a corpus file; long lines elided (the whole is in File or Saved)
	Saved      string `json:"saved,omitempty"`       // a copy of the result, when the corpus directory could not be written
	WriteError string `json:"write_error,omitempty"` // why the corpus directory could not be written
	Unchanged  bool   `json:"unchanged,omitempty"`   // the reducer found nothing smaller than the original

	Before          *size    `json:"before,omitempty"`
	After           *size    `json:"after,omitempty"`
	Stop            string   `json:"stop,omitempty"`             // why the reduction ended
	File            string   `json:"file,omitempty"`             // done: the corpus file holding the result (for unchanged, the original entry when it is in the corpus); error: the file at fault
	Line            int      `json:"line,omitempty"`             // error: the line at fault
	Replay          string   `json:"replay,omitempty"`           // the go test command that replays File
	Verified        *bool    `json:"verified,omitempty"`         // File replays with the same signature
	ReplaySignature string   `json:"replay_signature,omitempty"` // what the replay did when it did not
	Draws           []string `json:"draws,omitempty"`            // the labeled draws of the minimal input
	Removed         string   `json:"removed,omitempty"`          // -replace: the original, removed
	Replays         []string `json:"replays,omitempty"`          // flaky: each replay's signature, or "passes"
	Minimal         string   `json:"minimal,omitempty"`          // the final 1-minimality check, if it completed
}

// size measures an input.
type size struct {
	Bytes   int `json:"bytes"`          // choice-sequence bytes: what the reducer shrinks
	Choices int `json:"choices"`        // choices drawn from them
	File    int `json:"file"`           // bytes of the corpus file
	Args    int `json:"args,omitempty"` // a plain target's arguments; Bytes are then their string and []byte bytes
}

// String shows a size in the input's own terms.
func (s size) String() string {
	if s.Args > 0 {
		return fmt.Sprintf("%d bytes in %d arguments (corpus file %d bytes)", s.Bytes, s.Args, s.File)
	}
	return fmt.Sprintf("%d bytes, %d choices (corpus file %d bytes)", s.Bytes, s.Choices, s.File)
}

// reporter writes events as text or JSON. Its methods may be called from
// several goroutines.
type reporter struct {
	mu       sync.Mutex
	w        io.Writer
	json     bool
	tty      bool
	progress *progress // the reduction being displayed, if any
	shown    bool      // a progress line is on the screen
	stop     chan struct{}
}

func newReporter(w io.Writer, asJSON, tty bool) *reporter {
	return &reporter{w: w, json: asJSON, tty: tty}
}

// emit writes e as JSON, or as text with text().
func (r *reporter) emit(e event, text func(w io.Writer)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.json {
		b, _ := json.Marshal(e)
		r.w.Write(append(b, '\n'))
		return
	}
	if text == nil {
		return
	}
	r.clearLine()
	text(r.w)
}

func (r *reporter) clearLine() {
	if r.shown {
		fmt.Fprint(r.w, "\r\033[K")
		r.shown = false
	}
}

// progress is the live state of one reduction, updated by the run
// function from the reducer's goroutines.
type progress struct {
	label  string
	start  time.Time
	before int
	runs   atomic.Int64
	best   atomic.Int64 // bytes of the best input
}

// startProgress shows p on a terminal, redrawn until stopProgress.
func (r *reporter) startProgress(p *progress) {
	if !r.tty {
		return
	}
	r.mu.Lock()
	r.progress = p
	r.stop = make(chan struct{})
	stop := r.stop
	r.mu.Unlock()
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				r.mu.Lock()
				if r.progress == p {
					el := time.Since(p.start)
					runs := p.runs.Load()
					fmt.Fprintf(r.w, "\r\033[K%s: %d → %d bytes, %d runs (%.0f/s), %s",
						p.label, p.before, p.best.Load(), runs, float64(runs)/el.Seconds(), el.Round(100*time.Millisecond))
					r.shown = true
				}
				r.mu.Unlock()
			}
		}
	}()
}

func (r *reporter) stopProgress() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stop != nil {
		close(r.stop)
		r.stop = nil
	}
	r.progress = nil
	r.clearLine()
}

// The text report.

func (r *reporter) errorEvent(e event) {
	e.Event = "error"
	r.emit(e, func(w io.Writer) {
		where := ""
		if e.Target != "" {
			where = e.Target + ": "
		}
		fmt.Fprintf(w, "minimize: %s%s\n", where, e.Message)
	})
}

func (r *reporter) startEvent(e event) {
	e.Event = "start"
	r.emit(e, func(w io.Writer) {
		fmt.Fprintf(w, "%s %s: %s\n", e.Target, e.Entry, e.Message)
		fmt.Fprintf(w, "  signature: %s\n", e.Signature)
	})
}

func (r *reporter) shrinkEvent(e event) {
	e.Event = "shrink"
	r.emit(e, nil)
}

func (r *reporter) slipEvent(e event) {
	e.Event = "slip"
	r.emit(e, func(w io.Writer) {
		fmt.Fprintf(w, "  slipped (not followed): %s\n", e.Signature)
	})
}

func (r *reporter) doneEvent(e event) {
	e.Event = "done"
	r.emit(e, func(w io.Writer) {
		switch e.Status {
		case "passes":
			fmt.Fprintf(w, "%s %s: passes\n", e.Target, e.Entry)
			return
		case "flaky":
			fmt.Fprintf(w, "%s %s: flaky: %s\n", e.Target, e.Entry, e.Message)
			for i, s := range e.Replays {
				fmt.Fprintf(w, "  replay %d: %s\n", i+1, s)
			}
			return
		}
		if e.Status == "unchanged" && e.File != "" {
			// Nothing smaller fails the same way: the entry to replay is
			// the original (or, for an input from outside the corpus, its
			// copy in the corpus), and no other file was written.
			why := "nothing smaller fails the same way"
			if e.Stop != minimize.FixedPoint.String() {
				why = "nothing smaller found before the reduction stopped (" + e.Stop + ")"
			}
			fmt.Fprintf(w, "  unchanged: %s: %s\n", why, e.File)
			fmt.Fprintf(w, "  size:      %s\n  runs:      %d in %.2fs, %s\n", e.Before, e.Runs, e.Elapsed, e.Stop)
			if e.Minimal != "" {
				fmt.Fprintf(w, "  1-minimal: %s\n", e.Minimal)
			}
			if e.Replay != "" {
				fmt.Fprintf(w, "  replay:    %s\n", e.Replay)
			}
			return
		}
		rate := 0.0
		if e.Elapsed > 0 {
			rate = float64(e.Runs) / e.Elapsed
		}
		if e.Unchanged {
			fmt.Fprintf(w, "  size:      %s\n", e.Before)
		} else {
			fmt.Fprintf(w, "  before:    %s\n", e.Before)
			fmt.Fprintf(w, "  after:     %s\n", e.After)
		}
		fmt.Fprintf(w, "  runs:      %d in %.2fs (%.0f/s), %s\n", e.Runs, e.Elapsed, rate, e.Stop)
		if e.Minimal != "" {
			fmt.Fprintf(w, "  1-minimal: %s\n", e.Minimal)
		}
		if e.Status == "interrupted" && !e.Unchanged {
			fmt.Fprintf(w, "  interrupted: wrote the best input so far\n")
		}
		for _, d := range e.Draws {
			fmt.Fprintf(w, "  %s\n", elideLine(d, textLineLimit))
		}
		if e.Content != "" {
			fmt.Fprintf(w, "  entry:\n")
			elided := false
			for _, line := range strings.Split(strings.TrimRight(e.Content, "\n"), "\n") {
				short := elideLine(line, textLineLimit)
				elided = elided || short != line
				fmt.Fprintf(w, "    %s\n", short)
			}
			if elided {
				fmt.Fprintf(w, "    (elided: the file below holds the whole entry)\n")
			}
		}
		switch {
		case e.WriteError != "":
			fmt.Fprintf(w, "  not written: %s\n", e.WriteError)
			if e.Saved != "" {
				fmt.Fprintf(w, "  saved:     %s (copy it into the corpus directory to replay it)\n", e.Saved)
			} else {
				fmt.Fprintf(w, "  saved:     nowhere: no copy could be written either; the entry above is the result\n")
			}
			fmt.Fprintf(w, "  replay:    %s (once it is in the corpus; not verified)\n", e.Replay)
			return
		case e.Unchanged && e.File == e.Entry:
			fmt.Fprintf(w, "  %s; no new file: %s\n", unchangedWhy(e), e.File)
		case e.Unchanged:
			fmt.Fprintf(w, "  wrote:     %s (the input as it was: %s)\n", e.File, unchangedWhy(e))
		default:
			fmt.Fprintf(w, "  wrote:     %s\n", e.File)
		}
		switch {
		case e.Verified != nil && *e.Verified:
			fmt.Fprintf(w, "  replay:    %s\n", e.Replay)
		case e.ReplaySignature != "":
			fmt.Fprintf(w, "  replay:    %s\n  warning:   it replays with another failure: %s\n", e.Replay, e.ReplaySignature)
		default:
			fmt.Fprintf(w, "  replay:    %s\n  warning:   it does not fail when replayed with the test binary\n", e.Replay)
		}
		if e.Status == "unverified" {
			fmt.Fprintf(w, "  NOT VERIFIED: %s\n", e.Message)
		}
		if e.Removed != "" {
			fmt.Fprintf(w, "  removed:   %s\n", e.Removed)
		}
	})
}

// unchangedWhy says why a reduction kept its input: only at a fixed point
// did every smaller candidate the passes make fail to fail the same way.
func unchangedWhy(e event) string {
	switch {
	case e.Status == "interrupted":
		return "interrupted before anything smaller was found"
	case e.Stop != minimize.FixedPoint.String():
		return "unchanged: nothing smaller found before the reduction stopped (" + e.Stop + ")"
	}
	return "unchanged: nothing smaller fails the same way"
}

// summary ends the text report.
func (r *reporter) summary(s string) {
	r.emit(event{}, func(w io.Writer) {
		if s != "" {
			fmt.Fprintln(w, strings.TrimSpace(s))
		}
	})
}

// textLineLimit is the longest line of a value the text report prints
// whole, and of a string or []byte value in a draw line (a fourfold
// limit for failure messages); jsonContentLimit the longest corpus-file line in -json's
// content. Longer ones are elided: the file holds the whole value.
const (
	textLineLimit    = 200
	jsonContentLimit = 64 << 10
)

// elideLine shortens a line longer than limit bytes to its start and end
// around a count of what was left out, cutting at UTF-8 boundaries.
func elideLine(line string, limit int) string {
	if len(line) <= limit {
		return line
	}
	head, tail := limit*3/4, limit/4
	for head > 0 && !utf8.RuneStart(line[head]) {
		head--
	}
	start := len(line) - tail
	for start < len(line) && !utf8.RuneStart(line[start]) {
		start++
	}
	return fmt.Sprintf("%s … (%d bytes elided) … %s", line[:head], start-head, line[start:])
}

// elideText applies elideLine to each line of s.
func elideText(s string, limit int) string {
	lines := strings.SplitAfter(s, "\n")
	for i, line := range lines {
		body, nl := strings.CutSuffix(line, "\n")
		if len(body) > limit {
			lines[i] = elideLine(body, limit)
			if nl {
				lines[i] += "\n"
			}
		}
	}
	return strings.Join(lines, "")
}

// replayCommand is the go test command that replays corpus entry name of
// target in package pkg, with extra flags before the package: anchored,
// so that it runs neither FuzzXY nor entries whose names start with
// name, and quoted for a POSIX shell.
func replayCommand(target, name, pkg string, extra ...string) string {
	args := []string{"go", "test", "-run=" + shellQuote("^"+regexp.QuoteMeta(target)+"$/^"+regexp.QuoteMeta(name)+"$")}
	for _, x := range extra {
		args = append(args, shellQuote(x))
	}
	return strings.Join(append(args, shellQuote(pkg)), " ")
}

// shellQuote quotes s for a POSIX shell, leaving it bare when it holds
// only characters no shell treats specially.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./:,@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
