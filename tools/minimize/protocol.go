package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"time"
	"unsafe"
)

// This file mirrors the wire types of Go's own fuzz worker protocol, which
// the tool speaks to run one exact input per call in a test binary started
// with -test.fuzzworker. They are copies of unexported types in
// $GOROOT/src/internal/fuzz/worker.go (call, fuzzArgs, fuzzResponse,
// pingArgs, pingResponse) and mem.go (sharedMemHeader), as of Go 1.26.
// Only the fields the tool uses are documented; the others are kept so
// that a response decodes in full.
//
// The protocol: the worker reads JSON calls on fd 3 and writes one JSON
// response per call on fd 4. The input is not in the call but in a file
// the worker maps at fd 5: a sharedMemHeader, then the value, a corpus
// file ("go test fuzz v1" and one value per line). A Fuzz call with
// Warmup set and Limit 1 runs the fuzz function exactly once on that value
// as a subtest with its own *testing.T, and answers with Err set to the
// test's output if it failed. InternalErr reports a problem of the worker
// itself (it could not read the value, say): not a failure of the target.
// A run that kills the process (a fatal error, os.Exit, a runtime crash)
// gets no response at all: fd 4 reaches EOF.
//
// Go treats these types as internal, so they can change in any release.
// checkSharedMemHeader compares the header with the GOROOT's mem.go before
// any worker starts, and the first call of every worker runs the original
// input and checks the response, so a mismatch fails loudly rather than
// running the wrong input.

// call is Go's call: exactly one field is set.
type call struct {
	Ping     *pingArgs     `json:",omitempty"`
	Fuzz     *fuzzArgs     `json:",omitempty"`
	Minimize *minimizeArgs `json:",omitempty"`
}

// pingArgs and pingResponse are Go's; both are empty.
type (
	pingArgs     struct{}
	pingResponse struct{}
)

// minimizeArgs is never sent: Go's minimizer is what this tool replaces.
// It is declared so that call marshals the same field set as Go's.
type minimizeArgs struct{}

// fuzzArgs is Go's fuzzArgs. The tool sends Limit 1 and Warmup true: run
// the value in shared memory once, do not mutate it.
type fuzzArgs struct {
	Timeout      time.Duration
	Limit        int64
	Warmup       bool
	CoverageData []byte `json:",omitempty"`
}

// fuzzResponse is Go's fuzzResponse.
type fuzzResponse struct {
	TotalDuration       time.Duration
	InterestingDuration time.Duration
	// Count is the shared header's count after the call: 1 after one run
	// from a zeroed count. The tool checks it to catch a header mismatch.
	Count        int64
	CoverageData []byte
	// Err is the failing test's output, non-empty if the target failed.
	Err string
	// InternalErr is an error of the worker itself.
	InternalErr string
}

// sharedMemHeader is Go's sharedMemHeader, the start of the shared memory
// file; the value follows it at offset unsafe.Sizeof(sharedMemHeader{}).
type sharedMemHeader struct {
	count              int64 // runs so far; zeroed before each call
	valueLen           int   // length of the value after the header
	randState, randInc uint64
	rawInMem           bool
}

// headerSize is where the value starts in shared memory: 40 bytes on
// 64-bit platforms.
const headerSize = int(unsafe.Sizeof(sharedMemHeader{}))

// checkSharedMemHeader parses Go's mem.go in goroot and checks that its
// sharedMemHeader starts with count int64 and valueLen int and has the
// size of the tool's copy on this platform. A missing source file is not
// an error (the handshake still checks every worker); a different layout
// is.
func checkSharedMemHeader(goroot string) error {
	path := filepath.Join(goroot, "src", "internal", "fuzz", "mem.go")
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, 0)
	if err != nil {
		return fmt.Errorf("parsing %s: %v", path, err)
	}
	var st *ast.StructType
	ast.Inspect(f, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == "sharedMemHeader" {
			st, _ = ts.Type.(*ast.StructType)
		}
		return st == nil
	})
	if st == nil {
		return fmt.Errorf("%s declares no sharedMemHeader struct: the Go fuzz worker protocol changed; this tool speaks Go 1.26's", path)
	}
	var fields []*types.Var
	var names []string
	for _, fl := range st.Fields.List {
		id, ok := fl.Type.(*ast.Ident)
		obj := types.Universe.Lookup(fmt.Sprint(fl.Type))
		if !ok || obj == nil {
			return fmt.Errorf("%s: sharedMemHeader field of type %s is not a basic type: the Go fuzz worker protocol changed", path, types.ExprString(fl.Type))
		}
		for _, n := range fl.Names {
			fields = append(fields, types.NewField(token.NoPos, nil, n.Name, obj.Type(), false))
			names = append(names, n.Name+" "+id.Name)
		}
	}
	sizes := types.SizesFor("gc", runtime.GOARCH)
	size := sizes.Sizeof(types.NewStruct(fields, nil))
	if len(names) < 2 || names[0] != "count int64" || names[1] != "valueLen int" || size != int64(headerSize) {
		return fmt.Errorf("%s: sharedMemHeader is {%v}, %d bytes; this tool writes {count int64; valueLen int; ...}, %d bytes: the Go fuzz worker protocol changed",
			path, names, size, headerSize)
	}
	return nil
}
