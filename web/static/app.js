// sente's page: plain JavaScript, no library.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
const SVG = "http://www.w3.org/2000/svg";
const svg = (tag, attrs) => {
  const e = document.createElementNS(SVG, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  return e;
};

const state = {
  games: {},        // name -> info from /api/games
  spec: "",         // the game being played
  mode: "first",    // first or second (you against the computer), two (people), watch (computer against itself)
  opponent: "perfect", // how the computer chooses (the first player's, watching): perfect, erring, cautious, random
  opponent2: "perfect", // watching, how the second player chooses
  delay: 600,       // milliseconds the computer waits before its move against a person
  delta: false,     // show each move's Δ: the moves it adds to the end against the best
  errPct: 30,       // erring: the chance, in percent, of a random move
  hints: true,
  history: [],      // position texts from the start of this game
  records: [],      // per ply: {turn, value, remoteness, winner, ended, verdict, move, moveValue, moveRemoteness, by, note}
  idx: 0,           // the current ply
  info: null,       // the current /api/position answer
  ready: false,     // info is the answer for the position at idx: its moves may be played
  loading: 0,       // request counter, so stale answers are dropped
  computerTimer: 0,
  paused: false,    // watch mode: the computer waits for Play or Step
  speed: 700,       // watch mode: milliseconds between moves
  random: Math.random,
  seed: 0,          // what state.random was seeded with, for the game's link
  focusZone: "",    // where the person's last move was made from: "board", "moves" or ""
  rulesErrorLine: 0, // the line of the rules file its error names, 0 for none
};

// seeded makes the computer's random choices repeatable (seed=N in the
// address), so that a link with a seed replays the same mistakes.
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// reseed starts the computer's choices from seed, or from a new one.
function reseed(seed) {
  state.seed = seed === undefined ? Math.floor(Math.random() * 1e9) : seed;
  state.random = seeded(state.seed);
}

function valueClass(v) {
  if (v === "win") return "win";
  if (v === "lose") return "lose";
  if (v === "tie" || v === "draw") return "tie";
  return "unknown";
}

function moves(n) { return n === 1 ? "1 move" : n + " moves"; }

// sideNames is what the board calls the players, the first then the
// second, when its pieces name them (the morris games' "white" and
// "black"); null when it does not.
function sideNames(info) {
  const bd = info && info.board;
  return bd && Array.isArray(bd.players) && bd.players.length === 2 ? bd.players : null;
}

// marksBoard reports whether info's board is a board of marks, X and O.
function marksBoard(info) {
  return !!(info && info.board && info.board.style === "grid" &&
    info.board.cells.every((row) => row.every((c) => c === "" || c === "x" || c === "o")));
}

function playerName(p) {
  const info = state.info;
  const names = sideNames(info);
  if (names && (p === "first" || p === "second")) return names[p === "first" ? 0 : 1];
  // Name the players by their marks only on a board of marks: a board of
  // pieces (dōbutsu shōgi's letters) tells them apart otherwise.
  const marks = marksBoard(info);
  if (p === "first") return marks ? "the first player (X)" : "the first player";
  if (p === "second") return marks ? "the second player (O)" : "the second player";
  return "nobody";
}

// sideWord names the side p briefly, as the board shows it: "white", "X",
// or "first".
function sideWord(info, p) {
  const names = sideNames(info);
  if (names) return names[p === "first" ? 0 : 1];
  if (marksBoard(info)) return p === "first" ? "X" : "O";
  return p;
}
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// bytesWords writes an amount of memory as the server and the command line
// do (solve.FormatSize): the largest of T, G, M and K (powers of 1024)
// that keeps it at least 1, with at most one decimal, rounded down.
function bytesWords(n) {
  if (!n) return "";
  for (const [suffix, shift] of [["T", 40], ["G", 30], ["M", 20], ["K", 10]]) {
    const unit = 2 ** shift;
    if (n >= unit) return String(Math.floor(n / unit * 10) / 10) + suffix;
  }
  return String(n);
}

function ordinal(n) {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th";
  return n + s;
}

// showError shows msg; the sizes a refusal names as fitting ("the largest
// that fit: connect4:w=5,h=4,k=4 (up to ... positions) or ...") are links
// that open them.
function showError(msg) {
  const e = $("error");
  e.hidden = !msg;
  e.textContent = "";
  if (!msg) return;
  const head = "the largest that fit: ";
  const at = msg.indexOf(head);
  if (at < 0) { e.textContent = msg; return; }
  let rest = msg.slice(at + head.length);
  const end = rest.search(/;|$/);
  const tail = rest.slice(end);
  rest = rest.slice(0, end);
  e.append(msg.slice(0, at + head.length));
  rest.split(" or ").forEach((part, i) => {
    if (i > 0) e.append(" or ");
    const m = part.match(/^(\S+)(.*)$/);
    if (!m) { e.append(part); return; }
    const a = el("a", "", m[1]);
    a.href = "?game=" + encodeURIComponent(m[1]) + "&mode=" + encodeURIComponent($("mode").value);
    e.append(a, m[2]);
  });
  e.append(tail);
}

// ApiError carries the HTTP status, and for 503 the seconds to wait.
class ApiError extends Error {
  constructor(msg, status, retryAfter) {
    super(msg);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

async function api(url, opts) {
  const r = await fetch(url, opts);
  let body;
  try { body = await r.json(); } catch (e) { body = { error: "the server sent something unreadable (" + r.status + ")" }; }
  if (!r.ok) {
    const retry = parseInt(r.headers.get("Retry-After") || "", 10);
    throw new ApiError(body.error || ("error " + r.status), r.status, r.status === 503 ? (retry > 0 ? retry : 5) : 0);
  }
  return body;
}

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

// ---- setup ----

async function loadGames() {
  const list = await api("/api/games");
  for (const g of list) state.games[g.name] = g;
}

function renderParams(info, values) {
  const box = $("params");
  box.textContent = "";
  if (!info) return;
  $("summary").textContent = info.summary || "";
  for (const p of info.params) {
    const label = el("label", "param");
    label.append(el("span", "pname", p.name + " — " + p.doc));
    let input;
    if (p.kind === "choice") {
      input = el("select");
      for (const c of p.choices) {
        const o = el("option", "", c);
        o.value = c;
        input.append(o);
      }
    } else if (p.kind === "bool") {
      input = el("select");
      for (const c of ["false", "true"]) {
        const o = el("option", "", c);
        o.value = c;
        input.append(o);
      }
    } else {
      input = el("input");
      input.type = "text";
    }
    input.dataset.param = p.name;
    input.dataset.def = p.default;
    input.value = (values && (values[p.name] || (p.positional && values[""]))) || p.default;
    input.title = p.accepts;
    label.append(input);
    box.append(label);
  }
}

function specFromForm() {
  const name = $("game").value === "__rules" ? state.rulesSpec : $("game").value;
  if (!name) return "";
  const args = [];
  for (const input of $("params").querySelectorAll("[data-param]")) {
    const v = input.value.trim();
    if (v !== "" && v !== input.dataset.def) args.push(input.dataset.param + "=" + v);
  }
  return args.length ? name + ":" + args.join(",") : name;
}

// uploaded is the prefix of a spec that names a pasted rules file or an
// uploaded game module ("rules:", "module:"), "" for a game of the list.
function uploaded(spec) {
  for (const prefix of ["rules:", "module:"]) if (spec.startsWith(prefix)) return prefix;
  return "";
}

function parseSpecValues(spec) {
  // NAME:key=value,... -> {key: value}; rules:ID:... and module:ID:... keep
  // their ID in the name.
  // Leading fields without a key are the positional parameter's value,
  // kept under "" (subtraction:1,3,4,n=10), as sente.ParseSpec reads them.
  let name = spec, rest = "";
  const pasted = uploaded(spec);
  if (pasted) {
    const i = spec.indexOf(":", pasted.length);
    if (i >= 0) { name = spec.slice(0, i); rest = spec.slice(i + 1); }
  } else {
    const i = spec.indexOf(":");
    if (i >= 0) { name = spec.slice(0, i); rest = spec.slice(i + 1); }
  }
  const values = {};
  let last = null;
  for (const f of rest ? rest.split(",") : []) {
    const j = f.indexOf("=");
    if (j >= 0) { last = f.slice(0, j); values[last] = f.slice(j + 1); }
    else if (last !== null) values[last] += "," + f;
    else { last = ""; values[""] = f; }
  }
  return { name, values };
}

// A game chosen in the form is started at once: the board never shows one
// game under the form of another. Its parameters wait for New game (or
// Enter in a field), so that changing the width and then the height does
// not solve, or refuse, the size in between; until then the form says what
// New game will play (showPending).
function onGameChange() {
  showGameTitle();
  const v = $("game").value;
  $("rulesbox").hidden = v !== "__rules";
  if (v === "__rules") {
    renderParams(state.rulesInfo, null);
    if (!state.rulesInfo) {
      $("summary").textContent = "Paste a rules file and press Load rules, or pick a game module.";
      clearGame("Paste a rules file and press Load rules, or pick a game module (.wasm), to play it.");
      return;
    }
  } else {
    renderParams(state.games[v], null);
  }
  startFromForm();
}

// showGameTitle shows the name of the game chosen in the list whole, over
// as many lines as it needs (the list box itself would cut it off).
function showGameTitle() {
  const o = $("game").selectedOptions[0];
  $("gametitle").textContent = o ? o.textContent : "";
}

// showPending says, while the form's parameters are not those of the game
// on the board, that New game plays them.
function showPending() {
  const spec = specFromForm();
  const box = $("pending");
  box.hidden = !spec || spec === state.spec;
  if (!box.hidden) box.textContent = "Changed: press New game (or Enter) to play " + spec + ".";
}

// startFromForm starts a new game of what the form says, with a new seed
// for the computer's choices; on a phone the form folds away and the board
// comes into view.
function startFromForm() {
  reseed();
  newGame(specFromForm(), "");
  if (narrow()) {
    $("setupbox").open = false;
    $("play").scrollIntoView({ block: "start" });
  }
}

// startHere starts the game of the form from the position typed, once the
// server has read it: a position it cannot read is said under the button,
// where the person is, and the game on the board stays.
async function startHere() {
  const spec = specFromForm();
  const pos = $("startpos").value.trim();
  const box = $("starterror");
  box.hidden = true;
  if (spec && pos) {
    try {
      await api("/api/position?game=" + encodeURIComponent(spec) + "&pos=" + encodeURIComponent(pos));
    } catch (e) {
      // A busy server is no answer about the position: start, and wait.
      if (!(e instanceof ApiError) || e.status !== 503) {
        box.textContent = e.message;
        box.hidden = false;
        box.scrollIntoView({ block: "nearest" });
        return;
      }
    }
  }
  reseed();
  newGame(spec, pos);
}

// clearGame leaves no game on screen, only why.
function clearGame(why) {
  stopComputer();
  ++state.loading; // an answer still on its way is dropped
  state.spec = "";
  state.info = null;
  state.ready = false;
  state.history = [""];
  state.records = [];
  state.idx = 0;
  $("setupname").textContent = "";
  $("play").removeAttribute("aria-busy"); // nothing is on its way
  $("play").classList.add("empty");
  $("play").classList.remove("failed");
  $("sides").hidden = true;
  $("progress").hidden = true;
  $("verdict").textContent = why;
  $("verdict").className = "verdict";
}

async function loadRules() {
  showError("");
  showRulesError("");
  showModuleError("");
  try {
    const r = await api("/api/rules", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: $("rulestext").value }),
    });
    state.rulesSpec = r.spec;
    state.rulesInfo = r.entry;
    renderParams(r.entry, null);
    $("summary").textContent = (r.entry.summary || "Rules file loaded") + " (loaded as " + r.spec + ")";
    // The server keeps the rules files used last; a paste may have made it
    // forget another, which whoever pasted should know.
    if (r.notice) $("summary").textContent += " " + r.notice;
    startFromForm();
  } catch (e) {
    // What failed to load is not the file loaded before: nothing of that
    // one (its name, its parameters, its game) stays under the error.
    state.rulesSpec = "";
    state.rulesInfo = null;
    renderParams(null, null);
    $("summary").textContent = "The rules file did not load: correct it and press Load rules.";
    clearGame("The rules file did not load: see the error under it.");
    showRulesError(e.message);
  }
}

