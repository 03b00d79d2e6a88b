package parse

// A test file's literals are not read.
var regression = []string{"a crasher once"}
