package web

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// The server's memory is bounded by bytes, not by positions: a game of few
// positions with many moves each, or a pasted rules file, can take
// gigabytes below any count of positions that lets ordinary games through.
// Every solve reserves, before it starts, the bytes its game's own estimate
// says it needs (solve.EstimateBytes) from a budget that all solves share,
// and grows its reservation as the engine reports what it holds
// (solve.Progress.Bytes), or stops when the budget has no room. A solved
// game keeps a reservation for what its solution holds while it is cached;
// a pasted rules file's child reserves its hard limit while it runs.

// DefaultMemory is the default memory budget: three quarters of what the
// process may have (its control group's limit, cgroup v2 memory.max or v1
// memory.limit_in_bytes, when that is below the machine's MemTotal), and 1
// GiB where nothing says.
func DefaultMemory() uint64 {
	total := machineMemory()
	for _, file := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		// "max" (v2) and a huge number (v1) both mean no limit.
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			total = n
		}
	}
	if total == 0 {
		return 1 << 30
	}
	return total / 4 * 3
}

// machineMemory is MemTotal of /proc/meminfo in bytes, or 0.
func machineMemory() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "MemTotal:" && fields[2] == "kB" {
			if kb, err := strconv.ParseUint(fields[1], 10, 64); err == nil {
				return kb * 1024
			}
		}
	}
	return 0
}

// pool is a share of the budget: the bytes its jobs may reserve between
// them. The small lane has its own pool, so that big solves never take the
// memory small ones need.
type pool struct {
	capacity int64
	reserved int64
}

func (p *pool) room() int64 { return p.capacity - p.reserved }

// rulesGraphBytes is what the server holds of a pasted rules file's game
// for each of its positions once a child has explored it (isolated.Graph:
// the text form, its entry in the index by text, the turn, the end, the
// moves and the board). It is a rough figure, not a measurement of every
// file: a file whose positions have long texts or large boards costs more.
const rulesGraphBytes = 200

// grundyBytes is what the Grundy values of an impartial game keep for each
// position once computed, beside the solution: their own explored space
// (about 24 bytes a position, as solve's) and a four-byte value. While
// they are computed they cost what a solve does.
const grundyBytes = 32
