/**
 * The tables resource of API.md: create a table, read a view, act, watch over a WebSocket,
 * read finished games, set notifications. Handlers authenticate, validate and forward to
 * the table's Durable Object; they never decide a rule.
 */
import { mailModeOf } from '../notifications/mail/mode.js';
import { createRoute, OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { validateDeal, type Deal } from '../../shared/deal.js';
import { validateOptions } from '../../shared/options.js';
import type { AppEnv } from '../app.js';
import { errorResponse } from '../errors.js';
import { clientKey } from '../client-key.js';
import { PERIOD_SECONDS, rateLimited } from '../limits.js';
import {
  ActionSchema,
  CreatedTableSchema,
  CreateTableSchema,
  GamesQuerySchema,
  GamesSchema,
  NotificationsAnswerSchema,
  NotificationsSchema,
  ViewSchema,
} from '../schemas.js';
import { webhookUrlRefusal } from '../notifications/webhook-urls.js';
import { DEFAULT_GAMES_LIMIT, MAX_GAMES_LIMIT, type GamesPageRequest } from '../table/games-page.js';
import type { Outcome } from '../table/outcome.js';
import {
  adminLinkOf,
  deriveToken,
  hashToken,
  linkOf,
  newNonce,
  newTableId,
  TABLE_ID_PATTERN,
  tokenKey,
  TOKEN_PATTERN,
  type TokenOwner,
} from '../table/tokens.js';
import { validationHook } from '../validation.js';
import { errors, json, PUBLIC, refusal, security, TableParams } from './documented.js';
import { addressStub, type AddressState } from '../notifications/mail/address.js';
import { addressKey } from '../notifications/mail/links.js';
import { ACTIVE_SEAT_MINUTES } from '../notifications/presence.js';
import { DEFAULT_ON_TIMEOUT, DEFAULT_VACATION_HOURS, webhookStateOf } from '../table/model.js';
import type { SeatNotifications } from '../table/table-object.js';
import { validKeys, type SubscriptionKeys } from '../notifications/push/ece.js';
import { vapidKeys } from '../notifications/push/vapid.js';

export const tables = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/**
 * Registers a route. Handlers answer errors with the API's error shape through plain
 * Responses, which the typed-response handler signature does not allow for.
 */
function handle<R extends RouteConfig>(config: R, handler: (c: Parameters<RouteHandler<R, AppEnv>>[0]) => Promise<Response>): void {
  tables.openapi(config, handler as unknown as RouteHandler<R, AppEnv>);
}

export type TableStub = DurableObjectStub<import('../table/table-object.js').TableObject>;
export const tableStub = (c: Context<AppEnv>, id: string): TableStub => c.env.TABLES.get(c.env.TABLES.idFromName(id)) as TableStub;

/** The caller's token from `Authorization: Bearer <token>` (or `header`), hashed; or the error answer. */
export async function callerHash(
  c: Context<AppEnv>,
  header: string = c.req.header('authorization') ?? '',
): Promise<{ hash: string } | { response: Response }> {
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (token === undefined)
    return { response: errorResponse(c, 401, 'unauthorized', 'send the seat or spectator token as "Authorization: Bearer <token>"') };
  if (!TOKEN_PATTERN.test(token)) return { response: errorResponse(c, 401, 'unauthorized', 'that is not a token of a Wallachen link') };
  return { hash: await hashToken(token) };
}

/** Answers JSON text made by the table as it is, or the table's error. */
export function answer(c: Context<AppEnv>, outcome: Outcome<string>): Response {
  return outcome.ok
    ? c.body(outcome.value, 200, { 'content-type': 'application/json' })
    : errorResponse(c, outcome.status, outcome.code, outcome.message);
}

export const noSuchTable = (c: Context<AppEnv>) => errorResponse(c, 404, 'not_found', 'no such table');

/** The rate-limit key of the client that sent the request (client-key.ts). */
export const clientOf = (c: Context<AppEnv>): string => clientKey(c.req.header('cf-connecting-ip'));

/** READ_LIMITER: reads of views and games, per client. */
export const readLimited = (c: Context<AppEnv>) =>
  rateLimited(c, c.env.READ_LIMITER, clientOf(c), 'reads from this address', PERIOD_SECONDS.READ_LIMITER);

/** The table `id` and the caller's hashed token, or the answer that refuses the request. */
export async function callerAt(
  c: Context<AppEnv>,
  id: string,
  authorization?: string,
): Promise<{ table: TableStub; hash: string } | { response: Response }> {
  if (!TABLE_ID_PATTERN.test(id)) return { response: noSuchTable(c) };
  const caller = await callerHash(c, authorization);
  return 'response' in caller ? caller : { table: tableStub(c, id), hash: caller.hash };
}

// ---------------------------------------------------------------- POST /api/tables

const createTable = createRoute({
  method: 'post',
  path: '/api/tables',
  operationId: 'createTable',
  summary: 'Create a table',
  description: 'Every field is optional. Answers one secret token and link per seat and one for spectators: whoever holds a link plays that seat.',
  security: PUBLIC,
  request: { body: { ...json(CreateTableSchema), required: false } },
  responses: { 201: { description: 'The table and its secret links', ...json(CreatedTableSchema) }, ...errors(400, 413, 415, 429, 503) },
});

handle(createTable, async (c) => {
  const limited = await rateLimited(c, c.env.CREATE_LIMITER, clientOf(c), 'tables created from this address', PERIOD_SECONDS.CREATE_LIMITER);
  if (limited) return limited;
  const body = c.req.valid('json') ?? {};
  const { moveDeadlineHours, onTimeout, vacationHours, chat, ...ruleOptions } = body.options ?? {};
  const options = validateOptions(ruleOptions);
  if (!options.ok) return errorResponse(c, 400, 'bad_request', options.error.message);
  const fixedDeals: Deal[] = [];
  if (body.deals !== undefined) {
    if (c.env.TEST_DEALS !== 'on') return errorResponse(c, 400, 'bad_request', '"deals" is only accepted when the server runs with TEST_DEALS=on');
    for (const [index, given] of body.deals.entries()) {
      const deal = validateDeal(given);
      if (!deal.ok) return errorResponse(c, 400, 'bad_request', `deals[${index}]: ${deal.error.message}`);
      fixedDeals.push(deal.value);
    }
  }
  // Links point to where the table was created; their tokens are derived from the key (tokens.ts).
  const origin = new URL(c.req.url).origin;
  const key = tokenKey(c.env, origin);
  if (!key.ok) {
    console.error(`creating a table refused: ${key.message}`);
    return errorResponse(c, 503, 'not_configured', `the server is not set up to create tables: ${key.message}`);
  }
  const seats = [0, 1, 2].map((seat) => {
    const given = body.seats?.[seat];
    const botLevel = given?.bot === true ? 'strong' : given?.bot || null;
    return {
      name: given?.name ?? `Seat ${seat + 1}`,
      bot: botLevel !== null,
      ...(botLevel === null ? {} : { botLevel }),
      ...(given?.lang === undefined ? {} : { lang: given.lang }),
    };
  });
  // The three seats, the spectators and the table's admin (API.md "Table admin").
  const who: TokenOwner[] = [0, 1, 2, null, 'admin'];
  const nonces = who.map(() => newNonce());
  // A new id is 80 random bits; should one ever be taken, draw again.
  let tableId = newTableId();
  let tokens: string[] = [];
  const create = async (id: string) => {
    tokens = await Promise.all(who.map((seat, i) => deriveToken(key.secret, id, seat, nonces[i]!)));
    const hashes = await Promise.all(tokens.map(hashToken));
    return tableStub(c, id).create({
      settings: {
        tableId: id,
        name: body.name ?? 'Wallachen',
        options: options.value,
        seats,
        moveDeadlineHours: moveDeadlineHours ?? null,
        onTimeout: onTimeout ?? DEFAULT_ON_TIMEOUT,
        vacationHours: vacationHours ?? DEFAULT_VACATION_HOURS,
        createdAt: new Date().toISOString(),
        origin,
        chat: chat !== 'off',
      },
      tokens: who.map((owner, i) => ({
        seat: owner === 'admin' ? null : owner,
        hash: hashes[i]!,
        nonce: nonces[i]!,
        role: owner === 'admin' ? ('admin' as const) : null,
      })),
      // A bot reads no mail: its seat is never mailed (schemas.ts).
      emails: seats.map((s, seat) => (s.bot ? null : (body.seats?.[seat]?.email ?? null))),
      fixedDeals,
    });
  };
  let created = await create(tableId);
  for (let attempt = 1; !created.ok && created.code === 'conflict' && attempt < 3; attempt++) created = await create((tableId = newTableId()));
  if (!created.ok) return errorResponse(c, created.status, created.code, created.message);
  // The token goes in the fragment: browsers never send it to us or, as a referrer, elsewhere.
  const link = (token: string) => linkOf(origin, tableId, token);
  return c.json(
    {
      tableId,
      seats: [0, 1, 2].map((seat) => ({ seat, token: tokens[seat]!, url: link(tokens[seat]!) })),
      spectator: { token: tokens[3]!, url: link(tokens[3]!) },
      admin: { token: tokens[4]!, url: adminLinkOf(origin, tableId, tokens[4]!) },
    },
    201,
  );
});

// ---------------------------------------------------------------- GET /api/tables/{id}

const getView = createRoute({
  method: 'get',
  path: '/api/tables/{id}',
  operationId: 'getView',
  summary: "The caller's view",
  description: 'What this seat (or a spectator) may see now (RULES R10.2), with the actions it may send.',
  security,
  request: { params: TableParams },
  responses: { 200: { description: "The caller's view", ...json(ViewSchema) }, ...errors(401, 403, 404, 429) },
});

handle(getView, async (c) => {
  const { id } = c.req.valid('param');
  const limited = await readLimited(c);
  if (limited) return limited;
  const caller = await callerAt(c, id);
  if ('response' in caller) return caller.response;
  return answer(c, await caller.table.view(caller.hash));
});

// ---------------------------------------------------------------- POST /api/tables/{id}/actions

const postAction = createRoute({
  method: 'post',
  path: '/api/tables/{id}/actions',
  operationId: 'act',
  summary: 'Act',
  description:
    'One action of the seat. Answers the new view, or why the rules refuse it. An `id` the seat sent before answers the first answer again ' +
    'when the action is the same (compared in canonical form: `{"type": "re", "re": true}` is `{"type": "re"}`, a discard\'s two cards in either order), ' +
    'and 409 id_reused when it is another action; ids are per seat.',
  security,
  request: { params: TableParams, body: { ...json(ActionSchema), required: true } },
  responses: { 200: { description: "The caller's new view", ...json(ViewSchema) }, ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429) },
});

