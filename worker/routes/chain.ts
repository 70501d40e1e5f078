/**
 * What runs before a handler, in one order for every route (README, "How a request flows"):
 *
 * 0. the route's schemas: its validators (routes/documented.ts), before anything here (400; a
 *    request refused as malformed is counted against no limit), after the route's own
 *    `middleware` if it has one (the WebSocket's 426 for a request that is no upgrade);
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
 * The chain wraps the handler rather than being a route's `middleware`: a route's middleware
 * runs before its validators, and a refused body must not spend a limit.
 */
import type { AppEnv } from './app-env.js';
import { clientKey } from './client-key.js';
import { ApiError } from '../model/errors.js';
import { opsMetrics, type LimiterName } from '../ops/metrics.js';
import type { ViewSchema } from '../schemas/index.js';
import type { Outcome } from '../published/outcome.js';
import { TABLE_ID_PATTERN, TOKEN_PATTERN, hashToken } from '../model/tokens.js';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type * as z from 'zod/mini';
import type { DocumentedRoute, RouteContext } from './documented.js';

/** How a table route is entered: declared beside it, run by `atTable`. */
export interface TableRoute<C> {
  /** What the caller must be; the table checks it (table/requests). */
  readonly needs: Needs;
  readonly limit: Limit;
  /** The `Authorization` value to read the token from, when not the header alone (the WebSocket's subprotocol). */
  readonly authorization?: (c: C) => string;
  /** The route's checks of its input that need the server's settings: throw the refusal. Before a per-link limit. */
  readonly check?: (c: C) => void;
}

const TOKEN_OF: Record<Needs, string> = { seat: 'seat', viewer: 'seat or spectator', admin: 'admin' };

