// Package web is the browser app of sente: a JSON API over the solver and
// one page that plays any game against the perfect player, with every move
// coloured by its value.
package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/isolated"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/wasm"
)

//go:embed static
var staticFS embed.FS

var page = template.Must(template.New("index.html").Funcs(template.FuncMap{"asset": assetURL}).ParseFS(staticFS, "static/index.html"))

// Config sets the server's limits; zero fields take the defaults.
type Config struct {
	// Memory is the server's memory budget in bytes, shared by every solve,
	// every solved game it keeps and every child running a pasted rules
	// file (default: DefaultMemory, three quarters of the machine's or the
	// control group's limit). A solve whose game's estimate cannot fit is
	// refused at once; one that outgrows what is left is stopped.
	Memory uint64
	// MaxPositions caps the positions of a solve besides the budget
	// (default: no cap).
	MaxPositions int
	MaxSolves    int // big solves running at once (default 2)
	// SmallSolves are the solves of small games (SmallBytes or less by
	// their estimate) running at once, in a lane of their own so that
	// they never wait behind big ones (default 2).
	SmallSolves int
	SmallBytes  uint64 // the estimate up to which a solve is small (default 32 MiB)
	// MaxWaiting is how many big solves may wait, and four times as many
	// small ones; past that a request is answered 503 with Retry-After
	// (default 32).
	MaxWaiting int
	// Abandon is how long a solve nobody asks about goes on before it is
	// cancelled and forgotten (default 15 s; the page asks every 400 ms).
	Abandon time.Duration
	// Failures is how long a failed solve is remembered, with its error,
	// before a request may start it again (default 1 min).
	Failures       time.Duration
	CacheSize      int           // solved games kept in memory, within the budget (default 32)
	MaxBody        int64         // bytes of a request body (default 64 KiB)
	RequestTimeout time.Duration // time per request (default 10 s)
	Moment         time.Duration // how long a request waits for a solve before answering "solving" (default 300 ms)
	Steps          uint64        // rules files: steps per call (default rules.DefaultSteps)
	MaxRulesFiles  int           // pasted rules files kept (default 256)
	// RulesMemory is the hard limit on the memory of the child process
	// that loads or explores one pasted rules file (default 1 GiB, at most
	// an eighth of Memory).
	RulesMemory uint64
	// SearchMemory is the most the search of one position of a game too
	// large for a table may hold, its transposition table (default 1 GiB,
	// at most what a solve may have of Memory): reserved from the budget
	// while the search runs, given back when it ends.
	SearchMemory uint64
	// SearchTime is the longest one position is searched; past it the
	// request is answered with what the search proved (default 2 min).
	// A page waits no more than Moment a request meanwhile, and shows
	// the search's progress.
	SearchTime time.Duration
	// SearchWait is how long a request waits for a position's search
	// before answering that it is still searching (default 1 s, at most
	// RequestTimeout less a second and half of Abandon): most positions
	// past the opening are
	// searched in less, and a page that asked again would see its answer
	// only at its next poll.
	SearchWait time.Duration
	// RulesCallTime limits one call of a pasted file's functions (default
	// isolated.DefaultCallTime).
	RulesCallTime time.Duration
	// ModuleMemory caps the memory of one instance of an uploaded game
	// module (default 32 MiB, at most a sixty-fourth of Memory, at least
	// 1 MiB; docs/modules.md). A module whose memory would grow past it
	// fails, in one line.
	ModuleMemory uint64
	// ModuleTime caps one call into an uploaded module (default 1 s): a
	// call past it is stopped and the module's game fails, in one line.
	// A call's code runs with checks at its loops, so that it can be
	// stopped, and the server goes on.
	ModuleTime time.Duration
	// ModuleWorkers are the calls into one module's game that may run at
	// once, each in an instance of its own (default 2): a job of the
	// game reserves ModuleWorkers times ModuleMemory from the budget.
	ModuleWorkers int
	// MaxModuleBytes is the largest module that may be uploaded (default
	// 4 MiB, at most wasm.MaxFileBytes): a Go module built for wasip1 is
	// about 2 MiB, one in C a few kilobytes.
	MaxModuleBytes int64
	// MaxModules are the uploaded modules kept (default 16); an upload
	// beyond that forgets the one used longest ago.
	MaxModules int
	// Tables, when set, is a store of solved tables: a built-in game whose
	// every tier it holds is answered from there, whatever its size,
	// without solving, and outside the budget (its tables are mapped from
	// disk, not held).
	Tables *store.Store
	// Hosts are the names the server is reached by besides the loopback
	// ones, which it always answers as: localhost (and names under
	// .localhost) and any IP address. A request whose Host header names
	// another is refused, so that a page of another site whose name was
	// made to point at this machine (DNS rebinding) cannot use the app.
	// A name "*.example.org" stands for every name under example.org.
	Hosts []string
	// Games are the games the server offers by name, listed on the page
	// and at /api/games: nil means the built-in ones. A program's own
	// families join them through games.Catalog.Add. The server runs them
	// in its own process, so it reads no rules file from disk: a
	// catalogue that does (ReadFiles) is refused, and a rules file is
	// pasted instead.
	Games *games.Catalog
	Logf  func(format string, args ...any)
}

