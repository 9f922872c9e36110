package games_test

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
)

// fuzzSpecs are the games FuzzParsePosition reads positions of: every
// family with default parameters, and some others.
func fuzzSpecs() []string {
	var specs []string
	for _, f := range games.All() {
		specs = append(specs, f.Name)
	}
	return append(specs,
		"connect4:w=5,h=4",
		"tictactoe:m=3,n=4,k=3",
		"quixo:n=3",
		"quixo:n=4,k=3",
		"teeko:n=4,pieces=3,variant=advanced",
		"chopsticks:overflow=cutoff,transfer=split,revive=true",
		"cards:first=1/2/2,second=3/3,target=7",
		"dobutsu:pieces=chicks,try=safe,fardrop=false",
		"hackenbush:graph=0-1L,1-2R,2-0L,2-3R,3-3L,0-0R",
	)
}

type fuzzGame struct {
	spec string
	g    sente.Game
}

func fuzzGames(f *testing.F) []fuzzGame {
	var list []fuzzGame
	for _, spec := range fuzzSpecs() {
		g, err := games.New(spec)
		if err != nil {
			f.Fatalf("%s: %v", spec, err)
		}
		list = append(list, fuzzGame{spec, g})
	}
	return list
}

func FuzzParsePosition(f *testing.F) {
	list := fuzzGames(f)
	for _, fg := range list {
		f.Add(fg.g.FormatPosition(fg.g.Start()))
		for _, m := range fg.g.Moves(fg.g.Start()) {
			f.Add(fg.g.FormatPosition(m.To))
		}
	}
	for _, s := range []string{
		// cards
		"-/-", "1/-", "1,3/2", "-/1", "1,1/-", "1,2/-", "5,4,3,2/5,4,3", "1,2,3,4,5/1,2,3,4", "9/9", "1/", "/", "-/-/-", " 1 , 3 / 2 ",
		"2,2/3", "1,2,2/3,3", "0/-", "-1/-", "+1/-", "1,,2/-", "--/-",
		// chopsticks
		"1,1 1,1 first", "4,4 4,3 first", "1,1 1,1 second", "x,x 1,1 first", "1,1 x,x first", "0,0 1,1 first", "0,x 1,1 first",
		"X,4 0,3 2", "1,1 1,1", "1,1,1 1,1 first", "5,1 1,1 first", "1,1 1,1 third", "1;1 1,1 first", "\t1,1\n1,1  first ",
		// tictactoe
		".../.../...", "x../.../...", "xxx/oo./...", "xxo/.o./o.x", "ooo/xx./x..", "..../..../....", ".../...", "x/o", "XO./.../...",
		"xxx/xxx/xxx", "x../.o./..", "x../.o./...\n",
		// connect4
		"4453", "1", "0", "10", "11111111", "1111111111", "44444444", "", " ", ".../...", "......./......./......./......./......./.......",
		"......./......./......./......./......./x......", "......./......./......./......./x....../.......",
		"xxxx.../oooo.../......./......./......./.......", ".../..x", "1234567890",
		// quixo
		".../.../... x", "xxx/ooo/... o", "...../...../...../...../..... o", ".../.../...", ".../.../... z", ".../.../... x x", "X.O/.x./..o O",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, fg := range list {
			checkPosition(t, fg.spec, fg.g, s)
		}
	})
}

func checkPosition(t *testing.T, spec string, g sente.Game, s string) {
	p, err := g.ParsePosition(s)
	if err != nil {
		if p != nil {
			t.Errorf("%s: ParsePosition(%q) failed (%v) but returned %v", spec, s, err, p)
		}
		if !strings.Contains(err.Error(), "want") && !strings.Contains(err.Error(), "e.g.") {
			t.Errorf("%s: ParsePosition(%q): error %q does not say what is wanted", spec, s, err)
		}
		return
	}
	text := g.FormatPosition(p)
	q, err := g.ParsePosition(text)
	if err != nil {
		t.Fatalf("%s: ParsePosition(%q) = %v, formatted %q, which does not parse: %v", spec, s, p, text, err)
	}
	if !reflect.DeepEqual(p, q) {
		t.Fatalf("%s: ParsePosition(%q) = %#v, formatted %q, parsed back as %#v", spec, s, p, text, q)
	}
	if again := g.FormatPosition(q); again != text {
		t.Fatalf("%s: FormatPosition not stable: %q then %q", spec, text, again)
	}
	g.Turn(p)
	// Games that draw boards for play (sente.Drawer) must draw any position.
	if d, ok := g.(interface{ Draw(sente.Position) string }); ok && d.Draw(p) == "" {
		t.Errorf("%s: %q: Draw is empty", spec, text)
	}
	v, ended := g.Ended(p)
	if ended && v != sente.Win && v != sente.Lose && v != sente.Tie {
		t.Errorf("%s: %q ended with %v", spec, text, v)
	}
	enc, ok := g.(sente.Encoder)
	if ok {
		key := enc.Encode(p)
		if key == ^uint64(0) {
			t.Errorf("%s: %q has the reserved key", spec, text)
		}
		if d := enc.Decode(key); !reflect.DeepEqual(d, p) {
			t.Fatalf("%s: %q: Decode(Encode(%#v)) = %#v", spec, text, p, d)
		}
		if ev, eended := enc.EndedKey(key); ev != v || eended != ended {
			t.Errorf("%s: %q: EndedKey = %v, %v; Ended = %v, %v", spec, text, ev, eended, v, ended)
		}
		if r, ok := g.(sente.Ranker); ok {
			if rank := r.Rank(key); rank >= r.RankSize() {
				t.Errorf("%s: %q: rank %d out of [0, %d)", spec, text, rank, r.RankSize())
			}
		}
		if sym, ok := g.(sente.Symmetric); ok {
			c := sym.Canonical(key)
			if cv, cended := enc.EndedKey(c); cended != ended || cv != v {
				t.Errorf("%s: %q: its canonical form %s has Ended %v, %v, not %v, %v", spec, text, g.FormatPosition(enc.Decode(c)), cv, cended, v, ended)
			}
		}
	}
	if ended {
		return
	}
	moves := g.Moves(p)
	var fromMoves []uint64
	for _, m := range moves {
		if m.Name == "" {
			t.Errorf("%s: %q: a move with no name", spec, text)
		}
		childText := g.FormatPosition(m.To)
		c, err := g.ParsePosition(childText)
		if err != nil {
			t.Errorf("%s: %q: move %s leads to %q, which does not parse: %v", spec, text, m.Name, childText, err)
		} else if !reflect.DeepEqual(c, m.To) {
			t.Errorf("%s: %q: move %s leads to %#v, formatted %q, parsed as %#v", spec, text, m.Name, m.To, childText, c)
		}
		if ok {
			fromMoves = append(fromMoves, enc.Encode(m.To))
		}
	}
	if ok {
		kids := enc.AppendChildren(nil, enc.Encode(p))
		slices.Sort(kids)
		kids = slices.Compact(kids)
		slices.Sort(fromMoves)
		fromMoves = slices.Compact(fromMoves)
		if !slices.Equal(kids, fromMoves) {
			t.Errorf("%s: %q: AppendChildren gives %d positions, Moves %d", spec, text, len(kids), len(fromMoves))
		}
	}
}

