/**
 * What runs before a handler, in one order for every route (README, "How a request flows"):
 *
 * 0. the route's schemas: zod-openapi's validators, before anything here (400; a request
 *    refused as malformed is counted against no limit), after the route's own `middleware`
 *    if it has one (the WebSocket's 426 for a request that is no upgrade);
 * then for a table route, `/api/tables/{id}/…` (`atTable`):
 * 1. the table id's pattern (404): no table object is woken for an id that cannot be one;
 * 2. a limit per client (READ, SOCKET), whose key, the address, is known before the token:
 *    a client sending no or bad tokens is counted like any other;
 * 3. the bearer token (401), and its hash: the caller on the context, `c.var.caller`;
 * 4. the route's own checks of its input that need the server's settings (a webhook URL);
 * 5. a limit per link (ACTION, NOTIFY, ADMIN), keyed by the token's hash: what the link sent
 *    that was refused before it is not counted;
 * 6. the handler, which answers success only: every refusal is thrown (ApiError, `unwrap` of
 *    a table's Outcome) and answered in the error shape by `onError` (app.ts).
 * A public route (`limited`) has its per-client limit after 0.
 *
 * The chain wraps the handler rather than being a route's `middleware`: zod-openapi runs a
 * route's middleware before its validators, and a refused body must not spend a limit.
 */
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context, Env as HonoEnv } from 'hono';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../errors.js';
import { charge, clientOf, type ClientLimit, type Limit } from '../limits.js';
import { hashToken, TABLE_ID_PATTERN, TOKEN_PATTERN } from '../table/tokens.js';
import { tableStub, type Needs, type TableEnv } from './caller.js';

/** The context a route's handler gets: its validated input, its path, its environment. */
export type RouteContext<R extends RouteConfig, E extends HonoEnv> = Parameters<RouteHandler<R, E>>[0];

/** How a table route is entered: declared beside it, run by `atTable`. */
export interface TableRoute<C> {
  /** What the caller must be; the table checks it (routes/caller.ts). */
  readonly needs: Needs;
  readonly limit: Limit;
  /** The `Authorization` value to read the token from, when not the header alone (the WebSocket's subprotocol). */
  readonly authorization?: (c: C) => string;
  /** The route's checks of its input that need the server's settings: throw the refusal. Before a per-link limit. */
  readonly check?: (c: C) => void;
}

const TOKEN_OF: Record<Needs, string> = { seat: 'seat', viewer: 'seat or spectator', admin: 'admin' };

/** The handler of table route `route`, entered through the chain (above). */
export function atTable<R extends RouteConfig, A>(
  _route: R,
  declared: TableRoute<RouteContext<R, TableEnv>>,
  handler: (c: RouteContext<R, TableEnv>) => Promise<A>,
): (c: RouteContext<R, TableEnv>) => Promise<A> {
  return async (c) => {
    await enterTable(c, declared);
    return handler(c);
  };
}

async function enterTable<C extends Context<TableEnv>>(c: C, { needs, limit, authorization, check }: TableRoute<C>): Promise<void> {
  const tableId = c.req.param('id') ?? '';
  if (!TABLE_ID_PATTERN.test(tableId)) throw new ApiError(404, 'not_found', 'no such table');
  if (limit.per === 'client') await charge(c.env, limit, clientOf(c.req));
  const header = authorization === undefined ? (c.req.header('authorization') ?? '') : authorization(c);
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (token === undefined) throw new ApiError(401, 'unauthorized', `send the ${TOKEN_OF[needs]} token as "Authorization: Bearer <token>"`);
  if (!TOKEN_PATTERN.test(token)) throw new ApiError(401, 'unauthorized', 'that is not a token of a Wallachen link');
  const tokenHash = await hashToken(token);
  c.set('caller', { table: tableStub(c.env, tableId), tableId, tokenHash, needs });
  check?.(c);
  if (limit.per === 'link') await charge(c.env, limit, tokenHash);
}

/**
 * The handler of public route `route` behind its per-client limit, charged `count` times
 * (once by default; the overview charges each link it reads).
 */
export function limited<R extends RouteConfig, A>(
  _route: R,
  declared: { readonly limit: ClientLimit; readonly count?: (c: RouteContext<R, AppEnv>) => number },
  handler: (c: RouteContext<R, AppEnv>) => Promise<A>,
): (c: RouteContext<R, AppEnv>) => Promise<A> {
  return async (c) => {
    const client = clientOf(c.req);
    // One by one until the first refusal: the binding counts one per call.
    for (let i = declared.count?.(c) ?? 1; i > 0; i--) await charge(c.env, declared.limit, client);
    return handler(c);
  };
}
