package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/render"
)

// table values the start of each member of the family over --param, as a
// grundy sequence does for Grundy values: one row a member, with its
// canonical form, outcome class, mean and temperature.
func (c *valueCmd) table(e *env) error {
	flag := "--param"
	if c.Regions != "" {
		flag = "--regions"
	}
	switch {
	case c.Param != "" && c.Regions != "":
		return badInput("--param values the members of a family and --regions the regions of a board; give one of them")
	case c.Position != "" && c.Regions != "":
		return badInput("--regions values regions of every shape, each as its own board, so it takes no position")
	case c.Position != "":
		return badInput("--param values the start of each member of the family, so it takes no position")
	case c.Picture != "":
		return badInput("--picture draws one position's thermograph; %s makes a table of many", flag)
	}
	format := c.Format
	if format == "" {
		format = "text"
	}
	if c.JSON {
		format = "document"
	}
	switch format {
	case "text", "document", "csv", "json", "jsonl":
	default:
		return badInput("--format %q: with %s, the table is text (the default), csv, json or jsonl", c.Format, flag)
	}
	spec, fam, err := e.lookupSpec(c.Game)
	if err != nil {
		return err
	}
	if c.Regions != "" {
		return c.regionTable(e, spec, format)
	}
	r, err := parseRange(fam, c.Param)
	if err != nil {
		return err
	}
	rows, err := explain.WorthTable(e.ctx, e.openSpec, spec, r, c.MaxComponents)
	switch {
	case errors.Is(err, explain.ErrNotPartizan):
		return badInput("%s is not a partizan game: it gives no Left's and Right's options, so it has no value in combinatorial game theory (try domineering, clobber, toads, hackenbush or cutcake, or 'sente grundy' for an impartial game)", fam.Name)
	case errors.Is(err, explain.ErrTooManyComponents):
		return badInput("%v; raise --max-components or choose a smaller range", err)
	case err != nil:
		return err
	}
	return e.writeOut(c.Out, func(w io.Writer) error {
		switch format {
		case "text":
			return writeWorthText(w, c.Game, r.Name, rows)
		case "document":
			doc := explain.WorthSequenceJSON{Game: c.Game, Param: r.Name, From: r.First(), To: r.Last(), Results: []explain.WorthResultJSON{}}
			for _, row := range rows {
				doc.Results = append(doc.Results, row.JSON(r.Name))
			}
			return writeJSON(w, doc)
		}
		return render.WriteWorthTable(w, format, r.Name, rows)
	})
}

// regionTable values every region of the squares --regions asks for.
func (c *valueCmd) regionTable(e *env, spec sente.Spec, format string) error {
	fewest, most, err := parseRegions(c.Regions)
	if err != nil {
		return err
	}
	rows, err := explain.RegionTable(e.ctx, e.openSpec, spec, fewest, most, c.MaxComponents)
	switch {
	case errors.Is(err, explain.ErrNoRegions):
		return badInput("--regions: %s is %v; regions are for domineering", spec.Name, explain.ErrNoRegions)
	case errors.Is(err, explain.ErrTooManyComponents):
		return badInput("%v; raise --max-components or choose fewer squares", err)
	case err != nil:
		return err
	}
	return e.writeOut(c.Out, func(w io.Writer) error {
		switch format {
		case "text":
			return writeRegionText(w, c.Game, fewest, most, rows)
		case "document":
			doc := explain.WorthSequenceJSON{Game: c.Game, Param: "cells", From: fewest, To: most, Results: []explain.WorthResultJSON{}}
			for _, row := range rows {
				doc.Results = append(doc.Results, row.JSON("cells"))
			}
			return writeJSON(w, doc)
		}
		return render.WriteWorthTable(w, format, "cells", rows)
	})
}

// parseRegions reads --regions: N for 1 to N squares, or LOW..HIGH.
func parseRegions(text string) (fewest, most int, err error) {
	bad := func() (int, int, error) {
		return 0, 0, badInput("--regions %q: want the most squares N (1 to N) or LOW..HIGH, from 1 up to %d", text, explain.MaxRegionCells)
	}
	low, high, isRange := strings.Cut(text, "..")
	if !isRange {
		low, high = "1", text
	}
	if fewest, err = strconv.Atoi(low); err != nil {
		return bad()
	}
	if most, err = strconv.Atoi(high); err != nil {
		return bad()
	}
	if fewest < 1 || most < fewest || most > explain.MaxRegionCells {
		return bad()
	}
	return fewest, most, nil
}

// writeRegionText prints the table of regions for people: a title, then
// one line a region, in columns.
func writeRegionText(w io.Writer, game string, fewest, most int, rows []explain.WorthRow) error {
	fmt.Fprintf(w, "%s: every region of %d to %d squares, once up to turning and reflecting (%d regions; . a square of the region, # none, rows from the top)\n", game, fewest, most, len(rows))
	table := [][]string{{"cells", "region", "value", "class", "mean", "temperature"}}
	for _, r := range rows {
		v := r.Worth.Value
		table = append(table, []string{strconv.Itoa(r.Param), r.Region, v.Pretty(), v.Outcome().String(), v.Mean().String(), v.Temperature().String()})
	}
	writeLeftTable(w, table)
	return nil
}

// writeWorthText prints the table for people: a title, then one line a
// member, in columns.
func writeWorthText(w io.Writer, game, param string, rows []explain.WorthRow) error {
	fmt.Fprintf(w, "%s: the value of the start for %s = %d..%d\n", game, param, rows[0].Param, rows[len(rows)-1].Param)
	table := [][]string{{param, "value", "class", "mean", "temperature"}}
	for _, r := range rows {
		v := r.Worth.Value
		table = append(table, []string{strconv.Itoa(r.Param), v.Pretty(), v.Outcome().String(), v.Mean().String(), v.Temperature().String()})
	}
	writeLeftTable(w, table)
	return nil
}

// writeLeftTable prints rows of cells in columns, left-aligned: a value
// such as {2|-1/2} reads from its start.
func writeLeftTable(w io.Writer, rows [][]string) {
	widths := map[int]int{}
	for _, row := range rows {
		for j, cell := range row {
			widths[j] = max(widths[j], len([]rune(cell)))
		}
	}
	for _, row := range rows {
		line := ""
		for j, cell := range row {
			if j > 0 {
				line += "  "
			}
			line += cell
			if j < len(row)-1 {
				line += fmt.Sprintf("%*s", widths[j]-len([]rune(cell)), "")
			}
		}
		fmt.Fprintln(w, "  "+line)
	}
}
