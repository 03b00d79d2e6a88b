//go:build probes

package minimize_test

import (
	"bytes"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// Set f: values built with the combinators a property-based tester
// reaches for (OneOf over variants, Filter, SampledFrom, Just, Deferred,
// Recursive, MapOf with struct values, distinct slices, nested slices,
// Make on structs, floats, wide integers, Rand and FromRand, Headers,
// Permutation, dependent draws), each checking code with a planted bug.

// ---- shapes: a triangle's area keeps the sign of its orientation ----

type pfPt struct{ X, Y float64 }

type pfShape interface{ pfArea() float64 }

type pfUnit struct{}
type pfCircle struct{ R float64 }
type pfRect struct{ W, H float64 }
type pfTri struct{ A, B, C pfPt }

func (pfUnit) pfArea() float64     { return 1 }
func (c pfCircle) pfArea() float64 { return math.Pi * c.R * c.R }
func (r pfRect) pfArea() float64   { return r.W * r.H }

// pfArea: the shoelace formula, halved. Bug: no math.Abs, so a clockwise
// triangle has negative area.
func (t pfTri) pfArea() float64 { return pfCross(t.A, t.B, t.C) / 2 }

func pfCross(a, b, c pfPt) float64 {
	return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X)
}

func pfRefArea(s pfShape) float64 {
	if t, ok := s.(pfTri); ok {
		return math.Abs(pfCross(t.A, t.B, t.C)) / 2
	}
	return s.pfArea()
}

var pfShapeGen = func() fuzzsrc.Generator[pfShape] {
	coord := fuzzsrc.Map(fuzzsrc.IntRange(0, 5), func(n int) float64 { return float64(n) })
	pt := fuzzsrc.Custom(func(t *fuzzsrc.T) pfPt { return pfPt{coord.Draw(t, "x"), coord.Draw(t, "y")} })
	tri := fuzzsrc.Custom(func(t *fuzzsrc.T) pfTri {
		return pfTri{pt.Draw(t, "a"), pt.Draw(t, "b"), pt.Draw(t, "c")}
	}).Filter(func(t pfTri) bool { return pfCross(t.A, t.B, t.C) != 0 })
	side := fuzzsrc.Float64Range(0, 10)
	return fuzzsrc.OneOf(
		fuzzsrc.Just[pfShape](pfUnit{}),
		fuzzsrc.Map(side, func(r float64) pfShape { return pfCircle{r} }),
		fuzzsrc.Custom(func(t *fuzzsrc.T) pfShape { return pfRect{side.Draw(t, "w"), side.Draw(t, "h")} }),
		fuzzsrc.Map(tri, func(t pfTri) pfShape { return t }),
	)
}()

func pfShapesFail(v any) bool {
	var got, want float64
	for _, s := range v.([]pfShape) {
		got += s.pfArea()
		want += pfRefArea(s)
	}
	return math.Abs(got-want) > 1e-9*(1+want)
}

// ---- ledger: an overflow check that only looks one way ----

type pfEntry struct {
	Account string
	Cents   int64
}

var errPfOverflow = errors.New("balance overflow")

// pfBalances sums entries per account. Bug: it checks for overflow past
// MaxInt64 but not below MinInt64.
func pfBalances(es []pfEntry) (map[string]int64, error) {
	bal := map[string]int64{}
	for _, e := range es {
		b := bal[e.Account]
		if e.Cents > 0 && b > math.MaxInt64-e.Cents {
			return nil, errPfOverflow
		}
		bal[e.Account] = b + e.Cents
	}
	return bal, nil
}

func pfBalancesRef(es []pfEntry) (map[string]int64, error) {
	bal := map[string]*big.Int{}
	lo, hi := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	for _, e := range es {
		b := bal[e.Account]
		if b == nil {
			b = new(big.Int)
			bal[e.Account] = b
		}
		b.Add(b, big.NewInt(e.Cents))
		if b.Cmp(lo) < 0 || b.Cmp(hi) > 0 {
			return nil, errPfOverflow
		}
	}
	out := map[string]int64{}
	for k, b := range bal {
		out[k] = b.Int64()
	}
	return out, nil
}

func pfLedgerFails(v any) bool {
	es := v.([]pfEntry)
	got, err1 := pfBalances(es)
	want, err2 := pfBalancesRef(es)
	if (err1 == nil) != (err2 == nil) {
		return true
	}
	if err1 != nil {
		return false
	}
	if len(got) != len(want) {
		return true
	}
	for k, b := range want {
		if got[k] != b {
			return true
		}
	}
	return false
}

// ---- tasks: a comparator that is not a strict weak order ----

type pfTask struct{ ID, Pri, Due int }

// pfSortTasks orders by priority, highest first, then by due date. Bug:
// "a.Pri > b.Pri || a.Due < b.Due" puts an earlier due date first even
// when its priority is lower.
func pfSortTasks(ts []pfTask) []pfTask {
	out := slices.Clone(ts)
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Pri > out[j].Pri || out[i].Due < out[j].Due
	})
	return out
}

func pfTasksFail(v any) bool {
	ts := v.([]pfTask)
	want := slices.Clone(ts)
	slices.SortStableFunc(want, func(a, b pfTask) int {
		if a.Pri != b.Pri {
			return b.Pri - a.Pri
		}
		return a.Due - b.Due
	})
	return !slices.Equal(pfSortTasks(ts), want)
}

