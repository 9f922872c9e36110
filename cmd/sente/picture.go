package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"sente"
	"sente/explain"
	"sente/render"
	"sente/rules"
	"sente/solve"
)

type tableCmd struct {
	gameFlags
	From   string `help:"Tabulate the positions reachable from this position instead of the start." placeholder:"POSITION"`
	Format string `help:"csv, json or jsonl." default:"csv" enum:"csv,json,jsonl"`
	Out    string `short:"o" help:"Write to this file (atomically) instead of standard output." placeholder:"FILE"`
	Best   bool   `help:"Add the best moves of every position (slower)."`
}

func (c *tableCmd) Run(e *env) error {
	g, root, sol, err := c.solveAt(e, c.From)
	if err != nil {
		return err
	}
	opt := render.TableOptions{Best: c.Best}
	if opt.Grundy, err = grundyLabels(e, g, root, c.MaxPositions); err != nil {
		return err
	}
	table := render.SolutionTable(sol, opt)
	return writeOut(c.Out, e.stdout, func(w io.Writer) error {
		return render.WriteTable(e.ctx, w, c.Format, table)
	})
}

// grundyLabels gives the (generalized) Grundy value of every position of an
// impartial game reachable from root, as the renderers take it; nil for
// other games.
func grundyLabels(e *env, g sente.Game, root sente.Position, maxPositions int) (func(sente.Position) (string, bool), error) {
	grundy, err := explain.GrundyOf(e.ctx, g, root, maxPositions)
	if err != nil || grundy == nil {
		return nil, err
	}
	return func(p sente.Position) (string, bool) {
		v := grundy(p)
		return v, v != "?"
	}, nil
}

// writeOut writes to the file path, or to stdout when path is empty. The
// file is created or replaced only when the whole command succeeds (see
// stageFile); stdout is held until then too (see spool).
func writeOut(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "" {
		return write(stdout)
	}
	dir := filepath.Dir(path)
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return badInput("cannot write %s: there is no directory %s", path, dir)
	}
	if err := stageFile(path, write); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

type pictureCmd struct {
	Table  pictureTableCmd  `cmd:"" help:"A coloured table of who wins, by two features of the positions (as drawn for the card game's blog post)."`
	Graph  pictureGraphCmd  `cmd:"" help:"The graph of positions and moves, labelled with values or Grundy values (as drawn by hand for the count game's blog post)."`
	Grundy pictureGrundyCmd `cmd:"" help:"A plot of an impartial game's Grundy values over a parameter, with the period marked."`
}

// pictureFlags say where a picture goes.
type pictureFlags struct {
	Out    string `short:"o" required:"" help:"The file to write; its name ends in .svg or .png unless --format says." placeholder:"FILE"`
	Format string `help:"svg or png (default: from the file's name)." placeholder:"FORMAT"`
}

func (f pictureFlags) write(p *render.Picture) error {
	format, err := render.PictureFormat(f.Out, f.Format)
	if err != nil {
		return badInput("%v", err)
	}
	return writeOut(f.Out, nil, func(w io.Writer) error { return p.Encode(w, format) })
}

type pictureTableCmd struct {
	gameFlags
	pictureFlags
	Rows string `help:"The feature of positions along the rows (see 'sente describe GAME')." placeholder:"FEATURE"`
	Cols string `help:"The feature along the columns." placeholder:"FEATURE"`
}

func (c *pictureTableCmd) Run(e *env) error {
	g, err := c.open()
	if err != nil {
		return err
	}
	sol, err := c.solveFrom(e, g, g.Start())
	if err != nil {
		return err
	}
	features, err := featuresOf(g, sol)
	if err != nil {
		return err
	}
	if len(features) < 2 {
		return badInput("%s names no features of its positions to draw a table by", c.Game)
	}
	find := func(name string, fallback int) (sente.Feature, error) {
		if name == "" {
			return features[fallback], nil
		}
		var names []string
		for _, f := range features {
			if f.Name == name {
				return f, nil
			}
			names = append(names, f.Name)
		}
		return sente.Feature{}, badInput("%s has no feature %q (features: %s)", c.Game, name, strings.Join(names, ", "))
	}
	rows, err := find(c.Rows, 0)
	if err != nil {
		return err
	}
	cols, err := find(c.Cols, 1)
	if err != nil {
		return err
	}
	title := fmt.Sprintf("%s: who wins, by %s and %s", c.Game, rows.Name, cols.Name)
	grid, err := render.TablePicture(sol, rows, cols, title)
	if err != nil {
		return badInput("%v", err)
	}
	return c.write(grid.Picture())
}

