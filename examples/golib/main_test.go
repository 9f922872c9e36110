package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sente-go/sente/internal/testmode"
)

// maxLines is the most lines of Go (neither blank nor comment) the program
// of a game of one's own takes: main.go here, the README's program.
const maxLines = 30

// TestFreshModule is what a Go programmer outside the repository does: a
// module of their own that requires sente (here replaced by this
// repository), main.go beside this test as their program, built with the
// Go toolchain offline from the module cache, then sente's commands run
// on their game: solve, moves, explain, table, verify and serve, whose
// browser app lists and plays it.
func TestFreshModule(t *testing.T) {
	testmode.SkipShort(t, "building a program of one's own with sente")
	source, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	if n := linesOfGo(source); n > maxLines {
		t.Errorf("main.go has %d lines of Go, more than the %d the README promises", n, maxLines)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(readme, []byte("```go\n"+string(source)+"```\n")) {
		t.Errorf("README's section \"Your own game, in Go\" does not show main.go as it is")
	}
	sums, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mod := fmt.Sprintf("module example.com/mygame\n\ngo 1.26.0\n\nrequire github.com/sente-go/sente v0.0.0\n\nreplace github.com/sente-go/sente => %s\n", root)
	for name, text := range map[string][]byte{"go.mod": []byte(mod), "go.sum": sums, "main.go": source} {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "mygame")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	// Offline: what the module needs is in the module cache after the
	// repository's own build.
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		if !testmode.CI() && bytes.Contains(out, []byte("GOPROXY=off")) {
			t.Skipf("the module cache lacks a module sente needs, and the test builds offline (with CI set this is a failure): %s", out)
		}
		t.Fatalf("go build of a module requiring sente: %v\n%s", err, out)
	}

	cache := filepath.Join(dir, "cache")
	run := func(status int, args ...string) (string, string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache, "SENTE_PROGRESS_EVERY=off")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		got := 0
		if errors.As(err, &exit) {
			got = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("mygame %s: %v", strings.Join(args, " "), err)
		}
		if got != status {
			t.Errorf("mygame %s: status %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), got, status, &stdout, &stderr)
		}
		return stdout.String(), stderr.String()
	}
	contains := func(what, text string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s:\n%s\nwant it to contain %q", what, text, w)
			}
		}
	}

	out, _ := run(0, "list")
	contains("list", out, "squares      subtract a square: take 1, 4, 9, ... tokens; who takes the last wins\n", "connect4 ")
	// Positions 0, 2, 5, 7, 10, 12, 15, 17, 20 of subtract-a-square are
	// lost by the player to move.
	out, _ = run(0, "solve", "squares")
	contains("solve", out, "squares: second player wins in 6 plies\n", "positions      38: 22 win, 16 lose, 0 tie, 0 draw")
	out, _ = run(0, "moves", "squares:n=11")
	contains("moves", out, "11/0 (first to move): first player wins in 3 plies\n", "9     win    3           2/1\n", "1     win    5           10/1\n", "4     win    5           7/1\n")
	out, _ = run(0, "explain", "squares:n=12")
	contains("explain", out, "second player wins", "Main line of perfect play")
	out, _ = run(0, "table", "squares:n=5")
	// The rows come in the order the solve met the positions.
	rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	slices.Sort(rows[1:])
	if got, want := strings.Join(rows, "\n"), "position,turn,value,winner,remoteness,move_count\n0/0,first,lose,second,0,0\n0/1,second,lose,first,0,0\n1/0,first,win,first,1,1\n1/1,second,win,second,1,1\n2/1,second,lose,first,2,1\n3/0,first,win,first,3,1\n4/1,second,win,second,1,2\n5/0,first,lose,second,2,2"; got != want {
		t.Errorf("table squares:n=5, rows sorted:\n%s\nwant\n%s", got, want)
	}
	_, stderr := run(2, "moves", "squares", "5/7")
	if want := "sente: position \"5/7\": want TOKENS/TURN, as 20/0\n"; stderr != want {
		t.Errorf("moves squares 5/7: stderr %q, want %q", stderr, want)
	}
	// verify checks stored tables: the tier engine stores the program's
	// game by its positions' text, since it gives no ranks, and verify
	// checks them; then a built-in game's stored solve.
	tables := filepath.Join(dir, "tables")
	_, stderr = run(2, "verify", "squares", "--store", tables)
	if want := "sente: verify: no stored table of squares; solve it first with 'sente solve squares --engine tiers --store " + tables + "'\n"; stderr != want {
		t.Errorf("verify squares before its solve: stderr %q, want %q", stderr, want)
	}
	out, _ = run(0, "solve", "squares", "--store", tables, "--engine", "tiers")
	contains("solve squares --engine tiers", out, "squares: second player wins in 6 plies\n", "positions      38: 22 win, 16 lose, 0 tie, 0 draw", "tier engine")
	out, _ = run(0, "verify", "squares", "--store", tables)
	contains("verify squares", out, "squares: the stored table is consistent: 38 positions", "start lose in 6")
	out, _ = run(0, "moves", "squares", "--store", tables)
	contains("moves squares from its stored tables", out, "20/0 (first to move): second player wins in 6 plies\n")
	run(0, "solve", "tictactoe", "--store", tables, "--engine", "tiers")
	out, _ = run(0, "verify", "tictactoe", "--store", tables)
	contains("verify tictactoe", out, "consistent")

	serve(t, bin, dir)
}

// serve starts the program's browser app, asks it for the list of games
// and a position of the program's own, and stops it as Ctrl-C does.
func serve(t *testing.T, bin, dir string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve", "--addr", "127.0.0.1:0")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	address, ok := strings.CutPrefix(strings.TrimSpace(line), "sente: serving on ")
	address, _, _ = strings.Cut(address, " ")
	if err != nil || !ok {
		t.Fatalf("serve said %q (%v), want the address it serves on", line, err)
	}
	var list []struct{ Name, Title string }
	get(t, address+"api/games", &list)
	found := false
	for _, g := range list {
		found = found || g.Name == "squares" && g.Title == "Subtract a square"
	}
	if !found || len(list) < 10 {
		t.Errorf("serve's /api/games lists %d games, squares among them: %v", len(list), found)
	}
	var info struct {
		Status, Verdict string
		Moves           []struct{ Move, Words string }
	}
	for deadline := time.Now().Add(30 * time.Second); info.Status != "ready" && time.Now().Before(deadline); {
		get(t, address+"api/position?game=squares:n=11&pos=11/0", &info)
	}
	if info.Verdict != "The first player is winning: they can force a win in 3 moves." || len(info.Moves) != 3 || info.Moves[0].Move != "9" {
		t.Errorf("serve's answer for squares:n=11: %+v", info)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 130 && exit.ExitCode() != 0 {
			t.Errorf("serve stopped by Ctrl-C: %v", err)
		}
	}
}

func get(t *testing.T, address string, v any) {
	t.Helper()
	resp, err := http.Get(address)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s %s", address, resp.Status, body)
	}
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("GET %s: %v", address, err)
	}
}

// linesOfGo counts the lines of source that are neither blank nor only a
// comment.
func linesOfGo(source []byte) int {
	n := 0
	for line := range strings.Lines(string(source)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "//") {
			n++
		}
	}
	return n
}
