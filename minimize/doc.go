// Package minimize is a shortlex test-case reducer over recorded choice
// sequences.
package minimize
