package answer

import (
	"fmt"

	"sente"
	"sente/internal/quantity"
	"sente/store/book"
)

// openBook opens the deepest opening book of g stored under opt's name
// (package store/book, built by 'sente book'), which an answer by search
// answers the positions it holds from, none searched; nil when the store
// holds none, or none that passes its checksums (then search answers as
// if there were none, and 'sente book --verify' tells of the damage).
func openBook(g sente.Game, opt Options) *book.Book {
	if opt.Tables == nil || opt.Name == "" || sente.CapabilitiesOf(g).Encoder == nil {
		return nil
	}
	b, err := book.OpenDeepest(g, opt.Tables, opt.Name)
	if err != nil {
		return nil
	}
	return b
}

// fromBook is the outcome of the position key when the answer's book
// holds it.
func (s *SearchSolution) fromBook(key uint64) (sente.Outcome, bool) {
	if s.book == nil {
		return sente.Outcome{}, false
	}
	o, ok := s.book.Lookup(key)
	if ok {
		s.cost.FromBook++
	}
	return o, ok
}

// bookWords says what the book answered: "all 7 positions from the
// opening book of 8 plies, none searched" when it answered every one,
// else "3 positions from the opening book of 8 plies; 4 searched: ".
func (c SearchCost) bookWords() (words string, all bool) {
	if c.FromBook == 0 {
		return "", false
	}
	n := quantity.Thousands(uint64(c.FromBook)) + " positions"
	if c.FromBook == 1 {
		n = "1 position"
	}
	if c.Searches == 0 {
		if c.FromBook > 1 {
			n = "all " + n
		}
		return fmt.Sprintf("%s from the opening book of %s, none searched", n, plies(c.BookPlies)), true
	}
	return fmt.Sprintf("%s from the opening book of %s; %d searched: ", n, plies(c.BookPlies), c.Searches), false
}
