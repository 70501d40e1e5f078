/**
 * R7.12 in Chromium: a fixed deal (TEST_DEALS) played through the API to an ending where the
 * declarer, seat 1, holds the only trumps left. With trickHistory "all" its page shows "Claim
 * the rest", computed in the browser from its own view by the engine's verdict (a chunk loaded
 * only then), and two taps end the game, settled as played out. With "last" the declarer cannot
 * see that the first trick's H8 is gone: the check runs (its chunk is loaded) and no control
 * appears. The moves before the claim go through the API (setup).
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import type { CardCode } from '../../shared/cards.js';
import { actThroughApi, createTable, expectNoProblems, openPage, readView, useChromium, waitForVersion, type CreatedTable } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

const hand = (text: string) => text.split(' ') as CardCode[];
const HANDS: [CardCode[], CardCode[], CardCode[]] = [
  hand('E9 E8 E7 G9 G8 G7 SO SU S10 S9'),
  hand('HA HK HO HU H10 H9 H7 EA GA SA'),
  hand('H8 EK EO EU E10 GK GO GU G10 SK'),
];
/** Seat 1 declares 6 and leads HU (hearts trump); six tricks on it holds HA HK HO H7, every other heart gone. */
const SCRIPT: [number, Record<string, unknown>][] = [
  [1, { type: 'bid', bid: '6' }],
  [2, { type: 'pass' }],
  [0, { type: 'pass' }],
  [1, { type: 'discard', cards: ['S8', 'S7'] }],
  [1, { type: 'declare', contract: '6' }],
  ...['1 HU 2 H8 0 E9', '1 H10 2 EK 0 E8', '1 H9 2 EO 0 E7', '1 EA 2 EU 0 G9', '1 GA 2 GK 0 G8', '1 SA 2 SK 0 S9'].flatMap((trick) => {
    const [a, x, b, y, c, z] = trick.split(' ');
    return [
      [Number(a), { type: 'play', card: x }],
      [Number(b), { type: 'play', card: y }],
      [Number(c), { type: 'play', card: z }],
    ] as [number, Record<string, unknown>][];
  }),
];

async function ending(trickHistory: 'all' | 'last'): Promise<CreatedTable> {
  const created = await createTable(base, {
    name: `claims ${trickHistory}`,
    options: { games: 1, doubling: false, kontra: false, trickHistory },
    deals: [{ hands: HANDS, stock: ['S8', 'S7'] }],
  });
  for (const [version, [seat, action]] of SCRIPT.entries())
    await actThroughApi(base, created.tableId, created.seats[seat]!.token, { ...action, version });
  return created;
}

/** Opens seat 1's page on the ending and waits until its later parts (the move log) are there; notes whether the claim's chunk was fetched. */
async function declarersPage(created: CreatedTable): Promise<{ page: Page; claimChunk: () => boolean }> {
  const context = await chromium.context('desktop');
  let fetched = false;
  context.on('request', (request) => {
    if (/\/assets\/(ClaimRest|claims)-[\w-]+\.js$/.test(new URL(request.url()).pathname)) fetched = true;
  });
  const page = await openPage(context, created.seats[1]!.url, 'seat 1');
  await waitForVersion(page, SCRIPT.length, 10_000);
  await page.locator('[data-move-log]').first().waitFor({ state: 'attached', timeout: 10_000 });
  return { page, claimChunk: () => fetched };
}

it('R7.12: the declarer sure of the rest sees "Claim the rest"; two taps end the game, settled as played out', async () => {
  const created = await ending('all');
  const { page, claimChunk } = await declarersPage(created);
  const claim = page.locator('[data-action="claim"]');
  await claim.waitFor({ state: 'visible', timeout: 10_000 });
  expect(claimChunk()).toBe(true);
  await claim.click();
  await expect.poll(() => claim.getAttribute('data-armed')).toBe('');
  await claim.click();
  await waitForVersion(page, SCRIPT.length + 1, 10_000);
  const after = await readView(base, created.tableId, created.seats[1]!.token);
  expect(after).toMatchObject({ phase: 'finished', seriesOver: true, settlement: { payments: [-10, 20, -10], pot: 0 } });
  expect(after.moves.at(-1)).toEqual({ seat: 1, type: 'claim' });
  await page.locator('[data-result]').first().waitFor({ state: 'visible', timeout: 10_000 });
  expect(await page.locator('[data-action="claim"]').count()).toBe(0);
  expectNoProblems([page]);
});

it('R7.12, R10.2: not sure from the declarer’s own view (trickHistory last): the check runs, no control appears', async () => {
  const created = await ending('last');
  const { page, claimChunk } = await declarersPage(created);
  // The check ran in the page (its chunk loaded) and marked its verdict.
  await page.locator('[data-claim="not-sure"]').waitFor({ state: 'attached', timeout: 10_000 });
  expect(claimChunk()).toBe(true);
  expect(await page.locator('[data-action="claim"]').count()).toBe(0);
  // The page still offers the cards: the game goes on.
  expect(await page.locator('[data-card="HA"]').count()).toBeGreaterThan(0);
  expectNoProblems([page]);
});
