package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/isolated"
)

// opened is a game made from a spec, with the values of its parameters.
// A pasted rules file's game is not made in the server's process: file is
// set, game is nil, and each solve has a child explore the game (see
// job.prepare).
type opened struct {
	spec   string // as the client gave it
	family sente.Family
	game   sente.Game
	values sente.ParamValues
	file   *isolated.File
	args   []sente.Arg
	// module: the game is an uploaded module's (a moduleGame), whose
	// instances its jobs reserve (see modules.go).
	module bool
}

// rulesStore keeps pasted rules files in a private directory, each under a
// name the server chooses (the hash of its text): nothing a client sends
// becomes a path. Files are loaded and checked in a child process (see
// package isolated), at most loads of them at once. It keeps at most max
// files; a paste beyond that forgets the least recently used one.
type rulesStore struct {
	mu    sync.Mutex
	dir   string
	files map[string]*storedRules // id -> the loaded file
	clock int64                   // ticks at each use, for least recently used
	max   int
	lim   isolated.Limits
	loads chan struct{}
}

type storedRules struct {
	file *isolated.File
	used int64
}

const rulesPrefix = "rules:"

// added is what a paste gives: the spec naming the file, its family, and
// the spec of a file forgotten to make room ("" when none was).
type added struct {
	spec      string
	family    sente.Family
	forgotten string
}

func (s *rulesStore) add(ctx context.Context, text string) (added, error) {
	sum := sha256.Sum256([]byte(text))
	id := hex.EncodeToString(sum[:])[:16]
	s.mu.Lock()
	f, ok := s.files[id]
	if ok {
		s.clock++
		f.used = s.clock
	}
	s.mu.Unlock()
	if ok {
		return added{spec: rulesPrefix + id, family: f.file.Family}, nil
	}
	select {
	case s.loads <- struct{}{}:
		defer func() { <-s.loads }()
	case <-ctx.Done():
		return added{}, errors.New("the server is busy loading other rules files; try again")
	}
	// The file name is the hash with .star, which rules files need; the
	// family's name is then the hash too.
	path := filepath.Join(s.dir, "r"+id+".star")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		return added{}, fmt.Errorf("cannot store the rules file")
	}
	file, err := isolated.Load(ctx, path, s.lim)
	if err != nil {
		os.Remove(path)
		return added{}, cleanRulesError(err, path)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := added{spec: rulesPrefix + id, family: file.Family}
	if prev, ok := s.files[id]; ok {
		// Pasted twice at once: the first to finish is kept.
		out.family = prev.file.Family
		return out, nil
	}
	for len(s.files) >= s.max {
		old := s.leastRecentlyUsed()
		delete(s.files, old)
		os.Remove(filepath.Join(s.dir, "r"+old+".star"))
		out.forgotten = rulesPrefix + old
	}
	s.clock++
	s.files[id] = &storedRules{file: file, used: s.clock}
	return out, nil
}

// leastRecentlyUsed is the id of the file used longest ago. Called with
// mu held and files not empty.
func (s *rulesStore) leastRecentlyUsed() string {
	var oldest string
	for id, f := range s.files {
		if oldest == "" || f.used < s.files[oldest].used {
			oldest = id
		}
	}
	return oldest
}

// cleanRulesError replaces the private path in a message by "rules".
func cleanRulesError(err error, path string) error {
	msg := strings.ReplaceAll(err.Error(), path, "rules.star")
	msg = strings.ReplaceAll(msg, filepath.Base(path), "rules.star")
	return fmt.Errorf("%s", msg)
}

func (s *rulesStore) file(id string) (*isolated.File, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.files[id]
	if !ok {
		return nil, fmt.Errorf("unknown rules file %q: paste it again (the server keeps the %d rules files used last, and forgets them all when it restarts)", rulesPrefix+id, s.max)
	}
	s.clock++
	f.used = s.clock
	return f.file, nil
}

// open makes the game a spec names: a built-in NAME[:key=value,...],
// rules:ID[:key=value,...] for a pasted rules file or module:ID[:...] for
// an uploaded game module.
func (s *Server) open(spec string) (*opened, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, fmt.Errorf("no game: give game=NAME or game=NAME:key=value,... (see /api/games)")
	}
	if len(spec) > 1000 {
		return nil, fmt.Errorf("the game spec is too long")
	}
	if rest, ok := strings.CutPrefix(spec, modulePrefix); ok {
		return s.openModule(spec, rest)
	}
	rest, pasted := strings.CutPrefix(spec, rulesPrefix)
	if !pasted {
		parsed, err := sente.ParseSpec(spec)
		if err != nil {
			return nil, err
		}
		b, err := s.cfg.Games.Bind(parsed)
		if err != nil {
			return nil, err
		}
		g, err := b.New()
		if err != nil {
			return nil, err
		}
		return &opened{spec: spec, family: b.Family, game: g, values: b.Values}, nil
	}
	id, args, _ := strings.Cut(rest, ":")
	file, err := s.rules.file(id)
	if err != nil {
		return nil, err
	}
	fam := file.Family
	fam.Name = rulesPrefix + id
	vals, parsed, err := bindUploaded("rules", fam, args)
	if err != nil {
		return nil, err
	}
	return &opened{spec: spec, family: fam, values: vals, file: file, args: parsed}, nil
}

// bindUploaded binds the parameters that follow a pasted rules file's or
// an uploaded module's ID (key=value,...) to its family; kind names the
// game in a refusal of the spec, whose ID means nothing to its reader.
func bindUploaded(kind string, fam sente.Family, args string) (sente.ParamValues, []sente.Arg, error) {
	text := kind
	if args != "" {
		text += ":" + args
	}
	parsed, err := sente.ParseSpec(text)
	if err != nil {
		return sente.ParamValues{}, nil, err
	}
	vals, err := sente.Bind(fam.Name, fam.Params, parsed.Args)
	if err != nil {
		return sente.ParamValues{}, nil, err
	}
	return vals, parsed.Args, nil
}

// builtins is where the server's games come from unless Config.Games
// says: the built-in catalogue without files, whose code the server would
// run in its own process. A rules file is pasted instead, and runs in a
// child (see rulesStore).
var builtins = &games.Catalog{Refusal: "this server does not read files; paste the rules file instead"}
