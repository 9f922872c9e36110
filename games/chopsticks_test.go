package games

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

func chopNew(t testing.TB, spec string) *Chopsticks {
	t.Helper()
	g, err := New(spec)
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	return g.(*Chopsticks)
}

func chopParse(t testing.TB, g *Chopsticks, s string) ChopsticksPosition {
	t.Helper()
	p, err := g.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p.(ChopsticksPosition)
}

func TestChopsticksMoves(t *testing.T) {
	tests := []struct {
		spec, pos, move string
		want            string // "": the move must not exist
	}{
		{"chopsticks", "3,2 2,1 first", "LxL", "3,2 x,1 second"},             // exactly 5 kills
		{"chopsticks", "4,4 4,3 first", "LxR", "4,4 4,2 second"},             // 7 leaves 2
		{"chopsticks", "4,4 4,3 first", "RxL", "4,4 3,3 second"},             // 8 leaves 3
		{"chopsticks", "1,1 2,3 second", "LxR", "1,3 2,3 first"},             // the second player's left hits the first's right
		{"chopsticks", "3,4 1,1 first", "L1R", "2,0 1,1 second"},             // the receiving hand wraps to 0, alive
		{"chopsticks", "3,4 1,1 first", "L3R", "0,2 1,1 second"},             // 7 wraps to 2
		{"chopsticks", "2,3 1,1 first", "L2R", "1,1 1,1 second"},             // both 0: reset
		{"chopsticks", "3,1 1,1 first", "L2R", "1,3 1,1 second"},             // a mere swap is allowed
		{"chopsticks", "0,2 1,1 first", "LxL", ""},                           // 0 fingers cannot attack
		{"chopsticks", "2,0 1,1 first", "LxR", "2,0 1,3 second"},             // 0 can be touched
		{"chopsticks", "1,1 2,0 second", "RxL", ""},                          // the second player's 0 cannot attack either
		{"chopsticks", "x,2 1,1 first", "LxL", ""},                           // a dead hand cannot attack
		{"chopsticks", "1,1 x,2 first", "RxL", ""},                           // nor be attacked
		{"chopsticks", "3,x 1,1 first", "L1R", ""},                           // nor receive
		{"chopsticks", "1,1 1,1 first", "split", ""},                         // no split under transfer=any
		{"chopsticks:revive=true", "3,x 1,1 first", "L1R", "2,1 1,1 second"}, // revive
		{"chopsticks:revive=true", "3,x 1,1 first", "L3R", "0,3 1,1 second"},
		{"chopsticks:revive=true", "x,3 1,1 first", "L1R", ""},
		{"chopsticks:transfer=split", "1,3 1,1 first", "split", "2,2 1,1 second"},
		{"chopsticks:transfer=split", "4,0 1,1 first", "split", "2,2 1,1 second"},
		{"chopsticks:transfer=split", "2,2 1,1 first", "split", ""}, // must change the hands
		{"chopsticks:transfer=split", "1,2 1,1 first", "split", ""}, // odd total
		{"chopsticks:transfer=split", "x,4 1,1 first", "split", ""}, // the dead hand stays dead
		{"chopsticks:transfer=split", "1,3 1,1 first", "L1R", ""},
		{"chopsticks:transfer=split,revive=true", "x,4 1,1 first", "split", "2,2 1,1 second"},
		{"chopsticks:transfer=split,revive=true", "x,2 1,1 second", "split", ""}, // only the mover's hands count
		{"chopsticks:transfer=split,revive=true", "1,1 x,2 second", "split", "1,1 1,1 first"},
		{"chopsticks:transfer=none", "3,4 1,1 first", "L1R", ""},
		{"chopsticks:transfer=none", "3,4 1,1 first", "LxL", "3,4 4,1 second"},
		{"chopsticks:zeroattack=true", "0,2 1,1 first", "LxL", "0,2 1,1 second"},
		{"chopsticks:zeroattack=true", "0,x 1,3 first", "LxR", "0,x 1,3 second"},
		{"chopsticks:overflow=cutoff", "4,4 4,3 first", "LxR", "4,4 4,x second"},
		{"chopsticks:overflow=cutoff", "3,2 2,1 first", "LxL", "3,2 x,1 second"},
		{"chopsticks:overflow=cutoff", "3,4 1,1 first", "L1R", ""}, // a transfer may not reach 5
		{"chopsticks:overflow=cutoff", "3,1 1,1 first", "L2R", "1,3 1,1 second"},
		{"chopsticks:overflow=cutoff,selfkill=true", "3,4 1,1 first", "L1R", "2,x 1,1 second"},
		{"chopsticks:overflow=cutoff,selfkill=true", "3,4 1,1 first", "L3R", "0,x 1,1 second"},
		{"chopsticks:selfkill=true", "3,4 1,1 first", "L1R", "2,x 1,1 second"},
		{"chopsticks:selfkill=true", "3,4 1,1 first", "L2R", "1,1 1,1 second"}, // 6 leaves 1
		{"chopsticks:selfkill=true", "2,3 1,1 first", "L2R", "0,x 1,1 second"}, // killing, not a reset
		{"chopsticks:selfkill=true,revive=true", "3,x 1,1 first", "L1R", "2,1 1,1 second"},
	}
	for _, tt := range tests {
		g := chopNew(t, tt.spec)
		var got []string
		for _, m := range g.Moves(chopParse(t, g, tt.pos)) {
			if m.Name == tt.move {
				got = append(got, g.FormatPosition(m.To))
			}
		}
		var want []string
		if tt.want != "" {
			want = []string{tt.want}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s %s: %s leads to %q, want %q", tt.spec, tt.pos, tt.move, got, want)
		}
	}
}