type pictureGraphCmd struct {
	gameFlags
	From     string `help:"Draw the positions reachable from this position instead of the start." placeholder:"POSITION"`
	Out      string `short:"o" required:"" help:"The file to write: .dot, .svg or .png." placeholder:"FILE"`
	Format   string `help:"dot, svg or png (default: from the file's name)." placeholder:"FORMAT"`
	MaxNodes int    `help:"Refuse graphs with more positions than this." default:"300"`
	Across   bool   `help:"Lay the graph out left to right instead of top to bottom."`
}

func (c *pictureGraphCmd) Run(e *env) error {
	format := c.Format
	if format == "" {
		format = strings.TrimPrefix(strings.ToLower(c.Out[strings.LastIndex(c.Out, ".")+1:]), ".")
	}
	if format != "dot" && format != "svg" && format != "png" {
		return badInput("cannot tell the picture format of %q; name it .dot, .svg or .png, or give --format", c.Out)
	}
	g, root, sol, err := c.solveAt(e, c.From)
	if err != nil {
		return err
	}
	opt := render.GraphOptions{Title: c.Game, MaxPositions: c.MaxNodes, LeftToRight: c.Across}
	if opt.Grundy, err = grundyLabels(e, g, root, c.MaxPositions); err != nil {
		return err
	}
	graph, err := render.GraphOf(sol, opt)
	var tooBig *render.TooBigError
	if errors.As(err, &tooBig) {
		return badInput("%v (or raise --max-nodes)", err)
	}
	if err != nil {
		return err
	}
	var dot bytes.Buffer
	if err := render.WriteDOT(&dot, graph); err != nil {
		return err
	}
	out := dot.Bytes()
	if format != "dot" {
		if out, err = render.RenderGraph(e.ctx, out, format); errors.Is(err, render.ErrNoDot) {
			return badInput("%v; or write .dot and lay it out elsewhere", err)
		} else if err != nil {
			return err
		}
	}
	return writeOut(c.Out, nil, func(w io.Writer) error {
		_, err := w.Write(out)
		return err
	})
}

type pictureGrundyCmd struct {
	grundyCmd
	pictureFlags
}

func (c *pictureGrundyCmd) Run(e *env) error {
	s, err := c.sequence(e)
	if err != nil {
		return err
	}
	if s.numbers == nil {
		return badInput("%s has infinite (loopy) values in this range; they cannot be plotted", c.Game)
	}
	series := render.GrundySeries{
		Title:  fmt.Sprintf("%s: Grundy values G(%s)", c.Game, s.param),
		Note:   s.note,
		Param:  s.param,
		First:  s.first,
		Values: s.numbers,
	}
	if s.period != nil {
		series.Period = &render.Period{From: s.period.From, Length: s.period.Length, Proven: s.period.Proven}
	} else if p, ok := explain.FindPeriod(s.numbers, s.first); ok && s.searched == 0 {
		// A period seen in the values shown, observed only; a heap game
		// whose search went further and found none has none to show.
		series.Period = &render.Period{From: p.From, Length: p.Length}
	}
	picture, err := render.GrundyPlot(series)
	if err != nil {
		return badInput("%v", err)
	}
	return c.write(picture)
}

// featuresOf returns the features a game names: a Go game's own, or those
// of a rules file, whose functions give values without a range, so the
// range is read off the solved positions.
func featuresOf(g sente.Game, sol *solve.Solution) ([]sente.Feature, error) {
	if f := sente.CapabilitiesOf(g).Featured; f != nil && f.Features() != nil {
		return f.Features(), nil
	}
	if w, ok := g.(interface{ Unwrap() sente.Game }); ok {
		g = w.Unwrap() // misère play: the same positions, so the same features
	}
	file, ok := rules.Of(g)
	if !ok {
		return nil, nil
	}
	var features []sente.Feature
	for _, name := range file.FeatureNames() {
		size := 0
		var ferr error
		sol.Each(func(p sente.Position, _ sente.Outcome) bool {
			v, err := file.Feature(name, p)
			if err != nil || v < 0 {
				ferr = fmt.Errorf("feature %s of %s: %v", name, g.FormatPosition(p), err)
				if err == nil {
					ferr = fmt.Errorf("feature %s of %s is %d; features are whole numbers from 0", name, g.FormatPosition(p), v)
				}
				return false
			}
			size = max(size, v+1)
			return true
		})
		if ferr != nil {
			return nil, usageError{ferr}
		}
		features = append(features, sente.Feature{
			Name: name,
			Doc:  "the feature " + name + " of the rules file",
			Of: func(p sente.Position) int {
				v, _ := file.Feature(name, p)
				return v
			},
			Size: size,
		})
	}
	return features, nil
}
