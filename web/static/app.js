// The play page: a thin client of the `serve` protocol (docs/protocol.md)
// over a WebSocket. Every rule, legality check and picture comes from the
// server; this file only sends commands and shows replies.
"use strict";

const $ = (id) => document.getElementById(id);

// One WebSocket; replies come in request order, matched by id.
class Client {
  constructor(url) {
    this.url = url;
    this.next = 1;
    this.waiting = new Map();
    this.ready = new Promise((resolve, reject) => {
      this.ws = new WebSocket(url);
      this.ws.addEventListener("open", () => resolve());
      this.ws.addEventListener("error", () => reject(new Error("cannot connect")));
    });
    this.ws.addEventListener("message", (e) => {
      const reply = JSON.parse(e.data);
      const done = this.waiting.get(reply.id);
      if (done) {
        this.waiting.delete(reply.id);
        done(reply);
      }
    });
    this.ws.addEventListener("close", () => {
      $("connection").textContent = "disconnected: reload the page";
      for (const done of this.waiting.values()) done({ ok: false, error: { kind: "Closed", message: "connection closed" } });
      this.waiting.clear();
    });
  }

  // Sends a request; resolves with the reply (ok or not).
  async ask(request) {
    await this.ready;
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ ...request, id }));
    });
  }

  // As ask, but throws the server's error message.
  async must(request) {
    const reply = await this.ask(request);
    if (!reply.ok) throw new Error(`${reply.error.kind}: ${reply.error.message}`);
    return reply;
  }
}

const client = new Client(new URL("ws", location.href).href.replace(/^http/, "ws"));

const page = {
  games: [],
  game: null, // the entry of `games` chosen
  status: null, // the last session status reply
  seats: [], // per seat: "human" or a bot name
  viewer: "spectator",
  paused: false,
  running: false,
  humanSteps: [], // steps at which a human was to act, for undo
  legal: null,
  search: null, // the server's answer to a search of a paged list
  replayViewer: null,
};

function showError(id, message) {
  const e = $(id);
  e.textContent = message || "";
  e.hidden = !message;
}

function option(select, value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  select.append(o);
}

// ---- config form from default_config ----

function buildConfigForm(defaults) {
  const form = $("config-form");
  form.textContent = "";
  for (const [key, value] of Object.entries(defaults || {})) {
    const label = document.createElement("label");
    label.className = "field";
    label.dataset.key = key;
    const name = document.createElement("span");
    name.textContent = key;
    let input;
    if (typeof value === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = value;
      input.dataset.kind = "bool";
    } else if (typeof value === "number") {
      input = document.createElement("input");
      input.type = "number";
      input.value = String(value);
      input.dataset.kind = "number";
    } else if (typeof value === "string") {
      input = document.createElement("input");
      input.value = value;
      input.dataset.kind = "string";
    } else {
      input = document.createElement("textarea");
      input.rows = Math.min(6, JSON.stringify(value).length / 30 + 1);
      input.value = JSON.stringify(value);
      input.dataset.kind = "json";
    }
    input.name = key;
    input.id = `config-${key}`;
    const error = document.createElement("span");
    error.className = "error small field-error";
    label.append(name, input, error);
    form.append(label);
  }
}

// The config object of the form; throws naming a field that is not JSON.
function readConfig() {
  const config = {};
  for (const label of $("config-form").querySelectorAll(".field")) {
    const input = label.querySelector("input, textarea");
    label.querySelector(".field-error").textContent = "";
    label.classList.remove("bad");
    const key = label.dataset.key;
    switch (input.dataset.kind) {
      case "bool": config[key] = input.checked; break;
      case "number": config[key] = input.value.trim() === "" ? null : Number(input.value); break;
      case "string": config[key] = input.value; break;
      default:
        try {
          config[key] = JSON.parse(input.value);
        } catch (e) {
          label.classList.add("bad");
          label.querySelector(".field-error").textContent = "not JSON";
          throw new Error(`${key}: not JSON (${e.message})`);
        }
    }
  }
  return config;
}

