package solve

import "github.com/sente-go/sente"

// The level-by-level retrograde analysis of a loopy part of a game (the
// hashing engine's tier, the tier engine's loopy tier, sente-dist's loopy
// tier) settles wins and losses in order of remoteness, then ties as soon
// as possible; what is left is a draw. Every engine works a queue of
// entries by level, and every engine applies the same rules to what a
// settled position tells its pending parents. Those rules are here, for
// all of them.

// Tag says what a queued entry is.
type Tag uint8

const (
	TagSettled Tag = iota // settled already: only pass its value on to its parents
	TagWin                // won at its level (tied, among ties), unless settled earlier
	TagLose               // lost at its level, unless settled earlier
)

// Entry packs a position's index and its tag into one queued word.
func Entry(id uint64, tag Tag) uint64 { return id<<2 | uint64(tag) }

// EntryID is the index of a queued entry's position.
func EntryID(e uint64) uint64 { return e >> 2 }

// EntryTag is the tag of a queued entry.
func EntryTag(e uint64) Tag { return Tag(e & 3) }

// Levels hands out entries in order of level: every push is for a level
// above the one being worked, so one pass over the levels suffices.
type Levels[T any] [][]T

// Push queues x at level.
func (q *Levels[T]) Push(level uint32, x T) {
	for uint32(len(*q)) <= level {
		*q = append(*q, nil)
	}
	(*q)[level] = append((*q)[level], x)
}

// Settles is the value a queued entry with tag (TagWin or TagLose) gives
// its position when it is the first to settle it.
func Settles(tag Tag, ties bool) sente.Value {
	switch {
	case ties:
		return sente.Tie
	case tag == TagLose:
		return sente.Lose
	}
	return sente.Win
}

// Tell is what a settled position tells its pending parents.
type Tell uint8

const (
	TellNothing Tell = iota
	TellWin          // the parent is won (tied, among ties) at the next level
	TellWon          // one of the parent's open children is won: count it down
)

// Tells says what a position settled with v tells its pending parents: a
// loss (a tie, among ties) makes them won at the next level; a win, among
// wins and losses, counts their open children down.
func Tells(v sente.Value, ties bool) Tell {
	switch {
	case v == sente.Lose && !ties, v == sente.Tie && ties:
		return TellWin
	case v == sente.Win && !ties:
		return TellWon
	}
	return TellNothing
}

// LostAt is the level at which a parent is lost whose last open child was
// won at level, when the slowest loss its moves to child tiers offer is
// slowest (a remoteness plus one; 0 for none) and none of them wins: the
// next level, or that of the slower loss. Every other child in the part
// was won at level or before.
func LostAt(level, slowest uint32) uint32 { return max(level+1, slowest) }

// Infinity is the remoteness of a win or a tie not found among a
// position's children yet: more than any remoteness a solve reaches.
const Infinity = ^uint32(0)

// Decide is the value and remoteness of a position all of whose children
// are known, from the fastest win (a child lost) and the fastest tie,
// Infinity when there is none, the slowest loss, and how many children
// neither lose nor win. Both engines decide by it.
func Decide(win, tie, loseMax uint32, blocked int) (sente.Value, uint32) {
	switch {
	case win != Infinity:
		return sente.Win, win
	case tie != Infinity:
		return sente.Tie, tie
	case blocked > 0:
		return sente.Draw, 0
	}
	return sente.Lose, loseMax
}
