package fuzzsrc

import (
	"math/bits"
	"math/rand/v2"
	"unicode/utf8"

	"github.com/shortlex/shortlex/internal/record"
	"github.com/shortlex/shortlex/minimize"
)

// A generating run makes its input as it draws: each choice past the end
// of the input is picked at random and appended, so that the input it
// leaves, run again, draws the same values. Random bytes would draw what
// the encoding makes of noise: integers spread evenly over their range
// (two equal int64s one time in 2^64), floats almost never ±Inf or NaN,
// strings of Latin-1 and escapes. The picks instead follow what
// property-based testers generate, because those values find bugs: for
// an integer, its simplest value, its range's ends and their neighbours,
// small magnitudes, and a value an earlier choice of its shape drew; for
// a float, the special values ([nastyFloats]); for text, mostly printable
// ASCII; for a collection, some short and some long. Every pick is an
// index the draw could have read from any input, so the property sees
// nothing it would not see while fuzzing.
type generation struct {
	rng   *rand.Rand
	limit int // the input's length at which picks stop: later draws read zeros

	// queue holds the choices a draw picked for the choices it reads
	// next (a float's sign and magnitude, a literal's characters), used
	// before any policy while their kinds match.
	queue []queued

	// lits offers the literals of the property's source, if known.
	lits *literalOffers

	// seen holds, per shape of choice, the indices drawn so far.
	seen map[shape][]uint64

	// moreScale multiplies the chance that a collection stops, for this
	// input: below 1 collections run long, above 1 they stay short.
	moreScale float64
}

// queued is a choice a draw picked ahead.
type queued struct {
	kind  record.Kind
	index uint64
}

// plan queues choices of one kind for a draw's next reads.
func (g *generation) plan(kind record.Kind, indices ...uint64) {
	for _, i := range indices {
		g.queue = append(g.queue, queued{kind, i})
	}
}

// chance reports true one time in n.
func (g *generation) chance(n int) bool { return g.rng.IntN(n) == 0 }

// shape is what makes two choices interchangeable: the same kind over the
// same range.
type shape struct {
	kind       record.Kind
	max, below uint64
}

// maxGenerated bounds a generated input's length, as Hypothesis bounds
// its buffer: a property that keeps drawing sees zeros, its simplest
// values, past it, so every collection ends.
const maxGenerated = 8 << 10

func newGeneration(seed uint64) *generation {
	g := &generation{
		rng:   rand.New(rand.NewPCG(seed, 0x73686f72746c6578)),
		limit: maxGenerated,
		seen:  make(map[shape][]uint64),
	}
	g.moreScale = [...]float64{1, 1, 1, 0.25, 3}[g.rng.IntN(5)]
	return g
}

// fill appends to t's input the bytes of a picked index for the choice
// about to be read at t.pos, if the input has run out there and the
// length bound allows.
func (g *generation) fill(t *T, kind record.Kind, width int, max, below uint64) {
	if t.pos < len(t.data) || len(t.data)+width > g.limit {
		return
	}
	var i uint64
	if len(g.queue) > 0 && g.queue[0].kind == kind {
		i = min(g.queue[0].index, max)
		g.queue = g.queue[1:]
	} else {
		g.queue = g.queue[:0] // the draw read otherwise than it planned
		i = g.pick(kind, max, below)
	}
	s := shape{kind, max, below}
	g.seen[s] = append(g.seen[s], i)
	r := minimize.EncodingOf(i, width, max)
	for b := width - 1; b >= 0; b-- {
		t.data = append(t.data, byte(r>>(8*uint(b))))
	}
}

