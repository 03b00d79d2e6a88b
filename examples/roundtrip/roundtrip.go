// Package roundtrip stores index entries as single lines of text, with
// fields separated by '|', tags terminated by ',', and both escaped with
// a backslash where they occur in text.
//
// The planted bug: Marshal escapes '|' and ',' but not the backslash
// itself, so a key or tag with a backslash before a separator, or at
// its end, does not read back as written.
package roundtrip

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Entry is one index entry.
type Entry struct {
	Key     string
	Tags    []string
	Count   int64
	Deleted bool
}

// Marshal encodes e as key|tag,tag,|count|deleted.
//
// BUG (planted): escape does not escape '\\', which Unmarshal reads as
// the start of an escape.
func Marshal(e Entry) []byte {
	var b strings.Builder
	b.WriteString(escape(e.Key))
	b.WriteByte('|')
	for _, tag := range e.Tags {
		b.WriteString(escape(tag))
		b.WriteByte(',')
	}
	b.WriteByte('|')
	b.WriteString(strconv.FormatInt(e.Count, 10))
	b.WriteByte('|')
	b.WriteString(strconv.FormatBool(e.Deleted))
	return []byte(b.String())
}

// escape puts a backslash before each separator in s.
func escape(s string) string {
	return strings.NewReplacer("|", `\|`, ",", `\,`).Replace(s)
}

// ErrSyntax is wrapped by every error Unmarshal returns.
var ErrSyntax = errors.New("roundtrip: malformed entry")

// Unmarshal decodes an entry that Marshal encoded.
func Unmarshal(line []byte) (Entry, error) {
	fields := split(string(line), '|')
	if len(fields) != 4 {
		return Entry{}, fmt.Errorf("%w: %d fields, want 4", ErrSyntax, len(fields))
	}
	var e Entry
	e.Key = unescape(fields[0])
	if f := fields[1]; f != "" {
		tags := split(f, ',')
		if tags[len(tags)-1] != "" {
			return Entry{}, fmt.Errorf("%w: tags %q do not end with ','", ErrSyntax, f)
		}
		for _, tag := range tags[:len(tags)-1] {
			e.Tags = append(e.Tags, unescape(tag))
		}
	}
	var err error
	if e.Count, err = strconv.ParseInt(fields[2], 10, 64); err != nil {
		return Entry{}, fmt.Errorf("%w: count: %v", ErrSyntax, err)
	}
	if e.Deleted, err = strconv.ParseBool(fields[3]); err != nil {
		return Entry{}, fmt.Errorf("%w: deleted: %v", ErrSyntax, err)
	}
	return e, nil
}

// split splits s at each sep that is not escaped, keeping escapes.
func split(s string, sep byte) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++ // the next byte is escaped
		case sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// unescape removes the backslash of each escape.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
