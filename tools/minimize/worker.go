package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"github.com/shortlex/shortlex/internal/wire"
)

// This file is the client side of Go's fuzz worker protocol (protocol.go):
// a worker is one test binary process that runs candidates of one fuzz
// target, one exact input per call, restarted after every crash; a pool
// shares a target's workers among the reducer's goroutines.

// workerConfig is what the workers of one fuzz target share.
type workerConfig struct {
	bin      string        // the test binary
	dir      string        // the package directory: the tests' working directory
	target   string        // the fuzz target, FuzzX
	timeout  time.Duration // per-run limit
	memLimit int64         // address-space limit in bytes; 0 for none
	tmp      string        // directory for the shared-memory, record and cache files
	// stackDivisor divides the binary's goroutine stack limit (stack.go);
	// 0 or 1 leaves it as it is.
	stackDivisor int
}

// startupTimeout bounds how long a worker may take to answer its first
// ping: the test binary's init and the fuzz target's body up to f.Fuzz.
const startupTimeout = 60 * time.Second

// quitGrace is how long a hung worker has, after SIGQUIT, to write its
// goroutine dump and exit before it is killed: generous, because a
// loaded machine is slow to print a dump, and a process that exits in
// time costs nothing more.
const quitGrace = 10 * time.Second

// dyingGrace is how long a worker that is past the per-run timeout but
// has begun to print a crash report (a stack overflow reached on a
// loaded machine, say) has to finish it before it is stopped as hung.
const dyingGrace = 10 * time.Second

// isDying reports whether a worker's stderr shows that the runtime is
// printing a crash report.
func isDying(stderr string) bool {
	return strings.Contains(stderr, "fatal error: ") || strings.Contains(stderr, "goroutine stack exceeds") ||
		strings.Contains(stderr, "\npanic: ") || strings.HasPrefix(stderr, "panic: ")
}

// runResult is what one run reported.
type runResult struct {
	// Err is Go's fuzzResponse.Err: the target failed, and the output of
	// the failing test. The worker survived.
	Err string
	// Record is what a fuzzsrc property published for the run, or nil.
	Record *wire.Record
	// Crash is set if the process died during the run.
	Crash *crash
}

// crash describes a worker process that died while running an input.
type crash struct {
	Stderr   string // what it wrote to stderr during the run
	ExitCode int    // its exit status, or -1 if a signal ended it
	Signal   string // the signal that ended it, if one did
	TimedOut bool   // the tool killed it after the per-run timeout
}

// worker is one slot of a pool: its shared memory, and the process using
// it, if one is running.
type worker struct {
	cfg    *workerConfig
	mem    *os.File
	region []byte
	proc   *process
	starts int // processes started, for the report
}

// process is one running test binary in worker mode.
type process struct {
	cmd        *exec.Cmd
	toWorker   *os.File // our end of the worker's fd 3
	fromWorker *os.File // our end of the worker's fd 4
	enc        *json.Encoder
	dec        *json.Decoder
	record     *os.File // the worker's fd 6, unlinked
	lastSeq    uint64   // the last record sequence number read
	stderr     *tailBuffer
	done       chan struct{} // closed when the process has exited and stderr is drained
}

// newWorker allocates a worker's shared memory for values of up to
// capacity bytes. The file is unlinked at once: the mapping and the
// descriptor handed to each process keep it alive.
func newWorker(cfg *workerConfig, capacity int) (*worker, error) {
	w := &worker{cfg: cfg}
	if err := w.allocate(capacity); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *worker) allocate(capacity int) error {
	f, err := os.CreateTemp(w.cfg.tmp, "mem-*")
	if err != nil {
		return err
	}
	os.Remove(f.Name())
	size := headerSize + capacity
	if err := f.Truncate(int64(size)); err != nil {
		f.Close()
		return err
	}
	region, err := mmap(f, size)
	if err != nil {
		f.Close()
		return fmt.Errorf("mapping shared memory: %w", err)
	}
	w.mem, w.region = f, region
	return nil
}

// free stops the process and releases the shared memory.
func (w *worker) free() {
	w.stop()
	if w.region != nil {
		munmap(w.region)
		w.mem.Close()
		w.region, w.mem = nil, nil
	}
}

