/**
 * The README's screenshots of the table page, by `npm run screenshots` (after `npm run build`):
 * a local server with fixed deals, a table played through the public API into the middle of
 * its first game (the declarer's first trick half played), then seat 1's page at 390×844 (a
 * phone) and 1280×800 (a laptop), written to docs/screenshots/. Nothing here is a test: the
 * pictures are for people reading the README.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.js';
import { closeServer, startServer } from './local-server.js';

interface Offered {
  type: string;
  count?: number;
  [field: string]: unknown;
}
interface View {
  version: number;
  phase: string;
  turn: number | null;
  hand: string[] | null;
  trick: unknown[];
  bid: string | null;
  legalActions: Offered[];
}
interface Created {
  tableId: string;
  seats: { seat: number; token: string; url: string }[];
}

const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

async function call<T>(base: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** An unremarkable game: no doubles, forehand plays 6 and the others pass, the last two cards away, the first card offered. */
function moveOf(view: View): Record<string, unknown> {
  const offered = view.legalActions.filter((a) => a.type !== 'kontra');
  const bid = view.bid === null ? offered.find((a) => a.type === 'bid') : offered.find((a) => a.type === 'pass');
  const pick = offered.find((a) => a.type === 'double' && a.double === false) ?? bid ?? offered[0]!;
  if (pick.type === 'discard') return { type: 'discard', cards: view.hand!.slice(-2) };
  return pick;
}

async function main(): Promise<void> {
  const server = await startServer({ label: 'screenshots', tempPrefix: 'wallachen-shots-', vars: { TEST_DEALS: 'on' } });
  const browser = await launchChromium();
  try {
    const table = await call<Created>(server.base, '/api/tables', null, {
      name: 'Stammtisch',
      seats: [{ name: 'Sepp' }, { name: 'Vroni' }, { name: 'Hias' }],
      options: { games: 6 },
    });
    // Play until the first trick holds two cards: a table in the middle of a game.
    let turn = 0;
    for (let moves = 0; moves < 40; moves++) {
      const views = await Promise.all(table.seats.map((s) => call<View>(server.base, `/api/tables/${table.tableId}`, s.token)));
      const seen = views[0]!;
      turn = seen.turn ?? views.findIndex((v) => v.legalActions.length > 0);
      if (seen.phase === 'play' && seen.trick.length === 2) break;
      const view = views[turn]!;
      await call(server.base, `/api/tables/${table.tableId}/actions`, table.seats[turn]!.token, { ...moveOf(view), version: view.version });
    }
    mkdirSync(out, { recursive: true });
    const shots = [
      { file: 'table-390.png', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      { file: 'table-1280.png', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
    ];
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: shot.viewport,
        isMobile: shot.isMobile,
        hasTouch: shot.hasTouch,
        deviceScaleFactor: 1,
        locale: 'en',
      });
      const page = await context.newPage();
      // The seat whose turn it is now: its controls are on the page.
      const seat = table.seats[turn]!;
      await page.goto(seat.url.replace(/^https?:\/\/[^/]+/, server.base));
      await page.waitForSelector('[data-card]');
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${out}${shot.file}` });
      process.stderr.write(`screenshots: docs/screenshots/${shot.file}\n`);
      await context.close();
    }
  } finally {
    await browser.close();
    await closeServer(server);
  }
}

await main();
