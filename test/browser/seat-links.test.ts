/**
 * Two things of the table page: another link of the same table opened in the same tab (only
 * the part after # changes, so the page is not reloaded) loads that seat, with nothing of the
 * seat before it left on the page; and with French cards the cards are named as printed on them,
 * in the page's language (aria-label and title): "Queen of Hearts", "Herz Dame".
 */
import { expect, inject, it } from 'vitest';
import { CARD_CODES, type CardCode } from '../../shared/cards.js';
import { dealFromDeck } from '../../shared/deal.js';
import { createTable, expectNoProblems, openPage, openPrefsMenu, readView, tableAttributes, useChromium } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

/** The cards of `[data-hand]` as the page shows them: code and names. */
const handOf = (page: import('playwright-core').Page) =>
  page
    .locator('[data-hand] [data-card]')
    .evaluateAll((cards) =>
      cards.map((c) => ({ code: c.getAttribute('data-card')!, label: c.getAttribute('aria-label')!, title: c.getAttribute('title')! })),
    );

it('opening another link of the table in the same tab (only the # changes) loads that seat', async () => {
  const names = ['Anni', 'Bert', 'Xaver'];
  const table = await createTable(base, { seats: names.map((name) => ({ name })) });
  const context = await chromium.context('desktop');
  const page = await openPage(context, table.seats[0]!.url, 'one tab');
  await expect.poll(async () => (await tableAttributes(page)).seat).toBe('0');
  await page.locator('[data-hand] [data-card]').first().waitFor({ timeout: 10_000 });
  const before = await page.evaluate(() => (globalThis as unknown as { performance: { timeOrigin: number } }).performance.timeOrigin);

  for (const [seat, link] of [
    ['1', table.seats[1]!.url],
    ['spectator', table.spectator.url],
    ['2', table.seats[2]!.url],
  ] as const) {
    await page.goto(link);
    await expect.poll(async () => (await tableAttributes(page)).seat, { message: `the page shows the seat of ${link}` }).toBe(seat);
    const view = await readView(base, table.tableId, seat === 'spectator' ? table.spectator.token : table.seats[Number(seat)]!.token);
    if (seat === 'spectator') {
      expect(await page.locator('[data-hand]').count(), 'a spectator has no hand on the page').toBe(0);
    } else {
      await expect
        .poll(async () => (await handOf(page)).map((c) => c.code).sort(), { message: `seat ${seat}'s own cards, none of the seat before` })
        .toEqual([...view.hand!].sort());
      expect(await page.locator('.who').textContent()).toBe(`You are ${names[Number(seat)]}`);
    }
  }
  const after = await page.evaluate(() => (globalThis as unknown as { performance: { timeOrigin: number } }).performance.timeOrigin);
  expect(after, 'the same document all along: the browser did not reload, the page followed the #').toBe(before);
  expectNoProblems([page]);
});

