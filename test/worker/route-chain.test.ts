/**
 * The chain before every table route's handler (worker/routes/chain.ts), in one order for all:
 * the table id's pattern (404), a per-client limit (READ, SOCKET), the bearer token (401) and
 * its hash, the route's own checks (400), a per-link limit (ACTION, NOTIFY, ADMIN), then the
 * handler; and refusals thrown anywhere, answered in the error shape by onError (app.ts), every
 * 429 with its Retry-After.
 */
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { onError } from '../../worker/app.js';
import type { AppEnv } from '../../worker/routes/app-env.js';
import { ApiError } from '../../worker/model/errors.js';
import { PERIOD_SECONDS, TABLE_RETRY_AFTER_SECONDS, unwrap } from '../../worker/routes/chain.js';
import { failure, success } from '../../worker/published/outcome.js';
import { createTable, expectError, randomIp, request, type CreatedTable } from './support.js';

type Who = 'seat' | 'seat or spectator' | 'admin';

interface TableRoute {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** The path after /api/tables/{id}. */
  readonly rest: string;
  /** A body the route's schema takes. */
  readonly body?: unknown;
  /** A body the schema takes and the route's own checks refuse (400). */
  readonly refused?: unknown;
  /** Whose token the route needs, as its 401 names it. */
  readonly token: Who;
  readonly limiter: keyof typeof PERIOD_SECONDS;
  readonly per: 'client' | 'link';
}

/** Every table route, by operationId: a route the document has and this list lacks fails the first test. */
const ROUTES: Record<string, TableRoute> = {
  getView: { method: 'GET', rest: '', token: 'seat or spectator', limiter: 'READ_LIMITER', per: 'client' },
  act: { method: 'POST', rest: '/actions', body: { type: 'pass' }, token: 'seat', limiter: 'ACTION_LIMITER', per: 'link' },
  watch: { method: 'GET', rest: '/ws', token: 'seat or spectator', limiter: 'SOCKET_LIMITER', per: 'client' },
  getGames: { method: 'GET', rest: '/games', token: 'seat or spectator', limiter: 'READ_LIMITER', per: 'client' },
  setNotifications: {
    method: 'PUT',
    rest: '/notifications',
    body: {},
    refused: { webhookUrl: 'https://10.0.0.1/hook' },
    token: 'seat',
    limiter: 'NOTIFY_LIMITER',
    per: 'link',
  },
  getNotifications: { method: 'GET', rest: '/notifications', token: 'seat', limiter: 'READ_LIMITER', per: 'client' },
  getDeliveries: { method: 'GET', rest: '/deliveries', token: 'seat', limiter: 'READ_LIMITER', per: 'client' },
  takeVacation: { method: 'POST', rest: '/vacation', body: { hours: 0 }, token: 'seat', limiter: 'ACTION_LIMITER', per: 'link' },
  setPreferences: { method: 'PUT', rest: '/preferences', body: { autoForced: false }, token: 'seat', limiter: 'ACTION_LIMITER', per: 'link' },
  adminCommand: { method: 'POST', rest: '/admin', body: { type: 'resume' }, token: 'admin', limiter: 'ADMIN_LIMITER', per: 'link' },
  getAdminView: { method: 'GET', rest: '/admin', token: 'admin', limiter: 'READ_LIMITER', per: 'client' },
  postChat: { method: 'POST', rest: '/chat', body: { text: 'hi' }, token: 'seat', limiter: 'ACTION_LIMITER', per: 'link' },
  getChat: { method: 'GET', rest: '/chat', token: 'seat or spectator', limiter: 'READ_LIMITER', per: 'client' },
};

/** An id that cannot be a table's (TABLE_ID_PATTERN: 16 of a–z, 2–9). */
const NO_TABLE_ID = 'nosuchtable';

/** A request of `route` at table `id`: its body, the socket's upgrade, the client's address and, if given, a token. */
function send(route: TableRoute, id: string, ip: string, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'cf-connecting-ip': ip };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (route.rest === '/ws') headers.upgrade = 'websocket';
  if (route.body !== undefined) headers['content-type'] = 'application/json';
  return request(`/api/tables/${id}${route.rest}`, {
    method: route.method,
    headers,
    ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
  });
}

/** The token `route` takes at `table`. */
const tokenFor = (route: TableRoute, table: CreatedTable): string => (route.token === 'admin' ? table.admin.token : table.seats[0]!.token);

