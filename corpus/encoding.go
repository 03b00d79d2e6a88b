package corpus

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"math"
	"reflect"
	"strconv"
	"unicode/utf8"
)

// header is the first line of every corpus file Go reads or writes.
const header = "go test fuzz v1"

// ErrUnsupportedType is wrapped by every error about a value or argument
// whose type Go's native fuzzing does not support.
var ErrUnsupportedType = errors.New("unsupported fuzz argument type")

// supportedTypes lists the argument types of Go native fuzzing. rune and byte
// are the same types as int32 and uint8, so they do not appear separately.
var supportedTypes = []reflect.Type{
	reflect.TypeFor[[]byte](),
	reflect.TypeFor[string](),
	reflect.TypeFor[bool](),
	reflect.TypeFor[int](),
	reflect.TypeFor[int8](),
	reflect.TypeFor[int16](),
	reflect.TypeFor[int32](),
	reflect.TypeFor[int64](),
	reflect.TypeFor[uint](),
	reflect.TypeFor[uint8](),
	reflect.TypeFor[uint16](),
	reflect.TypeFor[uint32](),
	reflect.TypeFor[uint64](),
	reflect.TypeFor[float32](),
	reflect.TypeFor[float64](),
}

// isSupported reports whether t is exactly one of supportedTypes; like Go, it
// rejects named types such as time.Duration even when their kind would fit.
func isSupported(t reflect.Type) bool {
	for _, s := range supportedTypes {
		if t == s {
			return true
		}
	}
	return false
}

// Name returns the file name Go gives a corpus file with this content: the
// first 16 hex digits of its SHA-256.
func Name(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// Marshal encodes values as a corpus file, byte for byte as Go 1.26 writes
// it: the "go test fuzz v1" header, then one value per line. It fails if
// there are no values or a value's type is not one Go can fuzz.
func Marshal(values ...any) ([]byte, error) {
	if len(values) == 0 {
		return nil, errors.New("corpus: marshal: no values")
	}
	buf := make([]byte, 0, 64)
	buf = append(buf, header+"\n"...)
	for i, v := range values {
		var err error
		buf, err = appendValue(buf, v)
		if err != nil {
			return nil, fmt.Errorf("corpus: marshal value %d: %w", i, err)
		}
		buf = append(buf, '\n')
	}
	return buf, nil
}

// appendValue appends one value in the form Go writes it. Go prefers the
// byte and rune spellings for uint8 and int32, and spells floats with
// strconv's shortest 'g' format, which is what fmt's %v prints.
func appendValue(buf []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case []byte:
		buf = append(buf, "[]byte("...)
		buf = strconv.AppendQuote(buf, string(v))
	case string:
		buf = append(buf, "string("...)
		buf = strconv.AppendQuote(buf, v)
	case bool:
		buf = append(buf, "bool("...)
		buf = strconv.AppendBool(buf, v)
	case int:
		buf = appendInt(buf, "int", int64(v))
	case int8:
		buf = appendInt(buf, "int8", int64(v))
	case int16:
		buf = appendInt(buf, "int16", int64(v))
	case int32:
		// Only valid runes have a quoted form that reads back unchanged:
		// strconv quotes surrogates and out-of-range values as U+FFFD.
		if !utf8.ValidRune(v) {
			buf = appendInt(buf, "int32", int64(v))
			break
		}
		buf = append(buf, "rune("...)
		buf = strconv.AppendQuoteRune(buf, v)
	case int64:
		buf = appendInt(buf, "int64", v)
	case uint:
		buf = appendUint(buf, "uint", uint64(v))
	case uint8:
		buf = append(buf, "byte("...)
		buf = strconv.AppendQuoteRune(buf, rune(v))
	case uint16:
		buf = appendUint(buf, "uint16", uint64(v))
	case uint32:
		buf = appendUint(buf, "uint32", uint64(v))
	case uint64:
		buf = appendUint(buf, "uint64", v)
	case float32:
		// Go keeps every NaN but its default one as raw bits, so that a
		// failure depending on the NaN payload still reproduces.
		if math.IsNaN(float64(v)) && math.Float32bits(v) != math.Float32bits(float32(math.NaN())) {
			buf = append(buf, "math.Float32frombits(0x"...)
			buf = strconv.AppendUint(buf, uint64(math.Float32bits(v)), 16)
			break
		}
		buf = append(buf, "float32("...)
		buf = appendFloat(buf, float64(v), 32)
	case float64:
		if math.IsNaN(v) && math.Float64bits(v) != math.Float64bits(math.NaN()) {
			buf = append(buf, "math.Float64frombits(0x"...)
			buf = strconv.AppendUint(buf, math.Float64bits(v), 16)
			break
		}
		buf = append(buf, "float64("...)
		buf = appendFloat(buf, v, 64)
	default:
		return buf, fmt.Errorf("%w: %T", ErrUnsupportedType, v)
	}
	return append(buf, ')'), nil
}

func appendInt(buf []byte, typeName string, v int64) []byte {
	buf = append(buf, typeName...)
	buf = append(buf, '(')
	return strconv.AppendInt(buf, v, 10)
}

