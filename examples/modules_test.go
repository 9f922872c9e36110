package examples_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/wasm"
)

// The game modules of modules/: each directory holds a module's source,
// build.sh, the built NAME.wasm and NAME.wasm.sha256.
var moduleDirs = []struct {
	dir, name string
	tool      string // the compiler build.sh runs
}{
	{"connect4", "connect4", "clang"},
	{"tictactoe", "tictactoe", "clang"},
	{"connect4go", "connect4go", "go"},
	{"threemen", "threemen", "go"},
	{"domineering", "domineering", "clang"},
}

// TestModuleChecksums: every checked-in module is the file its checksum
// names.
func TestModuleChecksums(t *testing.T) {
	for _, m := range moduleDirs {
		wasmPath := filepath.Join("modules", m.dir, m.name+".wasm")
		bin, err := os.ReadFile(wasmPath)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := os.ReadFile(wasmPath + ".sha256")
		if err != nil {
			t.Fatal(err)
		}
		want, file, _ := strings.Cut(strings.TrimSpace(string(sum)), "  ")
		got := sha256.Sum256(bin)
		if hex.EncodeToString(got[:]) != want || file != m.name+".wasm" {
			t.Errorf("%s: SHA-256 %x; %s.sha256 says %q for %q (run modules/%s/build.sh)", wasmPath, got, m.name+".wasm", want, file, m.dir)
		}
	}
}

