package render_test

import (
	"bytes"
	"encoding/xml"
	"math"
	"strconv"
	"testing"

	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/render"
)

// TestThermographPicture draws thermographs of each kind: hot ({2|-1/2},
// Domineering's 2×3 board; a switch; a sum of several temperatures), a
// number (a mast alone) and an infinitesimal (walls meeting at 0). Every
// wall's piece is upright or at 45°, as both axes share one scale, and the
// 2×3 board's picture is the golden one.
func TestThermographPicture(t *testing.T) {
	for _, tc := range []struct{ name, game string }{
		{"domineering-2x3", "{2|-1/2}"},
		{"switch", "+-3"},
		{"sum", "{3|1||1/2|-3/2}"},
		{"number", "-5/4"},
		{"up", "^"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := explain.WorthOfNotation(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			pic, err := render.ThermographPicture(w.Thermograph("Thermograph of " + w.Value.String()))
			if err != nil {
				t.Fatal(err)
			}
			var svg, png bytes.Buffer
			if err := pic.SVG(&svg); err != nil {
				t.Fatal(err)
			}
			checkXML(t, svg.Bytes())
			if err := pic.PNG(&png); err != nil {
				t.Fatal(err)
			}
			decodePNG(t, png.Bytes(), pic.Width, pic.Height)
			save(t, "thermograph-"+tc.name+".svg", svg.Bytes())
			save(t, "thermograph-"+tc.name+".png", png.Bytes())
			if tc.name == "domineering-2x3" {
				golden(t, "thermograph-domineering-2x3.svg", svg.Bytes())
			}
			walls := 0
			for _, l := range svgLines(t, svg.Bytes()) {
				if l.width != "2.5" {
					continue
				}
				walls++
				dx, dy := math.Abs(l.x2-l.x1), math.Abs(l.y2-l.y1)
				if dx > 0.01 && math.Abs(dx-dy) > 0.05 {
					t.Errorf("a wall's piece from (%g,%g) to (%g,%g) is neither upright nor at 45°", l.x1, l.y1, l.x2, l.y2)
				}
			}
			if w.Value.Temperature().Sign() > 0 && walls < 2 {
				t.Errorf("%d pieces of wall drawn", walls)
			}
			if !bytes.Contains(svg.Bytes(), []byte("temperature")) || !bytes.Contains(svg.Bytes(), []byte("mast at the mean, "+w.Value.Mean().String())) {
				t.Error("the axes or the mast are not labelled")
			}
		})
	}
}

type svgLine struct {
	x1, y1, x2, y2 float64
	width          string
}

// svgLines are the picture's <line> elements.
func svgLines(t *testing.T, data []byte) []svgLine {
	t.Helper()
	var out []svgLine
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "line" {
			continue
		}
		var l svgLine
		for _, a := range se.Attr {
			f, _ := strconv.ParseFloat(a.Value, 64)
			switch a.Name.Local {
			case "x1":
				l.x1 = f
			case "y1":
				l.y1 = f
			case "x2":
				l.x2 = f
			case "y2":
				l.y2 = f
			case "stroke-width":
				l.width = a.Value
			}
		}
		out = append(out, l)
	}
	return out
}
