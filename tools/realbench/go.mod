module github.com/shortlex/shortlex/tools/realbench

go 1.24

require (
	github.com/AdaLogics/go-fuzz-headers v0.0.0-20240806141605-e8a1dd7889d6
	github.com/BurntSushi/toml v0.3.1
	github.com/Eyevinn/mp4ff v0.47.0
	github.com/buger/jsonparser v0.0.0-20191204142016-1a29609e0929
	github.com/gomarkdown/markdown v0.0.0-20240723152757-afa4a469d4f9
	github.com/google/cel-go v0.3.2
	github.com/google/gopacket v1.1.19
	github.com/shamaton/msgpack/v2 v2.1.0
	github.com/shortlex/shortlex v0.0.0-00010101000000-000000000000
	github.com/tidwall/gjson v1.6.3
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
	github.com/antlr/antlr4 v0.0.0-20190819145818-b43a4c3a8015 // indirect
	github.com/golang/protobuf v1.5.0 // indirect
	github.com/tidwall/match v1.0.1 // indirect
	github.com/tidwall/pretty v1.0.2 // indirect
	golang.org/x/net v0.0.0-20190620200207-3b0461eec859 // indirect
	golang.org/x/sys v0.0.0-20190412213103-97732733099d // indirect
	golang.org/x/text v0.16.0 // indirect
	google.golang.org/genproto v0.0.0-20190819201941-24fa4b261c55 // indirect
	google.golang.org/grpc v1.19.0 // indirect
	google.golang.org/protobuf v1.32.0 // indirect
)

replace github.com/shortlex/shortlex => ../..