// loadModule uploads the game module picked (a NAME.wasm) and plays it, as
// loadRules does a rules file: the server compiles and checks it, and
// names it module:ID from then on.
async function loadModule() {
  const file = $("modulefile").files[0];
  if (!file) return;
  showError("");
  showRulesError("");
  showModuleError("");
  try {
    const r = await api("/api/module", {
      method: "POST",
      headers: { "Content-Type": "application/wasm" },
      body: file,
    });
    state.rulesSpec = r.spec;
    state.rulesInfo = r.entry;
    renderParams(r.entry, null);
    $("summary").textContent = (r.entry.summary || "Game module loaded") + " (loaded as " + r.spec + ")";
    if (r.notice) $("summary").textContent += " " + r.notice;
    startFromForm();
  } catch (e) {
    state.rulesSpec = "";
    state.rulesInfo = null;
    renderParams(null, null);
    $("summary").textContent = "The game module did not load: pick another.";
    clearGame("The game module did not load: see the error under it.");
    showModuleError(e.message);
  }
  // Picking the same file again, once changed, uploads it again.
  $("modulefile").value = "";
}

// showModuleError shows why a game module did not load under its picker,
// in view; "" hides it.
function showModuleError(msg) {
  const box = $("moduleerror");
  box.textContent = msg;
  box.hidden = !msg;
  if (msg) box.scrollIntoView({ block: "nearest" });
}

// showRulesError shows a rules file's error under it, in view, and marks
// the line it names ("rules.star:5:16: ..."): its number in the margin, the
// line itself behind the text, which is scrolled to it and selected.
function showRulesError(msg) {
  const box = $("ruleserror");
  box.hidden = !msg;
  box.textContent = msg;
  state.rulesErrorLine = 0;
  const m = msg.match(/^[^:\s]*\.star:(\d+):(\d+)/) || msg.match(/\.star:(\d+):(\d+)/);
  if (m) state.rulesErrorLine = parseInt(m[1], 10);
  renderGutter();
  if (!msg) return;
  const ta = $("rulestext");
  const line = state.rulesErrorLine;
  if (line > 0) {
    const lines = ta.value.split("\n");
    let start = 0;
    for (let k = 0; k < line - 1 && k < lines.length; k++) start += lines[k].length + 1;
    const col = Math.max(0, parseInt(m[2], 10) - 1);
    ta.focus({ preventScroll: true });
    ta.setSelectionRange(start + Math.min(col, (lines[line - 1] || "").length), start + (lines[line - 1] || "").length);
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 18;
    ta.scrollTop = Math.max(0, (line - 3) * lh);
    renderGutter();
  }
  box.scrollIntoView({ block: "nearest" });
}

// renderGutter numbers the rules file's lines beside it, scrolled with it,
// and marks the line of its error.
function renderGutter() {
  const ta = $("rulestext");
  const g = $("rulesgutter");
  const n = Math.max(1, ta.value.split("\n").length);
  g.textContent = "";
  for (let k = 1; k <= n; k++) {
    if (k > 1) g.append("\n");
    g.append(k === state.rulesErrorLine ? el("span", "bad", "▶" + k) : String(k));
  }
  g.scrollTop = ta.scrollTop;
  const mark = $("rulesmark");
  const line = state.rulesErrorLine;
  mark.hidden = !(line > 0 && line <= n);
  if (!mark.hidden) {
    const st = getComputedStyle(ta);
    const lh = parseFloat(st.lineHeight) || 18;
    mark.style.left = g.offsetWidth + "px";
    mark.style.height = lh + "px";
    mark.style.top = (parseFloat(st.paddingTop) || 0) + (line - 1) * lh - ta.scrollTop + "px";
    mark.hidden = mark.offsetTop + lh < 0 || mark.offsetTop > ta.clientHeight;
  }
}

