package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/sente-go/sente/explore"
)

// TestExploresOnce: the commands that show values and Grundy values
// explore the game once, whatever the kind of game (the answer layer
// shares one explored space between the solve and the values).
func TestExploresOnce(t *testing.T) {
	for _, spec := range []string{
		"count:lose=21",                // impartial
		"testdata/rules/loopyimp.star", // impartial and loopy
		"nim:heaps=2/3",                // a sum of heaps
		"tictactoe",                    // partizan
	} {
		for _, cmd := range []string{"moves", "table", "explain", "solve"} {
			before := explore.Explorations()
			r := runCLI(t, context.Background(), "", cmd, spec, "--store", t.TempDir())
			if r.status != 0 {
				t.Fatalf("sente %s %s: status %d, stderr %q", cmd, spec, r.status, r.stderr)
			}
			if n := explore.Explorations() - before; n != 1 {
				t.Errorf("sente %s %s explored the game %d times, want once", cmd, spec, n)
			}
			if cmd == "moves" && spec != "tictactoe" && !strings.Contains(r.stdout, "Grundy value") {
				t.Errorf("sente moves %s shows no Grundy value:\n%s", spec, r.stdout)
			}
		}
	}
}
