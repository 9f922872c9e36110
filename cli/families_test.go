package cli

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
)

// ownFamily is a program's own game: a preset of a built-in one will do.
func ownFamily(name string) sente.Family {
	return sente.Family{Name: name, Summary: "treblecross: one-dimensional tic-tac-toe",
		Params: []sente.Param{{Name: "n", Doc: "the cells of the row", Kind: sente.Int, Default: "7", Min: 1, Max: 50}},
		New: func(v sente.ParamValues) (sente.Game, error) {
			return games.New("octal:0.007,n=" + strconv.Itoa(v.Int("n")))
		}}
}

// A program's own families are games of every command, beside the
// built-in ones; one that cannot join the catalogue stops the program
// with one line and status 2 before any command runs.
func TestOwnFamilies(t *testing.T) {
	ctx := context.Background()
	own := ownFamily("treble")
	tables := t.TempDir()
	garbled := sente.Family{Name: "garbled", Summary: "a game whose text does not read back",
		New: func(sente.ParamValues) (sente.Game, error) { return garbledText{squaresGame{3}}, nil }}
	for _, tc := range []struct {
		args     []string
		families []sente.Family
		status   int
		stdout   []string // lines it contains
		stderr   string
	}{
		{args: []string{"list"}, families: []sente.Family{own}, stdout: []string{"treble       treblecross: one-dimensional tic-tac-toe", "tictactoe "}},
		{args: []string{"solve", "treble:n=5"}, families: []sente.Family{own}, stdout: []string{"treble:n=5: first player wins in "}},
		{args: []string{"describe", "treble"}, families: []sente.Family{own}, stdout: []string{"the cells of the row"}},
		{args: []string{"__complete", "solve", "tre"}, families: []sente.Family{own}, stdout: []string{"treble\n", "treble:\n"}},
		// A game that does not rank its positions by tiers is stored by
		// its text, and verified.
		{args: []string{"verify", "treble:n=9", "--store", tables}, families: []sente.Family{own}, status: 2,
			stderr: "sente: verify: no stored table of treble:n=9; solve it first with 'sente solve treble:n=9 --engine tiers --store " + tables + "'\n"},
		{args: []string{"solve", "treble:n=9", "--engine", "tiers", "--store", tables}, families: []sente.Family{own}, stdout: []string{"treble:n=9: first player wins in ", "tier engine"}},
		{args: []string{"verify", "treble:n=9", "--store", tables}, families: []sente.Family{own}, stdout: []string{"treble:n=9: the stored table is consistent: "}},
		{args: []string{"solve", "garbled", "--engine", "tiers"}, families: []sente.Family{garbled}, status: 2,
			stderr: `sente: --engine tiers: position "3" does not read back through ParsePosition`},
		{args: []string{"solve", "treble"}, status: 2, stderr: `sente: unknown game "treble"`},
		{args: []string{"list"}, families: []sente.Family{ownFamily("nim")}, status: 2,
			stderr: "sente: games: cannot add a family named \"nim\": a built-in game has that name; choose another\n"},
		{args: []string{"list"}, families: []sente.Family{own, own}, status: 2,
			stderr: "sente: games: cannot add the family \"treble\" twice\n"},
		{args: []string{"list"}, families: []sente.Family{ownFamily("Treble")}, status: 2,
			stderr: "sente: games: cannot add a family named \"Treble\": a name is 1 to 40 lower-case letters, digits, '-' or '_', starting with a letter\n"},
	} {
		var stdout, stderr bytes.Buffer
		status := Run(ctx, tc.args, strings.NewReader(""), &stdout, &stderr, tc.families...)
		if status != tc.status {
			t.Errorf("%v: status %d, want %d; stderr %q", tc.args, status, tc.status, stderr.String())
		}
		for _, want := range tc.stdout {
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("%v: stdout\n%s\nwant it to contain %q", tc.args, stdout.String(), want)
			}
		}
		if tc.status != 0 && (!strings.HasPrefix(stderr.String(), tc.stderr) || strings.Count(stderr.String(), "\n") != 1 || stdout.Len() > 0) {
			t.Errorf("%v: stderr %q, stdout %q; want one line starting %q and nothing on stdout", tc.args, stderr.String(), stdout.String(), tc.stderr)
		}
	}
}

// squaresGame is subtract-a-square with the Game contract alone.
type squaresGame struct{ n int }

func (g squaresGame) Start() sente.Position            { return [2]int{g.n, 0} }
func (squaresGame) Turn(p sente.Position) sente.Player { return sente.Player(p.([2]int)[1]) }
func (squaresGame) Ended(p sente.Position) (sente.Value, bool) {
	return sente.Lose, p.([2]int)[0] == 0
}
func (squaresGame) FormatPosition(p sente.Position) string {
	return fmt.Sprint(p.([2]int)[0], "/", p.([2]int)[1])
}
func (squaresGame) ParsePosition(s string) (sente.Position, error) {
	var q [2]int
	_, err := fmt.Sscanf(s, "%d/%d", &q[0], &q[1])
	return q, err
}
func (squaresGame) Moves(p sente.Position) (moves []sente.Move) {
	for k, q := 1, p.([2]int); k*k <= q[0]; k++ {
		moves = append(moves, sente.Move{Name: fmt.Sprint(k * k), To: [2]int{q[0] - k*k, 1 - q[1]}})
	}
	return moves
}

// garbledText leaves the turn out of its text, which then does not read
// back.
type garbledText struct{ squaresGame }

func (garbledText) FormatPosition(p sente.Position) string { return fmt.Sprint(p.([2]int)[0]) }
