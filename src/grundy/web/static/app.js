// grundy serve: the explorer page. Plain JavaScript, no library; talks to the JSON API of grundy.web.app.
"use strict";

const $ = (sel) => document.querySelector(sel);
const MAX_MOVES_SHOWN = 500;
const CELL = 16;  // heatmap cell size in CSS pixels (largest)
const DETAIL_MAX_HEIGHT = 12000;  // CSS pixels: a taller strip of cells is drawn as an overview
const OVERVIEW_ROWS = 250;  // the most rows of pixels of an overview
const OVERVIEW_ROW = 4;  // an overview's row: 3 pixels of colour, 1 of gap
const VALUES_AS_TEXT = 20000;  // the most values written out as text under the heatmap
const STRIP_COLS = 40;  // a strip's rows hold at most this many values (a longer period: one period a row)
const MARKED_PERIOD = 4;  // a shorter period is not marked period by period (Nim's 1 would mark every cell)

const state = {
  solveToken: 0,  // later requests win: an answer to an older one is dropped
  tableToken: 0,
  tableSpec: null,  // spec whose table is shown
  table: null,  // {values, first, twoD, pre, period, saltus}
  general: false,  // the solved game is one of the general solver
  game: null,  // play session: {id, turns, moves, over, hint}
  cursor: null,  // the heatmap's keyboard cell
};

// ---------------------------------------------------------------- API

async function api(path, options) {
  let res;
  try {
    res = await fetch(path, options);
  } catch (e) {
    throw new Error("could not reach the grundy server");
  }
  const type = res.headers.get("content-type") || "";
  let body = null;
  if (type.includes("json")) {
    try { body = await res.json(); } catch (e) { body = null; }
  } else {
    body = await res.text();
  }
  if (!res.ok) {
    const msg = body && typeof body === "object" && body.error ? body.error
      : (typeof body === "string" && body.trim() ? body.trim().split("\n")[0] : `HTTP ${res.status}`);
    throw new Error(msg);
  }
  return body;
}

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.set(k, String(v));
  return q.toString();
}

// the web's one arrow: a move's text from the service ("heap 1: 3 -> 0") is shown with "→"
function arrow(text) {
  return String(text).replace(/ -> /g, " → ");
}

function postJSON(path, obj) {
  return api(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(obj)});
}

// ---------------------------------------------------------------- helpers

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function showError(box, msg) {
  box.textContent = msg || "";
  box.hidden = !msg;
}

// 'tie' is drawn like 'draw': both are neither a win nor a loss
function resultKind(r) {
  return r === "win" ? "win" : r === "lose" ? "lose" : "draw";
}

const RESULT_WORD = {win: "wins", lose: "loses", draw: "draws", tie: "ties"};

