package sente

import (
	"os/exec"
	"strings"
	"testing"
)

// libraryPrograms are programs of one's own that use sente as a library,
// by the packages they import, and what must never be linked into them:
// the built-in games, rules files (Starlark), the browser app, the command
// line and what those bring (kong, chromedp, fonts). A program pays for
// what it uses; as go/build's deps test holds the standard library, this
// holds the library's packages to it, through every import, which
// TestImportLayers (one package's own imports) does not see.
var libraryPrograms = []struct {
	imports []string
	never   []string
}{
	{
		// A game of one's own, solved, checked and explained.
		imports: []string{"", "/answer", "/explain", "/gamecheck"},
		never:   []string{"/games", "/rules", "/web", "/cli", "/render", "/internal/isolated", "go.starlark.net", "github.com/alecthomas/kong", "github.com/chromedp", "golang.org/x/image"},
	},
	{
		// The vocabulary alone: the Game contract and its capabilities.
		imports: []string{""},
		never:   []string{"/answer", "/solve", "/store", "github.com/klauspost/compress"},
	},
	{
		// The built-in games, without the command line or the browser app.
		imports: []string{"/games", "/answer"},
		never:   []string{"/web", "/cli", "/render", "github.com/alecthomas/kong", "github.com/chromedp", "golang.org/x/image"},
	},
}

func TestLibraryDeps(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list a program's dependencies")
	}
	for _, prog := range libraryPrograms {
		var pkgs []string
		for _, p := range prog.imports {
			pkgs = append(pkgs, modulePath+p)
		}
		out, err := exec.Command("go", append([]string{"list", "-deps", "-f", "{{.ImportPath}}"}, pkgs...)...).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", strings.Join(pkgs, " "), err)
		}
		deps := strings.Fields(string(out))
		for _, never := range prog.never {
			if strings.HasPrefix(never, "/") {
				never = modulePath + never
			}
			for _, d := range deps {
				if d == never || strings.HasPrefix(d, never+"/") {
					t.Errorf("a program importing %s links %s, which it does not use (go list -deps %s)", strings.Join(pkgs, ", "), d, strings.Join(pkgs, " "))
					break
				}
			}
		}
	}
}
