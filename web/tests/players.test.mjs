// Browser tests of the players' page of `tabletop server` (issue 26):
// Debian's chromium, driven by playwright-core, against a running server
// (web/ci.sh starts it with a fresh SQLite file).
//
// - The lobby: a card per game with its picture and what it teaches, the
//   settings folded under Advanced, and a refused config that keeps the
//   form and says why in words.
// - Every game, played to its end screen as seat 0 against easy bots only
//   through the page's controls (pick a move, read the engine's verdict,
//   confirm), with a screenshot at 1280x800 and 390x844; a double click on
//   confirm sends one move; a reload rejoins the seat; the hint marks a
//   move; a click on the board picks the moves at that place; no debug
//   text and no console errors on any page.
// - Market Island with two browser contexts as two seats through the join
//   link: neither context's page nor its socket frames ever hold a card
//   only the other seat may see (checked version by version against the
//   other seat's own observation).
//
// Environment: PLAY_URL (default http://127.0.0.1:8081), SHOTS_DIR
// (screenshots), DOCS_DIR (if set, the screenshots are copied there for
// docs/web.md and the README), CHROMIUM (default /usr/bin/chromium).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, copyFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const BASE = process.env.PLAY_URL || "http://127.0.0.1:8081";
const SHOTS = process.env.SHOTS_DIR || join(ROOT, "target/web-screenshots");
const DOCS = process.env.DOCS_DIR || "";

// Short settings, so each game ends in seconds (merged over the defaults).
const SHORT = {
  moon: {},
  "binary-scrabble": {},
  "market-island": { max_turns: 8 },
  "moon-base": { rounds: 2 },
};
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// Debug text a player must never read: Rust's Debug output and enum
// variant names (CamelCase words) of the wire types.
const DEBUG = [/Seat\(\d+\)/, /\b[A-Z][a-zA-Z]*\s*\{\s*[a-z_]+:/, /\b(?:[A-Z][a-z]+){2,}\b/, /\bundefined\b|\bnull\b|\[object Object\]/];

let browser;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  if (DOCS) mkdirSync(DOCS, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
});

after(async () => {
  if (browser) await browser.close();
});

// A page in its own context (its own localStorage), recording console
// errors, uncaught exceptions and every socket frame sent and received.
async function openPage(viewport = WIDE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  const received = [];
  const sent = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => received.push(String(f.payload)));
    ws.on("framesent", (f) => sent.push(String(f.payload)));
  });
  await page.goto(`${BASE}/`);
  return { context, page, errors, received, sent };
}

async function shot(page, name) {
  const path = join(SHOTS, name);
  await page.screenshot({ path });
  if (DOCS) copyFileSync(path, join(DOCS, name));
}

// The text a player reads (the folded text view is not read).
function assertNoDebugText(text, where) {
  for (const pattern of DEBUG) {
    const found = text.match(pattern);
    assert.equal(found, null, `${where}: debug text ${JSON.stringify(found && found[0])} in:\n${text.slice(0, 3000)}`);
  }
}

// The page's own text, outside the picture.
async function readableText(page) {
  return page.evaluate(() => {
    const main = document.querySelector("main").cloneNode(true);
    for (const b of main.querySelectorAll("#board")) b.remove();
    document.body.append(main);
    main.hidden = false;
    const text = `${document.querySelector("header").innerText}\n${main.innerText}`;
    main.remove();
    return text;
  });
}

// The picture's text and tool tips (drawn by the game crates).
async function pictureText(page) {
  return page.evaluate(() => [...document.querySelectorAll("#board text, #board title")].map((t) => t.textContent).join("\n"));
}

// Debug text found in the pictures, reported by the last test.
const pictureFindings = [];
function checkPicture(game, text) {
  for (const pattern of DEBUG) {
    const found = text.match(pattern);
    if (found) pictureFindings.push(`${game}: ${JSON.stringify(found[0])}`);
  }
}

// Sets a card's Advanced settings to its defaults merged with `extra`.
async function setConfig(card, extra) {
  await card.locator("details.advanced summary").click();
  const area = card.locator("textarea");
  const config = { ...JSON.parse(await area.inputValue()), ...extra };
  await area.fill(JSON.stringify(config, null, 2));
  await card.locator("details.advanced summary").click();
}

const moveButtons = (page) => page.locator(".yourmove:not([hidden]) button.move:not([disabled])");
const endShown = (page) => page.locator("section.end:not([hidden])");
const moveOrEnd = (page) => page.locator(".yourmove:not([hidden]) button.move:not([disabled]), section.end:not([hidden])").first();

