package misere

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// String writes g in sente's text form for misère forms: a nim-heap as 0,
// *, *2, *3, ...; any other game as the set of its options in braces, each
// written the same way, later-born options first: {*2} is the game whose
// only option is *2 (CGSuite's 2#), {*3,*2} is *2+*2. Parse reads it back.
func (g Game) String() string {
	mu.Lock()
	defer mu.Unlock()
	return shared.text(g, false)
}

// CGSuite writes g in CGSuite's input syntax for misère canonical forms,
// which CGSuite reads back: *[n] for a nim-heap, and for any other game
// *[...] listing its options, a nim-heap among them as its size and any
// other as the list of its own options in brackets: *[[2],0] is {{*2},0}.
// CGSuite reads *[x], a list of one, as x itself, so a game of one option
// is written *[[...]]: *[[2]] is {*2}.
func (g Game) CGSuite() string {
	mu.Lock()
	defer mu.Unlock()
	if n, ok := shared.isNim(g); ok {
		return "*[" + strconv.Itoa(n) + "]"
	}
	if len(shared.opts[g]) == 1 {
		// *[x] is x itself: a game of one option is a list of one list.
		return "*[" + shared.text(g, true) + "]"
	}
	return "*" + shared.text(g, true)
}

// text writes g; cgsuite selects CGSuite's inner syntax (n for *n, [...]
// for a set of options).
func (t *table) text(g Game, cgsuite bool) string {
	if n, ok := t.isNim(g); ok {
		switch {
		case cgsuite:
			return strconv.Itoa(n)
		case n == 0:
			return "0"
		case n == 1:
			return "*"
		}
		return "*" + strconv.Itoa(n)
	}
	opts := slices.Clone(t.opts[g])
	parts := make([]string, len(opts))
	for i, o := range opts {
		parts[i] = t.text(o, cgsuite)
	}
	// Later-born first, then by text: the order does not depend on the
	// order forms were made in.
	idx := make([]int, len(opts))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		if d := t.birthday[opts[b]] - t.birthday[opts[a]]; d != 0 {
			return int(d)
		}
		return strings.Compare(parts[a], parts[b])
	})
	sorted := make([]string, len(idx))
	for i, j := range idx {
		sorted[i] = parts[j]
	}
	if cgsuite {
		return "[" + strings.Join(sorted, ",") + "]"
	}
	return "{" + strings.Join(sorted, ",") + "}"
}

// ParseError is a mistake in a misère form's text.
type ParseError struct {
	Text   string
	Offset int
	Msg    string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("misère form %q at offset %d: %s (write nim-heaps as 0, *, *2, games as their options in braces, {*2,*}, sums with +, or CGSuite's *[2,1])", e.Text, e.Offset, e.Msg)
}

// maxParseHeap bounds a nim-heap written in the text, so that a typo
// cannot ask for a form born on day 10⁹.
const maxParseHeap = 256

// maxParseDepth bounds nesting.
const maxParseDepth = 200

// Parse reads a misère form: 0; * or *n for a nim-heap; {a,b,...} for the
// game with the options a, b, ... ({} is 0); CGSuite's *[...] (*[n] is the
// nim-heap *n, *[a,b,...] the game with those options, where inside the
// list a number n is *n and [...] a game given by its options); a sum of
// any of these with +; parentheses for grouping. Spaces are ignored.
func Parse(text string) (g Game, err error) {
	mu.Lock()
	defer mu.Unlock()
	p := &parser{src: text, t: shared}
	// A short text can ask for a sum too large to make (sums of wild games
	// grow fast): a budget of new forms and their options bounds the work.
	// What was made before the budget ran out is rolled back, so that a
	// long-lived process reading many such texts does not keep them.
	shared.left = maxParseForms
	start := shared.checkpoint()
	defer func() {
		shared.left = 0
		if r := recover(); r != nil {
			if r != errBudget {
				panic(r)
			}
			shared.rollback(start)
			g, err = 0, p.fail("the game is too large to make here (more than %d new forms, options and sums)", maxParseForms)
		}
		shared.newSums = nil // kept only for a rollback
	}()
	g, err = p.sum()
	if err != nil {
		return 0, err
	}
	p.space()
	if p.pos < len(p.src) {
		return 0, p.fail("unexpected %q", p.src[p.pos:p.pos+1])
	}
	return g, nil
}

