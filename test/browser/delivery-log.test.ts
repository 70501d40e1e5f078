/**
 * The seat's mail mode and delivery log on the table page (web/src/table/Notifications.tsx,
 * DeliveryLog.tsx): choosing the daily digest is saved (checked through GET
 * …/notifications, the API's own answer), and the log lists the attempts made for the seat:
 * the table's confirmation mail, the deal's turn mail dropped (not confirmed yet), the turn
 * mailed once the address confirmed the table, and the move handed to the digest.
 */
import { expect, inject, it } from 'vitest';
import { confirmAddress, createTable, expectNoProblems, openPage, readNotifications, SHOWN_WITHIN_MS, useChromium } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

it('a seat chooses the daily digest, it is saved, and its delivery log lists the attempts', async () => {
  const address = `digest.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const created = await createTable(base, { name: 'digest', seats: [{ name: 'Vroni', email: address }, { name: 'Sepp' }, { name: 'Resi' }] });
  const { tableId, token } = { tableId: created.tableId, token: created.seats[0]!.token };
  await confirmAddress(base, tableId, address);
  const page = await openPage(await chromium.context('desktop'), created.seats[0]!.url, 'seat 0');

  await expect.poll(() => page.locator('[data-notices-summary]').textContent(), { timeout: SHOWN_WITHIN_MS }).toContain(address);
  await page.locator('details.notifications > summary').click();
  const mode = page.locator('details.notifications select[name="mail"]');
  expect(await mode.inputValue()).toBe('turn');
  await mode.selectOption('digest');
  await page.locator('details.notifications button[type="submit"]').click();
  await page.locator('details.notifications [role="status"]').waitFor({ timeout: SHOWN_WITHIN_MS });
  expect(await readNotifications(base, tableId, token)).toMatchObject({ email: address, mail: 'digest' });
  expect(await page.locator('[data-notices-summary]').textContent()).toContain(address);

  await page.locator('[data-delivery-log] > summary').click();
  const refresh = page.locator('[data-delivery-log] button');
  // The move handed to the digest is logged as the table's work after the save: look again until it is there.
  await expect
    .poll(
      async () => {
        if ((await page.locator('[data-delivery][data-channel="digest"][data-outcome="queued"]').count()) === 0) await refresh.click();
        return page
          .locator('[data-delivery]')
          .evaluateAll((items) => items.map((li) => `${li.getAttribute('data-channel')}:${li.getAttribute('data-outcome')}`));
      },
      { timeout: 10_000 },
    )
    .toEqual(['digest:queued', 'email:sent', 'email:dropped', 'email:sent']);
  const lines = await page.locator('[data-delivery]').allTextContents();
  expect(lines[0]).toContain('daily digest');
  expect(lines[1]).toContain('your turn · sent');
  expect(lines[2]).toContain('your turn · dropped (the address has not confirmed this table)');
  expect(lines[3]).toContain('confirmation mail · sent');
  expect(lines.join('\n')).not.toContain(address);

  // Reopened, the page shows the saved mode.
  await page.reload();
  await page.locator('details.notifications > summary').click();
  // The form shows what the server says once its GET has answered (the summary says it first).
  await expect.poll(() => page.locator('[data-notices-summary]').textContent(), { timeout: SHOWN_WITHIN_MS }).toContain('a daily digest');
  expect(await page.locator('details.notifications select[name="mail"]').inputValue()).toBe('digest');
  expectNoProblems([page]);
});
