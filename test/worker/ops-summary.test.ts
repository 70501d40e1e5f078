/**
 * The operator's summary (GET /api/ops/summary, worker/ops/summary.ts): behind OPS_TOKEN, its
 * window checked, the SQL it sends to Analytics Engine's SQL API and how it shapes the
 * answer. The SQL API runs only at Cloudflare: here the Worker's outbound fetch is answered by
 * the test, which sees the request as the API would (docs/operations.md).
 */
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import wranglerToml from '../../wrangler.toml?raw';
import { app } from '../../worker/app.js';
import { OPS_DATASET } from '../../worker/ops/summary.js';
import { expectError, ORIGIN, randomIp, request } from './support.js';

const ACCOUNT = '0123456789abcdef0123456789abcdef';
const ANALYTICS_TOKEN = 'test-only-analytics-token';
/** The Worker with the SQL API's settings (the tests' own Worker has none). */
const configured = { ...env, OPS_ACCOUNT_ID: ACCOUNT, OPS_ANALYTICS_TOKEN: ANALYTICS_TOKEN } as Env;
const operator = (ip = randomIp()) => ({ authorization: `Bearer ${env.OPS_TOKEN}`, 'cf-connecting-ip': ip });

const summary = (query: string, init: { headers?: Record<string, string>; env?: Env } = {}) =>
  app.request(`${ORIGIN}/api/ops/summary${query}`, { headers: init.headers ?? operator() }, init.env ?? configured);

interface SqlRequest {
  url: string;
  authorization: string | null;
  body: string;
}

/**
 * Answers the SQL API's requests with `status` and `body`; records each. Anything else (a
 * webhook of another file's table: the Worker files share a runtime) is answered 204.
 */
function sqlApi(status: number, body: unknown): SqlRequest[] {
  const seen: SqlRequest[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = new Request(input, init);
    if (!req.url.startsWith('https://api.cloudflare.com/')) return new Response(null, { status: 204 });
    seen.push({ url: req.url, authorization: req.headers.get('authorization'), body: await req.text() });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  });
  return seen;
}

afterEach(() => vi.restoreAllMocks());

describe('who may ask', () => {
  it('without OPS_TOKEN the endpoint does not exist (404); with it, anyone else is refused (401)', async () => {
    const seen = sqlApi(200, { data: [] });
    const bare = { ...configured, OPS_TOKEN: undefined } as Env;
    await expectError(summary('', { env: bare }), 404, 'not_found');
    await expectError(summary('', { headers: {} }), 401, 'unauthorized');
    await expectError(summary('', { headers: { authorization: 'Bearer not-the-operator-token-0123456789abcdef' } }), 401, 'unauthorized');
    expect(seen).toEqual([]);
  });

  it(`at most 10 summaries a minute per client (OPS_LIMITER): then 429 with Retry-After`, async () => {
    expect(/\[\[ratelimits\]\]\s*name = "OPS_LIMITER"[^[]*simple = \{ limit = 10, period = 60 \}/.test(wranglerToml)).toBe(true);
    sqlApi(200, { data: [] });
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await summary('', { headers: operator(ip) })).status).toBe(200);
    const res = await summary('', { headers: operator(ip) });
    await expectError(res, 429, 'rate_limited');
    expect(res.headers.get('retry-after')).toBe('60');
    expect((await summary('', { headers: operator() })).status).toBe(200); // another client
  });
});

describe('the window', () => {
  it('is refused when malformed, backwards, longer than 31 days or older than 90 days, naming what is wrong; nothing is asked of the SQL API', async () => {
    const seen = sqlApi(200, { data: [] });
    const day = 86_400_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const now = Date.now();
    const cases: [string, RegExp][] = [
      ['?from=yesterday', /`from` must be an ISO date and time/],
      ['?to=2026-12-01', /`to` must be an ISO date and time/],
      ['?from=2026-12-01T00:00:00', /`from` must be an ISO date and time with its zone/],
      [`?from=${iso(now - day)}&to=${iso(now - 2 * day)}`, /`from` must be before `to`/],
      [`?from=${iso(now - day)}&to=${iso(now - day)}`, /`from` must be before `to`/],
      [`?from=${iso(now - 32 * day)}&to=${iso(now)}`, /at most 31 days/],
      [`?from=${iso(now - 91 * day)}&to=${iso(now - 85 * day)}`, /within the last 90 days/],
    ];
    for (const [query, message] of cases) expect(await expectError(summary(query), 400, 'bad_request'), query).toMatch(message);
    expect(seen).toEqual([]);
  });
});

