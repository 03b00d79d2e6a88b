//go:build probes

package minimize_test

import (
	"cmp"
	"container/heap"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// Set j: keyset pagination, calendars and business days, variable
// expansion from a drawn map, shapes drawn with OneOf and float
// coordinates, keyframe interpolation, sort keys built as strings, a TTL
// cache, a hash set that grows, snapshots of a versioned store, a cache
// that evicts through math/rand, an invoice from an existing math/rand
// generator, union-find on a grid of drawn cells, a batch with a header
// count and check total, map diffs, retry backoff filled by Make,
// inherited permissions in a recursive folder tree, and a top-k heap
// fed by a hand-written loop. Each checks a small piece of code with one
// planted bug.

// pjTrace is what a stateful draw returns: the calls made, and the first
// disagreement with the model (empty if none).
type pjTrace struct {
	Calls []string
	Bad   string
}

func (tr *pjTrace) call(format string, args ...any) {
	tr.Calls = append(tr.Calls, fmt.Sprintf(format, args...))
}

func (tr *pjTrace) fail(format string, args ...any) {
	if tr.Bad == "" {
		tr.Bad = fmt.Sprintf(format, args...)
	}
}

func pjTraceFails(v any) bool { return v.(*pjTrace).Bad != "" }

// ---- j keyset pagination ties ----

type pjRow struct {
	ID    int
	Score int
}

func pjRowCmp(a, b pjRow) int {
	return cmp.Or(cmp.Compare(a.Score, b.Score), cmp.Compare(a.ID, b.ID))
}

// pjPageAfter returns up to size rows of rows (sorted by Score, then ID)
// that come after the cursor, the last row of the previous page (nil for
// the first page). Bug: the cursor compares the score only, so the rows
// that tie with the cursor's score and were not on its page are skipped.
func pjPageAfter(rows []pjRow, after *pjRow, size int) []pjRow {
	var out []pjRow
	for _, r := range rows {
		if after != nil && r.Score <= after.Score {
			continue
		}
		out = append(out, r)
		if len(out) == size {
			break
		}
	}
	return out
}

// pjAllPages reads every page, as a client walking the API does.
func pjAllPages(rows []pjRow, size int) []pjRow {
	var all []pjRow
	var after *pjRow
	for range len(rows) + 1 {
		page := pjPageAfter(rows, after, size)
		all = append(all, page...)
		if len(page) < size {
			break
		}
		after = &page[len(page)-1]
	}
	return all
}

type pjPagesCase struct {
	Rows     []pjRow
	PageSize int
}

// ---- j free slots contained meeting ----

type pjMeeting struct{ Start, End int } // hours, [Start, End)

// pjFreeSlots returns the free hours of a day (0 to 24) between
// meetings. Bug: after each meeting the free time starts at that
// meeting's end, not at the latest end so far, so a short meeting that
// starts inside a longer one (and sorts after it) frees the rest of the
// longer one.
func pjFreeSlots(ms []pjMeeting) [][2]int {
	sorted := slices.Clone(ms)
	slices.SortStableFunc(sorted, func(a, b pjMeeting) int { return cmp.Compare(a.Start, b.Start) })
	var free [][2]int
	cur := 0
	for _, m := range sorted {
		if m.Start > cur {
			free = append(free, [2]int{cur, m.Start})
		}
		cur = m.End
	}
	if cur < 24 {
		free = append(free, [2]int{cur, 24})
	}
	return free
}

func pjFreeSlotsFails(v any) bool {
	ms := v.([]pjMeeting)
	var busy, free [24]bool
	for _, m := range ms {
		for h := m.Start; h < m.End; h++ {
			busy[h] = true
		}
	}
	for _, s := range pjFreeSlots(ms) {
		for h := s[0]; h < s[1]; h++ {
			free[h] = true
		}
	}
	for h := range busy {
		if busy[h] == free[h] {
			return true
		}
	}
	return false
}

// ---- j env expand name prefix ----

// pjExpand replaces each $NAME in tmpl (NAME the whole run of capital
// letters after the $) by the variable's value, and leaves the unknown
// ones as they are. Bug: it replaces "$"+name for each variable in turn,
// in sorted order, so "$A" also matches the start of "$AB" or "$AA".
func pjExpand(tmpl string, vars map[string]string) string {
	for _, k := range slices.Sorted(maps.Keys(vars)) {
		tmpl = strings.ReplaceAll(tmpl, "$"+k, vars[k])
	}
	return tmpl
}

func pjExpandRef(tmpl string, vars map[string]string) string {
	var b strings.Builder
	for i := 0; i < len(tmpl); {
		if tmpl[i] != '$' {
			b.WriteByte(tmpl[i])
			i++
			continue
		}
		j := i + 1
		for j < len(tmpl) && tmpl[j] >= 'A' && tmpl[j] <= 'Z' {
			j++
		}
		if v, ok := vars[tmpl[i+1:j]]; ok && j > i+1 {
			b.WriteString(v)
		} else {
			b.WriteString(tmpl[i:j])
		}
		i = j
	}
	return b.String()
}

type pjExpandCase struct {
	Vars map[string]string
	Tmpl string
}

// ---- j bbox union from origin ----

type pjBox struct{ MinX, MinY, MaxX, MaxY float64 }

func (a pjBox) union(b pjBox) pjBox {
	return pjBox{min(a.MinX, b.MinX), min(a.MinY, b.MinY), max(a.MaxX, b.MaxX), max(a.MaxY, b.MaxY)}
}

type pjShape interface{ bounds() pjBox }

type pjCircle struct{ X, Y, R float64 }

type pjRect struct{ X, Y, W, H float64 }

type pjSegment struct{ X1, Y1, X2, Y2 float64 }

func (c pjCircle) bounds() pjBox { return pjBox{c.X - c.R, c.Y - c.R, c.X + c.R, c.Y + c.R} }
func (r pjRect) bounds() pjBox   { return pjBox{r.X, r.Y, r.X + r.W, r.Y + r.H} }
func (s pjSegment) bounds() pjBox {
	return pjBox{min(s.X1, s.X2), min(s.Y1, s.Y2), max(s.X1, s.X2), max(s.Y1, s.Y2)}
}

// pjBoundsAll returns the smallest box around all the shapes (the zero
// box for none). Bug: it starts from the zero box, not the first shape's,
// so the box always reaches out to the origin.
func pjBoundsAll(shapes []pjShape) pjBox {
	var u pjBox
	for _, s := range shapes {
		u = u.union(s.bounds())
	}
	return u
}

func pjBoundsAllRef(shapes []pjShape) pjBox {
	if len(shapes) == 0 {
		return pjBox{}
	}
	u := shapes[0].bounds()
	for _, s := range shapes[1:] {
		u = u.union(s.bounds())
	}
	return u
}

// ---- j keyframe hit interpolated ----

type pjKeyframe struct {
	T int
	V float64
}

// pjSample returns an animation's value at time t: before the first
// keyframe its value, after the last its value, and between two the
// linear interpolation. Bug: the search finds the first keyframe at or
// after t, so a time that hits an inner keyframe exactly is interpolated
// all the way from the one before, and a + 1*(b-a) need not be b.
func pjSample(keys []pjKeyframe, t int) float64 {
	if t <= keys[0].T {
		return keys[0].V
	}
	last := keys[len(keys)-1]
	if t >= last.T {
		return last.V
	}
	i := sort.Search(len(keys), func(i int) bool { return keys[i].T >= t })
	a, b := keys[i-1], keys[i]
	f := float64(t-a.T) / float64(b.T-a.T)
	return a.V + f*(b.V-a.V)
}

func pjKeyframesDraw(t *fuzzsrc.T) any {
	n := fuzzsrc.IntRange(1, 5).Draw(t, "keyframes")
	at := fuzzsrc.IntRange(0, 10).Draw(t, "start")
	val := fuzzsrc.Float64Range(-1000, 1000)
	var keys []pjKeyframe
	for i := range n {
		if i > 0 {
			at += fuzzsrc.IntRange(1, 10).Draw(t, "gap")
		}
		keys = append(keys, pjKeyframe{at, val.Draw(t, "value")})
	}
	return keys
}

func pjKeyframesFails(v any) bool {
	keys := v.([]pjKeyframe)
	for _, k := range keys {
		if pjSample(keys, k.T) != k.V {
			return true
		}
	}
	return false
}

// ---- j sort key unpadded number ----

type pjTask struct {
	Pri  int
	Name string
}

// pjSortTasks sorts tasks by priority, then name, through a string key.
// Bug: the priority is written without padding (and with its sign), so
// the keys compare as text: "10/" before "2/", "-1/" before "-2/".
func pjSortTasks(ts []pjTask) {
	key := func(t pjTask) string { return fmt.Sprintf("%d/%s", t.Pri, t.Name) }
	slices.SortStableFunc(ts, func(a, b pjTask) int { return strings.Compare(key(a), key(b)) })
}

// ---- j ttl cache reset keeps expiry ----

const pjTTL = 3 * time.Second

// pjTTLCache keeps each value for pjTTL after it was last set. Bug: Set
// of a key that is still live keeps the key's old expiry.
type pjTTLCache struct {
	now time.Time
	exp map[int]time.Time
	val map[int]int
}

func (c *pjTTLCache) Set(k, v int) {
	if e, ok := c.exp[k]; !ok || !c.now.Before(e) {
		c.exp[k] = c.now.Add(pjTTL)
	}
	c.val[k] = v
}

func (c *pjTTLCache) Get(k int) (int, bool) {
	e, ok := c.exp[k]
	if !ok || !c.now.Before(e) {
		delete(c.exp, k)
		delete(c.val, k)
		return 0, false
	}
	return c.val[k], true
}

func pjTTLDraw(t *fuzzsrc.T) any {
	tr := &pjTrace{}
	c := &pjTTLCache{now: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC), exp: map[int]time.Time{}, val: map[int]int{}}
	type entry struct {
		v   int
		exp time.Duration
	}
	model := map[int]entry{}
	var elapsed time.Duration
	key := fuzzsrc.IntRange(0, 2)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "Set", Run: func(t *fuzzsrc.T) {
			k, v := key.Draw(t, "k"), fuzzsrc.IntRange(0, 9).Draw(t, "v")
			tr.call("Set(%d, %d)", k, v)
			c.Set(k, v)
			model[k] = entry{v, elapsed + pjTTL}
		}},
		{Name: "Get", Run: func(t *fuzzsrc.T) {
			k := key.Draw(t, "k")
			tr.call("Get(%d)", k)
			v, ok := c.Get(k)
			e, wok := model[k]
			wok = wok && elapsed < e.exp
			if ok != wok || ok && v != e.v {
				tr.fail("Get(%d) = %d, %v at %v, want %d, %v", k, v, ok, elapsed, e.v, wok)
			}
		}},
		{Name: "Sleep", Run: func(t *fuzzsrc.T) {
			d := time.Duration(fuzzsrc.IntRange(1, 3).Draw(t, "seconds")) * time.Second
			tr.call("Sleep(%v)", d)
			c.now = c.now.Add(d)
			elapsed += d
		}},
	}})
	return tr
}

