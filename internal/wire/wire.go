// Package wire is the one message that crosses from a worker process to
// the minimize tool about a run: the [Record] a fuzzsrc property leaves
// behind, with what the reducer needs beyond "did it fail" (how many bytes
// the run used, its choices and spans) and its failure (kind, signature,
// message, location; in a replay also its draws), so that the tool never
// reads these from a test's output.
//
// The worker runs candidates through Go's own fuzz worker protocol (see
// tools/minimize), which says only whether a run failed and with what
// output. fuzzsrc.Check, when the worker's environment names a record file
// (EnvRecordFD), publishes a Record for each run into that file before the
// run returns, so it is there when Go's response reaches the tool. A file,
// not a pipe: a large record can never block the worker while the tool is
// waiting for the response.
//
// File layout, little-endian: magic "SLXR", sequence number (uint64,
// incremented by each published record), payload length (uint32), then
// the payload (Record.MarshalBinary). The tool compares the sequence
// number with the last it read to tell whether the run published anything.
package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"github.com/shortlex/shortlex/minimize"
)

// EnvRecordFD names the environment variable that holds the number of the
// record file's descriptor in a worker process.
const EnvRecordFD = "SHORTLEX_RECORD_FD"

// Record is what a run of a fuzzsrc property reports to the tool: in a
// worker, for every candidate; in a plain replay of a corpus entry, for
// the one run, with its draws, so that the tool never reads a failure or
// a report from the test's output.
type Record struct {
	Used      int    // bytes of the input the run consumed
	Failed    bool   // the property failed (Fatalf, Errorf, panic)
	Discarded bool   // the property discarded the input (Skip, Assume)
	Kind      string // how it failed: "panic", "failed"; empty unless Failed
	Signature string // the failure's signature (see PanicSignature), empty unless Failed
	Message   string // the failure's message
	Location  string // the failure's file:line
	Choices   []minimize.Choice
	Spans     []minimize.Span
	Simpler   []minimize.Simpler // simpler values the draws name, nil if none
	Constants []int              // offsets of draws from one-value ranges, nil if none
	// Draws are the run's labeled draws and log lines as a report shows
	// them ("draw n: 500", "log: ..."); recorded only in a replay.
	Draws []string
}

// Outcome converts the record to what the reducer reads.
func (r *Record) Outcome() minimize.Outcome {
	return minimize.Outcome{Failed: r.Failed, Signature: r.Signature, Used: r.Used, Choices: r.Choices, Spans: r.Spans, Simpler: r.Simpler, Constants: r.Constants}
}

const magic = "SLXR"

// headerSize is the size of the record file's header.
const headerSize = 4 + 8 + 4

// MarshalBinary encodes r as a sequence of unsigned varints and
// length-prefixed strings, in field order.
func (r *Record) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, 64+len(r.Kind)+len(r.Signature)+len(r.Message)+len(r.Location)+6*len(r.Choices)+8*len(r.Spans))
	flags := uint64(0)
	if r.Failed {
		flags |= 1
	}
	if r.Discarded {
		flags |= 2
	}
	b = binary.AppendUvarint(b, uint64(r.Used))
	b = binary.AppendUvarint(b, flags)
	for _, s := range []string{r.Kind, r.Signature, r.Message, r.Location} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(r.Draws)))
	for _, s := range r.Draws {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(r.Choices)))
	for _, c := range r.Choices {
		b = binary.AppendUvarint(b, uint64(c.Offset))
		b = binary.AppendUvarint(b, uint64(c.Width))
		b = binary.AppendUvarint(b, c.Max)
		b = binary.AppendUvarint(b, c.Below)
	}
	// Labels repeat: each is written once, then referred to by number.
	labels := map[string]uint64{}
	b = binary.AppendUvarint(b, uint64(len(r.Spans)))
	for _, s := range r.Spans {
		if n, ok := labels[s.Label]; ok {
			b = binary.AppendUvarint(b, n+1)
		} else {
			labels[s.Label] = uint64(len(labels))
			b = binary.AppendUvarint(b, 0)
			b = binary.AppendUvarint(b, uint64(len(s.Label)))
			b = append(b, s.Label...)
		}
		disc := uint64(0)
		if s.Discarded {
			disc = 1
		}
		b = binary.AppendUvarint(b, uint64(s.Start))
		b = binary.AppendUvarint(b, uint64(s.End-s.Start))
		b = binary.AppendUvarint(b, uint64(s.Parent+1))
		b = binary.AppendUvarint(b, disc)
	}
	b = binary.AppendUvarint(b, uint64(len(r.Simpler)))
	for _, h := range r.Simpler {
		b = binary.AppendUvarint(b, uint64(h.Choice))
		b = binary.AppendUvarint(b, h.Index)
		b = binary.AppendUvarint(b, uint64(len(h.Then)))
		for _, i := range h.Then {
			b = binary.AppendUvarint(b, i)
		}
	}
	// Constants are nondecreasing: each is written as the step from the
	// one before.
	b = binary.AppendUvarint(b, uint64(len(r.Constants)))
	last := 0
	for _, c := range r.Constants {
		b = binary.AppendUvarint(b, uint64(c-last))
		last = c
	}
	return b, nil
}

// ErrMalformed is returned for a record that does not decode.
var ErrMalformed = errors.New("wire: malformed record")

