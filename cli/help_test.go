package cli

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/alecthomas/kong"

	"github.com/sente-go/sente/games"
)

func TestVersion(t *testing.T) {
	r := runCLI(t, context.Background(), "", "--version")
	if r.status != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, "sente ") || strings.Count(r.stdout, "\n") != 1 {
		t.Errorf("sente --version: status %d, stdout %q, stderr %q; want 0 and one line", r.status, r.stdout, r.stderr)
	}
	build := func(version string, settings ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "sente", Version: version}}
		for i := 0; i+1 < len(settings); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return info
	}
	tests := []struct {
		name string
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{"release", build("v1.2.0", "vcs.revision", "41d7a90c2f1e0123456789abcdef", "vcs.time", "2026-11-23T09:05:03Z", "vcs.modified", "false"), true,
			"sente v1.2.0 (commit 41d7a90c2f1e, 2026-11-23T09:05:03Z; go1.26.0)"},
		{"checkout with changes", build("v0.0.0-20261123090503-41d7a90c2f1e+dirty", "vcs.revision", "41d7a90c2f1e0123456789abcdef", "vcs.modified", "true"), true,
			"sente v0.0.0-20261123090503-41d7a90c2f1e+dirty (commit 41d7a90c2f1e, with local changes; go1.26.0)"},
		{"go run", build("(devel)"), true,
			"sente (devel) (no commit recorded: built by go run or go test, outside a git checkout, or with -buildvcs=false; go1.26.0)"},
		{"no version at all", build(""), true,
			"sente (devel) (no commit recorded: built by go run or go test, outside a git checkout, or with -buildvcs=false; go1.26.0)"},
		{"no build information", nil, false, "sente (no build information)"},
	}
	for _, tt := range tests {
		if got := versionOf(tt.info, tt.ok); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestComplete: the candidates 'sente __complete WORD...' gives for the
// last word.
func TestComplete(t *testing.T) {
	tests := []struct {
		words []string
		want  []string // all present
		not   []string // none present
		exact bool     // want is the whole answer
	}{
		{words: []string{""}, want: []string{"list", "solve", "picture", "help", "completion"}, not: []string{"__complete"}},
		{words: []string{"so"}, want: []string{"solve"}, exact: true},
		{words: []string{"solve", "conn"}, want: []string{"connect4", "connect4:"}, exact: true},
		{words: []string{"solve", "connect4:"}, want: []string{"connect4:w=", "connect4:h=", "connect4:k="}},
		{words: []string{"solve", "connect4:w=5,"}, want: []string{"connect4:w=5,h=", "connect4:w=5,k="}, not: []string{"connect4:w=5,w="}},
		{words: []string{"solve", "chopsticks:overflow="}, want: []string{"chopsticks:overflow=rollover", "chopsticks:overflow=cutoff"}},
		{words: []string{"solve", "nim:misere="}, want: []string{"nim:misere=true", "nim:misere=false"}, exact: true},
		{words: []string{"solve", "nosuchgame:"}, want: nil, exact: true},
		{words: []string{"solve", "cards", "--"}, want: []string{"--restrict", "--symmetry", "--from", "--json", "--max-memory", "--help"}},
		{words: []string{"--"}, want: []string{"--help", "--version", "--max-memory"}},
		{words: []string{"solve", "chopsticks", "--restrict", ""}, want: []string{"first=", "second="}, exact: true},
		{words: []string{"solve", "chopsticks", "--restrict", "second="}, want: []string{"second=niece", "second=niece-attacks"}},
		{words: []string{"play", "cards", "--as", ""}, want: []string{"first", "second"}, exact: true},
		{words: []string{"play", "cards", "--as=s"}, want: []string{"--as=second"}, exact: true},
		{words: []string{"solve", "chopsticks", "--restrict=second=n"}, want: []string{"--restrict=second=niece", "--restrict=second=niece-attacks"}, exact: true},
		{words: []string{"table", "cards", "--format", "j"}, want: []string{"json", "jsonl"}, exact: true},
		{words: []string{"grundy", "count", "--param", ""}, want: []string{"lose=", "most=", "start="}},
		{words: []string{"sweep", "count", "--json", "--param", "m"}, want: []string{"most="}, exact: true},
		{words: []string{"picture", ""}, want: []string{"table", "graph", "grundy"}, exact: true},
		{words: []string{"picture", "graph", "tic"}, want: []string{"tictactoe", "tictactoe:"}, exact: true},
		{words: []string{"help", "pi"}, want: []string{"picture"}, exact: true},
		{words: []string{"completion", ""}, want: []string{"bash", "zsh", "fish"}, exact: true},
		{words: []string{"moves", "cards", ""}, want: nil, exact: true}, // a position: the shell's own
		{words: []string{"solve", "cards", "--from", ""}, want: nil, exact: true},
		{words: []string{"--max-memory", "1G", "so"}, want: []string{"solve"}, exact: true},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.words, " "), func(t *testing.T) {
			r := runCLI(t, context.Background(), "", append([]string{"__complete"}, tt.words...)...)
			if r.status != 0 || r.stderr != "" {
				t.Fatalf("status %d, stderr %q", r.status, r.stderr)
			}
			got := strings.Fields(r.stdout)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("candidates %q lack %q", got, w)
				}
			}
			for _, n := range tt.not {
				if slices.Contains(got, n) {
					t.Errorf("candidates %q have %q", got, n)
				}
			}
			if tt.exact && len(got) != len(tt.want) {
				t.Errorf("candidates %q, want exactly %q", got, tt.want)
			}
		})
	}
}

