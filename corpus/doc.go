// Package corpus reads and writes Go's native fuzzing corpus files and
// converts them to and from OSS-Fuzz (libFuzzer) testcases.
//
// # Go corpus files
//
// A corpus file, as found in testdata/fuzz/FuzzX or the fuzz cache, is the
// line "go test fuzz v1" followed by one Go-syntax value per line, such as
// []byte("\x00"), int(-5) or math.Float64frombits(0x7ff8000000000001).
//
//   - [Marshal] and [Unmarshal] convert between values and file content,
//     writing byte for byte what Go 1.26 writes and accepting what it
//     accepts.
//   - [Name] is the file name Go gives content: its SHA-256, shortened.
//   - [ReadFile] and [ReadDir] load files as [Entry] values; malformed
//     content gives a [*SyntaxError] (file and line), or from ReadDir a
//     [*MalformedError] alongside the good entries.
//   - [WriteFile] stores values under their Go name, and
//     [WriteFileAtomic] stores bytes, both atomically and without
//     replacing a different existing file.
//
// # OSS-Fuzz testcases
//
// OSS-Fuzz runs Go fuzz targets under libFuzzer, which hands them a plain
// byte string. How those bytes become arguments depends on the build
// script, named by [Style]: [NativeV1] (go-fuzz-headers), [NativeV2]
// (weight bytes) or [Raw] (func Fuzz(data []byte) int).
//
//   - [Decode] turns a testcase into the arguments the build passes to the
//     target; [DecodeError] reports testcases on which it calls nothing.
//   - [Encode] turns arguments into a testcase that decodes to them, or
//     fails with [ErrUnencodable] when the style cannot express them.
//   - [WriteSeedCorpus] and [ExportSeedCorpus] package a corpus directory
//     as FuzzX_seed_corpus.zip ([SeedCorpusName]) for OSS-Fuzz.
//   - [ParseStyle] reads a style from a flag: "v1", "v2" or "raw".
package corpus
