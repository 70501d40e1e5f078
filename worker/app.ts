/**
 * The HTTP API under /api/* (see API.md), as a Hono app; its OpenAPI document is made from
 * its routes at build time (docs/document.ts) and served from the static assets.
 * Everything else is served from the web app's static assets (wrangler.toml [assets]).
 */
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Hono } from 'hono/tiny';
import * as z from 'zod/mini';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { version } from '../package.json';
import type { AppEnv } from './routes/app-env.js';
import { ApiError, errorResponse, type ErrorCode } from './model/errors.js';
import { admin } from './routes/admin.js';
import { chat } from './routes/chat.js';
import { deliveryLog } from './routes/deliveries.js';
import { defineRoute, json, mount, openapi, PUBLIC } from './routes/documented.js';
import { embed } from './routes/embed.js';
import { games } from './routes/games.js';
import { mail } from './routes/mail.js';
import { notifications } from './routes/notifications.js';
import { ops, opsSummary } from './routes/ops.js';
import { overview } from './routes/overview.js';
import { push } from './routes/push.js';
import { seatSettings } from './routes/seat-settings.js';
import { tables } from './routes/tables.js';
import { views } from './routes/views.js';
import { docsPageAt, documentAt } from './routes/served-document.js';
import { opsMetrics } from './ops/metrics.js';
import { doc } from './schemas/index.js';

export const VERSION: string = version;

export const MAX_BODY_BYTES = 64 * 1024;

const HTTP_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Bodies must be JSON (API.md): anything else is refused before it is read. */
const jsonOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const hasBody =
    c.req.header('content-length') !== undefined ? c.req.header('content-length') !== '0' : c.req.header('transfer-encoding') !== undefined;
  const type = c.req.header('content-type') ?? '';
  if (hasBody && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'send the body as JSON with "Content-Type: application/json"');
  }
  await next();
};

export const app = new Hono<AppEnv>();

/**
 * The links carry secrets in their fragment: no page of ours may pass a referrer on. HSTS:
 * a link must never travel over plain HTTP once a browser has seen us. No answer of the
 * Worker may be framed (clickjacking; the static pages say the same in web/public/_headers):
 * `frame-ancestors 'none'` is added to a route's own policy that lacks it; a route that sets
 * frame-ancestors itself keeps it (the embed pages). X-Frame-Options, for browsers without
 * CSP, follows the policy: DENY where it says 'none', and none where some site may frame the
 * answer (an embed page's static answer brings the DENY of _headers along: it would refuse
 * the frame its policy allows in such a browser).
 * Written out rather than hono's secureHeaders, which runs on every request of a hot path.
 */
const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
  const policy = headers.get('Content-Security-Policy');
  const ancestors = policy === null ? undefined : /(?:^|;)\s*frame-ancestors\s+([^;]*)/i.exec(policy)?.[1]?.trim();
  if (ancestors === undefined) {
    headers.set('Content-Security-Policy', policy === null ? "frame-ancestors 'none'" : `${policy}; frame-ancestors 'none'`);
  }
  if (ancestors === undefined || ancestors === "'none'") headers.set('X-Frame-Options', 'DENY');
  else headers.delete('X-Frame-Options');
};

app.use('*', securityHeaders);
// Other sites and bots may call the API: it authenticates with bearer tokens, never cookies.
app.use(
  '/api/*',
  cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type'], allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'], maxAge: 86400 }),
);
app.use(
  '/api/*',
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'payload_too_large', `the body is over ${MAX_BODY_BYTES / 1024} KB`);
    },
  }),
);
// Every body the tables take is JSON: creating, the overview, and each table route's.
app.on(['POST', 'PUT'], ['/api/tables', '/api/tables/*'], jsonOnly);

openapi(
  app,
  defineRoute({
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    ...(OPENAPI_PROSE && {
      summary: 'Whether the server is up',
      description: "Answers at once, without waking a table: for monitors and for a client that wants to know the server's version.",
    }),
    security: PUBLIC,
    responses: {
      200: {
        description: 'Up, with the version of the code it runs',
        ...json(doc(z.object({ ok: z.literal(true), version: doc(z.string(), { example: VERSION }) }), 'Health')),
      },
    },
  }),
  (c) => c.json({ ok: true as const, version: VERSION }, 200),
);

mount(app, tables); // creating a table (routes/tables.ts)
mount(app, views); // a caller's view: read, act, watch live (routes/views.ts)
mount(app, games); // the finished games (routes/games.ts)
mount(app, notifications); // where a seat is told of its turn (routes/notifications.ts)
mount(app, seatSettings); // a seat's vacation and preferences (routes/seat-settings.ts)
mount(app, admin); // the table admin's commands (routes/admin.ts)
mount(app, chat); // the table's chat (routes/chat.ts)
mount(app, deliveryLog); // a seat's delivery log (routes/deliveries.ts)
mount(app, overview); // several tables at a glance, for the home page (routes/overview.ts)
mount(app, push); // the server's VAPID key for push subscriptions (routes/push.ts)
mount(app, mail); // the links of the mails: confirm, unsubscribe (routes/mail.ts)
mount(app, ops); // an operator's dead letters (routes/ops.ts)
mount(app, opsSummary); // an operator's counters over a window (routes/ops.ts)
mount(app, embed); // the embed pages' frame-ancestors per table, and oEmbed (routes/embed.ts)

// Made at build time (docs/document.ts) and kept with the static assets, under /api/ so
// that only this route answers it: with the origin it was read from as its one server.
app.get('/api/openapi.json', async (c) => c.json(await documentAt(c.env, c.req.url)));

app.get('/api/docs', async (c) => {
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  return c.html(await docsPageAt(c.env, c.req.url));
});

app.all('/api/*', (c) => {
  throw new ApiError(404, 'not_found', `No such endpoint: ${c.req.method} ${c.req.path}`);
});

/**
 * The one place a refusal becomes an answer: every error thrown before or by a handler (the
 * chain of routes/chain.ts, the validation hook, a table's refusal through `unwrap`) is
 * answered in the API's error shape, a 429 with its Retry-After; anything else is a 500.
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) {
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
    return errorAnswer(c, err.status, err.code, err.message);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code = HTTP_ERROR_CODES[err.status] ?? 'bad_request';
    return errorAnswer(c, err.status, code, err.message || code);
  }
  // Name and stack frames only: a message may quote data (a query's parameters hold cards).
  const frames = err instanceof Error ? (err.stack ?? '').split('\n').slice(1, 6).join(' | ') : '';
  console.error(`Unhandled error on ${c.req.method} ${c.req.path}: ${err instanceof Error ? err.name : typeof err} ${frames}`);
  return errorAnswer(c, 500, 'internal_error', 'Internal server error');
};

/** Every error answer of the Worker, counted by its code for the operator (ops/metrics.ts). */
function errorAnswer(c: Context<AppEnv>, status: ContentfulStatusCode, code: ErrorCode, message: string): Response {
  opsMetrics(c.env).count(['refusal', code, 'http']);
  return errorResponse(c, status, code, message);
}

app.notFound((c) => errorAnswer(c, 404, 'not_found', `Not found: ${c.req.path}`));
app.onError(onError);
