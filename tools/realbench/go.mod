module github.com/shortlex/shortlex/tools/realbench

go 1.24

require (
	github.com/AdaLogics/go-fuzz-headers v0.0.0-20240806141605-e8a1dd7889d6
	github.com/BurntSushi/toml v0.3.1
	github.com/miekg/dns v1.1.9
	github.com/shortlex/shortlex v0.0.0-00010101000000-000000000000
	github.com/ulikunitz/xz v0.5.8
	github.com/yuin/goldmark v1.1.10
	golang.org/x/image v0.17.0
	golang.org/x/net v0.0.0-20180906233101-161cd47e91fd
	gopkg.in/yaml.v3 v3.0.0-20200615113413-eeeca48fe776
)

require (
	golang.org/x/crypto v0.0.0-20180904163835-0709b304e793 // indirect
	golang.org/x/sync v0.0.0-20180314180146-1d60e4601c6f // indirect
	golang.org/x/sys v0.28.0 // indirect
)

replace github.com/shortlex/shortlex => ../..
