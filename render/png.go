package render

import (
	"bufio"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// PNG writes p as a PNG image of p.Width × p.Height pixels, text drawn with
// the Go font.
func (p *Picture) PNG(w io.Writer) error {
	img, err := p.Image()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(bw, img); err != nil {
		return err
	}
	return bw.Flush()
}

// Image draws p into a new image of p.Width × p.Height pixels.
func (p *Picture) Image() (*image.RGBA, error) {
	if err := p.checkSize(); err != nil {
		return nil, err
	}
	r := &raster{img: image.NewRGBA(image.Rect(0, 0, p.Width, p.Height)), faces: map[faceKey]font.Face{}}
	draw.Draw(r.img, r.img.Bounds(), image.NewUniform(white), image.Point{}, draw.Src)
	for _, it := range p.items {
		switch it := it.(type) {
		case rect:
			r.rect(it)
		case text:
			if err := r.text(it); err != nil {
				return nil, err
			}
		case line:
			r.line(it)
		}
	}
	return r.img, nil
}

type raster struct {
	img   *image.RGBA
	faces map[faceKey]font.Face
}

func (r *raster) fill(rc image.Rectangle, c color.NRGBA) {
	op := draw.Src
	if c.A != 0xff {
		op = draw.Over
	}
	draw.Draw(r.img, rc.Intersect(r.img.Bounds()), image.NewUniform(c), image.Point{}, op)
}

func round(x float64) int { return int(math.Round(x)) }

func (r *raster) rect(it rect) {
	rc := image.Rect(round(it.x), round(it.y), round(it.x+it.w), round(it.y+it.h))
	if it.fill.A != 0 {
		r.fill(rc, it.fill)
	}
	if it.stroke.A != 0 {
		r.fill(image.Rect(rc.Min.X, rc.Min.Y, rc.Max.X, rc.Min.Y+1), it.stroke)
		r.fill(image.Rect(rc.Min.X, rc.Max.Y-1, rc.Max.X, rc.Max.Y), it.stroke)
		r.fill(image.Rect(rc.Min.X, rc.Min.Y, rc.Min.X+1, rc.Max.Y), it.stroke)
		r.fill(image.Rect(rc.Max.X-1, rc.Min.Y, rc.Max.X, rc.Max.Y), it.stroke)
	}
}

// line draws axis-parallel lines as rectangles and others as a run of
// squares; dashes are 4 pixels on, 3 off, as in the SVG.
func (r *raster) line(l line) {
	wd := max(1, round(l.width))
	dx, dy := l.x2-l.x1, l.y2-l.y1
	length := math.Hypot(dx, dy)
	if length == 0 {
		return
	}
	seg := func(t0, t1 float64) {
		x0, y0 := l.x1+dx*t0/length, l.y1+dy*t0/length
		x1, y1 := l.x1+dx*t1/length, l.y1+dy*t1/length
		switch {
		case dy == 0:
			y := round(y0 - float64(wd)/2)
			r.fill(image.Rect(round(min(x0, x1)), y, round(max(x0, x1)), y+wd), l.stroke)
		case dx == 0:
			x := round(x0 - float64(wd)/2)
			r.fill(image.Rect(x, round(min(y0, y1)), x+wd, round(max(y0, y1))), l.stroke)
		default:
			for t := 0.0; t <= 1; t += 0.5 / (t1 - t0) {
				x, y := round(x0+(x1-x0)*t-float64(wd)/2), round(y0+(y1-y0)*t-float64(wd)/2)
				r.fill(image.Rect(x, y, x+wd, y+wd), l.stroke)
			}
		}
	}
	if !l.dash {
		seg(0, length)
		return
	}
	for t := 0.0; t < length; t += 7 {
		seg(t, min(t+4, length))
	}
}

func (r *raster) face(size float64, bold bool) (font.Face, error) {
	k := faceKey{size, bold}
	if f, ok := r.faces[k]; ok {
		return f, nil
	}
	f, err := newFace(size, bold)
	if err != nil {
		return nil, err
	}
	r.faces[k] = f
	return f, nil
}

func (r *raster) text(t text) error {
	face, err := r.face(t.size, t.bold)
	if err != nil {
		return err
	}
	width := font.MeasureString(face, t.s)
	shift := fixed.Int26_6(0) // from the start of the text to its anchor
	switch t.anchor {
	case middle:
		shift = width / 2
	case end:
		shift = width
	}
	src := image.NewUniform(t.fill)
	if !t.vertical {
		d := font.Drawer{Dst: r.img, Src: src, Face: face,
			Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(t.x*64)) - shift, Y: fixed.Int26_6(math.Round(t.y * 64))}}
		d.DrawString(t.s)
		return nil
	}
	// Draw the text level into a mask, then turn the mask a quarter
	// anticlockwise onto the picture: the point u along the baseline and v
	// below it lands at (x + v, y - u).
	m := face.Metrics()
	asc, desc := m.Ascent.Ceil()+1, m.Descent.Ceil()+1
	wpx := width.Ceil() + 2
	level := image.NewAlpha(image.Rect(0, 0, wpx, asc+desc))
	d := font.Drawer{Dst: level, Src: image.Opaque, Face: face, Dot: fixed.Point26_6{X: fixed.I(1), Y: fixed.I(asc)}}
	d.DrawString(t.s)
	x0 := round(t.x)
	y0 := round(t.y + fix(shift))
	turned := image.NewAlpha(image.Rect(x0-asc, y0-wpx+1, x0+desc, y0+1))
	for ty := 0; ty < asc+desc; ty++ {
		for tx := 0; tx < wpx; tx++ {
			a := level.AlphaAt(tx, ty)
			if a.A == 0 {
				continue
			}
			// u = tx - 1, v = ty - asc.
			turned.SetAlpha(x0+ty-asc, y0-(tx-1), a)
		}
	}
	draw.DrawMask(r.img, turned.Bounds(), src, image.Point{}, turned, turned.Bounds().Min, draw.Over)
	return nil
}
