package explain

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/nimber"
)

// ParamRange is consecutive values of one whole-number parameter of a
// family: what a sweep or a sequence of Grundy values varies.
type ParamRange struct {
	Name   string
	Values []int
}

// First and Last are the range's ends.
func (r ParamRange) First() int { return r.Values[0] }
func (r ParamRange) Last() int  { return r.Values[len(r.Values)-1] }

// ParseRange reads name=low..high (or name=v, or name=a,b,c consecutive)
// for a whole-number parameter of fam, within the parameter's bounds. Its
// errors say what is wrong without quoting text, which the caller names.
func ParseRange(fam sente.Family, text string) (ParamRange, error) {
	name, values, ok := strings.Cut(text, "=")
	if !ok {
		return ParamRange{}, errors.New("want name=low..high (for example n=1..30)")
	}
	var param *sente.Param
	for i := range fam.Params {
		if fam.Params[i].Name == name {
			param = &fam.Params[i]
		}
	}
	if param == nil || param.Kind != sente.Int {
		var names []string
		for _, p := range fam.Params {
			if p.Kind == sente.Int {
				names = append(names, p.Name)
			}
		}
		what := fmt.Sprintf("%s has no parameter %q", fam.Name, name)
		if param != nil {
			what = fmt.Sprintf("%s's parameter %q is not a whole number (it takes %s)", fam.Name, name, param.Accepts())
		}
		if len(names) == 0 {
			return ParamRange{}, fmt.Errorf("%s, and it has no whole-number parameter to vary", what)
		}
		return ParamRange{}, fmt.Errorf("%s; its whole-number parameters: %s", what, strings.Join(names, ", "))
	}
	list, err := sente.ParseInts(values)
	if err != nil {
		return ParamRange{}, fmt.Errorf("%v; want name=low..high", err)
	}
	for i, v := range list {
		if v < param.Min || v > param.Max {
			return ParamRange{}, fmt.Errorf("%s=%d is out of range; want %s", name, v, param.Accepts())
		}
		if i > 0 && v != list[i-1]+1 {
			return ParamRange{}, errors.New("want consecutive values, low..high")
		}
	}
	return ParamRange{name, list}, nil
}

// WithParam returns spec with the parameter name set to v, in place of any
// value spec gives it.
func WithParam(spec sente.Spec, name string, v int) sente.Spec {
	return withArgs(spec, []sente.Arg{{Key: name, Value: strconv.Itoa(v)}})
}

// Opener makes the game a spec names: a games.Catalog's OpenSpec, say. A
// sweep opens one game per combination of values through it, and passes
// its errors on as they are.
type Opener func(sente.Spec) (sente.Game, error)

// Sequence is a game's Grundy values over one parameter and what is known
// of them.
type Sequence struct {
	Param       string
	First, Last int
	Values      []nimber.Nimber // loopy games have infinite values
	Numbers     []int           // the values, when all are finite
	Period      *nimber.Period  // a heap game's period, proven where theory allows
	// Heap says that the values came from a heap game's rules (its
	// parameter n is the heap), which were searched for a period: up to
	// G(Reached), stopping short of the search's Limit when OutOfWork.
	Heap      bool
	Reached   int
	OutOfWork bool
	// Conjecture is a pattern seen in the values of a game that is not a
	// heap game, in words, or "".
	Conjecture string
}

// PlotPeriod is the period a plot of the values marks: the heap game's
// period, or one observed in the values shown (not proven) when no search
// went past them. A heap game whose search went further and found none has
// none to show.
func (s *Sequence) PlotPeriod() (nimber.Period, bool) {
	if s.Period != nil {
		return *s.Period, true
	}
	if s.Heap && s.Reached > 0 {
		return nimber.Period{}, false
	}
	if p, ok := FindPeriod(s.Numbers, s.First); ok {
		return nimber.Period{From: p.From, Length: p.Length}, true
	}
	return nimber.Period{}, false
}

// FurtherLimit suggests a limit of a heap search that looks past
// G(reached): about twice as far, rounded up to two significant digits.
func FurtherLimit(reached int) int {
	n := 2 * max(reached, 1)
	unit := 1
	for n/unit >= 100 {
		unit *= 10
	}
	return (n + unit - 1) / unit * unit
}