// ---- j add business days weekend start ----

// pjAddBusinessDays returns the day n business days (Monday to Friday)
// after day. Bug: whole weeks are added as 7 days each, which is right
// only from a weekday: from a Saturday or Sunday, 5 business days end on
// the next Friday, not a week later.
func pjAddBusinessDays(day time.Time, n int) time.Time {
	day = day.AddDate(0, 0, n/5*7)
	for rem := n % 5; rem > 0; {
		day = day.AddDate(0, 0, 1)
		if wd := day.Weekday(); wd != time.Saturday && wd != time.Sunday {
			rem--
		}
	}
	return day
}

func pjAddBusinessDaysRef(day time.Time, n int) time.Time {
	for n > 0 {
		day = day.AddDate(0, 0, 1)
		if wd := day.Weekday(); wd != time.Saturday && wd != time.Sunday {
			n--
		}
	}
	return day
}

type pjBizCase struct {
	Start time.Time
	N     int
}

// ---- j word wrap byte width ----

// pjWrap fills lines of at most width characters with words, greedily,
// one space between words; a word longer than width gets a line of its
// own. Bug: lengths are counted in bytes (len), not characters, so a
// line with a non-ASCII letter is broken early.
func pjWrap(words []string, width int) []string {
	var lines []string
	var cur strings.Builder
	for _, w := range words {
		if cur.Len() > 0 && cur.Len()+1+len(w) > width {
			lines = append(lines, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte(' ')
		}
		cur.WriteString(w)
	}
	if cur.Len() > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

func pjWrapRef(words []string, width int) []string {
	var lines []string
	var cur []string
	n := 0
	for _, w := range words {
		wn := utf8.RuneCountInString(w)
		if len(cur) > 0 && n+1+wn > width {
			lines = append(lines, strings.Join(cur, " "))
			cur, n = nil, 0
		}
		if len(cur) > 0 {
			n++
		}
		cur = append(cur, w)
		n += wn
	}
	if len(cur) > 0 {
		lines = append(lines, strings.Join(cur, " "))
	}
	return lines
}

type pjWrapCase struct {
	Width int
	Words []string
}

// ---- j utf8 truncate byte limit ----

// pjTruncate cuts s to at most n bytes (a database column's limit)
// without splitting a character. Bug: when the cut splits one, it drops
// one more byte only, which is enough for a two-byte character but not
// for two or three bytes of a longer one.
func pjTruncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	if !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

type pjTruncCase struct {
	S string
	N int
}

func pjTruncateFails(v any) bool {
	c := v.(pjTruncCase)
	got := pjTruncate(c.S, c.N)
	if !utf8.ValidString(got) || len(got) > c.N || !strings.HasPrefix(c.S, got) {
		return true
	}
	if got == c.S {
		return false
	}
	_, size := utf8.DecodeRuneInString(c.S[len(got):])
	return len(got)+size <= c.N // another character would have fit
}

// ---- j hash set grow no rehash ----

// pjHashSet is a set of small ints in an open-addressing table (home
// slot k mod the size, linear probing) that doubles when three quarters
// full. Bug: growing copies the slots to the same indices of the bigger
// table instead of reinserting each at its new home, so a key that was
// placed at k mod 4 (or probed past it) cannot be found from k mod 8.
type pjHashSet struct {
	slots []int
	used  []bool
	n     int
}

func (s *pjHashSet) find(k int) (int, bool) {
	for i := k % len(s.slots); ; i = (i + 1) % len(s.slots) {
		if !s.used[i] {
			return i, false
		}
		if s.slots[i] == k {
			return i, true
		}
	}
}

func (s *pjHashSet) Add(k int) {
	if _, ok := s.find(k); ok {
		return
	}
	if (s.n+1)*4 > len(s.slots)*3 {
		slots, used := make([]int, 2*len(s.slots)), make([]bool, 2*len(s.slots))
		copy(slots, s.slots)
		copy(used, s.used)
		s.slots, s.used = slots, used
	}
	i, _ := s.find(k)
	s.slots[i], s.used[i] = k, true
	s.n++
}

func (s *pjHashSet) Has(k int) bool {
	_, ok := s.find(k)
	return ok
}

func pjHashSetDraw(t *fuzzsrc.T) any {
	tr := &pjTrace{}
	s := &pjHashSet{slots: make([]int, 4), used: make([]bool, 4)}
	model := map[int]bool{}
	key := fuzzsrc.IntRange(0, 15)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "Add", Run: func(t *fuzzsrc.T) {
				k := key.Draw(t, "k")
				tr.call("Add(%d)", k)
				s.Add(k)
				model[k] = true
			}},
			{Name: "Has", Run: func(t *fuzzsrc.T) {
				k := key.Draw(t, "k")
				tr.call("Has(%d)", k)
				if got := s.Has(k); got != model[k] {
					tr.fail("Has(%d) = %v", k, got)
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if s.n != len(model) {
				tr.fail("Len() = %d, want %d", s.n, len(model))
			}
		},
	})
	return tr
}

// ---- j mvcc snapshot post-increment ----

type pjVersioned struct{ Ver, Val int }

// pjMVCC keeps every write to a key with the version it was made at; a
// snapshot is a version, and a read at a snapshot sees the writes made at
// or before it. Bug: a write takes the current version and then moves
// it on (post-increment), so it lands in the version the last snapshot
// returned and shows through that snapshot.
type pjMVCC struct {
	ver  int
	hist map[int][]pjVersioned
}

func (s *pjMVCC) Set(k, v int) {
	s.hist[k] = append(s.hist[k], pjVersioned{s.ver, v})
	s.ver++
}

func (s *pjMVCC) Snapshot() int { return s.ver }

func (s *pjMVCC) GetAt(snap, k int) (int, bool) {
	h := s.hist[k]
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Ver <= snap {
			return h[i].Val, true
		}
	}
	return 0, false
}