function inputs() {
  return {spec: $("#spec").value.trim(), position: $("#position").value.trim(), misere: $("#misere").checked};
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------- catalogue

let searchTimer = null;
let searchToken = 0;

async function loadCatalogue() {
  const token = ++searchToken;
  const q = $("#search").value.trim();
  let entries;
  try {
    entries = await api("/api/list?" + query(q ? {q, kind: "impartial"} : {kind: "impartial"}));
  } catch (e) {
    $("#catalogue-count").textContent = e.message;
    return;
  }
  if (token !== searchToken) return;
  const list = $("#catalogue-list");
  list.replaceChildren();
  $("#catalogue-count").textContent = `${plural(entries.length, "ruleset")}${q ? ` matching “${q}”` : ""}`;
  for (const entry of entries) {
    const meaning = entry.forms && entry.forms.length ? entry.forms[0].meaning : "";
    const button = el("button", {type: "button", class: "entry", "data-name": entry.name,
      onclick: () => chooseEntry(entry)},
    el("span", {class: "entry-name", text: entry.name}),
    el("span", {class: "entry-family", text: entry.family || ""}),
    el("span", {class: "entry-meaning", text: meaning}));
    list.append(el("li", {}, button));
  }
}

// the example is a command line: 'grundy solve SPEC COMPONENT...'
function parseExample(example) {
  const words = (example || "").trim().split(/\s+/);
  const at = words.indexOf("solve");
  const rest = at >= 0 ? words.slice(at + 1) : words.slice(words[0] === "grundy" ? 2 : 0);
  return {spec: rest[0] || "", position: rest.slice(1).join(" ")};
}

function chooseEntry(entry) {
  const ex = parseExample(entry.example);
  $("#spec").value = ex.spec || entry.name;
  $("#position").value = ex.position;
  const forms = $("#forms");
  forms.replaceChildren();
  if (entry.forms && entry.forms.length) {
    forms.append(el("strong", {text: `${entry.name}: `}));
    entry.forms.forEach((f, i) => {
      if (i) forms.append("; ");
      forms.append(el("code", {text: f.spec}), ` — ${f.meaning}`);
    });
    if (entry.component) forms.append(el("br"), `A component: ${entry.component}.`);
    forms.hidden = false;
  } else {
    forms.hidden = true;
  }
  solve();
  $("#spec").focus();
}

// ---------------------------------------------------------------- solve

async function solve() {
  const {spec, position, misere} = inputs();
  const token = ++state.solveToken;
  showError($("#error"), "");
  if (!spec) {
    showError($("#error"), "enter a ruleset (spec), e.g. nim or subtraction:1,3,4");
    return;
  }
  const params = {spec, position};
  if (misere) params.misere = 1;
  const result = $("#result");
  result.setAttribute("aria-busy", "true");
  result.dataset.state = "loading";
  $("#computing").hidden = false;
  if (state.tableSpec !== spec) loadTable();
  const solveReq = api("/api/solve?" + query(params));
  const movesReq = api("/api/moves?" + query(params)).then((m) => ({ok: m}), (e) => ({err: e}));
  let answer;
  try {
    answer = await solveReq;
  } catch (e) {
    if (token !== state.solveToken) return;
    clearResult();
    showError($("#error"), e.message);
    result.setAttribute("aria-busy", "false");
    result.dataset.state = "error";
    $("#computing").hidden = true;
    return;
  }
  const moves = await movesReq;
  if (token !== state.solveToken) return;
  showResult(answer, moves, misere);
  result.setAttribute("aria-busy", "false");
  result.dataset.state = "done";
  $("#computing").hidden = true;
  const url = new URL(window.location.href);
  url.search = query(misere ? {spec, position, misere: 1} : {spec, position});
  history.replaceState(null, "", url);
}

function clearResult() {
  $("#outcome").textContent = "—";
  $("#outcome").removeAttribute("data-outcome");
  $("#grundy").textContent = "—";
  $("#remoteness").textContent = "—";
  $("#explanation").textContent = "";
  $("#moves").replaceChildren();
  $("#moves-note").textContent = "";
}

const GENERAL_OUTCOME = {
  win: "Win — the player to move wins",
  lose: "Lose — the player to move loses",
  tie: "Tie — with perfect play the game ends in a tie",
  draw: "Draw — with perfect play the game never ends",
};

function showResult(answer, moves, misere) {
  clearResult();
  const general = "value" in answer && !("grundy" in answer);
  state.general = general;
  const outcome = $("#outcome");
  if (general) {
    outcome.textContent = GENERAL_OUTCOME[answer.value] || answer.value;
    outcome.dataset.outcome = answer.value;
    $("#grundy").textContent = `none: a game of the general solver (${plural(answer.states, "position")} solved)`;
    $("#remoteness").textContent = remotenessText(answer.remoteness);
    const best = answer.best_moves || [];
    $("#explanation").textContent = best.length ? `Best ${best.length === 1 ? "move" : "moves"}: ${best.map(arrow).join("; ")}` : "";
  } else {
    outcome.dataset.outcome = answer.outcome;
    outcome.textContent = answer.outcome === "N" ? "N — the player to move wins"
      : "P — the player to move loses (the previous player wins)";
    if (answer.misere) outcome.textContent += ", in misère play";
    if (answer.grundy === null || answer.grundy === undefined) {
      // misère play has no Grundy value: the outcome is what counts
      $("#grundy").replaceChildren("—", el("span", {class: "muted", id: "grundy-note",
        text: answer.misere ? " (misère play has no Grundy value; the outcome is what counts)" : " (none)"}));
    } else {
      const comps = answer.component_values && answer.component_values.length > 1
        ? ` (components: ${answer.component_values.join(", ")})` : "";
      $("#grundy").textContent = `${answer.grundy}${comps}`;
    }
    $("#explanation").textContent = arrow(answer.explanation || "");
  }
  if (moves.ok) {
    if (!general || $("#remoteness").textContent === "—") $("#remoteness").textContent = remotenessText(moves.ok.remoteness);
    renderMoves(moves.ok.moves, general);
  } else {
    // the position is answered but its moves could not all be listed (e.g. a huge heap): show the winning ones
    $("#moves-note").textContent = `Not every move can be listed: ${moves.err.message}`;
    if (!general) renderMoves((answer.winning_moves || []).map((m, i) => ({
      number: i + 1, move: m.move, result: "win", why: m.why, best: true})), true);
  }
}

function remotenessText(r) {
  if (r === undefined || r === null) return "—";
  return `${r}: with perfect play the game lasts ${plural(r, "more move")}`;
}

function renderMoves(moves, noClick) {
  const list = $("#moves");
  list.replaceChildren();
  const only = $("#only-winning").checked;
  const shown = only ? moves.filter((m) => m.result === "win") : moves;
  const wins = moves.filter((m) => m.result === "win").length;
  let note = moves.length ? `${plural(moves.length, "move")}, ${wins} winning` : "No moves: the game is over here.";
  if (shown.length > MAX_MOVES_SHOWN) note += `; the first ${MAX_MOVES_SHOWN} shown`;
  if (!$("#moves-note").textContent) $("#moves-note").textContent = note;
  for (const m of shown.slice(0, MAX_MOVES_SHOWN)) {
    const kind = resultKind(m.result);
    const parts = [
      el("span", {class: "move-num", text: m.number !== undefined ? `${m.number}.` : ""}),
      el("span", {class: "move-text", text: arrow(m.move)}),
      m.after !== undefined && m.after !== null ? el("span", {class: "move-after", text: `→ ${m.after}`}) : null,
      el("span", {class: "badge", text: (RESULT_WORD[m.result] || m.result) + (m.best ? " ★ best" : "")}),
      m.remoteness !== undefined ? el("span", {class: "move-rem", text: `remoteness ${m.remoteness}`}) : null,
      m.why ? el("span", {class: "move-why", text: arrow(m.why)}) : null,
    ];
    const clickable = !noClick && m.after !== undefined && m.after !== null;
    const body = clickable
      ? el("button", {type: "button", class: "move", title: "Solve the position this move leaves",
        onclick: () => { $("#position").value = m.after; solve(); }}, ...parts)
      : el("div", {class: "move"}, ...parts);
    list.append(el("li", {"data-result": kind, "data-move": m.move, "data-best": m.best ? "true" : "false"}, body));
  }
  state.lastMoves = moves;
  state.lastNoClick = noClick;
}

// ---------------------------------------------------------------- table and heatmap

async function loadTable() {
  const spec = inputs().spec;
  const token = ++state.tableToken;
  state.tableSpec = spec;
  const note = $("#table-note");
  const period = $("#period");
  note.textContent = `Loading the values of ${spec}…`;
  period.replaceChildren();
  const requested = parseInt($("#table-n").value, 10);
  const auto = !(requested > 0);
  let n = auto ? 200 : requested;
  let table;
  try {
    table = await api("/api/table?" + query({spec, n}));
    if (token !== state.tableToken) return;
    if (auto && Array.isArray(table.values[0]) && table.values.length > 40) {
      n = 40;  // a grid of 40 x 40 is readable; 200 x 200 is not
      table = await api("/api/table?" + query({spec, n}));
    }
  } catch (e) {
    if (token !== state.tableToken) return;
    state.table = null;
    $("#heatmap").hidden = true;
    $("#table-values-box").hidden = true;
    $("#heatmap-legend").textContent = "";
    $("#cell-info").textContent = "";
    note.textContent = `No value table: ${e.message}`;
    return;
  }
  if (token !== state.tableToken) return;
  const twoD = Array.isArray(table.values[0]);
  // the size box allows what the server allows: 10^6 values of a strip, 1,000 x 1,000 pairs
  $("#table-n").max = twoD ? "1000" : "1000000";
  const own = !twoD && table.pattern && table.pattern.period ? table.pattern : null;
  state.table = {spec, values: table.values, first: table.first, twoD, pre: own ? own.preperiod : null,
    period: own ? own.period : null, saltus: own ? own.saltus : null};
  state.cursor = null;
  note.textContent = twoD
    ? `Values of ${spec} at (a, b) for a, b from ${table.first[0]}, ${table.first[1]}: ${table.values.length} × ${(table.values[0] || []).length}. P-positions (value 0) are highlighted.`
    : `Values G(n) of ${spec} for n = ${table.first} … ${table.first + table.values.length - 1}. P-positions (value 0) are highlighted.`;
  renderPeriod(twoD, twoD ? null : {pending: true}, table);
  $("#table-values").textContent = valuesAsText(table, twoD);
  $("#table-values-box").hidden = false;
  drawHeatmap();
  if (twoD) return;  // pairs have no period: it is not asked
  // the period is asked once the table shows a strip: the strip is drawn at once, and the period's
  // marks are added when (and if) the period comes
  const per = await api("/api/period?" + query({spec})).then((p) => ({ok: p}), (e) => ({err: e}));
  if (token !== state.tableToken) return;
  const p = per.ok && per.ok.period ? per.ok : null;
  if (p) {
    state.table.pre = p.preperiod;
    state.table.period = p.period;
    state.table.saltus = p.saltus;
  }
  renderPeriod(false, per, table);
  drawHeatmap();
}

// the values written out, the first VALUES_AS_TEXT of a long strip
function valuesAsText(table, twoD) {
  if (twoD) return table.values.map((row) => row.map((v) => (v < 0 ? "·" : String(v)).padStart(3)).join("")).join("\n");
  const shown = Math.min(table.values.length, VALUES_AS_TEXT);
  const lines = [];
  for (let i = 0; i < shown; i++) lines.push(`G(${table.first + i}) = ${table.values[i]}`);
  if (shown < table.values.length) {
    lines.push(`… the first ${shown} of ${table.values.length} values (the JSON API, /api/table, gives them all)`);
  }
  return lines.join("\n");
}

function renderPeriod(twoD, per, table) {
  const box = $("#period");
  box.replaceChildren();
  if (!twoD) {
    const p = per && per.ok ? per.ok : table.pattern;
    if (per && per.pending) {
      box.append(el("p", {id: "period-pending", class: "muted", text: "Looking for the period…"}));
    }
    if (p) {
      const summary = p.period
        ? `preperiod ${p.preperiod}, period ${p.period}${p.saltus ? `, saltus ${p.saltus}` : ""}`
        : "no period found";
      box.append(el("p", {id: "period-summary", class: "period-summary",
        text: summary + (p.period ? (p.proved ? " (proved)" : " (not proved)") : "")}));
      if (p.p_positions) box.append(el("p", {id: "period-p", text: p.p_positions}));
      if (p.reason) box.append(el("p", {id: "period-reason", class: "reason",
        text: `${p.proved ? "Proof" : "Why not proved"}: ${p.reason}`}));
      if (p.values_computed) box.append(el("p", {class: "muted",
        text: `${p.values_computed} values computed, the largest ${p.max_value}.`}));
    }
    if (per && per.err) {
      box.append(el("p", {id: "period-error", class: "period-summary", text: `No period: ${per.err.message}`}));
    }
  }
  const r = table.rule;
  if (r && r.found) {
    box.append(el("p", {id: "pattern-rule", class: "rule"}, el("strong", {text: `${r.kind}: `}), r.rule));
    if (twoD) {
      box.prepend(el("p", {id: "period-summary", class: "period-summary",
        text: `${r.kind}${r.proved ? " (proved)" : " (not proved)"}`}));
      if (r.reason) box.append(el("p", {id: "period-reason", class: "reason", text: r.reason}));
    }
  } else if (twoD) {
    box.append(el("p", {id: "period-summary", class: "period-summary", text: "no pattern found"}));
  }
}

// colours: P-positions a strong red; other values from light to dark blue
function valueColour(v, max) {
  if (v < 0) return "#d9d9d9";
  if (v === 0) return "#b2182b";
  const t = max <= 1 ? 1 : (v - 1) / (max - 1);
  const l = 88 - 58 * t;  // lightness 88% .. 30%
  return `hsl(212, 65%, ${l}%)`;
}

function textColour(v, max) {
  if (v < 0) return "#333";
  if (v === 0) return "#fff";
  const t = max <= 1 ? 1 : (v - 1) / (max - 1);
  return t > 0.45 ? "#fff" : "#111";
}

// the largest of a list (or of the rows of a grid), at least `floor`: a loop, never a spread into Math.max,
// which passes one argument per element and overflows the stack past ~125,000
function largest(values, floor) {
  let top = floor;
  for (const v of values) if (v > top) top = v;
  return top;
}

function largestValue(t) {
  if (!t.twoD) return largest(t.values, 1);
  let top = 1;
  for (const row of t.values) top = largest(row, top);
  return top;
}

function heatmapLayout() {
  const t = state.table;
  const canvas = $("#heatmap");
  const width = Math.max(200, Math.floor(canvas.parentElement.clientWidth));
  if (t.twoD) {
    const rows = t.values.length;
    let cols = 1;
    for (const row of t.values) cols = Math.max(cols, row.length);
    const s = Math.max(1, Math.min(CELL + 4, Math.floor((width - 24) / cols)));
    return {s, cols, rows, left: 24, top: 16, width: 24 + cols * s, height: 16 + rows * s};
  }
  const n = t.values.length;
  const s = CELL;
  const cols = Math.max(1, Math.min(n, stripColumns(Math.floor(width / s), t.period)));
  const rows = Math.ceil(n / cols);
  const band = 6;
  const rowH = s + band + 6;
  if (rows * rowH > DETAIL_MAX_HEIGHT) return overviewLayout(n, width);
  return {s, cols, rows, band, rowH, left: 0, top: 0, width: cols * s, height: rows * rowH, bucket: 1};
}

function gcd(a, b) {
  return b ? gcd(b, a % b) : a;
}

// the values a row of the strip holds, given the cells that fit across: a multiple of the period, so
// that each column is one residue class and the period shows as columns (Kayles' 12: 12, 24 or 36),
// as many periods as fit in STRIP_COLS, at least one where it fits; without a period, or with one
// too short to mark (Nim's 1), a multiple of 10 (of 30 for a period of 3), so rows start at round n
function stripColumns(fit, period) {
  const unit = period >= MARKED_PERIOD ? period : period ? 10 * period / gcd(10, period) : 10;
  const most = Math.max(Math.min(fit, STRIP_COLS), Math.min(fit, unit));
  const cols = unit * Math.floor(most / unit);
  return cols > 0 ? cols : fit;  // a period wider than the page: rows as wide as fits
}

// a strip too long for a cell each: one pixel column per bucket of consecutive values, in rows
function overviewLayout(n, width) {
  const bucket = Math.max(1, Math.ceil(n / (width * OVERVIEW_ROWS)));
  const buckets = Math.ceil(n / bucket);
  const cols = Math.min(width, buckets);
  const rows = Math.ceil(buckets / cols);
  return {overview: true, s: 1, cols, rows, band: 0, rowH: OVERVIEW_ROW, left: 0, top: 0, width: cols,
    height: rows * OVERVIEW_ROW, bucket};
}

function drawHeatmap() {
  const t = state.table;
  const canvas = $("#heatmap");
  if (!t) return;
  canvas.hidden = false;
  const L = heatmapLayout();
  state.layout = L;
  const dpr = window.devicePixelRatio || 1;
  // the geometry, for tests and tools: cell size, cells per row, row height (strip) or grid origin
  canvas.dataset.cell = String(L.s);
  canvas.dataset.cols = String(L.cols);
  canvas.dataset.rowHeight = String(L.rowH || L.s);
  canvas.dataset.left = String(L.left);
  canvas.dataset.top = String(L.top);
  canvas.dataset.kind = t.twoD ? "grid" : L.overview ? "overview" : "strip";
  canvas.dataset.bucket = String(L.bucket || 1);
  canvas.style.width = `${L.width}px`;
  canvas.style.height = `${L.height}px`;
  canvas.width = Math.ceil(L.width * dpr);
  canvas.height = Math.ceil(L.height * dpr);
  const g = canvas.getContext("2d");
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.clearRect(0, 0, L.width, L.height);
  g.textAlign = "center";
  g.textBaseline = "middle";
  const max = largestValue(t);
  const s = L.s;
  if (L.overview) {
    drawOverview(g, t, L, max);
  } else if (t.twoD) {
    g.font = `${Math.max(7, Math.floor(s * 0.6))}px system-ui, sans-serif`;
    g.fillStyle = "#333";
    for (let b = 0; b < L.cols; b += labelStep(L.cols, s)) g.fillText(String(t.first[1] + b), L.left + b * s + s / 2, 8);
    for (let a = 0; a < L.rows; a += labelStep(L.rows, s)) g.fillText(String(t.first[0] + a), 12, L.top + a * s + s / 2);
    t.values.forEach((row, a) => row.forEach((v, b) => {
      const x = L.left + b * s;
      const y = L.top + a * s;
      g.fillStyle = valueColour(v, max);
      g.fillRect(x, y, s, s);
      if (v === 0 && s >= 6) {
        g.strokeStyle = "#000";
        g.lineWidth = 1;
        g.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
      }
      if (s >= 14 && v >= 0) {
        g.fillStyle = textColour(v, max);
        g.fillText(String(v), x + s / 2, y + s / 2 + 1);
      }
    }));
  } else {
    g.font = `${Math.floor(s * 0.6)}px system-ui, sans-serif`;
    t.values.forEach((v, i) => {
      const x = (i % L.cols) * s;
      const y = Math.floor(i / L.cols) * L.rowH;
      g.fillStyle = valueColour(v, max);
      g.fillRect(x, y, s, s);
      g.fillStyle = textColour(v, max);
      if (v < 100) g.fillText(String(v), x + s / 2, y + s / 2 + 1);
      // the band under each cell: grey before the period, alternating colours for each period after it
      // (one colour after it when the period is too short to mark each), a black bar where each starts
      const n = t.first + i;
      if (t.period) {
        const marked = t.period >= MARKED_PERIOD;
        if (n < t.pre) g.fillStyle = "#8c8c8c";
        else g.fillStyle = marked && Math.floor((n - t.pre) / t.period) % 2 ? "#e08214" : "#542788";
        g.fillRect(x, y + s + 1, s, L.band);
        if (n >= t.pre && (marked ? (n - t.pre) % t.period === 0 : n === t.pre && n > 0)) {
          g.fillStyle = "#000";  // under the cell, beside the band: the digit stays clear
          g.fillRect(x, y + s + 1, 2, L.band + 4);
        }
      }
    });
  }
  drawCursor();
  const legend = $("#heatmap-legend");
  legend.replaceChildren(el("span", {class: "swatch p"}), " value 0 (P-position)  ",
    el("span", {class: "swatch lo"}), " 1 … ", el("span", {class: "swatch hi"}), ` ${max}`);
  if (!t.twoD && t.period) legend.append(...periodLegend(t, L));
  if (t.twoD) legend.append("  ", el("span", {class: "swatch none"}), " not a position; rows a, columns b");
  if (L.overview) {
    legend.append(`  each pixel column holds ${L.bucket} values: red when one of them is 0, else the colour of the largest`);
  }
  canvas.setAttribute("aria-label", t.twoD
    ? `Heatmap of ${t.spec}: ${L.rows} by ${L.cols} values; P-positions highlighted. Arrow keys choose a cell, Enter solves it; the values as text are below.`
    : L.overview
      ? `Overview of ${t.values.length} values of ${t.spec}${t.period ? `, preperiod ${t.pre}, period ${t.period}` : ""}: each pixel column holds ${L.bucket} values, red where one is a P-position. Arrow keys choose a pixel, Enter solves its value.`
      : `Strip of ${t.values.length} values of ${t.spec}${t.period ? `, preperiod ${t.pre}, period ${t.period}` : ""}. Arrow keys choose a cell, Enter solves it; the values as text are below.`);
}

// the legend of the period's marks: the preperiod, the periods, and what the columns are
function periodLegend(t, L) {
  const parts = ["  "];
  if (t.pre > 0) parts.push(el("span", {class: "swatch pre"}), ` before n = ${t.pre}  `);
  if (t.period < MARKED_PERIOD) {
    parts.push(el("span", {class: "swatch per1"}), ` periodic from n = ${t.pre}${t.pre > 0 ? " (a black bar)" : ""}, `
      + `period ${t.period}${t.saltus ? `, saltus ${t.saltus}` : ""}`);
  } else {
    parts.push(el("span", {class: "swatch per1"}), el("span", {class: "swatch per2"}),
      ` each period of ${t.period} (a black bar starts each)`);
  }
  if (!L.overview) parts.push(`; ${L.cols} values a row`);
  if (!L.overview && t.period > 1 && L.cols % t.period === 0) {
    parts.push(`, so each column holds the n of one residue mod ${t.period}`);
  }
  return parts;
}

// an overview: each bucket one pixel column, red when it holds a P-position (value 0), else the
// colour of its largest value; the columns of one colour filled as one path
function drawOverview(g, t, L, max) {
  const paths = new Map();
  const values = t.values;
  for (let b = 0, i = 0; i < values.length; b++, i += L.bucket) {
    const end = Math.min(values.length, i + L.bucket);
    let top = 0;
    let zero = false;
    for (let j = i; j < end; j++) {
      if (values[j] === 0) zero = true;
      else if (values[j] > top) top = values[j];
    }
    const colour = valueColour(zero ? 0 : top, max);
    let path = paths.get(colour);
    if (!path) paths.set(colour, path = new Path2D());
    path.rect(b % L.cols, Math.floor(b / L.cols) * L.rowH, 1, L.rowH - 1);
  }
  for (const [colour, path] of paths) {
    g.fillStyle = colour;
    g.fill(path);
  }
}

// every how many rows or columns a label is written: at least ~28 pixels apart
function labelStep(count, s) {
  let step = count <= 20 ? 1 : count <= 50 ? 5 : 10;
  while (step * s < 28) step *= String(step)[0] === "1" ? 5 : 2;
  return step;
}

// a cell of the heatmap by its index k: i for the strip, a * cols + b for the grid
function cellOf(k) {
  const t = state.table;
  const L = state.layout;
  if (!t || !L || k === null || k < 0) return null;
  if (t.twoD) {
    const a = Math.floor(k / L.cols);
    const b = k % L.cols;
    if (a >= t.values.length || b >= (t.values[a] || []).length) return null;
    return {k, pos: `${t.first[0] + a},${t.first[1] + b}`, v: t.values[a][b], x: L.left + b * L.s, y: L.top + a * L.s};
  }
  if (k >= t.values.length) return null;
  if (L.overview) {
    const b = Math.floor(k / L.bucket);
    const from = b * L.bucket;
    return {k, pos: String(t.first + k), v: t.values[k], x: b % L.cols, y: Math.floor(b / L.cols) * L.rowH,
      from: t.first + from, to: t.first + Math.min(t.values.length, from + L.bucket) - 1};
  }
  return {k, pos: String(t.first + k), v: t.values[k], x: (k % L.cols) * L.s, y: Math.floor(k / L.cols) * L.rowH};
}

// the value a pixel of an overview stands for: the first P-position of its bucket, else its first value
function bucketValue(b) {
  const t = state.table;
  const L = state.layout;
  const from = b * L.bucket;
  const end = Math.min(t.values.length, from + L.bucket);
  for (let j = from; j < end; j++) if (t.values[j] === 0) return j;
  return from;
}

function cellAt(ev) {
  const L = state.layout;
  if (!state.table || !L) return null;
  const rect = $("#heatmap").getBoundingClientRect();
  const col = Math.floor((ev.clientX - rect.left - L.left) / L.s);
  const row = Math.floor((ev.clientY - rect.top - L.top) / (state.table.twoD ? L.s : L.rowH));
  if (col < 0 || col >= L.cols || row < 0) return null;
  if (L.overview) return row * L.cols + col < Math.ceil(state.table.values.length / L.bucket)
    ? cellOf(bucketValue(row * L.cols + col)) : null;
  return cellOf(row * L.cols + col);
}

function describeCell(c) {
  if (c.v < 0) return `(${c.pos}) is not a position`;
  const pixel = c.from !== undefined ? ` (this pixel: n = ${c.from} … ${c.to})` : "";
  return `G(${c.pos}) = ${c.v}${c.v === 0 ? " (P-position)" : ""}${pixel}; click or press Enter to solve it`;
}

function solveCell(c) {
  if (c && c.v >= 0) {
    $("#position").value = c.pos;
    solve();
  }
}

// the keyboard's cell: arrows move it, Enter solves it
function drawCursor() {
  const canvas = $("#heatmap");
  const c = cellOf(state.cursor);
  if (!c || document.activeElement !== canvas) return;
  const g = canvas.getContext("2d");
  const L = state.layout;
  // a cell: a frame inside it; a pixel column of an overview (or a tiny cell): a frame around it
  const [x, y, w, h] = L.s >= 6 ? [c.x + 1.5, c.y + 1.5, L.s - 3, L.s - 3]
    : [c.x - 1.5, c.y - 1.5, L.s + 3, (L.overview ? L.rowH - 1 : L.s) + 3];
  g.strokeStyle = "#000";
  g.lineWidth = 3;
  g.strokeRect(x, y, w, h);
  g.strokeStyle = "#ffbf47";
  g.lineWidth = 1.5;
  g.strokeRect(x, y, w, h);
}

function heatmapKey(ev) {
  const L = state.layout;
  if (!state.table || !L) return;
  const unit = L.bucket || 1;  // an overview's arrows move by a pixel: a bucket of values
  const step = {ArrowLeft: -unit, ArrowRight: unit, ArrowUp: -L.cols * unit, ArrowDown: L.cols * unit}[ev.key];
  if (step !== undefined) {
    ev.preventDefault();
    const next = (state.cursor || 0) + (state.cursor === null ? 0 : step);
    if (cellOf(next)) state.cursor = next;
    else if (state.cursor === null) state.cursor = 0;
    drawHeatmap();
    const c = cellOf(state.cursor);
    if (c) $("#cell-info").textContent = describeCell(c);
  } else if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    solveCell(cellOf(state.cursor === null ? 0 : state.cursor));
  }
}

