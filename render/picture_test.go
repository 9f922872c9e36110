package render_test

import (
	"io"
	"strings"
	"testing"

	"github.com/sente-go/sente/render"
)

func TestPictureFormat(t *testing.T) {
	for _, tc := range []struct{ path, format, want, err string }{
		{"table.svg", "", "svg", ""},
		{"out/Table.PNG", "", "png", ""},
		{"table.svg", "png", "png", ""},
		{"table", "", "", "name it .svg or .png"},
		{"table.gif", "", "", "name it .svg or .png"},
		{"table.svg", "gif", "", "want svg or png"},
	} {
		got, err := render.PictureFormat(tc.path, tc.format)
		if got != tc.want || (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("PictureFormat(%q, %q) = %q, %v; want %q, %q", tc.path, tc.format, got, err, tc.want, tc.err)
		}
	}
}

func TestPictureLimits(t *testing.T) {
	for _, p := range []*render.Picture{{}, {Width: 20000, Height: 20000}} {
		if err := p.PNG(io.Discard); err == nil {
			t.Errorf("a %d×%d PNG was drawn", p.Width, p.Height)
		}
		if err := p.SVG(io.Discard); err == nil {
			t.Errorf("a %d×%d SVG was drawn", p.Width, p.Height)
		}
	}
	p := &render.Picture{Width: 10, Height: 10}
	if err := p.Encode(io.Discard, "gif"); err == nil {
		t.Error("format gif was accepted")
	}
	for _, f := range []string{render.SVG, render.PNG} {
		if err := p.Encode(io.Discard, f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}
