package wasm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/sente-go/sente"
)

// Key is a position of a module's game: the module's key for it. The host
// never looks inside one.
type Key uint64

func (k Key) String() string { return strconv.FormatUint(uint64(k), 10) }

// noKey is the key the engines reserve, which no module may give.
const noKey = ^uint64(0)

// Game is a game made by a module: every question is a call into one of
// its instances, taken from a pool so that goroutines that ask at once
// each have their own. Its optional capabilities are those the module
// exports (see Capabilities).
//
// The engines' fast paths cannot return errors, so the game records the
// first mistake of the module (a trap, a call past its time, a result out
// of bounds) and reports it with Err (sente.Erring); after it, the game
// answers harmlessly (no moves, nothing ended) so that engines end soon
// and report Err.
type Game struct {
	m     *Module
	args  string
	start uint64

	pool *pool

	failed atomic.Bool
	err    atomic.Pointer[error]

	// tierSizes caches sente_tier_size by the module's tier, plus one
	// (0: not asked yet).
	tierSizes []atomic.Uint64
}

var (
	_ sente.Game    = (*Game)(nil)
	_ sente.Capable = (*Game)(nil)
)

// Of returns the module game g is, if it is one.
func Of(g sente.Game) (*Game, bool) {
	mg, ok := g.(*Game)
	return mg, ok
}

func (m *Module) newGame(v sente.ParamValues) (sente.Game, error) {
	g := &Game{m: m, args: m.argsText(v), pool: &pool{}}
	// Instances live in the runtime until closed: a game no longer used
	// (one of a sweep's, say) closes its own when it is collected.
	runtime.AddCleanup(g, (*pool).closeAll, g.pool)
	if m.ranks() {
		g.tierSizes = make([]atomic.Uint64, m.desc.StartTier+1)
	}
	in, err := g.newInstance()
	if err != nil {
		return nil, err
	}
	start, err := in.call1(fnStart)
	if err == nil && start == noKey {
		err = &Error{m.path, "sente_start gave the key 2^64-1, which is reserved"}
	}
	if err != nil {
		in.close()
		return nil, err
	}
	g.start = start
	g.put(in)
	return g, nil
}

// newInstance starts an instance and makes the game in it.
func (g *Game) newInstance() (*instance, error) {
	in, err := g.m.instantiate()
	if err != nil {
		return nil, err
	}
	if err := in.room(uint32(len(g.args))); err != nil {
		in.close()
		return nil, err
	}
	b, err := in.scratch(0, uint32(len(g.args)))
	if err != nil {
		in.close()
		return nil, err
	}
	copy(b, g.args)
	in.stack[0] = uint64(len(g.args))
	if err := in.call(fnNew); err != nil {
		in.close()
		return nil, err
	}
	if r := int32(in.stack[0]); r != 0 {
		in.close()
		if r > 0 {
			return nil, &Error{g.m.path, fmt.Sprintf("sente_new gave %d; it gives 0, or -n and a reason", r)}
		}
		why, err := in.text(-r, fnNew.String())
		if err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s:%s: %s", g.m.path, g.args, oneLine(string(why)))
	}
	return in, nil
}

func oneLine(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c < ' ' {
			b[i] = ' '
		}
	}
	return string(b)
}

// get takes an instance from the pool, or starts one. After a failure it
// returns nil.
func (g *Game) get() *instance {
	if g.failed.Load() {
		return nil
	}
	if in := g.pool.get(); in != nil {
		return in
	}
	in, err := g.newInstance()
	if err != nil {
		g.fail(err)
		return nil
	}
	return in
}

func (g *Game) put(in *instance) { g.pool.put(in) }

// pool holds a game's idle instances. One waits in a slot of its own,
// taken and put back with one atomic operation each: a goroutine that
// asks alone (most calls of a command's one worker) never takes the lock.
type pool struct {
	slot   atomic.Pointer[instance]
	closed atomic.Bool
	mu     sync.Mutex
	free   []*instance
}