// ---------------------------------------------------------------- play

function renderPlay(resp) {
  const g = state.game;
  for (const t of resp.turns || []) {
    g.turns = g.turns.filter((old) => old.turn < t.turn);
    g.turns.push(t);
  }
  g.moves = resp.moves || [];
  g.over = resp.over;
  g.hint = false;
  $("#hint-text").textContent = "";
  const last = g.turns[g.turns.length - 1];
  const status = $("#play-status");
  if (last && last.over) {
    status.textContent = last.winner === "human" ? "Game over: you won."
      : last.winner === "computer" ? "Game over: the computer won." : "Game over: a tie.";
    status.dataset.state = "over";
  } else if (last) {
    const you = last.to_move === "human";
    const outlook = {win: "can win", lose: "will lose against perfect play", draw: "can at best draw",
      tie: "can at best tie"}[last.value] || last.value;
    status.textContent = `${you ? "Your move" : "The computer's move"} at ${last.position}: `
      + `${you ? "you" : "the computer"} ${outlook} (remoteness ${last.remoteness}).`;
    status.dataset.state = "playing";
  }
  const box = $("#play-moves");
  box.replaceChildren();
  if (!g.over) {
    for (const m of g.moves) {
      box.append(el("button", {type: "button", class: "play-move", "data-result": resultKind(m.result),
        "data-best": m.best ? "true" : "false", "data-move": m.move,
        title: m.best && m.result !== "win" ? "the best move here: it loses slowest" : null,
        onclick: () => playMove(m.number !== undefined ? `#${m.number}` : m.move)},
      el("span", {class: "move-text", text: arrow(m.move)}),
      m.after !== undefined && m.after !== null ? el("span", {class: "move-after", text: `→ ${m.after}`}) : null));
    }
  }
  box.classList.remove("hinted");
  $("#play-moves-heading").hidden = g.over || !g.moves.length;
  $("#hint").disabled = g.over || !g.moves.length;
  $("#play-send").disabled = g.over;
  $("#play-input").disabled = g.over;
  $("#undo").disabled = g.turns.length <= 1 || !g.turns.some((t) => t.played && t.played.by === "human");
  renderLog();
  drawHistory();
}

