package sandbox

import (
	"bufio"
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
)

// Available is the memory this process may have, in bytes: the machine's
// (MemTotal of /proc/meminfo), or its control group's limit when that is
// lower (cgroup v2 memory.max, v1 memory.limit_in_bytes); 0 where nothing
// says. Defaults that take a share of memory start from it.
func Available() uint64 {
	total := machineMemory()
	for _, file := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		// "max" (v2) does not parse, and v1's "no limit" is a huge
		// number: both leave the machine's.
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			total = n
		}
	}
	return total
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

// heldMetrics are the runtime's figures for the memory the process has
// mapped, all of it, and what it has given back to the system since.
var heldMetrics = [...]string{"/memory/classes/total:bytes", "/memory/classes/heap/released:bytes"}

// Held is the memory the Go runtime of this process holds from the system:
// close to its resident set. The command line's memory limit and the
// server's budget both watch it.
func Held() uint64 {
	var samples [len(heldMetrics)]metrics.Sample
	for i, name := range heldMetrics {
		samples[i].Name = name
	}
	metrics.Read(samples[:])
	total, released := samples[0].Value.Uint64(), samples[1].Value.Uint64()
	return total - min(released, total)
}
