import { env, exports } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { version } from '../../package.json';
import { onError } from '../../worker/app.js';
import type { AppEnv } from '../../worker/routes/app-env.js';
import { createTable, postAction } from './support.js';

// `exports.default` is the real Worker (worker/index.ts, from wrangler.toml's `main`),
// running in the same workerd isolate as the tests.
const get = (path: string, init?: RequestInit) => exports.default.fetch(`http://example.com${path}`, init);

describe('GET /api/health', () => {
  it('answers 200 with ok and the version', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ ok: true, version });
  });
});

describe('errors', () => {
  it('answers an unknown API route with 404 not_found', async () => {
    const res = await get('/api/no-such-thing', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    const body = await res.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toEqual(expect.any(String));
  });

  it('answers a thrown error with 500 internal_error', async () => {
    const app = new Hono<AppEnv>();
    app.get('/boom', () => {
      throw new Error('boom');
    });
    app.onError(onError);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('/boom', {}, env);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
  });
});

describe('CORS (any origin: the API authenticates with bearer tokens, never cookies)', () => {
  const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
  const SECURITY = {
    'content-security-policy': "frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=15552000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };

  it('answers a preflight with 204, the methods and headers the API takes, for a day', async () => {
    const res = await get('/api/tables/abcdefghjkmnpqrs/actions', {
      method: 'OPTIONS',
      headers: { origin: 'https://bots.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(headersOf(res)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET,POST,PUT,OPTIONS',
      'access-control-allow-headers': 'Authorization,Content-Type',
      'access-control-max-age': '86400',
      vary: 'Access-Control-Request-Headers',
      ...SECURITY,
    });
  });

  it('lets any origin read every answer: a view, a refusal, an unknown route', async () => {
    const table = await createTable();
    const accepted = await postAction(table.tableId, table.seats[0]!.token, { type: 'double', double: false });
    const refused = await postAction(table.tableId, 'not-a-token', { type: 'double', double: false });
    const unknown = await get('/api/no-such-thing', { headers: { origin: 'https://bots.example' } });
    expect([accepted.status, refused.status, unknown.status]).toEqual([200, 401, 404]);
    for (const res of [accepted, refused, unknown]) {
      expect(headersOf(res)).toEqual({
        'access-control-allow-origin': '*',
        'content-type': 'application/json',
        ...SECURITY,
      });
    }
  });
});

describe('bindings', () => {
  it('has the D1 history database with the migrations applied', async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('tables', 'seats', 'games') ORDER BY name",
    ).all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual(['games', 'seats', 'tables']);
  });
});

describe('worker/index.ts', () => {
  it('exports only entry points (workerd refuses to start otherwise)', async () => {
    const entry: Record<string, unknown> = await import('../../worker/index.js');
    for (const [name, value] of Object.entries(entry)) {
      const ok = typeof value === 'function' || (typeof value === 'object' && value !== null && 'fetch' in value);
      expect(ok, `export ${name}`).toBe(true);
    }
  });
});
