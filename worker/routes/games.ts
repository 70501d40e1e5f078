/** The finished games of a table (API.md, RULES R10.1, R10.3): complete records, a page at a time. */
import { Hono } from 'hono/tiny';
import { READS, answerAs, unwrap, type TableEnv, atTable } from './chain.js';
import { GamesQuerySchema, GamesSchema } from '../schemas/index.js';
import { type GamesPageRequest } from '../published/games-page.js';
import { DEFAULT_GAMES_LIMIT, MAX_GAMES_LIMIT } from '../model/limits.js';
import { errors, json, security, TableParams, defineRoute, openapi } from './documented.js';

export const games = new Hono<TableEnv>();

const getGames = defineRoute({
  method: 'get',
  path: '/api/tables/{id}/games',
  operationId: 'getGames',
  ...(OPENAPI_PROSE && {
    summary: 'Finished games',
    description:
      'The complete records (RULES R10.1, R10.3) of the finished games of this table, redeals included, each with its revealed seed, a page at a time: ' +
      `the \`limit\` newest (default ${DEFAULT_GAMES_LIMIT}, maximum ${MAX_GAMES_LIMIT}) with a dealIndex below \`before\` (without it, the newest), oldest first. ` +
      'While older games remain the answer has `next`: send it as `before` for the page before. A `limit` or `before` that is not a whole number in range is refused with 400.',
  }),
  security,
  request: { params: TableParams, query: GamesQuerySchema },
  responses: { 200: { description: 'The records', ...json(GamesSchema) }, ...errors(400, 401, 403, 404, 429) },
});

openapi(
  games,
  getGames,
  atTable(getGames, { needs: 'viewer', limit: READS }, async (c) => {
    const { table, tokenHash } = c.var.caller;
    const query = c.req.valid('query');
    const page: GamesPageRequest = {
      limit: query.limit === undefined ? DEFAULT_GAMES_LIMIT : Number(query.limit),
      ...(query.before === undefined ? {} : { before: Number(query.before) }),
    };
    const { games, next } = unwrap(await table.games(tokenHash, page));
    return answerAs(c, GamesSchema, next === undefined ? { games } : { games, next }, 200);
  }),
);
