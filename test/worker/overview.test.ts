/**
 * POST /api/tables/overview (routes/overview.ts): several links answered in one request, in
 * order, each from its own view and never with more than that view shows (R10.2); the
 * request's limits; and its charge to READ_LIMITER, one read per link.
 */
import { describe, expect, it } from 'vitest';
import wranglerToml from '../../wrangler.toml?raw';
import { cardCodesIn } from '../../shared/view.js';
import { OVERVIEW_MAX_LINKS, type OverviewEntry, type TableSummary } from '../../worker/model/contract.js';
import { OverviewSchema } from '../../worker/schemas/index.js';
import { postAdmin } from './admin-support.js';
import {
  createTable,
  expectError,
  handMade,
  playActions,
  postJson,
  randomIp,
  request,
  tableFor,
  view,
  type CreatedTable,
  type TableView,
} from './support.js';

interface Link {
  tableId: string;
  token: string;
}

const overview = (links: unknown, ip: string = randomIp()): Promise<Response> =>
  postJson('/api/tables/overview', { links }, { 'cf-connecting-ip': ip });

async function tablesOf(links: Link[]): Promise<OverviewEntry[]> {
  const res = await overview(links);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as { tables: OverviewEntry[] };
  const parsed = OverviewSchema.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(body.tables.map((entry) => entry.tableId)).toEqual(links.map((link) => link.tableId));
  return body.tables;
}

const summary = (entry: OverviewEntry | undefined): TableSummary => {
  expect(entry?.ok, JSON.stringify(entry)).toBe(true);
  return entry as TableSummary;
};

const seatLinks = (table: CreatedTable): Link[] => [
  ...table.seats.map(({ token }) => ({ tableId: table.tableId, token })),
  { tableId: table.tableId, token: table.spectator.token },
];

/** What a single GET /api/tables/{id} answers for a link: its error code, or null for 200. */
async function getCode({ tableId, token }: Link): Promise<string | null> {
  const res = await request(`/api/tables/${tableId}`, { headers: { authorization: `Bearer ${token}`, 'cf-connecting-ip': randomIp() } });
  const body = (await res.json()) as { error?: { code: string } };
  return res.status === 200 ? null : body.error!.code;
}

const postVacation = (tableId: string, token: string, hours: number): Promise<Response> =>
  postJson(`/api/tables/${tableId}/vacation`, { hours }, { authorization: `Bearer ${token}`, 'cf-connecting-ip': randomIp() });

async function vacation(tableId: string, token: string, hours: number): Promise<TableView> {
  const res = await postVacation(tableId, token, hours);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as TableView;
}

const SUMMARY_FIELDS = [
  'tableId',
  'ok',
  'name',
  'seat',
  'seats',
  'phase',
  'gameNumber',
  'games',
  'seriesOver',
  'turn',
  'owesMove',
  'version',
  'deadline',
  'lastChangeAt',
  'moveDeadlineHours',
  'ended',
  'vacation',
].sort();

