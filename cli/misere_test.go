package cli

import (
	"context"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/web"
)

// misereGames are every misère game of the catalogue, as the arguments that
// name one: nim's own misere parameter, --misere on every impartial built-in
// family and example rules file, and a rules file with a misere parameter.
func misereGames(t *testing.T) [][]string {
	t.Helper()
	list := [][]string{{"nim:heaps=1/2/3,misere=true"}, {"../rules/testdata/subtract.star:n=7,misere=true"}}
	small := map[string]string{
		"consecutive": "consecutive:n=6", "kayles": "kayles:n=6", "octal": "octal:n=6",
		"grundy": "grundy:n=8", "dawsonchess": "dawsonchess:n=6", "dawson": "dawson:n=6",
		"nim": "nim:heaps=1/2/2", "count": "count:lose=9",
	}
	for _, f := range games.All() {
		g, err := games.New(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if imp, ok := g.(sente.Impartial); !ok || !imp.Impartial() {
			continue
		}
		spec := f.Name
		if s, ok := small[f.Name]; ok {
			spec = s
		}
		list = append(list, []string{spec, "--misere"})
	}
	for _, star := range []string{"count.star:lose=9", "nim.star", "tofu.star", "consecutive.star:n=6"} {
		list = append(list, []string{"../examples/" + star, "--misere"})
	}
	return list
}

// TestMisereEveryCommand runs every command that takes a game over every
// misère game: each works and shows what is defined (values, remoteness),
// without Grundy values, which misère play does not have.
func TestMisereEveryCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this every command over every misère game (about 1 s)")
	}
	dir := t.TempDir()
	for _, game := range misereGames(t) {
		name := strings.ReplaceAll(strings.Join(game, " "), "/", "_")
		commands := []struct {
			cmd   string
			args  []string
			stdin string
			want  string
		}{
			{"solve", []string{"solve"}, "", "wins"},
			{"solve json", []string{"solve", "--json"}, "", `"value"`},
			{"moves", []string{"moves"}, "", "no Grundy values"},
			{"moves json", []string{"moves", "--json"}, "", `"remoteness"`},
			{"table", []string{"table"}, "", "position,turn,value,winner,remoteness"},
			{"table json", []string{"table", "--format", "json"}, "", `"remoteness"`},
			{"explain", []string{"explain"}, "", "With perfect play"},
			{"play", []string{"play"}, "quit\n", "your move"},
			{"picture graph", []string{"picture", "graph", "--max-nodes", "5000", "-o", filepath.Join(dir, name+".dot")}, "", ""},
		}
		for _, c := range commands {
			t.Run(name+"/"+c.cmd, func(t *testing.T) {
				args := append(append(append([]string{}, c.args[:1]...), game...), c.args[1:]...)
				if c.cmd == "picture graph" {
					args = append(append([]string{"picture", "graph"}, game...), c.args[2:]...)
				}
				r := runCLI(t, context.Background(), c.stdin, args...)
				if r.status != 0 || r.stderr != "" {
					t.Fatalf("sente %s: status %d, stderr %q", strings.Join(args, " "), r.status, r.stderr)
				}
				if !strings.Contains(r.stdout, c.want) {
					t.Errorf("sente %s: stdout lacks %q:\n%s", strings.Join(args, " "), c.want, r.stdout)
				}
				if strings.Contains(strings.ReplaceAll(r.stdout, "no Grundy values", ""), "Grundy value") {
					t.Errorf("sente %s shows Grundy values of a misère game:\n%s", strings.Join(args, " "), r.stdout)
				}
			})
		}
		t.Run(name+"/picture table", func(t *testing.T) {
			args := append(append([]string{"picture", "table"}, game...), "-o", filepath.Join(dir, name+".svg"))
			r := runCLI(t, context.Background(), "", args...)
			// A game that names no features has no table under normal play
			// either; that is bad input, not a failure of misère play.
			if r.status != 0 && !(r.status == 2 && strings.Contains(r.stderr, "names no features")) {
				t.Fatalf("sente %s: status %d, stderr %q", strings.Join(args, " "), r.status, r.stderr)
			}
		})
	}
}

// TestMisereParameterCommands: sweep works on a misère game with a
// parameter, and grundy and sweep --grundy say in one line why there are no
// Grundy values.
func TestMisereParameterCommands(t *testing.T) {
	const file = "../rules/testdata/subtract.star:misere=true"
	r := runCLI(t, context.Background(), "", "sweep", file, "--param", "n=0..9")
	if r.status != 0 || r.stderr != "" {
		t.Fatalf("sweep: status %d, stderr %q", r.status, r.stderr)
	}
	// Misère subtraction of 1..3: the player to move loses at n ≡ 1 mod 4.
	for _, line := range []string{"1 second", "5 second", "9 second", "4 first"} {
		if !strings.Contains(strings.Join(strings.Fields(r.stdout), " "), line) {
			t.Errorf("sweep lacks %q:\n%s", line, r.stdout)
		}
	}
	for _, args := range [][]string{
		{"grundy", file, "--param", "n=0..9"},
		{"sweep", file, "--param", "n=0..9", "--grundy"},
	} {
		r := runCLI(t, context.Background(), "", args...)
		if r.status != 2 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "normal play") {
			t.Errorf("sente %s: status %d, stdout %q, stderr %q; want status 2 and one line on normal play", strings.Join(args, " "), r.status, r.stdout, r.stderr)
		}
	}
}

// TestMisereServe: the browser app's API answers a misère game's position
// with its value and no Grundy values.
func TestMisereServe(t *testing.T) {
	s, err := web.New(web.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	pos := askUntilSolved(t, srv.URL+"/api/position?game="+url.QueryEscape("nim:heaps=1/2/3,misere=true"), 10*time.Second)
	if pos.Status != "ready" || pos.Value != "lose" {
		t.Errorf("misère nim 1/2/3: status %q value %q error %q, want ready and lose", pos.Status, pos.Value, pos.Error)
	}
}

// TestMiserePlayDraws: misère play keeps the game's drawing of positions,
// its features and its description.
func TestMiserePlayDraws(t *testing.T) {
	r := runCLI(t, context.Background(), "quit\n", "play", "nim:heaps=1/2", "--misere")
	if r.status != 0 || !strings.Contains(r.stdout, "heap 2 ( 2): oo") {
		t.Errorf("play nim --misere: status %d, stdout %q, stderr %q", r.status, r.stdout, r.stderr)
	}
	r = runCLI(t, context.Background(), "", "explain", "kayles:n=5", "--misere")
	if r.status != 0 || !strings.Contains(r.stdout, "misère play: the player who cannot move wins") {
		t.Errorf("explain kayles --misere: status %d, stdout %q, stderr %q", r.status, r.stdout, r.stderr)
	}
}