func pjMVCCDraw(t *fuzzsrc.T) any {
	tr := &pjTrace{}
	s := &pjMVCC{hist: map[int][]pjVersioned{}}
	model := map[int]int{}
	type snap struct {
		name    string
		ver     int
		content map[int]int
	}
	snaps := fuzzsrc.NewPool[*snap]("s")
	key := fuzzsrc.IntRange(0, 2)
	fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
		{Name: "Set", Run: func(t *fuzzsrc.T) {
			k, v := key.Draw(t, "k"), fuzzsrc.IntRange(0, 9).Draw(t, "v")
			tr.call("Set(%d, %d)", k, v)
			s.Set(k, v)
			model[k] = v
		}},
		{Name: "Snapshot", Run: func(t *fuzzsrc.T) {
			sn := &snap{name: fmt.Sprintf("s%d", snaps.Len()+1), ver: s.Snapshot(), content: maps.Clone(model)}
			tr.call("%s := Snapshot()", sn.name)
			snaps.Add(t, sn)
		}},
		{Name: "GetAt", Run: func(t *fuzzsrc.T) {
			sn := snaps.Draw(t, "snap")
			k := key.Draw(t, "k")
			tr.call("GetAt(%s, %d)", sn.name, k)
			v, ok := s.GetAt(sn.ver, k)
			wv, wok := sn.content[k]
			if v != wv || ok != wok {
				tr.fail("GetAt(%s, %d) = %d, %v, want %d, %v", sn.name, k, v, ok, wv, wok)
			}
		}},
	}})
	return tr
}