handle(postAction, async (c) => {
  const { id } = c.req.valid('param');
  const caller = await callerAt(c, id);
  if ('response' in caller) return caller.response;
  const limited = await rateLimited(c, c.env.ACTION_LIMITER, caller.hash, 'actions from this link', PERIOD_SECONDS.ACTION_LIMITER);
  if (limited) return limited;
  const { id: actionId, version, ...action } = c.req.valid('json');
  return answer(c, await caller.table.act(caller.hash, { action, id: actionId, version }));
});

// ---------------------------------------------------------------- GET /api/tables/{id}/ws

const webSocket = createRoute({
  method: 'get',
  path: '/api/tables/{id}/ws',
  operationId: 'watch',
  summary: 'Watch live (WebSocket)',
  description:
    'Upgrades to a WebSocket that receives `{"type": "view", "view": …}` now and after every change. ' +
    'Authenticate with `Authorization: Bearer <token>`, or from a browser with the subprotocols ' +
    '`["wallachen", "bearer.<token>"]` (the server answers "wallachen"). Send `{"type": "ping"}` for a pong, `{"type": "view"}` for the view. ' +
    'A seat may also act over the socket: `{"type": "action", "action": <the body of POST …/actions, with an "id">}` is answered by ' +
    '`{"type": "answer", "id", "status": 200, "view"}` or `{"type": "answer", "id", "status", "error": {"code", "message"}}` with the statuses and codes ' +
    'of POST …/actions (the same checks, the same id applied once whichever way it came and refused with 409 id_reused for a different action, the same rate limit per link); ' +
    'the other sockets are pushed their views, the sender gets its view in the answer only. ' +
    'Each new message of the table\'s chat (POST …/chat) arrives on every socket as `{"type": "chat", "message": {"id", "seat", "text", "at"}}`.',
  security,
  request: { params: TableParams },
  responses: { 101: { description: 'Switching protocols' }, ...errors(401, 403, 404, 426, 429) },
});

