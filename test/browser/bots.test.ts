/**
 * Issue 12: a table with one person and two strong bots, made with the create form, is played
 * to the end of its series by clicks on the person's page alone; the bots' moves arrive by
 * themselves (the table's alarm, worker/table/bot-seats.ts). The API is only read.
 */
import { expect, inject, it } from 'vitest';
import {
  clickOne,
  expectNoProblems,
  newDriver,
  openPage,
  partsOfLink,
  type Player,
  readView,
  SHOWN_WITHIN_MS,
  useChromium,
  waitForVersion,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

it('one person plays a series against two strong bots by clicks; the bots move by themselves', async () => {
  const creator = await chromium.context('desktop');
  const home = await openPage(creator, `${base}/`, 'create page');
  const form = home.locator('form[data-form="create"]');
  await form.waitFor({ timeout: 10_000 });
  await form.locator('input[name="seat0"]').fill('Anna');
  for (const seat of [1, 2]) {
    await form.locator(`select[data-seat-kind="${seat}"]`).selectOption('strong');
    // A bot reads no mail: its seat has no address field.
    await expect.poll(() => form.locator(`input[name="email${seat}"]`).count(), { message: `seat ${seat}: no mail field` }).toBe(0);
  }
  expect(await form.locator('input[name="email0"]').count(), "the person's mail field").toBe(1);
  await form.locator('input[name="games"]').fill('1');
  await form.locator('button[type="submit"][data-create]').click();

  // The share screen says which links are the bots' (they only watch).
  const link = await home.locator('a[data-seat-link="0"]').getAttribute('href', { timeout: 10_000 });
  const shareText = await home.locator('.share-links').textContent();
  expect(shareText, 'the share screen names the bots').toMatch(
    /Strong bot: plays by itself; this link only watches[\s\S]*Strong bot: plays by itself/,
  );
  const { tableId, token } = partsOfLink(link!);
  const created = await readView(base, tableId, token);
  expect(
    created.seats.map((s) => (s as { botLevel?: string | null }).botLevel),
    'the view: who plays each seat',
  ).toEqual([null, 'strong', 'strong']);

  const page = await openPage(await chromium.context('desktop'), link!, 'the person (seat 0)');
  const person: Player = { page, seat: 0, token };
  await expect
    .poll(() => page.locator('[data-seat-panel="1"] [data-bot="strong"]').isVisible(), { message: 'seat 1 badged a strong bot' })
    .toBe(true);

  const driver = newDriver();
  let view = await readView(base, tableId, token);
  let clicks = 0;
  let botMoves = 0;
  while (!view.seriesOver) {
    expect(clicks + botMoves, 'a one-game series takes fewer moves').toBeLessThan(150);
    await waitForVersion(page, view.version);
    const owes = view.legalActions.some((a) => a.type !== 'kontra');
    if (owes) {
      let clicked = null;
      for (const deadline = Date.now() + 3_000; clicked === null && Date.now() < deadline;) {
        clicked = await clickOne([person], driver);
        if (clicked === null) await sleep(100);
      }
      expect(clicked, `the person's page offers a control at version ${view.version}`).not.toBeNull();
      clicks++;
    }
    // The person's click, or a bot's move by itself: the version moves on either way.
    const before = view.version;
    for (const deadline = Date.now() + 10_000; view.version === before && Date.now() < deadline;) {
      await sleep(50);
      view = await readView(base, tableId, token);
    }
    expect(view.version, `the table moved on from version ${before} (${owes ? 'after a click' : 'by a bot'})`).toBeGreaterThan(before);
    if (!owes) botMoves += view.version - before;
  }
  expect(clicks, 'the person clicked').toBeGreaterThan(0);
  expect(botMoves, 'the bots moved by themselves').toBeGreaterThan(0);
  await expect.poll(() => page.locator('[data-series-over]').isVisible(), { timeout: SHOWN_WITHIN_MS, message: '[data-series-over]' }).toBe(true);
  expectNoProblems([home, page]);
});