// start starts a worker process and pings it.
func (w *worker) start() error {
	cfg := w.cfg
	inR, inW, err := os.Pipe()
	if err != nil {
		return err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return err
	}
	rec, err := os.CreateTemp(cfg.tmp, "record-*")
	if err != nil {
		return err
	}
	os.Remove(rec.Name())
	// A fresh record file per process: its sequence numbers start again.
	args := []string{
		"-test.fuzzworker",
		"-test.run=^" + cfg.target + "$",
		"-test.fuzz=^" + cfg.target + "$",
		"-test.fuzzcachedir=" + cfg.tmp + "/fuzzcache",
		"-test.paniconexit0",
	}
	env := append(os.Environ(),
		wire.EnvRecordFD+"=6", // ExtraFiles[3]
		// Every goroutine in crash dumps: a hang is found in the goroutine
		// running the target, whichever goroutine the runtime reports.
		"GOTRACEBACK=all",
	)
	if cfg.stackDivisor > 1 {
		env = append(env, envStackDivisor+"="+strconv.Itoa(cfg.stackDivisor))
	}
	cmd := limitedCommand(cfg.memLimit, env, cfg.bin, args...)
	cmd.Dir = cfg.dir
	cmd.ExtraFiles = []*os.File{inR, outW, w.mem, rec}
	stderr := newTailBuffer(16 << 20)
	cmd.Stderr = stderr
	cmd.SysProcAttr = workerSysProcAttr()
	cmd.WaitDelay = time.Second
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		rec.Close()
		return fmt.Errorf("starting %s: %w", cfg.bin, err)
	}
	p := &process{
		cmd: cmd, toWorker: inW, fromWorker: outR,
		enc: json.NewEncoder(inW), dec: json.NewDecoder(outR),
		record: rec, stderr: stderr, done: make(chan struct{}),
	}
	go func() {
		cmd.Wait()
		close(p.done)
	}()
	w.proc = p
	w.starts++

	// Handshake, part one: a Ping must come back as an empty object.
	// (Part two is the pool's first run of the original input.)
	var pong pingResponse
	err = p.enc.Encode(call{Ping: &pingArgs{}})
	if err == nil {
		p.fromWorker.SetReadDeadline(time.Now().Add(startupTimeout))
		err = p.dec.Decode(&pong)
	}
	if err != nil {
		c := w.reap(false)
		w.stop()
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("the %s worker did not answer a ping within %v", cfg.target, startupTimeout)
		}
		return fmt.Errorf("the %s worker exited before answering a ping (%s)%s\n"+
			"If it printed nothing, the Go fuzz worker protocol may differ from Go 1.26's, which this tool speaks",
			cfg.target, c.status(), indentBlock(lastLines(c.Stderr, 20)))
	}
	return nil
}

// stop ends the process, if any: closing its call pipe makes Go's worker
// return; a worker that does not is killed.
func (w *worker) stop() {
	p := w.proc
	if p == nil {
		return
	}
	w.proc = nil
	p.toWorker.Close()
	select {
	case <-p.done:
	case <-time.After(time.Second):
		p.cmd.Process.Kill()
		<-p.done
	}
	p.fromWorker.Close()
	p.record.Close()
}

// ensureCapacity makes the shared memory hold n value bytes, restarting
// the process if the file had to grow: a worker maps the file's size when
// it starts.
func (w *worker) ensureCapacity(n int) error {
	if headerSize+n <= len(w.region) {
		return nil
	}
	w.free()
	return w.allocate(max(2*n, 1<<20))
}

// run runs value (a corpus file's content) once. An error means the run
// could not be carried out: the worker could not start, or it reported an
// internal error. A target failure or crash is a result, not an error.
func (w *worker) run(ctx context.Context, value []byte) (runResult, error) {
	if err := ctx.Err(); err != nil {
		return runResult{}, err
	}
	if err := w.ensureCapacity(len(value)); err != nil {
		return runResult{}, err
	}
	if w.proc == nil {
		if err := w.start(); err != nil {
			return runResult{}, err
		}
	}
	p := w.proc
	h := (*sharedMemHeader)(unsafe.Pointer(&w.region[0]))
	h.count = 0
	h.valueLen = len(value)
	copy(w.region[headerSize:], value)
	p.stderr.Reset()

	var resp fuzzResponse
	err := p.enc.Encode(call{Fuzz: &fuzzArgs{Limit: 1, Warmup: true}})
	if err == nil {
		p.fromWorker.SetReadDeadline(time.Now().Add(w.cfg.timeout))
		stop := context.AfterFunc(ctx, func() { p.fromWorker.SetReadDeadline(time.Now()) })
		err = p.dec.Decode(&resp)
		stop()
	}
	switch {
	case err != nil && ctx.Err() != nil:
		w.kill()
		return runResult{}, ctx.Err()
	case errors.Is(err, os.ErrDeadlineExceeded):
		return runResult{Crash: w.reap(true)}, nil
	case err != nil:
		// EOF, a broken pipe or a torn response: the process died.
		c := w.reap(false)
		if c.ExitCode == fuzzWorkerExitCode && strings.Contains(c.Stderr, "communicating with fuzzing coordinator") {
			return runResult{}, fmt.Errorf("the %s worker lost the connection: %s", w.cfg.target, lastLines(c.Stderr, 5))
		}
		return runResult{Crash: c}, nil
	case resp.InternalErr != "":
		w.kill()
		return runResult{}, fmt.Errorf("the %s worker failed (not the target): %s\n"+
			"If it could not read the input, the Go fuzz worker protocol differs from Go 1.26's, which this tool speaks", w.cfg.target, resp.InternalErr)
	case resp.Count != 1:
		w.kill()
		return runResult{}, fmt.Errorf("the %s worker ran the input %d times, not once: the Go fuzz worker protocol differs from Go 1.26's, which this tool speaks", w.cfg.target, resp.Count)
	}
	res := runResult{Err: resp.Err}
	rec, seq, ok, err := wire.Read(p.record, p.lastSeq)
	if err != nil {
		return runResult{}, fmt.Errorf("reading the %s worker's record: %w", w.cfg.target, err)
	}
	if ok {
		p.lastSeq, res.Record = seq, rec
	}
	return res, nil
}

