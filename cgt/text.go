package cgt

import (
	"slices"
	"strconv"
	"strings"
)

// String writes g as CGSuite writes canonical forms in plain text, which
// Parse reads back:
//
//	numbers          0  3  -1/4  5/8
//	nimbers          *  *2
//	ups and downs    ^  ^^  ^3  v  vv  v3, with a number before and a
//	                 nimber after: 1/2^*  -1v*3  ^^*
//	switches         +-1  +-{2|1}  +-(1,*)  for {G | -G}
//	other games      {1|*}  {0,*|0}  {3||2|1}: a side with one option
//	                 drops that option's braces, and the bars then count
//	                 the levels (CGSuite brackets the third level again)
//
// A side's options are written in order of birthday, then of their text,
// so that the same game is always written the same way.
func (g Game) String() string {
	mu.Lock()
	defer mu.Unlock()
	return tab.format(g, false)
}

// Pretty writes g as String does with the books' symbols: ↑ ⇑ ↓ ⇓ for
// ups and downs, ± for switches. Parse reads it too.
func (g Game) Pretty() string {
	mu.Lock()
	defer mu.Unlock()
	return tab.format(g, true)
}

type formatted struct {
	s       string
	slashes int // 0: an atom, or a game already in braces
}

func (t *table) format(g Game, pretty bool) string {
	cache := t.text
	if pretty {
		cache = t.pretty
	}
	if s, ok := cache[g]; ok {
		return s
	}
	f := t.formatInner(g, pretty, map[Game]formatted{})
	s := f.s
	if f.slashes > 0 {
		s = "{" + s + "}"
	}
	cache[g] = s
	return s
}

// maxSlashes is the level at which an inner game is put in braces again,
// as CGSuite does: "{a|b||c|||d}" is written, "a|b||c|||d" never nested.
const maxSlashes = 3

func (t *table) formatInner(g Game, pretty bool, memo map[Game]formatted) formatted {
	if f, ok := memo[g]; ok {
		return f
	}
	var f formatted
	n := t.nodes[g]
	switch {
	case n.nus:
		f.s = nusText(n.num, n.ups, n.nim, pretty)
	case t.neg(g) == g:
		f.s = t.switchText(g, pretty, memo)
	default:
		l, lh := t.sideText(t.left(g), pretty, memo)
		r, rh := t.sideText(t.right(g), pretty, memo)
		h := max(lh, rh) + 1
		f.s = l + strings.Repeat("|", h) + r
		f.slashes = h
		if h >= maxSlashes {
			f.s, f.slashes = "{"+f.s+"}", 0
		}
	}
	memo[g] = f
	return f
}

// sideText writes one side's options and the slashes of the one option
// written without braces, if there is only one.
func (t *table) sideText(opts []Game, pretty bool, memo map[Game]formatted) (string, int) {
	if len(opts) == 1 {
		f := t.formatInner(opts[0], pretty, memo)
		return f.s, f.slashes
	}
	texts := t.optionTexts(opts, pretty, memo)
	return strings.Join(texts, ","), 0
}

// optionTexts writes each of opts on its own, braced when it is a general
// game, in the order String promises.
func (t *table) optionTexts(opts []Game, pretty bool, memo map[Game]formatted) []string {
	type item struct {
		birthday int32
		s        string
	}
	items := make([]item, len(opts))
	for i, o := range opts {
		f := t.formatInner(o, pretty, memo)
		s := f.s
		if f.slashes > 0 {
			s = "{" + s + "}"
		}
		items[i] = item{t.nodes[o].birthday, s}
	}
	slices.SortFunc(items, func(a, b item) int {
		if a.birthday != b.birthday {
			return int(a.birthday - b.birthday)
		}
		return strings.Compare(a.s, b.s)
	})
	texts := make([]string, len(items))
	for i, it := range items {
		texts[i] = it.s
	}
	return texts
}

// switchText writes ±G for a game {G | -G}: one Left option written as an
// atom (a number-up-star that is more than a number, a nimber or a
// multiple of up in parentheses, a general game in braces), several in
// parentheses.
func (t *table) switchText(g Game, pretty bool, memo map[Game]formatted) string {
	pm := "+-"
	if pretty {
		pm = "±"
	}
	left := t.left(g)
	if len(left) == 1 {
		o := left[0]
		f := t.formatInner(o, pretty, memo)
		n := t.nodes[o]
		switch {
		case f.slashes > 0:
			return pm + "{" + f.s + "}"
		case n.nus && n.num.Sign() != 0 && (n.ups != 0 || n.nim != 0),
			n.nus && n.ups != 0 && n.nim != 0:
			return pm + "(" + f.s + ")"
		}
		return pm + f.s
	}
	return pm + "(" + strings.Join(t.optionTexts(left, pretty, memo), ",") + ")"
}

// nusText writes x + k↑ + *m in CGSuite's short form.
func nusText(x Dyadic, k int32, m uint32, pretty bool) string {
	var b strings.Builder
	if k == 0 && m == 0 || x.Sign() != 0 {
		b.WriteString(x.String())
	}
	if k != 0 {
		up, down, upup, downdown := "^", "v", "^^", "vv"
		if pretty {
			up, down, upup, downdown = "↑", "↓", "⇑", "⇓"
		}
		switch {
		case k == 1:
			b.WriteString(up)
		case k == -1:
			b.WriteString(down)
		case k == 2:
			b.WriteString(upup)
		case k == -2:
			b.WriteString(downdown)
		case k > 0:
			b.WriteString(up + strconv.Itoa(int(k)))
		default:
			b.WriteString(down + strconv.Itoa(int(-k)))
		}
	}
	if m != 0 {
		b.WriteByte('*')
		if m > 1 {
			b.WriteString(strconv.FormatUint(uint64(m), 10))
		}
	}
	return b.String()
}
