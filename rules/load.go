package rules

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
	"go.starlark.net/syntax"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/regularfile"
)

// DefaultSteps is the step limit of one call when Options.Steps is zero.
const DefaultSteps = 1_000_000

// NoStepLimit as Options.Steps lets a call take any number of steps: only
// Options.CallTime, Options.Context or the memory limit then end an endless
// loop.
const NoStepLimit = math.MaxUint64

// Options change how a rules file runs.
type Options struct {
	// Steps limits the Starlark steps (roughly, bytecode instructions) of
	// each call of one of the file's functions, and of running its top
	// level; 0 means DefaultSteps (NoStepLimit, none). A call that passes it fails, naming the
	// line it was running: that is how an endless loop ends.
	Steps uint64
	// Context, when set, cancels every game of the file once it is done:
	// running Starlark code stops at its next step (see Game.Cancel).
	Context context.Context
	// Print receives what the file's print() calls say, from any goroutine;
	// nil discards it.
	Print func(msg string)
	// CallTime, when positive, limits the time of one call of the file's
	// functions, and of a run of its top level: a call past it fails with
	// "one call ran longer than ...". Starlark stops a call only between
	// steps, and one step (multiplying huge integers) can take minutes, so
	// a call that has not stopped a grace period later (a tenth of CallTime,
	// at least a second) is reported to Overtime, from another goroutine,
	// with an *Error naming the file and the function. Overtime may end the
	// process; nil leaves the call running.
	CallTime time.Duration
	Overtime func(error)
	// MaxMemory, when positive, is the memory the process may have: a
	// call of the file's functions (or a run of its top level) that asks
	// for more than that in all, what it lets go counted, fails with "one
	// call asked for more memory than the limit of ... allows", as one that
	// runs past CallTime does (and is reported to Overtime in the same
	// way if it does not stop). A string grown a little at each step,
	// copied each time, is stopped so long before it holds the limit.
	MaxMemory uint64
}

// IsRulesFile reports whether a game name is a rules file: a name ending in
// .star, such as examples/count.star.
func IsRulesFile(name string) bool { return strings.HasSuffix(name, ".star") }

// fileOptions are the Starlark dialect of rules files: while loops,
// recursion, if and for at top level, sets and reassigned globals. There is
// no load: Load rejects load statements.
var fileOptions = &syntax.FileOptions{
	Set:             true,
	While:           true,
	TopLevelControl: true,
	GlobalReassign:  true,
	Recursion:       true,
}

// Names of the file's functions and values that the game reads.
var (
	// A partizan file (left_moves and right_moves) may leave moves out:
	// its turn-based moves are then the options of the side to move.
	requiredFuncs = []string{"start", "moves", "turn"}
	optionalFuncs = map[string]int{ // name -> number of arguments
		"start": 0, "moves": 1, "turn": 1, "result": 1, "show": 1, "parse": 1, "components": 1, "tier": 1,
		"setup": 0, "board": 1, "parents": 1, "canonical": 1, "left_moves": 1, "right_moves": 1,
		"score": 1, "max_score": 0,
	}
)

// ruleset is a loaded rules file: what every game of its family shares.
type ruleset struct {
	path     string // as given to Load, for messages
	name     string // base name without .star
	summary  string
	rules    string
	params   []sente.Param
	prog     *starlark.Program
	steps    uint64
	ctx      context.Context
	watch    *callWatch // nil without Options.CallTime and MaxMemory
	print    func(*starlark.Thread, string)
	hasShow  bool
	hasParse bool
	loops    *loopIndex
}

