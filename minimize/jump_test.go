package minimize

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestJumpTargets(t *testing.T) {
	tests := []struct {
		name, reason string
		m, max       uint64
		want         []uint64
	}{
		{"small value", "below 4 no half; steps of 3 only reach 0, which is not above zero", 3, 1000, nil},
		{"steps", "half, then 3 to 8 below (10 below is the half), then bit 4 cleared: 20 is 10100, its bit 2 within the steps", 20, 1000,
			[]uint64{10, 17, 16, 15, 14, 13, 12, 4}},
		{"flag word", "0x0a08 of a uint16: half, steps, then bits 11 and 9 cleared (bit 3 is within the steps)", 0x0a08, 65535,
			[]uint64{0x0504, 0x0a05, 0x0a04, 0x0a03, 0x0a02, 0x0a01, 0x0a00, 0x09fe, 0x0208, 0x0808}},
		{"small domain", "a byte's steps go to 16; bits above 16 cleared: 200 is 11001000, so 128 and 64", 200, 255,
			[]uint64{100, 197, 196, 195, 194, 193, 192, 191, 190, 189, 188, 187, 186, 185, 184, 72, 136}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, jumpTargets(tt.m, tt.max)); diff != "" {
				t.Errorf("jumpTargets(%d, %d) (-want +got):\n%s\n%s", tt.m, tt.max, diff, tt.reason)
			}
		})
	}
}
