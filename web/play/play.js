// The players' page of `tabletop server`: a lobby of game cards and a table
// for one seat over the match socket (docs/server.md, docs/web.md). Every
// rule, legality check, sentence, picture and score comes from the server;
// the page keeps only each seat's token (in localStorage, so a reload
// rejoins the seat) and never any game knowledge of its own.
"use strict";

const view = document.getElementById("view");
const where = document.getElementById("where");

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, "");
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new Error("The server cannot be reached. Check the connection and try again.");
  }
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(json.error ? json.error.message : `The server answered ${response.status} ${response.statusText}.`);
  return json;
}

const tokenKey = (id) => `tabletop.token.${id}`;
const savedSeat = (id) => {
  try { return JSON.parse(localStorage.getItem(tokenKey(id)) || "null"); } catch { return null; }
};
const myName = () => localStorage.getItem("tabletop.name") || "";
const joinLink = (id) => `${location.origin}${location.pathname}#/join/${id}`;

// The seat count a config asks for: its own "players" or "seats" field
// when it has one, else the game's default.
function seatCount(game, config) {
  for (const key of ["players", "seats"]) {
    if (config && Number.isInteger(config[key])) return config[key];
  }
  return game.seats;
}

function copyBox(text, label) {
  const input = el("input", { class: "link", value: text, readonly: true, "aria-label": label });
  const done = el("span", { class: "copied", "aria-live": "polite" });
  const copy = el("button", { type: "button", onclick: async () => {
    input.select();
    try { await navigator.clipboard.writeText(text); done.textContent = "Copied."; } catch {
      done.textContent = document.execCommand && document.execCommand("copy") ? "Copied." : "Select the link and copy it.";
    }
  } }, "Copy link");
  return el("div", { class: "copybox" }, input, copy, done);
}

// ---- lobby --------------------------------------------------------------

async function lobby() {
  where.textContent = "";
  document.title = "tabletop: pick a game";
  view.replaceChildren(el("p", {}, "Loading games…"));
  const [{ games }, { matches }] = await Promise.all([
    api("GET", "/api/games"),
    api("GET", "/api/matches?status=open"),
  ]);
  const name = el("input", { id: "name", value: myName(), placeholder: "your name", maxlength: "40", autocomplete: "nickname" });
  name.addEventListener("change", () => localStorage.setItem("tabletop.name", name.value.trim()));
  const cards = el("div", { class: "cards", id: "games" });
  const demos = el("div", { class: "cards" });
  for (const g of games) {
    g.title = g.title || g.name;
    // The registry's small demo games (no lesson of their own) go last.
    (g.teaches ? cards : demos).append(gameCard(g, () => name.value.trim() || "you"));
  }

  const mine = yourGames(games);
  const open = el("ul", { class: "open" });
  for (const m of matches) {
    const g = games.find((x) => x.name === m.game);
    open.append(el("li", {}, `${g ? g.title : m.game}: ${m.free_seats.length} free seat${m.free_seats.length === 1 ? "" : "s"} `,
      el("a", { href: `#/join/${m.match}` }, "join")));
  }
  view.replaceChildren(
    el("section", { class: "intro" },
      el("h1", {}, "Pick a game"),
      el("p", {}, "Four games that teach how computers work. Play against bots, invite friends with a link, or watch bots play. No need to read the rules first: every move is listed in words, and the page says what each one does before you commit."),
      el("label", { class: "name" }, "Your name ", name)),
    cards,
    demos.children.length ? el("details", { class: "demos" }, el("summary", {}, "Small demo games"), demos) : null,
    mine,
    el("h2", {}, "Open tables"),
    matches.length ? open : el("p", { class: "muted" }, "No table is waiting for players."));
}

function yourGames(games) {
  const list = el("ul", { class: "open" });
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("tabletop.token.")) continue;
    const id = key.slice("tabletop.token.".length);
    const saved = savedSeat(id);
    if (!saved || saved.done) continue;
    const g = games.find((x) => x.name === saved.game);
    list.append(el("li", {}, el("a", { href: `#/m/${id}` }, `Back to your ${g ? g.title : "game"} (seat ${saved.seat})`)));
  }
  return list.children.length ? el("section", {}, el("h2", {}, "Your games"), list) : null;
}

