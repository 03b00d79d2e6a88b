// Package parse is source for TestLiterals: the literals a generating run
// finds in the code under test.
package parse

import (
	"strings"
)

const magic = 0x534c_4558

func level(n int) string {
	if n > 4242 || n == -17 {
		return "DROP TABLE"
	}
	if strings.HasPrefix("x", "<?xml") {
		return string('Z') + "\u00c0 la" // 'Z' and a Latin-1 string
	}
	return "日本" + `raw` + string(rune(2.5e3))
}
