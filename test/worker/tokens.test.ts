/**
 * Seat tokens derived from the server's key (worker/model/tokens.ts): the table keeps a
 * nonce and a hash per token, never the token, and can derive a seat's link again for a mail.
 */
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../shared/options.js';
import { deriveToken, DEVELOPMENT_TOKEN_SECRET, hashToken, isLoopbackOrigin, tokenKey, TOKEN_PATTERN } from '../../worker/model/tokens.js';
import { createTable, tableStub } from './support.js';

const KEY = 'k'.repeat(32);
const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA';

describe('deriveToken', () => {
  it('is base64url(HMAC-SHA256(key, "tableId:seat:nonce")), 43 characters', async () => {
    // Computed independently (Node: createHmac('sha256', key).update(message).digest('base64url')).
    expect(await deriveToken(KEY, 'abcdefghijkmnpqr', 1, NONCE)).toBe('fF6F2JZC1CjuI-j2oE4NbIeNSafW_TiD1at6s7HGVmA');
    expect(await deriveToken(KEY, 'abcdefghijkmnpqr', null, NONCE)).toBe('d8Rzu9zd0PguT6cQ8QgWmu_MLj7uSr0-sTFbre98Gj0');
    expect(await deriveToken(KEY, 'abcdefghijkmnpqr', 'admin', NONCE)).toBe('eqlWqcZq_IWrjb2pRs8dFy36gr9932f6_ATXTTmG7y0'); // "tableId:admin:nonce"
    expect(await deriveToken(KEY, 'abcdefghijkmnpqr', 1, NONCE)).toMatch(TOKEN_PATTERN);
  });

  it('differs with the key, the table, the seat and the nonce', async () => {
    const tokens = await Promise.all([
      deriveToken(KEY, 'abcdefghijkmnpqr', 1, NONCE),
      deriveToken('x'.repeat(32), 'abcdefghijkmnpqr', 1, NONCE),
      deriveToken(KEY, 'bbcdefghijkmnpqr', 1, NONCE),
      deriveToken(KEY, 'abcdefghijkmnpqr', 2, NONCE),
      deriveToken(KEY, 'abcdefghijkmnpqr', 1, 'BAAAAAAAAAAAAAAAAAAAAA'),
    ]);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});

describe('tokenKey', () => {
  it('TOKEN_SECRET when set (at least 32 characters); without it the development key, at loopback origins only', () => {
    expect(tokenKey({ TOKEN_SECRET: KEY }, 'https://wallachen.example')).toEqual({ ok: true, secret: KEY });
    expect(tokenKey({ TOKEN_SECRET: KEY }, 'http://localhost:8787')).toEqual({ ok: true, secret: KEY });
    expect(tokenKey({ TOKEN_SECRET: 'short' }, 'http://localhost:8787').ok).toBe(false);
    for (const origin of ['http://localhost:8787', 'http://127.0.0.1:8787', 'https://127.0.0.2', 'http://[::1]:8787', 'http://LOCALHOST.']) {
      expect(isLoopbackOrigin(origin), origin).toBe(true);
      expect(tokenKey({}, origin), origin).toEqual({ ok: true, secret: DEVELOPMENT_TOKEN_SECRET });
      expect(tokenKey({ TOKEN_SECRET: '' }, origin), origin).toEqual({ ok: true, secret: DEVELOPMENT_TOKEN_SECRET });
    }
    for (const origin of [
      'https://wallachen.example',
      'https://x.workers.dev',
      'http://localhost.example.com',
      'http://192.168.1.5:8787',
      'http://10.0.0.1',
      'not a url',
    ]) {
      expect(isLoopbackOrigin(origin), origin).toBe(false);
      expect(tokenKey({}, origin).ok, origin).toBe(false);
    }
  });
});

describe("a table's tokens", () => {
  it("the table stores each token's nonce and hash; the key and the nonce give the token again", async () => {
    const table = await createTable();
    const rows = await runInDurableObject(tableStub(table.tableId), (_i, state) =>
      state.storage.sql
        .exec<{ hash: string; seat: Seat | null; nonce: string; role: string | null }>('SELECT hash, seat, nonce, role FROM tokens')
        .toArray(),
    );
    expect(rows).toHaveLength(5);
    for (const { hash, seat, nonce, role } of rows) {
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits
      const owner = role === 'admin' ? 'admin' : seat;
      const token = owner === 'admin' ? table.admin.token : owner === null ? table.spectator.token : table.seats[owner]!.token;
      expect(await deriveToken(env.TOKEN_SECRET, table.tableId, owner, nonce)).toBe(token);
      expect(await hashToken(token)).toBe(hash);
    }
    expect(new Set(rows.map((r) => r.nonce)).size).toBe(5);
  });
});
