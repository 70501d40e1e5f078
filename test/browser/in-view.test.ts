/**
 * Issue 25, bug 2: whatever the player must know now is in view without scrolling, on every
 * size. A desktop page no longer scrolls itself down on opening (which hid the turn line, the
 * opponents' names, a pause and errors): at 1280×800 and 1920×1080 the table from its name
 * down to the own hand fits, in every phase, with long names, in both languages. A phone
 * brings the controls into view when a move is owed, but not while the admin holds the table
 * (the notice saying so is at the top). A refused move is explained where it was made. And,
 * opened from a mail after the admin started a new series, the page shows the decision owed,
 * not the old series' last result.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  actThroughApi,
  adminThroughApi,
  contextIn,
  type CreatedTable,
  createTable,
  expectNoProblems,
  LONG_NAMES,
  LONG_TABLE_NAME,
  openAt,
  outOfView,
  PAGE_SIZES,
  playThroughApi,
  readView,
  type Seat,
  SHOWN_WITHIN_MS,
  shuffledDeal,
  tabsOf,
  useChromium,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();
/** One device per kind and language, and a tab on each that opens the links in turn (a new document each time). */
const tabs = tabsOf(chromium);

const DESKTOPS = PAGE_SIZES.filter((size) => size.kind === 'desktop');
const PHONES = PAGE_SIZES.filter((size) => size.kind === 'phone');
const LANGS = ['de', 'en'] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const longTable = (deal: number, options: Record<string, unknown> = {}) =>
  createTable(base, {
    name: LONG_TABLE_NAME,
    seats: LONG_NAMES.map((name) => ({ name })),
    options: { games: 3, ...options },
    deals: [shuffledDeal(deal)],
  });

interface Owed {
  readonly what: string;
  readonly table: CreatedTable;
  readonly seat: Seat;
  /** Shown once the page shows the move owed. */
  readonly ready: string;
}

/** A table in each state where a move is owed, each with the seat that owes it. */
async function movesOwed(): Promise<Owed[]> {
  const doubling = await longTable(2511);
  const auction = await longTable(2512, { doubling: false });
  const forehand = (await readView(base, auction.tableId, auction.spectator.token)).turn as Seat;
  await actThroughApi(base, auction.tableId, auction.seats[forehand]!.token, { type: 'bid', bid: '6' });
  const discard = await longTable(2513, { doubling: false });
  await playThroughApi(base, discard, (views) => views[0]!.phase === 'discard');
  const declare = await longTable(2519, { doubling: false });
  await playThroughApi(base, declare, (views) => views[0]!.phase === 'declare');
  const lead = await longTable(2520, { doubling: false });
  await playThroughApi(base, lead, (views) => views[0]!.phase === 'play');
  const play = await longTable(2514, { doubling: false });
  await playThroughApi(base, play, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 1);
  const re = await longTable(2515, { doubling: false });
  await playThroughApi(base, re, (views) => views[0]!.phase === 'play');
  const declarer = (await readView(base, re.tableId, re.spectator.token)).declarer as Seat;
  await actThroughApi(base, re.tableId, re.seats[((declarer + 1) % 3) as Seat]!.token, { type: 'kontra' });
  const turn = async (table: CreatedTable) => (await readView(base, table.tableId, table.spectator.token)).turn as Seat;
  return [
    { what: 'doubling', table: doubling, seat: 0, ready: '[data-action="double"]' },
    { what: 'auction', table: auction, seat: await turn(auction), ready: '[data-action="bid"][data-bid="mord"]' },
    {
      what: 'discard',
      table: discard,
      seat: (await readView(base, discard.tableId, discard.spectator.token)).declarer as Seat,
      ready: '[data-action="discard"]',
    },
    { what: 'declare', table: declare, seat: await turn(declare), ready: '[data-action="declare"]' },
    { what: "the declarer's first card", table: lead, seat: await turn(lead), ready: '[data-hand] [data-action="play"]:enabled' },
    { what: 'play (kontra offered)', table: play, seat: await turn(play), ready: '[data-hand] [data-action="play"]:enabled' },
    { what: 're after a kontra', table: re, seat: declarer, ready: '[data-action="re"]' },
  ];
}

/** Each protected part that is not wholly in view, as sentences. */
async function notInView(page: Page, selectors: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const selector of selectors) {
    const where = await outOfView(page, selector);
    if (where !== null) found.push(where);
  }
  return found;
}

/** The page after it has settled: what it scrolled to by itself. */
const settledScroll = async (page: Page): Promise<number> => {
  await sleep(400);
  return page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
};

