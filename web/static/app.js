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
  mode: "first",    // first, second (you against the perfect player) or two
  hints: true,
  history: [],      // position texts from the start of this game
  records: [],      // per ply: {turn, value, remoteness, winner, move}
  idx: 0,           // the current ply
  info: null,       // the current /api/position answer
  loading: 0,       // request counter, so stale answers are dropped
  computerTimer: 0,
  feedback: "",
};

function valueClass(v) {
  if (v === "win") return "win";
  if (v === "lose") return "lose";
  if (v === "tie" || v === "draw") return "tie";
  return "unknown";
}

function moves(n) { return n === 1 ? "1 move" : n + " moves"; }

function playerName(p) {
  const info = state.info;
  const grid = info && info.board && info.board.kind === "grid";
  if (p === "first") return grid ? "the first player (X)" : "the first player";
  if (p === "second") return grid ? "the second player (O)" : "the second player";
  return "nobody";
}
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function showError(msg) {
  const e = $("error");
  e.hidden = !msg;
  e.textContent = msg || "";
}

async function api(url, opts) {
  const r = await fetch(url, opts);
  let body;
  try { body = await r.json(); } catch (e) { body = { error: "the server sent something unreadable (" + r.status + ")" }; }
  if (!r.ok) throw new Error(body.error || ("error " + r.status));
  return body;
}

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
    input.value = (values && values[p.name]) || p.default;
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

function parseSpecValues(spec) {
  // NAME:key=value,... -> {key: value}; rules:ID:... keeps its ID in the name.
  let name = spec, rest = "";
  if (spec.startsWith("rules:")) {
    const i = spec.indexOf(":", 6);
    if (i >= 0) { name = spec.slice(0, i); rest = spec.slice(i + 1); }
  } else {
    const i = spec.indexOf(":");
    if (i >= 0) { name = spec.slice(0, i); rest = spec.slice(i + 1); }
  }
  const values = {};
  let last = "";
  for (const f of rest ? rest.split(",") : []) {
    const j = f.indexOf("=");
    if (j >= 0) { last = f.slice(0, j); values[last] = f.slice(j + 1); }
    else if (last) values[last] += "," + f;
  }
  return { name, values };
}

function onGameChange() {
  const v = $("game").value;
  $("rulesbox").hidden = v !== "__rules";
  if (v === "__rules") {
    renderParams(state.rulesInfo, null);
    if (!state.rulesInfo) $("summary").textContent = "Paste a rules file and press Load rules.";
  } else {
    renderParams(state.games[v], null);
  }
}

async function loadRules() {
  showError("");
  try {
    const r = await api("/api/rules", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: $("rulestext").value }),
    });
    state.rulesSpec = r.spec;
    state.rulesInfo = r.game;
    renderParams(r.game, null);
    $("summary").textContent = (r.game.summary || "Rules file loaded") + " (loaded as " + r.spec + ")";
  } catch (e) {
    showError(e.message);
  }
}

function newGame(spec, pos) {
  if (!spec) { showError("Choose a game first (or load a rules file)."); return; }
  state.spec = spec;
  state.mode = $("mode").value;
  state.hints = $("hints").checked;
  state.history = [pos || ""];
  state.records = [];
  state.idx = 0;
  state.feedback = "";
  state.info = null;
  load();
}

// ---- playing ----

function load() {
  clearTimeout(state.computerTimer);
  showError("");
  const n = ++state.loading;
  const url = "/api/position?game=" + encodeURIComponent(state.spec) + "&pos=" + encodeURIComponent(state.history[state.idx]);
  api(url).then((info) => {
    if (n !== state.loading) return;
    state.info = info;
    if (state.history[state.idx] === "") state.history[state.idx] = info.position;
    if (info.status === "solving") {
      render();
      state.computerTimer = setTimeout(load, 400);
      return;
    }
    state.records[state.idx] = { turn: info.turn, value: info.value, remoteness: info.remoteness, winner: info.winner, ended: info.ended };
    render();
    if (computerToMove()) state.computerTimer = setTimeout(computerMove, 600);
  }).catch((e) => {
    if (n !== state.loading) return;
    showError(e.message);
    $("verdict").textContent = "Something is wrong with this game or position.";
  });
}

