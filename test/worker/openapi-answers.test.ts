/**
 * The contract as a generated client sees it (API.md "The OpenAPI document"): complete games
 * and every endpoint played through the Worker, every answer kind included (refusals, rate
 * limits, the admin's commands and rotations, the mail links, a server without its secrets),
 * and every answer's status, documented headers and body held against /api/openapi.json by a
 * JSON Schema 2020-12 validator (openapi-check.ts), never by the zod schemas it was made from.
 * Every value of every kind of answer is also replaced by values of other types, which the
 * document must refuse: it types all it promises. Webhook bodies are held against its
 * `webhooks`. At the end every (operation, status) the document lists must have been seen.
 */
import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '../../shared/actions.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import type { GameRecord } from '../../shared/record.js';
import { app, MAX_BODY_BYTES } from '../../worker/app.js';
import { SOCKET_LIMITS } from '../../worker/table/sockets/sockets.js';
import { TableObject } from '../../worker/table/table-object.js';
import { newSubscriber } from '../push-crypto.js';
import { ContractCheck, type Exchange } from './openapi-check.js';
import {
  clientIpOf,
  connect,
  deliveriesDone,
  HAND_MADE_SERIES,
  handMade,
  mailLinkPath,
  newAddress,
  ORIGIN,
  randomIp,
  request,
  tableStub,
  type CreatedTable,
  type TableView,
} from './support.js';

let check: ContractCheck;
const exchanges: Exchange[] = [];
let problems: string[] = [];
let loose: string[] = [];

beforeAll(async () => {
  const res = await request('/api/openapi.json');
  expect(res.status).toBe(200);
  check = new ContractCheck(await res.json());
});

beforeEach(() => {
  // Mail goes nowhere: what a mail says is mail.test.ts's business.
  vi.spyOn(TableObject.prototype as unknown as { sendEmail(message: unknown): Promise<void> }, 'sendEmail').mockResolvedValue(undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

/** What the document found wrong since the last call, and empties the lists. */
function found(): { problems: string[]; loose: string[] } {
  const result = { problems, loose };
  problems = [];
  loose = [];
  return result;
}

const NONE = { problems: [], loose: [] };

interface CallOptions {
  /** A link's token: sent as `Authorization: Bearer`, from the link's own client address. */
  readonly token?: string;
  /** Sent as JSON. */
  readonly json?: unknown;
  /** Sent as it is, with `type` as its content type. */
  readonly raw?: string;
  readonly type?: string;
  readonly headers?: Record<string, string>;
  readonly ip?: string;
  /** Bindings to run the app with instead of the test's (a server without its secrets). */
  readonly env?: Env;
}

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
  json<T = Record<string, unknown>>(): T;
}

/** One request to the Worker, checked against the document as it is answered. */
async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers = new Headers(options.headers);
  if (options.token !== undefined) headers.set('authorization', `Bearer ${options.token}`);
  if (!headers.has('cf-connecting-ip'))
    headers.set('cf-connecting-ip', options.ip ?? (options.token === undefined ? randomIp() : clientIpOf(options.token)));
  let body: string | null = null;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  } else if (options.raw !== undefined) {
    body = options.raw;
    headers.set('content-type', options.type ?? 'application/json');
  }
  const init: RequestInit = { method, headers, ...(body === null ? {} : { body }) };
  const res = options.env === undefined ? await request(path, init) : await app.request(`${ORIGIN}${path}`, init, options.env);
  const text = res.status === 101 ? '' : await res.text();
  res.webSocket?.accept();
  res.webSocket?.close(1000, 'checked');
  const exchange: Exchange = {
    method,
    path: path.split('?')[0]!,
    requestType: headers.get('content-type'),
    requestBody: body,
    status: res.status,
    headers: res.headers,
    body: text,
  };
  exchanges.push(exchange);
  problems.push(...check.problems(exchange), ...check.requestProblems(exchange));
  loose.push(...check.looseness(exchange));
  return { status: res.status, text, headers: res.headers, json: <T>() => JSON.parse(text) as T };
}

/** A call that must be answered `status`. */
async function expectCall(status: number, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const answer = await call(method, path, options);
  expect(
    answer.status,
    `${method} ${path} ${options.json === undefined ? '' : JSON.stringify(options.json).slice(0, 200)} → ${answer.text.slice(0, 300)}`,
  ).toBe(status);
  return answer;
}

/** Sends until the answer is 429 (a limiter's window may turn meanwhile: then it takes longer); fails if none comes. */
async function untilRateLimited(send: () => Promise<Answer>, most: number): Promise<Answer> {
  for (let i = 0; i < most; i++) {
    const answer = await send();
    if (answer.status === 429) return answer;
  }
  throw new Error(`no 429 within ${most} requests`);
}

