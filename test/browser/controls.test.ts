/**
 * The controls a page offers are exactly the actions the server lists in `legalActions`,
 * for every seat after every action of whole games (bids up to 10, bettel and mord, hold,
 * pass, discard, declare, kontra, re, plays); and the rarer controls work when clicked:
 * kontra and re change the multiplier shown, a knock is sent with the card; the tab's title
 * says when a move is owed. The moves that
 * are not under test are made through the API by a seeded random player, so that the games
 * reach the situations a click-everything driver never does.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { actThroughApi, createTable, expectNoProblems, openPage, readView, SEATS, shuffledDeal, useChromium, waitForVersion, type Seat, type View } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

/** The actions a view offers, one string each; plays without their knock flag (the page offers a card once, with a knock switch). */
function offeredByApi(view: View): string[] {
  return view.legalActions
    .map((a) => {
      switch (a.type) {
        case 'double':
          return `double:${a.double}`;
        case 'bid':
          return `bid:${a.bid}`;
        case 'declare':
          return `declare:${a.contract}`;
        case 'play':
          return `play:${a.card}`;
        default:
          return a.type;
      }
    })
    .filter((a, i, all) => all.indexOf(a) === i)
    .sort();
}

/** The same, read off the page's `data-action` controls. */
function offeredOnPage(page: Page): Promise<string[]> {
  // Runs in the page; this project's types have no DOM, hence the small shape.
  type Hooked = { dataset: Record<string, string | undefined> };
  return page.evaluate(() =>
    [...(globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<Hooked> } }).document.querySelectorAll('[data-table] [data-action]')]
      .map((el) => {
        const type = el.dataset.action!;
        if (type === 'double') return `double:${el.dataset.double}`;
        if (type === 'bid') return `bid:${el.dataset.bid}`;
        if (type === 'declare') return `declare:${el.dataset.contract}`;
        if (type === 'play') return `play:${el.dataset.card}`;
        return type;
      })
      .sort(),
  );
}

/** A small seeded generator, so a failing game can be played again. */
function rngOf(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

it('every page offers exactly its legal actions, after every action; kontra, re and knock work by click', async () => {
  const games = 3;
  const created = await createTable(base, {
    name: 'controls',
    options: { games, kontra: true, knock: true, tenTrickBid: true, doubling: true },
    deals: Array.from({ length: games }, (_, i) => shuffledDeal(4242 + i)),
  });
  const pages: Page[] = [];
  for (const seat of SEATS) pages.push(await openPage(await chromium.context(seat === 1 ? 'phone' : 'desktop'), created.seats[seat]!.url, `seat ${seat}`));
  const token = (seat: Seat) => created.seats[seat]!.token;
  const rng = rngOf(99);
  const seen = new Set<string>();
  let clicked = { kontra: false, re: false, knock: false };

  for (let move = 0; move < 400; move++) {
    const views = await Promise.all(SEATS.map((seat) => readView(base, created.tableId, token(seat))));
    const version = views[0]!.version;
    for (const seat of SEATS) {
      await waitForVersion(pages[seat]!, version);
      const expected = offeredByApi(views[seat]!);
      expect(await offeredOnPage(pages[seat]!), `seat ${seat} at version ${version} (${views[seat]!.phase})`).toEqual(expected);
      for (const offer of expected) seen.add(offer.startsWith('play:') ? 'play' : offer);
      // The tab's title marks a move owed (kontra and re are chances, not moves owed).
      const owes = views[seat]!.legalActions.some((a) => a.type !== 'kontra' && a.type !== 're');
      // (Set by an effect after the render that shows the version: polled.)
      await expect.poll(async () => (await pages[seat]!.title()).startsWith('●'), { message: `seat ${seat}'s title at version ${version}`, timeout: 2000 }).toBe(owes);
    }
    if (views[0]!.seriesOver) break;

    // The rarer controls by click, the first time they are offered.
    const kontraSeat = SEATS.find((s) => views[s]!.legalActions.some((a) => a.type === 'kontra'));
    const reSeat = SEATS.find((s) => views[s]!.legalActions.some((a) => a.type === 're'));
    const knockSeat = SEATS.find((s) => views[s]!.legalActions.some((a) => a.type === 'play' && a.knock === true));
    /** Clicks kontra or re on the seat's page; answers the view after it, once the page shows its multiplier. */
    const sayByClick = async (type: 'kontra' | 're', seat: Seat): Promise<View> => {
      await pages[seat]!.locator(`[data-action="${type}"]`).click();
      await waitForVersion(pages[seat]!, version + 1);
      const after = await readView(base, created.tableId, token(seat));
      await expect.poll(() => pages[seat]!.locator('[data-multiplier]').textContent()).toBe(`×${after.multiplier}`);
      return after;
    };
    if (!clicked.kontra && kontraSeat !== undefined) {
      expect((await sayByClick('kontra', kontraSeat)).kontra).toBe(kontraSeat);
      clicked = { ...clicked, kontra: true };
      continue;
    }
    if (!clicked.re && reSeat !== undefined) {
      expect((await sayByClick('re', reSeat)).re).toBe(true);
      clicked = { ...clicked, re: true };
      continue;
    }
    if (!clicked.knock && knockSeat !== undefined) {
      const page = pages[knockSeat]!;
      const knockPlay = views[knockSeat]!.legalActions.find((a) => a.type === 'play' && a.knock === true) as { card: string };
      await page.locator('input[data-knock]').check();
      await page.locator(`[data-hand] [data-action="play"][data-card="${knockPlay.card}"]`).click();
      await waitForVersion(page, version + 1);
      const after = await readView(base, created.tableId, token(knockSeat));
      expect(after.knocks.at(-1)?.seat, 'the knock was sent with the card').toBe(knockSeat);
      clicked = { ...clicked, knock: true };
      continue;
    }

    // Otherwise a seeded random legal move through the API (a discard: two random cards).
    const actors = SEATS.filter((s) => views[s]!.legalActions.length > 0);
    const seat = actors[rng(actors.length)]!;
    // In the auction mostly bid or hold, so that the auctions run long and offer every bid.
    const all = views[seat]!.legalActions;
    const keepBidding = all.filter((a) => a.type === 'bid' || a.type === 'hold');
    const choices = keepBidding.length > 0 && rng(4) > 0 ? keepBidding : all;
    let action: Record<string, unknown> = { ...choices[rng(choices.length)]! };
    if (action.type === 'discard') {
      const hand = [...views[seat]!.hand!];
      const first = hand.splice(rng(hand.length), 1)[0];
      action = { type: 'discard', cards: [first, hand[rng(hand.length)]] };
    }
    await actThroughApi(base, created.tableId, token(seat), { ...action, version });
  }

  expect(clicked, 'kontra, re and a knock were offered and clicked in these games').toEqual({ kontra: true, re: true, knock: true });
  const kinds = ['double:true', 'double:false', 'bid:6', 'bid:7', 'bid:10', 'bid:bettel', 'bid:mord', 'hold', 'pass', 'discard', 'declare:bettel', 'kontra', 're', 'play'];
  for (const kind of kinds) expect(seen, `${kind} was offered at some point`).toContain(kind);
  expectNoProblems(pages);
});
