/**
 * R8.2 by clicks: a defender's page says Kontra; play then pauses until the declarer decides.
 * The declarer's page offers exactly Re and No re and no page can play a card; the other
 * seats and the spectator see who said Kontra and that the game waits for the declarer; a
 * card sent through the API meanwhile is refused. Only the declarer's click lets the game go
 * on. Game 1 answers Re, game 2 No re; the multiplier every page shows is the API's. The
 * moves around these (auction, discard, contract, the rest of game 1) go through the API.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  actThroughApi,
  clickVisible,
  type CreatedTable,
  createTable,
  expectNoProblems,
  openPage,
  type Player,
  readView,
  type Seat,
  SEATS,
  shuffledDeal,
  snapshotOf,
  syncPages,
  type Table,
  useChromium,
  type View,
  waitForVersion,
  WHOLE_GAME_MS,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();
const NAMES = ['Anna', 'Bert', 'Cilli'];

/**
 * Moves through the API until `done`: everybody passes (the forced game), the declarer
 * discards its first two cards and announces the lowest contract; in play the first legal
 * card (never kontra: that is the clicks' part).
 */
async function moveThroughApi(created: CreatedTable, done: (view: View) => boolean): Promise<void> {
  for (let guard = 0; guard < 100; guard++) {
    const views = await Promise.all(SEATS.map((seat) => readView(base, created.tableId, created.seats[seat]!.token)));
    if (done(views[0]!)) return;
    const seat = SEATS.find((s) => views[s]!.legalActions.some((a) => a.type !== 'kontra'))!;
    const view = views[seat]!;
    const legal = view.legalActions.filter((a) => a.type !== 'kontra');
    const first = legal.find((a) => a.type === 'pass') ?? legal[0]!;
    const action = first.type === 'discard' ? { type: 'discard', cards: view.hand!.slice(0, 2) } : first;
    await actThroughApi(base, created.tableId, created.seats[seat]!.token, { ...action, version: view.version });
  }
  throw new Error('the table never reached the state the test waits for');
}

/** The enabled controls (`data-action`) and playable cards of a page, as strings. */
async function enabledOn(page: Page): Promise<{ controls: string[]; cards: string[] }> {
  const { hooked } = await snapshotOf(page);
  const enabled = hooked.filter((h) => h.action !== null && h.enabled && h.visible);
  return {
    controls: enabled
      .filter((h) => h.card === null)
      .map((h) => (h.re === null ? h.action! : `${h.action}:${h.re}`))
      .sort(),
    cards: enabled.filter((h) => h.card !== null).map((h) => h.card!),
  };
}