describe('the query and the answer', () => {
  it("sends one SQL query for the window to the account's SQL API with the analytics token, and shapes its rows", async () => {
    const seen = sqlApi(200, {
      meta: [],
      data: [
        { event: 'action', detail1: 'bid', detail2: 'seat', count: '5', rowsWritten: '5', rowsRead: 10 },
        { event: 'action', detail1: 'play', detail2: 'bot', count: 30 },
        { event: 'action', detail1: 'play', detail2: 'seat', count: 60 },
        { event: 'dead_letter', detail1: 'game', detail2: '', count: 1 },
        { event: 'delivery', detail1: 'email', detail2: 'sent', count: 12 },
        { event: 'delivery', detail1: 'webhook', detail2: 'failed', count: 3 },
        { event: 'game_finished', detail1: '', detail2: '', count: 4 },
        { event: 'game_started', detail1: '', detail2: '', count: 6 },
        { event: 'rate_limited', detail1: 'ACTION_LIMITER', detail2: '', count: 2 },
        { event: 'refusal', detail1: 'forbidden', detail2: 'socket', count: 1 },
        { event: 'refusal', detail1: 'rate_limited', detail2: 'http', count: 2 },
        { event: 'table_created', detail1: '', detail2: '', count: 3 },
        // An event of a newer release's, in the same dataset: passed on like any other.
        { event: 'tables_archived', detail1: '', detail2: '', count: 9 },
      ],
      rows: 13,
    });
    // Yesterday, from midnight UTC to 12:30:15.900 the next day in a zone an hour ahead (a fraction of a second is dropped).
    const midnight = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000);
    const day = midnight.toISOString().slice(0, 10);
    const next = new Date(midnight.getTime() + 86_400_000).toISOString().slice(0, 10);
    const res = await summary(`?from=${day}T00:00:00Z&to=${next}T12:30:15.900%2B01:00`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(`https://api.cloudflare.com/client/v4/accounts/${ACCOUNT}/analytics_engine/sql`);
    expect(seen[0]!.authorization).toBe(`Bearer ${ANALYTICS_TOKEN}`);
    expect(seen[0]!.body).toBe(
      [
        'SELECT blob1 AS event, blob2 AS detail1, blob3 AS detail2, SUM(_sample_interval * double1) AS count,',
        '  SUM(_sample_interval * double2) AS rowsWritten, SUM(_sample_interval * double3) AS rowsRead',
        'FROM wallachen_ops',
        `WHERE timestamp >= toDateTime('${day} 00:00:00', 'Etc/UTC') AND timestamp < toDateTime('${next} 11:30:15', 'Etc/UTC')`,
        'GROUP BY event, detail1, detail2',
        'LIMIT 10000',
        'FORMAT JSON',
      ].join('\n'),
    );
    expect(await res.json()).toEqual({
      from: `${day}T00:00:00.000Z`,
      to: `${next}T11:30:15.900Z`,
      counts: [
        { event: 'action', details: ['bid', 'seat'], count: 5, rowsWritten: 5, rowsRead: 10 },
        { event: 'action', details: ['play', 'bot'], count: 30, rowsWritten: 0, rowsRead: 0 },
        { event: 'action', details: ['play', 'seat'], count: 60, rowsWritten: 0, rowsRead: 0 },
        { event: 'dead_letter', details: ['game'], count: 1, rowsWritten: 0, rowsRead: 0 },
        { event: 'delivery', details: ['email', 'sent'], count: 12, rowsWritten: 0, rowsRead: 0 },
        { event: 'delivery', details: ['webhook', 'failed'], count: 3, rowsWritten: 0, rowsRead: 0 },
        { event: 'game_finished', details: [], count: 4, rowsWritten: 0, rowsRead: 0 },
        { event: 'game_started', details: [], count: 6, rowsWritten: 0, rowsRead: 0 },
        { event: 'rate_limited', details: ['ACTION_LIMITER'], count: 2, rowsWritten: 0, rowsRead: 0 },
        { event: 'refusal', details: ['forbidden', 'socket'], count: 1, rowsWritten: 0, rowsRead: 0 },
        { event: 'refusal', details: ['rate_limited', 'http'], count: 2, rowsWritten: 0, rowsRead: 0 },
        { event: 'table_created', details: [], count: 3, rowsWritten: 0, rowsRead: 0 },
        { event: 'tables_archived', details: [], count: 9, rowsWritten: 0, rowsRead: 0 },
      ],
    });
  });

  it('without a window: the last 24 hours; no rows: no counts', async () => {
    const seen = sqlApi(200, { data: [] });
    const before = Date.now();
    const body = (await (await summary('')).json()) as { from: string; to: string; counts: unknown[] };
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(24 * 3_600_000);
    expect(Date.parse(body.to)).toBeGreaterThanOrEqual(before);
    expect(body.counts).toEqual([]);
    expect(seen[0]!.body).toContain(`timestamp >= toDateTime('${body.from.slice(0, 19).replace('T', ' ')}', 'Etc/UTC')`);
  });

  it('queries the dataset wrangler.toml binds as OPS_METRICS', () => {
    const bound = /\[\[analytics_engine_datasets\]\]\s*binding = "OPS_METRICS"\s*dataset = "(\w+)"/.exec(wranglerToml)?.[1];
    expect(bound).toBe(OPS_DATASET);
  });
});

