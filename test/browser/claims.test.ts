/**
 * R7.12 in Chromium. The server judges a claim from all the claiming seat has seen; the page
 * offers "Claim the rest" whenever the view says the seat may claim (`mayClaim`) and judges
 * nothing. A fixed deal (TEST_DEALS) is played through the API to an ending where the
 * declarer, Vroni (seat 1), holds the only trumps left (trickHistory "last": the page shows
 * only the last trick, the server remembers them all). Then, by the pages:
 * - a defender's claim (that Vroni takes no more trick) is refused: the claimer reads why
 *   beside the control, in German, on a 390×844 phone; the other seats' move logs tell the
 *   refused claim; the control is gone for the claimer until the trick is complete;
 * - the declarer's claim with a card already in the trick ends the game by two taps on a
 *   1280×800 desktop: the result says who claimed, the cards left then stay shown, and the
 *   score sheet says it too.
 * The control and its confirmation are in view without scrolling at both sizes.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import type { CardCode } from '../../shared/cards.js';
import {
  actThroughApi,
  contextIn,
  createTable,
  type CreatedTable,
  expectNoProblems,
  isTouchPage,
  openPage,
  outOfView,
  readView,
  type Seat,
  SEATS,
  useChromium,
  waitForVersion,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const hand = (text: string) => text.split(' ') as CardCode[];
const HANDS: [CardCode[], CardCode[], CardCode[]] = [
  hand('E9 E8 E7 G9 G8 G7 SO SU S10 S9'),
  hand('HA HK HO HU H10 H9 H7 EA GA SA'),
  hand('H8 EK EO EU E10 GK GO GU G10 SK'),
];
/** Vroni (seat 1) declares 6 and leads HU (hearts trump); six tricks on she holds HA HK HO H7, every other heart gone. */
const SCRIPT: [Seat, Record<string, unknown>][] = [
  [1, { type: 'bid', bid: '6' }],
  [2, { type: 'pass' }],
  [0, { type: 'pass' }],
  [1, { type: 'discard', cards: ['S8', 'S7'] }],
  [1, { type: 'declare', contract: '6' }],
  ...['1 HU 2 H8 0 E9', '1 H10 2 EK 0 E8', '1 H9 2 EO 0 E7', '1 EA 2 EU 0 G9', '1 GA 2 GK 0 G8', '1 SA 2 SK 0 S9'].flatMap((trick) => {
    const [a, x, b, y, c, z] = trick.split(' ');
    return [
      [Number(a) as Seat, { type: 'play', card: x }],
      [Number(b) as Seat, { type: 'play', card: y }],
      [Number(c) as Seat, { type: 'play', card: z }],
    ] as [Seat, Record<string, unknown>][];
  }),
];
/** What each seat holds after SCRIPT. */
const LEFT: Record<Seat, CardCode[]> = { 0: hand('G7 SO SU S10'), 1: hand('HA HK HO H7'), 2: hand('E10 GO GU G10') };

/** The table at the ending (its version: SCRIPT.length); the moves before the claims are setup, through the API. */
async function ending(name: string): Promise<CreatedTable> {
  const created = await createTable(base, {
    name,
    seats: [{ name: 'Sepp' }, { name: 'Vroni' }, { name: 'Hias' }],
    options: { games: 1, doubling: false, kontra: false, trickHistory: 'last' },
    deals: [{ hands: HANDS, stock: ['S8', 'S7'] }],
  });
  for (const [version, [seat, action]] of SCRIPT.entries())
    await actThroughApi(base, created.tableId, created.seats[seat]!.token, { ...action, version });
  return created;
}

/** A tap on a phone, a click on a desktop: exactly one, so that the test sees the first tap's confirmation. */
const press = (page: Page, control: Locator): Promise<void> => (isTouchPage(page) ? control.tap() : control.click());

/** The cards shown in `row`, as a set. */
const cardsIn = async (row: Locator): Promise<Set<string>> =>
  new Set(await row.locator('[data-card]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')!)));

/** The refused claim costs the page a 422 on the console when it went by POST rather than over the socket. */
const refused422 = (_: Page, problem: { kind: string; text: string }) => problem.kind === 'console' && /422/.test(problem.text);

