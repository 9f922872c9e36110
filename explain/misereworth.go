package explain

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/nimber/misere"
)

// MisereWorth is what the misère theory says of a position of an
// impartial game (or of a game written in the misère notation): its
// misère canonical form, the sum of its independent parts' forms, its
// misère outcome and its genus.
type MisereWorth struct {
	// Game is the spec of the game, "" for a game given in the notation.
	Game string
	// Position is the position's text; Notation the notation as given
	// for a game written in it (then Position is "").
	Position string
	Notation string
	// Parts are the components of the position with their forms (one for
	// a position that does not split).
	Parts []MiserePart
	// Value is the canonical form: the sum of the parts' forms.
	Value misere.Game
}

// MiserePart is one component of a position and its misère form.
type MiserePart struct {
	Position string
	Value    misere.Game
}

// ErrNoMisereForm is MisereWorthOf's error for a game that is not
// impartial.
var ErrNoMisereForm = misere.ErrNotImpartial

// ErrTooManyMisereComponents is MisereWorthOf's error past its bound.
var ErrTooManyMisereComponents = misere.ErrTooMany

// MisereWorthOf values the position p of the impartial game g (spec is its
// name as the person gave it) under misère play, part by part, valuing at
// most maxComponents components (0: no bound).
func MisereWorthOf(ctx context.Context, g sente.Game, spec string, p sente.Position, maxComponents int) (*MisereWorth, error) {
	v, err := misere.NewValuer(g, misere.ValuerOptions{MaxComponents: maxComponents})
	if err != nil {
		return nil, err
	}
	parts, forms, err := v.Parts(ctx, p)
	if err != nil {
		return nil, err
	}
	w := &MisereWorth{Game: spec, Position: g.FormatPosition(p)}
	for i, part := range parts {
		w.Parts = append(w.Parts, MiserePart{Position: g.FormatPosition(part), Value: forms[i]})
	}
	w.Value = misere.Sum(forms...)
	return w, nil
}

// MisereWorthOfNotation reads a game written in the misère notation (0, *,
// *2, {*2,*}, *2+*2, or CGSuite's *[2,1]) and values it.
func MisereWorthOfNotation(text string) (*MisereWorth, error) {
	g, err := misere.Parse(text)
	if err != nil {
		return nil, err
	}
	return &MisereWorth{Notation: text, Value: g}, nil
}

// IsMisereRefusal reports whether err says the game has no misère
// canonical form: it is not impartial, it is loopy, or it ends positions
// by a rule other than their having no moves.
func IsMisereRefusal(err error) bool {
	return errors.Is(err, misere.ErrNotImpartial) || errors.Is(err, misere.ErrLoopy) || errors.Is(err, misere.ErrNotPure)
}

// IsMisereNotationError reports whether err is a mistake in a game written
// in the misère notation.
func IsMisereNotationError(err error) bool {
	var pe *misere.ParseError
	return errors.As(err, &pe)
}

// Expression is the form as the sum of its parts' forms, "* + *2 = *3",
// or the form alone when it has one part.
func (w *MisereWorth) Expression() string {
	sum := w.Value.String()
	if len(w.Parts) < 2 {
		return sum
	}
	terms := make([]string, len(w.Parts))
	for i, p := range w.Parts {
		terms[i] = p.Value.String()
	}
	return strings.Join(terms, " + ") + " = " + sum
}

// MisereOutcomeWords say who wins a game of the misère outcome o.
func MisereOutcomeWords(o misere.Outcome) string {
	if o == misere.P {
		return "whoever starts loses, under misère play"
	}
	return "whoever starts wins, under misère play"
}

// Verdict is the form and who wins: "* + *2 + *3 = ...: whoever starts
// loses, under misère play".
func (w *MisereWorth) Verdict() string {
	return w.Expression() + ": " + MisereOutcomeWords(w.Value.Outcome())
}

