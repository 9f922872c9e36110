package render

import (
	"fmt"
	"math"
)

// The table's picture: the title on top; the column feature's title, then
// its labels, above the grid; the row feature's title (turned) and labels to
// its left; the legend to its right. Cells shrink as the table grows, and
// labels turn upright, then thin out to every k-th value, so that none
// overlaps another.

const (
	margin     = 16.0
	titleSize  = 18.0
	axisSize   = 13.0
	legendSize = 12.0
	// maxTipCells is the largest table whose cells each get their own SVG
	// element with a tooltip; larger tables draw runs of equal cells.
	maxTipCells = 4096
)

// cellLayout is how big cells and their labels are for a table of nr × nc.
func cellLayout(nr, nc int) (cell, labelSize float64) {
	cell = math.Floor(640 / float64(max(nr, nc)))
	cell = min(max(cell, 3), 36)
	labelSize = min(max(math.Round(cell*0.62), 10), 13)
	return cell, labelSize
}

// labelStep is k such that labels every k-th cell of size cell do not
// overlap, for labels stacked across the cells at size.
func labelStep(cell, size float64) int {
	return max(1, int(math.Ceil(size*1.2/cell)))
}

// shown returns the labels at multiples of step, blank elsewhere.
func shown(labels []string, step int) []string {
	var s []string
	for i := 0; i < len(labels); i += step {
		s = append(s, labels[i])
	}
	return s
}

// Picture lays out the table's picture.
func (g *Grid) Picture() *Picture {
	nr, nc := len(g.Rows.Labels), len(g.Cols.Labels)
	cell, fs := cellLayout(nr, nc)
	asc, desc := textMetrics(fs, false)
	gridW, gridH := float64(nc)*cell, float64(nr)*cell

	// Column labels: level if they fit across a cell, else upright, thinned.
	colStep := 1
	colVertical := maxWidth(g.Cols.Labels, fs, false)+4 > cell
	if colVertical {
		colStep = labelStep(cell, fs)
	}
	rowStep := labelStep(cell, fs)
	tick := 0.0
	if colStep > 1 || rowStep > 1 {
		tick = 4
	}
	colBand := asc + desc
	if colVertical {
		colBand = maxWidth(shown(g.Cols.Labels, colStep), fs, false)
	}
	rowBand := maxWidth(shown(g.Rows.Labels, rowStep), fs, false)

	// Axis titles wrap to the grid's sides (at least 200 pixels).
	colTitle := wrapText(g.Cols.Title(), axisSize, true, max(gridW, 200))
	rowTitle := wrapText(g.Rows.Title(), axisSize, true, max(gridH, 200))

	// The legend: who wins, with the number of cells of each kind.
	counts := g.Counts()
	order := []Cell{CellFirst, CellSecond, CellTie, CellDraw, CellMixed, CellNone}
	swatch := 14.0
	var entries []string
	for _, k := range order {
		unit := "cells"
		if counts[k] == 1 {
			unit = "cell"
		}
		entries = append(entries, fmt.Sprintf("%s (%d %s)", k, counts[k], unit))
	}
	legendW := max(swatch+6+maxWidth(entries, legendSize, false), room("Who wins", axisSize, true))
	note := wrapText(fmt.Sprintf("A cell stands for the positions with its row's %s and its column's %s; its colour says who wins them under perfect play.",
		g.Rows.Name, g.Cols.Name), legendSize-1, false, max(legendW, 180))
	legendW = max(legendW, maxWidth(note, legendSize-1, false))

	// Place everything.
	left := margin + float64(len(rowTitle))*lineHeight(axisSize) + 8 + rowBand + 4 + tick
	contentW := left + gridW + 24 + legendW + margin
	title := wrapText(g.Title, titleSize, true, max(contentW-2*margin, 400))
	width := max(contentW, maxWidth(title, titleSize, true)+2*margin)
	y := margin
	titleTop := y
	y += float64(len(title))*lineHeight(titleSize) + 6
	colTitleTop := y
	y += float64(len(colTitle))*lineHeight(axisSize) + 4
	top := y + colBand + 4 + tick
	legendH := lineHeight(axisSize) + float64(len(order))*(swatch+8) + 6 + float64(len(note))*lineHeight(legendSize-1)
	// The axis titles stay clear of each other: the column title's centre
	// moves right, and the row title's down, as far as they need to.
	colTitleX := max(left+gridW/2, margin+maxWidth(colTitle, axisSize, true)/2)
	width = max(width, colTitleX+maxWidth(colTitle, axisSize, true)/2+margin)
	rowTitleY := max(top+gridH/2, top+maxWidth(rowTitle, axisSize, true)/2)
	height := max(top+gridH, top+legendH, rowTitleY+maxWidth(rowTitle, axisSize, true)/2) + margin

	p := &Picture{Width: int(math.Ceil(width)), Height: int(math.Ceil(height))}
	asc18, _ := textMetrics(titleSize, true)
	p.textLines(title, margin, titleTop+asc18, titleSize, true, start, black)
	ascAxis, _ := textMetrics(axisSize, true)
	p.textLines(colTitle, colTitleX, colTitleTop+ascAxis, axisSize, true, middle, darkGrey)
	for i, s := range rowTitle {
		p.text(text{x: margin + ascAxis + float64(i)*lineHeight(axisSize), y: rowTitleY, s: s,
			size: axisSize, bold: true, anchor: middle, vertical: true, fill: darkGrey})
	}

	// Labels and their ticks.
	for c := 0; c < nc; c += colStep {
		x := left + (float64(c)+0.5)*cell
		if tick > 0 {
			p.line(line{x1: x, y1: top - tick, x2: x, y2: top, width: 1, stroke: midGrey})
		}
		if colVertical {
			p.text(text{x: x + capMiddle(fs), y: top - 4 - tick, s: g.Cols.Labels[c], size: fs, anchor: start, vertical: true, fill: black})
		} else {
			p.text(text{x: x, y: top - 4 - tick - desc, s: g.Cols.Labels[c], size: fs, anchor: middle, fill: black})
		}
	}
	for r := 0; r < nr; r += rowStep {
		y := top + (float64(r)+0.5)*cell
		if tick > 0 {
			p.line(line{x1: left - tick, y1: y, x2: left, y2: y, width: 1, stroke: midGrey})
		}
		p.text(text{x: left - 4 - tick, y: y + capMiddle(fs), s: g.Rows.Labels[r], size: fs, anchor: end, fill: black})
	}

	// The cells.
	g.drawCells(p, left, top, cell)

	// The legend.
	lx, ly := left+gridW+24, top
	p.text(text{x: lx, y: ly + ascAxis, s: "Who wins", size: axisSize, bold: true, fill: black})
	ly += lineHeight(axisSize) + 4
	lasc, _ := textMetrics(legendSize, false)
	for i, k := range order {
		p.rect(rect{x: lx, y: ly, w: swatch, h: swatch, fill: k.Color(), stroke: midGrey})
		if m := k.mark(); m != "" {
			p.text(text{x: lx + swatch/2, y: ly + swatch/2 + capMiddle(10), s: m, size: 10, bold: true, anchor: middle, fill: onColor(k.Color())})
		}
		p.text(text{x: lx + swatch + 6, y: ly + swatch/2 + lasc/2 - 1, s: entries[i], size: legendSize, fill: black})
		ly += swatch + 8
	}
	nasc, _ := textMetrics(legendSize-1, false)
	p.textLines(note, lx, ly+6+nasc, legendSize-1, false, start, darkGrey)
	return p
}