it('R7.12: a claim not sure is refused: said to the claimer beside the control (German, 390×844), in every other seat’s move log, and no control until the next trick', async () => {
  const created = await ending('claim refused');
  const token = (seat: Seat) => created.seats[seat]!.token;
  let version = SCRIPT.length;
  const phone = await openPage(await contextIn(chromium, 'phone', 'de'), created.seats[0]!.url, 'Sepp (phone, de)', PHONE);
  const desktop = await chromium.device('desktop');
  const others = [await openPage(desktop, created.seats[1]!.url, 'Vroni', DESKTOP), await openPage(desktop, created.seats[2]!.url, 'Hias', DESKTOP)];
  for (const page of [phone, ...others]) await waitForVersion(page, version);

  // Sepp, a defender, may claim (the view says so): the control is there, in view, and a first tap only asks.
  const claim = phone.locator('[data-action="claim"]');
  await claim.waitFor({ state: 'visible' });
  expect(await claim.textContent()).toContain('Rest beanspruchen');
  expect(await outOfView(phone, '[data-action="claim"]')).toBeNull();
  await press(phone, claim);
  const note = phone.locator('[data-claim-note="armed"]');
  await note.waitFor({ state: 'visible' });
  expect(await note.textContent(), 'what a defender’s claim says').toContain('Vroni macht keinen Stich mehr.');
  expect(await outOfView(phone, '[data-claim-note="armed"]')).toBeNull();
  expect(await phone.locator('[data-table]').getAttribute('data-version'), 'the first tap sends nothing').toBe(String(version));

  // The second tap sends it: refused (422), and recorded, so the table's version moves on.
  await press(phone, claim);
  version += 1;
  await waitForVersion(phone, version);
  const refusal = phone.locator('[data-claim-refused]');
  await refusal.waitFor({ state: 'visible' });
  expect(await refusal.textContent()).toContain('Abgelehnt: nach allem, was du gesehen hast, ist das nicht sicher.');
  expect(await outOfView(phone, '[data-claim-refused]')).toBeNull();
  expect(await phone.locator('[role="alert"][data-error]').count(), 'said once, beside the claim').toBe(1);
  expect(await phone.locator('[data-action="claim"]').count(), 'no second claim in this trick').toBe(0);

  // Every seat sees that the claim was made and refused.
  const views = await Promise.all(SEATS.map((seat) => readView(base, created.tableId, token(seat))));
  for (const view of views) expect(view.moves.at(-1)).toEqual({ seat: 0, type: 'claim', refused: true });
  expect(views.map((view) => view.mayClaim)).toEqual([false, true, true]);
  expect(views[1]!.phase).toBe('play');
  for (const page of others) {
    await waitForVersion(page, version);
    await expect.poll(() => page.locator('[data-move-log] li').filter({ hasText: 'Sepp claimed the rest: refused' }).count()).toBe(1);
    expect(await page.locator('[data-claim-refused]').count(), 'the refusal is the claimer’s').toBe(0);
    expect(await page.locator('[data-action="claim"]').count(), 'the others may still claim').toBe(1);
  }

  // Trick 7, through the API: Sepp's control stays away until the trick is complete, then is back.
  for (const seat of [1, 2, 0] as const) {
    expect(await phone.locator('[data-action="claim"]').count(), `before seat ${seat}'s card of trick 7`).toBe(0);
    const view = await readView(base, created.tableId, token(seat));
    const card = view.legalActions.find((action) => action.type === 'play')!;
    await actThroughApi(base, created.tableId, token(seat), { ...card, version });
    version += 1;
    await waitForVersion(phone, version);
  }
  await claim.waitFor({ state: 'visible' });
  expect((await readView(base, created.tableId, token(0))).mayClaim).toBe(true);
  expectNoProblems([phone, ...others], refused422);
});

it('R7.12: a sure claim ends the game by two taps (1280×800); the result says who claimed, and the cards left then stay shown', async () => {
  const created = await ending('claim accepted');
  const token = (seat: Seat) => created.seats[seat]!.token;
  // Vroni leads HA to trick 7 and claims while it lies there.
  await actThroughApi(base, created.tableId, token(1), { type: 'play', card: 'HA', version: SCRIPT.length });
  const version = SCRIPT.length + 1;
  const page = await openPage(await chromium.device('desktop'), created.seats[1]!.url, 'Vroni', DESKTOP);
  await waitForVersion(page, version);

  const claim = page.locator('[data-action="claim"]');
  await claim.waitFor({ state: 'visible' });
  expect(await outOfView(page, '[data-action="claim"]')).toBeNull();
  await press(page, claim);
  const note = page.locator('[data-claim-note="armed"]');
  await note.waitFor({ state: 'visible' });
  expect(await note.textContent(), 'what the declarer’s claim says').toContain('You take every trick left.');
  expect(await outOfView(page, '[data-claim-note="armed"]')).toBeNull();
  expect(await page.locator('[data-table]').getAttribute('data-version'), 'the first tap sends nothing').toBe(String(version));
  await press(page, claim);
  await waitForVersion(page, version + 1);

  // Settled as if played out: ten tricks of 6.
  const after = await readView(base, created.tableId, token(1));
  expect(after).toMatchObject({
    phase: 'finished',
    seriesOver: true,
    result: { kind: 'contract', won: true, declarerTricks: 10, claimedBy: 1 },
    settlement: { payments: [-10, 20, -10], pot: 0 },
  });
  expect(after.moves.at(-1)).toEqual({ seat: 1, type: 'claim' });

  // The result says who claimed, and shows what was left: every hand, and HA in the trick.
  const banner = page.locator('[data-result]');
  await banner.waitFor({ state: 'visible' });
  expect(await banner.textContent()).toBe('Vroni claimed the rest: 10 of 6 announced: won — each defender pays 10');
  const left = page.locator('[data-claim-left]');
  await left.waitFor({ state: 'visible' });
  for (const seat of SEATS)
    expect(await cardsIn(left.locator(`[data-claim-hand="${seat}"]`)), `seat ${seat}'s cards left`).toEqual(
      new Set(LEFT[seat].filter((card) => card !== 'HA')),
    );
  expect(await cardsIn(left.locator('[data-claim-trick]'))).toEqual(new Set(['HA']));
  await page.locator('[data-score-claimed="1"]').waitFor({ state: 'visible' });
  expect(await page.locator('[data-score-claimed="1"]').textContent()).toContain('claimed by Vroni');
  expect(await page.locator('[data-action="claim"]').count()).toBe(0);
  expectNoProblems([page]);
});
