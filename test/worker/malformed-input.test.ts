/**
 * Every public route fed what no client should send: malformed percent-encodings in the path,
 * the query and fragment-like values, 100 KB values, bytes that are not UTF-8, repeated query
 * parameters and repeated headers. No answer may be a 5xx; every 4xx of the API (everything
 * under /api/ but the mail pages and the docs, and /oembed) has the error shape
 * `{"error": {"code", "message"}}`. The routes come from the OpenAPI document, plus those it
 * does not describe (the embed pages, the pages and files the static assets serve in
 * production), and the mail links and the operator's again with malformed segments of their own.
 */
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ORIGIN, createTable, mailLinkPath, newAddress, postJson, randomIp, request, tableStub, type CreatedTable } from './support.js';

/** Path segments and query values that no client of ours sends. */
const MALFORMED = [
  '%E0%A4%A', // a sequence cut short (the issue's oEmbed fragment)
  '%',
  '%zz',
  '%%41',
  '%C0%AF', // an overlong encoding of "/"
  '%ED%A0%80', // a lone surrogate
  '%FF%FE%FD', // bytes that are never UTF-8
  '%00',
  '..%2F..%2Fapi%2Fhealth',
  '%F0%9F%82%A1', // well-formed, outside the BMP
  'x'.repeat(100 * 1024),
  '%E0'.repeat(4 * 1024),
] as const;

/** Raw bytes that are not UTF-8, inside a JSON string. */
const NOT_UTF8_JSON = new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x22, 0x7d]);

interface Probe {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string> | [string, string][];
  readonly body?: BodyInit;
}

/** A header with any bytes: a Headers value is a byte string, so the latin-1 characters below are the bytes 0x80–0xFF. */
const latin1 = (bytes: number[]) => String.fromCharCode(...bytes);

/** The API's answers are JSON and refuse with the error shape; the mail links and the docs answer pages. */
const isApi = (path: string) =>
  (path.startsWith('/api/') && !path.startsWith('/api/mail/') && !path.startsWith('/api/docs')) || path.startsWith('/oembed');

/** What is wrong with an answer, or null. */
async function problemOf(probe: Probe, res: Response): Promise<string | null> {
  const text = res.status === 101 ? '' : await res.text();
  res.webSocket?.accept();
  res.webSocket?.close(1000, 'probe');
  const what = `${probe.method} ${probe.path.length > 120 ? `${probe.path.slice(0, 120)}…(${probe.path.length} chars)` : probe.path}`;
  if (res.status >= 500) return `${what}: ${res.status} ${text.slice(0, 200)}`;
  if (res.status < 400 || !isApi(probe.path)) return null;
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (Object.keys(body).join() !== 'error' || typeof body.error?.code !== 'string' || typeof body.error.message !== 'string')
      return `${what}: ${res.status} without the error shape: ${text.slice(0, 200)}`;
  } catch {
    return `${what}: ${res.status} not JSON: ${text.slice(0, 200)}`;
  }
  return null;
}

/** Sends every probe (each from a client address of its own, so no rate limit hides an answer); answers the problems found. */
async function problemsOf(probes: readonly Probe[]): Promise<string[]> {
  const problems: string[] = [];
  for (const probe of probes) {
    const headers = new Headers(probe.headers);
    if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', randomIp());
    let res: Response;
    try {
      res = await request(probe.path, { method: probe.method, headers, body: probe.body });
    } catch (error) {
      problems.push(`${probe.method} ${probe.path.slice(0, 120)}: threw ${String(error)}`);
      continue;
    }
    const problem = await problemOf(probe, res);
    if (problem !== null) problems.push(problem);
  }
  return problems;
}

/** The documented operations: method and path template, from /api/openapi.json. */
async function documentedRoutes(): Promise<{ method: string; path: string; query: string[]; body: boolean }[]> {
  const doc = (await (await request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: operation.requestBody !== undefined,
    })),
  );
}

const JSON_TYPE: [string, string] = ['content-type', 'application/json'];

