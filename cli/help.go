package cli

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/alecthomas/kong"
)

// exitStatuses is the end of 'sente --help' and of the README's section on
// them: scripts branch on these, so they are part of the interface.
const exitStatuses = `Exit status:
  0    success
  1    a failure while working: out of memory (--max-memory), a write that
       fails under way (a full disk), a stored table damaged on disk
  2    bad input or usage: an unknown game, parameter, position, flag or
       command; a file that cannot be made where --out or -o says; a solve
       refused before it starts (over --max-memory or the free disk) or
       stopped at --max-positions; a rules file that fails or breaks its
       limits
  3    sente verify: the stored table is incomplete (run the solve again to
       finish it)
  130  interrupted (Ctrl-C)`

// helpOptions are how kong lays out help.
var helpOptions = kong.HelpOptions{Compact: true, ValueFormatter: kong.DefaultHelpValueFormatter}

// printHelp is kong's help with the exit statuses after the overview.
func printHelp(options kong.HelpOptions, ctx *kong.Context) error {
	if err := kong.DefaultHelpPrinter(options, ctx); err != nil {
		return err
	}
	if ctx.Selected() == nil {
		_, err := fmt.Fprintf(ctx.Stdout, "\n%s\n", exitStatuses)
		return err
	}
	return nil
}

type helpCmd struct {
	Command []string `arg:"" optional:"" help:"The command (and subcommand) to show help for."`
}

// Run shows the same help as 'sente COMMAND --help'.
func (c *helpCmd) Run(e *env, kctx *kong.Context) error {
	for _, word := range c.Command {
		if strings.HasPrefix(word, "-") {
			return usageError{fmt.Errorf("help: %q is not a command; want 'sente help [COMMAND]', for example 'sente help solve'", word)}
		}
	}
	traced, err := kong.Trace(kctx.Kong, c.Command)
	if err == nil && traced.Error != nil {
		// Parsing again gives the error with its context, for the message.
		_, err = kctx.Kong.Parse(c.Command)
	}
	if err != nil {
		return usageError{errors.New(parseErrorLine(err))}
	}
	return printHelp(helpOptions, traced)
}

var (
	unexpectedArg = regexp.MustCompile(`^unexpected argument (.*?)(, did you mean "(.*)"\?)?$`)
	unknownFlag   = regexp.MustCompile(`^unknown flag (\S+)(, did you mean (?:one of )?(.*)\?)?$`)
	missingArg    = regexp.MustCompile(`^(?:expected|expected one of|missing positional arguments) (.*)$`)
	missingFlags  = regexp.MustCompile(`^missing flags: (.*)$`)
	badEnum       = regexp.MustCompile(`^(\S+) must be one of (.*) but got "(.*)"$`)
	badFlagValue  = regexp.MustCompile(`^(--[\w-]+|-\w): (.*)$`)
	gotValue      = regexp.MustCompile(`but got "(.*?)"`)
)

