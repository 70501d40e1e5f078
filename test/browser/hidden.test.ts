/**
 * Issue requirement (b): a seat's page never shows another seat's cards (RULES R10.2).
 * The table is dealt fixed hands (API.md "Fixed deals for tests"), so every card's owner is
 * known; the game is played by clicks, and after every action each page's face-up cards
 * (`[data-card]`) are checked against what that seat may see: its own cards (only the
 * doubling packet while the doubling window is open), the stock once the seat as declarer
 * has picked it up, and the cards played to tricks. Once game 1 is over its summary may show
 * anything; the rest of the page is checked against game 2 as before. The spectator's page
 * shows no hand and no card that has not been played.
 */
import { expect, inject, it } from 'vitest';
import {
  createTable,
  expectNoProblems,
  newDriver,
  openPage,
  type Player,
  readView,
  SEATS,
  shuffledDeal,
  snapshotOf,
  step,
  syncPages,
  type Table,
  useChromium,
  type View,
  WHOLE_GAME_MS,
} from './support.js';

const base = inject('baseUrl');

const chromium = useChromium();

it("no page shows another seat's cards, at any moment of a game", { timeout: WHOLE_GAME_MS }, async () => {
  const deals = [shuffledDeal(20261130), shuffledDeal(7)];
  const created = await createTable(base, { name: 'hidden cards', deals, options: { games: 2 } });
  const players: Player[] = [];
  for (const who of [...SEATS, 'spectator'] as const) {
    const context = await chromium.context(who === 2 ? 'phone' : 'desktop');
    const link = who === 'spectator' ? created.spectator : created.seats[who]!;
    players.push({ page: await openPage(context, link.url, who === 'spectator' ? 'spectator' : `seat ${who}`), seat: who, token: link.token });
  }
  const table: Table = { base, tableId: created.tableId, players };

  const driver = newDriver();
  /** The cards played to tricks in the current game, as the API showed them after each action. */
  let played = new Set<string>();
  let gameNumber = 1;
  let checkedInGame2 = 0;
  const moments: string[] = [];
  for (let steps = 0; checkedInGame2 < 4; steps++) {
    expect(steps, 'actions before game 2 had begun').toBeLessThan(120);
    const version = await syncPages(table);
    const views: View[] = await Promise.all(players.map((p) => readView(base, table.tableId, p.token)));
    expect(new Set(views.map((v) => v.version)), 'every view read at the same version').toEqual(new Set([version]));
    if (views[0]!.gameNumber !== gameNumber) {
      gameNumber = views[0]!.gameNumber;
      played = new Set();
    }
    if (gameNumber === 2) checkedInGame2++;
    const deal = deals[gameNumber - 1]!;
    for (const { card } of [...views[0]!.trick, ...(views[0]!.lastTrick?.cards ?? [])]) played.add(card);
    const phase = views[0]!.phase;
    moments.push(`game ${gameNumber} ${phase} v${version}`);

    for (const [i, { page, seat }] of players.entries()) {
      const view = views[i]!;
      const where = `${seat === 'spectator' ? 'spectator' : `seat ${seat}`} at version ${version} (game ${gameNumber}, ${phase})`;
      const { hooked, table: attributes } = await snapshotOf(page);
      // The table's attributes are the view's.
      expect(attributes, `${where}: [data-table] attributes`).toEqual({
        phase: view.phase,
        version,
        seat: String(view.seat ?? 'spectator'),
        turn: String(view.turn ?? ''),
        gameNumber: String(view.gameNumber),
        connection: 'live',
      });
      const cards = hooked.filter((h) => h.card !== null);
      // Game 1's summary (shown once it is over) may show every card; the rest of the page may not.
      const shown = cards.filter((h) => !h.inSummary).map((h) => h.card!);
      const hand = cards.filter((h) => h.inHand).map((h) => h.card!);
      let allowed: Set<string>;
      if (seat === 'spectator') {
        allowed = new Set(played);
        expect(hand, `${where}: a spectator has no hand`).toEqual([]);
        const controls = hooked.filter((h) => h.action !== null && h.enabled).map((h) => h.action);
        expect(controls, `${where}: a spectator has no controls that act`).toEqual([]);
      } else {
        // Own cards by the deal: while doubling only the first packet of three (R3.1).
        const own = phase === 'doubling' ? deal.hands[seat].slice(0, 3) : deal.hands[seat];
        const stock = view.stock ?? []; // the declarer's own view shows the stock once picked up
        allowed = new Set([...own, ...stock, ...played]);
        expect(new Set(hand), `${where}: the hand shown is the seat's hand`).toEqual(new Set(view.hand ?? []));
      }
      const foreign = shown.filter((card) => !allowed.has(card));
      expect(foreign, `${where}: cards shown that this seat may not see (allowed: ${[...allowed].join(' ')})`).toEqual([]);
      // The current trick: played cards only, each with the seat that played it.
      const apiTrick = new Set([...view.trick, ...(view.lastTrick?.cards ?? [])].map((c) => `${c.seat}:${c.card}`));
      const trick = cards.filter((h) => h.inTrick).map((h) => `${h.trickSeat ?? 'no [data-trick-seat]'}:${h.card}`);
      expect(
        trick.filter((t) => !apiTrick.has(t)),
        `${where}: [data-trick] cards not in the API's trick (${[...apiTrick].join(' ')})`,
      ).toEqual([]);
      // The last trick, once there is one, is the API's.
      const lastTrick = cards.filter((h) => h.inLastTrick).map((h) => h.card);
      expect(new Set(lastTrick), `${where}: [data-last-trick] cards`).toEqual(new Set((view.lastTrick?.cards ?? []).map((c) => c.card)));
    }
    if (checkedInGame2 < 4) await step(table, driver);
  }
  expect(moments.filter((m) => m.includes('play')).length, `moments checked in the play phase (${moments.join('; ')})`).toBeGreaterThan(20);
  expectNoProblems(players.map((p) => p.page));
});