func (p *pool) get() *instance {
	if in := p.slot.Swap(nil); in != nil {
		return in
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		in := p.free[n-1]
		p.free = p.free[:n-1]
		return in
	}
	return nil
}

func (p *pool) put(in *instance) {
	if p.slot.CompareAndSwap(nil, in) {
		if p.closed.Load() {
			// closeAll may have emptied the slot before this put.
			if in := p.slot.Swap(nil); in != nil {
				in.close()
			}
		}
		return
	}
	p.mu.Lock()
	if p.closed.Load() {
		p.mu.Unlock()
		in.close()
		return
	}
	p.free = append(p.free, in)
	p.mu.Unlock()
}

// closeAll closes the idle instances, and those put back after.
func (p *pool) closeAll() {
	p.mu.Lock()
	free := p.free
	p.free = nil
	p.closed.Store(true)
	p.mu.Unlock()
	if in := p.slot.Swap(nil); in != nil {
		free = append(free, in)
	}
	for _, in := range free {
		in.close()
	}
}

// fail records the first failure; the instance that failed is not put
// back (a trap may leave it in any state, a stopped call closes it).
func (g *Game) fail(err error) {
	if g.err.CompareAndSwap(nil, &err) {
		g.failed.Store(true)
	}
}

// failIn records a failure in an instance and closes it.
func (g *Game) failIn(in *instance, err error) {
	g.fail(err)
	in.close()
}

// blame records the module's mistake.
func (g *Game) blame(in *instance, format string, args ...any) {
	g.failIn(in, &Error{g.m.path, fmt.Sprintf(format, args...)})
}

// Err is the module's first failure, or nil.
func (g *Game) Err() error {
	if p := g.err.Load(); p != nil {
		return *p
	}
	return nil
}

// Close ends the game's instances, freeing their memory. The game answers
// harmlessly after it, as after a failure.
func (g *Game) Close() {
	g.failed.Store(true)
	g.pool.closeAll()
}

func keyOf(p sente.Position) uint64 {
	switch k := p.(type) {
	case Key:
		return uint64(k)
	case uint64:
		return k
	}
	return noKey
}

// Start returns the start position.
func (g *Game) Start() sente.Position { return Key(g.start) }

// Encode returns p's key.
func (g *Game) Encode(p sente.Position) uint64 { return keyOf(p) }

// Decode returns the position of key.
func (g *Game) Decode(key uint64) sente.Position { return Key(key) }

// Moves asks sente_moves.
func (g *Game) Moves(p sente.Position) []sente.Move {
	key := keyOf(p)
	in := g.get()
	if in == nil {
		return nil
	}
	in.stack[0] = key
	if err := in.call(fnMoves); err != nil {
		g.failIn(in, err)
		return nil
	}
	n := int32(in.stack[0])
	if n == -1 {
		g.blame(in, "sente_moves: %d is not a position of the game, yet it came from the module", key)
		return nil
	}
	if n < 0 || uint32(n) > in.bufSize {
		g.blame(in, "sente_moves gave %d bytes, for a scratch area of %d", n, in.bufSize)
		return nil
	}
	b, err := in.scratch(0, uint32(n))
	if err != nil {
		g.failIn(in, err)
		return nil
	}
	var moves []sente.Move
	for len(b) > 0 {
		if len(b) < 9 || len(b) < 9+int(b[8]) || b[8] == 0 {
			g.blame(in, "sente_moves of %d: a move's key and name run past the %d bytes it gave", key, n)
			return nil
		}
		child, name := binary.LittleEndian.Uint64(b), b[9:9+int(b[8])]
		if child == noKey {
			g.blame(in, "sente_moves of %d gave a move to the key 2^64-1, which is reserved", key)
			return nil
		}
		for _, c := range name {
			if c <= ' ' || c > '~' {
				g.blame(in, "sente_moves of %d: move name %q is not printable ASCII without spaces", key, name)
				return nil
			}
		}
		moves = append(moves, sente.Move{Name: string(name), To: Key(child)})
		b = b[9+int(b[8]):]
	}
	g.put(in)
	return moves
}