/** The handler of table route `route`, entered through the chain (above). */
export function atTable<R extends DocumentedRoute, A>(
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
export function limited<R extends DocumentedRoute, A>(
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

// ---------------------------------------------------------------- who calls

/**
 * Who calls a table route (`/api/tables/{id}/…`), as the chain before its handler found it
 * (routes/chain.ts) and puts it on the context: `c.var.caller`.
 */
export type TableStub = ReturnType<Env['TABLES']['get']>;

/** The Durable Object of table `id`. */
export const tableStub = (env: Env, id: string): TableStub => env.TABLES.get(env.TABLES.idFromName(id));

/** What a route needs the caller to be: a seat's link, a seat's or the spectators' (a viewer), or the admin's. */
export type Needs = 'seat' | 'viewer' | 'admin';

/**
 * The caller of a table route: its table (stub and id), the hash of its bearer token, and what
 * the route needs it to be. Not the role the token has: the table's Durable Object resolves
 * the hash against its links on every call anyway (a rotation may come between two calls, so
 * an answer from an earlier call could be stale), and resolving it here first would cost a
 * second Durable Object request for every API call (billed per request, and a round trip of
 * latency). The table refuses a caller that is not what its method needs (403).
 */
export interface Caller {
  readonly table: TableStub;
  readonly tableId: string;
  readonly tokenHash: string;
  readonly needs: Needs;
}

/** The environment of the routers of table routes: the caller on every request they answer. */
export type TableEnv = AppEnv & { Variables: { caller: Caller } };

// ---------------------------------------------------------------- what a handler answers

/**
 * What a handler answers from its table: the value of an Outcome (or its refusal, thrown), a
 * value the table publishes, a view it made as text; each typed as the route's answer.
 */
/**
 * The seconds a 429 of the table says to wait: every limit the table keeps itself and answers
 * through an Outcome counts per minute (a seat's chat messages, published/chat.ts).
 */
export const TABLE_RETRY_AFTER_SECONDS = 60;

/** The value of a table's answer, or its refusal thrown (answered by onError in app.ts). */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  if (outcome.status === 429) throw new ApiError(429, 'rate_limited', outcome.message, TABLE_RETRY_AFTER_SECONDS);
  throw new ApiError(outcome.status, outcome.code, outcome.message);
}

/** A route's JSON answer of the shape `S` documents. */
export type JsonAnswer<S extends z.ZodMiniType, U extends 200 | 201> = Response & TypedResponse<JSONParsed<z.infer<S>>, U, 'json'>;

/** `T` as JSON carries it: a readonly array or field is the same answer as a mutable one. */
type Wire<T> = T extends readonly (infer U)[] ? readonly Wire<U>[] : T extends object ? { readonly [K in keyof T]: Wire<T[K]> } : T;

/**
 * The one place an answer is typed as the route's: the callers below make sure it is one. The
 * openapi-answers test validates every answer sent against the document, these included.
 */
const typedAs = <S extends z.ZodMiniType, U extends 200 | 201>(response: Response): JsonAnswer<S, U> => response as JsonAnswer<S, U>;

/**
 * `value` answered as the shape `schema` documents. It must be that shape but for readonly:
 * the API's types (model/contract.ts, published/published.ts) are readonly, which JSON does not carry.
 */
export function answerAs<S extends z.ZodMiniType, U extends 200 | 201>(c: Context, _schema: S, value: Wire<z.infer<S>>, status: U): JsonAnswer<S, U> {
  return typedAs<S, U>(c.json(value, status));
}

/**
 * A view the table built as JSON text (published/published.ts), passed on as it is: parsing it to
 * serialize it again would cost every view answered. Typed as the View that ViewSchema
 * documents, which the table built it as.
 */
export function viewAnswer(c: Context, text: string): JsonAnswer<typeof ViewSchema, 200> {
  return typedAs<typeof ViewSchema, 200>(c.body(text, 200, { 'content-type': 'application/json' }));
}

// ---------------------------------------------------------------- the limits

/**
 * Abuse limits with the Workers rate-limiting binding (wrangler.toml [[ratelimits]], whose
 * numbers docs/api.md lists): CREATE_LIMITER, READ_LIMITER, SOCKET_LIMITER and OPS_LIMITER per client
 * (client-key.ts), ACTION_LIMITER, NOTIFY_LIMITER and ADMIN_LIMITER per link (its token's
 * hash). A route declares its limit (routes/chain.ts charges it); none charges one by hand.
 */
/** Each limiter's period in seconds, as wrangler.toml sets it (the binding allows 10 or 60): a refusal's Retry-After. */
export const PERIOD_SECONDS = {
  CREATE_LIMITER: 60,
  ACTION_LIMITER: 10,
  READ_LIMITER: 10,
  SOCKET_LIMITER: 60,
  NOTIFY_LIMITER: 60,
  ADMIN_LIMITER: 60,
  OPS_LIMITER: 60,
  // Not a route's: the email handler's, per sender (routes/mail-incoming.ts), refused at SMTP time.
  REPLY_LIMITER: 60,
} as const satisfies Record<LimiterName, 10 | 60>;

/** A limit counted per client: its address (client-key.ts), known before anything else of the request. */
export interface ClientLimit {
  readonly limiter: LimiterName;
  readonly per: 'client';
  /** What is counted, as the 429 names it: "too many <what>". */
  readonly what: string;
}

/** A limit counted per link: its token's hash, whatever address it comes from. */
export interface LinkLimit {
  readonly limiter: LimiterName;
  readonly per: 'link';
  readonly what: string;
}

export type Limit = ClientLimit | LinkLimit;

export const TABLES_CREATED: ClientLimit = { limiter: 'CREATE_LIMITER', per: 'client', what: 'tables created from this address' };
/** Reads of views, games, chat, notifications, the delivery log and the admin view; oEmbed; each link of the overview. */
export const READS: ClientLimit = { limiter: 'READ_LIMITER', per: 'client', what: 'reads from this address' };
export const SOCKETS_OPENED: ClientLimit = { limiter: 'SOCKET_LIMITER', per: 'client', what: 'WebSocket connections from this address' };
/** A link's actions, and what it sends that is counted with them (vacation, preferences). */
export const ACTIONS: LinkLimit = { limiter: 'ACTION_LIMITER', per: 'link', what: 'actions from this link' };
/** A link's chat messages: the budget of its actions, which they share. */
export const CHAT_POSTS: LinkLimit = { limiter: 'ACTION_LIMITER', per: 'link', what: 'requests from this link' };
export const NOTIFICATION_CHANGES: LinkLimit = { limiter: 'NOTIFY_LIMITER', per: 'link', what: 'notification changes from this link' };
export const ADMIN_COMMANDS: LinkLimit = { limiter: 'ADMIN_LIMITER', per: 'link', what: 'admin commands from this link' };
/** The operator's summaries (routes/ops.ts): each one queries Analytics Engine's SQL API. */
export const OPS_QUERIES: ClientLimit = { limiter: 'OPS_LIMITER', per: 'client', what: 'summaries from this address' };

/** The rate-limit key of the client that sent `request` (client-key.ts). */
export const clientOf = (request: { header(name: string): string | undefined }): string => clientKey(request.header('cf-connecting-ip'));

/**
 * Counts one request of `key` against `limit`; over it, throws the 429 whose Retry-After is
 * the limiter's period, the longest wait until its next window.
 */
export async function charge(env: Env, limit: Limit, key: string): Promise<void> {
  const { success } = await env[limit.limiter].limit({ key });
  if (success) return;
  opsMetrics(env).count(['rate_limited', limit.limiter]);
  const seconds = PERIOD_SECONDS[limit.limiter];
  throw new ApiError(429, 'rate_limited', `too many ${limit.what}; try again in ${seconds === 60 ? 'a minute' : `${seconds} seconds`}`, seconds);
}
