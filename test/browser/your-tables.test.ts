/**
 * "Your tables" on the home page: every table whose link was opened (or which was created) on
 * this device, with the seat you are and whose turn it is; the tables waiting for your move
 * first, marked, and counted in the tab's title; all of it from ONE request
 * (POST /api/tables/overview), never one per table; a table can be forgotten.
 */
import type { Page, Request } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { createTable, expectNoProblems, openPage, partsOfLink, readView, useChromium, visitTable } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

/** The API requests a page makes from now on. */
function apiRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) seen.push(request);
  });
  return seen;
}

const listed = (page: Page) =>
  page.locator('[data-your-table]').evaluateAll((items) =>
    items.map((li) => ({
      tableId: li.getAttribute('data-your-table'),
      owesMove: li.getAttribute('data-owes-move'),
      marker: li.querySelector('[data-your-move]')?.textContent ?? null,
      text: (li.textContent ?? '').replace(/\s+/g, ' '),
    })),
  );

it('three tables, one waiting for the seat of this device: listed first, marked, "(1)" in the title, from one request', async () => {
  const players = [{ name: 'Anni' }, { name: 'Bert' }, { name: 'Xaver' }];
  // Without doubling the auction starts at once: forehand (seat 1, the dealer being seat 0) owes the first bid.
  const waiting = await createTable(base, { name: 'Waits for Bert', seats: players, options: { doubling: false } });
  const others = await createTable(base, { name: 'Anni waits', seats: players, options: { doubling: false } });
  const watched = await createTable(base, { name: 'Only watching', seats: players });

  const context = await chromium.context('phone');
  const tab = await openPage(context, `${base}/rules`, 'a tab');
  // Opened in this order, the waiting table the longest ago: it comes first for being your move, not for being recent.
  await visitTable(tab, waiting.seats[1]!.url, '1');
  await visitTable(tab, others.seats[0]!.url, '0');
  await visitTable(tab, watched.spectator.url, 'spectator');

  const home = await context.newPage();
  const requests = apiRequests(home);
  expect((await home.goto(`${base}/`))!.status()).toBe(200);
  await expect.poll(async () => (await listed(home)).map((t) => t.owesMove)).toEqual(['true', 'false', 'false']);
  const list = await listed(home);
  expect(
    list.map((t) => t.tableId),
    'your move first, then the most recently changed',
  ).toEqual([waiting.tableId, watched.tableId, others.tableId]);
  expect(list[0]!.marker, 'the marker').toBe('Your move');
  expect(list.slice(1).map((t) => t.marker)).toEqual([null, null]);
  expect(list[0]!.text).toContain('Waits for Bert');
  expect(list[0]!.text).toContain('You are Bert');
  expect(list[1]!.text).toContain('You are watching');
  expect(list[2]!.text).toContain('You are Anni');
  expect(list[2]!.text, 'whose turn it is').toContain('Bert to play');
  await expect.poll(() => home.title()).toBe('(1) Wallachen online');
  expect(await home.locator('[data-your-tables] .waiting-count').textContent()).toBe('1 table waits for your move.');
  expect(await home.locator(`[data-your-table="${waiting.tableId}"] a.your-table-name`).getAttribute('href')).toBe(
    `/t/${waiting.tableId}#${waiting.seats[1]!.token}`,
  );

  const calls = requests.map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
  expect(calls, 'one overview request for the three tables, and no request per table').toEqual(['POST /api/tables/overview']);
  const sent = requests[0]!.postDataJSON() as { links: { tableId: string; token: string }[] };
  expect(sent.links.map((l) => l.tableId).sort()).toEqual([waiting.tableId, others.tableId, watched.tableId].sort());
  expect(requests[0]!.url(), 'no token in the URL').not.toContain(waiting.seats[1]!.token);

  // Forgotten here, it stays forgotten; the title follows the tables left.
  await home.locator(`[data-your-table="${waiting.tableId}"] [data-forget]`).click();
  await expect.poll(async () => (await listed(home)).map((t) => t.tableId)).toEqual([watched.tableId, others.tableId]);
  await expect.poll(() => home.title()).toBe('Wallachen online');
  requests.length = 0;
  await home.reload();
  await expect.poll(async () => (await listed(home)).map((t) => t.tableId)).toEqual([watched.tableId, others.tableId]);
  // The list is drawn from this device's storage at once; the one request for its state may still be on its way.
  await expect
    .poll(() => requests.map((r) => `${r.method()} ${new URL(r.url()).pathname}`), { message: 'one overview request after the reload' })
    .toEqual(['POST /api/tables/overview']);
  expectNoProblems([tab, home]);
});

