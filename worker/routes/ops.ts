/**
 * Operations: an operator's view of a table's history rows that D1 refused for a day (dead
 * letters, worker/history/outbox.ts) and replaying them once D1 is fixed; moving the history
 * of the layout before to records in R2 (history/migrate.ts); and the service's counters over a
 * window of time (ops/summary.ts). Authenticated with the secret OPS_TOKEN (`wrangler secret put
 * OPS_TOKEN`); without it these endpoints do not exist (404). `npm run history:replay` and
 * `npm run history:migrate` call them.
 */
import { Hono } from 'hono/tiny';
import * as z from 'zod/mini';
import { countParam, doc, int } from '../schemas/index.js';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { ApiError } from '../model/errors.js';
import { hashToken, sameHash, TABLE_ID_PATTERN } from '../model/tokens.js';
import { querySummary, windowOf, MAX_WINDOW_DAYS, RETENTION_DAYS, DEFAULT_WINDOW_HOURS } from '../ops/summary.js';
import { limited, OPS_QUERIES, tableStub, unwrap, type TableStub } from './chain.js';
import { json, refusal, TableParams, defineRoute, openapi } from './documented.js';
import { MAX_MIGRATE_BATCH, migrateBatch } from '../history/migrate.js';

/** The table the operator names, once the operator is known. */
type OpsEnv = AppEnv & { Variables: { table: TableStub } };

export const ops = new Hono<OpsEnv>();

/** The operator's token must be this long: a guessable one would open every table's history to strangers. */
const MIN_OPS_TOKEN_LENGTH = 32;

/** Only the operator passes; without an OPS_TOKEN these endpoints do not exist. */
const operatorOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const expected = c.env.OPS_TOKEN;
  if (expected === undefined || expected.length < MIN_OPS_TOKEN_LENGTH)
    throw new ApiError(404, 'not_found', `No such endpoint: ${c.req.method} ${c.req.path}`);
  const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  // Compared as hashes in constant time: no early exit to time.
  if (!sameHash(await hashToken(given), await hashToken(expected)))
    throw new ApiError(401, 'unauthorized', 'send the operator token as "Authorization: Bearer <OPS_TOKEN>"');
  await next();
};

/** The operator, at a table id that can be one. */
const operatorAtTable: MiddlewareHandler<OpsEnv> = async (c, next) => {
  const id = c.req.param('id') ?? '';
  if (!TABLE_ID_PATTERN.test(id)) throw new ApiError(404, 'not_found', 'no such table');
  c.set('table', tableStub(c.env, id));
  await next();
};

/** The operator's secret OPS_TOKEN as `Authorization: Bearer` (the scheme `operator`, app.ts). */
const operator = [{ operator: [] }];

const opsRefusals = {
  401: refusal(401, 'unauthorized: not the operator token'),
  404: refusal(404, 'not_found: no such table, or the server has no OPS_TOKEN (then these endpoints do not exist)'),
};

const DeadLettersSchema = doc(
  z.object({
    deadLetters: z.array(
      z.object({
        id: int(),
        kind: doc(
          z.enum(['game', 'table']),
          OPENAPI_PROSE && { description: 'Which history row D1 refused: a finished game, or the table with its seats' },
        ),
        attempts: int(),
        queuedAt: doc(z.string(), OPENAPI_PROSE && { description: 'When it was queued (ISO)' }),
        lastError: doc(z.nullable(z.string()), OPENAPI_PROSE && { description: 'Why D1 refused it last, fit for logs (never the payload)' }),
      }),
    ),
  }),
  'DeadLetters',
);

openapi(
  ops,
  defineRoute({
    method: 'get',
    path: '/api/ops/tables/{id}/history',
    operationId: 'getDeadLetters',
    ...(OPENAPI_PROSE && {
      summary: "A table's dead letters (operator)",
      description:
        'The history rows of the table that D1 refused for a day and that are no longer retried: kind, since when, the last error; never the payload.',
    }),
    middleware: [operatorOnly, operatorAtTable],
    security: operator,
    request: { params: TableParams },
    responses: { 200: { description: 'The dead letters', ...json(DeadLettersSchema) }, ...opsRefusals },
  }),
  async (c) => c.json({ deadLetters: unwrap(await c.var.table.deadLetters()) }, 200),
);