function renderLog() {
  const log = $("#play-log");
  log.replaceChildren();
  for (const t of state.game.turns) {
    const who = t.played ? (t.played.by === "human" ? "You" : "The computer") : null;
    const text = t.played ? `${who} played ${arrow(t.played.move)}, leaving ${t.position}` : `Start: ${t.position}`;
    log.append(el("li", {text}));
  }
}

// each turn's value from the human's side: the value is for the player to move
function humanResult(t) {
  if (t.over && "winner" in t) return t.winner === "human" ? "win" : t.winner === "computer" ? "lose" : "draw";
  const v = resultKind(t.value);
  if (t.to_move === "human" || v === "draw") return v;
  return v === "win" ? "lose" : "win";
}

function drawHistory() {
  const turns = state.game.turns;
  const box = $("#history");
  const W = 320;
  const H = 150;
  const pad = {l: 34, r: 10, t: 10, b: 36};
  const maxR = largest(turns.map((t) => t.remoteness || 0), 1);
  const maxT = Math.max(1, turns.length - 1);
  const X = (i) => pad.l + (i / maxT) * (W - pad.l - pad.r);
  const Y = (r) => pad.t + (1 - r / maxR) * (H - pad.t - pad.b);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  const add = (parent, tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    parent.append(node);
    return node;
  };
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `Remoteness after each turn: ${turns.map((t) => t.remoteness).join(", ")}`);
  add(svg, "line", {x1: pad.l, y1: pad.t, x2: pad.l, y2: H - pad.b, stroke: "#555"});
  add(svg, "line", {x1: pad.l, y1: H - pad.b, x2: W - pad.r, y2: H - pad.b, stroke: "#555"});
  add(svg, "text", {x: pad.l - 6, y: Y(maxR) + 4, "text-anchor": "end", "font-size": 11}, String(maxR));
  add(svg, "text", {x: pad.l - 6, y: Y(0) + 4, "text-anchor": "end", "font-size": 11}, "0");
  add(svg, "text", {x: (W + pad.l) / 2, y: H - 4, "text-anchor": "middle", "font-size": 11}, "turn");
  if (turns.length > 1) {
    add(svg, "polyline", {points: turns.map((t, i) => `${X(i)},${Y(t.remoteness || 0)}`).join(" "),
      fill: "none", stroke: "#777", "stroke-width": 1.5});
  }
  turns.forEach((t, i) => {
    const r = humanResult(t);
    const dot = add(svg, "circle", {cx: X(i), cy: Y(t.remoteness || 0), r: 5, class: `dot-${r}`, "data-result": r});
    add(dot, "title", {}, `turn ${t.turn}: ${t.position}; remoteness ${t.remoteness}; you ${RESULT_WORD[r]}`);
    if (turns.length <= 20) {
      add(svg, "text", {x: X(i), y: H - pad.b + 13, "text-anchor": "middle", "font-size": 10}, String(t.turn));
    }
  });
  box.replaceChildren(svg);
}

