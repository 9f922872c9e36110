package web

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/internal/isolated"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve"
)

// PositionInfo is the answer of GET /api/position, in the JSON every
// command speaks (explain.PositionJSON).
type PositionInfo = explain.PositionJSON

func (s *Server) handlePosition(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	spec := strings.TrimSpace(q.Get("game"))
	posText := strings.TrimSpace(q.Get("pos"))
	if len(posText) > 2000 {
		writeError(w, http.StatusBadRequest, "the position is too long")
		return
	}
	info, status, err := s.position(r.Context(), spec, posText, q.Get("rest") == "1")
	var busy busyError
	if errors.As(err, &busy) {
		w.Header().Set("Retry-After", retryAfter)
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	var failed *searchFailedError
	if errors.As(err, &failed) {
		writeJSON(w, status, explain.ErrorJSON{Error: clip(oneLine(err.Error())), WhySearch: clip(oneLine(failed.whySearch))})
		return
	}
	if err != nil {
		writeError(w, status, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, info)
}

// position answers for one position: the solve of the game from its start,
// or from the position itself when the start does not reach it. rest is
// the page's wait for the rest of a quick answer (quick.go).
func (s *Server) position(ctx context.Context, spec, posText string, rest bool) (*PositionInfo, int, error) {
	if spec == "" {
		return nil, http.StatusBadRequest, errors.New("no game: give game=NAME or game=NAME:key=value,... (see /api/games)")
	}
	j, err := s.cache.get(spec, func() (*opened, sente.Position, error) {
		o, err := s.open(spec)
		if err != nil {
			return nil, nil, err
		}
		if o.file != nil {
			return o, rulesRoot(""), nil
		}
		return o, o.game.Start(), nil
	})
	if err != nil {
		// A game refused from its start (too large for the budget) may
		// still have its positions' tiers stored whole.
		if info, ok, err := s.everyAfterRefusal(spec, posText); ok {
			return answered(info, err)
		}
		return nil, http.StatusBadRequest, err
	}
	if j.o.file != nil {
		return s.rulesPosition(ctx, j, spec, posText)
	}
	g := j.game
	p := g.Start()
	if posText != "" {
		if p, err = g.ParsePosition(posText); err != nil {
			return nil, http.StatusBadRequest, err
		}
	}
	if j.searchGame {
		// Too large for a table: the stored tables of every position of
		// p's tiers, when there are, else search.
		if info, ok, err := s.every(j.o, p); ok {
			return answered(info, err)
		}
		return s.searchPosition(ctx, j, p, rest)
	}
	// Whenever the solve from the start cannot answer p now, the stored
	// tables of every position of p's tiers may.
	if !s.wait(ctx, j) {
		if info, ok, err := s.every(j.o, p); ok {
			return answered(info, err)
		}
		return s.describe(j, p, nil), 0, nil
	}
	if j.err != nil {
		if info, ok, err := s.every(j.o, p); ok {
			return answered(info, err)
		}
		return nil, failedStatus(j.err), j.err
	}
	if _, ok := j.ans.Solution.Outcome(p); !ok {
		if err := damaged(j.ans.Solution, spec); err != nil {
			return nil, http.StatusInternalServerError, err
		}
		if info, ok, err := s.every(j.o, p); ok {
			return answered(info, err)
		}
		// Not reachable from the start: solve from p itself.
		from := j
		key := spec + "\x00from\x00" + g.FormatPosition(p)
		j, err = s.cache.get(key, func() (*opened, sente.Position, error) { return from.o, p, nil })
		if err != nil {
			return nil, http.StatusBadRequest, err
		}
		if !s.wait(ctx, j) {
			return s.describe(j, p, nil), 0, nil
		}
		if j.err != nil {
			return nil, failedStatus(j.err), j.err
		}
	}
	info := s.describe(j, p, j.ans)
	if j.ans != nil {
		// A stored table that failed to read while its moves were
		// valued: an error, never a position without moves.
		if err := damaged(j.ans.Solution, spec); err != nil {
			return nil, http.StatusInternalServerError, err
		}
	}
	if err := sente.CapabilitiesOf(g).Err(); err != nil {
		// The game's own code failed: drop it, so that the next request
		// starts afresh rather than meeting the same recorded failure.
		s.cache.forget(j)
		return nil, http.StatusBadRequest, cleanModuleError(err)
	}
	return info, 0, nil
}

// every answers p from the stored tables of every position of its tiers
// (cache.everyAnswer), when the server's store holds them.
// A table that fails to read is an error, as in an answer from the
// start's tables.
func (s *Server) every(o *opened, p sente.Position) (*PositionInfo, bool, error) {
	a, ok := s.cache.everyAnswer(o, p)
	if !ok {
		return nil, false, nil
	}
	info := s.describe(&job{o: o, game: o.game}, p, a)
	if err := damaged(a.Solution, o.spec); err != nil {
		return nil, true, err
	}
	return info, true, nil
}

// answered is position's result for an answer from stored tables: a
// table that failed to read is the server's failure.
func answered(info *PositionInfo, err error) (*PositionInfo, int, error) {
	if err != nil {
		return nil, http.StatusInternalServerError, err
	}
	return info, 0, nil
}

// everyAfterRefusal is every for a game whose solve from the start the
// cache refused, which leaves no job to open the game and read the
// position: it does both itself, only when the server has a store.
func (s *Server) everyAfterRefusal(spec, posText string) (*PositionInfo, bool, error) {
	if s.cache.tables == nil {
		return nil, false, nil
	}
	if strings.HasPrefix(spec, modulePrefix) {
		return nil, false, nil // the server stores no module's tables
	}
	o, err := s.open(spec)
	if err != nil || o.file != nil {
		return nil, false, nil
	}
	p := o.game.Start()
	if posText != "" {
		if p, err = o.game.ParsePosition(posText); err != nil {
			return nil, false, nil
		}
	}
	return s.every(o, p)
}

// failedStatus is the status of a solve that failed with err: the
// server's own files that could not be read or written (its store) are
// its failure, 500; anything else (a game too big for it, bad rules) is
// the request's, 400.
func failedStatus(err error) int {
	if _, ok := errors.AsType[*fs.PathError](err); ok {
		return http.StatusInternalServerError
	}
	return http.StatusBadRequest
}

// rulesPosition is position for a pasted rules file, whose game is known
// only once a child has explored it: from the start, or from the position
// asked for when the start does not reach it.
func (s *Server) rulesPosition(ctx context.Context, j *job, spec, posText string) (*PositionInfo, int, error) {
	if !s.wait(ctx, j) {
		return s.pending(j), 0, nil
	}
	if j.err != nil {
		return nil, failedStatus(j.err), j.err
	}
	if j.stored != "" {
		info, err := s.storedRulesPosition(ctx, j, posText)
		switch {
		case err == nil:
			return info, 0, nil
		case !errors.Is(err, isolated.ErrMissing):
			return nil, failedStatus(err), cleanRulesError(err, j.o.file.Path())
		}
		// Not reached from the start: its own solve, from it.
	}
	var p sente.Position
	if j.game != nil {
		p = j.game.Start()
	}
	if posText != "" || j.game == nil {
		var err error
		if j.game == nil {
			err = isolated.ErrMissing
		} else {
			p, err = j.game.ParsePosition(posText)
		}
		if err != nil {
			from := j
			key := spec + "\x00from\x00" + posText
			if j, err = s.cache.get(key, func() (*opened, sente.Position, error) { return from.o, rulesRoot(posText), nil }); err != nil {
				return nil, http.StatusBadRequest, err
			}
			if !s.wait(ctx, j) {
				return s.pending(j), 0, nil
			}
			if j.err != nil {
				return nil, failedStatus(j.err), j.err
			}
			p = j.game.Start()
		}
	}
	return s.describe(j, p, j.ans), 0, nil
}

// storedRulesPosition answers a position of a pasted rules file's game
// from its tables in the store, read by a child with the file's code (the
// file never runs in the server): at most as many children at once as
// load pasted files, in the memory kept aside for them.
func (s *Server) storedRulesPosition(ctx context.Context, j *job, posText string) (*PositionInfo, error) {
	select {
	case s.rules.loads <- struct{}{}:
		defer func() { <-s.rules.loads }()
	case <-ctx.Done():
		return nil, errors.New("the server is busy reading other rules files' tables; try again")
	}
	c := s.cache
	c.mu.Lock()
	c.children++
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.children--
		c.mu.Unlock()
	}()
	n, err := j.o.file.Query(ctx, j.o.args, c.tables.Dir, j.stored, posText)
	if err != nil {
		return nil, err
	}
	a := &answer.Answer{Game: n.Game(), Root: n.At(), Solution: n, Engine: answer.Stored}
	return s.describe(&job{o: j.o, game: n.Game()}, n.At(), a), nil
}

// pending is the answer while a rules file's game is still being explored
// or solved: no position is known yet.
func (s *Server) pending(j *job) *PositionInfo {
	pr := s.cache.progress(j)
	return &PositionInfo{
		Game: j.o.spec, Name: j.o.family.Name, Summary: j.o.family.Summary,
		Status: "solving", Progress: &pr, Moves: []explain.MoveJSON{},
		Verdict: "Solving the game: " + progressWords(pr),
	}
}

// wait waits a moment for the job; false if it is still running.
func (s *Server) wait(ctx context.Context, j *job) bool {
	return s.waitFor(ctx, j, s.cfg.Moment)
}

// waitFor waits for the job at most d; false if it is still running.
func (s *Server) waitFor(ctx context.Context, j *job, d time.Duration) bool {
	return waitOr(ctx, j, d, nil)
}

// waitOr waits up to d for j to end, or until early is closed (never, when
// nil), and reports whether j has ended.
func waitOr(ctx context.Context, j *job, d time.Duration, early <-chan struct{}) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-j.done:
		return true
	case <-early:
	case <-t.C:
	case <-ctx.Done():
	}
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// waitForSearch is waitFor for a position's search: up to the server's
// SearchWait for the answer, or for the quick answer when the page has
// not got it yet; a request for the rest counts as a page waiting for it
// (quick.go). It reports whether j has ended.
func (s *Server) waitForSearch(ctx context.Context, j *job, rest bool) bool {
	early := j.early
	if rest {
		early = nil // the page has it: only the rest is news
		j.restWaiting.Add(1)
		defer func() {
			j.restAsked.Store(time.Now().UnixNano())
			j.restWaiting.Add(-1)
		}()
	}
	return waitOr(ctx, j, s.cfg.SearchWait, early)
}

