package cli

import (
	"context"
	"encoding/csv"
	"strings"
	"testing"
)

// TestTableCellsNeverEmpty: every cell of a table is a number or says why
// there is none, including the Grundy values of sums whose components keep
// the turn (a component with the other player to move is met only as a part
// of a whole position), draws (no remoteness) and positions with no moves
// (no best move).
func TestTableCellsNeverEmpty(t *testing.T) {
	for _, args := range [][]string{
		{"testdata/nimturn.star:heaps=1/2/3"},
		{"testdata/tofuturn.star"},
		{"testdata/tofuturn.star", "--from", `((0, 2), (0, 2), (0, 1), "second")`},
		{"tofu"},
		{"tictactoe", "--symmetry"},
		{"nim:heaps=1/2/3"},
		{"kayles:n=7"},
		{"consecutive:n=7,m=2"},
		{"../examples/consecutive.star:n=6"},
		{"../examples/nim.star:heaps=2/3"},
		{"../examples/loopy.star"},
		{"chopsticks"},
		{"nim:heaps=1/2/3,misere=true"},
	} {
		args := append([]string{"table"}, args...)
		r := runCLI(t, context.Background(), "", append(args, "--best")...)
		if r.status != 0 {
			t.Fatalf("sente %s: status %d, stderr %q", strings.Join(args, " "), r.status, r.stderr)
		}
		records, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
		if err != nil {
			t.Fatalf("sente %s: %v", strings.Join(args, " "), err)
		}
		for _, rec := range records[1:] {
			for i, cell := range rec {
				if cell == "" {
					t.Errorf("sente %s: position %s has an empty %s", strings.Join(args, " "), rec[0], records[0][i])
				}
			}
		}
	}
}
