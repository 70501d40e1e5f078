/**
 * The operator's counters (worker/ops/metrics.ts): what is written to the Analytics Engine
 * binding OPS_METRICS for each kind of event, watched at the binding itself (the Worker and
 * the tables' Durable Objects share it here), and that no point ever holds a token, an
 * address, a URL, a card or a table id. Locally the binding sends its points nowhere.
 */
import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTION_TYPES } from '../../shared/actions.js';
import { CARD_CODES } from '../../shared/cards.js';
import type { Seat } from '../../shared/options.js';
import { ERROR_CODES } from '../../worker/model/errors.js';
import { OUTBOX_GIVE_UP_MS } from '../../worker/history/outbox.js';
import { dataPointOf, LIMITER_NAMES } from '../../worker/ops/metrics.js';
import { TableObject } from '../../worker/table/table-object.js';
import {
  confirmAt,
  connect,
  createTable,
  eventually,
  expectError,
  handMade,
  HAND_MADE_PAIRS,
  newAddress,
  playActions,
  postAction,
  postJson,
  putNotifications,
  request,
  sql,
  tableFor,
  tableStub,
  view,
  type CreatedTable,
} from './support.js';

/** Every data point written to OPS_METRICS from now on. */
function points(): AnalyticsEngineDataPoint[] {
  const written: AnalyticsEngineDataPoint[] = [];
  vi.spyOn(env.OPS_METRICS, 'writeDataPoint').mockImplementation((point) => {
    written.push(structuredClone(point ?? {}));
  });
  return written;
}

/** How many points of `event` with these words (blob2, blob3 …) were written. */
const countOf = (written: AnalyticsEngineDataPoint[], event: string, ...words: string[]) =>
  written.filter((p) => p.blobs?.[0] === event && words.every((w, i) => p.blobs?.[i + 1] === w)).length;

/** Every word a point may hold, as this test knows them (independently of metrics.ts's list). */
const WORDS = new Set<string>([
  ...['table_created', 'table_woken', 'game_started', 'game_finished', 'action', 'refusal', 'delivery', 'dead_letter', 'rate_limited'],
  ...ACTION_TYPES,
  ...['seat', 'bot', 'timeout', 'forced', 'http', 'socket', 'game', 'table'],
  ...ERROR_CODES,
  ...['webhook', 'email', 'push', 'digest', 'sent', 'failed', 'gone', 'dropped', 'queued'],
  ...LIMITER_NAMES,
]);

const GAME = handMade('01-hold-stage1-overtrump');

afterEach(() => vi.restoreAllMocks());

