/**
 * The controls a page offers are exactly the actions the server lists in `legalActions`,
 * for every seat after every action of whole games (bids up to 10, bettel and mord, hold,
 * pass, discard, declare, kontra, re and no re, plays, plays naming trump); and the rarer
 * controls work when clicked: kontra, re and no re change the multiplier shown, a knock is
 * sent with the card; the tab's title says when a move is owed. The moves that
 * are not under test are made through the API by a seeded random player, so that the games
 * reach the situations a click-everything driver never does.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  actThroughApi,
  clickVisible,
  createTable,
  expectNoProblems,
  openPage,
  readView,
  type Seat,
  SEATS,
  shuffledDeal,
  trumpSelector,
  useChromium,
  type View,
  waitForVersion,
  WHOLE_GAME_MS,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

/**
 * The actions a view offers, one string each; plays without their knock flag (the page offers
 * a card once, with a knock switch), a play naming trump as `play:<card>:<suit>`.
 */
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
        case 're':
          return `re:${a.re !== false}`;
        case 'play':
          return a.trump === undefined ? `play:${a.card}` : `play:${a.card}:${a.trump}`;
        default:
          return a.type;
      }
    })
    .filter((a, i, all) => all.indexOf(a) === i)
    .sort();
}

// Runs in the page; this project's types have no DOM, hence the small shape.
type HookedElement = { dataset: Record<string, string | undefined>; disabled?: boolean };
type PageDocument = { document: { querySelectorAll(s: string): Iterable<HookedElement> } };

/**
 * The same, read off the page's `data-action` controls. With a trump to name (option trump
 * "named"), each suit of the picker is picked in turn and the cards it enables are read:
 * `play:<card>:<suit>`; the last suit stays picked.
 */
async function offeredOnPage(page: Page): Promise<string[]> {
  const controls = await page.evaluate(() =>
    [...(globalThis as unknown as PageDocument).document.querySelectorAll('[data-table] [data-action]')].map((el) => {
      const type = el.dataset.action!;
      if (type === 'double') return `double:${el.dataset.double}`;
      if (type === 'bid') return `bid:${el.dataset.bid}`;
      if (type === 'declare') return `declare:${el.dataset.contract}`;
      if (type === 're') return `re:${el.dataset.re}`;
      if (type === 'play') return `play:${el.dataset.card}`;
      return type;
    }),
  );
  const suits = await page
    .locator('[data-trump-picker] input[data-trump]')
    .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('data-trump')!));
  if (suits.length === 0) return controls.sort();
  const naming: string[] = [];
  for (const suit of suits) {
    await page.locator(trumpSelector(suit)).check();
    const enabled = await page.evaluate(() =>
      [...(globalThis as unknown as PageDocument).document.querySelectorAll('[data-hand] [data-action="play"]')]
        .filter((el) => el.disabled !== true)
        .map((el) => el.dataset.card!),
    );
    naming.push(...enabled.map((card) => `play:${card}:${suit}`));
  }
  return [...controls.filter((c) => !c.startsWith('play:')), ...naming].sort();
}

