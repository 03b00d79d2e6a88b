package corpus

import (
	"fmt"
	"strings"
)

// Style is the way an OSS-Fuzz build turns a libFuzzer testcase (a plain
// byte string) into the arguments of a Go fuzz target. The same Go corpus
// entry has a different testcase under each style.
type Style int

const (
	// NativeV1 is OSS-Fuzz's compile_native_go_fuzzer: go-118-fuzz-build
	// swaps the harness's testing package for its own, whose F.Fuzz
	// decodes the arguments in order with go-fuzz-headers.
	NativeV1 Style = iota + 1
	// NativeV2 is OSS-Fuzz's compile_native_go_fuzzer_v2: go-118-fuzz-build_v2
	// overlays the standard testing package, and F.Fuzz reads fixed-size
	// arguments first, then shares the rest among string and []byte
	// arguments by weight bytes.
	NativeV2
	// Raw is OSS-Fuzz's compile_go_fuzzer for func Fuzz(data []byte) int
	// targets, which receive the testcase unchanged.
	Raw
)

// styleNames are the command-line spellings of the styles.
var styleNames = map[Style]string{NativeV1: "v1", NativeV2: "v2", Raw: "raw"}

// String returns the style's command-line name: "v1", "v2" or "raw".
func (s Style) String() string {
	if name, ok := styleNames[s]; ok {
		return name
	}
	return fmt.Sprintf("Style(%d)", int(s))
}

// ParseStyle returns the style named by a command-line flag value: "v1",
// "v2" or "raw", in any case.
func ParseStyle(name string) (Style, error) {
	for style, n := range styleNames {
		if strings.EqualFold(name, n) {
			return style, nil
		}
	}
	return 0, fmt.Errorf("corpus: unknown OSS-Fuzz build style %q (want v1, v2 or raw)", name)
}

// valid reports whether s is one of the declared styles.
func (s Style) valid() bool {
	_, ok := styleNames[s]
	return ok
}