func TestChopsticksEnded(t *testing.T) {
	tests := []struct {
		pos   string
		want  sente.Value // Unknown: not ended
		moves int
	}{
		{"1,1 1,1 first", sente.Unknown, 4 + 2},
		{"x,x 1,1 first", sente.Lose, 0},
		{"2,1 x,x second", sente.Lose, 0},
		{"0,x 1,1 first", sente.Unknown, 0}, // stuck: no moves, lost under normal play
		{"4,4 4,3 first", sente.Unknown, 4 + 8},
	}
	g := chopNew(t, "chopsticks")
	for _, tt := range tests {
		p := chopParse(t, g, tt.pos)
		v, ended := g.Ended(p)
		if v != tt.want || ended != (tt.want != sente.Unknown) {
			t.Errorf("%s: Ended = %v, %v; want %v", tt.pos, v, ended, tt.want)
		}
		if !ended {
			if n := len(g.Moves(p)); n != tt.moves {
				t.Errorf("%s: %d moves, want %d", tt.pos, n, tt.moves)
			}
		}
	}
}

func TestChopsticksNiece(t *testing.T) {
	tests := []struct {
		policy, spec, pos string
		allowed           []string // the niece's moves; nil: all
	}{
		{"niece", "chopsticks", "4,4 1,3 second", []string{"LxL", "LxR"}},
		{"niece", "chopsticks", "1,1 1,1 second", nil},
		{"niece", "chopsticks", "4,x 1,2 second", []string{"LxL"}},
		{"niece", "chopsticks", "2,3 3,3 first", []string{"LxL", "LxR"}}, // the policy serves either player
		{"niece", "chopsticks:overflow=cutoff", "4,4 4,3 second", []string{"LxL", "LxR", "RxL", "RxR"}},
		{"niece-attacks", "chopsticks", "4,4 1,3 second", []string{"LxL", "LxR"}},
		{"niece-attacks", "chopsticks", "1,1 1,1 second", []string{"LxL", "LxR", "RxL", "RxR"}},
		{"niece-attacks", "chopsticks", "1,2 1,0 second", []string{"LxL", "LxR"}}, // a hand of 0 cannot attack
	}
	for _, tt := range tests {
		g := chopNew(t, tt.spec)
		policies := g.Policies()
		policies = slices.DeleteFunc(policies, func(p sente.Policy) bool { return p.Name != tt.policy })
		if len(policies) != 1 {
			t.Fatalf("no policy %s", tt.policy)
		}
		p := chopParse(t, g, tt.pos)
		moves := g.Moves(p)
		byKey := map[uint64][]string{}
		var all []string
		for _, m := range moves {
			byKey[g.Encode(m.To)] = append(byKey[g.Encode(m.To)], m.Name)
			all = append(all, m.Name)
		}
		want := tt.allowed
		if want == nil {
			want = all
		}
		kids := g.AppendChildren(nil, g.Encode(p))
		var got []string
		for _, k := range policies[0].Allow(g.Encode(p), kids) {
			got = append(got, byKey[k]...)
		}
		slices.Sort(got)
		got = slices.Compact(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s %s: %s allows %v, want %v", tt.spec, tt.pos, tt.policy, got, want)
		}
	}
}

