/**
 * What the documented routes share in the OpenAPI document (API.md "The OpenAPI document"):
 * who may call them (a link's bearer token, or anyone: `security: []`), JSON content, the
 * table id in the path, and their refusals in the error shape, every 429 with the
 * Retry-After the server sends.
 */
import { z } from '@hono/zod-openapi';
import { ErrorSchema } from '../schemas.js';

/** A link's secret token as `Authorization: Bearer <token>` (the scheme `bearer`, app.ts). */
export const security = [{ bearer: [] }];

/** Anyone may call it: no token, or one that travels elsewhere (the overview's body, oEmbed's link). */
export const PUBLIC: [] = [];

export const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

export const TableParams = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'k3h8q2m5x7c9v4b6' }) });

/** Every 429 says when to try again (routes/chain.ts, the chat's own limit). */
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', required: true, schema: { type: 'integer' as const, minimum: 1 } },
};

/** A refusal with its own description. */
export const refusal = (status: number, description: string) => ({
  description,
  ...json(ErrorSchema),
  ...(status === 429 ? { headers: RETRY_AFTER } : {}),
});

const ERROR_TEXT: Record<number, string> = {
  400: 'bad_request: malformed or invalid body',
  401: 'unauthorized: no or malformed `Authorization: Bearer <token>`',
  403: "forbidden: the token is not one of this table's, or a spectator tried to act",
  404: 'not_found: no such table',
  409:
    "stale_version: `version` is not the current version (a seat's first `double` in the doubling window is taken with any version since the deal); id_reused: this seat used the action `id` before for a different action; " +
    "paused: the table's admin paused the table; table_ended: the admin ended it; conflict: the admin's command does not fit the table now",
  413: 'payload_too_large: the body is over 64 KB',
  415: 'unsupported_media_type: the body must be application/json',
  422: 'illegal_action or not_your_turn: the rules forbid it; the message names the rule',
  426: 'upgrade_required: this endpoint speaks WebSocket only',
  429: 'rate_limited: too many requests; retry after the Retry-After seconds',
  503: 'not_configured: the server lacks its TOKEN_SECRET (an operator must set it)',
};

/** The refusals of these statuses, each with its usual description. */
export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, refusal(status, ERROR_TEXT[status] ?? 'Error')]));