/** A limiter's window, aligned to the clock as the local runtime counts. */
const windowOf = (period: number) => Math.floor(Date.now() / (period * 1000));

/**
 * Spends a limiter's budget with `spend` until its first 429, then takes `observe`'s answers:
 * all within one window of the limiter (a window that ends resets the count, so a run that
 * crossed one is taken again, the budget spent again first).
 */
async function afterSpending<T>(period: number, spend: () => Promise<Response>, observe: () => Promise<T>): Promise<T> {
  for (let run = 0; run < 5; run++) {
    const start = windowOf(period);
    let refused = false;
    for (let sent = 0; sent < 1000 && !refused; sent++) {
      const res = await spend();
      refused = res.status === 429;
      await answerOf(res);
    }
    expect(refused, 'the budget was never spent').toBe(true);
    const seen = await observe();
    if (windowOf(period) === start) return seen;
  }
  throw new Error(`five runs in a row crossed the end of a ${period} s window`);
}

/** What an answer was: its status, and for a refusal (in the error shape) its code and Retry-After. */
async function answerOf(res: Response): Promise<{ status: number; code?: string; retryAfter?: string | null }> {
  if (res.status < 400) {
    // Only where a window ended mid-way (the run is taken again): a socket opened, an action taken.
    res.webSocket?.accept();
    res.webSocket?.close(1000, 'done');
    await res.body?.cancel();
    return { status: res.status };
  }
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.message).toBe('string');
  return { status: res.status, code: body.error.code, retryAfter: res.headers.get('retry-after') };
}

describe('the table routes', () => {
  it('are the routes of the document under /api/tables/{id}, each with its limit declared here', async () => {
    const doc = (await (await request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const tableRoutes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/tables/{id}'))
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [op.operationId, `${method.toUpperCase()} ${path}`] as const));
    expect(Object.fromEntries(tableRoutes)).toEqual(
      Object.fromEntries(Object.entries(ROUTES).map(([operationId, r]) => [operationId, `${r.method} /api/tables/{id}${r.rest}`])),
    );
  });

  it('refuse an id that cannot be a table first (404), then a missing or malformed token (401, naming the token the route needs)', async () => {
    const table = await createTable();
    for (const [operationId, route] of Object.entries(ROUTES)) {
      await expectError(send(route, NO_TABLE_ID, randomIp()), 404, 'not_found');
      await expectError(send(route, NO_TABLE_ID, randomIp(), 'not-a-token'), 404, 'not_found');
      const message = await expectError(send(route, table.tableId, randomIp()), 401, 'unauthorized');
      expect(message, operationId).toBe(`send the ${route.token} token as "Authorization: Bearer <token>"`);
      expect(await expectError(send(route, table.tableId, randomIp(), 'not-a-token'), 401, 'unauthorized'), operationId).toBe(
        'that is not a token of a Wallachen link',
      );
    }
  });
});

describe('a per-client limit', () => {
  it.each([
    ['READ_LIMITER', 'getView'],
    ['SOCKET_LIMITER', 'watch'],
  ] as const)(
    '%s comes after the id and before the token: once spent, every route it counts refuses the client with 429, with or without a token',
    { timeout: 60_000 },
    async (limiter, spender) => {
      const table = await createTable();
      const ip = randomIp();
      const counted = Object.entries(ROUTES).filter(([, route]) => route.limiter === limiter);
      const seen = await afterSpending(
        PERIOD_SECONDS[limiter],
        () => send(ROUTES[spender]!, table.tableId, ip),
        async () => {
          const answers: Record<string, unknown> = {};
          for (const [operationId, route] of counted) {
            answers[`${operationId} without a token`] = await answerOf(await send(route, table.tableId, ip));
            answers[`${operationId} with its token`] = await answerOf(await send(route, table.tableId, ip, tokenFor(route, table)));
            answers[`${operationId} at no table`] = (await answerOf(await send(route, NO_TABLE_ID, ip))).status;
          }
          return answers;
        },
      );
      const limited = { status: 429, code: 'rate_limited', retryAfter: String(PERIOD_SECONDS[limiter]) };
      expect(seen).toEqual(
        Object.fromEntries(
          counted.flatMap(([operationId]) => [
            [`${operationId} without a token`, limited],
            [`${operationId} with its token`, limited],
            [`${operationId} at no table`, 404],
          ]),
        ),
      );
    },
  );
});

