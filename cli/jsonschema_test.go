package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/internal/vocabulary"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// seenFields are the fields TestJSONSchema's commands wrote, so that it can
// tell that they reach every field of the vocabulary the command line
// writes.
var seenFields = map[string]bool{}

// checkJSON checks v against the vocabulary (internal/vocabulary), noting
// the fields met.
func checkJSON(v any, typ, path string) []string {
	return vocabulary.Check(v, typ, path, seenFields)
}

// TestJSONSchema runs every command that writes JSON, on games that reach
// every corner of the vocabulary (draws, restrictions, impartial and loopy
// impartial games, text parameters), and checks the output against it.
func TestJSONSchema(t *testing.T) {
	clear(seenFields)
	loopy := "testdata/rules/loopyimp.star"
	tables := t.TempDir()
	// Opening books, which an answer by search reads (from_book): of
	// every position, and of one player's lines (book_best_for).
	books, lines := t.TempDir(), t.TempDir()
	if r := runCLI(t, context.Background(), "", "book", "tictactoe", "--plies", "2", "--store", books); r.status != 0 {
		t.Fatalf("sente book: status %d, %s", r.status, r.stderr)
	}
	if r := runCLI(t, context.Background(), "", "book", "tictactoe", "--plies", "2", "--best-for", "first", "--store", lines); r.status != 0 {
		t.Fatalf("sente book --best-for first: status %d, %s", r.status, r.stderr)
	}
	tests := []struct {
		typ  string
		args []string
	}{
		{"array<catalogue_entry>", []string{"list", "--json"}},
		{"description", []string{"describe", "chopsticks", "--json"}},
		{"description", []string{"describe", "octal", "--json"}},
		{"description", []string{"describe", loopy, "--json"}},
		{"solution", []string{"solve", "cards", "--json"}},
		{"solution", []string{"solve", "connect4:w=4,h=3", "--engine", "tiers", "--json"}},
		// A position of a stored game that reaches too many positions to
		// count on the way: the counts are the whole table's.
		{"solution", []string{"solve", "connect4:w=5,h=4", "--engine", "tiers", "--store", tables, "--json"}},
		{"solution", []string{"solve", "connect4:w=5,h=4", "--from", "3", "--store", tables, "--json"}},
		{"solution", []string{"solve", "chopsticks", "--from", "4,4 4,3 first", "--restrict", "second=niece", "--json"}},
		// A solve from the start that takes tiers whole from the tables
		// of every position stored beside.
		{"solution", []string{"solve", "tictactoe", "--every-position", "--from", "xo./.x./...", "--store", tables, "--json"}},
		{"solution", []string{"solve", "tictactoe", "--engine", "tiers", "--store", tables, "--json"}},
		{"solution", []string{"solve", "../examples/loopy.star", "--json"}},
		// An answer by search: no counts, its nodes and table instead.
		{"solution", []string{"solve", "connect4:w=4,h=4", "--engine", "search", "--json"}},
		{"solution", []string{"solve", "tictactoe", "--engine", "search", "--store", books, "--json"}},
		{"solution", []string{"solve", "tictactoe", "--engine", "search", "--store", lines, "--json"}},
		{"solution", []string{"solve", loopy, "--json"}},
		// A game that ends in a score: its margin on either engine, and
		// the note that says why the tables of one whose play can come
		// back to a position hold none.
		{"solution", []string{"solve", "../examples/kalah.star:pits=2,seeds=2", "--engine", "hash", "--json"}},
		{"solution", []string{"solve", "../examples/kalah.star:pits=2,seeds=2", "--engine", "tiers", "--store", tables, "--json"}},
		{"solution", []string{"solve", "testdata/rules/scoredloop.star", "--engine", "tiers", "--store", tables, "--json"}},
		{"array<move>", []string{"moves", "../examples/kalah.star:pits=2,seeds=2", "--engine", "hash", "--json"}},
		{"story", []string{"explain", "../examples/kalah.star:pits=2,seeds=2", "--engine", "hash", "--json"}},
		{"array<move>", []string{"moves", "cards", "1/-", "--json"}},
		{"array<move>", []string{"moves", "nim:heaps=1/2/3", "--json"}},
		{"array<move>", []string{"moves", loopy, "--json"}},
		{"array<move>", []string{"moves", "../examples/loopy.star", "--json"}},
		{"array<row>", []string{"table", "nim:heaps=1/2", "--best", "--format", "json"}},
		{"array<row>", []string{"table", loopy, "--format", "json"}},
		{"lines<row>", []string{"table", "chopsticks", "--from", "4,4 4,3 first", "--restrict", "second=niece", "--format", "jsonl"}},
		{"lines<row>", []string{"table", loopy, "--best", "--format", "jsonl"}},
		{"sequence", []string{"grundy", "subtraction", "--param", "n=0..12", "--json"}},
		{"sequence", []string{"grundy", "count", "--param", "start=1..9", "--json"}},
		{"sequence", []string{"grundy", loopy, "--param", "loops=0..1", "--json"}},
		{"sweep", []string{"sweep", "count", "--param", "lose=1..9", "--json"}},
		{"sweep", []string{"sweep", "count", "--param", "lose=1..5", "--param", "most=1..3", "--grundy", "--json"}},
		{"sweep", []string{"sweep", "tictactoe:m=3,n=3", "--param", "k=2..3", "--json"}},
		{"sweep", []string{"sweep", "tictactoe:n=3", "--param", "m=2..3", "--param", "k=3..4", "--json"}},
		{"sweep", []string{"sweep", loopy, "--param", "loops=0..1", "--json"}},
		{"story", []string{"explain", "cards", "--json"}},
		{"story", []string{"explain", "cards", "1/-", "--json"}},
		{"story", []string{"explain", "count", "--json"}},
		{"story", []string{"explain", "tictactoe", "--json"}},
		{"story", []string{"explain", "chopsticks", "4,4 4,3 first", "--restrict", "second=niece", "--json"}},
		{"story", []string{"explain", "../examples/loopy.star", "--json"}},
		{"tofu", []string{"tofu", "--json", "../games/testdata/tofu_3.in"}},
		{"worth", []string{"value", "domineering:board=..#.../..#.../####.#/#..#.#", "--json"}},
		{"worth", []string{"value", "{0|*||*}", "--json"}},
		{"misere_worth", []string{"value", "nim:heaps=1/2/3", "--misere", "--json"}},
		{"misere_worth", []string{"value", "*2+*2", "--misere", "--json"}},
		{"worth_sequence", []string{"value", "domineering:h=2", "--param", "w=1..4", "--json"}},
		{"array<result>", []string{"value", "domineering:h=2", "--param", "w=1..4", "--format", "json"}},
		{"lines<result>", []string{"value", "domineering:w=3", "--param", "h=1..3", "--format", "jsonl"}},
		{"worth_sequence", []string{"value", "domineering", "--regions", "4", "--json"}},
		{"lines<result>", []string{"value", "domineering", "--regions", "3..4", "--format", "jsonl"}},
	}
	// What a command may say on stderr beside its JSON: what it took
	// from the store.
	notes := map[string]string{
		"solve tictactoe --engine tiers --store " + tables + " --json": "tiers taken whole from its tables of every position",
	}
	for _, tt := range tests {
		name := strings.Join(tt.args, " ")
		t.Run(name, func(t *testing.T) {
			if slices.Contains(tt.args, "connect4:w=5,h=4") {
				testmode.SkipShort(t, "connect four 5×4's tables, two CPU-seconds (the field whole_table)")
			}
			r := runCLI(t, context.Background(), "", tt.args...)
			// A solve that stores tables says where they went.
			r.stderr = storedLine.ReplaceAllString(r.stderr, "")
			if note := notes[name]; r.status != 0 || r.stderr != "" && (note == "" || !strings.Contains(r.stderr, note)) {
				t.Fatalf("status %d, stderr %q", r.status, r.stderr)
			}
			var docs []any
			typ := tt.typ
			if inner, ok := strings.CutPrefix(typ, "lines<"); ok {
				typ = strings.TrimSuffix(inner, ">")
				in := bufio.NewScanner(strings.NewReader(r.stdout))
				for in.Scan() {
					var v any
					if err := json.Unmarshal(in.Bytes(), &v); err != nil {
						t.Fatalf("line %q: %v", in.Text(), err)
					}
					docs = append(docs, v)
				}
			} else {
				var v any
				if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
					t.Fatalf("not JSON: %v\n%s", err, r.stdout)
				}
				docs = append(docs, v)
			}
			for i, v := range docs {
				for _, e := range checkJSON(v, typ, fmt.Sprintf("$%d", i)) {
					t.Error(e)
				}
			}
		})
	}
	if !t.Failed() {
		for name := range vocabulary.Fields {
			if !seenFields[name] && !slices.Contains(vocabulary.BrowserOnly, name) && !(testing.Short() && name == "whole_table") {
				t.Errorf("no command above wrote the field %q: the test misses part of the vocabulary", name)
			}
		}
	}
}

