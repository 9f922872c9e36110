package answer

import (
	"errors"
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/store/book"
)

// openBooks opens the opening books of g stored under opt's name
// (package store/book, built by 'sente book'), deepest first, from which
// an answer by search answers the positions they hold, none searched;
// none when the store holds none. A book that fails its checksums is
// left out: search answers as if it were not there, and 'sente book
// --verify' tells of the damage.
func openBooks(g sente.Game, opt Options) []*book.Book {
	if opt.Tables == nil || opt.Name == "" || sente.CapabilitiesOf(g).Encoder == nil {
		return nil
	}
	books, _ := book.OpenAll(g, opt.Tables, opt.Name)
	return books
}

// fromBook is the outcome of the position key when one of the answer's
// books holds it.
func (s *SearchSolution) fromBook(key uint64) (sente.Outcome, bool) {
	for _, b := range s.books {
		if o, ok := b.Lookup(key); ok {
			s.cost.FromBook++
			s.cost.BookPlies, s.cost.BookStrategy = b.Plies(), b.Strategy()
			return o, true
		}
	}
	return sente.Outcome{}, false
}

// closeBooks unmaps the answer's books.
func (s *SearchSolution) closeBooks() error {
	if s.lentBooks {
		s.books = nil
		return nil
	}
	var err error
	for _, b := range s.books {
		err = errors.Join(err, b.Close())
	}
	s.books = nil
	return err
}

// bookWords says what the book answered: "all 7 positions from the
// opening book of 8 plies, none searched" when it answered every one,
// else "3 positions from the opening book of 8 plies; 4 searched: "; a
// book of a strategy says so ("the opening book of 8 plies of the first
// player's best moves").
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
		return fmt.Sprintf("%s from the opening book of %s, none searched", n, c.bookName()), true
	}
	return fmt.Sprintf("%s from the opening book of %s; %d searched: ", n, c.bookName(), c.Searches), false
}

// bookName is the book's plies, and its strategy when it has one.
func (c SearchCost) bookName() string {
	if c.BookStrategy != book.Everything {
		return plies(c.BookPlies) + " of " + c.BookStrategy.String()
	}
	return plies(c.BookPlies)
}
