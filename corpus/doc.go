// Package corpus reads and writes Go's testdata/fuzz corpus files and
// converts OSS-Fuzz testcases to and from them.
package corpus
