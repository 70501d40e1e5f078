/**
 * /api/openapi.json and /api/docs document every route the Worker answers under /api/ and
 * /oembed. (Whether its answers match the document: openapi-answers.test.ts; whether it is
 * valid OpenAPI 3.1, names its operations and lints clean: test/api-doc.)
 */
import { describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { ViewSchema } from '../../worker/schemas/index.js';
import { request } from './support.js';

type Json = Record<string, unknown>;

/** Every route: API.md's, its extensions, the mail links, the operator's, health and oEmbed. */
const ROUTES: [method: string, path: string][] = [
  ['get', '/api/health'],
  ['post', '/api/tables'],
  ['post', '/api/tables/overview'],
  ['get', '/api/tables/{id}'],
  ['post', '/api/tables/{id}/actions'],
  ['get', '/api/tables/{id}/ws'],
  ['get', '/api/tables/{id}/games'],
  ['put', '/api/tables/{id}/notifications'],
  ['get', '/api/tables/{id}/notifications'],
  ['get', '/api/tables/{id}/deliveries'],
  ['post', '/api/tables/{id}/vacation'],
  ['put', '/api/tables/{id}/preferences'],
  ['post', '/api/tables/{id}/admin'],
  ['get', '/api/tables/{id}/admin'],
  ['post', '/api/tables/{id}/chat'],
  ['get', '/api/tables/{id}/chat'],
  ['get', '/api/push/key'],
  ['get', '/api/mail/confirm/{link}'],
  ['post', '/api/mail/confirm/{link}'],
  ['get', '/api/mail/unsubscribe/{link}'],
  ['post', '/api/mail/unsubscribe/{link}'],
  ['get', '/api/ops/tables/{id}/history'],
  ['post', '/api/ops/tables/{id}/history/replay'],
  ['get', '/api/ops/tables/{id}/storage'],
  ['post', '/api/ops/history/migrate'],
  ['get', '/api/ops/summary'],
  ['get', '/oembed'],
];

/** The mail links answer pages, for the person who opened them: their refusals are HTML (but a cross-site form's and the body limit's). */
const isPage = (path: string) => path.startsWith('/api/mail/');

async function document(): Promise<Json> {
  const res = await request('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json();
}

describe('/api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of this version with every route and its methods, read from this server', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect((doc.info as Json).version).toBe(version);
    expect(doc.servers).toEqual([{ url: 'https://wallachen.test', description: 'This server' }]);
    const paths = doc.paths as Record<string, Json>;
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => key !== 'parameters')
        .map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(ROUTES.map(([method, path]) => `${method} ${path}`).sort());
  });

  it.each(ROUTES)('%s %s documents its refusals in the error shape, and its parameters', async (method, path) => {
    const doc = await document();
    const operation = (doc.paths as Record<string, Record<string, Json>>)[path]![method]!;
    for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
      if (Number(status) < 400) continue;
      const content = response.content as Json;
      if (isPage(path) && content['application/json'] === undefined)
        expect(content['text/html'], `${status}`).toEqual({ schema: { type: 'string' } });
      else expect(content['application/json'], `${status}`).toEqual({ schema: { $ref: '#/components/schemas/Error' } });
    }
    for (const name of path.match(/(?<=\{)\w+(?=\})/g) ?? [])
      expect(operation.parameters).toContainEqual(expect.objectContaining({ name, in: 'path', required: true }));
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

describe('the view', () => {
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
