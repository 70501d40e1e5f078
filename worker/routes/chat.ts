/**
 * The table's chat (API.md, "Chat"; docs/tables.md, "Table chat"): a seat writes, seats and
 * spectators read. The handlers authenticate and forward; what a message may be, how often a
 * seat may write and what is kept, the table decides (published/chat.ts).
 */
import { Hono } from 'hono/tiny';
import { CHAT_POSTS, READS, unwrap, type TableEnv, atTable } from './chain.js';
import { ChatPageSchema, ChatPostedSchema, ChatPostSchema, ChatQuerySchema } from '../schemas/index.js';
import { CHAT_LIMITS } from '../model/limits.js';
import { json, refusal, security, TableParams, defineRoute, openapi } from './documented.js';

export const chat = new Hono<TableEnv>();

// ---------------------------------------------------------------- POST /api/tables/{id}/chat

const postChat = defineRoute({
  method: 'post',
  path: '/api/tables/{id}/chat',
  operationId: 'postChat',
  ...(OPENAPI_PROSE && {
    summary: 'Write in the chat',
    description:
      `A seat's message to its table (a seat link only). Plain text of 1–${CHAT_LIMITS.maxChars} characters; at most ${CHAT_LIMITS.perSeatPerMinute} messages per seat and minute; ` +
      `the table keeps its last ${CHAT_LIMITS.kept} messages. Every socket of the table receives \`{"type": "chat", "message"}\`; ` +
      "a turn or reminder mail lists the messages of the other seats since the seat's last move (at most the last 5, text only).",
  }),
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

openapi(
  chat,
  postChat,
  // A link sending POST after POST is stopped before it wakes the table; the table keeps its own limit per seat (its 429 says when to try again: routes/chain.ts).
  atTable(postChat, { needs: 'seat', limit: CHAT_POSTS }, async (c) => {
    const { table, tokenHash } = c.var.caller;
    return c.json({ message: unwrap(await table.postChat(tokenHash, c.req.valid('json').text)) }, 201);
  }),
);

// ---------------------------------------------------------------- GET /api/tables/{id}/chat

const getChat = defineRoute({
  method: 'get',
  path: '/api/tables/{id}/chat',
  operationId: 'getChat',
  ...(OPENAPI_PROSE && {
    summary: 'Read the chat',
    description:
      `The table's messages, oldest first, at most ${CHAT_LIMITS.page} per answer (a seat's or the spectators' link). ` +
      `With \`after\`: those after that message, and \`next\` while more follow (send it as \`after\`); without it the newest ${CHAT_LIMITS.page}. ` +
      'Texts are plain text: show them as text, never as HTML.',
  }),
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

openapi(
  chat,
  getChat,
  atTable(getChat, { needs: 'viewer', limit: READS }, async (c) => {
    const { table, tokenHash } = c.var.caller;
    const { after } = c.req.valid('query');
    return c.json(unwrap(await table.readChat(tokenHash, after === undefined ? null : Number(after))), 200);
  }),
);
