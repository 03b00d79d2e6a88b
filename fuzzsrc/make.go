package fuzzsrc

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/shortlex/shortlex/internal/record"
)

// defaultMakeDepth is how many pointers, slices and maps deep Make goes.
const defaultMakeDepth = 5

// Make draws a value of type V by reflection, field by field, each with
// the generator of its kind: bools as [Bool], integers of every width over
// the type's full range as [Integers], floats as [Float64] and [Float32]
// (so NaN and ±Inf too), strings as [String], []byte as [Bytes], other
// slices and maps as collections, arrays element by element, pointers nil
// or pointing to a drawn value (nil is simpler), structs field by field.
// Unexported fields, interfaces, channels and functions are left zero.
// Empty input gives the zero value of V.
//
// Each struct field is a span labeled with its struct type and name, such
// as "config.Server.Port", so the reducer sees the structure. Values are
// at most 5 pointers, slices or maps deep; see [MakeDepth].
//
// The filling plan for each type is built once, on first use, and shared.
func Make[V any]() Generator[V] { return MakeDepth[V](defaultMakeDepth) }

// MakeDepth is [Make] that goes at most maxDepth pointers, slices and
// maps deep: past that, pointers are nil and slices and maps empty. At
// that bound it still reads the byte that would decide (the pointer's
// nil coin, the collection's first "more" flag), so that a value has the
// same layout at any depth and the reducer can move subtrees up. It
// panics if maxDepth < 0.
func MakeDepth[V any](maxDepth int) Generator[V] {
	if maxDepth < 0 {
		panic(fmt.Sprintf("fuzzsrc.MakeDepth: negative maxDepth %d", maxDepth))
	}
	typ := reflect.TypeFor[V]()
	pl := planFor(typ)
	return newGenerator(
		func() string { return fmt.Sprintf("Make[%v](%d)", typ, maxDepth) },
		func(t *T) V {
			var v V
			pl.fill(t, unsafe.Pointer(&v), maxDepth)
			return v
		})
}

// A fillFunc draws a value into the zeroed memory at p, going at most left
// pointers, slices and maps deeper.
type fillFunc func(t *T, p unsafe.Pointer, left int)

// A plan fills values of one type. Plans of recursive types refer to each
// other, so fill is set after the plan is created, before it is shared.
type plan struct {
	fill fillFunc
}

var (
	plans   sync.Map   // reflect.Type -> *plan, complete plans only
	plansMu sync.Mutex // serializes building
)

// planFor returns the plan of typ, building it and the plans of the types
// it contains if needed.
func planFor(typ reflect.Type) *plan {
	if p, ok := plans.Load(typ); ok {
		return p.(*plan)
	}
	plansMu.Lock()
	defer plansMu.Unlock()
	building := map[reflect.Type]*plan{}
	p := buildPlan(typ, building)
	for typ, p := range building {
		plans.Store(typ, p)
	}
	return p
}

// buildPlan returns the plan of typ, complete or being built.
func buildPlan(typ reflect.Type, building map[reflect.Type]*plan) *plan {
	if p, ok := plans.Load(typ); ok {
		return p.(*plan)
	}
	if p, ok := building[typ]; ok {
		return p
	}
	p := &plan{}
	building[typ] = p
	p.fill = compileFill(typ, building)
	return p
}

// compileFill makes the fill function of typ.
func compileFill(typ reflect.Type, building map[reflect.Type]*plan) fillFunc {
	switch typ.Kind() {
	case reflect.Bool:
		return func(t *T, p unsafe.Pointer, _ int) { *(*bool)(p) = t.flip(record.KindBool, fairCoin) }
	case reflect.Int:
		return scalarFill(Integers[int]())
	case reflect.Int8:
		return scalarFill(Integers[int8]())
	case reflect.Int16:
		return scalarFill(Integers[int16]())
	case reflect.Int32:
		return scalarFill(Integers[int32]())
	case reflect.Int64:
		return scalarFill(Integers[int64]())
	case reflect.Uint:
		return scalarFill(Integers[uint]())
	case reflect.Uint8:
		return scalarFill(Integers[uint8]())
	case reflect.Uint16:
		return scalarFill(Integers[uint16]())
	case reflect.Uint32:
		return scalarFill(Integers[uint32]())
	case reflect.Uint64:
		return scalarFill(Integers[uint64]())
	case reflect.Uintptr:
		return scalarFill(Integers[uintptr]())
	case reflect.Float32:
		return scalarFill(Float32())
	case reflect.Float64:
		return scalarFill(Float64())
	case reflect.Complex64:
		f := Float32().draw
		return func(t *T, p unsafe.Pointer, _ int) { *(*complex64)(p) = complex(f(t), f(t)) }
	case reflect.Complex128:
		f := Float64().draw
		return func(t *T, p unsafe.Pointer, _ int) { *(*complex128)(p) = complex(f(t), f(t)) }
	case reflect.String:
		return scalarFill(String())
	case reflect.Array:
		return arrayFill(typ, building)
	case reflect.Slice:
		if typ.Elem().Kind() == reflect.Uint8 {
			// Any byte slice, []byte or of a named byte type, is laid out
			// as a []byte.
			draw := Bytes().draw
			return func(t *T, p unsafe.Pointer, left int) {
				if left == 0 {
					t.flip(record.KindMore, defaultFlag)
					return
				}
				*(*[]byte)(p) = draw(t)
			}
		}
		return sliceFill(typ, building)
	case reflect.Map:
		return mapFill(typ, building)
	case reflect.Pointer:
		return pointerFill(typ, building)
	case reflect.Struct:
		return structFill(typ, building)
	}
	return zeroFill // interfaces, channels, functions, unsafe pointers
}

