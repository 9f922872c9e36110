package cgt

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of Parse: what a person types stays far inside them, and no input
// within them can make the table work for long or leave the exact range
// of Dyadic.
const (
	maxInput     = 4096    // bytes
	maxNesting   = 32      // braces, parentheses and signs inside one another
	maxParsedUps = 1024    // ^n, vn
	maxParsedNim = 1024    // *n
	parseWork    = 200_000 // canonical forms built and sums taken
	// comparisons of games: about a second's worth here
	parseComparisons = 25_000_000
)

// ParseError is a text that is not a game, with where and why.
type ParseError struct {
	Text   string
	Offset int // in bytes
	Msg    string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("game %q: %s at column %d; want the notation of CGSuite and the books, e.g. 0, 1/2, -3, *, *2, ^, v*, ^^*3, +-1, {1|*}, {0,*|0}, {3||2|1}, 1/2+^", e.Text, e.Msg, e.Offset+1)
}

// Parse reads a game in the notation String and Pretty write, and more:
//
//	numbers    3  -1/4  (denominators powers of two)
//	nimbers    *  *2
//	ups        ^  ^^  ^3  v  vv  v3  ↑  ⇑  ↓  ⇓  ↑3, with a number before
//	           and a nimber after: 1/2^*  -1v*3
//	switches   +-1  ±1  +-{2|1}  +-(1,*)  and x+-y (x plus ±y)
//	games      {L1,L2|R1}  {|}  {3||2|1}: the longest run of bars splits
//	           the game, and a side with bars is one game in braces
//	sums       1/2+^  {1|0}-*  (1+*)+{2|-2}
//
// Spaces are ignored. The result is the canonical form. Limits: 4096
// bytes, nesting 32 deep, integers to 2^30, denominators to 2^20, ups and
// nimbers to 1024, and a bound on the work the sums and canonical forms
// take; past them Parse fails with an error saying which.
func Parse(s string) (g Game, err error) {
	if len(s) > maxInput {
		return 0, &ParseError{Text: s[:40] + "…", Msg: fmt.Sprintf("more than %d bytes", maxInput)}
	}
	toks, perr := lex(s)
	if perr != nil {
		return 0, perr
	}
	mu.Lock()
	defer mu.Unlock()
	tab.work, tab.limit = 0, parseWork
	tab.compared, tab.compareLimit = 0, parseComparisons
	defer func() {
		tab.limit, tab.compareLimit = 0, 0
		if r := recover(); r != nil {
			switch r := r.(type) {
			case *workLimit:
				err = &ParseError{Text: s, Msg: "the game is too large to compute here (over the work a parse may take)"}
				// The memos of comparisons and sums are most of what the
				// work left behind, and only caches: a process that reads
				// many such texts (a fuzzer) drops them rather than grow.
				tab.leqMemo, tab.sumMemo = map[uint64]bool{}, map[uint64]Game{}
			case *RangeError:
				err = &ParseError{Text: s, Msg: r.Error()}
			case *ParseError:
				err = r
			default:
				panic(r)
			}
			g = 0
		}
	}()
	p := &parser{text: s, toks: toks}
	g = p.expr(0)
	if !p.at(tokEOF) {
		p.fail(p.peek(), "unexpected %s", p.peek().describe())
	}
	return g, nil
}

type tokKind uint8

const (
	tokEOF    tokKind = iota
	tokNum            // digits
	tokSlash          // /
	tokStar           // *
	tokUp             // ^ ↑ ⇑ (n: 1 or 2)
	tokDown           // v ↓ ⇓
	tokOpen           // {
	tokClose          // }
	tokLParen         // (
	tokRParen         // )
	tokComma          // ,
	tokBars           // a run of | (n: its length)
	tokPlus           // +
	tokMinus          // -
	tokPM             // +- ±
)

type token struct {
	kind tokKind
	off  int
	n    int    // run length, or ups in one symbol
	text string // digits
}

func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "end of text"
	case tokNum:
		return "number " + t.text
	case tokBars:
		return fmt.Sprintf("%q", strings.Repeat("|", t.n))
	}
	return fmt.Sprintf("%q", t.text)
}

