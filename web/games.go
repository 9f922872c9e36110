package web

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"sente"
	"sente/games"
	"sente/rules"
)

// opened is a game made from a spec, with the values of its parameters.
type opened struct {
	spec   string // as the client gave it
	family sente.Family
	game   sente.Game
	values sente.Values
}

// rulesStore keeps pasted rules files in a private directory, each under a
// name the server chooses (the hash of its text): nothing a client sends
// becomes a path.
type rulesStore struct {
	mu    sync.Mutex
	dir   string
	files map[string]string // id -> path
	max   int
	opt   rules.Options
}

const rulesPrefix = "rules:"

func (s *rulesStore) add(text string) (string, sente.Family, error) {
	sum := sha256.Sum256([]byte(text))
	id := hex.EncodeToString(sum[:])[:16]
	s.mu.Lock()
	defer s.mu.Unlock()
	path, ok := s.files[id]
	if !ok {
		if len(s.files) >= s.max {
			return "", sente.Family{}, fmt.Errorf("this server holds at most %d rules files; restart it to make room", s.max)
		}
		// The file name is the hash with .star, which rules.Load needs;
		// the family's name is then the hash too.
		path = filepath.Join(s.dir, "r"+id+".star")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			return "", sente.Family{}, fmt.Errorf("cannot store the rules file")
		}
	}
	fam, err := rules.Load(path, s.opt)
	if err != nil {
		if !ok {
			os.Remove(path)
		}
		return "", sente.Family{}, cleanRulesError(err, path)
	}
	s.files[id] = path
	return rulesPrefix + id, fam, nil
}

// cleanRulesError replaces the private path in a message by "rules".
func cleanRulesError(err error, path string) error {
	msg := strings.ReplaceAll(err.Error(), path, "rules.star")
	msg = strings.ReplaceAll(msg, filepath.Base(path), "rules.star")
	return fmt.Errorf("%s", msg)
}

func (s *rulesStore) family(id string) (sente.Family, error) {
	s.mu.Lock()
	path, ok := s.files[id]
	s.mu.Unlock()
	if !ok {
		return sente.Family{}, fmt.Errorf("unknown rules file %q: paste it again (the server forgets rules files when it restarts)", rulesPrefix+id)
	}
	fam, err := rules.Load(path, s.opt)
	if err != nil {
		return fam, cleanRulesError(err, path)
	}
	return fam, nil
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
	var fam sente.Family
	var parsed sente.Spec
	var err error
	if rest, ok := strings.CutPrefix(spec, rulesPrefix); ok {
		id, args, _ := strings.Cut(rest, ":")
		if fam, err = s.rules.family(id); err != nil {
			return nil, err
		}
		fam.Name = rulesPrefix + id
		text := "rules"
		if args != "" {
			text += ":" + args
		}
		if parsed, err = sente.ParseSpec(text); err != nil {
			return nil, err
		}
	} else {
		if parsed, err = sente.ParseSpec(spec); err != nil {
			return nil, err
		}
		if rules.IsRulesFile(parsed.Name) {
			return nil, fmt.Errorf("%s: this server does not read files; paste the rules file instead", parsed.Name)
		}
		if fam, err = games.Lookup(parsed.Name); err != nil {
			return nil, err
		}
	}
	vals, err := sente.Bind(fam.Name, fam.Params, parsed.Args)
	if err != nil {
		return nil, err
	}
	g, err := fam.New(vals)
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, fmt.Errorf("%s: cannot make the game", spec)
	}
	return &opened{spec: spec, family: fam, game: g, values: vals}, nil
}
