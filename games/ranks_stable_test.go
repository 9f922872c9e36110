package games_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
)

var updateRanks = flag.Bool("update-ranks", false, "write testdata/ranks.golden from this build's ranks")

// rankedSpecs are the games whose ranks testdata/ranks.golden pins: each
// family's default and the large games whose tables take hours to solve.
var rankedSpecs = []string{
	"morris:board=nine",
	"morris:board=nine,lasker=true",
	"morris:board=seven",
	"morris:board=six",
	"gobblet",
	"dobutsu",
	"quixo",
	"teeko",
	"connect4:w=6,h=5",
}

// TestRanksUnchanged: a position keeps its tier and rank, and a tier its
// size, from one build to the next, for every game that ranks its
// positions by tiers. Tables stored by one build are read by the next:
// tables of a changed ranking with the same tier sizes would be read as
// this one's, with wrong values, so a change of ranks must be deliberate
// (go test -run TestRanksUnchanged ./games -update-ranks) and say so.
// Each line of the golden file is a spec and the SHA-256 of the tier,
// rank and tier size of the positions of seeded random playouts.
func TestRanksUnchanged(t *testing.T) {
	specs := append([]string(nil), rankedSpecs...)
	for _, f := range games.All() {
		specs = append(specs, f.Name)
	}
	got := map[string]string{}
	for _, spec := range specs {
		g, err := games.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		caps := sente.CapabilitiesOf(g)
		if caps.TierRanker == nil || caps.Encoder == nil {
			continue
		}
		if _, seen := got[spec]; seen {
			continue
		}
		got[spec] = rankDigest(g, caps.Encoder, caps.TierRanker)
	}
	path := filepath.Join("testdata", "ranks.golden")
	if *updateRanks {
		keys := make([]string, 0, len(got))
		for k := range got {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var b strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&b, "%s %s\n", k, got[k])
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		spec, sum, ok := strings.Cut(s.Text(), " ")
		if !ok {
			t.Fatalf("%s: line %q is not a spec and a digest", path, s.Text())
		}
		want[spec] = sum
	}
	for spec, sum := range got {
		switch w, ok := want[spec]; {
		case !ok:
			t.Errorf("%s ranks its positions by tiers and has no line in %s (add it with -update-ranks)", spec, path)
		case w != sum:
			t.Errorf("%s: the ranks of its positions changed (digest %s, was %s); tables stored by earlier builds would be misread", spec, sum, w)
		}
	}
	for spec := range want {
		if _, ok := got[spec]; !ok {
			t.Errorf("%s: %s pins a game that no longer ranks its positions by tiers", path, spec)
		}
	}
}

// rankDigest plays seeded random games of g and hashes where each
// position they pass through is ranked.
func rankDigest(g sente.Game, enc sente.Encoder, r sente.TierRanker) string {
	rng := rand.New(rand.NewPCG(29, 1))
	h := sha256.New()
	for range 40 {
		p := g.Start()
		for ply := 0; ply < 60; ply++ {
			tier, rank := r.TierRank(enc.Encode(p))
			fmt.Fprintf(h, "%d %d %d\n", tier, rank, r.TierSize(tier))
			if _, ended := g.Ended(p); ended {
				break
			}
			moves := g.Moves(p)
			if len(moves) == 0 {
				break
			}
			p = moves[rng.IntN(len(moves))].To
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
