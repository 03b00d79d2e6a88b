// Package targets holds fuzz targets with planted bugs for ttfc to time.
// Each bug's logic is written once, here, and reached from three fuzz
// targets that differ only in how they decode the fuzz input into its
// arguments: one with fuzzsrc, one with go-fuzz-headers, and one that
// reads the bytes by hand, as a baseline.
package targets

import (
	"fmt"
	"math"
	"slices"
)

// Packet is a frame of a small binary protocol, already split into its
// fields.
type Packet struct {
	Magic   [4]byte
	Version byte
	Length  byte // the payload's declared length
	Payload []byte
}

// ProcessPacket validates a packet and sums its records, as a decoder
// would. The planted bug: version 2 payloads start with a record count
// that is trusted without a bounds check, so a frame with the right
// magic, version 2, a declared length that matches the payload and a
// count past the payload's end panics with an index out of range.
func ProcessPacket(p Packet) int {
	// The magic is compared byte by byte, as a streaming decoder reads
	// it, so coverage guides the fuzzer through it.
	if p.Magic[0] != 'S' {
		return 0
	}
	if p.Magic[1] != 'L' {
		return 0
	}
	if p.Magic[2] != 'E' {
		return 0
	}
	if p.Magic[3] != 'X' {
		return 0
	}
	if int(p.Length) != len(p.Payload) {
		return -1
	}
	switch p.Version {
	case 1:
		sum := 0
		for _, b := range p.Payload {
			sum += int(b)
		}
		return sum
	case 2:
		if len(p.Payload) == 0 {
			return -1
		}
		count := int(p.Payload[0])
		sum := 0
		for i := range count {
			sum += int(p.Payload[1+i]) // bug: count is not checked against the payload
		}
		return sum
	}
	return -1
}

// SessionOp is one operation on a Session. Arg is the operation's
// argument: a key or a message byte.
type SessionOp struct {
	Kind SessionOpKind
	Arg  byte
}

// SessionOpKind says what a SessionOp does.
type SessionOpKind uint8

// The operations on a Session.
const (
	OpOpen SessionOpKind = iota
	OpAuth
	OpSend
	OpRekey
	OpClose
	numSessionOps
)

// Session is a toy secure-channel state machine: open it, authenticate
// with the right token, send messages, rekey after every few messages.
type Session struct {
	state   int    // 0 closed, 1 open, 2 authenticated
	key     byte   // the current key
	sent    int    // messages sent under the current key
	history []byte // those messages, encrypted, for resumption
	resume  byte   // the last message under the previous key
}

// authToken is the token that authenticates a session.
const authToken = 0x5a

// RunSession applies ops to a new Session. The planted bug is in rekey:
// rekeying to key 0 ("back to the default key") clears the history but
// forgets to reset the message count, so the next rekey reads past the
// history's end. Reaching it takes open, authenticate with the token,
// three sends, a rekey to 0 and another rekey, in that order.
func RunSession(ops []SessionOp) {
	var s Session
	for _, op := range ops {
		s.apply(op)
	}
}

func (s *Session) apply(op SessionOp) {
	switch op.Kind {
	case OpOpen:
		if s.state == 0 {
			s.state, s.sent, s.history = 1, 0, s.history[:0]
		}
	case OpAuth:
		if s.state == 1 && op.Arg == authToken {
			s.state, s.key = 2, op.Arg
		}
	case OpSend:
		if s.state == 2 {
			s.history = append(s.history, op.Arg^s.key)
			s.sent++
		}
	case OpRekey:
		if s.state != 2 || s.sent < 3 {
			return
		}
		s.resume = s.history[s.sent-1]
		s.key = op.Arg
		s.history = s.history[:0]
		if op.Arg == 0 {
			return // bug: s.sent is not reset
		}
		s.sent = 0
	case OpClose:
		s.state = 0
	}
}

// WordMagic is the magic number of CheckWord's format: "SLEX" read as a
// little-endian 32-bit word.
const WordMagic = 0x58454c53

