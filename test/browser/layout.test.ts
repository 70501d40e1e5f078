/**
 * Issue 11, "Layout": at 360×640, 390×844 and 1280×800, in German and English, nothing covers
 * the current trick, the own hand, the controls or the own seat panel, in every phase
 * (doubling, auction, discard with 12 cards, play with a trick on the table); on a phone the
 * header stays low with its preferences in a menu; a 12-card hand leaves every card a
 * thumb's tap target (44 px).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { overlaps } from './layout.js';
import {
  actThroughApi,
  contextIn,
  createTable,
  expectNoProblems,
  openAt,
  openInstead,
  playThroughApi,
  readView,
  shuffledDeal,
  useChromium,
  type Seat,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

const VIEWPORTS = [
  { width: 360, height: 640, kind: 'phone' },
  { width: 390, height: 844, kind: 'phone' },
  { width: 1280, height: 800, kind: 'desktop' },
] as const;
const LANGS = ['de', 'en'] as const;

const contextFor = (kind: 'phone' | 'desktop', lang: 'de' | 'en') => contextIn(chromium, kind, lang);

interface PhaseTable {
  readonly phase: string;
  readonly url: string;
  /** Shown once the page is in that phase for that seat. */
  readonly ready: string;
}

/** One table in each phase, each opened by the seat that acts in it. */
async function tablesInEveryPhase(): Promise<PhaseTable[]> {
  const doubling = await createTable(base, { name: 'Layout doubling', deals: [shuffledDeal(21)] });

  // The auction after forehand played: middlehand has every bid to choose from.
  const auction = await createTable(base, { name: 'Layout auction', options: { doubling: false }, deals: [shuffledDeal(22)] });
  const forehand = (await readView(base, auction.tableId, auction.spectator.token)).turn as Seat;
  await actThroughApi(base, auction.tableId, auction.seats[forehand]!.token, { type: 'bid', bid: '6' });
  const middlehand = (await readView(base, auction.tableId, auction.spectator.token)).turn as Seat;

  // Everybody passed: forehand took the stock and holds 12 cards.
  const discard = await createTable(base, { name: 'Layout discard', options: { doubling: false }, deals: [shuffledDeal(23)] });
  await playThroughApi(base, discard, (views) => views[0]!.phase === 'discard');
  const declarer = (await readView(base, discard.tableId, discard.spectator.token)).declarer as Seat;

  const play = await createTable(base, { name: 'Layout play', options: { doubling: false }, deals: [shuffledDeal(24)] });
  await playThroughApi(base, play, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 2);
  const third = (await readView(base, play.tableId, play.spectator.token)).turn as Seat;

  return [
    { phase: 'doubling', url: doubling.seats[0]!.url, ready: '[data-action="double"]' },
    { phase: 'auction', url: auction.seats[middlehand]!.url, ready: '[data-action="bid"][data-bid="mord"]' },
    { phase: 'discard', url: discard.seats[declarer]!.url, ready: '[data-action="discard"]' },
    { phase: 'play', url: play.seats[third]!.url, ready: '[data-hand] [data-action="play"]:enabled' },
  ];
}

/** The tables of tablesInEveryPhase, made once for the file (they are only looked at). */
let everyPhase: PhaseTable[];
beforeAll(async () => {
  everyPhase = await tablesInEveryPhase();
});

describe('nothing covers the trick, the own hand, the controls or the own seat', () => {
  it('the measurement finds a bar laid over the trick', async () => {
    const created = await createTable(base, { name: 'Layout planted', deals: [shuffledDeal(26)] });
    const context = await contextFor('desktop', 'en');
    const page = await openAt(context, created.seats[0]!.url, 'layout: planted cover', { width: 1280, height: 800 }, '[data-action="double"]');
    expect(await overlaps(page), 'before anything is planted').toEqual([]);
    const trick = (await page.locator('[data-trick]').boundingBox())!;
    await page.evaluate(
      (top) => {
        interface Planted {
          setAttribute(name: string, value: string): void;
          readonly style: Record<string, string>;
        }
        const d = (globalThis as unknown as { document: { createElement(tag: string): Planted; body: { append(node: Planted): void } } }).document;
        const bar = d.createElement('div');
        bar.setAttribute('data-planted', '');
        // An inline style is refused by the page's CSP: the bar is placed through the CSSOM instead, over the trick.
        Object.assign(bar.style, { position: 'fixed', left: '0', right: '0', top: `${top}px`, height: '30px', background: 'red' });
        d.body.append(bar);
      },
      trick.y + trick.height / 2 - 15,
    );
    const found = await overlaps(page);
    expect(
      found.some((f) => f.includes('[data-planted=""]') && f.includes('covers [data-trick]')),
      found.join('\n'),
    ).toBe(true);
    await page.close();
  });

  for (const lang of LANGS) {
    it(`in every phase, at 360×640, 390×844 and 1280×800 (${lang})`, async () => {
      const found: string[] = [];
      const pages: Page[] = [];
      for (const { width, height, kind } of VIEWPORTS) {
        // One tab per size, each phase's link opened in it in turn.
        const context = await contextFor(kind, lang);
        let page: Page | undefined;
        for (const table of everyPhase) {
          const label = `${table.phase} at ${width}×${height} (${lang})`;
          if (page === undefined) {
            page = await openAt(context, table.url, label, { width, height }, table.ready);
            pages.push(page);
          } else await openInstead(page, table.url, label, table.ready);
          // The dock follows the flow: when a move is owed the page brings all of it into view.
          const dock = (await page.locator('[data-dock]').boundingBox())!;
          if (dock.height <= height && (dock.y < 0 || dock.y + dock.height > height + 1))
            found.push(`${label}: the dock is not in view (${JSON.stringify(dock)})`);
          for (const problem of await overlaps(page)) found.push(`${label}: ${problem}`);
          if (table.phase === 'auction' && kind === 'phone') {
            // A bid selected by a first tap ("confirm moves", on for touch): its hint covers nothing either.
            await page.locator('[data-action="bid"][data-bid="7"]').tap();
            await page.locator('[data-armed-hint][role="status"]').waitFor();
            for (const problem of await overlaps(page)) found.push(`${label}, a bid selected: ${problem}`);
          }
        }
      }
      expect(found).toEqual([]);
      expectNoProblems(pages);
    });
  }
});

