package verify

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"strconv"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// A check of a large table takes hours (nine men's morris's, of some 10¹⁰
// classes), and each tier's check reads only the tier and the tiers its
// moves lead to. So Table keeps, in a note beside the tables, each tier it
// has found consistent with the digests of those tables (store.Table.Digest:
// the header and every block's checksum); a check stopped and run again
// checks each block of every tier as before, but not again, position by
// position, a tier whose tables are the ones it checked. The note names
// the version of these rules of checking and a fingerprint of the game's
// ranks and moves, so that a sente that checks otherwise, or a game whose
// rules or ranks changed, checks every tier again; Options.Again does so
// always.

const (
	checkedNoteName = "verified.json"
	checkedVersion  = 1 // of the checks of verify.go; raise it when they change
)

// checkedNote is what the note holds.
type checkedNote struct {
	Version int                    `json:"version"`
	Rules   string                 `json:"rules"` // rulesFingerprint
	Tiers   map[string]checkedTier `json:"tiers"`
}

// checkedTier is a tier found consistent.
type checkedTier struct {
	Tables    string `json:"tables"` // tablesKey when it was checked
	Positions uint64 `json:"positions"`
	Keys      bool   `json:"keys,omitempty"` // checked with Options.Keys
}

// earlier is the check an earlier run made of tier whose tables are key,
// when it stands for one opt asks for: on the plain path unless opt takes
// the fast one.
func (n *checkedNote) earlier(tier int, key string, opt Options) (checkedTier, bool) {
	c, ok := n.Tiers[strconv.Itoa(tier)]
	return c, ok && c.Tables == key && (!c.Keys || opt.Keys)
}

// loadChecked reads the note of gs when it was made by these rules of
// checking on this game, or gives an empty note.
func loadChecked(gs *store.GameStore, rules string, opt Options) *checkedNote {
	fresh := &checkedNote{Version: checkedVersion, Rules: rules, Tiers: map[string]checkedTier{}}
	if opt.Again {
		return fresh
	}
	b, err := gs.ReadNote(checkedNoteName)
	if err != nil {
		return fresh
	}
	var n checkedNote
	if json.Unmarshal(b, &n) != nil || n.Version != checkedVersion || n.Rules != rules || n.Tiers == nil {
		return fresh
	}
	return &n
}

// save writes the note, as far as the store lets it: a store this user may
// not write is checked all the same, from the start each time.
func (n *checkedNote) save(gs *store.GameStore) {
	b, err := json.MarshalIndent(n, "", "  ")
	if err == nil {
		gs.WriteNote(checkedNoteName, append(b, '\n'))
	}
}

// tablesKey is the digest of the values of tier and of every stored tier
// its moves lead to: what its check read.
func (v *verifier) tablesKey(tier int) (string, error) {
	h := sha256.New()
	for _, t := range append([]int{tier}, v.tr.ChildTiers(tier)...) {
		if t < 0 || t >= len(v.present) || !v.present[t] {
			continue
		}
		d, ok := v.digests[t]
		if !ok {
			tab, err := v.gs.Open(t, store.Values)
			if err != nil {
				return "", err
			}
			d = tab.Digest()
			tab.Close()
			v.digests[t] = d
		}
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(t)))
		h.Write(d[:])
		if v.margins {
			// A check of the values alone does not count for margins
			// stored since.
			for _, kind := range store.MarginKinds {
				tab, err := v.gs.Open(t, kind)
				if err != nil {
					return "", err
				}
				md := tab.Digest()
				tab.Close()
				h.Write(md[:])
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// rulesFingerprint is a digest of where the game puts the positions of
// seeded random playouts from the start and their children (tier, rank,
// tier size): a game whose moves or ranks changed almost surely gives
// another.
func rulesFingerprint(g sente.Game, enc sente.Encoder, tr sente.TierRanker) string {
	rng := rand.New(rand.NewPCG(7, 29))
	h := sha256.New()
	var buf []byte
	put := func(p sente.Position) {
		t, r := tr.TierRank(enc.Encode(p))
		buf = binary.LittleEndian.AppendUint64(buf[:0], uint64(t))
		buf = binary.LittleEndian.AppendUint64(buf, r)
		buf = binary.LittleEndian.AppendUint64(buf, tr.TierSize(t))
		h.Write(buf)
	}
	for range 8 {
		p := g.Start()
		for range 48 {
			put(p)
			if _, ended := g.Ended(p); ended {
				break
			}
			moves := g.Moves(p)
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				put(m.To)
			}
			p = moves[rng.IntN(len(moves))].To
		}
	}
	h.Write([]byte(strconv.Itoa(checkedVersion)))
	return hex.EncodeToString(h.Sum(nil))
}
