package targets

import (
	"encoding/binary"
	"math"
	"os"
	"strconv"
	"testing"

	gofuzzheaders "github.com/AdaLogics/go-fuzz-headers"
	"github.com/shortlex/shortlex/fuzzsrc"
)

// Every bug has three fuzz targets, Fuzz<Bug>Fuzzsrc, Fuzz<Bug>Headers
// and Fuzz<Bug>Raw, each running a function of the same name in lower
// case (a fuzzsrc property, or a function of the input), which decode the input into the bug's arguments with
// fuzzsrc, with go-fuzz-headers, and by hand. Each library is used as
// its documentation suggests for the argument's type: an int64 is
// fuzzsrc's Integers[int64] and go-fuzz-headers' GetUint64; the raw
// targets read big-endian fixed-width fields, zero past the end, and
// take lists and text to the end of the input.
//
// This file holds everything the targets use besides bugs.go:
// go-118-fuzz-build compiles a fuzz target's file alone, without the
// package's other test files.

// The targets start from the same one-byte seed, so that no library is
// handed a head start.
var seed = []byte{0}

// raw reads a fuzz input by hand: big-endian fixed-width fields, zero
// past the end of the input.
type raw struct{ data []byte }

// next returns the next n bytes, zero-padded past the end.
func (r *raw) next(n int) []byte {
	b := make([]byte, n)
	k := copy(b, r.data)
	r.data = r.data[k:]
	return b
}

func (r *raw) more() bool     { return len(r.data) > 0 }
func (r *raw) byte() byte     { return r.next(1)[0] }
func (r *raw) uint16() uint16 { return binary.BigEndian.Uint16(r.next(2)) }
func (r *raw) uint64() uint64 { return binary.BigEndian.Uint64(r.next(8)) }
func (r *raw) rest() []byte   { b := r.data; r.data = nil; return b }

// ---------------------------------------------------------------------
// Packet: a 4-byte magic compared byte by byte, a length that must match
// the payload.

func packetFuzzsrc(t *fuzzsrc.T) {
	var p Packet
	for i := range p.Magic {
		p.Magic[i] = fuzzsrc.Byte().Draw(t, "magic")
	}
	p.Version = fuzzsrc.Byte().Draw(t, "version")
	p.Length = fuzzsrc.Byte().Draw(t, "length")
	p.Payload = fuzzsrc.SliceOf(fuzzsrc.Byte()).Draw(t, "payload")
	ProcessPacket(p)
}

func FuzzPacketFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, packetFuzzsrc) })
}

func packetHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	var p Packet
	magic, err := c.GetNBytes(len(p.Magic))
	if err != nil {
		return
	}
	copy(p.Magic[:], magic)
	if p.Version, err = c.GetByte(); err != nil {
		return
	}
	if p.Length, err = c.GetByte(); err != nil {
		return
	}
	if p.Payload, err = c.GetBytes(); err != nil {
		return
	}
	ProcessPacket(p)
}

func FuzzPacketHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { packetHeaders(data) })
}

func packetRaw(data []byte) {
	r := raw{data}
	var p Packet
	copy(p.Magic[:], r.next(len(p.Magic)))
	p.Version = r.byte()
	p.Length = r.byte()
	p.Payload = r.rest()
	ProcessPacket(p)
}

func FuzzPacketRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { packetRaw(data) })
}

// ---------------------------------------------------------------------
// Session: a state machine that needs a sequence of operations.

// sessionOp draws one session operation: its kind, then its argument.
var sessionOp = fuzzsrc.Custom(func(t *fuzzsrc.T) SessionOp {
	return SessionOp{
		Kind: fuzzsrc.IntegerRange(OpOpen, numSessionOps-1).Draw(t, "kind"),
		Arg:  fuzzsrc.Byte().Draw(t, "arg"),
	}
})

func sessionFuzzsrc(t *fuzzsrc.T) {
	RunSession(fuzzsrc.SliceOf(sessionOp).Draw(t, "ops"))
}

func FuzzSessionFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, sessionFuzzsrc) })
}

func sessionHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	n, err := c.GetInt()
	if err != nil {
		return
	}
	var ops []SessionOp
	for range n {
		kind, err := c.GetByte()
		if err != nil {
			break
		}
		arg, err := c.GetByte()
		if err != nil {
			break
		}
		ops = append(ops, SessionOp{Kind: SessionOpKind(kind % byte(numSessionOps)), Arg: arg})
	}
	RunSession(ops)
}

func FuzzSessionHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { sessionHeaders(data) })
}

func sessionRaw(data []byte) {
	r := raw{data}
	var ops []SessionOp
	for r.more() {
		kind, arg := r.byte(), r.byte()
		ops = append(ops, SessionOp{Kind: SessionOpKind(kind % byte(numSessionOps)), Arg: arg})
	}
	RunSession(ops)
}

func FuzzSessionRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { sessionRaw(data) })
}

// ---------------------------------------------------------------------
// Word: a 4-byte magic compared as one word.

func wordFuzzsrc(t *fuzzsrc.T) {
	magic := fuzzsrc.Integers[uint32]().Draw(t, "magic")
	CheckWord(magic, fuzzsrc.Byte().Draw(t, "flags"))
}

func FuzzWordFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, wordFuzzsrc) })
}

func wordHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	magic, err := c.GetUint32()
	if err != nil {
		return
	}
	flags, err := c.GetByte()
	if err != nil {
		return
	}
	CheckWord(magic, flags)
}

func FuzzWordHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { wordHeaders(data) })
}

func wordRaw(data []byte) {
	r := raw{data}
	// The format stores the magic little-endian.
	magic := binary.LittleEndian.Uint32(r.next(4))
	CheckWord(magic, r.byte())
}

func FuzzWordRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { wordRaw(data) })
}

// ---------------------------------------------------------------------
// Equal: two values that must be equal.

func equalFuzzsrc(t *fuzzsrc.T) {
	a := fuzzsrc.Integers[int64]().Draw(t, "a")
	CheckEqual(a, fuzzsrc.Integers[int64]().Draw(t, "b"))
}

func FuzzEqualFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, equalFuzzsrc) })
}

func equalHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	a, err := c.GetUint64()
	if err != nil {
		return
	}
	b, err := c.GetUint64()
	if err != nil {
		return
	}
	CheckEqual(int64(a), int64(b))
}

func FuzzEqualHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { equalHeaders(data) })
}

func equalRaw(data []byte) {
	r := raw{data}
	a := int64(r.uint64())
	CheckEqual(a, int64(r.uint64()))
}

func FuzzEqualRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { equalRaw(data) })
}

// ---------------------------------------------------------------------
// Window: an addition that overflows near math.MaxInt64.

func windowFuzzsrc(t *fuzzsrc.T) {
	offset := fuzzsrc.Integers[int64]().Draw(t, "offset")
	Window(offset, fuzzsrc.Integers[int64]().Draw(t, "length"))
}

func FuzzWindowFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, windowFuzzsrc) })
}

func windowHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	offset, err := c.GetUint64()
	if err != nil {
		return
	}
	length, err := c.GetUint64()
	if err != nil {
		return
	}
	Window(int64(offset), int64(length))
}

func FuzzWindowHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { windowHeaders(data) })
}

func windowRaw(data []byte) {
	r := raw{data}
	offset := int64(r.uint64())
	Window(offset, int64(r.uint64()))
}

func FuzzWindowRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { windowRaw(data) })
}

// ---------------------------------------------------------------------
// Level: a value exactly at a range's end.

func levelFuzzsrc(t *fuzzsrc.T) {
	LevelName(fuzzsrc.Integers[uint16]().Draw(t, "level"))
}

func FuzzLevelFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, levelFuzzsrc) })
}

func levelHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	level, err := c.GetUint16()
	if err != nil {
		return
	}
	LevelName(level)
}

func FuzzLevelHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { levelHeaders(data) })
}

func levelRaw(data []byte) {
	r := raw{data}
	LevelName(r.uint16())
}

func FuzzLevelRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { levelRaw(data) })
}

// ---------------------------------------------------------------------
// Command: keywords in text.

func commandFuzzsrc(t *fuzzsrc.T) {
	Command(fuzzsrc.String().Draw(t, "line"))
}

func FuzzCommandFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, commandFuzzsrc) })
}

func commandHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	line, err := c.GetString()
	if err != nil {
		return
	}
	Command(line)
}

func FuzzCommandHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { commandHeaders(data) })
}

func commandRaw(data []byte) {
	Command(string(data))
}

func FuzzCommandRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { commandRaw(data) })
}

// ---------------------------------------------------------------------
// Tree: a nested structure deeper than 3.

// tree draws a tree of at most maxTreeDepth levels: at each level a
// branch choice, then nothing (a nil subtree) or a node.
var tree = fuzzsrc.Recursive(fuzzsrc.Just[*Tree](nil), func(sub fuzzsrc.Generator[*Tree]) fuzzsrc.Generator[*Tree] {
	return fuzzsrc.Custom(func(t *fuzzsrc.T) *Tree {
		n := &Tree{Val: fuzzsrc.Byte().Draw(t, "val")}
		n.Left = sub.Draw(t, "left")
		n.Right = sub.Draw(t, "right")
		return n
	})
}, maxTreeDepth)

func treeFuzzsrc(t *fuzzsrc.T) {
	SumTree(tree.Draw(t, "tree"))
}

func FuzzTreeFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, treeFuzzsrc) })
}

