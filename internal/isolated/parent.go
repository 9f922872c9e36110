package isolated

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/solve"
)

// Limits bound the child that runs a rules file.
type Limits struct {
	// Memory is the most memory the child may hold, in bytes: a hard
	// limit, past which it dies and the call fails.
	Memory uint64
	// Steps limits each call of the file's functions (rules.Options.Steps;
	// 0 for rules.DefaultSteps).
	Steps uint64
	// CallTime limits one call of the file's functions
	// (rules.Options.CallTime); 0 means DefaultCallTime.
	CallTime time.Duration
	// MaxPositions limits the positions a graph may have.
	MaxPositions int
	// MaxBytes limits what the child may send back; 0 means 1 GiB.
	MaxBytes int64
}

// DefaultCallTime is the time limit of one call when Limits.CallTime is 0:
// far more than any sensible rules file needs for one position.
const DefaultCallTime = 10 * time.Second

// ErrTooMany is returned (wrapped) when more than Limits.MaxPositions
// positions are reachable.
var ErrTooMany = errors.New("too many positions")

// File is a rules file that a child has loaded and checked.
type File struct {
	path string
	lim  Limits
	// Family is the file's family without New: name, summary and
	// parameters. Explore makes its games.
	Family sente.Family
}

// Load has a child load and check the rules file at path. Its errors are
// the file's own, in one line, or the child's death.
func Load(ctx context.Context, path string, lim Limits) (*File, error) {
	resp, err := call(ctx, request{Path: path}, lim, nil)
	if err != nil {
		return nil, err
	}
	return &File{path: path, lim: lim, Family: sente.Family{Name: resp.Name, Summary: resp.Summary, Params: resp.Params}}, nil
}

// Explore has a child make the file's game with args and explore every
// position reachable from root (its text form; empty for the start), and
// returns them as a graph whose start is root. A child that runs out of
// memory exploring is reported with the positions it found and how fast
// they were still growing, and what makes a game grow without end.
func (f *File) Explore(ctx context.Context, args []sente.Arg, root string) (*Graph, error) {
	return f.ExploreCounting(ctx, args, root, nil)
}

// ExploreCounting is Explore, telling found, when not nil, the positions
// found so far every quarter of a second or so while the child explores.
func (f *File) ExploreCounting(ctx context.Context, args []sente.Arg, root string, found func(positions int)) (*Graph, error) {
	resp, err := call(ctx, request{
		Path: f.path, Explore: true, Counting: true,
		Args: args, Root: root, MaxPositions: max(f.lim.MaxPositions, 1),
	}, f.lim, &SolveOptions{Progress: func(p solve.Progress) {
		if found != nil {
			found(p.Done)
		}
	}})
	if err != nil {
		return nil, err
	}
	return graphOf(resp)
}

// SolveOptions say where and how a child solves a file's game.
type SolveOptions struct {
	// Tables is the directory of the store the tables are found in or
	// solved into.
	Tables string
	// MaxMemory is the memory the answer layer plans the solve within.
	MaxMemory uint64
	// Label names the game in a refusal.
	Label string
	// Progress, when set, is told how far the child has come; Planned,
	// the plan of a solve by the tier engine before it starts: the
	// positions it expects.
	Progress func(solve.Progress)
	Planned  func(positions float64)
}

// Solved is what a child made of a file's game: the name of its tables in
// the store (found there, or solved by the tier engine), or its graph,
// for the hashing engine to solve in this process.
type Solved struct {
	Stored string
	Graph  *Graph
}

// Solve has a child answer the file's game with args from its start as
// the answer layer would: from its tables in the store when they hold it
// (solved by 'sente solve --store' under any file name), by the tier
// engine into the store when that is the engine the answer layer takes,
// the solve contained in the child like the file's code, or else by
// sending its graph back as Explore does. A game the answer layer refuses
// is an *answer.Refusal's words, wrapped in ErrRefused.
func (f *File) Solve(ctx context.Context, args []sente.Arg, opt SolveOptions) (Solved, error) {
	resp, err := call(ctx, request{
		Path: f.path, Solve: true, Counting: true, Args: args, MaxPositions: max(f.lim.MaxPositions, 1),
		Tables: opt.Tables, MaxMemory: opt.MaxMemory, Label: opt.Label,
	}, f.lim, &opt)
	if err != nil {
		return Solved{}, err
	}
	if resp.Stored != "" {
		return Solved{Stored: resp.Stored}, nil
	}
	g, err := graphOf(resp)
	return Solved{Graph: g}, err
}

