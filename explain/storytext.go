package explain

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/sente-go/sente"
)

// WriteText writes the story in plain words.
func (s *Story) WriteText(w io.Writer) error {
	b := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	if s.Game != "" {
		p("Game: %s\n", s.Game)
	}
	p("Position: %s (%s player to move)\n", s.Position, s.Turn)
	if s.LastMove != "" {
		p("Last move: the %s player played %s\n", s.LastPlayer, s.LastMove)
	}
	for _, a := range s.Assumes {
		p("Assuming %s.\n", a)
	}
	turn, _ := sente.ParsePlayer(s.Turn)
	switch {
	case s.Margin != nil && s.Ended:
		p("The game is over: %s.\n", MarginVerdict(turn, sente.Margin{Score: *s.Margin}))
		return b.Flush()
	case s.Ended:
		p("The game is over: %s.\n", s.Verdict)
		return b.Flush()
	case s.Value == sente.Draw.String():
		p("With perfect play from both sides: %s.\n", s.Verdict)
	default:
		p("With perfect play from both sides: %s (a ply is one move by one player).\n", s.Verdict)
	}
	if s.Margin != nil {
		m := sente.Margin{Score: *s.Margin, Remoteness: remotenessOr(s.MarginRemoteness)}
		p("Playing for the most, each side making its own margin as large as it can: %s; %s %s the most.\n", MarginVerdict(turn, m), orNames(s.MostKept), keeps(len(s.MostKept)))
	} else if s.MarginNote != "" {
		p("No margin: %s.\n", strings.TrimPrefix(s.MarginNote, "no margin: "))
	}

	if s.Winner == "none" {
		p("\nMain line of perfect play:\n")
	} else {
		p("\nMain line of perfect play (the winner wins as fast as possible, the loser holds out as long as possible):\n")
	}
	for _, st := range s.Line {
		p("  %d. %s plays %s\n", st.Ply, st.Player, st.Move)
	}
	if len(s.Line) > 0 {
		end := fmt.Sprintf("Then: %s (position %s).", s.LineEnd, s.Line[len(s.Line)-1].After)
		if s.Value == sente.Draw.String() {
			end = fmt.Sprintf("Then: %s.", s.LineEnd)
		}
		p("%s\n", wrap(end, "  "))
	}

	p("\nMoves for the %s player here, best first:\n", s.Turn)
	width := 0
	for _, m := range s.Moves {
		width = max(width, len(m.Move))
	}
	for _, m := range s.Moves {
		if m.Margin != nil {
			p("  %-*s  %s; playing for the most, %s\n", width, m.Move, m.Words, MarginWords(sente.Margin{Score: *m.Margin, Remoteness: remotenessOr(m.MarginRemoteness)}))
			continue
		}
		p("  %-*s  %s\n", width, m.Move, m.Words)
	}
	p("%s\n", wrap(s.MovesSummary, "  "))

	if s.Strategy != nil {
		p("\nStrategy of the %s player (the winner):\n", s.Strategy.Player)
		p("%s\n", wrap(capitalize(s.Strategy.Words)+".", "  "))
		if r := s.Strategy.Rule; r != nil {
			p("%s\n", wrap(ruleCheck(r), "  "))
		}
		if t := s.Strategy.Target; t != nil {
			p("%s\n", wrap(t.Check, "  "))
		}
	}
	if c := s.Chance; c != nil {
		p("\nThe losing side's best chance (the %s player's):\n", c.Player)
		p("%s\n", wrap(c.Words, "  "))
		for _, m := range c.Mistakes {
			p("%s\n", wrap(m.Sentence, "  - "))
		}
	}
	return b.Flush()
}

func ruleCheck(r *Rule) string {
	s := fmt.Sprintf("Checked on every line the opponent can choose, to the end of the game: %s.", positionsWords(r.Checked))
	if r.Fastest {
		return s + " Every reply the rule gives is also a fastest win."
	}
	return s + " The rule always wins, though not always in the fewest plies."
}

// wrap breaks text into lines of at most about 78 columns, the first
// starting with prefix and the others indented to match.
func wrap(text, prefix string) string {
	indent := strings.Repeat(" ", len([]rune(prefix)))
	var lines []string
	line := prefix
	// Keep "7 − x" together.
	var words []string
	for _, word := range strings.Fields(text) {
		if n := len(words); n > 0 && (word == "−" || words[n-1] == "−" || strings.HasSuffix(words[n-1], " −")) {
			words[n-1] += " " + word
			continue
		}
		words = append(words, word)
	}
	for _, word := range words {
		if len([]rune(line))+1+len([]rune(word)) > 78 && strings.TrimSpace(line) != strings.TrimSpace(prefix) {
			lines = append(lines, line)
			line = indent
		}
		if line != prefix && line != indent {
			line += " "
		}
		line += word
	}
	return strings.Join(append(lines, line), "\n")
}

func keeps(n int) string {
	if n == 1 {
		return "keeps"
	}
	return "keep"
}

// remotenessOr is the plies a JSON field holds, RemotenessUnknown when it
// holds none.
func remotenessOr(n *int) int {
	if n == nil {
		return sente.RemotenessUnknown
	}
	return *n
}
