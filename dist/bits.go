package dist

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

func wordsToBytes(w []uint64) []byte {
	b := make([]byte, 8*len(w))
	for i, x := range w {
		binary.LittleEndian.PutUint64(b[8*i:], x)
	}
	return b
}

func bytesToWords(b []byte, words int) ([]uint64, error) {
	if len(b) != 8*words {
		return nil, fmt.Errorf("a bitset of %d bytes where %d words were expected", len(b), words)
	}
	w := make([]uint64, words)
	for i := range w {
		w[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return w, nil
}

func countBits(w []uint64) uint64 {
	var n uint64
	for _, x := range w {
		n += uint64(bits.OnesCount64(x))
	}
	return n
}

func hasBit(w []uint64, i uint64) bool { return w[i/64]&(1<<(i%64)) != 0 }
func setBit(w []uint64, i uint64)      { w[i/64] |= 1 << (i % 64) }
func clearBit(w []uint64, i uint64)    { w[i/64] &^= 1 << (i % 64) }

func anyBit(w []uint64) bool {
	for _, x := range w {
		if x != 0 {
			return true
		}
	}
	return false
}

func bytesToCells(b []byte, n uint64) ([]store.Cell, error) {
	if uint64(len(b)) != 2*n {
		return nil, fmt.Errorf("%d bytes of cells where %d cells were expected", len(b), n)
	}
	c := make([]store.Cell, n)
	for i := range c {
		c[i] = store.Cell(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return c, nil
}

// countCells counts cells by value, as the tier engine counts a tier.
func countCells(cells []store.Cell) partCounts {
	var c partCounts
	for _, x := range cells {
		switch x.Value() {
		case sente.Win:
			c.Win++
		case sente.Lose:
			c.Lose++
		case sente.Tie:
			c.Tie++
		case sente.Draw:
			c.Draw++
		}
	}
	c.Positions = c.Win + c.Lose + c.Tie + c.Draw
	return c
}