it('a table created here is listed by its spectator link until one of its seat links is opened on this device', async () => {
  const context = await chromium.context('desktop');
  const home = await openPage(context, `${base}/`, 'home');
  const form = home.locator('form[data-form="create"]');
  await form.locator('input[name="tableName"]').fill('Made here');
  await form.locator('input[name="seat2"]').fill('Xaver');
  await form.locator('button[data-create]').click();
  const seat2 = partsOfLink((await home.locator('a[data-seat-link="2"]').getAttribute('href', { timeout: 10_000 }))!);

  await home.goto(`${base}/`);
  const item = home.locator(`[data-your-table="${seat2.tableId}"]`);
  await expect.poll(async () => ((await item.textContent()) ?? '').replace(/\s+/g, ' ')).toContain('You are watching');
  expect(await item.locator('a.your-table-name').textContent()).toBe('Made here');
  // The creator still has every link to send.
  expect(await item.locator('details.all-links a').count(), 'three seats, the spectators and the admin').toBe(5);
  expect(await item.locator('details.all-links a[data-admin-link]').getAttribute('href')).toMatch(/\/admin\//);

  await visitTable(home, `${base}/t/${seat2.tableId}#${seat2.token}`, '2');
  await home.goto(`${base}/`);
  await expect.poll(async () => ((await item.textContent()) ?? '').replace(/\s+/g, ' ')).toContain('You are Xaver');
  // German too.
  await home.locator('button[data-lang="de"]').click();
  await expect.poll(async () => ((await item.textContent()) ?? '').replace(/\s+/g, ' ')).toContain('Du bist Xaver');
  expectNoProblems([home]);
});

it("Forget leaves nothing of the table on this device: no token, no last view (the seat's hand), no mark kept for it", async () => {
  const forgotten = await createTable(base, { name: 'To forget', options: { doubling: false } });
  const kept = await createTable(base, { name: 'To keep', options: { doubling: false } });
  const context = await chromium.context('desktop');
  const tab = await openPage(context, `${base}/rules`, 'a tab');
  await visitTable(tab, kept.seats[2]!.url, '2');
  await visitTable(tab, forgotten.seats[1]!.url, '1');
  // What a seat leaves behind at its table: the choice to confirm moves, and the chat read up to its newest message.
  await tab.locator('input[data-confirm-moves]').check();
  const chat = tab.locator('[data-chat]');
  if (!(await chat.evaluate((d) => (d as unknown as { open: boolean }).open))) await chat.locator('> summary').click();
  await chat.locator('textarea').fill('Servus');
  await tab.locator('[data-chat-send]').click();

  const stored = () =>
    tab.evaluate(() => {
      const storage = (globalThis as unknown as { localStorage: Storage }).localStorage;
      return Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((key) => `${key}=${storage.getItem(key)}`);
    });
  const about = (entries: string[], table: typeof forgotten) =>
    entries.filter((entry) =>
      [table.tableId, table.spectator.token, table.admin.token, ...table.seats.map((s) => s.token)].some((s) => entry.includes(s)),
    );
  await expect
    .poll(async () => (await stored()).filter((entry) => entry.startsWith(`wallachen.chatRead.${forgotten.tableId}.1=`)), {
      message: 'the chat read',
    })
    .toHaveLength(1);
  const before = about(await stored(), forgotten);
  expect(before.filter((entry) => entry.includes(forgotten.seats[1]!.token)).map((entry) => entry.split('=')[0])).toEqual(
    expect.arrayContaining(['wallachen.links', `wallachen.lastView.${forgotten.tableId}.${forgotten.seats[1]!.token}`]),
  );
  expect(before.some((entry) => entry.startsWith(`wallachen.confirmMoves.${forgotten.tableId}.1=`))).toBe(true);
  const hand = (await readView(base, forgotten.tableId, forgotten.seats[1]!.token)).hand!;
  expect(before.find((entry) => entry.startsWith(`wallachen.lastView.${forgotten.tableId}.`))).toContain(JSON.stringify(hand));

  await tab.goto(`${base}/`);
  await expect.poll(async () => (await listed(tab)).map((t) => t.tableId)).toEqual([forgotten.tableId, kept.tableId]);
  await tab.locator(`[data-your-table="${forgotten.tableId}"] [data-forget]`).click();
  await expect.poll(async () => (await listed(tab)).map((t) => t.tableId)).toEqual([kept.tableId]);
  const after = await stored();
  expect(about(after, forgotten), 'no key or value names the table or holds one of its links').toEqual([]);
  expect(
    about(after, kept).map((entry) => entry.split('=')[0]),
    'the other table is kept',
  ).toEqual(expect.arrayContaining(['wallachen.links', `wallachen.lastView.${kept.tableId}.${kept.seats[2]!.token}`]));
  expectNoProblems([tab]);
});