async function startGame() {
  const {spec, position, misere} = inputs();
  showError($("#play-error"), "");
  $("#play").disabled = true;
  let resp;
  try {
    resp = await postJSON("/api/play", {spec, position, misere, first: $("#first").value});
  } catch (e) {
    showError($("#play-error"), e.message);
    return;
  } finally {
    $("#play").disabled = false;
  }
  state.game = {id: resp.id, turns: [], moves: [], over: false};
  $("#play-area").hidden = false;
  renderPlay(resp);
  const first = $("#play-moves button");
  if (first) first.focus();
}

async function playMove(move) {
  const g = state.game;
  if (!g || g.over || g.busy) return;
  showError($("#play-error"), "");
  g.busy = true;
  try {
    renderPlay(await postJSON(`/api/play/${encodeURIComponent(g.id)}/move`, {move}));
    $("#play-input").value = "";
  } catch (e) {
    showError($("#play-error"), e.message);
  } finally {
    g.busy = false;
  }
  const next = $("#play-moves button");
  if (next) next.focus();
}

async function undo() {
  const g = state.game;
  if (!g || g.busy) return;
  showError($("#play-error"), "");
  g.busy = true;
  try {
    const resp = await postJSON(`/api/play/${encodeURIComponent(g.id)}/undo`, {});
    renderPlay(resp);
    const k = resp.undone || 0;
    $("#hint-text").textContent = k ? `Took back ${plural(k, "move")}.` : "Nothing to undo.";
  } catch (e) {
    showError($("#play-error"), e.message);
  } finally {
    g.busy = false;
  }
}

