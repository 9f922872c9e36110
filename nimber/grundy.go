package nimber

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
)

// Options limit and report on the work of Grundy, Loopy and Misere.
type Options struct {
	// MaxPositions stops the work with an error wrapping explore.ErrTooMany
	// past this many positions (components, when Grundy splits positions);
	// zero means no limit.
	MaxPositions int
	// Symmetry stores one position per class of symmetric positions, when
	// the game is a sente.Symmetric with an Encoder.
	Symmetry bool
	// Whole makes Grundy explore whole positions even when the game is a
	// sente.Splitter, so that every reachable position has its own entry.
	Whole bool
	// Progress, when set, is called now and then during long work: phases
	// "exploring" and "computing" for Grundy and Loopy, those of
	// hashing.Solve for Misere.
	Progress func(solve.Progress)
}

func (o Options) report() func(solve.Progress) {
	if o.Progress == nil {
		return func(solve.Progress) {}
	}
	return o.Progress
}

// ErrLoopy is returned (wrapped) by Grundy when play can return to a
// position. Such a game has no Grundy values; Loopy computes its generalized
// ones.
var ErrLoopy = errors.New("the game is loopy")

// ErrNotNormalPlay is returned (wrapped) by Grundy and Loopy for a game not
// played under normal play: a misère game, or one that ends a position
// other than lost for the player to move. The Sprague-Grundy theory is that
// of normal play; such a game still has win/lose values and remoteness,
// which hashing.Solve (or Misere) computes.
var ErrNotNormalPlay = errors.New("Grundy values are defined for normal play only (the player who cannot move loses); the game's win/lose values and remoteness are defined")

// ErrKeepsTurn is what errors.Is finds in the *KeepsTurnError of Grundy,
// Loopy and OfSpace, as it finds ErrNotNormalPlay.
var ErrKeepsTurn = errors.New("Grundy values are for games whose players alternate")

// KeepsTurnError is a move after which the same player moves again, which
// Grundy, Loopy and OfSpace refuse: the Sprague-Grundy theory is that of
// games whose players alternate. It is ErrKeepsTurn and ErrNotNormalPlay
// (errors.Is): the game's win/lose values and remoteness are defined, and
// hashing.Solve computes them.
type KeepsTurnError struct {
	Position string // where the move is made
	Move     string
	Player   sente.Player // who moves, and moves again
}

func (e *KeepsTurnError) Error() string {
	return fmt.Sprintf("position %s: the move %s keeps the turn (the %s player moves again), and Grundy values are for games whose players alternate", e.Position, e.Move, e.Player)
}

// Is makes e ErrKeepsTurn and ErrNotNormalPlay.
func (e *KeepsTurnError) Is(target error) bool {
	return target == ErrKeepsTurn || target == ErrNotNormalPlay
}

// keepsTurnError names the move from p, where turn is to move, that keeps
// the turn.
func keepsTurnError(g sente.Game, p sente.Position, turn sente.Player, name string) error {
	return &KeepsTurnError{Position: g.FormatPosition(p), Move: name, Player: turn}
}

// checkTurns refuses a move from key that keeps the turn, in a game that
// does not promise to alternate (graph.Turn is then set).
func checkTurns(g sente.Game, graph explore.KeyGraph, key uint64, kids []uint64) error {
	if graph.Turn == nil {
		return nil
	}
	turn := graph.Turn(key)
	for _, k := range kids {
		if graph.Turn(k) != turn {
			continue
		}
		p := graph.Decode(key)
		name := g.FormatPosition(graph.Decode(k))
		for _, m := range g.Moves(p) {
			if graph.Key(m.To) == k {
				name = m.Name
				break
			}
		}
		return keepsTurnError(g, p, turn, name)
	}
	return nil
}

// IsMisere reports whether g is played under misère play: it says so with
// its sente.Misere capability, as games.Nim and MisereGame's games do.
func IsMisere(g sente.Game) bool {
	return sente.CapabilitiesOf(g).IsMisere()
}

// Values are the Grundy values of the positions reachable from a root.
//
// They are stored in one of two ways. Whole positions: one value per
// reachable position, indexed by the dense ids of explore. Components, when
// the game is a sente.Splitter: one value per distinct component met, and
// the value of a position is the XOR of its components' values.
type Values struct {
	game sente.Game
	root sente.Position
	vals []int32 // by dense id, or by component id

	// Whole positions.
	rules explore.KeyGraph
	space *explore.Space

	// Components.
	split  sente.Splitter
	comps  *componentIndex
	valuer *componentValuer // values components met after the fact
	mu     sync.Mutex       // guards valuer and vals by component
	broken bool             // the valuer failed: value nothing more
}

