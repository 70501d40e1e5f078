/**
 * The seat's notification form (web/src/table/Notifications.tsx) shows what is set and keeps
 * it: the address given when the table was made is on the seat's page as soon as it opens,
 * and saving only a webhook leaves the address as it was (checked through GET
 * …/notifications, the API's own answer).
 */
import { expect, inject, it } from 'vitest';
import { createTable, expectNoProblems, openPage, readNotifications, useChromium } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

it('a seat created with a mail address sees it on its page; saving only a webhook keeps the address', async () => {
  const address = `vroni.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const created = await createTable(base, { name: 'notices', seats: [{ name: 'Vroni', email: address }, { name: 'Sepp' }, { name: 'Resi' }] });
  const { tableId, token } = { tableId: created.tableId, token: created.seats[0]!.token };
  const page = await openPage(await chromium.context('desktop'), created.seats[0]!.url, 'seat 0');

  // Read as the page opens: the summary says it while the form is still closed.
  await expect.poll(() => page.locator('[data-notices-summary]').textContent(), { timeout: 5_000 }).toContain(address);
  await page.locator('details.notifications > summary').click();
  const email = page.locator('details.notifications input[name="email"]');
  const webhook = page.locator('details.notifications input[name="webhookUrl"]');
  expect(await email.inputValue()).toBe(address);
  expect(await webhook.inputValue()).toBe('');
  // Not confirmed yet: only the confirmation mail goes to it, and the form says so.
  expect(await page.locator('[data-email-state="unconfirmed"]').isVisible()).toBe(true);

  const puts: unknown[] = [];
  page.on('request', (request) => void (request.method() === 'PUT' && request.url().endsWith('/notifications') && puts.push(request.postDataJSON())));
  const hook = 'https://hooks.example.com/wallachen/vroni';
  await webhook.fill(hook);
  await page.locator('details.notifications button[type="submit"]').click();
  await page.locator('details.notifications [role="status"]').waitFor({ timeout: 5_000 });

  expect(puts).toEqual([{ webhookUrl: hook }]); // only what was changed
  expect(await readNotifications(base, tableId, token)).toMatchObject({
    email: address,
    emailState: 'unconfirmed',
    webhookUrl: hook,
    webhookState: 'active',
  });
  expect(await email.inputValue()).toBe(address);
  expect(await page.locator('[data-webhook-state="active"]').isVisible()).toBe(true);

  // Opened again later, the page shows both.
  await page.reload();
  await expect.poll(() => page.locator('[data-notices-summary]').textContent(), { timeout: 5_000 }).toContain(address);
  await page.locator('details.notifications > summary').click();
  expect(await page.locator('details.notifications input[name="email"]').inputValue()).toBe(address);
  expect(await page.locator('details.notifications input[name="webhookUrl"]').inputValue()).toBe(hook);

  // Another seat's page shows none of it: the setting is the seat's own.
  const other = await openPage(await chromium.context('desktop'), created.seats[1]!.url, 'seat 1');
  await expect.poll(() => other.locator('[data-notices-summary]').textContent(), { timeout: 5_000 }).not.toBeNull();
  expect(await other.locator('[data-notices-summary]').textContent()).not.toContain(address);
  expect(await readNotifications(base, tableId, created.seats[1]!.token)).toMatchObject({ email: null, webhookUrl: null });

  expectNoProblems([page, other]);
});
