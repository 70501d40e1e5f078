/**
 * The table admin in the browser (API.md "Table admin", web/src/admin/AdminPage.tsx): a table
 * created through the form shows its admin link on the share screen; the admin page pauses
 * the table (the seat's page says so and its controls are disabled) and resumes it; rotates
 * seat 2's link (the old page is told its link was replaced, the new link opens the seat);
 * seats a bot in a person's place, which then decides by itself (the person's link replaced);
 * and replaces the spectator link and its own, "Your tables" keeping the new ones. Again at
 * 390 px, where the admin page must fit without scrolling sideways: there the commands are
 * made on the phone's admin page and what they did is read from the API (the seats' pages
 * follow a command the same whatever device made it).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  clickVisible,
  createTable,
  expectNoProblems,
  openPage,
  outOfView,
  partsOfLink,
  type Problem,
  readView,
  SHOWN_WITHIN_MS,
  useChromium,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

/** Creates a table through the form; answers the share screen's seat links and admin link. */
async function createThroughForm(context: BrowserContext): Promise<{ home: Page; seats: string[]; admin: string }> {
  const home = await openPage(context, `${base}/`, 'create page');
  const form = home.locator('form[data-form="create"]');
  await form.locator('input[name="tableName"]').fill('Admin test');
  for (const [i, name] of ['Anni', 'Bert', 'Xaver'].entries()) await form.locator(`input[name="seat${i}"]`).fill(name);
  await form.locator('button[data-create]').click();
  const admin = (await home.locator('a[data-admin-link]').getAttribute('href', { timeout: 10_000 }))!;
  const seats = await Promise.all([0, 1, 2].map(async (i) => (await home.locator(`a[data-seat-link="${i}"]`).getAttribute('href'))!));
  return { home, seats, admin };
}

/** The controls of a seat's dock: each disabled or not (by its own attribute or its fieldset's: `:disabled` says either). */
const controlsDisabled = (page: Page) =>
  page
    .locator('.dock-lock button.action')
    .evaluateAll((buttons) => buttons.map((b) => (b as unknown as { matches(selector: string): boolean }).matches(':disabled')));

/**
 * The fetches a replaced link's page makes answer 401, and so does its socket's upgrade when it
 * reconnects before it has read the refusal (its socket ended by the rotation before the close
 * frame came: a busy run saw two such upgrades); Chromium logs each as a console error.
 */
const replacedLinkRefusals = (problem: Problem) =>
  problem.kind === 'console' && /status of 401|WebSocket connection to .* failed: HTTP Authentication failed/.test(problem.text);

/**
 * The admin's commands, made on the admin page of a `kind` device. On the desktop the seats'
 * own pages are watched too (paused and resumed, a link replaced, the old admin link refused);
 * on the phone, where only the admin page differs, what each command did is read from the API.
 */