// ---- dedup by key: tombstones dropped before the newest is chosen ----

type pfRec struct {
	Key     string
	Ver     int
	Deleted bool
}

// pfNewest keeps, per key, the record of the highest version (the first
// among equals), in order of first appearance.
func pfNewest(rs []pfRec) []pfRec {
	at := map[string]int{}
	var out []pfRec
	for _, r := range rs {
		if i, ok := at[r.Key]; ok {
			if r.Ver > out[i].Ver {
				out[i] = r
			}
			continue
		}
		at[r.Key] = len(out)
		out = append(out, r)
	}
	return out
}

// pfLive is the records that survive. Bug: it drops tombstones first, so
// an older live version of a deleted key comes back.
func pfLive(rs []pfRec) []pfRec {
	return pfNewest(slices.DeleteFunc(slices.Clone(rs), func(r pfRec) bool { return r.Deleted }))
}

func pfLiveRef(rs []pfRec) []pfRec {
	return slices.DeleteFunc(pfNewest(rs), func(r pfRec) bool { return r.Deleted })
}

func pfDedupFails(v any) bool {
	rs := v.([]pfRec)
	got, want := pfLive(rs), pfLiveRef(rs)
	key := func(a, b pfRec) int {
		switch {
		case a.Key < b.Key:
			return -1
		case a.Key > b.Key:
			return 1
		}
		return 0
	}
	slices.SortFunc(got, key)
	slices.SortFunc(want, key)
	return !slices.Equal(got, want)
}

// ---- room booking: overlap checked against the last booking only ----

type pfReq struct{ Start, Len, Pri int }

func pfOverlap(a, b pfReq) bool { return a.Start < b.Start+b.Len && b.Start < a.Start+a.Len }

// pfBook accepts requests, highest priority first (ties in order), when
// they overlap no accepted one, and returns the accepted indices. Bug
// (when last): it compares with the last accepted request only, as if
// they came sorted by time.
func pfBook(rs []pfReq, last bool) []int {
	order := make([]int, len(rs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return rs[b].Pri - rs[a].Pri })
	var acc []int
	for _, i := range order {
		ok := true
		check := acc
		if last && len(acc) > 0 {
			check = acc[len(acc)-1:]
		}
		for _, j := range check {
			if pfOverlap(rs[i], rs[j]) {
				ok = false
				break
			}
		}
		if ok {
			acc = append(acc, i)
		}
	}
	slices.Sort(acc)
	return acc
}

// ---- permissions: the admin shortcut skips the deny mask ----

const (
	pfRead  uint8 = 1
	pfWrite uint8 = 2
	pfExec  uint8 = 4
	pfAdmin uint8 = 8
	pfAll         = pfRead | pfWrite | pfExec | pfAdmin
)

var pfRoleMasks = map[string]uint8{
	"viewer": pfRead,
	"editor": pfRead | pfWrite,
	"runner": pfRead | pfExec,
	"admin":  pfAll,
}

type pfUser struct {
	Roles []string
	Deny  uint8
}

// pfEffective is what a user may do: the roles' grants less the deny
// mask. Bug: an admin gets everything before the deny mask is applied.
func pfEffective(u pfUser) uint8 {
	var allow uint8
	for _, r := range u.Roles {
		allow |= pfRoleMasks[r]
	}
	if allow&pfAdmin != 0 {
		return pfAll
	}
	return allow &^ u.Deny
}

func pfEffectiveRef(u pfUser) uint8 {
	var allow uint8
	for _, r := range u.Roles {
		allow |= pfRoleMasks[r]
	}
	return allow &^ u.Deny & pfAll
}

// ---- determinant: skipping zero entries skips the sign flip too ----

func pfMinor(m [][]int, col int) [][]int {
	var out [][]int
	for _, row := range m[1:] {
		var r []int
		for j, x := range row {
			if j != col {
				r = append(r, x)
			}
		}
		out = append(out, r)
	}
	return out
}

// pfDet expands along the first row. Bug: the shortcut for zero entries
// continues past the sign flip at the bottom of the loop.
func pfDet(m [][]int) int {
	if len(m) == 1 {
		return m[0][0]
	}
	d, sign := 0, 1
	for j, x := range m[0] {
		if x == 0 {
			continue
		}
		d += sign * x * pfDet(pfMinor(m, j))
		sign = -sign
	}
	return d
}

func pfDetRef(m [][]int) int {
	if len(m) == 1 {
		return m[0][0]
	}
	d := 0
	for j, x := range m[0] {
		s := 1
		if j%2 == 1 {
			s = -1
		}
		d += s * x * pfDetRef(pfMinor(m, j))
	}
	return d
}

// ---- histogram: int() truncates negative bucket indices towards zero ----

const (
	pfBucketW  = 2.5
	pfBucketLo = -10.0
	pfBuckets  = 8
)

type pfHist struct {
	Under, Over int
	Counts      [pfBuckets]int
}

func (h *pfHist) add(i int) {
	switch {
	case i < 0:
		h.Under++
	case i >= pfBuckets:
		h.Over++
	default:
		h.Counts[i]++
	}
}