// UnmarshalBinary decodes a record encoded by MarshalBinary.
func (r *Record) UnmarshalBinary(data []byte) error {
	d := decoder{b: data}
	*r = Record{}
	r.Used = d.int()
	flags := d.uvarint()
	r.Failed, r.Discarded = flags&1 != 0, flags&2 != 0
	r.Kind, r.Signature, r.Message, r.Location = d.string(), d.string(), d.string(), d.string()
	n := d.count(1)
	r.Draws = make([]string, 0, n)
	for range n {
		r.Draws = append(r.Draws, d.string())
	}
	if len(r.Draws) == 0 {
		r.Draws = nil
	}
	n = d.count(4)
	r.Choices = make([]minimize.Choice, 0, n)
	for range n {
		c := minimize.Choice{Offset: d.int(), Width: d.int(), Max: d.uvarint(), Below: d.uvarint()}
		if c.Width < 1 || c.Width > 8 || c.Below > c.Max {
			d.err = ErrMalformed
		}
		r.Choices = append(r.Choices, c)
	}
	n = d.count(5)
	r.Spans = make([]minimize.Span, 0, n)
	var labels []string
	for range n {
		var s minimize.Span
		if ref := d.uvarint(); ref == 0 {
			s.Label = d.string()
			labels = append(labels, s.Label)
		} else if ref <= uint64(len(labels)) {
			s.Label = labels[ref-1]
		} else {
			d.err = ErrMalformed
		}
		s.Start = d.int()
		s.End = s.Start + d.int()
		s.Parent = d.int() - 1
		s.Discarded = d.uvarint() != 0
		if s.Parent >= len(r.Spans) {
			d.err = ErrMalformed
		}
		r.Spans = append(r.Spans, s)
	}
	if n = d.count(3); n > 0 {
		r.Simpler = make([]minimize.Simpler, 0, n)
	}
	for range n {
		h := minimize.Simpler{Choice: d.int(), Index: d.uvarint()}
		if h.Choice >= len(r.Choices) || h.Index > r.Choices[h.Choice].Max {
			d.err = ErrMalformed
			break
		}
		if k := d.count(1); k > 0 {
			if h.Choice+k >= len(r.Choices) {
				d.err = ErrMalformed
				break
			}
			h.Then = make([]uint64, k)
			for j := range h.Then {
				if h.Then[j] = d.uvarint(); h.Then[j] > r.Choices[h.Choice+1+j].Max {
					d.err = ErrMalformed
				}
			}
			if d.err != nil {
				break
			}
		}
		r.Simpler = append(r.Simpler, h)
	}
	if n = d.count(1); n > 0 {
		r.Constants = make([]int, 0, n)
	}
	last := 0
	for range n {
		last += d.int()
		r.Constants = append(r.Constants, last)
	}
	if d.err == nil && len(d.b) != 0 {
		d.err = ErrMalformed
	}
	return d.err
}

type decoder struct {
	b   []byte
	err error
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = ErrMalformed
		return 0
	}
	d.b = d.b[n:]
	return v
}

// int decodes a non-negative int that fits comfortably in memory offsets.
func (d *decoder) int() int {
	v := d.uvarint()
	if v > 1<<40 {
		d.err = ErrMalformed
		return 0
	}
	return int(v)
}

// count decodes an element count, refusing counts that the remaining
// bytes cannot hold at minSize bytes each, so a corrupt count cannot make
// the decoder allocate.
func (d *decoder) count(minSize int) int {
	n := d.uvarint()
	if n > uint64(len(d.b)/minSize) {
		d.err = ErrMalformed
		return 0
	}
	return int(n)
}

func (d *decoder) string() string {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.err = ErrMalformed
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

// Publish writes rec into the record file f as sequence number seq. The
// payload is written before the header, so a reader that sees seq sees
// the whole record.
func Publish(f *os.File, seq uint64, rec *Record) error {
	payload, err := rec.MarshalBinary()
	if err != nil {
		return err
	}
	if _, err := f.WriteAt(payload, headerSize); err != nil {
		return fmt.Errorf("wire: publishing record: %w", err)
	}
	var h [headerSize]byte
	copy(h[:], magic)
	binary.LittleEndian.PutUint64(h[4:], seq)
	binary.LittleEndian.PutUint32(h[12:], uint32(len(payload)))
	if _, err := f.WriteAt(h[:], 0); err != nil {
		return fmt.Errorf("wire: publishing record: %w", err)
	}
	return nil
}

// Read reads the record file f. It returns ok false if the file holds no
// record with a sequence number other than last.
func Read(f *os.File, last uint64) (rec *Record, seq uint64, ok bool, err error) {
	var h [headerSize]byte
	if n, err := f.ReadAt(h[:], 0); n < headerSize {
		if n == 0 {
			return nil, last, false, nil // nothing published yet
		}
		return nil, last, false, fmt.Errorf("wire: reading record header: %w", err)
	}
	if string(h[:4]) != magic {
		return nil, last, false, fmt.Errorf("wire: record file: %w", ErrMalformed)
	}
	seq = binary.LittleEndian.Uint64(h[4:])
	if seq == last {
		return nil, last, false, nil
	}
	payload := make([]byte, binary.LittleEndian.Uint32(h[12:]))
	if _, err := f.ReadAt(payload, headerSize); err != nil {
		return nil, last, false, fmt.Errorf("wire: reading record: %w", err)
	}
	rec = new(Record)
	if err := rec.UnmarshalBinary(payload); err != nil {
		return nil, last, false, err
	}
	return rec, seq, true, nil
}