// Ended asks sente_ended.
func (g *Game) Ended(p sente.Position) (sente.Value, bool) { return g.EndedKey(keyOf(p)) }

// EndedKey asks sente_ended of one key.
func (g *Game) EndedKey(key uint64) (sente.Value, bool) {
	in := g.get()
	if in == nil {
		return sente.Unknown, false
	}
	mem := in.mem
	if !mem.WriteUint64Le(in.buf, key) {
		g.blame(in, "its scratch area is past the end of its memory")
		return sente.Unknown, false
	}
	in.stack[0], in.stack[1], in.stack[2] = uint64(in.buf), 1, uint64(in.buf+8)
	if err := in.call(fnEnded); err != nil {
		g.failIn(in, err)
		return sente.Unknown, false
	}
	if r := int32(in.stack[0]); r != 0 {
		g.blame(in, "sente_ended: %d is not a position of the game (it gave %d), yet it came from the module", key, r)
		return sente.Unknown, false
	}
	b, ok := mem.ReadByte(in.buf + 8)
	if !ok {
		g.blame(in, "its scratch area is past the end of its memory")
		return sente.Unknown, false
	}
	g.put(in)
	v, ended, mistake := endedOf(key, b)
	if mistake != "" {
		g.fail(&Error{g.m.path, mistake})
	}
	return v, ended
}

// endedOf reads sente_ended's byte for key: 0 not ended, 1 won, 2 lost,
// 3 tied for the player to move; any other byte is the module's mistake,
// said in the words returned.
func endedOf(key uint64, b byte) (v sente.Value, ended bool, mistake string) {
	switch b {
	case 0:
		return sente.Unknown, false, ""
	case 1:
		return sente.Win, true, ""
	case 2:
		return sente.Lose, true, ""
	case 3:
		return sente.Tie, true, ""
	}
	return sente.Unknown, false, fmt.Sprintf("sente_ended of %d gave %d; it gives 0 (not ended), 1 (won), 2 (lost) or 3 (tied)", key, b)
}

// AppendChildren asks sente_children of one key.
func (g *Game) AppendChildren(dst []uint64, key uint64) []uint64 {
	in := g.get()
	if in == nil {
		return dst
	}
	for {
		mem := in.mem
		capacity := (in.bufSize - 16) / 8
		if !mem.WriteUint64Le(in.buf, key) {
			g.blame(in, "its scratch area is past the end of its memory")
			return dst
		}
		in.stack[0], in.stack[1], in.stack[2], in.stack[3], in.stack[4] = uint64(in.buf), 1, uint64(in.buf+8), uint64(in.buf+16), uint64(capacity)
		if err := in.call(fnChildren); err != nil {
			g.failIn(in, err)
			return dst
		}
		w := int32(in.stack[0])
		switch {
		case w == -1:
			if capacity >= 1<<24 {
				g.blame(in, "sente_children of %d: more than %d children", key, capacity)
				return dst
			}
			if err := in.room(2 * in.bufSize); err != nil {
				g.failIn(in, err)
				return dst
			}
			continue
		case w == -2:
			g.blame(in, "sente_children: %d is not a position of the game, yet it came from the module", key)
			return dst
		case w < 0 || uint32(w) > capacity:
			g.blame(in, "sente_children of %d gave %d children, for room for %d", key, w, capacity)
			return dst
		}
		b, ok := mem.Read(in.buf+8, 8+8*uint32(w))
		if !ok {
			g.blame(in, "its scratch area is past the end of its memory")
			return dst
		}
		if c := binary.LittleEndian.Uint32(b); c != uint32(w) {
			g.blame(in, "sente_children of %d counted %d children and wrote %d", key, int32(c), w)
			return dst
		}
		for i := 0; i < int(w); i++ {
			c := binary.LittleEndian.Uint64(b[8+8*i:])
			if c == noKey {
				g.blame(in, "sente_children of %d gave the key 2^64-1, which is reserved", key)
				return dst
			}
			dst = append(dst, c)
		}
		g.put(in)
		return dst
	}
}