function gameCard(g, playerName) {
  const problem = el("p", { class: "error", role: "alert" });
  const level = el("select", { "aria-label": `${g.title}: bot level` },
    ...["easy", "normal", "strong"].map((l) => el("option", { value: l }, l)));
  level.value = "normal";
  const configText = el("textarea", { rows: "12", spellcheck: "false", "aria-label": `${g.title}: settings as JSON` },
    JSON.stringify(g.default_config, null, 2));
  const hints = el("input", { type: "checkbox", checked: true });
  const busy = [];

  function config() {
    try {
      return JSON.parse(configText.value);
    } catch (e) {
      throw new Error(`The settings are not valid JSON: ${e.message}`);
    }
  }
  const bot = () => (g.levels || {})[level.value] || g.bots[0];

  async function start(kind) {
    problem.textContent = "";
    for (const b of busy) b.disabled = true;
    try {
      const cfg = config();
      // A one-seat game played with friends is played as a team of two.
      if (kind === "friends" && seatCount(g, cfg) < 2 && Number.isInteger(cfg.players)) cfg.players = 2;
      const n = seatCount(g, cfg);
      if (kind === "friends" && n < 2) throw new Error(`${g.title} is set for one player: set its seats to 2 or more under Advanced.`);
      const seats = Array.from({ length: n }, (_, i) => {
        if (kind === "watch") return { bot: bot() };
        if (kind === "friends") return { human: true };
        return i === 0 ? { human: true } : { bot: bot() };
      });
      const made = await api("POST", "/api/matches", { game: g.name, config: cfg, seats, settings: { hints: hints.checked } });
      if (kind === "watch") { location.hash = `#/m/${made.match}`; return; }
      await joinAs(made.match, g.name, playerName(), 0);
    } catch (e) {
      problem.textContent = e.message;
    } finally {
      for (const b of busy) b.disabled = false;
    }
  }

  const solo = g.seats === 1;
  const playBtn = el("button", { class: "primary", onclick: () => start("bots") }, solo ? "Play" : "Play against bots");
  const friendsBtn = el("button", { onclick: () => start("friends") }, solo ? "Play as a team with friends" : "Play with friends");
  const watchBtn = el("button", { onclick: () => start("watch") }, solo ? "Watch a bot play" : "Watch bots");
  busy.push(playBtn, friendsBtn, watchBtn);
  return el("article", { class: "card", "data-game": g.name },
    el("img", { class: "thumb", src: `/api/games/${g.name}/picture`, alt: `${g.title} at the start`, loading: "lazy" }),
    el("h2", {}, g.title),
    el("p", { class: "teaches" }, g.teaches || "A small demo game of the engine."),
    el("p", { class: "muted" }, solo ? "A game for one (or a team)." : `${g.seats} players.`),
    ...(solo
      ? [el("div", { class: "start" }, playBtn, friendsBtn), el("div", { class: "start" }, watchBtn, el("label", { class: "level" }, "Bot: ", level))]
      : [el("div", { class: "start" }, playBtn, el("label", { class: "level" }, "Bots: ", level)), el("div", { class: "start" }, friendsBtn, watchBtn)]),
    problem,
    el("details", { class: "advanced" },
      el("summary", {}, "Advanced"),
      el("p", { class: "muted" }, "The game's settings (JSON). The server checks them and says what is wrong."),
      configText,
      el("div", {},
        el("button", { type: "button", onclick: () => { configText.value = JSON.stringify(g.default_config, null, 2); } }, "Reset"),
        el("label", {}, hints, " hints allowed"))));
}

// ---- joining ------------------------------------------------------------

async function joinAs(id, game, name, seat) {
  const joined = await api("POST", `/api/matches/${id}/join`, seat === undefined ? { name } : { name, seat });
  localStorage.setItem(tokenKey(id), JSON.stringify({ token: joined.token, seat: joined.seat, game }));
  if (name && name !== "you") localStorage.setItem("tabletop.name", name);
  location.hash = `#/m/${id}`;
}