it('with French cards the cards are named as printed, in the page language; with Bavarian cards in the words of the page', async () => {
  // Seat 0's first three cards (the doubling shows them): Herz Ober, Gras Unter, Eichel Sau.
  const first: CardCode[] = ['HO', 'GU', 'EA'];
  const table = await createTable(base, { deals: [dealFromDeck([...first, ...CARD_CODES.filter((c) => !first.includes(c))])] });
  const context = await chromium.context('phone');
  const page = await openPage(context, table.seats[0]!.url, 'seat 0');
  await page.locator('[data-hand] [data-card]').first().waitFor({ timeout: 10_000 });
  // The page speaks English (the browser's language): Bavarian cards in English words (issue 25).
  const bavarian = { E: 'Acorns', G: 'Leaves', H: 'Hearts', S: 'Bells' } as Record<string, string>;
  const names = {
    en: { suits: { E: 'Clubs', G: 'Spades', H: 'Hearts', S: 'Diamonds' }, ranks: { A: 'Ace', K: 'King', O: 'Queen', U: 'Jack' } },
    de: { suits: { E: 'Kreuz', G: 'Pik', H: 'Herz', S: 'Karo' }, ranks: { A: 'Ass', K: 'König', O: 'Dame', U: 'Bube' } },
  } as const;
  const bavarianRanks = { A: 'Ace', K: 'King', O: 'Over', U: 'Under' } as Record<string, string>;
  /** "Queen of Hearts" in English, "Herz Dame" in German. */
  const expected = (code: string, suits: Record<string, string>, ranks: Record<string, string>, lang: 'de' | 'en' = 'en') => {
    const [suit, rank] = [suits[code[0]!], ranks[code.slice(1)] ?? code.slice(1)];
    return lang === 'en' ? `${rank} of ${suit}` : `${suit} ${rank}`;
  };

  const hand = await handOf(page);
  expect(hand.map((c) => c.code).sort(), 'the fixed deal').toEqual([...first].sort());
  for (const card of hand) expect(card.label, 'Bavarian cards in English words').toBe(expected(card.code, bavarian, bavarianRanks));

  await openPrefsMenu(page);
  await page.locator('[data-pattern-toggle]').check();
  for (const lang of ['en', 'de'] as const) {
    await openPrefsMenu(page);
    await page.locator(`button[data-lang="${lang}"]`).click();
    await expect
      .poll(async () => (await handOf(page)).map((c) => [c.label, c.title]))
      .toEqual(
        hand.map((c) => [expected(c.code, names[lang].suits, names[lang].ranks, lang), expected(c.code, names[lang].suits, names[lang].ranks, lang)]),
      );
  }
  expect((await handOf(page)).map((c) => c.label).sort(), 'in German').toEqual(['Herz Dame', 'Kreuz Ass', 'Pik Bube']);
  await openPrefsMenu(page);
  await page.locator('button[data-lang="en"]').click();
  await expect
    .poll(async () => (await handOf(page)).map((c) => c.label).sort(), { message: 'in English' })
    .toEqual(['Ace of Clubs', 'Jack of Spades', 'Queen of Hearts']);
  expectNoProblems([page]);
});

it('choices made while the texts of one are still loading are all kept: French cards, then a language, neither undoes the other', async () => {
  const table = await createTable(base, {});
  const context = await chromium.context('phone');
  // The English later texts (asked for once the first cards are shown) are held back: both
  // choices wait for them, and both are made before they come.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await context.route(/\/assets\/en-later-[\w-]+\.js$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  const page = await openPage(context, table.seats[0]!.url, 'seat 0');
  await page.locator('[data-hand] [data-card]').first().waitFor({ timeout: 10_000 });
  await expect.poll(() => asked.length, { message: 'the later texts are asked for after the first cards' }).toBeGreaterThan(0);
  await openPrefsMenu(page);
  await page.locator('[data-pattern-toggle]').check();
  await page.locator('button[data-lang="en"]').click();
  // The header drawn again while the cards still load (the menu closed and opened, as the table's
  // own updates redraw it on a slow phone): the toggle keeps showing the choice, it does not flip back.
  await page.locator('[data-prefs-menu]').click();
  await openPrefsMenu(page);
  expect(await page.locator('[data-pattern-toggle]').isChecked(), 'the toggle shows the choice while its cards load').toBe(true);
  expect(await page.locator('button[data-lang="en"]').getAttribute('aria-pressed'), 'so does the language').toBe('true');
  release();
  const french = async () => (await handOf(page)).every((c) => / of (Clubs|Spades|Hearts|Diamonds)$/.test(c.label));
  // Both choices shown once their texts and cards are in (a busy machine may take a while)…
  await expect.poll(french, { message: 'the French cards, in English' }).toBe(true);
  // …and still, once nothing more comes: the language's texts, arriving after the cards, did not undo them.
  await page.waitForLoadState('networkidle');
  expect(await french(), 'still French cards').toBe(true);
  expect(await page.locator('[data-pattern-toggle]').isChecked(), 'the toggle says so').toBe(true);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('wallachen.prefs') ?? '{}') as { pattern?: string });
  expect(stored.pattern, 'and so does the stored choice').toBe('french');
  expectNoProblems([page]);
});