function readOpponent() {
  state.opponent = $("opponent").value;
  state.opponent2 = $("opponent2").value;
  state.delay = parseInt($("delay").value, 10) || 0;
  const p = parseInt($("errpct").value, 10);
  state.errPct = isNaN(p) ? 30 : Math.min(100, Math.max(0, p));
  const mode = $("mode").value, people = mode === "two", watch = mode === "watch";
  // Watching, each side has a strength of its own.
  $("opponentbox").hidden = people;
  $("opponentname").textContent = watch ? "The first player plays" : "The computer plays";
  $("opponent2box").hidden = !watch;
  $("delaybox").hidden = people || watch; // watching, the speed sets the pace
  $("errbox").hidden = people || (state.opponent !== "erring" && !(watch && state.opponent2 === "erring"));
}

// strengthOf is how the computer chooses for the player to move.
function strengthOf(turn) {
  return state.mode === "watch" && turn === "second" ? state.opponent2 : state.opponent;
}

function newGame(spec, pos, replay, at) {
  if (!spec) { showError("Choose a game first (or load a rules file)."); return; }
  stopComputer();
  state.spec = spec;
  state.mode = $("mode").value;
  state.hints = $("hints").checked;
  readOpponent();
  state.paused = false;
  state.history = [pos || ""];
  state.records = [];
  state.idx = 0;
  state.info = null;
  $("setupname").textContent = "— " + spec;
  $("pending").hidden = true;
  if (replay && replay.length) replayMoves(replay, at);
  else load();
}

// ---- talking to the server ----

// fetchReady asks for a position until its game is solved: while solving
// it shows the progress, and while the server is busy (503) it waits as
// long as the server asks. It gives up (null) once another load started.
async function fetchReady(pos, n) {
  const url = positionURL(pos);
  for (;;) {
    let info;
    try {
      info = await api(url);
    } catch (e) {
      if (n !== state.loading) return null;
      if (!(e instanceof ApiError) || e.status !== 503) throw e;
      for (let s = e.retryAfter; s > 0; s--) {
        showBusy("The server is busy (" + e.message + "): trying again in " + (s === 1 ? "1 second" : s + " seconds") + ".");
        await sleep(1000);
        if (n !== state.loading) return null;
      }
      continue;
    }
    if (n !== state.loading) return null;
    if (info.status !== "solving") return info;
    state.info = info;
    render();
    await sleep(400);
    if (n !== state.loading) return null;
  }
}

// positionURL asks for the answer at pos; restURL for the rest of an
// answer by search (rest=1): every move's value and remoteness, after the
// quick answer (pending).
function positionURL(pos) {
  return "/api/position?game=" + encodeURIComponent(state.spec) + "&pos=" + encodeURIComponent(pos);
}

function restURL(pos) { return positionURL(pos) + "&rest=1"; }

// fetchFull is fetchReady, and then, for an answer by search in part
// (pending), the rest: a link's moves are recorded with their values.
async function fetchFull(pos, n) {
  let info = await fetchReady(pos, n);
  while (info && info.pending) {
    await sleep(400);
    if (n !== state.loading) return null;
    try {
      info = await api(restURL(pos));
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 503) throw e;
    }
    if (n !== state.loading) return null;
  }
  return info;
}

function showBusy(text) {
  $("play").classList.toggle("empty", !state.info);
  $("progress").hidden = false;
  $("progress").classList.add("busy");
  $("progressbar").style.width = "0";
  $("progresstext").textContent = text;
  $("verdict").textContent = "Waiting for the server…";
  $("verdict").className = "verdict";
}

function failed(e) {
  $("progress").hidden = true;
  $("progress").classList.remove("busy");
  showError(e.message);
  const shown = state.info && state.info.status === "ready";
  $("verdict").textContent = state.idx > 0 || shown
    ? "This position cannot be shown: Undo goes back."
    : "This game cannot be played here: change it in the game form.";
  $("verdict").className = "verdict";
  $("undo").disabled = undoTarget() < 0;
  $("redo").disabled = atTip();
  // Nothing of the game to show (not even a solve's progress now): only
  // the message, and the form below it (on a phone, where the form comes
  // first, the message moves above it).
  const nothing = !state.info || state.info.status !== "ready";
  $("play").classList.toggle("empty", nothing);
  $("play").classList.toggle("failed", nothing);
  // The way out is the game form: unfold it, even on a phone.
  if (state.idx === 0) $("setupbox").open = true;
  // The message is read where it is, whatever was scrolled to.
  $("error").scrollIntoView({ block: "nearest" });
}

function record(i, info) {
  const r = state.records[i] || {};
  Object.assign(r, { turn: info.turn, value: info.value, remoteness: info.remoteness, winner: info.winner, ended: info.ended, verdict: info.verdict });
  state.records[i] = r;
}

// waiting marks the position on screen as not the one being loaded: its
// moves are not to be played (a click on a slow network would otherwise
// play a move of the old position at the new ply).
function waiting() {
  state.ready = false;
  $("play").setAttribute("aria-busy", "true");
  for (const b of document.querySelectorAll("#moves button, #board button")) b.disabled = true;
}

// restoreFocus puts the focus back where the person's last move was made
// from (the board or the list of moves) once the next position is shown:
// on the board or the list itself rather than on one of its moves, so that
// Enter plays nothing by chance (the first move offered may lose); an
// arrow key goes on from there, on the board from the cell last used. At
// the end of the game the focus goes to the headline that says how it
// ended, which comes into view. Never lost to the page.
function restoreFocus() {
  if (!state.focusZone) return;
  const zone = $(state.focusZone);
  const active = document.activeElement;
  if (active && active !== document.body && !zone.contains(active) && active !== zone) return; // the person went elsewhere
  if (state.info && (state.info.ended || repeatedAt() >= 0)) {
    $("verdict").focus({ preventScroll: true });
    $("verdict").scrollIntoView({ block: "nearest" });
    return;
  }
  zone.tabIndex = -1;
  if (active !== zone) zone.focus({ preventScroll: true });
}

// shown makes info, the answer for the position at idx, the one on screen.
function shown(info) {
  state.info = info;
  state.ready = true;
  $("play").removeAttribute("aria-busy");
}

function load() {
  stopComputer();
  showError("");
  waiting();
  const n = ++state.loading;
  fetchReady(state.history[state.idx], n).then((info) => {
    if (!info) return;
    shown(info);
    if (state.history[state.idx] === "") state.history[state.idx] = info.position;
    record(state.idx, info);
    render();
    restoreFocus();
    scheduleComputer();
    if (info.pending) awaitRest(info.position, n);
  }).catch((e) => {
    if (n === state.loading) failed(e);
  });
}

// keepingFocus runs draw, which redraws the board and the moves, and
// gives the focus back to the move (or the zone) it was on: the rest of
// an answer comes while the person may be choosing a move by keyboard.
function keepingFocus(draw) {
  const active = document.activeElement;
  const zone = active && active.closest ? active.closest("#moves, #board") : null;
  const move = zone && active.dataset ? active.dataset.move : undefined;
  draw();
  if (!zone || zone.contains(document.activeElement)) return;
  const again = move === undefined ? null : [...zone.querySelectorAll("[data-move]")].find((b) => b.dataset.move === move);
  if (!again) zone.tabIndex = -1;
  (again || zone).focus({ preventScroll: true });
}

// awaitRest asks again for a position answered in part by search (its
// value, and of its moves what comes at once: pending), until the rest
// comes (every move's value and remoteness), and shows it in place, as
// long as no other load started. The person reads and plays meanwhile.
async function awaitRest(pos, n) {
  for (;;) {
    await sleep(400);
    if (n !== state.loading) return;
    let info;
    try {
      info = await api(restURL(pos));
    } catch (e) {
      if (n !== state.loading) return;
      if (e instanceof ApiError && e.status === 503) continue;
      return; // the values shown stay; the rest did not come
    }
    if (n !== state.loading) return;
    if (info.status !== "ready") continue;
    state.info = info;
    record(state.idx, info);
    keepingFocus(render);
    if (!state.computerTimer) scheduleComputer(); // one that waited for the rest
    if (!info.pending) return;
  }
}

