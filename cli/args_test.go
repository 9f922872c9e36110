package cli

import (
	"slices"
	"testing"

	"github.com/alecthomas/kong"
)

func TestHyphenArgs(t *testing.T) {
	var c commandLine
	parser, err := kong.New(&c, kong.Vars{"max_memory": "1G", "version": "test"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args, want []string
	}{
		// Nothing to move: the arguments are left as they are.
		{[]string{"value", "{1|0}", "--json"}, []string{"value", "{1|0}", "--json"}},
		{[]string{"solve", "cards", "-x"}, []string{"solve", "cards", "-x"}},
		{[]string{"value", "--", "-1"}, []string{"value", "--", "-1"}},
		// A game in the notation that begins with a minus.
		{[]string{"value", "-1"}, []string{"value", "--", "-1"}},
		{[]string{"value", "-1/2", "--json"}, []string{"value", "--json", "--", "-1/2"}},
		{[]string{"--max-memory", "1G", "value", "-{1|0}", "--format", "svg"}, []string{"--max-memory", "1G", "value", "--format", "svg", "--", "-{1|0}"}},
		// A negative number given to a flag, long or short.
		{[]string{"book", "cards", "--plies", "-1"}, []string{"book", "cards", "--plies=-1"}},
		{[]string{"picture", "graph", "count", "-o", "-1.svg"}, []string{"picture", "graph", "count", "--out=-1.svg"}},
		// A flag that takes no value is not given the next argument.
		{[]string{"value", "--json", "-1"}, []string{"value", "--json", "--", "-1"}},
		// Other arguments keep their order after --.
		{[]string{"value", "domineering", "-1", "x"}, []string{"value", "--", "domineering", "-1", "x"}},
	} {
		if got := hyphenArgs(parser.Model, tc.args); !slices.Equal(got, tc.want) {
			t.Errorf("hyphenArgs(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