func appendUint(buf []byte, typeName string, v uint64) []byte {
	buf = append(buf, typeName...)
	buf = append(buf, '(')
	return strconv.AppendUint(buf, v, 10)
}

// appendFloat matches fmt's %v, which differs from strconv only in writing
// positive infinity as "+Inf".
func appendFloat(buf []byte, v float64, bitSize int) []byte {
	if math.IsInf(v, 1) {
		return append(buf, "+Inf"...)
	}
	return strconv.AppendFloat(buf, v, 'g', -1, bitSize)
}

// SyntaxError reports corpus file content that Go would refuse to load.
type SyntaxError struct {
	// Path is the file the content came from; it is empty for Unmarshal.
	Path string
	// Line is the 1-based line number of the problem.
	Line int
	// Err describes the problem.
	Err error
}

// Error formats the error as "path: line N: problem".
func (e *SyntaxError) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("%s: line %d: %v", e.Path, e.Line, e.Err)
}

// Unwrap returns the underlying problem, such as a *strconv.NumError.
func (e *SyntaxError) Unwrap() error { return e.Err }

// Unmarshal decodes a corpus file. It accepts exactly the files Go 1.26
// accepts, with one deliberate exception: a file with a valid header and no
// values, which Go parses but then always rejects because every fuzz target
// takes at least one argument. Any error is a *SyntaxError.
//
// Values have the dynamic types Go would pass to the fuzz target: []byte,
// string, bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32,
// uint64, float32 or float64.
func Unmarshal(data []byte) ([]any, error) {
	if len(data) == 0 {
		return nil, &SyntaxError{Line: 1, Err: errors.New("empty file")}
	}
	lines := bytes.Split(data, []byte("\n"))
	// Go requires a newline after the header even when values follow.
	if len(lines) < 2 {
		return nil, &SyntaxError{Line: 1, Err: fmt.Errorf("want the header %q followed by a newline and at least one value", header)}
	}
	if got := string(bytes.TrimSuffix(lines[0], []byte("\r"))); got != header {
		return nil, &SyntaxError{Line: 1, Err: fmt.Errorf("unknown header %q, want %q", got, header)}
	}
	var values []any
	for i, line := range lines[1:] {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		v, err := parseValue(line)
		if err != nil {
			return nil, &SyntaxError{Line: i + 2, Err: fmt.Errorf("%q: %w", line, err)}
		}
		values = append(values, v)
	}
	if len(values) == 0 {
		return nil, &SyntaxError{Line: len(lines), Err: errors.New("no values after the header")}
	}
	return values, nil
}

// parseValue parses one value line such as int(-5) or []byte("x"). Go parses
// lines as Go expressions, so this does too: that is what makes comments,
// raw strings, digit separators and every integer base work as in Go.
func parseValue(line []byte) (any, error) {
	expr, err := parser.ParseExprFrom(token.NewFileSet(), "", line, 0)
	if err != nil {
		var list scanner.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			return nil, errors.New(list[0].Msg)
		}
		return nil, err
	}
	call, ok := expr.(*ast.CallExpr)
	if !ok {
		return nil, errors.New("want a conversion such as int(1)")
	}
	if len(call.Args) != 1 {
		return nil, fmt.Errorf("want 1 argument, got %d", len(call.Args))
	}
	arg := call.Args[0]

	switch fun := call.Fun.(type) {
	case *ast.ArrayType:
		return parseBytes(fun, arg)
	case *ast.SelectorExpr:
		pkg, ok := fun.X.(*ast.Ident)
		if !ok || pkg.Name != "math" || (fun.Sel.Name != "Float32frombits" && fun.Sel.Name != "Float64frombits") {
			return nil, errors.New("the only functions allowed are math.Float32frombits and math.Float64frombits")
		}
		lit, kind, err := literal(arg)
		if err != nil {
			return nil, err
		}
		if fun.Sel.Name == "Float32frombits" {
			if kind != token.INT {
				return nil, errors.New("math.Float32frombits needs an integer literal")
			}
			bits, err := strconv.ParseUint(lit, 0, 32)
			if err != nil {
				return nil, err
			}
			return math.Float32frombits(uint32(bits)), nil
		}
		// Go lets a float literal through here, but ParseUint rejects it.
		if kind != token.INT && kind != token.FLOAT {
			return nil, errors.New("math.Float64frombits needs an integer literal")
		}
		bits, err := strconv.ParseUint(lit, 0, 64)
		if err != nil {
			return nil, err
		}
		return math.Float64frombits(bits), nil
	case *ast.Ident:
		if fun.Name == "bool" {
			return parseBool(arg)
		}
		lit, kind, err := literal(arg)
		if err != nil {
			return nil, err
		}
		return convertLiteral(fun.Name, lit, kind)
	default:
		return nil, errors.New("want []byte or a basic type")
	}
}

func parseBytes(array *ast.ArrayType, arg ast.Expr) (any, error) {
	if elem, ok := array.Elt.(*ast.Ident); array.Len != nil || !ok || elem.Name != "byte" {
		return nil, errors.New("the only composite type allowed is []byte")
	}
	lit, ok := arg.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil, errors.New("[]byte needs a string literal")
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return nil, err
	}
	return []byte(s), nil
}

