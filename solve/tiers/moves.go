package tiers

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/sente-go/sente"
)

// Recorded moves: the forward pass asks a game whose ranks it discovers for
// every position's moves, and the solve would ask again, tier by tier, for
// the same moves: for a rules file, a third or more of the time of a solve
// goes to running its code. So the forward pass writes down what it was
// told, the children's tiers and bytes, position by position in rank order,
// into a file of its own beside the tables, and the solve reads them back
// instead of asking. A tier is recorded when its ranks are its first
// frontier's (no move stays in it, so no later round reorders them); a loopy
// tier, a tier past the disk allowed, or a solve resumed after its recorded
// moves went away with the process that wrote them, asks the game again.
//
// The file is removed as soon as it is made, so a killed solve leaves
// nothing behind. It holds, for each rank, the number of children, then
// for each child how many tiers above the position's it is and its bytes,
// with their length, all as unsigned varints; a table of where each block
// of discoverBlock ranks begins is kept in memory.

// recordedMoves is one tier's recorded moves, being written or done.
type recordedMoves struct {
	f *os.File

	mu      sync.Mutex
	pending map[uint64][]byte // blocks done out of order
	next    uint64            // the block to write next
	at      []int64           // where each block written begins, then the end
	err     error
	spare   [][]byte // written blocks' room, to reuse
}

// errMovesTooLarge stops recording a tier that would pass the disk allowed.
var errMovesTooLarge = errors.New("the recorded moves would pass the disk allowed")

// newRecordedMoves makes an empty record in dir (os.TempDir when empty).
func newRecordedMoves(dir string) (*recordedMoves, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	f, err := os.CreateTemp(dir, ".sente-moves-*")
	if err != nil {
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, err
	}
	return &recordedMoves{f: f, pending: map[uint64][]byte{}, at: []int64{0}}, nil
}

// block returns room for a block's record.
func (m *recordedMoves) block() []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	if n := len(m.spare); n > 0 {
		b := m.spare[n-1]
		m.spare = m.spare[:n-1]
		return b[:0]
	}
	return nil
}

// appendRecord appends the record of a position of tier t whose children
// x lists (none when it has ended).
func appendRecord(b []byte, t int, x *sente.Expansion) []byte {
	if x.Ended {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(x.Len()))
	for i := range x.Len() {
		kb := x.Child(i)
		b = binary.AppendUvarint(b, uint64(x.Tiers[i]-t))
		b = binary.AppendUvarint(b, uint64(len(kb)))
		b = append(b, kb...)
	}
	return b
}

// put hands over block i's record, written once the blocks before it are;
// limit bounds the file's size (0: no bound). A failure is kept and
// returned by finish: the tier is then solved by asking the game.
func (m *recordedMoves) put(i uint64, rec []byte, limit int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		return
	}
	m.pending[i] = rec
	for {
		b, ok := m.pending[m.next]
		if !ok {
			return
		}
		delete(m.pending, m.next)
		end := m.at[len(m.at)-1] + int64(len(b))
		if limit > 0 && end > limit {
			m.fail(errMovesTooLarge)
			return
		}
		if _, err := m.f.Write(b); err != nil {
			m.fail(err)
			return
		}
		m.at = append(m.at, end)
		m.spare = append(m.spare, b)
		m.next++
	}
}

func (m *recordedMoves) fail(err error) {
	m.err = err
	m.pending, m.spare = nil, nil
}

// finish checks that blocks blocks were written, and returns the record's
// size in bytes.
func (m *recordedMoves) finish(blocks uint64) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err == nil && m.next != blocks {
		m.err = fmt.Errorf("%d blocks of %d recorded", m.next, blocks)
	}
	m.spare = nil
	if m.err != nil {
		return 0, m.err
	}
	return m.at[len(m.at)-1], nil
}

// Close removes the record.
func (m *recordedMoves) Close() error { return m.f.Close() }

// movesCursor reads one worker's way through a tier's recorded moves: a
// block at a time, the next rank parsed where the last one ended.
type movesCursor struct {
	m     *recordedMoves
	block uint64 // the block in buf
	buf   []byte
	pos   int    // where the record of rank next begins in buf
	next  uint64 // the rank parsed next
	kids  []recordedChild
}

type recordedChild struct {
	up    int // how many tiers above the parent's
	bytes []byte
}

// children returns the recorded children of rank r, valid until the next
// call.
func (c *movesCursor) children(m *recordedMoves, r uint64) ([]recordedChild, error) {
	b := r / discoverBlock
	if c.m != m || c.block != b || c.buf == nil || c.next > r {
		if b+1 >= uint64(len(m.at)) {
			return nil, fmt.Errorf("recorded moves: no block %d", b)
		}
		lo, hi := m.at[b], m.at[b+1]
		if int64(cap(c.buf)) < hi-lo {
			c.buf = make([]byte, hi-lo)
		}
		c.buf = c.buf[:hi-lo]
		if _, err := m.f.ReadAt(c.buf, lo); err != nil && !(err == io.EOF && hi-lo == 0) {
			return nil, fmt.Errorf("recorded moves: %w", err)
		}
		c.m, c.block, c.pos, c.next = m, b, 0, b*discoverBlock
	}
	for ; c.next <= r; c.next++ {
		c.kids = c.kids[:0]
		n, ok := c.uvarint()
		for i := uint64(0); ok && i < n; i++ {
			var up, size uint64
			if up, ok = c.uvarint(); !ok {
				break
			}
			if size, ok = c.uvarint(); !ok || size > uint64(len(c.buf)-c.pos) {
				ok = false
				break
			}
			c.kids = append(c.kids, recordedChild{up: int(up), bytes: c.buf[c.pos : c.pos+int(size)]})
			c.pos += int(size)
		}
		if !ok {
			c.buf = nil
			return nil, fmt.Errorf("recorded moves: block %d ends inside rank %d", b, c.next)
		}
	}
	return c.kids, nil
}

func (c *movesCursor) uvarint() (uint64, bool) {
	v, n := binary.Uvarint(c.buf[c.pos:])
	if n <= 0 {
		return 0, false
	}
	c.pos += n
	return v, true
}
