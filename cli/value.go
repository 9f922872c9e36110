package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/render"
	"github.com/sente-go/sente/rules"
)

type valueCmd struct {
	Game          string `arg:"" name:"game" help:"A partizan game, NAME or NAME:key=value,... (domineering, clobber, toads, hackenbush, cutcake, or a rules file), or a game written in the notation of CGSuite and the books, such as '{0|*||*}', '^*', '+-1' or '1/2+^': an argument that names no game is read as notation."`
	Position      string `arg:"" optional:"" help:"The position to value (default: the start); not for a game in the notation."`
	JSON          bool   `name:"json" help:"Print JSON."`
	Picture       string `help:"Also draw the thermograph into this file, .svg or .png." placeholder:"FILE"`
	Format        string `help:"The thermograph's format, svg or png (default: from the file's name); with --param or --regions, the table's: text (the default), csv, json or jsonl." placeholder:"FORMAT"`
	Param         string `help:"Value the start of each member of the family over this parameter, as name=low..high (for example w=1..10 for domineering:h=2): a table of canonical forms, outcome classes, means and temperatures." placeholder:"NAME=LOW..HIGH"`
	Regions       string `help:"Value every region of a board of 1 to N squares (or LOW..HIGH squares), each once up to turning and reflecting, for a game played on a board of any shape (domineering): a table of regions with their canonical forms, outcome classes, means and temperatures; at most 12 squares." placeholder:"N"`
	Out           string `short:"o" help:"With --param or --regions, write the table to this file (atomically) instead of standard output." placeholder:"FILE"`
	MaxComponents int    `help:"Stop with an error past this many components (regions, strings, cakes...) valued (0 for no limit)." default:"2000000"`
	Misere        bool   `help:"For an impartial game (nim, kayles, octal, subtraction...) or a game in the misère notation (*2+*2, {*2,*}, CGSuite's *[2,1]): the misère canonical form, misère outcome and genus."`
}

// Run prints what a partizan position is worth in combinatorial game
// theory (explain.Worth): each part's value and their sum, who wins with
// each side starting and why, and the sum's properties; or the same of a
// game written in the notation.
func (c *valueCmd) Run(e *env) error {
	if err := atLeast("--max-components", c.MaxComponents, 0, " (0 for no limit)"); err != nil {
		return err
	}
	if c.Misere {
		return c.misere(e)
	}
	if c.Param != "" || c.Regions != "" {
		return c.table(e)
	}
	if c.Out != "" {
		return badInput("--out writes the table --param or --regions makes; for one position, use --picture for the thermograph or redirect the output")
	}
	format := ""
	if c.Picture != "" {
		var err error
		if format, err = render.PictureFormat(c.Picture, c.Format); err != nil {
			return badInput("--picture: %v", err)
		}
	}
	w, err := c.worth(e)
	if err != nil {
		return err
	}
	if c.JSON {
		if err := writeJSON(e.stdout, w.JSON()); err != nil {
			return err
		}
	} else if err := w.WriteText(e.stdout); err != nil {
		return err
	}
	if c.Picture == "" {
		return nil
	}
	// The title writes the value in CGSuite's letters: the fonts of a
	// PNG have no ⇑.
	title := "Thermograph of " + w.Value.String()
	switch {
	case w.Game != "" && c.Position == "":
		title = fmt.Sprintf("%s: thermograph of %s", w.Game, w.Value.String())
	case w.Game != "":
		title = fmt.Sprintf("%s %s: thermograph of %s", w.Game, w.Position, w.Value.String())
	}
	pic, err := render.ThermographPicture(w.Thermograph(title))
	if err != nil {
		return badInput("--picture: %v", err)
	}
	n, err := e.writeCounted(c.Picture, func(out io.Writer) error { return pic.Encode(out, format) })
	if err != nil {
		return err
	}
	if c.JSON {
		return nil // stdout is the JSON alone
	}
	return e.saidWritten(c.Picture, format, pic.Width, pic.Height, n)
}