// CheckWord validates a file header whose magic is one 32-bit word,
// compared at once, as a decoder that reads the header into a struct
// does: coverage gives no hint until all four bytes are right. The
// planted bug: a header with the magic and the "extended" flag (the top
// bit of flags) reads an extension table that is not there.
func CheckWord(magic uint32, flags byte) int {
	if magic != WordMagic {
		return 0
	}
	if flags&0x80 == 0 {
		return 1
	}
	var ext []int
	return ext[flags&0x7f] // bug: the extension table is never read
}

// CheckEqual compares a record's two copies of its identifier, as a
// format that repeats a field for integrity does. The planted bug: two
// equal, nonzero identifiers take a fast path that indexes a cache
// sized for identifier 0 only.
func CheckEqual(a, b int64) int {
	if a != b {
		return 0
	}
	if a == 0 {
		return 1
	}
	cache := make([]int, 1)
	return cache[a&0xff|1] // bug: the cache holds only identifier 0
}

// windowSize is the size of the buffer Window reads from.
const windowSize = 4096

// Window returns the sum of the bytes of a window of a buffer, given by
// an offset and a length that it validates. The planted bug: the bounds
// check adds offset and length, which overflows for an offset within
// windowSize of math.MaxInt64, so the check passes and the slice
// expression panics.
func Window(offset, length int64) int {
	var buf [windowSize]byte
	if offset < 0 || length < 0 || length > windowSize {
		return -1
	}
	if offset+length > windowSize { // bug: offset+length can overflow
		return -1
	}
	sum := 0
	for _, b := range buf[offset : offset+length] {
		sum += int(b)
	}
	return sum
}

// levels is how many entries LevelName's table has.
const levels = 1000

// levelNames are the names of the levels 0 to levels-1.
var levelNames = func() []string {
	names := make([]string, levels)
	for i := range names {
		names[i] = "level"
	}
	return names
}()

// LevelName names a level, checking it first. The planted bug: the check
// lets the value exactly at the range's end through (<= where < was
// meant), and the lookup panics.
func LevelName(level uint16) string {
	if int(level) > levels { // bug: should be >=
		return ""
	}
	return levelNames[level]
}

// Command lexes a line of a small command language with a hand-written
// state machine, one byte at a time, as lexers are written: every
// keyword byte matched is a new state, so coverage guides the fuzzer
// through it. The planted bug: the statement "DROP TABLE" (the two
// keywords with one space between them, anywhere in the line) reaches
// a handler that is not implemented.
func Command(line string) int {
	const stmt = "DROP TABLE"
	state, words := 0, 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch state {
		case 0:
			if c == 'D' {
				state = 1
			}
		case 1:
			state = next(c == 'R', 2, c)
		case 2:
			state = next(c == 'O', 3, c)
		case 3:
			state = next(c == 'P', 4, c)
		case 4:
			state = next(c == ' ', 5, c)
		case 5:
			state = next(c == 'T', 6, c)
		case 6:
			state = next(c == 'A', 7, c)
		case 7:
			state = next(c == 'B', 8, c)
		case 8:
			state = next(c == 'L', 9, c)
		case 9:
			if c == 'E' {
				var handlers map[string]func() int
				return handlers[stmt]() // bug: DROP TABLE has no handler
			}
			state = next(false, 0, c)
		}
		if c == ' ' {
			words++
		}
	}
	return words
}

// next is the lexer's transition: to state to if ok, else back to the
// start, or to state 1 if c may begin the statement again.
func next(ok bool, to int, c byte) int {
	switch {
	case ok:
		return to
	case c == 'D':
		return 1
	}
	return 0
}

// Tree is a binary tree of bytes.
type Tree struct {
	Val         byte
	Left, Right *Tree
}

// treeStack is the depth of left descents Sum keeps on its fixed stack.
const treeStack = 4

// maxTreeDepth bounds the trees the targets decode, so that a long input
// cannot exhaust the goroutine stack.
const maxTreeDepth = 8

