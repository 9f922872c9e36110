package explain

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
)

// Worth is what combinatorial game theory says a position of a partizan
// game is worth (or a game written in its notation): its canonical form,
// the sum of its independent parts' values, and what follows from it, who
// wins with each side starting, how hot it is and where its mean lies.
type Worth struct {
	// Game is the spec of the game, "" for a game given in the notation.
	Game string
	// Position is the position's text; Notation the notation as given
	// for a game written in it (then Position is "").
	Position string
	Notation string
	// Parts are the independent components of the position with their
	// values (one for a position that does not split, none for one with
	// no moves left and for a game in the notation).
	Parts []WorthPart
	// Value is the canonical form: the sum of the parts' values.
	Value cgt.Game
}

// WorthPart is one component of a position and its value.
type WorthPart struct {
	Position string
	Value    cgt.Game
}

// ErrTooManyComponents is WorthOf's error when valuing the position meets
// more components than its bound.
var ErrTooManyComponents = cgt.ErrTooMany

// ErrNotPartizan is WorthOf's error for a game without Left's and Right's
// options.
var ErrNotPartizan = cgt.ErrNotPartizan

// WorthOf values the position p of the partizan game g (spec is its name
// as the person gave it), part by part, valuing at most maxComponents
// components (0: no bound).
func WorthOf(ctx context.Context, g sente.Game, spec string, p sente.Position, maxComponents int) (*Worth, error) {
	v, err := cgt.NewValuer(g, cgt.ValuerOptions{MaxComponents: maxComponents})
	if err != nil {
		return nil, err
	}
	parts, err := v.Parts(ctx, p)
	if err != nil {
		return nil, err
	}
	w := &Worth{Game: spec, Position: g.FormatPosition(p)}
	values := make([]cgt.Game, len(parts))
	for i, part := range parts {
		w.Parts = append(w.Parts, WorthPart{Position: g.FormatPosition(part.Position), Value: part.Value})
		values[i] = part.Value
	}
	w.Value = cgt.Sum(values...)
	return w, nil
}

// WorthOfNotation reads a game written in the notation of CGSuite and the
// books ({1|*}, ^*, +-1, 1/2) and values it.
func WorthOfNotation(text string) (*Worth, error) {
	g, err := cgt.Parse(text)
	if err != nil {
		return nil, err
	}
	return &Worth{Notation: text, Value: g}, nil
}

// IsNotationError reports whether err is a mistake in a game written in
// the notation.
func IsNotationError(err error) bool {
	var pe *cgt.ParseError
	return errors.As(err, &pe)
}

// Expression is the value as a sum of its parts' values, in the books'
// symbols: "1/2 + ↑ = 1/2↑", or the value alone when it has one part.
func (w *Worth) Expression() string {
	sum := w.Value.Pretty()
	if len(w.Parts) < 2 {
		return sum
	}
	terms := make([]string, len(w.Parts))
	for i, p := range w.Parts {
		terms[i] = p.Value.Pretty()
	}
	return strings.Join(terms, " + ") + " = " + sum
}

// ClassWords say who wins a game of the outcome class o, whoever starts.
func ClassWords(o cgt.Outcome) string {
	switch o {
	case cgt.L:
		return "Left wins whoever starts"
	case cgt.R:
		return "Right wins whoever starts"
	case cgt.N:
		return "whoever starts wins"
	}
	return "whoever starts loses"
}

// Verdict is the value and who wins: "1/2 + ↑ = 1/2↑: Left wins whoever
// starts".
func (w *Worth) Verdict() string {
	return w.Expression() + ": " + ClassWords(w.Value.Outcome())
}

// WinnerLeftFirst and WinnerRightFirst are who wins, "left" or "right",
// when Left (Right) moves first.
func (w *Worth) WinnerLeftFirst() string {
	if w.Value.Outcome().LeftFirstWins() {
		return "left"
	}
	return "right"
}

func (w *Worth) WinnerRightFirst() string {
	if w.Value.Outcome().RightFirstWins() {
		return "right"
	}
	return "left"
}