describe('a per-link limit', () => {
  it.each([
    ['ACTION_LIMITER', 'act'],
    ['NOTIFY_LIMITER', 'setNotifications'],
    ['ADMIN_LIMITER', 'adminCommand'],
  ] as const)(
    '%s comes after the token and the route’s own checks: once spent, the link gets 429, no token 401, no table 404, another link its own budget',
    { timeout: 60_000 },
    async (limiter, spender) => {
      const table = await createTable();
      const counted = Object.entries(ROUTES).filter(([, route]) => route.limiter === limiter);
      const spending = ROUTES[spender]!;
      const seen = await afterSpending(
        PERIOD_SECONDS[limiter],
        () => send(spending, table.tableId, randomIp(), tokenFor(spending, table)),
        async () => {
          const answers: Record<string, unknown> = {};
          for (const [operationId, route] of counted) {
            const token = tokenFor(route, table);
            answers[`${operationId} of the link`] = await answerOf(await send(route, table.tableId, randomIp(), token));
            answers[`${operationId} without a token`] = (await answerOf(await send(route, table.tableId, randomIp()))).status;
            answers[`${operationId} at no table`] = (await answerOf(await send(route, NO_TABLE_ID, randomIp(), token))).status;
            if (route.refused !== undefined) {
              const refused = { ...route, body: route.refused };
              answers[`${operationId} refused by its checks`] = (await answerOf(await send(refused, table.tableId, randomIp(), token))).status;
            }
          }
          return answers;
        },
      );
      const limited = { status: 429, code: 'rate_limited', retryAfter: String(PERIOD_SECONDS[limiter]) };
      expect(seen).toEqual(
        Object.fromEntries(
          counted.flatMap(([operationId, route]) => [
            [`${operationId} of the link`, limited],
            [`${operationId} without a token`, 401],
            [`${operationId} at no table`, 404],
            ...(route.refused === undefined ? [] : [[`${operationId} refused by its checks`, 400]]),
          ]),
        ),
      );
      // Another seat's link has a budget of its own.
      if (spending.token === 'seat') expect((await send(spending, table.tableId, randomIp(), table.seats[1]!.token)).status).not.toBe(429);
    },
  );
});

describe('refusals', () => {
  /** An app that throws `error` from its one route, answered by the Worker's onError. */
  async function answerTo(error: unknown): Promise<Response> {
    const app = new Hono<AppEnv>();
    app.get('/refused', () => {
      throw error;
    });
    app.onError(onError);
    return app.request('/refused', {}, env);
  }

  it('thrown as ApiError are answered in the error shape by onError, a 429 with its Retry-After', async () => {
    const limited = await answerTo(new ApiError(429, 'rate_limited', 'too many', 7));
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await expectError(limited, 429, 'rate_limited')).toBe('too many');
    const refused = await answerTo(new ApiError(403, 'forbidden', 'not yours'));
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(await expectError(refused, 403, 'forbidden')).toBe('not yours');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expectError(answerTo(new TypeError('boom')), 500, 'internal_error');
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it("of the table come out of unwrap as ApiError with the table's status, code and message; its 429 says when to try again", async () => {
    expect(unwrap(success({ games: [] }))).toEqual({ games: [] });
    const thrown = (outcome: Parameters<typeof unwrap>[0]): unknown => {
      try {
        unwrap(outcome);
      } catch (error) {
        return error;
      }
      throw new Error('unwrap did not throw');
    };
    expect(thrown(failure(422, 'not_your_turn', 'R7.1: not your turn'))).toMatchObject({
      status: 422,
      code: 'not_your_turn',
      message: 'R7.1: not your turn',
      retryAfterSeconds: undefined,
    });
    const limited = thrown(failure(429, 'rate_limited', 'at most 10 messages per seat and minute'));
    expect(limited).toBeInstanceOf(ApiError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: TABLE_RETRY_AFTER_SECONDS });
    const answered = await answerTo(limited);
    expect(answered.headers.get('retry-after')).toBe('60');
    await expectError(answered, 429, 'rate_limited');
  });

  it('of the schemas (the validation hook) are answered in the error shape, naming the field', async () => {
    const table = await createTable();
    const message = await expectError(
      request(`/api/tables/${table.tableId}/vacation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${table.seats[0]!.token}`, 'cf-connecting-ip': randomIp() },
        body: JSON.stringify({ hours: -1 }),
      }),
      400,
      'bad_request',
    );
    expect(message).toMatch(/^hours: /);
  });
});
