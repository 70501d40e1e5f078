/**
 * The README's screenshots of the table page, by `npm run screenshots` (after `npm run build`):
 * a local server with fixed deals, a table played through the public API into the middle of
 * its first game (the declarer's first trick half played), then seat 1's page at 390×844 (a
 * phone) and 1280×800 (a laptop), whole pages; then, the game played to its end, seat 0's
 * phone as it shows the result. Written to docs/screenshots/. Nothing here is a test: the
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
  gameNumber: number;
  bid: string | null;
  legalActions: Offered[];
}
interface Created {
  tableId: string;
  seats: { seat: number; token: string; url: string }[];
}

const out = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

async function call<T>(base: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  // The script reads three views a move, faster than a person: each call comes from an address of its own (the read limit is per client).
  headers['cf-connecting-ip'] = `2001:db8:${Math.floor(Math.random() * 0x10000).toString(16)}::1`;
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
    const playUntil = async (done: (view: View) => boolean): Promise<void> => {
      for (let moves = 0; moves < 80; moves++) {
        const views = await Promise.all(table.seats.map((s) => call<View>(server.base, `/api/tables/${table.tableId}`, s.token)));
        turn = views[0]!.turn ?? views.findIndex((v) => v.legalActions.length > 0);
        if (done(views[0]!)) return;
        const view = views[turn]!;
        await call(server.base, `/api/tables/${table.tableId}/actions`, table.seats[turn]!.token, { ...moveOf(view), version: view.version });
      }
      throw new Error('the game did not get there in 80 moves');
    };
    await playUntil((view) => view.phase === 'play' && view.trick.length === 2);
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
      await page.screenshot({ path: `${out}${shot.file}`, fullPage: true });
      process.stderr.write(`screenshots: docs/screenshots/${shot.file}\n`);
      await context.close();
    }
    // The end of the game: its last trick, the result banner and the arithmetic, on a phone.
    await playUntil((view) => view.gameNumber === 2);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en' });
    const page = await context.newPage();
    await page.goto(table.seats[0]!.url.replace(/^https?:\/\/[^/]+/, server.base));
    await page.waitForSelector('[data-result]');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}game-end-390.png` });
    process.stderr.write('screenshots: docs/screenshots/game-end-390.png\n');
    await context.close();
  } finally {
    await browser.close();
    await closeServer(server);
  }
}

await main();
