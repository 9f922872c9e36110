package render

import (
	"fmt"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Text is laid out with the Go fonts (Go Regular and Go Bold), which are
// compiled in: the PNG backend draws with them, and the SVG backend names
// them first and pins each string's width to the one measured here (SVG's
// textLength), so that a viewer with another font still keeps every label
// within the space it was given.

// fontFamily is the font-family of SVG text.
const fontFamily = "Go, 'Go Regular', 'DejaVu Sans', Verdana, Arial, sans-serif"

var fonts struct {
	once          sync.Once
	regular, bold *opentype.Font
	err           error

	mu    sync.Mutex // guards faces, which are not safe for concurrent use
	faces map[faceKey]font.Face
}

type faceKey struct {
	size float64
	bold bool
}

func loadFonts() error {
	fonts.once.Do(func() {
		if fonts.regular, fonts.err = opentype.Parse(goregular.TTF); fonts.err != nil {
			return
		}
		fonts.bold, fonts.err = opentype.Parse(gobold.TTF)
		fonts.faces = map[faceKey]font.Face{}
	})
	if fonts.err != nil {
		return fmt.Errorf("render: loading the Go fonts: %w", fonts.err)
	}
	return nil
}

// newFace returns a new face of the Go font at size pixels, which the caller
// owns (faces are not safe for concurrent use).
func newFace(size float64, bold bool) (font.Face, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	f := fonts.regular
	if bold {
		f = fonts.bold
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
}

// withFace calls fn with the shared measuring face for size and bold.
func withFace(size float64, bold bool, fn func(font.Face)) {
	if err := loadFonts(); err != nil {
		// The fonts are compiled in; failing to parse them is a bug.
		panic(err)
	}
	fonts.mu.Lock()
	defer fonts.mu.Unlock()
	k := faceKey{size, bold}
	face, ok := fonts.faces[k]
	if !ok {
		var err error
		if face, err = newFace(size, bold); err != nil {
			panic(err)
		}
		fonts.faces[k] = face
	}
	fn(face)
}

// textWidth is the advance of s in pixels at size, in the Go font.
func textWidth(s string, size float64, bold bool) float64 {
	var w fixed.Int26_6
	withFace(size, bold, func(f font.Face) { w = font.MeasureString(f, s) })
	return fix(w)
}

// slack is the room that layout leaves for text beyond its width in the Go
// font: SVG viewers that ignore textLength (librsvg does) draw with a
// fallback font, such as DejaVu Sans, up to about a seventh wider.
const slack = 1.15

// room is the width layout sets aside for s at size.
func room(s string, size float64, bold bool) float64 {
	return textWidth(s, size, bold)*slack + 1
}

// textMetrics are the ascent and descent of the font at size, in pixels.
func textMetrics(size float64, bold bool) (ascent, descent float64) {
	withFace(size, bold, func(f font.Face) {
		m := f.Metrics()
		ascent, descent = fix(m.Ascent), fix(m.Descent)
	})
	return ascent, descent
}

// lineHeight is the distance between baselines of lines of text at size.
func lineHeight(size float64) float64 { return size * 1.25 }

// capMiddle is how far below the middle of a line of capitals its baseline
// is: to centre text vertically on y, put its baseline at y + capMiddle.
func capMiddle(size float64) float64 { return size * 0.35 }

func fix(x fixed.Int26_6) float64 { return float64(x) / 64 }

// wrapText breaks s into lines no wider than width at size, between words;
// a single word wider than width gets a line of its own.
func wrapText(s string, size float64, bold bool, width float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		line := ""
		for _, w := range words {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if line != "" && room(try, size, bold) > width {
				lines = append(lines, line)
				line = w
				continue
			}
			line = try
		}
		lines = append(lines, line)
	}
	return lines
}

// maxWidth is the room for the widest of texts at size.
func maxWidth(texts []string, size float64, bold bool) float64 {
	w := 0.0
	for _, t := range texts {
		w = max(w, room(t, size, bold))
	}
	return w
}
