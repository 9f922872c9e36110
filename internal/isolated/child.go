package isolated

import (
	"bufio"
	"context"
	"encoding/gob"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"sente"
	"sente/games"
	"sente/internal/sandbox"
	"sente/rules"
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

// responding lets one response out: the work's own, or an overtime's.
var responding sync.Mutex

// respond writes resp to the parent and returns the child's exit status.
func respond(resp *response) int {
	responding.Lock()
	out := bufio.NewWriter(os.Stdout)
	if err := gob.NewEncoder(out).Encode(resp); err != nil {
		fmt.Fprintf(os.Stderr, "isolated: writing the response: %v\n", err)
		return 1
	}
	if err := out.Flush(); err != nil {
		return 1
	}
	return 0
}

func serve(ctx context.Context, req request, overtime func(error)) *response {
	// The child opens the file as every other caller does, through a
	// catalogue, with the limits the parent asked for.
	files := &games.Catalog{ReadFiles: true, Rules: rules.Options{Steps: req.Steps, Context: ctx, CallTime: req.CallTime, Overtime: overtime, MaxMemory: sandbox.Limit()}}
	if !req.Explore {
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
	var count func(int)
	if req.Counting {
		count = counter(os.NewFile(3, "count"))
	}
	resp, err := explore(g, req.Root, req.MaxPositions, count)
	if err == nil {
		err = sente.CapabilitiesOf(g).Err()
	}
	if err != nil {
		_, tooMany := err.(tooManyError)
		return &response{Err: err.Error(), TooMany: tooMany}
	}
	return resp
}

// tooManyError is the limit on positions.
type tooManyError struct{ max int }

func (e tooManyError) Error() string {
	return fmt.Sprintf("more than %d positions are reachable", e.max)
}

// counter writes n, the positions found so far, to w as a line, at most
// every countEvery. A write that fails (the parent stopped reading) ends
// the counting, not the work.
func counter(w *os.File) func(n int) {
	last := time.Now()
	return func(n int) {
		if w == nil || time.Since(last) < countEvery {
			return
		}
		last = time.Now()
		if _, err := fmt.Fprintf(w, "%d\n", n); err != nil {
			w.Close()
			w = nil
		}
	}
}

// explore visits every position reachable from root in breadth-first
// order, recording each one's text, turn, end, moves and board; count,
// when not nil, is told the positions found now and then.
func explore(g sente.Game, rootText string, maxPositions int, count func(int)) (*response, error) {
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
		if count != nil && i%256 == 0 {
			count(len(queue))
		}
		p := queue[i]
		r.Texts = append(r.Texts, g.FormatPosition(p))
		r.Turns = append(r.Turns, g.Turn(p))
		if caps.Boarder != nil {
			r.Boards = append(r.Boards, caps.Boarder.Board(p))
		}
		v, ended := g.Ended(p)
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