const create = async (body: unknown = {}, ip = randomIp()): Promise<CreatedTable> =>
  (await expectCall(201, 'POST', '/api/tables', { json: body, ip })).json();

const tablePath = (table: CreatedTable, rest = '') => `/api/tables/${table.tableId}${rest}`;

/** The options and deals that play these hand-made games (one, or an all-pass and the game dealt after it) as a one-game series. */
function seriesTable(records: readonly GameRecord[]): { options: TableOptions; deals: GameRecord['deal'][] } {
  const first = records[0]!;
  return { options: { ...first.options, firstDealer: first.dealer, games: 1 }, deals: records.map((r) => r.deal) };
}

/** Every view there is now: the three seats' and the spectators'. */
async function everyView(table: CreatedTable): Promise<void> {
  for (const token of [...table.seats.map((s) => s.token), table.spectator.token]) await expectCall(200, 'GET', tablePath(table), { token });
}

/** Plays `actions` by POST …/actions with the expected version, reading every view whenever the phase changes. */
async function play(table: CreatedTable, actions: readonly { seat: Seat; action: Action }[], fromVersion: number): Promise<number> {
  let version = fromVersion;
  let phase: string | null = null;
  for (const { seat, action } of actions) {
    const view = (
      await expectCall(200, 'POST', tablePath(table, '/actions'), { token: table.seats[seat]!.token, json: { ...action, version } })
    ).json<TableView>();
    version = view.version;
    if (view.phase !== phase) await everyView(table);
    phase = view.phase;
  }
  return version;
}

const GAME = handMade('02-raised-contract-kontra-re');
const oneGame = (extra: Record<string, unknown> = {}) => ({
  options: { ...GAME.options, firstDealer: GAME.dealer, games: 1 },
  deals: [GAME.deal],
  ...extra,
});