// Load reads and checks a rules file and returns its game family: Name is
// the file's base name without .star, Summary the first line of its
// docstring, Params its params, and New runs the file with the parameters
// bound and returns the game, a *Game: a sente.Game whose Capabilities
// are sente.Encoder, sente.Describer and sente.Erring, and sente.Impartial,
// sente.Splitter, sente.Tiered, sente.Restricter and sente.Boarder when
// the file defines impartial, components, tier, policies and board, and
// sente.Partizan (sente.PartizanSplitter with components) when it defines
// left_moves and right_moves.
//
// Errors are one line: "FILE:LINE:COL: message" for syntax and runtime
// errors, "FILE: message" for a missing function or a bad declaration.
func Load(path string, opt Options) (sente.Family, error) {
	src, err := readFile(path)
	if err != nil {
		return sente.Family{}, err
	}
	rs := &ruleset{
		path:  path,
		name:  strings.TrimSuffix(filepath.Base(path), ".star"),
		steps: opt.Steps,
		ctx:   opt.Context,
		watch: newCallWatch(path, opt.CallTime, opt.Overtime, opt.MaxMemory),
		print: func(*starlark.Thread, string) {},
	}
	if rs.steps == 0 {
		rs.steps = DefaultSteps
	}
	if opt.Print != nil {
		rs.print = func(_ *starlark.Thread, msg string) { opt.Print(printable(msg, true)) }
	}
	f, err := fileOptions.Parse(path, src, 0)
	if err != nil {
		return sente.Family{}, oneLineError(err)
	}
	for _, stmt := range f.Stmts {
		if load, ok := stmt.(*syntax.LoadStmt); ok {
			return sente.Family{}, fmt.Errorf("%s: load is not available: a rules file stands alone (no load, files, network or clock)", load.Load)
		}
	}
	rs.summary, rs.rules = docstring(f)
	rs.summary, rs.rules = printable(rs.summary, false), printable(rs.rules, true)
	rs.loops = indexLoops(f)
	rs.prog, err = starlark.FileProgram(f, predeclaredNames.Has)
	if err != nil {
		return sente.Family{}, resolveError(err)
	}

	// The first run reads the declarations; PARAMS is not bound.
	globals, err := rs.exec(&paramsValue{}, &setupValue{})
	if err != nil {
		return sente.Family{}, err
	}
	if rs.params, _, err = readParams(path, globals["params"]); err != nil {
		return sente.Family{}, err
	}
	if _, err := rs.check(globals); err != nil {
		return sente.Family{}, err
	}
	if rs.summary == "" {
		rs.summary = "the game of the rules file " + filepath.Base(path)
	}
	return sente.Family{
		Name:    rs.name,
		Summary: rs.summary,
		Params:  rs.params,
		New:     rs.newGame,
		Digest:  tablesDigest(f, src),
	}, nil
}

// readFile reads a rules file, refusing at once a path that is not a
// regular file (a named pipe, a device, a directory, or a symbolic link
// to one) and a file larger than MaxFileBytes (regularfile.Read).
func readFile(path string) ([]byte, error) {
	b, err := regularfile.Read(path, MaxFileBytes)
	var notRegular *regularfile.NotRegularError
	var tooBig *regularfile.TooBigError
	switch {
	case errors.As(err, &notRegular):
		return nil, fmt.Errorf("%s: %s, not a regular file; a rules file is a regular file of Starlark code ending in .star", path, notRegular.Kind)
	case errors.As(err, &tooBig):
		return nil, fmt.Errorf("%s: a file of %s, more than the %s a rules file may have", path, sizeText(tooBig.Size), sizeText(MaxFileBytes))
	}
	return b, err
}

// MaxFileBytes is the size of the largest rules file Load reads.
const MaxFileBytes = 16 << 20