// ---- j random eviction no swap ----

// pjRandomCache holds at most max keys and evicts a random one, picked
// from a slice of its keys, to make room. Bug: the evicted key's place in
// the slice is not filled with the last key before the slice is cut, so
// the slice keeps the evicted key and loses a live one; a later eviction
// that picks the stale key frees nothing, and the cache outgrows max.
type pjRandomCache struct {
	max  int
	vals map[int]int
	keys []int
	rng  *rand.Rand
}

func (c *pjRandomCache) Put(k, v int) {
	if _, ok := c.vals[k]; !ok {
		if len(c.vals) >= c.max {
			i := c.rng.IntN(len(c.keys))
			delete(c.vals, c.keys[i])
			c.keys = c.keys[:len(c.keys)-1]
		}
		c.keys = append(c.keys, k)
	}
	c.vals[k] = v
}

type pjEvictRun struct {
	Max   int
	Puts  []int
	Sizes []int
}

func pjEvictDraw(t *fuzzsrc.T) any {
	max := fuzzsrc.IntRange(1, 3).Draw(t, "max")
	puts := fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 9)).Draw(t, "puts")
	rng := fuzzsrc.Rand().Draw(t, "rng")
	c := &pjRandomCache{max: max, vals: map[int]int{}, rng: rng}
	run := pjEvictRun{Max: max, Puts: puts}
	for i, k := range puts {
		c.Put(k, i)
		run.Sizes = append(run.Sizes, len(c.vals))
	}
	return run
}

func pjEvictFails(v any) bool {
	r := v.(pjEvictRun)
	return slices.ContainsFunc(r.Sizes, func(n int) bool { return n > r.Max })
}

// ---- j invoice tax rounded once ----

type pjLine struct {
	Qty, UnitCents int
	RateBP         int // tax rate in basis points
}

// pjRandomInvoice is the test-data generator the billing tests already
// had, written against math/rand.
func pjRandomInvoice(r *rand.Rand) []pjLine {
	var lines []pjLine
	for range 1 + r.IntN(4) {
		lines = append(lines, pjLine{
			Qty:       1 + r.IntN(5),
			UnitCents: r.IntN(500),
			RateBP:    []int{0, 500, 750, 2000}[r.IntN(4)],
		})
	}
	return lines
}

// pjTaxes returns each line's tax in cents, rounded half up, as the
// invoice prints it, and the invoice's tax total. Bug: the total rounds
// the exact sum once instead of adding up the printed line taxes, so
// the invoice does not add up when the lines' fractions of a cent do
// not.
func pjTaxes(lines []pjLine) ([]int, int) {
	var taxes []int
	exact := 0 // in 1/10000 cent
	for _, l := range lines {
		x := l.Qty * l.UnitCents * l.RateBP
		taxes = append(taxes, (x+5000)/10000)
		exact += x
	}
	return taxes, (exact + 5000) / 10000
}

// ---- j islands union without find ----

