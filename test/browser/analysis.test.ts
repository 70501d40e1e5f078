/**
 * Issue 12, "Analysis after a game": a game with a fixed deal is played through the API, one
 * card of it a mistake the solver knows the price of; its replay page marks that card with
 * the tricks it cost and the best card instead, checks every perfect card, and its summary
 * says what the declarer could have made — in English and in German. The expected figures
 * come from the engine and the solver here, not from the page.
 */
import { expect, inject, it } from 'vitest';
import { LEVEL_BETTEL } from '../../shared/actions.js';
import { CARD_CODES, type CardCode } from '../../shared/cards.js';
import { applyAction, legalActions, newGame, type GameState } from '../../shared/game.js';
import { validateOptions } from '../../shared/options.js';
import { recordOf } from '../../shared/record.js';
import { evaluatePlays, solve } from '../../shared/solver/index.js';
import { cardName } from '../../web/src/cards/names.js';
import {
  actThroughApi,
  createTable,
  expectNoProblems,
  openPage,
  openPrefsMenu,
  playThroughApi,
  readView,
  shuffledDeal,
  useChromium,
  type Seat,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const wantsMore = (game: GameState, seat: Seat): boolean => (seat === game.declarer) !== (game.contract === LEVEL_BETTEL);

interface Mistake {
  readonly card: CardCode;
  /** Its index among the record's actions. */
  readonly actionIndex: number;
  /** What the solver says it cost (tricks) and the cards that were best instead. */
  readonly cost: number;
  readonly best: readonly CardCode[];
}

/**
 * The seat to act and what it does: nobody doubles or bids (a forced game), the first discard
 * and contract, the solver's best card — but the first card that can cost a trick is the worst one.
 */
function nextMove(
  game: GameState,
  mistakeMade: boolean,
): { seat: Seat; action: Record<string, unknown>; mistake: Omit<Mistake, 'actionIndex'> | null } {
  if (game.phase === 'doubling') {
    const seat = ([0, 1, 2] as Seat[]).find((s) => (game.decided & (1 << s)) === 0)!;
    return { seat, action: { type: 'double', double: false }, mistake: null };
  }
  const seat = game.turn as Seat;
  if (game.phase !== 'play') {
    const legal = legalActions(game, seat).filter((a) => a.type !== 'kontra');
    return { seat, action: { ...(legal.find((a) => a.type === 'pass') ?? legal[0]!) }, mistake: null };
  }
  const plays = evaluatePlays(game);
  const more = wantsMore(game, seat);
  const better = (a: number, b: number) => (more ? a > b : a < b);
  const best = plays.reduce((a, b) => (better(b.declarerTricks, a.declarerTricks) ? b : a));
  const worst = plays.reduce((a, b) => (better(a.declarerTricks, b.declarerTricks) ? b : a));
  if (mistakeMade || worst.declarerTricks === best.declarerTricks)
    return { seat, action: { type: 'play', card: CARD_CODES[best.card]! }, mistake: null };
  const card = CARD_CODES[worst.card]!;
  const bestCards = plays.filter((p) => p.declarerTricks === best.declarerTricks).map((p) => CARD_CODES[p.card]!);
  return { seat, action: { type: 'play', card }, mistake: { card, cost: Math.abs(best.declarerTricks - worst.declarerTricks), best: bestCards } };
}

it('the replay marks a mistake with its cost and the best card, and the summary says what the declarer could have made (en, de)', async () => {
  const deal = shuffledDeal(1212);
  const table = await createTable(base, { name: 'analysis', deals: [deal], seats: [{ name: 'Sepp' }, { name: 'Vroni' }, { name: 'Xaver' }] });
  const first = await readView(base, table.tableId, table.seats[0]!.token);
  let game = newGame(must(validateOptions(first.options)), deal, first.dealer);
  let mistake: Mistake | null = null;
  let perfectTricks: number | null = null;
  for (let actionIndex = 0; game.phase !== 'finished'; actionIndex++) {
    if (game.phase === 'play' && perfectTricks === null) perfectTricks = solve(game);
    const move = nextMove(game, mistake !== null);
    if (move.mistake) mistake = { ...move.mistake, actionIndex };
    game = must(applyAction(game, move.seat, move.action));
    await actThroughApi(base, table.tableId, table.seats[move.seat]!.token, move.action);
  }
  if (mistake === null || perfectTricks === null) throw new Error('the deal needs a card that can cost a trick');

  const context = await chromium.context('desktop');
  const page = await openPage(context, `${base}/t/${table.tableId}/replay/0#${table.seats[0]!.token}`, 'replay');
  await page.locator('[data-step="next"]').waitFor();
  // The analysis runs after the page is shown: the controls answer while it works.
  for (let step = 0; step <= mistake.actionIndex; step++) await page.locator('[data-step="next"]').click();
  const mark = page.locator(`.replay-trick .played:has([data-card="${mistake.card}"]) [data-card-cost]`);
  await expect.poll(() => mark.getAttribute('data-card-cost'), { timeout: 20_000 }).toBe(String(mistake.cost));
  // Issue 25: the card marked with its cost stands in line with the other cards of its trick (its mark, two lines long, pushes none).
  const inTrick = () => page.locator('.replay-trick .played').count();
  while ((await inTrick()) < 3) await page.locator('[data-step="next"]').click();
  const tops = await page
    .locator('.replay-trick .played > [data-card]')
    .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(new Set(tops).size, `the tops of the trick's three cards: ${tops.join(', ')}`).toBe(1);
  const bestNames = (lang: 'en' | 'de') => mistake.best.map((code) => cardName(code, 'bavarian', lang)).join(', ');
  const tricks = (n: number, lang: 'en' | 'de') => (lang === 'en' ? (n === 1 ? 'trick' : 'tricks') : n === 1 ? 'Stich' : 'Stiche');
  expect(await mark.textContent()).toBe(`−${mistake.cost} ${tricks(mistake.cost, 'en')}; best: ${bestNames('en')}`);
  // Every other card was the solver's best: stepping on to the end, each shows a check and cost 0.
  await page.locator('[data-analysis="running"]').waitFor({ state: 'detached', timeout: 20_000 });
  const costs = new Map<string, string | null>();
  for (;;) {
    for (const played of await page.locator('.replay-trick .played').all()) {
      const code = await played.locator('[data-card]').getAttribute('data-card');
      costs.set(code!, await played.locator('[data-card-cost]').getAttribute('data-card-cost'));
    }
    if (!(await page.locator('[data-step="next"]').isEnabled())) break;
    await page.locator('[data-step="next"]').click();
  }
  const played = recordOf(game).actions.filter(({ action }) => action.type === 'play');
  expect(costs.size).toBe(played.length);
  expect([...costs].filter(([code]) => code !== mistake.card).every(([, cost]) => cost === '0')).toBe(true);
  expect(await page.locator('.replay-trick .card-cost.perfect').first().getAttribute('aria-label')).toBe('best card');

  const line = page.locator('[data-summary] [data-perfect-tricks]');
  await expect.poll(() => line.getAttribute('data-perfect-tricks'), { timeout: 20_000 }).toBe(String(perfectTricks));
  const n = perfectTricks;
  expect(await line.textContent()).toContain(`The declarer could have made ${n} ${tricks(n, 'en')}.`);

  await openPrefsMenu(page);
  await page.locator('button[data-lang="de"]').click();
  await expect.poll(() => line.textContent()).toContain(`Der Spieler hätte ${n} ${tricks(n, 'de')} machen können.`);
  // The summary lists the one mistake; its button brings the replay back to that card.
  const shows = page.locator('[data-summary] [data-show-step]');
  expect(await shows.count()).toBe(1);
  expect(await page.locator('[data-summary] .analysis-mistakes [data-card-cost]').getAttribute('data-card-cost')).toBe(String(mistake.cost));
  await shows.click();
  await expect.poll(() => page.getAttribute('.replay', 'data-replay-step')).toBe(String(mistake.actionIndex + 1));
  expect(await mark.textContent()).toBe(`−${mistake.cost} ${tricks(mistake.cost, 'de')}; besser: ${bestNames('de')}`);
  expectNoProblems([page]);
  await context.close();
});

it('the replay (issue 25): its marks are explained from the first step; kontra and re stand apart from the auction; its end shows no hand played out and no link to itself', async () => {
  const table = await createTable(base, { name: 'replay kontra', options: { games: 1, doubling: false }, deals: [shuffledDeal(2571)] });
  await playThroughApi(base, table, (views) => views[0]!.phase === 'play');
  const declarer = (await readView(base, table.tableId, table.spectator.token)).declarer as Seat;
  await actThroughApi(base, table.tableId, table.seats[((declarer + 1) % 3) as Seat]!.token, { type: 'kontra' });
  await actThroughApi(base, table.tableId, table.seats[declarer]!.token, { type: 're' });
  await playThroughApi(base, table, (views) => views[0]!.seriesOver);

  const context = await chromium.context('desktop');
  const path = `/t/${table.tableId}/replay/0`;
  const page = await openPage(context, `${base}${path}#${table.seats[0]!.token}`, 'replay');
  await page.locator('[data-step="next"]').click();
  const legend = page.locator('[data-analysis-legend]');
  await legend.waitFor({ timeout: 10_000 });
  expect(await legend.textContent()).toMatch(/^✓ by a card: a best card\. −n tricks: what the card cost its side/);

  await page.locator('[data-step="end"]').click();
  await page.locator('[data-summary]').waitFor();
  const kontra = page.locator('[data-history-part="kontra"]');
  expect(await kontra.locator('h3').textContent()).toBe('Kontra and Re');
  expect(await kontra.locator('li').allTextContents()).toEqual([expect.stringMatching(/: Kontra$/), expect.stringMatching(/: Re$/)]);
  expect(await page.locator('[data-history-part="auction"]').textContent()).not.toMatch(/Kontra|: Re/);
  const rows = await page.locator('.replay-hands li').evaluateAll((items) => items.map((li) => li.querySelectorAll('[data-card]').length));
  expect(
    rows.filter((cards) => cards === 0),
    'a row of a hand played out',
  ).toEqual([]);
  expect(await page.locator(`a[href^="${path}"]`).count(), 'a link to this replay').toBe(0);
  expect(await legend.isVisible(), 'the legend at the last step too').toBe(true);
  expectNoProblems([page]);
  await context.close();
});