it(
  'R8.2: a kontra clicked by a defender pauses play until the declarer clicks Re (game 1) or No re (game 2)',
  { timeout: WHOLE_GAME_MS },
  async () => {
    const created = await createTable(base, {
      name: 'kontra and re',
      seats: NAMES.map((name) => ({ name })),
      options: { games: 2, doubling: false, kontra: true },
      deals: [shuffledDeal(31), shuffledDeal(32)],
    });
    const players: Player[] = [];
    for (const who of [...SEATS, 'spectator'] as const) {
      const link = who === 'spectator' ? created.spectator : created.seats[who]!;
      const page = await openPage(
        await chromium.context(who === 2 ? 'phone' : 'desktop'),
        link.url,
        who === 'spectator' ? 'spectator' : `seat ${who}`,
      );
      players.push({ page, seat: who, token: link.token });
    }
    const table: Table = { base, tableId: created.tableId, players };
    const pageOf = (seat: Seat) => players[seat]!.page;

    for (const [game, re] of [
      [1, true],
      [2, false],
    ] as const) {
      // The contract is announced: play begins with the declarer's lead.
      await moveThroughApi(created, (v) => v.gameNumber === game && v.phase === 'play');
      const start = await syncPages(table);
      const before = await readView(base, created.tableId, created.spectator.token);
      const declarer = before.declarer!;
      const defenders = SEATS.filter((s) => s !== declarer);
      const kontraSeat = defenders[game - 1]!;
      const where = `game ${game} (declarer ${NAMES[declarer]}, kontra by ${NAMES[kontraSeat]})`;
      expect((await enabledOn(pageOf(kontraSeat))).controls, `${where}: kontra offered`).toContain('kontra');

      // A defender says Kontra by a click.
      await clickVisible(pageOf(kontraSeat), '[data-action="kontra"]');
      await waitForVersion(pageOf(kontraSeat), start + 1);
      const paused = await syncPages(table);
      expect(paused, `${where}: the kontra was accepted`).toBe(start + 1);
      const views = await Promise.all(SEATS.map((seat) => readView(base, created.tableId, created.seats[seat]!.token)));
      expect(views[declarer]!.turn, `${where}: the declarer's turn (R8.2)`).toBe(declarer);
      expect(views[declarer]!.legalActions, `${where}: the declarer's legal actions`).toEqual([{ type: 're' }, { type: 're', re: false }]);
      for (const seat of defenders) expect(views[seat]!.legalActions, `${where}: seat ${seat}'s legal actions`).toEqual([]);

      // The declarer's page offers exactly Re and No re, with the prompt; no page can play a card.
      for (const { page, seat } of players) {
        const shown = await enabledOn(page);
        expect(shown.cards, `${where}: cards playable on ${seat}'s page while re is decided`).toEqual([]);
        expect(shown.controls, `${where}: controls on ${seat}'s page`).toEqual(seat === declarer ? ['re:false', 're:true'] : []);
      }
      const prompt = await pageOf(declarer).locator('.controls .prompt').first().textContent();
      expect(prompt, `${where}: the declarer's prompt`).toContain(`${NAMES[kontraSeat]} said Kontra`);
      // The others see who said Kontra and that the game waits for the declarer.
      for (const { page, seat } of players.filter((p) => p.seat !== declarer)) {
        const notice = page.locator(`[data-awaiting-re="${declarer}"]`);
        await expect.poll(() => notice.isVisible(), { message: `${where}: the wait shown on ${seat}'s page` }).toBe(true);
        expect(await notice.textContent(), `${where}: ${seat}'s page`).toBe(
          `${NAMES[kontraSeat]} said Kontra. Waiting for ${NAMES[declarer]}: Re or no Re?`,
        );
        expect(await page.locator('.status-bar .turn').textContent(), `${where}: ${seat}'s turn line`).toBe(
          `Waiting for ${NAMES[declarer]}: Re or no Re?`,
        );
      }
      // Play does not go on: a defender's card is refused, and nothing changes.
      const defender = defenders.find((s) => s !== kontraSeat)!;
      await expect(
        actThroughApi(base, created.tableId, created.seats[defender]!.token, { type: 'play', card: views[defender]!.hand![0] }),
        `${where}: a card while re is decided`,
      ).rejects.toThrow(/answered 422/);
      expect((await readView(base, created.tableId, created.spectator.token)).version, `${where}: the version after the refused card`).toBe(paused);

      // The declarer decides by a click; then the game goes on.
      await clickVisible(pageOf(declarer), `[data-action="re"][data-re="${re}"]`);
      await Promise.all(players.map((p) => waitForVersion(p.page, paused + 1)));
      const after = await readView(base, created.tableId, created.spectator.token);
      expect({ kontra: after.kontra, re: after.re, multiplier: after.multiplier }, `${where}: kontra ×2, and re ×2 again (R8.3)`).toEqual({
        kontra: kontraSeat,
        re,
        multiplier: re ? 4 : 2,
      });
      expect(after.history.at(-1), `${where}: the history's last entry`).toEqual({ seat: declarer, type: 're', re });
      for (const { page, seat } of players) {
        await expect
          .poll(() => page.locator('[data-multiplier]').textContent(), { message: `${where}: multiplier on ${seat}'s page` })
          .toBe(`×${after.multiplier}`);
        expect(await page.locator('[data-awaiting-re]').count(), `${where}: the wait is over on ${seat}'s page`).toBe(0);
        expect(await page.locator('[data-move-log] li').allTextContents(), `${where}: ${seat}'s log`).toContain(
          re ? `${NAMES[declarer]}: Re` : `${NAMES[declarer]}: no Re`,
        );
      }
      const turn = after.turn as Seat;
      expect((await enabledOn(pageOf(turn))).cards.length, `${where}: ${NAMES[turn]} may play now`).toBeGreaterThan(0);

      // The rest of game 1 through the API.
      if (game === 1) await moveThroughApi(created, (v) => v.gameNumber === 2);
    }
    expectNoProblems(players.map((p) => p.page));
  },
);
