package minimize_test

import (
	"bytes"
	"testing"

	"github.com/shortlex/shortlex/minimize"
)

func TestOrderKey(t *testing.T) {
	// Two 8-byte integers after a one-byte flag, as a list of ints draws.
	ints := []minimize.Choice{
		{Offset: 0, Width: 1, Max: 255},
		{Offset: 1, Width: 8, Max: 1<<64 - 1},
		{Offset: 9, Width: 8, Max: 1<<64 - 1},
	}
	tests := []struct {
		name, reason string
		input        []byte
		out          minimize.Outcome
		want         []byte
	}{
		{"empty", "nothing to pad", nil, minimize.Outcome{}, nil},
		{"unused tail", "bytes the run did not read are cut",
			[]byte{1, 2, 3}, minimize.Outcome{Used: 1, Choices: ints[:1]}, []byte{1}},
		{"trailing zeros", "zero bytes at the end read as missing bytes do",
			[]byte{1, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0}, minimize.Outcome{Used: 11, Choices: ints},
			[]byte{1, 0, 0, 0, 0, 0, 0, 0, 5}},
		{"padded", "a last value whose encoding ends in zero bytes counts at full width",
			[]byte{1, 0, 0, 0, 0, 0, 0, 0, 5, 1}, minimize.Outcome{Used: 17, Choices: ints},
			[]byte{1, 0, 0, 0, 0, 0, 0, 0, 5, 1, 0, 0, 0, 0, 0, 0, 0}},
		{"no choices", "a target reading raw bytes reports none: nothing to pad",
			[]byte{7, 8}, minimize.Outcome{Used: 2}, []byte{7, 8}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := minimize.OrderKey(tt.input, tt.out); !bytes.Equal(got, tt.want) {
				t.Errorf("OrderKey(% x) = % x, want % x: %s", tt.input, got, tt.want, tt.reason)
			}
		})
	}
}

func TestShortlexLess(t *testing.T) {
	tests := []struct {
		name, reason string
		a, b         []byte
		want         bool
	}{
		{"shorter", "length decides first", []byte{9}, []byte{0, 0}, true},
		{"longer", "length decides first", []byte{0, 0}, []byte{9}, false},
		{"smaller byte", "same length: lexicographic", []byte{0, 1}, []byte{0, 2}, true},
		{"equal", "strictly smaller only", []byte{3}, []byte{3}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := minimize.ShortlexLess(tt.a, tt.b); got != tt.want {
				t.Errorf("ShortlexLess(% x, % x) = %v, want %v: %s", tt.a, tt.b, got, tt.want, tt.reason)
			}
		})
	}
}
