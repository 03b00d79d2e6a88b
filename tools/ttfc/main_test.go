package main

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestQuantile(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		sorted []float64
		q      float64
		want   float64
	}{
		{"median odd", "the middle value", []float64{1, 2, 10}, 0.5, 2},
		{"median even", "halfway between the two middle values", []float64{1, 2, 4, 10}, 0.5, 3},
		{"q1", "a quarter of the way along: index 0.75 between 1 and 2", []float64{1, 2, 4, 10}, 0.25, 1.75},
		{"q3", "index 2.25 between 4 and 10", []float64{1, 2, 4, 10}, 0.75, 5.5},
		{"max", "q 1 is the last value", []float64{1, 2, 4, 10}, 1, 10},
		{"one value", "every quantile of one value is that value", []float64{7}, 0.25, 7},
	}
	for _, tt := range tests {
		if got := quantile(tt.sorted, tt.q); got != tt.want {
			t.Errorf("%s: %s: got %v, want %v", tt.name, tt.reason, got, tt.want)
		}
	}
}

// runs makes a row's results from times in seconds, 0 for a miss.
func runs(secs ...float64) []result {
	var rs []result
	for _, s := range secs {
		if s == 0 {
			rs = append(rs, result{took: 10 * time.Second})
			continue
		}
		rs = append(rs, result{found: true, took: time.Duration(s * float64(time.Second))})
	}
	return rs
}

func TestTableAndRatios(t *testing.T) {
	limit := 10 * time.Second
	rows := []row{
		{target: "FuzzAFuzzsrc", engine: "gotest", results: runs(1, 2, 3)},
		{target: "FuzzASeeded", engine: "gotest", results: runs(0.5, 1.2, 4)},
		{target: "FuzzAHeaders", engine: "gotest", results: runs(4, 8, 12)},
		{target: "FuzzARaw", engine: "gotest", results: runs(2, 2, 2)},
		{target: "FuzzBFuzzsrc", engine: "gotest", results: runs(0, 0, 5)},
		{target: "FuzzBHeaders", engine: "gotest", results: runs(1, 1, 1)},
		{target: "FuzzBRaw", engine: "gotest", results: runs(0, 0, 0)},
	}
	tab := table(rows, limit)
	for _, want := range []string{
		// median, q1, q3, min, max
		"| A | gotest | fuzzsrc | 3 | 3 | 2.0s | 1.5s | 2.5s | 1.0s | 3.0s | - |",
		// misses count as the cap: sorted 5, 10, 10
		"| B | gotest | fuzzsrc | 3 | 1 | ≥ 10s | 7.5s | ≥ 10s | 5.0s | ≥ 10s | - |",
		"| B | gotest | raw bytes | 3 | 0 | ≥ 10s | ≥ 10s | ≥ 10s | ≥ 10s | ≥ 10s | - |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("table lacks %q:\n%s", want, tab)
		}
	}
	rat := ratios(rows, limit)
	for _, want := range []string{
		"| A | gotest | fuzzsrc | 0.25 | 1.00 |",         // 2/8, 2/2
		"| A | gotest | fuzzsrc, seeded | 0.15 | 0.60 |", // 1.2/8, 1.2/2
		"| B | gotest | fuzzsrc | >10.00 | ~1.00 |",
		// each fuzzsrc library has its own mean; the seeded one is of A alone
		"| geometric mean (min to max) | gotest | fuzzsrc, seeded | 0.15 (0.15 to 0.15) | 0.60 (0.60 to 0.60) |",
		// geometric mean of 0.25 and 10 is sqrt(2.5); of 1 and 1 is 1
		"| geometric mean (min to max) | gotest | fuzzsrc | 1.58 (0.25 to 10.00) | 1.00 (1.00 to 1.00) |",
	} {
		if !strings.Contains(rat, want) {
			t.Errorf("ratios lack %q:\n%s", want, rat)
		}
	}
}

