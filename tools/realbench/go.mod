module github.com/shortlex/shortlex/tools/realbench

go 1.24

require (
	github.com/AdaLogics/go-fuzz-headers v0.0.0-20240806141605-e8a1dd7889d6
	github.com/BurntSushi/toml v0.3.1
	github.com/Eyevinn/mp4ff v0.47.0
	github.com/google/gopacket v1.1.19
	github.com/shamaton/msgpack/v2 v2.1.0
	github.com/shortlex/shortlex v0.0.0-00010101000000-000000000000
	github.com/tidwall/gjson v1.6.3
	github.com/ulikunitz/xz v0.5.8
	github.com/yuin/goldmark v1.1.10
	golang.org/x/image v0.17.0
	gopkg.in/yaml.v3 v3.0.0-20200615113413-eeeca48fe776
)

require (
	github.com/tidwall/match v1.0.1 // indirect
	github.com/tidwall/pretty v1.0.2 // indirect
)

replace github.com/shortlex/shortlex => ../..
