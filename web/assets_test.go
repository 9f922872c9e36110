package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// fetch asks h for path with the given request headers.
func fetch(t *testing.T, h http.Handler, method, path string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// browserAccepts is what Chromium sends as Accept-Encoding.
var browserAccepts = map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"}

// gunzip is the body of a gzip-encoded answer, decoded.
func gunzip(t *testing.T, what string, body []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("%s: not gzip: %v", what, err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: bad gzip: %v", what, err)
	}
	return plain
}

// pageAssets are the URLs of the <link> and <script> tags of the page.
func pageAssets(t *testing.T, h http.Handler) []string {
	t.Helper()
	rec := fetch(t, h, "GET", "/", nil)
	if rec.Code != 200 {
		t.Fatalf("page: %d", rec.Code)
	}
	var urls []string
	for _, m := range regexp.MustCompile(`<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"`).FindAllStringSubmatch(rec.Body.String(), -1) {
		urls = append(urls, strings.ReplaceAll(m[1], "&amp;", "&"))
	}
	if len(urls) < 4 {
		t.Fatalf("the page links %d assets, want its two style sheets and two scripts at least: %q", len(urls), urls)
	}
	return urls
}

// TestGzip: the page, its assets and the larger JSON answers come
// gzip-compressed to a client that accepts it, and plain to one that does
// not; each says that it varies by Accept-Encoding.
func TestGzip(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	ready(t, h, "nim", "")
	paths := append([]string{"/"}, pageAssets(t, h)...)
	paths = append(paths, "/api/games", "/api/position?game=nim")
	for _, p := range paths {
		plain := fetch(t, h, "GET", p, nil)
		if plain.Code != 200 || plain.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s without Accept-Encoding: %d, Content-Encoding %q", p, plain.Code, plain.Header().Get("Content-Encoding"))
			continue
		}
		if strings.HasSuffix(strings.SplitN(p, "?", 2)[0], ".svg") && plain.Body.Len() < 1024 {
			continue // too small to be worth it
		}
		zipped := fetch(t, h, "GET", p, browserAccepts)
		if zipped.Header().Get("Content-Encoding") != "gzip" {
			t.Errorf("%s: Content-Encoding %q with Accept-Encoding gzip (%d bytes)", p, zipped.Header().Get("Content-Encoding"), zipped.Body.Len())
			continue
		}
		if !strings.Contains(zipped.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: Vary %q", p, zipped.Header().Get("Vary"))
		}
		if got := gunzip(t, p, zipped.Body.Bytes()); !bytes.Equal(got, plain.Body.Bytes()) {
			t.Errorf("%s: the gzip answer decodes to %d bytes, not the %d of the plain one", p, len(got), plain.Body.Len())
		}
		if zipped.Body.Len()*2 > plain.Body.Len() {
			t.Errorf("%s: %d bytes compressed from %d", p, zipped.Body.Len(), plain.Body.Len())
		}
		if cl := zipped.Header().Get("Content-Length"); cl != "" && cl != strconv.Itoa(zipped.Body.Len()) {
			t.Errorf("%s: Content-Length %s for %d bytes", p, cl, zipped.Body.Len())
		}
	}
	// Refused by q=0, and a small answer, go plain.
	if rec := fetch(t, h, "GET", "/static/app.js", map[string]string{"Accept-Encoding": "gzip;q=0, identity"}); rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0: Content-Encoding %q", rec.Header().Get("Content-Encoding"))
	}
	if rec := fetch(t, h, "GET", "/api/position", browserAccepts); rec.Code != 400 || rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("a short error: %d, Content-Encoding %q", rec.Code, rec.Header().Get("Content-Encoding"))
	}
}

// TestAssetCaching: each asset the page links carries a hash of its
// content and is cached for a year, immutable; the same asset asked for
// without that hash, or with an old one, is still served but revalidated;
// the page is revalidated each time, cheaply by its ETag.
func TestAssetCaching(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	for _, u := range pageAssets(t, h) {
		parsed, err := url.Parse(u)
		if err != nil || !strings.HasPrefix(parsed.Path, "/static/") {
			t.Errorf("asset URL %q", u)
			continue
		}
		v := parsed.Query().Get("v")
		rec := fetch(t, h, "GET", u, nil)
		sum := sha256.Sum256(rec.Body.Bytes())
		if rec.Code != 200 || len(v) < 8 || !strings.HasPrefix(hex.EncodeToString(sum[:]), v) {
			t.Errorf("%s: %d; its v=%q is not the start of the hash of its %d bytes", u, rec.Code, v, rec.Body.Len())
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("%s: Cache-Control %q", u, cc)
		}
		for _, stale := range []string{parsed.Path, parsed.Path + "?v=0123456789ab"} {
			old := fetch(t, h, "GET", stale, nil)
			if old.Code != 200 || !bytes.Equal(old.Body.Bytes(), rec.Body.Bytes()) {
				t.Errorf("%s: %d, %d bytes", stale, old.Code, old.Body.Len())
			}
			if cc := old.Header().Get("Cache-Control"); strings.Contains(cc, "immutable") || !strings.Contains(cc, "no-cache") {
				t.Errorf("%s: Cache-Control %q, want no-cache", stale, cc)
			}
		}
	}
	page := fetch(t, h, "GET", "/", nil)
	etag := page.Header().Get("ETag")
	if cc := page.Header().Get("Cache-Control"); cc != "no-cache" || etag == "" {
		t.Fatalf("page: Cache-Control %q, ETag %q", cc, etag)
	}
	again := fetch(t, h, "GET", "/?game=nim", map[string]string{"If-None-Match": etag})
	if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Errorf("page with If-None-Match %s: %d, %d bytes", etag, again.Code, again.Body.Len())
	}
	if head := fetch(t, h, "HEAD", "/", nil); head.Code != 200 || head.Body.Len() != 0 {
		t.Errorf("HEAD /: %d, %d bytes", head.Code, head.Body.Len())
	}
}