describe('POST /api/tables/overview', () => {
  it("answers every link in the order given: a seat's and a spectator's summary, or the error a single GET would give", async () => {
    const record = handMade('02-raised-contract-kontra-re');
    const a = await createTable({ ...tableFor(record), name: 'Stammtisch', seats: [{ name: 'Vroni' }, { name: 'Sepp' }, { name: 'Resi' }] });
    const b = await createTable({ options: { moveDeadlineHours: 24 } });
    const links: Link[] = [
      { tableId: b.tableId, token: b.seats[1]!.token },
      { tableId: a.tableId, token: b.seats[0]!.token }, // a link of another table: forbidden
      { tableId: a.tableId, token: a.spectator.token },
      { tableId: 'zzzzzzzzzzzzzzzz', token: a.seats[0]!.token }, // no such table
      { tableId: a.tableId, token: 'not-a-token' }, // unauthorized
      { tableId: 'Not an id!', token: a.seats[0]!.token }, // not_found, as the GET of such a path
      { tableId: a.tableId, token: a.seats[0]!.token },
    ];
    const tables = await tablesOf(links);

    for (const [i, link] of links.entries()) {
      const entry = tables[i]!;
      const code = await getCode(link);
      if (code === null) {
        expect(Object.keys(entry).sort(), `links.${i}`).toEqual(SUMMARY_FIELDS);
      } else {
        expect(entry, `links.${i}`).toEqual({ tableId: link.tableId, ok: false, error: { code, message: expect.any(String) } });
      }
    }
    expect(tables.map((entry) => (entry.ok ? 'ok' : entry.error.code))).toEqual([
      'ok',
      'forbidden',
      'ok',
      'not_found',
      'unauthorized',
      'not_found',
      'ok',
    ]);

    const seat0 = summary(tables[6]);
    const own = await view(a.tableId, a.seats[0]!.token);
    expect(seat0).toEqual({
      tableId: a.tableId,
      ok: true,
      name: 'Stammtisch',
      seat: 0,
      seats: [{ name: 'Vroni' }, { name: 'Sepp' }, { name: 'Resi' }],
      phase: own.phase,
      gameNumber: own.gameNumber,
      games: 1,
      seriesOver: false,
      turn: own.turn,
      owesMove: true, // the doubling window: every seat decides
      version: 0,
      deadline: null,
      lastChangeAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      moveDeadlineHours: null,
      ended: false,
      vacation: { until: null, hoursLeft: 72, hoursAvailable: 72 },
    });
    expect(summary(tables[2])).toMatchObject({ seat: null, owesMove: false, name: 'Stammtisch', vacation: null });
    const other = summary(tables[0]);
    expect(other.seat).toBe(1);
    expect(other.deadline).toBe((await view(b.tableId, b.seats[1]!.token)).deadline);
    expect(Date.parse(other.deadline!)).toBe(Date.parse(other.lastChangeAt) + 24 * 3600_000);
  });

  it('owesMove is true for the seat the game waits for only, not for a defender who may merely say kontra (R8.1)', async () => {
    const record = handMade('02-raised-contract-kontra-re');
    const table = await createTable(tableFor(record));
    // Doubling, auction, discard and the contract: the declarer (seat 2) leads, the defenders may say kontra.
    await playActions(table, record.actions.slice(0, 8), 0);
    const views = await Promise.all(table.seats.map(({ token }) => view(table.tableId, token)));
    expect(views[0]!.legalActions.map((a) => a.type)).toEqual(['kontra']);
    expect(views[2]!.turn).toBe(2);
    const tables = await tablesOf(seatLinks(table));
    expect(tables.map((entry) => summary(entry).owesMove)).toEqual([false, false, true, false]);
    expect(tables.map((entry) => summary(entry).turn)).toEqual([2, 2, 2, 2]);

    // The kontra makes the declarer decide on re: still the declarer's move, nobody else's.
    await playActions(table, record.actions.slice(8, 10), 8);
    expect((await tablesOf(seatLinks(table))).map((entry) => summary(entry).owesMove)).toEqual([false, false, true, false]);
    await playActions(table, record.actions.slice(10, 11), 10);
    expect((await tablesOf(seatLinks(table))).map((entry) => summary(entry).owesMove)).toEqual([true, false, false, false]);
  });

  it('names no card at any point of a game, for any link (R10.2)', async () => {
    const record = handMade('02-raised-contract-kontra-re');
    const table = await createTable(tableFor(record));
    const links = seatLinks(table);
    const checkpoints = [0, 3, 8, 10, 14, record.actions.length];
    let done = 0;
    for (const at of checkpoints) {
      await playActions(table, record.actions.slice(done, at), done);
      done = at;
      const tables = await tablesOf(links);
      expect([...cardCodesIn(tables)], `after ${at} actions`).toEqual([]);
      // The views of the same moment do hold cards: the check above can fail.
      if (at < record.actions.length) expect(cardCodesIn(await view(table.tableId, table.seats[0]!.token)).size).toBeGreaterThan(0);
    }
    const over = await tablesOf(links);
    expect(over.map((entry) => summary(entry).phase)).toEqual(['finished', 'finished', 'finished', 'finished']);
    expect(over.map((entry) => summary(entry).seriesOver)).toEqual([true, true, true, true]);
    // No vacation can be taken once the series is over (409): none is offered.
    expect(over.map((entry) => summary(entry).vacation?.hoursAvailable ?? null)).toEqual([0, 0, 0, null]);
    await expectError(postVacation(table.tableId, table.seats[0]!.token, 1), 409, 'conflict');
  });

  it("gives the link's own vacation as its view does, and hoursAvailable is exactly what POST …/vacation takes now", async () => {
    const table = await createTable({
      seats: [{ name: 'Anni' }, { name: 'Bert', bot: 'easy' }, { name: 'Xaver' }],
      options: { moveDeadlineHours: 24, vacationHours: 30 },
    });
    const [anni, bert, xaver] = table.seats.map(({ token }) => ({ tableId: table.tableId, token }));
    const taken = await vacation(table.tableId, anni!.token, 10);
    const until = taken.seats[0]!.vacationUntil;
    expect(until).not.toBeNull();

    const [own, bot, other, spectator] = (await tablesOf([anni!, bert!, xaver!, { tableId: table.tableId, token: table.spectator.token }])).map(
      summary,
    );
    // 20 hours left; the running vacation gives back its 9 whole hours not yet begun (its first one has begun).
    expect(own!.vacation).toEqual({ until, hoursLeft: 20, hoursAvailable: 29 });
    expect(own).toMatchObject({ moveDeadlineHours: 24, ended: false });
    expect(bot!.vacation, "a bot's seat takes no vacation").toBeNull();
    expect(other!.vacation, "another seat's vacation is not this link's").toEqual({ until: null, hoursLeft: 30, hoursAvailable: 30 });
    expect(spectator!.vacation).toBeNull();

    // What it says may be asked for is what the table takes: one hour more is refused.
    expect(await expectError(postVacation(table.tableId, anni!.token, 30), 409, 'conflict')).toContain('29 hours');
    const replaced = await vacation(table.tableId, anni!.token, 29);
    expect(replaced.seats[0]!.vacationHoursLeft).toBe(0);
    expect(summary((await tablesOf([anni!]))[0]).vacation).toMatchObject({ hoursLeft: 0, hoursAvailable: 28 });
  });

  it('says when the admin ended the table', async () => {
    const table = await createTable({ options: { moveDeadlineHours: 24 } });
    const link = { tableId: table.tableId, token: table.seats[0]!.token };
    expect(summary((await tablesOf([link]))[0]).ended).toBe(false);
    expect((await postAdmin(table.tableId, table.admin.token, { type: 'end' })).status).toBe(200);
    expect(summary((await tablesOf([link]))[0])).toMatchObject({ ended: true, moveDeadlineHours: 24 });
  });

  it(`refuses with 400 what is not 1 to ${OVERVIEW_MAX_LINKS} distinct links, naming the problem`, async () => {
    const table = await createTable();
    const many = Array.from({ length: OVERVIEW_MAX_LINKS + 1 }, (_, i) => ({ tableId: `t${i}`, token: table.seats[0]!.token }));
    expect(await expectError(overview(many), 400, 'bad_request')).toContain(`at most ${OVERVIEW_MAX_LINKS} links`);
    expect((await overview(many.slice(0, OVERVIEW_MAX_LINKS))).status).toBe(200);
    expect(await expectError(overview([]), 400, 'bad_request')).toContain('at least one link');

    const links = seatLinks(table);
    const duplicated = await expectError(overview([...links, links[1]]), 400, 'bad_request');
    expect(duplicated).toContain('links.4');
    expect(duplicated).toContain('links.1');

    await expectError(overview([{ tableId: table.tableId }]), 400, 'bad_request');
    await expectError(overview([{ tableId: table.tableId, token: 7 }]), 400, 'bad_request');
    await expectError(overview([{ ...links[0], seat: 0 }]), 400, 'bad_request');
    await expectError(overview('all of them'), 400, 'bad_request');
    await expectError(postJson('/api/tables/overview', { links, more: true }), 400, 'bad_request');
    await expectError(
      request('/api/tables/overview', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ links }) }),
      415,
      'unsupported_media_type',
    );
  });
});

