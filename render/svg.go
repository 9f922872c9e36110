package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
)

// SVG writes p as a standalone SVG document. Text names the Go font and is
// pinned to the width it was laid out with, so labels keep their places in
// any viewer.
func (p *Picture) SVG(w io.Writer) error {
	if err := p.checkSize(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"%s\">\n",
		p.Width, p.Height, p.Width, p.Height, escape(fontFamily))
	fmt.Fprintf(bw, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", p.Width, p.Height)
	for _, it := range p.items {
		switch it := it.(type) {
		case rect:
			svgRect(bw, it)
		case text:
			svgText(bw, it)
		case line:
			svgLine(bw, it)
		}
	}
	fmt.Fprintf(bw, "</svg>\n")
	return bw.Flush()
}

func svgRect(w *bufio.Writer, r rect) {
	fmt.Fprintf(w, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"", num(r.x), num(r.y), num(r.w), num(r.h))
	if r.fill.A == 0 {
		w.WriteString(" fill=\"none\"")
	} else {
		fmt.Fprintf(w, " fill=\"%s\"", hex(r.fill))
		if r.fill.A != 0xff {
			fmt.Fprintf(w, " fill-opacity=\"%s\"", num(float64(r.fill.A)/255))
		}
	}
	if r.stroke.A != 0 {
		fmt.Fprintf(w, " stroke=\"%s\" stroke-width=\"1\"", hex(r.stroke))
	}
	w.WriteString(" shape-rendering=\"crispEdges\"")
	for i := 0; i+1 < len(r.attrs); i += 2 {
		fmt.Fprintf(w, " %s=\"%s\"", r.attrs[i], escape(r.attrs[i+1]))
	}
	if r.title == "" {
		w.WriteString("/>\n")
		return
	}
	fmt.Fprintf(w, "><title>%s</title></rect>\n", escape(r.title))
}

func svgText(w *bufio.Writer, t text) {
	fmt.Fprintf(w, "<text x=\"%s\" y=\"%s\" font-size=\"%s\" fill=\"%s\"", num(t.x), num(t.y), num(t.size), hex(t.fill))
	if t.bold {
		w.WriteString(" font-weight=\"bold\"")
	}
	switch t.anchor {
	case middle:
		w.WriteString(" text-anchor=\"middle\"")
	case end:
		w.WriteString(" text-anchor=\"end\"")
	}
	if t.vertical {
		fmt.Fprintf(w, " transform=\"rotate(-90 %s %s)\"", num(t.x), num(t.y))
	}
	if len([]rune(t.s)) > 1 {
		// Pin the width to the Go font's, whatever font the viewer has.
		fmt.Fprintf(w, " textLength=\"%s\" lengthAdjust=\"spacingAndGlyphs\"", num(textWidth(t.s, t.size, t.bold)))
	}
	fmt.Fprintf(w, ">%s</text>\n", escape(t.s))
}

func svgLine(w *bufio.Writer, l line) {
	fmt.Fprintf(w, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"%s\"",
		num(l.x1), num(l.y1), num(l.x2), num(l.y2), hex(l.stroke), num(l.width))
	if l.stroke.A != 0xff {
		fmt.Fprintf(w, " stroke-opacity=\"%s\"", num(float64(l.stroke.A)/255))
	}
	if l.dash {
		w.WriteString(" stroke-dasharray=\"4 3\"")
	}
	w.WriteString(" shape-rendering=\"crispEdges\"/>\n")
}

// num formats a coordinate with at most two decimals.
func num(x float64) string {
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}

// escape escapes s for XML text and attribute values.
func escape(s string) string {
	var b []byte
	w := bytesWriter{&b}
	xml.EscapeText(w, []byte(s))
	return string(b)
}

type bytesWriter struct{ b *[]byte }

func (w bytesWriter) Write(p []byte) (int, error) {
	*w.b = append(*w.b, p...)
	return len(p), nil
}