// replayMoves plays the moves of a link from the start position, then shows
// ply at (the end when absent).
async function replayMoves(names, at) {
  stopComputer();
  showError("");
  waiting();
  const n = ++state.loading;
  try {
    for (let i = 0; i < names.length; i++) {
      const info = await fetchFull(state.history[i], n);
      if (!info) return;
      if (state.history[i] === "") state.history[i] = info.position;
      record(i, info);
      const m = info.moves.find((x) => x.move === names[i]);
      if (!m) {
        state.idx = i;
        shown(info);
        render();
        showError("The link's move " + (i + 1) + ", " + JSON.stringify(names[i]) + ", is not a legal move at " + info.position + "; the game is shown up to move " + i + ".");
        return;
      }
      noteMove(i, info, m, computerSide(info.turn));
      state.history.push(m.position);
    }
  } catch (e) {
    if (n === state.loading) failed(e);
    return;
  }
  if (n !== state.loading) return;
  state.idx = at >= 0 && at < state.history.length ? at : state.history.length - 1;
  if (state.mode === "watch") state.paused = true;
  load();
}

// ---- who moves ----

function computerSide(turn) {
  if (state.mode === "watch") return true;
  if (state.mode === "two") return false;
  return turn !== state.mode;
}

function computerToMove() {
  const info = state.info;
  return !!info && info.status === "ready" && !info.ended && computerSide(info.turn) && repeatedAt() < 0;
}

// computerWaits reports whether the computer, to move, waits for the rest
// of a pending answer: only a perfect player may play a best move the
// answer knows already; the others weigh every move's value.
function computerWaits(info) {
  return !!info.pending && !(strengthOf(info.turn) === "perfect" && info.moves.some((m) => m.best));
}

function atTip() { return state.idx === state.history.length - 1; }

function stopComputer() {
  clearTimeout(state.computerTimer);
  state.computerTimer = 0;
}

// The computer moves by itself only at the end of the game so far: after an
// undo its recorded moves wait for Redo, and a paused watch waits for Step.
// A watch that is not paused plays on through the recorded moves first.
function scheduleComputer() {
  stopComputer();
  const info = state.info;
  if (!info || info.status !== "ready") return;
  if (state.mode === "watch") {
    if (state.paused || repeatedAt() >= 0) return;
    if (!atTip()) {
      state.computerTimer = setTimeout(() => { state.idx++; load(); }, state.speed);
      return;
    }
  }
  if (!computerToMove() || !info.moves.length || computerWaits(info)) return;
  const wait = state.mode === "watch" ? state.speed : state.delay;
  if (!atTip()) {
    // A ply of the computer reached by a jump back (the chart): it plays
    // the move it played before, rather than leave the person waiting.
    state.computerTimer = setTimeout(() => { state.idx++; load(); }, wait);
    return;
  }
  state.computerTimer = setTimeout(computerMove, wait);
}

// chooseMove is the computer's choice at the current position: moves come
// best first.
function chooseMove(info) {
  const ms = info.moves;
  const best = ms.filter((m) => m.best);
  const pick = (list) => list[Math.floor(state.random() * list.length) % list.length];
  const strength = strengthOf(info.turn);
  if (strength === "random") return pick(ms);
  if (strength === "erring" && state.random() * 100 < state.errPct) return pick(ms);
  if (strength === "cautious") {
    const safe = ms.filter((m) => m.value && m.value !== "lose");
    return safe.length ? pick(safe) : ms[0];
  }
  // Among equally good moves, any: every perfect game is not the same game.
  return best.length ? pick(best) : ms[0];
}

// repetition is the earlier plies whose position the one at idx repeats,
// when the game has ended there by repetition, and [] when it has not. A
// game ends so at the third time a position comes, in every mode (as in
// chess: a player who errs may still leave a cycle before); and a game the
// computer plays against itself at the second, in a drawn position, where
// perfect play goes round for ever. Only the end of the game so far ends
// so: a position gone back to is replayed as it was.
function repetition() {
  const info = state.info;
  if (!info || info.status !== "ready" || info.ended || !atTip()) return [];
  const pos = state.history[state.idx];
  const seen = [];
  for (let i = 0; i < state.idx; i++) if (state.history[i] === pos) seen.push(i);
  const enough = state.mode === "watch" && info.value === "draw" ? 1 : 2;
  return seen.length >= enough ? seen : [];
}

// repeatedAt is the first ply whose position the game's end by repetition
// repeats, or -1.
function repeatedAt() {
  const seen = repetition();
  return seen.length ? seen[0] : -1;
}

// repetitionWords is the headline of a game ended by repetition: the
// server's verdict, then when the position came.
function repetitionWords(seen) {
  const verdict = (state.info && state.info.repetition) || "";
  const when = seen.map((i) => (i === 0 ? "at the start" : "after move " + i));
  if (seen.length === 1) {
    return verdict + " This position came " + when[0] + " and again now; perfect play goes round this cycle for ever.";
  }
  return verdict + " This position has come " + (seen.length === 2 ? "three" : seen.length + 1) + " times: " + when.join(", ") + " and now.";
}

function computerMove() {
  state.computerTimer = 0;
  if (!computerToMove() || !atTip() || !state.info.moves.length || computerWaits(state.info)) return;
  play(chooseMove(state.info), true);
}

// noteMove records the move played from ply i and what to say about it.
// The move m played at ply i, from the position info answers for, is
// recorded with what it gave away (a win, a tie, a draw: a mistake, marked
// whoever made it) and what to say of it. A game opened from a link notes
// its moves the same way.
function noteMove(i, info, m, byComputer) {
  const r = state.records[i];
  r.move = m.move;
  r.moveValue = m.value || "";
  r.moveRemoteness = m.remoteness;
  r.best = !!m.best;
  r.by = computerSide(info.turn) ? "computer" : "person";
  r.mistake = "";
  if (m.value && m.value !== "win" && r.value === "win") r.mistake = "win";
  else if (m.value === "lose" && (r.value === "tie" || r.value === "draw")) r.mistake = r.value;
  r.note = moveNote(info, m, byComputer, r.mistake);
}

// moveNote is what the page says of a move: the person's mistakes, with the
// moves that kept the value, and each move of the computer.
function moveNote(info, m, byComputer, mistake) {
  const best = bestNames(info);
  if (!byComputer) {
    if (!mistake || !state.hints) return "";
    const you = state.mode === "two" ? cap(playerName(info.turn)) + "'s move " : "Your move ";
    if (mistake === "win") return you + m.move + " threw away a win: " + best + " would have won.";
    return you + m.move + " loses: it gave away the " + mistake + "; " + best + " would have held it.";
  }
  const who = state.mode === "watch" ? cap(playerName(info.turn)) : "The computer";
  // The move's value is the computer's own: say so when it plays you.
  const label = state.hints && m.value ? " (" + moveLabel(m) + (state.mode === "watch" ? "" : " for it") + ")" : "";
  let note = who + " played " + m.move + label;
  if (mistake && state.hints) note += ", a mistake: it gave away the " + mistake + " (" + best + " would have kept it)";
  return note + ".";
}

function play(m, byComputer) {
  const info = state.info;
  if (!state.ready || !info || info.status !== "ready" || info.ended || repeatedAt() >= 0) return;
  if (!byComputer && computerToMove()) return; // not your turn
  if (!byComputer) {
    // A move made from the keyboard keeps the focus where it was, on the
    // board or the moves, once the next position is shown.
    const zone = document.activeElement && document.activeElement.closest("#board, #moves");
    state.focusZone = zone ? zone.id : "";
  }
  state.history = state.history.slice(0, state.idx + 1);
  state.records = state.records.slice(0, state.idx + 1);
  noteMove(state.idx, info, m, byComputer);
  state.history.push(m.position);
  state.idx++;
  load();
}

function bestNames(info) {
  return info.moves.filter((m) => m.best).map((m) => m.move).join(" or ");
}

function goTo(ply) {
  if (ply < 0 || ply >= state.history.length || ply === state.idx) return;
  state.idx = ply;
  if (state.mode === "watch") state.paused = true;
  load();
}

// undoTarget is the ply Undo goes back to: against the computer, the
// person's last turn before this one; -1 when there is none (the computer
// moved first, and its turn would only play its move again).
function undoTarget() {
  if (state.idx === 0) return -1;
  let i = state.idx - 1;
  if (state.mode === "watch" || state.mode === "two") return i;
  while (i > 0 && state.records[i] && computerSide(state.records[i].turn)) i--;
  return state.records[i] && computerSide(state.records[i].turn) ? -1 : i;
}

function undo() {
  const i = undoTarget();
  if (i < 0) return;
  if (state.mode === "watch") state.paused = true;
  goTo(i);
}