describe('POST /api/tables/overview and READ_LIMITER', () => {
  const read = (() => {
    const found = /name\s*=\s*"READ_LIMITER"[^[]*?simple\s*=\s*\{\s*limit\s*=\s*(\d+)\s*,\s*period\s*=\s*(\d+)/.exec(wranglerToml);
    if (found === null) throw new Error('wrangler.toml has no READ_LIMITER');
    return { limit: Number(found[1]), period: Number(found[2]) };
  })();

  /** Links that need no table (ids no table can have): the limiter is what is measured. */
  const linksOf = (count: number): Link[] => Array.from({ length: count }, (_, i) => ({ tableId: `nothing-${i}`, token: 'x' }));

  /**
   * Overviews of `count` links from one new client until the first 429, after `spent` reads
   * spent by overviews of OVERVIEW_MAX_LINKS links: how many were answered. Few requests, so
   * that a run ends within one window on a starved machine too (121 overviews of one link,
   * beside three other runs, did not end within 10 s in a busy run: no 429 came).
   */
  async function answeredUntilRefused(count: number, spent = 0): Promise<{ answered: number; window: number; refusal: Response }> {
    const ip = randomIp();
    const window = Math.floor(Date.now() / (read.period * 1000));
    for (let i = 0; i < spent / OVERVIEW_MAX_LINKS; i++) expect((await overview(linksOf(OVERVIEW_MAX_LINKS), ip)).status).toBe(200);
    for (let answered = 0; answered <= read.limit; answered++) {
      const res = await overview(linksOf(count), ip);
      if (res.status === 429) return { answered, window, refusal: res };
      expect(res.status, await res.text()).toBe(200);
    }
    throw new Error(`no 429 after ${read.limit + 1} overviews of ${count} links`);
  }

  /** Waits for the first second of a window of READ_LIMITER's: a run started then ends within it. */
  async function windowStart(): Promise<void> {
    const into = Date.now() % (read.period * 1000);
    if (into > 1_000) await new Promise((resolve) => setTimeout(resolve, read.period * 1000 - into + 50));
  }

  it(`charges one read per link: ${OVERVIEW_MAX_LINKS} links cost what ${OVERVIEW_MAX_LINKS} GETs do`, { timeout: 120_000 }, async () => {
    // Links of one: after 100 reads by two overviews of 50, the 20 left are 20 overviews.
    const spent = 2 * OVERVIEW_MAX_LINKS;
    // The run of one link alone in its window, then the three short ones: four at once did not end within 10 s under load.
    const runs: Awaited<ReturnType<typeof answeredUntilRefused>>[] = [];
    for (const batch of [
      [[1, spent]],
      [
        [10, 0],
        [11, 0],
        [OVERVIEW_MAX_LINKS, 0],
      ],
    ] as const) {
      await windowStart();
      runs.push(...(await Promise.all(batch.map(([count, before]) => answeredUntilRefused(count, before)))));
      const window = Math.floor(Date.now() / (read.period * 1000));
      for (const run of runs.slice(-batch.length)) expect(run.window, 'ended in the window it began in').toBe(window);
    }
    // One window serves as many table reads to a client as its GETs would: never more.
    expect(runs.map((run) => run.answered)).toEqual([
      read.limit - spent, // 1 link: 1 read
      read.limit / 10, // 10 links: 10 reads
      Math.floor(read.limit / 11),
      Math.floor(read.limit / OVERVIEW_MAX_LINKS),
    ]);
    for (const { refusal } of runs) {
      expect(refusal.headers.get('retry-after')).toBe(String(read.period));
      await expectError(refusal, 429, 'rate_limited');
    }
  });

  it('shares the budget of GET /api/tables/{id}', { timeout: 60_000 }, async () => {
    const table = await createTable();
    const ip = randomIp();
    await windowStart();
    const get = () =>
      request(`/api/tables/${table.tableId}`, { headers: { authorization: `Bearer ${table.spectator.token}`, 'cf-connecting-ip': ip } });
    // 100 reads by two overviews of 50, then GETs to 3 reads left: few requests, so that all end within one window.
    for (let i = 0; i < 2; i++) expect((await overview(linksOf(OVERVIEW_MAX_LINKS), ip)).status).toBe(200);
    for (let i = 0; i < read.limit - 3 - 2 * OVERVIEW_MAX_LINKS; i++) expect((await get()).status).toBe(200);
    expect((await overview(linksOf(2), ip)).status).toBe(200); // 2 of the 3 reads left
    await expectError(overview(linksOf(2), ip), 429, 'rate_limited'); // 2 reads: one more than is left
    await expectError(get(), 429, 'rate_limited');
  });
});
