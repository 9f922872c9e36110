package gamecheck

import (
	"fmt"

	"github.com/sente-go/sente"
)

// Report says what Check checked.
type Report struct {
	Positions int      // distinct positions checked
	Checks    []string // one line for each kind of check made
	Notes     []string // what was found but is allowed, such as keys that differ between games of a game without a Ranker
	// KeepsTurn is the first move met after which the same player is to
	// move again, "" when every move checked passes the turn.
	KeepsTurn string
	// PartizanChecked is how many positions of a partizan game had their
	// value's outcome class held to the solves.
	PartizanChecked int
}

func (c *checker) note(s string) { c.rep.Checks = append(c.rep.Checks, s) }

// Error is a breach of the game's contract: what failed and at which
// position.
type Error struct {
	Check    string // what was checked: "text form", "encoder", "ranks", ...
	Position string // the position's text form
	Msg      string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s, at %q: %s", e.Check, e.Position, e.Msg)
}

func (c *checker) fail(check string, v visited, format string, args ...any) error {
	return &Error{Check: check, Position: v.text, Msg: fmt.Sprintf(format, args...)}
}

func endedWords(v sente.Value, ended bool) string {
	if !ended {
		return "the game goes on"
	}
	return "it ended with " + v.String()
}
