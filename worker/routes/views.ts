/**
 * A caller's view of its table (API.md): read it, act on it (a seat), watch it live over a
 * WebSocket. The handlers forward to the table's Durable Object, which authorizes the caller
 * and decides every rule; they never decide one.
 */
import { Hono } from 'hono/tiny';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { ApiError } from '../model/errors.js';
import { ACTIONS, READS, SOCKETS_OPENED, unwrap, viewAnswer, type TableEnv, atTable } from './chain.js';
import { ActionSchema, PageQuerySchema, ViewSchema } from '../schemas/index.js';
import { errors, json, refusal, security, TableParams, defineRoute, openapi } from './documented.js';

export const views = new Hono<TableEnv>();

// ---------------------------------------------------------------- GET /api/tables/{id}

/** The page's language (`?lang=`, schemas/seat-settings.ts PageQuerySchema) is "de" or "en", or left out; the words are the document's alone. */
const LANG_REFUSED = refusal(400, OPENAPI_PROSE ? 'bad_request: `lang` is neither "de" nor "en"' : '');

const getView = defineRoute({
  method: 'get',
  path: '/api/tables/{id}',
  operationId: 'getView',
  ...(OPENAPI_PROSE && {
    summary: "The caller's view",
    description:
      'What this seat (or a spectator) may see now (RULES R10.2), with the actions it may send. ' +
      "A seat's page sends the language it shows as `lang`: the seat's mails follow it (GET …/notifications shows their `lang`).",
  }),
  security,
  request: { params: TableParams, query: PageQuerySchema },
  responses: { 200: { description: "The caller's view", ...json(ViewSchema) }, 400: LANG_REFUSED, ...errors(401, 403, 404, 429) },
});

openapi(
  views,
  getView,
  atTable(getView, { needs: 'viewer', limit: READS }, async (c) => {
    const { table, tokenHash } = c.var.caller;
    return viewAnswer(c, unwrap(await table.view(tokenHash, c.req.valid('query').lang)));
  }),
);

// ---------------------------------------------------------------- POST /api/tables/{id}/actions

const postAction = defineRoute({
  method: 'post',
  path: '/api/tables/{id}/actions',
  operationId: 'act',
  ...(OPENAPI_PROSE && {
    summary: 'Act',
    description:
      'One action of the seat. Answers the new view, or why the rules refuse it. An `id` the seat sent before answers the first answer again ' +
      'when the action is the same (compared in canonical form: `{"type": "re", "re": true}` is `{"type": "re"}`, a discard\'s two cards in either order), ' +
      'and 409 id_reused when it is another action; ids are per seat. ' +
      'A claim judged not sure (R7.12) is recorded (the version goes up, every view shows `{"seat", "type": "claim", "refused": true}`, the seat claims again only from the next trick: `mayClaim`) ' +
      'and answered 409 illegal_action with the rule: read the view again.',
  }),
  security,
  request: { params: TableParams, body: { ...json(ActionSchema), required: true } },
  responses: { 200: { description: "The caller's new view", ...json(ViewSchema) }, ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429) },
});

openapi(
  views,
  postAction,
  atTable(postAction, { needs: 'seat', limit: ACTIONS }, async (c) => {
    const { table, tokenHash } = c.var.caller;
    const { id, version, ...action } = c.req.valid('json');
    return viewAnswer(c, unwrap(await table.act(tokenHash, { action, id, version })));
  }),
);

// ---------------------------------------------------------------- GET /api/tables/{id}/ws

/** This endpoint speaks WebSocket only: anything else is refused before the request is looked at further. */
const upgradeOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    throw new ApiError(426, 'upgrade_required', 'this endpoint speaks WebSocket only: send "Upgrade: websocket"');
  }
  await next();
};

/** The subprotocols a browser offered, which may carry the token (a browser's WebSocket sends no Authorization header). */
const protocolsOf = (header: string | undefined): string[] => (header ?? '').split(',').map((p) => p.trim());

const webSocket = defineRoute({
  method: 'get',
  path: '/api/tables/{id}/ws',
  operationId: 'watch',
  ...(OPENAPI_PROSE && {
    summary: 'Watch live (WebSocket)',
    description:
      'Upgrades to a WebSocket that receives `{"type": "view", "view": …}` now and after every change. ' +
      'Authenticate with `Authorization: Bearer <token>`, or from a browser with the subprotocols ' +
      '`["wallachen", "bearer.<token>"]` (the server answers "wallachen"). Send `{"type": "ping"}` for a pong, `{"type": "view"}` for the view. ' +
      'A seat may also act over the socket: `{"type": "action", "action": <the body of POST …/actions, with an "id">}` is answered by ' +
      '`{"type": "answer", "id", "status": 200, "view"}` or `{"type": "answer", "id", "status", "error": {"code", "message"}}` with the statuses and codes ' +
      'of POST …/actions (the same checks, the same id applied once whichever way it came and refused with 409 id_reused for a different action, the same rate limit per link); ' +
      'the other sockets are pushed their views, the sender gets its view in the answer only (after a refused claim, answered 422, it is pushed its view too). ' +
      'Each new message of the table\'s chat (POST …/chat) arrives on every socket as `{"type": "chat", "message": {"id", "seat", "text", "at"}}`. ' +
      "`lang`: the language the page shows, as for GET /api/tables/{id}: a seat's mails follow it.",
  }),
  middleware: [upgradeOnly],
  security,
  request: { params: TableParams, query: PageQuerySchema },
  responses: { 101: { description: 'Switching protocols' }, 400: LANG_REFUSED, ...errors(401, 403, 404, 426, 429) },
});

openapi(
  views,
  webSocket,
  atTable(
    webSocket,
    {
      needs: 'viewer',
      // Before anything reaches the table: a client opening socket after socket never wakes it.
      limit: SOCKETS_OPENED,
      authorization: (c) => {
        const fromProtocol = protocolsOf(c.req.header('sec-websocket-protocol'))
          .find((p) => p.startsWith('bearer.'))
          ?.slice('bearer.'.length);
        return c.req.header('authorization') || (fromProtocol === undefined ? '' : `Bearer ${fromProtocol}`);
      },
    },
    async (c) => {
      const { table, tokenHash } = c.var.caller;
      // The headers of an incoming request are immutable in workerd: the table gets the hash in a request of its own.
      const headers = new Headers({ upgrade: 'websocket', 'x-token-hash': tokenHash });
      const { lang } = c.req.valid('query');
      if (lang !== undefined) headers.set('x-page-lang', lang);
      if (protocolsOf(c.req.header('sec-websocket-protocol')).includes('wallachen')) headers.set('x-websocket-protocol', 'wallachen');
      return table.fetch('https://table/ws', { headers });
    },
  ),
);
