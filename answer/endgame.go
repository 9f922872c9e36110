package answer

import (
	"errors"
	"fmt"

	"github.com/sente-go/sente"
)

// EndgameTables is a game's endgame (sente.Endgamer) and how much of it
// is stored where an answer by search reads its leaves: the store's tables
// of every position of the game, and its tables from the start.
type EndgameTables struct {
	sente.Endgame
	// Stored is how many of Tiers are stored whole.
	Stored int
}

// Whole reports whether every tier of the endgame is stored.
func (e EndgameTables) Whole() bool { return e.Stored == len(e.Tiers) }

// Words says whether the endgame's tables are stored: "the moving
// phase's tables are stored (20 tiers)", "the moving phase's tables are
// not stored (3 of its 20 tiers are)".
func (e EndgameTables) Words() string {
	switch {
	case e.Whole():
		return fmt.Sprintf("%s's tables are stored (%d tiers)", e.Name, len(e.Tiers))
	case e.Stored == 0:
		return fmt.Sprintf("%s's tables are not stored (%d tiers)", e.Name, len(e.Tiers))
	}
	return fmt.Sprintf("%s's tables are not stored (%d of its %d tiers are)", e.Name, e.Stored, len(e.Tiers))
}

// EndgameOf is g's endgame and how much of it opt's store holds (under
// opt.Name), and false when g names none.
func EndgameOf(g sente.Game, opt Options) (EndgameTables, bool) {
	eg := sente.CapabilitiesOf(g).Endgamer
	if eg == nil {
		return EndgameTables{}, false
	}
	e := EndgameTables{Endgame: eg.Endgame()}
	if l := storedLeaves(g, e.From, opt); l != nil {
		for _, t := range e.Tiers {
			if l.Has(t) {
				e.Stored++
			}
		}
		l.Close()
	}
	return e, true
}

// searchesInstead reports whether Solve answers by search under opt what
// the table engines refused with err, and the refusal.
func searchesInstead(g sente.Game, opt Options, err error) (*Refusal, bool) {
	var refused *Refusal
	if opt.Engine != Auto || !opt.MaySearch || !errors.As(err, &refused) || refused.Over == 0 && !refused.wide {
		return nil, false
	}
	return refused, searchRefusal(g, opt) == ""
}

// SearchInstead says what Solve does with PlanOf's refusal err of g
// under opt when it answers by search instead (Options.MaySearch): "search
// answers the position instead, its value and remoteness ...", with
// whether the game's endgame tables, which the search would read as its
// leaves, are stored. Empty when the refusal stands.
func SearchInstead(g sente.Game, opt Options, err error) string {
	if _, ok := searchesInstead(g, opt, err); !ok {
		return ""
	}
	words := "search answers the position instead"
	if opt.marginOnly(g) {
		// Stored tables hold no margins: the search reads none of them.
		words = "search finds the position's margin alone instead"
		if sente.CapabilitiesOf(g).MarginTabler != nil {
			words += ", over endgame tables of margins it builds in memory"
		}
		return words
	}
	if e, ok := EndgameOf(g, opt); ok {
		words += fmt.Sprintf(", reading %s's tables as its leaves where they are stored; %s", e.Name, e.Words())
	}
	return words
}
