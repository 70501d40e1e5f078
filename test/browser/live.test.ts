/**
 * Issue requirements (c) and (d): pages are live. (c) When one seat acts by a click, the
 * other seats' pages show the new version within a second. (d) A page whose connection drops
 * says so (`data-connection` "offline" or "connecting"), and when the connection is back it
 * says "live" and shows what happened meanwhile, within a few seconds, without a reload.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, expect, inject, it } from 'vitest';
import {
  actThroughApi,
  createTable,
  expectNoProblems,
  newDriver,
  openPage,
  probeOf,
  readView,
  SEATS,
  requestsAnswered,
  settingsLoaded,
  startCuttableProxy,
  step,
  tableAttributes,
  useChromium,
  waitForVersion,
  type CuttableProxy,
  type Player,
  type Problem,
  type Table,
} from './support.js';

const base = inject('baseUrl');

const chromium = useChromium();
const context = (kind: 'desktop' | 'phone') => chromium.context(kind);
const proxies: CuttableProxy[] = [];
afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
});

const connectionOf = (page: Page) => page.locator('[data-table]').getAttribute('data-connection');

async function expectLive(page: Page, label: string, timeoutMs = 5_000): Promise<void> {
  await expect.poll(() => connectionOf(page), { timeout: timeoutMs, message: `${label}: [data-table] data-connection` }).toBe('live');
}

it("a page shows another seat's action within a second (nine updates in ten; none over three)", async () => {
  const created = await createTable(base, { name: 'live' });
  const players: Player[] = [];
  for (const seat of SEATS) {
    const page = await openPage(await context(seat === 2 ? 'phone' : 'desktop'), created.seats[seat]!.url, `seat ${seat}`);
    await expectLive(page, `seat ${seat}`);
    players.push({ page, seat, token: created.seats[seat]!.token });
  }
  const table: Table = { base, tableId: created.tableId, players };
  // Moves go over the live connection the pages keep open: no HTTP request per move.
  const posts: string[] = [];
  for (const { page } of players) page.on('request', (r) => void (r.method() === 'POST' && r.url().endsWith('/actions') && posts.push(r.url())));

  // Through doubling, the auction, discard, declare and into the play: one sample per other page and action.
  const driver = newDriver();
  const samples: { ms: number; what: string }[] = [];
  while (samples.length < 30) {
    const { player, what, before } = await step(table, driver);
    const clickedAt = (await probeOf(player.page)).lastClick;
    expect(clickedAt, `${what}: the probe saw the click`).toBeGreaterThan(0);
    for (const other of players.filter((p) => p !== player)) {
      // When the page first showed a version after `before` (the probe's MutationObserver, by Date.now()).
      const seen = Object.entries((await probeOf(other.page)).versions)
        .filter(([version]) => Number(version) > before)
        .map(([, at]) => at);
      expect(seen.length, `seat ${other.seat} after seat ${player.seat}'s "${what}": a newer data-version was seen`).toBeGreaterThan(0);
      samples.push({ ms: Math.min(...seen) - clickedAt, what: `seat ${player.seat} "${what}" → seat ${other.seat}` });
    }
  }
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const summary = `median ${sorted[sorted.length >> 1]} ms, max ${sorted.at(-1)} ms over ${samples.length} updates`;
  console.log(`click on one page → data-version on another: ${summary}`);
  // Within a second as a rule, measured on a machine that may run another suite beside this
  // one: there a renderer waiting for a core delayed one update of 30 to 1,283 ms (median
  // 255 ms; docs/testing.md, busy runs). So nine in ten within a second, and none near a hang.
  const late = samples.filter((s) => s.ms >= 1000).map((s) => `${s.what}: ${s.ms} ms`);
  expect(late.length, `updates that took a second or more (${summary}): ${late.join('; ')}`).toBeLessThanOrEqual(samples.length / 10);
  expect(
    samples.filter((s) => s.ms >= 3000).map((s) => `${s.what}: ${s.ms} ms`),
    `updates that took three seconds or more (${summary})`,
  ).toEqual([]);
  expect(posts, 'POST …/actions while the pages were live (moves go over the WebSocket)').toEqual([]);
  expectNoProblems(players.map((p) => p.page));
});

/**
 * Console errors of failed requests while a page is offline or cut off: expected then, and
 * only then. The page's own reads are all answered before a cut (requestsAnswered), so a cut
 * ends the live socket and nothing else: a request cut before or in its answer
 * (ERR_EMPTY_RESPONSE, ERR_INCOMPLETE_CHUNKED_ENCODING) is not expected and fails the test.
 */
const networkErrorWithin =
  (from: number, to: () => number) =>
  (_page: Page, problem: Problem): boolean =>
    problem.kind === 'console' &&
    problem.at >= from &&
    problem.at <= to() &&
    /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_(RESET|CLOSED|REFUSED)|ERR_NETWORK_CHANGED|WebSocket connection to .* failed|Failed to fetch/.test(
      problem.text,
    );

/**
 * Seat 0's page, loaded through a proxy whose connections can be cut: Chromium's offline
 * emulation alone keeps an open WebSocket open (it only holds frames back), where a real
 * network loss ends the connection.
 */
