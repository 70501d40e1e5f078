/**
 * Operations: an operator's view of a table's history rows that D1 refused for a day (dead
 * letters, worker/table/outbox.ts) and replaying them once D1 is fixed. Authenticated with
 * the secret OPS_TOKEN (`wrangler secret put OPS_TOKEN`); without it these endpoints do not
 * exist (404). `npm run history:replay` calls them.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../app.js';
import { errorResponse } from '../errors.js';
import { hashToken, sameHash, TABLE_ID_PATTERN } from '../table/tokens.js';
import type { TableObject } from '../table/table-object.js';

export const ops = new OpenAPIHono<AppEnv>();

/** The operator's token must be this long: a guessable one would open every table's history to strangers. */
const MIN_OPS_TOKEN_LENGTH = 32;

async function refused(c: Context<AppEnv>): Promise<Response | null> {
  const expected = c.env.OPS_TOKEN;
  if (expected === undefined || expected.length < MIN_OPS_TOKEN_LENGTH)
    return errorResponse(c, 404, 'not_found', `No such endpoint: ${c.req.method} ${c.req.path}`);
  const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  // Compared as hashes in constant time: no early exit to time.
  if (!sameHash(await hashToken(given), await hashToken(expected)))
    return errorResponse(c, 401, 'unauthorized', 'send the operator token as "Authorization: Bearer <OPS_TOKEN>"');
  if (!TABLE_ID_PATTERN.test(c.req.param('id') ?? '')) return errorResponse(c, 404, 'not_found', 'no such table');
  return null;
}

const table = (c: Context<AppEnv>) => c.env.TABLES.get(c.env.TABLES.idFromName(c.req.param('id')!)) as DurableObjectStub<TableObject>;

ops.get('/api/ops/tables/:id/history', async (c) => (await refused(c)) ?? c.json({ deadLetters: await table(c).deadLetters() }, 200));

ops.post('/api/ops/tables/:id/history/replay', async (c) => (await refused(c)) ?? c.json({ replayed: await table(c).replayDeadLetters() }, 200));
