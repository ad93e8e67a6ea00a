// Browser tests of the `web` example (issue 14): Debian's chromium, driven
// by playwright-core, against a running server (web/ci.sh starts it).
//
// For every registered game: open the page, play one human move by
// clicking, screenshot mid-play, seat bots on every seat and play to the
// end, and check that the outcome on the page equals the outcome `serve`
// gives for the same config, seed, bots and moves; download the replay,
// load it in the replay viewer and step through it with the arrow keys;
// no console errors on any page. One game's replay is also written with
// `replay --html` and stepped through offline.
//
// Environment: WEB_URL (default http://127.0.0.1:8080), TABLETOP_BIN (the
// built `tabletop` command, whose `serve` and `replay` the tests run), SHOTS_DIR (screenshots), DOCS_DIR
// (if set, one screenshot per game is copied there for the README),
// CHROMIUM (default /usr/bin/chromium).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, copyFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const BASE = process.env.WEB_URL || "http://127.0.0.1:8080";
const TARGET = process.env.CARGO_TARGET_DIR || join(ROOT, "target");
const TABLETOP_BIN = process.env.TABLETOP_BIN || join(TARGET, "release/tabletop");
const SHOTS = process.env.SHOTS_DIR || join(ROOT, "target/web-screenshots");
const DOCS = process.env.DOCS_DIR || "";
const SEED = "5";
// The games whose screenshots go in the README.
const README_GAMES = new Set(["moon", "binary-scrabble", "market-island", "moon-base"]);

let context;
let userDataDir;
let serve;
const workDir = mkdtempSync(join(tmpdir(), "tabletop-web-"));

