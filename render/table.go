package render

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve"
)

// Row is one position of a table of a solution.
type Row struct {
	Position string       // the position's text, as the game formats it
	Turn     sente.Player // who is to move
	Outcome  sente.Outcome
	// Grundy is the (generalized) Grundy value, when GrundyKnown.
	Grundy      nimber.Nimber
	GrundyKnown bool
	Moves       int      // the number of moves from the position
	Best        []string // the names of the best moves, when the table has them
}

// Table is a stream of rows and the optional columns they fill.
type Table struct {
	Grundy bool // a grundy column (impartial games)
	Best   bool // a best column: the best moves
	// Rows calls yield with each row in turn until yield returns false,
	// and returns any error met. It may reuse one Row for every call, so
	// yield must not keep it.
	Rows func(yield func(*Row) bool) error
}

// TableOptions choose the optional columns of SolutionTable.
type TableOptions struct {
	// Grundy, when set, gives the Grundy value of a position (impartial
	// games); a position it does not know is NoGrundy.
	Grundy nimber.Valuer
	// Best adds the best moves of each position. It is the expensive
	// column: it looks up the outcome of every move from every position.
	Best bool
}

// SolutionTable is the table of every position of sol, in the order
// sol.Each gives them (tier by tier). Each row is made as it is written and
// then dropped, so a table of ten million positions needs no more memory
// than one of ten. A solution made with symmetry holds, and so lists, one
// position of each class. Counting the moves asks the game for them (sol.Moves);
// Best also looks up where each leads (explain.Moves).
func SolutionTable(sol solve.Solution, opt TableOptions) Table {
	game := sol.Game()
	return Table{
		Grundy: opt.Grundy != nil,
		Best:   opt.Best,
		Rows: func(yield func(*Row) bool) error {
			var row Row
			var err error
			sol.Each(func(p sente.Position, o sente.Outcome) bool {
				row.Position = game.FormatPosition(p)
				row.Turn = game.Turn(p)
				row.Outcome = o
				row.GrundyKnown = false
				if opt.Grundy != nil {
					row.Grundy, row.GrundyKnown = opt.Grundy.Of(p)
				}
				row.Best = row.Best[:0]
				if opt.Best {
					ranked, e := explain.Moves(sol, p)
					if e != nil {
						err = fmt.Errorf("position %s: %w", row.Position, e)
						return false
					}
					row.Moves = len(ranked)
					for _, m := range ranked {
						if m.Outcome == ranked[0].Outcome {
							row.Best = append(row.Best, m.Name)
						}
					}
				} else {
					row.Moves = len(sol.Moves(p))
				}
				return yield(&row)
			})
			return err
		},
	}
}

// What a CSV cell says where there is nothing to give: a draw has no
// remoteness, a position with no moves has no best move, and a Grundy value
// can be missing when computing it stopped.
const (
	NoRemoteness = "n/a: draw"
	NoBest       = "n/a: no moves"
	NoGrundy     = "n/a: not computed"
)

// TableFormats are the formats WriteTable writes.
var TableFormats = []string{"csv", "json", "jsonl"}

// Columns returns the names of t's columns, in order: position, turn,
// value, winner, remoteness, then grundy and best when t has them, with
// moves between them.
func (t Table) Columns() []string {
	cols := []string{"position", "turn", "value", "winner", "remoteness"}
	if t.Grundy {
		cols = append(cols, "grundy")
	}
	cols = append(cols, "move_count")
	if t.Best {
		cols = append(cols, "best_moves")
	}
	return cols
}

// WriteTable writes t to w in format, row by row as the rows come, through
// a buffer, holding no row once it is written:
//
//   - csv: a header line with the column names, then one line a row (RFC
//     4180 quoting, \n line ends).
//   - json: an array of objects, one a line, written element by element.
//   - jsonl: one object a line (JSON Lines).
//
// Columns: position (the game's text), turn (first or second), value (win,
// lose, tie or draw, for the player to move), winner (first, second or none),
// remoteness (plies to the end under perfect play; NoRemoteness in CSV and
// null in JSON for a draw, which never ends), grundy (only when t.Grundy: a
// number; in CSV a loopy game's infinite value is written as ∞{0,2}, in JSON
// it is null with the finite values among its options in grundy_infinite,
// [0,2]; NoGrundy in CSV and null in JSON when unknown), move_count (how
// many moves), best_moves (only when t.Best: the best moves' names,
// space-separated in CSV, an array in JSON; NoBest in CSV for a position
// with no moves). The names are those of the JSON vocabulary every command
// shares (README, "JSON output").
//
// No CSV cell is empty: where there is no number, the cell says why.
//
// It stops with ctx's error when ctx is done, checking now and then.
func WriteTable(ctx context.Context, w io.Writer, format string, t Table) error {
	var enc func(buf []byte, r *Row) []byte
	switch format {
	case "csv":
		enc = t.appendCSV
	case "json", "jsonl":
		enc = t.appendJSON
	default:
		return fmt.Errorf("unknown table format %q (want csv, json or jsonl)", format)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var buf []byte
	switch format {
	case "csv":
		for i, c := range t.Columns() {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, c...)
		}
		buf = append(buf, '\n')
	case "json":
		buf = append(buf, '[')
	}
	var werr error
	n := 0
	err := t.Rows(func(r *Row) bool {
		if n&4095 == 0 {
			if werr = ctx.Err(); werr != nil {
				return false
			}
		}
		if format == "json" {
			if n > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, '\n')
		}
		buf = enc(buf, r)
		if format != "json" {
			buf = append(buf, '\n')
		}
		n++
		if _, werr = bw.Write(buf); werr != nil {
			return false
		}
		buf = buf[:0]
		return true
	})
	if werr != nil {
		return werr
	}
	if err != nil {
		return err
	}
	if format == "json" {
		if n > 0 {
			buf = append(buf, '\n')
		}
		buf = append(buf, "]\n"...)
	}
	if _, err := bw.Write(buf); err != nil {
		return err
	}
	return bw.Flush()
}

