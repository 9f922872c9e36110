package sente

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// layers is what each package of sente and sente-dist may import: the
// project's packages and the modules outside the standard library (the
// standard library is free to all). Imports point one way, from the
// commands down to the vocabulary; docs/ARCHITECTURE.md draws the same
// graph. A package's tests may import more.
//
// A change here changes the architecture: say why in the commit.
var layers = map[string][]string{
	// The vocabulary and the Game contract: nothing of the project.
	"sente": nil,

	// Leaves that know no game.
	"sente/internal/quantity":    nil,
	"sente/internal/cputime":     nil,
	"sente/internal/regularfile": nil,
	"sente/internal/sandbox":     nil,
	"sente/internal/testmode":    nil,
	"sente/internal/vocabulary":  nil,
	"sente/internal/polyomino":   nil,
	"sente/store":                {"sente", "github.com/klauspost/compress"},
	// Stored tables read back, beside the store: no engine's code.
	"sente/store/tables": {"sente", "sente/solve", "sente/store"},
	// Opening books: built and checked by search, read by the answer.
	"sente/store/book": {"sente", "sente/internal/quantity", "sente/solve/search", "sente/store"},

	// Games: rules files are a game family among the built-in ones.
	"sente/rules": {"sente", "sente/internal/regularfile", "go.starlark.net"},
	// Game modules: compiled games run in WebAssembly's sandbox.
	"sente/wasm":     {"sente", "sente/internal/regularfile", "github.com/tetratelabs/wazero"},
	"sente/games":    {"sente", "sente/cgt", "sente/rules", "sente/wasm"},
	"sente/examples": nil,
	// A program of one's own: sente's command line with a game in Go.
	"sente/examples/golib": {"sente", "sente/cli"},
	// Game modules in Go built for wasip1 (examples/modules): the
	// standard library alone, as a module's code reaches nothing of the
	// host's. connect4go is a Go library game too: its library.go, built
	// for any other platform, is sente's command line with the game.
	"sente/examples/modules/connect4go": {"sente", "sente/cli"},
	"sente/examples/modules/threemen":   {},

	// Engines: the positions, then the solvers over them, a folder an
	// engine. solve holds what the engines share; no engine imports
	// another.
	"sente/explore":         {"sente", "sente/internal/cputime"},
	"sente/solve":           {"sente", "sente/store"},
	"sente/solve/hashing":   {"sente", "sente/explore", "sente/solve"},
	"sente/solve/tiers":     {"sente", "sente/explore", "sente/internal/quantity", "sente/solve", "sente/store", "sente/store/tables"},
	"sente/solve/reference": {"sente"},
	"sente/solve/search":    {"sente"},
	"sente/nimber":          {"sente", "sente/explore", "sente/solve", "sente/solve/hashing"},
	// Misère canonical forms and the genus of impartial games.
	"sente/nimber/misere": {"sente"},
	// The theory of partizan games: values of any game with Left's and
	// Right's options; its reference, the plain definition the tests
	// hold it to, knows nothing of the project.
	"sente/cgt":           {"sente"},
	"sente/cgt/reference": nil,
	"sente/gamecheck":     {"sente", "sente/cgt", "sente/solve", "sente/solve/hashing"},
	// The independent check of stored tables shares no code with the
	// engines.
	"sente/verify": {"sente", "sente/store"},

	// The one way to an answer, then its words, then its pictures.
	"sente/answer":  {"sente", "sente/explore", "sente/internal/cputime", "sente/internal/quantity", "sente/internal/sandbox", "sente/nimber", "sente/solve", "sente/solve/hashing", "sente/solve/search", "sente/solve/tiers", "sente/store", "sente/store/book", "sente/store/tables"},
	"sente/explain": {"sente", "sente/answer", "sente/cgt", "sente/explore", "sente/internal/polyomino", "sente/nimber", "sente/nimber/misere", "sente/solve"},
	"sente/render":  {"sente", "sente/explain", "sente/nimber", "sente/solve", "golang.org/x/image"},

	// The fronts: a rules file's child process, the browser app, the
	// command line (which serves the browser app) as a library, and the
	// command that is that library with the built-in games.
	"sente/internal/isolated": {"sente", "sente/answer", "sente/games", "sente/internal/quantity", "sente/internal/sandbox", "sente/rules", "sente/solve", "sente/store"},
	"sente/web":               {"sente", "sente/answer", "sente/explain", "sente/explore", "sente/games", "sente/internal/isolated", "sente/internal/quantity", "sente/internal/sandbox", "sente/nimber", "sente/solve", "sente/store", "sente/store/book", "sente/store/tables", "sente/wasm"},
	"sente/cmd/sente":         {"sente/cli"},
	"sente/cli": {"sente", "sente/answer", "sente/explain", "sente/explore", "sente/gamecheck", "sente/games", "sente/internal/quantity", "sente/internal/sandbox", "sente/nimber", "sente/render", "sente/rules", "sente/solve", "sente/solve/tiers", "sente/store", "sente/store/book", "sente/verify", "sente/wasm", "sente/web",
		"github.com/alecthomas/kong"},

	// sente-dist, a module of its own: the tier solve as Beam pipelines.
	"sente/dist": {"sente", "sente/games", "sente/solve", "sente/solve/tiers", "sente/store", "github.com/apache/beam"},
	"sente/dist/cmd/sente-dist": {"sente", "sente/dist", "sente/explain", "sente/games", "sente/internal/quantity", "sente/internal/sandbox", "sente/store",
		"github.com/apache/beam"},
}

