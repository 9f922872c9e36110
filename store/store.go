package store

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Store is the root directory of solved tables: one directory per game.
type Store struct{ Dir string }

// Default is the store in the user's cache directory: $XDG_CACHE_HOME/sente,
// else ~/.cache/sente.
func Default() (Store, error) {
	if d := os.Getenv("XDG_CACHE_HOME"); d != "" {
		return Store{Dir: filepath.Join(d, "sente")}, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return Store{}, fmt.Errorf("store: no cache directory: set XDG_CACHE_HOME or HOME, or choose one with --store: %w", err)
	}
	return Store{Dir: filepath.Join(home, ".cache", "sente")}, nil
}

// GameStore is the directory of one game's tables.
type GameStore struct {
	Spec string // the canonical spec text
	Dir  string

	mu      sync.Mutex
	seconds map[int]float64 // seconds.json, once read
	ranking uint32          // stamped on the tables written here (SetRanking)
}

// SetRanking has every table of values or reachable ranks written here
// from now on carry the fingerprint of the game's ranks (Header.Ranking):
// the tier engine sets it before it writes.
func (g *GameStore) SetRanking(fingerprint uint32) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.ranking = fingerprint
}

const manifestName = "manifest.json"

type manifest struct {
	Spec   string `json:"spec"`
	Format int    `json:"format"`
}

// dirName is the directory of a spec: the spec made safe for a file name,
// cut short, then a hash of the whole spec so that specs alike once made
// safe do not share a directory.
func dirName(spec string) string {
	var b strings.Builder
	for _, r := range spec {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '.', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() >= 48 {
			break
		}
	}
	name := strings.TrimLeft(b.String(), ".")
	sum := sha256.Sum256([]byte(spec))
	return name + "-" + hex.EncodeToString(sum[:4])
}

// Find opens the directory of a game's tables when the store has one, and
// returns nil, with no error, when it has none: unlike Game it makes
// nothing, for readers (a server) that only answer from tables solved
// before. A directory whose manifest is missing, damaged or names another
// game is the game's all the same when it holds tier files: its name
// holds a hash of the spec, and each tier file names its game in its own
// checked header (a reader does not write: a solve writes the manifest
// again).
func (s Store) Find(spec string) (*GameStore, error) {
	g := &GameStore{Spec: spec, Dir: filepath.Join(s.Dir, dirName(spec))}
	m, err := readManifest(g.Dir)
	var damaged *manifestError
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.As(err, &damaged) || err == nil && m.Spec != spec:
		if tiers, terr := g.Tiers(Values); terr != nil || len(tiers) == 0 {
			return nil, nil
		}
		return g, nil
	case err != nil:
		return nil, fmt.Errorf("%w; solving %s again rewrites it, and sente store rm removes the game's tables", err, spec)
	}
	if err := m.check(g.Dir); err != nil {
		return nil, err
	}
	return g, nil
}

// check refuses a manifest of another format.
func (m manifest) check(dir string) error {
	if m.Format != FormatVersion {
		return fmt.Errorf("store: %s holds tables of format %d, this sente reads %d: remove them with sente store rm", dir, m.Format, FormatVersion)
	}
	return nil
}

// Game opens (creating it when needed) the directory of a game's tables,
// named by its canonical spec text, and removes the temporary files a
// killed writer left there.
func (s Store) Game(spec string) (*GameStore, error) {
	if spec == "" {
		return nil, errors.New("store: empty game spec")
	}
	if len(spec) > maxSpec {
		return nil, fmt.Errorf("store: game spec of %d bytes, the store takes at most %d", len(spec), maxSpec)
	}
	g := &GameStore{Spec: spec, Dir: filepath.Join(s.Dir, dirName(spec))}
	if err := g.prepare(); err != nil {
		return nil, err
	}
	return g, nil
}

