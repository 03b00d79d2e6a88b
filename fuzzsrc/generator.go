package fuzzsrc

import (
	"fmt"
	"math/rand/v2"
	"path"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/shortlex/shortlex/internal/record"
)

// A Generator draws values of type V from a [T]. Generators are values:
// build them once and draw from them many times, or build them inline;
// the scalar ones cost nothing to build. The zero Generator is not usable.
type Generator[V any] struct {
	draw  func(*T) V
	label func() string // called only when recording structure
}

// newGenerator makes a generator from its drawing function and a function
// that names it, which is called only while recording.
func newGenerator[V any](label func() string, draw func(*T) V) Generator[V] {
	return Generator[V]{draw: draw, label: label}
}

// String names the generator, as its spans are labeled.
func (g Generator[V]) String() string {
	if g.label == nil {
		return "Generator"
	}
	return g.label()
}

// Draw draws a value. The label names it in the failure report, which
// lists every top-level draw in order; draws nested inside generators are
// part of their parent's value.
//
// While fuzzing (recording off) a draw is one indirect call to the
// generator's drawing function. Draw itself is not inlined: its two calls
// cost 2*57 of the inliner's budget of 80, and a form with one call site
// for both branches needs a closure for the logged one (cost 86) or a
// third field that every generator would allocate when built.
func (g Generator[V]) Draw(t *T, label string) V {
	if t.rec == nil && t.log == nil {
		return g.draw(t) // while fuzzing
	}
	return g.drawLogged(t, label)
}

// drawLogged is Draw while recording or logging.
func (g Generator[V]) drawLogged(t *T, label string) V {
	v := g.value(t)
	if t.log != nil && t.depth == 0 {
		t.log.draws = append(t.log.draws, record.Draw{Label: label, Value: formatDrawn(v)})
	}
	return v
}

// formatDrawn formats a drawn value for the report with %#v, except for
// values whose %#v shows memory addresses, which would make reports of
// the same input differ from run to run.
func formatDrawn(v any) string {
	if _, ok := v.(*rand.Rand); ok {
		return "*rand.Rand (drawing its words from the input)"
	}
	return fmt.Sprintf("%#v", v)
}

// value draws a value inside a span labeled with the generator's name.
func (g Generator[V]) value(t *T) V {
	if t.rec == nil && t.log == nil {
		return g.draw(t)
	}
	s := t.startSpan(g.String())
	t.depth++
	v := g.draw(t)
	t.depth--
	t.endSpan(s, false)
	return v
}

// Custom makes a generator from a function that draws from t. Values it
// draws with Draw are parts of its value, not reported on their own.
func Custom[V any](draw func(t *T) V) Generator[V] {
	return newGenerator(func() string { return "Custom(" + funcName(draw) + ")" }, draw)
}

// Deferred makes a generator that calls f to get the generator to draw
// from, at draw time; it lets recursive generators refer to themselves.
func Deferred[V any](f func() Generator[V]) Generator[V] {
	return newGenerator(
		func() string { return "Deferred(" + funcName(f) + ")" },
		func(t *T) V { return f().value(t) })
}

// Map draws a value from g and returns f of it.
func Map[U, V any](g Generator[U], f func(U) V) Generator[V] {
	return newGenerator(
		func() string { return "Map(" + g.String() + ")" },
		func(t *T) V { return f(g.value(t)) })
}

// maxFilterTries bounds rejection sampling in Filter.
const maxFilterTries = 100

// minFilterDistinct is how many different encodings, among the
// maxFilterTries rejected attempts of one draw, make Filter fail rather
// than discard: attempts that read the same bytes (an input of repeated
// bytes, as fuzzers make) are no evidence about the predicate.
const minFilterDistinct = maxFilterTries / 2

