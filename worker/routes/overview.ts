/**
 * POST /api/tables/overview: what a person's tables look like now, for the home page, in one
 * request. The tokens travel in the body (never in a URL, which logs keep); each link is
 * answered by its own table from that link's own view, and a link that does not open its
 * table gets the error a single GET would, nothing more.
 */
import { Hono } from 'hono/tiny';
import { OVERVIEW_MAX_LINKS, type OverviewEntry } from '../model/contract.js';
import type { AppEnv } from './app-env.js';
import { READS, answerAs, tableStub, limited } from './chain.js';
import { reasonOf } from '../model/log-reasons.js';
import { OverviewRequestSchema, OverviewSchema } from '../schemas/index.js';
import { hashToken, TABLE_ID_PATTERN, TOKEN_PATTERN } from '../model/tokens.js';
import { errors, json, PUBLIC, defineRoute, openapi } from './documented.js';

export const overview = new Hono<AppEnv>();

const route = defineRoute({
  method: 'post',
  path: '/api/tables/overview',
  operationId: 'getOverview',
  ...(OPENAPI_PROSE && {
    summary: 'Several tables at a glance',
    description:
      `For each of 1 to ${OVERVIEW_MAX_LINKS} links (a table id and a seat or spectator token, each link once), in the order given: ` +
      "the table's name, its seats' names, phase, game, whose turn it is, whether the link's seat owes a move, its version, deadline and when it last changed, " +
      "its move deadline option, whether its admin ended it, and the link's seat's own vacation (until when, the hours left, the hours POST …/vacation takes now); " +
      "or the error a single GET /api/tables/{id} would answer for that link. No cards: never more than the link's own view shows. " +
      'The tokens travel in the body, so no log holds them. ' +
      'Each link counts against the limit of GET /api/tables/{id} (READ_LIMITER) as one GET: a request of more links than the client has reads left is refused with 429.',
  }),
  security: PUBLIC,
  request: { body: { ...json(OverviewRequestSchema), required: true } },
  responses: { 200: { description: 'One entry per link, in order', ...json(OverviewSchema) }, ...errors(400, 413, 415, 429) },
});

openapi(
  overview,
  route,
  // Each link is a table read, as the single GET it replaces: batching buys no reads.
  limited(route, { limit: READS, count: (c) => c.req.valid('json').links.length }, async (c) => {
    const tables = await Promise.all(c.req.valid('json').links.map(({ tableId, token }) => entryFor(c.env, tableId, token)));
    return answerAs(c, OverviewSchema, { tables }, 200);
  }),
);

const refusal = (tableId: string, code: string, message: string): OverviewEntry => ({ tableId, ok: false, error: { code, message } });

/** One link's entry: its table's summary, or what GET /api/tables/{id} would refuse it with. */
async function entryFor(env: Env, tableId: string, token: string): Promise<OverviewEntry> {
  if (!TABLE_ID_PATTERN.test(tableId)) return refusal(tableId, 'not_found', 'no such table');
  if (!TOKEN_PATTERN.test(token)) return refusal(tableId, 'unauthorized', 'that is not a token of a Wallachen link');
  try {
    const summary = await tableStub(env, tableId).summary(await hashToken(token));
    return summary.ok ? summary.value : refusal(tableId, summary.code, summary.message);
  } catch (error) {
    // One table failing leaves the others answered; its entry says what a GET would have.
    console.error(`overview: table ${tableId} failed: ${reasonOf(error)}`);
    return refusal(tableId, 'internal_error', 'Internal server error');
  }
}
