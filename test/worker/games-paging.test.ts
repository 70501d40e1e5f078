/**
 * GET …/games a page at a time (API.md "History paging"): `limit` (default 20, maximum 100)
 * and `before` (a dealIndex); games oldest first within a page; `next` while older games
 * remain. One table plays 25 finished games (all-pass redeals with the pot, and the forced
 * games after the last redeal allowed), its moves chosen by the engine from the same fixed
 * deals; then every page is read through the API, and from D1 as History reads it.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Action } from '../../shared/actions.js';
import { shuffleDeal, type Deal } from '../../shared/deal.js';
import { legalActions } from '../../shared/game.js';
import type { Seat } from '../../shared/options.js';
import { applySeriesAction, dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { History } from '../../worker/history/writer.js';
import { GamesSchema } from '../../worker/schemas/index.js';
import { act, clientIpOf, createTable, eventually, expectError, request, type CreatedTable, type PublishedGame } from './support.js';

const FINISHED = 25;
const OPTIONS = { doubling: false, allPass: 'pot', maxRedeals: 10, games: 99 } as const;

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/**
 * Plays until `finished` games are over: everybody passes while they may (a redeal, R5.2),
 * otherwise the first legal action (the forced game after the last redeal, R5.4). The
 * engine follows the table with the same deals, so no view needs to be read.
 */
async function playGames(table: CreatedTable, deals: readonly Deal[], finished: number): Promise<void> {
  let series: SeriesState = must(dealNextGame(must(startSeries(OPTIONS)), deals[0]));
  let dealt = 1;
  let version = 0;
  while (series.records.length < finished) {
    const game = series.game!;
    const [seat, action] = ([0, 1, 2] as Seat[])
      .map((s) => [s, legalActions(game, s).filter((a) => a.type !== 'kontra')] as const)
      .filter(([, legal]) => legal.length > 0)
      .map(([s, legal]): [Seat, Action] => [s, legal.find((a) => a.type === 'pass') ?? legal[0]!])[0]!;
    await act(table.tableId, table.seats[seat]!.token, { ...action, version: version++ });
    series = must(applySeriesAction(series, seat, action));
    if (series.status === 'awaitingDeal') series = must(dealNextGame(series, deals[dealt++]));
  }
}

interface Page {
  games: PublishedGame[];
  next?: number;
}

let table: CreatedTable;

const getPage = (query: string) =>
  request(`/api/tables/${table.tableId}/games${query}`, {
    headers: { authorization: `Bearer ${table.spectator.token}`, 'cf-connecting-ip': clientIpOf(table.spectator.token) },
  });

async function page(query: string): Promise<Page> {
  const res = await getPage(query);
  const text = await res.text();
  expect(res.status, `${query}: ${text}`).toBe(200);
  const body = JSON.parse(text) as Page;
  const parsed = GamesSchema.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return body;
}

const indices = (games: readonly { dealIndex: number }[]) => games.map((g) => g.dealIndex);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

beforeAll(async () => {
  const deals = Array.from({ length: FINISHED + 1 }, () => shuffleDeal());
  table = await createTable({ options: OPTIONS, deals });
  await playGames(table, deals, FINISHED);
}, 60_000);

