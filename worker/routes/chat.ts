/**
 * The table's chat (API.md, "Chat"; README, "Table chat"): a seat writes, seats and
 * spectators read. The handlers authenticate and forward; what a message may be, how often a
 * seat may write and what is kept, the table decides (table/chat.ts).
 */
import { createRoute, OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../app.js';
import { errorResponse } from '../errors.js';
import { PERIOD_SECONDS, rateLimited } from '../limits.js';
import { ChatPageSchema, ChatPostedSchema, ChatPostSchema, ChatQuerySchema } from '../schemas.js';
import { CHAT_LIMITS } from '../table/chat.js';
import { validationHook } from '../validation.js';
import { json, refusal, security, TableParams } from './documented.js';
import { callerAt, clientOf } from './tables.js';

export const chat = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

function handle<R extends RouteConfig>(config: R, handler: (c: Parameters<RouteHandler<R, AppEnv>>[0]) => Promise<Response>): void {
  chat.openapi(config, handler as unknown as RouteHandler<R, AppEnv>);
}

/** The answer to a refusal of the table; a 429 says when to try again (the seat's oldest message of the minute leaves it by then). */
function refused(
  c: Context<AppEnv>,
  outcome: { status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429; code: Parameters<typeof errorResponse>[2]; message: string },
) {
  if (outcome.status === 429) c.header('Retry-After', '60');
  return errorResponse(c, outcome.status, outcome.code, outcome.message);
}

// ---------------------------------------------------------------- POST /api/tables/{id}/chat

const postChat = createRoute({
  method: 'post',
  path: '/api/tables/{id}/chat',
  operationId: 'postChat',
  summary: 'Write in the chat',
  description:
    `A seat's message to its table (a seat link only). Plain text of 1–${CHAT_LIMITS.maxChars} characters; at most ${CHAT_LIMITS.perSeatPerMinute} messages per seat and minute; ` +
    `the table keeps its last ${CHAT_LIMITS.kept} messages. Every socket of the table receives \`{"type": "chat", "message"}\`; ` +
    "a turn or reminder mail lists the messages of the other seats since the seat's last move (at most the last 5, text only).",
  security,
  request: { params: TableParams, body: { ...json(ChatPostSchema), required: true } },
  responses: {
    201: { description: 'The message as kept', ...json(ChatPostedSchema) },
    400: refusal(400, 'bad_request: no text, more than 500 characters, control or bidi-reordering characters'),
    401: refusal(401, 'unauthorized: no or malformed `Authorization: Bearer <token>`'),
    403: refusal(403, "forbidden: not this table's link, a spectator's link, a bot seat's link, or the table's chat is off"),
    404: refusal(404, 'not_found: no such table'),
    413: refusal(413, 'payload_too_large: the body is over 64 KB'),
    415: refusal(415, 'unsupported_media_type: the body must be application/json'),
    429: refusal(
      429,
      `rate_limited: more than ${CHAT_LIMITS.perSeatPerMinute} messages of this seat in a minute, or the link's budget of actions spent; retry after the Retry-After seconds`,
    ),
  },
});

handle(postChat, async (c) => {
  const { id } = c.req.valid('param');
  const caller = await callerAt(c, id);
  if ('response' in caller) return caller.response;
  // A link sending POST after POST is stopped before it wakes the table: the budget of its actions, which it shares.
  const limited = await rateLimited(c, c.env.ACTION_LIMITER, caller.hash, 'requests from this link', PERIOD_SECONDS.ACTION_LIMITER);
  if (limited) return limited;
  const posted = await caller.table.postChat(caller.hash, c.req.valid('json').text);
  if (!posted.ok) return refused(c, posted);
  return c.json({ message: posted.value }, 201);
});

// ---------------------------------------------------------------- GET /api/tables/{id}/chat

const getChat = createRoute({
  method: 'get',
  path: '/api/tables/{id}/chat',
  operationId: 'getChat',
  summary: 'Read the chat',
  description:
    `The table's messages, oldest first, at most ${CHAT_LIMITS.page} per answer (a seat's or the spectators' link). ` +
    `With \`after\`: those after that message, and \`next\` while more follow (send it as \`after\`); without it the newest ${CHAT_LIMITS.page}. ` +
    'Texts are plain text: show them as text, never as HTML.',
  security,
  request: { params: TableParams, query: ChatQuerySchema },
  responses: {
    200: { description: 'A page of messages', ...json(ChatPageSchema) },
    400: refusal(400, 'bad_request: `after` is not a whole number'),
    401: refusal(401, 'unauthorized: no or malformed `Authorization: Bearer <token>`'),
    403: refusal(403, "forbidden: not this table's link, or the table's chat is off"),
    404: refusal(404, 'not_found: no such table'),
    429: refusal(429, 'rate_limited: too many reads from this address; retry after the Retry-After seconds'),
  },
});

handle(getChat, async (c) => {
  const { id } = c.req.valid('param');
  const { after } = c.req.valid('query');
  const limited = await rateLimited(c, c.env.READ_LIMITER, clientOf(c), 'reads from this address', PERIOD_SECONDS.READ_LIMITER);
  if (limited) return limited;
  const caller = await callerAt(c, id);
  if ('response' in caller) return caller.response;
  const page = await caller.table.readChat(caller.hash, after === undefined ? null : Number(after));
  if (!page.ok) return refused(c, page);
  return c.json(page.value, 200);
});