func lex(s string) ([]token, *ParseError) {
	var toks []token
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		start := i
		i += w
		tok := token{off: start, text: s[start:i]}
		switch {
		case r == utf8.RuneError && w == 1:
			return nil, &ParseError{Text: s, Offset: start, Msg: "a byte that is not UTF-8"}
		case unicode.IsSpace(r):
			continue
		case r >= '0' && r <= '9':
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			tok.kind, tok.text = tokNum, s[start:i]
		case r == '/':
			tok.kind = tokSlash
		case r == '*':
			tok.kind = tokStar
		case r == '^' || r == '↑':
			tok.kind, tok.n = tokUp, 1
		case r == '⇑':
			tok.kind, tok.n = tokUp, 2
		case r == 'v' || r == '↓':
			tok.kind, tok.n = tokDown, 1
		case r == '⇓':
			tok.kind, tok.n = tokDown, 2
		case r == '{':
			tok.kind = tokOpen
		case r == '}':
			tok.kind = tokClose
		case r == '(':
			tok.kind = tokLParen
		case r == ')':
			tok.kind = tokRParen
		case r == ',':
			tok.kind = tokComma
		case r == '|':
			for i < len(s) && s[i] == '|' {
				i++
			}
			tok.kind, tok.n, tok.text = tokBars, i-start, s[start:i]
		case r == '±':
			tok.kind = tokPM
		case r == '+':
			if i < len(s) && s[i] == '-' {
				i++
				tok.kind, tok.text = tokPM, "+-"
			} else {
				tok.kind = tokPlus
			}
		case r == '-' || r == '−':
			tok.kind = tokMinus
		default:
			return nil, &ParseError{Text: s, Offset: start, Msg: fmt.Sprintf("the character %q", r)}
		}
		toks = append(toks, tok)
	}
	return append(toks, token{kind: tokEOF, off: len(s)}), nil
}

// parser reads tokens toks[pos:end]; it runs with the table locked and
// reports errors by panicking with *ParseError, which Parse recovers.
type parser struct {
	text  string
	toks  []token
	pos   int
	depth int
}

func (p *parser) peek() token {
	return p.toks[p.pos]
}

func (p *parser) at(k tokKind) bool { return p.toks[p.pos].kind == k }

func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tokEOF {
		p.pos++
	}
	return t
}