// worth values the game or the notation the arguments give.
func (c *valueCmd) worth(e *env) (*explain.Worth, error) {
	if !c.namesGame(e) {
		if c.Position != "" {
			return nil, badInput("%q is a game in the notation, which takes no position (a position is for a game named by its rules, such as domineering)", c.Game)
		}
		w, err := explain.WorthOfNotation(c.Game)
		if explain.IsNotationError(err) {
			// A word is more likely a game's name misspelt: the
			// catalogue's error says which names there are.
			if spec, serr := sente.ParseSpec(c.Game); serr == nil && isWord(spec.Name) {
				_, ferr := e.games.Family(spec.Name)
				return nil, badInput("%v; nor is %q a game in the notation ({1|*}, ^*, +-1, 1/2)", ferr, c.Game)
			}
			return nil, badInput("%q names no game sente knows (see 'sente list') and is not a game in the notation: %v", c.Game, err)
		}
		return w, err
	}
	g, err := e.openGame(c.Game)
	if err != nil {
		return nil, err
	}
	if caps := sente.CapabilitiesOf(g); !caps.IsPartizan() && caps.WideKeys() {
		return nil, badInput("%s has positions of 128-bit keys (Domineering past 64 cells), too large to value in combinatorial game theory here; 'sente solve' gives who wins by search", c.Game)
	}
	if !sente.CapabilitiesOf(g).IsPartizan() {
		return nil, badInput("%s is not a partizan game: it gives no Left's and Right's options, so it has no value in combinatorial game theory (try domineering, clobber, toads, hackenbush or cutcake, or 'sente grundy' for an impartial game)", c.Game)
	}
	p, err := parsePosition(g, c.Position)
	if err != nil {
		return nil, err
	}
	w, err := explain.WorthOf(e.ctx, g, c.Game, p, c.MaxComponents)
	switch {
	case errors.Is(err, explain.ErrTooManyComponents):
		return nil, badInput("%v; raise --max-components or choose a smaller position", err)
	case errors.Is(err, explain.ErrNotPartizan):
		return nil, badInput("%s: %v", c.Game, err)
	}
	return w, err
}

// namesGame tells a game's name from a game in the notation: the argument
// is a game when it names a built-in family or a rules file, or has the
// form of a spec with parameters (NAME:key=value), so that a misspelt
// game's name is reported as such; anything else is notation.
func (c *valueCmd) namesGame(e *env) bool {
	name := c.Game
	if spec, err := sente.ParseSpec(c.Game); err == nil {
		name = spec.Name
	} else if before, _, ok := strings.Cut(c.Game, ":"); ok {
		// A spec whose parameters do not parse ("hackenbush:graph=")
		// is still a game's: its own error says what is wrong.
		name = before
	} else {
		return false
	}
	if rules.IsRulesFile(name) {
		return true
	}
	if _, err := e.games.Family(name); err == nil {
		return true
	}
	return strings.Contains(c.Game, ":") && strings.Contains(c.Game, "=") && !strings.ContainsAny(c.Game, "{|}")
}

// isWord reports whether s is letters and digits only, beginning with a
// letter other than v (which the notation reads as down): a name.
func isWord(s string) bool {
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_':
		case i > 0 && r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return s != "" && s[0] != 'v'
}

// misere prints what the misère theory says of an impartial position, or
// of a game in the misère notation (explain.MisereWorth).
func (c *valueCmd) misere(e *env) error {
	switch {
	case c.Param != "" || c.Regions != "":
		return badInput("--misere values one position; --param and --regions make tables of partizan values")
	case c.Picture != "":
		return badInput("--picture draws a partizan game's thermograph; a misère form has none")
	case c.Out != "":
		return badInput("--out writes the table --param makes")
	}
	w, err := c.misereWorth(e)
	if err != nil {
		return err
	}
	if c.JSON {
		return writeJSON(e.stdout, w.JSON())
	}
	return w.WriteText(e.stdout)
}

func (c *valueCmd) misereWorth(e *env) (*explain.MisereWorth, error) {
	if !c.namesGame(e) {
		if c.Position != "" {
			return nil, badInput("%q is a game in the notation, which takes no position (a position is for a game named by its rules, such as kayles)", c.Game)
		}
		w, err := explain.MisereWorthOfNotation(c.Game)
		if explain.IsMisereNotationError(err) {
			if spec, serr := sente.ParseSpec(c.Game); serr == nil && isWord(spec.Name) {
				_, ferr := e.games.Family(spec.Name)
				return nil, badInput("%v; nor is %q a game in the misère notation (*2, {*2,*}, *[2,1])", ferr, c.Game)
			}
			return nil, badInput("%q names no game sente knows (see 'sente list') and is not a game in the misère notation: %v", c.Game, err)
		}
		return w, err
	}
	g, err := e.openGame(c.Game)
	if err != nil {
		return nil, err
	}
	if !sente.CapabilitiesOf(g).IsImpartial() {
		return nil, badInput("--misere: %s is not impartial, so it has no misère canonical form (try nim, kayles, dawson, octal or subtraction)", c.Game)
	}
	p, err := parsePosition(g, c.Position)
	if err != nil {
		return nil, err
	}
	w, err := explain.MisereWorthOf(e.ctx, g, c.Game, p, c.MaxComponents)
	switch {
	case errors.Is(err, explain.ErrTooManyMisereComponents):
		return nil, badInput("%v; raise --max-components or choose a smaller position", err)
	case explain.IsMisereRefusal(err):
		return nil, badInput("%s: %v", c.Game, err)
	}
	return w, err
}