async function adminFlow(kind: 'desktop' | 'phone'): Promise<void> {
  const context = await chromium.context(kind);
  const { home, seats, admin } = await createThroughForm(context);
  const { tableId } = partsOfLink(seats[0]!);
  expect(admin).toMatch(new RegExp(`^${base}/admin/${tableId}#[A-Za-z0-9_-]{43}$`));

  const adminPage = await openPage(context, admin, 'admin page');
  adminPage.on('dialog', (dialog) => void dialog.accept());
  if (kind === 'phone') await adminPage.setViewportSize({ width: 390, height: 844 });
  const panel = adminPage.locator('[data-admin]');
  await panel.waitFor({ timeout: 10_000 });
  expect(await adminPage.locator('h1').textContent()).toBe('Manage the table: Admin test');

  const seat1Token = partsOfLink(seats[0]!).token;
  const pages: Page[] = [home, adminPage];
  const refusedPages: Page[] = [];
  if (kind === 'desktop') {
    // Pause: seat 1's page says so and its controls are disabled; resumed, they work again.
    const seat1 = await openPage(context, seats[0]!, 'seat 1');
    pages.push(seat1);
    await seat1.locator('.dock-lock button.action').first().waitFor({ timeout: 10_000 });
    expect(await controlsDisabled(seat1)).not.toContain(true);
    await adminPage.locator('[data-admin-command="pause"]').click();
    await expect.poll(() => panel.getAttribute('data-paused')).toBe('true');
    await seat1.locator('[data-table-paused]').waitFor({ timeout: 10_000 });
    expect(await seat1.locator('[data-table-paused]').textContent()).toBe("Paused by the table's admin: no moves until the admin resumes the table.");
    expect(await controlsDisabled(seat1)).not.toContain(false);
    await adminPage.locator('[data-admin-command="resume"]').click();
    await expect.poll(() => panel.getAttribute('data-paused')).toBe('false');
    await expect.poll(() => seat1.locator('[data-table-paused]').count()).toBe(0);
    await expect.poll(() => controlsDisabled(seat1)).not.toContain(true);
    await clickVisible(seat1, '[data-action="double"][data-double="false"]');
    await expect.poll(async () => (await readView(base, tableId, seat1Token)).version).toBe(1);
  } else {
    await adminPage.locator('[data-admin-command="pause"]').click();
    await expect.poll(() => panel.getAttribute('data-paused')).toBe('true');
    expect((await readView(base, tableId, seat1Token)).paused).toBe(true);
    await adminPage.locator('[data-admin-command="resume"]').click();
    await expect.poll(() => panel.getAttribute('data-paused')).toBe('false');
    expect((await readView(base, tableId, seat1Token)).paused).toBe(false);
  }

  // Rotate seat 2: its open page is told its link was replaced; the new link (shown once) opens the seat.
  const seat2 = kind === 'desktop' ? await openPage(context, seats[1]!, 'seat 2 (old link)') : null;
  await seat2?.locator('[data-table]').waitFor({ timeout: 10_000 });
  await adminPage.locator('[data-admin-rotate="1"]').click();
  const newLink = await adminPage.locator('[data-new-link="1"] input').inputValue({ timeout: 10_000 });
  expect(newLink).toMatch(new RegExp(`^${base}/t/${tableId}#[A-Za-z0-9_-]{43}$`));
  expect(newLink).not.toBe(seats[1]);
  if (seat2 !== null) {
    refusedPages.push(seat2);
    await seat2.locator('[data-error]').waitFor({ timeout: 10_000 });
    expect(await seat2.locator('[data-error]').textContent()).toBe("This link was replaced by the table's admin. Ask the admin for the new one.");
    const seat2New = await openPage(context, newLink, 'seat 2 (new link)');
    pages.push(seat2New);
    await expect.poll(async () => seat2New.locator('[data-table]').getAttribute('data-seat'), { timeout: 10_000 }).toBe('1');
  } else {
    expect((await fetch(`${base}/api/tables/${tableId}`, { headers: { authorization: `Bearer ${partsOfLink(seats[1]!).token}` } })).status).toBe(401);
    expect((await readView(base, tableId, partsOfLink(newLink).token)).seat).toBe(1);
  }

  // A bot in seat 3's place (asked first: the person's link is replaced): it decides its double by itself.
  await adminPage.locator('[data-admin-kind="2"]').selectOption('easy');
  await adminPage.locator('[data-admin-seat-kind="2"]').click();
  await expect.poll(async () => (await readView(base, tableId, seat1Token)).seats[2]!.decided, { timeout: 10_000 }).toBe(true);
  expect((await readView(base, tableId, seat1Token)).seats[2]).toMatchObject({ bot: true });
  expect((await fetch(`${base}/api/tables/${tableId}`, { headers: { authorization: `Bearer ${partsOfLink(seats[2]!).token}` } })).status).toBe(401);
  // A person back in seat 3 gets a new link at once (nobody holds the bot seat's).
  await adminPage.locator('[data-admin-kind="2"]').selectOption('person');
  await adminPage.locator('[data-admin-seat-kind="2"]').click();
  const seat3Link = await adminPage.locator('[data-new-link="2"] input').inputValue({ timeout: 10_000 });
  expect((await readView(base, tableId, partsOfLink(seat3Link).token)).seats[2]).toMatchObject({ bot: false });

  // New spectator and admin links, each shown once and kept under "Your tables"; the admin page goes on with its new link.
  await adminPage.locator('[data-admin-rotate="spectator"]').click();
  const spectatorLink = await adminPage.locator('[data-new-link="spectator"] input').inputValue({ timeout: 10_000 });
  expect(spectatorLink).toMatch(new RegExp(`^${base}/t/${tableId}#[A-Za-z0-9_-]{43}$`));
  expect((await readView(base, tableId, partsOfLink(spectatorLink).token)).seat).toBeNull();
  await adminPage.locator('[data-admin-rotate="admin"]').click();
  const adminLink = await adminPage.locator('[data-new-link="admin"] input').inputValue({ timeout: 10_000 });
  expect(adminLink).toMatch(new RegExp(`^${base}/admin/${tableId}#[A-Za-z0-9_-]{43}$`));
  expect(adminLink).not.toBe(admin);
  expect(adminPage.url()).toBe(adminLink);
  await adminPage.locator('[data-admin-command="pause"]').click();
  await expect.poll(() => panel.getAttribute('data-paused')).toBe('true');
  await adminPage.locator('[data-admin-command="resume"]').click();
  await expect.poll(() => panel.getAttribute('data-paused')).toBe('false');
  if (kind === 'desktop') {
    const oldAdmin = await openPage(context, admin, 'old admin link');
    refusedPages.push(oldAdmin);
    await oldAdmin.locator('[data-error]').waitFor({ timeout: 10_000 });
    expect(await oldAdmin.locator('[data-error]').textContent()).toBe("This link was replaced by the table's admin. Ask the admin for the new one.");
  }
  await home.reload();
  const saved = home.locator('.all-links');
  await saved.first().waitFor({ timeout: 10_000 });
  expect(await saved.locator('a[data-admin-link]').getAttribute('href')).toBe(adminLink);
  const savedLinks = await saved.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(savedLinks).toContain(spectatorLink);
  expect(savedLinks).toContain(newLink);

  if (kind === 'phone') {
    const overflow = await adminPage.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
        .documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow, 'the admin page fits 390 px').toBeLessThanOrEqual(0);
    await adminPage.setViewportSize({ width: 360, height: 640 });
    const narrow = await adminPage.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
        .documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(narrow, 'and 360 px').toBeLessThanOrEqual(0);
  }
  expectNoProblems(pages);
  expectNoProblems(refusedPages, (_page, problem) => replacedLinkRefusals(problem));
}

