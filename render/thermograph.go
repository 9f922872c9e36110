package render

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"github.com/sente-go/sente/explain"
)

// ThermographPicture draws a thermograph as the books do (Winning Ways,
// ch. 6; Siegel, CGT, II.5): temperature upward from -1, value across
// with Left's side (greater values) on the left; Left's wall in blue and
// Right's in red up to the temperature, where they meet, and the mast, in
// black, straight up from there at the mean. Both axes have one scale, so
// that a wall's slanted pieces are at 45°.
func ThermographPicture(th explain.ThermographPlot) (*Picture, error) {
	if len(th.Left) == 0 || len(th.Right) == 0 {
		return nil, errors.New("a thermograph with no walls")
	}
	mean, temp, top := th.Mean.Float(), th.Temperature.Float(), th.Top.Float()
	meet := max(temp, -1)
	// The walls up to where they meet; above it they are the mast.
	clip := func(pts []explain.ThermoPoint) [][2]float64 {
		var out [][2]float64
		for _, q := range pts {
			if t := q.Temperature.Float(); t < meet {
				out = append(out, [2]float64{t, q.Value.Float()})
			}
		}
		return append(out, [2]float64{meet, mean})
	}
	left, right := clip(th.Left), clip(th.Right)

	// The range of values shown: every corner, 0, and half a unit beyond.
	vmin, vmax := math.Min(0, mean), math.Max(0, mean)
	for _, w := range [][][2]float64{left, right} {
		for _, q := range w {
			vmin, vmax = math.Min(vmin, q[1]), math.Max(vmax, q[1])
		}
	}
	vmin, vmax = math.Floor(vmin*2-1)/2, math.Ceil(vmax*2+1)/2
	tmin := -1.0
	vspan, tspan := vmax-vmin, top-tmin
	if vspan > 4096 || tspan > 4096 {
		return nil, fmt.Errorf("the thermograph spans %g in value and %g in temperature, too wide to draw", vspan, tspan)
	}
	unit := math.Max(24, math.Min(96, 420/math.Max(vspan, tspan)))
	plotW, plotH := vspan*unit, tspan*unit
	const tickSize, labelSize = 11.0, 12.0

	// Ticks: a power of two of a unit (or whole units) at least 28 pixels
	// apart, so that every tick is a dyadic number written exactly.
	tick := 1.0
	for tick*unit < 28 {
		tick *= 2
	}
	for tick/2*unit >= 28 && tick > 1.0/16 {
		tick /= 2
	}
	var vticks []float64
	for v := math.Ceil(vmin/tick) * tick; v <= vmax+1e-9; v += tick {
		vticks = append(vticks, v)
	}
	var tticks []float64
	for t := math.Ceil(tmin/tick) * tick; t <= top+1e-9; t += tick {
		tticks = append(tticks, t)
	}
	yLabelW := 0.0
	for _, t := range tticks {
		yLabelW = math.Max(yLabelW, room(dyadicText(t), tickSize, false))
	}

	legend := []struct {
		label string
		color color.NRGBA
	}{
		{"Left's wall", barBlue},
		{"Right's wall", ColorFirst},
		{fmt.Sprintf("mast at the mean, %s, from the temperature, %s", th.Mean, th.Temperature), black},
	}

	plotLeft := margin + lineHeight(labelSize) + 6 + yLabelW + 6
	width := plotLeft + plotW + margin
	legendW := 0.0
	for _, e := range legend {
		legendW = math.Max(legendW, 24+6+room(e.label, labelSize, false))
	}
	width = math.Max(width, plotLeft+legendW+margin)
	titleLines := wrapText(th.Title, titleSize, true, math.Max(width-2*margin, 400))
	width = math.Max(width, maxWidth(titleLines, titleSize, true)+2*margin)

	p := &Picture{}
	y := margin
	asc, _ := textMetrics(titleSize, true)
	y = p.textLines(titleLines, margin, y+asc, titleSize, true, start, black) - asc + 6
	ascL, _ := textMetrics(labelSize, false)
	for _, e := range legend {
		my := y + lineHeight(labelSize)/2
		p.line(line{x1: plotLeft, y1: my, x2: plotLeft + 24, y2: my, width: 2, stroke: e.color})
		p.text(text{x: plotLeft + 30, y: y + (lineHeight(labelSize)+ascL)/2 - 1, s: e.label, size: labelSize, fill: black})
		y += lineHeight(labelSize) + 2
	}
	y += 10
	plotTop := y
	bottom := plotTop + plotH
	xOf := func(v float64) float64 { return plotLeft + (vmax-v)*unit } // values grow to the left
	yOf := func(t float64) float64 { return bottom - (t-tmin)*unit }

	// The grid and ticks.
	ascT, _ := textMetrics(tickSize, false)
	for _, v := range vticks {
		x := math.Round(xOf(v))
		p.line(line{x1: x, y1: plotTop, x2: x, y2: bottom, width: 1, stroke: lightGrey})
		p.line(line{x1: x, y1: bottom, x2: x, y2: bottom + 4, width: 1, stroke: darkGrey})
		p.text(text{x: x, y: bottom + 6 + ascT, s: dyadicText(v), size: tickSize, anchor: middle, fill: black})
	}
	for _, t := range tticks {
		yy := math.Round(yOf(t))
		p.line(line{x1: plotLeft, y1: yy, x2: plotLeft + plotW, y2: yy, width: 1, stroke: lightGrey})
		p.line(line{x1: plotLeft - 4, y1: yy, x2: plotLeft, y2: yy, width: 1, stroke: darkGrey})
		p.text(text{x: plotLeft - 6, y: yy + capMiddle(tickSize), s: dyadicText(t), size: tickSize, anchor: end, fill: black})
	}
	// Temperature 0 and value 0, darker: the game itself is the thermograph
	// at temperature 0.
	p.line(line{x1: plotLeft, y1: yOf(0), x2: plotLeft + plotW, y2: yOf(0), width: 1, stroke: midGrey})
	p.line(line{x1: xOf(0), y1: plotTop, x2: xOf(0), y2: bottom, width: 1, stroke: midGrey})
	// Where the walls meet: the temperature, dashed across.
	if temp > -1 {
		p.line(line{x1: plotLeft, y1: yOf(temp), x2: plotLeft + plotW, y2: yOf(temp), width: 1, stroke: midGrey, dash: true})
	}

	// The walls, then the mast over them.
	wall := func(pts [][2]float64, c color.NRGBA) {
		for i := 1; i < len(pts); i++ {
			p.line(line{x1: xOf(pts[i-1][1]), y1: yOf(pts[i-1][0]), x2: xOf(pts[i][1]), y2: yOf(pts[i][0]), width: 2.5, stroke: c})
		}
	}
	wall(right, ColorFirst)
	wall(left, barBlue)
	p.line(line{x1: xOf(mean), y1: yOf(meet), x2: xOf(mean), y2: yOf(top), width: 3, stroke: black})

	// The frame and the axes' titles.
	p.line(line{x1: plotLeft, y1: plotTop, x2: plotLeft, y2: bottom, width: 1, stroke: darkGrey})
	p.line(line{x1: plotLeft, y1: bottom, x2: plotLeft + plotW, y2: bottom, width: 1, stroke: darkGrey})
	xTitleY := bottom + 6 + lineHeight(tickSize) + 4 + ascL
	p.text(text{x: plotLeft + plotW/2, y: xTitleY, s: "value (Left's side to the left)", size: labelSize, bold: true, anchor: middle, fill: darkGrey})
	p.text(text{x: margin + ascL, y: plotTop + plotH/2, s: "temperature", size: labelSize, bold: true, anchor: middle, vertical: true, fill: darkGrey})

	p.Width = int(math.Ceil(width))
	p.Height = int(math.Ceil(xTitleY + margin))
	return p, p.checkSize()
}

// dyadicText writes a tick's value, a multiple of a power of two, as the
// theory does: 2, -1/2, 3/4.
func dyadicText(v float64) string {
	if v == math.Trunc(v) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	den := 1
	for v*float64(den) != math.Trunc(v*float64(den)) && den < 1<<20 {
		den *= 2
	}
	return fmt.Sprintf("%d/%d", int(math.Round(v*float64(den))), den)
}
