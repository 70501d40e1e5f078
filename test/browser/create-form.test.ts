/**
 * The create form on a phone (390×844): up front only the table's name, the players and the
 * number of games, so the create button is near (the form at most 1,000 px high, against
 * about 2,300 with every rule unfolded); the house rules folded under "More rules", whose
 * summary names the server's defaults (DEFAULT_OPTIONS) in words and then what was chosen;
 * the games help following the number typed, the first dealer listing the typed names, the
 * reminder field saying "Move deadline … hours", and the table page saying it in the same
 * words ("Move deadline 24 hours"). That the options under "More rules" still
 * reach the server: create-options.test.ts.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../shared/options.js';
import { rulesSummary, type SummarizedOptions } from '../../web/src/create/rules-summary.js';
import { createTranslator } from '../../web/src/create/texts.js';
import { expectNoProblems, openPage, openPrefsMenu, useChromium } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

/** The form's height and the create button's bottom edge below the form's top, in CSS pixels. */
async function formExtent(page: Page): Promise<{ height: number; buttonBottom: number }> {
  const form = (await page.locator('form[data-form="create"]').boundingBox())!;
  const button = (await page.locator('button[data-create]').boundingBox())!;
  return { height: Math.round(form.height), buttonBottom: Math.round(button.y + button.height - form.y) };
}

it('the create form on a phone: the rules folded under a summary of the defaults, the button within 1,000 px', async () => {
  const context = await chromium.context('phone');
  const page = await openPage(context, `${base}/`, 'create page');
  await page.setViewportSize({ width: 390, height: 844 });
  const form = page.locator('form[data-form="create"]');
  await form.waitFor({ timeout: 10_000 });
  const details = form.locator('details[data-more-rules]');
  expect(await details.evaluate((d) => (d as unknown as { open: boolean }).open), 'the rules start folded').toBe(false);
  for (const name of ['tableName', 'seat0', 'email0', 'seat2', 'email2', 'games'])
    expect(await form.locator(`input[name="${name}"]`).isVisible(), `${name} is up front`).toBe(true);
  for (const name of ['doubling', 'stakePerTrick', 'moveDeadlineHours', 'vacationHours'])
    expect(await form.locator(`input[name="${name}"]`).isVisible(), `${name} is folded away`).toBe(false);

  const folded = await formExtent(page);
  expect(folded.height, 'the form with the rules folded (px)').toBeLessThanOrEqual(1000);
  expect(folded.buttonBottom, 'the create button, below the form top (px)').toBeLessThanOrEqual(1000);

  // The summary: the server's defaults in words (made from DEFAULT_OPTIONS, as the page does).
  const summary = details.locator('[data-rules-summary]');
  const en = createTranslator('en');
  const defaults: SummarizedOptions = { ...DEFAULT_OPTIONS, moveDeadlineHours: null };
  const players = ['Player 1', 'Player 2', 'Player 3'];
  expect(await summary.textContent()).toBe(rulesSummary(en, defaults, defaults, players));
  const text = (await summary.textContent())!;
  for (const words of [
    'Defaults: doubling on',
    'Kontra and Re on',
    'ten-trick bid off',
    'forced game when all pass',
    'stake 1 per trick',
    'Player 1 deals first',
  ])
    expect(text, 'the summary names the defaults').toContain(words);

  // The games help follows the number; the first dealer lists the typed names.
  const gamesHelp = form.locator('#games-help');
  expect(await gamesHelp.textContent()).toBe('Everyone deals once.');
  await form.locator('input[name="games"]').fill('6');
  await expect.poll(() => gamesHelp.textContent()).toBe('Everyone deals 2 times.');
  await form.locator('input[name="games"]').fill('1');
  await expect.poll(() => gamesHelp.textContent()).toBe('A single game: only the first dealer deals.');
  await form.locator('input[name="games"]').fill('4');
  await expect.poll(() => gamesHelp.textContent()).toBe('4 games: not everyone deals equally often (with 3, 6, 9, … games everyone does).');
  await form.locator('input[name="seat0"]').fill('Anni');
  await form.locator('input[name="seat2"]').fill('Xaver');
  const dealerChoices = () => form.locator('select[name="firstDealer"] option').allTextContents();
  await expect.poll(dealerChoices).toEqual(['Anni', 'Player 2', 'Xaver']);
  expect(await summary.textContent(), 'the first dealer by name').toContain('Anni deals first');

  // Unfolded: a rule changed shows in the summary, the reminder in words.
  await details.locator('summary').click();
  const unfolded = await formExtent(page);
  await form.locator('input[name="doubling"]').uncheck();
  await form.locator('input[name="moveDeadlineHours"]').fill('1');
  // With a deadline, what happens when it passes and the vacation each player has are said too; the chat comes last.
  await expect
    .poll(() => summary.textContent())
    .toMatch(/^Chosen: doubling off, .*move deadline 1 hour, then a bot moves, vacation 72 hours per player, chat on\.$/);
  await form.locator('input[name="chat"]').uncheck();
  await expect.poll(() => summary.textContent()).toMatch(/, chat off\.$/);
  const reminder = form.locator('input[name="moveDeadlineHours"]').locator('xpath=ancestor::label');
  const reminderWords = async () => (await reminder.textContent())!.replace(/\s+/g, ' ').trim();
  expect(await reminderWords()).toBe('Move deadline hour (optional)');
  await form.locator('input[name="moveDeadlineHours"]').fill('24');
  await expect.poll(reminderWords).toBe('Move deadline hours (optional)');
  expect(await summary.textContent()).toContain('move deadline 24 hours');

  // German: the same, in German.
  await openPrefsMenu(page);
  await page.locator('button[data-lang="de"]').click();
  await expect.poll(() => gamesHelp.textContent()).toBe('4 Spiele: nicht jeder gibt gleich oft (bei 3, 6, 9, … Spielen schon).');
  await form.locator('input[name="games"]').fill('6');
  await expect.poll(() => gamesHelp.textContent()).toBe('Jeder gibt 2-mal.');
  expect(await details.locator('summary .more-rules-title').textContent()).toBe('Weitere Regeln');
  expect(await summary.textContent()).toMatch(
    /^Gewählt: Doppeln aus, .*Anni gibt zuerst, Zugfrist 24 Stunden, danach zieht ein Bot, Urlaub 72 Stunden pro Spieler, Chat aus\.$/,
  );
  expect(await reminderWords()).toBe('Zugfrist Stunden (freiwillig)');

  console.info(
    `create form at 390×844: ${folded.height} px with the rules folded (button at ${folded.buttonBottom} px), ${unfolded.height} px unfolded`,
  );
  expectNoProblems([page]);
});

