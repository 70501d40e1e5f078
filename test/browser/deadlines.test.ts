/**
 * Issue 13, deadlines that act, in the browser: the create form's "When time runs out" and
 * "Vacation per seat" reach the table; a vacation taken on one seat's page shows on another
 * seat's page at once (and its end too); the forced-card opt-in in the ☰ menu has the seat's
 * only legal card played for it by the table after its delay, and its own move log says so,
 * in both languages, where another seat's view shows an ordinary card.
 */
import { expect, inject, it } from 'vitest';
import type { Deal } from '../../shared/deal.js';
import { FORCED_DELAY } from '../../worker/table/moves/forced-delay.js';
import {
  actThroughApi,
  createTable,
  expectNoProblems,
  openPage,
  openPrefsMenu,
  partsOfLink,
  readView,
  type Seat,
  SHOWN_WITHIN_MS,
  useChromium,
  waitForVersion,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

it("the form sets onTimeout and the vacation; a vacation taken on one page shows on another seat's page, and its early end too", async () => {
  const context = await chromium.context('desktop');
  const home = await openPage(context, `${base}/`, 'create page');
  const form = home.locator('form[data-form="create"]');
  await form.waitFor({ timeout: 10_000 });
  await form.locator('details[data-more-rules] > summary').click();
  await form.locator('input[name="moveDeadlineHours"]').fill('24');
  await form.locator('select[name="onTimeout"]').selectOption('wait');
  await form.locator('input[name="vacationHours"]').fill('10');
  await expect
    .poll(() => form.locator('[data-rules-summary]').textContent())
    .toMatch(/move deadline 24 hours, then the table waits, vacation 10 hours per player, chat on\.$/);
  await form.locator('button[data-create]').click();
  const links = await Promise.all(
    ([0, 1] as Seat[]).map((seat) => home.locator(`a[data-seat-link="${seat}"]`).getAttribute('href', { timeout: 10_000 })),
  );
  const { tableId, token } = partsOfLink(links[0]!);
  expect(await readView(base, tableId, token), 'the table as created').toMatchObject({ moveDeadlineHours: 24, onTimeout: 'wait', vacationHours: 10 });

  const own = await openPage(context, links[0]!, 'seat 0');
  const other = await openPage(await chromium.context('desktop'), links[1]!, 'seat 1');
  await other.locator('[data-seat-panel="0"]').waitFor({ timeout: 10_000 });
  expect(await other.locator('[data-vacation]').count(), 'nobody is away yet').toBe(0);
  // With "wait" the page does not say that a bot moves.
  expect(await own.locator('[data-timeout-bot]').count()).toBe(0);

  const control = own.locator('[data-vacation-control]');
  await control.locator('summary').click();
  expect(await control.locator('[data-vacation-left]').getAttribute('data-vacation-left')).toBe('10');
  await control.locator('input[data-vacation-hours]').fill('3');
  await control.locator('button[data-vacation-take]').click();
  await expect
    .poll(() => control.locator('[data-vacation-left]').getAttribute('data-vacation-left'), { message: 'hours left on the own page' })
    .toBe('7');

  // Seat 1 is told over its socket: seat 0's panel says until when it is away.
  const away = other.locator('[data-seat-panel="0"] [data-vacation="0"]');
  await away.waitFor({ timeout: SHOWN_WITHIN_MS });
  expect(await away.textContent()).toMatch(/^on vacation until /);
  const seats = (await readView(base, tableId, token)).seats as unknown as { vacationUntil: string | null }[];
  expect(Date.parse(seats[0]!.vacationUntil!) - Date.now()).toBeGreaterThan(3 * 3_600_000 - 60_000);

  // Back early: the 3 hours had not begun but the first, so 2 come back; seat 1 sees seat 0 back.
  await control.locator('button[data-vacation-end]').click();
  await expect.poll(() => control.locator('[data-vacation-left]').getAttribute('data-vacation-left')).toBe('9');
  await expect.poll(() => other.locator('[data-vacation]').count(), { message: 'seat 1 sees seat 0 back', timeout: SHOWN_WITHIN_MS }).toBe(0);
  expectNoProblems([home, own, other]);
});

/** Game 01 of test/engine/games: in trick 3 seat 2 leads EA; seat 0, void in E, holds one trump, H9 (R7.5: forced). */
const DEAL: Deal = {
  hands: [
    ['H9', 'H7', 'GU', 'G10', 'G9', 'SO', 'SU', 'S10', 'S9', 'S8'],
    ['HA', 'HK', 'HO', 'H10', 'H8', 'G8', 'SA', 'SK', 'E7', 'S7'],
    ['GA', 'GK', 'GO', 'EA', 'EK', 'EO', 'EU', 'E10', 'E9', 'E8'],
  ],
  stock: ['HU', 'G7'],
} as Deal;
const BEFORE_TRICK_THREE: [Seat, Record<string, unknown>][] = [
  [0, { type: 'double', double: false }],
  [1, { type: 'double', double: false }],
  [2, { type: 'double', double: false }],
  [1, { type: 'bid', bid: '6' }],
  [2, { type: 'bid', bid: '7' }],
  [1, { type: 'hold' }],
  [2, { type: 'pass' }],
  [0, { type: 'pass' }],
  [1, { type: 'discard', cards: ['E7', 'S7'] }],
  [1, { type: 'declare', contract: '7' }],
  [1, { type: 'play', card: 'HA' }],
  [2, { type: 'play', card: 'E8' }],
  [0, { type: 'play', card: 'H7' }],
  [1, { type: 'play', card: 'G7' }],
  [2, { type: 'play', card: 'GO' }],
  [0, { type: 'play', card: 'G9' }],
];

it('the forced-card opt-in in the ☰ menu: the only legal card is played for the seat, and its own move log says "automatic"', async () => {
  const createdAt = Date.now();
  const table = await createTable(base, { options: { games: 1, firstDealer: 0, moveDeadlineHours: 24 }, deals: [DEAL] });
  const token = (seat: Seat) => table.seats[seat]!.token;
  const page = await openPage(await chromium.context('phone'), table.seats[0]!.url, 'seat 0');
  // Doubling: seat 0 owes its decision, and the table would let the bot move for it at the deadline.
  await page.locator('[data-timeout-bot]').waitFor({ timeout: 10_000 });
  expect(await page.locator('[data-timeout-bot]').textContent()).toMatch(/^If you have not moved by .+, a bot moves for you\.$/);

  await openPrefsMenu(page);
  const optIn = page.locator('input[data-auto-forced]');
  expect(await optIn.isChecked(), 'off by default').toBe(false);
  // The help text beside it says that the card waits, and who sees it marked.
  expect(await page.locator('label:has(input[data-auto-forced])').getAttribute('title')).toMatch(/after a wait .* Only you see it marked/);
  await optIn.check();
  const autoForced = async () => ((await readView(base, table.tableId, token(0))) as unknown as { autoForced: boolean }).autoForced;
  await expect.poll(autoForced, { message: 'kept by the server' }).toBe(true);

  // The moves go through the API; seat 0 keeps its page open and does nothing more. The card
  // waits one of seat 0's own response times, times at most e^spread, at least the floor: at
  // most its slowest (its double, owed since the deal), each measured here from before the
  // move it answered was sent.
  let owedSince = createdAt;
  let slowest = 0;
  for (const [seat, action] of BEFORE_TRICK_THREE) {
    const sent = Date.now();
    await actThroughApi(base, table.tableId, token(seat), action);
    if (seat === 0) slowest = Math.max(slowest, Date.now() - owedSince);
    owedSince = sent;
  }
  await actThroughApi(base, table.tableId, token(2), { type: 'play', card: 'EA' });
  const latest = Math.max(FORCED_DELAY.floorMs, Math.ceil(slowest * Math.exp(FORCED_DELAY.spread)));
  await waitForVersion(page, BEFORE_TRICK_THREE.length + 2, latest + 10_000);
  // Only seat 0's view marks it.
  const h9 = { seat: 0, type: 'play', trick: 3, card: 'H9' };
  expect((await readView(base, table.tableId, token(0))).moves.at(-1), 'H9 played for seat 0, marked automatic').toEqual({ ...h9, auto: true });
  expect((await readView(base, table.tableId, token(1))).moves.at(-1), 'to seat 1 an ordinary card').toEqual(h9);

  const lastLine = page.locator('[data-move-log] li.move').last();
  await expect.poll(() => lastLine.textContent()).toMatch(/plays.*\(automatic\)$/);
  await openPrefsMenu(page);
  await page.locator('button[data-lang="de"]').click();
  await expect.poll(() => lastLine.textContent()).toMatch(/\(automatisch\)$/);
  expectNoProblems([page]);
});