// `serve` as a child process: one JSON line in, one line out.
function startServe() {
  const child = spawn(TABLETOP_BIN, ["serve"], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  lines.on("line", (line) => waiting.shift()(JSON.parse(line)));
  return {
    ask(request) {
      return new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${JSON.stringify(request)}\n`);
      });
    },
    stop() {
      child.stdin.end();
      child.kill();
    },
  };
}

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  if (DOCS) mkdirSync(DOCS, { recursive: true });
  userDataDir = mkdtempSync(join(tmpdir(), "tabletop-chromium-"));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1400, height: 1000 },
    args: CHROMIUM_ARGS,
  });
  serve = startServe();
});

after(async () => {
  if (context) await context.close();
  if (serve) serve.stop();
  rmSync(userDataDir, { recursive: true, force: true });
});

// A page that records console errors and uncaught exceptions.
async function openPage(url = BASE) {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  return { page, errors };
}

async function gameNames() {
  const { page, errors } = await openPage();
  await page.waitForSelector("body[data-ready]");
  const names = await page.$$eval("#game option", (os) => os.map((o) => o.value));
  await page.close();
  assert.deepEqual(errors, []);
  return names;
}

// Plays on `serve` what the page played: bots on seats 1.., bot moves
// until seat 0 is to act, seat 0's action `index`, then a bot on seat 0
// and bot moves to the end.
async function serveOutcome(game, config, seats, index) {
  const opened = await serve.ask({ cmd: "new", game, config, seed: SEED });
  assert.equal(opened.ok, true, JSON.stringify(opened));
  const session = opened.session;
  for (let s = 1; s < seats; s++) {
    const r = await serve.ask({ cmd: "bot", session, seat: s, bot: "random", seed: String(Number(SEED) + s) });
    assert.equal(r.ok, true, JSON.stringify(r));
  }
  let status = opened;
  while (status.to_act !== 0) {
    status = await serve.ask({ cmd: "bot_move", session });
    assert.equal(status.ok, true, JSON.stringify(status));
  }
  status = await serve.ask({ cmd: "act", session, seat: 0, index });
  assert.equal(status.ok, true, JSON.stringify(status));
  await serve.ask({ cmd: "bot", session, seat: 0, bot: "random", seed: SEED });
  while (status.to_act !== "over") {
    status = await serve.ask({ cmd: "bot_move", session });
    assert.equal(status.ok, true, JSON.stringify(status));
  }
  const outcome = await serve.ask({ cmd: "outcome", session });
  await serve.ask({ cmd: "close", session });
  const { scores, places, team } = outcome.outcome;
  return { scores, places, team };
}

// The first legal action button, opening its group when grouped.
async function firstAction(page) {
  await page.waitForSelector("#actions button.action, #actions details", { timeout: 60_000 });
  if (!(await page.$("#actions button.action"))) {
    await page.click("#actions details > summary");
  }
  return page.waitForSelector("#actions button.action");
}

test("every registered game: a human click, bots to the end, outcome as serve, replay stepping", async (t) => {
  const names = await gameNames();
  assert.ok(names.length >= 4, `games: ${names}`);
  for (const game of names) {
    await t.test(game, async () => {
      const { page, errors } = await openPage();
      await page.waitForSelector("body[data-ready]");
      await page.selectOption("#game", game);
      await page.fill("#seed", SEED);
      const config = await page.evaluate(() => {
        // The config the form holds: the game's default_config.
        const out = {};
        for (const label of document.querySelectorAll("#config-form .field")) {
          const input = label.querySelector("input, textarea");
          const kind = input.dataset.kind;
          out[label.dataset.key] = kind === "bool" ? input.checked
            : kind === "number" ? Number(input.value)
            : kind === "string" ? input.value
            : JSON.parse(input.value);
        }
        return out;
      });
      await page.click("#new-game");
      await page.waitForSelector("#seats select");
      const seats = await page.$$eval("#seats select", (s) => s.length);
      assert.ok(seats >= 1);

      // One human move by clicking (seat 0 is human, the others bots).
      const button = await firstAction(page);
      const index = Number(await button.getAttribute("data-index"));
      if (game === "binary-scrabble") {
        // Hovering a play marks its squares on the board.
        await button.hover();
        const marked = await page.$$eval("#picture .hl", (e) => e.length);
        assert.ok(marked >= 1, "hovering a play marks squares");
      }
      const before = await page.getAttribute("#picture", "data-step");
      await button.click();
      await page.waitForFunction(
        (step) => document.querySelector("#picture").dataset.step !== step && !document.body.dataset.busy,
        before,
      );
      // Switching the viewer redraws the picture as that viewer sees it.
      await page.selectOption("#viewer", "0");
      await page.waitForSelector('#picture[data-viewer="0"] svg');
      await page.screenshot({ path: join(SHOTS, `${game}.png`), fullPage: true });
      if (DOCS && README_GAMES.has(game)) copyFileSync(join(SHOTS, `${game}.png`), join(DOCS, `${game}.png`));

      // Bots on every seat, to the end.
      await page.selectOption("#seat-0", "random");
      await page.waitForSelector("#outcome[data-outcome]", { timeout: 180_000 });
      const onPage = JSON.parse(await page.getAttribute("#outcome", "data-outcome"));
      const fromServe = await serveOutcome(game, config, seats, index);
      assert.deepEqual(onPage, fromServe, `${game}: page and serve disagree`);

      // Download the replay, load it in the viewer, step with the keys.
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-game")]);
      const file = join(workDir, `${game}.json`);
      await download.saveAs(file);
      await page.click("#tab-replay");
      await page.setInputFiles("#replay-file", file);
      await page.waitForSelector("#replay-root[data-shown]");
      const last = Number(await page.getAttribute("#replay-slider", "max"));
      assert.ok(last > 0);
      await page.waitForSelector("#replay-outcome:not([hidden])");
      await page.keyboard.press("ArrowLeft");
      await page.waitForSelector(`#replay-root[data-shown="${last - 1}"]`);
      await page.keyboard.press("Home");
      await page.waitForSelector('#replay-root[data-shown="0"]');
      await page.keyboard.press("ArrowRight");
      await page.waitForSelector('#replay-root[data-shown="1"]');
      assert.ok(await page.$("#replay-picture svg"), "a picture of step 1");
      await page.close();
      assert.deepEqual(errors, [], `${game}: console errors`);
    });
  }
});