func (c *Config) defaults() {
	if c.Games == nil {
		c.Games = builtins
	}
	if c.Memory == 0 {
		c.Memory = DefaultMemory()
	}
	if c.MaxPositions < 0 {
		c.MaxPositions = 0
	}
	if c.MaxSolves <= 0 {
		c.MaxSolves = 2
	}
	if c.SmallSolves <= 0 {
		c.SmallSolves = 2
	}
	if c.SmallBytes == 0 {
		c.SmallBytes = 32 << 20
	}
	if c.MaxWaiting <= 0 {
		c.MaxWaiting = 32
	}
	if c.Abandon <= 0 {
		c.Abandon = 15 * time.Second
	}
	if c.Failures <= 0 {
		c.Failures = time.Minute
	}
	if c.CacheSize <= 0 {
		c.CacheSize = 32
	}
	if c.MaxBody <= 0 {
		c.MaxBody = 64 << 10
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = 10 * time.Second
	}
	if c.Moment <= 0 {
		c.Moment = 300 * time.Millisecond
	}
	if c.SearchMemory == 0 {
		c.SearchMemory = 1 << 30
	}
	if c.SearchTime <= 0 {
		c.SearchTime = searchTimeDefault
	}
	if c.SearchWait <= 0 {
		c.SearchWait = time.Second
	}
	// A request waiting is not yet asking again: it waits no longer than
	// half the time after which a search nobody asks for is stopped.
	c.SearchWait = max(min(c.SearchWait, c.RequestTimeout-time.Second, c.Abandon/2), 10*time.Millisecond)
	if c.MaxRulesFiles <= 0 {
		c.MaxRulesFiles = 256
	}
	if c.RulesMemory == 0 {
		c.RulesMemory = min(1<<30, c.Memory/8)
	}
	if c.ModuleMemory == 0 {
		c.ModuleMemory = max(min(32<<20, c.Memory/64), 1<<20)
	}
	if c.ModuleTime <= 0 {
		c.ModuleTime = time.Second
	}
	if c.ModuleWorkers <= 0 {
		c.ModuleWorkers = 2
	}
	if c.MaxModuleBytes <= 0 {
		c.MaxModuleBytes = 4 << 20
	}
	c.MaxModuleBytes = min(c.MaxModuleBytes, wasm.MaxFileBytes)
	if c.MaxModules <= 0 {
		c.MaxModules = 16
	}
	if c.Logf == nil {
		c.Logf = log.Printf
	}
}

// Server is the app: New makes one, Handler serves it, Close stops its
// solves and removes its rules files.
type Server struct {
	cfg     Config
	cache   *cache
	rules   *rulesStore
	modules *moduleStore
	page    *blob
	cancel  context.CancelFunc
	worths  worths
}

// rulesLoaders is how many pasted rules files are loaded at once (see
// newCache).
const rulesLoaders = 2