// pfHistogram buckets values into [lo, lo+w), [lo+w, lo+2w), ... Bug:
// int(v/w) rounds towards zero, so values just below zero (and just below
// lo) land one bucket up.
func pfHistogram(vs []float64) pfHist {
	var h pfHist
	for _, v := range vs {
		h.add(int(v/pfBucketW) - int(pfBucketLo/pfBucketW))
	}
	return h
}

func pfHistogramRef(vs []float64) pfHist {
	var h pfHist
	for _, v := range vs {
		h.add(int(math.Floor(v/pfBucketW)) - int(pfBucketLo/pfBucketW))
	}
	return h
}

// ---- k-way merge: the heap breaks ties arbitrarily ----

type pfItem struct{ Key, List, Pos int }

type pfItemHeap []pfItem

func (h pfItemHeap) Len() int { return len(h) }

// Less compares keys only. Bug: a stable merge must break ties by list.
func (h pfItemHeap) Less(i, j int) bool { return h[i].Key < h[j].Key }
func (h pfItemHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *pfItemHeap) Push(x any)        { *h = append(*h, x.(pfItem)) }
func (h *pfItemHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// pfMerge merges sorted lists, returning (key, list) pairs.
func pfMerge(lists [][]int) [][2]int {
	h := &pfItemHeap{}
	for l, xs := range lists {
		if len(xs) > 0 {
			*h = append(*h, pfItem{xs[0], l, 0})
		}
	}
	heap.Init(h)
	var out [][2]int
	for h.Len() > 0 {
		it := heap.Pop(h).(pfItem)
		out = append(out, [2]int{it.Key, it.List})
		if it.Pos+1 < len(lists[it.List]) {
			heap.Push(h, pfItem{lists[it.List][it.Pos+1], it.List, it.Pos + 1})
		}
	}
	return out
}

func pfMergeFails(v any) bool {
	lists := v.([][]int)
	var want [][2]int
	for l, xs := range lists {
		for _, x := range xs {
			want = append(want, [2]int{x, l})
		}
	}
	slices.SortStableFunc(want, func(a, b [2]int) int { return a[0] - b[0] })
	return !slices.Equal(pfMerge(lists), want)
}

// ---- counter rate: a reset forgets to move the baseline ----

// pfStep is one change of a monotonic counter: it goes up by N, or the
// process restarts and it reads N.
type pfStep interface{ pfApply(c int) int }

type pfInc struct{ N int }
type pfReset struct{ N int }

func (s pfInc) pfApply(c int) int   { return c + s.N }
func (s pfReset) pfApply(c int) int { return s.N }

// pfIncrease is the counter's total increase over samples, counting a
// drop as a restart from zero. Bug: after a restart it does not update
// prev, so the next delta is taken from the old value.
func pfIncrease(samples []int, buggy bool) int {
	inc, prev := 0, samples[0]
	for _, cur := range samples[1:] {
		if cur < prev {
			inc += cur
			if !buggy {
				prev = cur
			}
			continue
		}
		inc += cur - prev
		prev = cur
	}
	return inc
}

func pfCounterFails(v any) bool {
	samples := []int{0}
	for _, s := range v.([]pfStep) {
		samples = append(samples, s.pfApply(samples[len(samples)-1]))
	}
	return pfIncrease(samples, true) != pfIncrease(samples, false)
}

// ---- symmetric difference: DeleteFunc's in-place edit is read back ----

type pfSets struct{ A, B []int }

// pfSymDiff returns the elements in exactly one of a and b. Bug:
// slices.DeleteFunc edits a in place (and zeroes its tail), and a is then
// read as if it were unchanged.
func pfSymDiff(a, b []int) []int {
	a, b = slices.Clone(a), slices.Clone(b)
	onlyA := slices.DeleteFunc(a, func(x int) bool { return slices.Contains(b, x) })
	onlyA = slices.Clip(onlyA)
	onlyB := slices.DeleteFunc(b, func(x int) bool { return slices.Contains(a, x) })
	return append(onlyA, onlyB...)
}

func pfSymDiffFails(v any) bool {
	s := v.(pfSets)
	got := slices.Sorted(slices.Values(pfSymDiff(s.A, s.B)))
	var want []int
	for _, x := range s.A {
		if !slices.Contains(s.B, x) {
			want = append(want, x)
		}
	}
	for _, x := range s.B {
		if !slices.Contains(s.A, x) {
			want = append(want, x)
		}
	}
	slices.Sort(want)
	return !slices.Equal(got, want)
}

// ---- undirected cycle: the search starts from node 0 only ----

type pfGraph struct {
	N     int
	Edges [][2]int
}

// pfRandomGraph is an existing math/rand test-data generator.
func pfRandomGraph(r *rand.Rand) pfGraph {
	g := pfGraph{N: 1 + r.IntN(6)}
	m := r.IntN(8)
	for range m {
		g.Edges = append(g.Edges, [2]int{r.IntN(g.N), r.IntN(g.N)})
	}
	return g
}

// pfHasCycle looks for a cycle with a depth-first search that skips the
// edge back to the parent. Bug: it searches from node 0 only, missing
// cycles in other components.
func pfHasCycle(g pfGraph) bool {
	adj := make([][]int, g.N)
	for _, e := range g.Edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	seen := make([]bool, g.N)
	var dfs func(u, parent int) bool
	dfs = func(u, parent int) bool {
		seen[u] = true
		skipped := false
		for _, v := range adj[u] {
			if v == parent && !skipped {
				skipped = true // the tree edge itself, once
				continue
			}
			if seen[v] || dfs(v, u) {
				return true
			}
		}
		return false
	}
	return dfs(0, -1)
}

func pfHasCycleRef(g pfGraph) bool {
	parent := make([]int, g.N)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	for _, e := range g.Edges {
		a, b := find(e[0]), find(e[1])
		if a == b {
			return true
		}
		parent[a] = b
	}
	return false
}

// ---- Miller-Rabin: a random base drawn from the whole of [0, n) ----

type pfPrimality struct {
	N     int
	Bases []int
	Prime bool // what the test said
}

func pfPowMod(a, e, m int) int {
	r := 1
	a %= m
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * a % m
		}
		a = a * a % m
	}
	return r
}

