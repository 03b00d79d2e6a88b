package main

import (
	"context"
	"time"

	"github.com/shortlex/shortlex/minimize"
)

// This file reduces the failures that take a whole limit to happen under
// a tighter one. A hang is seen only when a run reaches the per-run
// timeout, and a stack overflow only when the stack reaches its limit (a
// second or more for Go's 1 GB), so every candidate that keeps such a
// failure costs that much, and the reduction of a crasher of kilobytes
// spends its time budget on them. Under the tighter limit each costs a
// fraction of it. Every input that fails under the real limit fails under
// the tighter one, so no candidate is lost and a result with no smaller
// failing candidate under the tighter limit has none under the real one;
// but an input that is only slow, or recurses deep but not forever, may
// fail under the tighter limit alone. So the result must fail the same
// way under the real limit, or the reduction starts over there.

// hangTimeout is the per-run timeout while a hang is reduced, when the
// configured one is longer: fuzz targets run in micro- to milliseconds,
// so a run a second long is already far past any that returns.
const hangTimeout = time.Second

// tighter returns functions that put the pool's workers under a tighter
// limit for failure f and back, or nil if f has none: the stack limit
// divided (stack.go) for a stack overflow, a shorter timeout for a hang
// or a deadlock, if the target starts quickly.
func (r *runner) tighter(ctx context.Context, f failure) (tighten, restore func()) {
	p := r.pool
	switch f.Kind {
	case "stack overflow":
		if !r.t.pkg.stackHook {
			return nil, nil
		}
		d := p.cfg.stackDivisor
		return func() { p.divideStack(stackDivisor) }, func() { p.divideStack(d) }
	case "hang", "deadlock":
		t := p.cfg.timeout
		if t <= hangTimeout || !r.startsQuickly(ctx) {
			return nil, nil
		}
		return func() { p.cfg.timeout = hangTimeout }, func() { p.cfg.timeout = t }
	}
	return nil, nil
}

// startsQuickly reports whether a fresh worker runs the simplest input
// (every value zero) to its end within half of hangTimeout: a target
// whose first run after a start is slow (a table built on first use)
// would time out under hangTimeout after every restart, and a hang
// restarts the worker.
func (r *runner) startsQuickly(ctx context.Context) bool {
	r.pool.stop()
	start := time.Now()
	a, err := r.execute(ctx, r.values(nil))
	return err == nil && (a.res.Crash == nil || !a.res.Crash.TimedOut) && time.Since(start) < hangTimeout/2
}

// minimizeFailure runs the reducer on input, which failed as first did.
// A failure with a tighter limit is reduced under it, if the input fails
// the same way there; the result must then fail the same way under the
// real limit too, or the reduction runs again under that, in the time
// left.
func (r *runner) minimizeFailure(ctx context.Context, input []byte, run minimize.RunFunc, opts minimize.Options, first attempt) (minimize.Result, error) {
	tighten, restore := r.tighter(ctx, first.failure)
	if tighten == nil {
		return minimize.Minimize(ctx, input, run, opts)
	}
	start := time.Now()
	same := func(in []byte) (bool, error) {
		a, err := r.execute(ctx, r.values(in))
		return err == nil && a.failed && a.failure.Signature == first.failure.Signature, err
	}
	tighten()
	if ok, _ := same(input); !ok {
		restore()
		return minimize.Minimize(ctx, input, run, opts)
	}
	res, err := minimize.Minimize(ctx, input, run, opts)
	restore()
	if err != nil || res.Input == nil || ctx.Err() != nil {
		return res, err // interrupted: the verification of what is written says
	}
	if ok, err := same(res.Input); ok || err != nil {
		return res, nil // a run that could not be made is left to the verification
	}
	if opts.Timeout > 0 {
		// With no time left, the reduction stops at once with the input.
		opts.Timeout = max(opts.Timeout-time.Since(start), time.Nanosecond)
	}
	tight := res.Stats.Runs
	res, err = minimize.Minimize(ctx, input, run, opts)
	res.Stats.Runs += tight // the report counts every run, and the time of both
	res.Stats.Duration = time.Since(start)
	return res, err
}
