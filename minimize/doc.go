// Package minimize is a shortlex test-case reducer over recorded choice
// sequences: given an input that makes a target fail, it re-runs the
// target on ever smaller inputs and returns the smallest it finds that
// fails the same way.
//
// # Entry points
//
//   - [Minimize] reduces an input. It takes a [RunFunc], which runs the
//     target on one candidate and reports an [Outcome], and [Options],
//     whose zero value runs to a fixed point on all cores. It returns a
//     [Result]: the smallest input, its outcome, why it stopped, the other
//     failures it met ([Slip]) and [Stats].
//   - [Outcome] is all the reducer reads of a run: whether it failed, the
//     failure's signature, how many bytes it used, the [Choice] and
//     [Span] structure it drew, if any, and the [Simpler] values its
//     draws name.
//   - [Choice], [IndexOf] and [EncodingOf] define how a choice's bytes map
//     to its index in shrink order; draws that follow this encoding (such
//     as package fuzzsrc's) are monotone, so the reducer can lower them.
//
// # The order and the gate
//
// Inputs are ordered shortlex: shorter is simpler, and among inputs of a
// length the lexicographically smaller is simpler. Missing bytes read as
// zeros, so trailing zeros are dropped, and length counts whole choices
// (the last nonzero choice is padded to its full width before comparing).
// Every candidate passes one gate: it runs only if it is strictly smaller
// than the best input, has not been seen before, and does not begin with
// the bytes a run already made read before it stopped short of its
// input's end (the target would read them and stop the same way, so that
// run's outcome stands for it); after the run it is
// truncated to the bytes it used (autopruning), and it becomes the best
// only if it failed with the original signature and is still smaller. A
// failure with another signature is recorded as a slip and never followed.
//
// # Passes
//
// Reduction is organised in passes (schedule.go lists them), each a list
// of steps tried in a seeded random order, in four tiers: each runs only
// in rounds where every tier before it changed nothing. Passes that shortened the input run first
// in the next round; the reduction ends at a fixed point of every pass,
// or when a budget in Options runs out.
//
//   - Always: rank the values of a shape (replaced by the smallest in the
//     same order, in one run); sort sibling spans (at the input's end
//     also reversed, the smallest last; where the whole group does not
//     sort, the longest regions that do, two siblings exchanged also with
//     the references 0 and 1 in the sibling after them exchanged); delete spans (largest
//     first, grown over siblings by an exponential probe and binary
//     search; a deletion that no longer fails is retried with a
//     neighbour's children mirrored or lowered, or, where its run drew
//     fewer choices than it deleted, with as many deleted from a later
//     loop that draws for each element); zero spans; delete blocks
//     of consecutive choices; replace a span by a descendant of its label
//     (retried with a zero coin put before each of its parts at the
//     deepest level, for a generator that bounds its depth by hand);
//     lower a choice to the simpler values its draw names
//     (Outcome.Simpler: a float's integer part, fewer fractional bits, its
//     significand at a simpler exponent; the first character of a
//     character's script or category, a value of two choices, an escape
//     and an offset); lower each choice (by the distances between the
//     values its earlier lowerings reached and their multiples, a period
//     of the failing values; then by magnitude, then on in the draw's
//     index order across signs); lower equal choices together (and, when
//     stuck, those of one label without the rest of their shape: names
//     without a flag that has their range).
//   - When those are stuck: shift all values of a shape; swap two values
//     everywhere; lower pairs together (the one nearer its shrink point
//     on across it to the other sign, keeping a sum or a difference; and,
//     when still stuck, amounts of two shapes apart: a month and an
//     offset in months); move value between pairs, or trade
//     (one value lower, the next of its shape raised by the least that
//     keeps the failure, from 1 into a value at zero, which a value that
//     must stay below another needs); make one value of a shape another
//     everywhere; delete pairs of choices, and blocks that the next
//     choice's shape lines up with;
//     delete a span with the value before it raised, the values after it
//     that may refer past it lowered, or a bound drawn before the part
//     that holds it (a width, a capacity) one lower; cut the last value
//     with an earlier value at its simplest switched on; lower a count with one element of
//     every unit it sizes deleted (a table's width and a cell of every
//     row); lower values that zig-zag down by a common offset (one, then
//     all the way, then searched).
//   - When all of those are stuck: lower a value stuck where the values
//     just below it pass past them (half, steps of 3 to 10, or to 32 for a
//     byte, each higher power of ten, a power of two shifted by 2 to 8
//     bits, a set bit cleared, a value with as many set bits); rotate a span's opening
//     choices past its first part (p(c(C1, C2), R) becomes
//     p(C1, c(C2, R))), and where nodes open with a key, pull the first
//     child up with its key (a tree rotation); delete runs of two to four
//     siblings (also with a later value lowered by as many: a count or
//     position kept in step); merge a span into a like sibling before it,
//     or after it past others (their total in one); join two like
//     siblings that differ only in a collection's elements into one
//     holding both (Type("a"), Type("b") becomes Type("ab")); flip the signs of two
//     values at once; lower two values along their ratio; trade between
//     values of different shapes (a count times a size, a weighted sum of
//     hours and minutes); lower a value with the values after it raised
//     to their largest (a start date and a number of days that must reach
//     a day, where one later value cannot make up a year); take a later
//     alternative of a draw where it draws less (the coin before an
//     operand's last part one higher and the part deleted: a literal
//     becomes a variable; or any later one with the part cut to its first
//     values: Put(k, v) becomes Get(k)); move a block of
//     choices that ends in zeros to the end (the steps of a loop without
//     spans); delete an element together with its copy in another
//     collection (an anagram, a shuffled copy); cut a span down to its
//     first choice, lowered (a rune that escaped to a wider encoding, a
//     wider variant); delete an element of one choice with the nearest
//     value of its shape raised by the least that keeps the failure (a
//     length in bytes kept by a wider character).
//   - Last, an exhaustive tier: try every simpler value of a choice of
//     a small domain (a byte, a character, a small enumeration), whose
//     failing values can lie any distance apart (brackets among
//     characters, opcodes among bytes), smallest values first; cut a
//     draw that ends the input to its first choice at each larger value
//     (the first rune of a wider escape's block, whose offset then reads
//     zeros); lower two values of small domains and different ranges at
//     once to every pair of lower values (a name where it is defined and
//     where it is used, drawn from two alphabets; a count and a cell of
//     the row that stays), for pairs of at most a few candidates; all
//     within a budget of as many runs as the reduction had made before.
//     Then take an earlier alternative of a draw with the value drawn
//     after it deleted (let x = a in b becomes a + b).
//
// The gate retries a candidate that was not kept with the later choices
// whose ranges it narrowed re-encoded to their old values, for draws that
// depend on earlier ones (a choice whose range now holds one value, and
// so reads nothing, has its bytes deleted, and one that reads anew, such
// as the stop of a collection that was at its longest, gets a zero:
// Outcome.Constants shows where); a candidate that lowered a count whose
// run then drew a few choices fewer is retried with that many choices
// already at their simplest deleted after it (a loop written by hand,
// whose elements no span groups, loses one of them rather than its
// last); and then with its change made in lockstep in every identical
// span (the same label and bytes) around it, for properties that compare
// two parts of their input, or, for an exchange of two bytes, at the same
// places in every span of the same label and length (a column moved in
// every row). A candidate under which a later range grew is not retried
// at once (most lower a budget whose later values are no loss); once the
// cheaper passes are stuck, those that lowered one value and widened a
// later range by as much (the high end of a range drawn from its lowered
// low end) are retried with the later values kept as far from their
// ranges' tops as before.
//
// A target that reads raw bytes (Options.ExactLength) and reports no
// spans is reduced as plain bytes instead: coarse deletion of whole lines
// and then of chunks first (delta debugging), then moves on structure
// inferred from the bytes
// (tokens, brackets, repeats, length fields, including lengths that
// count their own bytes, residues), and, when those
// are stuck, moves that change two places at once: a small selector byte
// raised or lowered by one with bytes after it deleted (a size whose next
// value drops a wider size field, a flag that drops an optional field),
// a framed element deleted with a later index
// or offset lowered to match, bytes deleted from a frame with the
// lengths of the frames around it lowered too (nested messages), bytes
// moved from one framed element into
// the next, the bytes before an offset's target cut with the offset
// lowered, any one element after a count deleted with the count lowered
// (and the offsets past it lowered by its size), every occurrence of a
// repeated byte lowered at once (a name where it is defined and where it
// is used), two bytes of a small binary input lowered by the same
// amount (a width and the run that fills the image), and the words of Options.Words (the literals of the code
// under test) put in place of the input's words. The result is one that
// a final check confirms 1-minimal ([MinimalCheck]). The 4-byte
// checksums the input carries (CRC-32 or CRC-32C of the bytes right
// before them, as in PNG chunks and XZ headers) are found in the first
// input and recomputed in a retry of every candidate that changed the
// bytes they cover, so that a parser that checks them does not reject
// every change inside a protected part. Options.OrderKey lets a caller
// order inputs by the values they encode.
//
// This package knows nothing about how inputs are decoded or how the
// target runs; it imports nothing else from this module.
package minimize