func FuzzGameSpec(f *testing.F) {
	for _, s := range fuzzSpecs() {
		f.Add(s)
	}
	for _, fam := range games.All() {
		f.Add(fam.Name + ":")
		f.Add(strings.ToUpper(fam.Name))
		f.Add(fam.Name[:len(fam.Name)-1])
		for _, p := range fam.Params {
			f.Add(fam.Name + ":" + p.Name + "=" + p.Default)
			f.Add(fam.Name + ":" + p.Name + "=" + strconv.Itoa(p.Min-1))
			f.Add(fam.Name + ":" + p.Name + "=" + strconv.Itoa(p.Max+1))
			f.Add(fam.Name + ":" + p.Name + "=")
		}
	}
	for _, s := range []string{
		"", ":", "nosuch", "tictactoee", "connect4:w=99", "connect4:w", "connect4:z=3", "connect4:w=9,h=9", "connect4:w=1,h=1",
		"connect4:w=1,h=2,k=2", "connect4:w=9,h=6,k=9", "connect4:w=8,h=7", "tictactoe:m=1,n=1,k=1", "tictactoe:m=6,n=6", "tictactoe:m=1,n=32,k=32",
		"tictactoe:m=4,n=8,k=1", "cards:first=1..12,second=99/99", "cards:first=1..13", "cards:first=0", "cards:target=0",
		"chopsticks:revive=true,transfer=none", "chopsticks:selfkill=true,transfer=split", "chopsticks:OVERFLOW=cutoff", "chopsticks:overflow=CUTOFF",
		"chopsticks:revive=1,selfkill=T,zeroattack=TRUE", "cards:first=9223372036854775807", "cards:first=1..100000000000",
		"octal:0.77", "octal:0.77,n=12", "octal:code=4.07", "subtraction:1,3,4,n=20", "subtraction:set=1,3,4", "subtraction:set=1,3,4,n=20",
		"subtraction:n=20,set=1,3,4", "kayles:0.77", "0:00", "octal:0:00", "tofu:at=1.1.1/0.0.0,x=3",
		"hackenbush:graph=0-1", "hackenbush:graph=1-2L", "hackenbush:graph=0-1L,1-1R,1-2l", "hackenbush:graph=0--1L", "hackenbush:graph=0-1L,,",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		g, err := games.New(spec)
		if err != nil {
			if g != nil {
				t.Errorf("New(%q) failed (%v) but returned a non-nil game %#v", spec, err, g)
			}
			if err.Error() == "" {
				t.Errorf("New(%q): empty error", spec)
			}
			return
		}
		if g == nil {
			t.Fatalf("New(%q) returned neither a game nor an error", spec)
		}
		start := g.Start()
		text := g.FormatPosition(start)
		p, err := g.ParsePosition(text)
		if err != nil {
			t.Fatalf("New(%q): the start %q does not parse: %v", spec, text, err)
		}
		if !reflect.DeepEqual(p, start) {
			t.Fatalf("New(%q): the start %#v formats as %q, parsed as %#v", spec, start, text, p)
		}
		if _, ended := g.Ended(start); !ended {
			g.Moves(start)
		}
		if d, ok := g.(sente.Describer); ok {
			desc := d.Describe()
			if desc.Rules == "" || desc.Position == "" {
				t.Errorf("New(%q): Describe has no rules or no position form", spec)
			}
		}
		if r, ok := g.(sente.Restricter); ok {
			r.Policies()
		}
	})
}
