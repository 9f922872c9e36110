package answer_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente/internal/vocabulary"
)

// sourceFiles parses the core module's non-test Go files, by path from the
// module's root (dist/, a module of its own, is left out).
func sourceFiles(t *testing.T) map[string]*ast.File {
	t.Helper()
	files := map[string]*ast.File{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", path)
		if d.IsDir() && (rel == "dist" || rel == "testdata" || strings.HasPrefix(d.Name(), ".")) && rel != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = f
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// The command line and the browser app only parse and print: the engine
// choice, refusals, verdicts and the names of JSON fields live in the
// answer layer and explain, so that the two cannot drift apart again. The
// engines are run by the answer layer alone (explain's sweeps and Grundy
// sequences ask it too), besides the engines themselves and the self-check
// that compares them; the answer layer speaks of limits, not of the
// command line's flags, and carries no game catalogue.
func TestOneWayToAnAnswer(t *testing.T) {
	// What only the answer layer calls: the engines, their estimates and
	// plans.
	engines := map[string]bool{
		"hashing.Solve": true, "tiers.SolveTiers": true, "hashing.Explore": true, "hashing.SolveSpace": true,
		"tiers.FromTiers": true, "tiers.PlanTiers": true, "solve.EstimateBytes": true, "solve.BytesPerPosition": true,
		"tiers.PeakDiskBytes": true, "tables.Open": true, "tables.NewSolution": true, "nimber.Grundy": true, "nimber.Loopy": true, "nimber.OfSpace": true,
	}
	// Packages that run engines of their own: the engines, and the
	// self-check that holds one against another.
	runsEngines := func(path string) bool {
		for _, dir := range []string{"answer/", "solve/", "nimber/", "explore/", "gamecheck/"} {
			if strings.HasPrefix(path, dir) {
				return true
			}
		}
		return false
	}
	// Words of a refusal, which the answer layer alone writes.
	refusalWords := []string{"of memory to solve", "largest that fit", "tables need", "would need", "more than the memory"}
	flag := regexp.MustCompile(`(^|[^-\w])--[a-z][a-z-]+`)
	// Words of a verdict, which explain alone writes.
	verdictWords := []string{"is winning", "Game over", "wins in ", "force a win", "can win within"}
	front := func(path string) bool {
		return strings.HasPrefix(path, "cmd/") || strings.HasPrefix(path, "cli/") || strings.HasPrefix(path, "web/")
	}
	speaks := func(path string) bool {
		return strings.HasPrefix(path, "explain/") || strings.HasPrefix(path, "answer/") || strings.HasPrefix(path, "internal/vocabulary/")
	}
	files := sourceFiles(t)
	for path, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && !runsEngines(path) && engines[x.Name+"."+n.Sel.Name] {
					t.Errorf("%s calls %s.%s: choosing and running an engine is the answer layer's", path, x.Name, n.Sel.Name)
				}
				if front(path) && n.Sel.Name == "LargestFitting" {
					t.Errorf("%s looks for the sizes that fit: refusals are the answer layer's", path)
				}
			case *ast.KeyValueExpr:
				// An engine a front end names in answer.Options is one it
				// chose: the command line passes the one a person asked
				// for, parsed, and the server none.
				key, ok := n.Key.(*ast.Ident)
				sel, isSel := n.Value.(*ast.SelectorExpr)
				if ok && isSel && front(path) && key.Name == "Engine" {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "answer" && (sel.Sel.Name == "Hashing" || sel.Sel.Name == "Tiers" || sel.Sel.Name == "Auto") {
						t.Errorf("%s chooses the engine answer.%s: Auto's choice is the answer layer's", path, sel.Sel.Name)
					}
				}
			case *ast.CompositeLit:
				if sel, ok := n.Type.(*ast.SelectorExpr); ok && front(path) {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "answer" && sel.Sel.Name == "Refusal" {
						t.Errorf("%s makes an answer.Refusal: refusals are the answer layer's", path)
					}
				}
				return checkMap(t, path, n, speaks, front)
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				text, _ := strconv.Unquote(n.Value)
				if strings.HasPrefix(path, "answer/") && flag.MatchString(text) {
					t.Errorf("%s writes %q: the answer layer speaks of limits and options in words, and a front end names its own flags", path, text)
				}
				if !front(path) {
					return true
				}
				for _, w := range verdictWords {
					if strings.Contains(text, w) {
						t.Errorf("%s writes %q: verdicts are explain's", path, text)
					}
				}
				for _, w := range refusalWords {
					if strings.Contains(text, w) {
						t.Errorf("%s writes %q: refusals are the answer layer's", path, text)
					}
				}
			case *ast.Field:
				if n.Tag == nil || speaks(path) {
					return true
				}
				tag, _ := strconv.Unquote(n.Tag.Value)
				name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
				if _, ok := vocabulary.Fields[name]; ok && front(path) {
					t.Errorf("%s names the JSON field %q: the JSON of answers is explain's", path, name)
				}
			}
			return true
		})
	}
	// A program that answers for one game carries no catalogue of games
	// nor the rules files' interpreter.
	for _, dep := range importsOf(t, files, "answer") {
		if dep == "games" || dep == "rules" {
			t.Errorf("answer imports sente/%s (through its imports or its own)", dep)
		}
	}
	// The page shows the server's verdicts; it writes none of its own.
	for _, script := range []string{"../web/static/app.js", "../web/static/board.js"} {
		text, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range verdictWords {
			if strings.Contains(string(text), w) {
				t.Errorf("%s writes %q: verdicts are explain's, and the page shows the server's", script, w)
			}
		}
	}
}

// checkMap flags a map literal of a front end keyed by a JSON field name of
// the answers' vocabulary.
func checkMap(t *testing.T, path string, n *ast.CompositeLit, speaks, front func(string) bool) bool {
	t.Helper()
	m, ok := n.Type.(*ast.MapType)
	if !ok || speaks(path) || !front(path) {
		return true
	}
	if k, ok := m.Key.(*ast.Ident); !ok || k.Name != "string" {
		return true
	}
	for _, e := range n.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if lit, ok := kv.Key.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			name, _ := strconv.Unquote(lit.Value)
			if _, ok := vocabulary.Fields[name]; ok {
				t.Errorf("%s names the JSON field %q in a map: the JSON of answers is explain's", path, name)
			}
		}
	}
	return true
}

// importsOf lists the packages of the module that pkg (a directory from the
// module's root) imports, directly or through others, by directory.
func importsOf(t *testing.T, files map[string]*ast.File, pkg string) []string {
	t.Helper()
	direct := map[string][]string{}
	for path, f := range files {
		dir := filepath.ToSlash(filepath.Dir(path))
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if dep, ok := strings.CutPrefix(p, "github.com/sente-go/sente/"); ok {
				direct[dir] = append(direct[dir], dep)
			}
		}
	}
	seen := map[string]bool{}
	var visit func(string)
	visit = func(dir string) {
		for _, dep := range direct[dir] {
			if !seen[dep] {
				seen[dep] = true
				visit(dep)
			}
		}
	}
	visit(pkg)
	var out []string
	for dep := range seen {
		out = append(out, dep)
	}
	return out
}