// pfMillerRabin runs three rounds. Bug: the base is r.IntN(n), where it
// must be in [2, n-2]: base 0 calls a prime composite, and bases 1 and
// n-1 call any odd composite prime.
func pfMillerRabin(n int, r *rand.Rand) pfPrimality {
	res := pfPrimality{N: n}
	if n < 4 {
		res.Prime = n >= 2
		return res
	}
	if n%2 == 0 {
		return res
	}
	d, s := n-1, 0
	for d%2 == 0 {
		d, s = d/2, s+1
	}
	for range 3 {
		a := r.IntN(n)
		res.Bases = append(res.Bases, a)
		x := pfPowMod(a, d, n)
		if x == 1 || x == n-1 {
			continue
		}
		composite := true
		for range s - 1 {
			x = x * x % n
			if x == n-1 {
				composite = false
				break
			}
		}
		if composite {
			return res
		}
	}
	res.Prime = true
	return res
}

func pfIsPrime(n int) bool {
	if n < 2 {
		return false
	}
	for p := 2; p*p <= n; p++ {
		if n%p == 0 {
			return false
		}
	}
	return true
}

// ---- poker: a straight by spread alone ----

const pfRanks = 7 // a short deck: ranks 1..7 in 3 suits, card id = suit*7 + rank-1

func pfRank(card int) int { return card%pfRanks + 1 }

// pfIsStraight says whether five cards have consecutive ranks. Bug: it
// checks only that the highest and lowest ranks are 4 apart, so a pair
// passes.
func pfIsStraight(hand []int) bool {
	lo, hi := pfRank(hand[0]), pfRank(hand[0])
	for _, c := range hand {
		lo, hi = min(lo, pfRank(c)), max(hi, pfRank(c))
	}
	return hi-lo == 4
}

func pfIsStraightRef(hand []int) bool {
	ranks := make([]int, len(hand))
	for i, c := range hand {
		ranks[i] = pfRank(c)
	}
	slices.Sort(ranks)
	for i := 1; i < len(ranks); i++ {
		if ranks[i] != ranks[i-1]+1 {
			return false
		}
	}
	return true
}

// ---- TLV codec: an inline length one too long ----

type pfTLV struct {
	Type  byte
	Value []byte
}

// pfEncodeTLV writes each record as a header byte (type in the top three
// bits, length in the low five) and its value; 31 in the length bits
// means a uvarint of length-31 follows. Bug: "<= 31" writes a length of
// 31 inline, where it means "more follows".
func pfEncodeTLV(rs []pfTLV) []byte {
	var b []byte
	for _, r := range rs {
		h := r.Type << 5
		if len(r.Value) <= 31 {
			b = append(b, h|byte(len(r.Value)))
		} else {
			b = append(b, h|31)
			b = binary.AppendUvarint(b, uint64(len(r.Value)-31))
		}
		b = append(b, r.Value...)
	}
	return b
}

func pfDecodeTLV(b []byte) ([]pfTLV, error) {
	var rs []pfTLV
	for len(b) > 0 {
		h := b[0]
		b = b[1:]
		n := int(h & 31)
		if n == 31 {
			x, k := binary.Uvarint(b)
			if k <= 0 || x > uint64(len(b)) {
				return nil, errors.New("bad length")
			}
			n += int(x)
			b = b[k:]
		}
		if n > len(b) {
			return nil, errors.New("short value")
		}
		rs = append(rs, pfTLV{h >> 5, bytes.Clone(b[:n])})
		b = b[n:]
	}
	return rs, nil
}

func pfTLVFails(v any) bool {
	rs := v.([]pfTLV)
	got, err := pfDecodeTLV(pfEncodeTLV(rs))
	if err != nil || len(got) != len(rs) {
		return true
	}
	for i := range rs {
		if got[i].Type != rs[i].Type || !bytes.Equal(got[i].Value, rs[i].Value) {
			return true
		}
	}
	return false
}

// ---- server config: weights summed in their own int8 ----

type PfLimits struct {
	MaxConns uint16
	Timeout  int32
}

type pfTLSConf struct {
	Cert, Key string
}

type pfBackend struct {
	Addr   string
	Weight int8
}

