/**
 * Issue 25, bug 1: two players decide in the doubling window at the same moment (R3.1: the
 * decisions are independent). The second page's click carries the version it showed, from
 * before the first decision reached it; API.md takes a seat's first `double` in the window
 * whatever the others decided meanwhile, so both get in and neither page shows an error.
 *
 * "At the same moment" is made certain, not left to timing: the second page's socket holds
 * back what the server pushes to it (a WebSocket route) until that page has sent its move.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { createTable, expectNoProblems, openPage, readView, shuffledDeal, snapshotOf, useChromium, waitForVersion } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

/** Holds back every frame the server sends to `page` while `holding`; lets the page's own frames through, and tells when an action went. */
async function holdIncoming(page: Page): Promise<{ hold(): void; actionSent: Promise<void> }> {
  let holding = false;
  const held: (string | Buffer)[] = [];
  let sent: () => void = () => {};
  const actionSent = new Promise<void>((resolve) => (sent = resolve));
  await page.routeWebSocket(/\/api\/tables\/[^/]+\/ws(\?.*)?$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      server.send(message);
      if (typeof message === 'string' && (JSON.parse(message) as { type?: string }).type === 'action') {
        // The move is on its way, made on the view the page showed: from now on the page hears everything.
        holding = false;
        for (const frame of held.splice(0)) ws.send(frame);
        sent();
      }
    });
    server.onMessage((message) => (holding ? held.push(message) : ws.send(message)));
  });
  return { hold: () => (holding = true), actionSent };
}

it('R3.1: two seats clicking Double and No double at once both get in; no page says the table changed', async () => {
  const table = await createTable(base, { name: 'doubling together', options: { games: 1 }, deals: [shuffledDeal(2501)] });
  const context = await chromium.context('desktop');
  const first = await openPage(context, table.seats[0]!.url, 'seat 0');
  const second = await context.newPage();
  const socket = await holdIncoming(second);
  await second.goto(table.seats[1]!.url);
  for (const page of [first, second])
    await page.locator('[data-table][data-connection="live"] [data-action="double"]').first().waitFor({ timeout: 10_000 });
  expect((await snapshotOf(second)).table?.version).toBe(0);

  socket.hold();
  await first.locator('[data-action="double"][data-double="false"]').click();
  await waitForVersion(first, 1);
  // The second page still shows the window as it opened (version 0): its player clicks now.
  expect((await snapshotOf(second)).table?.version, 'the second page has not heard of the first decision').toBe(0);
  await second.locator('[data-action="double"][data-double="true"]').click();
  await socket.actionSent;
  await waitForVersion(second, 2);

  const view = await readView(base, table.tableId, table.spectator.token);
  expect(view.seats.map((s) => s.decided)).toEqual([true, true, false]);
  expect(view.version).toBe(2);
  for (const page of [first, second]) expect((await snapshotOf(page)).alerts, 'no refusal on either page').toEqual([]);
  expect(await second.locator('[data-action="double"]').count(), "the second seat's decision was taken: nothing left to decide").toBe(0);
  expectNoProblems([first, second]);
});