it('the admin page pauses and resumes, rotates links and seats a bot (desktop)', { timeout: 90_000 }, async () => {
  await adminFlow('desktop');
});

it('the same on a phone at 390 px, the admin page fitting 360 px too', { timeout: 90_000 }, async () => {
  await adminFlow('phone');
});

it('on a phone, what a command became is said beside the button tapped, in view (issue 25); the help says when an http origin is taken', async () => {
  const table = await createTable(base, { name: 'admin phone' });
  const context = await chromium.context('phone');
  const page = await openPage(context, table.admin.url, 'admin on a phone');
  const form = page.locator('form[data-admin-options]');
  await form.waitFor({ timeout: 10_000 });
  await form.locator('input[name="vacationHours"]').fill('48');
  const save = form.locator('button[type="submit"]');
  await save.tap();
  const notice = form.locator('[data-admin-notice]');
  await notice.waitFor({ timeout: SHOWN_WITHIN_MS });
  expect(await notice.textContent()).toBe('Saved.');
  expect(await page.locator('[data-admin-notice]').count(), 'said once, there').toBe(1);
  expect(await outOfView(page, 'form[data-admin-options] [data-admin-notice]')).toBeNull();
  const [button, said] = [(await save.boundingBox())!, (await notice.boundingBox())!];
  expect(said.y - (button.y + button.height), 'right below the button').toBeLessThan(40);

  // A refusal, too: an origin with a path, refused beside the embedding form's button.
  const embedding = page.locator('form[data-admin-embedding]');
  await embedding.locator('textarea#frame-origins').fill('https://club.example/forum');
  await embedding.locator('button[type="submit"]').tap();
  await embedding.locator('[role="alert"][data-error]').waitFor({ timeout: SHOWN_WITHIN_MS });
  expect(await outOfView(page, 'form[data-admin-embedding] [role="alert"][data-error]')).toBeNull();
  expect(await page.locator('[data-admin-notice]').count(), "the earlier command's note has gone").toBe(0);

  const help = await embedding.locator('.help').first().textContent();
  expect(help).toContain(
    'https only; a local development server started with ALLOW_LOCAL_WEBHOOKS=on also takes http://localhost and http://127.0.0.1',
  );
  expectNoProblems([page], (_page, problem) => problem.kind === 'console' && /status of 400/.test(problem.text));
});
