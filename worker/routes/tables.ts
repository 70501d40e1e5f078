/**
 * POST /api/tables (API.md): create a table, answered with a secret link per seat, one for
 * spectators and one for the table's admin. The other table routes are a resource each:
 * views.ts (read, act, watch), games.ts, notifications.ts, seat-settings.ts, admin.ts,
 * chat.ts, deliveries.ts.
 */
import { Hono } from 'hono/tiny';
import { validateDeal, type Deal } from '../../shared/deal.js';
import { SEATS, validateOptions } from '../../shared/options.js';
import type { AppEnv } from './app-env.js';
import { ApiError } from '../model/errors.js';
import { shardForNewTable } from '../history/shards.js';
import { TABLES_CREATED, unwrap, tableStub, limited } from './chain.js';
import { CreatedTableSchema, CreateTableSchema } from '../schemas/index.js';
import { DEFAULT_ON_TIMEOUT, DEFAULT_VACATION_HOURS } from '../../shared/deadline.js';
import { adminLinkOf, deriveToken, hashToken, linkOf, newNonce, newTableId, tokenKey, type TokenOwner } from '../model/tokens.js';
import { errors, json, PUBLIC, defineRoute, openapi } from './documented.js';

export const tables = new Hono<AppEnv>();

// ---------------------------------------------------------------- POST /api/tables

const createTable = defineRoute({
  method: 'post',
  path: '/api/tables',
  operationId: 'createTable',
  ...(OPENAPI_PROSE && {
    summary: 'Create a table',
    description: 'Every field is optional. Answers one secret token and link per seat and one for spectators: whoever holds a link plays that seat.',
  }),
  security: PUBLIC,
  request: { body: { ...json(CreateTableSchema), required: false } },
  responses: { 201: { description: 'The table and its secret links', ...json(CreatedTableSchema) }, ...errors(400, 413, 415, 429, 503) },
});

openapi(
  tables,
  createTable,
  limited(createTable, { limit: TABLES_CREATED }, async (c) => {
    const body = c.req.valid('json') ?? {};
    const { moveDeadlineHours, onTimeout, vacationHours, chat, ...ruleOptions } = body.options ?? {};
    const options = validateOptions(ruleOptions);
    if (!options.ok) throw new ApiError(400, 'bad_request', options.error.message);
    const fixedDeals: Deal[] = [];
    if (body.deals !== undefined) {
      if (c.env.TEST_DEALS !== 'on') throw new ApiError(400, 'bad_request', '"deals" is only accepted when the server runs with TEST_DEALS=on');
      for (const [index, given] of body.deals.entries()) {
        const deal = validateDeal(given);
        if (!deal.ok) throw new ApiError(400, 'bad_request', `deals[${index}]: ${deal.error.message}`);
        fixedDeals.push(deal.value);
      }
    }
    // Links point to where the table was created; their tokens are derived from the key (tokens.ts).
    const origin = new URL(c.req.url).origin;
    const key = tokenKey(c.env, origin);
    if (!key.ok) {
      console.error(`creating a table refused: ${key.message}`);
      throw new ApiError(503, 'not_configured', `the server is not set up to create tables: ${key.message}`);
    }
    const seats = [0, 1, 2].map((seat) => {
      const given = body.seats?.[seat];
      const botLevel = given?.bot === true ? 'strong' : given?.bot || null;
      return {
        name: given?.name ?? `Seat ${seat + 1}`,
        bot: botLevel !== null,
        ...(botLevel === null ? {} : { botLevel }),
        ...(given?.lang === undefined ? {} : { lang: given.lang }),
      };
    });
    // The three seats, the spectators and the table's admin (API.md "Table admin").
    const who: TokenOwner[] = [0, 1, 2, null, 'admin'];
    const nonces = who.map(() => newNonce());
    // A new id is 80 random bits; should one ever be taken, draw again.
    let tableId = newTableId();
    let tokens: string[] = [];
    const create = async (id: string) => {
      tokens = await Promise.all(who.map((seat, i) => deriveToken(key.secret, id, seat, nonces[i]!)));
      const hashes = await Promise.all(tokens.map(hashToken));
      return tableStub(c.env, id).create({
        settings: {
          tableId: id,
          name: body.name ?? 'Wallachen',
          options: options.value,
          seats,
          moveDeadlineHours: moveDeadlineHours ?? null,
          onTimeout: onTimeout ?? DEFAULT_ON_TIMEOUT,
          vacationHours: vacationHours ?? DEFAULT_VACATION_HOURS,
          createdAt: new Date().toISOString(),
          origin,
          chat: chat !== 'off',
          historyShard: shardForNewTable(c.env, id),
        },
        tokens: who.map((owner, i) => ({
          seat: owner === 'admin' ? null : owner,
          hash: hashes[i]!,
          nonce: nonces[i]!,
          role: owner === 'admin' ? ('admin' as const) : null,
        })),
        // A bot reads no mail: its seat is never mailed (schemas.ts).
        emails: seats.map((s, seat) => (s.bot ? null : (body.seats?.[seat]?.email ?? null))),
        fixedDeals,
      });
    };
    let created = await create(tableId);
    for (let attempt = 1; !created.ok && created.code === 'conflict' && attempt < 3; attempt++) created = await create((tableId = newTableId()));
    unwrap(created);
    // The token goes in the fragment: browsers never send it to us or, as a referrer, elsewhere.
    const link = (token: string) => linkOf(origin, tableId, token);
    return c.json(
      {
        tableId,
        seats: SEATS.map((seat) => ({ seat, token: tokens[seat]!, url: link(tokens[seat]!) })),
        spectator: { token: tokens[3]!, url: link(tokens[3]!) },
        admin: { token: tokens[4]!, url: adminLinkOf(origin, tableId, tokens[4]!) },
      },
      201,
    );
  }),
);
