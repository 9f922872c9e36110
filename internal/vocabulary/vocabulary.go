// Package vocabulary is the table of sente's JSON: every field with its
// type and every object with its fields, as README.md ("JSON output")
// documents them, and a checker of JSON against it. The command line's and
// the browser app's tests check what they write with it, so that the two
// speak one vocabulary.
package vocabulary

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Fields are every field of sente's JSON with its type, the same wherever
// the field appears. README.md ("JSON output") has the same table; a test
// of the command line keeps the two equal.
//
// Types: string, integer, number, boolean; T|null; array<T>; map<T> (an
// object whose keys are data, each value a T); and SHAPE, an object with
// the fields Shapes lists.
var Fields = map[string]string{
	// Games and positions.
	"game":                 "string",
	"name":                 "string",
	"summary":              "string",
	"title":                "string",
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
	"classes":              "integer",
	"whole_table":          "boolean",
	"every_position":       "boolean",
	"tiers":                "array<tier>",
	"tier":                 "integer",
	"nodes":                "integer",
	"table_bytes":          "integer",
	"from_book":            "integer",
	"book_plies":           "integer",
	"book_best_for":        "string",
	"margin":               "integer",
	"margin_remoteness":    "integer",
	"most_kept":            "array<string>",
	"margin_note":          "string",
	"margin_verdict":       "string",
	// The catalogue.
	"params":        "array<param>",
	"kind":          "string",
	"default":       "string",
	"min":           "integer",
	"max":           "integer",
	"choices":       "array<string>",
	"positional":    "boolean",
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
	"moves":         "array<move>",
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
	// value: a partizan position's worth in combinatorial game theory.
	"notation":           "string",
	"parts":              "array<part>",
	"canonical":          "string",
	"symbols":            "string",
	"outcome_class":      "string",
	"winner_left_first":  "string",
	"winner_right_first": "string",
	"mean":               "string",
	"temperature":        "string",
	"left_stop":          "string",
	"right_stop":         "string",
	"birthday":           "integer",
	"reduced":            "string",
	"atomic_weight":      "string",
	// value --misere: an impartial position's misère canonical form.
	"misere_parts":  "array<misere_part>",
	"cgsuite":       "string",
	"misere_grundy": "integer",
	"genus":         "string",
	// The browser app (GET /api/position, /api/games, POST /api/rules).
	"accepts":         "string",
	"impartial":       "boolean",
	"drawing":         "string",
	"verdict_for":     "map<string>",
	"why":             "string",
	"why_for":         "map<string>",
	"repetition":      "string",
	"status":          "string",
	"progress":        "progress",
	"phase":           "string",
	"done":            "integer",
	"total":           "integer",
	"queue":           "integer",
	"lane":            "string",
	"estimated_bytes": "integer",
	"bytes":           "integer",
	"seconds_left":    "integer",
	"board":           "board",
	"style":           "string",
	"cells":           "array<array<string>>",
	"row_labels":      "array<string>",
	"col_labels":      "array<string>",
	"gravity":         "boolean",
	"caption":         "string",
	"piece_set":       "string",
	"in_hand":         "array<array<string>>",
	"players":         "array<string>",
	"lines":           "array<array<array<integer>>>",
	"plays":           "array<board_move>",
	"from_cell":       "array<integer>",
	"to_cell":         "array<integer>",
	"from_hand":       "string",
	"remove_cell":     "array<integer>",
	"clicks":          "array<array<string>>",
	"hands":           "array<array<integer>>",
	"cards":           "array<card_hand>",
	"card_values":     "array<integer>",
	"played":          "array<boolean>",
	"card_moves":      "array<string>",
	"table_total":     "integer",
	"target_total":    "integer",
	"spec":            "string",
	"entry":           "catalogue_entry",
	"notice":          "string",
	"error":           "string",
	// tofu.
	"contest_answer": "string",
	"xor":            "integer",
	"blocks":         "array<block>",
	"size":           "array<integer>",
	"habaneros":      "array<array<integer>>",
	"heaps":          "array<integer>",
}

// BrowserOnly are the fields only the browser app writes: the command
// line's tests reach every other field, the browser app's these.
var BrowserOnly = []string{
	"accepts", "impartial", "drawing", "verdict_for", "why", "why_for", "repetition", "status", "progress", "phase", "done", "total",
	"queue", "lane", "estimated_bytes", "bytes", "seconds_left", "board", "style", "cells", "row_labels", "col_labels",
	"gravity", "caption", "piece_set", "in_hand", "players", "lines", "plays", "from_cell", "to_cell", "from_hand", "remove_cell", "clicks", "hands", "cards", "card_values", "played",
	"card_moves", "table_total", "target_total", "spec", "entry", "notice", "error", "margin_verdict",
}

