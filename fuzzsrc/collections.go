package fuzzsrc

import (
	"fmt"
	"math"

	"github.com/shortlex/shortlex/internal/record"
)

// Size bounds how many elements a collection has.
type Size struct {
	// Min and Max bound the length. A Max of zero or less means no bound.
	Min, Max int

	// Average is the mean length to aim for while fuzzing; zero picks one
	// from Min and Max. Shrinking always heads for Min.
	Average float64
}

// defaultAverage follows Hypothesis: twice the minimum or five more,
// whichever is larger, but no more than halfway to the maximum.
func (s Size) average() float64 {
	if s.Average > 0 {
		return s.Average
	}
	avg := math.Max(float64(s.Min*2), float64(s.Min+5))
	if s.Max > 0 {
		avg = math.Min(avg, float64(s.Min+s.Max)/2)
	}
	return avg
}

func (s Size) String() string {
	if s.Max <= 0 {
		return fmt.Sprintf("%d..", s.Min)
	}
	return fmt.Sprintf("%d..%d", s.Min, s.Max)
}

// elements counts a collection's elements as they are drawn. Before each
// element past the minimum it draws a "one more?" flag, a coin whose
// zero byte means stop, so that deleting an element's bytes (flag and
// value together) deletes the element, and running out of input ends the
// collection at its minimum length.
type elements struct {
	t        *T
	min, max int  // max < 0: unbounded
	flag     coin // "one more?"; index 0 stops
	count    int
	span     int // the open element span
}

// newElements returns the counter by value: kept in a local variable it
// stays on the stack, where a pointer would cost an allocation per
// collection.
func newElements(t *T, s Size) elements {
	e := elements{t: t, min: max(s.Min, 0), max: s.Max, span: -1, flag: s.moreFlag()}
	if e.max <= 0 {
		e.max = -1
	}
	return e
}

// moreFlag is the "one more?" coin of a collection of this size: a
// geometric number of flags comes up "more" with mean n when each does so
// with probability n/(n+1), so the flag has n+1 indices and only index 0
// stops. n is the average length past the minimum, rounded; a flag with
// max 0 never comes up "more".
func (s Size) moreFlag() coin {
	n := math.Round(s.average() - float64(max(s.Min, 0)))
	if n < 1 {
		return coin{}
	}
	return coin{max: uint64(min(n, 255)), from: 1}
}

// more reports whether the collection gets another element. When it does,
// an element span is open until the next call, holding the flag and the
// element's draws.
func (e *elements) more(label string) bool {
	t := e.t
	t.endSpan(e.span, false)
	e.span = -1
	switch {
	case e.count < e.min:
		// Required elements have no flag: they cannot be deleted.
		e.span = t.startSpan(label)
	case e.count == e.max || e.flag.max == 0:
		if e.min < e.max {
			// The flag, drawn at shorter lengths, can only stop: a draw
			// of one value, which reads nothing. Once an element is
			// deleted it reads a byte again, where the reducer puts a
			// stop, so that what follows keeps its bytes.
			t.readsNothing()
		}
		return false
	default:
		e.span = t.startSpan(label)
		if !t.flip(record.KindMore, e.flag) {
			t.dropSpan(e.span)
			e.span = -1
			return false
		}
	}
	e.count++
	return true
}

// reject undoes the current element, for collections that reject
// duplicates: its span is marked discarded and it no longer counts.
func (e *elements) reject() {
	e.t.endSpan(e.span, true)
	e.span = -1
	e.count--
}

// SliceOf draws a slice of elements from elem, of any length, shrinking
// towards the empty slice.
func SliceOf[E any](elem Generator[E]) Generator[[]E] {
	return SliceOfSize(elem, Size{})
}

// SliceOfN draws a slice of between minLen and maxLen elements from elem
// (maxLen < 0: no upper bound; maxLen 0: always empty).
func SliceOfN[E any](elem Generator[E], minLen, maxLen int) Generator[[]E] {
	if maxLen == 0 {
		return newGenerator(func() string { return "SliceOf(" + elem.String() + ", 0..0)" }, func(*T) []E { return nil })
	}
	return SliceOfSize(elem, Size{Min: minLen, Max: maxLen})
}

// SliceOfSize draws a slice of elements from elem whose length is bounded
// by size.
func SliceOfSize[E any](elem Generator[E], size Size) Generator[[]E] {
	return newGenerator(
		func() string { return "SliceOf(" + elem.String() + ", " + size.String() + ")" },
		func(t *T) []E {
			var s []E
			e := newElements(t, size)
			for e.more("element") {
				s = append(s, elem.value(t))
			}
			return s
		})
}

// maxDuplicateRejects bounds how many duplicate keys a map draw rejects in
// a row before it settles for the elements it has.
const maxDuplicateRejects = 10

// MapOf draws a map from keys drawn from key to values drawn from val.
func MapOf[K comparable, V any](key Generator[K], val Generator[V]) Generator[map[K]V] {
	return MapOfSize(key, val, Size{})
}

// MapOfN draws a map of between minLen and maxLen entries (maxLen < 0: no
// upper bound; maxLen 0: always empty).
func MapOfN[K comparable, V any](key Generator[K], val Generator[V], minLen, maxLen int) Generator[map[K]V] {
	if maxLen == 0 {
		return newGenerator(func() string { return "MapOf(" + key.String() + ", " + val.String() + ", 0..0)" }, func(*T) map[K]V { return map[K]V{} })
	}
	return MapOfSize(key, val, Size{Min: minLen, Max: maxLen})
}

// MapOfSize draws a map whose number of entries is bounded by size. An
// entry whose key is already in the map is rejected and marked discarded;
// if the input cannot supply Min distinct keys it is discarded.
func MapOfSize[K comparable, V any](key Generator[K], val Generator[V], size Size) Generator[map[K]V] {
	return newGenerator(
		func() string { return "MapOf(" + key.String() + ", " + val.String() + ", " + size.String() + ")" },
		func(t *T) map[K]V {
			m := make(map[K]V)
			e := newElements(t, size)
			rejects := 0
			for e.more("entry") {
				k := key.value(t)
				if _, dup := m[k]; dup {
					e.reject()
					if rejects++; rejects == maxDuplicateRejects {
						break
					}
					continue
				}
				rejects = 0
				m[k] = val.value(t)
			}
			if len(m) < size.Min {
				t.Skip("MapOf: too few distinct keys")
			}
			return m
		})
}
