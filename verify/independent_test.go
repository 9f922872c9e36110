package verify

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The verifier must share no code with the engines it checks: its own
// files import sente (the game's rules) and store (the cells), nothing of
// the solver's.
func TestIndependentOfTheSolver(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	const module = "github.com/sente-go/sente"
	allowed := map[string]bool{module: true, module + "/store": true}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, module) && !allowed[path] {
				t.Errorf("%s imports %s: the verifier must not share the solver's code", name, path)
			}
		}
	}
}
