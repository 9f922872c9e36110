package gamecheck

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"unicode"

	"sente"
	"sente/solve"
)

// Options bound the work of Check. Zero values take the defaults.
type Options struct {
	// Positions is how many positions the breadth-first walk from the
	// start visits (default 2000).
	Positions int
	// Playouts is how many random playouts run from the start (default
	// 20), each of at most Depth moves (default 500); Seed seeds them
	// (default 1), so that a failure can be met again.
	Playouts int
	Depth    int
	Seed     uint64
	// Goroutines is how many goroutines ask the Encoder about the same
	// keys at once (default 4).
	Goroutines int
	// Family and Values, when Family is not nil, make a second game from
	// the same spec, to check that its keys are the keys of the first
	// (see sente.Encoder: required of a game with a Ranker).
	Family *sente.Family
	Values sente.ParamValues
}

func (o Options) withDefaults() Options {
	if o.Positions <= 0 {
		o.Positions = 2000
	}
	if o.Playouts <= 0 {
		o.Playouts = 20
	}
	if o.Depth <= 0 {
		o.Depth = 500
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Goroutines <= 0 {
		o.Goroutines = 4
	}
	return o
}

// Error is a breach of the game's contract: what failed and at which
// position.
type Error struct {
	Check    string // what was checked: "text form", "encoder", "ranks", ...
	Position string // the position's text form
	Msg      string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s, at %q: %s", e.Check, e.Position, e.Msg)
}

// Report says what Check checked.
type Report struct {
	Positions int      // distinct positions checked
	Checks    []string // one line for each kind of check made
	Notes     []string // what was found but is allowed, such as keys that differ between games of a game without a Ranker
}

// visited is a position met with the line of play from the start to it.
type visited struct {
	p    sente.Position
	text string
	line []string
}

// checker holds the state of one Check.
type checker struct {
	ctx   context.Context
	g     sente.Game
	caps  sente.Capabilities
	opt   Options
	rep   *Report
	seen  map[string]bool
	order []visited
	ranks map[uint64]string // rank -> text of the position that has it
	keys  map[uint64]string // key -> text
	tiers map[int]bool      // the tiers of the positions met, for the cycle check

	childRanker sente.ChildRankFunc // kept across positions, as a worker keeps it
}

// Check checks g against the contract of sente.Game and of the optional
// capabilities it offers, on the positions a bounded breadth-first walk and
// some random playouts from the start reach: the text form reads back, moves
// are named well and ended positions have a result; and, as far as g offers
// them, that the Encoder agrees with Moves and Ended and is safe for
// concurrent use, ranks are in range and distinct, no move lowers the tier,
// every child lists its parent, canonical positions are canonical and worth
// the same, tier ranks round trip and every move stays in its tier or goes
// to a child tier, and a second game made from the same spec gives the same
// keys (and tiers and ranks).
// It returns what it checked and the first breach, or the game's own
// failure (sente.Erring), or ctx's error.
func Check(ctx context.Context, g sente.Game, opt Options) (*Report, error) {
	c := &checker{
		ctx: ctx, g: g, caps: sente.CapabilitiesOf(g), opt: opt.withDefaults(), rep: &Report{},
		seen: map[string]bool{}, ranks: map[uint64]string{}, keys: map[uint64]string{}, tiers: map[int]bool{},
	}
	err := c.run()
	c.rep.Positions = len(c.order)
	if err == nil {
		err = c.caps.Err()
	}
	return c.rep, err
}

func (c *checker) run() error {
	c.note("text form: ParsePosition reads back what FormatPosition writes")
	c.note("moves: every position not ended has named moves, the names distinct and without spaces; ended positions have a result")
	if err := c.walk(); err != nil {
		return err
	}
	if err := c.playouts(); err != nil {
		return err
	}
	caps := c.caps
	if caps.Boarder != nil {
		c.note("board: rows of cells; the moves it places are moves of the position, each once, on cells of the board")
	}
	if caps.Encoder != nil {
		c.note("encoder: keys round trip, the key ^uint64(0) is unused, AppendChildren and EndedKey agree with Moves and Ended")
	}
	if caps.Encoder != nil && caps.Ranker != nil {
		c.note("ranks: in [0, RankSize), distinct for distinct positions")
	}
	if caps.Encoder != nil && caps.Tiered != nil {
		c.note("tiers: no move leads to a lower tier")
	}
	if caps.Encoder != nil && caps.Unmover != nil {
		c.note("parents: every child lists its parent")
	}
	if caps.Encoder == nil && caps.TierRanker != nil {
		return &Error{Check: "tier ranks", Position: c.g.FormatPosition(c.g.Start()), Msg: "the game offers TierRanker without an Encoder, whose keys the ranks number"}
	}
	if caps.Encoder != nil && caps.TierRanker != nil {
		note := "tier ranks: Unrank(TierRank(key)) gives the key back (its canonical form, for a game that ranks by symmetry), ranks are below TierSize, a child is in the same tier only when TierLoops and otherwise in one ChildTiers lists, and ChildTiers never lead back to a tier"
		if caps.Tiered != nil {
			note += "; Tier gives the tier TierRank gives"
		}
		c.note(note)
		if err := c.tierCycles(); err != nil {
			return err
		}
	}
	if caps.Encoder != nil && caps.Symmetric != nil {
		if err := c.symmetries(); err != nil {
			return err
		}
	}
	if caps.Encoder != nil {
		if err := c.concurrent(); err != nil {
			return err
		}
		if err := c.stable(); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) note(s string) { c.rep.Checks = append(c.rep.Checks, s) }

// walk visits positions breadth first from the start.
func (c *checker) walk() error {
	start := c.g.Start()
	text, err := c.visit(start, nil)
	if err != nil {
		return err
	}
	c.seen[text] = true
	for i := 0; i < len(c.order) && len(c.order) < c.opt.Positions; i++ {
		if err := c.ctx.Err(); err != nil {
			return err
		}
		v := c.order[i]
		moves, err := c.movesOf(v)
		if err != nil {
			return err
		}
		for _, m := range moves {
			if len(c.order) >= c.opt.Positions {
				break
			}
			if err := c.add(m.To, append(slices.Clip(v.line), m.Name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// playouts play random lines from the start, checking the positions the
// walk did not reach.
func (c *checker) playouts() error {
	rng := rand.New(rand.NewPCG(c.opt.Seed, 0x5e17e))
	c.note(fmt.Sprintf("%d random playouts of at most %d moves (seed %d)", c.opt.Playouts, c.opt.Depth, c.opt.Seed))
	for range c.opt.Playouts {
		p, line := c.g.Start(), []string(nil)
		for range c.opt.Depth {
			if err := c.ctx.Err(); err != nil {
				return err
			}
			if _, ended := c.g.Ended(p); ended {
				break
			}
			moves := c.g.Moves(p)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			p, line = m.To, append(slices.Clip(line), m.Name)
			if err := c.add(p, line); err != nil {
				return err
			}
		}
	}
	return nil
}

// add checks p if it is new.
func (c *checker) add(p sente.Position, line []string) error {
	text := c.g.FormatPosition(p)
	if c.seen[text] {
		return nil
	}
	c.seen[text] = true
	_, err := c.visit(p, line)
	return err
}

// visit checks one position and records it.
func (c *checker) visit(p sente.Position, line []string) (text string, err error) {
	text = c.g.FormatPosition(p)
	defer func() {
		if r := recover(); r != nil {
			err = &Error{Check: "panic", Position: text, Msg: fmt.Sprint(r)}
		}
	}()
	v := visited{p: p, text: text, line: line}
	if err := c.checkText(v); err != nil {
		return text, err
	}
	if err := c.checkMoves(v); err != nil {
		return text, err
	}
	if c.caps.Boarder != nil {
		if err := c.checkBoard(v); err != nil {
			return text, err
		}
	}
	if c.caps.Encoder != nil {
		if err := c.checkKeys(v); err != nil {
			return text, err
		}
	}
	if err := c.caps.Err(); err != nil {
		return text, err
	}
	c.order = append(c.order, v)
	return text, nil
}

func (c *checker) fail(check string, v visited, format string, args ...any) error {
	return &Error{Check: check, Position: v.text, Msg: fmt.Sprintf(format, args...)}
}

func (c *checker) checkText(v visited) error {
	q, err := c.g.ParsePosition(v.text)
	if err != nil {
		return c.fail("text form", v, "ParsePosition cannot read what FormatPosition wrote: %v", err)
	}
	if back := c.g.FormatPosition(q); back != v.text {
		return c.fail("text form", v, "ParsePosition reads it as a position that FormatPosition writes %q", back)
	}
	return nil
}

// movesOf returns v's moves, none when it has ended.
func (c *checker) movesOf(v visited) ([]sente.Move, error) {
	if _, ended := c.g.Ended(v.p); ended {
		return nil, nil
	}
	return c.g.Moves(v.p), nil
}

func (c *checker) checkMoves(v visited) error {
	val, ended := c.g.Ended(v.p)
	if ended {
		if val != sente.Win && val != sente.Lose && val != sente.Tie {
			return c.fail("moves", v, "Ended says the game is over with %v; want win, lose or tie", val)
		}
		return nil
	}
	if t := c.g.Turn(v.p); t != sente.First && t != sente.Second {
		return c.fail("moves", v, "Turn says %v; want first or second", t)
	}
	to := map[string]string{}
	for _, m := range c.g.Moves(v.p) {
		after := c.g.FormatPosition(m.To)
		switch {
		case m.Name == "":
			return c.fail("moves", v, "the move to %q has no name", after)
		case strings.ContainsFunc(m.Name, unicode.IsSpace):
			return c.fail("moves", v, "the move %q has a space in its name; lines of play separate moves by spaces", m.Name)
		case to[m.Name] != "" && to[m.Name] != after:
			return c.fail("moves", v, "two moves are named %q, to %q and %q", m.Name, to[m.Name], after)
		}
		to[m.Name] = after
	}
	return nil
}

// checkBoard checks the board of v: it has cells, and the moves it places
// (sente.Board.Moves) are moves of v, each once, on its cells, so that a
// page never offers a click that plays nothing or the wrong move.
func (c *checker) checkBoard(v visited) error {
	b := c.caps.Boarder.Board(v.p)
	if len(b.Cells) == 0 {
		return c.fail("board", v, "Board has no cells")
	}
	if _, ended := c.g.Ended(v.p); ended || b.Moves == nil {
		return nil
	}
	names := map[string]bool{}
	for _, m := range c.g.Moves(v.p) {
		names[m.Name] = true
	}
	on := func(cell sente.BoardCell) bool {
		return cell.Row >= 0 && cell.Row < len(b.Cells) && cell.Col >= 0 && cell.Col < len(b.Cells[cell.Row])
	}
	placed := map[string]bool{}
	for _, m := range b.Moves {
		switch {
		case !names[m.Name]:
			return c.fail("board", v, "Board places %q, which is not a move of the position", m.Name)
		case placed[m.Name]:
			return c.fail("board", v, "Board places %q twice", m.Name)
		case !on(m.To) || m.From != nil && !on(*m.From):
			return c.fail("board", v, "Board places %q off its %d rows of cells: %+v", m.Name, len(b.Cells), m)
		case m.From != nil && *m.From == m.To:
			return c.fail("board", v, "Board places %q from and to the same cell %+v", m.Name, m.To)
		}
		placed[m.Name] = true
	}
	return nil
}

// checkKeys checks the Encoder and the capabilities stated on keys at v.
func (c *checker) checkKeys(v visited) error {
	enc := c.caps.Encoder
	k := enc.Encode(v.p)
	if k == ^uint64(0) {
		return c.fail("encoder", v, "Encode gives ^uint64(0), the key engines reserve")
	}
	if q, err := c.g.ParsePosition(v.text); err == nil && enc.Encode(q) != k {
		return c.fail("encoder", v, "the position ParsePosition reads has the key %#x, not %#x", enc.Encode(q), k)
	}
	if back := c.g.FormatPosition(enc.Decode(k)); back != v.text {
		return c.fail("encoder", v, "Decode(Encode(p)) is %q", back)
	}
	if k2 := enc.Encode(enc.Decode(k)); k2 != k {
		return c.fail("encoder", v, "Encode(Decode(%#x)) is %#x", k, k2)
	}
	if prev, ok := c.keys[k]; ok && prev != v.text {
		return c.fail("encoder", v, "%q has the same key %#x", prev, k)
	}
	c.keys[k] = v.text
	val, ended := c.g.Ended(v.p)
	if kv, kended := enc.EndedKey(k); kended != ended || ended && kv != val {
		return c.fail("encoder", v, "EndedKey says %s, Ended %s", endedWords(kv, kended), endedWords(val, ended))
	}
	if r := c.caps.Ranker; r != nil {
		n := r.Rank(k)
		if size := r.RankSize(); n >= size {
			return c.fail("ranks", v, "rank %d is not below RankSize %d", n, size)
		}
		if prev, ok := c.ranks[n]; ok && prev != v.text {
			return c.fail("ranks", v, "%q has the same rank %d", prev, n)
		}
		c.ranks[n] = v.text
	}
	var kids []uint64
	if !ended {
		kids = enc.AppendChildren(nil, k)
	}
	if c.caps.TierRanker != nil {
		if err := c.checkTierRanks(v, k, kids); err != nil {
			return err
		}
		if cr := c.caps.TierChildRanker; cr != nil && !ended {
			if err := c.checkChildRanks(v, cr, k, kids); err != nil {
				return err
			}
		}
	}
	if ended {
		return nil
	}
	moves := c.g.Moves(v.p)
	want := map[uint64]string{}
	for _, m := range moves {
		ck := enc.Encode(m.To)
		if ck == ^uint64(0) {
			return c.fail("encoder", v, "the move %s leads to a position whose key is ^uint64(0), the key engines reserve", m.Name)
		}
		want[ck] = m.Name
	}
	got := map[uint64]bool{}
	for _, ck := range kids {
		got[ck] = true
		if _, ok := want[ck]; !ok {
			return c.fail("encoder", v, "AppendChildren gives the key %#x (%q), which no move leads to", ck, c.g.FormatPosition(enc.Decode(ck)))
		}
	}
	for _, m := range moves {
		ck := enc.Encode(m.To)
		if !got[ck] {
			return c.fail("encoder", v, "AppendChildren lacks the key %#x of the move %s", ck, m.Name)
		}
		if t := c.caps.Tiered; t != nil {
			if from, to := t.Tier(k), t.Tier(ck); to < from {
				return c.fail("tiers", v, "the move %s leads from tier %d to tier %d; no move may lead to a lower tier", m.Name, from, to)
			}
		}
		if u := c.caps.Unmover; u != nil {
			if !slices.Contains(u.AppendParents(nil, ck), k) {
				return c.fail("parents", v, "AppendParents of %q, which the move %s leads to, does not list this position", c.g.FormatPosition(m.To), m.Name)
			}
		}
	}
	return nil
}

func endedWords(v sente.Value, ended bool) string {
	if !ended {
		return "the game goes on"
	}
	return "it ended with " + v.String()
}

// symmetryLimit bounds each small solve of the symmetry check,
// symmetrySolves their number, and symmetryTries the solves tried, most of
// which stop at the bound on a game whose positions lead far (quixo).
const (
	symmetryLimit  = 20000
	symmetrySolves = 8
	symmetryTries  = 4 * symmetrySolves
)

// symmetries checks Canonical: idempotent, and a position worth what its
// canonical position is worth (by a small solve when both fit, else by
// Ended).
func (c *checker) symmetries() error {
	c.note("symmetries: Canonical is idempotent, and a position and its canonical one have the same value (a small solve) or at least end alike")
	enc, sym := c.caps.Encoder, c.caps.Symmetric
	solves, tries := 0, 0
	for _, v := range c.order {
		if err := c.ctx.Err(); err != nil {
			return err
		}
		k := enc.Encode(v.p)
		ck := sym.Canonical(k)
		if cck := sym.Canonical(ck); cck != ck {
			return c.fail("symmetries", v, "Canonical is not idempotent: %#x, then %#x", ck, cck)
		}
		if ck == k {
			continue
		}
		cp := enc.Decode(ck)
		val, ended := c.g.Ended(v.p)
		if cv, cended := c.g.Ended(cp); cended != ended || ended && cv != val {
			return c.fail("symmetries", v, "its canonical position %q %s, but it %s", c.g.FormatPosition(cp), endedWords(cv, cended), endedWords(val, ended))
		}
		if solves >= symmetrySolves || tries >= symmetryTries || ended {
			continue
		}
		tries++
		a, errA := solve.Solve(c.ctx, c.g, solve.Options{From: v.p, MaxPositions: symmetryLimit})
		if errA != nil {
			if err := c.ctx.Err(); err != nil {
				return err
			}
			continue // too large for a small solve
		}
		b, errB := solve.Solve(c.ctx, c.g, solve.Options{From: cp, MaxPositions: symmetryLimit})
		if errB != nil {
			if err := c.ctx.Err(); err != nil {
				return err
			}
			continue // too large for a small solve
		}
		solves++
		oa, _ := a.Outcome(v.p)
		ob, _ := b.Outcome(cp)
		if oa.Value != ob.Value {
			return c.fail("symmetries", v, "it is a %v, but its canonical position %q is a %v", oa.Value, c.g.FormatPosition(cp), ob.Value)
		}
	}
	return nil
}

// concurrentKeys bounds the keys the concurrency check asks about.
const concurrentKeys = 500

// answer is what the Encoder and Ranker say about one key.
type answer struct {
	back  uint64
	kids  []uint64
	val   sente.Value
	ended bool
	rank  uint64
	tier  int // TierRank's tier, rank and Unrank's key back
	trank uint64
	tback uint64
}

// concurrent asks the Encoder (and Ranker) about the same keys from
// several goroutines at once, and compares with the answers given one at
// a time. Run under the race detector, it finds unguarded state too.
func (c *checker) concurrent() error {
	also := ""
	if c.caps.Ranker != nil {
		also += " and Ranker"
	}
	if c.caps.TierRanker != nil {
		also += " and TierRanker"
	}
	c.note(fmt.Sprintf("concurrency: %d goroutines ask the Encoder%s about the same keys at once and get the answers given one at a time", c.opt.Goroutines, also))
	enc, rk, tr := c.caps.Encoder, c.caps.Ranker, c.caps.TierRanker
	n := min(len(c.order), concurrentKeys)
	keys := make([]uint64, n)
	for i := range n {
		keys[i] = enc.Encode(c.order[i].p)
	}
	ask := func(k uint64) answer {
		a := answer{back: enc.Encode(enc.Decode(k))}
		a.val, a.ended = enc.EndedKey(k)
		if !a.ended {
			a.kids = enc.AppendChildren(nil, k)
			slices.Sort(a.kids)
			a.kids = slices.Compact(a.kids)
		}
		if rk != nil {
			a.rank = rk.Rank(k)
		}
		if tr != nil {
			a.tier, a.trank = tr.TierRank(k)
			a.tback, _ = tr.Unrank(a.tier, a.trank)
		}
		return a
	}
	want := make([]answer, n)
	for i, k := range keys {
		want[i] = ask(k)
	}
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	for w := range c.opt.Goroutines {
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil {
					mu.Lock()
					if first == nil {
						first = &Error{Check: "concurrency", Position: c.g.FormatPosition(c.g.Start()), Msg: fmt.Sprintf("a goroutine panicked: %v", r)}
					}
					mu.Unlock()
				}
			}()
			for j := range n {
				i := (j + w*n/c.opt.Goroutines) % n
				got := ask(keys[i])
				if got.back != want[i].back || got.ended != want[i].ended || got.val != want[i].val || got.rank != want[i].rank || got.tier != want[i].tier || got.trank != want[i].trank || got.tback != want[i].tback || !slices.Equal(got.kids, want[i].kids) {
					mu.Lock()
					if first == nil {
						first = c.fail("concurrency", c.order[i], "asked from %d goroutines at once, the Encoder answers otherwise than asked alone", c.opt.Goroutines)
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return first
}

// stableLimit bounds the positions the stability check replays.
const stableLimit = 500

// stable makes a second game from the same spec and checks that the
// positions reached by the same lines have the same keys: required of a
// game with a Ranker, whose tables are read back by rank in another run,
// and only reported for others.
func (c *checker) stable() error {
	if c.opt.Family == nil || c.opt.Family.New == nil {
		return nil
	}
	required := c.caps.Ranker != nil || c.caps.TierRanker != nil
	why := " (reported only: the game has no Ranker)"
	switch {
	case c.caps.Ranker != nil:
		why = " (required: the game has a Ranker)"
	case c.caps.TierRanker != nil:
		why = " (required: the game has a TierRanker)"
	}
	if c.caps.TierRanker != nil {
		why += ", and the same tiers, ranks and tier sizes"
	}
	c.note("stable keys: a second game made from the same spec gives the positions reached by the same moves the same keys" + why)
	g2, err := c.opt.Family.New(c.opt.Values)
	if err != nil {
		return &Error{Check: "stable keys", Position: c.g.FormatPosition(c.g.Start()), Msg: fmt.Sprintf("the second game cannot be made: %v", err)}
	}
	caps2 := sente.CapabilitiesOf(g2)
	if caps2.Encoder == nil {
		return &Error{Check: "stable keys", Position: c.g.FormatPosition(c.g.Start()), Msg: "the second game made from the same spec has no Encoder"}
	}
	if c.caps.TierRanker != nil && caps2.TierRanker == nil {
		return &Error{Check: "stable keys", Position: c.g.FormatPosition(c.g.Start()), Msg: "the second game made from the same spec has no TierRanker"}
	}
	differ := 0
	var example string
	for i, v := range c.order {
		if i >= stableLimit {
			break
		}
		if err := c.ctx.Err(); err != nil {
			return err
		}
		p2 := g2.Start()
		for _, name := range v.line {
			found := false
			for _, m := range g2.Moves(p2) {
				if m.Name == name {
					p2, found = m.To, true
					break
				}
			}
			if !found {
				return c.fail("stable keys", v, "the second game made from the same spec has no move %s on the line %s", name, strings.Join(v.line, " "))
			}
		}
		if t2 := g2.FormatPosition(p2); t2 != v.text {
			return c.fail("stable keys", v, "the second game reaches %q by the same line %s", t2, strings.Join(v.line, " "))
		}
		k1, k2 := c.caps.Encoder.Encode(v.p), caps2.Encoder.Encode(p2)
		if k1 == k2 {
			if c.caps.TierRanker != nil {
				if err := c.stableTiers(v, caps2.TierRanker, k1); err != nil {
					return err
				}
			}
			continue
		}
		if required {
			return c.fail("stable keys", v, "the key is %#x in one game and %#x in another made from the same spec; a game with a Ranker or TierRanker must give every position the same key in every run", k1, k2)
		}
		if differ == 0 {
			example = v.text
		}
		differ++
	}
	if differ > 0 {
		c.rep.Notes = append(c.rep.Notes, fmt.Sprintf("keys differ between two games made from the same spec at %d positions (%q, for one); allowed, since the game has no Ranker", differ, example))
	}
	return nil
}
