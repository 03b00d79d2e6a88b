package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"syscall"
	"time"

	"github.com/shortlex/shortlex/internal/wire"
)

// This file checks a written result the way a user will run it: alone,
// in a fresh process.

// verification is a plain replay of a written corpus file.
type verification struct {
	output  string
	record  *wire.Record // what a fuzzsrc property published, if it did
	failed  bool
	failure failure
	err     error
}

// verify replays the corpus entry name with the test binary in a fresh
// process, as go test -run=FuzzX/name would, under the same memory
// limit: a failure that needs state left by earlier runs in a worker
// does not happen again here. SHORTLEX_SHRINK=0 keeps fuzzsrc from
// shrinking the entry again in-process; a fuzzsrc property publishes
// its failure and draws into a record file (internal/wire), which the
// tool reads instead of the test's output. A replay that runs longer
// than the per-run timeout is stopped as a worker is (SIGQUIT to the
// busy thread, see signalQuit), not with -test.timeout, whose dump
// cannot show a goroutine running on another thread.
func (r *runner) verify(name string) verification {
	t := r.t
	timeout := r.m.cfg.timeout
	rec, err := os.CreateTemp(r.m.tmp, "replay-record-*")
	if err != nil {
		return verification{err: err}
	}
	os.Remove(rec.Name())
	defer rec.Close()
	env := append(os.Environ(), "SHORTLEX_SHRINK=0", wire.EnvRecordFD+"=3") // ExtraFiles[0]
	cmd := limitedCommand(r.m.cfg.memLimit, env, t.pkg.Bin,
		"-test.run=^"+t.name+"$/^"+regexp.QuoteMeta(name)+"$",
		"-test.v", "-test.paniconexit0", "-test.timeout=0")
	cmd.Dir = t.pkg.Dir
	cmd.ExtraFiles = []*os.File{rec}
	out := newTailBuffer(16 << 20)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		return verification{err: err}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timedOut := false
	select {
	case err = <-done:
	case <-time.After(timeout):
		timedOut = true
		if isDying(out.String()) {
			// Printing a crash report (see worker.reap): let it finish.
			select {
			case err = <-done:
				timedOut = false
			case <-time.After(dyingGrace):
			}
		}
		if timedOut {
			signalQuit(cmd.Process)
			select {
			case err = <-done:
			case <-time.After(quitGrace):
				cmd.Process.Kill()
				err = <-done
			}
		}
	}
	v := verification{output: out.String()}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		v.err = err
		return v
	}
	if record, _, ok, err := wire.Read(rec, 0); err != nil {
		v.err = fmt.Errorf("reading the replay's record: %w", err)
		return v
	} else if ok {
		v.record = record
		if record.Failed {
			v.failure, v.failed = recordFailure(record), true
			return v
		}
	}
	if timedOut {
		v.failure, v.failed = r.m.an.fromCrash(&crash{Stderr: v.output, TimedOut: true}), true
		return v
	}
	code, sig := 0, ""
	if st := cmd.ProcessState; st != nil {
		code = st.ExitCode()
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			sig = ws.Signal().String()
		}
	}
	v.failure, v.failed = r.m.an.fromReplay(v.output, t.pkg.Dir, code, sig)
	return v
}