func TestChopsticksParseErrors(t *testing.T) {
	g := chopNew(t, "chopsticks")
	for _, s := range []string{"", "1,1 1,1", "1,1 1,1 third", "1,1,1 1,1 first", "5,1 1,1 first", "1 1,1 first",
		"0,0 1,1 first", "1,1 0,0 second", "1,1 x,x first", "x,x 2,1 second", "-1,1 1,1 first", "1,1 1,1 first extra"} {
		_, err := g.ParsePosition(s)
		if err == nil {
			t.Errorf("ParsePosition(%q) accepted", s)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "e.g.") {
			t.Errorf("ParsePosition(%q) error %q is not one line with an example", s, msg)
		}
	}
	if p := chopParse(t, g, " X,0   4,3 2 "); g.FormatPosition(p) != "x,0 4,3 second" {
		t.Errorf("lenient parse gave %s", g.FormatPosition(p))
	}
}

// chopSpecs is every rule set New accepts, and whether it should.
func chopSpecs() (specs []string, valid []bool) {
	for _, overflow := range []string{"rollover", "cutoff"} {
		for _, transfer := range []string{"any", "split", "none"} {
			for _, revive := range []bool{false, true} {
				for _, selfkill := range []bool{false, true} {
					for _, zero := range []bool{false, true} {
						specs = append(specs, fmt.Sprintf("chopsticks:overflow=%s,transfer=%s,revive=%v,selfkill=%v,zeroattack=%v", overflow, transfer, revive, selfkill, zero))
						valid = append(valid, !(revive && transfer == "none") && !(selfkill && transfer != "any"))
					}
				}
			}
		}
	}
	return specs, valid
}

func TestChopsticksNewErrors(t *testing.T) {
	specs, valid := chopSpecs()
	for i, spec := range specs {
		if _, err := New(spec); (err == nil) != valid[i] {
			t.Errorf("New(%q): %v", spec, err)
		}
	}
	for _, spec := range []string{"chopsticks:overflow=wrap", "chopsticks:transfer=some", "chopsticks:revive=maybe", "chopsticks:fingers=5"} {
		if _, err := New(spec); err == nil {
			t.Errorf("New(%q) accepted", spec)
		}
	}
	if _, err := NewChopsticks(ChopsticksRules{Overflow: "wrap"}); err == nil {
		t.Error("NewChopsticks accepted overflow wrap")
	}
	if g, err := NewChopsticks(ChopsticksRules{}); err != nil || g.rules != (ChopsticksRules{Overflow: "rollover", Transfer: "any"}) {
		t.Errorf("zero rules: %v, %+v", err, g)
	}
}

// chopReachable walks the game by Moves alone from the start and checks on
// the way that text forms, keys and the key-level rules agree with it.
func chopReachable(t *testing.T, g *Chopsticks) map[ChopsticksPosition]bool {
	t.Helper()
	start := g.Start().(ChopsticksPosition)
	seen := map[ChopsticksPosition]bool{start: true}
	for queue := []ChopsticksPosition{start}; len(queue) > 0; queue = queue[1:] {
		p := queue[0]
		text := g.FormatPosition(p)
		if q, err := g.ParsePosition(text); err != nil || q != p {
			t.Fatalf("ParsePosition(%q) = %v, %v; want %+v", text, q, err, p)
		}
		key := g.Encode(p)
		if g.Decode(key) != p || g.Rank(key) >= g.RankSize() {
			t.Fatalf("%s: key %d decodes to %+v, rank %d of %d", text, key, g.Decode(key), g.Rank(key), g.RankSize())
		}
		v, ended := g.Ended(p)
		if vk, ek := g.EndedKey(key); vk != v || ek != ended {
			t.Fatalf("%s: EndedKey %v,%v, Ended %v,%v", text, vk, ek, v, ended)
		}
		if ended {
			continue
		}
		var want []uint64
		for _, m := range g.Moves(p) {
			to := m.To.(ChopsticksPosition)
			if to.Turn != p.Turn.Other() {
				t.Fatalf("%s: move %s keeps the turn", text, m.Name)
			}
			want = append(want, g.Encode(to))
			if !slices.Contains(g.AppendParents(nil, g.Encode(to)), key) {
				t.Fatalf("%s: not a parent of %s", text, g.FormatPosition(to))
			}
			if !seen[to] {
				seen[to] = true
				queue = append(queue, to)
			}
		}
		got := g.AppendChildren(nil, key)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(slices.Compact(got), slices.Compact(want)) {
			t.Fatalf("%s: AppendChildren %v, Moves %v", text, got, want)
		}
	}
	return seen
}

