module github.com/shortlex/shortlex

go 1.24