// Turn asks sente_turn.
func (g *Game) Turn(p sente.Position) sente.Player { return g.TurnKey(keyOf(p)) }

// TurnKey asks sente_turn of a key.
func (g *Game) TurnKey(key uint64) sente.Player {
	in := g.get()
	if in == nil {
		return sente.First
	}
	in.stack[0] = key
	if err := in.call(fnTurn); err != nil {
		g.failIn(in, err)
		return sente.First
	}
	t := int32(in.stack[0])
	if t != 0 && t != 1 {
		g.blame(in, "sente_turn of %d gave %d; it gives 0 (the first player) or 1 (the second)", key, t)
		return sente.First
	}
	g.put(in)
	if t == 1 {
		return sente.Second
	}
	return sente.First
}

// FormatPosition asks sente_format.
func (g *Game) FormatPosition(p sente.Position) string {
	key := keyOf(p)
	in := g.get()
	if in == nil {
		return Key(key).String()
	}
	in.stack[0] = key
	if err := in.call(fnFormat); err != nil {
		g.failIn(in, err)
		return Key(key).String()
	}
	b, err := in.text(int32(in.stack[0]), fnFormat.String())
	if err != nil {
		g.failIn(in, err)
		return Key(key).String()
	}
	g.put(in)
	return string(b)
}

// ParsePosition asks sente_parse.
func (g *Game) ParsePosition(s string) (sente.Position, error) {
	in := g.get()
	if in == nil {
		if err := g.Err(); err != nil {
			return nil, err
		}
		return nil, errors.New("the game is closed")
	}
	// Every scratch area holds the first one's 4096 bytes: a longer text
	// is no position, whatever the module's scratch area can hold.
	if len(s) > maxPositionText {
		g.put(in)
		return nil, fmt.Errorf("%s position: a text of %d bytes, more than the %d a position's may have", g.m.desc.Name, len(s), maxPositionText)
	}
	b, _ := in.scratch(0, uint32(len(s)))
	copy(b, s)
	in.stack[0] = uint64(len(s))
	if err := in.call(fnParse); err != nil {
		g.failIn(in, err)
		return nil, err
	}
	r := int32(in.stack[0])
	if r < 0 {
		why, err := in.text(-r, fnParse.String())
		if err != nil {
			g.failIn(in, err)
			return nil, err
		}
		g.put(in)
		return nil, fmt.Errorf("%s position %q: %s", g.m.desc.Name, s, oneLine(string(why)))
	}
	if r != 0 {
		err := &Error{g.m.path, fmt.Sprintf("sente_parse gave %d; it gives 0, or -n and a reason", r)}
		g.failIn(in, err)
		return nil, err
	}
	key, ok := in.mem.ReadUint64Le(in.buf)
	if !ok || key == noKey {
		err := &Error{g.m.path, fmt.Sprintf("sente_parse of %q gave the key 2^64-1, which is reserved", s)}
		g.failIn(in, err)
		return nil, err
	}
	g.put(in)
	return Key(key), nil
}

// maxPositionText is the longest text ParsePosition reads: the scratch
// area's first size.
const maxPositionText = 4096

// Describe documents the game from its description.
func (g *Game) Describe() sente.Description {
	d := g.m.desc
	desc := sente.Description{
		Summary:  d.Summary,
		Rules:    d.Rules,
		Position: d.Position,
	}
	if desc.Rules == "" {
		desc.Rules = fmt.Sprintf("The game of the module %s, which states no rules in words (\"rules\" in its description).", g.m.path)
	}
	if desc.Position == "" {
		desc.Position = "As the module writes them (sente_format), the start as below."
	}
	return desc
}