// New makes a server; it creates a private directory for pasted rules files.
func New(cfg Config) (*Server, error) {
	cfg.defaults()
	if cfg.Games.ReadFiles {
		return nil, errors.New("web: the server's catalogue of games must not read rules files (ReadFiles): a rules file is pasted into the app instead")
	}
	pg, err := renderPage(cfg.Games)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	c, err := newCache(ctx, cfg)
	if err != nil {
		cancel()
		return nil, err
	}
	dir, err := os.MkdirTemp("", "sente-web-")
	if err != nil {
		cancel()
		return nil, err
	}
	s := &Server{
		cfg:    cfg,
		cache:  c,
		page:   pg,
		cancel: cancel,
		rules: &rulesStore{
			dir:   dir,
			files: map[string]*storedRules{},
			max:   cfg.MaxRulesFiles,
			lim: isolated.Limits{
				Memory: cfg.RulesMemory, Steps: cfg.Steps, CallTime: cfg.RulesCallTime,
				MaxPositions: c.rulesMaxPositions(),
				// What the child sends back is read into the server's
				// memory, in the room an exploring job reserves for it.
				MaxBytes: int64(cfg.RulesMemory) / 2,
			},
			loads: make(chan struct{}, rulesLoaders),
		},
		modules: &moduleStore{
			modules: map[string]*storedModule{},
			max:     cfg.MaxModules,
			// No Overtime: the code checks at its loops, and a call past
			// its time fails rather than hold the process. No cache on
			// disk: a module is compiled once, when it is uploaded.
			opt:     wasm.Options{Memory: cfg.ModuleMemory, CallTime: cfg.ModuleTime, Context: ctx, CacheDir: "-"},
			workers: cfg.ModuleWorkers,
			loads:   make(chan struct{}, moduleLoaders),
			wait:    cfg.RequestTimeout / 2,
		},
	}
	return s, nil
}

// Close cancels running solves and removes the rules files.
func (s *Server) Close() error {
	s.cancel()
	s.cache.close()
	return os.RemoveAll(s.rules.dir)
}

// Solves is the number of solves the server has started.
func (s *Server) Solves() int64 { return s.cache.solves.Load() }

// Handler returns the app's routes, with the limits on size and time.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.handlePage)
	mux.HandleFunc("GET /static/{file}", serveAsset)
	mux.HandleFunc("GET /favicon.ico", serveFavicon)
	mux.HandleFunc("GET /api/games", s.handleGames)
	mux.HandleFunc("GET /api/position", s.handlePosition)
	mux.HandleFunc("POST /api/rules", s.handleRules)
	mux.HandleFunc("POST /api/module", s.handleModule)
	mux.HandleFunc("/", handleUnrouted)
	return s.limits(knownHost(s.cfg.Hosts, sameOrigin(mux)))
}

