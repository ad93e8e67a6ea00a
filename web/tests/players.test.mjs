// Browser test of the match server's players' page (docs/server.md):
// `tabletop server` on a throwaway SQLite file, Debian's chromium driven by
// playwright-core. A player starts Market Island against bots from the
// lobby, moves by clicking, reloads the page (which rejoins the seat with
// the token it kept, the log intact), and plays to the end.
//
// Environment: TABLETOP_BIN (the built `tabletop`), PLAYERS_PORT (default
// 18090), CHROMIUM (default /usr/bin/chromium).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const ROOT = resolve(import.meta.dirname, "../..");
const TARGET = process.env.CARGO_TARGET_DIR || join(ROOT, "target");
const TABLETOP_BIN = process.env.TABLETOP_BIN || join(TARGET, "debug/tabletop");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const PORT = process.env.PLAYERS_PORT || "18090";
const BASE = `http://127.0.0.1:${PORT}`;

const workDir = mkdtempSync(join(tmpdir(), "tabletop-players-"));
let server;
let browser;

before(async () => {
  server = spawn(TABLETOP_BIN, ["server", "--addr", `127.0.0.1:${PORT}`, "--db", `sqlite://${join(workDir, "m.db")}`, "--log", "warn"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const until = Date.now() + 15000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/games`)).ok) break;
    } catch {}
    if (Date.now() > until) throw new Error("tabletop server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  rmSync(workDir, { recursive: true, force: true });
});

async function status(page) {
  return (await page.locator(".status").textContent()) || "";
}

// Waits until it is the player's move or the game is over.
async function settle(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector(".status");
    return s && (/your move/.test(s.textContent) || /^Game over/.test(s.textContent));
  }, null, { timeout: 30000 });
}

test("a player starts against bots, reloads into the same seat, and finishes", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(BASE);
  const card = page.locator(".card", { hasText: "market-island" });
  await card.locator("select").selectOption("easy");
  await card.getByRole("button", { name: "Play against bots" }).click();
  await page.waitForURL(/#\/m\/[0-9a-f]{32}$/);
  const url = page.url();
  await settle(page);
  assert.match(await status(page), /you are seat 0|Game over/);

  // One move by clicking; the log grows.
  if (/your move/.test(await status(page))) {
    const before = await page.locator("#log li").count();
    await page.locator("#moves button").first().click();
    await page.waitForFunction((n) => document.querySelectorAll("#log li").length > n, before);
  }
  const logBefore = await page.locator("#log li").allTextContents();

  // A reload rejoins the seat by the token the page kept.
  await page.reload();
  await page.waitForFunction(() => /you are seat 0|Game over/.test(document.querySelector(".status")?.textContent || ""));
  assert.equal(page.url(), url);
  await page.waitForFunction((n) => document.querySelectorAll("#log li").length >= n, logBefore.length);
  const logAfter = await page.locator("#log li").allTextContents();
  assert.deepEqual(logAfter.slice(0, logBefore.length), logBefore, "the log survives a reload");

  // To the end, one click per turn.
  for (let i = 0; i < 500 && !/^Game over/.test(await status(page)); i++) {
    await settle(page);
    if (/your move/.test(await status(page))) {
      const version = await page.locator("#log li").count();
      await page.locator("#moves button").first().click();
      await page.waitForFunction((n) => {
        const s = document.querySelector(".status")?.textContent || "";
        return document.querySelectorAll("#log li").length > n || /^Game over/.test(s);
      }, version);
    }
  }
  assert.match(await status(page), /^Game over: .*(won|tied|ended)/);
  assert.deepEqual(errors, []);
  await context.close();
});
