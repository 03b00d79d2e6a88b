package fuzzsrc

import "github.com/google/go-cmp/cmp"

// Equal fails the property with t.Fatalf, reporting cmp.Diff(want, got)
// as "(-want +got)", unless cmp.Equal(want, got, opts...) holds. It is a
// helper: the failure is located at its caller, which the reducer uses to
// tell this failure from others.
//
// cmp panics on unexported fields and reports NaN as unequal to itself
// unless opts say otherwise (cmpopts.IgnoreUnexported, cmpopts.EquateNaNs);
// such a panic fails the property as a panic.
func Equal(t *T, want, got any, opts ...cmp.Option) {
	t.Helper()
	if cmp.Equal(want, got, opts...) {
		return
	}
	t.Fatalf("values differ (-want +got):\n%s", cmp.Diff(want, got, opts...))
}
