module github.com/shortlex/shortlex/tools/realbench

go 1.24

require (
	github.com/AdaLogics/go-fuzz-headers v0.0.0-20240806141605-e8a1dd7889d6
	github.com/BurntSushi/toml v0.3.1
	github.com/buger/jsonparser v0.0.0-20191204142016-1a29609e0929
	github.com/gomarkdown/markdown v0.0.0-20240723152757-afa4a469d4f9
	github.com/google/gopacket v1.1.19
	github.com/shortlex/shortlex v0.0.0-00010101000000-000000000000
	github.com/ulikunitz/xz v0.5.8
	github.com/vektah/gqlparser v0.0.0-20181113085259-6f09700b13a3
	github.com/yuin/goldmark v1.1.10
	golang.org/x/image v0.17.0
	gopkg.in/yaml.v3 v3.0.0-20200615113413-eeeca48fe776
)

require (
	github.com/andreyvit/diff v0.0.0-20170406064948-c7f18ee00883 // indirect
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/kr/pretty v0.1.0 // indirect
	github.com/sergi/go-diff v1.4.0 // indirect
	gopkg.in/check.v1 v1.0.0-20190902080502-41f04d3bba15 // indirect
	gopkg.in/yaml.v2 v2.4.0 // indirect
)

require (
	github.com/DataDog/sketches-go v1.4.6
	google.golang.org/protobuf v1.32.0 // indirect
)

replace github.com/shortlex/shortlex => ../..