// Why says what the misère Grundy value and the genus tell of the game:
// who wins it alone, and how it plays beside nim-heaps *2.
func (w *MisereWorth) Why() string {
	v := w.Value
	gen := v.Genus()
	name := "the game"
	if len(w.Parts) > 1 {
		name = "the sum"
	}
	if n, ok := v.IsNim(); ok {
		return fmt.Sprintf("%s is the nim-heap *%d in misère play too: in misère Nim the player to move wins exactly when some heap is larger than 1 and the heaps' nim-sum is not 0, or no heap is larger than 1 and their nim-sum is 0", name, n)
	}
	return fmt.Sprintf("the misère Grundy value of %s is %d, 0 exactly when the player to move loses; its genus %s gives its normal-play value, %d, and its misère Grundy values beside 1, 2 and 3 copies of *2: %d, %d, %d", name, gen.At(1), gen, gen.Base, gen.At(2), gen.At(3), gen.At(4))
}

// MisereWorthJSON is a position's misère canonical form and what follows
// from it, as JSON gives it: the form in sente's notation (canonical) and
// CGSuite's (cgsuite), the misère outcome class (N or P), the verdict and
// why in words, the birthday, the normal-play and misère Grundy values and
// the genus, and each part's form.
type MisereWorthJSON struct {
	Game         string           `json:"game,omitempty"`
	Position     string           `json:"position,omitempty"`
	Notation     string           `json:"notation,omitempty"`
	Parts        []MiserePartJSON `json:"misere_parts"`
	Canonical    string           `json:"canonical"`
	CGSuite      string           `json:"cgsuite"`
	OutcomeClass string           `json:"outcome_class"`
	Verdict      string           `json:"verdict"`
	Words        string           `json:"words"`
	Birthday     int              `json:"birthday"`
	Grundy       int              `json:"grundy"`
	MisereGrundy int              `json:"misere_grundy"`
	Genus        string           `json:"genus"`
}

// MiserePartJSON is one part of a position and its misère form.
type MiserePartJSON struct {
	Position     string `json:"position"`
	Canonical    string `json:"canonical"`
	OutcomeClass string `json:"outcome_class"`
	Genus        string `json:"genus"`
}

// JSON is w as JSON gives it.
func (w *MisereWorth) JSON() MisereWorthJSON {
	v := w.Value
	j := MisereWorthJSON{
		Game: w.Game, Position: w.Position, Notation: w.Notation, Parts: []MiserePartJSON{},
		Canonical: v.String(), CGSuite: v.CGSuite(), OutcomeClass: v.Outcome().String(),
		Verdict: w.Verdict(), Words: w.Why(), Birthday: v.Birthday(),
		Grundy: v.Grundy(), MisereGrundy: v.MisereGrundy(), Genus: v.Genus().String(),
	}
	for _, p := range w.Parts {
		j.Parts = append(j.Parts, MiserePartJSON{Position: p.Position, Canonical: p.Value.String(), OutcomeClass: p.Value.Outcome().String(), Genus: p.Value.Genus().String()})
	}
	return j
}

// WriteText writes w for people: the verdict, each part's form, and the
// form's properties.
func (w *MisereWorth) WriteText(out io.Writer) error {
	v := w.Value
	var b strings.Builder
	b.WriteString(w.Verdict() + "\n")
	row := func(label, format string, args ...any) {
		fmt.Fprintf(&b, "  %-15s%s\n", label, fmt.Sprintf(format, args...))
	}
	if w.Notation != "" {
		row("game", "%s", w.Notation)
	} else {
		row("position", "%s", w.Position)
	}
	if len(w.Parts) > 1 {
		row("parts", "%d, played independently; the form is their sum", len(w.Parts))
		for i, p := range w.Parts {
			row(fmt.Sprintf("  part %d", i+1), "%s  %s", p.Value, p.Position)
		}
	}
	row("misère form", "%s", v)
	row("CGSuite", "%s", v.CGSuite())
	row("outcome", "%s: %s (the player who cannot move wins)", v.Outcome(), MisereOutcomeWords(v.Outcome()))
	row("why", "%s", w.Why())
	row("misère Grundy", "%d", v.MisereGrundy())
	row("normal Grundy", "%d", v.Grundy())
	row("genus", "%s", v.Genus())
	row("birthday", "%d", v.Birthday())
	_, err := io.WriteString(out, b.String())
	return err
}