// describe builds the answer; a nil means the solve is still running.
func (s *Server) describe(j *job, p sente.Position, a *answer.Answer) *PositionInfo {
	return s.describeWith(j, p, a, nil)
}

// describeWith is describe, or with q, a searched position's quick
// answer, in place of its answer.
func (s *Server) describeWith(j *job, p sente.Position, a *answer.Answer, q *quickAnswer) *PositionInfo {
	o, g := j.o, j.game
	turn := g.Turn(p)
	info := &PositionInfo{
		Game:     o.spec,
		Name:     o.family.Name,
		Summary:  o.family.Summary,
		Start:    g.FormatPosition(g.Start()),
		Position: g.FormatPosition(p),
		Turn:     turn,
		Status:   "ready",
		Moves:    []explain.MoveJSON{},
	}
	caps := sente.CapabilitiesOf(g)
	if caps.Describer != nil {
		desc := caps.Describer.Describe()
		info.Rules, info.PositionForm = desc.Rules, desc.Position
	}
	info.Impartial = caps.IsImpartial()
	if caps.Drawer != nil {
		info.Drawing = caps.Drawer.Draw(p)
	}
	var moves []sente.Move
	endValue, ended := g.Ended(p)
	if !ended {
		moves = g.Moves(p)
	}
	info.Ended = ended || len(moves) == 0
	info.Board = boardOf(g, p, moves)
	worth := s.worth(o.spec, g, p, moves)
	info.PositionWorthJSON = worth.position
	defer func() {
		// The moves are listed by now, best first when solved: each
		// gets the value of the position it leads to.
		for i := range info.Moves {
			info.Moves[i].MoveWorthJSON = worth.moves[info.Moves[i].Move]
		}
	}()
	if q != nil {
		info.Search, info.Pending = q.search, true
		if !info.Ended {
			info.Moves = explain.QuickMovesJSON(g, p, q.root, q.moves)
		}
		verdicts(info, turn, q.root)
		return info
	}
	if a == nil {
		pr := s.cache.progress(j)
		info.Status, info.Progress = "solving", &pr
		for _, m := range moves {
			info.Moves = append(info.Moves, explain.MoveJSON{Move: m.Name, Player: turn, Position: g.FormatPosition(m.To)})
		}
		info.Verdict = "Solving the game: " + progressWords(pr)
		if pr.Words != "" {
			info.Verdict = pr.Words
		}
		return info
	}
	sol := a.Solution
	info.Positions = sol.Positions()
	info.Search = searchedWords(a)
	out, _ := sol.Outcome(p)
	if ended {
		out = sente.Outcome{Value: endValue}
	}
	var grundy *nimber.Nimber
	if n, ok := a.Grundy(p); ok {
		info.GrundyJSON, grundy = explain.NewGrundyJSON(n, true), &n
	}
	if !info.Ended {
		if ms, err := explain.MovesJSON(sol, p, a.GrundyValues()); err == nil {
			info.Moves = ms
		}
	}
	audience := verdicts(info, turn, out)
	info.MarginJSON = explain.NewMarginJSON(sol, p, audience)
	info.WhyFor = map[sente.Player]string{}
	if !info.Ended {
		info.Why = audience.Why(turn, info.Moves, grundy)
		for _, you := range []sente.Player{sente.First, sente.Second} {
			info.WhyFor[you] = audience.For(you).Why(turn, info.Moves, grundy)
		}
	}
	return info
}

