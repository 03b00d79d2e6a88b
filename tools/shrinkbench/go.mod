module github.com/shortlex/shortlex/tools/shrinkbench

go 1.24

require github.com/shortlex/shortlex v0.0.0

require (
	github.com/AdaLogics/go-fuzz-headers v0.0.0-20240806141605-e8a1dd7889d6 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	pgregory.net/rapid v1.3.0
)

replace github.com/shortlex/shortlex => ../..