function redo() {
  if (atTip()) return;
  if (state.mode === "watch") { state.paused = true; goTo(state.idx + 1); return; }
  let i = state.idx + 1;
  // Against the computer, forward over its recorded replies to your turn.
  while (state.mode !== "two" && i < state.history.length - 1 && state.records[i] && computerSide(state.records[i].turn) && !state.records[i].ended) i++;
  goTo(i);
}

function restart() {
  state.idx = 0;
  state.history = state.history.slice(0, 1);
  state.records = state.records.slice(0, 1);
  state.paused = false;
  load();
}

// watchStep moves one ply forward in watch mode: the recorded move when
// there is one, else the computer's next move.
function watchStep() {
  state.paused = true;
  if (!atTip()) { goTo(state.idx + 1); return; }
  if (repeatedAt() >= 0) return;
  if (computerToMove() && state.info.moves.length) play(chooseMove(state.info), true);
}

function watchToggle() {
  state.paused = !state.paused;
  renderWatch();
  scheduleComputer();
}

// ---- words ----

// verdictWords is the line under the board: the server's verdict (for
// the side the person plays against the computer, when they play one) or,
// with hints off and the game not over, whose move it is.
function verdictWords(info) {
  const you = yourSide();
  if (!info.ended && !state.hints) {
    // A move that keeps the turn (Kalah's last seed in the store, a box
    // completed, an opponent with no move) leaves its player to move again.
    const before = state.idx > 0 ? state.records[state.idx - 1] : null;
    const again = before && before.turn === info.turn ? " again" : "";
    if (you) return info.turn === you ? "Your move" + again + "." : "The computer is thinking…";
    return cap(playerName(info.turn)) + " to move" + again + ".";
  }
  return (you && info.verdict_for && info.verdict_for[you]) || info.verdict || "";
}

// whyWords is the server's sentence about what the moves offer, for the
// same audience as the verdict, while hints are on.
function whyWords(info) {
  if (info.ended || !state.hints || info.status !== "ready") return "";
  const you = yourSide();
  return (you && info.why_for && info.why_for[you]) || info.why || "";
}

// marginWords is the server's sentence about the margin, for a game that
// ends in a score ("Playing for the most: first player wins by 2 in 12
// plies; d keeps the most."), while hints are on or once the game is over.
function marginWords(info) {
  if (info.status !== "ready" || !(state.hints || info.ended)) return "";
  return info.margin_verdict || "";
}

// marginLabel writes a move's margin for the player making it, signed:
// "+2", "−1", "±0".
function marginLabel(m) {
  if (typeof m.margin !== "number") return "";
  return m.margin > 0 ? "+" + m.margin : m.margin < 0 ? "−" + -m.margin : "±0";
}

// yourSide is the side the person plays against the computer, or null when
// two people play or the computer plays both sides.
function yourSide() {
  return state.mode === "first" || state.mode === "second" ? state.mode : null;
}

// grundyText writes a Grundy value from its numbers (grundy, and
// grundy_infinite for a loopy game's infinite value): "2", "∞{0,2}", or ""
// when there is none.
function grundyText(x) {
  if (Array.isArray(x.grundy_infinite)) return "∞{" + x.grundy_infinite.join(",") + "}";
  if (typeof x.grundy === "number") return String(x.grundy);
  return "";
}

// progressWords says where a waiting solve stands, from the fields the
// server gives (queue, lane, bytes, estimated_bytes, seconds_left) when
// present.
function progressWords(info) {
  const p = info.progress || {};
  if (p.words) return p.words;
  const known = ["queue", "lane", "estimated_bytes", "bytes", "seconds_left"].some((k) => k in p);
  if (!known) return info.verdict || "Solving…";
  const parts = [];
  if (p.queue > 0) {
    parts.push((p.queue === 1 ? "Next in the queue" : ordinal(p.queue) + " in the queue") + (p.lane ? " of " + p.lane + " solves" : ""));
    if (p.estimated_bytes) parts.push("it needs about " + bytesWords(p.estimated_bytes));
  } else if (p.total || p.done || p.phase) {
    let s = cap(p.phase || "solving");
    if (p.total) s += ": " + Math.round(100 * p.done / p.total) + "% (" + p.done.toLocaleString("en") + " of " + p.total.toLocaleString("en") + " positions)";
    else if (p.done) s += ": " + p.done.toLocaleString("en") + " positions so far";
    parts.push(s);
    if (p.bytes && p.estimated_bytes) parts.push("holding " + bytesWords(p.bytes) + " of an estimated " + bytesWords(p.estimated_bytes));
    else if (p.bytes) parts.push("holding " + bytesWords(p.bytes));
    else if (p.estimated_bytes) parts.push("about " + bytesWords(p.estimated_bytes) + " needed");
  }
  if (p.seconds_left > 0) parts.push("about " + (p.seconds_left === 1 ? "1 second" : Math.round(p.seconds_left) + " seconds") + " left");
  if (!parts.length) return info.verdict || "Solving…";
  return parts.join("; ") + ".";
}

// deltaOf is the Δ of a move of value mv and remoteness mr from a position
// of value v and remoteness r, when Δ is shown: the moves it adds to the
// end against the best move ("Δ+2": a win two moves slower, a loss two
// moves longer), "" when its value is not the position's (the mark says
// that) or there is no remoteness (a draw).
function deltaOf(v, r, mv, mr) {
  if (!state.delta || !v || mv !== v || v === "draw" || r === undefined || r === null || mr === undefined || mr === null) return "";
  const d = mr - r;
  return "Δ" + (d > 0 ? "+" : d < 0 ? "−" : "") + Math.abs(d);
}

function moveLabel(m) {
  if (!m.value) return "";
  if (m.value === "draw") return "draw";
  if (m.remoteness === null || m.remoteness === undefined) return m.value + (state.info && state.info.pending ? " in …" : "");
  return m.value + " in " + m.remoteness;
}

// ---- rendering ----

function render() {
  const info = state.info;
  if (!info) return;
  $("play").classList.remove("empty", "failed");
  const solving = info.status === "solving";
  $("progress").hidden = !solving;
  $("progress").classList.remove("busy");
  if (solving) {
    const p = info.progress || {};
    const pct = p.total ? Math.round(100 * p.done / p.total) : 0;
    $("progressbar").style.width = pct + "%";
    $("progresstext").textContent = progressWords(info);
    $("verdict").textContent = (p.phase === "searching" ? "Searching this position of " : "Solving ") + info.game + "…";
  } else {
    $("verdict").textContent = verdictWords(info);
  }
  $("verdict").className = "verdict " + (solving || !state.hints ? "" : verdictClass(info));
  const repeated = solving ? [] : repetition();
  if (repeated.length) {
    $("verdict").textContent = repetitionWords(repeated);
    $("verdict").className = "verdict repeated";
  }
  $("why").textContent = [whyWords(info), marginWords(info)].filter(Boolean).join(" ");
  renderWorth(info);
  renderFeedback();
  $("position").textContent = info.position;
  $("turn").textContent = info.ended || repeated.length ? "(game over)" : "(" + sideWord(info, info.turn) + " to move)";
  renderSides(info);
  $("rules").textContent = info.rules || info.summary || "";
  $("form").textContent = info.position_form || "";
  $("startpos").placeholder = info.start;
  renderBoard(info);
  renderMoves(info);
  $("legend").hidden = !state.hints;
  $("glegend").hidden = !info.impartial;
  $("mlegend").hidden = !info.moves.some((m) => typeof m.margin === "number");
  $("undo").disabled = undoTarget() < 0;
  $("redo").disabled = atTip();
  renderWatch();
  const url = gameLink(info);
  history.replaceState(null, "", url);
  $("link").href = url;
  $("stats").textContent = info.positions ? "Solved: " + info.positions + " positions reachable."
    : info.search ? "Answered by search: " + info.search + "." + (info.pending ? " Searching the rest of the moves…" : "") : "";
  $("stats").title = info.why_search || "";
  renderRecord();
  renderChart();
}

// renderSides says which side the person plays against the computer, in
// the words of the board's pieces ("You play white; the computer plays
// black."), so that nobody has to work out their colour.
function renderSides(info) {
  const you = yourSide();
  const box = $("sides");
  box.hidden = !you;
  if (!you) return;
  const other = you === "first" ? "second" : "first";
  box.textContent = "You play " + sideWord(info, you) + "; the computer plays " + sideWord(info, other) + ".";
}