// Enums are the fields whose strings come from a fixed set.
var Enums = map[string][]string{
	"turn":               {"first", "second"},
	"player":             {"first", "second"},
	"value":              {"win", "lose", "tie", "draw"},
	"winner":             {"first", "second", "none"},
	"kind":               {"int", "ints", "bool", "choice", "text"},
	"contest_answer":     {"WIN", "LOSE"},
	"status":             {"solving", "ready"},
	"style":              {"grid", "hands", "cards", "heaps", "points", "pits"},
	"piece_set":          {"dobutsu", "gobblet"},
	"lane":               {"small", "large", "rules-file", ""},
	"outcome_class":      {"L", "R", "N", "P"},
	"winner_left_first":  {"left", "right"},
	"winner_right_first": {"left", "right"},
}

// Shapes are the objects: their required fields, then (after |) the
// optional ones.
var Shapes = map[string]string{
	"catalogue_entry": "name title summary params",
	"description":     "name summary rules position_form start params policies examples",
	"param":           "name kind default accepts doc | min max choices positional",
	"policy":          "name doc",
	"solution":        "game position turn value winner remoteness restrict seconds | best_moves main_line positions symmetry_classes classes counts positions_per_second tiers whole_table method nodes table_bytes from_book book_plies book_best_for margin margin_remoteness most_kept margin_note",
	"tier":            "tier positions classes counts seconds | every_position",
	"move":            "move player remoteness position | value grundy grundy_infinite best words canonical symbols outcome_class temperature margin margin_remoteness",
	"row":             "position turn value winner remoteness move_count | grundy grundy_infinite best_moves",
	"sequence":        "game param from to results period | conjecture searched_to",
	"sweep":           "game results patterns patterns_are",
	"result":          "param_values | turn value winner grundy grundy_infinite method skipped reason game canonical symbols outcome_class mean temperature",
	"worth_sequence":  "game param from to results",
	"period":          "from length proven proof",
	"story":           "position turn ended value winner remoteness verdict line line_end moves moves_summary | summary last_move last_player assumes strategy chance margin margin_remoteness most_kept margin_note",
	"step":            "ply player move position",
	"strategy":        "player words | answer opening winning rule target",
	"target":          "form features condition checked checked_from words check | modulus residues",
	"rule":            "form words checked fastest | c",
	"chance":          "player ply at mistakes words",
	"mistake":         "move words replies sentence | strategy",
	"position_info":   "game name start position turn ended remoteness impartial verdict moves status | summary rules position_form drawing board value winner grundy grundy_infinite verdict_for why why_for repetition progress positions canonical symbols outcome_class winner_left_first winner_right_first mean temperature parts reason margin margin_remoteness most_kept margin_note margin_verdict",
	"progress":        "phase done total queue lane estimated_bytes bytes seconds_left",
	"board":           "style plays table_total target_total | cells row_labels col_labels gravity caption piece_set in_hand players lines clicks hands cards",
	"board_move":      "move to_cell | from_cell from_hand remove_cell",
	"card_hand":       "card_values played card_moves",
	"rules_file":      "spec entry | notice",
	"error_answer":    "error",
	"worth":           "parts canonical symbols outcome_class winner_left_first winner_right_first verdict words mean temperature left_stop right_stop birthday reduced | game position notation atomic_weight",
	"part":            "position canonical symbols outcome_class temperature",
	"misere_worth":    "misere_parts canonical cgsuite outcome_class verdict words birthday grundy misere_grundy genus | game position notation",
	"misere_part":     "position canonical outcome_class genus",
	"tofu":            "contest_answer winner xor blocks",
	"block":           "size habaneros heaps xor",
}

// Check reports where v, decoded by encoding/json into any, departs from
// the type typ: a missing required field, a field the vocabulary does not
// know or the shape does not allow, or a value of the wrong JSON type. It
// records in seen (when not nil) the fields it met.
func Check(v any, typ, path string, seen map[string]bool) []string {
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
			errs = append(errs, Check(x, strings.TrimSuffix(inner, ">"), fmt.Sprintf("%s[%d]", path, i), seen)...)
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
			errs = append(errs, Check(x, strings.TrimSuffix(inner, ">"), path+"."+k, seen)...)
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
		shape, known := Shapes[typ]
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
			ftype, inVocabulary := Fields[k]
			switch {
			case !inVocabulary:
				errs = append(errs, fmt.Sprintf("%s: field %q is not in the JSON vocabulary", path, k))
			case !slices.Contains(allowed, k):
				errs = append(errs, fmt.Sprintf("%s: field %q does not belong in %s", path, k, typ))
			default:
				if seen != nil {
					seen[k] = true
				}
				errs = append(errs, Check(x, ftype, path+"."+k, seen)...)
				if s, ok := x.(string); ok && Enums[k] != nil && !slices.Contains(Enums[k], s) {
					errs = append(errs, fmt.Sprintf("%s.%s: %q, want one of %v", path, k, s, Enums[k]))
				}
			}
		}
		return errs
	}
	return nil
}

func describeJSON(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 40 {
		b = append(b[:40], "..."...)
	}
	return string(b)
}
