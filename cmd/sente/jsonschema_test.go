package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// vocabulary is every field of every command's JSON with its type, the
// same wherever the field appears. README.md ("JSON output") has the same
// table; TestJSONVocabularyInReadme keeps the two equal.
//
// Types: string, integer, number, boolean; T|null; array<T>; map<T> (an
// object whose keys are data, each value a T); and SHAPE, an object with
// the fields shapes lists.
var vocabulary = map[string]string{
	// Games and positions.
	"game":                 "string",
	"name":                 "string",
	"summary":              "string",
	"position":             "string",
	"turn":                 "string",
	"value":                "string",
	"winner":               "string",
	"remoteness":           "integer|null",
	"grundy":               "integer|null",
	"grundy_infinite":      "array<integer>",
	"move":                 "string",
	"player":               "string",
	"ended":                "boolean",
	"verdict":              "string",
	"move_count":           "integer",
	"best_moves":           "array<string>",
	"main_line":            "array<move>",
	"restrict":             "map<string>",
	"positions":            "integer",
	"counts":               "map<integer>",
	"seconds":              "number",
	"positions_per_second": "number",
	"symmetry_classes":     "boolean",
	"tiers":                "array<tier>",
	"tier":                 "integer",
	// The catalogue.
	"params":        "array<param>",
	"kind":          "string",
	"default":       "string",
	"min":           "integer",
	"max":           "integer",
	"choices":       "array<string>",
	"doc":           "string",
	"rules":         "string",
	"position_form": "string",
	"start":         "string",
	"policies":      "array<policy>",
	"examples":      "array<string>",
	// Parameters varied: grundy and sweep.
	"param":        "string",
	"from":         "integer",
	"to":           "integer",
	"results":      "array<result>",
	"param_values": "map<integer>",
	"method":       "string",
	"period":       "period|null",
	"length":       "integer",
	"proven":       "boolean",
	"proof":        "string",
	"conjecture":   "string",
	"searched_to":  "integer",
	"skipped":      "boolean",
	"reason":       "string",
	"patterns":     "array<string>",
	"patterns_are": "string",
	// explain.
	"last_move":     "string",
	"last_player":   "string",
	"assumes":       "array<string>",
	"line":          "array<step>",
	"ply":           "integer",
	"line_end":      "string",
	"moves":         "array<story_move>",
	"words":         "string",
	"best":          "boolean",
	"moves_summary": "string",
	"strategy":      "strategy",
	"target":        "target",
	"features":      "array<string>",
	"modulus":       "integer",
	"residues":      "array<integer>",
	"condition":     "string",
	"checked_from":  "string",
	"check":         "string",
	"answer":        "string",
	"opening":       "string",
	"winning":       "array<string>",
	"rule":          "rule",
	"form":          "string",
	"c":             "integer",
	"checked":       "integer",
	"fastest":       "boolean",
	"chance":        "chance",
	"at":            "string",
	"mistakes":      "array<mistake>",
	"replies":       "array<string>",
	"sentence":      "string",
	// tofu.
	"contest_answer": "string",
	"xor":            "integer",
	"blocks":         "array<block>",
	"size":           "array<integer>",
	"habaneros":      "array<array<integer>>",
	"heaps":          "array<integer>",
}

// enums are the fields whose strings come from a fixed set.
var enums = map[string][]string{
	"turn":           {"first", "second"},
	"player":         {"first", "second"},
	"value":          {"win", "lose", "tie", "draw"},
	"winner":         {"first", "second", "none"},
	"kind":           {"int", "ints", "bool", "choice", "text"},
	"contest_answer": {"WIN", "LOSE"},
}

// shapes are the objects: their required fields, then (after |) the
// optional ones.
var shapes = map[string]string{
	"catalogue_entry": "name summary params",
	"description":     "name summary rules position_form start params policies examples",
	"param":           "name kind default doc | min max choices",
	"policy":          "name doc",
	"solution":        "game position turn value winner remoteness best_moves main_line restrict positions symmetry_classes counts seconds positions_per_second | tiers",
	"tier":            "tier positions counts seconds",
	"move":            "move player value remoteness position | grundy grundy_infinite",
	"row":             "position turn value winner remoteness move_count | grundy grundy_infinite best_moves",
	"sequence":        "game param from to results period | conjecture searched_to",
	"sweep":           "game results patterns patterns_are",
	"result":          "param_values | turn value winner grundy grundy_infinite method skipped reason",
	"period":          "from length proven proof",
	"story":           "position turn ended value winner remoteness verdict line line_end moves moves_summary | summary last_move last_player assumes strategy chance",
	"step":            "ply player move position",
	"story_move":      "move value remoteness words best",
	"strategy":        "player words | answer opening winning rule target",
	"target":          "form features condition checked checked_from words check | modulus residues",
	"rule":            "form words checked fastest | c",
	"chance":          "player ply at mistakes words",
	"mistake":         "move words replies sentence | strategy",
	"tofu":            "contest_answer winner xor blocks",
	"block":           "size habaneros heaps xor",
}

