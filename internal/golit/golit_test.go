package golit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.go", `package p

import "strings"

const magic = 0x5a

func f(s string, x int) bool {
	return strings.HasPrefix(s, "GET") && x > -3 && s[0] == 'z' || s == "GET" || x == -0
}

var ratio = -1.5
`)
	write("b.go", "package p\n\nvar methods = []string{`PUT`, \"DELETE\"}\nvar big = 18446744073709551615\n")
	write("a_test.go", "package p\n\nvar crasher = \"only in a test\"\nvar n = 77\n")
	write("notes.txt", `"not Go"`)
	want := Literals{
		Ints:    []Int{{Mag: 0x5a}, {Mag: 3, Neg: true}, {Mag: 0}, {Mag: 'z'}, {Mag: 18446744073709551615}},
		Floats:  []float64{-1.5},
		Strings: []string{"GET", "PUT", "DELETE"},
	}
	if diff := cmp.Diff(want, Read(dir)); diff != "" {
		t.Errorf("Read: the package's own literals, each once, in order: file by file, not the import path, not the test file's (-want +got):\n%s", diff)
	}
}

func TestReadMissing(t *testing.T) {
	if got := Read(filepath.Join(t.TempDir(), "absent")); !cmp.Equal(got, Literals{}) {
		t.Errorf("Read of a missing directory = %+v, want nothing", got)
	}
}
