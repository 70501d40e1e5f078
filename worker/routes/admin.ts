/**
 * The table admin (API.md "Table admin"): `POST /api/tables/{id}/admin`, one command per
 * call with the admin token, answered with the admin view; `GET` reads that view. The
 * handlers validate and forward to the table (table/admin-commands.ts); a rotated seat's
 * new token is derived here, where the key is, like a new table's.
 */
import { createRoute, OpenAPIHono, z, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../app.js';
import { errorResponse } from '../errors.js';
import { frameOriginsOf } from '../frame-origins.js';
import { PERIOD_SECONDS, rateLimited } from '../limits.js';
import { AdminCommandSchema, AdminLinkSchema, AdminViewSchema, RotatedLinkSchema } from '../admin-schemas.js';
import { adminLinkOf, deriveToken, hashToken, linkOf, newNonce, TABLE_ID_PATTERN, tokenKey } from '../table/tokens.js';
import type { AdminCommand } from '../contract.js';
import type { NewToken } from '../table/admin-commands.js';
import type { LinkOwner } from '../table/model.js';
import type { Outcome } from '../table/outcome.js';
import { validationHook } from '../validation.js';
import { errors, json, security, TableParams } from './documented.js';
import { callerHash, clientOf, noSuchTable, tableStub, type TableStub } from './tables.js';

export const admin = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

function handle<R extends RouteConfig>(config: R, handler: (c: Parameters<RouteHandler<R, AppEnv>>[0]) => Promise<Response>): void {
  admin.openapi(config, handler as unknown as RouteHandler<R, AppEnv>);
}

const answer = <T>(c: Context<AppEnv>, outcome: Outcome<T>): Response =>
  outcome.ok ? c.json(outcome.value as object, 200) : errorResponse(c, outcome.status, outcome.code, outcome.message);

// ---------------------------------------------------------------- POST /api/tables/{id}/admin

const postAdmin = createRoute({
  method: 'post',
  path: '/api/tables/{id}/admin',
  operationId: 'adminCommand',
  summary: "The table admin's commands",
  description:
    "With the admin token of `POST /api/tables`, one command per call: pause, resume, replace a seat's, the spectators' or the admin's own link, " +
    'change a seat (name, bot or person), change the options (clock, timeout policy, vacation hours, chat, who may embed the table), ' +
    'start a new series once one is over, end the table. ' +
    'Answers the admin view: settings, seats with names, bots and notification state (never an address or a card), paused, ended, series; ' +
    '`rotate` answers the new link instead, and `rotateAdmin` the new admin link, each shown once: the old token is refused at once (401) and its open sockets are closed (code 4001). ' +
    "A seat's rotation, or a bot put in a person's seat, also ends what the old link's holder set up: the seat's mail address, webhook (URL and secret), " +
    'push subscriptions and preferences, with the messages waiting for them and the digest entries. ' +
    'A seat or spectator token gets 403, as does the admin token on every seat endpoint. After `end` only the rotations (and `end` again) are taken: 409 table_ended. ' +
    `At most 30 commands per minute per admin link (429).`,
  security,
  request: { params: TableParams, body: { ...json(AdminCommandSchema), required: true } },
  responses: {
    200: {
      description: 'The admin view; for `rotate` the new link, for `rotateAdmin` the new admin link',
      content: { 'application/json': { schema: z.union([AdminViewSchema, RotatedLinkSchema, AdminLinkSchema]) } },
    },
    ...errors(400, 401, 403, 404, 409, 413, 415, 429, 503),
  },
});

/**
 * A new token for `owner`'s link, derived from the key as at creation (tokens.ts), and its
 * link, which points where the table's links point; or the answer that refuses.
 */
async function newLink(
  c: Context<AppEnv>,
  table: TableStub,
  adminHash: string,
  id: string,
  owner: LinkOwner,
): Promise<{ next: NewToken; token: string; url: string } | { response: Response }> {
  const found = await table.adminOrigin(adminHash);
  if (!found.ok) return { response: errorResponse(c, found.status, found.code, found.message) };
  const origin = found.value ?? new URL(c.req.url).origin;
  const key = tokenKey(c.env, origin);
  if (!key.ok) return { response: errorResponse(c, 503, 'not_configured', `the server cannot make links: ${key.message}`) };
  const nonce = newNonce();
  const token = await deriveToken(key.secret, id, owner === 'spectator' ? null : owner, nonce);
  const url = owner === 'admin' ? adminLinkOf(origin, id, token) : linkOf(origin, id, token);
  return { next: { hash: await hashToken(token), nonce }, token, url };
}

handle(postAdmin, async (c) => {
  const { id } = c.req.valid('param');
  if (!TABLE_ID_PATTERN.test(id)) return noSuchTable(c);
  const caller = await callerHash(c);
  if ('response' in caller) return caller.response;
  const limited = await rateLimited(c, c.env.ADMIN_LIMITER, caller.hash, 'admin commands from this link', PERIOD_SECONDS.ADMIN_LIMITER);
  if (limited) return limited;
  const command: AdminCommand = c.req.valid('json');
  const table = tableStub(c, id);
  if (command.type === 'rotate' || command.type === 'rotateAdmin') {
    const owner: LinkOwner = command.type === 'rotateAdmin' ? 'admin' : command.seat;
    const made = await newLink(c, table, caller.hash, id, owner);
    if ('response' in made) return made.response;
    const rotated = await table.rotateLink(caller.hash, owner, made.next);
    if (!rotated.ok) return errorResponse(c, rotated.status, rotated.code, rotated.message);
    // Shown once: the table keeps the new token's hash only.
    return c.json(owner === 'admin' ? { token: made.token, url: made.url } : { seat: owner, token: made.token, url: made.url }, 200);
  }
  if (command.type === 'seat' && command.name === undefined && command.bot === undefined) {
    return errorResponse(c, 400, 'bad_request', 'seat: give a new name, or bot ("easy", "strong", or false for a person)');
  }
  if (command.type === 'seat' && command.bot !== undefined && command.bot !== false) {
    // A bot put in a person's seat replaces its link (API.md): nobody gets the new one, the seat's link only watches now.
    const made = await newLink(c, table, caller.hash, id, command.seat);
    if ('response' in made) return made.response;
    return answer(c, await table.adminCommand(caller.hash, command, made.next));
  }
  if (command.type === 'options') {
    if (Object.keys(command).length === 1) return errorResponse(c, 400, 'bad_request', 'options: give at least one option to change');
    if (command.frameOrigins === undefined) return answer(c, await table.adminCommand(caller.hash, command));
    // Each origin becomes a source of the seat embed page's frame-ancestors (routes/embed.ts): exactly an origin, normalised.
    const origins = frameOriginsOf(command.frameOrigins, c.env.ALLOW_LOCAL_WEBHOOKS === 'on');
    if (!origins.ok) return errorResponse(c, 400, 'bad_request', origins.message);
    return answer(c, await table.adminCommand(caller.hash, { ...command, frameOrigins: origins.origins }));
  }
  return answer(c, await table.adminCommand(caller.hash, command));
});

// ---------------------------------------------------------------- GET /api/tables/{id}/admin

const getAdmin = createRoute({
  method: 'get',
  path: '/api/tables/{id}/admin',
  operationId: 'getAdminView',
  summary: "The table admin's view",
  description: 'What `POST …/admin` answers, without changing anything (the admin page reads it on load). Only with the admin token (else 403).',
  security,
  request: { params: TableParams },
  responses: { 200: { description: 'The admin view', ...json(AdminViewSchema) }, ...errors(401, 403, 404, 429) },
});

handle(getAdmin, async (c) => {
  const { id } = c.req.valid('param');
  if (!TABLE_ID_PATTERN.test(id)) return noSuchTable(c);
  const limited = await rateLimited(c, c.env.READ_LIMITER, clientOf(c), 'reads from this address', PERIOD_SECONDS.READ_LIMITER);
  if (limited) return limited;
  const caller = await callerHash(c);
  if ('response' in caller) return caller.response;
  return answer(c, await tableStub(c, id).adminView(caller.hash));
});
