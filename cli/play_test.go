package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlay drives play with scripted input and compares the transcript
// with testdata/play_NAME.golden (go test -update rewrites them). Without
// --hints, nothing tells the player who wins or which moves are best until
// they ask; after their move, play says what it gave away.
func TestPlay(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  []string // in the transcript
		not   []string // not in it
	}{{
		name:  "tictactoe",
		args:  []string{"play", "tictactoe"},
		stdin: "undo\nzz\nb2\nundo\nhint\na1\nquit\n",
		want: []string{
			"your move (a3, b3, c3, a2, b2, c2, a1, b1, c1): ", // the game's order, not best first
			"nothing to undo", `no move "zz" here`, "took back your last move and the reply",
			"first to move: tie in 9 plies\n  a3: tie in 9\n", // hint
		},
	}, {
		// After x a3, o b2, x b3, o c3, x must block at a1; c1 throws the
		// tie away and o wins on the anti-diagonal.
		name:  "tictactoe_lost_tie",
		args:  []string{"play", "tictactoe"},
		stdin: "a3\nb3\nc1\n",
		want:  []string{"that move threw away a tie (best was a1: tie in 5)", "Game over: the computer won."},
	}, {
		name:  "cards_lost_win",
		args:  []string{"play", "cards"},
		stdin: "1\nquit\n",
		want:  []string{"your move (1, 2, 3, 4, 5): ", "that move threw away a win (best was 2: win in 9)"},
	}, {
		// The first player wins cards; as the second player, hold out as
		// long as possible with the best replies.
		name:  "cards_second_hints",
		args:  []string{"play", "cards", "--as", "second", "--hints"},
		stdin: "1\n3\n2\n4\n",
		want: []string{
			"first to move: first player wins in 9 plies",
			"your move (1: lose in 8, 2: lose in 8, ",
			"sente plays 2", "sente plays 3", "sente plays 1", "sente plays 4", "sente plays 5",
			"Game over: the computer won.",
		},
		not: []string{"threw away", "loses sooner", "no move"},
	}, {
		name:  "chopsticks_from",
		args:  []string{"play", "chopsticks", "--from", "4,4 4,3 first", "--restrict", "second=niece-attacks"},
		stdin: "hint\nundo\nquit\n",
		want:  []string{"first to move: first player wins in 7 plies", "  LxR: win in 7\n"},
	}}
	hidden := []string{"wins in", "win in", "tie in", "lose in", "loses in"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, context.Background(), tt.stdin, tt.args...)
			if r.status != 0 || r.stderr != "" {
				t.Errorf("status %d, stderr %q; want 0 and nothing", r.status, r.stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("transcript lacks %q", w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(r.stdout, n) {
					t.Errorf("transcript has %q", n)
				}
			}
			if !strings.Contains(strings.Join(tt.args, " "), "--hints") {
				// Values appear only after hint, or in the judgement of a move.
				for _, line := range strings.Split(r.stdout, "\n") {
					if strings.HasPrefix(line, "  ") || strings.Contains(line, "best was") || strings.Contains(line, "to move: ") {
						continue
					}
					for _, h := range hidden {
						if strings.Contains(line, h) {
							t.Errorf("line %q gives away a value unasked", line)
						}
					}
				}
			}
			path := filepath.Join("testdata", "play_"+tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(r.stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if r.stdout != string(want) {
				t.Errorf("transcript differs from %s (go test -update rewrites it)\n--- got\n%s--- want\n%s", path, r.stdout, want)
			}
		})
	}
}
