/**
 * The table admin (API.md "Table admin"): `POST /api/tables/{id}/admin`, one command per
 * call with the admin token, answered with the admin view; `GET` reads that view. The
 * handlers validate and forward to the table (table/admin-commands.ts); a rotated seat's
 * new token is derived here, where the key is, like a new table's.
 */
import { Hono } from 'hono/tiny';
import * as z from 'zod/mini';
import { ApiError } from '../model/errors.js';
import { frameOriginsOf } from '../model/frame-origins.js';
import { ADMIN_COMMANDS, READS, answerAs, unwrap, type Caller, type TableEnv, atTable } from './chain.js';
import { AdminCommandSchema, AdminLinkSchema, AdminViewSchema, RotatedLinkSchema } from '../schemas/admin.js';
import { adminLinkOf, deriveToken, hashToken, linkOf, newNonce, tokenKey } from '../model/tokens.js';
import type { AdminCommand } from '../model/contract.js';
import type { NewToken } from '../table/admin-commands.js';
import type { LinkOwner } from '../model/table.js';
import { errors, json, security, TableParams, defineRoute, openapi } from './documented.js';

export const admin = new Hono<TableEnv>();

// ---------------------------------------------------------------- POST /api/tables/{id}/admin

const postAdmin = defineRoute({
  method: 'post',
  path: '/api/tables/{id}/admin',
  operationId: 'adminCommand',
  ...(OPENAPI_PROSE && {
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
  }),
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
 * link, which points where the table's links point.
 */
async function newLink(
  env: Env,
  requestOrigin: string,
  { table, tableId, tokenHash }: Caller,
  owner: LinkOwner,
): Promise<{ next: NewToken; token: string; url: string }> {
  const origin = unwrap(await table.adminOrigin(tokenHash)) ?? requestOrigin;
  const key = tokenKey(env, origin);
  if (!key.ok) throw new ApiError(503, 'not_configured', `the server cannot make links: ${key.message}`);
  const nonce = newNonce();
  const token = await deriveToken(key.secret, tableId, owner === 'spectator' ? null : owner, nonce);
  const url = owner === 'admin' ? adminLinkOf(origin, tableId, token) : linkOf(origin, tableId, token);
  return { next: { hash: await hashToken(token), nonce }, token, url };
}

openapi(
  admin,
  postAdmin,
  atTable(postAdmin, { needs: 'admin', limit: ADMIN_COMMANDS }, async (c) => {
    const caller = c.var.caller;
    const { table, tokenHash } = caller;
    const command: AdminCommand = c.req.valid('json');
    const origin = new URL(c.req.url).origin;
    if (command.type === 'rotate' || command.type === 'rotateAdmin') {
      const owner: LinkOwner = command.type === 'rotateAdmin' ? 'admin' : command.seat;
      const made = await newLink(c.env, origin, caller, owner);
      unwrap(await table.rotateLink(tokenHash, owner, made.next));
      // Shown once: the table keeps the new token's hash only.
      return c.json(owner === 'admin' ? { token: made.token, url: made.url } : { seat: owner, token: made.token, url: made.url }, 200);
    }
    if (command.type === 'seat' && command.name === undefined && command.bot === undefined) {
      throw new ApiError(400, 'bad_request', 'seat: give a new name, or bot ("easy", "strong", or false for a person)');
    }
    if (command.type === 'seat' && command.bot !== undefined && command.bot !== false) {
      // A bot put in a person's seat replaces its link (API.md): nobody gets the new one, the seat's link only watches now.
      const made = await newLink(c.env, origin, caller, command.seat);
      return answerAs(c, AdminViewSchema, unwrap(await table.adminCommand(tokenHash, command, made.next)), 200);
    }
    if (command.type === 'options') {
      if (Object.keys(command).length === 1) throw new ApiError(400, 'bad_request', 'options: give at least one option to change');
      if (command.frameOrigins !== undefined) {
        // Each origin becomes a source of the seat embed page's frame-ancestors (routes/embed.ts): exactly an origin, normalised.
        const origins = frameOriginsOf(command.frameOrigins, c.env.ALLOW_LOCAL_WEBHOOKS === 'on');
        if (!origins.ok) throw new ApiError(400, 'bad_request', origins.message);
        return answerAs(c, AdminViewSchema, unwrap(await table.adminCommand(tokenHash, { ...command, frameOrigins: origins.origins })), 200);
      }
    }
    return answerAs(c, AdminViewSchema, unwrap(await table.adminCommand(tokenHash, command)), 200);
  }),
);

// ---------------------------------------------------------------- GET /api/tables/{id}/admin

const getAdmin = defineRoute({
  method: 'get',
  path: '/api/tables/{id}/admin',
  operationId: 'getAdminView',
  ...(OPENAPI_PROSE && {
    summary: "The table admin's view",
    description: 'What `POST …/admin` answers, without changing anything (the admin page reads it on load). Only with the admin token (else 403).',
  }),
  security,
  request: { params: TableParams },
  responses: { 200: { description: 'The admin view', ...json(AdminViewSchema) }, ...errors(401, 403, 404, 429) },
});

openapi(
  admin,
  getAdmin,
  atTable(getAdmin, { needs: 'admin', limit: READS }, async (c) => {
    const { table, tokenHash } = c.var.caller;
    return answerAs(c, AdminViewSchema, unwrap(await table.adminView(tokenHash)), 200);
  }),
);