function computerToMove() {
  const info = state.info;
  return info && info.status === "ready" && !info.ended && state.mode !== "two" && info.turn !== state.mode;
}

function computerMove() {
  if (!computerToMove() || !state.info.moves.length) return;
  play(state.info.moves[0], true); // moves come best first
}

function play(m, byComputer) {
  const info = state.info;
  if (!info || info.status !== "ready" || info.ended) return;
  if (!byComputer && computerToMove()) return; // not your turn
  const before = state.records[state.idx];
  state.feedback = "";
  if (!byComputer && before && m.value && state.hints) {
    if (before.value === "win" && m.value !== "win") state.feedback = "Your move " + m.name + " threw away a win: " + bestNames() + " would have won.";
    else if ((before.value === "tie" || before.value === "draw") && m.value === "lose") state.feedback = "Your move " + m.name + " loses: it gave away the " + before.value + ".";
  }
  if (byComputer) state.feedback = "The perfect player played " + m.name + ".";
  state.history = state.history.slice(0, state.idx + 1);
  state.records = state.records.slice(0, state.idx + 1);
  state.records[state.idx].move = m.name;
  state.history.push(m.to);
  state.idx++;
  load();
}

function bestNames() {
  return state.info.moves.filter((m) => m.best).map((m) => m.name).join(" or ");
}

function undo() {
  if (state.idx === 0) return;
  state.idx--;
  // Against the perfect player, go back to your own turn.
  while (state.mode !== "two" && state.idx > 0 && state.records[state.idx] && state.records[state.idx].turn !== state.mode) state.idx--;
  state.feedback = "";
  load();
}

function redo() {
  if (state.idx + 1 >= state.history.length) return;
  state.idx++;
  state.feedback = "";
  load();
}

function restart() {
  state.idx = 0;
  state.history = state.history.slice(0, 1);
  state.records = state.records.slice(0, 1);
  state.feedback = "";
  load();
}

// ---- words ----

function verdictWords(info) {
  const you = state.mode === "two" ? null : state.mode;
  const r = info.remoteness;
  if (info.ended) {
    if (info.winner === "none") return "Game over: a tie.";
    if (you) return info.winner === you ? "Game over: you won!" : "Game over: the perfect player won.";
    return "Game over: " + playerName(info.winner) + " won.";
  }
  if (!state.hints) {
    if (you) return info.turn === you ? "Your move." : "Sente (the perfect player) is thinking…";
    return cap(playerName(info.turn)) + " to move.";
  }
  const mover = info.turn;
  if (info.value === "tie") return "Nobody is winning: with perfect play the game ends in a tie in " + moves(r) + ".";
  if (info.value === "draw") return "Nobody is winning: with perfect play the game never ends (a draw).";
  const winner = info.winner;
  if (you) {
    if (winner === you) {
      return mover === you
        ? "You are winning: you can force a win in " + moves(r) + "."
        : "You are winning: whatever the perfect player does, you can win within " + moves(r) + ".";
    }
    return mover === you
      ? "You are losing: the perfect player can force a win within " + moves(r) + ", whatever you do."
      : "You are losing: the perfect player can force a win in " + moves(r) + ".";
  }
  return mover === winner
    ? cap(playerName(winner)) + " is winning: they can force a win in " + moves(r) + "."
    : cap(playerName(winner)) + " is winning: whatever " + playerName(mover) + " does, they can win within " + moves(r) + ".";
}

