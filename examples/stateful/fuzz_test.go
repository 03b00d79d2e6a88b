package stateful

import (
	"slices"
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// capacity is the cache size under test: small, so evictions happen.
const capacity = 2

var (
	keyGen = fuzzsrc.IntRange(0, 7)
	valGen = fuzzsrc.IntRange(0, 99)
)

// cacheAgrees is the property: every Get returns what a model LRU (a
// slice of keys, least recently used first) holds, and the cache holds
// as many keys.
func cacheAgrees(t *fuzzsrc.T) {
	c := New(capacity)
	var model []int // keys, least recently used first
	vals := map[int]int{}
	use := func(k int) {
		model = append(slices.DeleteFunc(model, func(x int) bool { return x == k }), k)
	}
	fuzzsrc.Repeat(t, fuzzsrc.Machine{
		Actions: []fuzzsrc.Action{
			{Name: "c.Put", Run: func(t *fuzzsrc.T) {
				k, v := keyGen.Draw(t, "k"), valGen.Draw(t, "v")
				c.Put(k, v)
				use(k)
				vals[k] = v
				if len(model) > capacity {
					delete(vals, model[0])
					model = model[1:]
				}
			}},
			{Name: "c.Get", Run: func(t *fuzzsrc.T) {
				k := keyGen.Draw(t, "k")
				got, ok := c.Get(k)
				want, wantOK := vals[k]
				if got != want || ok != wantOK {
					t.Fatalf("Get(%d) = %d, %v; want %d, %v", k, got, ok, want, wantOK)
				}
				if ok {
					use(k)
				}
			}},
		},
		Invariant: func(t *fuzzsrc.T) {
			if c.Len() != len(model) {
				t.Fatalf("Len() = %d, want %d", c.Len(), len(model))
			}
		},
	})
}

func FuzzCache(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, cacheAgrees)
	})
}