// One move through the page's controls: the first (best) move, its
// verdict, then confirm. Answers false when the game is over.
async function playOne(page, { dblclick = false } = {}) {
  const first = moveButtons(page).first();
  await moveOrEnd(page).waitFor({ timeout: 60000 });
  if (await endShown(page).count()) return false;
  await first.click();
  const confirm = page.locator(".preview button.confirm:not([disabled])");
  await confirm.waitFor({ timeout: 10000 });
  const verdict = await page.locator(".preview").innerText();
  assert.ok(verdict.trim().length > 0, "the verdict is shown before the move is played");
  if (dblclick) await confirm.dblclick();
  else await confirm.click();
  return true;
}

async function playToEnd(page, onMove) {
  let n = 0;
  const until = Date.now() + 150000;
  while (Date.now() < until) {
    if (!(await playOne(page, { dblclick: n === 1 }))) return n;
    n += 1;
    if (onMove) await onMove(n);
  }
  throw new Error(`the game did not end within 150 s (${n} moves)`);
}

test("the lobby shows every game as a card and keeps a refused form", async () => {
  const { context, page, errors } = await openPage();
  await page.waitForSelector(".card");
  const cards = await page.locator("#games > .card").count();
  assert.equal(cards, 4);
  for (const game of Object.keys(SHORT)) {
    const card = page.locator(`.card[data-game="${game}"]`);
    assert.ok((await card.locator(".teaches").innerText()).length > 20, `${game} says what it teaches`);
    assert.equal(await card.locator("details.advanced").getAttribute("open"), null, "settings are folded");
    await card.locator("img.thumb").scrollIntoViewIfNeeded();
    await page.waitForFunction((g) => {
      const img = document.querySelector(`.card[data-game="${g}"] img.thumb`);
      return img && img.complete && img.naturalWidth > 0;
    }, game);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "play-lobby-1280.png");
  await page.setViewportSize(PHONE);
  await shot(page, "play-lobby-390.png");
  await page.setViewportSize(WIDE);

  // A config the game refuses: the error in words, the form kept.
  const card = page.locator('.card[data-game="market-island"]');
  await card.locator("details.advanced summary").click();
  const area = card.locator("textarea");
  await area.fill('{"seats": 9}');
  await card.locator("button.primary").click();
  await card.locator(".error").filter({ hasText: /\w/ }).waitFor();
  const said = await card.locator(".error").innerText();
  assert.ok(said.length > 10, `a refusal in words: ${said}`);
  assert.equal(await area.inputValue(), '{"seats": 9}');
  assert.equal(new URL(page.url()).hash, "", "still on the lobby");
  await area.fill("{not json");
  await card.locator("button.primary").click();
  assert.match(await card.locator(".error").innerText(), /not valid JSON/);
  assert.deepEqual(errors.filter((e) => !/status of 4\d\d/.test(e)), []);
  await context.close();
});

