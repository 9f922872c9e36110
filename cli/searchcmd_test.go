package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/games"
)

// TestStoppedSearchWords: a search stopped while the game's endgame tables
// were built says so, with no cost, having searched nothing; one stopped
// in its search says what it cost.
func TestStoppedSearchWords(t *testing.T) {
	g, err := games.New("kalah:houses=6,seeds=4")
	if err != nil {
		t.Fatal(err)
	}
	start := "4,4,4,4,4,4:0 4,4,4,4,4,4:0 first"
	line, ok := stoppedSearch(fmt.Errorf("wrapped: %w", &answer.SearchStopped{Game: g, Position: g.Start(), InTables: true}))
	if want := "the search of " + start + " stopped; proved so far: nothing yet, the endgame tables still being built"; !ok || line != want {
		t.Errorf("stopped in the tables: %q, want %q", line, want)
	}
	line, ok = stoppedSearch(&answer.SearchStopped{Game: g, Position: g.Start(), Cost: answer.SearchCost{Searches: 1, Nodes: 1000}})
	if !ok || !strings.HasPrefix(line, "the search of "+start+" stopped; proved so far: nothing yet (") || !strings.Contains(line, "1,000 nodes") {
		t.Errorf("stopped in the search: %q", line)
	}
}
