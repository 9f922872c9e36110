package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// request is one request of the tests of hosts and origins.
type request struct {
	method, path, host string
	header             map[string]string
}

func (rq request) do(h http.Handler) *httptest.ResponseRecorder {
	var body *strings.Reader
	if rq.method == "POST" {
		body = strings.NewReader("def start():\n    return 0\n\ndef moves(p):\n    return []\n\ndef turn(p):\n    return \"first\"\n")
	} else {
		body = strings.NewReader("")
	}
	req := httptest.NewRequest(rq.method, rq.path, body)
	req.Host = rq.host
	for k, v := range rq.header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestHosts: the server answers as localhost (and names under .localhost)
// and any IP address by default, and as the names configured besides
// (sente serve --host-name), with a port or without; a request for any
// other host, as a page of another site whose name was made to point at
// this machine (DNS rebinding) makes with an Origin that matches it, is
// refused, whatever it asks, before it starts anything.
func TestHosts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hosts []string
		host  string
		ok    bool
	}{
		{"localhost", nil, "localhost:8080", true},
		{"localhost without a port", nil, "localhost", true},
		{"localhost in capitals, with a final dot", nil, "LocalHost.:8080", true},
		{"a name under localhost", nil, "sente.localhost:8080", true},
		{"loopback IPv4", nil, "127.0.0.1:8080", true},
		{"another loopback IPv4", nil, "127.0.0.2:8080", true},
		{"loopback IPv6", nil, "[::1]:8080", true},
		{"an IP address of the machine", nil, "192.168.1.5:8080", true},
		{"no Host (HTTP/1.0)", nil, "", true},
		{"a name, by default", nil, "sente.example.org:8080", false},
		{"a rebound name", nil, "evil.example:8080", false},
		{"a name like localhost", nil, "localhost.evil.example", false},
		{"a name ending like localhost", nil, "evillocalhost:8080", false},
		{"a name configured", []string{"sente.example.org"}, "sente.example.org:8080", true},
		{"a name configured, in capitals", []string{"Sente.Example.Org"}, "sente.example.org", true},
		{"a name under a pattern", []string{"*.lan"}, "box.lan:8080", true},
		{"the pattern's own name", []string{"*.lan"}, "lan:8080", false},
		{"another name, with names configured", []string{"sente.example.org", "*.lan"}, "evil.example:8080", false},
		{"localhost, with names configured", []string{"sente.example.org"}, "localhost:8080", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(Config{Hosts: tc.hosts, Logf: t.Logf})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			h := s.Handler()
			// A browser's requests, whose Origin names the host.
			same := map[string]string{"Origin": "http://" + tc.host, "Sec-Fetch-Site": "same-origin"}
			if tc.host == "" {
				same = nil
			}
			for _, rq := range []request{
				{"GET", "/", tc.host, nil},
				{"GET", "/api/games", tc.host, nil},
				{"GET", "/api/position?game=nim:heaps=1/2", tc.host, same},
				{"POST", "/api/rules", tc.host, same},
			} {
				rec := rq.do(h)
				if refused := rec.Code == http.StatusForbidden; refused == tc.ok {
					t.Errorf("%s %s for host %q: status %d %.200s", rq.method, rq.path, tc.host, rec.Code, rec.Body)
				}
				if !tc.ok && !strings.Contains(rec.Body.String(), "--host-name") {
					t.Errorf("%s %s for host %q: %.200s; want it to say how to add a name", rq.method, rq.path, tc.host, rec.Body)
				}
			}
			if !tc.ok && s.Solves() != 0 {
				t.Errorf("host %q: %d solves started", tc.host, s.Solves())
			}
		})
	}
}

// TestOrigins: an API call that a browser says comes from another site
// (Sec-Fetch-Site), or, from a browser that does not say, whose Origin is
// not the server's own, is refused; the page itself, and calls of the
// app's own page or of no page at all, are answered.
func TestOrigins(t *testing.T) {
	s := newTestServer(t, Config{})
	h := s.Handler()
	const host = "localhost:8080"
	for _, tc := range []struct {
		name   string
		rq     request
		status int
	}{
		{"no page (curl)", request{"GET", "/api/games", host, nil}, 200},
		{"the app's page", request{"GET", "/api/games", host, map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost:8080"}}, 200},
		{"the app's page, by Origin alone", request{"GET", "/api/games", host, map[string]string{"Origin": "http://localhost:8080"}}, 200},
		{"the app's page, by Origin in capitals", request{"GET", "/api/games", host, map[string]string{"Origin": "http://LOCALHOST:8080"}}, 200},
		{"another site, by Sec-Fetch-Site", request{"GET", "/api/position?game=nim:heaps=1/2", host, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "http://evil.example"}}, 403},
		{"another site, by Origin alone", request{"GET", "/api/position?game=nim:heaps=1/2", host, map[string]string{"Origin": "http://evil.example"}}, 403},
		{"another port, by Origin alone", request{"GET", "/api/games", host, map[string]string{"Origin": "http://localhost:9999"}}, 403},
		{"an opaque origin", request{"GET", "/api/games", host, map[string]string{"Origin": "null"}}, 403},
		{"a post from another site, by Origin alone", request{"POST", "/api/rules", host, map[string]string{"Origin": "http://evil.example"}}, 403},
		{"a post from another site, same-site", request{"POST", "/api/rules", host, map[string]string{"Sec-Fetch-Site": "same-site"}}, 403},
		{"the page, linked from another site", request{"GET", "/", host, map[string]string{"Sec-Fetch-Site": "cross-site"}}, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if rec := tc.rq.do(h); rec.Code != tc.status {
				t.Errorf("status %d %.200s; want %d", rec.Code, rec.Body, tc.status)
			}
		})
	}
	if n := s.Solves(); n != 0 {
		t.Errorf("%d solves started by refused calls", n)
	}
}

// TestCheckHostName: the names sente serve --host-name takes.
func TestCheckHostName(t *testing.T) {
	for _, name := range []string{"sente.example.org", "box", "*.lan", "Sente.Example.Org."} {
		if err := CheckHostName(name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
	for _, name := range []string{"", "*.", "http://sente.example.org", "sente.example.org:8080", "a b", "a/b", ".lan", "a..b", "*"} {
		if err := CheckHostName(name); err == nil {
			t.Errorf("%q: accepted", name)
		}
	}
}
