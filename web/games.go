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

	"sente"
	"sente/games"
	"sente/internal/isolated"
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
}

// rulesStore keeps pasted rules files in a private directory, each under a
// name the server chooses (the hash of its text): nothing a client sends
// becomes a path. Files are loaded and checked in a child process (see
// package isolated), at most loads of them at once.
type rulesStore struct {
	mu    sync.Mutex
	dir   string
	files map[string]*isolated.File // id -> the loaded file
	max   int
	lim   isolated.Limits
	loads chan struct{}
}

const rulesPrefix = "rules:"

func (s *rulesStore) add(ctx context.Context, text string) (string, sente.Family, error) {
	sum := sha256.Sum256([]byte(text))
	id := hex.EncodeToString(sum[:])[:16]
	s.mu.Lock()
	f, ok := s.files[id]
	full := len(s.files) >= s.max
	s.mu.Unlock()
	if ok {
		return rulesPrefix + id, f.Family, nil
	}
	if full {
		return "", sente.Family{}, fmt.Errorf("this server holds at most %d rules files; restart it to make room", s.max)
	}
	select {
	case s.loads <- struct{}{}:
		defer func() { <-s.loads }()
	case <-ctx.Done():
		return "", sente.Family{}, errors.New("the server is busy loading other rules files; try again")
	}
	// The file name is the hash with .star, which rules files need; the
	// family's name is then the hash too.
	path := filepath.Join(s.dir, "r"+id+".star")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		return "", sente.Family{}, fmt.Errorf("cannot store the rules file")
	}
	f, err := isolated.Load(ctx, path, s.lim)
	if err != nil {
		os.Remove(path)
		return "", sente.Family{}, cleanRulesError(err, path)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.files) >= s.max {
		os.Remove(path)
		return "", sente.Family{}, fmt.Errorf("this server holds at most %d rules files; restart it to make room", s.max)
	}
	s.files[id] = f
	return rulesPrefix + id, f.Family, nil
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
		return nil, fmt.Errorf("unknown rules file %q: paste it again (the server forgets rules files when it restarts)", rulesPrefix+id)
	}
	return f, nil
}

// open makes the game a spec names: a built-in NAME[:key=value,...] or
// rules:ID[:key=value,...] for a pasted rules file.
func (s *Server) open(spec string) (*opened, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, fmt.Errorf("no game: give game=NAME or game=NAME:key=value,... (see /api/games)")
	}
	if len(spec) > 1000 {
		return nil, fmt.Errorf("the game spec is too long")
	}
	rest, pasted := strings.CutPrefix(spec, rulesPrefix)
	if !pasted {
		parsed, err := sente.ParseSpec(spec)
		if err != nil {
			return nil, err
		}
		b, err := builtins.Bind(parsed)
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
	text := "rules"
	if args != "" {
		text += ":" + args
	}
	parsed, err := sente.ParseSpec(text)
	if err != nil {
		return nil, err
	}
	vals, err := sente.Bind(fam.Name, fam.Params, parsed.Args)
	if err != nil {
		return nil, err
	}
	return &opened{spec: spec, family: fam, values: vals, file: file, args: parsed.Args}, nil
}

// builtins is where the server's built-in games come from: the catalogue
// without files, whose code the server would run in its own process. A
// rules file is pasted instead, and runs in a child (see rulesStore).
var builtins = &games.Catalog{Refusal: "this server does not read files; paste the rules file instead"}