handle(webSocket, async (c) => {
  const { id } = c.req.valid('param');
  if (!TABLE_ID_PATTERN.test(id)) return noSuchTable(c);
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    return errorResponse(c, 426, 'upgrade_required', 'this endpoint speaks WebSocket only: send "Upgrade: websocket"');
  }
  // Before anything reaches the table: a client opening socket after socket never wakes it.
  const limited = await rateLimited(c, c.env.SOCKET_LIMITER, clientOf(c), 'WebSocket connections from this address', PERIOD_SECONDS.SOCKET_LIMITER);
  if (limited) return limited;
  const protocols = (c.req.header('sec-websocket-protocol') ?? '').split(',').map((p) => p.trim());
  const fromProtocol = protocols.find((p) => p.startsWith('bearer.'))?.slice('bearer.'.length);
  // The headers of an incoming request are immutable in workerd: pass the token on instead of setting it.
  const authorization = c.req.header('authorization') || (fromProtocol === undefined ? '' : `Bearer ${fromProtocol}`);
  const caller = await callerHash(c, authorization);
  if ('response' in caller) return caller.response;
  const headers = new Headers({ upgrade: 'websocket', 'x-token-hash': caller.hash });
  if (protocols.includes('wallachen')) headers.set('x-websocket-protocol', 'wallachen');
  return tableStub(c, id).fetch('https://table/ws', { headers });
});

