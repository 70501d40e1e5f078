/**
 * Issue 15: the seat's embed fits a 320×480 frame in every phase, in German and English. A
 * page of that size is what a frame of that size sees, so the embed page is opened directly
 * at 320×480: the page must not scroll, every card of the own hand and every control that
 * sends a move lies inside it with a tap target of at least 40×40 px, and nothing covers the
 * hand, the trick or the controls (layout.ts). The guides are folded behind a "?" that opens
 * them (the frame may then grow with its host); "confirm moves" still arms and sends.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { overlaps } from './layout.js';
import {
  actThroughApi,
  type CreatedTable,
  createTable,
  expectNoProblems,
  openPage,
  playThroughApi,
  readView,
  type Seat,
  SHOWN_WITHIN_MS,
  shuffledDeal,
  useChromium,
  waitForVersion,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();
const FRAME = { width: 320, height: 480 };
const LANGS = ['de', 'en'] as const;
const LONG_NAMES = ['Bartholomäus', 'Annemarie', 'Maximiliane'];
/** What sends a move or chooses one: the own hand's cards and the Dock's controls. */
const MOVERS = '[data-hand] [data-card], .dock [data-action], .dock label:has(> input), .dock .armed-hint button';

const seatEmbed = (table: CreatedTable, seat: Seat, lang: string) =>
  `${base}/embed/${table.tableId}/seat?lang=${lang}&theme=light#${table.seats[seat]!.token}`;

async function openEmbed(context: BrowserContext, url: string, label: string, ready: string): Promise<Page> {
  const page = await openPage(context, url, label, FRAME);
  await page.locator(ready).first().waitFor({ timeout: 10_000 });
  return page;
}

interface Fit {
  readonly scrollHeight: number;
  readonly scrollWidth: number;
  /** Movers outside the 320×480 page, or smaller than a 40×40 px tap target. */
  readonly problems: string[];
  readonly movers: number;
}