async function pageBehindProxy(): Promise<{
  page: Page;
  context: BrowserContext;
  proxy: CuttableProxy;
  tableId: string;
  tokens: string[];
  version: number;
}> {
  const proxy = await startCuttableProxy(base);
  proxies.push(proxy);
  // Doubling: every seat may act, so seat 1 can act while seat 0's page is cut off.
  const created = await createTable(base, { name: 'dropped connection' });
  const browserContext = await context('desktop');
  const page = await openPage(browserContext, `${proxy.base}/t/${created.tableId}#${created.seats[0]!.token}`, 'seat 0 (behind a proxy)');
  await expectLive(page, 'seat 0 before the drop', 10_000);
  await settingsLoaded(page);
  // Cutting a read under way would be a different test (and a race with the busy machine's answer).
  await requestsAnswered(page);
  const { version } = await tableAttributes(page);
  // A reload would lose this mark.
  await page.evaluate(() => ((globalThis as unknown as { __notReloaded: boolean }).__notReloaded = true));
  return { page, context: browserContext, proxy, tableId: created.tableId, tokens: created.seats.map((s) => s.token), version };
}

const notReloaded = (page: Page) => page.evaluate(() => (globalThis as unknown as { __notReloaded?: boolean }).__notReloaded === true);

it('a page that goes offline says so, and catches up without a reload when it is back', async () => {
  const { page, context: browserContext, proxy, tableId, tokens, version } = await pageBehindProxy();

  const offlineFrom = Date.now();
  let backOnline = Number.POSITIVE_INFINITY;
  await browserContext.setOffline(true);
  proxy.cut();
  await expect.poll(() => connectionOf(page), { timeout: 5_000, message: 'data-connection while offline' }).toMatch(/^(offline|connecting)$/);

  // Meanwhile seat 1 acts (through the API: its page is not the subject here).
  const acted = await actThroughApi(base, tableId, tokens[1]!, { type: 'double', double: false });
  expect(acted.version).toBeGreaterThan(version);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  // The drop is real: the page cannot have heard of the action.
  expect((await tableAttributes(page)).version, 'data-version while offline').toBe(version);

  await browserContext.setOffline(false);
  backOnline = Date.now();
  const started = performance.now();
  await expectLive(page, 'seat 0 back online');
  await waitForVersion(page, acted.version, 5_000);
  console.log(`back online → live with version ${acted.version}: ${Math.round(performance.now() - started)} ms`);
  expect(await notReloaded(page), 'the page caught up without a reload').toBe(true);

  // And it still acts: seat 0 decides by a click, the server takes it.
  await page.locator('[data-action="double"][data-double="false"]:enabled').click({ timeout: 5_000 });
  await expect
    .poll(async () => (await readView(base, tableId, tokens[0]!)).version, { timeout: 5_000, message: "the server's version after seat 0's click" })
    .toBeGreaterThan(acted.version);
  expectNoProblems(
    [page],
    networkErrorWithin(offlineFrom, () => backOnline + 5_000),
  );
});

it('a page whose connection is cut reconnects by itself and catches up without a reload', async () => {
  const { page, proxy, tableId, tokens, version } = await pageBehindProxy();
  const cutAt = Date.now();
  proxy.cut(); // the network stays up: the connection ends, as when a server restarts or a route changes
  const acted = await actThroughApi(base, tableId, tokens[2]!, { type: 'double', double: false });
  expect(acted.version).toBeGreaterThan(version);
  const started = performance.now();
  await waitForVersion(page, acted.version, 5_000);
  await expectLive(page, 'seat 0 after the cut');
  console.log(`connection cut → version ${acted.version} shown: ${Math.round(performance.now() - started)} ms`);
  expect(await notReloaded(page), 'the page caught up without a reload').toBe(true);
  expectNoProblems(
    [page],
    networkErrorWithin(cutAt, () => cutAt + 10_000),
  );
});

it('a move whose answer does not come over the live connection is sent again by POST, and applied once', async () => {
  const { page, proxy, tableId, tokens, version } = await pageBehindProxy();
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() === 'POST' && r.url().endsWith('/actions') && posts.push(r.postData() ?? '')));
  proxy.hold(); // the socket stays open but passes nothing: the move sent over it waits in the proxy
  const clickedAt = performance.now();
  await page.locator('[data-action="double"][data-double="false"]:enabled').click({ timeout: 5_000 });
  await waitForVersion(page, version + 1, 15_000);
  console.log(`held connection → the move answered by POST: ${Math.round(performance.now() - clickedAt)} ms`);
  expect(posts.length, 'the page sent the move again by POST').toBe(1);
  const sent = JSON.parse(posts[0]!) as { id?: string; version?: number; type?: string };
  expect(sent).toMatchObject({ type: 'double', double: false, version });
  expect(sent.id, 'the POST carries an id (the one of the held socket message, as the version check below shows)').toMatch(/\S/);

  // Now the held message reaches the server too: same id, so it is not applied again.
  proxy.release();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect((await readView(base, tableId, tokens[0]!)).version, "the server's version after the held message arrived").toBe(version + 1);
  await expectLive(page, 'seat 0 after the release');
  expect((await tableAttributes(page)).version).toBe(version + 1);
  expectNoProblems([page]);
});