func (t Table) appendCSV(b []byte, r *Row) []byte {
	b = appendCSVField(b, r.Position)
	b = append(b, ',')
	b = append(b, r.Turn.String()...)
	b = append(b, ',')
	b = append(b, r.Outcome.Value.String()...)
	b = append(b, ',')
	b = append(b, sente.Winner(r.Turn, r.Outcome.Value).String()...)
	b = append(b, ',')
	if ends(r.Outcome.Value) {
		b = strconv.AppendInt(b, int64(r.Outcome.Remoteness), 10)
	} else {
		b = append(b, NoRemoteness...)
	}
	if t.Grundy {
		b = append(b, ',')
		if r.GrundyKnown {
			b = appendCSVField(b, r.Grundy.String())
		} else {
			b = append(b, NoGrundy...)
		}
	}
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(r.Moves), 10)
	if t.Best && r.Moves == 0 {
		b = append(b, ',')
		b = append(b, NoBest...)
	} else if t.Best {
		b = append(b, ',')
		quote := false
		for _, m := range r.Best {
			quote = quote || csvNeedsQuotes(m)
		}
		if quote {
			b = append(b, '"')
		}
		for i, m := range r.Best {
			if i > 0 {
				b = append(b, ' ')
			}
			if quote {
				b = appendDoubledQuotes(b, m)
			} else {
				b = append(b, m...)
			}
		}
		if quote {
			b = append(b, '"')
		}
	}
	return b
}

// ends reports whether a position of value v has a remoteness: a draw
// (endless play) has none.
func ends(v sente.Value) bool { return v == sente.Win || v == sente.Lose || v == sente.Tie }

func csvNeedsQuotes(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == ' ' || s[0] == '\t' {
		return true
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ',', '"', '\r', '\n':
			return true
		}
	}
	return false
}

func appendCSVField(b []byte, s string) []byte {
	if !csvNeedsQuotes(s) {
		return append(b, s...)
	}
	b = append(b, '"')
	b = appendDoubledQuotes(b, s)
	return append(b, '"')
}

func appendDoubledQuotes(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return b
}

func (t Table) appendJSON(b []byte, r *Row) []byte {
	b = append(b, `{"position":`...)
	b = appendJSONString(b, r.Position)
	b = append(b, `,"turn":"`...)
	b = append(b, r.Turn.String()...)
	b = append(b, `","value":"`...)
	b = append(b, r.Outcome.Value.String()...)
	b = append(b, `","winner":"`...)
	b = append(b, sente.Winner(r.Turn, r.Outcome.Value).String()...)
	b = append(b, `","remoteness":`...)
	if ends(r.Outcome.Value) {
		b = strconv.AppendInt(b, int64(r.Outcome.Remoteness), 10)
	} else {
		b = append(b, "null"...)
	}
	if t.Grundy {
		b = append(b, `,"grundy":`...)
		switch {
		case !r.GrundyKnown:
			b = append(b, "null"...)
		case !r.Grundy.Infinite:
			b = strconv.AppendInt(b, int64(r.Grundy.Value), 10)
		default:
			// An infinite value: null, with the finite values among the
			// options of ∞{0,2} as numbers.
			b = append(b, `null,"grundy_infinite":[`...)
			for i, k := range r.Grundy.K {
				if i > 0 {
					b = append(b, ',')
				}
				b = strconv.AppendInt(b, int64(k), 10)
			}
			b = append(b, ']')
		}
	}
	b = append(b, `,"move_count":`...)
	b = strconv.AppendInt(b, int64(r.Moves), 10)
	if t.Best {
		b = append(b, `,"best_moves":[`...)
		for i, m := range r.Best {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, m)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&15])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