// TestCompleteEveryGame: every game of the catalogue completes, and so do
// its parameters.
func TestCompleteEveryGame(t *testing.T) {
	var c commandLine
	parser, err := kong.New(&c, kong.Vars{"max_memory": "0", "version": ""})
	if err != nil {
		t.Fatal(err)
	}
	names := complete(parser.Model.Node, []string{"solve", ""}, &games.Catalog{})
	if len(names) < 10 {
		t.Fatalf("only %d games complete: %q", len(names), names)
	}
	for _, name := range names {
		if !strings.HasSuffix(name, ":") {
			continue
		}
		if params := complete(parser.Model.Node, []string{"solve", name}, &games.Catalog{}); len(params) == 0 {
			t.Errorf("%s completes to no parameter", name)
		}
	}
}

// TestCompletionScripts: each script is valid for its shell, calls
// __complete, and bash's puts back the part of a spec that bash cuts at :
// and =.
func TestCompletionScripts(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		r := runCLI(t, context.Background(), "", "completion", shell)
		if r.status != 0 || r.stderr != "" || !strings.Contains(r.stdout, "sente __complete") {
			t.Errorf("completion %s: status %d, stderr %q, no call of __complete", shell, r.status, r.stderr)
			continue
		}
		if _, err := exec.LookPath(shell); err != nil {
			t.Logf("%s not installed: its script's syntax is not checked", shell)
			continue
		}
		check := exec.Command(shell, "-n")
		check.Stdin = strings.NewReader(r.stdout)
		if out, err := check.CombinedOutput(); err != nil {
			t.Errorf("%s -n: %v\n%s", shell, err, out)
		}
	}
	if _, err := exec.LookPath("bash"); err != nil {
		return
	}
	script := runCLI(t, context.Background(), "", "completion", "bash").stdout
	tests := []struct {
		line  string
		words []string // COMP_WORDS as bash cuts them
		fake  string   // what the fake sente prints
		want  string
	}{
		{"sente so", []string{"sente", "so"}, "solve", "solve"},
		{"sente solve connect4:", []string{"sente", "solve", "connect4", ":"}, "connect4:w=\nconnect4:h=", ":w= :h= nospace"},
		{"sente solve connect4:w=5,h", []string{"sente", "solve", "connect4", ":", "w", "=", "5,h"}, "connect4:w=5,h=", "5,h= nospace"},
		{"sente solve ", []string{"sente", "solve", ""}, "cards\ncount", "cards count"},
	}
	for _, tt := range tests {
		prog := script + `
sente() { [[ $1 == __complete ]] && printf '%s\n' "$FAKE"; local IFS=' '; printf '%s\n' "$*" > "$ARGS"; }
compopt() { NOSPACE=" nospace"; }
NOSPACE=
COMP_LINE="$LINE"; COMP_POINT=${#COMP_LINE}
COMP_WORDS=(` + quoteWords(tt.words) + `); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
_sente
echo "${COMPREPLY[*]}$NOSPACE"
`
		args := t.TempDir() + "/args"
		cmd := exec.Command("bash", "-c", prog)
		cmd.Env = append(os.Environ(), "LINE="+tt.line, "FAKE="+tt.fake, "ARGS="+args)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%q: %v\n%s", tt.line, err, out)
			continue
		}
		if got := strings.TrimSpace(string(out)); got != tt.want {
			t.Errorf("%q: COMPREPLY %q, want %q", tt.line, got, tt.want)
		}
		called, _ := os.ReadFile(args)
		wantArgs := "__complete " + strings.TrimPrefix(tt.line, "sente ")
		if strings.TrimRight(string(called), "\n") != wantArgs {
			t.Errorf("%q: called sente %q, want %q", tt.line, strings.TrimSpace(string(called)), wantArgs)
		}
	}
}

