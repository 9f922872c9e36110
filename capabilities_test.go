package sente_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"sente"
	"sente/games"
	"sente/nimber"
)

// capabilityNames are the interfaces Capabilities holds: Encoder, Ranker...
func capabilityNames() map[string]bool {
	names := map[string]bool{}
	t := reflect.TypeFor[sente.Capabilities]()
	for i := range t.NumField() {
		names[t.Field(i).Type.Name()] = true
	}
	return names
}

// TestNoCapabilityAssertions: outside the root package, code asks
// sente.CapabilitiesOf for a capability and never asserts its type, since
// a game may state its capabilities (sente.Capable) or wrap another game
// and keep its capabilities, which an assertion does not see. A file that
// implements Capable may assert what it wraps.
func TestNoCapabilityAssertions(t *testing.T) {
	caps := capabilityNames()
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Dir(path) == "." {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		path = filepath.ToSlash(path)
		var found []string
		capable := false
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				capable = capable || n.Recv != nil && n.Name.Name == "Capabilities"
			case *ast.TypeAssertExpr:
				if name := capability(n.Type, caps); name != "" {
					found = append(found, fset.Position(n.Pos()).String()+": ."+"(sente."+name+")")
				}
			case *ast.TypeSwitchStmt:
				for _, cl := range n.Body.List {
					for _, e := range cl.(*ast.CaseClause).List {
						if name := capability(e, caps); name != "" {
							found = append(found, fset.Position(e.Pos()).String()+": case sente."+name)
						}
					}
				}
			}
			return true
		})
		if len(found) > 0 && !capable {
			t.Errorf("%s asserts a capability's type; ask sente.CapabilitiesOf(g) instead", strings.Join(found, ", "))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// capability returns the capability e names as sente.NAME, or "".
func capability(e ast.Expr, caps map[string]bool) string {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "sente" && caps[sel.Sel.Name] {
		return sel.Sel.Name
	}
	return ""
}

// plain is a game with no Encoder, and a drawing, a board and Impartial
// among its methods.
type plain struct{}

func (plain) Start() sente.Position                        { return 0 }
func (plain) Moves(sente.Position) []sente.Move            { return nil }
func (plain) Ended(sente.Position) (sente.Value, bool)     { return sente.Unknown, false }
func (plain) Turn(sente.Position) sente.Player             { return sente.First }
func (plain) FormatPosition(sente.Position) string         { return "0" }
func (plain) ParsePosition(string) (sente.Position, error) { return 0, nil }
func (plain) Draw(sente.Position) string                   { return "drawn" }
func (plain) Board(sente.Position) sente.Board             { return sente.Board{} }
func (plain) Impartial() bool                              { return false }

// capable states its capabilities: only Impartial, though it has a Draw
// method too.
type capable struct{ plain }

func (c capable) Capabilities() sente.Capabilities { return sente.Capabilities{Impartial: c} }
func (capable) Impartial() bool                    { return true }

// TestCapabilitiesOf: a plain game's capabilities are its methods; a
// Capable game's are what it states, whatever its methods.
func TestCapabilitiesOf(t *testing.T) {
	c := sente.CapabilitiesOf(plain{})
	if c.Drawer == nil || c.Boarder == nil || c.Impartial == nil || c.Encoder != nil || c.IsImpartial() || c.Err() != nil {
		t.Errorf("plain game: %+v", c)
	}
	c = sente.CapabilitiesOf(capable{})
	if c.Drawer != nil || !c.IsImpartial() {
		t.Errorf("Capable game: %+v; want only Impartial, as it states", c)
	}
}

// TestMisereKeepsCapabilities: the misère form of a game keeps every
// capability of the game but the sums (Splitter, Heaps), replaces its
// Encoder and Describer, says it is misère, and claims none the game lacks.
func TestMisereKeepsCapabilities(t *testing.T) {
	for _, spec := range []string{"cards", "tictactoe", "kayles:n=6", "nim:heaps=1/2", "chopsticks"} {
		g, err := games.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		inner, m := sente.CapabilitiesOf(g), sente.CapabilitiesOf(nimber.MisereGame(g))
		iv, mv := reflect.ValueOf(inner), reflect.ValueOf(m)
		for i := range iv.NumField() {
			name := iv.Type().Field(i).Name
			has, keeps := !iv.Field(i).IsNil(), !mv.Field(i).IsNil()
			switch name {
			case "Splitter", "Heaps":
				if keeps {
					t.Errorf("%s: misère play keeps %s, which adds values by XOR of normal play", spec, name)
				}
			case "Describer":
				if !keeps {
					t.Errorf("%s: misère play has no Describer", spec)
				}
			case "Misere":
				if !m.IsMisere() {
					t.Errorf("%s: misère play does not say it is misère", spec)
				}
			default:
				if has != keeps {
					t.Errorf("%s: the game has %s %v, misère play %v", spec, name, has, keeps)
				}
			}
		}
		if m.Encoder != nil && m.Encoder == inner.Encoder {
			t.Errorf("%s: misère play keeps the game's own Encoder, whose EndedKey is normal play's", spec)
		}
		if d := m.Describer.Describe(); !strings.Contains(d.Summary, "misère") {
			t.Errorf("%s: misère summary %q", spec, d.Summary)
		}
	}
	// cards has ranks, tiers and a board: misère play keeps them all.
	g, _ := games.New("cards")
	m := sente.CapabilitiesOf(nimber.MisereGame(g))
	if m.Ranker == nil || m.Tiered == nil || m.Boarder == nil || m.Symmetric != nil {
		t.Errorf("misère cards: ranker %v, tiered %v, boarder %v, symmetric %v", m.Ranker != nil, m.Tiered != nil, m.Boarder != nil, m.Symmetric != nil)
	}
	if !slices.Equal(m.Boarder.Board(g.Start()).Cells[0], sente.CapabilitiesOf(g).Boarder.Board(g.Start()).Cells[0]) {
		t.Errorf("misère cards draws another board")
	}
}

// TestMisere: a game says it is under misère play through sente.Misere,
// which CapabilitiesOf finds on a game's methods (misère nim) and on what a
// wrapper states (nimber.MisereGame); the misère form of a misère game is
// normal play again.
func TestMisere(t *testing.T) {
	for _, tc := range []struct {
		spec            string
		misere, wrapped bool
	}{
		{"nim:heaps=1/2", false, true},
		{"nim:heaps=1/2,misere=true", true, false},
		{"kayles:n=6", false, true},
		{"tictactoe", false, true},
	} {
		g, err := games.New(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		m := nimber.MisereGame(g)
		if got := sente.CapabilitiesOf(g).IsMisere(); got != tc.misere || nimber.IsMisere(g) != got {
			t.Errorf("%s: IsMisere %v, nimber.IsMisere %v; want %v", tc.spec, got, nimber.IsMisere(g), tc.misere)
		}
		if got := sente.CapabilitiesOf(m).IsMisere(); got != tc.wrapped || nimber.IsMisere(m) != got {
			t.Errorf("%s under misère play: IsMisere %v, nimber.IsMisere %v; want %v", tc.spec, got, nimber.IsMisere(m), tc.wrapped)
		}
		if got := nimber.IsMisere(nimber.MisereGame(m)); got != tc.misere {
			t.Errorf("%s under misère play twice: IsMisere %v; want %v", tc.spec, got, tc.misere)
		}
	}
	if c := sente.CapabilitiesOf(plain{}); c.Misere != nil || c.IsMisere() {
		t.Errorf("a game without a Misere method says it is misère")
	}
}
