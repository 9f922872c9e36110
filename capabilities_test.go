package sente_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
)

// capabilityNames are the interfaces Capabilities holds: Encoder, Ranker...
func capabilityNames() map[string]bool {
	names := map[string]bool{}
	t := reflect.TypeFor[sente.Capabilities]()
	for i := range t.NumField() {
		// A field is named as its type, and the type is, for those on
		// keys (Encoder), an alias of a generic one, which reflect names
		// by the generic (KeyEncoder[uint64]).
		names[t.Field(i).Name] = true
		names[t.Field(i).Type.Name()] = true
	}
	return names
}

// TestNoCapabilityAssertions: outside the root package, code asks
// sente.CapabilitiesOf for a capability and never asserts its type, since
// a game may state its capabilities (sente.Capable) or wrap another game
// and keep its capabilities, which an assertion does not see. A file that
// implements Capable may assert the named capabilities of what it wraps.
//
// Nor does code look for a method of a game by asserting an interface the
// root package does not declare: an anonymous one (g.(interface{ M() T })),
// or one declared in a package of the project, whether in a type assertion
// or a type switch. Such a method is a capability by another name, which
// wrappers drop; it belongs in sente.Capabilities. Only the methods of
// allowedMethods, which no game is asked for, may be asserted that way.
func TestNoCapabilityAssertions(t *testing.T) {
	caps := capabilityNames()
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
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
		files[filepath.ToSlash(path)] = f
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("found only %d files to check", len(files))
	}
	declared := interfacesOf(files)
	for _, path := range slices.Sorted(maps.Keys(files)) {
		for _, problem := range assertionsIn(fset, path, files[path], caps, declared) {
			t.Error(problem)
		}
	}
}

// allowedMethods are the methods code outside the root package may find by
// asserting an anonymous interface, or one a package of the project
// declares: the standard library's ways of asking an error or a value
// about itself, which are no capability of a game. A method is written as
// methodSignatures writes it, an embedded interface by its name.
var allowedMethods = map[string]bool{
	"error":            true, // an error, embedded
	"Error() string":   true, // error
	"fmt.Stringer":     true, // a value that prints itself, embedded
	"String() string":  true, // fmt.Stringer
	"Unwrap() error":   true, // an error that wraps another (errors.Unwrap)
	"Unwrap() []error": true, // an error that wraps several (errors.Join)
	"Is(error) bool":   true, // errors.Is
	"As(any) bool":     true, // errors.As
	"Timeout() bool":   true, // a network or deadline error (net.Error)
}

// modulePath is the module's path, as go.mod writes it.
const modulePath = "github.com/sente-go/sente"

// interfacesOf returns the interface types the files declare, by the
// import path of their package (modulePath/DIR) and name.
func interfacesOf(files map[string]*ast.File) map[string]map[string]*ast.InterfaceType {
	declared := map[string]map[string]*ast.InterfaceType{}
	for path, f := range files {
		pkg := modulePath + "/" + filepath.ToSlash(filepath.Dir(path))
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if it, ok := ts.Type.(*ast.InterfaceType); ok {
					if declared[pkg] == nil {
						declared[pkg] = map[string]*ast.InterfaceType{}
					}
					declared[pkg][ts.Name.Name] = it
				}
			}
			return true
		})
	}
	return declared
}

// assertionsIn returns what is wrong with the type assertions and type
// switches of the file at path (relative to the module's root, outside the
// root package): a named capability asserted by a file that does not
// implement Capable, and an interface asserted that is anonymous or
// declared in a package of the project (declared, by import path) and has
// a method allowedMethods lacks.
func assertionsIn(fset *token.FileSet, path string, f *ast.File, caps map[string]bool, declared map[string]map[string]*ast.InterfaceType) []string {
	pkg := modulePath + "/" + filepath.ToSlash(filepath.Dir(path))
	imports := map[string]string{} // name in the file → import path
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imports[name] = p
	}
	// iface returns the interface e names, anonymous or declared in the
	// project outside the root package, and how to call it.
	iface := func(e ast.Expr) (*ast.InterfaceType, string) {
		switch e := e.(type) {
		case *ast.InterfaceType:
			return e, "an anonymous interface"
		case *ast.Ident:
			if it := declared[pkg][e.Name]; it != nil {
				return it, "the interface " + e.Name + " of " + pkg
			}
		case *ast.SelectorExpr:
			if x, ok := e.X.(*ast.Ident); ok {
				if p := imports[x.Name]; p != modulePath && strings.HasPrefix(p, modulePath+"/") {
					if it := declared[p][e.Sel.Name]; it != nil {
						return it, "the interface " + x.Name + "." + e.Sel.Name + " of " + p
					}
				}
			}
		}
		return nil, ""
	}
	var named, anonymous []string
	capable := false
	check := func(e ast.Expr, how string) {
		if name := capability(e, caps); name != "" {
			named = append(named, fmt.Sprintf("%s: %s sente.%s", fset.Position(e.Pos()), how, name))
			return
		}
		it, what := iface(e)
		if it == nil {
			return
		}
		var bad []string
		for _, m := range it.Methods.List {
			for _, sig := range methodSignatures(m) {
				if !allowedMethods[sig] {
					bad = append(bad, sig)
				}
			}
		}
		if len(bad) > 0 {
			anonymous = append(anonymous, fmt.Sprintf("%s: %s %s, with %s, which is a capability by another name: "+
				"declare it in the root package (sente.Capabilities) and ask sente.CapabilitiesOf(g)",
				fset.Position(e.Pos()), how, what, strings.Join(bad, "; ")))
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			capable = capable || n.Recv != nil && n.Name.Name == "Capabilities"
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				check(n.Type, "asserts")
			}
		case *ast.TypeSwitchStmt:
			for _, cl := range n.Body.List {
				for _, e := range cl.(*ast.CaseClause).List {
					check(e, "switches on")
				}
			}
		}
		return true
	})
	var problems []string
	if len(named) > 0 && !capable {
		problems = append(problems, strings.Join(named, ", ")+": a capability's type asserted; ask sente.CapabilitiesOf(g) instead")
	}
	return append(problems, anonymous...)
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

