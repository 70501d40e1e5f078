import { env, exports } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { version } from '../../package.json';
import { onError } from '../../worker/app.js';
import type { AppEnv } from '../../worker/app-env.js';

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
