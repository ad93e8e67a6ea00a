// The players' page of `tabletop server`: the lobby (docs/server.md) and a
// table for one seat over the match socket. Every rule, legality check,
// picture and log line comes from the server; the page keeps only the
// seat's token (in localStorage, so a reload rejoins the seat).
"use strict";

const view = document.getElementById("view");
const where = document.getElementById("where");

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null) node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(json.error ? json.error.message : response.statusText);
  return json;
}

const tokenKey = (id) => `tabletop.token.${id}`;
const LEVELS = { easy: "random", normal: "greedy", strong: "mcts" };

// ---- lobby --------------------------------------------------------------

async function lobby() {
  where.textContent = "lobby";
  view.replaceChildren(el("p", {}, "Loading games…"));
  const [{ games }, { matches }] = await Promise.all([
    api("GET", "/api/games"),
    api("GET", "/api/matches?status=open"),
  ]);
  const cards = el("div", { class: "cards" });
  for (const g of games) {
    const level = el("select", {}, ...Object.keys(LEVELS).map((l) => el("option", { value: l }, l)));
    level.value = "normal";
    const botFor = () => {
      const wanted = LEVELS[level.value];
      return g.bots.includes(wanted) ? wanted : g.bots.includes("greedy") ? "greedy" : "random";
    };
    const start = async (seats) => {
      const made = await api("POST", "/api/matches", { game: g.name, seats });
      return made.match;
    };
    cards.append(el("div", { class: "card" },
      el("h2", {}, g.name),
      el("p", {}, g.teaches),
      el("div", {},
        el("button", { onclick: async () => {
          const seats = Array.from({ length: g.seats }, (_, i) => (i === 0 ? { human: true } : { bot: botFor() }));
          const id = await start(seats);
          await joinAs(id, localStorage.getItem("tabletop.name") || "you", 0);
        } }, "Play against bots"), " ", level),
      el("button", { onclick: async () => {
        const id = await start(Array.from({ length: g.seats }, () => ({ human: true })));
        location.hash = `#/join/${id}`;
      } }, "Play with friends"),
      el("button", { onclick: async () => {
        const id = await start(Array.from({ length: g.seats }, () => ({ bot: botFor() })));
        location.hash = `#/m/${id}`;
      } }, "Watch bots")));
  }
  const open = el("ul");
  for (const m of matches) {
    open.append(el("li", {}, `${m.game} · free seats ${m.free_seats.join(", ")} `,
      el("a", { href: `#/join/${m.match}` }, "join")));
  }
  view.replaceChildren(el("h1", {}, "Pick a game"), cards, el("h2", {}, "Open tables"),
    matches.length ? open : el("p", {}, "none yet"));
}

// ---- joining ------------------------------------------------------------

async function joinAs(id, name, seat) {
  const joined = await api("POST", `/api/matches/${id}/join`, seat === undefined ? { name } : { name, seat });
  localStorage.setItem(tokenKey(id), JSON.stringify({ token: joined.token, seat: joined.seat }));
  localStorage.setItem("tabletop.name", name);
  location.hash = `#/m/${id}`;
}

async function joinPage(id) {
  where.textContent = "join";
  const summary = await api("GET", `/api/matches/${id}`);
  const name = el("input", { value: localStorage.getItem("tabletop.name") || "", placeholder: "your name" });
  const problem = el("p", { class: "error" });
  const link = `${location.origin}/#/join/${id}`;
  view.replaceChildren(
    el("h1", {}, `Join ${summary.game}`),
    el("p", {}, "Send this link to the other players: ", el("code", {}, link)),
    el("p", {}, `Free seats: ${summary.free_seats.join(", ") || "none"}`),
    name,
    el("button", { onclick: async () => {
      try { await joinAs(id, name.value || "player"); } catch (e) { problem.textContent = e.message; }
    } }, "Take a seat"),
    el("button", { onclick: () => { location.hash = `#/m/${id}`; } }, "Watch"),
    problem);
}

// ---- the table ----------------------------------------------------------

let socket = null;

