package web

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"unicode"
)

// noControl fails unless every string of the JSON body is free of control
// characters and of the marks that reorder text.
func noControl(t *testing.T, what string, body []byte) {
	t.Helper()
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("%s: %v: %.300s", what, err, body)
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			for _, r := range v {
				if unicode.IsControl(r) || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 {
					t.Errorf("%s: %q holds the control character %U", what, v, r)
					return
				}
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for k, x := range v {
				walk(k)
				walk(x)
			}
		}
	}
	walk(v)
}

// TestRulesFileControlCharacters: a pasted rules file whose move names,
// position text, board labels, descriptions, parameter and policy docs
// and error messages carry escape sequences and other control characters
// reaches the page with every one of them escaped (\x1b), and a position
// written so is read back.
func TestRulesFileControlCharacters(t *testing.T) {
	needSandbox(t)
	s := newTestServer(t, Config{})
	h := s.Handler()
	src, err := os.ReadFile("testdata/control.star")
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rules", strings.NewReader(string(src))))
	if rec.Code != 200 {
		t.Fatalf("pasting: %d %s", rec.Code, rec.Body)
	}
	noControl(t, "POST /api/rules", rec.Body.Bytes())
	var pasted struct{ Spec string }
	json.Unmarshal(rec.Body.Bytes(), &pasted)
	info := ready(t, h, pasted.Spec, "")
	if len(info.Moves) != 2 || info.Moves[0].Move != `take\x1b[2J\x1b[31m2` || info.Moves[0].Position != `\x1b[2J0\rsecond` {
		t.Fatalf("moves %+v; want two, the first take\\x1b[2J\\x1b[31m2 to \\x1b[2J0\\rsecond", info.Moves)
	}
	for _, pos := range []string{"", info.Moves[1].Position, "garbage"} {
		_, _, body := get(t, h, "/api/position?game="+url.QueryEscape(pasted.Spec)+"&pos="+url.QueryEscape(pos))
		noControl(t, "the position "+pos, []byte(body))
	}
	next := ready(t, h, pasted.Spec, info.Moves[1].Position)
	if next.Position != info.Moves[1].Position || len(next.Moves) != 1 {
		t.Errorf("the position %q read back as %q, with moves %+v", info.Moves[1].Position, next.Position, next.Moves)
	}
}