// maxParseForms bounds the new forms, their options and the new sums one
// Parse may make: about half a second of work here.
const maxParseForms = 2000000

type parser struct {
	t     *table
	src   string
	pos   int
	depth int
}

func (p *parser) fail(format string, args ...any) error {
	return &ParseError{Text: p.src, Offset: p.pos, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) space() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *parser) peek() byte {
	p.space()
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > maxParseDepth {
		return p.fail("nested more than %d deep", maxParseDepth)
	}
	return nil
}

func (p *parser) sum() (Game, error) {
	g, err := p.term()
	if err != nil {
		return 0, err
	}
	for p.peek() == '+' {
		p.pos++
		h, err := p.term()
		if err != nil {
			return 0, err
		}
		g = p.t.sum(g, h)
	}
	return g, nil
}

func (p *parser) number() (int, bool, error) {
	p.space()
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	if p.pos == start {
		return 0, false, nil
	}
	digits := p.src[start:p.pos]
	n, err := strconv.Atoi(digits)
	if err != nil || n > maxParseHeap {
		p.pos = start
		return 0, false, p.fail("the nim-heap %s is larger than %d", digits, maxParseHeap)
	}
	return n, true, nil
}

func (p *parser) term() (Game, error) {
	if err := p.enter(); err != nil {
		return 0, err
	}
	defer func() { p.depth-- }()
	switch c := p.peek(); {
	case c == 0:
		return 0, p.fail("a game is missing")
	case c >= '0' && c <= '9':
		n, _, err := p.number()
		if err != nil {
			return 0, err
		}
		if n != 0 {
			return 0, p.fail("a bare number other than 0 is not a misère form; write the nim-heap *%d", n)
		}
		return Zero, nil
	case c == '*':
		p.pos++
		if p.peek() == '[' {
			p.pos++
			items, err := p.list()
			if err != nil {
				return 0, err
			}
			if len(items) == 1 {
				return items[0], nil
			}
			return p.t.canon(items), nil
		}
		n, ok, err := p.number()
		if err != nil {
			return 0, err
		}
		if !ok {
			n = 1
		}
		return p.t.nim(n), nil
	case c == '{':
		p.pos++
		var opts []Game
		if p.peek() == '}' {
			p.pos++
			return Zero, nil
		}
		for {
			g, err := p.sum()
			if err != nil {
				return 0, err
			}
			opts = append(opts, g)
			switch p.peek() {
			case ',':
				p.pos++
				continue
			case '}':
				p.pos++
				return p.t.canon(opts), nil
			case '|':
				return 0, p.fail("a misère form of an impartial game lists its options once, without |")
			case 0:
				return 0, p.fail("{ is never closed")
			}
			return 0, p.fail("unexpected %q in a set of options", p.src[p.pos:p.pos+1])
		}
	case c == '(':
		p.pos++
		g, err := p.sum()
		if err != nil {
			return 0, err
		}
		if p.peek() != ')' {
			return 0, p.fail("( is never closed")
		}
		p.pos++
		return g, nil
	}
	return 0, p.fail("unexpected %q", p.src[p.pos:p.pos+1])
}

// list reads the items of a CGSuite list after its [, through its ].
func (p *parser) list() ([]Game, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	var items []Game
	if p.peek() == ']' {
		p.pos++
		return items, nil
	}
	for {
		var g Game
		switch c := p.peek(); {
		case c >= '0' && c <= '9':
			n, _, err := p.number()
			if err != nil {
				return nil, err
			}
			g = p.t.nim(n)
			for p.peek() == '+' {
				p.pos++
				h, err := p.term()
				if err != nil {
					return nil, err
				}
				g = p.t.sum(g, h)
			}
		case c == '[':
			p.pos++
			sub, err := p.list()
			if err != nil {
				return nil, err
			}
			g = p.t.canon(sub)
		default:
			var err error
			if g, err = p.sum(); err != nil {
				return nil, err
			}
		}
		items = append(items, g)
		switch p.peek() {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return items, nil
		case 0:
			return nil, p.fail("[ is never closed")
		default:
			return nil, p.fail("unexpected %q in a list of options", p.src[p.pos:p.pos+1])
		}
	}
}
