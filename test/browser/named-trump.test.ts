/**
 * R7.2 with option trump "named", by clicks: the declarer's page offers the trump-suit picker,
 * its cards wait until a suit is picked; the declarer names a suit other than its first card's
 * and plays that card; the API's view has that trump, and every page shows it. Then the game
 * is played to its settlement through the API while the pages follow. The table also has trickHistory "opponents" (R7.10):
 * after every click each page's last trick is the one the API shows that seat, labelled.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  actThroughApi,
  clickVisible,
  createTable,
  expectNoProblems,
  newDriver,
  openPage,
  type Player,
  readGames,
  readView,
  type Seat,
  SEATS,
  shuffledDeal,
  snapshotOf,
  step,
  syncPages,
  type Table,
  trumpSelector,
  useChromium,
  waitForVersion,
  WHOLE_GAME_MS,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

/** The last trick a page shows: `data-last-trick` ("latest", "other-side", "none", or null without one) and its cards. */
async function lastTrickOn(page: Page): Promise<{ label: string | null; cards: string[] }> {
  const labels = await page.locator('[data-last-trick]').evaluateAll((found) => found.map((e) => e.getAttribute('data-last-trick')));
  const { hooked } = await snapshotOf(page);
  return { label: labels[0] ?? null, cards: hooked.filter((h) => h.card !== null && h.inLastTrick).map((h) => h.card!) };
}

it(
  "R7.2: the declarer names a trump suit other than its first card's by clicks, and the game is played to its settlement, every page following",
  { timeout: WHOLE_GAME_MS },
  async () => {
    const created = await createTable(base, {
      name: 'named trump',
      options: { games: 1, trump: 'named', trickHistory: 'opponents' },
      deals: [shuffledDeal(2027)],
    });
    const players: Player[] = [];
    for (const seat of SEATS) {
      const page = await openPage(await chromium.context(seat === 1 ? 'phone' : 'desktop'), created.seats[seat]!.url, `seat ${seat}`);
      players.push({ page, seat, token: created.seats[seat]!.token });
    }
    const table: Table = { base, tableId: created.tableId, players };
    const driver = newDriver();
    const token = (seat: Seat) => created.seats[seat]!.token;

    // By clicks up to the declarer's first card.
    let declarer: Seat | null;
    for (let steps = 0; ; steps++) {
      expect(steps, 'clicks before the first card').toBeLessThan(20);
      const spectatorView = await readView(base, table.tableId, created.spectator.token);
      declarer = spectatorView.phase === 'play' ? spectatorView.declarer : null;
      if (declarer !== null) break;
      await step(table, driver);
    }
    const version = await syncPages(table);
    const view = await readView(base, table.tableId, token(declarer));
    const page = players[declarer]!.page;
    const namings = view.legalActions.filter((a) => a.type === 'play') as { card: string; trump?: string }[];
    expect(namings.length, "the declarer's legal plays").toBeGreaterThan(0);
    expect(
      namings.every((a) => a.trump !== undefined),
      'every legal play names trump',
    ).toBe(true);

    // The picker offers the four suits; the cards wait until one is picked.
    const before = await snapshotOf(page);
    expect(
      before.trumps.map((c) => c.suit),
      'the suits of the picker',
    ).toEqual(['E', 'G', 'H', 'S']);
    expect(
      before.trumps.some((c) => c.checked),
      'no suit picked yet',
    ).toBe(false);
    const offered = before.hooked.filter((h) => h.inHand && h.action === 'play');
    expect(offered.length, 'cards offered to play').toBeGreaterThan(0);
    expect(
      offered.filter((h) => h.enabled).map((h) => h.card),
      'cards enabled before a suit is picked',
    ).toEqual([]);
    expect(await page.locator('[data-trump-picker] legend').textContent()).toBe('Name the trump suit, then play your first card');

    // A card and a suit that is not the card's own.
    const choice = namings.find((a) => a.trump !== a.card[0])!;
    const card = choice.card;
    const trump = choice.trump!;
    await clickVisible(page, trumpSelector(trump));
    await expect
      .poll(async () => (await snapshotOf(page)).hooked.find((h) => h.inHand && h.card === card)?.enabled, {
        message: `${card} enabled once ${trump} is picked`,
      })
      .toBe(true);
    await clickVisible(page, `[data-hand] [data-action="play"][data-card="${card}"]`);
    await Promise.all(players.map((p) => waitForVersion(p.page, version + 1)));
    const after = await readView(base, table.tableId, created.spectator.token);
    expect({ trump: after.trump, trick: after.trick }, `the first card ${card} names ${trump}`).toEqual({ trump, trick: [{ seat: declarer, card }] });
    for (const { page: p, seat } of players) {
      await expect.poll(() => p.locator(`.facts [data-trump="${trump}"]`).isVisible(), { message: `${seat}'s page shows trump ${trump}` }).toBe(true);
    }

    // Then to the settlement, each seat on turn playing its first legal card through the API while
    // the pages follow (cards played by clicks to a settlement are game.test's); after every move
    // each page's last trick is its seat's (R7.10).
    const labels = new Set<string>();
    for (let moves = 0, over = false; !over; moves++) {
      expect(moves, 'moves to the end of the game').toBeLessThan(40);
      const onTurn = (await readView(base, table.tableId, created.spectator.token)).turn as Seat;
      const own = await readView(base, table.tableId, token(onTurn));
      const card = own.legalActions.find((a) => a.type === 'play')!;
      const moved = await actThroughApi(base, table.tableId, token(onTurn), { ...card, version: own.version });
      await Promise.all(players.map((p) => waitForVersion(p.page, moved.version)));
      const views = await Promise.all(players.map((p) => readView(base, table.tableId, p.token)));
      over = views[0]!.seriesOver;
      if (views[0]!.phase !== 'play') continue;
      for (const [i, { page: p, seat }] of players.entries()) {
        const shown = await lastTrickOn(p);
        const expected = views[i]!.lastTrick?.cards.map((c) => c.card) ?? [];
        expect(new Set(shown.cards), `${seat} at version ${views[i]!.version}: [data-last-trick] cards`).toEqual(new Set(expected));
        if (shown.label !== null) labels.add(shown.label);
      }
    }
    expect(labels, "R7.10: the other side's last trick was labelled as such at some point").toContain('other-side');

    // The settlement every page shows is the server's.
    for (const { page: p, seat } of players) {
      await expect.poll(() => p.locator('[data-summary][data-game-number="1"]').isVisible(), { message: `${seat}: the settlement shown` }).toBe(true);
    }
    const [record] = (await readGames(base, table.tableId, created.spectator.token)).games;
    expect(record?.settlement, 'the API records the game with its settlement').toBeTruthy();
    for (const { page: p, seat } of players) {
      const payments = await p
        .locator('[data-summary][data-game-number="1"] [data-payment]')
        .evaluateAll((cells) => cells.map((c) => Number(c.textContent!.replace('+', ''))));
      // A table that plays the forced game has no pot line (issue 25), and its pot stays 0.
      expect(payments, `${seat}'s summary: the payments`).toEqual(record!.settlement!.payments);
      expect(record!.settlement!.pot).toBe(0);
    }
    expectNoProblems(players.map((p) => p.page));
  },
);
