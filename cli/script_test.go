package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/internal/testmode"
)

// TestScript runs the scripts under testdata/script: each runs the real
// sente (this test binary under that name, see TestMain) as a user would,
// in a fresh directory, and checks its exit status, standard output,
// standard error and the files it leaves. Scripts see the repository's
// examples/ as ./examples, $GAMES as games/testdata and $TESTDATA as this
// package's testdata/, with SENTE_PROGRESS_EVERY off; [short] marks what
// go test -short leaves out, [long] what runs only with SENTE_LONG (see
// internal/testmode), [sandbox] holds where children run under hard
// memory limits, and [dot] where Graphviz's dot is installed (CI must have
// it).
// go test -run TestScript/NAME runs one script.
func TestScript(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		// go test -update rewrites the files a script compares with
		// cmp when they are part of the script (not the goldens).
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("GAMES", filepath.Join(root, "games", "testdata"))
			env.Setenv("TESTDATA", filepath.Join(root, "cli", "testdata"))
			env.Setenv("MODULES", filepath.Join(root, "wasm", "testdata"))
			env.Setenv("XDG_CACHE_HOME", filepath.Join(env.WorkDir, "cache"))
			// A script's "! stderr ." holds however slow the machine: no
			// line a minute from a solve that a loaded machine makes long.
			// A script that wants them sets an interval of its own.
			env.Setenv("SENTE_PROGRESS_EVERY", "off")
			return os.Symlink(filepath.Join(root, "examples"), filepath.Join(env.WorkDir, "examples"))
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "long":
				return testmode.Long(), nil
			case "sandbox":
				// Hard memory limits for children (not in a race build).
				return sandbox.Supported(), nil
			case "root":
				// Permissions do not hold the superuser back.
				return os.Geteuid() == 0, nil
			case "dot":
				// Graphviz's dot, for pictures of graphs: a script skips
				// them without it, unless CI is set, as TestPictures does.
				if _, err := exec.LookPath("dot"); err != nil {
					if testmode.CI() {
						return false, errors.New("CI is set and Graphviz's dot is not installed")
					}
					return false, nil
				}
				return true, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"status":    cmdStatus,
			"damage":    cmdDamage,
			"hold":      cmdHold,
			"samefiles": cmdSameFiles,
		},
	})
}

// cmdStatus is the script command "status N PROGRAM ARGS...": it runs the
// program as exec does (its output is then what stdout and stderr look
// at) and fails unless the program exits with status N. exec alone only
// tells success from failure; sente's statuses mean more (2 bad input, 1 a
// failure while working, 130 interrupted).
func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! status")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: status N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status %q: want a whole number", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("%v", err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// cmdHold is the script command "hold STORE SECONDS": it takes the lock of
// every game directory of the store STORE, as a solve writing into it
// would, and releases it after SECONDS, while the script goes on.
func cmdHold(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: hold STORE SECONDS")
	}
	seconds, err := strconv.ParseFloat(args[1], 64)
	ts.Check(err)
	games, err := os.ReadDir(ts.MkAbs(args[0]))
	ts.Check(err)
	var files []*os.File
	for _, g := range games {
		f, err := os.OpenFile(filepath.Join(ts.MkAbs(args[0]), g.Name(), "lock"), os.O_CREATE|os.O_RDWR, 0o644)
		ts.Check(err)
		ts.Check(syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB))
		files = append(files, f)
	}
	if len(files) == 0 {
		ts.Fatalf("hold: no games in %s", args[0])
	}
	time.AfterFunc(time.Duration(seconds*float64(time.Second)), func() {
		for _, f := range files {
			f.Close()
		}
	})
}

// cmdSameFiles is the script command "samefiles STORE CLEAN": it fails
// unless every game directory of the store STORE holds the same tables
// (tier files, manifest) as the one of the same name in CLEAN, byte for
// byte; the lock and the seconds each tier took are the run's own.
func cmdSameFiles(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: samefiles STORE CLEAN")
	}
	tables := func(dir string) map[string][]byte {
		files := map[string][]byte{}
		games, err := os.ReadDir(ts.MkAbs(dir))
		ts.Check(err)
		for _, g := range games {
			entries, err := os.ReadDir(filepath.Join(ts.MkAbs(dir), g.Name()))
			ts.Check(err)
			for _, e := range entries {
				// Not tables: the lock, the seconds each tier took and
				// what verify has checked.
				if name := e.Name(); name == "lock" || name == "seconds.json" || name == "verified.json" {
					continue
				}
				path := filepath.Join(g.Name(), e.Name())
				if e.IsDir() {
					files[path] = []byte("a directory")
					continue
				}
				b, err := os.ReadFile(filepath.Join(ts.MkAbs(dir), path))
				ts.Check(err)
				files[path] = b
			}
		}
		return files
	}
	got, want := tables(args[0]), tables(args[1])
	for path, b := range want {
		if g, ok := got[path]; !ok {
			ts.Fatalf("%s: no %s", args[0], path)
		} else if !bytes.Equal(g, b) {
			ts.Fatalf("%s: %s differs from %s's", args[0], path, args[1])
		}
	}
	for path := range got {
		if _, ok := want[path]; !ok {
			ts.Fatalf("%s: %s, which %s does not hold", args[0], path, args[1])
		}
	}
}

// cmdDamage is the script command "damage STORE FILE HOW": in every game
// directory of the store STORE, it damages the file FILE (manifest.json,
// tier-000003.values) as a disk or a person might: "garbage" writes text
// over it, "remove" deletes it, "flip" flips a bit in the middle of a tier
// file's payload (past its 4096-byte header; three quarters into any
// other file), "header" flips a bit in its first 64 bytes, "truncate" cuts
// it to half, "dir" puts an empty directory in its place.
func cmdDamage(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: damage STORE FILE garbage|remove|flip|header|truncate|dir")
	}
	games, err := os.ReadDir(ts.MkAbs(args[0]))
	ts.Check(err)
	damaged := 0
	for _, g := range games {
		path := filepath.Join(ts.MkAbs(args[0]), g.Name(), args[1])
		if _, err := os.Stat(path); err != nil {
			continue
		}
		switch args[2] {
		case "garbage":
			ts.Check(os.WriteFile(path, []byte("garbage\n"), 0o644))
		case "remove":
			ts.Check(os.Remove(path))
		case "flip", "header", "truncate":
			b, err := os.ReadFile(path)
			ts.Check(err)
			switch args[2] {
			case "flip":
				at := len(b) * 3 / 4
				if strings.HasPrefix(args[1], "tier-") && len(b) > 4096 {
					at = 4096 + (len(b)-4096)/2
				}
				b[at] ^= 0x10
			case "header":
				b[min(20, len(b)-1)] ^= 0x10
			default:
				b = b[:len(b)/2]
			}
			ts.Check(os.WriteFile(path, b, 0o644))
		case "dir":
			ts.Check(os.Remove(path))
			ts.Check(os.Mkdir(path, 0o755))
		default:
			ts.Fatalf("damage: %q: want garbage, remove, flip, header, truncate or dir", args[2])
		}
		damaged++
	}
	if damaged == 0 {
		ts.Fatalf("damage: no %s in the games of %s", args[1], args[0])
	}
}