// pjIslands counts the 4-connected groups of land cells with union-find,
// joining each land cell to the land above it and to its left. Bug: the
// union sets the parent of the cell itself, not of its root, so joining
// it to the left neighbour's group undoes its join to the group above,
// and two groups that meet only at this cell stay apart.
func pjIslands(land [][]bool) int {
	rows, cols := len(land), len(land[0])
	parent := make([]int, rows*cols)
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	union := func(a, b int) { parent[a] = find(b) }
	n := 0
	for i := range rows {
		for j := range cols {
			if !land[i][j] {
				continue
			}
			id := i*cols + j
			parent[id] = id
			if i > 0 && land[i-1][j] {
				union(id, id-cols)
			}
			if j > 0 && land[i][j-1] {
				union(id, id-1)
			}
		}
	}
	for i := range rows {
		for j := range cols {
			if id := i*cols + j; land[i][j] && find(id) == id {
				n++
			}
		}
	}
	return n
}

func pjIslandsRef(land [][]bool) int {
	rows, cols := len(land), len(land[0])
	seen := make([][]bool, rows)
	for i := range seen {
		seen[i] = make([]bool, cols)
	}
	var fill func(i, j int)
	fill = func(i, j int) {
		if i < 0 || i >= rows || j < 0 || j >= cols || !land[i][j] || seen[i][j] {
			return
		}
		seen[i][j] = true
		fill(i+1, j)
		fill(i-1, j)
		fill(i, j+1)
		fill(i, j-1)
	}
	n := 0
	for i := range rows {
		for j := range cols {
			if land[i][j] && !seen[i][j] {
				n++
				fill(i, j)
			}
		}
	}
	return n
}

// pjLandDraw draws a grid's size, then a count of land cells and each
// one's row and column.
func pjLandDraw(t *fuzzsrc.T) any {
	rows := fuzzsrc.IntRange(1, 4).Draw(t, "rows")
	cols := fuzzsrc.IntRange(1, 4).Draw(t, "cols")
	land := make([][]bool, rows)
	for i := range land {
		land[i] = make([]bool, cols)
	}
	n := fuzzsrc.IntRange(0, 10).Draw(t, "cells")
	for range n {
		land[fuzzsrc.IntRange(0, rows-1).Draw(t, "row")][fuzzsrc.IntRange(0, cols-1).Draw(t, "col")] = true
	}
	return land
}

// ---- j payout batch runs by payee ----

type pjPayment struct{ Payee, Cents int }

// pjBatch is a payout file: a header with the number of payments, the
// payments, and a trailer with a check value (the sum of the payee
// numbers mod 4). A batch whose header or trailer does not match is
// rejected before it is summarized.
type pjBatch struct {
	Count    int
	Payments []pjPayment
	Check    int
}

func (b pjBatch) valid() bool {
	sum := 0
	for _, p := range b.Payments {
		sum += p.Payee
	}
	return b.Count == len(b.Payments) && b.Check == sum%4
}

// pjSummarize totals a batch's payments per payee for the payout report.
// Bug: it totals runs of consecutive payments to one payee, as if the
// batch were sorted by payee, so a payee that comes back later gets a
// second line.
func pjSummarize(ps []pjPayment) []pjPayment {
	var out []pjPayment
	for _, p := range ps {
		if n := len(out); n > 0 && out[n-1].Payee == p.Payee {
			out[n-1].Cents += p.Cents
			continue
		}
		out = append(out, p)
	}
	return out
}

func pjBatchFails(v any) bool {
	b := v.(pjBatch)
	if !b.valid() {
		return false
	}
	want := map[int]int{}
	for _, p := range b.Payments {
		want[p.Payee] += p.Cents
	}
	got := map[int]int{}
	for _, p := range pjSummarize(b.Payments) {
		if _, dup := got[p.Payee]; dup {
			return true
		}
		got[p.Payee] = p.Cents
	}
	return !maps.Equal(got, want)
}

// ---- j map diff zero value ----

// pjDiff lists the keys added, removed and changed from old to new,
// sorted. Bug: a key counts as added when old[k] is zero, which is also
// what a key present with the value 0 gives.
func pjDiff(old, new map[string]int) (added, removed, changed []string) {
	for k, v := range new {
		if old[k] == 0 {
			added = append(added, k)
		} else if old[k] != v {
			changed = append(changed, k)
		}
	}
	for k := range old {
		if _, ok := new[k]; !ok {
			removed = append(removed, k)
		}
	}
	slices.Sort(added)
	slices.Sort(removed)
	slices.Sort(changed)
	return added, removed, changed
}

func pjDiffRef(old, new map[string]int) (added, removed, changed []string) {
	for k, v := range new {
		if ov, ok := old[k]; !ok {
			added = append(added, k)
		} else if ov != v {
			changed = append(changed, k)
		}
	}
	for k := range old {
		if _, ok := new[k]; !ok {
			removed = append(removed, k)
		}
	}
	slices.Sort(added)
	slices.Sort(removed)
	slices.Sort(changed)
	return added, removed, changed
}

type pjDiffCase struct{ Old, New map[string]int }

func pjDiffFails(v any) bool {
	c := v.(pjDiffCase)
	a, r, ch := pjDiff(c.Old, c.New)
	wa, wr, wch := pjDiffRef(c.Old, c.New)
	return !slices.Equal(a, wa) || !slices.Equal(r, wr) || !slices.Equal(ch, wch)
}

// ---- j backoff shift overflow ----

type pjBackoff struct {
	BaseMs, MaxMs uint16
}

type pjRetryPolicy struct {
	Name     string
	Attempts uint8
	Backoff  pjBackoff
	Jitter   bool
}