function hint() {
  const g = state.game;
  if (!g || g.over) return;
  g.hint = true;
  $("#play-moves").classList.add("hinted");
  const best = g.moves.filter((m) => m.best);
  const winning = g.moves.filter((m) => m.result === "win");
  const text = $("#hint-text");
  if (!best.length) {
    text.textContent = "No hint: no move to suggest.";
    return;
  }
  const b = best[0];
  const lead = winning.length ? `Play ${arrow(b.move)}: it wins` : `Every move loses; ${arrow(b.move)} holds out longest`;
  text.textContent = `${lead} (${arrow(b.why || `remoteness ${b.remoteness}`)}).`;
}

// ---------------------------------------------------------------- partizan games

const PZ_OUTCOME = {
  L: "L — Left wins, whoever starts",
  R: "R — Right wins, whoever starts",
  N: "N — the player to move wins",
  P: "P — the player to move loses",
};

const PZ_PLAYER = {left: "Left", right: "Right"};

let pzToken = 0;
let pzRulesets = [];

async function loadPartizan() {
  const select = $("#pz-spec");
  try {
    pzRulesets = await api("/api/list?" + query({kind: "partizan"}));
  } catch (e) {
    showError($("#pz-error"), `No partizan rulesets: ${e.message}`);
    return;
  }
  select.replaceChildren();
  for (const entry of pzRulesets) select.append(el("option", {value: entry.name, text: entry.name}));
  choosePartizan(false);
}