// Marks the fields an error message names (the game's own words).
function markFields(message) {
  for (const label of $("config-form").querySelectorAll(".field")) {
    const key = label.dataset.key;
    if (new RegExp(`\\b${key}\\b`).test(message)) {
      label.classList.add("bad");
      label.querySelector(".field-error").textContent = "see the error above";
    }
  }
}

// ---- sessions ----

function sessionId() {
  return page.status && page.status.session;
}

function seatToAct() {
  const t = page.status && page.status.to_act;
  return typeof t === "number" ? t : null;
}

async function newGame() {
  showError("config-error", "");
  showError("act-error", "");
  let config;
  try {
    config = readConfig();
  } catch (e) {
    showError("config-error", e.message);
    return;
  }
  const seed = $("seed").value.trim() || "0";
  if (page.status && page.status.session !== undefined) {
    await client.ask({ cmd: "close", session: page.status.session });
  }
  const reply = await client.ask({ cmd: "new", game: page.game.name, config, seed });
  if (!reply.ok) {
    page.status = null;
    showError("config-error", reply.error.message);
    markFields(reply.error.message);
    render();
    return;
  }
  page.status = reply;
  page.seed = seed;
  page.paused = false;
  page.humanSteps = [];
  const keep = page.seats;
  page.seats = [];
  for (let s = 0; s < reply.seats; s++) page.seats.push(keep[s] || (s === 0 ? "human" : "random"));
  buildSeats();
  buildViewers();
  for (let s = 0; s < reply.seats; s++) {
    if (page.seats[s] !== "human") await seatBot(s, page.seats[s]);
  }
  await afterChange();
}

function botSeed(seat) {
  try {
    return String(BigInt(page.seed) + BigInt(seat));
  } catch {
    return String(seat);
  }
}

async function seatBot(seat, bot) {
  const reply = await client.ask({ cmd: "bot", session: sessionId(), seat, bot, seed: botSeed(seat) });
  if (!reply.ok) showError("act-error", reply.error.message);
}

function buildSeats() {
  const root = $("seats");
  root.textContent = "";
  for (let s = 0; s < page.seats.length; s++) {
    const label = document.createElement("label");
    label.textContent = `Seat ${s} `;
    const select = document.createElement("select");
    select.id = `seat-${s}`;
    option(select, "human", "human");
    for (const bot of page.game.bots) option(select, bot, `bot: ${bot}`);
    select.value = page.seats[s];
    select.addEventListener("change", async () => {
      page.seats[s] = select.value;
      if (select.value !== "human") await seatBot(s, select.value);
      page.paused = false;
      await afterChange();
    });
    label.append(select);
    root.append(label);
  }
}

function buildViewers() {
  const select = $("viewer");
  const was = select.value;
  select.textContent = "";
  option(select, "spectator", "spectator");
  for (let s = 0; s < page.seats.length; s++) option(select, String(s), `seat ${s}`);
  select.value = [...select.options].some((o) => o.value === was) ? was : "spectator";
  page.viewer = select.value === "spectator" ? "spectator" : Number(select.value);
}

// Redraws, then lets bots move while a bot is to act.
async function afterChange() {
  await refresh();
  await runBots();
}

async function runBots() {
  if (page.running) return;
  page.running = true;
  document.body.dataset.busy = "true";
  try {
    while (!page.paused) {
      const seat = seatToAct();
      if (seat === null || page.seats[seat] === "human") break;
      const reply = await client.ask({ cmd: "bot_move", session: sessionId() });
      if (!reply.ok) {
        showError("act-error", reply.error.message);
        break;
      }
      page.status = reply;
      await refresh();
    }
  } finally {
    page.running = false;
    delete document.body.dataset.busy;
    render();
  }
}