// Query has a child read a position (its text; empty for the start) of
// the file's game with args from its tables named name in the store
// tables, and returns what the browser app shows of it: the position, its
// children and their outcomes, as a solution over a graph of them. An
// error wrapping ErrMissing says the tables do not reach the position.
func (f *File) Query(ctx context.Context, args []sente.Arg, tables, name, position string) (*Neighbourhood, error) {
	resp, err := call(ctx, request{Path: f.path, Query: true, Args: args, Tables: tables, Name: name, Position: position}, f.lim, nil)
	if err != nil {
		return nil, err
	}
	g, err := graphOf(resp)
	if err != nil {
		return nil, err
	}
	if len(resp.Outcomes) != g.Len() || resp.At < 0 || int(resp.At) >= g.Len() {
		return nil, fmt.Errorf("the rules file's process sent back a malformed position: outcomes and positions disagree")
	}
	return &Neighbourhood{graph: g, at: int(resp.At), outcomes: resp.Outcomes, margins: resp.Margins, positions: resp.Positions, counts: resp.Counts}, nil
}

// ErrRefused marks the answer layer's refusal of a file's game, made in
// the child: its words are the error's.
var ErrRefused = errors.New("refused")

// ErrMissing marks a position the stored tables of a file's game do not
// reach.
var ErrMissing = errors.New("not in the stored tables")

// wordsError is an error whose words are those of the child, marked with
// a kind for errors.Is.
type wordsError struct {
	words string
	kind  error
}

func (e *wordsError) Error() string { return e.words }
func (e *wordsError) Unwrap() error { return e.kind }

// call runs one request in a child; opt, when set, hears its progress.
func call(ctx context.Context, req request, lim Limits, opt *SolveOptions) (*response, error) {
	req.Steps, req.CallTime = lim.Steps, lim.CallTime
	if req.CallTime <= 0 {
		req.CallTime = DefaultCallTime
	}
	var in bytes.Buffer
	if err := gob.NewEncoder(&in).Encode(req); err != nil {
		return nil, err
	}
	cmd := sandbox.Command(ctx, mode, lim.Memory)
	cmd.Stdin = &in
	said := &sandbox.RuntimeText{}
	cmd.Stderr = said
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start a process for the rules file: %w", err)
	}
	// What an exploring child said of the positions it found, for the
	// words on a child that ran out of memory.
	var counts *growth
	if req.Counting {
		counts = &growth{start: time.Now()}
	}
	watch := sandbox.WatchMemory(cmd.Process, lim.Memory)
	defer watch.Stop()
	maxBytes := lim.MaxBytes
	if maxBytes <= 0 {
		maxBytes = 1 << 30
	}
	limited := &io.LimitedReader{R: out, N: maxBytes}
	var resp response
	var decodeErr error
	dec := gob.NewDecoder(limited)
	for {
		var m message
		if decodeErr = dec.Decode(&m); decodeErr != nil {
			break
		}
		if m.Response != nil {
			resp = *m.Response
			break
		}
		if m.Progress != nil && counts != nil && m.Progress.Phase == solve.PhaseExploring && !m.Progress.Tiered {
			counts.add(m.Progress.Done)
		}
		switch {
		case opt == nil:
		case m.Progress != nil && opt.Progress != nil:
			opt.Progress(*m.Progress)
		case m.Planned != nil && opt.Planned != nil:
			opt.Planned(m.Planned.Positions)
		}
		// What a child reports as it goes does not count against what
		// it may send back.
		limited.N = maxBytes
	}
	io.Copy(io.Discard, out) // let the child finish writing
	waitErr := cmd.Wait()
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case waitErr != nil:
		death := watch.Death(waitErr, said.Bytes())
		var limit *sandbox.LimitError
		if errors.As(death, &limit) && counts != nil && counts.seen() {
			return nil, fmt.Errorf("%s: the process running the rules file %w%s", req.Path, death, counts.words())
		}
		if death != nil {
			return nil, fmt.Errorf("%s: the process running the rules file %w", req.Path, death)
		}
		return nil, fmt.Errorf("%s: the process running the rules file failed: %v", req.Path, waitErr)
	case limited.N <= 0:
		return nil, fmt.Errorf("the rules file's game is too large to send back: more than %d bytes", maxBytes)
	case decodeErr != nil:
		return nil, fmt.Errorf("cannot read what the rules file's process sent back: %v", decodeErr)
	case resp.TooMany:
		return nil, fmt.Errorf("%w: %s", ErrTooMany, resp.Err)
	case resp.Refused:
		return nil, &wordsError{resp.Err, ErrRefused}
	case resp.Missing:
		return nil, &wordsError{resp.Err, ErrMissing}
	case resp.Err != "":
		return nil, errors.New(resp.Err)
	}
	return &resp, nil
}