// Filter draws values from g until one satisfies keep. Rejected draws are
// marked discarded, so the reducer deletes them first. If the input runs
// out (when every further draw would be the same), the input is
// discarded.
//
// A filter that keeps almost nothing wastes the fuzzer's time, so Filter
// fails the property, with a message saying so, when one draw rejects
// maxFilterTries (100) attempts in a row of which at least half read
// different bytes: a predicate that keeps one value in ten does that
// about once in 40,000 draws, one that keeps one in a hundred in a third
// of them. Draw values that satisfy the predicate by construction (a
// narrower range, a [Map]) instead. If the attempts repeat themselves,
// the input is discarded instead.
func (g Generator[V]) Filter(keep func(V) bool) Generator[V] {
	return newGenerator(
		func() string { return "Filter(" + g.String() + ")" },
		func(t *T) V {
			var starts [maxFilterTries + 1]int
			for i := range maxFilterTries {
				starts[i] = t.pos
				s := t.startSpan("filter attempt")
				v := g.value(t)
				if keep(v) {
					t.endSpan(s, false)
					return v
				}
				t.endSpan(s, true)
				if t.exhausted() {
					t.Skip("Filter: no value satisfied the predicate")
				}
			}
			starts[maxFilterTries] = t.pos
			if n := distinctAttempts(t.data, starts[:]); n >= minFilterDistinct {
				t.Fatalf("fuzzsrc: Filter(%s) rejected %d values in a row (%d of them different): its predicate keeps almost nothing; draw values that satisfy it by construction instead", g.String(), maxFilterTries, n)
			}
			t.Skip("Filter: no value satisfied the predicate")
			panic("unreachable")
		})
}

// distinctAttempts counts the different byte strings data[starts[i]:
// starts[i+1]] among consecutive attempts.
func distinctAttempts(data []byte, starts []int) int {
	seen := make(map[string]bool, len(starts))
	for i := 0; i+1 < len(starts); i++ {
		seen[string(data[starts[i]:starts[i+1]])] = true
	}
	return len(seen)
}

// Just makes a generator that always returns v and consumes nothing.
func Just[V any](v V) Generator[V] {
	return newGenerator(func() string { return fmt.Sprintf("Just(%#v)", v) }, func(*T) V { return v })
}

// SampledFrom draws one of values, shrinking towards the first. It panics
// if values is empty.
func SampledFrom[V any](values []V) Generator[V] {
	if len(values) == 0 {
		panic("fuzzsrc.SampledFrom: no values")
	}
	return newGenerator(
		func() string { return fmt.Sprintf("SampledFrom(%d %T)", len(values), values) },
		func(t *T) V { return values[t.choose(record.KindIndex, uint64(len(values)-1))] })
}

// OneOf draws from one of gens, shrinking towards the first. It panics if
// gens is empty.
func OneOf[V any](gens ...Generator[V]) Generator[V] {
	if len(gens) == 0 {
		panic("fuzzsrc.OneOf: no generators")
	}
	return newGenerator(
		func() string {
			names := make([]string, len(gens))
			for i, g := range gens {
				names[i] = g.String()
			}
			return "OneOf(" + strings.Join(names, ", ") + ")"
		},
		func(t *T) V { return gens[t.choose(record.KindIndex, uint64(len(gens)-1))].value(t) })
}

// funcName names a function value by its package and where it is
// written: pkg/file.go:line. A function literal's symbol will not do,
// because the compiler copies a literal into every place it inlines the
// function around it, and names each copy apart (heapAt.func1 becomes
// heapAt.func1.heapAt.4 in one caller): the left and right children of a
// tree would get different labels, and the reducer could not sort or
// collapse them. The copies share their source position.
func funcName(f any) string {
	pc := reflect.ValueOf(f).Pointer()
	if name, ok := funcNames.Load(pc); ok {
		return name.(string)
	}
	fn := runtime.FuncForPC(pc)
	if fn == nil {
		return "?"
	}
	pkg := shortFunc(fn.Name())
	if i := strings.Index(pkg, "."); i >= 0 {
		pkg = pkg[:i]
	}
	file, line := fn.FileLine(fn.Entry())
	name := fmt.Sprintf("%s/%s:%d", pkg, path.Base(filepath.ToSlash(file)), line)
	funcNames.Store(pc, name)
	return name
}

// funcNames caches funcName by code pointer: labels are made for every
// draw a recording run makes, and a code pointer's position never changes.
var funcNames sync.Map

// shortFunc trims the import path from a function name, keeping the
// package name: "example.com/calc.Eval.func1" becomes "calc.Eval.func1".
func shortFunc(fn string) string {
	if i := strings.LastIndex(fn, "/"); i >= 0 {
		return fn[i+1:]
	}
	return fn
}