// thirdParty are the modules outside the standard library that a package
// may import, by module path, with a word on why each was chosen.
var thirdParty = map[string]string{
	"github.com/klauspost/compress": "zstd for compact tables: the Go implementation the field uses",
	"go.starlark.net":               "rules files: Google's Starlark in Go",
	"github.com/alecthomas/kong":    "the command line's flags and help",
	"golang.org/x/image":            "fonts for PNG pictures",
	"github.com/apache/beam":        "sente-dist's pipelines",
	"github.com/tetratelabs/wazero": "game modules: WebAssembly in pure Go, sandboxed, no cgo",
}

// TestImportLayers holds every package to layers, as go/build's
// dependency test holds the standard library: an import not listed fails,
// a package not listed fails, and a listing of a package that is gone
// fails.
func TestImportLayers(t *testing.T) {
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != "." && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		imports, ok := packageImports(t, path)
		if !ok {
			return nil
		}
		pkg := "sente"
		if path != "." {
			pkg += "/" + filepath.ToSlash(path)
		}
		seen[pkg] = true
		allowed, listed := layers[pkg]
		if !listed {
			t.Errorf("%s is not in layers (imports_test.go): add it with what it may import, and to docs/ARCHITECTURE.md", pkg)
			return nil
		}
		for _, imp := range imports {
			if !project(imp) && !external(imp) {
				continue // the standard library
			}
			if !slices.ContainsFunc(allowed, func(a string) bool { return imp == a || external(imp) && strings.HasPrefix(imp, a+"/") }) {
				t.Errorf("%s imports %s, which layers (imports_test.go) does not allow it", pkg, imp)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg, allowed := range layers {
		if !seen[pkg] {
			t.Errorf("layers lists %s, which is not a package of the repository", pkg)
		}
		for _, a := range allowed {
			if external(a) {
				if _, ok := thirdParty[a]; !ok {
					t.Errorf("layers lets %s import %s, a module thirdParty does not name", pkg, a)
				}
			}
		}
	}
}

func project(path string) bool { return path == "sente" || strings.HasPrefix(path, "sente/") }

// modulePath is the module's path, as go.mod and every import of the
// project write it.
const modulePath = "github.com/sente-go/sente"

// shortPath writes an import of the project as layers does, "sente/answer"
// for modulePath+"/answer"; other paths stay as they are.
func shortPath(path string) string {
	if path == modulePath || strings.HasPrefix(path, modulePath+"/") {
		return "sente" + strings.TrimPrefix(path, modulePath)
	}
	return path
}

// external reports whether path is outside the standard library: its first
// element names a host.
func external(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return strings.Contains(first, ".")
}

// packageImports is what the Go files of dir (its tests left out) import,
// and whether dir holds any.
func packageImports(t *testing.T, dir string) ([]string, bool) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var imports []string
	found := false
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		found = true
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			path = shortPath(path)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(imports, path) {
				imports = append(imports, path)
			}
		}
	}
	return imports, found
}