func TestChopsticksConsistency(t *testing.T) {
	specs, valid := chopSpecs()
	for i, spec := range specs {
		if valid[i] {
			t.Run(spec, func(t *testing.T) { chopReachable(t, chopNew(t, spec)) })
		}
	}
}

// TestChopsticksParents checks the un-moves over the whole key space: each
// parent once, not ended, and really one move away.
func TestChopsticksParents(t *testing.T) {
	for _, spec := range []string{"chopsticks", "chopsticks:overflow=cutoff,transfer=split,revive=true,zeroattack=true"} {
		g := chopNew(t, spec)
		for key := range g.RankSize() {
			parents := g.AppendParents(nil, key)
			if len(slices.Compact(slices.Sorted(slices.Values(parents)))) != len(parents) {
				t.Fatalf("%s: parents of %d repeat: %v", spec, key, parents)
			}
			for _, p := range parents {
				if _, ended := g.EndedKey(p); ended || !slices.Contains(g.AppendChildren(nil, p), key) {
					t.Fatalf("%s: %d is no parent of %d", spec, p, key)
				}
			}
			if _, ended := g.EndedKey(key); !ended {
				for _, c := range g.AppendChildren(nil, key) {
					if !slices.Contains(g.AppendParents(nil, c), key) {
						t.Fatalf("%s: %d missing from the parents of %d", spec, key, c)
					}
				}
			}
		}
	}
}

func TestChopsticksCanonical(t *testing.T) {
	g := chopNew(t, "chopsticks")
	classes := map[uint64]bool{}
	for key := range g.RankSize() {
		c := g.Canonical(key)
		classes[c] = true
		if g.Canonical(c) != c {
			t.Fatalf("Canonical not idempotent at %d", key)
		}
		p, q := g.Decode(key).(ChopsticksPosition), g.Decode(c).(ChopsticksPosition)
		if p.Turn != q.Turn || g.ended[key] != g.ended[c] {
			t.Fatalf("%s and its canonical %s differ", g.FormatPosition(p), g.FormatPosition(q))
		}
		for _, mirror := range [][2]bool{{true, false}, {false, true}, {true, true}} {
			m := p
			if mirror[0] {
				m.First[0], m.First[1] = m.First[1], m.First[0]
			}
			if mirror[1] {
				m.Second[0], m.Second[1] = m.Second[1], m.Second[0]
			}
			if g.Canonical(g.Encode(m)) != c {
				t.Fatalf("%s and its mirror %s have different canonical keys", g.FormatPosition(p), g.FormatPosition(m))
			}
		}
	}
	if len(classes) != 2*21*21 {
		t.Errorf("%d classes, want %d (21 unordered pairs of 6 hand values per player)", len(classes), 2*21*21)
	}
}

// chopPost is the post's rules written out again, independently of the
// game: hands 0-4 or -1 for dead.
func chopPost(me, you [2]int) (kids [][2][2]int) {
	for a := range 2 {
		for t := range 2 {
			if me[a] > 0 && you[t] >= 0 {
				hit := you
				switch sum := me[a] + you[t]; {
				case sum == 5:
					hit[t] = -1
				case sum > 5:
					hit[t] = sum - 5
				default:
					hit[t] = sum
				}
				kids = append(kids, [2][2]int{me, hit})
			}
		}
		b := 1 - a
		for k := 1; k <= me[a] && me[b] >= 0; k++ {
			mine := me
			mine[a], mine[b] = me[a]-k, (me[b]+k)%5
			if mine == [2]int{0, 0} {
				mine = [2]int{1, 1}
			}
			kids = append(kids, [2][2]int{mine, you})
		}
	}
	return kids
}

func chopPostText(first, second [2]int, turn string) string {
	h := func(n int) string { return string("x01234"[n+1]) }
	return h(first[0]) + "," + h(first[1]) + " " + h(second[0]) + "," + h(second[1]) + " " + turn
}

