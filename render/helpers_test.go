package render_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
)

var (
	update = flag.Bool("update", false, "rewrite the golden files in testdata")
	out    = flag.String("out", "", "also write the sample pictures to this directory, to look at")
)

// solved solves the game of spec.
func solved(t testing.TB, spec string) solve.Solution {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// cardsFeatures are the cards each player of seed 000 has played, as masks
// of their hand (1 to 5), labelled like "1,3", "-" for none.
func cardsFeatures() (first, second sente.Feature) {
	label := func(v int) string {
		if v == 0 {
			return "-"
		}
		var cards []string
		for i := range 5 {
			if v>>i&1 != 0 {
				cards = append(cards, strconv.Itoa(i+1))
			}
		}
		return strings.Join(cards, ",")
	}
	first = sente.Feature{Name: "first", Doc: "the cards the first player has played",
		Of: func(p sente.Position) int { return int(p.(games.CardsPosition).First) }, Size: 32, Label: label}
	second = sente.Feature{Name: "second", Doc: "the cards the second player has played",
		Of: func(p sente.Position) int { return int(p.(games.CardsPosition).Second) }, Size: 32, Label: label}
	return first, second
}

// checkXML parses the whole of an SVG document.
func checkXML(t *testing.T, doc []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
		if s, ok := tok.(xml.StartElement); ok && root == "" {
			root = s.Name.Local
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
}

// decodePNG decodes a PNG and checks its size.
func decodePNG(t *testing.T, data []byte, w, h int) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("PNG does not decode: %v", err)
	}
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("PNG is %d×%d, want %d×%d", b.Dx(), b.Dy(), w, h)
	}
	return img
}

// save writes data to the -out directory, if one was given.
func save(t *testing.T, name string, data []byte) {
	t.Helper()
	if *out == "" {
		return
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*out, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update after checking the change):\n%s", name, firstDiff(want, got))
	}
}

func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\nwant: " + w + "\ngot:  " + g
		}
	}
	return "(lengths differ)"
}
