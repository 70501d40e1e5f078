/**
 * The HTTP API under /api/* (see API.md), as a Hono app. Everything else is served from
 * the web app's static assets by the `[assets]` section of wrangler.toml.
 */
import { Hono, type ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { version } from '../package.json';
import { ApiError, errorResponse, type ErrorCode } from './errors.js';

export const VERSION: string = version;

export type AppEnv = { Bindings: Env };

const HTTP_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  429: 'rate_limited',
};

export const app = new Hono<AppEnv>();

app.get('/api/health', (c) => c.json({ ok: true, version: VERSION }));

app.all('/api/*', (c) => errorResponse(c, 404, 'not_found', `No such endpoint: ${c.req.method} ${c.req.path}`));

/** Answers errors thrown by handlers with the API's error shape (500 unless known). */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) {
    return errorResponse(c, err.status, err.code, err.message);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code = HTTP_ERROR_CODES[err.status] ?? 'bad_request';
    return errorResponse(c, err.status, code, err.message || code);
  }
  console.error('Unhandled error', err);
  return errorResponse(c, 500, 'internal_error', 'Internal server error');
};

app.notFound((c) => errorResponse(c, 404, 'not_found', `Not found: ${c.req.path}`));
app.onError(onError);