openapi(
  ops,
  defineRoute({
    method: 'post',
    path: '/api/ops/tables/{id}/history/replay',
    operationId: 'replayDeadLetters',
    ...(OPENAPI_PROSE && {
      summary: "Replay a table's dead letters (operator)",
      description: 'Puts the dead letters back in line, once D1 is fixed, and writes them now (`npm run history:replay`).',
    }),
    middleware: [operatorOnly, operatorAtTable],
    security: operator,
    request: { params: TableParams },
    responses: {
      200: { description: 'How many were put back', ...json(doc(z.object({ replayed: int(z.gte(0)) }), 'Replayed')) },
      ...opsRefusals,
    },
  }),
  async (c) => c.json({ replayed: unwrap(await c.var.table.replayDeadLetters()) }, 200),
);

const RowsSchema = { rowsWritten: int(z.gte(0)), rowsRead: int(z.gte(0)) };

const StorageMeterSchema = doc(
  z.object({
    since: doc(
      z.string(),
      OPENAPI_PROSE && { description: "When the table's object started counting (ISO): an eviction or a deploy starts it again" },
    ),
    ...RowsSchema,
    alarmsSet: doc(int(z.gte(0)), OPENAPI_PROSE && { description: 'setAlarm calls, each billed as a row written (in rowsWritten)' }),
    byKind: z.array(
      z.object({
        kind: doc(
          z.string(),
          OPENAPI_PROSE && {
            description: 'What the rows were for: `wake` (reading the table once per instance), a change (`action:card`, `create`, `remind`, …)',
          },
        ),
        count: int(z.gte(0)),
        ...RowsSchema,
      }),
    ),
    databaseBytes: doc(int(z.gte(0)), OPENAPI_PROSE && { description: "The size of the table's SQLite database (what storage is billed for)" }),
  }),
  'StorageMeter',
);

openapi(
  ops,
  defineRoute({
    method: 'get',
    path: '/api/ops/tables/{id}/storage',
    operationId: 'getStorageMeter',
    ...(OPENAPI_PROSE && {
      summary: "What a table's storage read and wrote (operator)",
      description:
        "The Durable Object SQLite rows the table's object read and wrote since it started, as the runtime counted them (each statement's `rowsRead`, `rowsWritten`), in all and by what they were for; its database's size. Asking wakes the table (a `wake` of its own where it slept). `npm run bench:rows` reads it.",
    }),
    middleware: [operatorOnly, operatorAtTable],
    security: operator,
    request: { params: TableParams },
    responses: { 200: { description: 'The counts', ...json(StorageMeterSchema) }, ...opsRefusals },
  }),
  async (c) => c.json(unwrap(await c.var.table.storageMeter()), 200),
);

// What follows says most of itself under OPENAPI_PROSE only: the document has it, the Worker has no use for it.

const SummarySchema = doc(
  z.object({
    from: z.string(),
    to: z.string(),
    counts: z.array(
      z.object({ event: z.string(), details: z.array(z.string()), count: int(z.gte(0)), rowsWritten: int(z.gte(0)), rowsRead: int(z.gte(0)) }),
    ),
  }),
  'OpsSummary',
  OPENAPI_PROSE
    ? {
        description:
          '`from` (inclusive) and `to` (exclusive) of the window (ISO); `counts`: each event by its words ' +
          '(docs/operations.md: table_created, game_started, game_finished; action with its type and who made it; refusal with its code and http or socket; ' +
          'delivery with its channel and outcome; dead_letter with its kind; rate_limited with its limiter; table_woken). ' +
          '`rowsWritten`, `rowsRead`: the Durable Object SQLite rows the tables wrote and read for those events, as the runtime counted them (actions: their commit; table_woken: reading the table), 0 for the others. ' +
          'Estimates where Analytics Engine sampled, exact below its threshold.',
      }
    : {},
);

/** `from` or `to` as the document has it. */
const instant = (name: 'from' | 'to', description: string) =>
  doc(
    z.optional(z.string()),
    OPENAPI_PROSE && { param: { name, in: 'query' }, type: 'string', format: 'date-time', description, example: '2026-12-01T00:00:00Z' },
  );