async function refresh() {
  const id = sessionId();
  if (id === undefined || id === null) return render();
  const viewer = page.viewer === "spectator" ? {} : { viewer: page.viewer };
  const picture = await client.ask({ cmd: "picture", session: id, ...viewer });
  if (picture.ok) {
    page.status = { ...page.status, ...statusOf(picture) };
    $("picture").innerHTML = picture.svg;
    $("picture").dataset.step = String(picture.step);
    $("picture").dataset.viewer = String(page.viewer);
  }
  page.legal = null;
  page.search = null;
  const seat = seatToAct();
  if (seat !== null && page.seats[seat] === "human") {
    const legal = await client.ask({ cmd: "legal", session: id });
    if (legal.ok) {
      page.legal = legal;
      if (page.humanSteps[page.humanSteps.length - 1] !== legal.step) page.humanSteps.push(legal.step);
    }
  }
  page.outcome = null;
  if (page.status.to_act === "over") {
    const outcome = await client.ask({ cmd: "outcome", session: id });
    if (outcome.ok) page.outcome = outcome.outcome;
  }
  render();
}

function statusOf(reply) {
  const { session, game, seats, to_act, step, version } = reply;
  return { session, game, seats, to_act, step, version };
}

// ---- drawing the page from `page` ----

function render() {
  const s = page.status;
  const has = Boolean(s);
  $("undo").disabled = !has || s.step === 0 || page.running;
  $("run-bots").disabled = !has || page.running || s.to_act === "over";
  $("download-game").disabled = !has;
  $("view-replay").disabled = !has;
  if (!has) {
    $("status").textContent = "Choose a game and press New game.";
    $("actions").textContent = "";
    $("action-count").textContent = "";
    $("outcome").hidden = true;
    return;
  }
  const who = typeof s.to_act === "number"
    ? `seat ${s.to_act} to act (${page.seats[s.to_act] === "human" ? "you" : `bot ${page.seats[s.to_act]}`})`
    : s.to_act === "over" ? "game over" : "chance";
  $("status").textContent = `${s.game} · step ${s.step} · ${who}${page.paused ? " · bots paused" : ""}`;
  const out = $("outcome");
  if (page.outcome) {
    out.hidden = false;
    out.textContent = outcomeText(page.outcome);
    out.dataset.outcome = JSON.stringify({ scores: page.outcome.scores, places: page.outcome.places, team: page.outcome.team });
  } else {
    out.hidden = true;
    delete out.dataset.outcome;
  }
  renderActions();
}

const GROUP_ABOVE = 40; // more actions than this are grouped
const SHOW_AT_MOST = 200; // matches of a search listed

function renderActions() {
  const root = $("actions");
  root.textContent = "";
  const legal = page.legal;
  if (!legal) {
    $("action-count").textContent = seatToAct() === null ? "" : "a bot is to act";
    return;
  }
  const query = $("action-search").value.trim().toLowerCase();
  // A long list (a Binary Scrabble rack with blanks) comes as its first
  // page: a search then asks the server, which filters the whole list.
  const paged = legal.next !== null && legal.next !== undefined;
  let shown;
  let matching;
  if (query && paged) {
    const found = page.search && page.search.query === query ? page.search.reply : null;
    if (!found) {
      $("action-count").textContent = "searching…";
      searchLegal(query);
      return;
    }
    shown = entriesOf(found);
    matching = found.total;
  } else {
    const all = entriesOf(legal);
    shown = query ? all.filter((a) => matchesWords(a.name, query)) : all;
    matching = query ? shown.length : legal.total;
  }
  const more = paged && !query ? ` (${shown.length} listed: search to find the others)` : "";
  $("action-count").textContent = `${matching} of ${legal.total} legal actions for seat ${legal.to_act}${more}`;
  if (query || shown.length <= GROUP_ABOVE) {
    for (const a of shown.slice(0, SHOW_AT_MOST)) root.append(actionButton(a));
    if (matching > SHOW_AT_MOST) {
      const rest = document.createElement("p");
      rest.className = "muted small";
      rest.textContent = `… ${matching - SHOW_AT_MOST} more: narrow the search`;
      root.append(rest);
    }
    return;
  }
  // Grouped by the first word of the action's text; a group fills when opened.
  const groups = new Map();
  for (const a of shown) {
    const head = a.name.split(/\s+/)[0] || "(other)";
    if (!groups.has(head)) groups.set(head, []);
    groups.get(head).push(a);
  }
  for (const [head, items] of groups) {
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = `${head} (${items.length})`;
    details.append(summary);
    details.addEventListener("toggle", () => {
      if (!details.open || details.dataset.filled) return;
      details.dataset.filled = "true";
      for (const a of items.slice(0, SHOW_AT_MOST)) details.append(actionButton(a));
      if (items.length > SHOW_AT_MOST) {
        const more = document.createElement("p");
        more.className = "muted small";
        more.textContent = `… ${items.length - SHOW_AT_MOST} more: search to narrow`;
        details.append(more);
      }
    });
    root.append(details);
  }
}

