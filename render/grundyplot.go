package render

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
)

// Period is a repetition of a sequence of Grundy values:
// G(n+Length) = G(n) for every n >= From. Proven says that a theorem
// guarantees it for every n; otherwise it is a conjecture from the values
// seen. nimber.Period and explain.Period convert to it field by field.
type Period struct {
	From, Length int
	Proven       bool
}

// GrundySeries is a sequence of Grundy values of a family of games, one for
// each value of a parameter, to plot.
type GrundySeries struct {
	Title  string // empty: "Grundy values G(<param>)"
	Note   string // an optional line under the title, such as a formula seen
	Param  string // the parameter's name, such as n; empty means n
	First  int    // the parameter's value of Values[0]
	Values []int  // G(First), G(First+1), ...
	Period *Period
}

// maxPlotColumns is the widest a plot's area grows; longer sequences share
// pixel columns.
const maxPlotColumns = 1200

// GrundyPlot draws the values of s against the parameter: bars for up to
// 200 values (with each value written on its bar while there is room), dots
// for more, at most one per pixel and value. The period, when there is one,
// is a shaded band from From to the end, with dashed lines where each
// period starts, a bracket over the first period giving its length, and a
// legend saying whether it is proven or conjectured.
func GrundyPlot(s GrundySeries) (*Picture, error) {
	n := len(s.Values)
	if n == 0 {
		return nil, fmt.Errorf("no Grundy values to plot")
	}
	maxG := 0
	for i, v := range s.Values {
		if v < 0 {
			return nil, fmt.Errorf("G(%d) = %d is negative", s.First+i, v)
		}
		maxG = max(maxG, v)
	}
	if per := s.Period; per != nil && per.Length < 1 {
		return nil, fmt.Errorf("period of length %d; want at least 1", per.Length)
	}
	param := s.Param
	if param == "" {
		param = "n"
	}
	last := s.First + n - 1
	title := s.Title
	if title == "" {
		title = fmt.Sprintf("Grundy values G(%s)", param)
	}

	// The plot's area: a column per value, or values sharing columns.
	bars := n <= 200
	step := min(max(math.Floor(900/float64(n)), 2), 40)
	switch {
	case bars:
		step = max(step, math.Floor(240/float64(n)))
	case n <= maxPlotColumns:
		step = min(4, math.Floor(maxPlotColumns/float64(n)))
	default:
		step = maxPlotColumns / float64(n)
	}
	plotW := max(step*float64(n), 240)
	plotH := 300.0
	if maxG <= 4 {
		plotH = 200
	}
	labelBars := bars && step >= 14
	const tickSize, labelSize = 11.0, 12.0

	// Ticks: y at whole numbers no closer than 20 pixels; x at 1, 2, 5,
	// 10... apart, far enough for their labels.
	yStep := niceStep(float64(maxG), plotH/20)
	yMax := math.Ceil(float64(max(maxG, 1))/yStep) * yStep
	xLabelW := max(room(strconv.Itoa(s.First), tickSize, false), room(strconv.Itoa(last), tickSize, false)) + 10
	xStep := int(niceStep(float64(n), plotW/xLabelW))
	yLabelW := room(strconv.Itoa(int(yMax)), tickSize, false)

	sub := wrapText(s.Note, labelSize, false, max(plotW, 400))
	if s.Note == "" {
		sub = nil
	}
	legend := []string{fmt.Sprintf("G(%s) for %s = %d..%d", param, param, s.First, last)}
	if n == 1 {
		legend[0] = fmt.Sprintf("G(%s) for %s = %d", param, param, s.First)
	}
	var perText string
	if per := s.Period; per != nil {
		// A period without a proof says what it was seen on.
		status := fmt.Sprintf("conjectured: observed for %s = %d..%d, not proven", param, s.First, last)
		if per.Proven {
			status = "proven"
		}
		perText = fmt.Sprintf("period %d from %s = %d (%s)", per.Length, param, per.From, status)
		if per.From > last {
			perText += fmt.Sprintf(", beyond %s = %d shown here", param, last)
		}
		legend = append(legend, perText)
	}

	left := margin + lineHeight(labelSize) + 6 + yLabelW + 6
	width := left + plotW + margin + 8
	titleLines := wrapText(title, titleSize, true, max(width-2*margin, 400))
	width = max(width, maxWidth(titleLines, titleSize, true)+2*margin)
	// The legend: one row if it fits, else one entry a line.
	swatch := 12.0
	legendRow := swatch + 6 + maxWidth(legend[:1], labelSize, false)
	for _, e := range legend[1:] {
		legendRow += 20 + swatch + 6 + room(e, labelSize, false)
	}
	legendLines := 1
	if left+legendRow > width-margin {
		legendLines = len(legend)
		width = max(width, left+swatch+6+maxWidth(legend, labelSize, false)+margin)
	}

	y := margin
	asc18, _ := textMetrics(titleSize, true)
	p := &Picture{}
	y = p.textLines(titleLines, margin, y+asc18, titleSize, true, start, black) - asc18
	if len(sub) > 0 {
		ascSub, _ := textMetrics(labelSize, false)
		y = p.textLines(sub, margin, y+ascSub, labelSize, false, start, darkGrey) - ascSub
	}
	y += 6
	ascL, _ := textMetrics(labelSize, false)
	lx := left
	for i, e := range legend {
		if i > 0 && legendLines > 1 {
			lx = left
			y += lineHeight(labelSize) + 2
		}
		fill, stroke := barBlue, color0
		if i == 1 {
			fill, stroke = bandBlue, midGrey
		}
		p.rect(rect{x: lx, y: y + (lineHeight(labelSize)-swatch)/2, w: swatch, h: swatch, fill: fill, stroke: stroke})
		p.text(text{x: lx + swatch + 6, y: y + (lineHeight(labelSize)+ascL)/2 - 1, s: e, size: labelSize, fill: black})
		lx += swatch + 6 + room(e, labelSize, false) + 20
	}
	y += lineHeight(labelSize) + 4

	// Space over the plot for the bracket of the period's length.
	bracket := s.Period != nil && s.Period.From <= last
	if bracket {
		y += lineHeight(tickSize) + 8
	}
	top := y
	bottom := top + plotH
	xOf := func(i int) float64 { return left + (float64(i)+0.5)*step } // i indexes Values
	head := 0.0                                                        // room over the highest bar for its value
	if labelBars {
		head = lineHeight(10)
	}
	yOf := func(v float64) float64 { return bottom - v/yMax*(plotH-head) }

	// Grid lines and y ticks.
	for v := 0.0; v <= yMax+1e-9; v += yStep {
		yy := math.Round(yOf(v))
		if v > 0 {
			p.line(line{x1: left, y1: yy, x2: left + plotW, y2: yy, width: 1, stroke: lightGrey})
		}
		p.line(line{x1: left - 4, y1: yy, x2: left, y2: yy, width: 1, stroke: darkGrey})
		p.text(text{x: left - 6, y: yy + capMiddle(tickSize), s: strconv.Itoa(int(v)), size: tickSize, anchor: end, fill: black})
	}

	// The period's band, and where each period starts.
	if per := s.Period; per != nil && per.From <= last {
		from := max(per.From-s.First, 0)
		bx := left + float64(from)*step
		p.rect(rect{x: bx, y: top, w: left + plotW - bx, h: plotH, fill: bandBlue})
		if gap := float64(per.Length) * step; gap >= 10 && (last-per.From)/per.Length <= 60 {
			for k := per.From; k <= last; k += per.Length {
				if k < s.First {
					continue
				}
				x := math.Round(left + float64(k-s.First)*step)
				p.line(line{x1: x, y1: top, x2: x, y2: bottom, width: 1, stroke: midGrey, dash: true})
			}
		}
		// The bracket over the first whole period shown.
		k := per.From
		for k < s.First {
			k += per.Length
		}
		x0 := left + float64(k-s.First)*step
		x1 := min(x0+float64(per.Length)*step, left+plotW)
		by := top - 4
		p.line(line{x1: x0, y1: by, x2: x1, y2: by, width: 1, stroke: black})
		p.line(line{x1: x0, y1: by - 4, x2: x0, y2: by + 1, width: 1, stroke: black})
		p.line(line{x1: x1, y1: by - 4, x2: x1, y2: by + 1, width: 1, stroke: black})
		label := fmt.Sprintf("period %d", per.Length)
		lw := room(label, tickSize, false)
		if x1-x0 >= lw {
			p.text(text{x: (x0 + x1) / 2, y: by - 5, s: label, size: tickSize, anchor: middle, fill: black})
		} else {
			lx := min(x0, left+plotW-lw)
			p.text(text{x: lx, y: by - 5, s: label, size: tickSize, anchor: start, fill: black})
		}
	}

	// The values.
	if bars {
		bw := min(max(1, math.Round(step*0.7)), 28)
		if step < 4 {
			bw = step
		}
		for i, v := range s.Values {
			x := xOf(i) - bw/2
			if v > 0 {
				p.rect(rect{x: x, y: yOf(float64(v)), w: bw, h: bottom - yOf(float64(v)), fill: barBlue,
					title: fmt.Sprintf("G(%d) = %d", s.First+i, v)})
			}
			if labelBars {
				p.text(text{x: xOf(i), y: yOf(float64(v)) - 3, s: strconv.Itoa(v), size: min(10, step*0.7), anchor: middle, fill: darkGrey})
			}
		}
	} else {
		dot := max(3, min(step, 4))
		col, seen := -1, map[int]bool{}
		for i, v := range s.Values {
			c := int(xOf(i))
			if c != col {
				col = c
				clear(seen)
			}
			if seen[v] {
				continue
			}
			seen[v] = true
			p.rect(rect{x: float64(c) - dot/2, y: yOf(float64(v)) - dot/2, w: dot, h: dot, fill: barBlue})
		}
	}

	// Axes, x ticks and titles.
	p.line(line{x1: left, y1: top, x2: left, y2: bottom, width: 1, stroke: darkGrey})
	p.line(line{x1: left, y1: bottom, x2: left + plotW, y2: bottom, width: 1, stroke: darkGrey})
	ascT, _ := textMetrics(tickSize, false)
	firstTick := (s.First + xStep - 1) / xStep * xStep
	if s.First < 0 {
		firstTick = s.First / xStep * xStep
	}
	for k := firstTick; k <= last; k += xStep {
		x := math.Round(xOf(k - s.First))
		p.line(line{x1: x, y1: bottom, x2: x, y2: bottom + 4, width: 1, stroke: darkGrey})
		p.text(text{x: x, y: bottom + 6 + ascT, s: strconv.Itoa(k), size: tickSize, anchor: middle, fill: black})
	}
	xTitleY := bottom + 6 + lineHeight(tickSize) + 4 + ascL
	p.text(text{x: left + plotW/2, y: xTitleY, s: param, size: labelSize, bold: true, anchor: middle, fill: darkGrey})
	p.text(text{x: margin + ascL, y: top + plotH/2, s: "G(" + param + ")", size: labelSize, bold: true, anchor: middle, vertical: true, fill: darkGrey})

	p.Width = int(math.Ceil(width))
	p.Height = int(math.Ceil(xTitleY + margin))
	return p, nil
}

// color0 is no colour: no fill, no outline.
var color0 = color.NRGBA{}

// niceStep is the smallest of 1, 2, 5, 10, 20, 50... that cuts span into
// at most most steps.
func niceStep(span, most float64) float64 {
	most = max(most, 1)
	for mag := 1.0; ; mag *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if span/(m*mag) <= most {
				return m * mag
			}
		}
	}
}