// SumTree adds a tree's values in order, walking right children in a
// loop and keeping the nodes whose left subtree it is in on a fixed
// stack of treeStack, as an iterative walker sized for shallow trees
// does. The planted bug: a node in the left subtrees of treeStack
// ancestors (a tree deeper than 4 along left edges) overflows the stack.
func SumTree(t *Tree) int {
	var stack [treeStack]*Tree
	depth, sum := 0, 0
	for t != nil || depth > 0 {
		for t != nil {
			stack[depth] = t // bug: depth is not checked against treeStack
			depth++
			t = t.Left
		}
		depth--
		t = stack[depth]
		sum += int(t.Val)
		t = t.Right
	}
	return sum
}

// Checksum verifies a list of 16-bit records whose eighth record is a
// trailer. The planted bug: a trailer of 0xff00 or more is taken as an
// escape, which reads a table that is not there; reaching it takes a
// list of at least eight records and one value in the right place.
func Checksum(records []uint16) int {
	sum := 0
	for i, r := range records {
		if i == 7 && r >= 0xff00 {
			var escapes []int
			sum += escapes[r-0xff00] // bug: no escape table
		}
		sum += int(r)
	}
	return sum
}

// buckets is the number of buckets of Intern's hash table.
const buckets = 64

// bucketSlots is how many keys a bucket holds.
const bucketSlots = 2

// Intern puts a map's keys into a small fixed hash table, with
// Fibonacci hashing into 64 buckets of two slots each. The planted bug:
// a third key hashing into a full bucket overflows it; reaching it takes
// three distinct keys that collide.
func Intern(keys map[uint16]byte) int {
	var table [buckets][bucketSlots]uint16
	var fill [buckets]int
	for k := range keys {
		b := uint16(k*40503) >> 10
		table[b][fill[b]] = k // bug: a full bucket has no overflow chain
		fill[b]++
	}
	return len(keys)
}

// FloatEdges summarizes three measurements. The planted bug is on a path
// that takes every IEEE edge in turn: +Inf first, then negative zero
// (which compares equal to zero but has its sign bit set), then NaN.
func FloatEdges(a, b, c float64) int {
	if !math.IsInf(a, 1) {
		return 0
	}
	if b != 0 || !math.Signbit(b) {
		return 1
	}
	if !math.IsNaN(c) {
		return 2
	}
	var names []string
	return len(names[0]) // bug: no names for NaN
}

// lruCap is how many keys an LRU holds: small, so that evictions happen.
const lruCap = 2

// LRU is a least-recently-used cache of byte values under byte keys,
// holding at most lruCap keys. The planted bug, as in
// examples/stateful: Get finds a key but does not mark it recently used,
// so the next eviction drops it instead of the least recently used key.
type LRU struct {
	order []byte // keys, least recently used first
	vals  map[byte]byte
}

// Put stores v under k, marking k most recently used, and evicts the
// least recently used key if the cache is over capacity.
func (c *LRU) Put(k, v byte) {
	if c.vals == nil {
		c.vals = map[byte]byte{}
	}
	if _, ok := c.vals[k]; ok {
		c.order = append(slices.DeleteFunc(c.order, func(x byte) bool { return x == k }), k)
	} else {
		if len(c.order) == lruCap {
			delete(c.vals, c.order[0])
			c.order = c.order[1:]
		}
		c.order = append(c.order, k)
	}
	c.vals[k] = v
}

// Get returns the value stored under k, if any.
func (c *LRU) Get(k byte) (byte, bool) {
	v, ok := c.vals[k]
	return v, ok // bug: a hit does not move k to the recently used end
}

// CacheCheck drives an LRU and a model of it side by side, as a stateful
// fuzz target does, and panics when they disagree. Showing the bug takes
// five calls in order: two Puts of distinct keys fill the cache, a Get of
// the older one, a Put of a third key (which evicts the wrong key) and a
// Get of either of the first two.
type CacheCheck struct {
	cache LRU
	model []byte // keys, least recently used first
	vals  map[byte]byte
}

// Put stores v under k in the cache and in the model.
func (c *CacheCheck) Put(k, v byte) {
	if c.vals == nil {
		c.vals = map[byte]byte{}
	}
	c.cache.Put(k, v)
	c.use(k)
	c.vals[k] = v
	if len(c.model) > lruCap {
		delete(c.vals, c.model[0])
		c.model = c.model[1:]
	}
}

