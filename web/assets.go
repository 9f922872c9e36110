package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// blob is a response prepared once, when the server starts, rather than at
// each request: its bytes, their gzip form when that is smaller, and a hash
// of the bytes for the ETag and for the URL of a static asset.
type blob struct {
	data, gz []byte
	ctype    string
	hash     string
}

func newBlob(data []byte, ctype string) *blob {
	sum := sha256.Sum256(data)
	b := &blob{data: data, ctype: ctype, hash: hex.EncodeToString(sum[:6])}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	// Below a few hundred bytes gzip's header eats most of the gain, and
	// an already compressed image gains nothing.
	if buf.Len() < len(data)*9/10 {
		b.gz = buf.Bytes()
	}
	return b
}

// serve writes b with the given Cache-Control, gzip-compressed when the
// request accepts it, and 304 Not Modified when the request's
// If-None-Match names what it would send.
func (b *blob) serve(w http.ResponseWriter, r *http.Request, cacheControl string) {
	h := w.Header()
	body, etag := b.data, `"`+b.hash+`"`
	if b.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			// The compressed bytes are another representation, with
			// their own tag.
			body, etag = b.gz, `"`+b.hash+`-gzip"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", etag)
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", b.ctype)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip: named,
// or by *, and not with q=0.
func acceptsGzip(header string) bool {
	for item := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(item, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "x-gzip" && name != "*" {
			continue
		}
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		return q > 0
	}
	return false
}

// etagMatches is the weak comparison If-None-Match asks for.
func etagMatches(header, etag string) bool {
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
}

// assetTypes are the kinds of file of static/ served at /static/: not the
// page's template, which is served filled in at /.
var assetTypes = map[string]string{
	".js":  "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8",
	".svg": "image/svg+xml",
}

// assets are the files of static/ served at /static/, by name, compressed
// once, when a server first needs them: not when every command of the
// program starts.
var assets = sync.OnceValue(func() map[string]*blob {
	m := map[string]*blob{}
	entries, err := fs.ReadDir(staticFS, "static")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		ctype, ok := assetTypes[path.Ext(e.Name())]
		if !ok || e.IsDir() {
			continue
		}
		data, err := staticFS.ReadFile("static/" + e.Name())
		if err != nil {
			panic(err)
		}
		m[e.Name()] = newBlob(data, ctype)
	}
	return m
})

// assetURL is the URL of a static asset with the hash of its content: a
// browser may keep what it fetched there for good, since a change of the
// file changes the URL.
func assetURL(name string) (string, error) {
	a, ok := assets()[name]
	if !ok {
		return "", fmt.Errorf("no static asset %q", name)
	}
	return "/static/" + name + "?v=" + a.hash, nil
}

const (
	// cacheForever is for a URL whose content never changes.
	cacheForever = "public, max-age=31536000, immutable"
	// cacheRevalidate lets a browser keep a copy but ask, by its ETag,
	// whether it is still current before each use.
	cacheRevalidate = "no-cache"
)

// serveAsset serves the page's scripts, style sheets and icon, and nothing
// else of the directory: the page's template lives beside them but is
// served filled in, at /, never raw. Asked for by its hashed URL (see
// assetURL), an asset is cached for good; asked for otherwise (an old page,
// a hand-typed URL), it may be out of date tomorrow, and is revalidated.
func serveAsset(w http.ResponseWriter, r *http.Request) {
	a, ok := assets()[r.PathValue("file")]
	if !ok {
		handleUnrouted(w, r)
		return
	}
	cc := cacheRevalidate
	if r.URL.Query().Get("v") == a.hash {
		cc = cacheForever
	}
	a.serve(w, r, cc)
}

// favicon is /favicon.ico, which browsers ask for whatever the page links:
// an ICO file holding a PNG of the page's icon (static/favicon.svg).
var favicon = sync.OnceValue(func() *blob { return newBlob(iconFile(), "image/x-icon") })

func serveFavicon(w http.ResponseWriter, r *http.Request) {
	// Its URL cannot carry a hash: a day, then revalidated.
	favicon().serve(w, r, "public, max-age=86400")
}

// iconFile draws static/favicon.svg at 32×32 (a dark rounded square and
// three stones in light tones of the colours of a win, a draw and a loss) and wraps the
// PNG in an ICO file, which may hold PNG images since Windows Vista.
func iconFile() []byte {
	const size, sub = 32, 4 // pixels, and samples per pixel along each axis
	ink := color.RGBA{0x21, 0x25, 0x29, 0xff}
	stones := []struct {
		x, y float64
		c    color.RGBA
	}{
		{9, 9, color.RGBA{0x56, 0xb4, 0xe9, 0xff}},
		{16, 16, color.RGBA{0xbb, 0xbb, 0xbb, 0xff}},
		{23, 23, color.RGBA{0xe6, 0x9f, 0x00, 0xff}},
	}
	at := func(x, y float64) color.RGBA {
		for _, s := range stones {
			if (x-s.x)*(x-s.x)+(y-s.y)*(y-s.y) <= 25 {
				return s.c
			}
		}
		// The rounded square: rx=6.
		cx, cy := min(max(x, 6), size-6), min(max(y, 6), size-6)
		if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= 36 {
			return ink
		}
		return color.RGBA{}
	}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for py := range size {
		for px := range size {
			var r, g, b, a int
			for sy := range sub {
				for sx := range sub {
					c := at(float64(px)+(float64(sx)+0.5)/sub, float64(py)+(float64(sy)+0.5)/sub)
					r, g, b, a = r+int(c.R), g+int(c.G), b+int(c.B), a+int(c.A)
				}
			}
			n := sub * sub
			img.SetRGBA(px, py, color.RGBA{uint8(r / n), uint8(g / n), uint8(b / n), uint8(a / n)})
		}
	}
	var p bytes.Buffer
	if err := png.Encode(&p, img); err != nil {
		panic(err)
	}
	var ico bytes.Buffer
	le := binary.LittleEndian
	ico.Write(le.AppendUint16(le.AppendUint16(le.AppendUint16(nil, 0), 1), 1)) // reserved, type icon, 1 image
	ico.Write([]byte{size, size, 0, 0})                                        // width, height, no palette, reserved
	ico.Write(le.AppendUint16(le.AppendUint16(nil, 1), 32))                    // planes, bits per pixel
	ico.Write(le.AppendUint32(le.AppendUint32(nil, uint32(p.Len())), 6+16))    // size, offset
	ico.Write(p.Bytes())
	return ico.Bytes()
}

// The JSON answers over gzipMin bytes are compressed for a client that
// accepts it: a position's answer is a few kilobytes of repetitive JSON.
const gzipMin = 1 << 10

// gzipAccepted marks the writer of a request whose Accept-Encoding allows
// gzip, for writeJSON, which is not given the request.
type gzipAccepted struct{ http.ResponseWriter }

func (g gzipAccepted) Unwrap() http.ResponseWriter { return g.ResponseWriter }

// gzipWriters compress JSON answers at gzip's fastest level: per request,
// on a server whose processor is for solving, and within a few percent of
// the default level's size on such JSON.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return zw
}}

// writeBody writes a JSON answer, compressed when it is worth it and the
// request allows it.
func writeBody(w http.ResponseWriter, status int, body []byte) {
	if len(body) > gzipMin {
		w.Header().Add("Vary", "Accept-Encoding")
		if _, ok := w.(gzipAccepted); ok {
			w.Header().Set("Content-Encoding", "gzip")
			w.WriteHeader(status)
			zw := gzipWriters.Get().(*gzip.Writer)
			zw.Reset(w)
			zw.Write(body)
			zw.Close()
			zw.Reset(nil) // not to keep w from the collector
			gzipWriters.Put(zw)
			return
		}
	}
	w.WriteHeader(status)
	w.Write(body)
}

// quoteLimit bounds, in characters, how much of what a person sent an
// error message quotes back (see clip).
const quoteLimit = 200

// clauseBreak ends a clause of an error message: after the location of a
// mistake, after the thing that failed, between a mistake and its remedy.
var clauseBreak = regexp.MustCompile(`[:;] `)

// clip bounds the part of an error message that quotes the request. A
// message names what it is about, and that may be as long as the request:
// a game spec, a position, a name in a pasted rules file, the message the
// file gives fail(), up to the 64 KiB of a body. Which part is quoted the
// server cannot tell, so it cuts the middle out of any word longer than
// quoteLimit, then out of any clause longer than half as much again (a
// quote with spaces in it), then out of a message still longer than three
// times quoteLimit (a quote with clauses in it): what stays is where the
// mistake is (the start) and how to mend it (the end).
func clip(msg string) string {
	if utf8.RuneCountInString(msg) <= quoteLimit {
		return msg
	}
	var b strings.Builder
	last := 0
	for _, loc := range append(clauseBreak.FindAllStringIndex(msg, -1), []int{len(msg), len(msg)}) {
		words := strings.Split(msg[last:loc[0]], " ")
		for i, w := range words {
			words[i] = cutMiddle(w, quoteLimit)
		}
		b.WriteString(cutMiddle(strings.Join(words, " "), quoteLimit*3/2))
		b.WriteString(msg[loc[0]:loc[1]])
		last = loc[1]
	}
	return cutMiddle(b.String(), 3*quoteLimit)
}

// cutMiddle is s when it has at most n characters, else its first two
// thirds and last third of n around an ellipsis.
func cutMiddle(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	tail := n / 3
	return string(r[:n-tail]) + "…" + string(r[len(r)-tail:])
}

// markGzip marks w for writeJSON when r accepts gzip.
func markGzip(w http.ResponseWriter, r *http.Request) http.ResponseWriter {
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		return gzipAccepted{w}
	}
	return w
}
