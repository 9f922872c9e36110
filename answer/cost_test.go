package answer

import (
	"os"
	"strings"
	"testing"

	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/games"
)

// TestAutoRulesFile: a rules file's engine is chosen by the same rule as a
// built-in game's, from its sample and the rates measured: Cram 5×5
// (1,125,703 positions; 38 s and 83 MB by the tier engine, 81 s and 482 MB
// by the hashing engine) goes to the tier engine on two cores, and still
// does when its sample says half the positions, as one said 678,471; a
// file of a few dozen positions stays with the hashing engine, which
// starts at once.
func TestAutoRulesFile(t *testing.T) {
	cram := func(positions float64) DiscoveredPlan {
		tiers := make([]explore.TierEstimate, 13)
		return DiscoveredPlan{
			Estimate: explore.Estimate{Positions: positions, Tiers: tiers},
			Workers:  2, Rate: 35_000, MovesRate: 35_000,
			Bytes:   128<<20 + positions*40,
			Disk:    positions * 10,
			Seconds: positions * 1.1 / 35_000 / (tierEfficiency * 2),
		}
	}
	small := DiscoveredPlan{
		Estimate: explore.Estimate{Positions: 40, Exact: true, Tiers: make([]explore.TierEstimate, 1)},
		Workers:  2, Rate: 80_000, MovesRate: 80_000, Bytes: 128 << 20, Disk: 735,
		Seconds: 40 * 1.1 / 80_000 / (tierEfficiency * 2),
	}
	for _, tt := range []struct {
		name   string
		plan   DiscoveredPlan
		memory uint64
		want   Engine
	}{
		{"cram 5x5, the truth", cram(1_125_703), 16 << 30, Tiers},
		{"cram 5x5, as sampled", cram(678_471), 16 << 30, Tiers},
		{"cram 5x5, sampled half", cram(1_125_703 / 2), 16 << 30, Tiers},
		// Room for the hashing engine's estimate, but not for twice it.
		{"cram 5x5, little memory", cram(678_471), 300 << 20, Tiers},
		{"count.star", small, 16 << 30, Hashing},
	} {
		hash, tiers := discoveredCosts(tt.plan)
		p := Plan{Hashing: &hash, Tiers: &tiers}
		if err := p.choose(nil, Options{MaxMemory: tt.memory}); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if p.Engine != tt.want {
			t.Errorf("%s: the %s (%.1f s, %.0fM) over the %s (%.1f s, %.0fM), want the %s",
				tt.name, p.Engine.Words(), p.Cost().Seconds, p.Cost().Bytes/(1<<20), other(p).Engine.Words(), other(p).Seconds, other(p).Bytes/(1<<20), tt.want.Words())
		}
	}
}

// TestRefusalNamesTheLeastMemory: where neither engine's memory fits, the
// refusal names the engine that needs less, whichever the samples say is
// the faster: three in a row on 5×5 by a rules file, which the tier engine
// would take in about 15G and a day, and the hashing engine in much more,
// was once refused for the hashing engine when a loaded core made its
// sample's day look longer than the other's two.
func TestRefusalNamesTheLeastMemory(t *testing.T) {
	// The refusal of the hashing engine asks whether the tier engine
	// takes the game from its start: a game of that size.
	game, err := games.NewConnect4(7, 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name                 string
		hashSeconds, hashGiB float64
		tierSeconds, tierGiB float64
		want                 Engine
	}{
		{"the tier engine less memory, slower", 1 * 86400, 160, 2 * 86400, 15, Tiers},
		{"the tier engine less memory, faster", 2 * 86400, 160, 1 * 86400, 15, Tiers},
		{"the hashing engine less memory, slower", 2 * 86400, 8, 1 * 86400, 15, Hashing},
	} {
		hash := Cost{Engine: Hashing, Seconds: tt.hashSeconds, Bytes: tt.hashGiB * (1 << 30), Workers: 1}
		tiers := Cost{Engine: Tiers, Seconds: tt.tierSeconds, Bytes: tt.tierGiB * (1 << 30), Workers: 2}
		p := Plan{Hashing: &hash, Tiers: &tiers}
		err := p.choose(game, Options{MaxMemory: 1 << 30, Label: "connect4"})
		refused, ok := err.(*Refusal)
		if !ok {
			t.Errorf("%s: %v, want a refusal", tt.name, err)
			continue
		}
		if refused.Engine != tt.want {
			t.Errorf("%s: refused for the %s, want the %s: %v", tt.name, refused.Engine.Words(), tt.want.Words(), err)
		}
	}
}

// other is the cost of the engine p did not choose.
func other(p Plan) Cost {
	if p.Engine == Hashing {
		return *p.Tiers
	}
	return *p.Hashing
}

// TestAutoRuleStatedOnce: the rule Auto follows is the answer layer's
// (AutoRule, which describe shows); the documents and the command line's
// help say it without a size of their own.
func TestAutoRuleStatedOnce(t *testing.T) {
	for _, file := range []string{"../docs/rules.md", "../cli/tiers.go", "engine.go", "discover.go"} {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, stale := range []string{"ten million positions", "a million positions or more", "of more than ten million", "SmallRules", "SmallGame"} {
			if strings.Contains(string(text), stale) {
				t.Errorf("%s says %q: Auto chooses by the engines' costs (AutoRule)", file, stale)
			}
		}
	}
}
