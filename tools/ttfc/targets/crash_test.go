package targets

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/internal/record"
)

// TestEveryTargetCanCrash runs each fuzz target's decoding on an input
// that reaches its planted bug, so that no target times a bug its
// decoding cannot reach. The inputs are written in each decoding's
// terms; the comments say how.
func TestEveryTargetCanCrash(t *testing.T) {
	type fn = func([]byte)
	type prop = func(*fuzzsrc.T)
	tests := []struct {
		name   string
		reason string
		target any // fn or prop
		input  string
	}{
		{"PacketFuzzsrc", "SLEX, version 2, length 2, payload flag 5 flag 0 stop", prop(packetFuzzsrc), "534c4558 02 02 ff05 ff00 00"},
		{"PacketHeaders", "SLEX, 2, 2, GetBytes: 4-byte length 2, then 5 0", fn(packetHeaders), "534c4558 02 02 00000002 0500"},
		{"PacketRaw", "SLEX, 2, 2, the rest is the payload", fn(packetRaw), "534c4558 02 02 0500"},
		{"SessionFuzzsrc", "flag, kind byte ceil(k*256/5), arg: open, auth 5a, send x3, rekey 0, rekey", prop(sessionFuzzsrc), "ff0000 ff345a ff6701 ff6702 ff6703 ff9a00 ff9a07 00"},
		{"SessionHeaders", "a count of 7, then kind and arg bytes", fn(sessionHeaders), "07 0000 015a 0201 0202 0203 0300 0307"},
		{"SessionRaw", "kind and arg bytes to the end", fn(sessionRaw), "0000 015a 0201 0202 0203 0300 0307"},
		{"WordFuzzsrc", "a uint32 is its big-endian bytes; flags 0x80", prop(wordFuzzsrc), "58454c53 80"},
		{"WordHeaders", "GetUint32 is big-endian", fn(wordHeaders), "58454c53 80"},
		{"WordRaw", "the format's magic is little-endian: SLEX", fn(wordRaw), "534c4558 80"},
		{"EqualFuzzsrc", "index 1 is +1, twice", prop(equalFuzzsrc), "0000000000000001 0000000000000001"},
		{"EqualHeaders", "GetUint64: 8 bytes and an odd byte for big-endian, twice", fn(equalHeaders), "0000000000000001 01 0000000000000001 01"},
		{"EqualRaw", "big-endian 1, twice", fn(equalRaw), "0000000000000001 0000000000000001"},
		{"WindowFuzzsrc", "index 2^64-3 is MaxInt64, index 1 is 1", prop(windowFuzzsrc), "fffffffffffffffd 0000000000000001"},
		{"WindowHeaders", "MaxInt64 and 1, big-endian", fn(windowHeaders), "7fffffffffffffff 01 0000000000000001 01"},
		{"WindowRaw", "MaxInt64 and 1", fn(windowRaw), "7fffffffffffffff 0000000000000001"},
		{"LevelFuzzsrc", "1000", prop(levelFuzzsrc), "03e8"},
		{"LevelHeaders", "GetUint16: 2 bytes and an odd byte for big-endian", fn(levelHeaders), "03e8 01"},
		{"LevelRaw", "1000", fn(levelRaw), "03e8"},
		{"CommandFuzzsrc", "the input is the text", prop(commandFuzzsrc), hex.EncodeToString([]byte("DROP TABLE"))},
		{"CommandHeaders", "GetString: 4-byte length 10, then the text", fn(commandHeaders), "0000000a " + hex.EncodeToString([]byte("DROP TABLE"))},
		{"CommandRaw", "the input is the text", fn(commandRaw), hex.EncodeToString([]byte("DROP TABLE"))},
		{"TreeFuzzsrc", "five levels of branch 0x80 (a node) and value 1, each the left child of the one before", prop(treeFuzzsrc), "8001 8001 8001 8001 8001"},
		{"TreeHeaders", "five of an even byte (true: a node) and value 1", fn(treeHeaders), "0001 0001 0001 0001 0001"},
		{"TreeRaw", "five nonzero bytes in preorder: a left chain", fn(treeRaw), "01 01 01 01 01"},
		{"ChecksumFuzzsrc", "eight records, each a flag and 2 bytes; the eighth 0xff00", prop(checksumFuzzsrc), "ff0000 ff0000 ff0000 ff0000 ff0000 ff0000 ff0000 ffff00"},
		{"ChecksumHeaders", "a count of 8, then GetUint16s of 2 bytes and an odd byte", fn(checksumHeaders), "08 000001 000001 000001 000001 000001 000001 000001 ff0001"},
		{"ChecksumRaw", "eight 2-byte records", fn(checksumRaw), "0000 0000 0000 0000 0000 0000 0000 ff00"},
		{"InternFuzzsrc", "keys 0, 34 and 89 (all in bucket 0), each a flag, 2 bytes and a value", prop(internFuzzsrc), "ff000000 ff002200 ff005900 00"},
		{"InternHeaders", "a count of 3, then GetUint16 (2 bytes and an odd byte) and a value", fn(internHeaders), "03 00000100 00220100 00590100"},
		{"InternRaw", "3-byte records: key and value", fn(internRaw), "000000 002200 005900"},
		{"FloatFuzzsrc", "sign byte and magnitude code: +Inf is 00 fff0.., -0 is 80 00.., NaN is 00 fff8..", prop(floatFuzzsrc), "00fff0000000000000 800000000000000000 00fff8000000000000"},
		{"FloatHeaders", "IEEE bits and an odd byte for big-endian", fn(floatHeaders), "7ff0000000000000 01 8000000000000000 01 7ff8000000000000 01"},
		{"FloatRaw", "IEEE bits, big-endian", fn(floatRaw), "7ff0000000000000 8000000000000000 7ff8000000000000"},
		{"CacheFuzzsrc", "steps: flag ff, action byte (00 Put, ff Get), key byte k*32, Put's value: Put(0,1) Put(1,1) Get(0) Put(2,1) Get(0)", prop(cacheFuzzsrc), "ff000001 ff002001 ffff00 ff004001 ffff00 00"},
		{"CacheHeaders", "a count of 5, then kind (odd: Get), key and Put's value bytes", fn(cacheHeaders), "05 000001 000101 0100 000201 0100"},
		{"CacheRaw", "kind, key and Put's value bytes to the end", fn(cacheRaw), "000001 000101 0100 000201 0100"},
		{"PrologFuzzsrc", "the input is the text", prop(prologFuzzsrc), hex.EncodeToString([]byte("<?xml v"))},
		{"PrologHeaders", "GetString: 4-byte length 7, then the text", fn(prologHeaders), "00000007 " + hex.EncodeToString([]byte("<?xml v"))},
		{"PrologRaw", "the input is the text", fn(prologRaw), hex.EncodeToString([]byte("<?xml v"))},
		{"FlagFuzzsrc", "the input is the text", prop(flagFuzzsrc), hex.EncodeToString([]byte("--n=0x"))},
		{"FlagHeaders", "GetString: 4-byte length 6, then the text", fn(flagHeaders), "00000006 " + hex.EncodeToString([]byte("--n=0x"))},
		{"FlagRaw", "the input is the text", fn(flagRaw), hex.EncodeToString([]byte("--n=0x"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := hex.DecodeString(strings.ReplaceAll(tt.input, " ", ""))
			if err != nil {
				t.Fatal(err)
			}
			switch f := tt.target.(type) {
			case prop:
				rec := engine.Run(data, f)
				if rec.Failure == nil || rec.Failure.Kind != record.KindPanic {
					t.Errorf("%s: %x did not panic: %+v", tt.reason, data, rec.Failure)
				}
			case fn:
				if !panics(func() { f(data) }) {
					t.Errorf("%s: %x did not panic", tt.reason, data)
				}
			}
		})
	}
}

// panics reports whether f panics.
func panics(f func()) (did bool) {
	defer func() { did = recover() != nil }()
	f()
	return false
}

// TestTextDecodersOnWellFormedInput checks that the text decoders whose
// bugs need a prefix and more characters decode well-formed lines, so
// that only the planted bug crashes them.
func TestTextDecodersOnWellFormedInput(t *testing.T) {
	attrs := Prolog(`<?xml version="1.0" encoding='UTF-8'?>`)
	if attrs["version"] != "1.0" || attrs["encoding"] != "UTF-8" || len(attrs) != 2 {
		t.Errorf("Prolog: got %q, want version 1.0 and encoding UTF-8", attrs)
	}
	for _, tt := range []struct {
		arg  string
		name string
		val  int64
		ok   bool
	}{
		{"--seed=42", "seed", 42, true},
		{"--max-len=0x1F", "max-len", 31, true},
		{"--n=0xg", "", 0, false},
		{"-n=1", "", 0, false},
		{"--=1", "", 0, false},
		{"--n=", "", 0, false},
	} {
		name, val, ok := Flag(tt.arg)
		if name != tt.name || val != tt.val || ok != tt.ok {
			t.Errorf("Flag(%q) = %q, %d, %v; want %q, %d, %v", tt.arg, name, val, ok, tt.name, tt.val, tt.ok)
		}
	}
}
