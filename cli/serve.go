package cli

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/web"
)

// serveCmd runs the browser app.
type serveCmd struct {
	Addr           string        `help:"Address to listen on." default:"127.0.0.1:8080"`
	Memory         string        `hidden:"" help:"The old name of sente --max-memory, the server's memory budget."`
	MaxPositions   int           `help:"Stop a solve past this many positions, besides the memory budget (0: no cap)." default:"0"`
	MaxSolves      int           `help:"Big solves that may run at once; others wait. Small ones have two slots of their own." default:"2"`
	MaxWaiting     int           `help:"Big solves that may wait, and four times as many small ones; past that the server answers 503." default:"32"`
	Abandon        time.Duration `help:"Cancel a solve nobody has asked about for this long." default:"15s"`
	Cache          int           `help:"Solved games kept in memory." default:"32"`
	MaxBody        int64         `help:"Largest request body in bytes (a pasted rules file)." default:"65536"`
	RequestTimeout time.Duration `help:"Longest time one request may take." default:"10s"`
	RulesMemory    string        `help:"Hard memory limit of the child process that loads or explores one pasted rules file (512M, 1G, ...); default: 1G, at most an eighth of the budget (sente --max-memory)."`
	SearchMemory   string        `help:"Most memory the search of one position may hold, its transposition table, for a game too large for any table (connect four 7×6): reserved from the budget while it runs (512M, 1G, ...)." default:"1G"`
	SearchTime     time.Duration `help:"Longest time one position of a game too large for any table is searched; past it the page says what the search proved." default:"2m"`
	MaxRulesFiles  int           `help:"Pasted rules files kept; a paste beyond that forgets the one used longest ago." default:"256"`
	ModuleMemory   string        `name:"served-module-memory" help:"Most memory one instance of a game module picked in the page may have (16M, 64M, ...); default: 32M, at most a sixty-fourth of the budget (sente --max-memory)." placeholder:"SIZE"`
	ModuleTime     time.Duration `name:"served-module-time" help:"Longest time one call into a game module picked in the page may take; past it the module's game fails, in one line." default:"1s"`
	MaxModules     int           `help:"Game modules picked in the page that are kept; one beyond that forgets the one used longest ago." default:"16"`
	Store          string        `help:"Directory of solved tables (sente solve --store) to answer from, whatever a game's size; default: the cache directory."`
	HostName       []string      `help:"A name the server is reached by (the host of its address in the browser), besides localhost and its IP addresses, which it always answers as; repeat it, or give a comma-separated list; *.example.org stands for every name under example.org. A request for any other host is refused (a page of another site whose name was made to point at this machine)." placeholder:"NAME"`
}

// budget is the server's memory budget: sente --max-memory (given is its
// text, "" when not given) or its old name serve --memory, by default
// three quarters of the memory the process may have (web.DefaultMemory).
// flag names the flag it came from, for messages. 0, which means no limit
// to the other commands, is no budget.
func (c serveCmd) budget(given string) (budget uint64, flag string, err error) {
	flag, text := "--max-memory", given
	switch {
	case c.Memory != "" && given != "" && c.Memory != given:
		return 0, "", badInput("--max-memory %s and --memory %s: --memory is the old name of --max-memory, the server's budget; give it once", given, c.Memory)
	case c.Memory != "" && given == "":
		flag, text = "--memory", c.Memory
	case given == "":
		return web.DefaultMemory(), flag, nil
	}
	n, err := parseSize(text)
	if err != nil || n == 0 {
		return 0, "", badInput("%s %q: the server's memory budget; want an amount such as 512M or 4G, at least 64M", flag, text)
	}
	return n, flag, nil
}

func (c serveCmd) Run(e *env) error {
	if err := firstRefusal(
		atLeast("--max-positions", c.MaxPositions, 0, " (0: no cap)"),
		atLeast("--max-solves", c.MaxSolves, 1, ""),
		atLeast("--max-waiting", c.MaxWaiting, 1, ""),
		positiveTime("--abandon", c.Abandon, "15s"),
		atLeast("--cache", c.Cache, 1, ""),
		atLeast("--max-body", c.MaxBody, 1, ""),
		positiveTime("--request-timeout", c.RequestTimeout, "10s"),
		atLeast("--max-rules-files", c.MaxRulesFiles, 1, ""),
		positiveTime("--served-module-time", c.ModuleTime, "1s"),
		atLeast("--max-modules", c.MaxModules, 1, ""),
	); err != nil {
		return err
	}
	for _, name := range c.HostName {
		if err := web.CheckHostName(name); err != nil {
			return badInput("--host-name %v", err)
		}
	}
	budget, budgetFlag, err := c.budget(e.serveMemory)
	if err != nil {
		return err
	}
	var rulesMemory uint64
	if c.RulesMemory != "" {
		n, err := parseSize(c.RulesMemory)
		if err != nil || n == 0 {
			return badInput("--rules-memory %q: want an amount such as 512M or 1G, at least 64M", c.RulesMemory)
		}
		rulesMemory = n
	}
	searchMemory, err := parseSize(c.SearchMemory)
	if err != nil || searchMemory < 32<<20 {
		return badInput("--search-memory %q: want an amount such as 512M or 1G, at least 32M", c.SearchMemory)
	}
	var moduleMemory uint64
	if c.ModuleMemory != "" {
		n, err := parseModuleMemory(c.ModuleMemory)
		if err != nil {
			return badInput("--served-module-memory %q: want an amount from 64K to 4G, such as 32M", c.ModuleMemory)
		}
		moduleMemory = n
	}
	if err := positiveTime("--search-time", c.SearchTime, "30s or 2m"); err != nil {
		return err
	}
	// The garbage collector works to keep the server inside its budget
	// too: the budget bounds what solves reserve, and this what the heap
	// lets grow around them before collecting.
	debug.SetMemoryLimit(int64(min(budget, math.MaxInt64)))
	var tables *store.Store
	if s, err := openStore(c.Store); err == nil {
		tables = &s
	} else if c.Store != "" {
		return err
	}
	srv, err := web.New(web.Config{
		Memory:         budget,
		MaxPositions:   c.MaxPositions,
		MaxSolves:      c.MaxSolves,
		MaxWaiting:     c.MaxWaiting,
		Abandon:        c.Abandon,
		CacheSize:      c.Cache,
		MaxBody:        c.MaxBody,
		RequestTimeout: c.RequestTimeout,
		Steps:          e.games.Rules.Steps,
		RulesCallTime:  e.games.Rules.CallTime,
		RulesMemory:    rulesMemory,
		MaxRulesFiles:  c.MaxRulesFiles,
		ModuleMemory:   moduleMemory,
		ModuleTime:     c.ModuleTime,
		MaxModules:     c.MaxModules,
		SearchMemory:   searchMemory,
		SearchTime:     c.SearchTime,
		Tables:         tables,
		Hosts:          c.HostName,
		Games:          e.named,
		Logf:           func(format string, args ...any) { fmt.Fprintf(e.stderr, format+"\n", args...) },
	})
	if errors.Is(err, web.ErrBudget) {
		flags := budgetFlag + " " + quantity.FormatSize(budget)
		if c.RulesMemory != "" {
			flags += ", --rules-memory " + c.RulesMemory
		}
		return badInput("%s: %v", flags, err)
	}
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return badInput("--addr %s: %v", c.Addr, err)
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       c.RequestTimeout,
		WriteTimeout:      c.RequestTimeout + 5*time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
	fmt.Fprintf(e.stdout, "sente: serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-e.ctx.Done():
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		hs.Shutdown(ctx)
		return nil
	}
}