// TestFavicon: the page links an SVG icon, and /favicon.ico, which
// browsers ask for regardless, answers with an ICO holding a PNG.
func TestFavicon(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	page := fetch(t, h, "GET", "/", nil).Body.String()
	m := regexp.MustCompile(`<link rel="icon" href="([^"]+)" type="image/svg\+xml">`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page links no SVG icon")
	}
	svg := fetch(t, h, "GET", strings.ReplaceAll(m[1], "&amp;", "&"), nil)
	if svg.Code != 200 || svg.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(svg.Body.String(), "<svg") {
		t.Errorf("%s: %d %q %.80s", m[1], svg.Code, svg.Header().Get("Content-Type"), svg.Body)
	}
	ico := fetch(t, h, "GET", "/favicon.ico", browserAccepts)
	if ico.Code != 200 || ico.Header().Get("Content-Type") != "image/x-icon" || ico.Header().Get("Cache-Control") == "" {
		t.Fatalf("/favicon.ico: %d, Content-Type %q, Cache-Control %q", ico.Code, ico.Header().Get("Content-Type"), ico.Header().Get("Cache-Control"))
	}
	b := ico.Body.Bytes()
	if len(b) < 22 || binary.LittleEndian.Uint16(b[2:]) != 1 || binary.LittleEndian.Uint16(b[4:]) != 1 {
		t.Fatalf("/favicon.ico is not an icon file of one image: % x", b[:min(len(b), 22)])
	}
	size, offset := binary.LittleEndian.Uint32(b[14:]), binary.LittleEndian.Uint32(b[18:])
	if int(offset+size) != len(b) {
		t.Fatalf("/favicon.ico: its image at %d, %d bytes, in a file of %d", offset, size, len(b))
	}
	img, err := png.Decode(bytes.NewReader(b[offset:]))
	if err != nil || img.Bounds().Dx() != 32 || img.Bounds().Dy() != 32 {
		t.Fatalf("/favicon.ico: its image: %v", err)
	}
	if head := fetch(t, h, "HEAD", "/favicon.ico", nil); head.Code != 200 {
		t.Errorf("HEAD /favicon.ico: %d", head.Code)
	}
	if rec := fetch(t, h, "POST", "/favicon.ico", nil); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /favicon.ico: %d", rec.Code)
	}
}

// echoLimit is the most of a person's text an error message may quote,
// with some room for the ellipsis.
const echoLimit = 210

// checkEcho checks that the error message msg is short, quotes at most
// echoLimit characters of any run of the person's text (runs of x, or of
// "x y" repeated) and says what it should.
func checkEcho(t *testing.T, what, msg string, wants ...string) {
	t.Helper()
	if n := utf8.RuneCountInString(msg); n > 800 {
		t.Errorf("%s: a message of %d characters: %.300s", what, n, msg)
	}
	for _, run := range regexp.MustCompile(`x+|(?:x )+`).FindAllString(msg, -1) {
		if len(run) > echoLimit {
			t.Errorf("%s: quotes %d characters of the request: %.300s", what, len(run), msg)
		}
	}
	for _, w := range wants {
		if !strings.Contains(msg, w) {
			t.Errorf("%s: the message does not say %q: %.300s", what, w, msg)
		}
	}
}

// TestErrorEchoBounded: an error about a request quotes a bounded part of
// what the person sent, however much that was, and still says where and
// what the mistake is.
func TestErrorEchoBounded(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	errorOf := func(rec *httptest.ResponseRecorder) string {
		var m struct{ Error string }
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil || rec.Code != 400 {
			t.Fatalf("%d %v: %.300s", rec.Code, err, rec.Body)
		}
		return m.Error
	}
	long := strings.Repeat("x", 990)
	checkEcho(t, "a long game name", errorOf(fetch(t, h, "GET", "/api/position?game="+long, nil)), "unknown game", "…", "tictactoe")
	checkEcho(t, "a long position", errorOf(fetch(t, h, "GET", "/api/position?game=nim&pos="+strings.Repeat("x", 1990), nil)), "nim position", "…", "heap sizes")
	checkEcho(t, "a long parameter", errorOf(fetch(t, h, "GET", "/api/position?game=nim:"+long+"=1", nil)), "no parameter", "…", "heaps")

	needSandbox(t)
	big := strings.Repeat("x", 60<<10)
	prose := strings.Repeat("x ", 30<<10)
	for _, tc := range []struct {
		what, text string
		wants      []string
	}{
		{"an unknown name", "def start():\n    return " + big + "\n", []string{"rules.star:2:12", "undefined", "…"}},
		{"a failure", "fail(\"" + big + "\")\n", []string{"rules.star:1:5", "fail", "…"}},
		{"a failure in words", "fail(\"" + prose + "\")\n", []string{"rules.star:1:5", "fail", "…"}},
		{"a failure in clauses", "fail(\"" + strings.Repeat("x: x; ", 10<<10) + "\")\n", []string{"rules.star:1:5", "fail", "…"}},
		{"a parameter's name", "params = {\"" + big + "\": param(1)}\n", []string{"rules.star:1:", "min and max", "…"}},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rules", strings.NewReader(tc.text)))
		checkEcho(t, tc.what, errorOf(rec), tc.wants...)
	}
}