// growth is what an exploring child said of the positions it found: the
// counts, each with the time it came.
type growth struct {
	start  time.Time
	mu     sync.Mutex
	counts []int
	at     []time.Duration
}

// add records n, the positions the child said it had found by now.
func (g *growth) add(n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.counts = append(g.counts, n)
	g.at = append(g.at, time.Since(g.start))
}

// seen reports whether the child said anything.
func (g *growth) seen() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.counts) > 0
}

// words says how far a child that ran out of memory exploring got, and how
// fast its positions were still growing over its last seconds, with what
// makes a game's positions grow without end: ", after finding 1,234,567
// positions in 64 s, still growing by 19,000 a second at the end: ...".
func (g *growth) words() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	last := len(g.counts) - 1
	n, t := g.counts[last], g.at[last]
	// The rate over the last two seconds or so, from the count before them.
	from := last
	for from > 0 && t-g.at[from] < 2*time.Second {
		from--
	}
	s := fmt.Sprintf(", after finding %s positions in %.0f s", thousands(n), max(t.Seconds(), 1))
	if from < last {
		rate := float64(n-g.counts[from]) / (t - g.at[from]).Seconds()
		if rate >= 1 {
			s += fmt.Sprintf(", still growing by %s a second at the end", thousands(int(rate)))
		} else {
			s += fmt.Sprintf(", none new in its last %.0f s", (t - g.at[from]).Seconds())
		}
	}
	return s + ". Positions that keep growing mean a game that never ends (some line of play never reaches its end: a move that can always be made again, a count that only rises), " +
		"or a position that carries its history (the moves played so far, a move counter), so that no position ever comes twice; a game that does end may need smaller parameters."
}

// thousands writes n with commas between its thousands: 1,234,567.
func thousands(n int) string { return quantity.Thousands(uint64(max(n, 0))) }

// graphOf checks what a child sent and makes the graph of it.
func graphOf(r *response) (*Graph, error) {
	n := len(r.Texts)
	bad := func(what string) (*Graph, error) {
		return nil, fmt.Errorf("the rules file's process sent back a malformed graph: %s", what)
	}
	if n == 0 || len(r.Turns) != n || len(r.Ended) != n || len(r.First) != n+1 ||
		r.First[0] != 0 || int(r.First[n]) != len(r.Targets) || len(r.MoveNames) != len(r.Targets) {
		return bad("lengths disagree")
	}
	if r.Boards != nil && len(r.Boards) != n {
		return bad("boards and positions disagree")
	}
	if r.MaxScore < 0 || r.MaxScore > 0 && len(r.Scores) != n {
		return bad("scores and positions disagree")
	}
	if r.Margins != nil && len(r.Margins) != n {
		return bad("margins and positions disagree")
	}
	for i := range n {
		if r.First[i] > r.First[i+1] {
			return bad("moves out of order")
		}
	}
	for m, t := range r.Targets {
		if t < 0 || int(t) >= n || r.MoveNames[m] < 0 || int(r.MoveNames[m]) >= len(r.Names) {
			return bad("a move leads nowhere")
		}
	}
	g := &Graph{
		desc: r.Description, impartial: r.Impartial,
		texts: r.Texts, byText: make(map[string]int32, n),
		turns: r.Turns, ended: r.Ended,
		first: r.First, moveNames: r.MoveNames, targets: r.Targets, names: r.Names,
		boards: r.Boards,
	}
	if r.MaxScore > 0 {
		g.maxScore, g.scores = r.MaxScore, r.Scores
	}
	for i, t := range r.Texts {
		key := strings.TrimSpace(t)
		if _, dup := g.byText[key]; !dup {
			g.byText[key] = int32(i)
		}
	}
	return g, nil
}

// Path is where the file is.
func (f *File) Path() string { return f.path }
