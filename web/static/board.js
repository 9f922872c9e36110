// sente's boards: a position's board drawn from the "board" field of
// /api/position, played by clicking its cells. The page calls
// SenteBoard.render(box, info, ctx) where ctx is
//   {hints: bool, canPlay: bool, play(move), valueClass(value) -> "win"|"tie"|"lose"|"unknown"}
// and move is an entry of info.moves.
//
// board.plays places the moves: {move, to_cell: [row, col]} is played by
// one click on its cell (a mark, a drop); {move, from_cell, to_cell} by a
// click on the piece at from_cell, then on to_cell (a step, a push). What
// the cells carry, for tests and tools:
//   data-cell="r,c"  every cell of a grid, every hand of chopsticks
//                    ("player,hand", 0 the first player, 0 the left hand),
//                    every token of a heap ("heap,token" from the left);
//   data-move=NAME   a cell whose click plays NAME: a one-click move's cell,
//                    or, once a piece is selected, a target of that piece;
//   data-choose="A B" a cell several moves share (drops of different pieces,
//                    say): its click opens a chooser of buttons
//                    .chooser button[data-move=NAME];
//   data-from="r,c"  a piece that moves: its click selects it (class
//                    "selected"), its targets get data-move (class
//                    "target"), a click on it again, on any other cell
//                    or outside the board, or Escape, cancels; a click on
//                    another piece selects that one.
//   data-hand=P      a piece in hand (board.in_hand, dōbutsu shōgi), P as
//                    in_hand writes it: the mover's is selected by a click
//                    as a data-from piece is, its drops (plays whose
//                    from_hand is P) then the targets.
// On a board with gravity (connect four) the empty cells above the one a
// piece falls to play the same move, without data-move. Cards carry
// data-move as grid cells do. The selection is kept while the page redraws
// the same position, so a redraw does not drop it.
//
// Every cell has an accessible name, aria-label, that says in words what
// it shows by colour and shape: its square (the board's own row and
// column labels, "b2"), the piece on it, and with hints the value of what
// a click there plays ("b2: win in 5", "a4 O: moves, best win in 3").
"use strict";