type pfServerConfig struct {
	PfLimits
	Host     string
	Port     uint16
	TLS      *pfTLSConf
	Backends []pfBackend
	Labels   map[string]string
}

// pfValidate checks a config: a port, a non-negative timeout, a TLS
// section with both files if any, and backend weights from 1 to 100 that
// sum to at most 100. Bug: the sum is kept in the weights' own type,
// int8, and wraps.
func pfValidate(c pfServerConfig) error {
	if c.Port == 0 {
		return errors.New("no port")
	}
	if c.Timeout < 0 {
		return errors.New("negative timeout")
	}
	if c.TLS != nil && (c.TLS.Cert == "" || c.TLS.Key == "") {
		return errors.New("incomplete tls")
	}
	var total int8
	for _, b := range c.Backends {
		if b.Weight < 1 || b.Weight > 100 {
			return errors.New("bad weight")
		}
		total += b.Weight
	}
	if total > 100 {
		return errors.New("weights over 100")
	}
	return nil
}

func pfValidRef(c pfServerConfig) bool {
	if c.Port == 0 || c.Timeout < 0 || (c.TLS != nil && (c.TLS.Cert == "" || c.TLS.Key == "")) {
		return false
	}
	total := 0
	for _, b := range c.Backends {
		if b.Weight < 1 || b.Weight > 100 {
			return false
		}
		total += int(b.Weight)
	}
	return total <= 100
}

// ---- record codec: an optional bool's false written as absent ----

type pfRecord struct {
	ID     uint16
	Name   string
	Active *bool
	Tags   []string
}

// GoString shows Active's value, for the report.
func (r pfRecord) GoString() string {
	active := "nil"
	if r.Active != nil {
		active = fmt.Sprintf("&%v", *r.Active)
	}
	return fmt.Sprintf("pfRecord{ID:%d Name:%q Active:%s Tags:%#v}", r.ID, r.Name, active, r.Tags)
}

// pfEncodeRecord writes ID, the name, a byte for Active (0 absent, 1
// true, 2 false) and the tags. Bug: it writes 0 for false too.
func pfEncodeRecord(r pfRecord) []byte {
	b := binary.BigEndian.AppendUint16(nil, r.ID)
	b = binary.AppendUvarint(b, uint64(len(r.Name)))
	b = append(b, r.Name...)
	if r.Active != nil && *r.Active {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(r.Tags)))
	for _, tag := range r.Tags {
		b = binary.AppendUvarint(b, uint64(len(tag)))
		b = append(b, tag...)
	}
	return b
}

func pfDecodeRecord(b []byte) (pfRecord, error) {
	var r pfRecord
	bad := errors.New("truncated")
	str := func() (string, bool) {
		n, k := binary.Uvarint(b)
		if k <= 0 || n > uint64(len(b)-k) {
			return "", false
		}
		s := string(b[k : k+int(n)])
		b = b[k+int(n):]
		return s, true
	}
	if len(b) < 2 {
		return r, bad
	}
	r.ID = binary.BigEndian.Uint16(b)
	b = b[2:]
	var ok bool
	if r.Name, ok = str(); !ok || len(b) == 0 {
		return r, bad
	}
	switch b[0] {
	case 1:
		r.Active = new(bool)
		*r.Active = true
	case 2:
		r.Active = new(bool)
	}
	b = b[1:]
	n, k := binary.Uvarint(b)
	if k <= 0 {
		return r, bad
	}
	b = b[k:]
	for range n {
		tag, ok := str()
		if !ok {
			return r, bad
		}
		r.Tags = append(r.Tags, tag)
	}
	return r, nil
}

func pfRecordFails(v any) bool {
	r := v.(pfRecord)
	got, err := pfDecodeRecord(pfEncodeRecord(r))
	if err != nil || got.ID != r.ID || got.Name != r.Name || !slices.Equal(got.Tags, r.Tags) {
		return true
	}
	if (got.Active == nil) != (r.Active == nil) {
		return true
	}
	return got.Active != nil && *got.Active != *r.Active
}

// ---- disk usage: sizes cached by directory name, not path ----

type pfDir struct {
	Name  string
	Files []int
	Subs  []*pfDir
}

// pfDU returns a directory's total size. Bug: the cache is keyed by the
// directory's name, so a second directory of the same name gets the
// first one's size.
func pfDU(d *pfDir, cache map[string]int) int {
	if n, ok := cache[d.Name]; ok {
		return n
	}
	n := 0
	for _, f := range d.Files {
		n += f
	}
	for _, s := range d.Subs {
		n += pfDU(s, cache)
	}
	cache[d.Name] = n
	return n
}

// GoString shows the tree, for the report.
func (d *pfDir) GoString() string {
	return fmt.Sprintf("%s%v%v", d.Name, d.Files, d.Subs)
}

func (d *pfDir) String() string { return d.GoString() }

func pfDURef(d *pfDir) int {
	n := 0
	for _, f := range d.Files {
		n += f
	}
	for _, s := range d.Subs {
		n += pfDURef(s)
	}
	return n
}

// ---- query simplifier: an empty group dropped as if neutral ----

// pfQuery is a search filter: a term, or And, Or or Not of queries.
type pfQuery struct {
	Op    byte // 't', '&', '|', '!'
	Field string
	Want  bool
	Kids  []*pfQuery
}

