package isolated

import (
	"bufio"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
)

// mode is the name the child runs under (see sandbox.Register).
const mode = "rules-graph"

func init() { sandbox.Register(mode, childMain) }

// childMain serves one request: read it, do it, write the response. Errors
// of the file come back in the response; only a broken pipe or a death (out
// of memory, a crash) ends the child otherwise.
func childMain() int {
	var req request
	if err := gob.NewDecoder(bufio.NewReader(os.Stdin)).Decode(&req); err != nil {
		fmt.Fprintf(os.Stderr, "isolated: reading the request: %v\n", err)
		return 1
	}
	// A call of the file's functions that outlasts its time limit within
	// one Starlark step cannot be stopped: the answer is then its error,
	// and the child ends.
	overtime := func(err error) {
		os.Exit(respond(&response{Err: err.Error()}))
	}
	return respond(serve(context.Background(), req, overtime))
}

// out writes the child's messages, one at a time: the work's own, and an
// overtime's.
var out struct {
	sync.Mutex
	w   *bufio.Writer
	enc *gob.Encoder
	// done is set once the response is written: nothing follows it.
	done bool
}

// send writes m to the parent; false when it cannot.
func send(m message) bool {
	out.Lock()
	defer out.Unlock()
	if out.done {
		return false
	}
	if out.enc == nil {
		out.w = bufio.NewWriter(os.Stdout)
		out.enc = gob.NewEncoder(out.w)
	}
	if err := out.enc.Encode(m); err != nil {
		fmt.Fprintf(os.Stderr, "isolated: writing to the parent: %v\n", err)
		return false
	}
	if m.Response != nil {
		out.done = true
	}
	return out.w.Flush() == nil
}

// respond writes resp to the parent and returns the child's exit status.
func respond(resp *response) int {
	if !send(message{Response: resp}) {
		return 1
	}
	return 0
}

// progressEvery is how often a child reports its progress.
const progressEvery = 250 * time.Millisecond

// reporter sends progress at most every progressEvery.
func reporter() func(solve.Progress) {
	var mu sync.Mutex
	var last time.Time
	return func(p solve.Progress) {
		mu.Lock()
		defer mu.Unlock()
		if time.Since(last) < progressEvery {
			return
		}
		last = time.Now()
		send(message{Progress: &p})
	}
}

func serve(ctx context.Context, req request, overtime func(error)) *response {
	// The child opens the file as every other caller does, through a
	// catalogue, with the limits the parent asked for.
	files := &games.Catalog{ReadFiles: true, Rules: rules.Options{Steps: req.Steps, Context: ctx, CallTime: req.CallTime, Overtime: overtime, MaxMemory: sandbox.Limit()}}
	if !req.Explore && !req.Solve && !req.Query {
		fam, err := files.Family(req.Path)
		if err != nil {
			return &response{Err: err.Error()}
		}
		return &response{Name: fam.Name, Summary: fam.Summary, Params: fam.Params}
	}
	b, err := files.Bind(sente.Spec{Name: req.Path, Args: req.Args})
	if err != nil {
		return &response{Err: err.Error()}
	}
	g, err := b.New()
	if err != nil {
		return &response{Err: err.Error()}
	}
	var resp *response
	switch {
	case req.Query:
		resp, err = query(ctx, g, req)
	case req.Solve:
		resp, err = solveTables(ctx, g, b.Canonical(), req)
	default:
		var progress func(solve.Progress)
		if req.Counting {
			progress = reporter()
		}
		resp, err = explore(g, req.Root, req.MaxPositions, progress)
	}
	if err == nil {
		err = sente.CapabilitiesOf(g).Err()
	}
	if err != nil {
		_, tooMany := err.(tooManyError)
		_, refused := errors.AsType[*answer.Refusal](err)
		return &response{Err: err.Error(), TooMany: tooMany, Refused: refused, Missing: errors.Is(err, answer.ErrNotStored)}
	}
	return resp
}

