package corpus_test

import (
	"errors"
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"
	"reflect"

	"github.com/shortlex/shortlex/corpus"
)

func ExampleMarshal() {
	data, err := corpus.Marshal([]byte("hi\n"), uint8('x'), int32(-1), math.Inf(1), math.Float64frombits(0x7ff0000000000001))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(data))
	fmt.Println(corpus.Name(data))
	// Output:
	// go test fuzz v1
	// []byte("hi\n")
	// byte('x')
	// int32(-1)
	// float64(+Inf)
	// math.Float64frombits(0x7ff0000000000001)
	// 5b76bd7c61a12a4d
}

func ExampleUnmarshal() {
	values, err := corpus.Unmarshal([]byte("go test fuzz v1\nstring(`raw`)\nint(0x10)\nrune('☺')\n"))
	if err != nil {
		log.Fatal(err)
	}
	for _, v := range values {
		fmt.Printf("%T %v\n", v, v)
	}

	_, err = corpus.Unmarshal([]byte("go test fuzz v1\nint(1)\nint8(300)\n"))
	fmt.Println(err)
	// Output:
	// string raw
	// int 16
	// int32 9786
	// line 3: "int8(300)": strconv.ParseInt: parsing "300": value out of range
}

func ExampleReadDir() {
	dir, err := os.MkdirTemp("", "corpus-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if _, err := corpus.WriteFile(dir, "hello", 42); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken"), []byte("go test fuzz v1\nint(x)\n"), 0o644); err != nil {
		log.Fatal(err)
	}

	entries, err := corpus.ReadDir(dir)
	for _, e := range entries {
		fmt.Println(e.Name(), e.Values)
	}
	var malformed *corpus.MalformedError
	if errors.As(err, &malformed) {
		for _, f := range malformed.Files {
			fmt.Println(filepath.Base(f.Path), "line", f.Line)
		}
	}
	// Output:
	// 9dce759662f5de74 [hello 42]
	// broken line 2
}

func ExampleEncode() {
	values := []any{[]byte("data"), "", true}
	for _, style := range []corpus.Style{corpus.NativeV1, corpus.NativeV2} {
		testcase, err := corpus.Encode(style, values...)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%v: %q\n", style, testcase)
	}
	// Output:
	// v1: "\x00\x00\x00\x04data\x00\x00\x00\x00\x00"
	// v2: "\x01\x01\x00data"
}

func ExampleDecode() {
	types := []reflect.Type{reflect.TypeFor[string](), reflect.TypeFor[int16]()}
	values, err := corpus.Decode(corpus.NativeV1, []byte("\x00\x00\x00\x02hi\x01\x02\x01"), types)
	fmt.Println(values, err)

	_, err = corpus.Decode(corpus.NativeV1, []byte("\x00\x00\x00\x09hi"), types)
	fmt.Println(err)
	// Output:
	// [hi 258] <nil>
	// corpus: v1 testcase: argument 0 (string): not enough bytes to create string; the harness returns without calling the fuzz target
}

func ExampleExportSeedCorpus() {
	root, err := os.MkdirTemp("", "corpus-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(root)
	dir := filepath.Join(root, "testdata", "fuzz", "FuzzParse")
	if _, err := corpus.WriteFile(dir, []byte("seed")); err != nil {
		log.Fatal(err)
	}

	style, err := corpus.ParseStyle("v2")
	if err != nil {
		log.Fatal(err)
	}
	zipPath, err := corpus.ExportSeedCorpus(dir, root, style)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(filepath.Base(zipPath))
	// Output:
	// FuzzParse_seed_corpus.zip
}
