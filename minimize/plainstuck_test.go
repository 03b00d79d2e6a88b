package minimize

import "testing"

func TestElementSize(t *testing.T) {
	tests := []struct {
		name, reason string
		b            []byte
		start, n     int
		want         int
	}{
		{"records", "three 6-byte records of a tag, a type and a small value: they repeat at 6",
			[]byte("\x03A\x01\x00\x00\x00\x90X\x01\x00\x00\x00\x05B\x01\x00\x00\x00\x07"), 1, 3, 6},
		{"tiff entries", "12-byte directory entries: tag, type, count, value",
			[]byte("\x03\x00" + "\x00\x01\x03\x00\x01\x00\x00\x00\x08\x00\x00\x00" + "\x01\x01\x03\x00\x01\x00\x00\x00\x02\x00\x00\x00" + "\x06\x01\x03\x00\x01\x00\x00\x00\x03\x00\x00\x00"), 2, 3, 12},
		{"one byte repeated", "zeros repeat at every distance: no size", make([]byte, 40), 1, 4, 0},
		{"text", "prose does not repeat at one distance", []byte("\x04the quick brown fox jumps over the lazy dog"), 1, 4, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := elementSize(tc.b, tc.start, tc.n); got != tc.want {
				t.Errorf("elementSize = %d, want %d (%s)", got, tc.want, tc.reason)
			}
		})
	}
}