// solveTables answers a Solve: the game's tables when the store holds
// them (under the name the file has there, whatever it was called when
// solved), else the answer layer's plan, then the tables the tier engine
// solves into the store, or the graph for the hashing engine.
func solveTables(ctx context.Context, g sente.Game, canonical string, req request) (*response, error) {
	tables := &store.Store{Dir: req.Tables}
	name := answer.StoredName(tables, canonical)
	if a, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Stored, Tables: tables, Name: name}); err == nil {
		a.Close()
		return &response{Stored: name}, nil
	}
	progress := reporter()
	opt := answer.Options{
		MaxMemory: req.MaxMemory, Label: req.Label, Tables: tables, Name: name, Progress: progress,
		Planned: func(p answer.DiscoveredPlan) {
			send(message{Planned: &planned{Words: p.String(), Positions: p.Estimate.Positions}})
		},
	}
	plan, err := answer.Choose(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	if plan.Engine != answer.Tiers {
		return explore(g, "", req.MaxPositions, progress)
	}
	opt.Plan = &plan
	a, err := answer.Solve(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	a.Close()
	return &response{Stored: name}, nil
}

// query answers a Query: the start, the position asked and its children,
// with their outcomes from the game's stored tables.
func query(ctx context.Context, g sente.Game, req request) (*response, error) {
	start, p := g.Start(), g.Start()
	if strings.TrimSpace(req.Position) != "" {
		var err error
		if p, err = g.ParsePosition(req.Position); err != nil {
			return nil, err
		}
	}
	a, err := answer.Solve(ctx, g, answer.Options{From: p, Engine: answer.Stored, Tables: &store.Store{Dir: req.Tables}, Name: req.Name})
	if err != nil {
		return nil, err
	}
	defer a.Close()
	sol := a.Solution
	r := &response{First: []int32{0}, Positions: sol.Positions(), Counts: sol.Counts()}
	caps := sente.CapabilitiesOf(g)
	if caps.Describer != nil {
		r.Description = caps.Describer.Describe()
	}
	r.Impartial = caps.IsImpartial()
	scored := sente.Scored(g)
	margins := scored && sol.MarginErr() == nil
	if scored {
		r.MaxScore = caps.Scorer.MaxScore()
	}
	names := map[string]int32{}
	add := func(q sente.Position) {
		r.Texts = append(r.Texts, g.FormatPosition(q))
		r.Turns = append(r.Turns, g.Turn(q))
		if caps.Boarder != nil {
			r.Boards = append(r.Boards, caps.Boarder.Board(q))
		}
		o, _ := sol.Outcome(q)
		m, ok := sol.Margin(q)
		v, ended := g.Ended(q)
		score := 0
		if ended {
			r.Ended = append(r.Ended, 1+uint8(v))
			o = sente.Outcome{Value: v}
			if scored {
				score = caps.Scorer.Score(q)
				m, ok = sente.Margin{Score: score}, true
			}
		} else {
			r.Ended = append(r.Ended, 0)
		}
		r.Outcomes = append(r.Outcomes, o)
		if scored {
			r.Scores = append(r.Scores, int32(score))
		}
		margins = margins && ok
		r.Margins = append(r.Margins, m)
	}
	// The start first, then the position (when it is not the start), then
	// its children; only the position's moves are listed.
	add(start)
	if g.FormatPosition(p) != g.FormatPosition(start) {
		r.First = append(r.First, 0)
		add(p)
		r.At = 1
	}
	next := int32(len(r.Texts))
	var moves []sente.Move
	if _, ended := g.Ended(p); !ended {
		moves = g.Moves(p)
	}
	for _, m := range moves {
		name, ok := names[m.Name]
		if !ok {
			name = int32(len(r.Names))
			names[m.Name] = name
			r.Names = append(r.Names, m.Name)
		}
		r.MoveNames = append(r.MoveNames, name)
		r.Targets = append(r.Targets, next)
		next++
	}
	r.First = append(r.First, int32(len(r.Targets)))
	for _, m := range moves {
		add(m.To)
		r.First = append(r.First, int32(len(r.Targets)))
	}
	if err := sol.Damage(); err != nil {
		return nil, err
	}
	if !margins {
		r.Margins = nil
	}
	return r, caps.Err()
}

// tooManyError is the limit on positions.
type tooManyError struct{ max int }

func (e tooManyError) Error() string {
	return fmt.Sprintf("more than %d positions are reachable", e.max)
}

// explore visits every position reachable from root in breadth-first
// order, recording each one's text, turn, end, moves and board, and
// reports how many it has found (when progress is set).
func explore(g sente.Game, rootText string, maxPositions int, progress func(solve.Progress)) (*response, error) {
	root := g.Start()
	if strings.TrimSpace(rootText) != "" {
		p, err := g.ParsePosition(rootText)
		if err != nil {
			return nil, err
		}
		root = p
	}
	r := &response{First: []int32{0}}
	caps := sente.CapabilitiesOf(g)
	if caps.Describer != nil {
		r.Description = caps.Describer.Describe()
	}
	r.Impartial = caps.IsImpartial()
	scored := sente.Scored(g)
	if scored {
		r.MaxScore = caps.Scorer.MaxScore()
	}
	ids := map[sente.Position]int32{}
	names := map[string]int32{}
	queue := []sente.Position{}
	add := func(p sente.Position) (int32, error) {
		if id, ok := ids[p]; ok {
			return id, nil
		}
		if len(queue) >= maxPositions {
			return 0, tooManyError{maxPositions}
		}
		id := int32(len(queue))
		ids[p] = id
		queue = append(queue, p)
		return id, nil
	}
	if _, err := add(root); err != nil {
		return nil, err
	}
	for i := 0; i < len(queue); i++ {
		if progress != nil && i%256 == 0 {
			progress(solve.Progress{Phase: solve.PhaseExploring, Done: len(queue), Bytes: 0})
		}
		p := queue[i]
		r.Texts = append(r.Texts, g.FormatPosition(p))
		r.Turns = append(r.Turns, g.Turn(p))
		if caps.Boarder != nil {
			r.Boards = append(r.Boards, caps.Boarder.Board(p))
		}
		v, ended := g.Ended(p)
		if scored {
			score := 0
			if ended {
				score = caps.Scorer.Score(p)
			}
			r.Scores = append(r.Scores, int32(score))
		}
		if ended {
			r.Ended = append(r.Ended, 1+uint8(v))
		} else {
			r.Ended = append(r.Ended, 0)
			for _, m := range g.Moves(p) {
				to, err := add(m.To)
				if err != nil {
					return nil, err
				}
				name, ok := names[m.Name]
				if !ok {
					name = int32(len(r.Names))
					names[m.Name] = name
					r.Names = append(r.Names, m.Name)
				}
				r.MoveNames = append(r.MoveNames, name)
				r.Targets = append(r.Targets, to)
			}
		}
		r.First = append(r.First, int32(len(r.Targets)))
		if err := caps.Err(); err != nil {
			return nil, err
		}
	}
	return r, nil
}