describe('what is counted', () => {
  it('a game with mail, webhooks and refusals: each event once, and no point holds a token, an address, a URL, a card or the table id', async () => {
    const written = points();
    const mails: string[] = [];
    vi.spyOn(TableObject.prototype as unknown as { sendEmail(message: { text: string }): Promise<void> }, 'sendEmail').mockImplementation(
      async (message) => void mails.push(message.text),
    );
    // Seat 0's receiver takes every post; seat 1's fails each time (retried later, so "failed").
    const hooks: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new Request(input, init).url;
      hooks.push(url);
      return new Response(null, { status: url.endsWith('/1') ? 500 : 204 });
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const address = newAddress('counted');
    const table = await createTable(tableFor(GAME, { seats: [{}, {}, { email: address }] }));
    const hookUrl = (seat: Seat) => `https://hooks.example.com/wallachen/${table.tableId}/${seat}`;
    for (const seat of [0, 1] as const)
      expect((await putNotifications(table.tableId, table.seats[seat]!.token, { webhookUrl: hookUrl(seat) })).status).toBe(200);
    await confirmAt(table, address);

    // Refusals: no token, a stranger's token, an action against the rules, a malformed body, an endpoint that does not exist.
    const seat0 = table.seats[0]!.token;
    await expectError(postJson(`/api/tables/${table.tableId}/actions`, { type: 'pass' }), 401, 'unauthorized');
    await expectError(postAction(table.tableId, 'x'.repeat(43), { type: 'pass' }), 403, 'forbidden');
    await expectError(postAction(table.tableId, seat0, { type: 'kontra', version: 0 }), 422, 'illegal_action');
    await expectError(postAction(table.tableId, seat0, { type: 'play' }), 400, 'bad_request');
    await expectError(request(`/api/tables/${table.tableId}/nothing-here`), 404, 'not_found');

    await playActions(table, GAME.actions, 0);
    // Seat 1's webhook keeps failing: its deliveries wait for their retries, so the test waits for what was attempted.
    const attempted = () =>
      countOf(written, 'delivery', 'webhook', 'sent') > 0 &&
      countOf(written, 'delivery', 'webhook', 'failed') > 0 &&
      countOf(written, 'delivery', 'email', 'sent') > 1;
    await eventually(async () => (attempted() ? true : undefined), 'the webhooks and the turn mail attempted');

    expect(countOf(written, 'table_created')).toBe(1);
    expect(countOf(written, 'game_started')).toBe(1);
    expect(countOf(written, 'game_finished')).toBe(1);
    expect(countOf(written, 'action')).toBe(GAME.actions.length);
    expect(countOf(written, 'action', 'play', 'seat')).toBe(GAME.actions.filter((a) => a.action.type === 'play').length);
    for (const code of ['unauthorized', 'forbidden', 'illegal_action', 'bad_request', 'not_found'])
      expect(countOf(written, 'refusal', code, 'http'), code).toBe(1);

    // Every word is one this test knows; none is "other" (a value the counters refused to write).
    // An action's point also carries the rows its commit wrote and read, as the runtime counted them (storage/row-meter.ts).
    for (const point of written) {
      expect(point.indexes).toEqual([point.blobs![0]]);
      if (point.blobs![0] === 'action') expect(point.doubles).toEqual([1, expect.any(Number), expect.any(Number)]);
      else expect(point.doubles).toEqual([1]);
      for (const blob of point.blobs!) expect(WORDS.has(String(blob)), String(blob)).toBe(true);
    }
    const text = JSON.stringify(written);
    const secrets = [table.tableId, address, hookUrl(0), hookUrl(1), ...table.seats.map((s) => s.token), table.spectator.token, table.admin.token];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/https?:|@|\/\//);
    const blobs = new Set(written.flatMap((p) => p.blobs!.map(String)));
    for (const card of CARD_CODES) expect(blobs.has(card), card).toBe(false);
    expect(mails.length).toBeGreaterThan(0);
    expect(hooks.length).toBeGreaterThan(0);
  });

  it('bot seats: their actions counted as "bot"', async () => {
    const table = await createTable({ seats: [{}, { bot: 'strong' }, { bot: 'easy' }], options: { games: 1 } });
    const written = points();
    await runDurableObjectAlarm(tableStub(table.tableId));
    expect(countOf(written, 'action', 'double', 'bot')).toBe(1);
    expect(countOf(written, 'action')).toBe(1);
  });

  it('a refusal over a WebSocket is counted as one over "socket"', async () => {
    const table = await createTable(tableFor(GAME));
    const socket = await connect(table.tableId, table.spectator.token);
    await socket.next(); // its view
    const written = points();
    socket.ws.send(JSON.stringify({ type: 'action', action: { type: 'pass', id: 'spectating', version: 0 } }));
    expect(await socket.next()).toMatchObject({ status: 403, error: { code: 'forbidden' } });
    socket.ws.close(1000, 'done');
    expect(written.map((p) => p.blobs)).toEqual([['refusal', 'forbidden', 'socket']]);
  });

  it('a rate limiter that refuses: counted by its name, and as a refusal', async () => {
    const ip = '10.28.4.1';
    const written = points();
    let res: Response;
    do res = await postJson('/api/tables', {}, { 'cf-connecting-ip': ip });
    while (res.status === 201);
    await expectError(res, 429, 'rate_limited');
    expect(countOf(written, 'rate_limited', 'CREATE_LIMITER')).toBe(1);
    expect(countOf(written, 'refusal', 'rate_limited', 'http')).toBe(1);
  });

  it('a history row given up on after a day: one dead letter', async () => {
    const [redeal, next] = HAND_MADE_PAIRS[0]!.map(handMade) as [ReturnType<typeof handMade>, ReturnType<typeof handMade>];
    const table = await createTable({ options: { ...redeal.options, firstDealer: redeal.dealer, games: 1 }, deals: [redeal.deal, next.deal] });
    const stub = tableStub(table.tableId);
    await eventually(async () => ((await stub.pendingHistory()) === 0 ? true : undefined), 'the table row to reach D1');
    const trigger = `dead_ops_${table.tableId}`;
    await env.DB.exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON games WHEN NEW.table_id = '${table.tableId}' BEGIN SELECT RAISE(ABORT, 'refused (test)'); END`,
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await playActions(table, redeal.actions, 0);
      await eventually(
        async () => ((await sql<{ n: number }>(table, 'SELECT attempts AS n FROM outbox'))[0]?.n ? true : undefined),
        'a failed attempt',
      );
      const written = points();
      await runInDurableObject(
        stub,
        (_i, state) => void state.storage.sql.exec('UPDATE outbox SET queued_at = ?, next_attempt_at = 0', Date.now() - OUTBOX_GIVE_UP_MS - 1),
      );
      await runDurableObjectAlarm(stub);
      // The runtime may have evicted the table meanwhile: its wake is counted too, and is not what this test is about.
      expect(written.filter((p) => p.blobs![0] !== 'table_woken').map((p) => p.blobs)).toEqual([['dead_letter', 'game']]);
    } finally {
      await env.DB.exec(`DROP TRIGGER ${trigger}`);
    }
  });
});

describe('counting never fails a request', () => {
  it('a binding that throws: the table is made, the action taken, the refusal answered as ever; a warning says a point was lost', async () => {
    const write = vi.spyOn(env.OPS_METRICS, 'writeDataPoint').mockImplementation(() => {
      throw new Error('over the 250 points of this invocation');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const table: CreatedTable = await createTable(tableFor(GAME));
    const first = GAME.actions[0]!;
    await playActions(table, [first], 0);
    await expectError(postAction(table.tableId, table.seats[first.seat]!.token, { ...first.action, version: 0 }), 409, 'stale_version');
    expect((await view(table.tableId, table.spectator.token)).version).toBe(1);
    expect(write).toHaveBeenCalled();
    expect(warn.mock.calls.flat().join(' ')).toMatch(/ops metrics: a data point was not written: Error/);
  });

  it('a value not of a word\'s shape is written as "other": never a token, an address, a URL, a card or a table id', () => {
    const values = [
      'k'.repeat(43),
      'Kx9_-3'.repeat(7),
      'sepp@example.com',
      'https://hooks.example.com/w',
      'EA',
      'H10',
      'z85iuqzvhemepqjk',
      'abcdefghijklm',
    ];
    for (const value of values) {
      expect(dataPointOf(['refusal', value, 'http']), value).toEqual({ indexes: ['refusal'], blobs: ['refusal', 'other', 'http'], doubles: [1] });
    }
    expect(dataPointOf(['refusal', 'unsupported_media_type', 'socket']).blobs).toEqual(['refusal', 'unsupported_media_type', 'socket']);
    expect(dataPointOf(['rate_limited', 'ACTION_LIMITER']).blobs).toEqual(['rate_limited', 'ACTION_LIMITER']);
  });
});
