/**
 * Which source files the move of one card runs through, from the Worker's route to the
 * answer: the istanbul counters (vitest.move-path.config.ts) read before and after one
 * `POST …/actions` that plays a card, and every file whose counters moved listed. Not part
 * of `npm test`: `npm run move-path` prints the list and its length (README "Measured").
 */
import { expect, it } from 'vitest';
import { createTable, handMade, playActions, postAction, tableFor } from '../worker/support.js';

type Counters = Record<string, { s: Record<string, number> }>;

const counters = (): Counters =>
  (globalThis as unknown as { __VITEST_COVERAGE__?: Counters; __coverage__?: Counters }).__VITEST_COVERAGE__ ??
  (globalThis as unknown as { __coverage__: Counters }).__coverage__;

const snapshot = (): Map<string, number> =>
  new Map(Object.entries(counters() ?? {}).map(([file, c]) => [file, Object.values(c.s).reduce((a, b) => a + b, 0)]));

it('one card from route to answer', async () => {
  const game = handMade('01-hold-stage1-overtrump');
  const table = await createTable(tableFor(game));
  // Up to a card in the middle of a trick (not one that ends a trick or the game), then settle.
  const at = game.actions.findIndex(
    (a, i) => i > 12 && a.action.type === 'play' && game.actions[i + 1]?.action.type === 'play' && game.actions[i + 2]?.action.type === 'play',
  );
  await playActions(table, game.actions.slice(0, at), 0);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = snapshot();
  const { seat, action } = game.actions[at]!;
  const res = await postAction(table.tableId, table.seats[seat]!.token, { ...action, version: at });
  expect(res.status).toBe(200);
  await res.text();
  const after = snapshot();
  const touched = [...after]
    .filter(([file, n]) => n > (before.get(file) ?? 0))
    .map(([file]) => file.replace(/^.*?\/(worker|shared)\//, '$1/'))
    .filter((file) => /^(worker|shared)\//.test(file))
    .sort();
  console.log(`MOVE-PATH ${JSON.stringify(touched)}`);
  expect(touched.length).toBeGreaterThan(0);
});
