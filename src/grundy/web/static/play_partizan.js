// grundy serve: playing a partizan game (Domineering, Toads and Frogs, Clobber, Cutcake, ...) against the
// perfect opponent, the human as Left or Right. Uses the helpers of app.js ($, el, postJSON, showError, arrow,
// resultKind) and the play API: POST /api/play {spec, position, side, first}, /api/play/ID/move, /undo, /new.
"use strict";

const pzPlay = {id: null, turns: [], moves: [], over: false, busy: false};

// a component as it is drawn: a grid of cells for a board of rows, else its text
function pzComponent(component, number) {
  let body;
  if (component.rows) {
    const cols = Math.max(1, ...component.rows.map((r) => r.length));
    body = el("div", {class: "pz-grid", style: `grid-template-columns: repeat(${cols}, 28px)`,
      "data-rows": component.rows.length, "data-cols": cols});
    for (const row of component.rows) {
      for (const c of row.padEnd(cols, " ")) body.append(el("div", {class: "pz-cell", "data-c": c, text: c === "." ? "" : c}));
    }
  } else {
    body = el("div", {class: "pz-text", text: component.text});
  }
  return el("figure", {class: "pz-component", "data-text": component.text},
    el("figcaption", {text: `${number}: ${component.text}`}), body);
}

function pzRenderBoard(turn) {
  const board = $("#pzp-board");
  board.replaceChildren();
  if (!turn.board.length) board.append(el("p", {class: "muted", text: "(nothing left)"}));
  turn.board.forEach((component, i) => board.append(pzComponent(component, i + 1)));
}

function pzStatus(turn) {
  const status = $("#pzp-status");
  const you = turn.side === "left" ? "Left" : "Right";
  if (turn.over) {
    status.textContent = `Game over: ${turn.end}.`;
    status.dataset.state = "over";
    return;
  }
  const mover = turn.to_move === "human" ? `Your move (you are ${you})` : `${turn.to_move_side}'s move (the computer)`;
  const outlook = turn.value === "win" ? "can win" : "will lose against perfect play";
  status.textContent = `${mover}: ${turn.to_move === "human" ? "you" : "the computer"} ${outlook} `
    + `(the position's value is ${turn.game_value}).`;
  status.dataset.state = "playing";
}

function pzRender(resp) {
  for (const t of resp.turns || []) {
    pzPlay.turns = pzPlay.turns.filter((old) => old.turn < t.turn);
    pzPlay.turns.push(t);
  }
  pzPlay.moves = resp.moves || [];
  pzPlay.over = resp.over;
  const last = pzPlay.turns[pzPlay.turns.length - 1];
  pzRenderBoard(last);
  pzStatus(last);
  const box = $("#pzp-moves");
  box.replaceChildren();
  for (const m of pzPlay.moves) {
    box.append(el("button", {type: "button", class: "play-move", "data-result": resultKind(m.result),
      "data-best": m.best ? "true" : "false", "data-move": m.move, title: m.why,
      onclick: () => pzMove(`#${m.number}`)},
    el("span", {class: "move-text", text: m.move}), el("span", {class: "move-after", text: `→ ${m.after}`})));
  }
  $("#pzp-moves-heading").hidden = pzPlay.over || !pzPlay.moves.length;
  $("#pzp-send").disabled = pzPlay.over;
  $("#pzp-input").disabled = pzPlay.over;
  $("#pzp-undo").disabled = !pzPlay.turns.some((t) => t.played && t.played.by === "human");
  const log = $("#pzp-log");
  log.replaceChildren();
  for (const t of pzPlay.turns) {
    const who = t.played ? (t.played.by === "human" ? "You" : "The computer") : null;
    log.append(el("li", {text: t.played ? `${who} played ${arrow(t.played.move)}, leaving ${t.position}`
      : `Start: ${t.position}`}));
  }
}

// one request of a game at a time; its error is shown under the buttons
async function pzSend(path, body) {
  if (pzPlay.busy) return null;
  pzPlay.busy = true;
  showError($("#pzp-error"), "");
  const box = $("#pz-play");
  box.setAttribute("aria-busy", "true");
  const shown = setTimeout(() => { $("#pzp-computing").hidden = false; }, 200);  // a quick answer shows none
  try {
    return await postJSON(path, body);
  } catch (e) {
    showError($("#pzp-error"), e.message);
    return null;
  } finally {
    clearTimeout(shown);
    $("#pzp-computing").hidden = true;
    box.setAttribute("aria-busy", "false");
    pzPlay.busy = false;
  }
}

async function pzStart() {
  const spec = $("#pz-spec").value;
  const position = $("#pz-position").value.trim();
  const resp = await pzSend("/api/play", {spec, position, side: $("#pzp-side").value, first: $("#pzp-first").value});
  if (!resp) return;
  Object.assign(pzPlay, {id: resp.id, turns: []});
  $("#pzp-area").hidden = false;
  pzRender(resp);
}

async function pzMove(move) {
  if (!pzPlay.id) return;
  const resp = await pzSend(`/api/play/${encodeURIComponent(pzPlay.id)}/move`, {move});
  if (!resp) return;
  $("#pzp-input").value = "";
  pzRender(resp);
}

async function pzAgain(what) {
  if (!pzPlay.id) return;
  const resp = await pzSend(`/api/play/${encodeURIComponent(pzPlay.id)}/${what}`, {});
  if (resp) pzRender(resp);
}

document.addEventListener("DOMContentLoaded", () => {
  $("#pzp-start").addEventListener("click", pzStart);
  $("#pzp-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const move = $("#pzp-input").value.trim();
    if (move) pzMove(move);
  });
  $("#pzp-undo").addEventListener("click", () => pzAgain("undo"));
  $("#pzp-new").addEventListener("click", () => pzAgain("new"));
});