describe('every answer validates against the document', () => {
  it(
    'the hand-made games, played to their ends: every action, every view of every seat and the spectators, the games page by page',
    { timeout: 240_000 },
    async () => {
      for (const names of HAND_MADE_SERIES) {
        const records = names.map(handMade);
        const table = await create(seriesTable(records));
        await everyView(table);
        let version = 0;
        for (const record of records) version = await play(table, record.actions, version);
        let before: number | undefined;
        do {
          const page = (
            await expectCall(200, 'GET', tablePath(table, `/games?limit=1${before === undefined ? '' : `&before=${before}`}`), {
              token: table.spectator.token,
            })
          ).json<{
            next?: number;
          }>();
          before = page.next;
        } while (before !== undefined);
      }
      expect(found()).toEqual(NONE);
    },
  );

  it('a webhook is posted what the document says', { timeout: 60_000 }, async () => {
    const posts: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      posts.push(JSON.parse(await new Request(input, init).text()));
      return new Response(null, { status: 204 });
    });
    const table = await create(oneGame());
    for (const seat of table.seats) {
      const answer = await expectCall(200, 'PUT', tablePath(table, '/notifications'), {
        token: seat.token,
        json: { webhookUrl: `http://127.0.0.1:9/hook/${seat.seat}` },
      });
      expect(answer.json()).toHaveProperty('webhookSecret');
    }
    await play(table, GAME.actions, 0);
    await deliveriesDone(table);
    expect(posts.length).toBeGreaterThan(3);
    expect(posts.flatMap((body) => check.webhookProblems('notification', body))).toEqual([]);
    expect(found()).toEqual(NONE);
  });

  it(
    'a seat, the spectators and the admin around a game: notifications, pushes, deliveries, vacation, preferences, chat, overview, oEmbed, health',
    { timeout: 60_000 },
    async () => {
      const table = await create({
        ...oneGame({ name: 'Stammtisch' }),
        seats: [{ name: 'Vroni', email: newAddress('vroni'), lang: 'de' }, { name: 'Sepp' }, { name: 'Resi', bot: 'easy' }],
      });
      const [vroni, sepp] = table.seats as [CreatedTable['seats'][number], CreatedTable['seats'][number]];
      await expectCall(200, 'GET', '/api/health');
      await expectCall(200, 'GET', '/api/push/key');
      const device = await newSubscriber();
      await expectCall(200, 'GET', tablePath(table, '/notifications'), { token: vroni.token });
      await expectCall(200, 'PUT', tablePath(table, '/notifications'), {
        token: sepp.token,
        json: { email: newAddress('sepp'), lang: 'en', mail: 'digest', push: { endpoint: 'http://127.0.0.1:9/push/sepp', keys: device.keys } },
      });
      await expectCall(200, 'PUT', tablePath(table, '/notifications'), {
        token: sepp.token,
        json: { pushRemove: 'http://127.0.0.1:9/push/sepp', mail: 'off' },
      });
      await expectCall(200, 'PUT', tablePath(table, '/notifications'), { token: sepp.token, json: { email: null, webhookUrl: null, push: null } });
      await expectCall(200, 'GET', tablePath(table, '/notifications'), { token: sepp.token });
      await expectCall(200, 'GET', tablePath(table, '/deliveries'), { token: vroni.token });
      await expectCall(200, 'POST', tablePath(table, '/vacation'), { token: vroni.token, json: { hours: 24 } });
      await expectCall(200, 'POST', tablePath(table, '/vacation'), { token: vroni.token, json: { hours: 0 } });
      await expectCall(200, 'PUT', tablePath(table, '/preferences'), { token: sepp.token, json: { autoForced: true } });
      const posted = (await expectCall(201, 'POST', tablePath(table, '/chat'), { token: vroni.token, json: { text: 'Servus!\nGut Blatt.' } })).json<{
        message: { id: number };
      }>();
      await expectCall(200, 'GET', tablePath(table, '/chat'), { token: table.spectator.token });
      await expectCall(200, 'GET', tablePath(table, `/chat?after=${posted.message.id - 1}`), { token: sepp.token });
      await expectCall(200, 'GET', tablePath(table, '/chat?after=0'), { token: sepp.token });
      await expectCall(101, 'GET', tablePath(table, '/ws'), { token: vroni.token, headers: { upgrade: 'websocket' } });
      await expectCall(101, 'GET', tablePath(table, '/ws'), {
        headers: { upgrade: 'websocket', 'sec-websocket-protocol': `wallachen, bearer.${table.spectator.token}` },
      });
      const stranger = await create();
      await expectCall(200, 'POST', '/api/tables/overview', {
        json: {
          links: [
            { tableId: table.tableId, token: vroni.token },
            { tableId: table.tableId, token: table.spectator.token },
            { tableId: stranger.tableId, token: vroni.token },
            { tableId: 'nosuchtable', token: vroni.token },
          ],
        },
      });
      const oembed = (url: string, extra = '') => `/oembed?url=${encodeURIComponent(url)}${extra}`;
      await expectCall(200, 'GET', oembed(table.spectator.url, '&format=json'));
      await expectCall(200, 'GET', oembed(table.spectator.url, '&maxwidth=400&maxheight=360'));
      await expectCall(501, 'GET', oembed(table.spectator.url, '&format=xml'));
      await expectCall(501, 'GET', oembed(table.spectator.url, '&maxwidth=200&maxheight=200'));
      await expectCall(400, 'GET', oembed(vroni.url));
      await expectCall(400, 'GET', '/oembed');
      await expectCall(404, 'GET', oembed(`${ORIGIN}/t/${table.tableId}`));
      await expectCall(200, 'GET', tablePath(table, '/admin'), { token: table.admin.token });
      await expectCall(200, 'POST', tablePath(table, '/admin'), { token: table.admin.token, json: { type: 'options', spectatorEmbeds: false } });
      await expectCall(401, 'GET', oembed(table.spectator.url));
      expect(found()).toEqual(NONE);
    },
  );

  it("the admin's commands and rotations", { timeout: 60_000 }, async () => {
    const table = await create({ ...oneGame(), seats: [{ name: 'Vroni' }, { name: 'Sepp', email: newAddress('sepp') }, { name: 'Resi' }] });
    const admin = (json: unknown, status = 200) => expectCall(status, 'POST', tablePath(table, '/admin'), { token: table.admin.token, json });
    await admin({ type: 'pause' });
    await expectCall(409, 'POST', tablePath(table, '/actions'), { token: table.seats[1]!.token, json: GAME.actions[0]!.action });
    await admin({ type: 'resume' });
    await admin({ type: 'seat', seat: 0, name: 'Vroni B.' });
    await admin({ type: 'seat', seat: 2, bot: 'strong' });
    await admin({ type: 'seat', seat: 2, bot: false });
    const rotated = (await admin({ type: 'rotate', seat: 1 })).json<{ token: string }>();
    await expectCall(401, 'GET', tablePath(table), { token: table.seats[1]!.token });
    await expectCall(200, 'GET', tablePath(table), { token: rotated.token });
    await admin({ type: 'rotate', seat: 'spectator' });
    await admin({
      type: 'options',
      moveDeadlineHours: 24,
      onTimeout: 'wait',
      vacationHours: 10,
      chat: false,
      frameOrigins: ['https://club.example'],
    });
    await admin({ type: 'options', moveDeadlineHours: null });
    await admin({ type: 'newSeries' }, 409);
    await admin({ type: 'seat', seat: 1 }, 400);
    await admin({ type: 'options' }, 400);
    await expectCall(403, 'GET', tablePath(table, '/admin'), { token: table.seats[0]!.token });
    await expectCall(403, 'GET', tablePath(table), { token: table.admin.token });
    await expectCall(403, 'POST', tablePath(table, '/chat'), { token: table.seats[0]!.token, json: { text: 'the chat is off' } });
    const newAdmin = (await admin({ type: 'rotateAdmin' })).json<{ token: string }>();
    await expectCall(401, 'GET', tablePath(table, '/admin'), { token: table.admin.token });
    await expectCall(200, 'POST', tablePath(table, '/admin'), { token: newAdmin.token, json: { type: 'end' } });
    await expectCall(409, 'POST', tablePath(table, '/actions'), { token: table.seats[0]!.token, json: GAME.actions[0]!.action });

    // A new series once one is over: a one-game table of three bots plays alone.
    const bots = await create({ options: { games: 1 }, seats: [{ bot: 'easy' }, { bot: 'easy' }, { bot: 'easy' }] });
    for (let i = 0; i < 200; i++) {
      const view = (await expectCall(200, 'GET', tablePath(bots), { token: bots.spectator.token })).json<TableView>();
      if (view.seriesOver) break;
      await runDurableObjectAlarm(tableStub(bots.tableId));
    }
    await expectCall(200, 'POST', tablePath(bots, '/admin'), { token: bots.admin.token, json: { type: 'newSeries' } });
    await expectCall(403, 'POST', tablePath(bots, '/actions'), { token: bots.seats[0]!.token, json: { type: 'pass' } });
    expect(found()).toEqual(NONE);
  });

  it('the mail links: their pages, the buttons, the one-click unsubscribe, and what they refuse', { timeout: 60_000 }, async () => {
    const address = newAddress('links');
    const table = await create({ ...oneGame(), seats: [{ email: address }, {}, {}] });
    const confirm = await mailLinkPath(address, 'confirm', table.tableId);
    const unsubscribe = await mailLinkPath(address, 'unsubscribe');
    await expectCall(200, 'GET', confirm);
    await expectCall(200, 'POST', confirm, { raw: '', type: 'application/x-www-form-urlencoded', headers: { origin: ORIGIN } });
    await expectCall(403, 'POST', confirm, { raw: '', type: 'application/x-www-form-urlencoded', headers: { origin: 'https://elsewhere.example' } });
    await expectCall(200, 'GET', unsubscribe);
    await expectCall(200, 'POST', unsubscribe, { raw: 'List-Unsubscribe=One-Click', type: 'application/x-www-form-urlencoded' });
    await expectCall(200, 'POST', unsubscribe, { raw: '', type: 'application/x-www-form-urlencoded', headers: { origin: ORIGIN } });
    const [key, , sig] = confirm.split('/').at(-1)!.split('.') as [string, string, string];
    await expectCall(403, 'GET', `/api/mail/confirm/${key}.${table.tableId}.${sig.slice(1)}x`);
    await expectCall(
      403,
      'POST',
      unsubscribe.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      { raw: 'List-Unsubscribe=One-Click', type: 'application/x-www-form-urlencoded' },
    );
    await expectCall(
      403,
      'GET',
      unsubscribe.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    );
    await expectCall(404, 'GET', '/api/mail/confirm/nothing');
    await expectCall(404, 'POST', '/api/mail/confirm/nothing', { raw: '', type: 'application/x-www-form-urlencoded', headers: { origin: ORIGIN } });
    await expectCall(404, 'GET', '/api/mail/unsubscribe/nothing.here');
    await expectCall(404, 'POST', '/api/mail/unsubscribe/nothing.here', {
      raw: 'List-Unsubscribe=One-Click',
      type: 'application/x-www-form-urlencoded',
    });
    await expectCall(410, 'GET', await outdatedConfirmPath(key));
    await expectCall(410, 'POST', await outdatedConfirmPath(key), {
      raw: '',
      type: 'application/x-www-form-urlencoded',
      headers: { origin: ORIGIN },
    });
    await expectCall(413, 'POST', unsubscribe, {
      raw: `List-Unsubscribe=One-Click&x=${'x'.repeat(MAX_BODY_BYTES)}`,
      type: 'application/x-www-form-urlencoded',
    });
    await expectCall(413, 'POST', confirm, {
      raw: 'x'.repeat(MAX_BODY_BYTES + 1),
      type: 'application/x-www-form-urlencoded',
      headers: { origin: ORIGIN },
    });
    expect(found()).toEqual(NONE);
  });

  it('a server without its secrets (TOKEN_SECRET, the VAPID pair, OPS_TOKEN): 503 and 404 as documented', { timeout: 60_000 }, async () => {
    const bare = {
      ...env,
      TOKEN_SECRET: undefined,
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      OPS_TOKEN: undefined,
    } as unknown as Env;
    await expectCall(503, 'POST', '/api/tables', { json: {}, env: bare });
    await expectCall(503, 'GET', '/api/push/key', { env: bare });
    const table = await create(oneGame());
    const device = await newSubscriber();
    await expectCall(503, 'PUT', tablePath(table, '/notifications'), {
      token: table.seats[0]!.token,
      json: { push: { endpoint: 'http://127.0.0.1:9/push/x', keys: device.keys } },
      env: bare,
    });
    await expectCall(503, 'POST', tablePath(table, '/admin'), { token: table.admin.token, json: { type: 'rotate', seat: 0 }, env: bare });
    const address = newAddress('bare');
    const confirm = await mailLinkPath(address, 'confirm', table.tableId);
    const unsubscribe = await mailLinkPath(address, 'unsubscribe');
    await expectCall(503, 'GET', confirm, { env: bare });
    await expectCall(503, 'POST', confirm, { raw: '', type: 'application/x-www-form-urlencoded', headers: { origin: ORIGIN }, env: bare });
    await expectCall(503, 'GET', unsubscribe, { env: bare });
    await expectCall(503, 'POST', unsubscribe, { raw: 'List-Unsubscribe=One-Click', type: 'application/x-www-form-urlencoded', env: bare });
    await expectCall(404, 'GET', tablePath(table, '/history').replace('/api/tables', '/api/ops/tables'), {
      headers: { authorization: `Bearer ${env.OPS_TOKEN}` },
      env: bare,
    });
    await expectCall(404, 'POST', '/api/ops/history/migrate', { headers: { authorization: `Bearer ${env.OPS_TOKEN}` }, env: bare });
    expect(found()).toEqual(NONE);
  });

  it("the operator's view of a table's storage rows", async () => {
    const table = await create(oneGame());
    const storage = `/api/ops/tables/${table.tableId}/storage`;
    await expectCall(200, 'GET', storage, { headers: { authorization: `Bearer ${env.OPS_TOKEN}` } });
    await expectCall(401, 'GET', storage, { headers: { authorization: 'Bearer not-the-operator' } });
    await expectCall(404, 'GET', '/api/ops/tables/no-such-table!/storage', { headers: { authorization: `Bearer ${env.OPS_TOKEN}` } });
    await expectCall(404, 'GET', `/api/ops/tables/${'a'.repeat(16)}/storage`, { headers: { authorization: `Bearer ${env.OPS_TOKEN}` } });
    expect(found()).toEqual(NONE);
  });

  it("the operator's dead letters and the history's migration", async () => {
    const table = await create(oneGame());
    const ops = `/api/ops/tables/${table.tableId}/history`;
    const operator = { authorization: `Bearer ${env.OPS_TOKEN}` };
    await expectCall(200, 'GET', ops, { headers: operator });
    await expectCall(200, 'POST', `${ops}/replay`, { headers: operator });
    await expectCall(401, 'GET', ops, { headers: { authorization: 'Bearer not-the-operator' } });
    await expectCall(401, 'POST', `${ops}/replay`);
    await expectCall(404, 'GET', '/api/ops/tables/no-such-table!/history', { headers: operator });
    await expectCall(404, 'POST', '/api/ops/tables/no-such-table!/history/replay', { headers: operator });
    // This project's D1 has no history of the layout before (test/worker/history/history-migrate.test.ts moves some in its own).
    await expectCall(200, 'POST', '/api/ops/history/migrate?limit=1', { headers: operator });
    await expectCall(400, 'POST', '/api/ops/history/migrate?limit=201', { headers: operator });
    await expectCall(401, 'POST', '/api/ops/history/migrate');
    expect(found()).toEqual(NONE);
  });

  it("the operator's summary: the counts, and each refusal", async () => {
    const operator = { authorization: `Bearer ${env.OPS_TOKEN}` };
    // The SQL API runs only at Cloudflare: its answers are the test's (ops-summary.test.ts).
    const configured = { ...env, OPS_ACCOUNT_ID: '0123456789abcdef0123456789abcdef', OPS_ANALYTICS_TOKEN: 'test-only' } as Env;
    let status = 200;
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            data: [
              { event: 'delivery', detail1: 'push', detail2: 'gone', count: '2' },
              { event: 'action', detail1: 'bid', detail2: 'seat', count: 7 },
            ],
          }),
          {
            status,
          },
        ),
    );
    const ip = randomIp();
    await expectCall(200, 'GET', '/api/ops/summary', { headers: operator, env: configured, ip });
    await expectCall(400, 'GET', '/api/ops/summary?from=yesterday', { headers: operator, env: configured, ip });
    await expectCall(401, 'GET', '/api/ops/summary', { env: configured });
    await expectCall(404, 'GET', '/api/ops/summary', { env: { ...configured, OPS_TOKEN: undefined } as Env });
    await expectCall(503, 'GET', '/api/ops/summary', { headers: operator, ip });
    status = 500;
    await expectCall(502, 'GET', '/api/ops/summary', { headers: operator, env: configured, ip });
    await untilRateLimited(() => call('GET', '/api/ops/summary', { headers: operator, env: configured, ip }), 20);
    expect(found()).toEqual(NONE);
  });
});