// GoString shows the query, for the report.
func (q *pfQuery) GoString() string {
	switch q.Op {
	case 't':
		return fmt.Sprintf("%s=%v", q.Field, q.Want)
	case '!':
		return "Not(" + q.Kids[0].GoString() + ")"
	}
	s := "And("
	if q.Op == '|' {
		s = "Or("
	}
	for i, k := range q.Kids {
		if i > 0 {
			s += ", "
		}
		s += k.GoString()
	}
	return s + ")"
}

var pfDoc = map[string]bool{"a": true, "b": false}

func pfEval(q *pfQuery) bool {
	switch q.Op {
	case 't':
		return pfDoc[q.Field] == q.Want
	case '!':
		return !pfEval(q.Kids[0])
	case '&':
		for _, k := range q.Kids {
			if !pfEval(k) {
				return false
			}
		}
		return true
	}
	for _, k := range q.Kids {
		if pfEval(k) {
			return true
		}
	}
	return false
}

// pfSimplify removes double negation, unwraps groups of one, and drops
// empty groups from groups. Bug: an empty group is neutral only inside a
// group of its own kind; And() is true and Or() false, so And(Or()) is
// false, not And() (true).
func pfSimplify(q *pfQuery) *pfQuery {
	switch q.Op {
	case 't':
		return q
	case '!':
		k := pfSimplify(q.Kids[0])
		if k.Op == '!' {
			return k.Kids[0]
		}
		return &pfQuery{Op: '!', Kids: []*pfQuery{k}}
	}
	var kids []*pfQuery
	for _, k := range q.Kids {
		k = pfSimplify(k)
		if (k.Op == '&' || k.Op == '|') && len(k.Kids) == 0 {
			continue
		}
		kids = append(kids, k)
	}
	if len(kids) == 1 {
		return kids[0]
	}
	return &pfQuery{Op: q.Op, Kids: kids}
}

// ---- inventory: exact stock refused ----

type pfItemStock struct {
	Qty   int
	Price uint16 // cents
}

type pfOrder struct {
	SKU string
	Qty int
}

type pfShop struct {
	Stock  map[string]pfItemStock
	Orders []pfOrder
}

// pfFulfil fills orders in turn from stock and returns which were filled
// and the revenue. Bug: "Qty > q" refuses an order for exactly what is
// left.
func pfFulfil(s pfShop, exact bool) ([]bool, uint32) {
	stock := map[string]pfItemStock{}
	for k, v := range s.Stock {
		stock[k] = v
	}
	var filled []bool
	var revenue uint32
	for _, o := range s.Orders {
		it, ok := stock[o.SKU]
		if ok && (it.Qty > o.Qty || exact && it.Qty == o.Qty) {
			it.Qty -= o.Qty
			stock[o.SKU] = it
			revenue += uint32(it.Price) * uint32(o.Qty)
			filled = append(filled, true)
		} else {
			filled = append(filled, false)
		}
	}
	return filled, revenue
}

func pfShopFails(v any) bool {
	s := v.(pfShop)
	f1, r1 := pfFulfil(s, false)
	f2, r2 := pfFulfil(s, true)
	return r1 != r2 || !slices.Equal(f1, f2)
}