// headersTree decodes a tree with go-fuzz-headers: a bool for whether
// the subtree is there, then its value and children.
func headersTree(c *gofuzzheaders.ConsumeFuzzer, depth int) *Tree {
	if depth == 0 {
		return nil
	}
	if ok, err := c.GetBool(); err != nil || !ok {
		return nil
	}
	val, err := c.GetByte()
	if err != nil {
		return nil
	}
	n := &Tree{Val: val}
	n.Left = headersTree(c, depth-1)
	n.Right = headersTree(c, depth-1)
	return n
}

func treeHeaders(data []byte) {
	SumTree(headersTree(gofuzzheaders.NewConsumer(data), maxTreeDepth))
}

func FuzzTreeHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { treeHeaders(data) })
}

// rawTree decodes a tree in preorder, a node as its value byte, with 0
// for a nil subtree.
func rawTree(r *raw, depth int) *Tree {
	if depth == 0 {
		return nil
	}
	val := r.byte()
	if val == 0 {
		return nil
	}
	n := &Tree{Val: val}
	n.Left = rawTree(r, depth-1)
	n.Right = rawTree(r, depth-1)
	return n
}

func treeRaw(data []byte) {
	SumTree(rawTree(&raw{data}, maxTreeDepth))
}

func FuzzTreeRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { treeRaw(data) })
}

// ---------------------------------------------------------------------
// Checksum: the n-th element of a list.

func checksumFuzzsrc(t *fuzzsrc.T) {
	Checksum(fuzzsrc.SliceOf(fuzzsrc.Integers[uint16]()).Draw(t, "records"))
}

func FuzzChecksumFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, checksumFuzzsrc) })
}

func checksumHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	n, err := c.GetInt()
	if err != nil {
		return
	}
	var records []uint16
	for range n {
		r, err := c.GetUint16()
		if err != nil {
			break
		}
		records = append(records, r)
	}
	Checksum(records)
}

func FuzzChecksumHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { checksumHeaders(data) })
}

func checksumRaw(data []byte) {
	r := raw{data}
	var records []uint16
	for r.more() {
		records = append(records, r.uint16())
	}
	Checksum(records)
}

func FuzzChecksumRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { checksumRaw(data) })
}

// ---------------------------------------------------------------------
// Intern: map keys that collide.

func internFuzzsrc(t *fuzzsrc.T) {
	Intern(fuzzsrc.MapOf(fuzzsrc.Integers[uint16](), fuzzsrc.Byte()).Draw(t, "keys"))
}

func FuzzInternFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, internFuzzsrc) })
}

func internHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	n, err := c.GetInt()
	if err != nil {
		return
	}
	keys := map[uint16]byte{}
	for range n {
		k, err := c.GetUint16()
		if err != nil {
			break
		}
		v, err := c.GetByte()
		if err != nil {
			break
		}
		keys[k] = v
	}
	Intern(keys)
}

func FuzzInternHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { internHeaders(data) })
}

func internRaw(data []byte) {
	r := raw{data}
	keys := map[uint16]byte{}
	for r.more() {
		k := r.uint16()
		keys[k] = r.byte()
	}
	Intern(keys)
}

func FuzzInternRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { internRaw(data) })
}

// ---------------------------------------------------------------------
// Float: +Inf, -0 and NaN in turn.

func floatFuzzsrc(t *fuzzsrc.T) {
	a := fuzzsrc.Float64().Draw(t, "a")
	b := fuzzsrc.Float64().Draw(t, "b")
	FloatEdges(a, b, fuzzsrc.Float64().Draw(t, "c"))
}

func FuzzFloatFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, floatFuzzsrc) })
}

func floatHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	var v [3]float64
	for i := range v {
		x, err := c.GetFloat64()
		if err != nil {
			return
		}
		v[i] = x
	}
	FloatEdges(v[0], v[1], v[2])
}

func FuzzFloatHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { floatHeaders(data) })
}

func floatRaw(data []byte) {
	r := raw{data}
	a := math.Float64frombits(r.uint64())
	b := math.Float64frombits(r.uint64())
	FloatEdges(a, b, math.Float64frombits(r.uint64()))
}

func FuzzFloatRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { floatRaw(data) })
}

// ---------------------------------------------------------------------
// Cache: the stateful example's bug (examples/stateful), an LRU cache
// driven through Put and Get calls and compared with a model.

// cacheKeys is how many distinct keys the calls use: few, so that calls
// meet, as in examples/stateful.
const cacheKeys = 8

func cacheFuzzsrc(t *fuzzsrc.T) {
	var c CacheCheck
	key := fuzzsrc.IntegerRange[byte](0, cacheKeys-1)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "c.Put", Run: func(t *fuzzsrc.T) {
			c.Put(key.Draw(t, "k"), fuzzsrc.Byte().Draw(t, "v"))
		}},
		{Name: "c.Get", Run: func(t *fuzzsrc.T) {
			c.Get(key.Draw(t, "k"))
		}},
	}})
}

func FuzzCacheFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, cacheFuzzsrc) })
}

func cacheHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	n, err := c.GetInt()
	if err != nil {
		return
	}
	var cc CacheCheck
	for range n {
		kind, err := c.GetByte()
		if err != nil {
			return
		}
		k, err := c.GetByte()
		if err != nil {
			return
		}
		if kind%2 == 1 {
			cc.Get(k % cacheKeys)
			continue
		}
		v, err := c.GetByte()
		if err != nil {
			return
		}
		cc.Put(k%cacheKeys, v)
	}
}

func FuzzCacheHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { cacheHeaders(data) })
}

func cacheRaw(data []byte) {
	r := raw{data}
	var cc CacheCheck
	for r.more() {
		kind, k := r.byte(), r.byte()%cacheKeys
		if kind%2 == 1 {
			cc.Get(k)
			continue
		}
		cc.Put(k, r.byte())
	}
}

func FuzzCacheRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { cacheRaw(data) })
}

// ---------------------------------------------------------------------
// Prolog: a two-character prefix, "<?", then "xml " and one more
// character, in text.

func prologFuzzsrc(t *fuzzsrc.T) {
	_ = Prolog(fuzzsrc.String().Draw(t, "line"))
}

func FuzzPrologFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, prologFuzzsrc) })
}

func prologHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	line, err := c.GetString()
	if err != nil {
		return
	}
	_ = Prolog(line)
}

func FuzzPrologHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { prologHeaders(data) })
}

func prologRaw(data []byte) {
	_ = Prolog(string(data))
}

func FuzzPrologRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { prologRaw(data) })
}

// ---------------------------------------------------------------------
// Flag: a two-character prefix, "--", then a name, '=' and "0x", in
// text.

func flagFuzzsrc(t *fuzzsrc.T) {
	Flag(fuzzsrc.String().Draw(t, "arg"))
}

func FuzzFlagFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, flagFuzzsrc) })
}

func flagHeaders(data []byte) {
	c := gofuzzheaders.NewConsumer(data)
	arg, err := c.GetString()
	if err != nil {
		return
	}
	Flag(arg)
}

func FuzzFlagHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { flagHeaders(data) })
}

func flagRaw(data []byte) {
	Flag(string(data))
}

func FuzzFlagRaw(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) { flagRaw(data) })
}

// ---------------------------------------------------------------------
// Seeded: every bug's fuzzsrc target again, with the seed inputs its own
// property generates (fuzzsrc.AddSeeds) beside the one-byte seed: the
// library as its documentation suggests a fuzz target be written. ttfc
// sets how many in the environment (EnvSeedCount); without it they add
// none, so that go test ./... does not fail on the planted bugs.

// EnvSeedCount is how many inputs a Fuzz<Bug>Seeded target generates.
const EnvSeedCount = "TTFC_SEEDS"

// seeded is the body of a Fuzz<Bug>Seeded target for prop.
func seeded(f *testing.F, prop func(*fuzzsrc.T)) {
	f.Add(seed)
	n, _ := strconv.Atoi(os.Getenv(EnvSeedCount))
	fuzzsrc.AddSeeds(f, n, prop)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzsrc.Check(t, data, prop) })
}

func FuzzPacketSeeded(f *testing.F)   { seeded(f, packetFuzzsrc) }
func FuzzSessionSeeded(f *testing.F)  { seeded(f, sessionFuzzsrc) }
func FuzzWordSeeded(f *testing.F)     { seeded(f, wordFuzzsrc) }
func FuzzEqualSeeded(f *testing.F)    { seeded(f, equalFuzzsrc) }
func FuzzWindowSeeded(f *testing.F)   { seeded(f, windowFuzzsrc) }
func FuzzLevelSeeded(f *testing.F)    { seeded(f, levelFuzzsrc) }
func FuzzCommandSeeded(f *testing.F)  { seeded(f, commandFuzzsrc) }
func FuzzTreeSeeded(f *testing.F)     { seeded(f, treeFuzzsrc) }
func FuzzChecksumSeeded(f *testing.F) { seeded(f, checksumFuzzsrc) }
func FuzzInternSeeded(f *testing.F)   { seeded(f, internFuzzsrc) }
func FuzzFloatSeeded(f *testing.F)    { seeded(f, floatFuzzsrc) }
func FuzzCacheSeeded(f *testing.F)    { seeded(f, cacheFuzzsrc) }
func FuzzPrologSeeded(f *testing.F)   { seeded(f, prologFuzzsrc) }
func FuzzFlagSeeded(f *testing.F)     { seeded(f, flagFuzzsrc) }