describe('every refusal validates against the document', () => {
  it(
    '400: bodies and queries the server refuses, which the document refuses too (a bid or a contract of null among them)',
    { timeout: 60_000 },
    async () => {
      const table = await create(oneGame());
      const seat = table.seats[(GAME.dealer + 1) % 3]!;
      for (const json of [
        { type: 'bid', bid: null },
        { type: 'declare', contract: null },
        { type: 'double', double: null },
        { type: 'play', card: null },
        { type: 'fold' },
        {},
      ]) {
        expect(check.acceptsRequest('POST', tablePath(table, '/actions'), json), JSON.stringify(json)).toBe(false);
        await expectCall(400, 'POST', tablePath(table, '/actions'), { token: seat.token, json });
      }
      await expectCall(400, 'POST', tablePath(table, '/actions'), { token: seat.token, raw: '{"type": ' });
      await expectCall(400, 'POST', '/api/tables', { json: { seats: [{}, {}] } });
      await expectCall(400, 'POST', '/api/tables', { json: { options: { potStake: 2 } } });
      await expectCall(400, 'POST', '/api/tables', { json: { seats: [{ bot: 'easy', email: newAddress('bot') }, {}, {}] } });
      await expectCall(400, 'PUT', tablePath(table, '/notifications'), { token: seat.token, json: { webhookUrl: 'https://10.0.0.1/hook' } });
      await expectCall(400, 'PUT', tablePath(table, '/notifications'), { token: seat.token, json: { mail: 'weekly' } });
      await expectCall(400, 'PUT', tablePath(table, '/notifications'), {
        token: seat.token,
        json: { push: { endpoint: 'http://127.0.0.1:9/p', keys: { p256dh: 'x', auth: 'y' } } },
      });
      await expectCall(400, 'POST', tablePath(table, '/vacation'), { token: seat.token, json: { hours: -1 } });
      await expectCall(400, 'PUT', tablePath(table, '/preferences'), { token: seat.token, json: { autoForced: 'yes' } });
      await expectCall(400, 'POST', tablePath(table, '/chat'), { token: seat.token, json: { text: ' ' } });
      await expectCall(400, 'GET', tablePath(table, '/chat?after=x'), { token: seat.token });
      await expectCall(400, 'GET', tablePath(table, '/games?limit=0'), { token: seat.token });
      await expectCall(400, 'GET', tablePath(table, '/games?before=-1'), { token: seat.token });
      await expectCall(400, 'GET', tablePath(table, '?lang=fr'), { token: seat.token });
      await expectCall(400, 'GET', tablePath(table, '/ws?lang=fr'), { token: seat.token, headers: { upgrade: 'websocket' } });
      await expectCall(400, 'POST', tablePath(table, '/admin'), { token: table.admin.token, json: { type: 'rotate', seat: 3 } });
      await expectCall(400, 'POST', tablePath(table, '/admin'), {
        token: table.admin.token,
        json: { type: 'options', frameOrigins: ['http://club.example/path'] },
      });
      await expectCall(400, 'POST', '/api/tables/overview', { json: { links: [] } });
      expect(found()).toEqual(NONE);
    },
  );

  it('401, 403, 404 on every endpoint with a token; 409, 413, 415, 422, 426', { timeout: 60_000 }, async () => {
    const table = await create(oneGame());
    const forehand = table.seats[(GAME.dealer + 1) % 3]!;
    const other = table.seats[(GAME.dealer + 2) % 3]!;
    const endpoints: [method: string, rest: string, json?: unknown][] = [
      ['GET', ''],
      ['POST', '/actions', { type: 'pass' }],
      ['GET', '/ws'],
      ['GET', '/games'],
      ['PUT', '/notifications', {}],
      ['GET', '/notifications'],
      ['GET', '/deliveries'],
      ['POST', '/vacation', { hours: 1 }],
      ['PUT', '/preferences', { autoForced: false }],
      ['POST', '/admin', { type: 'pause' }],
      ['GET', '/admin'],
      ['POST', '/chat', { text: 'hi' }],
      ['GET', '/chat'],
    ];
    const ws = (method: string, rest: string): Record<string, string> => (rest === '/ws' && method === 'GET' ? { upgrade: 'websocket' } : {});
    const stranger = (await create()).seats[0]!.token;
    for (const [method, rest, json] of endpoints) {
      const options = { headers: ws(method, rest), ...(json === undefined ? {} : { json }) };
      await expectCall(401, method, tablePath(table, rest), options);
      await expectCall(401, method, tablePath(table, rest), { ...options, headers: { ...options.headers, authorization: 'Bearer not-a-token' } });
      await expectCall(404, method, `/api/tables/nosuchtable${rest}`, { ...options, token: forehand.token });
      // Another table's link, and the link of a caller who may not do this here.
      await expectCall(403, method, tablePath(table, rest), { ...options, token: stranger });
      const notHis =
        rest === '/admin'
          ? forehand.token
          : ['/actions', '/notifications', '/deliveries', '/vacation', '/preferences'].includes(rest) || (rest === '/chat' && method === 'POST')
            ? table.spectator.token
            : null;
      if (notHis !== null) await expectCall(403, method, tablePath(table, rest), { ...options, token: notHis });
    }
    // 409: a stale version, an id used for another action, more vacation than there is.
    await expectCall(409, 'POST', tablePath(table, '/actions'), { token: forehand.token, json: { ...GAME.actions[0]!.action, version: 5 } });
    const first = GAME.actions[0]!;
    await expectCall(200, 'POST', tablePath(table, '/actions'), { token: table.seats[first.seat]!.token, json: { ...first.action, id: 'a-1' } });
    await expectCall(409, 'POST', tablePath(table, '/actions'), {
      token: table.seats[first.seat]!.token,
      json: { type: 'double', double: !(first.action as { double: boolean }).double, id: 'a-1' },
    });
    await expectCall(200, 'POST', tablePath(table, '/actions'), { token: table.seats[first.seat]!.token, json: { ...first.action, id: 'a-1' } });
    await expectCall(409, 'POST', tablePath(table, '/vacation'), { token: other.token, json: { hours: 300 } });
    // 422: the rules refuse it.
    const decided = table.seats[first.seat]!;
    await expectCall(422, 'POST', tablePath(table, '/actions'), { token: decided.token, json: { type: 'double', double: true } });
    await expectCall(422, 'POST', tablePath(table, '/actions'), { token: decided.token, json: { type: 'pass' } });
    // 413, 415 on every endpoint with a body.
    const big = JSON.stringify({ text: 'x'.repeat(MAX_BODY_BYTES) });
    for (const [method, path, token] of [
      ['POST', '/api/tables', undefined],
      ['POST', '/api/tables/overview', undefined],
      ...endpoints
        .filter(([, , json]) => json !== undefined)
        .map(([method, rest]) => [method, tablePath(table, rest), rest === '/admin' ? table.admin.token : forehand.token] as const),
    ] as const) {
      await expectCall(413, method, path, { raw: big, ...(token === undefined ? {} : { token }) });
      await expectCall(415, method, path, { raw: 'hello', type: 'text/plain', ...(token === undefined ? {} : { token }) });
    }
    await expectCall(426, 'GET', tablePath(table, '/ws'), { token: forehand.token });
    expect(found()).toEqual(NONE);
  });

  it('429 on every endpoint with a limit, with Retry-After', { timeout: 120_000 }, async () => {
    const table = await create(oneGame());
    const seat = table.seats[(GAME.dealer + 1) % 3]!;
    // READ_LIMITER: one client's reads, whichever endpoint.
    const reader = randomIp();
    const read = (path: string, token: string | undefined, json?: unknown) => () =>
      call(json === undefined ? 'GET' : 'POST', path, {
        ip: reader,
        ...(token === undefined ? {} : { token }),
        ...(json === undefined ? {} : { json }),
      });
    for (const [path, token, json] of [
      [tablePath(table), seat.token],
      [tablePath(table, '/games'), seat.token],
      [tablePath(table, '/notifications'), seat.token],
      [tablePath(table, '/deliveries'), seat.token],
      [tablePath(table, '/admin'), table.admin.token],
      [tablePath(table, '/chat'), seat.token],
      [`/oembed?url=${encodeURIComponent(table.spectator.url)}`, undefined],
      ['/api/tables/overview', undefined, { links: [{ tableId: table.tableId, token: seat.token }] }],
    ] as const) {
      await untilRateLimited(read(path, token, json), 250);
    }
    // ACTION_LIMITER: one link's actions and the calls counted with them.
    const acts = (rest: string, json: unknown) => () =>
      call(rest === '/preferences' ? 'PUT' : 'POST', tablePath(table, rest), { token: seat.token, json });
    for (const [rest, json] of [
      ['/actions', { type: 'kontra' }],
      ['/vacation', { hours: 0 }],
      ['/preferences', { autoForced: false }],
      ['/chat', { text: 'hi' }],
    ] as const) {
      await untilRateLimited(acts(rest, json), 250);
    }
    await untilRateLimited(() => call('PUT', tablePath(table, '/notifications'), { token: table.seats[0]!.token, json: {}, ip: randomIp() }), 25);
    await untilRateLimited(() => call('POST', tablePath(table, '/admin'), { token: table.admin.token, json: { type: 'resume' } }), 65);
    const creator = randomIp();
    await untilRateLimited(() => call('POST', '/api/tables', { json: {}, ip: creator }), 45);
    const watcher = randomIp();
    await untilRateLimited(() => call('GET', tablePath(table, '/ws'), { ip: watcher, headers: { upgrade: 'websocket' } }), 250);
    // The table's own limit on sockets: the spectator link's are all open.
    const open = await Promise.all(Array.from({ length: SOCKET_LIMITS.perSpectatorLink }, () => connect(table.tableId, table.spectator.token)));
    const full = await expectCall(429, 'GET', tablePath(table, '/ws'), { token: table.spectator.token, headers: { upgrade: 'websocket' } });
    expect(full.headers.get('retry-after')).toBe(String(SOCKET_LIMITS.retryAfterSeconds));
    for (const socket of open) socket.close();
    expect(found()).toEqual(NONE);
  });
});