// The moves of a `legal` reply: notation, place in the game's order (what
// `act` takes as `index`) and JSON.
function entriesOf(reply) {
  return reply.names.map((name, i) => ({ name, index: reply.indices[i], action: reply.actions[i] }));
}

// Whether a move's notation holds every word of the query, case and
// spaces ignored: the protocol's `filter` (docs/protocol.md).
function matchesWords(name, query) {
  const squashed = name.toLowerCase().replace(/\s+/g, "");
  return query.split(/\s+/).filter(Boolean).every((w) => squashed.includes(w));
}

// Asks the server for the moves matching `query` (the list is paged, so
// the page holds only its first part), then draws them if the query is
// still the one typed.
async function searchLegal(query) {
  const reply = await client.ask({ cmd: "legal", session: sessionId(), filter: query, limit: SHOW_AT_MOST });
  if (!reply.ok || $("action-search").value.trim().toLowerCase() !== query) return;
  page.search = { query, reply };
  renderActions();
}

function actionButton(a) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "action";
  b.textContent = a.name;
  b.dataset.index = String(a.index);
  b.addEventListener("click", () => act(a.index));
  b.addEventListener("mouseenter", () => highlight(a.action));
  b.addEventListener("mouseleave", () => highlight(null));
  b.addEventListener("focus", () => highlight(a.action));
  b.addEventListener("blur", () => highlight(null));
  return b;
}

// `field:value` pairs of an action's JSON, as pictures name their places
// in `data-key` (docs/protocol.md, Pictures).
function actionKeys(value, parent, out) {
  if (value === null || typeof value !== "object") {
    if (parent) out.add(`${parent}:${value}`);
    return out;
  }
  if (Array.isArray(value)) {
    for (const item of value) actionKeys(item, parent, out);
    return out;
  }
  for (const [k, v] of Object.entries(value)) actionKeys(v, k, out);
  return out;
}

function highlight(action) {
  const picture = $("picture");
  for (const e of picture.querySelectorAll(".hl")) e.classList.remove("hl");
  if (!action) return;
  const keys = actionKeys(action, "", new Set());
  for (const e of picture.querySelectorAll("[data-key]")) {
    if (e.getAttribute("data-key").split(" ").some((k) => keys.has(k))) e.classList.add("hl");
  }
}

async function act(index) {
  showError("act-error", "");
  const seat = seatToAct();
  if (seat === null) return;
  const reply = await client.ask({ cmd: "act", session: sessionId(), seat, index });
  if (!reply.ok) {
    showError("act-error", reply.error.message);
    return;
  }
  page.status = reply;
  page.paused = false;
  $("action-search").value = "";
  await afterChange();
}

async function undo() {
  const step = page.status.step;
  const earlier = page.humanSteps.filter((k) => k < step);
  const target = earlier.length ? earlier[earlier.length - 1] : Math.max(0, step - 1);
  page.humanSteps = earlier.slice(0, -1);
  const reply = await client.ask({ cmd: "undo", session: sessionId(), step: target });
  if (!reply.ok) {
    showError("act-error", reply.error.message);
    return;
  }
  page.status = reply;
  page.paused = true; // bots wait for "Play bots", or they would redo the move
  await refresh();
}

