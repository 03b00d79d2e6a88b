module github.com/shortlex/shortlex

go 1.24

require (
	github.com/AdaLogics/go-fuzz-headers v0.0.0-20240806141605-e8a1dd7889d6
	github.com/AdamKorcz/go-118-fuzz-build v0.0.0-20250520111509-a70c2aa677fa
	github.com/google/go-cmp v0.7.0
)