// TestModuleRebuilds runs each module's build.sh in a copy of its
// directory and checks that it makes the checked-in module byte for byte:
// the Go modules always, the C modules where clang and wasm-ld are
// installed (CI installs them).
func TestModuleRebuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips rebuilding the modules (a few seconds each)")
	}
	for _, m := range moduleDirs {
		t.Run(m.dir, func(t *testing.T) {
			if m.tool == "clang" {
				for _, tool := range []string{"clang", "wasm-ld"} {
					if _, err := exec.LookPath(tool); err != nil {
						if os.Getenv("CI") != "" {
							t.Fatalf("%s is not installed; .ci/run installs Debian's clang and lld", tool)
						}
						t.Skipf("%s is not installed (Debian: apt-get install clang lld)", tool)
					}
				}
			}
			src := filepath.Join("modules", m.dir)
			// The copy stands where the directory does in the
			// repository, under a copy of the repository's go.mod: a
			// module with no go.mod of its own (connect4go, a Go
			// library game of the repository too) builds in it.
			root := t.TempDir()
			tmp := filepath.Join(root, "examples", src)
			if err := os.MkdirAll(tmp, 0o755); err != nil {
				t.Fatal(err)
			}
			if b, err := os.ReadFile(filepath.Join("..", "go.mod")); err != nil {
				t.Fatal(err)
			} else if err := os.WriteFile(filepath.Join(root, "go.mod"), b, 0o644); err != nil {
				t.Fatal(err)
			}
			entries, err := os.ReadDir(src)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				b, err := os.ReadFile(filepath.Join(src, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(tmp, e.Name()), b, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command("sh", filepath.Join(tmp, "build.sh"))
			cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("build.sh: %v\n%s", err, out)
			}
			built, err := os.ReadFile(filepath.Join(tmp, m.name+".wasm"))
			if err != nil {
				t.Fatal(err)
			}
			checked, err := os.ReadFile(filepath.Join(src, m.name+".wasm"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(built, checked) {
				version, _ := exec.Command(m.tool, "version").CombinedOutput()
				if m.tool == "clang" {
					version, _ = exec.Command("clang", "--version").CombinedOutput()
				}
				t.Errorf("modules/%s: build.sh makes %d bytes that differ from the %d checked in; rebuild it and check in the result (%s)",
					m.dir, len(built), len(checked), strings.SplitN(string(version), "\n", 2)[0])
			}
		})
	}
}

// loadModule opens modules/DIR/NAME.wasm with the spec's parameters, as
// the command line does.
// moduleFiles opens the example modules as the command line's solves do
// (in a child process): compiled without checks at their loops, every call
// cheap, a call past its time ending the test binary, which nothing else
// could stop. The modules here never loop; their hostile cousins are
// package wasm's tests. Their compiled code is kept nowhere: a test leaves
// the user's cache alone.
var moduleFiles = &games.Catalog{ReadFiles: true, Modules: wasm.Options{CacheDir: "-", Overtime: func(err error) {
	fmt.Fprintf(os.Stderr, "a module's call ran past its time: %v\n", err)
	os.Exit(2)
}}}

func loadModule(t testing.TB, dir, spec string) sente.Game {
	t.Helper()
	s, err := sente.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	s.Name = filepath.Join("modules", dir, s.Name+".wasm")
	g, err := moduleFiles.OpenSpec(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return g
}

// twin is a game a module is held to, and how to find in it the position
// a module writes as text.
type twin struct {
	what string
	game sente.Game
	conv func(text string) string // the module's text to the twin's; nil: the same
}

// moduleMaxPositions bounds the solves of the modules and their twins:
// connect four 5×4 has 3,945,711 positions.
const moduleMaxPositions = 5_000_000

// compareModule solves the module and each twin on the hashing engine and
// checks that they have the same positions, each with the same value and
// remoteness; then the module on the tier engine against its own solve.
func compareModule(t *testing.T, name string, module sente.Game, twins []twin) {
	t.Helper()
	ms, err := hashing.Solve(t.Context(), module, hashing.Options{MaxPositions: moduleMaxPositions})
	if err != nil {
		t.Fatalf("%s: the module: %v", name, err)
	}
	for _, tw := range twins {
		ts, err := hashing.Solve(t.Context(), tw.game, hashing.Options{MaxPositions: moduleMaxPositions})
		if err != nil {
			t.Fatalf("%s: %s: %v", name, tw.what, err)
		}
		if m, w := ms.Positions(), ts.Positions(); m != w {
			t.Errorf("%s: %d positions in the module, %d in %s", name, m, w, tw.what)
		}
		if m, w := ms.Counts(), ts.Counts(); m != w {
			t.Errorf("%s: counts %+v in the module, %+v in %s", name, m, w, tw.what)
		}
		bad := 0
		ms.Each(func(p sente.Position, o sente.Outcome) bool {
			text := module.FormatPosition(p)
			if tw.conv != nil {
				text = tw.conv(text)
			}
			q, err := tw.game.ParsePosition(text)
			if err != nil {
				t.Errorf("%s: %s cannot read the module's position %q: %v", name, tw.what, module.FormatPosition(p), err)
				bad++
				return bad < 10
			}
			if got, ok := ts.Outcome(q); !ok || got != o {
				t.Errorf("%s: %q is %v in the module, %v (%v) in %s", name, module.FormatPosition(p), o, got, ok, tw.what)
				bad++
			}
			if m, w := module.Turn(p), tw.game.Turn(q); m != w {
				t.Errorf("%s: %q: %v to move in the module, %v in %s", name, module.FormatPosition(p), m, w, tw.what)
				bad++
			}
			return bad < 10
		})
	}
	compareModuleTiers(t, name, module, ms)
	if err := sente.CapabilitiesOf(module).Err(); err != nil {
		t.Errorf("%s: the module failed: %v", name, err)
	}
}

// compareModuleTiers solves the module on the tier engine (on its own
// ranks where it has them) and checks every position against hs, the
// module's solve on the hashing engine.
func compareModuleTiers(t *testing.T, name string, module sente.Game, hs *hashing.HashSolution) {
	t.Helper()
	ts, err := tiers.SolveTiers(t.Context(), module, tiers.TierOptions{Workers: 2})
	if err != nil {
		t.Fatalf("%s: tier engine: %v", name, err)
	}
	defer ts.Close()
	if got, want := ts.Totals.Positions, uint64(hs.Positions()); got != want {
		t.Errorf("%s: %d positions on the tier engine, %d on the hashing engine", name, got, want)
	}
	bad := 0
	hs.Each(func(p sente.Position, o sente.Outcome) bool {
		if got, ok := ts.Outcome(p); !ok || got != o {
			t.Errorf("%s: %s is %v (%v) on the tier engine, %v on the hashing engine", name, module.FormatPosition(p), got, ok, o)
			bad++
		}
		return bad < 10
	})
	if !tiers.Discovers(module) {
		return
	}
	classes, ok := sente.WithClassBytes(module)
	if !ok {
		return
	}
	// One position a class of symmetric positions, the module folding
	// each block's children in one call (sente.CanonicalBatcher).
	cs, err := tiers.SolveTiers(t.Context(), classes, tiers.TierOptions{Workers: 2})
	if err != nil {
		t.Fatalf("%s: tier engine, one position a class: %v", name, err)
	}
	defer cs.Close()
	if got, all := cs.Totals.Positions, uint64(hs.Positions()); got >= all || 4*got < all {
		t.Errorf("%s: %d classes on the tier engine, of %d positions", name, got, all)
	}
	hs.Each(func(p sente.Position, o sente.Outcome) bool {
		if got, ok := cs.Outcome(p); !ok || got != o {
			t.Errorf("%s: %s is %v (%v) on the tier engine, one position a class, %v on the hashing engine", name, module.FormatPosition(p), got, ok, o)
			bad++
		}
		return bad < 10
	})
}

// domineeringSide writes the module's position (the rules file's form, the
// rows alone) as the built-in game's, which names the side to move: Left
// (Vertical) when an even number of dominoes is down.
func domineeringSide(text string) string {
	if strings.Count(text, "#")%4 == 0 {
		return text + " left"
	}
	return text + " right"
}

// rowsTuple writes "x.o/.../..." as the tuple of rows tictactoe.star uses.
func rowsTuple(text string) string {
	var rows []string
	for _, row := range strings.Split(text, "/") {
		rows = append(rows, quote(row))
	}
	return tuple(rows...)
}

func builtin(t *testing.T, spec string) sente.Game {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestModulesAgree holds each example module to its twins position by
// position, under normal and misère play: connect four in C and in Go to
// the built-in game and connect4.star, tic-tac-toe in C to the built-in and
// tictactoe.star, three men's morris, which is loopy, in Go to
// threemen.star and to the Go game threeMen below, and Domineering in C to
// the built-in and domineering.star. A module's misere=true is held to the
// twins' misère forms (nimber.MisereGame); Domineering, which has no such
// parameter (nor have its twins), is held under misère play as
// nimber.MisereGame of the module, whose batches the tier engine's forward
// pass then expands through the misère wrapper.
func TestModulesAgree(t *testing.T) {
	type tc struct {
		dir, spec string
		twins     func(misere bool) []twin
	}
	// The modules without a misere parameter: played misère by
	// nimber.MisereGame of the module.
	wrapMisere := map[string]bool{"domineering": true}
	misereOf := func(g sente.Game, misere bool) sente.Game {
		if misere {
			return nimber.MisereGame(g)
		}
		return g
	}
	connect4 := func(size string, star bool) func(bool) []twin {
		return func(misere bool) []twin {
			tw := []twin{{what: "the built-in game", game: misereOf(builtin(t, "connect4:"+size), misere)}}
			if star {
				tw = append(tw, twin{what: "connect4.star", game: misereOf(loadRules(t, "connect4:"+size), misere)})
			}
			return tw
		}
	}
	cases := []tc{
		{"connect4", "connect4:w=4,h=3,k=3", connect4("w=4,h=3,k=3", true)},
		{"connect4go", "connect4go:w=4,h=3,k=3", connect4("w=4,h=3,k=3", true)},
		{"tictactoe", "tictactoe", func(misere bool) []twin {
			return []twin{
				{what: "the built-in game", game: misereOf(builtin(t, "tictactoe"), misere)},
				{what: "tictactoe.star", game: misereOf(loadRules(t, "tictactoe"), misere), conv: rowsTuple},
			}
		}},
		{"tictactoe", "tictactoe:m=2,n=3,k=2", func(misere bool) []twin {
			return []twin{
				{what: "the built-in game", game: misereOf(builtin(t, "tictactoe:m=2,n=3,k=2"), misere)},
				{what: "tictactoe.star", game: misereOf(loadRules(t, "tictactoe:m=2,n=3,k=2"), misere), conv: rowsTuple},
			}
		}},
		{"threemen", "threemen", func(misere bool) []twin {
			return []twin{
				{what: "threemen.star", game: misereOf(loadRules(t, "threemen"), misere)},
				{what: "the Go game", game: misereOf(threeMen{}, misere)},
			}
		}},
	}
	for _, size := range []string{"w=3,h=3", "w=4,h=3", "w=3,h=4", "w=4,h=4", "w=5,h=3"} {
		cases = append(cases, tc{"domineering", "domineering:" + size, func(misere bool) []twin {
			return []twin{
				{what: "the built-in game", game: misereOf(builtin(t, "domineering:"+size), misere), conv: domineeringSide},
				{what: "domineering.star", game: misereOf(loadRules(t, "domineering:"+size), misere)},
			}
		}})
	}
	if os.Getenv("SENTE_LONG") != "" {
		// Connect four 5×4: 3.9 million positions, against the built-in
		// (the rules file is held to the built-in on smaller boards by
		// TestConnect4): many minutes each, a call to the module a
		// position.
		cases = append(cases,
			tc{"connect4", "connect4:w=5,h=4", connect4("w=5,h=4,k=4", false)},
			tc{"connect4go", "connect4go:w=5,h=4", connect4("w=5,h=4,k=4", false)},
		)
	}
	for _, c := range cases {
		for _, misere := range []bool{false, true} {
			name := c.dir + ": " + c.spec
			spec := c.spec
			if misere {
				name += " (misère)"
				if wrapMisere[c.dir] {
					t.Run(name, func(t *testing.T) {
						compareModule(t, name, nimber.MisereGame(loadModule(t, c.dir, spec)), c.twins(misere))
					})
					continue
				}
				if strings.Contains(spec, ":") {
					spec += ",misere=true"
				} else {
					spec += ":misere=true"
				}
			}
			t.Run(name, func(t *testing.T) {
				compareModule(t, name, loadModule(t, c.dir, spec), c.twins(misere))
			})
		}
	}
}

// TestModulesCheck runs the game self-check (gamecheck) on each module.
func TestModulesCheck(t *testing.T) {
	for _, c := range []struct{ dir, spec string }{
		{"connect4", "connect4:w=4,h=3,k=3"},
		{"connect4", "connect4:w=5,h=4,misere=true"},
		{"connect4", "connect4:w=9,h=2,k=3"}, // nine columns: the batch's widest board
		{"connect4go", "connect4go:w=4,h=3,k=3"},
		{"connect4go", "connect4go:w=9,h=2,k=3"},
		{"tictactoe", "tictactoe"},
		{"tictactoe", "tictactoe:m=3,n=4,k=3,misere=true"},
		{"threemen", "threemen"},
		{"threemen", "threemen:misere=true"},
		{"domineering", "domineering:w=4,h=4"},
		{"domineering", "domineering:w=5,h=3"},
	} {
		t.Run(c.dir+": "+c.spec, func(t *testing.T) {
			g := loadModule(t, c.dir, c.spec)
			rep, err := gamecheck.Check(t.Context(), g, gamecheck.Options{})
			if err != nil {
				t.Fatalf("%s: %v", c.spec, err)
			}
			if rep.Positions == 0 {
				t.Errorf("%s: no position checked", c.spec)
			}
		})
	}
}

// threeMen is three men's morris as a Go game against the sente.Game
// contract, written apart from the module and the rules file: the board is
// nine points, row by row from the top left, joined across and down.
type threeMen struct{}

type threeMenPosition struct {
	x, o   uint16 // the points of each player's men
	oMoves bool
}

var threeMenMills = []uint16{0007, 0070, 0700, 0111, 0222, 0444}

func threeMenPoint(p int) string { return string(rune('a'+p%3)) + string(rune('3'-p/3)) }

func (threeMen) Start() sente.Position { return threeMenPosition{} }

func (threeMen) Turn(p sente.Position) sente.Player {
	if p.(threeMenPosition).oMoves {
		return sente.Second
	}
	return sente.First
}

func (threeMen) Ended(p sente.Position) (sente.Value, bool) {
	pos := p.(threeMenPosition)
	last := pos.x
	if !pos.oMoves {
		last = pos.o
	}
	for _, m := range threeMenMills {
		if last&m == m {
			return sente.Lose, true
		}
	}
	return sente.Unknown, false // no moves: a loss, as for every game
}

func (threeMen) Moves(p sente.Position) []sente.Move {
	pos := p.(threeMenPosition)
	mine := &pos.x
	if pos.oMoves {
		mine = &pos.o
	}
	var moves []sente.Move
	occupied := pos.x | pos.o
	for to := range 9 {
		if occupied&(1<<to) != 0 {
			continue
		}
		if bits.OnesCount16(occupied) < 6 {
			next := pos
			next.oMoves = !pos.oMoves
			if pos.oMoves {
				next.o |= 1 << to
			} else {
				next.x |= 1 << to
			}
			moves = append(moves, sente.Move{Name: threeMenPoint(to), To: next})
		}
	}
	if bits.OnesCount16(occupied) < 6 {
		return moves
	}
	for from := range 9 {
		if *mine&(1<<from) == 0 {
			continue
		}
		for to := range 9 {
			r1, c1, r2, c2 := from/3, from%3, to/3, to%3
			if occupied&(1<<to) != 0 || (r1-r2)*(r1-r2)+(c1-c2)*(c1-c2) != 1 {
				continue
			}
			next := pos
			next.oMoves = !pos.oMoves
			if pos.oMoves {
				next.o = next.o&^(1<<from) | 1<<to
			} else {
				next.x = next.x&^(1<<from) | 1<<to
			}
			moves = append(moves, sente.Move{Name: threeMenPoint(from) + "-" + threeMenPoint(to), To: next})
		}
	}
	return moves
}

func (threeMen) FormatPosition(p sente.Position) string {
	pos := p.(threeMenPosition)
	var sb strings.Builder
	for i := range 9 {
		if i > 0 && i%3 == 0 {
			sb.WriteByte('/')
		}
		switch {
		case pos.x&(1<<i) != 0:
			sb.WriteByte('x')
		case pos.o&(1<<i) != 0:
			sb.WriteByte('o')
		default:
			sb.WriteByte('.')
		}
	}
	if pos.oMoves {
		return sb.String() + " o"
	}
	return sb.String() + " x"
}

func (threeMen) ParsePosition(s string) (sente.Position, error) {
	board, mover, _ := strings.Cut(strings.TrimSpace(s), " ")
	rows := strings.Split(board, "/")
	if len(rows) != 3 || (mover != "x" && mover != "o") {
		return nil, fmt.Errorf("threemen position %q: want the rows separated by / and the player to move, e.g. %q", s, "x.o/.x./o.. o")
	}
	pos := threeMenPosition{oMoves: mover == "o"}
	for r, row := range rows {
		if len(row) != 3 {
			return nil, errors.New("threemen position: rows of 3 points")
		}
		for c := range 3 {
			switch row[c] {
			case 'x':
				pos.x |= 1 << (3*r + c)
			case 'o':
				pos.o |= 1 << (3*r + c)
			}
		}
	}
	return pos, nil
}
