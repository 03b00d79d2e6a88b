module github.com/shortlex/shortlex

go 1.24

require (
	github.com/AdaLogics/go-fuzz-headers v0.0.0-20240806141605-e8a1dd7889d6 // indirect
	github.com/AdamKorcz/go-118-fuzz-build v0.0.0-20250520111509-a70c2aa677fa // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/mod v0.6.0 // indirect
	golang.org/x/sys v0.2.0 // indirect
	golang.org/x/tools v0.2.0 // indirect
)