describe('the check itself', () => {
  it('every answer the document lists was seen, and every one seen is listed', () => {
    const seen = new Set(exchanges.map((e) => check.answerOf(e)));
    expect(check.documentedAnswers().filter((answer) => !seen.has(answer))).toEqual([]);
    expect(seen.has(null)).toBe(false);
  });

  it('finds a schema too strict (a real answer refused) and one too loose (a value of another type accepted)', async () => {
    const doc = (await (await request('/api/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const views = exchanges.filter((e) => e.method === 'GET' && /^\/api\/tables\/[a-z2-9]{16}$/.test(e.path) && e.status === 200).slice(0, 20);
    expect(views.length).toBe(20);

    const strict = structuredClone(doc);
    strict.components.schemas.View!.properties.version = { type: 'string' };
    expect(views.flatMap((e) => new ContractCheck(strict).problems(e))).toContainEqual(expect.stringMatching(/\/version type/));

    const spectatorView = views.find((e) => JSON.parse(e.body).seat === null)!;
    const nullSeat = structuredClone(doc);
    nullSeat.components.schemas.View!.properties.seat = { allOf: [{ $ref: '#/components/schemas/Seat' }, { type: ['integer', 'null'] }] };
    expect(new ContractCheck(nullSeat).problems(spectatorView)).toContainEqual(expect.stringMatching(/\/seat/));

    const wide = structuredClone(doc);
    wide.components.schemas.View!.properties.version = { type: ['integer', 'string'] };
    expect(new ContractCheck(wide).looseness(views[0]!)).toEqual([
      expect.stringMatching(/^GET \/api\/tables\/\{id\} 200: \/version \(\d+\) also accepts "mutant"$/),
    ]);

    const unnamed = structuredClone(doc);
    delete unnamed.components.schemas.View!.properties.chat;
    expect(new ContractCheck(unnamed).problems(views[0]!)).toContainEqual(expect.stringMatching(/undocumented: .*"chat"/));

    const untyped = structuredClone(doc);
    untyped.components.schemas.View!.properties.legalActions = { type: 'array' };
    expect(new ContractCheck(untyped).looseness(views[0]!).length).toBeGreaterThan(0);
  });
});

/** A confirm link of before confirmations were per table: `{key}.{sig}`, its sig over "mail-confirm:<key>". */
async function outdatedConfirmPath(key: string): Promise<string> {
  const encoder = new TextEncoder();
  const hmac = await crypto.subtle.importKey('raw', encoder.encode(env.TOKEN_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', hmac, encoder.encode(`mail-confirm:${key}`)));
  const encoded = btoa(String.fromCharCode(...sig))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `/api/mail/confirm/${key}.${encoded}`;
}