// parseErrorLine rewrites an error of kong's parser as one line for people:
// what was wrong, what is accepted, and which help to read. Kong's own
// messages ("expected \"<game>\"") assume the reader knows kong.
func parseErrorLine(err error) string {
	msg := oneLine(err.Error())
	var pe *kong.ParseError
	if !errors.As(err, &pe) || pe.Context == nil {
		return msg
	}
	node := pe.Context.Selected()
	if node == nil {
		node = pe.Context.Model.Node
	}
	name := node.Path() // "" for sente itself, "picture table"
	where, help := "", "; see 'sente --help'"
	if name != "" {
		where, help = name+": ", "; see 'sente help "+name+"'"
	}
	commands := commandNames(node)

	switch m := unexpectedArg.FindStringSubmatch(msg); {
	case m != nil && len(commands) > 0 && !anyPositional(node):
		line := fmt.Sprintf("%sunknown command %q", where, m[1])
		if m[3] != "" {
			line += fmt.Sprintf(" (did you mean %s?)", m[3])
		}
		return fmt.Sprintf("%s; the commands are %s%s", line, strings.Join(commands, ", "), help)
	case m != nil:
		return fmt.Sprintf("%sunexpected argument %q; the usage is 'sente %s'%s", where, m[1], usage(node), help)
	}
	if m := unknownFlag.FindStringSubmatch(msg); m != nil {
		line := fmt.Sprintf("%sunknown flag %s", where, m[1])
		// Kong suggests short flags too ("-h", "-o" for --x): only a
		// long one is worth naming beside the list.
		var near []string
		for _, s := range strings.Split(m[3], ", ") {
			if s = strings.Trim(s, `"`); strings.HasPrefix(s, "--") {
				near = append(near, s)
			}
		}
		if len(near) > 0 {
			line += fmt.Sprintf(" (did you mean %s?)", orList(near))
		}
		return fmt.Sprintf("%s; the flags here are %s%s", line, strings.Join(flagNames(node), ", "), help)
	}
	if m := missingArg.FindStringSubmatch(msg); m != nil {
		if len(commands) > 0 && !anyPositional(node) {
			return fmt.Sprintf("%smissing the command: one of %s%s", where, strings.Join(commands, ", "), help)
		}
		for _, arg := range node.Positional {
			if arg.Required && !arg.Set {
				return fmt.Sprintf("%smissing <%s>: %s%s", where, arg.Name, sentence(arg.Help), help)
			}
		}
		return fmt.Sprintf("%smissing %s%s", where, m[1], help)
	}
	if m := missingFlags.FindStringSubmatch(msg); m != nil {
		first, _, _ := strings.Cut(m[1], ", ")
		flagName, _, _ := strings.Cut(first, "=")
		if f := findFlag(node, strings.TrimPrefix(flagName, "--")); f != nil {
			return fmt.Sprintf("%smissing %s: %s%s", where, first, sentence(f.Help), help)
		}
		return fmt.Sprintf("%smissing %s%s", where, m[1], help)
	}
	if m := badEnum.FindStringSubmatch(msg); m != nil {
		want := strings.Split(strings.ReplaceAll(m[2], `"`, ""), ",")
		return fmt.Sprintf("%s%s %q: want %s%s", where, m[1], m[3], orList(want), help)
	}
	if m := badFlagValue.FindStringSubmatch(msg); m != nil {
		flag, problem := m[1], m[2]
		got := ""
		if g := gotValue.FindStringSubmatch(problem); g != nil {
			got = g[1]
		}
		f := findFlag(node, strings.TrimLeft(flag, "-"))
		switch {
		case got == "EOL" || strings.Contains(problem, "<EOL>"):
			if f != nil {
				return fmt.Sprintf("%s%s needs a value, as %s%s", where, flag, f.String(), help)
			}
			return fmt.Sprintf("%s%s needs a value%s", where, flag, help)
		case strings.Contains(problem, "bit int"), strings.Contains(problem, "bit uint"), strings.Contains(problem, "an int"):
			return fmt.Sprintf("%s%s %q: want a whole number%s", where, flag, got, help)
		case strings.HasPrefix(problem, "bool value"):
			return fmt.Sprintf("%s%s=%s: want true or false, or the flag alone for true%s", where, flag, got, help)
		}
		return fmt.Sprintf("%s%s: %s%s", where, flag, problem, help)
	}
	return fmt.Sprintf("%s%s%s", where, msg, help)
}

// commandNames are the visible subcommands of node.
func commandNames(node *kong.Node) []string {
	var names []string
	for _, c := range node.Children {
		if c.Type == kong.CommandNode && !c.Hidden {
			names = append(names, c.Name)
		}
	}
	return names
}

func anyPositional(node *kong.Node) bool { return len(node.Positional) > 0 }

// flagNames are the visible flags that apply at node, its own first.
func flagNames(node *kong.Node) []string {
	var names []string
	groups := node.AllFlags(true)
	for i := len(groups) - 1; i >= 0; i-- {
		for _, f := range groups[i] {
			names = append(names, "--"+f.Name)
		}
	}
	return names
}

func findFlag(node *kong.Node, name string) *kong.Flag {
	for _, group := range node.AllFlags(false) {
		for _, f := range group {
			if f.Name == name || (len(name) == 1 && f.Short == rune(name[0])) {
				return f
			}
		}
	}
	return nil
}

// usage is a command with its arguments: "moves <game> [<position>]".
func usage(node *kong.Node) string {
	parts := []string{node.Path()}
	for _, arg := range node.Positional {
		if arg.Tag.Optional {
			parts = append(parts, "[<"+arg.Name+">]")
		} else {
			parts = append(parts, "<"+arg.Name+">")
		}
	}
	parts = append(parts, "[flags]")
	return strings.Join(parts, " ")
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// sentence turns a help text into a clause to follow a comma: "The file to
// write." becomes "the file to write".
func sentence(help string) string {
	help = strings.TrimSuffix(strings.TrimSpace(help), ".")
	if len(help) > 1 && help[0] >= 'A' && help[0] <= 'Z' && !(help[1] >= 'A' && help[1] <= 'Z') {
		help = strings.ToLower(help[:1]) + help[1:]
	}
	return help
}
