package cli

import (
	"context"
	"regexp"
	"testing"

	"github.com/sente-go/sente/games"
)

// TestDescribeSpeaksToUsers: what list and describe say is for people who
// play the games: no internal names of the project's sources ("seed 000",
// the seed posts; a mancala game's seeds are the game's own word),
// no Go identifiers, no paths to files outside the repository (in lower
// case: "../ELG" is the last rows of a dōbutsu board).
func TestDescribeSpeaksToUsers(t *testing.T) {
	internal := regexp.MustCompile(`(?i)\bseed \d|\bseeds? (posts?|material|summar(y|ies))\b|\bseeds\.md\b|(?-i:\.\./[a-z]{2,})|/work/|\.go\b|\bfunc\b|\b(Parse|New|Tofu|Nim)[A-Z][A-Za-z]*\b`)
	runs := [][]string{{"list"}, {"list", "--json"}}
	for _, f := range games.All() {
		runs = append(runs, []string{"describe", f.Name}, []string{"describe", f.Name, "--json"})
	}
	for _, args := range runs {
		r := runCLI(t, context.Background(), "", args...)
		if r.status != 0 {
			t.Fatalf("sente %v: status %d, stderr %q", args, r.status, r.stderr)
		}
		if m := internal.FindString(r.stdout); m != "" {
			t.Errorf("sente %v says %q, which is not for users", args, m)
		}
	}
}