// Why says why the winner wins, in the theory's terms: a number counts
// the moves one side has in hand; an infinitesimal added to a number
// cannot outweigh it; a hot game is decided by its stops, what each side
// reaches moving first when both play well.
func (w *Worth) Why() string {
	v := w.Value
	o := v.Outcome()
	name := "the game"
	if len(w.Parts) > 1 {
		name = "the sum"
	}
	if x, ok := v.Number(); ok {
		switch x.Sign() {
		case 0:
			return name + " is 0: every move has an answer, so whoever starts runs out of moves first"
		case 1:
			return fmt.Sprintf("%s is the number %s: Left is %s %s ahead, so Right runs out of moves first whoever starts", name, x, x, moveWord(x))
		}
		return fmt.Sprintf("%s is the number %s: Right is %s %s ahead, so Left runs out of moves first whoever starts", name, x, x.Neg(), moveWord(x.Neg()))
	}
	ls, rs := v.LeftStop(), v.RightStop()
	if ls.Cmp(rs) == 0 {
		rest := v.Sub(cgt.Number(ls))
		if ls.Sign() != 0 {
			side := "Left"
			if ls.Sign() < 0 {
				side = "Right"
			}
			return fmt.Sprintf("%s is the number %s plus %s, which is infinitesimal (smaller than every positive number): the number decides, %s being ahead by it, whoever starts", name, ls, rest.Pretty(), side)
		}
		switch o {
		case cgt.L:
			return fmt.Sprintf("%s is infinitesimal (both stops are 0) but positive: %s > 0, so Left wins whoever starts, by less than any number", name, v.Pretty())
		case cgt.R:
			return fmt.Sprintf("%s is infinitesimal (both stops are 0) but negative: %s < 0, so Right wins whoever starts, by less than any number", name, v.Pretty())
		}
		return fmt.Sprintf("%s is infinitesimal (both stops are 0) and confused with 0, as * is: whoever starts moves to a position no worse than 0 for them and wins", name)
	}
	stop := func(side, pronoun string, s cgt.Dyadic, wins bool) string {
		result := "wins"
		if !wins {
			result = "loses"
		}
		switch {
		case s.Sign() == 0:
			return fmt.Sprintf("%s moving first reaches the stop 0, where the infinitesimals decide: %s %s", side, pronoun, result)
		default:
			return fmt.Sprintf("%s moving first reaches the stop %s, so %s %s", side, s, pronoun, result)
		}
	}
	text := fmt.Sprintf("%s is hot (temperature %s, mean %s): each side gains by moving first. %s; %s",
		name, v.Temperature(), v.Mean(), stop("Left", "she", ls, o.LeftFirstWins()), stop("Right", "he", rs, o.RightFirstWins()))
	if i, ok := w.Hottest(); ok {
		text += fmt.Sprintf(". The hottest part is part %d (%s, temperature %s), the natural place to play first", i+1, w.Parts[i].Value.Pretty(), w.Parts[i].Value.Temperature())
	}
	return text
}

// Hottest is the part with the highest temperature, when there are
// several parts and one of them is hot (above 0).
func (w *Worth) Hottest() (int, bool) {
	if len(w.Parts) < 2 {
		return 0, false
	}
	best := -1
	for i, p := range w.Parts {
		t := p.Value.Temperature()
		if t.Sign() > 0 && (best < 0 || w.Parts[best].Value.Temperature().Less(t)) {
			best = i
		}
	}
	return best, best >= 0
}

func moveWord(x cgt.Dyadic) string {
	if x.Cmp(cgt.Int(1)) == 0 {
		return "move"
	}
	return "moves"
}

// WorthJSON is a position's value in combinatorial game theory, as JSON
// gives it: the canonical form in CGSuite's notation (canonical) and the
// books' symbols (symbols), its outcome class (L, R, N, P), who wins with
// each side starting, the verdict and why in words, mean, temperature,
// stops and birthday as the theory defines them, the reduced canonical
// form, the atomic weight of an all-small game, and each part's value.
type WorthJSON struct {
	Game             string          `json:"game,omitempty"`
	Position         string          `json:"position,omitempty"`
	Notation         string          `json:"notation,omitempty"`
	Parts            []WorthPartJSON `json:"parts"`
	Canonical        string          `json:"canonical"`
	Symbols          string          `json:"symbols"`
	OutcomeClass     string          `json:"outcome_class"`
	WinnerLeftFirst  string          `json:"winner_left_first"`
	WinnerRightFirst string          `json:"winner_right_first"`
	Verdict          string          `json:"verdict"`
	Words            string          `json:"words"`
	Mean             string          `json:"mean"`
	Temperature      string          `json:"temperature"`
	LeftStop         string          `json:"left_stop"`
	RightStop        string          `json:"right_stop"`
	Birthday         int             `json:"birthday"`
	Reduced          string          `json:"reduced"`
	AtomicWeight     string          `json:"atomic_weight,omitempty"`
}