// verdicts sets info's value and winner from out, the outcome of its
// position for turn, and the sentences that say it, for nobody in
// particular and for a person playing either side against the computer
// (the page picks the one it needs), with the verdict of a game ended
// by repetition; it returns their audience.
func verdicts(info *PositionInfo, turn sente.Player, out sente.Outcome) explain.Audience {
	info.Value, info.Remoteness = out.Value, explain.RemotenessJSON(out)
	winner := sente.Winner(turn, out.Value)
	info.Winner = &winner
	audience := explain.Audience{Marks: marksBoard(info.Board)}
	if info.Board != nil {
		audience.Sides = info.Board.Players
	}
	info.Verdict = audience.Verdict(turn, out, info.Ended)
	if !info.Ended {
		info.Repetition = audience.Repetition()
	}
	info.VerdictFor = map[sente.Player]string{}
	for _, you := range []sente.Player{sente.First, sente.Second} {
		info.VerdictFor[you] = audience.For(you).Verdict(turn, out, info.Ended)
	}
	return audience
}

// damaged is the failure to read a stored table that an answer met, with
// the way out, or nil.
func damaged(sol solve.Solution, spec string) error {
	if sol == nil {
		return nil
	}
	if err := sol.Damage(); err != nil {
		return fmt.Errorf("%w; 'sente solve %s' checks the stored tables and solves the damaged tiers again", err, spec)
	}
	return nil
}