function whyWords(info) {
  if (info.ended || !state.hints || info.status !== "ready") return "";
  const count = { win: 0, tie: 0, lose: 0 };
  for (const m of info.moves) count[valueClass(m.value)] = (count[valueClass(m.value)] || 0) + 1;
  const yours = state.mode === "two" || info.turn === state.mode;
  const who = yours ? (state.mode === "two" ? cap(playerName(info.turn)) + " has" : "You have") : "The perfect player has";
  const parts = [];
  if (count.win) parts.push(count.win + " winning (green)");
  if (count.tie) parts.push(count.tie + " holding a tie or draw (yellow)");
  if (count.lose) parts.push(count.lose + " losing (red)");
  let s = who + " " + info.moves.length + (info.moves.length === 1 ? " possible move: " : " possible moves: ") + parts.join(", ") + ".";
  const best = info.moves.filter((m) => m.best);
  if (best.length) {
    const b = best[0];
    s += " Best: " + best.map((m) => m.name).join(", ") + " (" + (b.value === "draw" ? "draw" : b.value + " in " + moves(b.remoteness)) + ").";
  }
  if (info.impartial && info.grundy) {
    s += " Grundy value " + info.grundy + (info.grundy === "0" ? ": the player to move loses." : ": non-zero, so the player to move wins by moving to a position of Grundy value 0.");
  }
  return s;
}

// ---- rendering ----

function render() {
  const info = state.info;
  if (!info) return;
  const solving = info.status === "solving";
  $("progress").hidden = !solving;
  if (solving) {
    const p = info.progress || {};
    const pct = p.total ? Math.round(100 * p.done / p.total) : 0;
    $("progressbar").style.width = pct + "%";
    $("progresstext").textContent = info.verdict;
    $("verdict").textContent = "Solving " + info.game + "…";
  } else {
    $("verdict").textContent = verdictWords(info);
  }
  $("verdict").className = "verdict " + (solving || !state.hints ? "" : verdictClass(info));
  $("why").textContent = whyWords(info);
  $("feedback").textContent = state.feedback;
  $("position").textContent = info.position;
  $("turn").textContent = info.ended ? "(game over)" : "(" + info.turn + " to move)";
  $("drawing").hidden = !!info.board || !info.drawing;
  $("drawing").textContent = info.drawing || "";
  $("rules").textContent = info.rules || info.summary || "";
  $("form").textContent = info.form || "";
  $("startpos").placeholder = info.start;
  renderBoard(info);
  renderMoves(info);
  $("legend").hidden = !state.hints;
  $("glegend").hidden = !info.impartial;
  $("undo").disabled = state.idx === 0;
  $("redo").disabled = state.idx + 1 >= state.history.length;
  const q = new URLSearchParams({ game: state.spec, pos: info.position, mode: state.mode, hints: state.hints ? "1" : "0" });
  const url = location.pathname + "?" + q.toString();
  history.replaceState(null, "", url);
  $("link").href = url;
  $("stats").textContent = info.positions ? "Solved: " + info.positions + " positions reachable." : "";
  renderChart();
}

function verdictClass(info) {
  if (info.value === "tie" || info.value === "draw" || info.winner === "none") return "tie";
  if (state.mode === "two") return info.winner === "first" ? "first" : "second";
  return info.winner === state.mode ? "win" : "lose";
}

function moveLabel(m) {
  if (!m.value) return "";
  if (m.value === "draw") return "draw";
  return m.value + " in " + m.remoteness;
}

function renderMoves(info) {
  const box = $("moves");
  box.textContent = "";
  const canPlay = info.status === "ready" && !computerToMove();
  for (const m of info.moves) {
    const b = el("button", "move " + (state.hints ? valueClass(m.value) : "plain"));
    b.type = "button";
    b.dataset.move = m.name;
    b.dataset.value = m.value || "";
    b.append(el("span", "mname", m.name));
    if (state.hints && m.value) {
      b.append(el("span", "mval", moveLabel(m)));
      if (info.impartial && m.grundy) b.append(el("span", "mval", "G=" + m.grundy));
      b.title = "Playing " + m.name + " " + (m.value === "win" ? "wins" : m.value === "lose" ? "loses" : "leads to a " + m.value) + (m.value === "draw" ? "" : " in " + moves(m.remoteness));
    }
    b.disabled = !canPlay;
    b.addEventListener("click", () => play(m, false));
    box.append(b);
  }
  $("movestitle").textContent = info.ended ? "No moves: the game is over" : (info.status === "ready" && computerToMove() ? "Moves of the perfect player" : (state.mode === "two" ? "Moves of " + playerName(info.turn) : "Your moves"));
}