it('the reminder chosen on the form is named on the table page in the same words: "Move deadline 24 hours"', async () => {
  const context = await chromium.context('desktop');
  const home = await openPage(context, `${base}/`, 'create page');
  const form = home.locator('form[data-form="create"]');
  await form.locator('details[data-more-rules] > summary').click();
  await form.locator('input[name="moveDeadlineHours"]').fill('24');
  await form.locator('button[data-create]').click();
  const seatLink = (await home.locator('a[data-seat-link="0"]').getAttribute('href', { timeout: 10_000 }))!;

  const table = await openPage(context, seatLink, 'seat 0');
  const reminder = table.locator('[data-reminder-hours="24"]');
  await reminder.waitFor({ timeout: 10_000 });
  const words = async () => [await reminder.locator('dt').textContent(), await reminder.locator('dd').textContent()].join(' ');
  expect(await words()).toBe('Move deadline 24 hours');
  await openPrefsMenu(table);
  await table.locator('button[data-lang="de"]').click();
  await expect.poll(words).toBe('Zugfrist 24 Stunden');

  // Without a reminder nothing is said about one.
  await home.goto(`${base}/`);
  await form.locator('button[data-create]').click();
  const plainLink = (await home.locator('a[data-seat-link="0"]').getAttribute('href', { timeout: 10_000 }))!;
  const plain = await openPage(context, plainLink, 'seat 0 without reminder');
  await plain.locator('[data-table][data-seat="0"]').waitFor({ timeout: 10_000 });
  expect(await plain.locator('[data-reminder-hours]').count()).toBe(0);
  expectNoProblems([home, table, plain]);
});

it('choosing a bot moves nothing of its row; the help of "When everybody passes" explains both choices (issue 25)', async () => {
  for (const [kind, width] of [
    ['desktop', 1280],
    ['phone', 360],
  ] as const) {
    const context = await chromium.context(kind);
    const page = await openPage(context, `${base}/`, `create page at ${width} px`);
    await page.setViewportSize({ width, height: 800 });
    const form = page.locator('form[data-form="create"]');
    await form.waitFor({ timeout: 10_000 });
    const boxes = async () =>
      Promise.all(
        [0, 1, 2].map(async (i) => [
          await form.locator(`input[name="seat${i}"]`).boundingBox(),
          await form.locator(`select[data-seat-kind="${i}"]`).boundingBox(),
        ]),
      );
    const before = await boxes();
    await form.locator('select[data-seat-kind="1"]').selectOption('strong');
    expect(await form.locator('input[name="email1"]').count(), "a bot's row has no mail field").toBe(0);
    const after = await boxes();
    expect(after[1], 'the name and the choice of the row with the bot stay where they were').toEqual(before[1]);
    expect(after[0]).toEqual(before[0]);

    await form.locator('details[data-more-rules] > summary').click();
    const help = await form.locator('#allPass-help').textContent();
    expect(help).toMatch(/^Forced game: forehand must then play and take at least 6 tricks\. Pot: nobody has to play;/);
    expectNoProblems([page]);
  }
});