describe('a phone', () => {
  for (const lang of LANGS) {
    it(`the header is at most 64 px tall, its preferences in a menu (${lang})`, async () => {
      const created = await createTable(base, { name: 'Layout header', deals: [shuffledDeal(25)] });
      for (const { width, height, kind } of VIEWPORTS) {
        const context = await contextFor(kind, lang);
        const page = await openAt(context, created.seats[0]!.url, `header at ${width}×${height} (${lang})`, { width, height }, '[data-table]');
        const header = await page.locator('.app-header').boundingBox();
        const menu = page.locator('[data-prefs-menu]');
        if (kind === 'desktop') {
          expect(await menu.isVisible(), 'a desktop shows its preferences without a menu').toBe(false);
          expect(await page.locator('button[data-lang="en"]').isVisible()).toBe(true);
          await page.close();
          continue;
        }
        expect(header!.height, `the header's height at ${width}×${height}`).toBeLessThanOrEqual(64);
        expect(await page.locator('button[data-lang]').first().isVisible(), 'folded away until the menu is opened').toBe(false);
        expect(
          await page.evaluate(
            () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
          ),
        ).toBe(width);
        // Each preference is reachable through the menu, and works.
        await menu.click();
        expect(await menu.getAttribute('aria-expanded')).toBe('true');
        const other = lang === 'de' ? 'en' : 'de';
        await page.locator(`button[data-lang="${other}"]`).click();
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(other);
        await page.locator('input[data-theme-toggle]').check();
        await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
        await page.locator('input[data-pattern-toggle]').check();
        expect(await page.locator('input[data-pattern-toggle]').isChecked()).toBe(true);
        // Escape closes it again, and so does a tap outside the header.
        await page.keyboard.press('Escape');
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
        expect(await page.locator('button[data-lang]').first().isVisible()).toBe(false);
        await menu.click();
        expect(await page.locator('button[data-lang]').first().isVisible()).toBe(true);
        await page.locator('[data-trick]').tap();
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
        expectNoProblems([page]);
        await page.close();
      }
    });
  }

  it('a 12-card hand at 360 px leaves each card a tap target of at least 44×44 px, none covering another', async () => {
    const discard = everyPhase.find((t) => t.phase === 'discard')!;
    for (const lang of LANGS) {
      const context = await contextFor('phone', lang);
      const page = await openAt(context, discard.url, `12 cards (${lang})`, { width: 360, height: 640 }, discard.ready);
      const cards = await page.locator('[data-hand] [data-card]').evaluateAll((elements) =>
        elements.map((e) => {
          const r = e.getBoundingClientRect();
          return { card: e.getAttribute('data-card'), left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        }),
      );
      expect(cards.length, 'cards in the hand').toBe(12);
      const small = cards.filter((c) => c.right - c.left < 44 || c.bottom - c.top < 44);
      expect(small, 'cards smaller than 44×44 px').toEqual([]);
      const covering: string[] = [];
      for (const [i, a] of cards.entries()) {
        for (const b of cards.slice(i + 1)) {
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 0 && h > 0) covering.push(`${a.card} and ${b.card}: ${Math.round(w)}×${Math.round(h)} px`);
        }
      }
      expect(covering, 'cards overlapping each other').toEqual([]);
      expect(await overlaps(page), 'a tap at the centre of each card reaches it').toEqual([]);
      // Choosing two cards raises them: still nothing covers a neighbour.
      await page.locator('[data-hand] [data-card]').nth(0).tap();
      await page.locator('[data-hand] [data-card]').nth(7).tap();
      expect(await page.locator('[data-hand] [aria-pressed="true"]').count()).toBe(2);
      expect(await overlaps(page), 'with two cards chosen').toEqual([]);
      expectNoProblems([page]);
      await page.close();
    }
  });
});
