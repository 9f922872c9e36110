package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/render"
)

type tableCmd struct {
	gameFlags
	From   string `help:"Tabulate the positions reachable from this position instead of the start." placeholder:"POSITION"`
	Format string `help:"csv, json or jsonl." default:"csv" enum:"csv,json,jsonl"`
	Out    string `short:"o" help:"Write to this file (atomically) instead of standard output." placeholder:"FILE"`
	Best   bool   `help:"Add the best moves of every position (slower)."`
}

func (c *tableCmd) Run(e *env) error {
	a, err := c.answerAt(e, c.From, true)
	if err != nil {
		return err
	}
	table := render.SolutionTable(a.Solution, render.TableOptions{Best: c.Best, Grundy: a.GrundyValues()})
	return e.writeOut(c.Out, func(w io.Writer) error {
		return render.WriteTable(e.ctx, w, c.Format, table)
	})
}

// writeOut writes to the file path, or to standard output when path is
// empty. The file is created or replaced only when the whole command
// succeeds (see fileStage); standard output is held until then too (see
// spool).
func (e *env) writeOut(path string, write func(io.Writer) error) error {
	_, err := e.writeCounted(path, write)
	return err
}

// writeCounted is writeOut, and says how many bytes it wrote.
//
// A file that cannot be made where the person said (no such directory,
// not a regular file, no permission, a read-only file system) is bad
// input, exit status 2, like any other argument that names nothing
// usable; a write that fails once under way (a full disk, an I/O error)
// is a failure while working, exit status 1.
func (e *env) writeCounted(path string, write func(io.Writer) error) (int64, error) {
	counted := func(w io.Writer) (int64, error) {
		cw := &countingWriter{w: w}
		err := write(cw)
		return cw.n, err
	}
	if path == "" {
		return counted(e.stdout)
	}
	dir := filepath.Dir(path)
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return 0, badInput("cannot write %s: there is no directory %s", path, dir)
	}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return 0, badInput("cannot write %s: it is a directory", path)
	}
	began := false
	var n int64
	err := e.files.stage(path, func(w io.Writer) error {
		began = true
		var err error
		n, err = counted(w)
		return err
	})
	switch {
	case err == nil:
		return n, nil
	case !began && !failedUnderWay(err):
		return 0, badInput("cannot write %s: %s", path, pathReason(err))
	}
	return 0, fmt.Errorf("writing %s: %w", path, err)
}

// failedUnderWay reports whether err is a failure of the disk rather than
// of the place a file was asked for: the same command may succeed later.
func failedUnderWay(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || errors.Is(err, syscall.EIO)
}

// pathReason is what is wrong with a path, without the temporary file's
// name that the error of creating it carries.
func pathReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// saidWritten tells the person where a picture went and what it is: the
// file, its format, its size in pixels when known, and its size on disk.
func (e *env) saidWritten(path, format string, width, height int, bytes int64) error {
	size := fmt.Sprintf("%d bytes", bytes)
	if bytes >= 1<<10 {
		size = quantity.FormatSize(uint64(bytes))
	}
	what := strings.ToUpper(format)
	if width > 0 && height > 0 {
		what += fmt.Sprintf(", %d×%d", width, height)
	}
	_, err := fmt.Fprintf(e.stdout, "wrote %s (%s, %s)\n", path, what, size)
	return err
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

func (f pictureFlags) write(e *env, p *render.Picture) error {
	format, err := render.PictureFormat(f.Out, f.Format)
	if err != nil {
		return badInput("%v", err)
	}
	n, err := e.writeCounted(f.Out, func(w io.Writer) error { return p.Encode(w, format) })
	if err != nil {
		return err
	}
	return e.saidWritten(f.Out, format, p.Width, p.Height, n)
}

type pictureTableCmd struct {
	gameFlags
	pictureFlags
	Rows string `help:"The feature of positions along the rows (see 'sente describe GAME')." placeholder:"FEATURE"`
	Cols string `help:"The feature along the columns." placeholder:"FEATURE"`
}

func (c *pictureTableCmd) Run(e *env) error {
	g, err := c.open(e)
	if err != nil {
		return err
	}
	a, err := c.answerFrom(e, g, g.Start(), false)
	if err != nil {
		return err
	}
	sol := a.Solution
	features, err := render.Features(g, sol)
	if err != nil {
		return usageError{err}
	}
	rows, cols, err := render.TableAxes(features, c.Rows, c.Cols)
	var none *render.NoFeatureError
	switch {
	case errors.Is(err, render.ErrFewFeatures):
		return badInput("%s names no features of its positions to draw a table by", c.Game)
	case errors.As(err, &none):
		return badInput("%s has %v", c.Game, err)
	case err != nil:
		return err
	}
	title := fmt.Sprintf("%s: who wins, by %s and %s", c.Game, rows.Name, cols.Name)
	grid, err := render.TablePicture(sol, rows, cols, title)
	if err != nil {
		return badInput("%v", err)
	}
	return c.write(e, grid.Picture())
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
	if err := atLeast("--max-nodes", c.MaxNodes, 1, ""); err != nil {
		return err
	}
	format := c.Format
	if format == "" {
		format = strings.TrimPrefix(strings.ToLower(c.Out[strings.LastIndex(c.Out, ".")+1:]), ".")
	}
	if format != "dot" && format != "svg" && format != "png" {
		return badInput("cannot tell the picture format of %q; name it .dot, .svg or .png, or give --format", c.Out)
	}
	a, err := c.answerAt(e, c.From, true)
	if err != nil {
		return err
	}
	opt := render.GraphOptions{Title: c.Game, MaxPositions: c.MaxNodes, LeftToRight: c.Across, Grundy: a.GrundyValues()}
	graph, err := render.GraphOf(a.Solution, opt)
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
	n, err := e.writeCounted(c.Out, func(w io.Writer) error {
		_, err := w.Write(out)
		return err
	})
	if err != nil {
		return err
	}
	return e.saidWritten(c.Out, format, 0, 0, n)
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
	if s.Numbers == nil {
		return badInput("%s has infinite (loopy) values in this range; they cannot be plotted", c.Game)
	}
	series := render.GrundySeries{
		Title:  fmt.Sprintf("%s: Grundy values G(%s)", c.Game, s.Param),
		Note:   grundyNote(s),
		Param:  s.Param,
		First:  s.First,
		Values: s.Numbers,
	}
	if p, ok := s.PlotPeriod(); ok {
		series.Period = &render.Period{From: p.From, Length: p.Length, Proven: p.Proven}
	}
	picture, err := render.GrundyPlot(series)
	if err != nil {
		return badInput("%v", err)
	}
	return c.write(e, picture)
}
