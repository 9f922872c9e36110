// sente's boards: a position's board drawn from the "board" field of
// /api/position, with the cells that play a move clickable. The page calls
// SenteBoard.render(box, info, ctx) where ctx is
//   {hints: bool, canPlay: bool, play(move), valueClass(value) -> "win"|"tie"|"lose"|"unknown"}
// and move is an entry of info.moves.
"use strict";

const SenteBoard = (() => {
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function moveLabel(m) {
  if (!m.value) return "";
  if (m.value === "draw") return "draw";
  return m.value + " in " + m.remoteness;
}

function boardButton(info, ctx, name, text, extra) {
  const m = name ? info.moves.find((x) => x.name === name) : null;
  const b = el("button", "cell " + (extra || ""), text);
  b.type = "button";
  if (m) {
    b.classList.add("playable");
    if (ctx.hints && m.value) b.classList.add(ctx.valueClass(m.value));
    b.dataset.move = m.name;
    b.title = m.name + (ctx.hints && m.value ? ": " + moveLabel(m) : "");
    b.disabled = !ctx.canPlay;
    b.addEventListener("click", () => ctx.play(m));
  } else {
    b.disabled = true;
  }
  return b;
}

function render(box, info, ctx) {
  box.textContent = "";
  const bd = info.board;
  if (!bd) {
    box.className = "board text";
    box.append(el("pre", "textpos", info.drawing || info.position));
    return;
  }
  box.className = "board " + bd.kind;
  if (bd.kind === "grid") {
    const t = el("table", "grid");
    bd.cells.forEach((row, r) => {
      const tr = el("tr");
      tr.append(el("th", "", bd.rowLabels ? bd.rowLabels[r] : ""));
      row.forEach((c, ci) => {
        const td = el("td");
        td.append(boardButton(info, ctx, bd.moves[r][ci], c === "x" ? "X" : c === "o" ? "O" : "", c ? "stone " + c : "empty"));
        tr.append(td);
      });
      t.append(tr);
    });
    const tr = el("tr");
    tr.append(el("th"));
    for (const l of bd.colLabels || []) tr.append(el("th", "", l));
    t.append(tr);
    box.append(t);
    if (bd.caption) box.append(el("p", "small", bd.caption));
  } else if (bd.kind === "hands") {
    ["second", "first"].forEach((p) => {
      const i = p === "first" ? 0 : 1;
      const row = el("div", "handsrow" + (info.turn === p && !info.ended ? " tomove" : ""));
      row.append(el("span", "who", cap(p) + " player" + (info.turn === p && !info.ended ? " — to move" : "")));
      ["left", "right"].forEach((side, j) => {
        const n = bd.hands[i][j];
        const h = el("div", "hand" + (n === 5 ? " dead" : ""));
        h.append(el("span", "side", side));
        const fingers = el("span", "fingers");
        if (n === 5) fingers.textContent = "✕ dead";
        else if (n === 0) fingers.textContent = "0 (empty)";
        else {
          for (let k = 0; k < n; k++) fingers.append(el("span", "finger"));
          fingers.append(el("span", "count", String(n)));
        }
        h.append(fingers);
        row.append(h);
      });
      box.append(row);
    });
    box.append(el("p", "small", "Moves: LxR means your left hand touches the opponent's right hand; L2R moves 2 fingers from your left hand to your right."));
  } else if (bd.kind === "cards") {
    const table = el("div", "table", "On the table: " + bd.total + " of " + bd.target + " (exactly " + bd.target + ": second player wins; more: first player wins)");
    ["first", "second"].forEach((p, i) => {
      const hand = bd.cards[i];
      const row = el("div", "cardsrow" + (info.turn === p && !info.ended ? " tomove" : ""));
      row.append(el("span", "who", cap(p) + " player" + (info.turn === p && !info.ended ? " — to move" : "")));
      hand.values.forEach((v, k) => {
        if (hand.played[k]) row.append(boardButton(info, ctx, "", String(v), "card played"));
        else row.append(boardButton(info, ctx, hand.moves[k], String(v), "card"));
      });
      box.append(row);
      if (i === 0) box.append(table);
    });
  }
}

return { render };
})();