// Game returns the game whose values these are.
func (v *Values) Game() sente.Game { return v.game }

// Root returns the position the values were computed from.
func (v *Values) Root() sente.Position { return v.root }

// ByComponents reports whether the values are stored by component (the
// game is a sente.Splitter and Options.Whole was not set).
func (v *Values) ByComponents() bool { return v.comps != nil }

// Positions is the number of values stored: every position reachable from
// the root, or every distinct component met when the values are stored by
// component.
func (v *Values) Positions() int { return len(v.vals) }

// Of returns the Grundy value of p, and false when p was not reached. By
// component, p is split and its value is the XOR of its components' values;
// it is found when every component was met, even if p itself never occurs,
// and a component not met yet (a part of p with the other player to move,
// which no move from the root produced as a part) is valued on the spot.
// For a game without an Encoder, whose positions are interned, Of is not
// safe for concurrent use when values are stored whole.
func (v *Values) Of(p sente.Position) (int, bool) {
	if v.comps == nil {
		id, ok := v.space.ID(v.rules.Key(p))
		if !ok {
			return 0, false
		}
		return int(v.vals[id]), true
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	parts := v.split.Components(p)
	x := 0
	for _, part := range parts {
		id, ok := v.comps.find(part)
		if !ok || v.vals[id] < 0 {
			// A component the moves from the root never produced as a
			// part (one with the other player to move, say): value it now.
			if !v.valueLate(parts) {
				return 0, false
			}
			return v.sumLocked(parts)
		}
		x ^= int(v.vals[id])
	}
	return x, true
}

// valueLate values components not met while the values were computed.
func (v *Values) valueLate(parts []sente.Position) bool {
	if v.valuer == nil || v.broken {
		return false
	}
	if err := v.valuer.value(context.Background(), parts); err != nil {
		v.broken = true
		return false
	}
	v.vals = v.valuer.vals
	return true
}

func (v *Values) sumLocked(parts []sente.Position) (int, bool) {
	x := 0
	for _, part := range parts {
		id, ok := v.comps.find(part)
		if !ok || v.vals[id] < 0 {
			return 0, false
		}
		x ^= int(v.vals[id])
	}
	return x, true
}

// Each calls fn for every stored position and its value, until fn returns
// false: whole positions tier by tier in order of discovery, or components
// in the order they were met.
func (v *Values) Each(fn func(p sente.Position, value int) bool) {
	if v.comps != nil {
		for id, x := range v.vals {
			if !fn(v.comps.position(int32(id)), int(x)) {
				return
			}
		}
		return
	}
	for _, t := range v.space.Tiers() {
		for local, key := range t.Keys {
			if !fn(v.rules.Decode(key), int(v.vals[t.Base+local])) {
				return
			}
		}
	}
}

// Max is the largest value stored, or -1 when there is none.
func (v *Values) Max() int {
	m := int32(-1)
	for _, x := range v.vals {
		m = max(m, x)
	}
	return int(m)
}

// Grundy computes the Grundy value of every position reachable from root (nil
// means the game's start) of an acyclic impartial game under normal play: the
// mex (least non-negative integer not among them) of the values of the
// position's options, so that a position with no moves is worth 0 and the
// player to move loses exactly at 0. A position the game ends must be lost
// for the player to move; it is worth 0 too.
//
// A game that is a sente.Splitter is valued by components (unless
// opt.Whole): the value of a position is the XOR of the values of the
// components Components returns, and each distinct component is valued once,
// as the mex over its moves of the XOR of the values of the resulting
// position's components. Only components are stored, so a game whose
// positions are sums of a few kinds of part (rows of tokens, heaps) costs
// time in the number of kinds of part rather than in the number of their
// combinations. Components are told apart by their Encoder key (canonical
// with opt.Symmetry), or by the positions themselves as map keys when the
// game has no Encoder.
//
// Otherwise every reachable position is explored (see explore) and valued in
// one depth-first pass with an explicit stack, children before parents,
// tiers from the highest down, one int32 per position.
//
// Play that can return to a position is an error wrapping ErrLoopy, which
// names the cycle; Loopy handles such games. A misère game (IsMisere), or
// one that ends a position other than lost for the player to move, is an
// error wrapping ErrNotNormalPlay; so is a game with a move that keeps the
// turn, which wraps ErrKeepsTurn too and names the move.
func Grundy(ctx context.Context, g sente.Game, root sente.Position, opt Options) (*Values, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if root == nil {
		root = g.Start()
	}
	if IsMisere(g) {
		return nil, fmt.Errorf("misère play: %w", ErrNotNormalPlay)
	}
	if split := sente.CapabilitiesOf(g).Splitter; split != nil && !opt.Whole {
		v, err := grundyByComponents(ctx, g, split, root, opt)
		return v, gameErr(g, err)
	}
	rules, space, err := exploreGame(ctx, g, root, opt)
	if err != nil {
		return nil, err
	}
	vals, err := grundyWhole(ctx, g, rules, space, opt.report())
	if err := gameErr(g, err); err != nil {
		return nil, err
	}
	return &Values{game: g, root: root, vals: vals, rules: rules, space: space}, nil
}

// gameErr prefers a failure of the game's own logic (sente.Erring) to err,
// since a game that failed may have given the engine nonsense.
func gameErr(g sente.Game, err error) error {
	if gerr := sente.CapabilitiesOf(g).Err(); gerr != nil {
		return gerr
	}
	return err
}

// exploreGame finds the positions reachable from root, for Grundy and Loopy.
func exploreGame(ctx context.Context, g sente.Game, root sente.Position, opt Options) (explore.KeyGraph, *explore.Space, error) {
	space, err := hashing.Explore(ctx, g, hashing.Options{From: root, Symmetry: opt.Symmetry, MaxPositions: opt.MaxPositions, Progress: opt.Progress})
	if err != nil {
		return explore.KeyGraph{}, nil, err
	}
	if err := checkSize(space); err != nil {
		return explore.KeyGraph{}, nil, err
	}
	return space.Graph(), space, nil
}

// checkSize refuses a space of more positions than int32 ids number.
func checkSize(space *explore.Space) error {
	if space.Len() > math.MaxInt32 {
		return fmt.Errorf("%d positions are more than impartial values are computed for (%d)", space.Len(), math.MaxInt32)
	}
	return nil
}

// checkNormalEnd accepts a position the game ends only when it is lost for
// the player to move, as a position with no moves is under normal play.
func checkNormalEnd(g sente.Game, p sente.Position, v sente.Value) error {
	if v == sente.Lose {
		return nil
	}
	return fmt.Errorf("position %s has ended with %v for the player to move, so the game is not under normal play: %w", g.FormatPosition(p), v, ErrNotNormalPlay)
}

// Marks in the value arrays for positions not valued yet.
const (
	notVisited = -1 // not met yet
	onStack    = -2 // on the depth-first stack: its options are being valued
)

// grundyFrame is a position on the depth-first stack; its options are
// arena[lo:hi], of which those before next have been looked at.
type grundyFrame struct {
	id           int32
	lo, next, hi int32
}

// grundyWhole values every position of space. Each position's children are
// generated once, when it is pushed, into an arena used as a stack; when all
// of them are valued, the position's value is their mex and its children are
// dropped. Tiers are taken from the highest down, so that moves into higher
// tiers always find their values and the stack stays within a tier.
func grundyWhole(ctx context.Context, g sente.Game, rules explore.KeyGraph, space *explore.Space, report func(solve.Progress)) ([]int32, error) {
	n := space.Len()
	vals := make([]int32, n)
	for i := range vals {
		vals[i] = notVisited
	}
	var (
		frames []grundyFrame
		ids    []int32  // the arena: children by id
		keys   []uint64 // and by key, for descending into them
		kids   []uint64
		mex    mexSet
		done   int
	)
	format := func(key uint64) string { return g.FormatPosition(rules.Decode(key)) }
	push := func(id int32, key uint64) error {
		if len(ids) >= math.MaxInt32-1 {
			return fmt.Errorf("the depth-first stack passed %d moves", math.MaxInt32)
		}
		vals[id] = onStack
		lo := int32(len(ids))
		if v, ended := rules.Ended(key); ended {
			if err := checkNormalEnd(g, rules.Decode(key), v); err != nil {
				return err
			}
		} else {
			kids = rules.Children(kids[:0], key)
			if err := checkTurns(g, rules, key, kids); err != nil {
				return err
			}
			for _, k := range kids {
				kid, ok := space.ID(k)
				if !ok {
					return fmt.Errorf("position %s has a move to %s, which exploration did not reach", format(key), format(k))
				}
				ids = append(ids, int32(kid))
				keys = append(keys, k)
			}
		}
		frames = append(frames, grundyFrame{id: id, lo: lo, next: lo, hi: int32(len(ids))})
		return nil
	}
	tiers := space.Tiers()
	for ti := len(tiers) - 1; ti >= 0; ti-- {
		t := tiers[ti]
		for local, key := range t.Keys {
			if vals[t.Base+local] != notVisited {
				continue
			}
			if err := push(int32(t.Base+local), key); err != nil {
				return nil, err
			}
			for len(frames) > 0 {
				f := &frames[len(frames)-1]
				descended := false
				for !descended && f.next < f.hi {
					i := f.next
					f.next++
					switch vals[ids[i]] {
					case notVisited:
						if err := push(ids[i], keys[i]); err != nil {
							return nil, err
						}
						descended = true
					case onStack:
						return nil, loopyError(g, len(frames), func(i int) int32 { return frames[i].id }, ids[i], func(id int32) sente.Position {
							return rules.Decode(spaceKey(tiers, id))
						})
					}
				}
				if descended {
					continue
				}
				mex.reset(int(f.hi - f.lo))
				for _, kid := range ids[f.lo:f.hi] {
					mex.add(vals[kid])
				}
				vals[f.id] = mex.value()
				ids, keys = ids[:f.lo], keys[:f.lo]
				frames = frames[:len(frames)-1]
				done++
				if done&0xffff == 0 {
					if err := ctx.Err(); err != nil {
						return nil, err
					}
					report(solve.Progress{Phase: solve.PhaseGrundy, Done: done, Total: n})
				}
			}
		}
	}
	return vals, nil
}

// spaceKey returns the key of the position with global id id.
func spaceKey(tiers []*explore.Tier, id int32) uint64 {
	i := sort.Search(len(tiers), func(i int) bool { return tiers[i].Base > int(id) }) - 1
	return tiers[i].Keys[int(id)-tiers[i].Base]
}

// loopyError describes the cycle found when the position again is met while
// on the depth-first stack, whose ids stack(0) to stack(depth-1) are.
func loopyError(g sente.Game, depth int, stack func(int) int32, again int32, position func(int32) sente.Position) error {
	from := depth - 1
	for from > 0 && stack(from) != again {
		from--
	}
	var cycle []int32
	for i := from; i < depth; i++ {
		cycle = append(cycle, stack(i))
	}
	cycle = append(cycle, again)
	var names []string
	const most = 8
	for i, id := range cycle {
		if len(cycle) > most+2 && i == most {
			names = append(names, fmt.Sprintf("(%d more)", len(cycle)-most-1))
		}
		if len(cycle) > most+2 && i >= most && i < len(cycle)-1 {
			continue
		}
		names = append(names, g.FormatPosition(position(id)))
	}
	return fmt.Errorf("%w: play can return to position %s (%s); Grundy values need a game without cycles, use Loopy for generalized Sprague-Grundy values",
		ErrLoopy, g.FormatPosition(position(again)), strings.Join(names, " -> "))
}

// mexSet collects non-negative values and returns their mex. Values are
// marked with a stamp, so that starting a new set costs nothing.
type mexSet struct {
	seen  []uint32
	stamp uint32
	limit int32
}

// reset starts a set of at most k values. Their mex is at most k, so larger
// values need no mark.
func (s *mexSet) reset(k int) {
	s.stamp++
	if s.stamp == 0 {
		clear(s.seen)
		s.stamp = 1
	}
	s.limit = int32(min(k, math.MaxInt32))
	for len(s.seen) <= k {
		s.seen = append(s.seen, 0)
	}
}

func (s *mexSet) add(v int32) {
	if v <= s.limit {
		s.seen[v] = s.stamp
	}
}

func (s *mexSet) value() int32 {
	m := 0
	for m < len(s.seen) && s.seen[m] == s.stamp {
		m++
	}
	return int32(m)
}