// sizeText writes an amount of bytes as sente writes memory (16M, 1.5G):
// in powers of 1024, rounded down to a tenth.
func sizeText(n int64) string {
	for _, u := range []struct {
		suffix string
		shift  uint
	}{{"T", 40}, {"G", 30}, {"M", 20}, {"K", 10}} {
		if n >= 1<<u.shift {
			x := math.Floor(float64(n)/float64(int64(1)<<u.shift)*10) / 10
			return strconv.FormatFloat(x, 'f', -1, 64) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// predeclaredNames are the names a rules file has beyond Starlark's
// universe (len, range, fail, print, ...).
var predeclaredNames = starlark.StringDict{"param": nil, "struct": nil, "PARAMS": nil, "SETUP": nil}

var structBuiltin = starlark.NewBuiltin("struct", starlarkstruct.Make)

// exec runs the file's top level with PARAMS bound to params and SETUP to
// setup, and returns its frozen globals.
func (rs *ruleset) exec(params *paramsValue, setup *setupValue) (starlark.StringDict, error) {
	th := &starlark.Thread{Name: rs.name, Print: rs.print}
	th.SetMaxExecutionSteps(rs.steps)
	over := false
	th.OnMaxSteps = func(th *starlark.Thread) {
		over = true
		th.Cancel("too many steps")
	}
	if rs.ctx != nil {
		stop := context.AfterFunc(rs.ctx, func() { th.Cancel("cancelled: " + context.Cause(rs.ctx).Error()) })
		defer stop()
	}
	clock := rs.watch.clock(th)
	clock.begin(&topLevel)
	globals, err := rs.prog.Init(th, starlark.StringDict{"param": paramBuiltin, "struct": structBuiltin, "PARAMS": params, "SETUP": setup})
	clock.end()
	if err != nil {
		msg := err.Error()
		where := rs.path
		var ee *starlark.EvalError
		if errors.As(err, &ee) {
			msg = ee.Msg
			for i := len(ee.CallStack) - 1; i >= 0; i-- {
				if pos := ee.CallStack[i].Pos; pos.Filename() == rs.path && pos.Line > 0 {
					if stopped := strings.HasPrefix(msg, "Starlark computation cancelled: "); stopped {
						pos = rs.loops.stopped(pos)
					}
					where = pos.String()
					break
				}
			}
		}
		if over {
			msg = fmt.Sprintf("the top level passed the limit of %d steps (an endless loop?)", rs.steps)
		}
		return nil, fmt.Errorf("%s: %s", where, printable(oneLine(strings.TrimPrefix(msg, "Starlark computation cancelled: ")), false))
	}
	globals.Freeze()
	return globals, nil
}

// shape is what the file defines, checked.
type shape struct {
	funcs      map[string]*function
	policies   []*function // named policies["NAME"]
	policyDocs map[string]string
	features   []*function // named features["NAME"]
	stalemate  string
	impartial  bool
	partizan   bool // left_moves and right_moves
}

// check finds the file's functions and values and checks their kinds.
func (rs *ruleset) check(globals starlark.StringDict) (*shape, error) {
	sh := &shape{funcs: map[string]*function{}, stalemate: "lose"}
	_, hasLeft := globals["left_moves"]
	_, hasRight := globals["right_moves"]
	if hasLeft != hasRight {
		return nil, fmt.Errorf("%s: left_moves(p) and right_moves(p) go together: a partizan game gives Left's options and Right's (define both, or neither)", rs.path)
	}
	sh.partizan = hasLeft
	for _, name := range requiredFuncs {
		if _, ok := globals[name]; !ok && !(name == "moves" && sh.partizan) {
			return nil, fmt.Errorf("%s: no %s function: a rules file defines start(), moves(p) and turn(p)", rs.path, signature(name))
		}
	}
	for name, n := range optionalFuncs {
		v, ok := globals[name]
		if !ok {
			continue
		}
		fn, err := rs.function(name, v, n)
		if err != nil {
			return nil, err
		}
		sh.funcs[name] = fn
	}
	if (sh.funcs["show"] == nil) != (sh.funcs["parse"] == nil) {
		return nil, fmt.Errorf("%s: show(p) and parse(s) go together: parse must read what show writes (define both, or neither for Starlark literals)", rs.path)
	}
	if (sh.funcs["score"] == nil) != (sh.funcs["max_score"] == nil) {
		return nil, fmt.Errorf("%s: score(p) and max_score() go together: the engines size a margin's cells by the largest score (define both, or neither)", rs.path)
	}
	rs.hasShow, rs.hasParse = sh.funcs["show"] != nil, sh.funcs["parse"] != nil
	if v, ok := globals["stalemate"]; ok {
		s, isStr := v.(starlark.String)
		switch {
		case !isStr:
			return nil, fmt.Errorf("%s: stalemate is a %s; want \"lose\", \"win\", \"tie\" or \"error\"", rs.path, v.Type())
		case s != "lose" && s != "win" && s != "tie" && s != "error":
			return nil, fmt.Errorf("%s: stalemate is %s; want \"lose\", \"win\", \"tie\" or \"error\"", rs.path, s)
		}
		sh.stalemate = string(s)
	}
	if v, ok := globals["impartial"]; ok {
		b, isBool := v.(starlark.Bool)
		if !isBool {
			return nil, fmt.Errorf("%s: impartial is a %s; want True or False", rs.path, v.Type())
		}
		sh.impartial = bool(b)
	}
	if sh.funcs["components"] != nil && !sh.impartial && !sh.partizan {
		return nil, fmt.Errorf("%s: components(p) is for games that are sums of independent parts, whose values add: set impartial = True, or define left_moves(p) and right_moves(p)", rs.path)
	}
	if sh.partizan {
		// The values of combinatorial game theory are those of normal
		// play: a game ends when the side to move has no option, and
		// that side loses.
		switch {
		case sh.impartial:
			return nil, fmt.Errorf("%s: impartial = True and left_moves(p): an impartial game gives both players the same moves(p); a partizan one gives Left's and Right's (choose one)", rs.path)
		case sh.funcs["result"] != nil:
			return nil, fmt.Errorf("%s: result(p) and left_moves(p): a partizan game ends when the side to move has no option, and that side loses (normal play), so it has no result(p)", rs.path)
		case sh.stalemate != "lose":
			return nil, fmt.Errorf("%s: stalemate is %q, but a partizan game (left_moves(p) and right_moves(p)) is played under normal play: the side with no option loses (leave stalemate out)", rs.path, sh.stalemate)
		}
	}
	var err error
	if sh.policies, err = rs.functionDict(globals, "policies", 2); err != nil {
		return nil, err
	}
	if sh.features, err = rs.functionDict(globals, "features", 1); err != nil {
		return nil, err
	}
	if v, ok := globals["policy_docs"]; ok {
		d, isDict := v.(*starlark.Dict)
		if !isDict {
			return nil, fmt.Errorf("%s: policy_docs is a %s; want a dict from policy names to strings", rs.path, v.Type())
		}
		sh.policyDocs = map[string]string{}
		for _, item := range d.Items() {
			name, ok1 := item[0].(starlark.String)
			doc, ok2 := item[1].(starlark.String)
			if !ok1 || !ok2 {
				return nil, fmt.Errorf("%s: policy_docs[%s] = %s; want a dict from policy names to strings", rs.path, item[0], item[1])
			}
			found := false
			for _, p := range sh.policies {
				found = found || p.key == string(name)
			}
			if !found {
				return nil, fmt.Errorf("%s: policy_docs names %s, which is not in policies", rs.path, name)
			}
			sh.policyDocs[string(name)] = string(doc)
		}
	}
	return sh, nil
}

// functionDict reads a dict from names to functions of n arguments, such
// as policies.
func (rs *ruleset) functionDict(globals starlark.StringDict, what string, n int) ([]*function, error) {
	v, ok := globals[what]
	if !ok {
		return nil, nil
	}
	d, isDict := v.(*starlark.Dict)
	if !isDict {
		return nil, fmt.Errorf("%s: %s is a %s; want a dict from names to functions", rs.path, what, v.Type())
	}
	var list []*function
	for _, item := range d.Items() {
		name, isStr := item[0].(starlark.String)
		if !isStr || name == "" {
			return nil, fmt.Errorf("%s: %s has the key %s; want names (non-empty strings)", rs.path, what, item[0])
		}
		fn, err := rs.function(fmt.Sprintf("%s[%q]", what, string(name)), item[1], n)
		if err != nil {
			return nil, err
		}
		fn.key = string(name)
		list = append(list, fn)
	}
	return list, nil
}

// function checks that v can be called with n positional arguments.
func (rs *ruleset) function(name string, v starlark.Value, n int) (*function, error) {
	c, ok := v.(starlark.Callable)
	if !ok {
		return nil, fmt.Errorf("%s: %s is a %s; want a function %s", rs.path, name, v.Type(), signatureN(name, n))
	}
	fn := &function{name: name, v: c}
	if f, ok := c.(*starlark.Function); ok {
		fn.pos = f.Position()
		positional := f.NumParams() - f.NumKwonlyParams()
		if f.HasVarargs() {
			positional--
		}
		if f.HasKwargs() {
			positional--
		}
		required := 0
		for i := range positional {
			if f.ParamDefault(i) == nil {
				required++
			}
		}
		kwRequired := false
		for i := positional; i < positional+f.NumKwonlyParams(); i++ {
			kwRequired = kwRequired || f.ParamDefault(i) == nil
		}
		if required > n || (positional < n && !f.HasVarargs()) || kwRequired {
			return nil, fmt.Errorf("%s: %s must take %s; it takes %d", fn.pos, name, arguments(n), positional)
		}
	}
	return fn, nil
}

func arguments(n int) string {
	switch n {
	case 0:
		return "no arguments"
	case 1:
		return "one argument"
	}
	return fmt.Sprintf("%d arguments", n)
}

// signature shows how a function of the file is called.
func signature(name string) string { return signatureN(name, optionalFuncs[name]) }

func signatureN(name string, n int) string {
	switch {
	case name == "parse":
		return "parse(s)"
	case n == 0:
		return name + "()"
	case n == 2:
		return name + "(p, children)"
	}
	return name + "(p)"
}

// docstring splits the file's docstring into a summary (its first line)
// and the rules (the rest, paragraphs kept, lines within them joined).
func docstring(f *syntax.File) (summary, rules string) {
	if len(f.Stmts) == 0 {
		return "", ""
	}
	expr, ok := f.Stmts[0].(*syntax.ExprStmt)
	if !ok {
		return "", ""
	}
	lit, ok := expr.X.(*syntax.Literal)
	if !ok || lit.Token != syntax.STRING {
		return "", ""
	}
	text := strings.TrimSpace(lit.Value.(string))
	first, rest, _ := strings.Cut(text, "\n")
	var paras []string
	for _, para := range strings.Split(strings.TrimSpace(rest), "\n\n") {
		if p := strings.Join(strings.Fields(para), " "); p != "" {
			paras = append(paras, p)
		}
	}
	return strings.TrimSpace(first), strings.Join(paras, "\n\n")
}

// oneLineError keeps a syntax error on one line: FILE:LINE:COL: message.
func oneLineError(err error) error {
	return errors.New(printable(oneLine(err.Error()), false))
}

// resolveError reports the first of the resolver's errors, and how many
// more there are.
func resolveError(err error) error {
	var list resolve.ErrorList
	if errors.As(err, &list) && len(list) > 1 {
		sort.SliceStable(list, func(i, j int) bool { return list[i].Pos.Line < list[j].Pos.Line })
		return fmt.Errorf("%s (and %d more errors)", printable(oneLine(list[0].Error()), false), len(list)-1)
	}
	return oneLineError(err)
}