// methodSignatures writes the methods of an interface's field as
// allowedMethods holds them: "Name(T1, T2) R" for a method, or the name of
// an embedded interface.
func methodSignatures(m *ast.Field) []string {
	ft, ok := m.Type.(*ast.FuncType)
	if !ok {
		return []string{types.ExprString(m.Type)}
	}
	list := func(fl *ast.FieldList) []string {
		var out []string
		if fl == nil {
			return out
		}
		for _, p := range fl.List {
			for range max(1, len(p.Names)) {
				out = append(out, types.ExprString(p.Type))
			}
		}
		return out
	}
	sig := "(" + strings.Join(list(ft.Params), ", ") + ")"
	switch res := list(ft.Results); len(res) {
	case 0:
	case 1:
		sig += " " + res[0]
	default:
		sig += " (" + strings.Join(res, ", ") + ")"
	}
	var out []string
	for _, name := range m.Names {
		out = append(out, name.Name+sig)
	}
	return out
}

// TestAssertionGuard: the guard of TestNoCapabilityAssertions finds a
// capability asserted by any of its names, and lets the standard library's
// methods through.
func TestAssertionGuard(t *testing.T) {
	const src = `package render

import (
	"fmt"

	"github.com/sente-go/sente"
	nb "github.com/sente-go/sente/nimber"
)

type local interface{ Misere() bool }

type unwrapper interface{ Unwrap() error }

func f(g sente.Game, err error, v any) {
	_ = g.(sente.Encoder)              // want: a named capability
	_ = g.(interface{ Misere() bool }) // want: anonymous
	_ = g.(interface {                 // want: one method of two not allowed
		fmt.Stringer
		Unwrap() sente.Game
	})
	_ = g.(local)      // want: declared in this package
	_ = g.(nb.Miserer) // want: declared in another package of the project
	switch v.(type) {
	case interface{ Features() []sente.Feature }: // want: in a type switch
	case interface{ Unwrap() []error }, fmt.Stringer:
	}
	_ = err.(interface{ Unwrap() error })
	_ = err.(interface {
		Is(error) bool
		error
	})
	_ = err.(unwrapper)
	_ = err.(interface{ Timeout() bool })
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "render/x.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*ast.File{"render/x.go": f}
	nf, err := parser.ParseFile(fset, "nimber/y.go", "package nimber\n\ntype Miserer interface{ Misere() bool }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	files["nimber/y.go"] = nf
	var want []string
	for i, line := range strings.Split(src, "\n") {
		if strings.Contains(line, "// want") {
			want = append(want, strconv.Itoa(i+1))
		}
	}
	problems := assertionsIn(fset, "render/x.go", f, capabilityNames(), interfacesOf(files))
	var lines []string
	for _, p := range problems {
		lines = append(lines, strings.SplitN(p, ":", 3)[1])
	}
	if !slices.Equal(lines, want) {
		t.Errorf("problems on lines %v, want %v:\n%s", lines, want, strings.Join(problems, "\n"))
	}
	if len(problems) > 2 && !strings.Contains(problems[2], "with Unwrap() sente.Game, which") {
		t.Errorf("the problem of the third assertion names the wrong methods: %s", problems[2])
	}
	// A file that implements Capable may assert the named capabilities of
	// what it wraps, not a capability by another name.
	f, err = parser.ParseFile(fset, "render/x.go", src+"\ntype w struct{ sente.Game }\n\nfunc (w) Capabilities() sente.Capabilities { return sente.Capabilities{} }\n", parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	if problems := assertionsIn(fset, "render/x.go", f, capabilityNames(), interfacesOf(files)); len(problems) != 5 {
		t.Errorf("in a Capable file: %d problems, want 5:\n%s", len(problems), strings.Join(problems, "\n"))
	}
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
