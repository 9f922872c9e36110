package misere

import (
	"context"
	"errors"
	"fmt"

	"github.com/sente-go/sente"
)

// ErrNotImpartial is Of's error for a game that is not impartial: misère
// canonical forms are those of impartial games.
var ErrNotImpartial = errors.New("the game is not impartial, so it has no misère canonical form")

// ErrTooMany is Of's error past its bound on components valued.
var ErrTooMany = errors.New("too many components")

// ErrLoopy is Of's error when play can return to a position: canonical
// forms are those of short games.
var ErrLoopy = errors.New("play can return to a position, so the game has no misère canonical form (that theory is of games that end)")

// ErrNotPure is Of's error for a game that ends a position other than by
// its having no moves: a canonical form is the tree of the moves alone.
var ErrNotPure = errors.New("the game ends a position by a rule other than its having no moves, so its positions are not plain impartial games")

// ValuerOptions bound a Valuer's work.
type ValuerOptions struct {
	// MaxComponents stops the work with an error wrapping ErrTooMany past
	// this many distinct components (whole positions, for a game that does
	// not split) valued; 0 means no bound.
	MaxComponents int
}

// Valuer values positions of an impartial game: the misère canonical form
// of the tree of its moves. When the game is a sente.Splitter, a position
// is the sum of its components and its form the sum of theirs, each
// distinct component (by its Encoder key, or the position itself) valued
// once. The play convention of the game does not matter: a form is of the
// moves, and misère play of it is what the form's outcome and genus say.
// A Valuer is not safe for concurrent use.
type Valuer struct {
	g      sente.Game
	split  sente.Splitter
	enc    sente.Encoder
	misere bool // the game is misère: a position with no moves has ended won
	turns  bool // ask whether a move passes the turn
	opt    ValuerOptions
	byKey  map[uint64]int32
	byPos  map[sente.Position]int32
	vals   []Game // by component id; onStack while being valued
	stack  []sente.Position
	done   int
}

// onStack marks a component being valued (its options are on the way).
const onStack = ^Game(0)

// NewValuer makes a Valuer for g, or ErrNotImpartial.
func NewValuer(g sente.Game, opt ValuerOptions) (*Valuer, error) {
	caps := sente.CapabilitiesOf(g)
	if !caps.IsImpartial() {
		return nil, ErrNotImpartial
	}
	v := &Valuer{g: g, split: caps.Splitter, enc: caps.Encoder, misere: caps.IsMisere(), turns: !caps.Alternates(), opt: opt}
	if v.enc != nil {
		v.byKey = map[uint64]int32{}
	} else {
		v.byPos = map[sente.Position]int32{}
	}
	return v, nil
}

// Of values p of the impartial game g (nil: the start); see Valuer.
func Of(ctx context.Context, g sente.Game, p sente.Position, opt ValuerOptions) (Game, error) {
	v, err := NewValuer(g, opt)
	if err != nil {
		return 0, err
	}
	return v.Value(ctx, p)
}

// Parts splits p into its components (p alone for a game that does not
// split) and values each.
func (v *Valuer) Parts(ctx context.Context, p sente.Position) ([]sente.Position, []Game, error) {
	if p == nil {
		p = v.g.Start()
	}
	parts := []sente.Position{p}
	if v.split != nil {
		parts = v.split.Components(p)
	}
	forms := make([]Game, len(parts))
	for i, part := range parts {
		f, err := v.component(ctx, part)
		if err != nil {
			return nil, nil, v.gameErr(err)
		}
		forms[i] = f
	}
	return parts, forms, nil
}

// Value is the misère canonical form of p (nil: the start).
func (v *Valuer) Value(ctx context.Context, p sente.Position) (Game, error) {
	_, forms, err := v.Parts(ctx, p)
	if err != nil {
		return 0, err
	}
	return Sum(forms...), nil
}

// gameErr prefers a failure of the game's own logic (sente.Erring).
func (v *Valuer) gameErr(err error) error {
	if gerr := sente.CapabilitiesOf(v.g).Err(); gerr != nil {
		return gerr
	}
	return err
}

func (v *Valuer) id(p sente.Position) (int32, bool) {
	var id int32
	var ok bool
	if v.enc != nil {
		id, ok = v.byKey[v.enc.Encode(p)]
	} else {
		id, ok = v.byPos[p]
	}
	return id, ok
}

func (v *Valuer) addID(p sente.Position) (int32, error) {
	if v.opt.MaxComponents > 0 && len(v.vals) >= v.opt.MaxComponents {
		return 0, fmt.Errorf("%w: more than %d to value", ErrTooMany, v.opt.MaxComponents)
	}
	id := int32(len(v.vals))
	if v.enc != nil {
		v.byKey[v.enc.Encode(p)] = id
	} else {
		v.byPos[p] = id
	}
	v.vals = append(v.vals, onStack)
	return id, nil
}

// component values one component, depth first: its form is that of the
// set of its options, each the sum of its own components' forms.
func (v *Valuer) component(ctx context.Context, p sente.Position) (Game, error) {
	if id, ok := v.id(p); ok {
		if v.vals[id] == onStack {
			return 0, v.loop(p)
		}
		return v.vals[id], nil
	}
	id, err := v.addID(p)
	if err != nil {
		return 0, err
	}
	v.done++
	if v.done&0xfff == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	moves := v.g.Moves(p)
	if value, ended := v.g.Ended(p); ended {
		want := sente.Lose
		if v.misere {
			want = sente.Win
		}
		if len(moves) > 0 || value != want {
			return 0, fmt.Errorf("position %s has ended with %v for the player to move: %w", v.g.FormatPosition(p), value, ErrNotPure)
		}
		moves = nil
	}
	v.stack = append(v.stack, p)
	turn := sente.First
	if v.turns && len(moves) > 0 {
		turn = v.g.Turn(p)
	}
	opts := make([]Game, 0, len(moves))
	for _, m := range moves {
		if v.turns && v.g.Turn(m.To) == turn {
			return 0, fmt.Errorf("position %s: the move %s keeps the turn, and impartial games' players alternate: %w", v.g.FormatPosition(p), m.Name, ErrNotPure)
		}
		parts := []sente.Position{m.To}
		if v.split != nil {
			parts = v.split.Components(m.To)
		}
		forms := make([]Game, len(parts))
		for i, part := range parts {
			f, err := v.component(ctx, part)
			if err != nil {
				return 0, err
			}
			forms[i] = f
		}
		opts = append(opts, Sum(forms...))
	}
	v.stack = v.stack[:len(v.stack)-1]
	f := FromOptions(opts...)
	v.vals[id] = f
	return f, nil
}

// loop reports the cycle that returns to p.
func (v *Valuer) loop(p sente.Position) error {
	return fmt.Errorf("%w: %s is reached again from itself", ErrLoopy, v.g.FormatPosition(p))
}