function renderBoard(info) {
  SenteBoard.render($("board"), info, {
    hints: state.hints,
    canPlay: info.status === "ready" && !computerToMove(),
    play: (m) => play(m, false),
    valueClass: valueClass,
  });
}

function renderChart() {
  const c = $("chart");
  c.textContent = "";
  const W = 640, H = 220, mid = H / 2, left = 96;
  const recs = state.records.slice(0, state.idx + 1);
  const n = Math.max(recs.length, 10);
  const maxR = Math.max(5, ...recs.map((r) => (r && r.remoteness) || 0));
  const step = (W - left - 10) / n;
  const scale = (mid - 22) / maxR;
  const text = (attrs, s) => { const t = svg("text", attrs); t.textContent = s; c.append(t); };
  c.append(svg("line", { x1: left - 4, y1: mid, x2: W - 5, y2: mid, stroke: "#777", "stroke-width": 1 }));
  text({ x: 4, y: mid - 30, class: "axis first" }, "first player");
  text({ x: 4, y: mid - 16, class: "axis first" }, "winning ↑");
  text({ x: 4, y: mid + 22, class: "axis second" }, "second player");
  text({ x: 4, y: mid + 36, class: "axis second" }, "winning ↓");
  text({ x: 4, y: mid + 4, class: "axis tie" }, "tie/draw ●");
  const hidden = !state.hints && !(state.info && state.info.ended);
  if (hidden) {
    text({ x: (W + left) / 2, y: mid - 8, "text-anchor": "middle", class: "axis" }, "hidden while hints are off");
    return;
  }
  recs.forEach((r, i) => {
    if (!r) return;
    const x = left + i * step + step / 2;
    if (r.winner === "first" || r.winner === "second") {
      const h = Math.max(2, r.remoteness * scale);
      const up = r.winner === "first";
      c.append(svg("rect", { x: x - step * 0.35, y: up ? mid - h : mid, width: step * 0.7, height: h, class: "bar " + r.winner }));
      text({ x: x, y: up ? mid - h - 3 : mid + h + 11, class: "barlabel", "text-anchor": "middle" }, String(r.remoteness));
    } else {
      c.append(svg("circle", { cx: x, cy: mid, r: 5, class: "dot tie" }));
      if (r.value === "tie") text({ x: x, y: mid - 8, class: "barlabel", "text-anchor": "middle" }, String(r.remoteness));
    }
    text({ x: x, y: r.winner === "second" ? mid - 4 : mid + 14, class: "ply", "text-anchor": "middle" }, i === 0 ? "start" : String(i));
  });
}

// ---- start ----

async function init() {
  try { await loadGames(); } catch (e) { showError(e.message); }
  $("game").addEventListener("change", onGameChange);
  $("rulesload").addEventListener("click", loadRules);
  $("newgame").addEventListener("click", () => newGame(specFromForm(), ""));
  $("startbtn").addEventListener("click", () => newGame(specFromForm(), $("startpos").value.trim()));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("hints").addEventListener("change", () => { state.hints = $("hints").checked; render(); });
  $("mode").addEventListener("change", () => { state.mode = $("mode").value; render(); if (computerToMove()) state.computerTimer = setTimeout(computerMove, 600); });
  const q = new URLSearchParams(location.search);
  const spec = q.get("game") || "tictactoe";
  if (q.get("mode")) $("mode").value = q.get("mode");
  if (q.get("hints") === "0") $("hints").checked = false;
  const parsed = parseSpecValues(spec);
  if (state.games[parsed.name]) {
    $("game").value = parsed.name;
    renderParams(state.games[parsed.name], parsed.values);
  } else if (parsed.name.startsWith("rules:")) {
    $("game").value = "__rules";
    $("rulesbox").hidden = false;
    state.rulesSpec = parsed.name;
    $("summary").textContent = "A pasted rules file (" + parsed.name + ").";
  }
  newGame(spec, q.get("pos") || "");
}

init();