// pick picks the index of a choice of the given kind.
func (g *generation) pick(kind record.Kind, max, below uint64) uint64 {
	r := g.rng
	switch kind {
	case record.KindBool, record.KindIndex:
		return g.uniform(max)
	case record.KindMore:
		// Index 0 stops; a uniform index stops one time in max+1, the
		// collection's own average, scaled for this input.
		if r.Float64() < g.moreScale/float64(max+1) {
			return 0
		}
		return 1 + g.uniform(max-1)
	case record.KindRune:
		if max == 255 {
			return g.runeByte()
		}
	}
	if prev := g.seen[shape{kind, max, below}]; len(prev) > 0 && r.IntN(8) == 0 {
		return prev[r.IntN(len(prev))]
	}
	switch kind {
	case record.KindInteger:
		return g.integer(max, below)
	case record.KindByte:
		switch r.IntN(8) {
		case 0:
			return 0
		case 1:
			return max
		}
	case record.KindFloat:
		if r.IntN(2) == 0 {
			return g.small(max)
		}
	}
	return g.uniform(max)
}

// uniform picks an index in [0, max] uniformly.
func (g *generation) uniform(max uint64) uint64 {
	if max == ^uint64(0) {
		return g.rng.Uint64()
	}
	return g.rng.Uint64N(max + 1)
}

// small picks an index of a random number of bits up to 16, uniformly
// among those: log-uniform magnitudes, most of them small.
func (g *generation) small(max uint64) uint64 {
	k := g.rng.IntN(min(16, bits.Len64(max)) + 1)
	return g.uniform(min(max, 1<<k-1))
}

// integer picks the index of an integer drawn in zigzag order around its
// shrink point with below values under it (see minimize.Choice): the
// shrink point itself, one of the range's ends or a value at most 3 from
// it, a small distance either way, or any value.
func (g *generation) integer(max, below uint64) uint64 {
	r := g.rng
	above := max - below
	side := func() (dist uint64, up bool) {
		if above > 0 && (below == 0 || r.IntN(2) == 0) {
			return above, true
		}
		return below, false
	}
	switch p := r.IntN(10); {
	case p == 0:
		return 0
	case p < 3:
		dist, up := side()
		return zigzagIndex(dist-min(dist, uint64(r.IntN(4))*uint64(r.IntN(2))), up, above, below)
	case p < 7:
		dist, up := side()
		return zigzagIndex(min(dist, g.small(dist)), up, above, below)
	}
	return g.uniform(max)
}

// zigzagIndex is the inverse of zigzag: the index of the value d above
// the shrink point (below it if not up).
func zigzagIndex(d uint64, up bool, above, below uint64) uint64 {
	m := min(above, below)
	switch {
	case d == 0:
		return 0
	case d > m:
		return m + d
	case up:
		return 2*d - 1
	}
	return 2 * d
}

// runeByte picks the first byte of a rune in a string (see the encoding
// in strings.go): a stop one time in six, as a collection of average
// length 5 stops; else mostly printable ASCII, some white space, Latin-1
// and escapes to the rest of Unicode.
func (g *generation) runeByte() uint64 {
	r := g.rng
	switch p := r.IntN(24); {
	case p < 4:
		return uint64(r.IntN(stopBelow))
	case p < 18:
		return uint64(' ' + r.IntN('~'-' '+1))
	case p < 20:
		return uint64("\t\n\r "[r.IntN(4)])
	case p < 22:
		return uint64(0x80 + r.IntN(firstEscapeByte-0x80))
	}
	return uint64(firstEscapeByte + r.IntN(runeBlocks))
}

// generate runs prop once on a generated input and returns the input, the
// bytes its draws read; lits, if not nil, offers literals to its draws.
func generate(prop func(*T), seed uint64, lits *literalOffers) []byte {
	g := newGeneration(seed)
	g.lits = lits
	t := &T{rec: &recorder{open: -1}, gen: g}
	t.execute(prop, nil)
	return t.data[:min(t.pos, len(t.data))]
}

// generating reports whether t is a generating run about to draw past
// its input's end, where a draw may plan its choices.
func (t *T) generating() bool { return t.gen != nil && t.pos >= len(t.data) }

// literalOffers hands the literals of the code under test to the draws
// of all the inputs one AddSeeds call generates, each kind in rounds of
// a fixed shuffled order: k offers show min(k, L) different literals of
// the L there are, where picking each at random repeats some and misses
// others (seeing all L that way takes about L ln L offers). A literal
// that does not fit the draw is passed over and stays first in line.
type literalOffers struct {
	lits                  *literals
	ints, floats, strings round
}