/** For one documented route: malformed ids, query values, repeated parameters, headers and bodies. */
function probesOf(route: { method: string; path: string; query: string[]; body: boolean }, table: CreatedTable): Probe[] {
  const { method } = route;
  const at = (id: string) => route.path.replace('{id}', id);
  const seat = `Bearer ${table.seats[0]!.token}`;
  const probes: Probe[] = [];
  const jsonBody = route.body ? { body: '{}' } : {};
  // The id in the path.
  for (const id of route.path.includes('{id}') ? MALFORMED : []) {
    probes.push({ method, path: at(id), headers: [['authorization', seat], JSON_TYPE], ...jsonBody });
  }
  const path = at(table.tableId);
  // Each query parameter (and one nobody asked for) malformed, and each repeated.
  for (const name of [...route.query, 'unknown']) {
    for (const value of MALFORMED)
      probes.push({ method, path: `${path}?${name}=${value}`, headers: [['authorization', seat], JSON_TYPE], ...jsonBody });
    probes.push({ method, path: `${path}?${name}=1&${name}=2&${name}=%E0%A4%A`, headers: [['authorization', seat], JSON_TYPE], ...jsonBody });
  }
  // The token malformed, overlong, empty, twice.
  for (const authorization of ['Bearer %E0%A4%A', `Bearer ${'x'.repeat(100 * 1024)}`, 'Bearer ', '']) {
    probes.push({ method, path, headers: [['authorization', authorization], JSON_TYPE], ...jsonBody });
  }
  probes.push({ method, path, headers: [['authorization', seat], ['authorization', `Bearer ${table.spectator.token}`], JSON_TYPE], ...jsonBody });
  // The client address malformed or twice (rate limits are keyed on it).
  for (const ip of ['%E0%A4%A', '203.0.113.9, 203.0.113.10', '::ffff:%E0', '1'.repeat(100 * 1024)]) {
    probes.push({ method, path, headers: [['authorization', seat], ['cf-connecting-ip', ip], JSON_TYPE], ...jsonBody });
  }
  // The WebSocket's upgrade with malformed subprotocols.
  if (route.path.endsWith('/ws')) {
    for (const protocols of [
      'wallachen, bearer.%E0%A4%A',
      `bearer.${'x'.repeat(100 * 1024)}`,
      `wallachen, bearer.${table.seats[0]!.token}, bearer.x`,
    ]) {
      probes.push({
        method,
        path,
        headers: [
          ['upgrade', 'websocket'],
          ['sec-websocket-protocol', protocols],
        ],
      });
    }
  }
  if (route.body) {
    const bodies: BodyInit[] = [
      NOT_UTF8_JSON,
      '{',
      '{"a":1,"a":2}',
      `{"name":"${'x'.repeat(100 * 1024)}"}`,
      '['.repeat(10_000) + ']'.repeat(10_000),
      'null',
      '"\\ud800"',
    ];
    for (const body of bodies) probes.push({ method, path, headers: [['authorization', seat], JSON_TYPE], body });
    // Two content types, and a charset that is not UTF-8.
    for (const type of ['application/json, text/plain', 'application/json; charset=latin1', 'application/json; charset=%E0']) {
      probes.push({
        method,
        path,
        headers: [
          ['authorization', seat],
          ['content-type', type],
        ],
        body: NOT_UTF8_JSON,
      });
    }
  }
  return probes;
}

