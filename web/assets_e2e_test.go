package web

import (
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// header is the value of the response header name, whatever its case.
func header(h network.Headers, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			s, _ := v.(string)
			return s
		}
	}
	return ""
}

// TestBrowserAssets loads the page in Chromium as a first visit and
// watches the network: nothing fails or is missing (the icon included),
// the page and its assets arrive gzip-compressed, and each asset by a
// hashed URL cached for a year.
func TestBrowserAssets(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})

	var mu sync.Mutex
	responses := map[network.RequestID]*network.Response{}
	finished := map[network.RequestID]float64{} // bytes over the wire
	var failed []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventResponseReceived:
			responses[ev.RequestID] = ev.Response
		case *network.EventLoadingFinished:
			finished[ev.RequestID] = ev.EncodedDataLength
		case *network.EventLoadingFailed:
			finished[ev.RequestID] = 0
			if !ev.Canceled { // the page drops a poll it no longer needs
				failed = append(failed, fmt.Sprintf("%s %s", ev.Type, ev.ErrorText))
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, base+"/?game=nim")
	waitJS(t, ctx, "nim's moves", `document.querySelectorAll("#moves button.move").length > 0`)
	// Headless Chromium does not ask for icons by itself: ask as a tab does.
	icons, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Promise.all([document.querySelector('link[rel="icon"]')?.href ?? "/static/favicon.svg", "/favicon.ico"].map((u) => fetch(u).then((r) => r.status))).then((s) => s.join(","))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if icons != "200,200" {
		t.Errorf("the icons answer %s", icons)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		mu.Lock()
		done := len(finished) >= len(responses)
		mu.Unlock()
		if done || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}

	mu.Lock()
	defer mu.Unlock()
	for _, f := range failed {
		t.Errorf("a request failed: %s", f)
	}
	var assets int
	var wire float64
	for id, r := range responses {
		u, err := url.Parse(r.URL)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status >= 400 {
			t.Errorf("%s: %d", u.RequestURI(), r.Status)
		}
		encoding, cache := header(r.Headers, "Content-Encoding"), header(r.Headers, "Cache-Control")
		switch {
		case u.Path == "/":
			wire += finished[id]
			if encoding != "gzip" || cache != "no-cache" {
				t.Errorf("the page: Content-Encoding %q, Cache-Control %q", encoding, cache)
			}
		case strings.HasPrefix(u.Path, "/static/"):
			wire += finished[id]
			assets++
			if u.Query().Get("v") == "" || cache != "public, max-age=31536000, immutable" {
				t.Errorf("%s: Cache-Control %q", u.RequestURI(), cache)
			}
			if encoding != "gzip" && !strings.HasSuffix(u.Path, ".svg") {
				t.Errorf("%s: Content-Encoding %q", u.RequestURI(), encoding)
			}
		case u.Path == "/favicon.ico":
			wire += finished[id]
		}
	}
	if assets < 5 {
		t.Errorf("%d assets loaded, want two style sheets, two scripts and the icon", assets)
	}
	t.Logf("a first load: %.0f bytes over the wire for the page, its assets and /favicon.ico, headers included", wire)
}
