// Package stateful is an example of a stateful fuzz target: an LRU cache
// driven through sequences of Put and Get calls (fuzzsrc.Repeat) and
// compared with a model after every call.
//
// The planted bug: Get finds a key but forgets to mark it recently used,
// so the next eviction drops it instead of the least recently used key.
// It takes four calls in a particular order to show: fill the cache, use
// the older key, add a new one.
package stateful

// Cache is a least-recently-used cache of int values, holding at most
// Cap keys.
type Cache struct {
	cap   int
	order []int // keys, least recently used first
	vals  map[int]int
}

// New returns an empty cache that holds at most cap keys (at least one).
func New(cap int) *Cache {
	return &Cache{cap: max(cap, 1), vals: make(map[int]int)}
}

// Put stores v under k, marking k most recently used, and evicts the
// least recently used key if the cache is over capacity.
func (c *Cache) Put(k, v int) {
	if _, ok := c.vals[k]; ok {
		c.touch(k)
	} else {
		if len(c.order) == c.cap {
			delete(c.vals, c.order[0])
			c.order = c.order[1:]
		}
		c.order = append(c.order, k)
	}
	c.vals[k] = v
}

// Get returns the value stored under k, if any.
func (c *Cache) Get(k int) (int, bool) {
	v, ok := c.vals[k]
	// The bug: a hit should call c.touch(k) here.
	return v, ok
}

// Len is the number of keys held.
func (c *Cache) Len() int { return len(c.order) }

// touch moves k, which is held, to the most recently used end.
func (c *Cache) touch(k int) {
	for i, x := range c.order {
		if x == k {
			copy(c.order[i:], c.order[i+1:])
			c.order[len(c.order)-1] = k
			return
		}
	}
}