// zeroFill leaves a value zero.
func zeroFill(*T, unsafe.Pointer, int) {}

// leftZero reports whether Make leaves values of kind k zero.
func leftZero(k reflect.Kind) bool {
	switch k {
	case reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	}
	return false
}

// scalarFill stores values drawn from g.
func scalarFill[V any](g Generator[V]) fillFunc {
	draw := g.draw
	return func(t *T, p unsafe.Pointer, _ int) { *(*V)(p) = draw(t) }
}

// A fieldPlan fills one struct field.
type fieldPlan struct {
	offset uintptr
	plan   *plan
	label  string // the span label: struct type and field name
}

func structFill(typ reflect.Type, building map[reflect.Type]*plan) fillFunc {
	var fields []fieldPlan
	for i := range typ.NumField() {
		f := typ.Field(i)
		if !f.IsExported() || leftZero(f.Type.Kind()) {
			continue
		}
		fields = append(fields, fieldPlan{
			offset: f.Offset,
			plan:   buildPlan(f.Type, building),
			label:  typ.String() + "." + f.Name,
		})
	}
	return func(t *T, p unsafe.Pointer, left int) {
		if t.rec == nil {
			for i := range fields {
				f := &fields[i]
				f.plan.fill(t, unsafe.Add(p, f.offset), left)
			}
			return
		}
		for i := range fields {
			f := &fields[i]
			s := t.startSpan(f.label)
			f.plan.fill(t, unsafe.Add(p, f.offset), left)
			t.endSpan(s, false)
		}
	}
}

func arrayFill(typ reflect.Type, building map[reflect.Type]*plan) fillFunc {
	elem := buildPlan(typ.Elem(), building)
	n, size := typ.Len(), typ.Elem().Size()
	return func(t *T, p unsafe.Pointer, left int) {
		for i := range n {
			elem.fill(t, unsafe.Add(p, uintptr(i)*size), left)
		}
	}
}

// defaultFlag is the "one more?" flag of a collection of any length, which
// Make reads even at the depth bound so every level has the same layout.
var defaultFlag = Size{}.moreFlag()

func sliceFill(typ reflect.Type, building map[reflect.Type]*plan) fillFunc {
	elem := buildPlan(typ.Elem(), building)
	size := typ.Elem().Size()
	return func(t *T, p unsafe.Pointer, left int) {
		if left == 0 {
			t.flip(record.KindMore, defaultFlag)
			return
		}
		v := reflect.NewAt(typ, p).Elem()
		e := newElements(t, Size{})
		for n := 0; e.more("element"); n++ {
			if n == v.Cap() {
				v.Grow(1)
			}
			v.SetLen(n + 1)
			elem.fill(t, unsafe.Add(v.UnsafePointer(), uintptr(n)*size), left-1)
		}
	}
}

func mapFill(typ reflect.Type, building map[reflect.Type]*plan) fillFunc {
	kt, vt := typ.Key(), typ.Elem()
	kp, vp := buildPlan(kt, building), buildPlan(vt, building)
	return func(t *T, p unsafe.Pointer, left int) {
		if left == 0 {
			t.flip(record.KindMore, defaultFlag)
			return
		}
		m := reflect.NewAt(typ, p).Elem()
		var k, v reflect.Value
		e := newElements(t, Size{})
		rejects := 0
		for e.more("entry") {
			if m.IsNil() {
				m.Set(reflect.MakeMap(typ))
				k, v = reflect.New(kt).Elem(), reflect.New(vt).Elem()
			}
			k.SetZero()
			kp.fill(t, k.Addr().UnsafePointer(), left-1)
			if m.MapIndex(k).IsValid() {
				e.reject()
				if rejects++; rejects == maxDuplicateRejects {
					break
				}
				continue
			}
			rejects = 0
			v.SetZero()
			vp.fill(t, v.Addr().UnsafePointer(), left-1)
			m.SetMapIndex(k, v)
		}
	}
}

func pointerFill(typ reflect.Type, building map[reflect.Type]*plan) fillFunc {
	et := typ.Elem()
	elem := buildPlan(et, building)
	return func(t *T, p unsafe.Pointer, left int) {
		if !t.flip(record.KindBool, fairCoin) || left == 0 {
			return
		}
		q := reflect.New(et).UnsafePointer()
		elem.fill(t, q, left-1)
		*(*unsafe.Pointer)(p) = q
	}
}