/** How the page at 320×480 holds its movers: measured unscrolled, as the frame shows it. */
async function fitOf(page: Page): Promise<Fit> {
  return page.evaluate((selector) => {
    interface Rect {
      left: number;
      top: number;
      right: number;
      bottom: number;
      width: number;
      height: number;
    }
    interface El {
      getBoundingClientRect(): Rect;
      getClientRects(): ArrayLike<unknown>;
      outerHTML: string;
    }
    const w = globalThis as unknown as {
      innerWidth: number;
      innerHeight: number;
      scrollTo(x: number, y: number): void;
      document: { documentElement: { scrollHeight: number; scrollWidth: number }; querySelectorAll(s: string): ArrayLike<El> };
    };
    w.scrollTo(0, 0);
    const movers = Array.from(w.document.querySelectorAll(selector)).filter((e) => e.getClientRects().length > 0);
    const problems: string[] = [];
    for (const e of movers) {
      const r = e.getBoundingClientRect();
      const what = e.outerHTML.slice(0, 90);
      if (r.left < 0 || r.top < 0 || r.right > w.innerWidth + 0.5 || r.bottom > w.innerHeight + 0.5) {
        problems.push(`${what} lies at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
      if (r.width < 40 - 0.5 || r.height < 40 - 0.5) problems.push(`${what} is ${Math.round(r.width)}×${Math.round(r.height)} px`);
    }
    const root = w.document.documentElement;
    return { scrollHeight: root.scrollHeight, scrollWidth: root.scrollWidth, problems, movers: movers.length };
  }, MOVERS);
}

async function expectFits(page: Page, where: string, atLeast: number): Promise<void> {
  const fit = await fitOf(page);
  if (process.env.EMBED_FIT_SHOTS) await page.screenshot({ path: `${process.env.EMBED_FIT_SHOTS}/${where.replace(/\W+/g, '-')}.png` });
  expect(fit.problems, `${where}: the movers inside the page, each a tap target`).toEqual([]);
  expect(fit.movers, `${where}: the hand and the controls are there`).toBeGreaterThanOrEqual(atLeast);
  expect(fit.scrollHeight, `${where}: no scrolling inside a 320×480 frame`).toBeLessThanOrEqual(FRAME.height);
  expect(fit.scrollWidth, `${where}: nor sideways`).toBeLessThanOrEqual(FRAME.width);
  expect(await overlaps(page, ['.dock-foot']), `${where}: nothing covers the hand, trick or controls`).toEqual([]);
}

/** A tap that sends: with "confirm moves" on (a touch screen's default) the first tap arms the move, the second sends it. */
async function send(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().click();
  if (await page.locator('[data-armed]').count()) await page.locator('[data-armed]').first().click();
}

describe('the seat embed fits a 320×480 frame', () => {
  for (const lang of LANGS) {
    it(`doubling, auction, discard (12 cards), declare (${lang})`, async () => {
      const context = await chromium.device('phone');

      const doubling = await createTable(base, { name: 'Fit doubling', deals: [shuffledDeal(21)] });
      const page = await openEmbed(context, seatEmbed(doubling, 0, lang), `doubling (${lang})`, '[data-action="double"]');
      await expectFits(page, `doubling ${lang}`, 6);
      // The guides fold behind "?" and open on a tap (the page may grow then); closed again, it fits.
      const auction = await createTable(base, { name: 'Fit auction', options: { doubling: false }, deals: [shuffledDeal(22)] });
      const forehand = (await readView(base, auction.tableId, auction.spectator.token)).turn as Seat;
      await actThroughApi(base, auction.tableId, auction.seats[forehand]!.token, { type: 'bid', bid: '6' });
      const middlehand = (await readView(base, auction.tableId, auction.spectator.token)).turn as Seat;
      await page.goto(seatEmbed(auction, middlehand, lang));
      await page.locator('[data-action="bid"][data-bid="mord"]').waitFor({ timeout: 10_000 });
      await expectFits(page, `auction ${lang}`, 12);
      const toggle = page.locator('[data-guides-toggle]');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('[data-guide="bids"]').isVisible(), 'folded').toBe(false);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('[data-guide="bids"]').isVisible(), 'open on a tap').toBe(true);
      await toggle.click();
      await expectFits(page, `auction, guides closed again ${lang}`, 12);
      // A bid clicked here reaches the server.
      const before = (await readView(base, auction.tableId, auction.spectator.token)).version;
      await send(page, '[data-action="pass"]');
      await waitForVersion(page, before + 1);

      // Everybody passed: forehand took the stock and holds 12 cards; two chosen by taps, then sent.
      const discard = await createTable(base, { name: 'Fit discard', options: { doubling: false }, deals: [shuffledDeal(23)] });
      await playThroughApi(base, discard, (views) => views[0]!.phase === 'discard');
      const declarer = (await readView(base, discard.tableId, discard.spectator.token)).declarer as Seat;
      await page.goto(seatEmbed(discard, declarer, lang));
      await page.locator('[data-action="discard"]').waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-hand] [data-card]').count()).toBe(12);
      await expectFits(page, `discard ${lang}`, 13);
      const cards = page.locator('[data-hand] [data-card]');
      await cards.nth(0).click();
      await cards.nth(1).click();
      await expectFits(page, `discard, two chosen ${lang}`, 13);
      const version = (await readView(base, discard.tableId, discard.spectator.token)).version;
      await send(page, '[data-action="discard"]');
      await waitForVersion(page, version + 1);
      await page.locator('[data-action="declare"]').first().waitFor({ timeout: 10_000 });
      await expectFits(page, `declare ${lang}`, 11);
      expectNoProblems([page]);
    });

    it(`play with kontra and re, confirm moves, the series' end (${lang})`, async () => {
      const context = await chromium.device('phone');
      // Long names, as a club's players have them: the seats' row and the prompts must still fit.
      const table = await createTable(base, {
        name: 'Stammtisch zum Goldenen Hirschen',
        options: { games: 1, doubling: false, kontra: true },
        deals: [shuffledDeal(24)],
        seats: LONG_NAMES.map((name) => ({ name })),
      });
      await playThroughApi(base, table, (views) => views[0]!.phase === 'play');
      const start = await readView(base, table.tableId, table.spectator.token);
      const declarer = start.declarer as Seat;
      // A defender, with kontra offered before the first trick is done.
      const defender = ([0, 1, 2] as Seat[]).find((s) => s !== declarer)!;
      const page = await openEmbed(context, seatEmbed(table, defender, lang), `defender (${lang})`, '[data-action="kontra"]');
      await expectFits(page, `play, kontra offered ${lang}`, 10);
      await send(page, '[data-action="kontra"]');
      await waitForVersion(page, start.version + 1);

      const declarerPage = await openEmbed(context, seatEmbed(table, declarer, lang), `declarer (${lang})`, '[data-action="re"]');
      await expectFits(page, `play, waiting for re ${lang}`, 10);
      await expectFits(declarerPage, `play, re offered ${lang}`, 10);
      // Armed first ("confirm moves", a touch screen's default): the hint below the hand must fit too.
      await declarerPage.locator('input[data-confirm-moves]').check();
      await declarerPage.locator('[data-action="re"]').first().click();
      await declarerPage.locator('[data-armed-hint]').waitFor({ timeout: SHOWN_WITHIN_MS });
      await expectFits(declarerPage, `play, re armed ${lang}`, 10);
      await declarerPage.locator('[data-action="re"]').first().click();
      await waitForVersion(declarerPage, start.version + 2);

      // "Confirm moves": the first tap arms the card (its hint below the hand), the second sends it.
      await playThroughApi(base, table, (views) => views.some((v) => v.seat === defender && v.legalActions.some((a) => a.type === 'play')));
      await page.locator('[data-hand] [data-action="play"]:enabled').first().waitFor({ timeout: 10_000 });
      await page.locator('input[data-confirm-moves]').check();
      const card = page.locator('[data-hand] [data-action="play"]:enabled').first();
      await card.click();
      await page.locator('[data-armed-hint]').waitFor({ timeout: SHOWN_WITHIN_MS });
      await expectFits(page, `play, a card armed ${lang}`, 10);
      const armedAt = (await readView(base, table.tableId, table.spectator.token)).version;
      await page.locator('[data-hand] [data-armed]').click();
      await waitForVersion(page, armedAt + 1);

      await playThroughApi(base, table, (views) => views[0]!.seriesOver);
      await page.locator('[data-table][data-phase="finished"]').waitFor({ timeout: 10_000 });
      await expectFits(page, `the series' end ${lang}`, 0);
      expectNoProblems([page, declarerPage]);
    });

    it(`the declarer names trump with the first card (${lang})`, async () => {
      const context = await chromium.device('phone');
      const table = await createTable(base, {
        name: 'Fit named trump',
        options: { games: 1, doubling: false, trump: 'named' },
        deals: [shuffledDeal(43)],
        seats: LONG_NAMES.map((name) => ({ name })),
      });
      await playThroughApi(base, table, (views) => views.some((v) => v.legalActions.some((a) => a.type === 'play' && 'trump' in a)));
      const view = await readView(base, table.tableId, table.spectator.token);
      const page = await openEmbed(context, seatEmbed(table, view.turn as Seat, lang), `named trump (${lang})`, '[data-trump-picker] input');
      await expectFits(page, `named trump, the picker ${lang}`, 14);
      await page.locator('[data-trump-picker] label').first().click();
      await expectFits(page, `named trump, a suit picked ${lang}`, 14);
      expectNoProblems([page]);
    });
  }
});