// pjDelays returns the wait before each attempt: the base doubled each
// time, capped at the maximum (jitter is added by the caller). Bug: the
// doubling is a shift of the uint16 base, which wraps once the base's
// top bit is shifted out, so after reaching the cap the delay can drop
// to a small value or 0.
func pjDelays(p pjRetryPolicy) []uint16 {
	var out []uint16
	for i := range int(p.Attempts) {
		out = append(out, min(p.Backoff.BaseMs<<i, p.Backoff.MaxMs))
	}
	return out
}

// ---- j acl inherit two levels ----

// pjFolder is a folder whose Mode is "allow", "deny" or "inherit" (take
// the parent's effective mode; the root's parent denies).
type pjFolder struct {
	Mode string
	Kids []*pjFolder
}

func (f *pjFolder) GoString() string {
	if len(f.Kids) == 0 {
		return f.Mode
	}
	var kids []string
	for _, k := range f.Kids {
		kids = append(kids, k.GoString())
	}
	return f.Mode + "{" + strings.Join(kids, " ") + "}"
}

// pjCountAllowed counts the folders that can be read. Bug: a folder
// passes its own Mode down to its children instead of its effective one,
// so an "inherit" under an "inherit" sees "inherit" and is not allowed
// even when an ancestor allows.
func pjCountAllowed(f *pjFolder, parent string) int {
	eff := f.Mode
	if eff == "inherit" {
		eff = parent
	}
	n := 0
	if eff == "allow" {
		n++
	}
	for _, k := range f.Kids {
		n += pjCountAllowed(k, f.Mode)
	}
	return n
}

func pjCountAllowedRef(f *pjFolder, parent string) int {
	eff := f.Mode
	if eff == "inherit" {
		eff = parent
	}
	n := 0
	if eff == "allow" {
		n++
	}
	for _, k := range f.Kids {
		n += pjCountAllowedRef(k, eff)
	}
	return n
}

var pjModeGen = fuzzsrc.SampledFrom([]string{"inherit", "deny", "allow"})

var pjFolderGen = fuzzsrc.Recursive(
	fuzzsrc.Map(pjModeGen, func(m string) *pjFolder { return &pjFolder{Mode: m} }),
	func(sub fuzzsrc.Generator[*pjFolder]) fuzzsrc.Generator[*pjFolder] {
		return fuzzsrc.Custom(func(t *fuzzsrc.T) *pjFolder {
			return &pjFolder{Mode: pjModeGen.Draw(t, "mode"), Kids: fuzzsrc.SliceOfN(sub, 1, 3).Draw(t, "kids")}
		})
	}, 4)

// ---- j top k heap replace no fix ----

type pjMinHeap []int