// ---------------------------------------------------------------- GET /api/tables/{id}/games

const getGames = createRoute({
  method: 'get',
  path: '/api/tables/{id}/games',
  operationId: 'getGames',
  summary: 'Finished games',
  description:
    'The complete records (RULES R10.1, R10.3) of the finished games of this table, redeals included, each with its revealed seed, a page at a time: ' +
    `the \`limit\` newest (default ${DEFAULT_GAMES_LIMIT}, maximum ${MAX_GAMES_LIMIT}) with a dealIndex below \`before\` (without it, the newest), oldest first. ` +
    'While older games remain the answer has `next`: send it as `before` for the page before. A `limit` or `before` that is not a whole number in range is refused with 400.',
  security,
  request: { params: TableParams, query: GamesQuerySchema },
  responses: { 200: { description: 'The records', ...json(GamesSchema) }, ...errors(400, 401, 403, 404, 429) },
});

handle(getGames, async (c) => {
  const { id } = c.req.valid('param');
  const query = c.req.valid('query');
  const page: GamesPageRequest = {
    limit: query.limit === undefined ? DEFAULT_GAMES_LIMIT : Number(query.limit),
    ...(query.before === undefined ? {} : { before: Number(query.before) }),
  };
  const limited = await readLimited(c);
  if (limited) return limited;
  const caller = await callerAt(c, id);
  if ('response' in caller) return caller.response;
  const answered = await caller.table.games(caller.hash, page);
  if (!answered.ok) return errorResponse(c, answered.status, answered.code, answered.message);
  const { games, next } = answered.value;
  return c.json(next === undefined ? { games } : { games, next }, 200);
});

// ---------------------------------------------------------------- PUT /api/tables/{id}/notifications

const putNotifications = createRoute({
  method: 'put',
  path: '/api/tables/{id}/notifications',
  operationId: 'setNotifications',
  summary: 'Set notifications',
  description:
    'Where this seat is told that it is its turn. A field left out keeps its value; null removes it. ' +
    "An `email` given is asked to confirm this table at once (the table's first mail to it; nothing else goes from here until it does), and `confirmation` in the answer says whether that mail went or why not. " +
    `Mail respects the player: no turn or reminder mail while the seat has the table open (a WebSocket with its link) or acted in the last ${ACTIVE_SEAT_MINUTES} minutes; ` +
    'a turn mail held back so is sent once the seat has left the table (checked again at most every ' +
    `${ACTIVE_SEAT_MINUTES} minutes) if the move is still owed; ` +
    'and at most one unread turn mail per table until the seat visits (reads its view, opens a socket with its link, or acts). ' +
    'Webhooks are for programs and get every event. ' +
    '`mail` chooses what goes to the address: "turn" (default) as above, "digest" one mail a day at 07:00 UTC listing every table where the address owes a move ' +
    '(at most one a day, kept by the address, never a card), or "off" (nothing; the address stays stored). ' +
    'Pushes (`push`, API.md "Web push") follow the rule of mails for turns and reminders but not the unread rule; each carries `{type, tableId, seat, version, url}` for `turn`, `reminder` and `table_over`, encrypted (aes128gcm) and signed with VAPID; ' +
    'a device whose push service answers 404 or 410 is removed.',
  security,
  request: { params: TableParams, body: { ...json(NotificationsSchema), required: true } },
  responses: {
    200: { description: "The seat's notifications", ...json(NotificationsAnswerSchema) },
    ...errors(400, 401, 403, 404, 413, 415, 429),
    503: refusal(503, 'not_configured: a push subscription, and the server has no VAPID key pair (an operator must set it)'),
  },
});