function verdictClass(info) {
  if (info.value === "tie" || info.value === "draw" || info.winner === "none") return "tie";
  if (state.mode === "two" || state.mode === "watch") return info.winner === "first" ? "first" : "second";
  return info.winner === state.mode ? "win" : "lose";
}

// renderFeedback says what happened since the person last moved: their own
// move's remark (a thrown-away win stays readable after the computer's
// reply) and the computer's replies.
function renderFeedback() {
  const lines = [];
  for (let j = state.idx - 1; j >= 0 && lines.length < 3; j--) {
    const r = state.records[j];
    if (!r) break;
    if (r.note) lines.unshift({ text: r.note, mistake: !!r.mistake && state.hints });
    if (r.by === "person" || state.mode === "watch") break;
  }
  const box = $("feedback");
  box.textContent = "";
  for (const l of lines) box.append(el("div", l.mistake ? "blunder" : "", l.text));
}

// renderWorth shows a partizan position's value as the server gives it:
// the canonical form in the books' symbols, the outcome class, who wins
// with each side moving first, mean and temperature, and each part's value
// when the position splits; or the server's one line on why there is none.
function renderWorth(info) {
  const box = $("worth");
  box.hidden = !info.symbols && !info.reason;
  if (box.hidden) return;
  const side = (s) => (s === "left" ? "Left" : "Right");
  $("worthvalue").textContent = info.reason ||
    "Value " + info.symbols + ", outcome class " + info.outcome_class +
    ": with Left moving first " + side(info.winner_left_first) + " wins, with Right moving first " + side(info.winner_right_first) + " wins." +
    " Mean " + info.mean + ", temperature " + info.temperature + ".";
  const parts = info.parts || [];
  $("worthparts").hidden = parts.length < 2;
  const list = $("worthpartlist");
  list.textContent = "";
  for (const p of parts) {
    const li = el("li", "", "");
    li.append(el("span", "worthpart", p.symbols), " (class " + p.outcome_class + ", temperature " + p.temperature + ") ", el("code", "", p.position));
    list.append(li);
  }
}

function renderMoves(info) {
  const box = $("moves");
  box.textContent = "";
  box.dataset.pending = info.pending ? "true" : "false";
  const canPlay = state.ready && info.status === "ready" && !computerToMove() && repeatedAt() < 0;
  for (const m of info.moves) {
    const b = el("button", "move " + (state.hints ? valueClass(m.value) : "plain"));
    b.type = "button";
    b.dataset.move = m.move;
    b.dataset.value = m.value || "";
    b.append(el("span", "mname", m.move));
    if (state.hints && m.value) {
      b.append(el("span", "mval", moveLabel(m)));
      const d = deltaOf(info.value, info.remoteness, m.value, m.remoteness);
      if (d !== "") b.append(el("span", "mval delta", d));
      if (info.impartial && grundyText(m)) b.append(el("span", "mval", "G=" + grundyText(m)));
      if (m.symbols) b.append(el("span", "mval cgt", "→ " + m.symbols));
      b.title = "Playing " + m.move + " " + (m.value === "win" ? "wins" : m.value === "lose" ? "loses" : "leads to a " + m.value) + (m.value === "draw" ? "" : m.remoteness === null || m.remoteness === undefined ? (info.pending ? " (how soon is being searched)" : "") : " in " + moves(m.remoteness));
      if (m.symbols) b.title += "; it leads to a position of value " + m.symbols;
      if (marginLabel(m)) {
        b.append(el("span", "mval margin", marginLabel(m)));
        const by = Math.abs(m.margin), plies = m.margin_remoteness === 1 ? "1 ply" : m.margin_remoteness + " plies";
        b.title += "; playing for the most, it " + (m.margin > 0 ? "wins by " + by : m.margin < 0 ? "loses by " + by : "ties") + " in " + plies;
      }
    }
    b.disabled = !canPlay;
    b.addEventListener("click", () => play(m, false));
    box.append(b);
  }
  let title;
  if (info.ended) title = "No moves: the game is over";
  else if (repeatedAt() >= 0) title = "No moves: the game is over, a draw by repetition";
  else if (info.status === "ready" && computerToMove()) title = state.mode === "watch" ? "Moves of " + playerName(info.turn) : "Moves of the computer";
  else title = state.mode === "two" ? "Moves of " + playerName(info.turn) : "Your moves";
  $("movestitle").textContent = title;
}

function renderBoard(info) {
  SenteBoard.render($("board"), info, {
    hints: state.hints,
    canPlay: state.ready && info.status === "ready" && !computerToMove() && repeatedAt() < 0,
    play: (m) => play(m, false),
    valueClass: valueClass,
    lineLength: lineLength(),
  });
}

// lineLength is k, the pieces in a row that win, for a game whose
// parameter k says so (tic-tac-toe, connect four, quixo: "stones in a row
// ... that win"), for the board to mark the line that won; -1 for a game
// without one.
function lineLength() {
  const parsed = parseSpecValues(state.spec || "");
  const fam = state.games[parsed.name];
  const p = fam && fam.params.find((x) => x.name === "k" && /in a row/.test(x.doc));
  if (!p) return -1;
  const k = parseInt(parsed.values.k || p.default, 10);
  return isNaN(k) ? -1 : k;
}

function renderWatch() {
  const on = state.mode === "watch";
  $("watch").hidden = !on;
  if (!on) return;
  const over = (!!(state.info && state.info.ended) || repeatedAt() >= 0) && atTip();
  $("watchplay").textContent = state.paused || over ? "▶ Play" : "‖ Pause";
  $("watchplay").disabled = over;
  $("watchback").disabled = state.idx === 0;
  $("watchstep").disabled = over;
}

// ---- the game so far ----

function moveWords(r) {
  if (!r.moveValue) return "";
  if (r.moveValue === "draw") return "draw";
  return r.moveValue + " in " + r.moveRemoteness;
}

function renderRecord() {
  const box = $("record");
  box.textContent = "";
  const n = state.history.length - 1;
  for (let i = 0; i < n; i++) {
    const r = state.records[i];
    if (!r || !r.move) continue;
    const li = el("li", "ply" + (i + 1 === state.idx ? " current" : "") + (i + 1 > state.idx ? " future" : ""));
    const b = el("button", "plybtn " + (state.hints ? valueClass(r.moveValue) : "plain"));
    b.type = "button";
    b.dataset.ply = String(i + 1);
    const names = sideNames(state.info);
    b.append(el("span", "plyby", names && (r.turn === "first" || r.turn === "second") ? sideWord(state.info, r.turn) : r.turn === "first" ? "1st" : r.turn === "second" ? "2nd" : r.turn));
    b.append(el("span", "mname", r.move));
    if (state.hints && r.moveValue) b.append(el("span", "mval", moveWords(r)));
    const d = state.hints ? deltaOf(r.value, r.remoteness, r.moveValue, r.moveRemoteness) : "";
    if (d !== "") b.append(el("span", "mval delta", d));
    if (r.mistake && state.hints) b.append(el("span", "mark", "✗ mistake"));
    b.title = "Go to the position after this move";
    b.addEventListener("click", () => goTo(i + 1));
    li.append(b);
    box.append(li);
  }
  $("recordtext").value = recordText();
}

function recordText() {
  const lines = ["sente: " + state.spec + " from " + state.history[0]];
  const n = state.history.length - 1;
  for (let i = 0; i < n; i++) {
    const r = state.records[i];
    if (!r || !r.move) continue;
    let s = (i + 1) + ". " + r.turn + " " + r.move;
    if (r.moveValue) s += " (" + moveWords(r) + ")";
    if (r.by === "computer" && state.mode !== "two") s += " [computer]";
    lines.push(s);
  }
  const last = state.records[n];
  if (last && last.ended && last.verdict) lines.push(last.verdict);
  else if (atTip() && repetition().length) lines.push(repetitionWords(repetition()));
  lines.push(location.origin + gameLink(state.info));
  return lines.join("\n");
}

