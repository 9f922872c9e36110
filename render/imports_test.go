package render_test

import (
	"go/build"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNoRulesImport: render draws every game through what it states
// (sente.CapabilitiesOf), a rules file's features included, so neither it
// nor any package of the module it imports, directly or not, imports
// sente/rules. Tests may: they make rules-file games to draw.
func TestNoRulesImport(t *testing.T) {
	const module = "github.com/sente-go/sente"
	const banned = module + "/rules"
	// path is the chain of imports that led to each package of the
	// module, for the message.
	path := map[string][]string{module + "/render": {module + "/render"}}
	queue := []string{module + "/render"}
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		dir := filepath.Join("..", filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")))
		p, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("%s: %v", pkg, err)
		}
		for _, imp := range p.Imports {
			if imp != module && !strings.HasPrefix(imp, module+"/") {
				continue
			}
			if _, seen := path[imp]; seen {
				continue
			}
			path[imp] = append(slices.Clone(path[pkg]), imp)
			if imp == banned {
				t.Errorf("render imports %s: %s", banned, strings.Join(path[imp], " -> "))
				continue
			}
			queue = append(queue, imp)
		}
	}
	if len(path) < 3 {
		t.Fatalf("found only %v among render's imports; the walk is broken", path)
	}
}
