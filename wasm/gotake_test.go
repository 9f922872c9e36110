package wasm_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/solve/reference"
)

var goTake struct {
	once sync.Once
	path string
	err  error
}

// buildGoTake builds testdata/gotake, the test module in Go, for wasip1:
// a reactor whose runtime imports the WASI functions the host stubs.
func buildGoTake(t testing.TB) string {
	goTake.once.Do(func() {
		dir, err := os.MkdirTemp("", "gotake")
		if err != nil {
			goTake.err = err
			return
		}
		goTake.path = filepath.Join(dir, "gotake.wasm")
		cmd := exec.Command("go", "build", "-buildmode=c-shared", "-o", goTake.path, "./testdata/gotake")
		cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			goTake.err = err
			t.Logf("%s", out)
		}
	})
	if goTake.err != nil {
		t.Fatalf("building testdata/gotake: %v", goTake.err)
	}
	return goTake.path
}

// TestGoModule: a module built by Go for wasip1 opens (its WASI imports
// are given, stubbed), passes the self-check and agrees with the C module.
func TestGoModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go module")
	}
	path := buildGoTake(t)
	g := open(t, path+":n=31,k=4", options(t))
	if _, err := gamecheck.Check(context.Background(), g, gamecheck.Options{}); err != nil {
		t.Fatal(err)
	}
	c := open(t, "testdata/take.wasm:n=31,k=4", options(t))
	got, err := reference.Reference(g, g.Start(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := reference.Reference(c, c.Start(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d positions, the C module's %d", len(got), len(want))
	}
	for p, out := range got {
		if want[p] != out {
			t.Errorf("%s: Go %v, C %v", g.FormatPosition(p), out, want[p])
		}
	}
	if err := sente.CapabilitiesOf(g).Err(); err != nil {
		t.Fatal(err)
	}
}