// newLiteralOffers returns offers of lits, nil if lits is.
func newLiteralOffers(lits *literals) *literalOffers {
	if lits == nil {
		return nil
	}
	rng := rand.New(rand.NewPCG(uint64(len(lits.ints)), uint64(len(lits.strings))))
	return &literalOffers{
		lits:    lits,
		ints:    round{order: rng.Perm(len(lits.ints))},
		floats:  round{order: rng.Perm(len(lits.floats) + len(lits.ints))},
		strings: round{order: rng.Perm(len(lits.strings))},
	}
}

// A round is the order in which one kind of literal is offered, and how
// far the offers have gone.
type round struct {
	order []int
	next  int
}

// take returns the first index, in order from the round's position, for
// which fits holds, and moves the position past it.
func (r *round) take(fits func(int) bool) (int, bool) {
	n := len(r.order)
	for k := range n {
		if i := r.order[(r.next+k)%n]; fits(i) {
			r.next = (r.next + k + 1) % n
			return i, true
		}
	}
	return 0, false
}

// literalInt returns the next integer literal for which fits holds, one
// time in four when there are such.
func (g *generation) literalInt(fits func(intLiteral) bool) (intLiteral, bool) {
	if g.lits == nil || len(g.lits.lits.ints) == 0 || !g.chance(4) {
		return intLiteral{}, false
	}
	ints := g.lits.lits.ints
	i, ok := g.lits.ints.take(func(i int) bool { return fits(ints[i]) })
	return ints[i], ok
}

// literalFloat returns the next float literal, or integer literal as a
// float, if there are any.
func (g *generation) literalFloat() (float64, bool) {
	if g.lits == nil {
		return 0, false
	}
	floats, ints := g.lits.lits.floats, g.lits.lits.ints
	i, ok := g.lits.floats.take(func(int) bool { return true })
	switch {
	case !ok:
		return 0, false
	case i < len(floats):
		return floats[i], true
	case ints[i-len(floats)].neg:
		return -float64(ints[i-len(floats)].mag), true
	}
	return float64(ints[i-len(floats)].mag), true
}

// literalString returns the next string literal of at most room runes
// (any number if room < 0), one time in chanceIn when there are such.
func (g *generation) literalString(room, chanceIn int) (string, bool) {
	if g.lits == nil || len(g.lits.lits.strings) == 0 || room == 0 || !g.chance(chanceIn) {
		return "", false
	}
	strs := g.lits.lits.strings
	i, ok := g.lits.strings.take(func(i int) bool {
		return room < 0 || utf8.RuneCountInString(strs[i]) <= room
	})
	return strs[i], ok
}

// planText queues the runes of a literal for a string whose n-th rune
// comes next, shaped like shape: at its start one time in four (then
// ending the string there one time in two), elsewhere one time in 32.
func (g *generation) planText(shape *elements, n int) {
	chanceIn := 32
	if n == 0 {
		chanceIn = 4
	}
	room := -1
	if shape.max >= 0 {
		room = shape.max - n
	}
	s, ok := g.literalString(room, chanceIn)
	if !ok {
		return
	}
	for _, r := range s {
		g.plan(record.KindRune, uint64(r))
	}
	if n == 0 && n+utf8.RuneCountInString(s) >= shape.min && g.chance(2) {
		g.plan(record.KindRune, 0) // the stop
	}
}

// planBytes queues the bytes of a literal, one time in four, for a byte
// slice about to draw its first element, shaped like shape: each byte
// past the minimum after a "one more" flag.
func (g *generation) planBytes(shape *elements) {
	s, ok := g.literalString(shape.max, 4)
	if !ok {
		return
	}
	for n := range len(s) {
		if shape.max >= 0 && n >= shape.max {
			return
		}
		if n >= shape.min && shape.flag.max > 0 {
			g.plan(record.KindMore, 1)
		}
		g.plan(record.KindByte, uint64(s[n]))
	}
}
