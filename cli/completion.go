package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/alecthomas/kong"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
)

type completionCmd struct {
	Shell string `arg:"" enum:"bash,zsh,fish" help:"The shell: bash, zsh or fish."`
}

// The scripts ask 'sente __complete WORD...' for the candidates of the last
// word, one a line, so that they know nothing of sente and stay in step
// with it. A candidate ending in = : or , is half a word: no space after it.
// When sente has no candidate (a position, a FILE), they fall back to the
// shell's own file names.
const bashCompletion = `# bash completion for sente; load it with
#   source <(sente completion bash)
# or save it as ~/.local/share/bash-completion/completions/sente
_sente() {
    # Split the line ourselves: bash's COMP_WORDS cut words at : and =,
    # which game specs (connect4:w=5) are full of.
    local line="${COMP_LINE:0:COMP_POINT}"
    local -a words
    read -ra words <<< "$line"
    if [[ -z $line || $line == *[[:space:]] ]]; then
        words+=("")
    fi
    local cur="${words[${#words[@]}-1]}"
    local IFS=$'\n'
    local -a candidates
    candidates=($(sente __complete "${words[@]:1}" 2>/dev/null))
    # bash replaces only its own last word, after the last : or =.
    local bashcur="${COMP_WORDS[COMP_CWORD]}"
    local cut=$(( ${#cur} - ${#bashcur} ))
    COMPREPLY=()
    local c nospace=
    for c in "${candidates[@]}"; do
        [[ $c == *[=:,] ]] && nospace=1
        COMPREPLY+=("${c:cut}")
    done
    if [[ -n $nospace ]]; then
        compopt -o nospace 2>/dev/null
    fi
}
complete -o default -F _sente sente
`

const zshCompletion = `#compdef sente
# zsh completion for sente; load it with
#   source <(sente completion zsh)
# or save it as _sente in a directory of $fpath
_sente() {
    local -a candidates whole half
    candidates=("${(@f)$(sente __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
    local c
    for c in "${candidates[@]}"; do
        [[ -z $c ]] && continue
        if [[ $c == *[=:,] ]]; then half+=("$c"); else whole+=("$c"); fi
    done
    if (( ${#whole} + ${#half} == 0 )); then
        _files
        return
    fi
    local ret=1
    if (( ${#whole} )); then compadd -Q -- "${whole[@]}" && ret=0; fi
    if (( ${#half} )); then compadd -Q -S '' -- "${half[@]}" && ret=0; fi
    return ret
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _sente "$@"
else
    compdef _sente sente
fi
`

const fishCompletion = `# fish completion for sente; load it with
#   sente completion fish | source
# or save it as ~/.config/fish/completions/sente.fish
function __sente_complete
    set -l words (commandline -opc)[2..-1] (commandline -ct)
    set -l candidates (sente __complete $words 2>/dev/null)
    if test (count $candidates) -eq 0
        __fish_complete_path (commandline -ct)
        return
    end
    printf '%s\n' $candidates
end
complete -c sente -f -a '(__sente_complete)'
`

func (c *completionCmd) Run(e *env) error {
	script := map[string]string{"bash": bashCompletion, "zsh": zshCompletion, "fish": fishCompletion}[c.Shell]
	_, err := fmt.Fprint(e.stdout, script)
	return err
}

// completeCmd is what the completion scripts call: sente __complete WORD...
// prints the candidates for the last WORD, given the words before it.
type completeCmd struct {
	Words []string `arg:"" optional:"" passthrough:""`
}

func (c *completeCmd) Run(e *env, kctx *kong.Context) error {
	for _, candidate := range complete(kctx.Model.Node, c.Words, e.named) {
		fmt.Fprintln(e.stdout, candidate)
	}
	return nil
}

// complete returns the candidates for the last of words (the words of the
// command line after "sente"), walking the command tree along the others.
// It looks names up in named, and never opens a rules file: completing
// must not run anybody's code.
func complete(root *kong.Node, words []string, named *games.Catalog) []string {
	if len(words) == 0 {
		words = []string{""}
	}
	cur := words[len(words)-1]
	node := root
	var args []string      // the positional arguments given so far
	var pending *kong.Flag // a flag whose value is the next word
	for _, w := range words[:len(words)-1] {
		if pending != nil {
			pending = nil // w is its value
			continue
		}
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			name, _, hasValue := strings.Cut(strings.TrimLeft(w, "-"), "=")
			if f := findFlag(node, name); f != nil && !hasValue && takesValue(f) {
				pending = f
			}
			continue
		}
		if len(args) == 0 || !anyPositional(node) {
			if child := childCommand(node, w); child != nil {
				node, args = child, nil
				continue
			}
		}
		args = append(args, w)
	}
	var out []string
	switch {
	case pending != nil:
		out = flagValues(node, pending, cur, args, named)
	case strings.HasPrefix(cur, "--") && strings.Contains(cur, "="):
		// --flag=value in one word.
		name, value, _ := strings.Cut(cur[2:], "=")
		if f := findFlag(node, name); f != nil {
			for _, v := range flagValues(node, f, value, args, named) {
				out = append(out, "--"+name+"="+v)
			}
		}
	case strings.HasPrefix(cur, "-"):
		out = flagNames(node)
	case !anyPositional(node):
		out = commandNames(node)
	case len(args) < len(node.Positional):
		out = argValues(root, node, node.Positional[len(args)], cur, named)
	}
	return withPrefix(out, cur)
}