func quoteWords(words []string) string {
	var q []string
	for _, w := range words {
		q = append(q, "'"+w+"'")
	}
	return strings.Join(q, " ")
}

// TestZshCompletion runs the zsh script with the completion system's
// compadd and _files stubbed: whole words get a space after them, half
// words (connect4:w=) none, and no candidate means file names.
func TestZshCompletion(t *testing.T) {
	if _, err := exec.LookPath("zsh"); err != nil {
		t.Skip("zsh not installed")
	}
	script := runCLI(t, context.Background(), "", "completion", "zsh").stdout
	tests := []struct {
		words []string
		fake  string
		want  string
	}{
		{[]string{"sente", "so"}, "solve", "compadd -Q -- solve"},
		{[]string{"sente", "solve", "connect4:"}, "connect4:w=\nconnect4:h=", "compadd -Q -S  -- connect4:w= connect4:h="},
		{[]string{"sente", "moves", "cards", ""}, "", "_files"},
	}
	for _, tt := range tests {
		prog := `compdef() { :; }
compadd() { print -r -- "compadd $*"; }
_files() { print _files; }
sente() { [[ -n $FAKE ]] && print -r -- "$FAKE"; }
` + script + `
words=(` + quoteWords(tt.words) + `); CURRENT=${#words}
_sente
`
		cmd := exec.Command("zsh", "-f", "-c", prog)
		cmd.Env = append(os.Environ(), "FAKE="+tt.fake)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%q: %v\n%s", tt.words, err, out)
			continue
		}
		if got := strings.TrimSpace(string(out)); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.words, got, tt.want)
		}
	}
}

// TestExitStatusesInReadme: README's table of exit statuses and the end of
// 'sente --help' list the same statuses, since scripts branch on them.
func TestExitStatusesInReadme(t *testing.T) {
	text, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(text), "\n## Exit status\n")
	if !ok {
		t.Fatal(`README has no section "Exit status"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var readme []string
	for _, line := range strings.Split(section, "\n") {
		if code, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " |"); ok && strings.HasPrefix(line, "| ") && code != "status" && !strings.HasPrefix(code, "-") {
			readme = append(readme, code)
		}
	}
	var help []string
	for _, line := range strings.Split(exitStatuses, "\n")[1:] {
		if fields := strings.Fields(line); len(fields) > 0 && fields[0][0] >= '0' && fields[0][0] <= '9' && strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   ") {
			help = append(help, fields[0])
		}
	}
	if !slices.Equal(readme, help) {
		t.Errorf("README's exit statuses are %v; sente --help's are %v", readme, help)
	}
}

// TestReadmeContents: README's contents list names every section (each
// "## " heading), in order, each linked by the anchor GitHub gives it, so
// that a section added or renamed shows in the list.
func TestReadmeContents(t *testing.T) {
	text, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var headings []string
	inCode := false
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
		}
		if h, ok := strings.CutPrefix(line, "## "); ok && !inCode {
			headings = append(headings, h)
		}
	}
	_, list, ok := strings.Cut(string(text), "\nContents:\n")
	if !ok {
		t.Fatal("README has no contents list (a line \"Contents:\")")
	}
	list, _, _ = strings.Cut(list, "\n## ")
	link := regexp.MustCompile(`(?m)^- \[([^\]]+)\]\(#([^)]+)\)`)
	var listed []string
	for _, m := range link.FindAllStringSubmatch(list, -1) {
		listed = append(listed, m[1])
		if want := githubAnchor(m[1]); m[2] != want {
			t.Errorf("contents: %q links to #%s; its heading's anchor is #%s", m[1], m[2], want)
		}
	}
	if !slices.Equal(listed, headings) {
		t.Errorf("README's contents list %q; its sections are %q", listed, headings)
	}
}

// githubAnchor is the anchor GitHub gives a heading: lower case, spaces to
// hyphens, punctuation other than hyphens and underscores dropped.
func githubAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
