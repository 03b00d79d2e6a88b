// Command minimize reduces the failing inputs of Go fuzz targets to
// shortlex-minimal inputs that fail the same way, and writes them to the
// target's seed corpus:
//
//	go tool minimize [flags] [packages] [files]
//
// after go get -tool github.com/shortlex/shortlex/tools/minimize in your
// module (go run ./tools/minimize in this repository).
//
// With no files it replays every entry of each selected target's
// testdata/fuzz/FuzzX and minimizes the failing ones; with files (Go
// corpus files, or with -style the libFuzzer testcases of an OSS-Fuzz
// build) it minimizes those. It does what go test -fuzz's minimizer does
// not: it minimizes crashers that are already in the seed corpus, every
// argument type, towards zero rather than printable characters, keeping
// the failure's signature so it cannot slip to another bug, and crashes
// that kill the process.
//
// # How it runs candidates
//
// Each package's test binary is built once (go test -c) and run as Go's
// own fuzz worker (-test.fuzzworker), which runs one exact input per call
// in-process with testing's per-input *testing.T; protocol.go documents
// the messages, worker.go the client. -parallel workers run at once. A
// fuzzsrc target also publishes its run's structure (bytes used, choices,
// spans) into a record file (internal/wire), and the input reduced is its
// []byte. Any other target is reduced through internal/argseq: a string
// or []byte is its raw bytes (a target with one []byte argument, every
// go-fuzz-headers harness, is reduced on exactly its input), integers go
// towards zero keeping their sign, floats towards simple values, and the
// order is shortlex on the argument values. Such plain inputs are cut by
// delta debugging first (halves, then smaller chunks), so a crasher of
// megabytes costs runs logarithmic in its size, then by moves on
// structure inferred from the bytes (tokens, brackets, repeats, length
// fields, counts modulo a bound, CRC-32 and CRC-32C checksums kept
// valid), to a result that a final check confirms
// 1-minimal: no deletion of one or two adjacent bytes or runes and no
// replacement of a byte by any smaller byte fails the same way. The
// order is on the values, not on the corpus file: "\t" is smaller than
// " " though it takes two characters of the file to one, so a result the
// original's length can have a slightly longer file (a reduction that
// deletes anything makes it shorter).
// Each input's reduction stops after -maxtime (10 minutes by default)
// with the best input so far.
//
// # Failure signatures
//
// A candidate is kept only if it fails with the original's signature
// (crash.go has the rules, README.md a table of them): "failed at
// file:line" for t.Fatal and t.Error, the first failing call, never a
// t.Log or t.Skip line; "panic: <message class> at <first panic site>",
// one rule for plain targets and fuzzsrc properties (whose record, not
// their output, carries it); "fatal error: ... at ...", "stack overflow
// at ...", "out of memory at ...", "hang at <loop>", "deadlock at <wait>"
// for crashes the worker cannot survive, read from what the runtime
// printed; "os.Exit(N)". A run longer than -timeout is stopped with
// SIGQUIT, aimed on Linux at the thread that is running so that the
// goroutine dump shows it, and the worker is restarted. Go's worker
// panics by itself after 10 seconds ("deadlocked!"), so a -timeout above
// 9 seconds is refused. Workers run under an address-space limit
// (-memlimit, RLIMIT_AS set by this binary re-executed as a launcher, on
// Linux and FreeBSD), so a huge allocation fails fast as out of memory
// instead of swapping. Under a lower inherited limit (ulimit -v), which a
// process cannot raise, workers run under that one.
//
// A hang and a stack overflow take a whole limit to happen, so they are
// reduced under a tighter one (tighten.go): a hang or a deadlock with a
// 1-second timeout (when -timeout is longer and the target's first run
// after a start is quick), a stack overflow with 1/32 of the binary's
// stack limit (32 MB of Go's 1 GB, set by a test file the tool adds to
// the test binary with go build's -overlay). The result must fail the
// same way under the real limit too, or the reduction starts over there.
//
// # Output
//
// For each crasher: its signature, before and after (a plain target's
// string and []byte bytes and argument count, or a fuzzsrc input's bytes
// and choices; corpus file bytes), runs and time, the 1-minimality
// check of a plain target's result, the labeled draws of
// the minimal input (a fuzzsrc replay's record, or one line per
// argument), the result as a corpus file (long lines elided), the new
// corpus file and the go test command that replays it, anchored and
// quoted for a shell, with -timeout for a hang and ulimit -v for running
// out of memory. An input that does not shrink is reported unchanged and
// not written again. If the corpus directory cannot be written, the
// result is saved under $TMPDIR/minimize-results/FuzzX (or
// ./minimize-results) instead, the report says where, and the exit
// status is 2. The new file is replayed alone with the test binary in a
// fresh process before it is reported, so that a failure that needs
// state left by earlier runs in a worker is caught; a fuzzsrc target gets
// SHORTLEX_SHRINK=0 so that it does not shrink it again. The original is
// never overwritten; -replace removes it once the new file is written and
// verified. On a terminal a progress line is redrawn while reducing.
// -json prints one object per event instead (see event in report.go).
// Ctrl-C, SIGTERM, SIGHUP and a closed stdout (| head) write the best
// input so far and stop; the temporary directory
// ($TMPDIR/minimize-<pid>-*) is removed on every exit, and a later run
// removes those of runs that were killed outright.
//
// Exit status: 0 minimized and verified (or already minimal), 1 nothing
// failed, 2 usage, build or I/O error or a malformed corpus file, 3 a
// failing input is flaky (it did not fail the same way in -replays
// replays) or its minimized entry does not fail the same way replayed
// alone ("unverified"). When several inputs end differently, the first of
// 2, 3, 0, 1 wins.
package main