describe('a desktop shows the table from its name down to the own hand, without scrolling, when it opens', () => {
  let owed: Owed[];
  beforeAll(async () => {
    owed = await movesOwed();
  });

  for (const lang of LANGS) {
    it(`in every phase a move is owed in, at 1280×800 and 1920×1080, with long names (${lang})`, async () => {
      const found: string[] = [];
      const pages: Page[] = [];
      // One tab, each link opened in it in turn: a new document each time, as a link opened
      // from a mail, at the smaller desktop (where a page that scrolled itself would show it
      // first); then, the same document at the larger one (a page opened there lays out the same).
      const smaller = DESKTOPS[0]!;
      const larger = DESKTOPS.slice(1);
      for (const { what, table, seat, ready } of owed) {
        const at = (size: { width: number; height: number }) => `${what} at ${size.width}×${size.height} (${lang})`;
        const page = await tabs.open('desktop', lang, table.seats[seat]!.url, at(smaller), smaller, ready);
        if (!pages.includes(page)) pages.push(page);
        for (const size of [smaller, ...larger]) {
          if (size !== smaller) await page.setViewportSize(size);
          const scrolled = await settledScroll(page);
          if (scrolled !== 0) found.push(`${at(size)}: the page scrolled itself ${scrolled} px down`);
          const parts = [
            '.table-name',
            '.status-bar .turn',
            '.opponents [data-seat-panel] .seat-name',
            '.opponents [data-seat-panel]:last-child .seat-name',
            '[data-dock]',
          ];
          for (const where of await notInView(page, parts)) found.push(`${at(size)}: ${where}`);
        }
      }
      expect(found).toEqual([]);
      expectNoProblems(pages);
    });
  }
});

describe('what must be known now is in view on every size', () => {
  it("a table paused by its admin: the notice is in view as the page opens, a move owed or not (the controls can't be used)", async () => {
    const table = await longTable(2516);
    await adminThroughApi(base, table, { type: 'pause' });
    const found: string[] = [];
    const pages: Page[] = [];
    for (const kind of ['phone', 'desktop'] as const) {
      for (const lang of LANGS) {
        for (const size of PAGE_SIZES.filter((s) => s.kind === kind)) {
          const label = `paused at ${size.width}×${size.height} (${lang})`;
          // Every seat owes its doubling decision: the page would bring its controls into view.
          const page = await tabs.open(kind, lang, table.seats[1]!.url, label, size, '[data-table-paused]');
          if (!pages.includes(page)) pages.push(page);
          await settledScroll(page);
          for (const where of await notInView(page, ['[data-table-paused]', '.status-bar .turn'])) found.push(`${label}: ${where}`);
        }
      }
    }
    expect(found).toEqual([]);
    expectNoProblems(pages);
  });

  it('a refused move: why is said where the move was made, in view', async () => {
    const table = await longTable(2517);
    const found: string[] = [];
    const pages: Page[] = [];
    for (const kind of ['phone', 'desktop'] as const) {
      const context = await contextIn(chromium, kind, 'en');
      await refuseEveryAction(context);
      for (const size of PAGE_SIZES.filter((s) => s.kind === kind)) {
        const label = `refused at ${size.width}×${size.height}`;
        const page = await openAt(context, table.seats[2]!.url, label, size, '[data-action="double"]');
        pages.push(page);
        // The refusal comes over the live connection (refuseEveryAction): a move made before it is up goes by POST.
        await page.locator('[data-table][data-connection="live"]').waitFor({ timeout: 10_000 });
        await settledScroll(page);
        const button = page.locator('[data-action="double"][data-double="false"]');
        await button.click();
        // On a phone the first tap selects the move (confirm every move): the second sends it.
        if ((await button.getAttribute('data-armed')) !== null) await button.click();
        const alert = page.locator('[role="alert"][data-error]');
        await alert.waitFor({ timeout: SHOWN_WITHIN_MS });
        expect(await alert.textContent()).toContain('That clashes with a change made at the same time');
        const where = await outOfView(page, '[role="alert"][data-error]');
        if (where !== null) found.push(`${label}: ${where}`);
      }
    }
    expect(found).toEqual([]);
    expectNoProblems(pages, (_, problem) => problem.kind === 'console' && /409/.test(problem.text));
  });

  it('opened after the admin started a new series: the decision owed is shown, not the old series’ last result', async () => {
    const table = await createTable(base, {
      name: 'new series',
      options: { games: 1, doubling: false },
      deals: [shuffledDeal(2518), shuffledDeal(2519)],
    });
    await playThroughApi(base, table, (views) => views[0]!.seriesOver);
    await adminThroughApi(base, table, { type: 'newSeries' });
    const forehand = (await readView(base, table.tableId, table.spectator.token)).turn as Seat;
    const found: string[] = [];
    const pages: Page[] = [];
    for (const size of PHONES) {
      const page = await tabs.open(
        'phone',
        'en',
        table.seats[forehand]!.url,
        `forehand at ${size.width}×${size.height}`,
        size,
        '[data-table][data-connection="live"]',
      );
      if (!pages.includes(page)) pages.push(page);
      await page.locator('[data-action="pass"]').waitFor({ timeout: 10_000 });
      await settledScroll(page);
      expect(await page.locator('[data-summary]').count(), "no result of the old series' game").toBe(0);
      for (const where of await notInView(page, ['[data-dock] .controls'])) found.push(`${size.width}×${size.height}: ${where}`);
    }
    expect(found).toEqual([]);
    expectNoProblems(pages);
  });
});

/** Every action a page of `context` sends over its socket is answered as refused (409 conflict): a refusal the page did not cause. */
async function refuseEveryAction(context: BrowserContext): Promise<void> {
  await context.routeWebSocket(/\/api\/tables\/[^/]+\/ws(\?.*)?$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const frame = typeof message === 'string' ? (JSON.parse(message) as { type?: string; action?: { id?: string } }) : null;
      if (frame?.type !== 'action') return server.send(message);
      ws.send(JSON.stringify({ type: 'answer', id: frame.action?.id, status: 409, error: { code: 'conflict', message: 'refused by the test' } }));
    });
  });
}