describe('malformed input on every public route', () => {
  it('the documented API: never a 5xx, every refusal in the error shape', { timeout: 120_000 }, async () => {
    const table = await createTable();
    const routes = await documentedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(17);
    // Header values beyond ASCII once (each header is read in one place; workerd warns about every such value it passes on).
    const beyondAscii: Probe[] = [
      { method: 'GET', path: `/api/tables/${table.tableId}`, headers: { authorization: `Bearer ${latin1([0xff, 0xfe, 0xc0, 0xaf])}` } },
      {
        method: 'GET',
        path: `/api/tables/${table.tableId}`,
        headers: { authorization: `Bearer ${table.seats[0]!.token}`, 'cf-connecting-ip': latin1([0xff, 0xfe]) },
      },
    ];
    const problems = await problemsOf([...routes.flatMap((route) => probesOf(route, table)), ...beyondAscii]);
    expect(problems).toEqual([]);
  });

  it('oEmbed: a link whose fragment, path or query is malformed, overlong or repeated', async () => {
    const table = await createTable();
    const link = `${ORIGIN}/t/${table.tableId}`;
    const urls = [
      ...MALFORMED.map((value) => `${link}#${value}`),
      ...MALFORMED.map((value) => `${ORIGIN}/t/${value}#${table.spectator.token}`),
      ...MALFORMED.map((value) => `${link}?lang=${value}#${table.spectator.token}`),
      `${link}#${table.spectator.token}%`,
      `${ORIGIN}/embed/${table.tableId}/seat#%E0%A4%A`,
    ];
    const probes: Probe[] = [
      ...urls.map((url) => ({ method: 'GET', path: `/oembed?url=${encodeURIComponent(url)}` })),
      // The url itself not percent-encoded as it should be (a raw "#" ends the query: no url at all).
      ...MALFORMED.map((value) => ({ method: 'GET', path: `/oembed?url=${value}` })),
      { method: 'GET', path: `/oembed?url=${encodeURIComponent(`${link}#${table.spectator.token}`)}&url=${encodeURIComponent(`${link}#%E0%A4%A`)}` },
      { method: 'GET', path: `/oembed?url=${encodeURIComponent(`${link}#${table.spectator.token}`)}&format=json&format=xml` },
      { method: 'GET', path: `/oembed?url=${encodeURIComponent(`${link}#${table.spectator.token}`)}&maxwidth=1e400&maxheight=-0` },
    ];
    expect(await problemsOf(probes)).toEqual([]);
  });

  it('the routes the document leaves out: embed pages, pages and files; the mail links and the operator again', { timeout: 60_000 }, async () => {
    const table = await createTable();
    const probes: Probe[] = [];
    for (const value of MALFORMED) {
      for (const path of [
        `/embed/${value}`,
        `/embed/${value}/seat`,
        `/embed/${table.tableId}/${value}`,
        `/t/${value}`,
        `/admin/${value}`,
        `/${value}`,
        `/robots.txt?${value}`,
        `/api/${value}`,
        `/api/ops/tables/${value}/history`,
      ]) {
        probes.push({ method: 'GET', path });
      }
      for (const purpose of ['confirm', 'unsubscribe']) {
        probes.push({ method: 'GET', path: `/api/mail/${purpose}/${value}` });
        probes.push({ method: 'GET', path: `/api/mail/${purpose}/${value}.${value}` });
        probes.push({
          method: 'POST',
          path: `/api/mail/${purpose}/${value}.${value}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
      }
    }
    for (const method of ['GET', 'POST']) {
      probes.push({
        method,
        path: `/api/ops/tables/${table.tableId}/history${method === 'POST' ? '/replay' : ''}`,
        headers: [
          ['authorization', 'Bearer %E0%A4%A'],
          ['authorization', `Bearer ${'x'.repeat(100 * 1024)}`],
        ],
      });
    }
    expect(await problemsOf(probes)).toEqual([]);
  });
});

/** A well-formed table id (16 of a–z, 2–9) that no table was made with. */
const neverMade = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => 'abcdefghijkmnpqrstuvwxyz23456789'[b % 32]).join('');

/** A well-formed token (43 of base64url) of nobody's link. */
const anyToken = (): string =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .slice(0, 43);

/** The tables in the SQLite storage of table `tableId`'s object. */
const storedTables = (tableId: string) =>
  runInDurableObject(tableStub(tableId), (_i, state) =>
    state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'")
      .toArray()
      .map((r) => r.name),
  );

/** What a table deleted after RETENTION_DAYS leaves in its object (TableStorage.markRetired): the one row that says so. */
async function deletedTable(): Promise<string> {
  const tableId = neverMade();
  await runInDurableObject(tableStub(tableId), (_i, state) => {
    state.storage.sql.exec('CREATE TABLE IF NOT EXISTS retired (at TEXT NOT NULL)');
    state.storage.sql.exec('INSERT INTO retired (at) VALUES (?)', new Date().toISOString());
  });
  return tableId;
}

/**
 * Every request that names table `tableId` by its id, keyed by its documented operation, each
 * as a client would send it for a table that exists (a valid body, a well-formed token of its
 * own, so that no per-link limit is shared): what reaches the table's object.
 */
function tableRequests(tableId: string): Record<string, Probe[]> {
  const at = (rest: string) => `/api/tables/${tableId}${rest}`;
  const bearer = (): [string, string] => ['authorization', `Bearer ${anyToken()}`];
  const get = (path: string): Probe => ({ method: 'GET', path, headers: [bearer()] });
  const send = (method: string, path: string, body: unknown): Probe => ({ method, path, headers: [bearer(), JSON_TYPE], body: JSON.stringify(body) });
  const operator: [string, string] = ['authorization', `Bearer ${env.OPS_TOKEN}`];
  return {
    'GET /api/tables/{id}': [get(at(''))],
    'POST /api/tables/{id}/actions': [
      send('POST', at('/actions'), { type: 'pass' }),
      send('POST', at('/actions'), { type: 'pass', id: 'a1', version: 0 }),
    ],
    'GET /api/tables/{id}/ws': [
      { method: 'GET', path: at('/ws'), headers: [bearer(), ['upgrade', 'websocket']] },
      {
        method: 'GET',
        path: at('/ws'),
        headers: [
          ['upgrade', 'websocket'],
          ['sec-websocket-protocol', `wallachen, bearer.${anyToken()}`],
        ],
      },
    ],
    'GET /api/tables/{id}/games': [get(at('/games')), get(at('/games?limit=5&before=3'))],
    'PUT /api/tables/{id}/notifications': [
      send('PUT', at('/notifications'), { email: 'nobody@example.com' }),
      send('PUT', at('/notifications'), { mail: 'digest' }),
      send('PUT', at('/notifications'), { webhookUrl: null }),
    ],
    'GET /api/tables/{id}/notifications': [get(at('/notifications'))],
    'POST /api/tables/{id}/vacation': [send('POST', at('/vacation'), { hours: 24 })],
    'PUT /api/tables/{id}/preferences': [send('PUT', at('/preferences'), { autoForced: true })],
    'POST /api/tables/{id}/admin': [
      { type: 'pause' },
      { type: 'rotate', seat: 1 },
      { type: 'rotate', seat: 'spectator' },
      { type: 'rotateAdmin' },
      { type: 'seat', seat: 0, bot: 'easy' },
      { type: 'seat', seat: 0, name: 'Vroni' },
      { type: 'options', frameOrigins: ['https://club.example'] },
      { type: 'options', spectatorEmbeds: false },
      { type: 'end' },
    ].map((command) => send('POST', at('/admin'), command)),
    'GET /api/tables/{id}/admin': [get(at('/admin'))],
    'POST /api/tables/{id}/chat': [send('POST', at('/chat'), { text: 'Servus' })],
    'GET /api/tables/{id}/chat': [get(at('/chat')), get(at('/chat?after=1'))],
    'GET /api/tables/{id}/deliveries': [get(at('/deliveries'))],
    'GET /api/ops/tables/{id}/history': [{ method: 'GET', path: `/api/ops/tables/${tableId}/history`, headers: [operator] }],
    'POST /api/ops/tables/{id}/history/replay': [{ method: 'POST', path: `/api/ops/tables/${tableId}/history/replay`, headers: [operator] }],
    'GET /api/ops/tables/{id}/storage': [{ method: 'GET', path: `/api/ops/tables/${tableId}/storage`, headers: [operator] }],
  };
}

describe('a well-formed id of a table that was never made, or was deleted', () => {
  it('every documented route that takes a table id answers 404 in the error shape, and wakes no storage for it', { timeout: 60_000 }, async () => {
    const ids = { 'never made': neverMade(), deleted: await deletedTable() };
    const documented = (await documentedRoutes()).filter((r) => r.path.includes('{id}')).map((r) => `${r.method} ${r.path}`);
    const problems: string[] = [];
    for (const [kind, tableId] of Object.entries(ids)) {
      const requests = tableRequests(tableId);
      // Each route that names a table is tried: a route added later must be added here.
      expect(Object.keys(requests).sort(), 'the routes with {id}').toEqual([...documented].sort());
      for (const [route, probes] of Object.entries(requests)) {
        for (const probe of probes) {
          const headers = new Headers(probe.headers);
          headers.set('cf-connecting-ip', randomIp());
          const res = await request(probe.path, { method: probe.method, headers, body: probe.body });
          const text = await res.text();
          const what = `${kind}: ${route} ${probe.body ?? ''}`;
          if (res.status !== 404) {
            problems.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
            continue;
          }
          const error = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
          const message = kind === 'deleted' ? /^this table was deleted on \d{4}-\d\d-\d\d after a long time without a move/ : /^no such table/;
          if (Object.keys(JSON.parse(text) as object).join() !== 'error' || error?.code !== 'not_found' || !message.test(error.message ?? ''))
            problems.push(`${what}: 404 ${text.slice(0, 200)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await storedTables(ids['never made'])).toEqual([]);
    expect(await storedTables(ids.deleted)).toEqual(['retired']);
  });

  it('the answers that name a table outside the table routes: the overview, the embed pages, a confirm link; none makes storage', async () => {
    const tableId = neverMade();
    // The overview answers each link as a single GET would: 404 not_found.
    const overview = await postJson('/api/tables/overview', { links: [{ tableId, token: anyToken() }] }, { 'cf-connecting-ip': randomIp() });
    expect(overview.status).toBe(200);
    expect(await overview.json()).toEqual({ tables: [{ tableId, ok: false, error: { code: 'not_found', message: 'no such table' } }] });
    // The embed pages are the app's page with the default policy (embed.test.ts): an id's existence does not show.
    for (const path of [`/embed/${tableId}`, `/embed/${tableId}/seat`]) {
      const res = await request(path, { headers: { 'cf-connecting-ip': randomIp() } });
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
    }
    // A signed confirm link naming the id: the page, and its button (the table, told, has nothing to mail).
    const address = newAddress('nowhere');
    const confirm = await mailLinkPath(address, 'confirm', tableId);
    expect((await request(confirm)).status).toBe(200);
    const pressed = await request(confirm, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: '',
    });
    expect(pressed.status).toBe(200);
    expect(await storedTables(tableId)).toEqual([]);
  });
});