// the example is a command line: "grundy value NAME POS ...", a component quoted where a shell needs it ('..|..')
function partizanExample(example) {
  const words = (example || "").match(/'[^']*'|\S+/g) || [];
  return words.slice(3).map((w) => w.replace(/^'(.*)'$/, "$1")).join(" ");
}

function choosePartizan(fill) {
  const entry = pzRulesets.find((e) => e.name === $("#pz-spec").value);
  const help = $("#pz-help");
  help.replaceChildren();
  if (!entry) return;
  const example = partizanExample(entry.example);
  help.append(el("strong", {text: `${entry.name}: `}));
  (entry.forms || []).forEach((f, i) => {
    if (i) help.append("; ");
    if (f.spec !== entry.name) help.append(el("code", {text: f.spec}), " — ");
    help.append(f.meaning);
  });
  if (entry.component) help.append(el("br"), `A component: ${entry.component}.`);
  if (example) help.append(el("br"), "Example: ", el("code", {text: example}));
  if (fill || !$("#pz-position").value.trim()) $("#pz-position").value = example;
}

function clearPartizan() {
  for (const id of ["#pz-value", "#pz-outcome", "#pz-stops", "#pz-mean", "#pz-temperature", "#pz-atomic"]) {
    $(id).textContent = "—";
  }
  $("#pz-outcome").removeAttribute("data-outcome");
  $("#pz-asked").textContent = "";
  $("#pz-moves").replaceChildren();
  $("#pz-moves-note").textContent = "";
}