for (const game of Object.keys(SHORT)) {
  test(`${game}: a full game as a seat against easy bots`, async () => {
    const started = Date.now();
    const lap = (what) => console.log(`# ${game}: ${what} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const { context, page, errors, sent } = await openPage();
    await page.waitForSelector(".card");
    const card = page.locator(`.card[data-game="${game}"]`);
    await setConfig(card, SHORT[game]);
    await card.locator("select").selectOption("easy");
    await card.locator("button.primary").click();
    await page.waitForURL(/#\/m\/[0-9a-f]{32}$/);
    // The seat's own view from the start, never a spectator.
    await page.locator("#where").filter({ hasText: "you are seat 0" }).waitFor();
    await page.locator("#board svg").waitFor();

    let shotTaken = false;
    async function shots() {
      shotTaken = true;
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `play-${game}-1280.png`);
      await page.setViewportSize(PHONE);
      await shot(page, `play-${game}-390.png`);
      const small = await page.evaluate(() => {
        const out = [];
        for (const e of document.querySelectorAll("main *")) {
          if (e.closest("svg") || e.closest("details:not([open])") || !e.childNodes.length) continue;
          if (![...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) continue;
          const size = parseFloat(getComputedStyle(e).fontSize);
          if (size < 12 && e.offsetParent) out.push(`${e.tagName}.${e.className}: ${size}px`);
        }
        return out;
      });
      assert.deepEqual(small, [], "no page text under 12px at 390x844");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scrolling at 390 px (${overflow} px too wide)`);
      await page.setViewportSize(WIDE);
    }
    const moves = await playToEnd(page, async (n) => {
      if (n === 1) {
        await moveOrEnd(page).waitFor({ timeout: 60000 });
        if (await endShown(page).count()) return;
        assertNoDebugText(await readableText(page), `${game} mid-game`);
        checkPicture(game, await pictureText(page));
        // The hint marks one of the listed moves (or names it).
        await page.locator(".yourmove button", { hasText: "Hint" }).click();
        await page.waitForFunction(() => {
          const t = document.querySelector(".hinttext");
          return t && t.textContent.trim() && !t.textContent.includes("Thinking");
        }, null, { timeout: 10000 });
        lap("hint");
        await shots();
      }
      if (n === 2) {
        // A reload rejoins the seat (its token is kept in localStorage).
        await page.reload();
        await page.locator("#where").filter({ hasText: "you are seat 0" }).waitFor();
        await page.locator("#log li").first().waitFor();
        lap("reloaded");
      }
    });
    if (!shotTaken) await shots();
    lap(`the end after ${moves} moves`);
    assert.ok(moves >= 1, "at least one move was played");
    const end = await endShown(page).innerText();
    assert.match(end, /won|tied|over|lost|came/i);
    assert.ok(end.split("\n").some((l) => l.length > 15), `the end says why: ${end}`);
    await page.locator("section.end button", { hasText: "Back to the lobby" }).waitFor();
    assertNoDebugText(await readableText(page), `${game} end`);
    checkPicture(game, await pictureText(page));
    await page.evaluate(() => window.scrollTo(0, 0));
    // One end screen goes to the docs; the others stay in SHOTS_DIR.
    if (game === "moon-base") await shot(page, `play-${game}-end-1280.png`);
    else await page.screenshot({ path: join(SHOTS, `play-${game}-end-1280.png`) });

    if (game === "market-island") {
      // Play again: a rematch at the same seat.
      const before = page.url();
      await page.locator("section.end button", { hasText: "Play again" }).click();
      await page.waitForURL((u) => u.href !== before && /#\/m\/[0-9a-f]{32}$/.test(u.href));
      await page.locator("#where").filter({ hasText: "you are seat 0" }).waitFor();
      await moveOrEnd(page).waitFor({ timeout: 30000 });
    }
    // The double click on confirm (second move) sent one act.
    const acts = sent.map((f) => JSON.parse(f)).filter((m) => m.cmd === "act");
    const versions = acts.map((a) => a.version);
    assert.equal(new Set(versions).size, versions.length, `one act per version: ${versions}`);
    assert.equal(acts.length, moves, "one act per move");
    assert.deepEqual(errors, []);
    console.log(`# ${game}: ${moves} moves in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await context.close();
  });
}

test("watch bots: a spectator's table that reaches the end", async () => {
  const { context, page, errors, sent } = await openPage(PHONE);
  await page.waitForSelector(".card");
  const card = page.locator('.card[data-game="market-island"]');
  await setConfig(card, SHORT["market-island"]);
  await card.locator("select").selectOption("easy");
  await card.locator("button", { hasText: "Watch bots" }).click();
  await page.locator("#where").filter({ hasText: "watching" }).waitFor();
  await endShown(page).waitFor({ timeout: 60000 });
  assert.match(await endShown(page).innerText(), /won|tied|over/i);
  assert.equal(await page.locator(".yourmove:not([hidden])").count(), 0, "a spectator has no moves");
  assert.equal(sent.map((f) => JSON.parse(f)).filter((m) => m.cmd === "act").length, 0);
  assertNoDebugText(await readableText(page), "watching");
  assert.deepEqual(errors, []);
  await context.close();
});

test("moon-base: a click on a crater picks the moves there", async () => {
  const { context, page, errors } = await openPage();
  await page.waitForSelector(".card");
  const card = page.locator('.card[data-game="moon-base"]');
  await card.locator("select").selectOption("easy");
  await card.locator("button.primary").click();
  await page.locator("#where").filter({ hasText: "you are seat 0" }).waitFor();
  // Play until a move names a place on the board, then click that place.
  for (let i = 0; i < 40; i++) {
    await moveButtons(page).first().waitFor({ timeout: 30000 });
    const places = page.locator("#board [data-key].can");
    if (await places.count()) {
      await places.first().click({ force: true });
      await page.locator(".preview:not([hidden]), .place:not([hidden])").first().waitFor({ timeout: 5000 });
      assert.deepEqual(errors, []);
      await context.close();
      return;
    }
    await playOne(page);
  }
  assert.fail("no move of Moon Base named a place on the board");
});

// Every card object an observation marks as known to some seats only.
function privateCards(value, out = []) {
  if (value === null || typeof value !== "object") return out;
  if (!Array.isArray(value) && value.card !== undefined && value.known && value.known.public === false) {
    out.push(value);
  }
  for (const v of Object.values(value)) privateCards(v, out);
  return out;
}

// Every string an observation holds (card faces among them): a face the
// viewer sees somewhere (its own card of another deck with the same face,
// say) may appear in its frames.
function strings(value, out = new Set()) {
  if (typeof value === "string") out.add(value);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
  return out;
}

test("market-island: two seats in two browsers never see each other's cards", async () => {
  const a = await openPage();
  await a.page.waitForSelector(".card");
  const card = a.page.locator('.card[data-game="market-island"]');
  await setConfig(card, { seats: 2, max_turns: 8 });
  await card.locator("button", { hasText: "Play with friends" }).click();
  await a.page.locator(".waiting:not([hidden]) input.link").waitFor();
  const link = await a.page.locator(".waiting input.link").inputValue();
  assert.match(link, /#\/join\/[0-9a-f]{32}$/);
  await shot(a.page, "play-friends-1280.png");

  const b = await openPage();
  await b.page.goto(link);
  await b.page.locator("#name").fill("Grace");
  await b.page.locator("button", { hasText: "Take a seat" }).click();
  await b.page.locator("#where").filter({ hasText: "you are seat 1" }).waitFor();
  await a.page.locator("#where").filter({ hasText: "you are seat 0" }).waitFor();

  // Both seats play to the end; each keeps its own DOM snapshots.
  const doms = { 0: [], 1: [] };
  async function play(side, seat) {
    let n = 0;
    const until = Date.now() + 150000;
    while (Date.now() < until) {
      await moveOrEnd(side.page).waitFor({ timeout: 90000 });
      if (await endShown(side.page).count()) return n;
      const version = Number(await side.page.locator("body").getAttribute("data-version"));
      doms[seat].push({ version, text: await readableText(side.page), html: await side.page.locator("main").innerHTML() });
      await playOne(side.page);
      n += 1;
    }
    throw new Error("the two-seat game did not end");
  }
  const [na, nb] = await Promise.all([play(a, 0), play(b, 1)]);
  assert.ok(na + nb >= 2, "both seats moved");
  await endShown(b.page).waitFor();
  await a.page.screenshot({ path: join(SHOTS, "play-market-island-end-friends-1280.png") });

  // Each side's updates by version.
  const updates = (side) => side.received.map((f) => JSON.parse(f)).filter((m) => m.type === "update");
  const byVersion = (list) => new Map(list.map((u) => [u.version, u]));
  const ua = updates(a);
  const ub = updates(b);
  assert.ok(ua.length > 2 && ub.length > 2);
  let checked = 0;
  for (const [me, mine, theirs, other] of [[0, ua, ub, 1], [1, ub, ua, 0]]) {
    const theirsAt = byVersion(theirs);
    for (const u of mine) {
      // The viewer's own observation hides every card it may not see.
      for (const c of privateCards(u.observation)) {
        if (!c.known.seats.includes(me)) assert.equal(c.card, "Hidden", `seat ${me} was sent a card of ${c.known.seats}`);
      }
      const t = theirsAt.get(u.version);
      if (!t || u.status === "over") continue;
      // The other seat's secrets at this version: cards only it knows,
      // whose face this viewer does not see anywhere else.
      const seen = strings(u.observation);
      const secrets = privateCards(t.observation)
        .filter((c) => c.known.seats.includes(other) && !c.known.seats.includes(me) && c.card !== "Hidden")
        .map((c) => (typeof c.card.Shown === "string" ? c.card.Shown : c.card.Shown.face))
        .filter((face) => !seen.has(face));
      const raw = JSON.stringify(u);
      for (const face of secrets) {
        const word = new RegExp(`(^|[^0-9A-Za-z])${face}([^0-9A-Za-z]|$)`);
        assert.doesNotMatch(raw, word, `seat ${me}'s frame at version ${u.version} holds seat ${other}'s card ${face}`);
        for (const d of doms[me].filter((x) => x.version === u.version)) {
          assert.doesNotMatch(d.html, word, `seat ${me}'s page at version ${u.version} shows seat ${other}'s card ${face}`);
        }
        checked += 1;
      }
    }
  }
  assert.ok(checked > 0, "some hidden cards were checked");
  console.log(`# market-island two seats: ${na}+${nb} moves, ${checked} hidden cards checked against ${ua.length}+${ub.length} frames`);
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
  await a.context.close();
  await b.context.close();
});

test("the pictures hold no debug text", () => {
  // The pictures are drawn by the game crates (svg.rs of each), not by
  // the page: a finding here is a game crate's to fix.
  assert.deepEqual([...new Set(pictureFindings)], [], "debug text in the game crates' pictures");
});
