package fuzzsrc

import "github.com/shortlex/shortlex/internal/record"

// The engine's types, now in internal/record; these aliases keep callers
// building until they move, and go away after.
type (
	// Record is record.Record.
	Record = record.Record
	// Choice is record.Choice.
	Choice = record.Choice
	// Kind is record.Kind.
	Kind = record.Kind
	// Draw is record.Draw.
	Draw = record.Draw
	// FailureKind is record.FailureKind.
	FailureKind = record.FailureKind
	// Failure is record.Failure.
	Failure = record.Failure
	// StatsEntry is record.StatsEntry.
	StatsEntry = record.StatsEntry
	// StatsSpan is record.StatsSpan.
	StatsSpan = record.StatsSpan
)

// The kinds, from internal/record.
const (
	KindInteger = record.KindInteger
	KindBool    = record.KindBool
	KindMore    = record.KindMore
	KindFloat   = record.KindFloat
	KindRune    = record.KindRune
	KindByte    = record.KindByte
	KindIndex   = record.KindIndex
	KindPanic   = record.KindPanic
	KindFatal   = record.KindFatal
	KindError   = record.KindError
	EnvStats    = record.EnvStats
)
