/**
 * The error shape of the public API (see API.md, "Errors"):
 * every 4xx/5xx answer has the body `{"error": {"code": "<snake_case>", "message": "..."}}`.
 * A refusal is thrown as an ApiError wherever it is found (a route, the chain before it,
 * the validation hook, a table's Outcome through `unwrap`); `onError` in app.ts answers it.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Every code the API answers a refusal with (API.md, "Errors"). */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'stale_version',
  'id_reused',
  'conflict',
  'paused',
  'table_ended',
  'illegal_action',
  'not_your_turn',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'upgrade_required',
  'not_configured',
  'not_implemented',
  'upstream_failed',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

/** An error that the API answers with its own status and code. */
export class ApiError extends Error {
  /** Sent as Retry-After: every 429 of the API says when to try again (routes/documented.ts). */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: 429, code: 'rate_limited', message: string, retryAfterSeconds: number);
  constructor(status: Exclude<ContentfulStatusCode, 429>, code: ErrorCode, message: string);
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The answer in the error shape: written by `onError` and the not-found answers of app.ts alone. */
export function errorResponse(c: Context, status: ContentfulStatusCode, code: ErrorCode, message: string): Response {
  const body: ErrorBody = { error: { code, message } };
  return c.json(body, status);
}