async function joinPage(id) {
  where.textContent = "join a table";
  if (savedSeat(id)) { location.hash = `#/m/${id}`; return; }
  const [summary, { games }] = await Promise.all([api("GET", `/api/matches/${id}`), api("GET", "/api/games")]);
  const g = games.find((x) => x.name === summary.game) || { title: summary.game };
  document.title = `tabletop: join ${g.title}`;
  const name = el("input", { id: "name", value: myName(), placeholder: "your name", maxlength: "40" });
  const problem = el("p", { class: "error", role: "alert" });
  const free = summary.free_seats || [];
  const take = async (seat) => {
    problem.textContent = "";
    try { await joinAs(id, summary.game, name.value.trim() || "player", seat); } catch (e) { problem.textContent = e.message; }
  };
  view.replaceChildren(el("section", { class: "join" },
    el("h1", {}, `Join ${g.title}`),
    g.teaches ? el("p", { class: "teaches" }, g.teaches) : null,
    el("ul", {}, ...summary.seats.map((s) => el("li", {}, `seat ${s.seat}: ${s.free ? "free" : s.kind === "bot" ? `bot (${s.bot})` : s.name}`))),
    free.length
      ? el("div", {}, el("label", {}, "Your name ", name), " ",
        el("button", { class: "primary", onclick: () => take(undefined) }, "Take a seat"))
      : el("p", {}, "Every seat is taken."),
    el("p", {}, el("button", { onclick: () => { location.hash = `#/watch/${id}`; } }, "Just watch"), " ",
      el("a", { href: "#/" }, "Back to the lobby")),
    problem));
}

// ---- the table ----------------------------------------------------------

let socket = null;