// Get looks k up in the cache and panics if the model holds otherwise.
func (c *CacheCheck) Get(k byte) {
	got, ok := c.cache.Get(k)
	want, wantOK := c.vals[k]
	if got != want || ok != wantOK {
		panic(fmt.Sprintf("Get(%d) = %d, %v; the model holds %d, %v", k, got, ok, want, wantOK))
	}
	if ok {
		c.use(k)
	}
}

// use moves k to the model's recently used end.
func (c *CacheCheck) use(k byte) {
	c.model = append(slices.DeleteFunc(c.model, func(x byte) bool { return x == k }), k)
}

// Prolog decodes the first line of an XML document, the declaration
// <?xml version="1.0" encoding="UTF-8"?>, and returns its attributes.
// Like a streaming decoder it matches the opening "<?xml " one byte at a
// time, so that coverage guides the fuzzer through each byte. The
// planted bug: an attribute's name is scanned up to its '=', and the
// byte after the '=' is taken as the opening quote without checking
// that the line goes on, so a name that runs to the end of the line, as
// in "<?xml v", indexes past it.
func Prolog(line string) map[string]string {
	if len(line) < 1 || line[0] != '<' {
		return nil
	}
	if len(line) < 2 || line[1] != '?' {
		return nil
	}
	if len(line) < 3 || line[2] != 'x' {
		return nil
	}
	if len(line) < 4 || line[3] != 'm' {
		return nil
	}
	if len(line) < 5 || line[4] != 'l' {
		return nil
	}
	if len(line) < 6 || line[5] != ' ' {
		return nil
	}
	attrs := map[string]string{}
	for i := 6; i < len(line) && line[i] != '?'; {
		j := i
		for j < len(line) && line[j] != '=' {
			j++
		}
		name := line[i:j]
		quote := line[j+1] // bug: j may be the end of the line
		if quote != '"' && quote != '\'' {
			return nil
		}
		k := j + 2
		for k < len(line) && line[k] != quote {
			k++
		}
		if k == len(line) {
			return nil
		}
		attrs[name] = line[j+2 : k]
		for i = k + 1; i < len(line) && line[i] == ' '; i++ {
		}
	}
	return attrs
}

// Flag decodes one command-line argument of the form --name=number, as
// a hand-written option parser does: "--", a name of letters and '-',
// '=', then the number, decimal, or hexadecimal after "0x". It returns
// the name and the number, and ok false for anything else. The planted
// bug: the hexadecimal branch takes the first digit after "0x" before
// checking that there is one, so "--n=0x" indexes past the end.
func Flag(arg string) (name string, val int64, ok bool) {
	if len(arg) < 1 || arg[0] != '-' {
		return "", 0, false
	}
	if len(arg) < 2 || arg[1] != '-' {
		return "", 0, false
	}
	i := 2
	for i < len(arg) && (arg[i] >= 'a' && arg[i] <= 'z' || arg[i] >= 'A' && arg[i] <= 'Z' || arg[i] == '-') {
		i++
	}
	if i == 2 || i == len(arg) || arg[i] != '=' {
		return "", 0, false
	}
	name, v := arg[2:i], arg[i+1:]
	if len(v) >= 1 && v[0] == '0' && len(v) >= 2 && v[1] == 'x' {
		d := hexDigit(v[2]) // bug: "0x" may end the argument
		if d < 0 {
			return "", 0, false
		}
		for _, c := range []byte(v[3:]) {
			e := hexDigit(c)
			if e < 0 {
				return "", 0, false
			}
			d = d<<4 | e
		}
		return name, d, true
	}
	if v == "" {
		return "", 0, false
	}
	for _, c := range []byte(v) {
		if c < '0' || c > '9' {
			return "", 0, false
		}
		val = val*10 + int64(c-'0')
	}
	return name, val, true
}

// hexDigit is the value of a hexadecimal digit, or -1.
func hexDigit(c byte) int64 {
	switch {
	case c >= '0' && c <= '9':
		return int64(c - '0')
	case c >= 'a' && c <= 'f':
		return int64(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int64(c-'A') + 10
	}
	return -1
}
