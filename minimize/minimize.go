package minimize

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"time"
)

// RunFunc runs the target once on input and reports what happened. An
// error means the run itself could not be carried out (a worker process
// could not be started, a pipe broke), not that the target failed; it
// ends the reduction. When Options.Workers is more than one, the function
// is called from several goroutines at once.
type RunFunc func(ctx context.Context, input []byte) (Outcome, error)

// Options configure a reduction. The zero value is ready to use: it runs
// to a fixed point on all cores, deterministically for the default seed
// when there is one core.
type Options struct {
	// Workers is how many candidates run at once. Zero means
	// runtime.GOMAXPROCS(0). With one worker a reduction is deterministic
	// for a given Seed; with more it is deterministic for a given Seed and
	// Workers, but tries some candidates speculatively.
	Workers int

	// Seed seeds the random order in which passes try their steps. Zero is
	// a fixed seed of its own.
	Seed uint64

	// Timeout bounds the reduction's wall time. Zero means no bound; the
	// context can still cancel it.
	Timeout time.Duration

	// MaxRuns bounds the number of runs of the target, counting the first.
	// Zero means no bound.
	MaxRuns int

	// MaxShrinks bounds the number of successful shrinks. Zero means no
	// bound.
	MaxShrinks int

	// ExactLength says that the target depends on the input's length, as
	// one that reads raw bytes does, so trailing zero bytes are
	// significant. The zero value is right for inputs read as choice
	// sequences, where missing bytes read as zeros: trailing zeros are
	// dropped.
	ExactLength bool

	// First, if not nil, is the outcome of a run of the input given to
	// Minimize that the caller has already made (it found the failure),
	// so that Minimize does not run the input again before its first
	// candidate; Stats.Runs then does not count that run. Nil means
	// Minimize runs the input first. It must be the outcome of exactly
	// that input.
	First *Outcome

	// OrderKey, if not nil, maps an input (cut to the bytes its run used)
	// to the key the gate compares in shortlex order instead of the input
	// itself: a candidate is kept only if its key is strictly smaller than
	// the best input's. It lets a caller whose inputs encode values
	// minimize the values' order rather than the encoding's. It must not
	// depend on the run, only on the input. Nil means the choice-sequence
	// order (see the gate).
	OrderKey func(input []byte) []byte

	// Words, if not nil, are strings the target's code compares its input
	// with: the string literals of the code under test (keywords, names,
	// schemes). When the reduction of plain bytes is stuck, it tries each
	// word of them (a run of letters, digits, _ and non-ASCII bytes) in
	// place of a word of the input that it would make smaller, shortest
	// first: a keyword the crasher spells out at length ("DELETE", "HTTP")
	// where a shorter one of the same place ("GET", "FTP") also fails.
	// Nil means none.
	Words []string

	// OnShrink, if not nil, is called with each new best input and its
	// outcome, in order, so a caller can save it at once or show
	// progress. It is called from the goroutine that called Minimize and
	// must not keep input past the call without copying it.
	OnShrink func(input []byte, out Outcome)
}

// Result is what a reduction found.
type Result struct {
	// Input is the smallest input found that fails like the original, and
	// Outcome its outcome.
	Input   []byte
	Outcome Outcome

	// Stop says why the reduction ended.
	Stop StopReason

	// Slips are other failures met along the way, one per signature with
	// the smallest input seen for it, sorted by signature. The reduction
	// never follows them.
	Slips []Slip

	Stats Stats
}

// Slip is a failure with a different signature than the one reduced.
type Slip struct {
	Signature string
	Input     []byte
}

// StopReason says why a reduction ended.
type StopReason int

// The reasons a reduction ends.
const (
	// FixedPoint: no pass can shrink the input further.
	FixedPoint StopReason = iota
	// Budget: Timeout, MaxRuns or MaxShrinks ran out.
	Budget
	// Canceled: the context was canceled.
	Canceled
	// RunError: a run returned an error (it could not be carried out);
	// Minimize returns that error with the best input so far.
	RunError
)

func (r StopReason) String() string {
	switch r {
	case FixedPoint:
		return "fixed point"
	case Budget:
		return "budget exhausted"
	case Canceled:
		return "canceled"
	case RunError:
		return "run error"
	}
	return fmt.Sprintf("StopReason(%d)", int(r))
}

// Stats count a reduction's work.
type Stats struct {
	Runs      int           // runs of the target, including the first
	CacheHits int           // candidates not run because they, or the bytes their run would read, were seen before
	Shrinks   int           // candidates that became the new best
	Duration  time.Duration // wall time
	Passes    []PassStats   // per pass, in the order first run
	Minimal   MinimalCheck  // the final 1-minimality check of a plain-bytes reduction
}

// PassStats count one pass's work.
type PassStats struct {
	Name    string
	Runs    int // runs of the target on the pass's candidates
	Shrinks int // of those, the ones that became the new best
	Bytes   int // bytes the pass's shrinks removed in all
}

