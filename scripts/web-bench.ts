/**
 * Web app benchmark, run by `npm run bench:web` (and last by `npm run bench`), both of which
 * build the app first. Prints one JSON line per figure, {"bench", "value", "unit"}, like
 * bench.ts; notes go to stderr.
 *
 * Starts a local server (scripts/local-server.ts: a copy of the project, web/dist as built),
 * creates a table through the API and opens seat 0's link in headless Chromium:
 * - web.tableJsGzipBytes: the JavaScript the table page loads before its first card is
 *   painted (the entry script, preloaded modules and chunks imported on the way), each
 *   response body gzipped (level 9) on its own, summed. Bar: 40 KB.
 * - web.firstCardsMs: from navigation start to the first `[data-card]` painted, the median of
 *   WEB_RUNS (default 7) runs, each in a fresh browser context (empty cache), after one
 *   warm-up run that is not counted. Bar: 1000 ms. web.firstCardsMsPhone: the same on a
 *   360 px phone (touch, device scale 2).
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium, newContext } from './chromium.js';
import { closeServer, startServer } from './local-server.js';

const RUNS = Number(process.env.WEB_RUNS ?? 7);

function report(bench: string, value: number, unit: string): void {
  console.log(JSON.stringify({ bench, value: Number(value.toPrecision(4)), unit }));
}
const note = (text: string) => process.stderr.write(`web: ${text}\n`);

interface PageWindow {
  document: {
    addEventListener(type: string, listener: () => void): void;
    querySelector(selector: string): { getClientRects(): ArrayLike<unknown> } | null;
  };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: Record<string, unknown>): void; disconnect(): void };
  requestAnimationFrame(callback: () => void): void;
  performance: { now(): number; getEntriesByType(type: string): { name: string; startTime: number }[] };
  /** When (performance.now(), from navigation start) the first card was painted. */
  __firstCardAt?: number;
}

/**
 * Runs in the page before its scripts: notes when the first `[data-card]` with a box is
 * painted. The frame that shows it is drawn after the next animation frame callback; the
 * task queued from there runs once that frame is out.
 */
function firstCardProbe(): void {
  const w = globalThis as unknown as PageWindow;
  const observer = new w.MutationObserver(() => {
    const card = w.document.querySelector('[data-card]');
    if (card === null || card.getClientRects().length === 0) return;
    observer.disconnect();
    w.requestAnimationFrame(() => setTimeout(() => (w.__firstCardAt = w.performance.now()), 0));
  });
  observer.observe(w.document, { subtree: true, childList: true, attributes: true });
}

interface Run {
  firstCardMs: number;
  /** The scripts loaded before the first card was painted: URL and body. */
  scripts: { url: string; body: Buffer }[];
  later: string[];
}

async function run(browser: Browser, link: string, kind: 'desktop' | 'phone'): Promise<Run> {
  const context = await newContext(browser, kind);
  try {
    await context.addInitScript(firstCardProbe);
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      // Module scripts, modulepreload and dynamic import() all count as 'script' requests.
      if (response.request().resourceType() !== 'script') return;
      const body = response.body();
      // Only the scripts loaded before the first card are read; a later one may still be loading
      // when the context closes, and its body's refusal then must not end the run.
      body.catch(() => undefined);
      bodies.set(response.url(), body);
    });
    await page.goto(link);
    await page.waitForFunction(() => (globalThis as unknown as PageWindow).__firstCardAt !== undefined, null, { timeout: 30_000, polling: 10 });
    const { firstCardMs, entries } = await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      return { firstCardMs: w.__firstCardAt!, entries: w.performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime })) };
    });
    // Every script asked for before the first card counts, finished or not: it competed with the first card for the network.
    const before = new Set(entries.filter((e) => e.start <= firstCardMs).map((e) => e.url));
    const scripts: Run['scripts'] = [];
    const later: string[] = [];
    for (const [url, body] of bodies) {
      if (before.has(url)) scripts.push({ url, body: await body });
      else later.push(url);
    }
    return { firstCardMs, scripts, later };
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main(): Promise<void> {
  const server = await startServer({ label: 'web', tempPrefix: 'wallachen-web-' });
  let browser: Browser | undefined;
  try {
    const res = await fetch(`${server.base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "web bench"}',
    });
    if (res.status !== 201) throw new Error(`POST /api/tables answered ${res.status}: ${await res.text()}`);
    const link = ((await res.json()) as { seats: { url: string }[] }).seats[0]!.url;
    browser = await launchChromium();

    // Warm-up: the server's first requests are slower; the browser has nothing cached in any run.
    const first = await run(browser, link, 'desktop');
    const bytes = first.scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0);
    for (const s of first.scripts)
      note(`before the first card: ${new URL(s.url).pathname} ${s.body.length} bytes, ${gzipSync(s.body, { level: 9 }).length} gzipped`);
    for (const url of first.later) note(`after the first card: ${new URL(url).pathname}`);
    report('web.tableJsGzipBytes', bytes, 'bytes');

    for (const kind of ['desktop', 'phone'] as const) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await run(browser, link, kind)).firstCardMs);
      note(`${kind}: first card after ${times.map((t) => Math.round(t)).join(', ')} ms`);
      report(kind === 'desktop' ? 'web.firstCardsMs' : 'web.firstCardsMsPhone', median(times), 'ms');
    }
  } catch (error) {
    process.stderr.write(`${server.output}\n`);
    throw error;
  } finally {
    await browser?.close();
    await closeServer(server);
  }
}

await main();
