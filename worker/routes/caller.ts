/**
 * Who calls a table route (`/api/tables/{id}/…`), as the chain before its handler found it
 * (routes/chain.ts) and puts it on the context: `c.var.caller`.
 */
import type { AppEnv } from '../app-env.js';

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
