/**
 * Web app benchmark, run by `npm run bench:web` (and last by `npm run bench`), both of which
 * build the app first. Prints one JSON line per figure, {"bench", "value", "unit"}, like
 * bench.ts; notes go to stderr.
 *
 * Starts a local server (scripts/dev/local-server.ts: a copy of the project, web/dist as built),
 * creates a table through the API and opens seat 0's link in headless Chromium:
 * - web.tableJsGzipBytes: the JavaScript the table page loads before its first card is
 *   painted (the entry script, preloaded modules and chunks imported on the way), each
 *   response body gzipped (level 9) on its own, summed. Bar: 40 KB.
 * - web.firstCardsMs: from navigation start to the first `[data-card]` painted, the median of
 *   WEB_RUNS (default 7) runs, each in a fresh browser context (empty cache), after one
 *   warm-up run that is not counted. Bar: 1000 ms. web.firstCardsMsPhone: the same on a
 *   360 px phone (touch, device scale 2).
 * - web.slowPhone.coldFirstCardsMs and web.slowPhone.revisitFirstCardsMs: the same on the
 *   slow-phone profile (SLOW_PHONE: the phone's CPU four times slower, fast 3G), medians of
 *   SLOW_RUNS (default 5). Each run is a fresh context: the cold figure opens the link with
 *   nothing cached; the revisit opens the same link again in the same context once the
 *   service worker controls the page (the code from its cache, the first cards from the view
 *   kept on the device, web/src/table/last-view.ts). Bar of the revisit: 500 ms.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { launchChromium, newContext } from '../dev/chromium.js';
import { closeServer, startServer } from '../dev/local-server.js';
import { median, report } from './bench-line.js';

const RUNS = Number(process.env.WEB_RUNS ?? 7);
const SLOW_RUNS = Number(process.env.SLOW_RUNS ?? 5);

/** Chrome DevTools' "fast 3G" and a CPU four times slower than this machine's: a modest phone on a poor network. */
const SLOW_PHONE = { cpuSlowdown: 4, latencyMs: 150, downBitsPerSecond: 1.6e6, upBitsPerSecond: 750e3 };

const note = (text: string) => process.stderr.write(`web: ${text}\n`);

interface PageWindow {
  document: {
    addEventListener(type: string, listener: () => void): void;
    querySelector(selector: string): { getClientRects(): ArrayLike<unknown> } | null;
  };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: Record<string, unknown>): void; disconnect(): void };
  requestAnimationFrame(callback: () => void): void;
  console: { debug(text: string): void };
  performance: { now(): number; getEntriesByType(type: string): { name: string; startTime: number }[] };
  navigator: { serviceWorker: { controller: unknown } };
}

/** What the page logs when its first card is painted: `first-card <ms from navigation start> <kept|live>`. */
const FIRST_CARD = 'wallachen-bench first-card';

/**
 * Runs in the page before its scripts: notes when the first `[data-card]` with a box is
 * painted, and whether the view shown then was the one kept on the device. The frame that
 * shows it is drawn after the next animation frame callback; the task queued from there runs
 * once that frame is out. Told by a console message: waiting for it adds no work to the page
 * (polling it with a script would compete with the page for the slowed CPU).
 */
function firstCardProbe(): void {
  const w = globalThis as unknown as PageWindow;
  const observer = new w.MutationObserver(() => {
    const card = w.document.querySelector('[data-card]');
    if (card === null || card.getClientRects().length === 0) return;
    observer.disconnect();
    const kept = w.document.querySelector('[data-last-view]') !== null;
    w.requestAnimationFrame(() =>
      setTimeout(() => {
        w.console.debug(`wallachen-bench first-card ${w.performance.now()} ${kept ? 'kept' : 'live'}`);
      }, 0),
    );
  });
  observer.observe(w.document, { subtree: true, childList: true, attributes: true });
}

/** The first card of the page's next load: when (ms from navigation start) and whether it was the kept view's. */
function firstCard(page: Page): Promise<{ at: number; kept: boolean }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no card painted within 60 s')), 60_000);
    const listener = (message: ConsoleMessage) => {
      if (!message.text().startsWith(FIRST_CARD)) return;
      page.off('console', listener);
      clearTimeout(timer);
      const [at, source] = message
        .text()
        .slice(FIRST_CARD.length + 1)
        .split(' ');
      resolve({ at: Number(at), kept: source === 'kept' });
    };
    page.on('console', listener);
  });
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
    const painted = firstCard(page);
    await page.goto(link);
    const firstCardMs = (await painted).at;
    const { entries } = await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      return { entries: w.performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime })) };
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

/** Opens a page of `context` on the slow-phone profile (CPU and network, set through the DevTools protocol). */
async function slowPhonePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downBitsPerSecond / 8,
    uploadThroughput: SLOW_PHONE.upBitsPerSecond / 8,
  });
  return page;
}

async function firstCardOf(page: Page, link: string): Promise<{ at: number; kept: boolean }> {
  const painted = firstCard(page);
  await page.goto(link);
  return painted;
}

/** One slow-phone run: the link opened cold, then again once the service worker controls the page. */
async function slowPhoneRun(browser: Browser, link: string): Promise<{ coldMs: number; revisitMs: number }> {
  const context = await newContext(browser, 'phone');
  try {
    await context.addInitScript(firstCardProbe);
    const cold = await slowPhonePage(context);
    const coldMs = (await firstCardOf(cold, link)).at;
    // Installed once the first cards are shown (web/src/table/TablePage.tsx), then in control.
    await cold.waitForFunction(() => (globalThis as unknown as PageWindow).navigator.serviceWorker.controller !== null, null, {
      timeout: 60_000,
      polling: 50,
    });
    await cold.close();
    const revisit = await slowPhonePage(context);
    const again = await firstCardOf(revisit, link);
    if (!again.kept) note('revisit: the first cards were the live view, not one kept on the device');
    const revisitMs = again.at;
    return { coldMs, revisitMs };
  } finally {
    await context.close();
  }
}

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

    const slow: { coldMs: number; revisitMs: number }[] = [];
    for (let i = 0; i < SLOW_RUNS; i++) slow.push(await slowPhoneRun(browser, link));
    note(
      `slow phone: cold ${slow.map((r) => Math.round(r.coldMs)).join(', ')} ms; revisit ${slow.map((r) => Math.round(r.revisitMs)).join(', ')} ms`,
    );
    report('web.slowPhone.coldFirstCardsMs', median(slow.map((r) => r.coldMs)), 'ms');
    report('web.slowPhone.revisitFirstCardsMs', median(slow.map((r) => r.revisitMs)), 'ms');
  } catch (error) {
    process.stderr.write(`${server.output}\n`);
    throw error;
  } finally {
    await browser?.close();
    await closeServer(server);
  }
}

await main();
