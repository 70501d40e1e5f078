/**
 * The error shape of the public API (see API.md, "Errors"):
 * every 4xx/5xx answer has the body `{"error": {"code": "<snake_case>", "message": "..."}}`.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'stale_version'
  | 'id_reused'
  | 'conflict'
  | 'paused'
  | 'table_ended'
  | 'illegal_action'
  | 'not_your_turn'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'upgrade_required'
  | 'not_configured'
  | 'not_implemented'
  | 'internal_error';

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

/** An error that the API answers with its own status and code. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorResponse(c: Context, status: ContentfulStatusCode, code: ErrorCode, message: string): Response {
  const body: ErrorBody = { error: { code, message } };
  return c.json(body, status);
}