handle(putNotifications, async (c) => {
  const { id } = c.req.valid('param');
  const caller = await callerAt(c, id);
  if ('response' in caller) return caller.response;
  const body = c.req.valid('json');
  const refusal = typeof body.webhookUrl === 'string' ? webhookUrlRefusal(body.webhookUrl, c.env.ALLOW_LOCAL_WEBHOOKS === 'on') : null;
  if (refusal !== null) return errorResponse(c, 400, 'bad_request', `webhookUrl: ${refusal}`);
  const pushRefusal = body.push ? pushSubscriptionRefusal(c, body.push) : null;
  if (pushRefusal !== null) return pushRefusal;
  // Counted are the changes that reach the table: each is written there, and a new webhook URL
  // gets what waits at once.
  const limited = await rateLimited(c, c.env.NOTIFY_LIMITER, caller.hash, 'notification changes from this link', PERIOD_SECONDS.NOTIFY_LIMITER);
  if (limited) return limited;
  const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
  const saved = await caller.table.setNotifications(caller.hash, body, secret);
  if (!saved.ok) return errorResponse(c, saved.status, saved.code, saved.message);
  const { confirmation } = saved.value;
  return c.json(
    { ...(await settingsAnswer(c, id, saved.value, new URL(c.req.url).origin)), ...(confirmation === undefined ? {} : { confirmation }) },
    200,
  );
});

/**
 * Why a push subscription is refused, or null: its endpoint follows the webhook URL rules
 * (a push is a request from this server to an address a seat chose), its keys must have the
 * lengths of RFC 8291, and the server must have a key to sign with.
 */
function pushSubscriptionRefusal(c: Context<AppEnv>, push: { endpoint: string; keys: SubscriptionKeys }): Response | null {
  const endpointRefusal = webhookUrlRefusal(push.endpoint, c.env.ALLOW_LOCAL_WEBHOOKS === 'on');
  if (endpointRefusal !== null) return errorResponse(c, 400, 'bad_request', `push.endpoint: ${endpointRefusal}`);
  if (!validKeys(push.keys))
    return errorResponse(c, 400, 'bad_request', 'push.keys: p256dh must be a 65-byte uncompressed P-256 point and auth 16 bytes, both base64url');
  const vapid = vapidKeys(c.env, new URL(c.req.url).origin);
  if (!vapid.ok) return errorResponse(c, 503, 'not_configured', vapid.message);
  return null;
}

/** A seat's notifications as PUT and GET answer them: the addresses, and the state of each (the address's at this table only). */
async function settingsAnswer(c: Context<AppEnv>, tableId: string, n: SeatNotifications, origin: string | null) {
  const { email, webhookUrl, webhookSecret } = n;
  const webhookState = webhookStateOf(n);
  let emailState: AddressState | null = null;
  const key = origin === null ? null : tokenKey(c.env, origin);
  if (email !== null && key?.ok) emailState = await addressStub(c.env, await addressKey(key.secret, email)).stateAt({ tableId });
  return {
    email,
    webhookUrl,
    ...(webhookSecret === null ? {} : { webhookSecret }),
    webhookState,
    emailState,
    mail: mailModeOf(n),
    push: { devices: n.pushDevices },
  };
}

// ---------------------------------------------------------------- GET /api/tables/{id}/notifications

const getNotifications = createRoute({
  method: 'get',
  path: '/api/tables/{id}/notifications',
  operationId: 'getNotifications',
  summary: 'Read notifications',
  description:
    "This seat's notification settings, as PUT answers them (without `confirmation`): its address and whether it confirmed this table (or unsubscribed from all), its mail mode, its webhook URL and secret and whether the receiver turned it off (410 Gone).",
  security,
  request: { params: TableParams },
  responses: { 200: { description: "The seat's notifications", ...json(NotificationsAnswerSchema) }, ...errors(401, 403, 404, 429) },
});

handle(getNotifications, async (c) => {
  const { id } = c.req.valid('param');
  const caller = await callerAt(c, id);
  if ('response' in caller) return caller.response;
  const limited = await readLimited(c);
  if (limited) return limited;
  const found = await caller.table.notificationsOf(caller.hash);
  if (!found.ok) return errorResponse(c, found.status, found.code, found.message);
  return c.json(await settingsAnswer(c, id, found.value.notifications, found.value.origin), 200);
});
