package corpus

import (
	"reflect"
	"testing"
)

func FuzzUnmarshal(f *testing.F) {
	for _, tt := range goAcceptedLines {
		f.Add([]byte(header + "\n" + tt.line + "\n"))
	}
	for _, tt := range goRejectedLines {
		f.Add([]byte(header + "\n" + tt.line + "\n"))
	}
	for _, tt := range goFileCases {
		f.Add([]byte(tt.data))
	}
	if data, err := Marshal(allTypesValues()...); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		values, err := Unmarshal(data)
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("Unmarshal error %v is a %T, want *SyntaxError", err, err)
			}
			return
		}
		// Whatever is accepted can be written, and reads back the same.
		canonical, err := Marshal(values...)
		if err != nil {
			t.Fatalf("Marshal(Unmarshal(%q)): %v", data, err)
		}
		again, err := Unmarshal(canonical)
		if err != nil || !sameValues(again, values) {
			t.Fatalf("Unmarshal(%q) = %s, but its re-marshalled form\n%s\nreads as %s, %v", data, show(values), canonical, show(again), err)
		}
	})
}

// fuzzTypes picks up to 6 argument types from selector bytes.
func fuzzTypes(selector []byte) []reflect.Type {
	var types []reflect.Type
	for _, b := range selector[:min(len(selector), 6)] {
		types = append(types, supportedTypes[int(b)%len(supportedTypes)])
	}
	if len(types) == 0 {
		types = append(types, bytesType)
	}
	return types
}

func FuzzDecodeV1(f *testing.F) {
	f.Add([]byte{0, 0, 0, 2, 'h', 'i'}, []byte{0})
	f.Add([]byte{0, 0, 0, 0, 1, 2, 3}, []byte{1, 0, 5})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, []byte{2, 3, 4, 5, 6, 7})
	f.Add([]byte{}, []byte{14})
	f.Fuzz(func(t *testing.T, testcase, selector []byte) {
		types := fuzzTypes(selector)
		got, err := Decode(NativeV1, testcase, types)
		want, called := harnessV1(testcase, types)
		if called != (err == nil) || (called && !sameValues(got, want)) {
			t.Fatalf("Decode(v1, %x, %v) = %s, %v; go-118-fuzz-build called=%v with %s", testcase, types, show(got), err, called, show(want))
		}
		if err != nil {
			return
		}
		encoded, err := Encode(NativeV1, got...)
		if err != nil {
			return // some decodable values have no canonical encoding, e.g. a string past MaxTotalLen
		}
		again, called := harnessV1(encoded, types)
		if !called || !sameValues(again, got) {
			t.Fatalf("Encode(v1, %s) = %x decodes to %s (called %v)", show(got), encoded, show(again), called)
		}
	})
}

func FuzzDecodeV2(f *testing.F) {
	f.Add([]byte{1, 3, 'a', 'b', 'c', 'd'}, []byte{1, 1})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 1, 0, 9, 9, 1, 2, 3}, []byte{3, 0, 1, 0})
	f.Add([]byte{255, 1, 0, 7, 'x', 'y', 'z'}, []byte{0, 1, 0, 2})
	f.Add([]byte{}, []byte{14, 13})
	f.Fuzz(func(t *testing.T, testcase, selector []byte) {
		types := fuzzTypes(selector)
		got, err := Decode(NativeV2, testcase, types)
		if err != nil {
			t.Fatalf("Decode(v2, %x, %v): %v; v2 never fails", testcase, types, err)
		}
		if !reflect.DeepEqual(typesOf(got), types) {
			t.Fatalf("Decode(v2) returned types %v, want %v", typesOf(got), types)
		}
		// The harness produced these lengths from some weights, so the
		// encoder must find weights too.
		encoded, err := Encode(NativeV2, got...)
		if err != nil {
			t.Fatalf("Encode(v2, Decode(v2, %x)): %v", testcase, err)
		}
		again, err := Decode(NativeV2, encoded, types)
		if err != nil || !sameValues(again, got) {
			t.Fatalf("Encode(v2, %s) = %x decodes to %s, %v", show(got), encoded, show(again), err)
		}
		if len(encoded) > len(testcase) {
			t.Errorf("Encode(v2) gave %d bytes for values decoded from %d", len(encoded), len(testcase))
		}
	})
}

// FuzzEncode builds argument lists from Go corpus files and checks that
// each style's encoding decodes back to them.
func FuzzEncode(f *testing.F) {
	for _, tt := range encodeCases {
		if data, err := Marshal(tt.values...); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		values, err := Unmarshal(data)
		if err != nil {
			return
		}
		types := typesOf(values)
		if testcase, err := Encode(NativeV1, values...); err == nil {
			got, called := harnessV1(testcase, types)
			if !called || !sameValues(got, values) {
				t.Fatalf("Encode(v1, %s) = %x decodes to %s (called %v)", show(values), testcase, show(got), called)
			}
		} else {
			t.Fatalf("Encode(v1, %s): %v", show(values), err)
		}
		if testcase, err := Encode(NativeV2, values...); err == nil {
			got, err := Decode(NativeV2, testcase, types)
			if err != nil || !sameValues(got, values) {
				t.Fatalf("Encode(v2, %s) = %x decodes to %s, %v", show(values), testcase, show(got), err)
			}
		}
	})
}
