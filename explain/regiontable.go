package explain

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/internal/polyomino"
)

// ErrNoRegions is RegionTable's error for a game not played on a board of
// any shape.
var ErrNoRegions = errors.New("not a game played on the cells of a board of any shape")

// MaxRegionCells bounds the regions of a table: 87,146 regions of 1 to 12
// squares, valued in seconds.
const MaxRegionCells = polyomino.MaxCells

// RegionTable values every region of fewest to most squares (at most
// MaxRegionCells) as the board of a game of spec's family, each once up
// to turning and reflecting (the free polyominoes, in the least of their
// images): a row a region, its Param the region's squares, and the
// regions' values sharing one table of shapes. Each region's valuing
// meets at most maxComponents components (0: no bound).
func RegionTable(ctx context.Context, open Opener, spec sente.Spec, fewest, most, maxComponents int) ([]WorthRow, error) {
	if fewest < 1 || most < fewest || most > MaxRegionCells {
		return nil, fmt.Errorf("regions of %d to %d squares; want from 1 up to %d", fewest, most, MaxRegionCells)
	}
	g, err := open(spec)
	if err != nil {
		return nil, err
	}
	boarder := sente.CapabilitiesOf(g).RegionBoarder
	if boarder == nil {
		return nil, fmt.Errorf("%s: %w", spec, ErrNoRegions)
	}
	shapes := cgt.NewShapes()
	var table []WorthRow
	for n, regions := range polyomino.Free(most) {
		if n < fewest {
			continue
		}
		for _, rg := range regions {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			rows := rg.Rows()
			member := withArgs(spec, boarder.RegionArgs(rows))
			g, err := open(member)
			if err != nil {
				return nil, err
			}
			v, err := cgt.NewValuer(g, cgt.ValuerOptions{MaxComponents: maxComponents, Shapes: shapes})
			if err != nil {
				return nil, fmt.Errorf("%s: %w", member, err)
			}
			value, err := v.Value(ctx, g.Start())
			if err != nil {
				return nil, fmt.Errorf("%s: %w", member, err)
			}
			w := &Worth{Game: member.String(), Position: g.FormatPosition(g.Start()), Value: value}
			table = append(table, WorthRow{Param: n, Spec: member.String(), Region: strings.Join(rows, "/"), Worth: w})
		}
	}
	return table, nil
}

// withArgs is spec with args set, each replacing an argument of its name.
func withArgs(spec sente.Spec, args []sente.Arg) sente.Spec {
	out := sente.Spec{Name: spec.Name}
	for _, a := range spec.Args {
		replaced := false
		for _, b := range args {
			replaced = replaced || a.Key == b.Key
		}
		if !replaced {
			out.Args = append(out.Args, a)
		}
	}
	out.Args = append(out.Args, args...)
	return out
}