// TestJSONChecker: the checker itself catches what it is for.
func TestJSONChecker(t *testing.T) {
	tests := []struct {
		doc, typ string
		want     string // in the first error; "" for none
	}{
		{`{"move":"a","player":"first","value":"win","remoteness":3,"position":"p"}`, "move", ""},
		{`{"move":"a","player":"first","value":"draw","remoteness":null,"position":"p","grundy":null,"grundy_infinite":[]}`, "move", ""},
		{`{"move":"a","player":"first","value":"win","position":"p"}`, "move", `no field "remoteness"`},
		{`{"move":"a","player":"first","value":"win","remoteness":3,"position":"p","plies":3}`, "move", `"plies" is not in the JSON vocabulary`},
		{`{"move":"a","player":"first","value":"win","remoteness":3,"position":"p","ended":true}`, "move", `"ended" does not belong in move`},
		{`{"move":"a","player":"first","value":"win","remoteness":3,"position":"p","grundy":"3"}`, "move", "want a whole number"},
		{`{"move":"a","player":"first","value":"win","remoteness":2.5,"position":"p"}`, "move", "want a whole number"},
		{`{"move":"a","player":"third","value":"win","remoteness":1,"position":"p"}`, "move", "want one of"},
		{`{"name":"code","kind":"","default":"0.77","accepts":"a","doc":"d"}`, "param", "want one of"},
		{`[{"move":"a","player":"first","value":"win","remoteness":1,"position":1}]`, "array<move>", "want a string"},
		{`{"a":1,"b":"2"}`, "map<integer>", "want a whole number"},
	}
	for _, tt := range tests {
		var v any
		if err := json.Unmarshal([]byte(tt.doc), &v); err != nil {
			t.Fatal(err)
		}
		errs := checkJSON(v, tt.typ, "$")
		switch {
		case tt.want == "" && len(errs) > 0:
			t.Errorf("%s: %v, want no error", tt.doc, errs)
		case tt.want != "" && (len(errs) == 0 || !strings.Contains(errs[0], tt.want)):
			t.Errorf("%s: %v, want an error with %q", tt.doc, errs, tt.want)
		}
	}
}

var readmeRow = regexp.MustCompile("^\\| `([a-z_]+)` \\| `([^`]+)` \\|")

// storedLine is the line on stderr of a solve that stored tables.
var storedLine = regexp.MustCompile(`(?m)^sente: \S+: tables stored in .*\n`)

// TestJSONVocabularyInReadme: README's table of the JSON vocabulary lists
// exactly the fields above, with the same types.
func TestJSONVocabularyInReadme(t *testing.T) {
	text, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]string{}
	for _, line := range strings.Split(string(text), "\n") {
		if m := readmeRow.FindStringSubmatch(line); m != nil {
			// A | inside a table cell is written \|.
			documented[m[1]] = strings.ReplaceAll(m[2], `\|`, "|")
		}
	}
	for name, typ := range vocabulary.Fields {
		switch got, ok := documented[name]; {
		case !ok:
			t.Errorf("README does not document the JSON field %q (%s)", name, typ)
		case got != typ:
			t.Errorf("README gives the JSON field %q the type %s; the schema says %s", name, got, typ)
		}
	}
	for name := range documented {
		if _, ok := vocabulary.Fields[name]; !ok {
			t.Errorf("README documents a JSON field %q that no command writes", name)
		}
	}
}