const SummaryQuery = z.object(
  OPENAPI_PROSE
    ? {
        from: instant(
          'from',
          `The start of the window, an ISO date and time with its zone; default: ${DEFAULT_WINDOW_HOURS} hours before \`to\`; at most ${RETENTION_DAYS} days ago`,
        ),
        to: instant('to', `The end of the window; default: now. At most ${MAX_WINDOW_DAYS} days after \`from\``),
      }
    : { from: z.optional(z.string()), to: z.optional(z.string()) },
);

const summaryRoute = defineRoute({
  method: 'get',
  path: '/api/ops/summary',
  operationId: 'getOpsSummary',
  ...(OPENAPI_PROSE && {
    summary: "The service's counters over a window (operator)",
    description:
      'Tables made, games started and finished, actions, refusals by code, deliveries by channel and outcome, dead letters and rate-limit refusals by limiter, ' +
      'counted from the Analytics Engine dataset OPS_METRICS through its SQL API (docs/operations.md). Never a token, an address, a URL or a card: only counts.',
  }),
  middleware: operatorOnly,
  security: operator,
  request: { query: SummaryQuery },
  responses: {
    200: { description: 'The counts of the window', ...json(SummarySchema) },
    400: refusal(
      400,
      OPENAPI_PROSE
        ? `bad_request: \`from\` or \`to\` is no ISO date and time, \`from\` is not before \`to\`, the window is over ${MAX_WINDOW_DAYS} days, or \`from\` is over ${RETENTION_DAYS} days ago`
        : '',
    ),
    401: opsRefusals[401],
    404: refusal(404, OPENAPI_PROSE ? 'not_found: the server has no OPS_TOKEN (then these endpoints do not exist)' : ''),
    429: refusal(429, OPENAPI_PROSE ? 'rate_limited: too many summaries from this address (OPS_LIMITER); retry after the Retry-After seconds' : ''),
    502: refusal(502, OPENAPI_PROSE ? "upstream_failed: Analytics Engine's SQL API did not answer, or failed" : ''),
    503: refusal(503, OPENAPI_PROSE ? 'not_configured: OPS_ACCOUNT_ID or OPS_ANALYTICS_TOKEN is not set, or the SQL API refused the token' : ''),
  },
});

/** The counters: no table, so a router of the app's environment (mounted beside `ops`). */
export const opsSummary = new Hono<AppEnv>();

openapi(
  opsSummary,
  summaryRoute,
  limited(summaryRoute, { limit: OPS_QUERIES }, async (c) => {
    const { from, to } = c.req.valid('query');
    return c.json(await querySummary(c.env, windowOf(from, to, Date.now())), 200);
  }),
);

openapi(
  opsSummary,
  defineRoute({
    method: 'post',
    path: '/api/ops/history/migrate',
    operationId: 'migrateHistory',
    ...(OPENAPI_PROSE && {
      summary: 'Move a batch of the old history to R2 (operator)',
      description:
        'Moves up to `limit` finished games from the layout before (full records in D1) to records in R2 with an index row in D1 (`npm run history:migrate`). ' +
        'Call it again until `remaining` is 0; a call cut short is made good by the next, which neither loses nor duplicates a game.',
    }),
    middleware: operatorOnly,
    security: operator,
    request: { query: z.object({ limit: countParam('limit', MAX_MIGRATE_BATCH, MAX_MIGRATE_BATCH, 'games') }) },
    responses: {
      200: {
        description: 'What this batch moved, and what is left',
        ...json(
          doc(
            z.object({ moved: int(z.gte(0)), remaining: doc(int(z.gte(0)), OPENAPI_PROSE && { description: 'Games left to move: 0 when done' }) }),
            'MigrateStep',
          ),
        ),
      },
      400: refusal(400, 'bad_request: `limit` out of range'),
      401: opsRefusals[401],
      404: refusal(404, 'not_found: the server has no OPS_TOKEN (then these endpoints do not exist)'),
    },
  }),
  async (c) => {
    const { limit } = c.req.valid('query');
    return c.json(await migrateBatch(c.env.DB, c.env.RECORDS, limit === undefined ? MAX_MIGRATE_BATCH : Number(limit)), 200);
  },
);
