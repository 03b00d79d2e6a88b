// Package examples holds realistic fuzz targets with planted bugs, one
// package each, that show the whole fuzz-minimize-replay loop.
package examples
