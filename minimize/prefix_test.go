package minimize

import (
	"bytes"
	"context"
	"testing"
)

func TestReadCache(t *testing.T) {
	type run struct {
		used int
		read []byte
	}
	tests := []struct {
		name, reason string
		runs         []run
		input        []byte
		hit          bool
	}{
		{name: "same read bytes", reason: "the run read 2 bytes; what follows them was never read",
			runs: []run{{2, []byte{1, 2}}}, input: []byte{1, 2, 9, 9}, hit: true},
		{name: "other read bytes", reason: "a byte the run read differs",
			runs: []run{{2, []byte{1, 2}}}, input: []byte{1, 3, 9}},
		{name: "zeros read", reason: "the run read 1 then two zeros; a candidate that ends after 1 reads the same zeros",
			runs: []run{{3, []byte{1}}}, input: []byte{1}, hit: true},
		{name: "zero then more", reason: "the run read 1, 0; the candidate's second byte is not 0",
			runs: []run{{2, []byte{1}}}, input: []byte{1, 5}},
		{name: "one of several lengths", reason: "each remembered length is tried",
			runs: []run{{1, []byte{7}}, {3, []byte{1, 2, 3}}}, input: []byte{1, 2, 3, 4}, hit: true},
		{name: "nothing read", reason: "a run that read nothing runs the same on every input",
			runs: []run{{0, nil}}, input: []byte{4, 5}, hit: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c readCache
			for k, r := range tt.runs {
				c.add(r.used, r.read, Outcome{Used: r.used, Signature: string(rune('a' + k))})
			}
			_, hit := c.lookup(tt.input)
			if hit != tt.hit {
				t.Errorf("lookup(%v) hit = %v, want %v: %s", tt.input, hit, tt.hit, tt.reason)
			}
		})
	}
}

// TestReadCacheSavesRuns reduces a list drawn as a flag byte (nonzero:
// one more element) before each element byte, failing when an element is
// 10 or more, and checks that no input runs whose leading bytes a run
// that stopped early already read.
func TestReadCacheSavesRuns(t *testing.T) {
	var ran [][]byte
	var used []int
	read := func(b []byte, n int) []byte { return padTo(bytes.Clone(b), n)[:n] }
	run := func(_ context.Context, in []byte) (Outcome, error) {
		at, big := 0, false
		var choices []Choice
		for {
			flag := at < len(in) && in[at] != 0
			choices = append(choices, Choice{Offset: at, Width: 1, Max: 255})
			at++
			if !flag {
				break
			}
			if at < len(in) {
				big = big || in[at] >= 10
			}
			choices = append(choices, Choice{Offset: at, Width: 1, Max: 255})
			at++
		}
		u := min(at, len(in))
		for k, prev := range ran {
			if used[k] < len(prev) && bytes.Equal(read(in, used[k]), read(prev, used[k])) {
				t.Errorf("%v ran, but %v read the same %d bytes", in, prev, used[k])
			}
		}
		ran, used = append(ran, bytes.Clone(in)), append(used, u)
		return Outcome{Failed: big, Signature: "big", Used: u, Choices: choices}, nil
	}
	res, err := Minimize(context.Background(), []byte{1, 3, 1, 4, 1, 12, 0, 1, 9, 1, 9, 0, 7}, run, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := []byte{1, 10}; !bytes.Equal(res.Input, want) {
		t.Errorf("reduced to %v, want %v", res.Input, want)
	}
}
