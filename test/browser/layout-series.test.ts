/**
 * Issue 25, acceptance: nothing covers anything a player reads or taps, on every page size
 * the app supports, over a whole series with long names, in both languages. Four pages
 * (360×640 and 1280×800 in German, whose words are the longer, 390×844 and 1920×1080 in
 * English: each size once, each language on a phone and a desktop, the seats in turn) follow
 * one table through three games: a redeal, doubles, bids, a kontra and re and all ten tricks
 * of a numbered game, then a Bettel and a Mord (each over at the trick that decides it), each
 * game's result and the final standings. `overlaps()` (layout.ts) looks at each page, with the
 * regions a player reads added (the status line, the game's facts, the move log, the score
 * sheet, a game's result), whenever the page shows a state of a kind it has not shown yet in
 * that game (its phase, whether a move is owed there, the cards on the trick, how far the game
 * is, a kontra, the end), and after a game's result is left; no page scrolls sideways.
 * Every size in both languages is layout.test's, in each phase of a game: here the states a
 * series goes through, each re-rendering a page costs, on four pages rather than eight.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { overlaps } from './layout.js';
import {
  actThroughApi,
  contextIn,
  createTable,
  expectNoProblems,
  LONG_NAMES,
  LONG_TABLE_NAME,
  offeredAction,
  openAt,
  PAGE_SIZES,
  readView,
  shuffledDeal,
  SEATS,
  useChromium,
  waitForVersion,
  type Seat,
  type View,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

/** Each size once, German on the narrower phone and desktop. */
const PAGES = PAGE_SIZES.map((size, i) => ({ size, lang: (['de', 'en'] as const)[i % 2]!, seat: SEATS[i % 3]! }));

/** What a player reads besides the regions of layout.ts: nothing may cover these either, nor they one another. */
const READ = ['.status-bar', '.facts', '[data-move-log]', '[data-score-sheet]', '[data-summary]', '[data-series-over]'];

/**
 * The series' moves: seat 0 doubles; in the first game everybody passes (a redeal); then the
 * first word of each auction is a bid, the next seat raises once and everybody else passes; the
 * first two cards go; game 1 is the lowest contract, played out with a kontra by the first
 * defender and re, game 2 a Bettel, game 3 a Mord (each ends at the trick that decides it);
 * otherwise the first card allowed.
 */
function moveOf(view: View, seat: Seat): Record<string, unknown> | null {
  const pick = (type: string, where?: (a: Record<string, unknown>) => boolean) => offeredAction(view, type, where);
  if (view.phase === 'doubling') return pick('double', (a) => a.double === (seat === 0)) ?? null;
  if (view.phase === 'auction') {
    const bids = view.history.filter((h) => h.type === 'bid').length;
    if (view.gameNumber === 1 && view.redeal === 0) return pick('pass') ?? null;
    return (
      (bids === 0 ? pick('bid', (a) => a.bid === '6') : bids === 1 ? pick('bid', (a) => a.bid === '7') : undefined) ??
      pick('pass') ??
      pick('hold') ??
      null
    );
  }
  if (view.phase === 'discard' && pick('discard')) return { type: 'discard', cards: view.hand!.slice(0, 2) };
  if (view.phase === 'declare') {
    const contract = ({ 2: 'bettel', 3: 'mord' } as Record<number, string>)[view.gameNumber];
    return (contract === undefined ? undefined : pick('declare', (a) => a.contract === contract)) ?? pick('declare') ?? null;
  }
  if (view.phase === 'play' && view.gameNumber === 1) {
    const kontra = pick('kontra');
    if (kontra !== undefined && view.kontra === null) return kontra;
    const re = pick('re', (a) => a.re !== false);
    if (re !== undefined) return re;
  }
  const owed = view.legalActions.filter((a) => a.type !== 'kontra' && a.type !== 'discard');
  return (owed[0] as Record<string, unknown> | undefined) ?? null;
}

/**
 * What a page shows, in kind: a page is looked at when it shows a kind it has not shown yet.
 * The game's content only grows within a game (the move log, every trick with trickHistory
 * "all"), so how far the game is counts too.
 */