// knownHost refuses a request whose Host header names a host the server
// does not answer as (Config.Hosts). Browsers send the name they looked
// up: a page of another site that had its name point to this machine
// (DNS rebinding) is same-origin by every other header, but names its own
// host. An IP address cannot be rebound, and a request without a Host
// (HTTP/1.0) is not a browser's.
func knownHost(hosts []string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if name := hostName(r.Host); r.Host != "" && !acceptedHost(name, hosts) {
			writeError(w, http.StatusForbidden, fmt.Sprintf("requests for the host %q are refused: this server answers as localhost and its IP addresses%s ('sente serve --host-name NAME' adds a name)", clip(name), namedHosts(hosts)))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hostName is the host of a Host header, without its port or brackets,
// in lower case and without a final dot.
func hostName(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.TrimSuffix(strings.ToLower(host), ".")
}

// acceptedHost reports whether the server answers as the host name.
func acceptedHost(name string, hosts []string) bool {
	if _, err := netip.ParseAddr(name); err == nil {
		return true
	}
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	for _, h := range hosts {
		h = strings.TrimSuffix(strings.ToLower(h), ".")
		if suffix, ok := strings.CutPrefix(h, "*."); ok {
			if strings.HasSuffix(name, "."+suffix) {
				return true
			}
		} else if name == h {
			return true
		}
	}
	return false
}

// namedHosts lists the names Config.Hosts adds, for a message.
func namedHosts(hosts []string) string {
	if len(hosts) == 0 {
		return ""
	}
	return ", and as " + strings.Join(hosts, ", ")
}

// CheckHostName says what is wrong with a name given for Config.Hosts,
// or returns nil: a host name, or "*." and one, without a scheme, a port
// or a path.
func CheckHostName(name string) error {
	plain := strings.TrimPrefix(strings.TrimSuffix(name, "."), "*.")
	if plain == "" || len(plain) > 253 || strings.HasPrefix(plain, ".") || strings.Contains(plain, "..") {
		return fmt.Errorf("%q is not a host name; want a name such as sente.example.org, or *.example.org for every name under it", name)
	}
	for _, c := range plain {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return fmt.Errorf("%q is not a host name (no scheme, port or path; letters, digits, '-' and '.' only); want a name such as sente.example.org, or *.example.org for every name under it", name)
		}
	}
	return nil
}

// routes are the paths the app answers and the methods each allows, for
// telling a wrong method (405) from an unknown path (404).
var routes = map[string]string{
	"/":             "GET, HEAD",
	"/api/games":    "GET, HEAD",
	"/api/position": "GET, HEAD",
	"/api/rules":    "POST",
	"/api/module":   "POST",
	"/favicon.ico":  "GET, HEAD",
}

func handleUnrouted(w http.ResponseWriter, r *http.Request) {
	allow, known := routes[r.URL.Path]
	if name, ok := strings.CutPrefix(r.URL.Path, "/static/"); ok && assets()[name] != nil && r.Method != "GET" && r.Method != "HEAD" {
		allow, known = "GET, HEAD", true
	}
	switch {
	case known:
		w.Header().Set("Allow", allow)
		writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s %s is not allowed: use %s", r.Method, r.URL.Path, allow))
	case strings.HasPrefix(r.URL.Path, "/api/"):
		writeError(w, http.StatusNotFound, "no such API call: "+r.Method+" "+r.URL.Path+" (the calls are GET /api/games, GET /api/position?game=SPEC&pos=TEXT, POST /api/rules and POST /api/module)")
	default:
		http.Error(w, clip("404 not found: "+r.URL.Path+" (the app is at /)"), http.StatusNotFound)
	}
}

// sameOrigin refuses requests that other sites' pages make: any request
// that changes state (POST) from another origin, by the Sec-Fetch-Site
// header or else by Origin against Host (http.CrossOriginProtection), and
// any API call a browser says comes from another site, by the same
// headers, since asking for a position may start a solve that costs the
// server memory and time.
func sameOrigin(next http.Handler) http.Handler {
	refuse := func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusForbidden, "requests from other sites are refused: use the app's own page")
	}
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(refuse))
	guarded := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			switch r.Header.Get("Sec-Fetch-Site") {
			case "same-origin", "none":
			case "":
				// An older browser's, or not a browser's: Origin, when
				// sent, must be the server's own.
				if origin := r.Header.Get("Origin"); origin != "" && !sameHost(origin, r.Host) {
					refuse(w, r)
					return
				}
			default:
				refuse(w, r)
				return
			}
		}
		guarded.ServeHTTP(w, r)
	})
}

// sameHost reports whether the Origin header origin names host, the
// request's Host (with its port, when it has one).
func sameHost(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || u.Scheme != "http" && u.Scheme != "https" {
		return false // "null", among others
	}
	return strings.EqualFold(u.Host, host)
}

