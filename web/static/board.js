// sente's boards: a position's board drawn from the "board" field of
// /api/position, played by clicking its cells. The page calls
// SenteBoard.render(box, info, ctx) where ctx is
//   {hints: bool, canPlay: bool, play(move), valueClass(value) -> "win"|"tie"|"lose"|"unknown",
//    lineLength: k}
// and move is an entry of info.moves; lineLength, when given, is the
// pieces in a row that win (0: a whole row), for a grid of marks to show
// the line that won once the game is over (class "won"), -1 for none.
// board.players, when given, names the players by their pieces ("white",
// "black"), as every cell's and hand's name then does.
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
//   data-hand=P      a piece in hand (board.in_hand, dōbutsu shōgi, Gobblet
//                    Gobblers), P as in_hand writes it: the mover's is
//                    selected by a click as a data-from piece is, its drops
//                    (plays whose from_hand is P) then the targets;
//   data-land="A B"  a target whose moves each take a piece off the board
//                    too (remove_cell, a mill in the morris games): its
//                    click does not play yet but lands the piece there
//                    (class "landed"), and the pieces those moves take are
//                    then the targets, each with data-move and class
//                    "take"; a click elsewhere, the chooser's Cancel or
//                    Escape backs out.
// On a board with gravity (connect four) the empty cells above the one a
// piece falls to play the same move, without data-move. Cards carry
// data-move as grid cells do. The selection is kept while the page redraws
// the same position, so a redraw does not drop it.
//
// Every cell has an accessible name, aria-label, that says in words what
// it shows by colour and shape: its square (the board's own row and
// column labels, "b2"), the piece on it, and with hints the value of what
// a click there plays ("b2: win in 5", "a4 O: moves, best win in 3",
// "d7 second player's stone: take, win in 5").
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
// or "" for none), the cell it landed on while the piece it takes is
// chosen (or "" for none) and the cell whose chooser is open, if any.
// redrawBoard draws the last grid again, for a cancel that comes from off
// the board.
let sel = null;
let redrawBoard = null;
// names is what the board being drawn calls the players, the first then
// the second, when its pieces name them (board.players: the morris games'
// "white" and "black"); null when it does not.
let names = null;
// lastCell is the cell ("r,c") the focus was last on, where the arrow keys
// go on from when the focus is on the board itself.
let lastCell = "";

// ownerWords says whose piece c is: "white", or "first player's".
function ownerWords(c) {
  const who = pieceOwner(c);
  return names ? names[who === "first" ? 0 : 1] : who + " player's";
}

