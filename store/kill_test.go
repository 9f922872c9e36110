package store

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestKilledWriter kills a process writing a tier, at a random moment, and
// checks that the tier's final name holds either nothing or a whole file,
// and that opening the game's directory again removes the temporary left.
func TestKilledWriter(t *testing.T) {
	if dir := os.Getenv("SENTE_STORE_WRITER"); dir != "" {
		g := &GameStore{Spec: "killed", Dir: dir}
		cells := cellsOf(2 << 20) // 4 MiB a file
		for i := 0; ; i++ {
			cells[0] = Pack(3, i%MaxRemoteness)
			if err := g.Write(1, Values, CellBytes(cells), Counts{Positions: uint64(i)}); err != nil {
				panic(err)
			}
		}
	}
	rounds := 4
	if testing.Short() {
		rounds = 1 // -short: one kill instead of four
	}
	s := Store{Dir: t.TempDir()}
	g, err := s.Game("killed")
	if err != nil {
		t.Fatal(err)
	}
	for round := range rounds {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKilledWriter$")
		cmd.Env = append(os.Environ(), "SENTE_STORE_WRITER="+g.Dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(150+rand.IntN(500)) * time.Millisecond)
		cmd.Process.Kill() // SIGKILL
		cmd.Wait()
		_, statErr := os.Stat(filepath.Join(g.Dir, fileName(1, Values)))
		if statErr == nil && !g.Has(1, Values) {
			t.Fatalf("round %d: a killed write left a damaged file under the final name", round)
		}
		if g, err = s.Game("killed"); err != nil {
			t.Fatal(err)
		}
		entries, _ := os.ReadDir(g.Dir)
		for _, e := range entries {
			if n := e.Name(); n != manifestName && n != fileName(1, Values) {
				t.Errorf("round %d: %s left after opening the game again", round, n)
			}
		}
		t.Logf("round %d: final file present %v", round, statErr == nil)
	}
}