// TestChopsticksPost pins the number of positions reachable under the
// post's rules, and checks every move from each against chopPost.
func TestChopsticksPost(t *testing.T) {
	const reachable = 2204
	g := chopNew(t, "chopsticks")
	seen := map[string]bool{}
	queue := []sente.Position{g.Start()}
	seen[g.FormatPosition(g.Start())] = true
	for ; len(queue) > 0; queue = queue[1:] {
		p := queue[0].(ChopsticksPosition)
		text := g.FormatPosition(p)
		if _, ended := g.Ended(p); ended {
			continue
		}
		var got []string
		for _, m := range g.Moves(p) {
			s := g.FormatPosition(m.To)
			got = append(got, s)
			if !seen[s] {
				seen[s] = true
				queue = append(queue, m.To)
			}
		}
		hands := func(h [2]uint8) (r [2]int) {
			for i, n := range h {
				r[i] = int(n)
				if n == ChopsticksDead {
					r[i] = -1
				}
			}
			return r
		}
		me, you := hands(p.First), hands(p.Second)
		var want []string
		if p.Turn == sente.First {
			for _, k := range chopPost(me, you) {
				want = append(want, chopPostText(k[0], k[1], "second"))
			}
		} else {
			for _, k := range chopPost(you, me) {
				want = append(want, chopPostText(k[1], k[0], "first"))
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: moves lead to %v, the post's rules to %v", text, got, want)
		}
	}
	if len(seen) != reachable {
		t.Errorf("%d positions reachable, want %d", len(seen), reachable)
	}
}

// chopSolve values every key by iterating to a fixed point, the plainest
// sound method with cycles: a position is won if some move reaches a lost
// one, lost if every move reaches a won one (or there is none); what never
// settles is a draw. The player restricted (if not Nobody) may only make the
// moves the niece allows.
func chopSolve(g *Chopsticks, restricted sente.Player) []sente.Value {
	vals := make([]sente.Value, g.RankSize())
	niece := g.Policies()[0].Allow
	for changed := true; changed; {
		changed = false
		for key := range g.RankSize() {
			if vals[key] != sente.Unknown {
				continue
			}
			if v, ended := g.EndedKey(key); ended {
				vals[key], changed = v, true
				continue
			}
			kids := g.AppendChildren(nil, key)
			if g.Decode(key).(ChopsticksPosition).Turn == restricted {
				kids = niece(key, kids)
			}
			v := sente.Lose
			for _, c := range kids {
				switch vals[c] {
				case sente.Lose:
					v = sente.Win
				case sente.Unknown:
					if v == sente.Lose {
						v = sente.Unknown
					}
				}
			}
			if v != sente.Unknown {
				vals[key], changed = v, true
			}
		}
	}
	for key, v := range vals {
		if v == sente.Unknown {
			vals[key] = sente.Draw
		}
	}
	return vals
}

// TestChopsticksValues checks that mirror images share their value, which
// Canonical relies on, and pins the answers under the post's rules: endless
// play from the start, as its author expected, and no forced win in the
// niece puzzle either: when she cannot kill she may play any move, and
// transfers let her escape (she would lose if she always attacked).
func TestChopsticksValues(t *testing.T) {
	g := chopNew(t, "chopsticks")
	vals := chopSolve(g, sente.Nobody)
	for key, v := range vals {
		if c := g.Canonical(uint64(key)); vals[c] != v {
			t.Fatalf("%s is %v but its canonical form %v", g.FormatPosition(g.Decode(uint64(key))), v, vals[c])
		}
	}
	puzzle := g.Encode(chopParse(t, g, "4,4 4,3 first"))
	vsNiece := chopSolve(g, sente.Second)
	for _, tt := range []struct {
		name      string
		got, want sente.Value
	}{
		{"start", vals[g.Encode(g.Start())], sente.Draw},
		{"puzzle", vals[puzzle], sente.Draw},
		{"puzzle against the niece", vsNiece[puzzle], sente.Draw},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}

func TestChopsticksNoAlloc(t *testing.T) {
	g := chopNew(t, "chopsticks:zeroattack=true,revive=true")
	allow := g.Policies()[0].Allow
	dst := make([]uint64, 0, 64)
	allocs := testing.AllocsPerRun(20, func() {
		for key := range g.RankSize() {
			if _, ended := g.EndedKey(key); !ended {
				dst = allow(key, g.AppendChildren(dst[:0], key))
			}
			dst = g.AppendParents(dst[:0], key)
			_ = g.Canonical(key) + g.Rank(key)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per pass over the keys", allocs)
	}
}

func TestChopsticksDescribe(t *testing.T) {
	d := chopNew(t, "chopsticks").Describe()
	if d.Summary == "" || strings.Contains(d.Summary, "\n") || d.Rules == "" || !strings.Contains(d.Position, "1,1 1,1 first") {
		t.Errorf("incomplete description %+v", d)
	}
	for _, spec := range d.Examples {
		if _, err := New(spec); err != nil {
			t.Errorf("example %q: %v", spec, err)
		}
	}
}