// handWords names player who's hand ("first" or "second"): "White's hand",
// or "First player's hand".
function handWords(who) {
  return names ? cap(names[who === "first" ? 0 : 1]) + "'s hand" : cap(who) + " player's hand";
}

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
// itself, or a chooser when they are several; or, given land, a click
// calls land, which lands the piece there to take another (data-land).
// verb, when given, says what a click does ("take"), after the name.
function target(b, name, moves, info, ctx, redraw, k, verb, land) {
  b.classList.add("playable");
  if (ctx.hints) {
    const c = bestClass(moves, ctx);
    if (c !== "unknown") b.classList.add(c);
  }
  b.disabled = !ctx.canPlay;
  const named = verb ? name + ": " + verb : name;
  const then = verb ? ", " : ": ";
  if (land) {
    const best = bestMove(moves, ctx);
    b.dataset.land = moves.map((m) => m.move).join(" ");
    b.title = "Then take a piece: " + moves.map((m) => moveTitle(m, ctx)).join(", ");
    b.setAttribute("aria-label", named + (ctx.hints && best.value ? then + "best " + moveLabel(best) : ""));
    b.addEventListener("click", land);
    return;
  }
  if (moves.length === 1) {
    const m = moves[0];
    b.dataset.move = m.move;
    b.title = moveTitle(m, ctx);
    b.setAttribute("aria-label", named + (ctx.hints && m.value ? then + moveLabel(m) : ""));
    b.addEventListener("click", () => { sel = null; ctx.play(m); });
    return;
  }
  b.dataset.choose = moves.map((m) => m.move).join(" ");
  b.title = moves.map((m) => moveTitle(m, ctx)).join("; ");
  b.setAttribute("aria-label", named + ": " + moves.map((m) => m.move + (ctx.hints && m.value ? " " + moveLabel(m) : "")).join(", "));
  b.addEventListener("click", () => {
    sel = { position: info.position, from: sel ? sel.from : "", to: sel ? sel.to : "", choose: k };
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
// part; chooser() is the open chooser, or null; shows(k, c) is what the
// cell k holding c shows now (a piece landed has left its cell).
//
// A move that takes a piece too (remove_cell) is played by one click
// more: a click on its target lands the piece there (sel.to, drawn with
// the piece and selected, the cell it came from, sel.from, drawn empty; ""
// for a placement), and the pieces the moves landing there take are then
// the targets, each playing its move.
function playing(box, info, ctx) {
  const bd = info.board;
  const redraw = () => redrawKeepingFocus(box, info, ctx);
  const byName = new Map(info.moves.map((m) => [m.move, m]));
  const drops = new Map(); // cell key -> moves played by one click there
  const froms = new Map(); // cell key -> [{move, to}] of the piece there
  const takes = new Map(); // move name -> the cell key of the piece it takes
  const fromHand = new Set(); // the names of the drops from a hand
  const push = (map, k, v) => { if (!map.has(k)) map.set(k, []); map.get(k).push(v); };
  for (const p of bd.plays || []) {
    const m = byName.get(p.move);
    if (!m) continue;
    if (p.from_cell) push(froms, cellKey(p.from_cell), { move: m, to: cellKey(p.to_cell) });
    else push(drops, cellKey(p.to_cell), m);
    // A drop from a hand shown as pieces is also played as a step from
    // its piece in hand; a click on its square alone still plays it.
    if (p.from_hand) {
      push(froms, "hand:" + p.from_hand, { move: m, to: cellKey(p.to_cell) });
      fromHand.add(m.move);
    }
    if (p.remove_cell) takes.set(m.move, cellKey(p.remove_cell));
  }
  // A piece that moves is taken up by a click on it, even where a piece
  // from a hand may be dropped over it (Gobblet Gobblers): those drops are
  // played from the hand.
  for (const k of froms.keys()) if (drops.has(k) && drops.get(k).every((m) => fromHand.has(m.move))) drops.delete(k);
  // The moves that put the piece at from ("" for none) on the cell k, and
  // whether they all take a piece, so that a click on k lands it there.
  const landing = (from, k) => (from ? (froms.get(from) || []).filter((t) => t.to === k).map((t) => t.move) : drops.get(k) || []);
  const lands = (ms) => ms.length > 0 && ms.every((m) => takes.has(m.move));
  if (sel && (sel.position !== info.position || !ctx.canPlay || (sel.from && !froms.has(sel.from)) || (sel.to && !lands(landing(sel.from, sel.to))))) sel = null;
  const active = new Map(); // cell key -> moves a click there plays now
  if (sel && sel.to) {
    for (const m of landing(sel.from, sel.to)) push(active, takes.get(m.move), m);
  } else if (sel && sel.from) {
    for (const t of froms.get(sel.from)) push(active, t.to, t.move);
  } else {
    for (const [k, ms] of drops) active.set(k, ms);
  }
  const cancel = () => { sel = null; redraw(); };
  redrawBoard = redraw;
  const cellAt = (k) => { const [r, c] = k.split(",").map(Number); return (bd.cells[r] || [])[c] || ""; };
  const shows = (k, c) => {
    if (!sel || !sel.to || k !== sel.to && k !== sel.from) return c;
    if (k === sel.from) return "";
    if (sel.from.startsWith("hand:")) return sel.from.slice(5);
    return sel.from ? cellAt(sel.from) : info.turn === "second" ? "o" : "x";
  };

  const decorate = (b, k, name) => {
    b.dataset.cell = k;
    b.setAttribute("aria-label", name);
    if (!ctx.canPlay) b.disabled = true;
    if (sel && sel.to === k) {
      b.classList.add("selected", "landed");
      b.title = "Landed: click a highlighted piece to take it, or here again to cancel";
      b.setAttribute("aria-label", name + ": landed, take a highlighted piece");
      b.addEventListener("click", cancel);
    } else if (sel && sel.to) {
      if (active.has(k)) {
        target(b, name, active.get(k), info, ctx, redraw, k, "take");
        b.classList.add("target", "take");
        if (sel.choose === k) b.classList.add("choosing");
      } else {
        b.classList.add("inert");
        b.addEventListener("click", cancel);
      }
    } else if (sel && sel.from === k) {
      b.classList.add("selected");
      b.dataset.from = k;
      b.title = "Selected: click a highlighted cell to move it there, or here again to cancel";
      b.setAttribute("aria-label", name + ": selected");
      b.addEventListener("click", cancel);
    } else if (active.has(k)) {
      const ms = active.get(k);
      const land = lands(ms) ? () => { sel = { position: info.position, from: sel ? sel.from : "", to: k, choose: "" }; redraw(); } : null;
      target(b, name, ms, info, ctx, redraw, k, land ? "then take" : "", land);
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
      b.addEventListener("click", () => { sel = { position: info.position, from: k, to: "", choose: "" }; redraw(); });
    } else if (sel) {
      b.classList.add("inert");
      b.addEventListener("click", cancel);
    } else {
      return false;
    }
    return true;
  };
  const open = () => {
    if (sel && sel.choose && active.has(sel.choose)) return chooser(active.get(sel.choose), ctx, cancel);
    if (sel && sel.to) return chooser([], ctx, cancel, "Take which piece? Click a highlighted one.");
    return null;
  };
  return { drops, selecting: !!sel, decorate, chooser: open, shows };
}

// redrawKeepingFocus draws the board again, the focus, when it was on the
// board, back on the same cell (or the first one to click), so that a
// selection made from the keyboard does not send the focus to the top of
// the page.
function redrawKeepingFocus(box, info, ctx) {
  const a = document.activeElement;
  const was = a && a !== box && box.contains(a) ? a.dataset.cell || "" : null;
  render(box, info, ctx);
  if (was === null) return;
  const same = was && [...box.querySelectorAll("button[data-cell]")].find((b) => b.dataset.cell === was && !b.disabled);
  const next = same || box.querySelector("button:not(:disabled)");
  if (next) next.focus();
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
  if (pieceSets[bd.piece_set]) return renderPieces(box, info, ctx, bd.piece_set);
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
  const won = info.ended && (info.winner === "first" || info.winner === "second") ? winningLines(bd.cells, typeof ctx.lineLength === "number" ? ctx.lineLength : -1) : new Set();
  const t = gridTable(bd, (shown, r, ci) => {
    const c = pl.shows(r + "," + ci, shown);
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
    if (won.has(r + "," + ci)) {
      b.classList.add("won");
      b.setAttribute("aria-label", b.getAttribute("aria-label") + ", in the winning line");
    }
    return b;
  });
  box.append(t);
  const ch = pl.chooser();
  if (ch) box.append(ch);
  if (bd.caption) box.append(el("p", "small caption", bd.caption));
}

// winningLines is the cells ("r,c") of every line of k or more of one mark
// (x or o) across, down or diagonal: at the end of a game won by k in a
// row (tic-tac-toe, connect four, quixo), the line that won. A k of 0 is a
// whole row of the board, as quixo's k=0 is.
function winningLines(cells, k) {
  const out = new Set();
  const rows = cells.length;
  const cols = Math.max(0, ...cells.map((row) => row.length));
  if (k === 0) k = Math.min(rows, cols);
  if (k < 2) return out;
  const at = (r, c) => (r >= 0 && r < rows && c >= 0 && c < (cells[r] || []).length ? cells[r][c] : "");
  for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const m = at(r, c);
        // Each run counted once, from its first cell.
        if ((m !== "x" && m !== "o") || at(r - dr, c - dc) === m) continue;
        let n = 0;
        while (at(r + n * dr, c + n * dc) === m) n++;
        if (n >= k) for (let i = 0; i < n; i++) out.add((r + i * dr) + "," + (c + i * dc));
      }
    }
  }
  return out;
}

