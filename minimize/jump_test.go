package minimize

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestJumpTargets(t *testing.T) {
	tests := []struct {
		name, reason string
		m            uint64
		c            Choice
		want         []uint64
	}{
		{"small value", "below 4 no half; steps of 3 only reach 0, which is not above zero", 3, Choice{Width: 2, Max: 1000}, nil},
		{"steps", "half, then 3 to 8 below (10 below is the half), then bit 4 cleared: 20 is 10100, its bit 2 within the steps (and not a power of two, which would be shifted); a range of 1001 values holds no bit pattern, so no values with as many set bits", 20, Choice{Width: 2, Max: 1000},
			[]uint64{10, 17, 16, 15, 14, 13, 12, 4}},
		{"steps in a word", "the same 20 in a uint16: then the least with two set bits (10001 is 17, a step, and 00011; bit 4 moved into bit 3 is 12, a step)", 20, Choice{Width: 2, Max: 65535},
			[]uint64{10, 17, 16, 15, 14, 13, 12, 4, 3}},
		{"flag word", "0x0a08 of a uint16: half, steps (no powers of ten in a bit pattern), then bits 11 and 9 cleared (bit 3 is within the steps), then the least with three set bits, with bit 11 and without, and bit 11 moved into bit 10; last a third (2568 is 8*3*107; a 107th, 24, is a step), and a fifth, a seventh, an eleventh and a thirteenth rounded down", 0x0a08, Choice{Width: 2, Max: 65535},
			[]uint64{0x0504, 0x0a05, 0x0a04, 0x0a03, 0x0a02, 0x0a01, 0x0a00, 0x09fe, 0x0208, 0x0808, 0x0803, 0x0007, 0x0608, 856, 513, 366, 233, 197}},
		{"decimal digits", "2899 in a range of 4000: half, steps, then 100 and 1000 below (a nine in the hundreds fails again at 1899), no shift (2899 is odd), then bits 11, 9, 8, 6 and 4 cleared, then a third, a fifth, a seventh and an eleventh rounded down, and a 13th (2899 is 13*223, a prime past 100)", 2899, Choice{Width: 2, Max: 3999},
			[]uint64{1449, 2896, 2895, 2894, 2893, 2892, 2891, 2889, 2799, 1899, 851, 2387, 2643, 2835, 2883, 966, 579, 414, 263, 223}},
		{"groups of bits", "2^62 in an int64's magnitude: half, steps, the powers of ten up to 10^18, then shifted right by 2 to 8 (a varint's seven-bit groups: 2^55 fails as 2^62 does), then its one bit cleared, 0, then a third, a fifth, a seventh, an eleventh and a thirteenth rounded down", 1 << 62, Choice{Width: 8, Max: 1<<64 - 1, Below: 1 << 63},
			append(append([]uint64{1 << 61, 1<<62 - 3, 1<<62 - 4, 1<<62 - 5, 1<<62 - 6, 1<<62 - 7, 1<<62 - 8, 1<<62 - 10}, powersOfTenBelow(1<<62)...), 1<<60, 1<<59, 1<<58, 1<<57, 1<<56, 1<<55, 1<<54, 0,
				(1<<62)/3, (1<<62)/5, (1<<62)/7, (1<<62)/11, (1<<62)/13)},
		{"small domain", "a byte's steps go to 32; bits above 32 cleared: 200 is 11001000, so 128 and 64; then the least with three set bits, with bit 7 (10000011) and without (111), and bit 7 moved into bit 5 (01101000); last a fifth (200 is 8*5*5)", 200, Choice{Width: 1, Max: 255},
			[]uint64{100, 197, 196, 195, 194, 193, 192, 191, 190, 189, 188, 187, 186, 185, 184, 183, 182, 181, 180, 179, 178, 177, 176, 175, 174, 173, 172, 171, 170, 169, 168, 72, 136, 131, 7, 104, 40}},
		{"odd multiples", "540 (a heading at the odd multiples of 180): half, steps, 440 (100 below), bits 9 and 4 cleared, then a third and a fifth (540 is 4*27*5; a ninth is the third of a kept third; a seventh rounded down, 77, is under 100), and a tenth", 540, Choice{Width: 2, Max: 1440},
			[]uint64{270, 537, 536, 535, 534, 533, 532, 530, 440, 28, 524, 180, 108, 54}},
		{"a tenth", "1000 (a number that fails by its leading decimal digit): half, steps, powers of ten below, set bits, a third rounded down, a fifth, a seventh rounded down (an eleventh, 90, is under 100), then a tenth", 1000, Choice{Width: 2, Max: 5000},
			[]uint64{500, 997, 996, 995, 994, 993, 992, 990, 900, 488, 744, 872, 936, 968, 333, 200, 142, 100}},
		{"same number of bits", "79 is 1001111, five bits: half, steps, then the least with five set bits (11111 = 31; with bit 6 it is 79 itself), and bit 6 moved into bit 5 (0101111 = 47)", 79, Choice{Width: 4, Max: 1<<32 - 1},
			[]uint64{39, 76, 75, 74, 73, 72, 71, 69, 15, 31, 47}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, jumpTargets(tt.m, tt.c)); diff != "" {
				t.Errorf("jumpTargets(%d, %+v) (-want +got):\n%s\n%s", tt.m, tt.c, diff, tt.reason)
			}
		})
	}
}

// powersOfTenBelow returns m less each power of ten from 100 below m.
func powersOfTenBelow(m uint64) []uint64 {
	var ts []uint64
	for d := uint64(100); d < m; d *= 10 {
		ts = append(ts, m-d)
	}
	return ts
}