// prepare makes the game's directory when it is missing, removes the
// temporary files a killed writer left there, and writes its manifest
// when it has none. It runs before the directory's lock is taken (the
// lock file lives in it), so sente store rm may take the directory away
// in the middle: a step that finds it gone starts again, making it anew.
func (g *GameStore) prepare() error {
	for attempt := 1; ; attempt++ {
		err := g.prepareOnce()
		if err == nil || attempt == 8 || !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		if _, statErr := os.Stat(g.Dir); statErr == nil {
			return err // the directory is there: something else is missing
		}
	}
}

func (g *GameStore) prepareOnce() error {
	if err := mkdirAllOrNothing(g.Dir); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err := removeTemporaries(g.Dir); err != nil {
		return err
	}
	m, err := readManifest(g.Dir)
	var damaged *manifestError
	if errors.As(err, &damaged) || err == nil && m.Spec != g.Spec {
		// The directory's name holds a hash of the spec, and every tier
		// file names its game and format in its own checked header (a
		// file of another is refused when read, and solved again): a
		// manifest damaged, or naming another game, is written again
		// rather than leave every command failing.
		if err := os.RemoveAll(filepath.Join(g.Dir, manifestName)); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		err = fs.ErrNotExist
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := writeAtomic(g.Dir, manifestName, manifestBytes(g.Spec)); err != nil {
			return fmt.Errorf("store: writing manifest of %s: %w", g.Dir, err)
		}
		// A new directory's own entry survives a power cut only once its
		// parent is synced.
		if err := syncDir(filepath.Dir(g.Dir)); err != nil {
			return fmt.Errorf("store: %w", err)
		}
	case err != nil:
		return err
	default:
		if err := m.check(g.Dir); err != nil {
			return err
		}
	}
	return nil
}

func manifestBytes(spec string) []byte {
	b, _ := json.MarshalIndent(manifest{Spec: spec, Format: FormatVersion}, "", "  ")
	return append(b, '\n')
}

// readManifest reads a game directory's manifest: an error wrapping
// fs.ErrNotExist when there is none, a *manifestError when it cannot be
// read as one.
func readManifest(dir string) (manifest, error) {
	var m manifest
	path := filepath.Join(dir, manifestName)
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return m, err
	case err != nil:
		return m, &manifestError{path, err.Error()}
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, &manifestError{path, "not a manifest: " + err.Error()}
	}
	if m.Spec == "" || m.Format == 0 {
		return m, &manifestError{path, "names no game or no format"}
	}
	return m, nil
}

// manifestError is a manifest that cannot be read as one.
type manifestError struct{ path, why string }

func (e *manifestError) Error() string {
	return fmt.Sprintf("store: %s is damaged (%s)", e.path, e.why)
}

// writeAtomic writes a small file atomically.
func writeAtomic(dir, name string, data []byte) error {
	f, err := createTemp(dir, name)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		discardTemp(f)
		return err
	}
	if err := finishTemp(f, filepath.Join(dir, name)); err != nil {
		os.Remove(f.Name())
		return err
	}
	return syncDir(dir)
}

// Tiers lists the tiers that have a file of kind, in increasing order. It
// does not check the files.
func (g *GameStore) Tiers(kind Kind) ([]int, error) {
	entries, err := os.ReadDir(g.Dir)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return tiersIn(entries, kind), nil
}

func tiersIn(entries []os.DirEntry, kind Kind) []int {
	var tiers []int
	suffix := "." + kind.String()
	for _, e := range entries {
		n := e.Name()
		if !strings.HasPrefix(n, "tier-") || !strings.HasSuffix(n, suffix) {
			continue
		}
		if t, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(n, "tier-"), suffix)); err == nil {
			tiers = append(tiers, t)
		}
	}
	slices.Sort(tiers)
	return tiers
}

// mkdirAllOrNothing makes dir and the directories above it that are
// missing, and when it fails (a path too long, a file in the way, a full
// disk) removes those it made: a failed path leaves nothing behind.
func mkdirAllOrNothing(dir string) error {
	first := "" // the highest directory that was missing
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		first = d
		if filepath.Dir(d) == d {
			break
		}
	}
	err := os.MkdirAll(dir, 0o755)
	if err != nil && first != "" {
		os.RemoveAll(first)
	}
	return err
}