function table(id) {
  where.textContent = `match ${id.slice(0, 8)}`;
  const saved = JSON.parse(localStorage.getItem(tokenKey(id)) || "null");
  const status = el("div", { class: "status" }, "connecting…");
  const board = el("div", { class: "board" });
  const text = el("pre");
  const problem = el("p", { class: "error" });
  const filter = el("input", { placeholder: "filter moves" });
  const moves = el("div", { id: "moves" });
  const log = el("ol", { id: "log" });
  const hint = el("button", { disabled: "" }, "Hint");
  view.replaceChildren(el("div", { class: "table" },
    el("div", {}, status, board, text),
    el("div", {}, el("h3", {}, "Your moves"), filter, hint, moves, problem, el("h3", {}, "What happened"), log)));

  let version = null;
  let legal = null;
  let pending = false;
  let retry = 500;

  function showMoves() {
    moves.replaceChildren();
    if (!legal) return;
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    legal.names.forEach((name, i) => {
      if (!words.every((w) => name.toLowerCase().includes(w))) return;
      const score = legal.scores && legal.scores[i] !== null && legal.scores[i] !== undefined ? ` (${legal.scores[i]})` : "";
      moves.append(el("button", { disabled: pending ? "" : undefined, onclick: () => act(legal.actions[i]) }, name + score));
    });
    if (legal.total > legal.names.length) moves.append(el("p", {}, `${legal.total} moves; showing the best ${legal.names.length}`));
  }
  filter.addEventListener("input", showMoves);

  function act(action) {
    if (pending || version === null) return;
    pending = true; // one click, one move: the next update unlocks
    showMoves();
    socket.send(JSON.stringify({ cmd: "act", id: `a${version}`, version, action }));
  }
  hint.addEventListener("click", () => socket.send(JSON.stringify({ cmd: "hint", id: "hint" })));

  function connect() {
    socket = new WebSocket(new URL(`/api/matches/${id}/ws`, location.href).href.replace(/^http/, "ws"));
    socket.onopen = () => {
      retry = 500;
      socket.send(JSON.stringify(saved ? { cmd: "hello", token: saved.token, picture: true } : { cmd: "hello", picture: true }));
    };
    socket.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "update") {
        version = msg.version;
        pending = false;
        if (msg.log_from === 0) log.replaceChildren();
        for (const old of log.querySelectorAll("li.new")) old.classList.remove("new");
        msg.log_text.forEach((line) => log.append(el("li", { class: "new" }, line)));
        log.scrollTop = log.scrollHeight;
        board.innerHTML = msg.picture || "";
        text.textContent = msg.text;
        legal = msg.legal || null;
        hint.disabled = !legal;
        const you = msg.you === "spectator" ? "watching" : `you are seat ${msg.you.seat}`;
        let line = `${msg.status} · ${you}`;
        if (msg.status === "over") line = `Game over: ${msg.result ? msg.result.words : msg.ended}`;
        else if (legal) line += " · your move";
        else if (msg.to_act && msg.to_act.seat !== undefined) line += ` · seat ${msg.to_act.seat} to move`;
        status.textContent = line;
        problem.textContent = "";
        showMoves();
      } else if (msg.type === "error") {
        pending = false;
        problem.textContent = msg.error.message;
        showMoves();
      } else if (msg.type === "hint") {
        problem.textContent = `hint: ${msg.text}`;
      }
    };
    socket.onclose = () => {
      status.textContent = "reconnecting…";
      if (location.hash === `#/m/${id}`) setTimeout(connect, (retry = Math.min(retry * 2, 8000)));
    };
  }
  connect();
}

function route() {
  if (socket) { socket.onclose = null; socket.close(); socket = null; }
  const hash = location.hash || "#/";
  const match = hash.match(/^#\/(m|join)\/([0-9a-f]{32})$/);
  const run = !match ? lobby() : match[1] === "m" ? table(match[2]) : joinPage(match[2]);
  Promise.resolve(run).catch((e) => view.replaceChildren(el("p", { class: "error" }, e.message)));
}
window.addEventListener("hashchange", route);
route();