// fuzzWorkerExitCode is the exit status of a Go fuzz worker whose
// communication failed (testing's fuzzWorkerExitCode).
const fuzzWorkerExitCode = 70

// kill kills the process at once and forgets it.
func (w *worker) kill() {
	if p := w.proc; p != nil {
		p.cmd.Process.Kill()
		<-p.done
		w.stop()
	}
}

// reap collects a process that died or hung. A hung one (hung true) first
// gets SIGQUIT, so that the Go runtime dumps every goroutine's stack, then
// SIGKILL if it does not exit within quitGrace. A dead one is waited for.
func (w *worker) reap(hung bool) *crash {
	p := w.proc
	if hung && isDying(p.stderr.String()) {
		// Dying, not hung: let it finish its report rather than mix a
		// goroutine dump into it.
		select {
		case <-p.done:
			hung = false
		case <-time.After(dyingGrace):
		}
	}
	if hung {
		signalQuit(p.cmd.Process)
	}
	select {
	case <-p.done:
	case <-time.After(quitGrace):
		p.cmd.Process.Kill()
		<-p.done
	}
	c := &crash{Stderr: p.stderr.String(), ExitCode: -1, TimedOut: hung}
	if st := p.cmd.ProcessState; st != nil {
		c.ExitCode = st.ExitCode()
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			c.Signal = ws.Signal().String()
		}
	}
	w.stop()
	return c
}

// status describes how the process ended, for messages.
func (c *crash) status() string {
	switch {
	case c.Signal != "":
		return "killed by signal: " + c.Signal
	default:
		return "exit status " + strconv.Itoa(c.ExitCode)
	}
}

// pool runs candidates of one target on several workers at once.
type pool struct {
	cfg  workerConfig
	free chan *worker
	all  []*worker
}

// newPool makes n workers for cfg whose shared memory holds values of
// capacity bytes. Processes start on first use.
func newPool(cfg workerConfig, n, capacity int) (*pool, error) {
	p := &pool{cfg: cfg, free: make(chan *worker, n)}
	capacity = max(capacity, 1<<20)
	for range n {
		w, err := newWorker(&p.cfg, capacity)
		if err != nil {
			p.close()
			return nil, err
		}
		p.all = append(p.all, w)
		p.free <- w
	}
	return p, nil
}

// run runs value on the first free worker.
func (p *pool) run(ctx context.Context, value []byte) (runResult, error) {
	var w *worker
	select {
	case w = <-p.free:
	case <-ctx.Done():
		return runResult{}, ctx.Err()
	}
	defer func() { p.free <- w }()
	return w.run(ctx, value)
}

// divideStack sets what the pool's worker processes divide their stack
// limit by (workerConfig.stackDivisor), stopping those running so that
// they start again with it. Callers must not be running candidates.
func (p *pool) divideStack(d int) {
	if p.cfg.stackDivisor == d {
		return
	}
	p.cfg.stackDivisor = d
	p.stop()
}

// stop stops the worker processes; each starts again on its next run.
// Callers must not be running candidates.
func (p *pool) stop() {
	for _, w := range p.all {
		w.stop()
	}
}

// close stops every worker. Callers must not be running candidates.
func (p *pool) close() {
	for _, w := range p.all {
		w.free()
	}
}

// tailBuffer is an io.Writer that keeps the last max bytes written.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func newTailBuffer(max int) *tailBuffer { return &tailBuffer{max: max} }

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > b.max {
		b.buf = append(b.buf[:0], b.buf[len(b.buf)-b.max:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) Reset() {
	b.mu.Lock()
	b.buf = b.buf[:0]
	b.mu.Unlock()
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}

// limitedCommand returns a command that runs bin with args and env under
// an address-space limit of limit bytes (none if limit is 0), through this
// tool's own binary as a launcher (see execLimited).
func limitedCommand(limit int64, env []string, bin string, args ...string) *exec.Cmd {
	if limit <= 0 || !canLimitMemory {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		return cmd
	}
	self, err := os.Executable()
	if err != nil {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		return cmd
	}
	cmd := exec.Command(self, append([]string{bin}, args...)...)
	cmd.Env = append(env, envRlimitAS+"="+strconv.FormatInt(limit, 10))
	return cmd
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// indentBlock formats s as an indented block after a colon, or nothing.
func indentBlock(s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return ":\n\t" + strings.ReplaceAll(s, "\n", "\n\t")
}