// checkJSON reports where v departs from the type typ: a missing required
// field, a field the vocabulary does not know or the shape does not allow,
// or a value of the wrong JSON type.
func checkJSON(v any, typ, path string) []string {
	if alt, rest, ok := strings.Cut(typ, "|"); ok {
		if v == nil && rest == "null" {
			return nil
		}
		typ = alt
	}
	bad := func(format string, args ...any) []string {
		return []string{path + ": " + fmt.Sprintf(format, args...)}
	}
	if inner, ok := strings.CutPrefix(typ, "array<"); ok {
		list, ok := v.([]any)
		if !ok {
			return bad("%s, want an array", describeJSON(v))
		}
		var errs []string
		for i, x := range list {
			errs = append(errs, checkJSON(x, strings.TrimSuffix(inner, ">"), fmt.Sprintf("%s[%d]", path, i))...)
		}
		return errs
	}
	if inner, ok := strings.CutPrefix(typ, "map<"); ok {
		obj, ok := v.(map[string]any)
		if !ok {
			return bad("%s, want an object", describeJSON(v))
		}
		var errs []string
		for k, x := range obj {
			errs = append(errs, checkJSON(x, strings.TrimSuffix(inner, ">"), path+"."+k)...)
		}
		return errs
	}
	switch typ {
	case "string":
		if _, ok := v.(string); !ok {
			return bad("%s, want a string", describeJSON(v))
		}
	case "number":
		if _, ok := v.(float64); !ok {
			return bad("%s, want a number", describeJSON(v))
		}
	case "integer":
		if n, ok := v.(float64); !ok || n != float64(int64(n)) {
			return bad("%s, want a whole number", describeJSON(v))
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return bad("%s, want true or false", describeJSON(v))
		}
	default:
		shape, known := shapes[typ]
		if !known {
			return bad("the schema has no type %q", typ)
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return bad("%s, want an object (%s)", describeJSON(v), typ)
		}
		required, optional, _ := strings.Cut(shape, "|")
		var errs []string
		for _, f := range strings.Fields(required) {
			if _, ok := obj[f]; !ok {
				errs = append(errs, fmt.Sprintf("%s: no field %q (required in %s)", path, f, typ))
			}
		}
		allowed := append(strings.Fields(required), strings.Fields(optional)...)
		for k, x := range obj {
			ftype, inVocabulary := vocabulary[k]
			switch {
			case !inVocabulary:
				errs = append(errs, fmt.Sprintf("%s: field %q is not in the JSON vocabulary", path, k))
			case !slices.Contains(allowed, k):
				errs = append(errs, fmt.Sprintf("%s: field %q does not belong in %s", path, k, typ))
			default:
				seenFields[k] = true
				errs = append(errs, checkJSON(x, ftype, path+"."+k)...)
				if s, ok := x.(string); ok && enums[k] != nil && !slices.Contains(enums[k], s) {
					errs = append(errs, fmt.Sprintf("%s.%s: %q, want one of %v", path, k, s, enums[k]))
				}
			}
		}
		return errs
	}
	return nil
}

// seenFields are the fields checkJSON has met, so that TestJSONSchema can
// tell that its commands reach every field of the vocabulary.
var seenFields = map[string]bool{}

func describeJSON(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 40 {
		b = append(b[:40], "..."...)
	}
	return string(b)
}

// TestJSONSchema runs every command that writes JSON, on games that reach
// every corner of the vocabulary (draws, restrictions, impartial and loopy
// impartial games, text parameters), and checks the output against it.
func TestJSONSchema(t *testing.T) {
	clear(seenFields)
	loopy := "testdata/rules/loopyimp.star"
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
		{"solution", []string{"solve", "chopsticks", "--from", "4,4 4,3 first", "--restrict", "second=niece", "--json"}},
		{"solution", []string{"solve", "../../examples/loopy.star", "--json"}},
		{"solution", []string{"solve", loopy, "--json"}},
		{"array<move>", []string{"moves", "cards", "1/-", "--json"}},
		{"array<move>", []string{"moves", "nim:heaps=1/2/3", "--json"}},
		{"array<move>", []string{"moves", loopy, "--json"}},
		{"array<move>", []string{"moves", "../../examples/loopy.star", "--json"}},
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
		{"story", []string{"explain", "../../examples/loopy.star", "--json"}},
		{"tofu", []string{"tofu", "--json", "../../games/testdata/tofu_3.in"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runCLI(t, context.Background(), "", tt.args...)
			if r.status != 0 || r.stderr != "" {
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
		for name := range vocabulary {
			if !seenFields[name] {
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
		{`{"name":"code","kind":"","default":"0.77","doc":"d"}`, "param", "want one of"},
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

// TestJSONVocabularyInReadme: README's table of the JSON vocabulary lists
// exactly the fields above, with the same types.
func TestJSONVocabularyInReadme(t *testing.T) {
	text, err := os.ReadFile("../../README.md")
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
	for name, typ := range vocabulary {
		switch got, ok := documented[name]; {
		case !ok:
			t.Errorf("README does not document the JSON field %q (%s)", name, typ)
		case got != typ:
			t.Errorf("README gives the JSON field %q the type %s; the schema says %s", name, got, typ)
		}
	}
	for name := range documented {
		if _, ok := vocabulary[name]; !ok {
			t.Errorf("README documents a JSON field %q that no command writes", name)
		}
	}
}