// marksBoard reports whether b is a board of marks (x and o alone), on
// which the players are named by their marks.
func marksBoard(b *Board) bool {
	if b == nil || b.Style != "grid" {
		return false
	}
	for _, row := range b.Cells {
		for _, c := range row {
			if c != "" && c != "x" && c != "o" {
				return false
			}
		}
	}
	return true
}

func progressWords(p Progress) string {
	phase := p.Phase
	var words string
	switch {
	case p.Phase == "queued" && p.Queue > 0:
		words = fmt.Sprintf("waiting for other solves to finish: number %d in line for %s games", p.Queue, p.Lane)
		if p.EstimatedBytes > 0 {
			words += fmt.Sprintf(" (this one needs %s of memory)", quantity.FormatBytes(float64(p.EstimatedBytes)))
		}
		return words + "."
	case p.Phase == "queued" || p.Phase == "starting":
		return "starting."
	case p.Total > 0:
		words = fmt.Sprintf("%s, %d of %d positions (%.0f%%)", phase, p.Done, p.Total, 100*float64(p.Done)/float64(p.Total))
	case p.Done > 0:
		words = fmt.Sprintf("%s, %d positions so far", phase, p.Done)
	default:
		words = phase
	}
	if p.Bytes > 0 {
		words += fmt.Sprintf(", %s of memory", quantity.FormatBytes(float64(p.Bytes)))
	}
	if p.SecondsLeft > 0 {
		words += fmt.Sprintf(", %s left", secondsWords(p.SecondsLeft))
	}
	return words + "."
}

// secondsWords is a time left in words: "about 40 s", "about 3 min".
func secondsWords(s int) string {
	switch {
	case s < 90:
		return fmt.Sprintf("about %d s", s)
	case s < 90*60:
		return fmt.Sprintf("about %d min", (s+30)/60)
	}
	return fmt.Sprintf("about %d h", (s+1800)/3600)
}
