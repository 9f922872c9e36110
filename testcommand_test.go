package sente

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCIRunsTheREADMETests holds README.md's "Two commands" to .ci/run, so
// that what a newcomer is told to run and install is what CI runs and
// installs: the test command, then the long tests (SENTE_LONG), each half
// of a command joined by && a line of .ci/run in that order, before the
// fuzzing; and every Debian package and npm install of .ci/run named in
// the section.
func TestCIRunsTheREADMETests(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	section := twoCommands(t, string(readme))
	var test, long string
	for _, line := range strings.Split(section, "\n") {
		cmd, ok := strings.CutPrefix(line, "    ")
		if !ok {
			continue
		}
		cmd = strings.TrimSpace(cmd)
		switch {
		case strings.HasPrefix(cmd, "go test ") && !strings.Contains(cmd, "-short") && test == "":
			test = cmd
		case strings.HasPrefix(cmd, "SENTE_LONG=1 go test ") && long == "":
			long = cmd
		}
	}
	if test == "" || long == "" {
		t.Fatalf("README's \"Two commands\" shows no test command (%q) or no long one (%q), each an indented line starting go test or SENTE_LONG=1 go test", test, long)
	}
	lines := strings.Split(string(ci), "\n")
	at := -1
	for _, cmd := range []string{test, long} {
		for _, half := range strings.Split(cmd, " && ") {
			i := slices.Index(lines, half)
			if i < 0 {
				t.Errorf(".ci/run has no line %q (from README's %q)", half, cmd)
				continue
			}
			if i < at {
				t.Errorf(".ci/run runs %q before what README runs ahead of it", half)
			}
			at = i
		}
	}
	if fuzz := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "-fuzz=") }); fuzz >= 0 && fuzz < at {
		t.Errorf(".ci/run fuzzes before README's tests and long tests are done")
	}
	// What .ci/run installs, the newcomer is told to install.
	installs := regexp.MustCompile(`apt-get install -y -qq ([a-z0-9 .+-]+?) *(>|$)`)
	for _, m := range installs.FindAllStringSubmatch(string(ci), -1) {
		for _, pkg := range strings.Fields(m[1]) {
			if !regexp.MustCompile(`\b` + regexp.QuoteMeta(pkg) + `\b`).MatchString(section) {
				t.Errorf(".ci/run installs Debian's %s, which README's \"Two commands\" does not name", pkg)
			}
		}
	}
	for _, line := range lines {
		if i := strings.Index(line, "npm ci --prefix "); i >= 0 {
			want := strings.Fields(line[i:])[:4]
			if !strings.Contains(section, strings.Join(want, " ")) {
				t.Errorf(".ci/run runs %q, which README's \"Two commands\" does not", strings.Join(want, " "))
			}
		}
	}
}

// twoCommands is the text of README's section "Two commands", up to the
// next heading of its level.
func twoCommands(t *testing.T, readme string) string {
	t.Helper()
	_, after, ok := strings.Cut(readme, "\n## Two commands\n")
	if !ok {
		t.Fatal(`README.md has no section "## Two commands"`)
	}
	if end := strings.Index(after, "\n## "); end >= 0 {
		after = after[:end]
	}
	return after
}
