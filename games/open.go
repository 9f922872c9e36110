package games

import (
	"cmp"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/wasm"
)

// Catalog is the one way from a spec to a game: it finds the family a
// name means (a built-in family, or a rules file NAME.star or a game
// module NAME.wasm when ReadFiles allows), binds the spec's parameters to it and makes the game. The
// command line, the browser app's built-in games and New all go through
// one, so a name means the same game and a mistake reads the same
// everywhere.
//
// A Catalog compiles each rules file once (parsing and checking it is most
// of the cost of opening it) and reuses the compiled family for every game
// made from it: a sweep over a parameter runs the file's top level once per
// value, with that value bound, but reads and checks the file once. A file
// changed on disk since (another size or modification time) is compiled
// again. A Catalog keeps what it compiled for as long as it lives: make
// one for a piece of work (the command makes one per run) rather than one
// for the life of a server that reads many files.
//
// The zero Catalog holds the built-in families only; Add gives it a
// program's own. A Catalog is safe for concurrent use; set its fields
// before its first use and leave them.
type Catalog struct {
	// ReadFiles lets a spec name a rules file on disk (a name ending in
	// .star, such as examples/count.star) or a game module (a name ending
	// in .wasm, docs/modules.md).
	ReadFiles bool
	// Refusal is what a rules file's name is told when ReadFiles is false,
	// after the name and a colon. Empty means DefaultRefusal.
	Refusal string
	// Rules is how the games of rules files run: the step limit of one
	// call, the context that stops them, the time one call may take.
	Rules rules.Options
	// Modules is how the games of modules run: the memory of an
	// instance, the time of one call, the context that stops them.
	Modules wasm.Options

	mu    sync.Mutex
	files map[string]compiled // by path, as given
	added map[string]Family   // by name: the families Add gave
}

// DefaultRefusal is what a rules file's name is told by a Catalog that does
// not read files and names no Refusal of its own.
const DefaultRefusal = "this catalogue reads no files"

// compiled is a rules file's family, with what the file was when it was
// compiled.
type compiled struct {
	family  Family
	size    int64
	modTime time.Time
}

// Default is the catalogue New and FromSpec use: the built-in families and
// rules files on disk, run with rules.Options' defaults.
var Default = &Catalog{ReadFiles: true}

// Family finds the family a name means: a rules file (NAME.star), a game
// module (NAME.wasm) or a built-in family (see Lookup for its error).
func (c *Catalog) Family(name string) (Family, error) {
	module := wasm.IsModule(name)
	if !rules.IsRulesFile(name) && !module {
		if f, ok := registry[name]; ok {
			return f, nil
		}
		c.mu.Lock()
		f, ok := c.added[name]
		c.mu.Unlock()
		if ok {
			return f, nil
		}
		if c.ReadFiles && !familyName.MatchString(name) {
			if info, err := os.Stat(name); err == nil && info.Mode().IsRegular() {
				return Family{}, fmt.Errorf("%s: a file, but not one sente reads as a game: a rules file's name ends in .star, a game module's in .wasm", name)
			}
		}
		return lookupIn(name, c.Families()) // the error, with close names
	}
	if !c.ReadFiles {
		return Family{}, fmt.Errorf("%s: %s", name, cmp.Or(c.Refusal, DefaultRefusal))
	}
	info, statErr := os.Stat(name)
	c.mu.Lock()
	kept, ok := c.files[name]
	c.mu.Unlock()
	if ok && statErr == nil && info.Size() == kept.size && info.ModTime().Equal(kept.modTime) {
		return kept.family, nil
	}
	// rules.Load and wasm.Open read the file themselves and say why they
	// cannot (no such file, say) in their own words.
	var fam Family
	var err error
	if module {
		fam, err = wasm.Open(name, c.Modules)
	} else {
		fam, err = rules.Load(name, c.Rules)
	}
	if err != nil {
		return fam, err
	}
	if statErr == nil {
		c.mu.Lock()
		if c.files == nil {
			c.files = map[string]compiled{}
		}
		c.files[name] = compiled{family: fam, size: info.Size(), modTime: info.ModTime()}
		c.mu.Unlock()
	}
	return fam, nil
}

// Bound is what a spec names before its game is made: the family, and the
// spec's arguments bound to the family's parameters.
type Bound struct {
	Spec   sente.Spec
	Family Family
	Values sente.ParamValues
}

// Canonical names the bound game with every parameter given, in the
// family's order, so that connect4 and connect4:w=7,h=6,k=4 have one name:
// the name its solved tables are stored under. It is a spec that binds to
// the same game: an empty text, which a spec cannot give (its default),
// and a parameter another has taken the place of (Param.Instead) are left
// out.
func (b Bound) Canonical() string {
	var args []string
	for _, p := range b.Family.Params {
		if p.Instead != "" && b.Values.String(p.Instead) != "" {
			continue
		}
		var v string
		switch p.Kind {
		case sente.Int:
			v = strconv.Itoa(b.Values.Int(p.Name))
		case sente.Bool:
			v = strconv.FormatBool(b.Values.Bool(p.Name))
		case sente.Ints:
			var list []string
			for _, n := range b.Values.Ints(p.Name) {
				list = append(list, strconv.Itoa(n))
			}
			v = strings.Join(list, "/")
		default:
			v = b.Values.String(p.Name)
			if v == "" {
				continue
			}
		}
		args = append(args, p.Name+"="+v)
	}
	name := b.Family.Name
	if b.Family.Digest != "" {
		kind := ".star@"
		if wasm.IsModule(b.Spec.Name) {
			kind = ".wasm@"
		}
		name += kind + b.Family.Digest
	}
	if len(args) == 0 {
		return name
	}
	return name + ":" + strings.Join(args, ",")
}

// Bind finds the family spec names and binds its arguments. Its errors are
// those of Family and sente.Bind.
func (c *Catalog) Bind(spec sente.Spec) (Bound, error) {
	fam, err := c.Family(spec.Name)
	if err != nil {
		return Bound{}, err
	}
	vals, err := sente.Bind(spec.Name, fam.Params, spec.Args)
	if err != nil {
		return Bound{}, err
	}
	return Bound{Spec: spec, Family: fam, Values: vals}, nil
}

// New makes the game. A family's New may return a typed nil with its
// error; New returns a plain nil then, and an error for a family that
// makes no game without saying why.
func (b Bound) New() (sente.Game, error) {
	g, err := b.Family.New(b.Values)
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, fmt.Errorf("%s: cannot make the game", b.Spec)
	}
	return g, nil
}

// OpenSpec makes the game a parsed spec names.
func (c *Catalog) OpenSpec(spec sente.Spec) (sente.Game, error) {
	b, err := c.Bind(spec)
	if err != nil {
		return nil, err
	}
	return b.New()
}

// Open makes the game a spec such as "connect4:w=5,h=4" or
// "examples/count.star:lose=9" names.
func (c *Catalog) Open(spec string) (sente.Game, error) {
	s, err := sente.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	return c.OpenSpec(s)
}
