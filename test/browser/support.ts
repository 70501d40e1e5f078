/**
 * Helpers for the browser tests: Chromium and its contexts (desktop, phone), the problems a
 * page reports (console errors, uncaught errors, CSP violations), the API for setting a table
 * up and reading views, the table page's hooks (API.md "Hooks for browser tests" and the UI
 * hooks of the web app), and a driver that plays by clicking the page's controls.
 *
 * Functions passed to `page.evaluate` and init scripts run in the page: they are serialized,
 * so they use nothing from this module, and they reach the DOM through `globalThis` with the
 * few types declared here (the root tsconfig has no DOM library: it type-checks the Worker).
 */
import { createServer as createTcpServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, ElementHandle, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { connectChromium, newContext } from '../../scripts/dev/chromium.js';
import { HOST } from '../../scripts/dev/local-server.js';
import { CARD_CODES } from '../../shared/cards.js';
import { dealFromDeck, type Deal } from '../../shared/deal.js';
import type { SeriesView } from '../../shared/view.js';
import { addressKey, confirmLink } from '../../worker/notifications/mail/links.js';
import { tokenKey } from '../../worker/model/tokens.js';
import { SHOWN_WITHIN_MS } from './budgets.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ------------------------------------------------------------------ the API (setup and reading only)

export type Seat = 0 | 1 | 2;
export const SEATS: readonly Seat[] = [0, 1, 2];

export interface CreatedTable {
  tableId: string;
  seats: { seat: Seat; token: string; url: string }[];
  spectator: { token: string; url: string };
  /** The table admin's link (API.md "Table admin"). */
  admin: { token: string; url: string };
}

/** A view as the API answers it (API.md "The view"): the engine's view of the seat, with the table's id and version. */
export type View = SeriesView & { tableId: string; version: number; paused: boolean };

/** A client address (an IPv6 /64) of a link's own, derived from its token (worker/routes/client-key.ts keys IPv6 clients on the /64). */
/** A client address of its own for every call of the driver (a /64 of the documentation range, drawn at random). */
function driverIp(): string {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${group()}:${group()}::1`;
}

async function api<T>(base: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
  // The driver is the tests' oracle and set-up, not a client: it polls the API for the view
  // every page must agree with, far more often than a page reads, and creates more tables a
  // minute than one person would. Each of its calls comes from an address of its own, so the
  // limiters (per client) count only the pages, at 127.0.0.1. wrangler dev keeps a
  // CF-Connecting-IP that is sent.
  headers.set('cf-connecting-ip', driverIp());
  if (rest.body !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(`${base}${path}`, { ...rest, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${rest.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** POST /api/tables (API.md): setup only. `deals` needs the server's TEST_DEALS=on. */
export const createTable = (
  base: string,
  body: { name?: string; options?: Record<string, unknown>; deals?: Deal[]; seats?: { name: string; email?: string }[] } = {},
) => api<CreatedTable>(base, '/api/tables', { method: 'POST', body: JSON.stringify(body) });

/** GET /api/tables/{id}: the view of whoever holds `token`. */
export const readView = (base: string, tableId: string, token: string) => api<View>(base, `/api/tables/${tableId}`, { token });

/** GET /api/tables/{id}/notifications: the settings of the seat whose token it is. */
export const readNotifications = (base: string, tableId: string, token: string) =>
  api<{ email: string | null; emailState: string | null; webhookUrl: string | null; webhookState: string | null }>(
    base,
    `/api/tables/${tableId}/notifications`,
    { token },
  );

/** GET /api/tables/{id}/deliveries: the delivery log of the seat whose token it is, newest first. */
export const readDeliveries = (base: string, tableId: string, token: string) =>
  api<{ deliveries: { channel: string; event: string; outcome: string; detail?: string }[] }>(base, `/api/tables/${tableId}/deliveries`, {
    token,
  }).then((answer) => answer.deliveries);

/**
 * Confirms `address` at a table as its owner does: the button of the page of that table's
 * confirm link (worker/mail/links.ts), made with the key the local server has: the
 * TOKEN_SECRET it was started with (vitest.config.ts passes the tests' own to it), else the
 * development key of a loopback address (worker/model/tokens.ts).
 */
export async function confirmAddress(base: string, tableId: string, address: string): Promise<void> {
  const key = tokenKey({ TOKEN_SECRET: process.env.TOKEN_SECRET }, base);
  if (!key.ok) throw new Error(key.message);
  const link = await confirmLink(key.secret, base, await addressKey(key.secret, address), tableId);
  const res = await fetch(link, { method: 'POST', headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  if (!res.ok) throw new Error(`confirming ${link} answered ${res.status}: ${await res.text()}`);
}

/** GET /api/tables/{id}/games: the finished games' records. */
export const readGames = (base: string, tableId: string, token: string) =>
  api<{ games: { gameNumber: number; settlement: { payments: number[]; pot: number } | null }[] }>(base, `/api/tables/${tableId}/games`, { token });

/** POST /api/tables/{id}/actions as the holder of `token` (only where a test says why it acts through the API). */
export const actThroughApi = (base: string, tableId: string, token: string, action: Record<string, unknown>) =>
  api<View>(base, `/api/tables/${tableId}/actions`, { method: 'POST', token, body: JSON.stringify(action) });

/**
 * Setup only: plays through the API until `done` (everybody passes: the forced game; a double: no; a
 * discard: the first two cards; kontra never; otherwise the first legal action).
 */
export async function playThroughApi(base: string, table: CreatedTable, done: (views: View[]) => boolean): Promise<void> {
  const token = (seat: Seat) => table.seats[seat]!.token;
  for (let guard = 0; guard < 200; guard++) {
    const views = await Promise.all(SEATS.map((seat) => readView(base, table.tableId, token(seat))));
    if (done(views)) return;
    const seat = SEATS.find((s) => views[s]!.legalActions.some((a) => a.type !== 'kontra'))!;
    const view = views[seat]!;
    const legal = view.legalActions.filter((a) => a.type !== 'kontra');
    const first = legal.find((a) => a.type === 'pass') ?? legal.find((a) => a.type === 'double') ?? legal[0]!;
    const action = first.type === 'discard' ? { type: 'discard', cards: view.hand!.slice(0, 2) } : first;
    await actThroughApi(base, table.tableId, token(seat), action as Record<string, unknown>);
  }
  throw new Error('the table never reached the state the test waits for');
}

/** POST /api/tables/{id}/admin with the table's admin token (setup): one command, e.g. `{type: "pause"}`. */
export const adminThroughApi = (base: string, table: CreatedTable, command: Record<string, unknown>) =>
  api<unknown>(base, `/api/tables/${table.tableId}/admin`, { method: 'POST', token: table.admin.token, body: JSON.stringify(command) });

/** The page sizes the app supports (issue 25): two phones and two desktops. */
export const PAGE_SIZES = [
  { width: 360, height: 640, kind: 'phone' },
  { width: 390, height: 844, kind: 'phone' },
  { width: 1280, height: 800, kind: 'desktop' },
  { width: 1920, height: 1080, kind: 'desktop' },
] as const;

/** Names as long as people give them: the layout must hold with them. */
export const LONG_NAMES = ['Maximiliane Theresia von Oberammergau', 'Bartholomäus Wolfgang Xaver Huber', 'Kunigunde Walburga Zwirglmaier-Schmidt'];
export const LONG_TABLE_NAME = 'Stammtisch zum Goldenen Hirschen in Oberammergau';

/** The first action of `type` the view offers for which `where` holds, as a body to send (a test's driver picks its moves with it). */
export function offeredAction(
  view: Pick<View, 'legalActions'>,
  type: string,
  where: (action: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> | undefined {
  return (view.legalActions as unknown as Record<string, unknown>[]).find((action) => action.type === type && where(action));
}

/** The table id and token of a link `http://host/t/<tableId>#<token>`. */
export function partsOfLink(link: string): { origin: string; tableId: string; token: string } {
  const url = new URL(link);
  const tableId = /^\/t\/([^/]+)$/.exec(url.pathname)?.[1];
  const token = url.hash.slice(1);
  if (tableId === undefined || token === '') throw new Error(`not a table link (http://host/t/<tableId>#<token>): ${link}`);
  return { origin: url.origin, tableId, token };
}

/** A fixed deal (API.md "Fixed deals for tests"), the same for the same `seed`: a Fisher–Yates shuffle driven by a small LCG. */
export function shuffledDeal(seed: number): Deal {
  const deck = [...CARD_CODES];
  let state = seed >>> 0;
  for (let i = deck.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return dealFromDeck(deck);
}

// ------------------------------------------------------------------ pages and their problems

/** What a page reported: console errors, uncaught errors, CSP violations; with the time (Date.now()). */
export interface Problem {
  readonly at: number;
  readonly kind: 'console' | 'pageerror' | 'csp';
  /** What the page was showing then (openInstead names a page anew for each link it opens). */
  readonly label?: string;
  readonly text: string;
}

const problems = new WeakMap<Page, Problem[]>();
const labels = new WeakMap<Page, string>();
/** The page's HTTP requests sent and not yet answered or failed (WebSockets are not requests). */
/** Each page's requests under way, with when each began (Date.now()). */
const pending = new WeakMap<Page, Map<Request, number>>();
/** Each page's last requests that ended: how each ended and how long it took (for pageState). */
const ended = new WeakMap<Page, string[]>();
/** Pages of phone contexts: people tap there. */
const touchPages = new WeakSet<Page>();

/** The problems `page` has reported so far. */
export const problemsOf = (page: Page): Problem[] => problems.get(page) ?? [];

/** The little of the DOM that the page-side functions below use. */
interface ProbeElement {
  getAttribute(name: string): string | null;
  closest(selector: string): ProbeElement | null;
  contains(other: ProbeElement): boolean;
  getClientRects(): ArrayLike<unknown>;
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  readonly disabled?: boolean;
  readonly checked?: boolean;
  readonly textContent: string | null;
}
interface ProbeDocument {
  querySelector(selector: string): ProbeElement | null;
  querySelectorAll(selector: string): ArrayLike<ProbeElement>;
  elementFromPoint(x: number, y: number): ProbeElement | null;
  addEventListener(
    type: string,
    listener: (event: { violatedDirective: string; blockedURI: string; sourceFile: string }) => void,
    capture: boolean,
  ): void;
}
interface ProbeWindow {
  document: ProbeDocument;
  getComputedStyle(element: ProbeElement): { visibility: string };
  MutationObserver: new (callback: () => void) => { observe(target: ProbeDocument, options: Record<string, unknown>): void };
  __wallachenCsp(text: string): void;
  /** Set by the probe: when (Date.now()) each data-version was first seen, and the last click. */
  __probe: { versions: Record<string, number>; lastClick: number };
}

/**
 * Runs in every page before its own scripts: reports CSP violations (the event, besides the
 * console message Chromium writes) and notes when each `data-version` of `[data-table]` first
 * appears and when the last click happened, both by the page's clock (Date.now(): the same
 * clock in every page on this machine, so times compare across pages).
 */
function pageProbe(): void {
  const w = globalThis as unknown as ProbeWindow;
  w.__probe = { versions: {}, lastClick: 0 };
  w.document.addEventListener(
    'securitypolicyviolation',
    (event) => w.__wallachenCsp(`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile || 'no file'})`),
    true,
  );
  w.document.addEventListener('click', () => (w.__probe.lastClick = Date.now()), true);
  let last: string | null = null;
  new w.MutationObserver(() => {
    const version = w.document.querySelector('[data-table]')?.getAttribute('data-version') ?? null;
    if (version !== null && version !== last) {
      last = version;
      w.__probe.versions[version] ??= Date.now();
    }
  }).observe(w.document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-version'] });
}

/** A fresh context whose pages report their problems (problemsOf) and carry the probe. */
export async function instrumentedContext(browser: Browser, kind: 'desktop' | 'phone'): Promise<BrowserContext> {
  const context = await newContext(browser, kind);
  // Each context is a person on a device of its own: its own client address for the per-client
  // limits (wrangler dev keeps a CF-Connecting-IP that is sent), as players at home would have,
  // rather than every page of every test as one client at 127.0.0.1.
  await context.setExtraHTTPHeaders({ 'cf-connecting-ip': driverIp() });
  await context.exposeBinding('__wallachenCsp', ({ page }, text: string) =>
    problems.get(page)?.push({ at: Date.now(), kind: 'csp', text, label: labels.get(page) }),
  );
  await context.addInitScript(pageProbe);
  context.on('page', (page) => {
    watch(page);
    if (kind === 'phone') touchPages.add(page);
  });
  return context;
}

/**
 * For a test file: connects to the project's one Chromium (global-setup.ts) before its tests,
 * and closes every context made through it, and the connection, after them.
 * - `context(kind)`: a new device (a browser context: its own storage, cookies, service
 *   workers, offline switch) for the test that asks.
 * - `device(kind)`: the file's one device of that kind, for tests that need no device of their
 *   own; the tabs a test opened on it are closed after the test. A new context costs the 2-core
 *   machine about two seconds of CPU, a page in one about one.
 */
export function useChromium(): {
  context(kind: 'desktop' | 'phone'): Promise<BrowserContext>;
  device(kind: 'desktop' | 'phone'): Promise<BrowserContext>;
} {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const devices = new Map<string, Promise<BrowserContext>>();
  beforeAll(async () => {
    browser = await connectChromium(inject('chromiumEndpoint'));
  });
  afterEach(async ({ task }) => {
    // A failed test says what each of its pages was doing then: a wait that ran out on a busy
    // machine (a click's "stable" check, say) names its cause in the log of the run it failed in.
    if (task.result?.state === 'fail') for (const context of contexts) for (const page of context.pages()) console.error(await pageState(page));
    for (const device of devices.values()) for (const page of (await device).pages()) await page.close();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  const context = async (kind: 'desktop' | 'phone'): Promise<BrowserContext> => {
    if (browser === undefined) throw new Error('Chromium is not running: call context() within a test');
    const made = await instrumentedContext(browser, kind);
    contexts.push(made);
    return made;
  };
  return {
    context,
    device(kind) {
      if (!devices.has(kind)) devices.set(kind, context(kind));
      return devices.get(kind)!;
    },
  };
}

/** A context of the kind whose pages start in `lang` (as a reader who chose it before), light, with Bavarian cards. */
export async function contextIn(chromium: ReturnType<typeof useChromium>, kind: 'phone' | 'desktop', lang: 'de' | 'en'): Promise<BrowserContext> {
  const context = await chromium.context(kind);
  await context.addInitScript((chosen) => {
    const w = globalThis as unknown as { location: { protocol: string }; localStorage: { setItem(key: string, value: string): void } };
    // The blank page a new tab starts on has no storage.
    if (w.location.protocol !== 'http:') return;
    w.localStorage.setItem('wallachen.prefs', JSON.stringify({ lang: chosen, theme: 'light', pattern: 'bavarian' }));
  }, lang);
  return context;
}

/** Opens `url` at the page size given (the page lays itself out, and scrolls, as it would on that screen), once `ready` shows. */
export async function openAt(
  context: BrowserContext,
  url: string,
  label: string,
  size: { width: number; height: number },
  ready: string,
): Promise<Page> {
  const page = await openPage(context, url, label, size);
  await shownWhenReady(page, ready);
  return page;
}

/**
 * For a test that looks at many links, each once: one device per kind and language
 * (contextIn), and one tab on each, which opens every link given to it in turn (openAt, then
 * openInstead) at the size asked for. A new document each time, without a new device and
 * renderer process each time, which cost the 2-core machine about 3 s of CPU.
 */
export function tabsOf(chromium: ReturnType<typeof useChromium>): {
  open(
    kind: 'phone' | 'desktop',
    lang: 'de' | 'en',
    url: string,
    label: string,
    size: { width: number; height: number },
    ready: string,
  ): Promise<Page>;
} {
  const tabs = new Map<string, Promise<{ context: BrowserContext; page?: Page }>>();
  return {
    async open(kind, lang, url, label, size, ready) {
      const key = `${kind} ${lang}`;
      if (!tabs.has(key))
        tabs.set(
          key,
          contextIn(chromium, kind, lang).then((context) => ({ context })),
        );
      const tab = await tabs.get(key)!;
      if (tab.page === undefined) tab.page = await openAt(tab.context, url, label, size, ready);
      else await openInstead(tab.page, url, label, ready, size);
      return tab.page;
    },
  };
}

/** Waits until `ready` shows, and the live view has replaced one the device kept. */
async function shownWhenReady(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor({ timeout: SHOWN_WITHIN_MS });
  // Reopened, a link shows the view this device kept at once: the test goes on with the live one.
  await page.locator('[data-last-view]').waitFor({ state: 'detached', timeout: SHOWN_WITHIN_MS });
}

/**
 * Opens `url` in a page already open (a new document, as a link opened in the same tab), at
 * the viewport `size` when given, named `label` from now on, once `ready` shows: cheaper on the 2-core machine than a page of
 * its own (no new renderer process), where a test looks at many links one after another.
 */
export async function openInstead(page: Page, url: string, label: string, ready: string, size?: { width: number; height: number }): Promise<void> {
  labels.set(page, label);
  if (size !== undefined) await page.setViewportSize(size);
  // A link that differs from the page's only after its '#' moves within the document: loaded again instead.
  const response = (await page.goto(url)) ?? (await page.reload());
  expect(response?.status(), `${label}: GET ${url}`).toBe(200);
  await shownWhenReady(page, ready);
}

/** A request's path, without its query and what follows a '#' (a seat's token there). */
const pathOf = (request: Request): string => new URL(request.url()).pathname;

function watch(page: Page): void {
  if (problems.has(page)) return;
  const list: Problem[] = [];
  problems.set(page, list);
  const open = new Map<Request, number>();
  pending.set(page, open);
  const last: string[] = [];
  ended.set(page, last);
  const end = (request: Request, how: string) => {
    last.push(`${request.method()} ${pathOf(request)} ${how} after ${Date.now() - (open.get(request) ?? Date.now())} ms`);
    if (last.length > 5) last.shift();
    open.delete(request);
  };
  page.on('request', (request) => open.set(request, Date.now()));
  page.on('requestfinished', (request) => end(request, 'answered'));
  page.on('requestfailed', (request) => end(request, `failed (${request.failure()?.errorText ?? '?'})`));
  page.on('console', (message) => {
    if (message.type() === 'error')
      list.push({ at: Date.now(), kind: 'console', text: `${message.text()} (${message.location().url})`, label: labels.get(page) });
  });
  page.on('pageerror', (error) => list.push({ at: Date.now(), kind: 'pageerror', text: error.stack ?? error.message, label: labels.get(page) }));
}

/**
 * A new page in `context` at `url`, named `label` in failure messages; at the viewport `size`
 * when given, set before the page loads (so it is loaded once, at the size it is looked at),
 * and `prepare` done to it before it loads (a route of its own, for example).
 */
export async function openPage(
  context: BrowserContext,
  url: string,
  label: string,
  size?: { width: number; height: number },
  prepare?: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await context.newPage();
  watch(page);
  labels.set(page, label);
  if (size !== undefined) await page.setViewportSize(size);
  await prepare?.(page);
  const response = await page.goto(url);
  expect(response?.status(), `${label}: GET ${url}`).toBe(200);
  return page;
}

/**
 * Waits until none of the page's requests is under way: what the page read on opening has
 * all been answered. A test that then cuts the connection cuts the live socket only, not a
 * read that a busy machine happened to answer late.
 */
export async function requestsAnswered(page: Page, timeout = 10_000): Promise<void> {
  await expect.poll(() => pending.get(page)?.size ?? 0, { timeout, message: `${labelOf(page)}: requests still under way` }).toBe(0);
}

/**
 * Takes the network away from `page`'s context once its service worker is active: the page
 * registers it after its first cards, and the first install fetches /sw.js and the app's
 * files; cut off in the middle, the browser logs "An unknown error occurred when fetching the
 * script" (a test's doing, not the page's).
 */
export async function goOffline(page: Page): Promise<void> {
  const active = await page.evaluate(() =>
    Promise.race([
      (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker.ready.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]),
  );
  expect(active, `${labelOf(page)}: the service worker is active`).toBe(true);
  await page.context().setOffline(true);
}

export const labelOf = (page: Page): string => labels.get(page) ?? page.url();

/** Fails listing every console error, uncaught error and CSP violation of the pages (except those `allowed`). */
export function expectNoProblems(pages: readonly Page[], allowed: (page: Page, problem: Problem) => boolean = () => false): void {
  const found = pages.flatMap((page) =>
    problemsOf(page)
      .filter((p) => !allowed(page, p))
      .map((p) => `${p.label ?? labelOf(page)}: ${p.kind}: ${p.text}`),
  );
  expect(found, 'console errors, uncaught errors or CSP violations').toEqual([]);
}

// ------------------------------------------------------------------ the table page's hooks

export interface TableAttributes {
  phase: string;
  /** -1 while the page shows no version (loading). */
  version: number;
  seat: string;
  turn: string;
  gameNumber: string;
  connection: string;
}

/** The attributes of `[data-table]` (waits up to 10 s for it to exist). */
export async function tableAttributes(page: Page): Promise<TableAttributes> {
  await page.locator('[data-table]').first().waitFor({ state: 'attached', timeout: SHOWN_WITHIN_MS });
  const { table } = await snapshotOf(page);
  if (table === null) throw new Error(`${labelOf(page)}: [data-table] went away`);
  return table;
}

/**
 * Opens a table's link in `page` and waits until it shows its table as `seat` and has noted the
 * link for "Your tables" (web/src/opened-links.ts: an effect after the table is painted, so a
 * page left at once, on a busy machine, may not have noted it yet).
 */
export async function visitTable(page: Page, url: string, seat: string): Promise<void> {
  await page.goto(url);
  await expect.poll(async () => (await tableAttributes(page)).seat, { message: `${url} shows its table`, timeout: SHOWN_WITHIN_MS }).toBe(seat);
  // As the page reads its link (web/src/router.ts decodes the hash).
  const parts = partsOfLink(url);
  const [tableId, token] = [decodeURIComponent(parts.tableId), decodeURIComponent(parts.token)];
  await expect
    .poll(
      () =>
        page.evaluate(
          ([id, key]) =>
            (JSON.parse(localStorage.getItem('wallachen.links') ?? '[]') as { tableId: string; token: string }[]).some(
              (link) => link.tableId === id && link.token === key,
            ),
          [tableId, token] as const,
        ),
      { message: `${url} noted under "Your tables"`, timeout: SHOWN_WITHIN_MS },
    )
    .toBe(true);
}

/** Re-exported: the tests take it from here with every other helper. */
export { SHOWN_WITHIN_MS };

/**
 * The room of a test that plays a whole game (or more) by its pages, every page following each
 * move: 40–60 s quiet on the slower 2-core machine, 90–120 s there with a second suite beside
 * it (busy runs: hidden.test ran past the browser project's 120 s). A timeout ends a hang.
 */
export const WHOLE_GAME_MS = 300_000;

/** Waits until the page's `[data-table]` shows `data-version` >= `version`. */
export async function waitForVersion(page: Page, version: number, timeoutMs = SHOWN_WITHIN_MS): Promise<void> {
  try {
    await page.waitForFunction(
      (min) => Number((globalThis as unknown as ProbeWindow).document.querySelector('[data-table]')?.getAttribute('data-version') ?? -1) >= min,
      version,
      { timeout: timeoutMs, polling: 20 },
    );
  } catch {
    const shown = await page
      .locator('[data-table]')
      .getAttribute('data-version', { timeout: 1000 })
      .catch(() => 'no [data-table]');
    throw new Error(`${labelOf(page)} did not show data-version >= ${version} within ${timeoutMs} ms (it shows ${shown})`);
  }
}

/** One element of the page that carries `data-card` or `data-action`. */
export interface Hooked {
  readonly card: string | null;
  readonly action: string | null;
  readonly bid: string | null;
  readonly contract: string | null;
  readonly double: string | null;
  /** `data-re` of the re controls: "true" (Re) or "false" (no Re). */
  readonly re: string | null;
  readonly pressed: string | null;
  readonly enabled: boolean;
  readonly visible: boolean;
  readonly inHand: boolean;
  readonly inSummary: boolean;
  readonly inTrick: boolean;
  readonly inLastTrick: boolean;
  /** Within `[data-tricks]`: every completed trick (option trickHistory "all"). */
  readonly inTricks: boolean;
  /** `data-trick-seat` of the enclosing trick slot. */
  readonly trickSeat: string | null;
}

/** One suit of the trump picker (`[data-trump-picker] input[data-trump]`, option trump "named"). */
export interface TrumpChoice {
  readonly suit: string;
  readonly checked: boolean;
  readonly enabled: boolean;
}

/** What a page shows, read in one go: `[data-table]`'s attributes, its cards and controls, its alerts. */
export interface PageSnapshot {
  readonly table: TableAttributes | null;
  readonly hooked: readonly Hooked[];
  /** The trump suits offered to name with the first card (empty unless the seat names trump now). */
  readonly trumps: readonly TrumpChoice[];
  readonly alerts: readonly string[];
}

/** Runs in the page: see PageSnapshot. */
function snapshotInPage(): PageSnapshot {
  const w = globalThis as unknown as ProbeWindow;
  const table = w.document.querySelector('[data-table]');
  const attribute = (name: string) => table?.getAttribute(name) ?? '';
  const visible = (e: ProbeElement) => e.getClientRects().length > 0 && w.getComputedStyle(e).visibility !== 'hidden';
  return {
    table:
      table === null
        ? null
        : {
            phase: attribute('data-phase'),
            version: table.getAttribute('data-version') === null ? -1 : Number(table.getAttribute('data-version')),
            seat: attribute('data-seat'),
            turn: attribute('data-turn'),
            gameNumber: attribute('data-game-number'),
            connection: attribute('data-connection'),
          },
    hooked: Array.from(w.document.querySelectorAll('[data-card], [data-action]')).map((e) => ({
      card: e.getAttribute('data-card'),
      action: e.getAttribute('data-action'),
      bid: e.getAttribute('data-bid'),
      contract: e.getAttribute('data-contract'),
      double: e.getAttribute('data-double'),
      re: e.getAttribute('data-re'),
      pressed: e.getAttribute('aria-pressed'),
      enabled: e.disabled !== true,
      visible: visible(e),
      inHand: e.closest('[data-hand]') !== null,
      inSummary: e.closest('[data-summary]') !== null,
      inTrick: e.closest('[data-trick]') !== null,
      inLastTrick: e.closest('[data-last-trick]') !== null,
      inTricks: e.closest('[data-tricks]') !== null,
      trickSeat: e.closest('[data-trick-seat]')?.getAttribute('data-trick-seat') ?? null,
    })),
    trumps: Array.from(w.document.querySelectorAll('[data-trump-picker] input[data-trump]')).map((e) => ({
      suit: e.getAttribute('data-trump') ?? '',
      checked: e.checked === true,
      enabled: e.disabled !== true,
    })),
    alerts: Array.from(w.document.querySelectorAll('[role="alert"][data-error]')).map((e) => e.textContent ?? ''),
  };
}

export const snapshotOf = (page: Page): Promise<PageSnapshot> => page.evaluate(snapshotInPage);

/** The probe's record of a page: when each data-version appeared and when it was last clicked. */
export const probeOf = (page: Page): Promise<ProbeWindow['__probe']> => page.evaluate(() => (globalThis as unknown as ProbeWindow).__probe);

/**
 * Whether `page` still draws animation frames, for the message of a failed wait (Playwright's
 * "stable" check runs on frames): how late a frame came, or that none came in 2 s.
 */
const frameState = (page: Page): Promise<string> =>
  page
    .evaluate(
      `new Promise((resolve) => {
        const asked = performance.now();
        requestAnimationFrame(() => resolve('a frame after ' + Math.round(performance.now() - asked) + ' ms, ' + document.visibilityState));
        setTimeout(() => resolve('no frame in 2 s, ' + document.visibilityState + ', focus ' + document.hasFocus()), 2000);
      })`,
    )
    .then(String, (cause: unknown) => `the page did not answer: ${String(cause)}`);

/**
 * What `page` is doing, in a line for a failed test's log: whether it draws frames (frameState),
 * its document's state, its first paints, the animations running and where the focus is; or
 * that it does not answer within 5 s (its main thread busy or stopped).
 */
async function pageState(page: Page): Promise<string> {
  // A string: the tests are compiled without the DOM's types (as frameState).
  const state = page
    .evaluate(
      `(() => {
        const paints = performance.getEntriesByType('paint').map((e) => e.name + ' at ' + Math.round(e.startTime) + ' ms');
        const animations = document.getAnimations().map((a) => a.animationName || a.constructor.name);
        const focus = document.activeElement;
        const focused = focus === null ? 'none' : focus.tagName.toLowerCase() + (focus.id ? '#' + focus.id : '');
        return document.readyState + ', up ' + Math.round(performance.now()) + ' ms, paints [' + paints.join(', ') + '], animations [' + animations.join(', ') + '], focus ' + focused;
      })()`,
    )
    .then(String)
    .catch((cause: unknown) => `no state: ${String(cause)}`);
  const silent = new Promise<string>((resolve) => setTimeout(() => resolve('the page did not answer in 5 s'), 5_000));
  const [frames, doc] = await Promise.all([Promise.race([frameState(page), silent]), Promise.race([state, silent])]);
  const now = Date.now();
  const underWay = [...(pending.get(page) ?? new Map<Request, number>())].map(
    ([request, at]) => `${request.method()} ${pathOf(request)} for ${now - at} ms`,
  );
  const requests = `requests under way [${underWay.join(', ')}], last ended [${(ended.get(page) ?? []).join(', ')}]`;
  return `${labelOf(page)} (${page.url().split('#')[0]}): ${frames}; ${doc}; ${requests}`;
}

/** Runs in the page: a point of `element` (relative to it) where a tap reaches it and not something on top of it. */
function uncoveredPoint(element: ProbeElement): { x: number; y: number } | null {
  const w = globalThis as unknown as ProbeWindow;
  const box = element.getBoundingClientRect();
  const fractions = [0.5, 0.25, 0.75, 0.1, 0.9, 0.03, 0.97];
  for (const fy of fractions) {
    for (const fx of fractions) {
      const hit = w.document.elementFromPoint(box.left + box.width * fx, box.top + box.height * fy);
      if (hit !== null && element.contains(hit)) return { x: box.width * fx, y: box.height * fy };
    }
  }
  return null;
}

/**
 * The browser's reports of frames it refused to show (CSP frame-ancestors), as `page` logs
 * them from now on: a frame that is refused stays empty, so this is how a test sees why.
 */
export function frameRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

/** Runs in the page: after the page has rendered what a click changed, whether `element` is selected and waits for a second tap. */
function armedAfterRender(element: ProbeElement & { isConnected: boolean; hasAttribute(name: string): boolean }): Promise<boolean> {
  const w = globalThis as unknown as { requestAnimationFrame(callback: () => void): void; setTimeout(callback: () => void, ms: number): void };
  return new Promise((resolve) =>
    w.requestAnimationFrame(() => w.setTimeout(() => resolve(element.isConnected && element.hasAttribute('data-armed')), 0)),
  );
}

/**
 * Clicks (on a phone: taps) the first visible element matching `selector` where a person
 * would: on a part of it that nothing covers (cards in a hand overlap, and a chosen card is
 * raised over its neighbours). Fails when nothing of it is uncovered. With "confirm moves"
 * on (the default on a touch screen), a move is only selected by the first tap: then it is
 * tapped a second time, as a person confirming it would.
 */
export async function clickVisible(page: Page, selector: string): Promise<void> {
  const handle = await page.locator(selector).filter({ visible: true }).first().elementHandle({ timeout: SHOWN_WITHIN_MS });
  if (handle === null) throw new Error(`${labelOf(page)}: no visible ${selector}`);
  // The same element both times: after a move sent by the first tap, a locator could find another one.
  await clickHandle(page, handle, selector);
  if (await handle.evaluate(armedAfterRender)) await clickHandle(page, handle, selector);
}

async function clickHandle(page: Page, handle: ElementHandle, selector: string): Promise<void> {
  await handle.scrollIntoViewIfNeeded({ timeout: SHOWN_WITHIN_MS });
  const position = await handle.evaluate(uncoveredPoint);
  if (position === null) {
    const shot = join(tmpdir(), `wallachen-covered-${Date.now()}.png`);
    await page.screenshot({ path: shot });
    throw new Error(`${labelOf(page)}: ${selector} is covered all over by other elements: nobody could tap it (screenshot: ${shot})`);
  }
  if (touchPages.has(page)) await handle.tap({ position, timeout: SHOWN_WITHIN_MS });
  else await handle.click({ position, timeout: SHOWN_WITHIN_MS });
}

/**
 * Where the first element matching `selector` lies against the viewport, as the player sees
 * the page now (nothing is scrolled): null when it is wholly in view, else a sentence saying where.
 */
export async function outOfView(page: Page, selector: string): Promise<string | null> {
  const box = await page.locator(selector).first().boundingBox({ timeout: SHOWN_WITHIN_MS });
  const size = page.viewportSize()!;
  if (box === null) return `${selector} is not shown`;
  if (box.y >= -0.5 && box.x >= -0.5 && box.y + box.height <= size.height + 0.5 && box.x + box.width <= size.width + 0.5) return null;
  return `${selector} lies at ${Math.round(box.x)},${Math.round(box.y)} (${Math.round(box.width)}×${Math.round(box.height)}), outside ${size.width}×${size.height}`;
}

/**
 * Waits until a seat's page is whole: its own settings below the table load once the table is
 * painted (TablePage.tsx, SeatSettings). A test that takes the network away next waits for it,
 * as a page then cut off would have no settings to show.
 */
export const settingsLoaded = (page: Page): Promise<void> =>
  page.locator('details.notifications').waitFor({ state: 'attached', timeout: SHOWN_WITHIN_MS });

/** Whether `page` is on a touch screen (a phone context). */
export const isTouchPage = (page: Page): boolean => touchPages.has(page);

/**
 * Opens the header's preferences menu where they are folded into one (a narrow screen), so
 * that `[data-lang]`, `[data-theme-toggle]` and `[data-pattern-toggle]` can be reached.
 */
export async function openPrefsMenu(page: Page): Promise<void> {
  const menu = page.locator('[data-prefs-menu]');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

// ------------------------------------------------------------------ playing by clicks

/** One seat's page (or the spectator's) with its token (read from its link). */
export interface Player {
  readonly page: Page;
  readonly seat: Seat | 'spectator';
  readonly token: string;
}

export interface Table {
  readonly base: string;
  readonly tableId: string;
  readonly players: readonly Player[];
}

/** What the driver remembers within a game (test (a)'s rule: the first seat to speak bids 6). */
export interface Driver {
  gameNumber: string | null;
  bidMade: boolean;
}

export const newDriver = (): Driver => ({ gameNumber: null, bidMade: false });

export interface Clicked {
  readonly player: Player;
  /** What was clicked, e.g. `bid 6`, `play H10`. */
  readonly what: string;
}

/** The selector of a control or card the snapshot found (unique but for duplicates hidden from view). */
function selectorOf(h: Hooked): string {
  const by = (name: string, value: string | null) => (value === null ? '' : `[${name}="${value}"]`);
  if (h.card !== null) return `[data-hand] [data-card="${h.card}"]${by('data-action', h.action)}`;
  return `[data-action="${h.action}"]${by('data-bid', h.bid)}${by('data-contract', h.contract)}${by('data-double', h.double)}${by('data-re', h.re)}`;
}

/** The selector of a suit of the trump picker. */
export const trumpSelector = (suit: string): string => `[data-trump-picker] input[data-trump="${suit}"]`;

/**
 * Clicks one control, on the first page that offers one, as the issue says (a page showing the
 * last game's result first moves on to the next game, as its player would): doubling, not
 * double; auction, the first seat to speak bids 6 and everyone else passes (or, without a
 * pass, any bid or hold offered); discard, two cards of the hand, then discard; declare, the
 * first contract; play, the first playable card (with option trump "named", the first suit
 * offered is named first, unless one is picked already). Kontra is never clicked; when a test
 * has said one, the declarer answers no re. Answers null when no page offers any of these now.
 */
export async function clickOne(players: readonly Player[], driver: Driver): Promise<Clicked | null> {
  for (const player of players) {
    if (player.seat === 'spectator') continue;
    const { page } = player;
    // A page still showing the last game's result: the player reads it and moves on to the next game.
    if (phaseShown(await snapshotOf(page)) !== 'finished' && (await page.locator('[data-next-game]').filter({ visible: true }).count()) > 0) {
      await clickVisible(page, '[data-next-game]');
    }
    const { table, hooked, trumps } = await snapshotOf(page);
    if (table === null) continue;
    if (table.gameNumber !== driver.gameNumber) Object.assign(driver, { gameNumber: table.gameNumber, bidMade: false });
    const offered = (action: string, where: (h: Hooked) => boolean = () => true) =>
      hooked.find((h) => h.action === action && h.enabled && h.visible && where(h));
    const click = async (h: Hooked | undefined, what: string): Promise<Clicked | null> => {
      if (h === undefined) return null;
      await clickVisible(page, selectorOf(h));
      return { player, what };
    };
    switch (table.phase) {
      case 'doubling': {
        const done = await click(
          offered('double', (h) => h.double === 'false'),
          'not double',
        );
        if (done) return done;
        break;
      }
      case 'auction': {
        if (!driver.bidMade) {
          const bid = await click(
            offered('bid', (h) => h.bid === '6'),
            'bid 6',
          );
          if (bid) {
            driver.bidMade = true;
            return bid;
          }
        }
        const done = (await click(offered('pass'), 'pass')) ?? (await click(offered('bid') ?? offered('hold'), 'a bid or hold (no pass offered)'));
        if (done) return done;
        break;
      }
      case 'discard': {
        // Only the declarer's page has the discard button; its hand cards are toggles.
        if (!hooked.some((h) => h.action === 'discard')) break;
        const hand = hooked.filter((h) => h.card !== null && h.inHand && h.enabled && h.visible);
        const chosen = hand.filter((h) => h.pressed === 'true');
        const more = hand.filter((h) => h.pressed !== 'true').slice(0, Math.max(0, 2 - chosen.length));
        if (chosen.length + more.length < 2) break;
        for (const card of more) await clickVisible(page, selectorOf(card));
        await clickVisible(page, '[data-action="discard"]:enabled');
        return { player, what: `discard ${[...chosen, ...more].map((h) => h.card).join(' ')}` };
      }
      case 'declare': {
        const contract = offered('declare');
        const done = await click(contract, `declare ${contract?.contract}`);
        if (done) return done;
        break;
      }
      case 'play': {
        const noRe = await click(
          offered('re', (h) => h.re === 'false'),
          'no re',
        );
        if (noRe) return noRe;
        const naming = trumps.find((c) => c.checked) ?? trumps.find((c) => c.enabled);
        if (naming !== undefined && !naming.checked) await clickVisible(page, trumpSelector(naming.suit));
        // A card offered with a trump to name is enabled once a suit is picked: read the hand again.
        const now = naming === undefined ? hooked : (await snapshotOf(page)).hooked;
        const card = now.find((h) => h.action === 'play' && h.enabled && h.visible && h.inHand && h.card !== null);
        const done = await click(card, naming === undefined ? `play ${card?.card}` : `play ${card?.card} naming trump ${naming.suit}`);
        if (done) return done;
        break;
      }
    }
  }
  return null;
}

/** The phase a snapshot's page shows ('' while it shows no table). */
const phaseShown = (snapshot: PageSnapshot): string => snapshot.table?.phase ?? '';

/** The current version by the API (any seat's view carries it). */
export async function apiVersion(table: Table): Promise<number> {
  const any = table.players[0]!;
  return (await readView(table.base, table.tableId, any.token)).version;
}

/** Waits until every page shows the API's current version; answers it. */
export async function syncPages(table: Table, timeoutMs = SHOWN_WITHIN_MS): Promise<number> {
  const version = await apiVersion(table);
  // The live connection comes after the first cards (issue 24): a page showing the version may still be connecting.
  await Promise.all(
    table.players.map(async (p) => {
      await waitForVersion(p.page, version, timeoutMs);
      await p.page.locator('[data-table][data-connection="live"]').waitFor({ timeout: timeoutMs });
    }),
  );
  return version;
}

/** Each page's table attributes, controls and alerts and each seat's legal actions by the API: for failure messages. */
export async function describeTable(table: Table): Promise<string> {
  const lines = await Promise.all(
    table.players.map(async (p) => {
      const view = await readView(table.base, table.tableId, p.token).catch((error: Error) => error.message);
      const legal = typeof view === 'string' ? view : JSON.stringify(view.legalActions);
      const snapshot = await snapshotOf(p.page).catch((error: Error) => error.message);
      if (typeof snapshot === 'string') return `${labelOf(p.page)}: ${snapshot}; API legalActions ${legal}`;
      const controls = snapshot.hooked
        .filter((h) => h.action !== null)
        .map((h) => `${selectorOf(h)}${h.enabled ? '' : ':disabled'}${h.visible ? '' : ':hidden'}`);
      return `${labelOf(p.page)}: [data-table] ${JSON.stringify(snapshot.table)}, controls ${controls.join(' ')}, alerts ${JSON.stringify(snapshot.alerts)}; API legalActions ${legal}`;
    }),
  );
  return lines.join('\n');
}

/**
 * One step of a game by clicks: waits until all pages show the current version, clicks one
 * control (clickOne), and waits until every page shows the version that followed. Fails,
 * describing every page, when no page offers a control within 3 s or a click changes nothing.
 */
export async function step(table: Table, driver: Driver): Promise<Clicked & { before: number; after: number }> {
  const before = await syncPages(table);
  let clicked: Clicked | null = null;
  for (const deadline = Date.now() + 3_000; clicked === null && Date.now() < deadline;) {
    clicked = await clickOne(table.players, driver);
    if (clicked === null) await sleep(100);
  }
  if (clicked === null) throw new Error(`no page offers a control to click at version ${before}:\n${await describeTable(table)}`);
  // The click is accepted when the server's version moves on: the page clicked shows it first
  // (its own move's answer), without asking the server again and again; then every page must follow.
  try {
    await waitForVersion(clicked.player.page, before + 1);
  } catch {
    throw new Error(
      `${labelOf(clicked.player.page)} clicked "${clicked.what}" at version ${before}, and the server's version did not change within 5 s:\n${await describeTable(table)}`,
    );
  }
  const after = await apiVersion(table);
  await Promise.all(table.players.map((p) => waitForVersion(p.page, after)));
  return { ...clicked, before, after };
}

// ------------------------------------------------------------------ a connection that can be dropped

export interface CuttableProxy {
  /** The proxy's origin, e.g. http://127.0.0.1:40001: load pages from here. */
  readonly base: string;
  /** Drops every open connection (as a lost network would); new ones still pass. */
  cut(): void;
  /** Stops passing data on the open WebSocket connections, which stay open (a stalled route); requests still pass. */
  hold(): void;
  /** Passes what was held back, and everything after it. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback in front of the server. Chromium's offline emulation
 * (context.setOffline) fails new requests but leaves an open WebSocket open, only holding its
 * frames back until it is online again; a real network loss ends the connection. Cutting the
 * proxy's connections ends it the same way, for nothing but this page's traffic.
 */
export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  /** Both ends of every WebSocket connection (known by its upgrade request). */
  const webSockets = new Set<Socket>();
  let held = new Set<Socket>();
  const server = createTcpServer((client) => {
    const upstream = connect(Number(port), hostname);
    client.once('data', (chunk: Buffer) => {
      if (/^upgrade:\s*websocket/im.test(chunk.toString('latin1'))) for (const end of [client, upstream]) webSockets.add(end);
    });
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        webSockets.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the proxy has no address');
  return {
    base: `http://${HOST}:${address.port}`,
    cut: () => {
      for (const socket of open) socket.destroy();
    },
    hold: () => {
      held = new Set([...open].filter((socket) => webSockets.has(socket)));
      for (const socket of held) socket.pause();
    },
    release: () => {
      for (const socket of held) socket.resume();
      held = new Set();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
