// Package targets holds fuzz targets with planted bugs for ttfc to time.
// Each bug's logic is written once, here, and reached from two fuzz
// targets that differ only in how they decode the fuzz input into its
// arguments: one with fuzzsrc, one with go-fuzz-headers.
package targets

// Packet is a frame of a small binary protocol, already split into its
// fields.
type Packet struct {
	Magic   [4]byte
	Version byte
	Length  byte // the payload's declared length
	Payload []byte
}

// ProcessPacket validates a packet and sums its records, as a decoder
// would. The planted bug: version 2 payloads start with a record count
// that is trusted without a bounds check, so a frame with the right
// magic, version 2, a declared length that matches the payload and a
// count past the payload's end panics with an index out of range.
func ProcessPacket(p Packet) int {
	// The magic is compared byte by byte, as a streaming decoder reads
	// it, so coverage guides the fuzzer through it.
	if p.Magic[0] != 'S' {
		return 0
	}
	if p.Magic[1] != 'L' {
		return 0
	}
	if p.Magic[2] != 'E' {
		return 0
	}
	if p.Magic[3] != 'X' {
		return 0
	}
	if int(p.Length) != len(p.Payload) {
		return -1
	}
	switch p.Version {
	case 1:
		sum := 0
		for _, b := range p.Payload {
			sum += int(b)
		}
		return sum
	case 2:
		if len(p.Payload) == 0 {
			return -1
		}
		count := int(p.Payload[0])
		sum := 0
		for i := range count {
			sum += int(p.Payload[1+i]) // bug: count is not checked against the payload
		}
		return sum
	}
	return -1
}

// SessionOp is one operation on a Session. Arg is the operation's
// argument: a key or a message byte.
type SessionOp struct {
	Kind SessionOpKind
	Arg  byte
}

// SessionOpKind says what a SessionOp does.
type SessionOpKind uint8

// The operations on a Session.
const (
	OpOpen SessionOpKind = iota
	OpAuth
	OpSend
	OpRekey
	OpClose
	numSessionOps
)

// Session is a toy secure-channel state machine: open it, authenticate
// with the right token, send messages, rekey after every few messages.
type Session struct {
	state   int    // 0 closed, 1 open, 2 authenticated
	key     byte   // the current key
	sent    int    // messages sent under the current key
	history []byte // those messages, encrypted, for resumption
	resume  byte   // the last message under the previous key
}

// authToken is the token that authenticates a session.
const authToken = 0x5a

// RunSession applies ops to a new Session. The planted bug is in rekey:
// rekeying to key 0 ("back to the default key") clears the history but
// forgets to reset the message count, so the next rekey reads past the
// history's end. Reaching it takes open, authenticate with the token,
// three sends, a rekey to 0 and another rekey, in that order.
func RunSession(ops []SessionOp) {
	var s Session
	for _, op := range ops {
		s.apply(op)
	}
}

func (s *Session) apply(op SessionOp) {
	switch op.Kind {
	case OpOpen:
		if s.state == 0 {
			s.state, s.sent, s.history = 1, 0, s.history[:0]
		}
	case OpAuth:
		if s.state == 1 && op.Arg == authToken {
			s.state, s.key = 2, op.Arg
		}
	case OpSend:
		if s.state == 2 {
			s.history = append(s.history, op.Arg^s.key)
			s.sent++
		}
	case OpRekey:
		if s.state != 2 || s.sent < 3 {
			return
		}
		s.resume = s.history[s.sent-1]
		s.key = op.Arg
		s.history = s.history[:0]
		if op.Arg == 0 {
			return // bug: s.sent is not reset
		}
		s.sent = 0
	case OpClose:
		s.state = 0
	}
}