// gameLink is the address that reproduces this game: the game, its start
// position, the moves played (comma-separated, each escaped) and, when not
// at the end, the ply shown.
function gameLink(info) {
  const start = state.history[0];
  const q = new URLSearchParams({ game: state.spec });
  if (start && !(info && start === info.start)) q.set("pos", start);
  q.set("mode", state.mode);
  if (!state.hints) q.set("hints", "0");
  if (state.opponent !== "perfect") q.set("opponent", state.opponent);
  if (state.mode === "watch" && state.opponent2 !== "perfect") q.set("opponent2", state.opponent2);
  if (state.opponent === "erring" || (state.mode === "watch" && state.opponent2 === "erring")) q.set("err", String(state.errPct));
  if (state.delay !== 600 && state.mode !== "watch" && state.mode !== "two") q.set("delay", String(state.delay));
  if (state.delta) q.set("delta", "1");
  if (state.mode === "watch" && state.speed !== 700) q.set("speed", String(state.speed));
  // The seed of the computer's choices: the same link plays the same game.
  if (state.mode !== "two") q.set("seed", String(state.seed));
  let url = location.pathname + "?" + q.toString();
  const names = [];
  for (let i = 0; i < state.history.length - 1; i++) names.push(state.records[i] ? state.records[i].move : "");
  if (names.length) url += "&moves=" + names.map(encodeURIComponent).join(",");
  if (!atTip()) url += "&at=" + state.idx;
  return url;
}

// movesParam reads moves=a,b,c from the raw query: a comma inside a move's
// name is escaped (%2C) and so is not a separator.
function movesParam(search) {
  for (const part of search.replace(/^\?/, "").split("&")) {
    if (part.startsWith("moves=")) {
      const raw = part.slice(6);
      return raw ? raw.split(",").map((s) => decodeURIComponent(s.replace(/\+/g, " "))) : [];
    }
  }
  return [];
}

// saveFile downloads the game as text: the moves with their values, and the
// link that replays it, which openFile reads back.
function saveFile() {
  const a = el("a");
  a.href = URL.createObjectURL(new Blob([recordText() + "\n"], { type: "text/plain" }));
  a.download = "sente-" + state.spec.replace(/[^A-Za-z0-9=,._-]+/g, "_") + ".txt";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  $("copied").textContent = "Saved as " + a.download + ".";
}

// openFile opens a game saved by saveFile (or any text holding a game's
// link): the link's game, start, moves and settings, replayed.
async function openFile() {
  const f = $("openfile").files[0];
  $("openfile").value = "";
  if (!f) return;
  if (f.size > 1 << 20) { showError("The file " + f.name + " is too big for a saved game (at most 1 MiB)."); return; }
  const text = await f.text();
  const link = text.split("\n").map((l) => l.trim()).reverse().find((l) => /[?&]game=/.test(l));
  if (!link) {
    showError("The file " + f.name + " holds no game: a saved game ends with its link (…?game=…&moves=…).");
    return;
  }
  location.assign(location.pathname + link.slice(link.indexOf("?")));
}

async function copy(text, what) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch (e) {
    // Without clipboard permission, select the text so that Ctrl+C copies it.
    const t = $("recordtext");
    t.closest("details").open = true;
    t.value = text;
    t.select();
    try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
  }
  $("copied").textContent = ok ? what + " copied." : what + " selected below: press Ctrl+C (or ⌘C) to copy.";
}

// renderChart draws the game so far: a bar per position, above the line
// while the first player was winning, below while the second was, its
// height the moves left with perfect play (the scale on the left, the
// number at the bar's end). A tie is a grey bar across the line, as long
// each way as the moves left to it, its number above; a draw, which has no
// moves left to count, a ring on the line marked ∞, at the scale's "draw".
// So a tied or drawn game still shows how near its end each position was,
// as GamesmanUni's value history places ties by their remoteness. The
// positions are numbered along the bottom, apart from the bars. Each is a
// target wide enough to tap (the chart scrolls sideways when a game is
// long for the screen, the scale staying in view at its left) and ← →
// Home End step through them from the keyboard.
function renderChart() {
  const c = $("chart");
  c.textContent = "";
  const box = c.parentElement;
  const recs = state.records.slice(0, state.history.length);
  const n = Math.max(recs.length, 10);
  const left = 104, right = 10, minStep = 24;
  // Drawn at the width it is shown at, so that a phone's labels are not
  // shrunk to nothing; wider, and scrolled, when the bars would be too
  // narrow to tap.
  const shown = Math.round(Math.min(640, Math.max(300, box.clientWidth || 640)));
  // A mouse hits 8 px; a finger needs minStep.
  const W = Math.max(shown, Math.ceil(left + right + n * (shown < 500 ? minStep : 8)));
  const H = 240, top = 8, plyRow = H - 6, mid = (top + plyRow - 16) / 2;
  c.setAttribute("viewBox", "0 0 " + W + " " + H);
  c.setAttribute("width", String(W));
  c.style.width = W + "px";
  const maxR = Math.max(5, ...recs.map((r) => (r && r.remoteness) || 0));
  const step = (W - left - right) / n;
  // Room above the highest bar (and below the lowest) for its number.
  const scale = (mid - top - 24) / maxR;
  // Ply numbers are about 16 px wide: beyond that many plies, one in k.
  const every = Math.max(1, Math.ceil(18 / step));
  const text = (parent, attrs, s) => { const t = svg("text", attrs); t.textContent = s; parent.append(t); return t; };
  c.append(svg("line", { x1: left - 4, y1: mid, x2: W - 5, y2: mid, class: "zero" }));
  // The scale and the sides' names, drawn last, over the bars, and kept at
  // the left of what the box shows when the chart scrolls.
  const panel = svg("g", { class: "scalepanel" });
  panel.append(svg("rect", { x: 0, y: 0, width: left - 2, height: H, class: "scalebg" }));
  const first = sideNames(state.info) ? playerName("first") : "first player";
  const second = sideNames(state.info) ? playerName("second") : "second player";
  text(panel, { x: 4, y: mid - 30, class: "axis first" }, first);
  text(panel, { x: 4, y: mid - 16, class: "axis first" }, "winning ↑");
  text(panel, { x: 4, y: mid + 22, class: "axis second" }, second);
  text(panel, { x: 4, y: mid + 36, class: "axis second" }, "winning ↓");
  text(panel, { x: 4, y: mid + 4, class: "axis tie" }, "tie ↕ / draw");
  text(panel, { x: 4, y: plyRow, class: "axis" }, "after move");
  const place = () => panel.setAttribute("transform", "translate(" + box.scrollLeft + " 0)");
  box.onscroll = place;
  const hidden = !state.hints && !(state.info && state.info.ended);
  if (hidden) {
    text(c, { x: (W + left) / 2, y: mid - 8, "text-anchor": "middle", class: "axis" }, "hidden while hints are off");
    c.append(panel);
    place();
    return;
  }
  // The scale of moves left, both ways from the line.
  const tick = maxR <= 10 ? 5 : maxR <= 40 ? 10 : maxR <= 100 ? 25 : 50;
  for (let v = tick; v <= maxR && mid - v * scale > top + 16; v += tick) { // clear of the title
    for (const y of [mid - v * scale, mid + v * scale]) {
      c.append(svg("line", { x1: left - 8, y1: y, x2: W - 5, y2: y, class: "grid" }));
      text(panel, { x: left - 10, y: y + 4, "text-anchor": "end", class: "scale" }, String(v));
    }
  }
  text(panel, { x: left - 10, y: top + 8, "text-anchor": "end", class: "scale" }, "moves left");
  recs.forEach((r, i) => {
    if (!r || r.value === undefined) return;
    const x = left + i * step + step / 2;
    // A move that gave the game away is marked where it led.
    const mistake = afterMistake(i) && state.hints;
    const labelled = i === state.idx || mistake || (i % every === 0 && Math.abs(i - state.idx) >= every);
    const g = svg("g", { class: "point" + (i === state.idx ? " current" : "") + (i > state.idx ? " future" : "") + (mistake ? " mistake" : ""), "data-ply": String(i) });
    c.append(g);
    const add = (e) => { g.append(e); return e; };
    const label = (y, s) => {
      if (!labelled && step < 16) return;
      const t = svg("text", { x: x, y: y, class: "barlabel", "text-anchor": "middle" });
      t.textContent = s;
      add(t);
    };
    if (i === state.idx) add(svg("rect", { x: x - step / 2, y: 2, width: step, height: H - 4, class: "here" }));
    const remote = typeof r.remoteness === "number";
    if (r.winner === "first" || r.winner === "second") {
      const h = Math.max(2, r.remoteness * scale);
      const up = r.winner === "first";
      add(svg("rect", { x: x - step * 0.35, y: up ? mid - h : mid, width: step * 0.7, height: h, class: "bar " + r.winner }));
      label(up ? mid - h - 3 : mid + h + 11, String(r.remoteness));
    } else if (r.value === "tie" && remote) {
      const h = Math.max(2, r.remoteness * scale);
      add(svg("rect", { x: x - step * 0.22, y: mid - h, width: step * 0.44, height: 2 * h, class: "bar tie" }));
      label(mid - h - 3, String(r.remoteness));
    } else {
      // A draw: no moves left to count.
      add(svg("circle", { cx: x, cy: mid, r: Math.max(2.5, Math.min(5, step / 2 - 1)), class: "drawmark" }));
      label(mid - 9, "∞");
    }
    if (mistake) {
      const t = svg("text", { x: x, y: top + 8, class: "mistakemark", "text-anchor": "middle" });
      t.textContent = "✗";
      add(t);
    }
    if (labelled) {
      const t = svg("text", { x: x, y: plyRow, class: "ply" + (i === state.idx ? " here" : ""), "text-anchor": "middle" });
      t.textContent = String(i);
      add(t);
    }
    // A column the whole height of the chart, so that a tap anywhere
    // above or below a short bar still picks it.
    const hit = add(svg("rect", { x: x - step / 2, y: 0, width: step, height: H, class: "hit", "data-ply": String(i) }));
    const title = svg("title", {});
    title.textContent = chartWords(r, i) + " — click to go there";
    hit.append(title);
    hit.addEventListener("click", () => goTo(i));
  });
  c.append(panel);
  const r = recs[state.idx];
  c.setAttribute("aria-label", "How the game has gone, " + recs.length + " positions; " + (r && r.value !== undefined ? chartWords(r, state.idx) : "") + ". Left and right arrows step through them.");
  // Keep the position shown in view, clear of the scale, when the chart
  // scrolls.
  const x = left + state.idx * step;
  if (x + step > box.scrollLeft + box.clientWidth) box.scrollLeft = x + 2 * step - box.clientWidth;
  else if (x < box.scrollLeft + left) box.scrollLeft = Math.max(0, x - left - step);
  place();
}

