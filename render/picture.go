package render

import (
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strings"
)

// Picture is a drawing laid out once, in pixels, that can be written as SVG
// or as PNG: both show the same shapes and text at the same places.
type Picture struct {
	Width, Height int
	items         []item
}

// MaxPixels bounds a picture's area (width × height), so that a PNG never
// needs more than a quarter of a gigabyte; pictures are made to be looked at.
const MaxPixels = 64 << 20

// Formats of pictures.
const (
	SVG = "svg"
	PNG = "png"
)

// Encode writes p in format, "svg" or "png".
func (p *Picture) Encode(w io.Writer, format string) error {
	switch format {
	case SVG:
		return p.SVG(w)
	case PNG:
		return p.PNG(w)
	}
	return fmt.Errorf("unknown picture format %q (want svg or png)", format)
}

// PictureFormat returns the picture format for the file path: format when
// it is given, else the file's extension (.svg or .png).
func PictureFormat(path, format string) (string, error) {
	if format == "" {
		format = strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
		if format != SVG && format != PNG {
			return "", fmt.Errorf("cannot tell the picture format of %q from its name; name it .svg or .png, or say the format (svg or png)", path)
		}
	}
	if format != SVG && format != PNG {
		return "", fmt.Errorf("unknown picture format %q (want svg or png)", format)
	}
	return format, nil
}

// item is one shape of a picture.
type item interface{ isItem() }

// rect is a filled rectangle, optionally outlined; title becomes an SVG
// tooltip and attrs extra SVG attributes (data-*), for viewers and tests.
type rect struct {
	x, y, w, h float64
	fill       color.NRGBA // A == 0: no fill
	stroke     color.NRGBA // A == 0: no outline
	title      string
	attrs      []string // name, value, name, value...
}

// anchor says which point of a text its position is.
type anchor uint8

const (
	start anchor = iota
	middle
	end
)

// text is one line of text whose baseline starts, is centred or ends at
// (x, y), horizontal or, when vertical, turned a quarter anticlockwise (read
// from bottom to top, its glyphs standing to the left of x).
type text struct {
	x, y     float64
	s        string
	size     float64
	bold     bool
	anchor   anchor
	vertical bool
	fill     color.NRGBA
}

// line is a straight line of the given width, dashed or not.
type line struct {
	x1, y1, x2, y2 float64
	width          float64
	stroke         color.NRGBA
	dash           bool
}

func (rect) isItem() {}
func (text) isItem() {}
func (line) isItem() {}

func (p *Picture) rect(r rect) { p.items = append(p.items, r) }
func (p *Picture) text(t text) { p.items = append(p.items, t) }
func (p *Picture) line(l line) { p.items = append(p.items, l) }

// textLines draws lines of text at size, the first baseline at y, and
// returns the y below the last line.
func (p *Picture) textLines(lines []string, x, y, size float64, bold bool, a anchor, fill color.NRGBA) float64 {
	for _, s := range lines {
		p.text(text{x: x, y: y, s: s, size: size, bold: bold, anchor: a, fill: fill})
		y += lineHeight(size)
	}
	return y
}

func (p *Picture) checkSize() error {
	if p.Width <= 0 || p.Height <= 0 {
		return fmt.Errorf("render: empty picture (%d×%d)", p.Width, p.Height)
	}
	if int64(p.Width)*int64(p.Height) > MaxPixels {
		return fmt.Errorf("the picture would be %d×%d pixels, more than the %d million allowed; choose smaller parameters", p.Width, p.Height, MaxPixels>>20)
	}
	return nil
}