/** A small seeded generator, so a failing game can be played again. */
function rngOf(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

interface Run {
  /** What the table is made of, for failure messages. */
  readonly name: string;
  readonly options: Record<string, unknown>;
  readonly seed: number;
  /** The API's player: random among the legal actions (bidding long), or plain (passing, the lowest contract). */
  readonly bidding: 'long' | 'plain';
  /** What the declarer clicks after a kontra. */
  readonly re: boolean;
  /** What must have been offered somewhere (`play:named`: a play naming trump) and clicked. */
  readonly kinds: readonly string[];
  readonly clicks: readonly ('kontra' | 're' | 'knock')[];
}

/** One table played to its end: after every action every page offers its seat's legal actions, as strings. */
async function playTable(run: Run): Promise<void> {
  const games = Number(run.options.games);
  const created = await createTable(base, {
    name: run.name,
    options: run.options,
    deals: Array.from({ length: games }, (_, i) => shuffledDeal(run.seed + i)),
  });
  const pages: Page[] = [];
  for (const seat of SEATS)
    pages.push(await openPage(await chromium.context(seat === 1 ? 'phone' : 'desktop'), created.seats[seat]!.url, `${run.name}: seat ${seat}`));
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
      const onPage = await offeredOnPage(pages[seat]!);
      // R7.12: "Claim the rest" is no legal action of the view (legalActions does not list claim,
      // docs/api.md); the page offers it exactly when the view says the seat may claim (mayClaim).
      expect(onPage.includes('claim'), `${run.name}: seat ${seat}'s claim at version ${version}`).toBe(views[seat]!.mayClaim);
      expect(
        onPage.filter((offer) => offer !== 'claim'),
        `${run.name}: seat ${seat} at version ${version} (${views[seat]!.phase})`,
      ).toEqual(expected);
      for (const offer of expected) seen.add(offer.startsWith('play:') ? (offer.split(':').length === 3 ? 'play:named' : 'play') : offer);
      // The tab's title marks a move owed (kontra is a chance, not a move owed; re after a kontra is owed, R8.2).
      const owes = views[seat]!.legalActions.some((a) => a.type !== 'kontra');
      // (Set by an effect after the render that shows the version: polled.)
      await expect
        .poll(async () => (await pages[seat]!.title()).startsWith('●'), { message: `seat ${seat}'s title at version ${version}`, timeout: 2000 })
        .toBe(owes);
    }
    if (views[0]!.seriesOver) break;

    // The rarer controls by click, the first time they are offered.
    const kontraSeat = SEATS.find((s) => views[s]!.legalActions.some((a) => a.type === 'kontra'));
    const reSeat = SEATS.find((s) => views[s]!.legalActions.some((a) => a.type === 're'));
    const knockSeat = SEATS.find((s) => views[s]!.legalActions.some((a) => a.type === 'play' && a.knock === true));
    /** Clicks kontra, re or no re on the seat's page; answers the view after it, once the page shows its multiplier. */
    const sayByClick = async (selector: string, seat: Seat): Promise<View> => {
      await clickVisible(pages[seat]!, selector);
      await waitForVersion(pages[seat]!, version + 1);
      const after = await readView(base, created.tableId, token(seat));
      await expect.poll(() => pages[seat]!.locator('[data-multiplier]').textContent()).toBe(`×${after.multiplier}`);
      return after;
    };
    if (run.clicks.includes('kontra') && !clicked.kontra && kontraSeat !== undefined) {
      expect((await sayByClick('[data-action="kontra"]', kontraSeat)).kontra).toBe(kontraSeat);
      clicked = { ...clicked, kontra: true };
      continue;
    }
    if (run.clicks.includes('re') && !clicked.re && reSeat !== undefined) {
      const before = views[reSeat]!.multiplier;
      const after = await sayByClick(`[data-action="re"][data-re="${run.re}"]`, reSeat);
      expect({ re: after.re, multiplier: after.multiplier }, 'R8.2, R8.3: re doubles, no re does not').toEqual({
        re: run.re,
        multiplier: run.re ? before * 2 : before,
      });
      clicked = { ...clicked, re: true };
      continue;
    }
    if (run.clicks.includes('knock') && !clicked.knock && knockSeat !== undefined) {
      const page = pages[knockSeat]!;
      const knockPlay = views[knockSeat]!.legalActions.find((a) => a.type === 'play' && a.knock === true) as { card: string };
      await page.locator('input[data-knock]').check();
      await clickVisible(page, `[data-hand] [data-action="play"][data-card="${knockPlay.card}"]`);
      await waitForVersion(page, version + 1);
      const after = await readView(base, created.tableId, token(knockSeat));
      expect(after.knocks.at(-1)?.seat, 'the knock was sent with the card').toBe(knockSeat);
      clicked = { ...clicked, knock: true };
      continue;
    }

    // Otherwise a seeded random legal move through the API (a discard: two random cards).
    const actors = SEATS.filter((s) => views[s]!.legalActions.length > 0);
    const seat = actors[rng(actors.length)]!;
    const all = views[seat]!.legalActions;
    let choices = all;
    if (run.bidding === 'long') {
      // In the auction mostly bid or hold, so that the auctions run long and offer every bid.
      const keepBidding = all.filter((a) => a.type === 'bid' || a.type === 'hold');
      if (keepBidding.length > 0 && rng(4) > 0) choices = keepBidding;
    } else {
      // Everybody passes (the forced game: a contract with trumps) and the lowest contract is announced.
      const plain = all.find((a) => a.type === 'pass') ?? all.find((a) => a.type === 'declare');
      if (plain !== undefined) choices = [plain];
    }
    let action: Record<string, unknown> = { ...choices[rng(choices.length)]! };
    if (action.type === 'discard') {
      const hand = [...views[seat]!.hand!];
      const first = hand.splice(rng(hand.length), 1)[0];
      action = { type: 'discard', cards: [first, hand[rng(hand.length)]] };
    }
    await actThroughApi(base, created.tableId, token(seat), { ...action, version });
  }

  expect(clicked, `${run.name}: the controls clicked in these games`).toEqual({
    kontra: run.clicks.includes('kontra'),
    re: run.clicks.includes('re'),
    knock: run.clicks.includes('knock'),
  });
  for (const kind of run.kinds) expect(seen, `${run.name}: ${kind} was offered at some point`).toContain(kind);
  expectNoProblems(pages);
}

it('every page offers exactly its legal actions, after every action; kontra, re and knock work by click', { timeout: WHOLE_GAME_MS }, async () => {
  await playTable({
    name: 'controls',
    options: { games: 3, kontra: true, knock: true, tenTrickBid: true, doubling: true },
    seed: 4242,
    bidding: 'long',
    re: true,
    kinds: [
      'double:true',
      'double:false',
      'bid:6',
      'bid:7',
      'bid:10',
      'bid:bettel',
      'bid:mord',
      'hold',
      'pass',
      'discard',
      'declare:bettel',
      'kontra',
      're:true',
      're:false',
      'play',
    ],
    clicks: ['kontra', 're', 'knock'],
  });
});

it(
  'with trump named, every page offers exactly its legal actions: each card with each suit to name; no re works by click',
  { timeout: WHOLE_GAME_MS },
  async () => {
    await playTable({
      name: 'named trump',
      options: { games: 1, kontra: true, trump: 'named', doubling: false },
      seed: 777,
      bidding: 'plain',
      re: false,
      kinds: ['pass', 'discard', 'declare:6', 'kontra', 're:true', 're:false', 'play:named', 'play'],
      clicks: ['kontra', 're'],
    });
  },
);
