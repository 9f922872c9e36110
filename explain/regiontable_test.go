package explain_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt/reference"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
)

// regionByDefinition is a Domineering region (rows from the top, . in
// play) valued by the definition alone: its cells as a set, Left placing
// upright, Right flat, reduced by the reference's plain canonical form.
func regionByDefinition(ref *reference.Checker, rows []string) *reference.Game {
	type cell struct{ r, c int }
	var cells []cell
	for r, row := range rows {
		for c := range row {
			if row[c] == '.' {
				cells = append(cells, cell{r, c})
			}
		}
	}
	bit := func(x cell) uint32 {
		for i, y := range cells {
			if x == y {
				return 1 << i
			}
		}
		return 0
	}
	moves := func(dr, dc int) func(uint32) []uint32 {
		return func(empty uint32) []uint32 {
			var out []uint32
			for _, x := range cells {
				a, b := bit(x), bit(cell{x.r + dr, x.c + dc})
				if b != 0 && empty&a != 0 && empty&b != 0 {
					out = append(out, empty&^a&^b)
				}
			}
			return out
		}
	}
	tree := reference.Build(uint32(1)<<len(cells)-1, moves(1, 0), moves(0, 1), func(e uint32) string { return strconv.FormatUint(uint64(e), 2) })
	return ref.Canonical(tree)
}

// TestRegionTableDomineering: every region of 1 to 7 squares (the free
// polyominoes, 1, 1, 2, 5, 12, 35 and 108 of them) is in the table once,
// valued as the definition values it, though the table's regions share
// one table of shapes.
func TestRegionTableDomineering(t *testing.T) {
	most := 7
	if testing.Short() {
		most = 6
	}
	rows, err := explain.RegionTable(context.Background(), games.Default.OpenSpec, sente.Spec{Name: "domineering"}, 1, most, 0)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[int]int{}
	seen := map[string]bool{}
	ref := reference.NewChecker()
	for _, row := range rows {
		counts[row.Param]++
		if seen[row.Region] {
			t.Errorf("region %s twice", row.Region)
		}
		seen[row.Region] = true
		if got := strings.Count(row.Region, "."); got != row.Param {
			t.Errorf("region %s has %d squares, in the row of %d", row.Region, got, row.Param)
		}
		want := regionByDefinition(ref, strings.Split(row.Region, "/"))
		if row.Worth.Value != inCGT(want) {
			t.Errorf("region %s: %s; the definition gives %s", row.Region, row.Worth.Value, reference.String(want))
		}
	}
	for n, want := range []int{0, 1, 1, 2, 5, 12, 35, 108}[1 : most+1] {
		if counts[n+1] != want {
			t.Errorf("%d regions of %d squares; want %d", counts[n+1], n+1, want)
		}
	}
}

func TestRegionTableRefuses(t *testing.T) {
	ctx := context.Background()
	if _, err := explain.RegionTable(ctx, games.Default.OpenSpec, sente.Spec{Name: "clobber"}, 1, 3, 0); !errors.Is(err, explain.ErrNoRegions) {
		t.Errorf("clobber: %v; want ErrNoRegions", err)
	}
	for _, r := range [][2]int{{0, 3}, {3, 2}, {1, explain.MaxRegionCells + 1}} {
		if _, err := explain.RegionTable(ctx, games.Default.OpenSpec, sente.Spec{Name: "domineering"}, r[0], r[1], 0); err == nil {
			t.Errorf("regions of %d to %d squares: no error", r[0], r[1])
		}
	}
}