func (h pjMinHeap) Len() int           { return len(h) }
func (h pjMinHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h pjMinHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *pjMinHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *pjMinHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// pjTopK returns the k largest of xs, largest first, keeping a min-heap
// of the best k so far. Bug: a value that beats the heap's minimum
// overwrites the root without heap.Fix, so the root is no longer the
// minimum and later values are compared with the wrong one.
func pjTopK(xs []int, k int) []int {
	h := &pjMinHeap{}
	for _, x := range xs {
		if h.Len() < k {
			heap.Push(h, x)
		} else if x > (*h)[0] {
			(*h)[0] = x
		}
	}
	out := slices.Clone(*h)
	slices.Sort(out)
	slices.Reverse(out)
	return out
}

type pjTopKCase struct {
	K  int
	Xs []int
}

func pjTopKDraw(t *fuzzsrc.T) any {
	c := pjTopKCase{K: fuzzsrc.IntRange(1, 4).Draw(t, "k")}
	for len(c.Xs) < 12 && fuzzsrc.WeightedBool(0.85).Draw(t, "more") {
		c.Xs = append(c.Xs, fuzzsrc.IntRange(0, 9).Draw(t, "x"))
	}
	return c
}

func pjTopKFails(v any) bool {
	c := v.(pjTopKCase)
	want := slices.Clone(c.Xs)
	slices.Sort(want)
	slices.Reverse(want)
	want = want[:min(c.K, len(want))]
	return !slices.Equal(pjTopK(c.Xs, c.K), want)
}

func probesJ() []probe {
	row := fuzzsrc.Custom(func(t *fuzzsrc.T) pjRow {
		return pjRow{ID: fuzzsrc.IntRange(0, 9).Draw(t, "id"), Score: fuzzsrc.IntRange(0, 3).Draw(t, "score")}
	})
	meeting := fuzzsrc.Custom(func(t *fuzzsrc.T) pjMeeting {
		start := fuzzsrc.IntRange(0, 23).Draw(t, "start")
		return pjMeeting{start, start + fuzzsrc.IntRange(1, 24-start).Draw(t, "hours")}
	})
	varName := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("AB"), 1, 2)
	coord := fuzzsrc.Float64Range(-10, 10)
	extent := fuzzsrc.Float64Range(0, 10)
	shape := fuzzsrc.OneOf(
		fuzzsrc.Custom(func(t *fuzzsrc.T) pjShape {
			return pjCircle{coord.Draw(t, "x"), coord.Draw(t, "y"), fuzzsrc.Float64Range(0.5, 5).Draw(t, "r")}
		}),
		fuzzsrc.Custom(func(t *fuzzsrc.T) pjShape {
			return pjRect{coord.Draw(t, "x"), coord.Draw(t, "y"), extent.Draw(t, "w"), extent.Draw(t, "h")}
		}),
		fuzzsrc.Custom(func(t *fuzzsrc.T) pjShape {
			return pjSegment{coord.Draw(t, "x1"), coord.Draw(t, "y1"), coord.Draw(t, "x2"), coord.Draw(t, "y2")}
		}),
	)
	word := fuzzsrc.StringOfN(fuzzsrc.RuneFrom("abeé€"), 1, 5)
	payment := fuzzsrc.Custom(func(t *fuzzsrc.T) pjPayment {
		return pjPayment{fuzzsrc.IntRange(0, 3).Draw(t, "payee"), fuzzsrc.IntRange(1, 999).Draw(t, "cents")}
	})
	diffMap := fuzzsrc.MapOfN(fuzzsrc.StringOfN(fuzzsrc.RuneFrom("abc"), 0, 2), fuzzsrc.IntRange(0, 5), 0, 4)
	return []probe{
		{
			// simplest: rows [{0 0} {1 0}], page size 1 (two rows with one
			// score on either side of a page break)
			name: "j keyset pagination ties",
			draw: func(t *fuzzsrc.T) any {
				rows := fuzzsrc.SliceOfDistinctBy(row, func(r pjRow) int { return r.ID }, fuzzsrc.Size{Max: 8}).Draw(t, "rows")
				slices.SortFunc(rows, pjRowCmp)
				return pjPagesCase{rows, fuzzsrc.IntRange(1, 4).Draw(t, "pageSize")}
			},
			fails: func(v any) bool {
				c := v.(pjPagesCase)
				return !slices.Equal(pjAllPages(c.Rows, c.PageSize), c.Rows)
			},
		},
		{
			// simplest: [{0 2} {0 1}] (a one-hour meeting inside a
			// two-hour one that starts with it, drawn after it; drawn
			// first, the stable sort keeps it first and all is well)
			name:  "j free slots contained meeting",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.SliceOfN(meeting, 0, 5).Draw(t, "meetings") },
			fails: pjFreeSlotsFails,
		},
		{
			// simplest: vars {"A": ""}, template "$AA" (a defined name
			// that is a prefix of an undefined one; ' ' and '$' come
			// before 'A' in rune order but "$A" or "$ A" cannot fail)
			name: "j env expand name prefix",
			draw: func(t *fuzzsrc.T) any {
				vars := fuzzsrc.MapOfN(varName, fuzzsrc.StringOf(fuzzsrc.RuneFrom("xy")), 0, 4).Draw(t, "vars")
				return pjExpandCase{vars, fuzzsrc.StringOf(fuzzsrc.RuneFrom("$AB x")).Draw(t, "template")}
			},
			fails: func(v any) bool {
				c := v.(pjExpandCase)
				return pjExpand(c.Tmpl, c.Vars) != pjExpandRef(c.Tmpl, c.Vars)
			},
		},
		{
			// simplest: [circle{X: 2, Y: 0, R: 1}] (one shape whose box
			// misses the origin: the radius's simplest value in [0.5, 5] is
			// 1, so the first coordinate drawn, x, moves 2 away and the
			// draws after it stay at their simplest, past the input's end;
			// rect{X: 1} is as long but a later branch)
			name:  "j bbox union from origin",
			draw:  func(t *fuzzsrc.T) any { return fuzzsrc.SliceOfN(shape, 0, 4).Draw(t, "shapes") },
			fails: func(v any) bool { s := v.([]pjShape); return pjBoundsAll(s) != pjBoundsAllRef(s) },
		},
		{
			// simplest: three keyframes at 0, 1, 2 with the first two values
			// such that a + (b-a) != b (which needs a fraction too long to
			// survive the subtraction; no short fraction or integer does),
			// the third 0; not argued further
			name:  "j keyframe hit interpolated",
			draw:  pjKeyframesDraw,
			fails: pjKeyframesFails,
		},
		{
			// simplest: [{-1 ""} {-2 ""}] (ints zigzag 0, 1, -1, 2, -2:
			// keys of 0 and 1 always sort right, "-1/" sorts before "-2/",
			// and 2 with 10 would need a later second value)
			name: "j sort key unpadded number",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Make[[]pjTask]().Draw(t, "tasks") },
			fails: func(v any) bool {
				ts := slices.Clone(v.([]pjTask))
				pjSortTasks(ts)
				return !slices.IsSortedFunc(ts, func(a, b pjTask) int {
					return cmp.Or(cmp.Compare(a.Pri, b.Pri), strings.Compare(a.Name, b.Name))
				})
			},
		},
		{
			// simplest: Set(0, 0) Sleep(1s) Set(0, 0) Sleep(2s) Get(0) (the
			// reset key should live until 4s; two sleeps adding up to the
			// TTL, the smaller first)
			name:  "j ttl cache reset keeps expiry",
			draw:  pjTTLDraw,
			fails: pjTraceFails,
		},
		{
			// simplest: start Saturday 2024-01-06 (day 5), n 5 (n a
			// multiple of 5 from a weekend day; Sunday is day 6)
			name: "j add business days weekend start",
			draw: func(t *fuzzsrc.T) any {
				monday := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
				day := fuzzsrc.IntRange(0, 13).Draw(t, "startDay")
				return pjBizCase{monday.AddDate(0, 0, day), fuzzsrc.IntRange(0, 15).Draw(t, "n")}
			},
			fails: func(v any) bool {
				c := v.(pjBizCase)
				return !pjAddBusinessDays(c.Start, c.N).Equal(pjAddBusinessDaysRef(c.Start, c.N))
			},
		},
		{
			// simplest: width 3, words ["é" "a"] (two words that fit in
			// three characters but not three bytes; width 1 or 2 holds no
			// two words, and with the "é" first the "a" after it is all
			// zeros, one byte shorter than ["a" "é"])
			name: "j word wrap byte width",
			draw: func(t *fuzzsrc.T) any {
				width := fuzzsrc.IntRange(1, 12).Draw(t, "width")
				return pjWrapCase{width, fuzzsrc.SliceOf(word).Draw(t, "words")}
			},
			fails: func(v any) bool {
				c := v.(pjWrapCase)
				return !slices.Equal(pjWrap(c.Words, c.Width), pjWrapRef(c.Words, c.Width))
			},
		},
		{
			// simplest: "\u0800", n 2 (the first three-byte character, cut
			// after two of its bytes; a two-byte one is handled)
			name: "j utf8 truncate byte limit",
			draw: func(t *fuzzsrc.T) any {
				s := fuzzsrc.String().Draw(t, "s")
				return pjTruncCase{s, fuzzsrc.IntRange(0, 16).Draw(t, "maxBytes")}
			},
			fails: pjTruncateFails,
		},
		{
			// simplest: Add(0) Add(1) Add(4) Add(2) Add(4) (4 probes from
			// slot 0 to 2 before the fourth key grows the table, then is
			// not found at slot 4 and is added again; Add comes before
			// Has, so the failing step is an Add)
			name:  "j hash set grow no rehash",
			draw:  pjHashSetDraw,
			fails: pjTraceFails,
		},
		{
			// simplest: s1 := Snapshot() Set(0, 0) GetAt(s1, 0) (the write
			// after the snapshot shows through it)
			name:  "j mvcc snapshot post-increment",
			draw:  pjMVCCDraw,
			fails: pjTraceFails,
		},
		{
			// simplest: max 2, puts [0 1 2 0], the rng all zeros (index 0
			// evicted each time: the first eviction leaves the slice [0 2],
			// and putting 0 again, no longer held, evicts the stale 0; max
			// 1 always evicts the last, so cannot fail)
			name:  "j random eviction no swap",
			draw:  pjEvictDraw,
			fails: pjEvictFails,
		},
		{
			// simplest: [{1 1 5%} {1 6 7.5%}] (taxes 0.05 and 0.45 cents,
			// each rounding to 0, summing to 0.5, which rounds to 1; one
			// line never fails)
			name: "j invoice tax rounded once",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.FromRand(pjRandomInvoice).Draw(t, "invoice") },
			fails: func(v any) bool {
				taxes, total := pjTaxes(v.([]pjLine))
				sum := 0
				for _, x := range taxes {
					sum += x
				}
				return sum != total
			},
		},
		{
			// simplest: 2x2, cells (0,1) (1,0) (1,1) (an L whose corner
			// joins the group above, then the one to its left; one row or
			// one column never fails)
			name: "j islands union without find",
			draw: pjLandDraw,
			fails: func(v any) bool {
				g := v.([][]bool)
				return pjIslands(g) != pjIslandsRef(g)
			},
		},
		{
			// simplest: count 3, payments [{1 1} {2 1} {1 1}], check 0 (a
			// payee that comes back, the payees summing to a multiple of 4
			// so that the trailer, past the input's end, reads 0: 11 bytes,
			// against 14 for [{0 1} {1 1} {3 1} {0 1}], check 0, and 15 for
			// [{0 1} {1 1} {0 1}], check 1; deleting a payment means
			// changing the count, and the check too unless its payee is 0)
			name: "j payout batch runs by payee",
			draw: func(t *fuzzsrc.T) any {
				count := fuzzsrc.IntRange(0, 6).Draw(t, "count")
				ps := fuzzsrc.SliceOfN(payment, 0, 6).Draw(t, "payments")
				return pjBatch{count, ps, fuzzsrc.IntRange(0, 3).Draw(t, "check")}
			},
			fails: pjBatchFails,
		},
		{
			// simplest: old {"": 0}, new {"": 0} (a key held at 0 on both
			// sides is reported added)
			name: "j map diff zero value",
			draw: func(t *fuzzsrc.T) any {
				return pjDiffCase{diffMap.Draw(t, "old"), diffMap.Draw(t, "new")}
			},
			fails: pjDiffFails,
		},
		{
			// simplest: {Attempts: 2, Backoff: {BaseMs: 32768, MaxMs: 1}}
			// (the second delay wraps to 0 below the first, capped to 1;
			// two attempts need a base with its top bit set)
			name: "j backoff shift overflow",
			draw: func(t *fuzzsrc.T) any { return fuzzsrc.Make[pjRetryPolicy]().Draw(t, "policy") },
			fails: func(v any) bool {
				return !slices.IsSorted(pjDelays(v.(pjRetryPolicy)))
			},
		},
		{
			// simplest: allow{inherit{inherit}} (two levels of inherit under
			// an allow; one level still sees the allow)
			name: "j acl inherit two levels",
			draw: func(t *fuzzsrc.T) any { return pjFolderGen.Draw(t, "root") },
			fails: func(v any) bool {
				f := v.(*pjFolder)
				return pjCountAllowed(f, "deny") != pjCountAllowedRef(f, "deny")
			},
		},
		{
			// simplest: k 2, xs [0 0 1 1] (the first 1 replaces a 0 at the
			// root and hides the other 0 below it, so the second 1 is
			// compared with 1 and dropped; k 1 or three values never fail)
			name:  "j top k heap replace no fix",
			draw:  pjTopKDraw,
			fails: pjTopKFails,
		},
	}
}
