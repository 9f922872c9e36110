package cli

import (
	"strings"

	"github.com/alecthomas/kong"
)

// Some arguments begin with a minus and are not flags: a game in the
// notation (sente value -1, -1/2, -{1|0}) and a negative number given to a
// flag (--plies -1, --max-memory -1G). The parser reads every argument that
// begins with a minus as a flag, so the first came back as "unknown flag
// -1" and the second as the parser's own advice to write --plies="-1"
// (which then fails on its range). No flag of sente's is named by anything
// but letters, so a minus followed by anything else is never a flag:
// hyphenArgs rewrites such arguments so that the parser takes them as they
// are meant, a flag's value written --flag=value and, when one of the
// command's own arguments begins with a minus, all of them placed after
// --, in their order.
func hyphenArgs(app *kong.Application, args []string) []string {
	for _, a := range args {
		if a == "--" {
			return args // the user has said where arguments start
		}
	}
	node := app.Node
	var words, positionals []string // words: commands, flags and their values, in order
	var inOrder []string            // every argument in its place, flags' values rewritten
	rewritten, minusArg := false, false
	keep := func(a ...string) {
		words = append(words, a...)
		inOrder = append(inOrder, a...)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		var f *kong.Flag // a flag that may read the next argument
		switch {
		case notAFlag(a):
			positionals = append(positionals, a)
			inOrder = append(inOrder, a)
			minusArg = true
			continue
		case strings.HasPrefix(a, "--"):
			if name, _, hasValue := strings.Cut(a[2:], "="); !hasValue {
				f = findFlag(node, name)
			}
		case len(a) == 2 && a[0] == '-':
			f = findFlag(node, a[1:])
		case len(a) > 2 && a[0] == '-':
			// short flags run together, or one with its value: as given
		default:
			if child := childCommand(node, a); child != nil && len(positionals) == 0 {
				node = child
				keep(a)
			} else {
				positionals = append(positionals, a)
				inOrder = append(inOrder, a)
			}
			continue
		}
		switch {
		case f == nil || !takesValue(f) || i+1 == len(args):
			keep(a)
		case notAFlag(args[i+1]):
			i++
			keep("--" + f.Name + "=" + args[i])
			rewritten = true
		default:
			i++
			keep(a, args[i])
		}
	}
	switch {
	case minusArg:
		return append(append(words, "--"), positionals...)
	case rewritten:
		return inOrder
	}
	return args
}

// notAFlag reports whether a begins with a minus that no flag could
// follow: a digit, a brace, a fraction's dot and the like.
func notAFlag(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	c := a[1]
	return !(c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
}

// takesValue reports whether f reads the next argument as its value.
func takesValue(f *kong.Flag) bool {
	return !f.IsBool() && !f.IsCounter()
}