func TestTargetName(t *testing.T) {
	tests := []struct{ fuzz, bug, lib string }{
		{"FuzzPacketFuzzsrc", "Packet", "fuzzsrc"},
		{"FuzzPacketSeeded", "Packet", "fuzzsrc, seeded"},
		{"FuzzPacketHeaders", "Packet", "go-fuzz-headers"},
		{"FuzzPacketRaw", "Packet", "raw bytes"},
		{"FuzzOther", "Other", "?"},
	}
	for _, tt := range tests {
		if bug, lib := targetName(tt.fuzz); bug != tt.bug || lib != tt.lib {
			t.Errorf("targetName(%q) = %q, %q; want %q, %q", tt.fuzz, bug, lib, tt.bug, tt.lib)
		}
	}
}

func TestExecsTableAndRatios(t *testing.T) {
	const cap = 1000
	found := func(execs ...int64) []result {
		var rs []result
		for _, e := range execs {
			if e == 0 {
				rs = append(rs, result{execs: cap + 7}) // a miss: counts as the cap
				continue
			}
			rs = append(rs, result{found: true, execs: e})
		}
		return rs
	}
	rows := []row{
		{target: "FuzzAFuzzsrc", engine: "libfuzzer", results: found(100, 200, 300)},
		{target: "FuzzAHeaders", engine: "libfuzzer", results: found(400, 800, 0)},
		{target: "FuzzBFuzzsrc", engine: "libfuzzer", results: found(0, 0, 500)},
		{target: "FuzzBHeaders", engine: "libfuzzer", results: found(50, 50, 50)},
		{target: "FuzzAFuzzsrc", engine: "gotest", results: found(10, 10, 10)},
		{target: "FuzzAHeaders", engine: "gotest", results: found(20, 20, 20)},
	}
	tab := execsTable(rows, cap)
	for _, want := range []string{
		"| A | libfuzzer | fuzzsrc | 3 | 3 | 200 | 150 | 250 | 100 | 300 |",
		// the miss counts as the cap: sorted 400, 800, 1000
		"| A | libfuzzer | go-fuzz-headers | 3 | 2 | 800 | 600 | 900 | 400 | ≥ 1000 |",
		"| B | libfuzzer | fuzzsrc | 3 | 1 | ≥ 1000 | 750 | ≥ 1000 | 500 | ≥ 1000 |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("execs table lacks %q:\n%s", want, tab)
		}
	}
	rat := execsRatios(rows, cap)
	for _, want := range []string{
		"| A | libfuzzer | fuzzsrc | 0.25 | - |", // 200/800
		"| B | libfuzzer | fuzzsrc | >20.00 | - |",
		// geometric mean of 0.25 and 20 is sqrt(5)
		"| geometric mean (min to max) | libfuzzer | fuzzsrc | 2.24 (0.25 to 20.00) | - |",
	} {
		if !strings.Contains(rat, want) {
			t.Errorf("execs ratios lack %q:\n%s", want, rat)
		}
	}
	if strings.Contains(rat, "gotest") {
		t.Errorf("execs ratios include go test's lower bounds:\n%s", rat)
	}
}

// TestGoTestArgsMinimize checks that -gominimize keeps go test's default
// (minimizing new inputs, which -fuzzminimizetime=0 would turn off too)
// and that without it minimization is off.
func TestGoTestArgsMinimize(t *testing.T) {
	for _, tt := range []struct {
		name     string
		minimize bool
		want     bool // -fuzzminimizetime=0 on the command line
	}{
		{"default", true, false},
		{"off", false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := goTestArgs(config{parallel: 1, minimize: tt.minimize}, "FuzzX", "60s", "/tmp/c")
			if got := slices.Contains(args, "-fuzzminimizetime=0"); got != tt.want {
				t.Errorf("%q: -fuzzminimizetime=0 present %v, want %v", args, got, tt.want)
			}
			if args[len(args)-1] != "-test.fuzzcachedir=/tmp/c" {
				t.Errorf("%q: the cache directory must come last", args)
			}
		})
	}
	if !crashFound.MatchString("fuzz: minimizing 34-byte failing input file") {
		t.Error("crashFound does not match go test's line")
	}
}

func TestRatioString(t *testing.T) {
	for _, tt := range []struct {
		r    float64
		want string
	}{{0.0032, "0.0032"}, {0.0999, "0.1"}, {0.25, "0.25"}, {1, "1.00"}, {12.5, "12.50"}} {
		if got := ratioString(tt.r); got != tt.want {
			t.Errorf("ratioString(%v) = %q, want %q", tt.r, got, tt.want)
		}
	}
}