func (p *parser) fail(at token, format string, args ...any) {
	panic(&ParseError{Text: p.text, Offset: at.off, Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) enter(at token) {
	p.depth++
	if p.depth > maxNesting {
		p.fail(at, "nesting deeper than %d", maxNesting)
	}
}

func (p *parser) leave() { p.depth-- }

// expr := unary { (+ | - | +-) unary }
func (p *parser) expr(_ int) Game {
	g := p.unary()
	for {
		switch t := p.peek(); t.kind {
		case tokPlus:
			p.next()
			g = tab.add(g, p.unary())
		case tokMinus:
			p.next()
			g = tab.add(g, tab.neg(p.unary()))
		case tokPM:
			p.next()
			g = tab.add(g, p.switchOf(t))
		default:
			return g
		}
	}
}

// unary := - unary | + unary | +- switched | atom; a minus sign followed
// by digits is part of the number, so that -1^ is -1 plus up.
func (p *parser) unary() Game {
	t := p.peek()
	switch t.kind {
	case tokMinus:
		p.next()
		if p.at(tokNum) {
			return p.nusLiteral(true)
		}
		p.enter(t)
		defer p.leave()
		return tab.neg(p.unary())
	case tokPlus:
		p.next()
		p.enter(t)
		defer p.leave()
		return p.unary()
	case tokPM:
		p.next()
		return p.switchOf(t)
	}
	return p.atom()
}

// switchOf reads what follows ±: a list in parentheses, ±(a,b), whose
// games are Left's options and their negatives Right's, or one term.
func (p *parser) switchOf(pm token) Game {
	p.enter(pm)
	defer p.leave()
	var left []Game
	if p.at(tokLParen) {
		open := p.next()
		for {
			left = append(left, p.expr(0))
			if p.at(tokComma) {
				p.next()
				continue
			}
			if !p.at(tokRParen) {
				p.fail(p.peek(), "%s where ±( ) wants , or ) (opened at column %d)", p.peek().describe(), open.off+1)
			}
			p.next()
			break
		}
	} else {
		left = []Game{p.unary()}
	}
	right := make([]Game, len(left))
	for i, g := range left {
		right[i] = tab.neg(g)
	}
	return tab.canonical(left, right)
}

// atom := number-ups-star | { game } | ( expr )
func (p *parser) atom() Game {
	t := p.peek()
	switch t.kind {
	case tokNum, tokStar, tokUp, tokDown:
		return p.nusLiteral(false)
	case tokOpen:
		p.enter(t)
		defer p.leave()
		return p.braces()
	case tokLParen:
		p.enter(t)
		defer p.leave()
		p.next()
		g := p.expr(0)
		if !p.at(tokRParen) {
			p.fail(p.peek(), "%s where ) closes the ( at column %d", p.peek().describe(), t.off+1)
		}
		p.next()
		return g
	case tokEOF:
		p.fail(t, "the text ends where a game should be")
	}
	p.fail(t, "%s where a game should be", t.describe())
	return 0
}

// nusLiteral reads [number] [ups] [star]: 3, -1/4, ^, v3, *2, 1/2^*.
func (p *parser) nusLiteral(negative bool) Game {
	start := p.peek()
	var x Dyadic
	if p.at(tokNum) {
		numTok := p.next()
		text := numTok.text
		if negative {
			text = "-" + text
		}
		if p.at(tokSlash) {
			p.next()
			if !p.at(tokNum) {
				p.fail(p.peek(), "%s where a denominator should follow /", p.peek().describe())
			}
			text += "/" + p.next().text
		}
		d, err := ParseDyadic(text)
		if err != nil {
			var msg string
			if i := strings.Index(err.Error(), ": "); i >= 0 {
				msg = err.Error()[i+2:]
				if j := strings.Index(msg, "; want"); j >= 0 {
					msg = msg[:j]
				}
			}
			p.fail(numTok, "the number %s: %s", text, msg)
		}
		x = d
	} else if negative {
		p.fail(start, "a minus sign not followed by a game")
	}
	var ups int64
	for p.at(tokUp) || p.at(tokDown) {
		t := p.next()
		sign := int64(1)
		if t.kind == tokDown {
			sign = -1
		}
		n := int64(t.n)
		if p.at(tokNum) {
			if t.n != 1 {
				p.fail(p.peek(), "a count after %s; want ^n or ↑n", t.text)
			}
			c := p.next()
			v, err := strconv.ParseInt(c.text, 10, 64)
			if err != nil || v < 1 || v > maxParsedUps {
				p.fail(c, "%s ups; want 1 to %d", c.text, maxParsedUps)
			}
			n = v
		}
		ups += sign * n
		if ups > maxParsedUps || ups < -maxParsedUps {
			p.fail(t, "more than %d ups", maxParsedUps)
		}
	}
	var nim uint64
	if p.at(tokStar) {
		star := p.next()
		nim = 1
		if p.at(tokNum) {
			c := p.next()
			v, err := strconv.ParseUint(c.text, 10, 64)
			if err != nil || v > maxParsedNim {
				p.fail(c, "*%s; want a nimber *0 to *%d", c.text, maxParsedNim)
			}
			nim = v
		}
		if p.at(tokStar) {
			p.fail(p.peek(), "two stars; write the nimber as one, *3 for *+*2")
		}
		_ = star
	}
	if p.at(tokNum) {
		p.fail(p.peek(), "a number after %s", p.text[start.off:p.peek().off])
	}
	return tab.nus(x, int32(ups), uint32(nim))
}

// braces reads { side bars side }: the longest run of bars at this level
// (it must be the only one so long) splits Left's side from Right's; a
// side with bars of its own is one game whose braces were left out, a side
// without is a list of games separated by commas, maybe empty.
func (p *parser) braces() Game {
	open := p.next()
	end, longest, split := -1, 0, -1
	depth := 0
	for i := p.pos; ; i++ {
		t := p.toks[i]
		switch t.kind {
		case tokOpen, tokLParen:
			depth++
		case tokRParen:
			depth--
		case tokClose:
			if depth == 0 {
				end = i
			}
			depth--
		case tokBars:
			if depth == 0 {
				switch {
				case t.n > longest:
					longest, split = t.n, i
				case t.n == longest:
					split = -2
				}
			}
		case tokEOF:
			p.fail(open, "a { that is never closed")
		}
		if end >= 0 {
			break
		}
		if depth < 0 {
			p.fail(t, "a %s that closes nothing opened inside the { at column %d", t.describe(), open.off+1)
		}
	}
	switch {
	case split == -1:
		p.fail(p.toks[end], "a game with no | between Left's options and Right's")
	case split == -2:
		p.fail(open, "two runs of %d bars at one level: which splits Left from Right is unclear; add braces", longest)
	}
	left := p.side(p.pos, split)
	right := p.side(split+1, end)
	p.pos = end + 1
	return tab.canonical(left, right)
}

// side reads toks[from:to] as one side of a game.
func (p *parser) side(from, to int) []Game {
	depth := 0
	bars := false
	for i := from; i < to; i++ {
		switch p.toks[i].kind {
		case tokOpen, tokLParen:
			depth++
		case tokClose, tokRParen:
			depth--
		case tokBars:
			if depth == 0 {
				bars = true
			}
		}
	}
	sub := &parser{text: p.text, toks: append(p.toks[from:to:to], token{kind: tokEOF, off: p.toks[to].off}), depth: p.depth}
	if bars {
		// The braces of a lone option are implied: 3||2|1 is {3|{2|1}}.
		sub.toks = append(append([]token{{kind: tokOpen, off: p.toks[from].off}}, p.toks[from:to]...),
			token{kind: tokClose, off: p.toks[to].off}, token{kind: tokEOF, off: p.toks[to].off})
		sub.enter(p.toks[from])
		return []Game{sub.braces()}
	}
	var opts []Game
	if sub.at(tokEOF) {
		return nil
	}
	for {
		opts = append(opts, sub.expr(0))
		if sub.at(tokComma) {
			sub.next()
			continue
		}
		if !sub.at(tokEOF) {
			sub.fail(sub.peek(), "%s among a side's options; want , between them", sub.peek().describe())
		}
		return opts
	}
}

// MustParse is Parse for games written in programs and tests: it panics
// on an error.
func MustParse(s string) Game {
	g, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return g
}