// WorthPartJSON is one part of a position and its value.
type WorthPartJSON struct {
	Position     string `json:"position"`
	Canonical    string `json:"canonical"`
	Symbols      string `json:"symbols"`
	OutcomeClass string `json:"outcome_class"`
	Temperature  string `json:"temperature"`
}

// JSON is w as JSON gives it.
func (w *Worth) JSON() WorthJSON {
	v := w.Value
	j := WorthJSON{
		Game: w.Game, Position: w.Position, Notation: w.Notation, Parts: []WorthPartJSON{},
		Canonical: v.String(), Symbols: v.Pretty(), OutcomeClass: v.Outcome().String(),
		WinnerLeftFirst: w.WinnerLeftFirst(), WinnerRightFirst: w.WinnerRightFirst(),
		Verdict: w.Verdict(), Words: w.Why(),
		Mean: v.Mean().String(), Temperature: v.Temperature().String(),
		LeftStop: v.LeftStop().String(), RightStop: v.RightStop().String(),
		Birthday: v.Birthday(), Reduced: v.Reduced().String(),
	}
	if aw, err := v.AtomicWeight(); err == nil {
		j.AtomicWeight = aw.String()
	}
	for _, p := range w.Parts {
		j.Parts = append(j.Parts, WorthPartJSON{Position: p.Position, Canonical: p.Value.String(), Symbols: p.Value.Pretty(),
			OutcomeClass: p.Value.Outcome().String(), Temperature: p.Value.Temperature().String()})
	}
	return j
}

// WriteText writes w for people: the verdict, then each part's value,
// who wins with each side starting and why, and the properties the
// theory gives.
func (w *Worth) WriteText(out io.Writer) error {
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
		row("parts", "%d, played independently; the value is their sum", len(w.Parts))
		for i, p := range w.Parts {
			row(fmt.Sprintf("  part %d", i+1), "%s  %s", p.Value.Pretty(), p.Position)
		}
	}
	row("value", "%s", v.Pretty())
	if v.String() != v.Pretty() {
		row("notation", "%s", v.String())
	}
	row("outcome class", "%s: %s", v.Outcome(), ClassWords(v.Outcome()))
	row("Left first", "%s wins", sideName(w.WinnerLeftFirst()))
	row("Right first", "%s wins", sideName(w.WinnerRightFirst()))
	row("why", "%s", w.Why())
	row("mean", "%s", v.Mean())
	row("temperature", "%s", v.Temperature())
	row("stops", "Left %s, Right %s", v.LeftStop(), v.RightStop())
	row("birthday", "%d", v.Birthday())
	if r := v.Reduced(); r != v {
		row("reduced form", "%s", r.Pretty())
	}
	if aw, err := v.AtomicWeight(); err == nil {
		row("atomic weight", "%s (all-small)", aw.Pretty())
	}
	_, err := io.WriteString(out, b.String())
	return err
}

func sideName(s string) string {
	if s == "left" {
		return "Left"
	}
	return "Right"
}

// ThermoPoint is a corner of a thermograph's wall: its value at a
// temperature.
type ThermoPoint struct{ Temperature, Value cgt.Dyadic }

// ThermographPlot is a thermograph as a picture draws it: each wall's
// corners from the temperature -1 up to Top, where the picture stops
// (above the temperature, the walls are the mast at the mean).
type ThermographPlot struct {
	Title             string
	Left, Right       []ThermoPoint
	Mean, Temperature cgt.Dyadic
	Top               cgt.Dyadic
}

// Thermograph is w's thermograph to draw, up to one degree above its
// temperature (above 0 for a cold game).
func (w *Worth) Thermograph(title string) ThermographPlot {
	th := w.Value.Thermograph()
	top := th.Temperature
	if top.Sign() < 0 {
		top = cgt.Int(0)
	}
	top = cgt.Int(top.Ceil() + 1)
	corners := func(tr cgt.Trajectory) []ThermoPoint {
		var pts []ThermoPoint
		for i, t := range tr.Temps {
			if t.Less(top) {
				pts = append(pts, ThermoPoint{Temperature: t, Value: tr.Values[i]})
			}
		}
		return append(pts, ThermoPoint{Temperature: top, Value: tr.At(top)})
	}
	return ThermographPlot{Title: title, Left: corners(th.Left), Right: corners(th.Right), Mean: th.Mean, Temperature: th.Temperature, Top: top}
}
