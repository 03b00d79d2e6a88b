package targets

import (
	"testing"

	gofuzzheaders "github.com/AdaLogics/go-fuzz-headers"
	"github.com/shortlex/shortlex/fuzzsrc"
)

// The targets start from the same one-byte seed, so that neither
// library is handed a head start.
var seed = []byte{0}

func FuzzPacketFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, func(t *fuzzsrc.T) {
			var p Packet
			for i := range p.Magic {
				p.Magic[i] = fuzzsrc.Byte().Draw(t, "magic")
			}
			p.Version = fuzzsrc.Byte().Draw(t, "version")
			p.Length = fuzzsrc.Byte().Draw(t, "length")
			p.Payload = fuzzsrc.SliceOf(fuzzsrc.Byte()).Draw(t, "payload")
			ProcessPacket(p)
		})
	})
}

func FuzzPacketHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		c := gofuzzheaders.NewConsumer(data)
		var p Packet
		magic, err := c.GetNBytes(len(p.Magic))
		if err != nil {
			return
		}
		copy(p.Magic[:], magic)
		if p.Version, err = c.GetByte(); err != nil {
			return
		}
		if p.Length, err = c.GetByte(); err != nil {
			return
		}
		if p.Payload, err = c.GetBytes(); err != nil {
			return
		}
		ProcessPacket(p)
	})
}

// sessionOp draws one session operation: its kind, then its argument.
var sessionOp = fuzzsrc.Custom(func(t *fuzzsrc.T) SessionOp {
	return SessionOp{
		Kind: fuzzsrc.IntegerRange(OpOpen, numSessionOps-1).Draw(t, "kind"),
		Arg:  fuzzsrc.Byte().Draw(t, "arg"),
	}
})

func FuzzSessionFuzzsrc(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, func(t *fuzzsrc.T) {
			RunSession(fuzzsrc.SliceOf(sessionOp).Draw(t, "ops"))
		})
	})
}

func FuzzSessionHeaders(f *testing.F) {
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		c := gofuzzheaders.NewConsumer(data)
		n, err := c.GetInt()
		if err != nil {
			return
		}
		var ops []SessionOp
		for range n {
			kind, err := c.GetByte()
			if err != nil {
				break
			}
			arg, err := c.GetByte()
			if err != nil {
				break
			}
			ops = append(ops, SessionOp{Kind: SessionOpKind(kind % byte(numSessionOps)), Arg: arg})
		}
		RunSession(ops)
	})
}