// SequenceOptions limit the work of GrundySequence.
type SequenceOptions struct {
	// MaxPositions limits the positions of one value's game.
	MaxPositions int
	// Search is how far a heap game's values are computed looking for a
	// period the values asked for do not settle; it is searched only when
	// its Limit is past the last value asked for.
	Search nimber.HeapSearch
	// Answer are the answer layer's options for each value's game (its
	// memory limit).
	Answer answer.Options
}

// ErrNotImpartial says that a game has no Grundy values because it is not
// impartial.
var ErrNotImpartial = errors.New("the game is not impartial")

// NotNormalPlayError says that the game at Param=Value has no Grundy value:
// it is not under normal play (misère, or a position ends other than lost
// for the player to move).
type NotNormalPlayError struct {
	Param string
	Value int
	// Why is the reason nimber gave, when it gave one (a
	// *nimber.KeepsTurnError names the move).
	Why error
}

// Unwrap is the reason nimber gave.
func (e *NotNormalPlayError) Unwrap() error { return e.Why }

func (e *NotNormalPlayError) Error() string {
	return fmt.Sprintf("the game at %s=%d is not under normal play", e.Param, e.Value)
}

// GrundySequence computes the Grundy values of the start of spec's game for
// each value of r: a heap game's (parameter n) straight from its rules,
// with its period, proven where theory allows; any other impartial game's
// by evaluating each value's game, with a pattern seen in them.
func GrundySequence(ctx context.Context, open Opener, spec sente.Spec, r ParamRange, opt SequenceOptions) (*Sequence, error) {
	first, last := r.First(), r.Last()
	s := &Sequence{Param: r.Name, First: first, Last: last}
	base, err := open(WithParam(spec, r.Name, first))
	if err != nil {
		return nil, err
	}
	caps := sente.CapabilitiesOf(base)
	if !caps.IsImpartial() {
		return nil, ErrNotImpartial
	}
	if caps.Heaps != nil && r.Name == "n" {
		if err := s.heapValues(ctx, caps.Heaps.HeapRules(), opt.Search); err != nil {
			return nil, err
		}
	} else {
		for _, v := range r.Values {
			member := WithParam(spec, r.Name, v)
			g, err := open(member)
			if err != nil {
				return nil, err
			}
			aopt := opt.Answer
			aopt.Label = member.String() // a refusal names the member refused
			ev, err := Evaluate(ctx, g, nil, EvaluateOptions{MaxPositions: opt.MaxPositions, Answer: aopt})
			if err != nil {
				return nil, err
			}
			if !ev.HasGrundy {
				return nil, &NotNormalPlayError{r.Name, v, ev.NoGrundy}
			}
			s.Values = append(s.Values, ev.Grundy)
			if !ev.Grundy.Infinite && len(s.Numbers) == len(s.Values)-1 {
				s.Numbers = append(s.Numbers, ev.Grundy.Value)
			}
		}
	}
	if s.Values == nil {
		for _, v := range s.Numbers {
			s.Values = append(s.Values, nimber.Nimber{Value: v})
		}
	}
	if len(s.Numbers) != len(s.Values) {
		s.Numbers = nil
	}
	if !s.Heap && s.Numbers != nil {
		if d, ok := Describe(s.Numbers, first, r.Name); ok {
			s.Conjecture = fmt.Sprintf("conjecture (%s): %s", Observed(r.Name, first, last), d)
		}
	}
	return s, nil
}

// heapValues fills in a heap game's values from its rules, and its period:
// the values asked for may settle it; otherwise search looks further.
func (s *Sequence) heapValues(ctx context.Context, rules sente.HeapRules, search nimber.HeapSearch) error {
	seq, err := nimber.HeapValues(ctx, rules, s.Last)
	if err != nil {
		return err
	}
	s.Heap = true
	s.Numbers = seq[s.First:]
	p, ok := nimber.HeapPeriod(rules, seq)
	s.Reached = s.Last
	if !ok && search.Limit > s.Last {
		res, err := nimber.SearchHeapPeriod(ctx, rules, search)
		if err != nil {
			return err
		}
		p, ok, s.Reached, s.OutOfWork = res.Period, res.Found, res.Reached, res.OutOfWork
	}
	if ok {
		s.Period = &p
	}
	return nil
}