// arrows lets the arrow keys move the focus between the board's cells
// (once per box): to the nearest cell that can be clicked in the arrow's
// direction, on the same row or column first; from the board itself, to
// the cell the focus was last on, or the nearest to it. They are not also
// the page's Undo and Redo there.
function arrows(box) {
  if (box.dataset.arrows) return;
  box.dataset.arrows = "1";
  const grid = /^\d+,\d+$/;
  const where = (b) => b.dataset.cell.split(",").map(Number);
  box.addEventListener("focusin", (e) => {
    const b = e.target instanceof Element ? e.target.closest("button[data-cell]") : null;
    if (b && grid.test(b.dataset.cell)) lastCell = b.dataset.cell;
  });
  box.addEventListener("keydown", (e) => {
    const d = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
    if (!d || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.target instanceof Element && e.target.closest(".chooser")) return;
    const cells = [...box.querySelectorAll("button[data-cell]:not(:disabled)")].filter((b) => grid.test(b.dataset.cell));
    if (!cells.length) return;
    const from = e.target instanceof Element ? e.target.closest("button[data-cell]") : null;
    let next = null, best = Infinity;
    if (from && grid.test(from.dataset.cell)) {
      const [r0, c0] = where(from);
      for (const b of cells) {
        const [r, c] = where(b);
        const along = (r - r0) * d[0] + (c - c0) * d[1];
        const across = d[0] ? Math.abs(c - c0) : Math.abs(r - r0);
        const score = across * 1000 + along;
        if (along > 0 && score < best) { best = score; next = b; }
      }
    } else {
      const [r0, c0] = lastCell ? lastCell.split(",").map(Number) : [0, 0];
      for (const b of cells) {
        const [r, c] = where(b);
        const score = Math.abs(r - r0) + Math.abs(c - c0);
        if (score < best) { best = score; next = b; }
      }
    }
    if (next) next.focus();
  });
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

// pieceOwner is the player whose piece c is: x and upper case letters the
// first player's, o and lower case letters the second's.
function pieceOwner(c) {
  return c === "x" || (c !== "o" && c === c.toUpperCase()) ? "first" : "second";
}

// dobutsuTile draws the piece c. Its name is squeezed to the room between
// the side dots, so that "Elephant" fits a phone's square as "Hen" does.
function dobutsuTile(c) {
  const kind = dobutsuKinds[c.toUpperCase()] || { name: c, dirs: [] };
  const s = svgEl("svg", { viewBox: "0 0 100 100", class: "dtile " + pieceOwner(c) + " k" + c.toUpperCase(), "aria-hidden": "true", focusable: "false" });
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
  const b = el("button", "cell " + (c ? "dpiece " + pieceOwner(c) : "empty") + (extra ? " " + extra : ""));
  b.type = "button";
  if (c) {
    b.append(dobutsuTile(c));
    b.title = cap(pieceOwner(c)) + " player's " + dobutsuName(c);
  }
  return b;
}

// Gobblet Gobblers (board.piece_set "gobblet"): a cell holds a stack, from
// the top down ("Lm"), and shows its top piece large, by its size: a
// large, medium or small round piece. The first player's are solid, the
// second player's rings, so that the owner shows by shape as well as by
// colour, which the hints' values use; the pieces beneath are drawn small
// in the cell's lower left corner, top first. Each player's pieces in
// hand are beside the board, a button a size, as dōbutsu shōgi's are.
const gobbletSizes = { L: "large", M: "medium", S: "small" };
const gobbletRadius = { L: 45, M: 33, S: 21 };

function gobbletSize(x) {
  return gobbletSizes[x.toUpperCase()] || x;
}

function gobbletStackName(stack) {
  return [...stack].map((x) => ownerWords(x) + " " + gobbletSize(x)).join(" over ");
}

// gobbletPiece draws the piece x on a tile of 100×100, its letter (L, M
// or S) in its middle.
function gobbletPiece(x) {
  const size = x.toUpperCase();
  const r = gobbletRadius[size] || 30;
  const s = svgEl("svg", { viewBox: "0 0 100 100", class: "gtile " + pieceOwner(x) + " g" + size, "aria-hidden": "true", focusable: "false" });
  const ring = pieceOwner(x) === "second" ? r * 0.28 : 0;
  s.append(svgEl("circle", { class: "face", cx: 50, cy: 50, r: r - ring / 2 - 1.5, "stroke-width": ring || 3 }));
  const t = svgEl("text", { x: 50, y: 51, "font-size": (r * 0.8).toFixed(1), "text-anchor": "middle", "dominant-baseline": "central" });
  t.textContent = size;
  s.append(t);
  return s;
}

function gobbletButton(stack, extra) {
  const b = el("button", "cell " + (stack ? "gstack " + pieceOwner(stack[0]) : "empty") + (extra ? " " + extra : ""));
  b.type = "button";
  if (!stack) return b;
  b.append(gobbletPiece(stack[0]));
  if (stack.length > 1) {
    const under = el("span", "gunder", "over");
    under.setAttribute("aria-hidden", "true");
    for (const x of stack.slice(1)) under.append(el("span", "gmini " + pieceOwner(x) + " g" + x.toUpperCase()));
    b.append(under);
  }
  b.title = cap(gobbletStackName(stack));
  return b;
}

// pieceHand draws player i's pieces in hand (0 the first player) of the
// piece set set, one button a kind, its count beside it when more than
// one.
function pieceHand(info, ctx, pl, i, set) {
  const bd = info.board;
  const who = i === 0 ? "first" : "second";
  const tomove = info.turn === who && !info.ended;
  const box = el("div", "dhand " + who + (tomove ? " tomove" : ""));
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", handWords(who));
  box.append(el("span", "dwho", handWords(who) + (tomove ? " (to move)" : "")));
  const pieces = el("div", "dpieces");
  const counts = new Map();
  for (const x of (bd.in_hand && bd.in_hand[i]) || []) counts.set(x, (counts.get(x) || 0) + 1);
  if (counts.size === 0) pieces.append(el("span", "dnone", "none"));
  for (const [x, n] of counts) {
    const b = set.button(x, "inhand");
    b.dataset.hand = x;
    b.dataset.count = String(n);
    const name = handWords(who) + ": " + set.inHand(x, n);
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

// The piece sets a grid may be drawn with (board.piece_set): a cell's
// button (a piece, a stack, or nothing), what it holds in words, and a
// player's pieces of one kind in hand in words.
const pieceSets = {
  dobutsu: {
    button: dobutsuButton,
    name: (c) => pieceOwner(c) + " player's " + dobutsuName(c),
    inHand: (x, n) => (n === 1 ? dobutsuName(x) : n + " " + dobutsuName(x) + "s"),
  },
  gobblet: {
    button: gobbletButton,
    name: gobbletStackName,
    inHand: (x, n) => (n === 1 ? "" : n + " ") + gobbletSize(x) + (n === 1 ? " piece" : " pieces"),
  },
};

// renderPieces draws a board of pieces (dōbutsu shōgi, Gobblet Gobblers)
// between the hands: the second player's by its side of the board, the
// first player's by the other.
function renderPieces(box, info, ctx, setName) {
  const bd = info.board;
  const set = pieceSets[setName];
  const pl = playing(box, info, ctx);
  box.classList.add(setName);
  box.style.setProperty("--cols", String(Math.max(1, ...bd.cells.map((row) => row.length))));
  const t = gridTable(bd, (held, r, ci) => {
    const c = pl.shows(r + "," + ci, held);
    const b = set.button(c);
    const square = squareName(bd, r, ci);
    const name = square + (c ? " " + set.name(c) : "");
    if (!pl.decorate(b, r + "," + ci, name)) {
      b.disabled = true;
      if (!c) b.setAttribute("aria-label", square + " empty");
    }
    return b;
  });
  const layout = el("div", "dlayout");
  layout.append(pieceHand(info, ctx, pl, 1, set), t, pieceHand(info, ctx, pl, 0, set));
  box.append(layout);
  const ch = pl.chooser();
  if (ch) box.append(ch);
  if (bd.caption) box.append(el("p", "small caption", bd.caption));
}

// renderPoints draws a board of points (board.style "points", the morris
// games): its lines behind, from the centre of a cell to the centre of
// another, and on each point (a cell the lines join) a round button with
// its stone, if any: the first player's white, the second player's black,
// which tells them apart by shade as well as by colour. The other cells
// are blank. A point is played as a grid's cell is: a click places a
// stone, a click on a stone then on a point moves it, and a move that
// makes a mill lands there first, the stones it may take then the
// targets (see playing).
function renderPoints(box, info, ctx) {
  const bd = info.board;
  const pl = playing(box, info, ctx);
  const rows = bd.cells.length;
  const cols = Math.max(1, ...bd.cells.map((row) => row.length));
  box.style.setProperty("--cols", String(cols));
  box.style.setProperty("--rows", String(rows));
  const points = new Set();
  for (const line of bd.lines || []) for (const end of line) points.add(cellKey(end));
  const grid = el("div", "pgrid");
  const lines = svgEl("svg", { class: "plines", viewBox: "0 0 " + cols + " " + rows, preserveAspectRatio: "none", "aria-hidden": "true", focusable: "false" });
  for (const [a, z] of bd.lines || []) lines.append(svgEl("line", { x1: a[1] + 0.5, y1: a[0] + 0.5, x2: z[1] + 0.5, y2: z[0] + 0.5 }));
  grid.append(lines);
  const at = (e, r, c) => { e.style.gridRow = String(r + 1); e.style.gridColumn = String(c + 1); return e; };
  bd.cells.forEach((row, r) => {
    grid.append(at(el("span", "plabel", bd.row_labels ? bd.row_labels[r] : ""), r, 0));
    row.forEach((held, ci) => {
      const k = r + "," + ci;
      // A board without lines has every cell a point.
      if (points.size > 0 && !points.has(k) && !held) return;
      const c = pl.shows(k, held);
      const b = at(el("button", "cell pt " + (c ? "stone " + pieceOwner(c) : "empty")), r, ci + 1);
      b.type = "button";
      if (c) b.append(el("span", "disc"));
      else b.append(el("span", "spot"));
      const square = squareName(bd, r, ci);
      if (c) b.title = cap(ownerWords(c)) + " stone";
      if (!pl.decorate(b, k, square + (c ? " " + ownerWords(c) + " stone" : ""))) {
        b.disabled = true;
        if (!c) b.setAttribute("aria-label", square + " empty");
      }
      grid.append(b);
    });
  });
  (bd.col_labels || []).forEach((l, ci) => grid.append(at(el("span", "plabel col", l), rows, ci + 1)));
  box.append(grid);
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
      if (n === 5) {
        const cross = el("span", "", "✕ ");
        cross.setAttribute("aria-hidden", "true");
        fingers.append(cross, "dead");
      } else if (n === 0) fingers.textContent = "0 (empty)";
      else {
        for (let k = 0; k < n; k++) fingers.append(el("span", "finger"));
        fingers.append(el("span", "count", String(n)));
      }
      h.append(" ", fingers);
      // The name holds the words the button shows ("left 3"), as a person
      // who speaks to a screen reader reads them (WCAG's label in name).
      const fingerWords = n === 5 ? "dead" : n === 0 ? "0 (empty)" : n === 1 ? "1 finger" : n + " fingers";
      if (!pl.decorate(h, i + "," + j, cap(p) + " player's hand, " + side + " " + fingerWords)) h.disabled = true;
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

// renderPits draws a mancala board (Kalah): the second player's houses
// along the top, read from their left (so right to left), the first
// player's along the bottom, and a store at each end, each with its
// seeds. A click on a house of the player to move sows it.
function renderPits(box, info, ctx) {
  const bd = info.board;
  const pl = playing(box, info, ctx);
  const houses = Math.max(0, (bd.cells[0] || []).length - 2);
  box.style.setProperty("--cols", String(houses + 2));
  const grid = el("div", "pitgrid");
  const store = (who, seeds, col) => {
    const s = el("div", "store " + who, seeds);
    s.setAttribute("role", "img");
    s.setAttribute("aria-label", cap(who) + " player's store, " + seeds + (seeds === "1" ? " seed" : " seeds"));
    s.style.gridColumn = String(col);
    return s;
  };
  grid.append(store("second", bd.cells[0][0], 1));
  [0, 1].forEach((r) => {
    const who = r === 0 ? "second" : "first";
    for (let c = 1; c <= houses; c++) {
      const seeds = bd.cells[r][c];
      const house = r === 0 ? houses - c + 1 : c;
      const b = el("button", "cell pit " + who, seeds);
      b.type = "button";
      b.style.gridColumn = String(c + 1);
      b.style.gridRow = String(r + 1);
      const label = cap(who) + " player's house " + house + ", " + seeds + (seeds === "1" ? " seed" : " seeds");
      if (!pl.decorate(b, r + "," + c, label)) {
        b.disabled = true;
        b.setAttribute("aria-label", label);
      }
      grid.append(b);
    }
  });
  grid.append(store("first", bd.cells[1][houses + 1], houses + 2));
  box.append(grid);
  const ch = pl.chooser();
  if (ch) box.append(ch);
  if (bd.caption) box.append(el("p", "small caption", bd.caption));
}

// chooser asks which of several moves on one cell to play, or, without
// moves, says what to do (ask) beside a Cancel button.
function chooser(moves, ctx, cancel, ask) {
  const box = el("div", "chooser");
  box.append(el("span", "ask", ask || "Which move?"));
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
  arrows(box);
  names = info.board && Array.isArray(info.board.players) && info.board.players.length === 2 ? info.board.players : null;
  box.textContent = "";
  box.style.removeProperty("--cols");
  box.style.removeProperty("--rows");
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
  } else if (bd.style === "points") {
    renderPoints(box, info, ctx);
  } else if (bd.style === "hands") {
    renderHands(box, info, ctx);
  } else if (bd.style === "heaps") {
    renderHeaps(box, info, ctx);
  } else if (bd.style === "pits") {
    renderPits(box, info, ctx);
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
