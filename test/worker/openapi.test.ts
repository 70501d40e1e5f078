/**
 * /api/openapi.json and /api/docs document every route of API.md, and the documented
 * schemas describe what the server really answers. (Validity against the OpenAPI 3.1
 * schema is checked in Node: test/api-doc.)
 */
import { describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { CreatedTableSchema, GamesSchema, ViewSchema } from '../../worker/schemas.js';
import { createTable, games, handMade, playActions, request, tableFor, view } from './support.js';

type Json = Record<string, unknown>;

/** API.md's endpoints, with the refusal statuses each answers (tested in refusals.test.ts, the 429s in limits.test.ts; the chat's in chat.test.ts). */
const ROUTES: [method: string, path: string, statuses: number[]][] = [
  ['post', '/api/tables', [201, 400, 413, 415, 429, 503]],
  ['post', '/api/tables/overview', [200, 400, 413, 415, 429]],
  ['get', '/api/tables/{id}', [200, 401, 403, 404, 429]],
  ['post', '/api/tables/{id}/actions', [200, 400, 401, 403, 404, 409, 413, 415, 422, 429]],
  ['get', '/api/tables/{id}/ws', [101, 401, 403, 404, 426, 429]],
  ['get', '/api/tables/{id}/games', [200, 400, 401, 403, 404, 429]],
  ['put', '/api/tables/{id}/notifications', [200, 400, 401, 403, 404, 413, 415, 429, 503]],
  ['get', '/api/tables/{id}/notifications', [200, 401, 403, 404, 429]],
  ['get', '/api/tables/{id}/deliveries', [200, 401, 403, 404, 429]],
  ['post', '/api/tables/{id}/vacation', [200, 400, 401, 403, 404, 409, 413, 415, 429]],
  ['put', '/api/tables/{id}/preferences', [200, 400, 401, 403, 404, 413, 415, 429]],
  ['post', '/api/tables/{id}/admin', [200, 400, 401, 403, 404, 409, 413, 415, 429, 503]],
  ['get', '/api/tables/{id}/admin', [200, 401, 403, 404, 429]],
  ['post', '/api/tables/{id}/chat', [201, 400, 401, 403, 404, 413, 415, 429]],
  ['get', '/api/tables/{id}/chat', [200, 400, 401, 403, 404, 429]],
  ['get', '/api/push/key', [200, 503]],
  ['get', '/oembed', [200, 400, 401, 404, 429, 501]],
];

async function document(): Promise<Json> {
  const res = await request('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json();
}

describe('/api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of this version with every route of API.md and its methods', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect((doc.info as Json).version).toBe(version);
    const paths = doc.paths as Record<string, Json>;
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => key !== 'parameters')
        .map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(ROUTES.map(([method, path]) => `${method} ${path}`).sort());
  });

  it.each(ROUTES)('%s %s documents its answers, the error shape and its authentication', async (method, path, statuses) => {
    const doc = await document();
    const operation = (doc.paths as Record<string, Record<string, Json>>)[path]![method]!;
    const responses = operation.responses as Record<string, Json>;
    expect(
      Object.keys(responses)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(statuses);
    for (const [status, response] of Object.entries(responses)) {
      if (Number(status) < 400) continue;
      expect((response.content as Json)['application/json'], `${status}`).toEqual({ schema: { $ref: '#/components/schemas/Error' } });
    }
    // Creating needs no token; the overview carries its tokens in the body, oEmbed in the link's fragment; the push key is public.
    if (path === '/api/tables' || path === '/api/tables/overview' || path === '/oembed' || path === '/api/push/key')
      expect(operation.security).toBeUndefined();
    else expect(operation.security).toEqual([{ bearer: [] }]);
    if (path.includes('{id}')) expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
  });

  it('documents the webhook a seat receives: the Standard Webhooks headers and the body', async () => {
    const doc = await document();
    const hook = ((doc.webhooks as Record<string, Json>).notification as Json).post as Json;
    const headers = (hook.parameters as Json[]).filter((p) => p.in === 'header').map((p) => p.name);
    expect(headers.sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(hook.requestBody).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookBody' } } } });
    const body = (doc.components as Record<string, Record<string, Json>>).schemas!.WebhookBody!;
    expect(((body.properties as Json).type as Json).enum).toEqual(['turn', 'reminder', 'game_over', 'table_over']);
  });

  it('defines the bearer scheme and the error shape of API.md', async () => {
    const components = (await document()).components as Record<string, Record<string, Json>>;
    expect(components.securitySchemes!.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const error = components.schemas!.Error!;
    expect(error.required).toEqual(['error']);
    expect(((error.properties as Json).error as Json).required).toEqual(['code', 'message']);
  });
});

describe('the documented schemas describe the real answers', () => {
  it('the created table, every view of a whole game and the games list match their schemas, field for field', async () => {
    const record = handMade('07-mord-won-two-doubles');
    const created = await createTable(tableFor(record));
    expect(CreatedTableSchema.safeParse(created).success).toBe(true);

    const viewFields = Object.keys(ViewSchema.shape).sort();
    const check = async () => {
      for (const token of [...created.seats.map((s) => s.token), created.spectator.token]) {
        const v = await view(created.tableId, token);
        const parsed = ViewSchema.safeParse(v);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(Object.keys(v).sort()).toEqual(viewFields); // nothing undocumented, nothing missing
      }
    };
    await check();
    const half = Math.floor(record.actions.length / 2);
    await playActions(created, record.actions.slice(0, half), 0);
    await check();
    await playActions(created, record.actions.slice(half), half);
    await check();

    const list = { games: await games(created.tableId, created.spectator.token) };
    const parsed = GamesSchema.safeParse(list);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const recordFields = Object.keys(GamesSchema.shape.games.element.shape);
    expect(Object.keys(list.games[0]!)).toEqual(expect.arrayContaining(recordFields));
  });

  it("API.md's view fields are all there", () => {
    const required = [
      'tableId',
      'version',
      'seat',
      'phase',
      'gameNumber',
      'dealer',
      'turn',
      'hand',
      'seats',
      'pot',
      'contract',
      'declarer',
      'trump',
      'trick',
      'lastTrick',
      'multiplier',
      'legalActions',
      'deadline',
      'onTimeout',
      'vacationHours',
      'autoForced',
    ];
    expect(Object.keys(ViewSchema.shape)).toEqual(expect.arrayContaining(required));
  });
});

describe('/api/docs', () => {
  it('is an HTML page listing every route with its method', async () => {
    const res = await request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toMatch(/^<!doctype html>/i);
    for (const [method, path] of ROUTES) {
      const escaped = path.replace(/[{}/]/g, (c) => `\\${c}`);
      expect(page, `${method} ${path}`).toMatch(new RegExp(`>${method.toUpperCase()}</span>\\s*<code>${escaped}</code>`));
    }
    expect(page).not.toMatch(/<script/i);
  });
});