// The places an action names, as the pictures' data-key pairs
// (docs/protocol.md, Pictures): every field:value of its JSON.
function actionKeys(value, parent = "", out = new Set()) {
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

// JSON with sorted keys, to compare two actions.
function canon(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canon).join(",")}]`;
  return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canon(value[k])}`).join(",")}}`;
}

function seatLabel(s, you) {
  if (!s) return "";
  if (you === s.seat) return `seat ${s.seat}: you${s.name && s.name !== "you" ? ` (${s.name})` : ""}`;
  const who = s.kind === "bot" ? `bot (${s.bot})` : s.free ? "free" : s.name;
  return `seat ${s.seat}: ${who}`;
}

async function table(id) {
  const saved = savedSeat(id);
  const summary = await api("GET", `/api/matches/${id}`);
  // Never a spectator by accident: a table with a free seat asks to join.
  if (!saved && (summary.free_seats || []).length && !sessionStorage.getItem(`tabletop.watch.${id}`)) {
    location.hash = `#/join/${id}`;
    return;
  }
  const games = (await api("GET", "/api/games").catch(() => ({ games: [] }))).games;
  const g = games.find((x) => x.name === summary.game) || { name: summary.game, title: summary.game };

  const s = {
    frame: null, version: null, legal: null, selected: null, pendingAct: null,
    checkId: null, legalId: null, hintId: null, hint: null, placeKeys: null, placeLabel: "",
    seq: 0, retry: 500, ended: false,
  };
  const title = el("h1", { class: "game" }, "…");
  const seats = el("ul", { class: "seats", "aria-label": "seats" });
  const status = el("p", { class: "status", role: "status" }, "Connecting…");
  const waiting = el("div", { class: "waiting", hidden: true });
  const endPanel = el("section", { class: "end", hidden: true, "aria-live": "polite" });
  const board = el("div", { class: "board", id: "board" });
  const zoom = el("button", { type: "button", class: "small", "aria-pressed": "false" }, "Zoom picture");
  const textView = el("pre", { class: "textview" });
  const filter = el("input", { type: "search", placeholder: "filter moves (words or notation)", "aria-label": "filter moves" });
  const place = el("p", { class: "place", hidden: true });
  const hint = el("button", { type: "button", disabled: true }, "Hint");
  const hintText = el("span", { class: "hinttext", "aria-live": "polite" });
  const moves = el("ol", { class: "moves", id: "moves" });
  const more = el("p", { class: "muted" });
  const preview = el("div", { class: "preview", hidden: true, "aria-live": "polite" });
  const problem = el("p", { class: "error", role: "alert" });
  const log = el("ol", { class: "log", id: "log" });
  const movePanel = el("section", { class: "panel yourmove", hidden: true },
    el("h2", {}, "Your move"),
    el("div", { class: "tools" }, hint, hintText),
    filter, place, moves, more);

  view.replaceChildren(el("div", { class: "tablehead" }, title, seats, status, waiting), endPanel, problem,
    el("div", { class: "table" },
      el("div", { class: "left" }, board,
        el("div", { class: "tools" }, zoom),
        el("details", { class: "astext" }, el("summary", {}, "The board as text"), textView)),
      el("div", { class: "right" }, movePanel,
        el("section", { class: "panel" }, el("h2", {}, "What happened"), log))));

  if (summary.settings && summary.settings.hints === false) hint.hidden = true;
  zoom.addEventListener("click", () => {
    const on = board.classList.toggle("zoomed");
    zoom.setAttribute("aria-pressed", String(on));
    zoom.textContent = on ? "Fit picture" : "Zoom picture";
  });

  const send = (msg) => { if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg)); };
  const nextId = (kind) => `${kind}${++s.seq}`;
  const you = () => (s.frame && s.frame.you && s.frame.you.seat !== undefined ? s.frame.you.seat : null);
  const locked = () => s.pendingAct !== null || s.ended;

  // ---- moves ----
  function moveItem(i) {
    const L = s.legal;
    const words = (L.words && L.words[i]) || L.names[i];
    const note = L.notes && L.notes[i];
    const keys = actionKeys(L.actions[i]);
    const isHint = s.hint && canon(s.hint) === canon(L.actions[i]);
    const btn = el("button", {
      type: "button", class: "move", "data-index": String(i), disabled: locked(),
      "aria-pressed": s.selected === i ? "true" : "false",
      onclick: () => select(i),
      onmouseenter: () => mark(keys), onmouseleave: () => mark(s.selected !== null ? actionKeys(L.actions[s.selected]) : null),
      onfocus: () => mark(keys),
    },
    el("span", { class: "words" }, words),
    note ? el("span", { class: "note" }, note) : null,
    words !== L.names[i] ? el("span", { class: "notation" }, L.names[i]) : null);
    const li = el("li", { class: isHint ? "hinted" : null }, btn);
    // The verdict and the confirm button sit under the chosen move, so
    // choosing never moves the list under the pointer.
    if (s.selected === i) li.append(preview);
    return li;
  }

  function showMoves() {
    moves.replaceChildren();
    more.textContent = "";
    if (!s.legal) return;
    const shown = [];
    s.legal.actions.forEach((a, i) => {
      if (s.placeKeys && ![...actionKeys(a)].some((k) => s.placeKeys.has(k))) return;
      shown.push(i);
    });
    for (const i of shown) moves.append(moveItem(i));
    if (s.placeKeys) {
      place.hidden = false;
      place.replaceChildren(`${shown.length} move${shown.length === 1 ? "" : "s"} at ${s.placeLabel}. `,
        el("button", { type: "button", class: "small", onclick: () => { s.placeKeys = null; place.hidden = true; showMoves(); } }, "Show all moves"));
    } else place.hidden = true;
    if (s.legal.total > s.legal.actions.length) {
      more.textContent = `Showing the best ${s.legal.actions.length} of ${s.legal.total} moves; type in the filter to find others.`;
    }
    filter.hidden = s.legal.total <= 8 && !filter.value;
    markPlayable();
  }

  function select(i) {
    if (locked() || !s.legal) return;
    s.selected = i;
    const action = s.legal.actions[i];
    for (const b of moves.querySelectorAll("button.move")) b.setAttribute("aria-pressed", b.dataset.index === String(i) ? "true" : "false");
    mark(actionKeys(action));
    s.checkId = nextId("check");
    preview.hidden = false;
    preview.replaceChildren(el("p", {}, "Asking the rules…"));
    const b = moves.querySelector(`button.move[data-index="${i}"]`);
    if (b) b.parentElement.append(preview);
    send({ cmd: "check", id: s.checkId, action });
  }

  function showPreview(reply) {
    const i = s.selected;
    if (i === null || !s.legal) return;
    const note = s.legal.notes && s.legal.notes[i];
    const confirm = el("button", { type: "button", class: "primary confirm", disabled: locked(), onclick: () => commit(i) }, "Play this move");
    const cancel = el("button", { type: "button", onclick: () => { s.selected = null; preview.hidden = true; mark(null); showMoves(); } }, "Cancel");
    // The verdict in words: the move's note says its cost or score in the
    // game's own units (the preview's numbers are raw).
    preview.replaceChildren(
      el("p", { class: "verdict" }, "✓ The rules allow it", note ? `: ${note}.` : "."),
      el("div", {}, confirm, cancel));
    confirm.focus({ preventScroll: true });
  }

  function commit(i) {
    if (locked() || !s.legal || s.version === null) return;
    s.pendingAct = s.version; // one move per version: the next update unlocks
    for (const b of view.querySelectorAll("button.move, button.confirm")) b.disabled = true;
    for (const old of log.querySelectorAll("li.new")) old.classList.remove("new");
    hint.disabled = true;
    preview.replaceChildren(el("p", {}, "Playing…"));
    send({ cmd: "act", id: nextId("act"), version: s.version, action: s.legal.actions[i] });
  }

  filter.addEventListener("input", () => {
    s.legalId = nextId("legal");
    const id = s.legalId;
    setTimeout(() => {
      if (id === s.legalId) send({ cmd: "legal", id, filter: filter.value.trim(), sort: "score", limit: 200 });
    }, 150);
  });

  hint.addEventListener("click", () => {
    hint.disabled = true;
    s.hintId = nextId("hint");
    hintText.textContent = "Thinking…";
    send({ cmd: "hint", id: s.hintId });
  });

  // ---- the picture ----
  function mark(keys) {
    for (const e of board.querySelectorAll(".hl")) e.classList.remove("hl");
    if (!keys) return;
    for (const e of board.querySelectorAll("[data-key]")) {
      if (e.getAttribute("data-key").split(" ").some((k) => keys.has(k))) e.classList.add("hl");
    }
  }

  // Whether some place on the picture is named by a legal move.
  function boardPlayable() {
    if (!s.legal) return false;
    const all = new Set();
    for (const a of s.legal.actions) for (const k of actionKeys(a)) all.add(k);
    return [...board.querySelectorAll("[data-key]")].some((e) => e.getAttribute("data-key").split(" ").some((k) => all.has(k)));
  }

  function markPlayable() {
    const all = new Set();
    if (s.legal && !locked()) for (const a of s.legal.actions) for (const k of actionKeys(a)) all.add(k);
    for (const e of board.querySelectorAll("[data-key]")) {
      e.classList.toggle("can", e.getAttribute("data-key").split(" ").some((k) => all.has(k)));
    }
  }

  board.addEventListener("click", (event) => {
    const target = event.target.closest && event.target.closest("[data-key]");
    if (!target || !s.legal || locked()) return;
    const keys = new Set(target.getAttribute("data-key").split(" "));
    const hits = [];
    s.legal.actions.forEach((a, i) => { if ([...actionKeys(a)].some((k) => keys.has(k))) hits.push(i); });
    const label = target.querySelector("title") ? target.querySelector("title").textContent : "that place";
    if (hits.length === 1) { s.placeKeys = null; showMoves(); select(hits[0]); return; }
    if (!hits.length) { hintText.textContent = `No move of yours uses ${label}.`; return; }
    s.placeKeys = keys;
    s.placeLabel = label;
    showMoves();
  });

  // ---- frames ----
  function addLog(msg) {
    if (msg.log_from === 0) log.replaceChildren();
    const n = msg.log_text.length;
    for (let i = 0; i < n; i++) {
      const sentence = msg.narration && msg.narration[i];
      const notation = msg.log_text[i];
      const li = el("li", { class: "new", value: String(msg.log_from + i + 1) },
        el("span", { class: "sentence" }, sentence || notation));
      if (sentence && notation && sentence !== notation) li.append(el("span", { class: "notation" }, notation));
      log.append(li);
    }
    if (n) log.scrollTop = log.scrollHeight;
  }

  function render(msg) {
    const seatNo = you();
    title.textContent = g.title || g.name;
    document.title = `tabletop: ${g.title || g.name}`;
    where.textContent = seatNo === null ? "watching" : `you are seat ${seatNo}`;
    const acting = msg.to_act && msg.to_act.seat !== undefined ? msg.to_act.seat : null;
    seats.replaceChildren(...msg.seats.map((x) => el("li", { class: x.seat === acting ? "acting" : null }, seatLabel(x, seatNo))));

    if (msg.picture) {
      const keep = s.selected !== null && s.legal ? actionKeys(s.legal.actions[s.selected]) : null;
      board.innerHTML = msg.picture;
      const svg = board.querySelector("svg");
      if (svg) svg.setAttribute("aria-label", "the board");
      mark(keep);
    }
    textView.textContent = msg.text || "";

    waiting.hidden = msg.status !== "open";
    if (msg.status === "open") {
      const free = msg.seats.filter((x) => x.free).length;
      waiting.replaceChildren(el("p", {}, `Waiting for ${free} more player${free === 1 ? "" : "s"}. Send them this link:`), copyBox(joinLink(id), "join link"));
    }

    let line;
    if (msg.status === "open") line = "The game starts when every seat is taken.";
    else if (msg.status === "over") line = "Game over.";
    else if (s.legal) line = boardPlayable() ? "Your move: pick one from the list, or click the board." : "Your move: pick one from the list.";
    else if (acting !== null) {
      const x = msg.seats[acting];
      line = `Waiting for ${x && x.kind === "bot" ? `the bot on seat ${acting}` : x ? `${x.name} (seat ${acting})` : `seat ${acting}`}…`;
    } else line = "…";
    if (seatNo === null && msg.status !== "over") line = `You are watching. ${line.startsWith("Your") ? "" : line}`;
    status.textContent = line;
    if (s.legal && msg.status === "playing") {
      // On a phone the moves are below the picture.
      status.append(" ", el("button", { type: "button", class: "small jump", onclick: () => movePanel.scrollIntoView({ behavior: "smooth" }) }, "Go to the moves"));
    }

    movePanel.hidden = !s.legal;
    hint.disabled = !s.legal || locked();
    if (msg.status === "over") showEnd(msg);
  }

  function showEnd(msg) {
    s.ended = true;
    movePanel.hidden = true;
    const seatNo = you();
    let head = "Game over";
    const outcome = msg.result && msg.result.outcome;
    if (seatNo !== null && outcome && outcome.places) {
      const place = outcome.places[seatNo];
      const shared = outcome.places.filter((p) => p === 1).length;
      if (outcome.team) head = /^won$/i.test(outcome.team) ? "The team won!" : /^lost$/i.test(outcome.team) ? "The team lost." : "Game over";
      else if (place === 1) head = shared > 1 ? "You tied for first!" : "You won!";
      else if (place) head = `You came ${ordinal(place)}.`;
    }
    const why = msg.end_text || (msg.result && msg.result.words) || endedWords(msg.ended);
    const buttons = el("div", {});
    if (saved && saved.token) {
      buttons.append(el("button", { class: "primary", type: "button", onclick: rematch }, "Play again"));
    }
    buttons.append(el("button", { type: "button", onclick: () => { location.hash = "#/"; } }, "Back to the lobby"));
    endPanel.hidden = false;
    endPanel.replaceChildren(el("h2", {}, head), el("p", { class: "why" }, why), buttons);
    if (saved) localStorage.setItem(tokenKey(id), JSON.stringify({ ...saved, done: true }));
  }

  async function rematch() {
    try {
      const joined = await api("POST", `/api/matches/${id}/rematch`, { token: saved.token });
      localStorage.setItem(tokenKey(joined.match), JSON.stringify({ token: joined.token, seat: joined.seat, game: saved.game }));
      location.hash = `#/m/${joined.match}`;
    } catch (e) { problem.textContent = e.message; }
  }

  function onMessage(msg) {
    if (msg.type === "update") {
      const newVersion = msg.version !== s.version;
      s.frame = msg;
      s.version = msg.version;
      document.body.dataset.version = String(msg.version);
      if (s.pendingAct !== null && msg.version > s.pendingAct) s.pendingAct = null;
      addLog(msg);
      if (newVersion) {
        s.legal = msg.legal || null;
        s.selected = null;
        s.hint = null;
        s.placeKeys = null;
        hintText.textContent = "";
        preview.hidden = true;
        filter.value = "";
      } else if (msg.legal && !s.legal) s.legal = msg.legal;
      problem.textContent = "";
      render(msg);
      showMoves();
    } else if (msg.type === "check" && msg.id === s.checkId) {
      showPreview(msg);
    } else if (msg.type === "legal" && msg.id === s.legalId && msg.version === s.version) {
      s.legal = msg;
      s.selected = null;
      preview.hidden = true;
      showMoves();
    } else if (msg.type === "hint" && msg.id === s.hintId && msg.version === s.version) {
      s.hint = msg.action;
      const i = s.legal ? s.legal.actions.findIndex((a) => canon(a) === canon(msg.action)) : -1;
      hint.disabled = locked();
      if (i >= 0) {
        hintText.textContent = `The best bot would play: ${(s.legal.words && s.legal.words[i]) || msg.text}`;
        showMoves();
        const b = moves.querySelector(`button.move[data-index="${i}"]`);
        if (b) b.scrollIntoView({ block: "nearest" });
        mark(actionKeys(msg.action));
      } else hintText.textContent = `The best bot would play: ${msg.text}`;
    } else if (msg.type === "error") {
      const text = msg.error.message + (msg.error.rule ? ` (rule ${msg.error.rule})` : "");
      if (typeof msg.id === "string" && msg.id.startsWith("check") && msg.id === s.checkId) {
        preview.replaceChildren(el("p", { class: "error" }, `Not allowed: ${text}`));
      } else if (typeof msg.id === "string" && msg.id.startsWith("act")) {
        s.pendingAct = null;
        if (msg.error.kind !== "Stale") problem.textContent = text;
        showMoves();
        hint.disabled = !s.legal;
      } else if (typeof msg.id === "string" && msg.id.startsWith("hint")) {
        hintText.textContent = text;
        hint.disabled = !s.legal;
      } else if (msg.error.kind === "BadToken") {
        localStorage.removeItem(tokenKey(id));
        problem.textContent = "This browser's seat at that table is no longer valid.";
      } else problem.textContent = text;
    }
  }

  function connect() {
    const ws = new WebSocket(new URL(`/api/matches/${id}/ws`, location.href).href.replace(/^http/, "ws"));
    socket = ws;
    ws.onopen = () => {
      s.retry = 500;
      ws.send(JSON.stringify(saved ? { cmd: "hello", token: saved.token, picture: true } : { cmd: "hello", picture: true }));
    };
    ws.onmessage = (event) => onMessage(JSON.parse(event.data));
    ws.onclose = () => {
      if (socket !== ws) return;
      s.pendingAct = null;
      if (s.ended) return;
      status.textContent = "Connection lost; reconnecting…";
      setTimeout(() => { if (socket === ws) connect(); }, (s.retry = Math.min(s.retry * 2, 8000)));
    };
  }
  connect();
}

function ordinal(n) {
  return n === 2 ? "second" : n === 3 ? "third" : n === 4 ? "fourth" : `number ${n}`;
}

function endedWords(ended) {
  if (ended === "forfeit") return "The game ended because a player left.";
  if (ended === "expired") return "The game ended because nobody moved for too long.";
  return "The game is over.";
}

function route() {
  if (socket) { const old = socket; socket = null; old.close(); }
  const hash = location.hash || "#/";
  const match = hash.match(/^#\/(m|join|watch)\/([0-9a-f]{32})$/);
  let run;
  if (!match) run = lobby();
  else if (match[1] === "join") run = joinPage(match[2]);
  else if (match[1] === "watch") {
    sessionStorage.setItem(`tabletop.watch.${match[2]}`, "1");
    location.replace(`#/m/${match[2]}`);
    return;
  } else run = table(match[2]);
  Promise.resolve(run).catch((e) => view.replaceChildren(
    el("p", { class: "error", role: "alert" }, e.message), el("p", {}, el("a", { href: "#/" }, "Back to the lobby"))));
}
window.addEventListener("hashchange", route);
route();