async function currentReplay() {
  const reply = await client.must({ cmd: "replay", session: sessionId() });
  return reply.replay;
}

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

// ---- replay viewer over the server ----

// Frames are drawn by loading the replay cut after each step, one at a
// time (each load closed before the next), so a viewer never holds more
// than one extra session.
async function onlineSource(replay) {
  const text = JSON.stringify(replay);
  const full = await client.must({ cmd: "load", replay });
  const outcome = (await client.must({ cmd: "outcome", session: full.session })).outcome;
  await client.ask({ cmd: "close", session: full.session });
  const viewers = ["spectator"];
  for (let s = 0; s < full.seats; s++) viewers.push(s);
  const cache = new Map();
  let chain = Promise.resolve();
  const frame = (step, viewer) => {
    const key = `${step}/${viewer}`;
    if (cache.has(key)) return cache.get(key);
    const job = chain.then(async () => {
      const cut = { ...replay, steps: replay.steps.slice(0, step) };
      const loaded = await client.must({ cmd: "load", replay: cut });
      try {
        const v = viewer === "spectator" ? {} : { viewer };
        return (await client.must({ cmd: "picture", session: loaded.session, ...v })).svg;
      } finally {
        await client.ask({ cmd: "close", session: loaded.session });
      }
    });
    chain = job.catch(() => {});
    cache.set(key, job);
    job.catch(() => cache.delete(key));
    return job;
  };
  return { game: replay.game, seats: full.seats, steps: replay.steps.length, viewers, outcome, replayText: text, frame };
}

async function openReplay(replay) {
  showError("replay-error", "");
  selectTab("replay");
  try {
    const source = await onlineSource(replay);
    if (page.replayViewer) page.replayViewer.destroy();
    page.replayViewer = new ReplayViewer($("replay-root"), source);
  } catch (e) {
    showError("replay-error", e.message);
  }
}

function selectTab(name) {
  for (const tab of document.querySelectorAll("nav button")) {
    const on = tab.dataset.panel === name;
    tab.setAttribute("aria-selected", String(on));
    $(`panel-${tab.dataset.panel}`).hidden = !on;
  }
}

// ---- wiring ----

async function start() {
  try {
    await client.ready;
  } catch {
    $("connection").textContent = "cannot connect to the server";
    return;
  }
  $("connection").textContent = "connected";
  const reply = await client.must({ cmd: "games" });
  page.games = reply.games;
  for (const g of page.games) option($("game"), g.name, g.name);
  const chooseGame = () => {
    page.game = page.games.find((g) => g.name === $("game").value);
    page.seats = [];
    buildConfigForm(page.game.default_config);
    showError("config-error", "");
  };
  $("game").addEventListener("change", chooseGame);
  chooseGame();
  $("new-game").addEventListener("click", newGame);
  $("viewer").addEventListener("change", () => {
    const v = $("viewer").value;
    page.viewer = v === "spectator" ? "spectator" : Number(v);
    refresh();
  });
  $("undo").addEventListener("click", undo);
  $("run-bots").addEventListener("click", () => {
    page.paused = false;
    runBots();
  });
  $("action-search").addEventListener("input", renderActions);
  $("download-game").addEventListener("click", async () => {
    const replay = await currentReplay();
    download(`${replay.game}-replay.json`, JSON.stringify(replay));
  });
  $("view-replay").addEventListener("click", async () => openReplay(await currentReplay()));
  $("replay-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    let replay;
    try {
      replay = JSON.parse(await file.text());
    } catch (err) {
      showError("replay-error", `not a JSON file: ${err.message}`);
      return;
    }
    await openReplay(replay);
  });
  for (const tab of document.querySelectorAll("nav button")) {
    tab.addEventListener("click", () => selectTab(tab.dataset.panel));
  }
  document.body.dataset.ready = "true";
  render();
}

start();