// drawCells draws the grid with its top left corner at (left, top).
func (g *Grid) drawCells(p *Picture, left, top, cell float64) {
	nr, nc := len(g.Rows.Labels), len(g.Cols.Labels)
	gridW, gridH := float64(nc)*cell, float64(nr)*cell
	if nr*nc > maxTipCells {
		// Runs of equal cells, no gaps: a big table stays a small file.
		p.rect(rect{x: left, y: top, w: gridW, h: gridH, fill: ColorNone})
		for r := range nr {
			for c := 0; c < nc; {
				k := g.Cell(r, c)
				end := c + 1
				for end < nc && g.Cell(r, end) == k {
					end++
				}
				if k != CellNone {
					p.rect(rect{x: left + float64(c)*cell, y: top + float64(r)*cell, w: float64(end-c) * cell, h: cell, fill: k.Color()})
				}
				c = end
			}
		}
		p.rect(rect{x: left - 1, y: top - 1, w: gridW + 2, h: gridH + 2, stroke: midGrey})
		return
	}
	gap := 0.0
	if cell >= 6 {
		gap = 1
	}
	p.rect(rect{x: left - 1, y: top - 1, w: gridW + 1 + gap, h: gridH + 1 + gap, fill: lightGrey})
	markSize := math.Round(cell * 0.5)
	for r := range nr {
		for c := range nc {
			k := g.Cell(r, c)
			x, y := left+float64(c)*cell, top+float64(r)*cell
			n := g.Positions(r, c)
			tip := fmt.Sprintf("%s = %s, %s = %s: %s", g.Rows.Name, g.Rows.Labels[r], g.Cols.Name, g.Cols.Labels[c], k)
			if n > 0 {
				tip += fmt.Sprintf(" (%d position%s)", n, plural(n))
			}
			p.rect(rect{x: x, y: y, w: cell - gap, h: cell - gap, fill: k.Color(), title: tip,
				attrs: []string{"data-row", fmt.Sprint(r), "data-col", fmt.Sprint(c), "data-cell", k.String()}})
			if m := k.mark(); m != "" && cell >= 16 {
				p.text(text{x: x + (cell-gap)/2, y: y + (cell-gap)/2 + capMiddle(markSize), s: m, size: markSize, bold: true, anchor: middle, fill: onColor(k.Color())})
			}
		}
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
