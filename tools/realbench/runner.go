package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// A runner runs a target's body on inputs in a child process (this binary
// run with REALBENCH_SERVE set), so that an input that kills the process (a huge
// allocation, a fatal error) or never returns costs a restart of the child
// rather than the probe. The child runs each input under recover and
// answers with its signature; when it dies, the signature is read from
// what the runtime printed, and the next input starts a new child. A run
// past the limit is stopped by the child itself: it takes a goroutine dump
// (runtime.Stack stops the world, so a busy loop's stack is in it),
// answers with the hang's signature (hangSignature) and exits.
type runner struct {
	target string
	limit  time.Duration
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string
	stderr *bytes.Buffer
	starts int // children started, for the report
}

func newRunner(target string, limit time.Duration) *runner {
	return &runner{target: target, limit: limit}
}

func (r *runner) start() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), serveEnv+"="+r.target, limitEnv+"="+r.limit.String())
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	r.stderr = new(bytes.Buffer)
	cmd.Stderr = r.stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	r.cmd, r.in, r.lines = cmd, in, lines
	r.starts++
	return nil
}

// stop kills the child and waits for it.
func (r *runner) stop() {
	if r.cmd == nil {
		return
	}
	r.in.Close()
	r.cmd.Process.Kill()
	for range r.lines {
	}
	r.cmd.Wait()
	r.cmd = nil
}

// run returns the signature the target fails with on input, "" if it
// passes, "hang at <place>" if it did not return within the runner's
// limit (sigHang if the child did not answer even then).
func (r *runner) run(input []byte) string {
	if r.cmd == nil {
		if err := r.start(); err != nil {
			return "runner: " + err.Error()
		}
	}
	frame := binary.BigEndian.AppendUint32(nil, uint32(len(input)))
	if _, err := r.in.Write(append(frame, input...)); err != nil {
		return r.died()
	}
	// The child answers a hang itself after r.limit; this is the backstop
	// for a child that cannot (a machine swapping, a stopped process).
	backstop := time.NewTimer(2*r.limit + 30*time.Second)
	defer backstop.Stop()
	select {
	case line, ok := <-r.lines:
		if !ok {
			return r.died()
		}
		if isHang(line) {
			r.stop() // the child exits after answering a hang
		}
		return line
	case <-backstop.C:
		r.stop()
		return sigHang
	}
}

// died reaps a child that exited and returns the signature of its crash.
func (r *runner) died() string {
	r.in.Close()
	for range r.lines {
	}
	r.cmd.Wait()
	r.cmd = nil
	if s := outputSignature(r.stderr.String()); s != "" {
		return s
	}
	return "died: " + firstLine(r.stderr.String())
}

// serveEnv names the target a child serves; the command's main and the
// tests' TestMain serve when it is set. limitEnv is the time one run may
// take before the child answers that it hangs.
const (
	serveEnv = "REALBENCH_SERVE"
	limitEnv = "REALBENCH_LIMIT"
)

// maxStack is the serving child's stack limit (Go's default is 1 GB).
const maxStack = 16 << 20

// serve is the child: it reads length-prefixed inputs from stdin and
// answers each with one line, the signature of the target's run. A run
// past the limit is answered with the hang's signature, read from a dump
// of every goroutine, and ends the child: the run cannot be stopped.
func serve(name string) {
	t, ok := lookup(name)
	if !ok {
		fmt.Fprintln(os.Stderr, "realbench: no target", name)
		os.Exit(2)
	}
	limit, err := time.ParseDuration(os.Getenv(limitEnv))
	if err != nil || limit <= 0 {
		limit = probeLimit
	}
	limitMemory()
	// A runaway recursion overflows this stack in a fraction of a second,
	// where Go's 1 GB takes seconds to grow into; an input of a few
	// kilobytes that does not run away recurses far less deep than this.
	debug.SetMaxStack(maxStack)
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var n [4]byte
	for {
		if _, err := io.ReadFull(in, n[:]); err != nil {
			return
		}
		input := make([]byte, binary.BigEndian.Uint32(n[:]))
		if _, err := io.ReadFull(in, input); err != nil {
			return
		}
		done := make(chan string, 1)
		go func() { done <- runRecovered(t.Run, input) }()
		timer := time.NewTimer(limit)
		select {
		case sig := <-done:
			timer.Stop()
			fmt.Fprintln(out, strings.ReplaceAll(sig, "\n", " "))
			out.Flush()
		case <-timer.C:
			fmt.Fprintln(out, hangSignature(allStacks()))
			out.Flush()
			os.Exit(0)
		}
	}
}

// allStacks returns a dump of every goroutine of the process.
func allStacks() string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return string(buf[:n])
		}
		buf = make([]byte, 2*len(buf))
	}
}