const SenteBoard = (() => {
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const cellKey = (rc) => rc[0] + "," + rc[1];
const rank = { win: 3, tie: 2, lose: 1 };

// The selection: the position it was made at, the piece taken (a cell key,
// or "" for none) and the cell whose chooser is open, if any. redrawBoard
// draws the last grid again, for a cancel that comes from off the board.
let sel = null;
let redrawBoard = null;

// A click anywhere but on a cell or the chooser, or Escape, cancels the
// selection, as a click on the board's empty cells does. A cell's click
// that redrew the board has left its target out of the page: it was
// handled.
function cancelSelection() {
  if (!sel) return;
  sel = null;
  if (redrawBoard) redrawBoard();
}
document.addEventListener("click", (e) => {
  const t = e.target;
  if (t instanceof Element && (!t.isConnected || t.closest(".board button.cell, .board .chooser"))) return;
  cancelSelection();
});
document.addEventListener("keydown", (e) => { if (e.key === "Escape") cancelSelection(); });

function moveLabel(m) {
  if (!m.value) return "";
  if (m.value === "draw") return "draw";
  return m.value + " in " + m.remoteness;
}

function moveTitle(m, ctx) {
  return m.move + (ctx.hints && m.value ? ": " + moveLabel(m) : "");
}

// squareName names the cell (r, c) of a grid by its labels, "b2" as a move
// is named, or by its column and row when the board has no such labels.
function squareName(bd, r, c) {
  const rl = bd.row_labels && bd.row_labels[r];
  const cl = bd.col_labels && bd.col_labels[c];
  if (rl && cl) return cl + rl;
  return "column " + (cl || c + 1) + ", row " + (rl || r + 1);
}

// bestMove is the best of moves for the player making it: the first of
// the highest value, as the server lists moves best first.
function bestMove(moves, ctx) {
  let best = null;
  for (const m of moves) {
    const c = m.value ? ctx.valueClass(m.value) : "unknown";
    if (!best || (rank[c] || 0) > (rank[ctx.valueClass(best.value)] || 0)) best = m;
  }
  return best;
}

// bestClass is the value class of the best of moves, for hints.
function bestClass(moves, ctx) {
  let best = "unknown";
  for (const m of moves) {
    const c = m.value ? ctx.valueClass(m.value) : "unknown";
    if ((rank[c] || 0) > (rank[best] || 0)) best = c;
  }
  return best;
}

// target makes b, the cell named name, play one of moves: the move
// itself, or a chooser when they are several.
function target(b, name, moves, info, ctx, redraw, k) {
  b.classList.add("playable");
  if (ctx.hints) {
    const c = bestClass(moves, ctx);
    if (c !== "unknown") b.classList.add(c);
  }
  b.disabled = !ctx.canPlay;
  if (moves.length === 1) {
    const m = moves[0];
    b.dataset.move = m.move;
    b.title = moveTitle(m, ctx);
    b.setAttribute("aria-label", name + (ctx.hints && m.value ? ": " + moveLabel(m) : ""));
    b.addEventListener("click", () => { sel = null; ctx.play(m); });
    return;
  }
  b.dataset.choose = moves.map((m) => m.move).join(" ");
  b.title = moves.map((m) => moveTitle(m, ctx)).join("; ");
  b.setAttribute("aria-label", name + ": " + moves.map((m) => m.move + (ctx.hints && m.value ? " " + moveLabel(m) : "")).join(", "));
  b.addEventListener("click", () => {
    sel = { position: info.position, from: sel ? sel.from : "", choose: k };
    redraw();
  });
}

function cardButton(info, ctx, name, text, extra, who) {
  const m = name ? info.moves.find((x) => x.move === name) : null;
  const b = el("button", "cell " + (extra || ""), text);
  b.type = "button";
  const label = who + " card " + text;
  if (m) {
    target(b, label, [m], info, ctx, null, "");
  } else {
    b.disabled = true;
    b.setAttribute("aria-label", label + (/played/.test(extra) ? ", played" : ""));
  }
  return b;
}

// pieceText is what a cell shows: X and O for marks, a piece's letter as
// it is (upper case the first player's, lower case the second's).
function pieceText(c) {
  if (c === "x") return "X";
  if (c === "o") return "O";
  return c;
}

function pieceClass(c) {
  if (!c) return "empty";
  if (c === "x" || c === "o") return "stone " + c;
  return "stone piece " + (c === c.toUpperCase() ? "x" : "o");
}

// playing works out what a click on each cell of the board does now, from
// board.plays and the selection: decorate(b, k, name) gives the button b
// of the cell k, named name, its part (a piece to take, a target, a cell
// that cancels) and its accessible name, and reports whether it has a
// part; chooser() is the open chooser, or null.
function playing(box, info, ctx) {
  const bd = info.board;
  const redraw = () => render(box, info, ctx);
  const byName = new Map(info.moves.map((m) => [m.move, m]));
  const drops = new Map(); // cell key -> moves played by one click there
  const froms = new Map(); // cell key -> [{move, to}] of the piece there
  const push = (map, k, v) => { if (!map.has(k)) map.set(k, []); map.get(k).push(v); };
  for (const p of bd.plays || []) {
    const m = byName.get(p.move);
    if (!m) continue;
    if (p.from_cell) push(froms, cellKey(p.from_cell), { move: m, to: cellKey(p.to_cell) });
    else push(drops, cellKey(p.to_cell), m);
    // A drop from a hand shown as pieces is also played as a step from
    // its piece in hand; a click on its square alone still plays it.
    if (p.from_hand) push(froms, "hand:" + p.from_hand, { move: m, to: cellKey(p.to_cell) });
  }
  if (sel && (sel.position !== info.position || !ctx.canPlay || (sel.from && !froms.has(sel.from)))) sel = null;
  const active = new Map(); // cell key -> moves a click there plays now
  if (sel && sel.from) {
    for (const t of froms.get(sel.from)) push(active, t.to, t.move);
  } else {
    for (const [k, ms] of drops) active.set(k, ms);
  }
  const cancel = () => { sel = null; redraw(); };
  redrawBoard = redraw;

  const decorate = (b, k, name) => {
    b.dataset.cell = k;
    b.setAttribute("aria-label", name);
    if (!ctx.canPlay) b.disabled = true;
    if (sel && sel.from === k) {
      b.classList.add("selected");
      b.dataset.from = k;
      b.title = "Selected: click a highlighted cell to move it there, or here again to cancel";
      b.setAttribute("aria-label", name + ": selected");
      b.addEventListener("click", cancel);
    } else if (active.has(k)) {
      target(b, name, active.get(k), info, ctx, redraw, k);
      if (sel && sel.from) b.classList.add("target");
      if (sel && sel.choose === k) b.classList.add("choosing");
    } else if (froms.has(k)) {
      b.classList.add("movable");
      b.setAttribute("aria-label", name + ": moves");
      if (ctx.hints) {
        const ms = froms.get(k).map((f) => f.move);
        const best = bestClass(ms, ctx);
        if (best !== "unknown") {
          b.classList.add("best-" + best);
          b.setAttribute("aria-label", name + ": moves, best " + moveLabel(bestMove(ms, ctx)));
        }
      }
      b.dataset.from = k;
      b.title = "Moves: " + froms.get(k).map((f) => moveTitle(f.move, ctx)).join(", ");
      b.addEventListener("click", () => { sel = { position: info.position, from: k, choose: "" }; redraw(); });
    } else if (sel) {
      b.classList.add("inert");
      b.addEventListener("click", cancel);
    } else {
      return false;
    }
    return true;
  };
  const open = () => (sel && sel.choose && active.has(sel.choose) ? chooser(active.get(sel.choose), ctx, cancel) : null);
  return { drops, selecting: !!sel, decorate, chooser: open };
}

// gridTable lays out a grid's cells, the row labels before each row and
// the column labels under the last: cellButton(c, r, ci) makes the button
// of the cell holding c at row r, column ci.
function gridTable(bd, cellButton) {
  const t = el("table", "grid");
  bd.cells.forEach((row, r) => {
    const tr = el("tr");
    tr.append(el("th", "", bd.row_labels ? bd.row_labels[r] : ""));
    row.forEach((c, ci) => {
      const td = el("td");
      td.append(cellButton(c, r, ci));
      tr.append(td);
    });
    t.append(tr);
  });
  const tr = el("tr");
  tr.append(el("th"));
  for (const l of bd.col_labels || []) tr.append(el("th", "", l));
  t.append(tr);
  return t;
}

function renderGrid(box, info, ctx) {
  const bd = info.board;
  if (bd.piece_set === "dobutsu") return renderDobutsu(box, info, ctx);
  const pl = playing(box, info, ctx);
  const dropInColumn = new Map(); // column -> the one move a piece falls by there
  if (bd.gravity && !pl.selecting) {
    for (const [k, ms] of pl.drops) {
      const col = Number(k.split(",")[1]);
      if (ms.length === 1) dropInColumn.set(col, dropInColumn.has(col) ? null : ms[0]);
    }
    for (const [col, m] of dropInColumn) if (!m) dropInColumn.delete(col);
  }
  const cols = Math.max(1, ...bd.cells.map((row) => row.length));
  box.style.setProperty("--cols", String(cols));
  const t = gridTable(bd, (c, r, ci) => {
    const b = el("button", "cell " + pieceClass(c), pieceText(c));
    b.type = "button";
    const square = squareName(bd, r, ci);
    if (pl.decorate(b, r + "," + ci, square + (c ? " " + pieceText(c) : ""))) {
      // played or selected
    } else if (bd.gravity && !c && dropInColumn.has(ci)) {
      // A piece falls: any empty cell of a column plays there.
      const m = dropInColumn.get(ci);
      b.classList.add("incolumn");
      b.title = moveTitle(m, ctx);
      b.setAttribute("aria-label", square + " empty, plays " + moveTitle(m, ctx));
      b.addEventListener("click", () => ctx.play(m));
    } else {
      b.disabled = true;
      if (!c) b.setAttribute("aria-label", square + " empty");
    }
    return b;
  });
  box.append(t);
  const ch = pl.chooser();
  if (ch) box.append(ch);
  if (bd.caption) box.append(el("p", "small caption", bd.caption));
}

// Dōbutsu shōgi (board.piece_set "dobutsu") is drawn as its physical
// pieces are: a tile a piece, with its animal's name and a dot towards
// each square it may step to. A tile points at the opponent, its roof
// forward; the second player's are turned round, roof and dots down the
// board, so that the owner shows by shape and the way the name reads,
// not by colour, which the hints' values use. The hands are pieces
// beside the board, one tile a kind with its count: the mover's piece in
// hand is selected by a click, as a piece on the board is ("hand:G"),
// and its drops are then the targets; a click on an empty square alone
// still drops the only piece that can go there, or asks which.
const dobutsuKinds = {
  L: { name: "lion", dirs: ["nw", "n", "ne", "w", "e", "sw", "s", "se"] },
  G: { name: "giraffe", dirs: ["n", "w", "e", "s"] },
  E: { name: "elephant", dirs: ["nw", "ne", "sw", "se"] },
  C: { name: "chick", dirs: ["n"] },
  H: { name: "hen", dirs: ["nw", "n", "ne", "w", "e", "s"] },
};
// The dots' centres on a tile of 100×100 whose roof is at the top.
const dobutsuDots = { nw: [17, 23], n: [50, 15], ne: [83, 23], w: [13, 56], e: [87, 56], sw: [17, 86], s: [50, 87], se: [83, 86] };

function svgEl(tag, attrs) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function dobutsuName(c) {
  const k = dobutsuKinds[c.toUpperCase()];
  return k ? k.name : c;
}

function dobutsuOwner(c) {
  return c === c.toUpperCase() ? "first" : "second";
}

// dobutsuTile draws the piece c. Its name is squeezed to the room between
// the side dots, so that "Elephant" fits a phone's square as "Hen" does.
function dobutsuTile(c) {
  const kind = dobutsuKinds[c.toUpperCase()] || { name: c, dirs: [] };
  const s = svgEl("svg", { viewBox: "0 0 100 100", class: "dtile " + dobutsuOwner(c) + " k" + c.toUpperCase(), "aria-hidden": "true", focusable: "false" });
  s.append(svgEl("polygon", { class: "face", points: "50,3 96,13 96,96 4,96 4,13" }));
  for (const d of kind.dirs) {
    const [x, y] = dobutsuDots[d];
    s.append(svgEl("circle", { class: "dot " + d, cx: x, cy: y, r: 6 }));
  }
  const word = cap(kind.name);
  const room = kind.dirs.includes("w") ? 58 : 80;
  const size = Math.min(22, room / (word.length * 0.5));
  const t = svgEl("text", { x: 50, y: 56, "font-size": size.toFixed(1), "text-anchor": "middle", "dominant-baseline": "central" });
  if (word.length * 0.58 * size > room) {
    t.setAttribute("textLength", String(room));
    t.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  t.textContent = word;
  s.append(t);
  return s;
}

function dobutsuButton(c, extra) {
  const b = el("button", "cell " + (c ? "dpiece " + dobutsuOwner(c) : "empty") + (extra ? " " + extra : ""));
  b.type = "button";
  if (c) {
    b.append(dobutsuTile(c));
    b.title = cap(dobutsuOwner(c)) + " player's " + dobutsuName(c);
  }
  return b;
}

// dobutsuHand draws player i's pieces in hand (0 the first player), one
// button a kind, its count beside it when more than one.
function dobutsuHand(info, ctx, pl, i) {
  const bd = info.board;
  const who = i === 0 ? "first" : "second";
  const tomove = info.turn === who && !info.ended;
  const box = el("div", "dhand " + who + (tomove ? " tomove" : ""));
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", cap(who) + " player's hand");
  box.append(el("span", "dwho", cap(who) + " player's hand" + (tomove ? " (to move)" : "")));
  const pieces = el("div", "dpieces");
  const counts = new Map();
  for (const x of (bd.in_hand && bd.in_hand[i]) || []) counts.set(x, (counts.get(x) || 0) + 1);
  if (counts.size === 0) pieces.append(el("span", "dnone", "none"));
  for (const [x, n] of counts) {
    const b = dobutsuButton(x, "inhand");
    b.dataset.hand = x;
    b.dataset.count = String(n);
    const name = cap(who) + " player's hand: " + (n === 1 ? dobutsuName(x) : n + " " + dobutsuName(x) + "s");
    b.title = name;
    if (!pl.decorate(b, "hand:" + x, name)) b.disabled = true;
    if (b.classList.contains("movable")) {
      // In the order of info.moves, best first, as bestMove wants them.
      const mine = new Set((bd.plays || []).filter((p) => p.from_hand === x).map((p) => p.move));
      const ms = info.moves.filter((m) => mine.has(m.move));
      const best = bestClass(ms, ctx);
      b.setAttribute("aria-label", name + ", drop" + (ctx.hints && best !== "unknown" ? ": best " + moveLabel(bestMove(ms, ctx)) : ""));
      b.title = "Drops: " + ms.map((m) => moveTitle(m, ctx)).join(", ");
    }
    const slot = el("span", "dslot");
    slot.append(b);
    if (n > 1) {
      const count = el("span", "dcount", "×" + n);
      count.setAttribute("aria-hidden", "true");
      slot.append(count);
    }
    pieces.append(slot);
  }
  box.append(pieces);
  return box;
}

// renderDobutsu draws dōbutsu shōgi's board between the hands: the second
// player's by its side of the board, the first player's by the other.
function renderDobutsu(box, info, ctx) {
  const bd = info.board;
  const pl = playing(box, info, ctx);
  box.classList.add("dobutsu");
  box.style.setProperty("--cols", String(Math.max(1, ...bd.cells.map((row) => row.length))));
  const t = gridTable(bd, (c, r, ci) => {
    const b = dobutsuButton(c);
    const square = squareName(bd, r, ci);
    const name = square + (c ? " " + dobutsuOwner(c) + " player's " + dobutsuName(c) : "");
    if (!pl.decorate(b, r + "," + ci, name)) {
      b.disabled = true;
      if (!c) b.setAttribute("aria-label", square + " empty");
    }
    return b;
  });
  const layout = el("div", "dlayout");
  layout.append(dobutsuHand(info, ctx, pl, 1), t, dobutsuHand(info, ctx, pl, 0));
  box.append(layout);
  const ch = pl.chooser();
  if (ch) box.append(ch);
  if (bd.caption) box.append(el("p", "small caption", bd.caption));
}

// renderHands draws chopsticks' hands, the second player's row on top;
// the hand of player i (0 first), side j (0 left) is the cell "i,j".
function renderHands(box, info, ctx) {
  const bd = info.board;
  const pl = playing(box, info, ctx);
  ["second", "first"].forEach((p) => {
    const i = p === "first" ? 0 : 1;
    const row = el("div", "handsrow" + (info.turn === p && !info.ended ? " tomove" : ""));
    row.append(el("span", "who", cap(p) + " player" + (info.turn === p && !info.ended ? " — to move" : "")));
    ["left", "right"].forEach((side, j) => {
      const n = bd.hands[i][j];
      const h = el("button", "cell hand" + (n === 5 ? " dead" : ""));
      h.type = "button";
      h.append(el("span", "side", side));
      const fingers = el("span", "fingers");
      if (n === 5) fingers.textContent = "✕ dead";
      else if (n === 0) fingers.textContent = "0 (empty)";
      else {
        for (let k = 0; k < n; k++) fingers.append(el("span", "finger"));
        fingers.append(el("span", "count", String(n)));
      }
      h.append(fingers);
      const fingerWords = n === 5 ? "dead" : n === 1 ? "1 finger" : n + " fingers";
      if (!pl.decorate(h, i + "," + j, cap(p) + " player's " + side + " hand, " + fingerWords)) h.disabled = true;
      row.append(h);
    });
    box.append(row);
  });
  const ch = pl.chooser();
  if (ch) box.append(ch);
  box.append(el("p", "small", "Moves: click one of your hands, then the hand it touches or gives fingers to. LxR means your left hand touches the opponent's right hand; L2R moves 2 fingers from your left hand to your right."));
}

// renderHeaps draws heaps of tokens (nim, subtraction games), a row of
// round tokens per heap with its name and size. Token c of heap r is the
// cell "r,c"; clicking it plays the move placed there, which takes it and
// every token to its right (the CSS lifts those on hover or focus). Its
// accessible name says what a click takes: "heap 2, take 3: win in 5".
// Tokens come in groups of five, for counting, and a heap wraps between
// groups only; they shrink to fit the largest heap on one line, down to a
// size still easy to tap, and a very large heap gets smaller ones still.
function renderHeaps(box, info, ctx) {
  const bd = info.board;
  const pl = playing(box, info, ctx);
  const most = Math.max(1, ...bd.cells.map((row) => row.length));
  box.style.setProperty("--most", String(most));
  if (most > 100) box.classList.add("huge");
  else if (most > 40) box.classList.add("many");
  bd.cells.forEach((row, r) => {
    const name = (bd.row_labels && bd.row_labels[r]) || "heap " + (r + 1);
    const n = row.length;
    const line = el("div", "heaprow");
    line.setAttribute("role", "group");
    line.setAttribute("aria-label", name + ", " + (n === 1 ? "1 token" : n + " tokens"));
    const head = el("span", "heaphead");
    head.append(el("span", "heapname", name));
    const size = el("span", "heapsize", String(n));
    size.setAttribute("aria-hidden", "true");
    head.append(size);
    line.append(head);
    const tokens = el("span", "tokens");
    if (n === 0) tokens.append(el("span", "emptyheap", "empty"));
    let five = null;
    row.forEach((c, ci) => {
      if (ci % 5 === 0) {
        five = el("span", "five");
        tokens.append(five);
      }
      const b = el("button", "cell token");
      b.type = "button";
      const label = name + ", take " + (n - ci);
      if (!pl.decorate(b, r + "," + ci, label)) {
        b.disabled = true;
        b.setAttribute("aria-label", label + ": not a move");
      }
      five.append(b);
    });
    line.append(tokens);
    box.append(line);
  });
  const ch = pl.chooser();
  if (ch) box.append(ch);
  if (bd.caption) box.append(el("p", "small caption", bd.caption));
}

// chooser asks which of several moves on one cell to play.
function chooser(moves, ctx, cancel) {
  const box = el("div", "chooser");
  box.append(el("span", "ask", "Which move?"));
  for (const m of moves) {
    const b = el("button", "choice " + (ctx.hints && m.value ? ctx.valueClass(m.value) : "plain"), m.move);
    b.type = "button";
    b.dataset.move = m.move;
    b.title = moveTitle(m, ctx);
    b.setAttribute("aria-label", moveTitle(m, ctx));
    b.disabled = !ctx.canPlay;
    b.addEventListener("click", () => { sel = null; ctx.play(m); });
    box.append(b);
  }
  const no = el("button", "choice cancel", "Cancel");
  no.type = "button";
  no.addEventListener("click", cancel);
  box.append(no);
  return box;
}

function render(box, info, ctx) {
  redrawBoard = null;
  box.textContent = "";
  box.style.removeProperty("--cols");
  const bd = info.board;
  if (!bd) {
    sel = null;
    box.className = "board text";
    box.append(el("pre", "textpos", info.drawing || info.position));
    return;
  }
  box.className = "board " + bd.style;
  if (bd.style === "grid") {
    renderGrid(box, info, ctx);
  } else if (bd.style === "hands") {
    renderHands(box, info, ctx);
  } else if (bd.style === "heaps") {
    renderHeaps(box, info, ctx);
  } else if (bd.style === "cards") {
    const table = el("div", "table", "On the table: " + bd.table_total + " of " + bd.target_total + " (exactly " + bd.target_total + ": second player wins; more: first player wins)");
    ["first", "second"].forEach((p, i) => {
      const hand = bd.cards[i];
      const row = el("div", "cardsrow" + (info.turn === p && !info.ended ? " tomove" : ""));
      row.append(el("span", "who", cap(p) + " player" + (info.turn === p && !info.ended ? " — to move" : "")));
      const cards = el("span", "cards");
      hand.card_values.forEach((v, k) => {
        const who = cap(p) + " player's";
        if (hand.played[k]) cards.append(cardButton(info, ctx, "", String(v), "card played", who));
        else cards.append(cardButton(info, ctx, hand.card_moves[k], String(v), "card", who));
      });
      row.append(cards);
      box.append(row);
      if (i === 0) box.append(table);
    });
  }
}

return { render };
})();
