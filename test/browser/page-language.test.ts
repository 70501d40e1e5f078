/**
 * A seat's mails follow the page it plays on (issue 38, point 4; docs/api.md "The page's
 * language"): the page says which language it shows when it reads its view and opens its socket,
 * and again when the reader switches it on a seat's page (web/src/table/SeatSettings.tsx). Checked
 * through `lang` of GET …/notifications, the API's own answer; the mails themselves are
 * test/worker/mail-language.test.ts's.
 */
import { expect, inject, it } from 'vitest';
import { contextIn, createTable, expectNoProblems, openPage, readNotifications, SHOWN_WITHIN_MS, useChromium } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

it('a seat made English whose page shows German: its mails are German; switched to English on its page, English', async () => {
  // The creator's page was English: the seat was given "en".
  const body = { name: 'Sprache', seats: [{ name: 'Vroni', lang: 'en' }, { name: 'Sepp' }, { name: 'Resi' }] };
  const created = await createTable(base, body);
  const seat = created.seats[0]!;
  const mailLanguage = async () => ((await readNotifications(base, created.tableId, seat.token)) as unknown as { lang: string | null }).lang;
  expect(await mailLanguage()).toBe('en');

  const page = await openPage(await contextIn(chromium, 'desktop', 'de'), seat.url, 'seat 0 in German');
  await expect.poll(mailLanguage, { timeout: SHOWN_WITHIN_MS }).toBe('de');

  // The seat's own settings are there (loaded after the table): a switch now is told at once.
  await page.locator('details.notifications').waitFor({ timeout: SHOWN_WITHIN_MS });
  await page.locator('.lang-switch [data-lang="en"]').click();
  await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: SHOWN_WITHIN_MS }).toBe('en');
  await expect.poll(mailLanguage, { timeout: SHOWN_WITHIN_MS }).toBe('en');

  // Opened again where German is chosen (this device's stored choice, contextIn's): German again, the newer.
  await page.reload();
  await expect.poll(mailLanguage, { timeout: SHOWN_WITHIN_MS }).toBe('de');

  expectNoProblems([page]);
});
