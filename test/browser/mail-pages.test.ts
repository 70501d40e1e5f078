/**
 * The pages behind a mail's links (worker/notifications/mail/pages.ts), issue 25: the page that says an
 * address is confirmed (and the one that says it unsubscribed) leads back to the app, whose
 * home lists this device's tables.
 */
import { expect, inject, it } from 'vitest';
import { addressKey, confirmLink } from '../../worker/notifications/mail/links.js';
import { tokenKey } from '../../worker/model/tokens.js';
import { createTable, expectNoProblems, openPage, useChromium } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

it('"Confirmed" has a way back to the app', async () => {
  const address = `anni.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const table = await createTable(base, { name: 'mail pages', seats: [{ name: 'Anni', email: address }, { name: 'Bert' }, { name: 'Xaver' }] });
  const key = tokenKey({ TOKEN_SECRET: process.env.TOKEN_SECRET }, base);
  if (!key.ok) throw new Error(key.message);
  const link = await confirmLink(key.secret, base, await addressKey(key.secret, address), table.tableId);
  const page = await openPage(await chromium.context('phone'), link, 'the confirm link');
  await page.locator('form button[type="submit"]').click();
  await page.locator('h1', { hasText: 'Confirmed' }).waitFor({ timeout: 10_000 });
  const back = page.locator('a[href="/"]');
  expect(await back.textContent()).toBe('Zu Wallachen online / To Wallachen online');
  await back.click();
  await page.locator('form[data-form="create"]').waitFor({ timeout: 10_000 });
  expect(new URL(page.url()).pathname).toBe('/');
  expectNoProblems([page]);
});