func childCommand(node *kong.Node, name string) *kong.Node {
	for _, c := range node.Children {
		if c.Type == kong.CommandNode && (c.Name == name || slices.Contains(c.Aliases, name)) {
			return c
		}
	}
	return nil
}

func withPrefix(candidates []string, prefix string) []string {
	var out []string
	for _, c := range candidates {
		if strings.HasPrefix(c, prefix) {
			out = append(out, c)
		}
	}
	return out
}

// argValues completes a positional argument: a game spec, a command name
// (help) or a shell (completion).
func argValues(root, node *kong.Node, arg *kong.Positional, cur string, named *games.Catalog) []string {
	switch {
	case arg.Name == "game":
		return gameSpecs(cur, named)
	case arg.Enum != "":
		return arg.EnumSlice()
	case node.Name == "help":
		return commandNames(root)
	}
	return nil
}

// gameSpecs completes NAME:key=value,...: a game's name, then a parameter's
// key, then its value when the value is one of a few (choices, true/false).
func gameSpecs(cur string, named *games.Catalog) []string {
	name, rest, hasParams := strings.Cut(cur, ":")
	if !hasParams {
		var out []string
		for _, f := range named.Families() {
			out = append(out, f.Name)
			if strings.HasPrefix(f.Name, cur) && len(f.Params) > 0 {
				out = append(out, f.Name+":")
			}
		}
		return out
	}
	fam, err := named.Family(name)
	if err != nil {
		return nil
	}
	done, last := "", rest
	if i := strings.LastIndex(rest, ","); i >= 0 {
		done, last = rest[:i+1], rest[i+1:]
	}
	head := name + ":" + done
	key, _, hasValue := strings.Cut(last, "=")
	var out []string
	for _, p := range fam.Params {
		if !hasValue {
			if !strings.Contains(","+done, ","+p.Name+"=") {
				out = append(out, head+p.Name+"=")
			}
			continue
		}
		if p.Name != key {
			continue
		}
		for _, v := range paramChoices(p) {
			out = append(out, head+key+"="+v)
		}
	}
	return out
}

// paramChoices are the values worth offering for a parameter: all of them
// when there are a few, else its default as an example.
func paramChoices(p sente.Param) []string {
	switch p.Kind {
	case sente.Bool:
		return []string{"true", "false"}
	case sente.Choice:
		return p.Choices
	}
	return []string{p.Default}
}

// flagValues completes the value of a flag: its enum, the policies of the
// game for --restrict, the whole-number parameters for --param.
func flagValues(node *kong.Node, f *kong.Flag, cur string, args []string, named *games.Catalog) []string {
	if f.Enum != "" {
		return f.EnumSlice()
	}
	var fam *sente.Family
	if len(args) > 0 && node.Positional != nil && node.Positional[0].Name == "game" {
		if spec, err := sente.ParseSpec(args[0]); err == nil {
			if found, err := named.Family(spec.Name); err == nil {
				fam = &found
			}
		}
	}
	switch f.Name {
	case "restrict":
		who, _, hasPolicy := strings.Cut(cur, "=")
		if !hasPolicy {
			return []string{"first=", "second="}
		}
		if fam == nil {
			return nil
		}
		var out []string
		for _, p := range policiesOf(args[0], named) {
			out = append(out, who+"="+p)
		}
		return out
	case "param":
		if fam == nil {
			return nil
		}
		var out []string
		for _, p := range fam.Params {
			if p.Kind == sente.Int {
				out = append(out, p.Name+"=")
			}
		}
		return out
	}
	return nil
}

// policiesOf names the policies of a game of named, made with the
// parameters of spec when they are good, else with its defaults.
func policiesOf(spec string, named *games.Catalog) []string {
	parsed, err := sente.ParseSpec(spec)
	if err != nil {
		return nil
	}
	b, err := named.Bind(parsed)
	if err != nil {
		if b, err = named.Bind(sente.Spec{Name: parsed.Name}); err != nil {
			return nil
		}
	}
	g, err := b.New()
	if err != nil {
		return nil
	}
	r := sente.CapabilitiesOf(g).Restricter
	if r == nil {
		return nil
	}
	var out []string
	for _, p := range r.Policies() {
		out = append(out, p.Name)
	}
	return out
}