// chartWords says what a position of the chart shows.
function chartWords(r, i) {
  const who = r.winner === "first" || r.winner === "second" ? playerName(r.winner) + " winning" : r.value;
  return (i === 0 ? "Start" : "After move " + i) + ": " + who +
    (r.value === "draw" ? " (never ends)" : ", " + moves(r.remoteness) + " left") + (afterMistake(i) ? ", after a mistake" : "");
}

// afterMistake reports whether the position at ply i is the one a mistake
// led to.
function afterMistake(i) {
  return i > 0 && !!state.records[i - 1] && !!state.records[i - 1].mistake;
}

function narrow() { return window.matchMedia("(max-width: 800px)").matches; }

// chooseFromLink sets the list id to the link's parameter of that name
// when it is one of the list's choices.
function chooseFromLink(q, id) {
  const v = q.get(id);
  if (v && [...$(id).options].some((o) => o.value === v)) $(id).value = v;
}

async function init() {
  // The second player's strengths, watching, are the computer's.
  for (const o of $("opponent").options) $("opponent2").append(o.cloneNode(true));
  try { await loadGames(); } catch (e) { showError(e.message); }
  // On a phone the game form is folded so that the board is in view.
  if (narrow()) $("setupbox").open = false;
  $("game").addEventListener("change", onGameChange);
  $("game").addEventListener("input", showGameTitle);
  $("rulesload").addEventListener("click", loadRules);
  $("modulefile").addEventListener("change", loadModule);
  $("newgame").addEventListener("click", startFromForm);
  // A parameter changed waits for New game, or Enter in its field.
  $("params").addEventListener("change", showPending);
  $("params").addEventListener("input", showPending);
  $("params").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && e.target.matches("input")) { e.preventDefault(); startFromForm(); }
  });
  $("startbtn").addEventListener("click", startHere);
  $("rulestext").addEventListener("input", () => { state.rulesErrorLine = 0; $("ruleserror").hidden = true; renderGutter(); });
  $("rulestext").addEventListener("scroll", renderGutter);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("watchback").addEventListener("click", undo);
  $("watchstep").addEventListener("click", watchStep);
  $("watchplay").addEventListener("click", watchToggle);
  $("speed").addEventListener("change", () => { state.speed = parseInt($("speed").value, 10) || 700; scheduleComputer(); });
  $("copytext").addEventListener("click", () => copy(recordText(), "The moves"));
  $("copylink").addEventListener("click", () => copy(location.origin + gameLink(state.info), "The link"));
  $("hints").addEventListener("change", () => { state.hints = $("hints").checked; render(); });
  $("opponent").addEventListener("change", () => { readOpponent(); if (state.info) render(); });
  $("errpct").addEventListener("change", () => { readOpponent(); if (state.info) render(); });
  $("opponent2").addEventListener("change", () => { readOpponent(); if (state.info) render(); });
  $("delay").addEventListener("change", () => { readOpponent(); if (state.info) render(); scheduleComputer(); });
  $("delta").addEventListener("change", () => { state.delta = $("delta").checked; if (state.info) render(); });
  $("savefile").addEventListener("click", saveFile);
  $("openfile").addEventListener("change", openFile);
  $("mode").addEventListener("change", () => {
    state.mode = $("mode").value;
    readOpponent();
    state.paused = false;
    if (state.info) render();
    scheduleComputer();
  });
  $("chart").addEventListener("keydown", (e) => {
    const to = { ArrowLeft: state.idx - 1, ArrowRight: state.idx + 1, Home: 0, End: state.history.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    e.stopPropagation(); // not also Undo or Redo
    goTo(to);
  });
  let resizing = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => { if (state.info) renderChart(); }, 100);
  });
  // The arrows move between the moves of the list, as they do between the
  // board's cells (board.js).
  $("moves").addEventListener("keydown", (e) => {
    const d = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    if (!d || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    e.stopPropagation(); // not also Undo or Redo
    const bs = [...$("moves").querySelectorAll("button:not(:disabled)")];
    const i = bs.indexOf(document.activeElement);
    const next = i < 0 ? bs[0] : bs[i + d];
    if (next) next.focus();
  });
  // ← and → step through the game, as Undo and Redo, unless typing (or on
  // the board or the moves, where they move between cells and moves).
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowLeft") { e.preventDefault(); undo(); }
    if (e.key === "ArrowRight") { e.preventDefault(); state.mode === "watch" ? watchStep() : redo(); }
  });
  const q = new URLSearchParams(location.search);
  const spec = q.get("game") || "tictactoe";
  chooseFromLink(q, "mode");
  if (q.get("hints") === "0") $("hints").checked = false;
  chooseFromLink(q, "opponent");
  if (q.get("err")) $("errpct").value = q.get("err");
  chooseFromLink(q, "opponent2");
  chooseFromLink(q, "delay");
  if (q.get("delta") === "1") { $("delta").checked = true; state.delta = true; }
  if (q.get("speed")) {
    $("speed").value = q.get("speed");
    state.speed = parseInt(q.get("speed"), 10) || 700;
  }
  reseed(q.get("seed") ? parseInt(q.get("seed"), 10) || 0 : undefined);
  const parsed = parseSpecValues(spec);
  if (state.games[parsed.name]) {
    $("game").value = parsed.name;
    renderParams(state.games[parsed.name], parsed.values);
  } else if (uploaded(parsed.name)) {
    $("game").value = "__rules";
    $("rulesbox").hidden = false;
    state.rulesSpec = parsed.name;
    $("summary").textContent = (parsed.name.startsWith("module:") ? "An uploaded game module (" : "A pasted rules file (") + parsed.name + ").";
  }
  showGameTitle();
  const at = q.get("at") === null ? -1 : parseInt(q.get("at"), 10);
  newGame(spec, q.get("pos") || "", movesParam(location.search), isNaN(at) ? -1 : at);
}

init();
