// Package fuzzsrc reads a fuzz target's []byte as a choice sequence from
// which the target draws typed values.
package fuzzsrc