async function askPartizan() {
  const spec = $("#pz-spec").value;
  const position = $("#pz-position").value.trim();
  const expr = $("#pz-expr").value.trim();
  const player = $("#pz-for").value;
  const token = ++pzToken;
  const box = $("#partizan");
  showError($("#pz-error"), "");
  let params;
  if (expr) {
    params = {expr};
  } else if (!spec || !position) {
    clearPartizan();
    showError($("#pz-error"), "choose a ruleset and enter a position, or write a value, e.g. {1|-1}");
    return;
  } else {
    params = player ? {spec, position, for: player} : {spec, position};
  }
  box.setAttribute("aria-busy", "true");
  box.dataset.state = "loading";
  $("#pz-value-button").disabled = true;
  let answer;
  try {
    answer = await api("/api/value?" + query(params));
  } catch (e) {
    if (token !== pzToken) return;
    clearPartizan();
    showError($("#pz-error"), e.message);
    box.setAttribute("aria-busy", "false");
    box.dataset.state = "error";
    $("#pz-value-button").disabled = false;
    return;
  }
  if (token !== pzToken) return;
  showPartizan(answer, expr ? {expr} : {spec, position, player});
  box.setAttribute("aria-busy", "false");
  box.dataset.state = "done";
  $("#pz-value-button").disabled = false;
}

function showPartizan(answer, asked) {
  clearPartizan();
  $("#pz-asked").textContent = asked.expr ? `The value ${asked.expr}:` : `${asked.spec} ${asked.position}:`;
  if (answer.value === undefined) {  // an expression whose answer is no game: true/false, a number, a list
    const result = answer.result;
    $("#pz-value").textContent = Array.isArray(result) ? `[${result.join(",")}]` : String(result);
    return;
  }
  $("#pz-value").textContent = answer.value;
  const outcome = $("#pz-outcome");
  outcome.textContent = PZ_OUTCOME[answer.outcome] || answer.outcome;
  outcome.dataset.outcome = answer.outcome;
  $("#pz-stops").textContent = `left stop ${answer.left_stop}, right stop ${answer.right_stop}`;
  $("#pz-mean").textContent = answer.mean;
  $("#pz-temperature").textContent = answer.temperature;
  $("#pz-atomic").textContent = answer.atomic_weight !== undefined && answer.atomic_weight !== null
    ? answer.atomic_weight : "—";
  const note = $("#pz-moves-note");
  if (asked.expr) {
    note.textContent = "Winning moves are listed for a position of a ruleset, not for a value written out.";
    return;
  }
  if (!asked.player || !answer.moves) {
    note.textContent = "Choose Left's or Right's winning moves above to list them.";
    return;
  }
  const who = `${PZ_PLAYER[asked.player] || asked.player} moving first`;
  const moves = answer.moves;
  if (!moves.length) {
    note.textContent = `No winning move for ${who}.`;
    return;
  }
  note.textContent = `${plural(moves.length, "winning move")} for ${who}`
    + (moves.length > MAX_MOVES_SHOWN ? `; the first ${MAX_MOVES_SHOWN} shown` : "")
    + "; beside each, the value of the whole position it leaves.";
  const list = $("#pz-moves");
  for (const m of moves.slice(0, MAX_MOVES_SHOWN)) {
    list.append(el("li", {"data-result": "win", "data-move": m.move},
      el("div", {class: "move"},
        el("span", {class: "move-text", text: arrow(m.move)}),
        el("span", {class: "move-after", text: `leaves ${m.value}`}))));
  }
}

// ---------------------------------------------------------------- wiring

function init() {
  const params = new URLSearchParams(window.location.search);
  if (params.get("spec")) {
    $("#spec").value = params.get("spec");
    $("#position").value = params.get("position") || "";
    $("#misere").checked = ["1", "true"].includes(params.get("misere"));
  }
  $("#solve-form").addEventListener("submit", (ev) => { ev.preventDefault(); solve(); });
  $("#search").addEventListener("input", () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(loadCatalogue, 150);
  });
  $("#search").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") {
      ev.preventDefault();
      const first = $("#catalogue-list button");
      if (first) first.click();
    }
  });
  $("#only-winning").addEventListener("change", () => {
    if (state.lastMoves) {
      $("#moves-note").textContent = "";
      renderMoves(state.lastMoves, state.lastNoClick);
    }
  });
  $("#table-load").addEventListener("click", loadTable);
  $("#table-n").addEventListener("keydown", (ev) => { if (ev.key === "Enter") loadTable(); });
  const canvas = $("#heatmap");
  canvas.addEventListener("mousemove", (ev) => {
    const c = cellAt(ev);
    $("#cell-info").textContent = c ? describeCell(c) : "";
  });
  canvas.addEventListener("click", (ev) => solveCell(cellAt(ev)));
  canvas.addEventListener("keydown", heatmapKey);
  canvas.addEventListener("focus", () => {
    if (state.cursor === null) state.cursor = 0;
    drawHeatmap();
    const c = cellOf(state.cursor);
    if (c) $("#cell-info").textContent = describeCell(c);
  });
  canvas.addEventListener("blur", () => { if (state.table) drawHeatmap(); });
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { if (state.table) drawHeatmap(); }, 100);
  });
  $("#play").addEventListener("click", startGame);
  $("#play-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const move = $("#play-input").value.trim();
    if (move) playMove(move);
  });
  $("#hint").addEventListener("click", hint);
  $("#undo").addEventListener("click", undo);
  $("#pz-spec").addEventListener("change", () => choosePartizan(true));
  $("#pz-form").addEventListener("submit", (ev) => { ev.preventDefault(); askPartizan(); });
  loadCatalogue();
  loadPartizan();
  solve();
}

document.addEventListener("DOMContentLoaded", init);