// ErrNotFailing is returned when the input given to Minimize does not
// fail.
var ErrNotFailing = errors.New("minimize: the input does not fail")

// Minimize reduces input, which must make run fail, to a shortlex-smaller
// input that fails with the same signature. It is an anytime algorithm:
// when the context is canceled or a budget runs out it returns the best
// input found so far with a nil error. It returns an error only if the
// input does not fail (ErrNotFailing) or a run returns one.
func Minimize(ctx context.Context, input []byte, run RunFunc, opts Options) (res Result, err error) {
	s := newShrinker(ctx, run, opts)
	defer func() {
		s.stats.Duration = time.Since(s.start)
		res = s.result()
		if v := recover(); v != nil {
			st, ok := v.(stopReduction)
			if !ok {
				panic(v)
			}
			res.Stop, err = st.reason, st.err
		}
	}()
	var out Outcome
	if opts.First != nil {
		out = *opts.First
	} else {
		out = s.runOnce(input)
	}
	if !out.Failed {
		return res, ErrNotFailing
	}
	s.target = out.Signature
	s.setBest(s.prune(input, out), out)
	if s.plainBytes() {
		s.reducePlain() // bytes.go
	} else {
		s.schedule()
	}
	return res, nil
}

// stopReduction is panicked to end a reduction early and recovered by
// Minimize, the one boundary: a budget ran out, the context was
// canceled, or a run failed (err set).
type stopReduction struct {
	reason StopReason
	err    error
}

// shrinker is the state of one reduction. Only the goroutine that called
// Minimize touches it; runs happen on worker goroutines (see gate.go).
type shrinker struct {
	ctx      context.Context
	run      RunFunc
	opts     Options
	workers  int
	start    time.Time
	deadline time.Time
	rng      *rand.Rand

	target  string  // the signature being reduced
	best    []byte  // the best input so far, pruned
	bestKey []byte  // its order key (gate.go)
	out     Outcome // its outcome
	choices []Choice
	version int // incremented on every new best

	seen     map[[16]byte]struct{} // candidates run or known uninteresting
	pending  map[[16]byte]Outcome  // speculative outcomes the gate has not judged yet
	reads    readCache             // runs by the bytes they read (prefix.go)
	slips    map[string][]byte
	changed  map[int]Choice // choices changed by same-length shrinks, by offset
	zigzag   bool           // a value in changed changed again after another
	retrying bool           // settle is retrying a candidate with later values kept
	grown    []grownTrial   // candidates of the best input under which later ranges grew (depend.go)
	stats    Stats
	pass     *PassStats                 // the pass whose candidates are running
	after    []*pass                    // the passes that run right after a shrink
	landings map[landingPlace][]landing // where lowerTogether lowered each value last (lower.go)

	fields     perVersion[[]lengthField]   // lengthFields of the best input (bytes.go)
	shapes     perVersion[map[Choice]int]  // how often each shape occurs in the best input (flagLike)
	regions    perVersion[map[[2]int]bool] // the regions of the best input's values drawn alone (wholeDraw)
	exhaustive runBudget                   // what the last tier's passes may still run (exhaustive.go)
	sums       checksumState               // the checksum fields of a plain input (checksum.go)
	words      []word                      // the words of Options.Words, in shortlex order (replaceWords)
	wordAt     map[string]int              // each word's place in Options.Words' order
}

func newShrinker(ctx context.Context, run RunFunc, opts Options) *shrinker {
	s := &shrinker{
		ctx:     ctx,
		run:     run,
		opts:    opts,
		workers: opts.Workers,
		start:   time.Now(),
		rng:     rand.New(rand.NewPCG(opts.Seed, 0x5eed_5a17_c0ff_ee00)),
		seen:    make(map[[16]byte]struct{}),
		pending: make(map[[16]byte]Outcome),
		slips:   make(map[string][]byte),
		changed: make(map[int]Choice),

		landings: make(map[landingPlace][]landing),
	}
	if s.workers <= 0 {
		s.workers = runtime.GOMAXPROCS(0)
	}
	if opts.Timeout > 0 {
		s.deadline = s.start.Add(opts.Timeout)
	}
	return s
}

// setBest installs a new best input, whose outcome is out.
func (s *shrinker) setBest(input []byte, out Outcome) {
	s.best, s.out = input, out
	s.bestKey = s.orderKey(input, out.Choices)
	s.version++
	s.choices = out.Choices
	if len(s.choices) == 0 && !s.plainBytes() {
		// No structure: every byte is a choice of its own.
		s.choices = make([]Choice, len(input))
		for i := range s.choices {
			s.choices[i] = Choice{Offset: i, Width: 1, Max: 255}
		}
	}
}

func (s *shrinker) result() Result {
	r := Result{Input: s.best, Outcome: s.out, Stats: s.stats}
	for sig, in := range s.slips {
		r.Slips = append(r.Slips, Slip{Signature: sig, Input: in})
	}
	sort.Slice(r.Slips, func(i, j int) bool { return r.Slips[i].Signature < r.Slips[j].Signature })
	return r
}
