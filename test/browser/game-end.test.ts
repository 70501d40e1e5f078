/**
 * Issue 11, "Seeing what happened": a series played to its end (two games, each after an
 * all-pass redeal, R5.2, R5.4) on three pages — a 390×844 phone and two desktops, one of them
 * in German. After each game's last card (clicked on the page of the seat on turn) every
 * page shows the result banner (`data-result`, API.md hooks) inside its viewport, naming the
 * declarer, the tricks and the payment, with the settlement's arithmetic matching the
 * record's settlement; a redeal says so and is not called a settlement; "Next game" brings
 * the next game. During play the last trick is one tap away in the trick area, and the move
 * log (`data-move-log`) marks what came since the player's last move. The score sheet's rows
 * are the records of `…/games`, and the final standings end the series. The moves around
 * these go through the API (setup: the clicks of a whole game are game.test.ts's).
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  clickVisible,
  createTable,
  expectNoProblems,
  openPage,
  openPrefsMenu,
  type Player,
  playThroughApi,
  readView,
  type Seat,
  SEATS,
  SHOWN_WITHIN_MS,
  shuffledDeal,
  snapshotOf,
  syncPages,
  type Table,
  useChromium,
  WHOLE_GAME_MS,
} from './support.js';
import { overlaps } from './layout.js';

const base = inject('baseUrl');
const chromium = useChromium();
const NAMES = ['Sepp', 'Vroni', 'Xaver'];

interface Settled {
  dealIndex: number;
  gameNumber: number;
  redeal: number;
  declarer: Seat | null;
  contract: string | null;
  multiplier: number;
  potBefore: number;
  doubles: Seat[];
  result: { kind: 'allPass' } | { kind: 'contract'; won: boolean; declarerTricks: number };
  settlement: { payments: number[]; pot: number };
}

/** Every finished game's record (GET …/games; a series this short fits in one page). */
async function records(tableId: string, token: string): Promise<Settled[]> {
  const res = await fetch(`${base}/api/tables/${tableId}/games?limit=100`, {
    headers: { authorization: `Bearer ${token}`, 'cf-connecting-ip': `2001:db8:99:${Math.floor(Math.random() * 0xffff).toString(16)}::1` },
  });
  expect(res.status, 'GET …/games').toBe(200);
  return ((await res.json()) as { games: Settled[] }).games;
}

/** Whether the element's box lies wholly inside the page's viewport. */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

