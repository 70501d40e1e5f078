/**
 * The seat's notification form (web/src/table/Notifications.tsx) shows what is set and keeps
 * it: the address given when the table was made is on the seat's page as soon as it opens,
 * and saving only a webhook leaves the address as it was (checked through GET
 * …/notifications, the API's own answer). Saving an address says what became of the
 * table's confirmation mail, as the seat's delivery log (the API's own record) has it.
 */
import { expect, inject, it } from 'vitest';
import { settingsTranslator } from '../../web/src/table/settings-texts.js';
import {
  confirmAddress,
  createTable,
  expectNoProblems,
  openPage,
  readDeliveries,
  readNotifications,
  SHOWN_WITHIN_MS,
  useChromium,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

it('a seat created with a mail address sees it on its page; saving only a webhook keeps the address', async () => {
  const address = `vroni.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const created = await createTable(base, { name: 'notices', seats: [{ name: 'Vroni', email: address }, { name: 'Sepp' }, { name: 'Resi' }] });
  const { tableId, token } = { tableId: created.tableId, token: created.seats[0]!.token };
  const page = await openPage(await chromium.device('desktop'), created.seats[0]!.url, 'seat 0');

  // Read as the page opens: the summary says it while the form is still closed.
  await expect.poll(() => page.locator('[data-notices-summary]').textContent(), { timeout: SHOWN_WITHIN_MS }).toContain(address);
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
  await page.locator('details.notifications [role="status"]').waitFor({ timeout: SHOWN_WITHIN_MS });

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
  await expect.poll(() => page.locator('[data-notices-summary]').textContent(), { timeout: SHOWN_WITHIN_MS }).toContain(address);
  await page.locator('details.notifications > summary').click();
  expect(await page.locator('details.notifications input[name="email"]').inputValue()).toBe(address);
  expect(await page.locator('details.notifications input[name="webhookUrl"]').inputValue()).toBe(hook);

  // Another seat's page shows none of it: the setting is the seat's own.
  const other = await openPage(await chromium.context('desktop'), created.seats[1]!.url, 'seat 1');
  await expect.poll(() => other.locator('[data-notices-summary]').textContent(), { timeout: SHOWN_WITHIN_MS }).not.toBeNull();
  expect(await other.locator('[data-notices-summary]').textContent()).not.toContain(address);
  expect(await readNotifications(base, tableId, created.seats[1]!.token)).toMatchObject({ email: null, webhookUrl: null });

  expectNoProblems([page, other]);
});

it("saving an address says what became of this table's confirmation mail: sent, not again within a day, the address's limit, confirmed already", async () => {
  const t = settingsTranslator('en');
  const fresh = `sepp.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const busy = `busy.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const created = await createTable(base, { name: 'asked', seats: [{ name: 'Sepp' }, { name: 'Vroni' }, { name: 'Resi' }] });
  const { tableId, token } = { tableId: created.tableId, token: created.seats[0]!.token };
  // Three other tables asked `busy` today: its limit of confirmation mails (worker/mail/address.ts).
  for (let i = 0; i < 3; i++) await createTable(base, { name: `other ${i}`, seats: [{ name: 'X', email: busy }, { name: 'Y' }, { name: 'Z' }] });
  const page = await openPage(await chromium.device('desktop'), created.seats[0]!.url, 'seat 0');
  await page.locator('details.notifications > summary').click();
  const email = page.locator('details.notifications input[name="email"]');
  const line = page.locator('details.notifications [data-email-state]');
  const lastConfirmation = async () => (await readDeliveries(base, tableId, token)).find((d) => d.event === 'confirmation');
  const save = async () => {
    await page.locator('details.notifications button[type="submit"]').click();
    await page.locator('details.notifications [role="status"]').waitFor({ timeout: SHOWN_WITHIN_MS });
  };

  // A new address: the mail went, and the form says so.
  await email.fill(fresh);
  await save();
  await expect.poll(() => line.getAttribute('data-confirmation'), { timeout: SHOWN_WITHIN_MS }).toBe('sent');
  expect(await line.textContent()).toContain(t('confirmation_sent'));
  expect(await lastConfirmation()).toMatchObject({ channel: 'email', outcome: 'sent' });

  // Reopened, the page knows only the state; asked again at once, none goes, and the form says why.
  await page.reload();
  await page.locator('details.notifications > summary').click();
  await expect.poll(() => line.getAttribute('data-email-state'), { timeout: SHOWN_WITHIN_MS }).toBe('unconfirmed');
  expect(await line.textContent()).toContain(t('noticesUnconfirmed'));
  expect(await page.locator('[data-notices-summary]').textContent()).toContain(t('noticesSummaryUnconfirmed', { email: fresh }));
  await page.locator('[data-resend-confirmation]').click();
  await expect.poll(() => line.getAttribute('data-confirmation'), { timeout: SHOWN_WITHIN_MS }).toBe('recently_sent');
  expect(await line.textContent()).toContain(t('confirmation_recently_sent'));
  expect(await lastConfirmation()).toMatchObject({ outcome: 'dropped', detail: 'this table asked the address less than a day ago' });

  // An address three other tables asked today: none goes, and the form says so.
  await email.fill(busy);
  await save();
  await expect.poll(() => line.getAttribute('data-confirmation'), { timeout: SHOWN_WITHIN_MS }).toBe('address_limit');
  expect(await line.textContent()).toContain(t('confirmation_address_limit'));
  expect(await lastConfirmation()).toMatchObject({ outcome: 'dropped', detail: expect.stringContaining('the address had its limit') });

  // The first address, confirmed at this table by its owner meanwhile: nothing to send, and the form says it is confirmed.
  await confirmAddress(base, tableId, fresh);
  await email.fill(fresh);
  await save();
  await expect.poll(() => line.getAttribute('data-confirmation'), { timeout: SHOWN_WITHIN_MS }).toBe('confirmed');
  expect(await line.getAttribute('data-email-state')).toBe('confirmed');
  expect(await line.textContent()).toContain(t('confirmation_confirmed'));
  expect(await page.locator('[data-notices-summary]').textContent()).toContain(t('noticesSummaryMail', { email: fresh }));
  expect(await readNotifications(base, tableId, token)).toMatchObject({ email: fresh, emailState: 'confirmed' });
  expectNoProblems([page]);
});

it('"Notify me on this device" has the look of the form\'s other buttons, not the browser\'s own (issue 25)', async () => {
  const created = await createTable(base, { name: 'push button' });
  for (const kind of ['desktop', 'phone'] as const) {
    const page = await openPage(await chromium.device(kind), created.seats[0]!.url, `seat 0 (${kind})`);
    await page.locator('details.notifications > summary').click();
    const look = (selector: string) =>
      page.locator(selector).evaluate((button) => {
        const style = (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(button);
        return {
          radius: style.borderTopLeftRadius,
          height: button.getBoundingClientRect().height,
          weight: style.fontWeight,
          border: style.borderTopColor,
        };
      });
    const push = await look('[data-push-toggle]');
    const save = await look('details.notifications button[type="submit"]');
    expect(push.radius, 'a pill like Save').toBe(save.radius);
    expect(push.weight).toBe(save.weight);
    expect(push.border, 'outlined in the accent colour, as Save is').toBe(save.border);
    expect(push.height, 'a thumb-sized target').toBeGreaterThanOrEqual(44);
    expectNoProblems([page]);
  }
});
