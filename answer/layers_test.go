package answer_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"sente/internal/vocabulary"
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
// answer layer and explain, so that the two cannot drift apart again.
func TestOneWayToAnAnswer(t *testing.T) {
	// What only the answer layer calls: the engines, their estimates and
	// the search for sizes that fit.
	engines := map[string]bool{
		"solve.Solve": true, "solve.SolveTiers": true, "solve.Explore": true, "solve.SolveSpace": true,
		"solve.FromTiers": true, "solve.PlanTiers": true, "solve.EstimateBytes": true, "solve.BytesPerPosition": true,
		"nimber.Grundy": true, "nimber.Loopy": true, "nimber.OfSpace": true, "explain.Evaluate": false,
	}
	// Words of a verdict, which explain alone writes.
	verdictWords := []string{"is winning", "Game over", "wins in ", "force a win", "can win within"}
	front := func(path string) bool { return strings.HasPrefix(path, "cmd/") || strings.HasPrefix(path, "web/") }
	speaks := func(path string) bool {
		return strings.HasPrefix(path, "explain/") || strings.HasPrefix(path, "answer/") || strings.HasPrefix(path, "internal/vocabulary/")
	}
	for path, f := range sourceFiles(t) {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && front(path) && engines[x.Name+"."+n.Sel.Name] {
					t.Errorf("%s calls %s.%s: choosing and running an engine is the answer layer's", path, x.Name, n.Sel.Name)
				}
				if front(path) && n.Sel.Name == "LargestFitting" {
					t.Errorf("%s looks for the sizes that fit: refusals are the answer layer's", path)
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING || !front(path) {
					return true
				}
				text, _ := strconv.Unquote(n.Value)
				for _, w := range verdictWords {
					if strings.Contains(text, w) {
						t.Errorf("%s writes %q: verdicts are explain's", path, text)
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
			case *ast.CompositeLit:
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
			}
			return true
		})
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