const kindOf = (view: View): string =>
  [
    view.gameNumber,
    view.redeal,
    view.phase,
    view.legalActions.some((a) => a.type !== 'kontra') ? 'owes' : 'waits',
    `trick ${view.trick.length}`,
    `tricks ${Math.ceil(view.trickWinners.length / 5)}`,
    view.kontra === null ? '' : 'kontra',
    view.seriesOver ? 'over' : '',
  ].join('/');

it('over a whole series, at 360×640 and 1280×800 in German, 390×844 and 1920×1080 in English, long names: nothing covers anything read or tapped', async () => {
  const deals = [2531, 2532, 2533, 2534, 2535].map(shuffledDeal);
  const table = await createTable(base, {
    name: LONG_TABLE_NAME,
    seats: LONG_NAMES.map((name) => ({ name })),
    options: { games: 3, allPass: 'pot', maxRedeals: 1, trickHistory: 'all', knock: true, moveDeadlineHours: 48 },
    deals,
  });
  const pages: { page: Page; label: string; seat: Seat }[] = [];
  for (const { size, lang, seat } of PAGES) {
    const context = await contextIn(chromium, size.kind, lang);
    const label = `seat ${seat} at ${size.width}×${size.height} (${lang})`;
    pages.push({ page: await openAt(context, table.seats[seat]!.url, label, size, '[data-table][data-connection="live"]'), label, seat });
  }

  const found = new Set<string>();
  const shown = pages.map(() => new Set<string>());
  const look = async ({ page, label }: { page: Page; label: string }, when: string) => {
    const problems = await overlaps(page, READ);
    for (const problem of problems) found.add(`${label}, ${when}: ${problem}`);
    // LAYOUT_SHOTS=<dir>: a picture of each page where something was found, to see it.
    if (problems.length > 0 && process.env.LAYOUT_SHOTS)
      await page.screenshot({ path: `${process.env.LAYOUT_SHOTS}/${`${label} ${when}`.replace(/\W+/g, '-')}.png` });
    const sideways = await page.evaluate(() => {
      const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
      return w.document.documentElement.scrollWidth - w.innerWidth;
    });
    if (sideways > 0) found.add(`${label}, ${when}: the page scrolls sideways by ${sideways} px`);
  };

  let moves = 0;
  let looks = 0;
  const contracts = new Set<string>();
  for (; moves < 400; moves++) {
    const views = await Promise.all(SEATS.map((seat) => readView(base, table.tableId, table.seats[seat]!.token)));
    await Promise.all(pages.map(({ page }) => waitForVersion(page, views[0]!.version)));
    const when = `game ${views[0]!.gameNumber}${views[0]!.redeal > 0 ? ` (redeal)` : ''}, ${views[0]!.phase}, version ${views[0]!.version}`;
    if (views[0]!.contract !== null) contracts.add(views[0]!.contract);
    for (const [i, entry] of pages.entries()) {
      const kind = kindOf(views[entry.seat]!);
      if (shown[i]!.has(kind)) continue;
      shown[i]!.add(kind);
      await look(entry, when);
      looks++;
    }
    // A page showing a game's result: its player reads it (looked at above) and moves on.
    for (const entry of pages) {
      const next = entry.page.locator('[data-next-game]');
      if (await next.isVisible()) {
        await next.click();
        await look(entry, `${when}, after moving on`);
      }
    }
    if (views[0]!.seriesOver) break;
    const seat = SEATS.find((s) => moveOf(views[s]!, s) !== null);
    if (seat === undefined) throw new Error(`no seat has a move at ${when}`);
    await actThroughApi(base, table.tableId, table.seats[seat]!.token, { ...moveOf(views[seat]!, seat)!, version: views[seat]!.version });
  }
  const end = await readView(base, table.tableId, table.spectator.token);
  expect(end.seriesOver, `the series ended within ${moves} moves`).toBe(true);
  expect([...contracts].sort(), 'a numbered game, a Bettel and a Mord').toEqual(['7', 'bettel', 'mord']);
  // Most states were looked at on every page: fewer looks than moves times pages, but not few.
  expect(looks, `looks over ${moves} moves`).toBeGreaterThan(PAGES.length * 25);
  expect([...found]).toEqual([]);
  expectNoProblems(pages.map((p) => p.page));
}, 900_000);