describe('GET …/games?limit&before', () => {
  it('without a query: the 20 newest, oldest first, and next', async () => {
    const first = await page('');
    expect(indices(first.games)).toEqual(range(FINISHED - 20, FINISHED));
    expect(first.next).toBe(FINISHED - 20);
    const rest = await page(`?before=${first.next}`);
    expect(indices(rest.games)).toEqual(range(0, FINISHED - 20));
    expect('next' in rest).toBe(false);
  });

  it('pages through every game once by following next, each page oldest first', async () => {
    const all = await page('?limit=100');
    expect(indices(all.games)).toEqual(range(0, FINISHED));
    expect('next' in all).toBe(false);
    const pages: Page[] = [];
    let query = '?limit=7';
    for (let guard = 0; guard < 10; guard++) {
      const current = await page(query);
      pages.unshift(current);
      if (current.next === undefined) break;
      query = `?limit=7&before=${current.next}`;
    }
    expect(pages.map((p) => indices(p.games))).toEqual([range(0, 4), range(4, 11), range(11, 18), range(18, 25)]);
    expect(pages.map((p) => p.next)).toEqual([undefined, 4, 11, 18]);
    // The same records as the whole list.
    expect(pages.flatMap((p) => p.games)).toEqual(all.games);
  });

  it('next is there exactly while older games remain; before past the newest or at 0', async () => {
    expect((await page(`?limit=${FINISHED}`)).next).toBeUndefined();
    expect(await page(`?limit=${FINISHED - 1}`)).toMatchObject({ next: 1 });
    expect(indices((await page('?limit=1')).games)).toEqual([FINISHED - 1]);
    expect(await page('?before=0')).toEqual({ games: [] });
    expect(indices((await page('?limit=3&before=1')).games)).toEqual([0]);
    const beyond = await page('?limit=5&before=1000');
    expect(indices(beyond.games)).toEqual(range(FINISHED - 5, FINISHED));
    expect(beyond.next).toBe(FINISHED - 5);
  });

  it('refuses a limit or before that is not a whole number in range with 400 naming the parameter', async () => {
    for (const limit of ['0', '101', '1000', '-1', '1.5', 'abc', '', '1e2', ' 5', '0x10', '5abc']) {
      expect(await expectError(getPage(`?limit=${encodeURIComponent(limit)}`), 400, 'bad_request'), `limit=${limit}`).toMatch(/^limit: /);
    }
    for (const before of ['-1', 'x', '1.5', '', '1e3']) {
      expect(await expectError(getPage(`?before=${encodeURIComponent(before)}`), 400, 'bad_request'), `before=${before}`).toMatch(/^before: /);
    }
    expect(await expectError(getPage('?limit=101'), 400, 'bad_request')).toBe('limit: must be a whole number from 1 to 100');
    expect((await page('?limit=100&before=25')).games).toHaveLength(FINISHED);
  });

  it('is documented in the OpenAPI document: default 20, maximum 100', async () => {
    const doc = (await (await request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { description: string; parameters: { name: string; in: string; schema: Record<string, unknown> }[] }>>;
    };
    const operation = doc.paths['/api/tables/{id}/games']!.get!;
    expect(operation.description).toMatch(/default 20, maximum 100/);
    const limit = operation.parameters.find((p) => p.name === 'limit' && p.in === 'query')!;
    expect(limit.schema).toMatchObject({ default: 20, maximum: 100, minimum: 1 });
    expect(operation.parameters.some((p) => p.name === 'before' && p.in === 'query')).toBe(true);
  });
});

describe('History.games(tableId, page): one page from D1', () => {
  it('reads the limit newest before `before`, oldest first, and next while D1 holds older ones', async () => {
    const history = new History(env.DB, env.RECORDS);
    await eventually(async () => ((await history.games(table.tableId)).length === FINISHED ? true : undefined), 'every game in D1', 10_000);
    const all = await history.games(table.tableId);
    expect(indices(all)).toEqual(range(0, FINISHED));
    const newest = await history.games(table.tableId, { limit: 7 });
    expect(indices(newest.games)).toEqual(range(18, 25));
    expect(newest.next).toBe(18);
    expect(newest.games).toEqual(all.slice(18));
    expect(await history.games(table.tableId, { before: 18, limit: 7 })).toEqual({ games: all.slice(11, 18), next: 11 });
    expect(await history.games(table.tableId, { before: 7, limit: 7 })).toEqual({ games: all.slice(0, 7) });
    expect(await history.games(table.tableId, { before: 4, limit: 7 })).toEqual({ games: all.slice(0, 4) });
    expect(await history.games(table.tableId, { limit: 100 })).toEqual({ games: all });
    expect(await history.games(table.tableId, { before: 0, limit: 7 })).toEqual({ games: [] });
  });
});