func parseBool(arg ast.Expr) (any, error) {
	if id, ok := arg.(*ast.Ident); ok {
		switch id.Name {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return nil, errors.New("bool needs true or false")
}

// literal returns the text and kind of a conversion's argument: a basic
// literal, a negated basic literal, NaN, or Inf under a unary operator.
// Go reads any unary operator other than minus before Inf as plus, and
// this keeps that quirk so that the same files load.
func literal(arg ast.Expr) (string, token.Token, error) {
	switch arg := arg.(type) {
	case *ast.BasicLit:
		return arg.Value, arg.Kind, nil
	case *ast.Ident:
		if arg.Name == "NaN" {
			return "NaN", token.FLOAT, nil
		}
	case *ast.UnaryExpr:
		switch x := arg.X.(type) {
		case *ast.BasicLit:
			if arg.Op != token.SUB {
				return "", token.ILLEGAL, fmt.Errorf("operator %v not allowed on a literal", arg.Op)
			}
			return "-" + x.Value, x.Kind, nil
		case *ast.Ident:
			if x.Name == "Inf" {
				if arg.Op == token.SUB {
					return "-Inf", token.FLOAT, nil
				}
				return "+Inf", token.FLOAT, nil
			}
		}
	}
	return "", token.ILLEGAL, errors.New("want a literal, NaN or ±Inf")
}

// convertLiteral turns a literal into a value of the named type. Integers
// are parsed with base 0, so 0x, 0o, 0b, leading-zero octal and digit
// separators all work as they do in Go source.
func convertLiteral(typeName, lit string, kind token.Token) (any, error) {
	switch typeName {
	case "string":
		if kind != token.STRING {
			return nil, errors.New("string needs a string literal")
		}
		return strconv.Unquote(lit)
	case "byte", "rune":
		if kind == token.INT {
			if typeName == "byte" {
				return parseUintLiteral(lit, typeName)
			}
			return parseIntLiteral(lit, typeName)
		}
		if kind != token.CHAR {
			return nil, fmt.Errorf("%s needs a character or integer literal", typeName)
		}
		return parseCharLiteral(typeName, lit)
	case "int", "int8", "int16", "int32", "int64":
		if kind != token.INT {
			return nil, fmt.Errorf("%s needs an integer literal", typeName)
		}
		return parseIntLiteral(lit, typeName)
	case "uint", "uint8", "uint16", "uint32", "uint64":
		if kind != token.INT {
			return nil, fmt.Errorf("%s needs an integer literal", typeName)
		}
		return parseUintLiteral(lit, typeName)
	case "float32", "float64":
		if kind != token.FLOAT && kind != token.INT {
			return nil, fmt.Errorf("%s needs a float or integer literal", typeName)
		}
		if typeName == "float32" {
			f, err := strconv.ParseFloat(lit, 32)
			if err != nil {
				return nil, err
			}
			return float32(f), nil
		}
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			return nil, err
		}
		return f, nil
	default:
		return nil, fmt.Errorf("%w: %s", ErrUnsupportedType, typeName)
	}
}

// integerBits is the width each integer type name is range-checked at.
var integerBits = map[string]int{
	"int": 64, "int8": 8, "int16": 16, "int32": 32, "rune": 32, "int64": 64,
	"uint": 64, "uint8": 8, "byte": 8, "uint16": 16, "uint32": 32, "uint64": 64,
}

// parseIntLiteral parses lit as the named signed type. int is range-checked
// as 64-bit everywhere, as in Go, so files written on 64-bit machines load
// on 32-bit ones (wrapping there).
func parseIntLiteral(lit, typeName string) (any, error) {
	n, err := strconv.ParseInt(lit, 0, integerBits[typeName])
	if err != nil {
		return nil, err
	}
	switch typeName {
	case "int":
		return int(n), nil
	case "int8":
		return int8(n), nil
	case "int16":
		return int16(n), nil
	case "int32", "rune":
		return int32(n), nil
	}
	return n, nil
}

// parseUintLiteral parses lit as the named unsigned type.
func parseUintLiteral(lit, typeName string) (any, error) {
	n, err := strconv.ParseUint(lit, 0, integerBits[typeName])
	if err != nil {
		return nil, err
	}
	switch typeName {
	case "uint":
		return uint(n), nil
	case "uint8", "byte":
		return uint8(n), nil
	case "uint16":
		return uint16(n), nil
	case "uint32":
		return uint32(n), nil
	}
	return n, nil
}

// parseCharLiteral decodes a quoted character. A negated character literal
// ("-'a'") reaches here too, and fails, as it does in Go.
func parseCharLiteral(typeName, lit string) (any, error) {
	if len(lit) < 2 {
		return nil, errors.New("malformed character literal")
	}
	r, _, _, err := strconv.UnquoteChar(lit[1:len(lit)-1], '\'')
	if err != nil {
		return nil, err
	}
	if typeName == "rune" {
		return r, nil
	}
	if r > 0xff {
		return nil, fmt.Errorf("character %q does not fit in a byte", r)
	}
	return byte(r), nil
}