// FormatTiers names tiers in a sentence: "tier 3", "tiers 3, 5, 9".
func FormatTiers(tiers []int) string {
	names := make([]string, len(tiers))
	for i, t := range tiers {
		names[i] = strconv.Itoa(t)
	}
	if len(tiers) == 1 {
		return "tier " + names[0]
	}
	return "tiers " + strings.Join(names, ", ")
}

// GameInfo describes one game's stored tables.
type GameInfo struct {
	Spec string // "" when the manifest is missing or damaged
	Dir  string
	// Problem says what is wrong with the directory, "" when nothing is
	// seen to be: its manifest missing or damaged, or of another format.
	// (Tier files are checked when read; see GameStore.Has.)
	Problem   string
	Values    []int // tiers with a values file
	Reachable []int // tiers with a reachable file
	// Books are the opening books (package store/book), by their tier
	// numbers: the plies, and the root's place among the game's books.
	Books []int
	// Damaged are the tiers whose values file is refused when opened
	// (its header damaged, the file cut short) or has a block that fails
	// its checksum.
	Damaged []int
	// DamagedFiles name the other tier files so damaged: reachable ranks,
	// keys, the plan of the tiers, the positions classes stand for.
	DamagedFiles []string
	Bytes        int64 // on disk, all files of the directory
	// Shared are the bytes of Bytes in files that are also in another
	// game's directory of the store, hard links of one file (a tier a
	// solve from the start took whole from the tables of every position,
	// GameStore.Link); on disk once.
	Shared int64
	// Repeated are the bytes of Shared counted already under a game
	// listed before: the store's disk is the sum of Bytes less Repeated.
	Repeated int64
}

// List describes every game in the store, by spec. A directory without a
// readable manifest is listed with an empty spec.
func (s Store) List() ([]GameInfo, error) {
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	var games []GameInfo
	type linked struct {
		game int
		size int64
		id   fileID
	}
	var links []linked // files with more than one link, in order
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), removingPrefix) {
			continue
		}
		dir := filepath.Join(s.Dir, e.Name())
		info := GameInfo{Dir: dir}
		m, err := readManifest(dir)
		var damaged *manifestError
		switch {
		case err == nil && dirName(m.Spec) != e.Name():
			// Its name holds a hash of its game's spec: listed by
			// its own name, not as the game its manifest names.
			info.Problem = fmt.Sprintf("its manifest names %q, another game (a solve of its own game writes it again)", m.Spec)
		case err == nil && m.Format != FormatVersion:
			info.Spec, info.Problem = m.Spec, fmt.Sprintf("tables of format %d, this sente reads %d", m.Format, FormatVersion)
		case err == nil:
			info.Spec = m.Spec
		case errors.Is(err, fs.ErrNotExist):
			info.Problem = "no manifest"
		case errors.As(err, &damaged):
			info.Problem = "damaged manifest (" + damaged.why + ")"
		default:
			info.Problem = err.Error()
		}
		files, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		info.Values, info.Reachable = tiersIn(files, Values), tiersIn(files, Reachable)
		info.Books = tiersIn(files, Book)
		for _, kind := range []Kind{Values, Reachable, Keys, Tiers, Positions, Book} {
			for _, t := range tiersIn(files, kind) {
				if sound(filepath.Join(dir, fileName(t, kind))) {
					continue
				}
				if kind == Values {
					info.Damaged = append(info.Damaged, t)
				} else {
					info.DamagedFiles = append(info.DamagedFiles, fileName(t, kind))
				}
			}
		}
		for _, f := range files {
			if fi, err := f.Info(); err == nil && fi.Mode().IsRegular() {
				info.Bytes += fi.Size()
				if id, ok := hardLinked(fi); ok {
					links = append(links, linked{len(games), fi.Size(), id})
				}
			}
		}
		games = append(games, info)
	}
	inGames := map[fileID]map[int]bool{}
	for _, l := range links {
		if inGames[l.id] == nil {
			inGames[l.id] = map[int]bool{}
		}
		inGames[l.id][l.game] = true
	}
	counted := map[fileID]bool{}
	for _, l := range links {
		if len(inGames[l.id]) < 2 {
			continue // linked from outside the store, or within one game
		}
		games[l.game].Shared += l.size
		if counted[l.id] {
			games[l.game].Repeated += l.size
		}
		counted[l.id] = true
	}
	slices.SortFunc(games, func(a, b GameInfo) int { return strings.Compare(a.Spec, b.Spec) })
	return games, nil
}