test("undo goes back to the human's decision; a seat sees its rack, a spectator none", async () => {
  const { page, errors } = await openPage();
  await page.waitForSelector("body[data-ready]");
  await page.selectOption("#game", "binary-scrabble");
  await page.fill("#seed", SEED);
  await page.click("#new-game");
  await page.waitForSelector("#seats select");
  await page.waitForSelector('#picture[data-viewer="spectator"] svg');
  assert.ok(!(await page.textContent("#picture")).includes("in your rack"));
  await page.selectOption("#viewer", "0");
  await page.waitForSelector('#picture[data-viewer="0"] svg');
  const rack = await page.$$eval("#picture title", (ts) => ts.filter((t) => t.textContent.includes("in your rack")).length);
  assert.ok(rack >= 1, "seat 0 sees its rack");
  await page.waitForSelector("#actions details, #actions button.action");
  const before = await page.getAttribute("#picture", "data-step");
  await page.fill("#action-search", "pass");
  await page.click("#actions button.action");
  // The bot has answered and seat 0 is to act again.
  await page.waitForFunction(
    (step) => document.querySelector("#picture").dataset.step !== step
      && !document.body.dataset.busy
      && /seat 0 to act/.test(document.querySelector("#status").textContent),
    before,
  );
  await page.click("#undo");
  await page.waitForFunction(
    (step) => document.querySelector("#picture").dataset.step === step
      && /bots paused/.test(document.querySelector("#status").textContent),
    before,
    { timeout: 10_000 },
  );
  await page.waitForSelector("#actions details, #actions button.action");
  await page.close();
  assert.deepEqual(errors, []);
});

test("a config the game refuses shows the game's error next to the form", async () => {
  const { page, errors } = await openPage();
  await page.waitForSelector("body[data-ready]");
  await page.selectOption("#game", "pig");
  await page.fill("#config-target", "0");
  await page.click("#new-game");
  await page.waitForSelector("#config-error:not([hidden])");
  const text = await page.textContent("#config-error");
  assert.match(text, /config refused|target/i);
  await page.close();
  assert.deepEqual(errors, []);
});

test("replay --html writes a viewer that works offline", async () => {
  const { page: live, errors: liveErrors } = await openPage();
  await live.waitForSelector("body[data-ready]");
  await live.selectOption("#game", "moon-base");
  await live.fill("#seed", SEED);
  await live.click("#new-game");
  await live.waitForSelector("#seat-0");
  await live.selectOption("#seat-0", "heuristic");
  await live.waitForSelector("#outcome[data-outcome]", { timeout: 120_000 });
  const [download] = await Promise.all([live.waitForEvent("download"), live.click("#download-game")]);
  const replay = join(workDir, "offline.json");
  await download.saveAs(replay);
  await live.close();
  assert.deepEqual(liveErrors, []);

  const html = execFileSync(TABLETOP_BIN, ["replay", "--html", replay], { maxBuffer: 256 << 20 });
  const file = join(workDir, "offline.html");
  writeFileSync(file, html);
  // Only the file itself: no server is asked for anything.
  const { page, errors } = await openPage(`file://${file}`);
  await page.route("http://**", (route) => route.abort());
  await page.waitForSelector("#replay-root[data-shown]");
  const last = Number(await page.getAttribute("#replay-slider", "max"));
  await page.keyboard.press("Home");
  await page.waitForSelector('#replay-root[data-shown="0"]');
  await page.keyboard.press("ArrowRight");
  await page.waitForSelector('#replay-root[data-shown="1"]');
  await page.keyboard.press("End");
  await page.waitForSelector(`#replay-root[data-shown="${last}"]`);
  assert.ok(await page.$("#replay-outcome:not([hidden])"));
  await page.selectOption("#replay-viewer", "1");
  assert.ok(await page.$("#replay-picture svg"));
  await page.close();
  assert.deepEqual(errors, []);
});