func probesF() []probe {
	// Directory trees, Recursive: a leaf directory has files only.
	name := fuzzsrc.SampledFrom([]string{"a", "b", "c"})
	files := fuzzsrc.SliceOfN(fuzzsrc.IntRange(1, 100), 0, 3)
	dirGen := fuzzsrc.Recursive(
		fuzzsrc.Custom(func(t *fuzzsrc.T) *pfDir {
			return &pfDir{Name: name.Draw(t, "name"), Files: files.Draw(t, "files")}
		}),
		func(sub fuzzsrc.Generator[*pfDir]) fuzzsrc.Generator[*pfDir] {
			return fuzzsrc.Custom(func(t *fuzzsrc.T) *pfDir {
				return &pfDir{
					Name:  name.Draw(t, "name"),
					Files: files.Draw(t, "files"),
					Subs:  fuzzsrc.SliceOfN(sub, 1, 3).Draw(t, "subs"),
				}
			})
		}, 4)

	// Queries, Deferred.
	var queryGen fuzzsrc.Generator[*pfQuery]
	queryGen = fuzzsrc.Deferred(func() fuzzsrc.Generator[*pfQuery] {
		group := func(op byte) fuzzsrc.Generator[*pfQuery] {
			return fuzzsrc.Map(fuzzsrc.SliceOfN(queryGen, 0, 3), func(ks []*pfQuery) *pfQuery {
				return &pfQuery{Op: op, Kids: ks}
			})
		}
		return fuzzsrc.OneOf(
			fuzzsrc.Custom(func(t *fuzzsrc.T) *pfQuery {
				return &pfQuery{Op: 't',
					Field: fuzzsrc.SampledFrom([]string{"a", "b"}).Draw(t, "field"),
					Want:  fuzzsrc.Bool().Draw(t, "want")}
			}),
			group('&'),
			group('|'),
			fuzzsrc.Map(queryGen, func(k *pfQuery) *pfQuery { return &pfQuery{Op: '!', Kids: []*pfQuery{k}} }),
		)
	})

	skus := fuzzsrc.SampledFrom([]string{"a", "b", "c"})
	value := fuzzsrc.Float64Range(-100, 100)

	return []probe{
		{
			// simplest: [pfTri{A:(0,0) B:(0,1) C:(1,0)}] (clockwise, area -0.5)
			name: "f shape area orientation",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOfN(pfShapeGen, 1, 4).Draw(t, "shapes")
			},
			fails: pfShapesFail,
		},
		{
			// simplest: [{cash -1} {cash -9223372036854775808}]
			name: "f ledger int64 overflow",
			draw: func(t *fuzzsrc.T) any {
				entry := fuzzsrc.Custom(func(t *fuzzsrc.T) pfEntry {
					return pfEntry{
						fuzzsrc.SampledFrom([]string{"cash", "card"}).Draw(t, "account"),
						fuzzsrc.Integers[int64]().Draw(t, "cents"),
					}
				})
				return fuzzsrc.SliceOf(entry).Draw(t, "entries")
			},
			fails: pfLedgerFails,
		},
		{
			// simplest: [{ID:0 Pri:1 Due:1} {ID:1 Pri:0 Due:0}]
			name: "f task comparator",
			draw: func(t *fuzzsrc.T) any {
				task := fuzzsrc.Custom(func(t *fuzzsrc.T) pfTask {
					return pfTask{
						fuzzsrc.IntRange(0, 9).Draw(t, "id"),
						fuzzsrc.IntRange(0, 3).Draw(t, "pri"),
						fuzzsrc.IntRange(0, 9).Draw(t, "due"),
					}
				})
				return fuzzsrc.SliceOfDistinctBy(task, func(x pfTask) int { return x.ID }, fuzzsrc.Size{Max: 8}).Draw(t, "tasks")
			},
			fails: pfTasksFail,
		},
		{
			// simplest: [{a 0 false} {a 1 true}]
			name: "f dedup tombstone",
			draw: func(t *fuzzsrc.T) any {
				rec := fuzzsrc.Custom(func(t *fuzzsrc.T) pfRec {
					return pfRec{
						fuzzsrc.SampledFrom([]string{"a", "b", "c"}).Draw(t, "key"),
						fuzzsrc.IntRange(0, 9).Draw(t, "ver"),
						fuzzsrc.Bool().Draw(t, "deleted"),
					}
				})
				return fuzzsrc.SliceOf(rec).Draw(t, "records")
			},
			fails: pfDedupFails,
		},
		{
			// simplest: [{Start:0 Len:1 Pri:0} {Start:1 Len:1 Pri:0} {Start:0 Len:1 Pri:0}]
			name: "f booking last only",
			draw: func(t *fuzzsrc.T) any {
				req := fuzzsrc.Custom(func(t *fuzzsrc.T) pfReq {
					return pfReq{
						fuzzsrc.IntRange(0, 20).Draw(t, "start"),
						fuzzsrc.IntRange(1, 5).Draw(t, "len"),
						fuzzsrc.IntRange(0, 3).Draw(t, "pri"),
					}
				})
				return fuzzsrc.SliceOfSize(req, fuzzsrc.Size{Max: 8}).Draw(t, "requests")
			},
			fails: func(v any) bool {
				rs := v.([]pfReq)
				return !slices.Equal(pfBook(rs, true), pfBook(rs, false))
			},
		},
		{
			// simplest: Roles ["admin"], Deny 1
			name: "f admin deny mask",
			draw: func(t *fuzzsrc.T) any {
				role := fuzzsrc.SampledFrom([]string{"viewer", "editor", "runner", "admin"})
				return pfUser{
					fuzzsrc.SliceOfN(role, 1, 3).Draw(t, "roles"),
					fuzzsrc.Integers[uint8]().Draw(t, "deny"),
				}
			},
			fails: func(v any) bool { return pfEffective(v.(pfUser)) != pfEffectiveRef(v.(pfUser)) },
		},
		{
			// simplest: [[0 1] [1 0]] (det -1, computed as 1)
			name: "f det zero skip",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(1, 3).Draw(t, "n")
				row := fuzzsrc.SliceOfN(fuzzsrc.IntRange(-3, 3), n, n)
				return fuzzsrc.SliceOfN(row, n, n).Draw(t, "m")
			},
			fails: func(v any) bool { m := v.([][]int); return pfDet(m) != pfDetRef(m) },
		},
		{
			// simplest: [-1] (bucket [0, 2.5) instead of [-2.5, 0))
			name: "f histogram negative bucket",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOfSize(value, fuzzsrc.Size{Max: 4}).Draw(t, "values")
			},
			fails: func(v any) bool { vs := v.([]float64); return pfHistogram(vs) != pfHistogramRef(vs) },
		},
		{
			// simplest: [[0 0] [0]] (merged as list 0, list 1, list 0)
			name: "f kway merge ties",
			draw: func(t *fuzzsrc.T) any {
				list := fuzzsrc.Map(fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 99)), func(xs []int) []int {
					slices.Sort(xs)
					return xs
				})
				return fuzzsrc.SliceOfN(list, 1, 4).Draw(t, "lists")
			},
			fails: pfMergeFails,
		},
		{
			// simplest: [Inc{1} Reset{0} Inc{1}] (samples 0 1 0 1: increase 2, computed 1)
			name: "f counter reset rate",
			draw: func(t *fuzzsrc.T) any {
				step := fuzzsrc.OneOf(
					fuzzsrc.Map(fuzzsrc.IntRange(0, 50), func(n int) pfStep { return pfInc{n} }),
					fuzzsrc.Map(fuzzsrc.IntRange(0, 10), func(n int) pfStep { return pfReset{n} }),
				)
				return fuzzsrc.SliceOf(step).Draw(t, "steps")
			},
			fails: pfCounterFails,
		},
		{
			// simplest: A [1], B [1] (A [0], B [0] passes: the zeroed tail holds 0)
			name: "f symdiff in place",
			draw: func(t *fuzzsrc.T) any {
				set := fuzzsrc.SliceOfDistinct(fuzzsrc.IntRange(0, 99), fuzzsrc.Size{Max: 6})
				return pfSets{set.Draw(t, "a"), set.Draw(t, "b")}
			},
			fails: pfSymDiffFails,
		},
		{
			// simplest: N 2, edges [(1,1)] (a self-loop away from node 0)
			name: "f graph cycle from zero",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.FromRand(pfRandomGraph).Draw(t, "graph")
			},
			fails: func(v any) bool { g := v.(pfGraph); return pfHasCycle(g) != pfHasCycleRef(g) },
		},
		{
			// simplest: N 5, bases [0] (zero randomness: base 0 calls 5 composite)
			name: "f miller rabin base",
			draw: func(t *fuzzsrc.T) any {
				n := fuzzsrc.IntRange(2, 60).Draw(t, "n")
				return pfMillerRabin(n, fuzzsrc.Rand().Draw(t, "rand"))
			},
			fails: func(v any) bool { p := v.(pfPrimality); return p.Prime != pfIsPrime(p.N) },
		},
		{
			// simplest: hand [0 1 2 4 7], ranks 1 2 3 5 1 (shuffle indices 0 0 0 1 3, rest 0)
			name: "f straight with pair",
			draw: func(t *fuzzsrc.T) any {
				deck := make([]int, 3*pfRanks)
				for i := range deck {
					deck[i] = i
				}
				return fuzzsrc.Permutation(deck).Draw(t, "deck")[:5]
			},
			fails: func(v any) bool { h := v.([]int); return pfIsStraight(h) != pfIsStraightRef(h) },
		},
		{
			// simplest: [{Type 0, Value 31 zero bytes}] (region 00 00000001f then 31 zeros)
			name: "f headers tlv inline length",
			draw: func(t *fuzzsrc.T) any {
				c := fuzzsrc.Headers().Draw(t, "input")
				var rs []pfTLV
				for len(rs) < 8 {
					typ, err := c.GetByte()
					if err != nil {
						break
					}
					val, err := c.GetBytes()
					if err != nil {
						break
					}
					rs = append(rs, pfTLV{typ & 7, bytes.Clone(val)})
				}
				return rs
			},
			fails: pfTLVFails,
		},
		{
			// simplest: {Port:1 Backends:[{"" 28} {"" 100}]}, all else zero (128 wraps to -128)
			name: "f config weight sum",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.Make[pfServerConfig]().Draw(t, "config")
			},
			fails: func(v any) bool { c := v.(pfServerConfig); return (pfValidate(c) == nil) != pfValidRef(c) },
		},
		{
			// simplest: {ID:0 Name:"" Active:&false Tags:nil}
			name:  "f record optional bool",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.Make[pfRecord]().Draw(t, "record") },
			fails: pfRecordFails,
		},
		{
			// simplest: a{subs: [a{}, a{files: [1]}]} (the second a is read from the cache)
			name: "f du cache by name",
			draw: func(t *fuzzsrc.T) any { return dirGen.Draw(t, "root") },
			fails: func(v any) bool {
				d := v.(*pfDir)
				return pfDU(d, map[string]int{}) != pfDURef(d)
			},
		},
		{
			// simplest: And(Or()) (false, simplified to And(): true)
			name: "f query empty group",
			draw: func(t *fuzzsrc.T) any { return queryGen.Draw(t, "query") },
			fails: func(v any) bool {
				q := v.(*pfQuery)
				return pfEval(pfSimplify(q)) != pfEval(q)
			},
		},
		{
			// simplest: stock {a: {Qty:1 Price:0}}, orders [{a 1}]
			name: "f inventory exact stock",
			draw: func(t *fuzzsrc.T) any {
				item := fuzzsrc.Custom(func(t *fuzzsrc.T) pfItemStock {
					return pfItemStock{fuzzsrc.IntRange(0, 5).Draw(t, "qty"), fuzzsrc.Integers[uint16]().Draw(t, "price")}
				})
				order := fuzzsrc.Custom(func(t *fuzzsrc.T) pfOrder {
					return pfOrder{skus.Draw(t, "sku"), fuzzsrc.IntRange(1, 5).Draw(t, "qty")}
				})
				return pfShop{
					fuzzsrc.MapOf(skus, item).Draw(t, "stock"),
					fuzzsrc.SliceOf(order).Draw(t, "orders"),
				}
			},
			fails: pfShopFails,
		},
	}
}