// ErrBusy is what Remove fails with while a solve holds the lock of the
// game's directory (GameStore.Lock): it is writing the tables.
var ErrBusy = errors.New("a solve is writing them")

// sound reports whether the tier file at path opens and every block passes
// its checksum.
func sound(path string) bool {
	tab, err := openFile(path)
	if err != nil {
		return false
	}
	defer tab.Close()
	return tab.Verify() == nil
}

// Remove deletes every stored table of the game of spec, whatever state
// its directory is in (no manifest, a damaged one, one that names another
// game, damaged or foreign files); an error wrapping fs.ErrNotExist when
// the store has none, one wrapping ErrBusy while a solve of the game is
// writing them. The directory is first renamed out of the way, so that it
// goes whole: a reader sees the game's tables or none, and a removal that
// fails midway leaves no part of them under the game's name.
func (s Store) Remove(spec string) error {
	name := dirName(spec)
	dir := filepath.Join(s.Dir, name)
	fi, err := os.Lstat(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("store: no stored tables for %q in %s: %w", spec, s.Dir, fs.ErrNotExist)
		}
		return fmt.Errorf("store: %w", err)
	}
	if !fi.IsDir() {
		// A file where the game's directory goes.
		return ignoreMissing(os.Remove(dir))
	}
	// The lock a solve writing the tables holds: taken here, no solve
	// writes them while they go, and one waiting for it finds them gone.
	lock, err := os.OpenFile(filepath.Join(dir, lockName), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer lock.Close()
	held, err := tryLock(lock)
	if err != nil {
		return fmt.Errorf("store: locking %s: %w", dir, err)
	}
	if !held {
		return fmt.Errorf("store: the tables of %s in %s: %w; stop that solve, or remove them once it is done", spec, dir, ErrBusy)
	}
	trash, err := os.MkdirTemp(s.Dir, removingPrefix+name+"-")
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	gone := filepath.Join(trash, name)
	if err := os.Rename(dir, gone); err != nil {
		os.Remove(trash)
		return fmt.Errorf("store: %w", err)
	}
	syncDir(s.Dir)
	if err := os.RemoveAll(trash); err != nil {
		return fmt.Errorf("store: the tables of %s are no longer in the store, but removing them from %s failed: %w", spec, trash, err)
	}
	s.removeLeftovers()
	return nil
}

// removingPrefix starts the name of a directory Remove moves a game's
// directory into before removing it: not a game's, and hidden from List.
const removingPrefix = ".removing-"

// removeLeftovers removes what removals stopped midway (killed, say) left
// in the store: a removal under way holds the lock of the directory it
// removes, which it moved along.
func (s Store) removeLeftovers() {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), removingPrefix) {
			continue
		}
		trash := filepath.Join(s.Dir, e.Name())
		games, _ := os.ReadDir(trash)
		// An empty one may be a removal's about to move a directory in.
		busy := len(games) == 0
		for _, g := range games {
			if f, err := os.Open(filepath.Join(trash, g.Name(), lockName)); err == nil {
				held, err := tryLock(f)
				busy = busy || err == nil && !held
				f.Close()
			}
		}
		if !busy {
			os.RemoveAll(trash)
		}
	}
}