// limits bounds each request's body and time, sets safe headers and turns a
// panic into a plain 500.
func (s *Server) limits(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.cfg.Logf("web: panic serving %s: %v", r.URL.Path, v)
				writeError(w, http.StatusInternalServerError, "internal error")
			}
		}()
		if len(r.URL.RawQuery) > 4096 {
			writeError(w, http.StatusBadRequest, "the request's query is too long")
			return
		}
		limit := s.cfg.MaxBody
		if r.URL.Path == "/api/module" {
			// A module is compiled code, larger than any rules file.
			limit = s.cfg.MaxModuleBytes
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
		defer cancel()
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'")
		w.Header().Set("Referrer-Policy", "no-referrer")
		next.ServeHTTP(markGzip(w, r), r.WithContext(ctx))
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	json.NewEncoder(&buf).Encode(v)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	writeBody(w, status, buf.Bytes())
}

// writeError answers with msg; what msg quotes of the request is bounded
// (see clip), since a 400 may be about a 64 KiB rules file.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, explain.ErrorJSON{Error: clip(oneLine(msg))})
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// renderPage fills in the page once: the games are registered when the
// program starts, and the assets' hashes are known then.
func renderPage(catalog *games.Catalog) (*blob, error) {
	type entry struct{ Name, Title string }
	var list []entry
	for _, f := range catalog.Families() {
		list = append(list, entry{f.Name, explain.Title(f)})
	}
	// Listed as people name them.
	slices.SortFunc(list, func(a, b entry) int { return strings.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title)) })
	var buf bytes.Buffer
	if err := page.Execute(&buf, map[string]any{"Games": list}); err != nil {
		return nil, fmt.Errorf("web: page: %v", err)
	}
	return newBlob(buf.Bytes(), "text/html; charset=utf-8"), nil
}

// handlePage serves the page, revalidated at each load: it names the
// assets by their hashes, which change when the server does.
func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	s.page.serve(w, r, cacheRevalidate)
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	var list []explain.GameJSON
	for _, f := range s.cfg.Games.Families() {
		list = append(list, explain.NewGameJSON(f.Name, f))
	}
	writeJSON(w, http.StatusOK, list)
}

// handleRules reads a pasted rules file (the body, as text or as JSON
// {"text": ...}), checks it and returns the spec that names it.
func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("the rules file is too big: at most %d bytes", s.cfg.MaxBody))
			return
		}
		writeError(w, http.StatusBadRequest, "cannot read the request body")
		return
	}
	text := string(body)
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		var req struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			writeError(w, http.StatusBadRequest, "want JSON {\"text\": \"...the rules file...\"}")
			return
		}
		text = req.Text
	}
	if strings.TrimSpace(text) == "" {
		writeError(w, http.StatusBadRequest, "the rules file is empty")
		return
	}
	a, err := s.rules.add(r.Context(), text)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	answer := explain.RulesFileJSON{Spec: a.spec, Entry: explain.NewGameJSON(a.spec, a.family)}
	if a.forgotten != "" {
		answer.Notice = fmt.Sprintf("This server keeps the %d rules files used last: to make room it forgot %s, the one used longest ago; paste that file again to use it.", s.cfg.MaxRulesFiles, a.forgotten)
	}
	writeJSON(w, http.StatusOK, answer)
}

// handleModule reads an uploaded game module (the body: the bytes of a
// NAME.wasm), compiles and checks it in the server's sandbox of modules,
// and returns the spec that names it.
func (s *Server) handleModule(w http.ResponseWriter, r *http.Request) {
	bin, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("the game module is too big: this server takes modules of at most %d bytes", s.cfg.MaxModuleBytes))
			return
		}
		writeError(w, http.StatusBadRequest, "cannot read the request body")
		return
	}
	if len(bin) == 0 {
		writeError(w, http.StatusBadRequest, "the game module is empty: send the bytes of a NAME.wasm (docs/modules.md)")
		return
	}
	a, err := s.modules.add(r.Context(), bin)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	answer := explain.RulesFileJSON{Spec: a.spec, Entry: explain.NewGameJSON(a.spec, a.family)}
	if a.forgotten != "" {
		answer.Notice = fmt.Sprintf("This server keeps the %d game modules used last: to make room it forgot %s, the one used longest ago; upload that module again to use it.", s.cfg.MaxModules, a.forgotten)
	}
	writeJSON(w, http.StatusOK, answer)
}