describe('when the SQL API cannot be asked', () => {
  it('not configured: 503 naming OPS_ACCOUNT_ID and OPS_ANALYTICS_TOKEN (the Worker of these tests has neither)', async () => {
    const seen = sqlApi(200, { data: [] });
    const res = request('/api/ops/summary', { headers: operator() });
    expect(await expectError(res, 503, 'not_configured')).toMatch(
      /set OPS_ACCOUNT_ID \(the account id, 32 hex digits\) and the secret OPS_ANALYTICS_TOKEN/,
    );
    const tokenOnly = { ...env, OPS_ANALYTICS_TOKEN: ANALYTICS_TOKEN } as Env;
    expect(await expectError(summary('', { env: tokenOnly }), 503, 'not_configured')).toMatch(
      /set OPS_ACCOUNT_ID .* and the secret OPS_ANALYTICS_TOKEN/,
    );
    const badAccount = { ...configured, OPS_ACCOUNT_ID: 'my-account' } as Env;
    expect(await expectError(summary('', { env: badAccount }), 503, 'not_configured')).toMatch(
      /set OPS_ACCOUNT_ID \(the account id, 32 hex digits\)/,
    );
    expect(seen).toEqual([]);
  });

  it('the token refused (403): 503 saying what it needs; the API failing: 502 upstream_failed with its status', async () => {
    sqlApi(403, { errors: [{ message: 'Authentication error' }] });
    expect(await expectError(summary(''), 503, 'not_configured')).toMatch(
      /refused the token \(HTTP 403\): set .* OPS_ANALYTICS_TOKEN \(an API token with Account Analytics Read\)/,
    );
    vi.restoreAllMocks();
    sqlApi(500, 'boom');
    expect(await expectError(summary(''), 502, 'upstream_failed')).toMatch(/HTTP 500: boom/);
    vi.restoreAllMocks();
    sqlApi(200, 'not json');
    expect(await expectError(summary(''), 502, 'upstream_failed')).toMatch(/answered no FORMAT JSON rows/);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'));
    expect(await expectError(summary(''), 502, 'upstream_failed')).toMatch(/did not answer: TypeError/);
  });
});