it(
  'after each game of a series its result is in view on every page, with the arithmetic of its settlement; then the next game, the score sheet and the final standings',
  { timeout: WHOLE_GAME_MS },
  async () => {
    const created = await createTable(base, {
      name: 'game end',
      seats: NAMES.map((name) => ({ name })),
      options: { games: 2, allPass: 'pot', maxRedeals: 1, trickHistory: 'last' },
      deals: [shuffledDeal(101), shuffledDeal(102), shuffledDeal(103), shuffledDeal(104)],
    });
    const players: (Player & { seat: Seat })[] = [];
    const langs: Record<Seat, 'en' | 'de'> = { 0: 'en', 1: 'de', 2: 'en' };
    for (const seat of SEATS) {
      const context = await chromium.context(seat === 0 ? 'phone' : 'desktop');
      const page = await context.newPage();
      if (seat === 0) await page.setViewportSize({ width: 390, height: 844 });
      const opened = await openPage(context, created.seats[seat]!.url, `seat ${seat} (${seat === 0 ? 'phone' : 'desktop'}, ${langs[seat]})`);
      await page.close();
      await opened.locator('[data-table]').waitFor({ timeout: 10_000 });
      if (seat === 0) await opened.setViewportSize({ width: 390, height: 844 });
      await openPrefsMenu(opened);
      await opened.locator(`button[data-lang="${langs[seat]}"]`).click();
      players.push({ page: opened, seat, token: created.seats[seat]!.token });
    }
    const table: Table = { base, tableId: created.tableId, players };
    const views = () => Promise.all(SEATS.map((seat) => readView(base, created.tableId, created.seats[seat]!.token)));
    const pageOf = (seat: Seat) => players[seat]!.page;

    for (const gameNumber of [1, 2]) {
      // R5.2: everybody passes; the pot option redeals, and every page says so, not "settlement".
      await playThroughApi(base, created, (v) => v[0]!.gameNumber === gameNumber && v[0]!.redeal === 1);
      await syncPages(table);
      for (const { page, seat } of players) {
        const redeal = page.locator(`[data-summary][data-game-number="${gameNumber}"]`);
        await expect
          .poll(() => redeal.locator('[data-result]').getAttribute('data-result'), { message: `seat ${seat}: the redeal's banner` })
          .toBe('allPass');
        const text = await redeal.textContent();
        expect(text, `seat ${seat}: a redeal is no settlement`).not.toMatch(/settlement|Abrechnung/i);
        expect(await redeal.locator('h2').textContent(), `seat ${seat}: the redeal's title`).toMatch(
          langs[seat] === 'de' ? /alle haben weiter gesagt/ : /everybody passed/,
        );
        expect(await redeal.locator('[data-result]').textContent(), `seat ${seat}: the pot in the banner`).toContain(String((await views())[0]!.pot));
      }

      // A trick just taken stays in the trick area, with who took it, until the next card (R7.10: the view's lastTrick).
      await playThroughApi(base, created, (v) => v[0]!.gameNumber === gameNumber && v[0]!.trickWinners.length === 1 && v[0]!.trick.length === 0);
      await syncPages(table);
      const taken = (await views())[0]!;
      const takenBy = NAMES[taken.trickWinners[0]!]!;
      for (const { page, seat } of players) {
        const trick = page.locator('[data-trick]');
        await expect.poll(() => trick.getAttribute('data-showing'), { message: `seat ${seat}: the trick just taken` }).toBe('taken');
        const shown = await trick.locator('[data-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')).sort());
        expect(shown, `seat ${seat}: its cards`).toEqual(taken.lastTrick!.cards.map((c) => c.card).sort());
        expect(await trick.textContent(), `seat ${seat}: who took it`).toContain(
          langs[seat] === 'de' ? `1. Stich geht an ${takenBy}` : `Trick 1 goes to ${takenBy}`,
        );
      }

      // R5.4: after the one redeal allowed, the next all-pass is the forced game; played through the API up to its last card.
      await playThroughApi(base, created, (v) => v[0]!.gameNumber === gameNumber && v[0]!.trickWinners.length === 9 && v[0]!.trick.length === 2);
      await syncPages(table);
      const before = await views();
      const turn = before[0]!.turn as Seat;
      const leader = before[0]!.trick[0]!.seat;

      // The last trick, one tap away in the trick area (R7.10: the view's lastTrick), and back.
      for (const { page, seat } of players) {
        const trick = page.locator('[data-trick]');
        const cardsIn = () => trick.locator('[data-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')).sort());
        expect(await cardsIn(), `seat ${seat}: the current trick`).toEqual(before[seat]!.trick.map((c) => c.card).sort());
        await clickVisible(page, '[data-last-trick-toggle]');
        await expect.poll(() => trick.getAttribute('data-showing'), { message: `seat ${seat}: the last trick shown` }).toBe('last');
        expect(await cardsIn(), `seat ${seat}: the last trick's cards`).toEqual(before[seat]!.lastTrick!.cards.map((c) => c.card).sort());
        await clickVisible(page, '[data-last-trick-toggle]');
        await expect.poll(cardsIn, { message: `seat ${seat}: back to the current trick` }).toEqual(before[seat]!.trick.map((c) => c.card).sort());
      }

      // The move log of the trick's leader, as after a day away (the page opened again): the
      // marker follows its last move, and only what came after is marked new.
      const leaderPage = pageOf(leader);
      await leaderPage.reload();
      await leaderPage.locator('[data-move-log]').waitFor({ timeout: 10_000 });
      const moves = before[leader]!.moves;
      const own = moves.reduce((last, m, i) => (m.seat === leader ? i : last), -1);
      const log = leaderPage.locator('[data-move-log]');
      if (leader !== 0)
        expect(await log.evaluate((d) => (d as unknown as { open: boolean }).open), 'the log is open on a desktop when something is new').toBe(true);
      const lines = await log.locator('li').evaluateAll((items) =>
        items.map((li) => ({
          moves: li.getAttribute('data-log-moves'),
          marker: li.hasAttribute('data-since-last-move'),
          isNew: li.hasAttribute('data-new-entry'),
          text: li.textContent ?? '',
          cards: li.querySelectorAll('[data-card]').length,
        })),
      );
      const marker = lines.findIndex((line) => line.marker);
      expect(marker, 'the marker "since your last move"').toBeGreaterThan(0);
      expect(lines[marker]!.text).toBe(langs[leader] === 'de' ? 'seit deinem letzten Zug' : 'since your last move');
      expect(lines[marker - 1]!.moves?.split(' ').map(Number), 'the line before the marker tells the own last move').toContain(own);
      const newMoves = lines.filter((line) => line.isNew).flatMap((line) => line.moves!.split(' ').map(Number));
      expect(newMoves, 'the moves marked new are those after the own last move').toEqual(moves.map((_, i) => i).filter((i) => i > own));
      // R7.10 (trickHistory "last"): trick 1's cards are gone from the view; the log says who took it.
      const first = lines.find(
        (line) =>
          line.moves !== null &&
          line.moves
            .split(' ')
            .map(Number)
            .includes(moves.findIndex((m) => m.type === 'play')),
      )!;
      const firstWinner = NAMES[before[leader]!.trickWinners[0]!]!;
      expect(first.text, 'trick 1 in the log').toBe(langs[leader] === 'de' ? `1. Stich: geht an ${firstWinner}` : `Trick 1: won by ${firstWinner}`);
      expect(first.cards, 'no card of trick 1 in the log').toBe(0);
      await syncPages(table);

      // Each player has scrolled down, to the score sheet below the table; the last card is clicked on the page of the seat on turn.
      for (const { page } of players) await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 1e6));
      const card = before[turn]!.legalActions.find((a) => a.type === 'play') as { card: string };
      await clickVisible(pageOf(turn), `[data-hand] [data-action="play"][data-card="${card.card}"]`);
      await expect
        .poll(async () => (await records(created.tableId, created.seats[0]!.token)).length, { message: 'the game recorded' })
        .toBe(gameNumber * 2);
      const final = (await records(created.tableId, created.seats[0]!.token)).at(-1)!;
      expect(final.gameNumber).toBe(gameNumber);
      const result = final.result as { kind: 'contract'; won: boolean; declarerTricks: number };
      const declarer = final.declarer!;
      for (const { page, seat } of players) {
        const where = `game ${gameNumber}, seat ${seat} (${langs[seat]})`;
        const end = page.locator(`[data-summary][data-deal-index="${final.dealIndex}"]`);
        await expect
          .poll(() => end.locator('[data-result]').isVisible(), { timeout: SHOWN_WITHIN_MS, message: `${where}: the result banner` })
          .toBe(true);
        await expect
          .poll(() => inViewport(page, '[data-result]'), { timeout: 3_000, message: `${where}: the banner inside the viewport` })
          .toBe(true);
        // The "an open settlement hides half the current trick": the finished game's last
        // trick, its banner and the button that moves on cover nothing and are covered by nothing.
        expect(await overlaps(page, ['[data-finished-trick]', '[data-result]', '[data-next-game]']), `${where}: nothing covered`).toEqual([]);
        const banner = (await end.locator('[data-result]').textContent())!;
        expect(await end.locator('[data-result]').getAttribute('data-result'), where).toBe(result.won ? 'won' : 'lost');
        expect(banner, `${where}: the banner names the declarer`).toContain(NAMES[declarer]);
        expect(banner, `${where}: the banner gives the tricks`).toContain(String(result.declarerTricks));
        expect(banner, `${where}: won or lost`).toMatch(langs[seat] === 'de' ? /gewonnen|verloren/ : /\b(won|lost)\b/);
        // The arithmetic: tricks × stake × 2^(doubles + kontra + re) per defender, and the pot; the record's settlement.
        const figures = end.locator('[data-arithmetic]');
        const figure = async (name: string) => Number(await figures.getAttribute(name));
        const perDefender = await figure('data-figure-per-defender');
        expect(banner, `${where}: the banner gives the payment`).toContain(String(perDefender));
        expect(await figure('data-figure-multiplier'), `${where}: the multiplier`).toBe(final.multiplier);
        expect(perDefender, `${where}: tricks × stake × multiplier`).toBe(
          (await figure('data-figure-tricks-paid')) * (await figure('data-figure-unit')) * final.multiplier,
        );
        const tricksPaid = await figure('data-figure-tricks-paid');
        const unit = await figure('data-figure-unit');
        expect(await figures.textContent(), `${where}: the arithmetic as shown`).toContain(`${tricksPaid} `);
        expect(await figures.textContent(), `${where}: the arithmetic as shown`).toContain(`× ${unit} × ${final.multiplier} = ${perDefender}`);
        const sign = result.won ? 1 : -1;
        const potToDeclarer = await figure('data-figure-pot-to-declarer');
        const potToEach = await figure('data-figure-pot-to-each-defender');
        const expected = SEATS.map((s) => (s === declarer ? 2 * sign * perDefender + potToDeclarer : potToEach - sign * perDefender));
        expect(expected, `${where}: the arithmetic gives the record's payments`).toEqual(final.settlement.payments);
        expect(-potToDeclarer - 2 * potToEach + 0, `${where}: and its pot`).toBe(final.settlement.pot);
        expect(potToDeclarer, `${where}: a won game takes the pot`).toBe(result.won ? final.potBefore : 0);
        const shownPayments = await end.locator('[data-payment]').allTextContents();
        expect(shownPayments, `${where}: the payments`).toEqual([...final.settlement.payments, final.settlement.pot].map(signed));
        const next = end.locator('[data-next-game]');
        expect(await next.textContent(), `${where}: the button`).toBe(
          gameNumber === 2
            ? langs[seat] === 'de'
              ? 'Zum Endstand'
              : 'Final standings'
            : langs[seat] === 'de'
              ? 'Weiter zum nächsten Spiel'
              : 'Next game',
        );
        // The score sheet: a row per finished deal, as recorded.
        const all = await records(created.tableId, created.seats[0]!.token);
        const rows = page.locator('[data-score-row]');
        await expect.poll(() => rows.count(), { message: `${where}: score sheet rows` }).toBe(all.length);
        for (const [i, game] of all.entries()) {
          const row = rows.nth(i);
          expect(await row.getAttribute('data-score-row'), `${where}: row ${i}`).toBe(String(game.dealIndex));
          const cells = await row.locator('[data-score-payment]').evaluateAll((tds) => tds.map((td) => td.firstChild?.textContent ?? ''));
          expect(cells, `${where}: row ${i}'s payments and pot`).toEqual([...game.settlement.payments, game.settlement.pot].map(signed));
          expect(await row.locator('[data-score-declarer]').getAttribute('data-score-declarer'), `${where}: row ${i}'s declarer`).toBe(
            game.declarer === null || game.result.kind === 'allPass' ? '' : String(game.declarer),
          );
        }
      }

      if (gameNumber === 1) {
        // Next game: the result goes, the next game's table and hand come.
        for (const { page, seat } of players) {
          await clickVisible(page, '[data-next-game]');
          await expect.poll(() => page.locator('[data-result]').count(), { message: `seat ${seat}: the result put away` }).toBe(0);
          expect(await page.locator('[data-trick]').isVisible(), `seat ${seat}: the trick area`).toBe(true);
          const { hooked, table: shown } = await snapshotOf(page);
          expect(shown?.gameNumber, `seat ${seat}: game 2`).toBe('2');
          expect(hooked.filter((h) => h.inHand && h.visible).length, `seat ${seat}: the packet of game 2 (R3.1)`).toBe(3);
        }
      }
    }

    // The series is over: the final standings, ranked, the pot paid back included (R5.3).
    const last = (await views())[0]!;
    expect(last.seriesOver).toBe(true);
    for (const { page, seat } of players) {
      await clickVisible(page, '[data-next-game]');
      const standings = page.locator('[data-series-over]');
      await expect.poll(() => standings.isVisible(), { message: `seat ${seat}: the final standings` }).toBe(true);
      const shown = await standings.locator('[data-standing]').evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-standing'))));
      const ranked = SEATS.slice().sort((a, b) => last.seats[b]!.balance - last.seats[a]!.balance);
      expect(shown, `seat ${seat}: ranked by balance`).toEqual(ranked);
      const balances = await standings.locator('[data-standing-balance]').allTextContents();
      expect(balances, `seat ${seat}: the balances`).toEqual(ranked.map((s) => signed(last.seats[s]!.balance)));
    }
    expectNoProblems(players.map((p) => p.page));
  },
);
