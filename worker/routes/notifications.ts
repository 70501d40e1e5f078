/**
 * Where a seat is told that it is its turn (API.md, "Notifications"): its mail address and
 * mode, its webhook, its push devices. Set with PUT, read with GET; the table keeps them.
 */
import { Hono } from 'hono/tiny';
import { ApiError } from '../model/errors.js';
import { NOTIFICATION_CHANGES, READS, unwrap, type TableEnv, atTable } from './chain.js';
import { addressStub, type AddressState } from '../notifications/mail/address.js';
import { addressKey } from '../notifications/mail/links.js';
import { validKeys } from '../notifications/push/ece.js';
import { vapidKeys } from '../notifications/push/vapid.js';
import { NotificationsAnswerSchema, NotificationsSchema } from '../schemas/index.js';
import { mailModeOf, webhookStateOf } from '../model/table.js';
import { ACTIVE_SEAT_MINUTES } from '../notifications/presence.js';
import type { SeatNotifications } from '../table/table-object.js';
import { tokenKey } from '../model/tokens.js';
import { webhookUrlRefusal } from '../notifications/webhook-urls.js';
import { errors, json, refusal, security, TableParams, defineRoute, openapi, type RouteContext } from './documented.js';

export const notifications = new Hono<TableEnv>();

// ---------------------------------------------------------------- PUT /api/tables/{id}/notifications

const putNotifications = defineRoute({
  method: 'put',
  path: '/api/tables/{id}/notifications',
  operationId: 'setNotifications',
  ...(OPENAPI_PROSE && {
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
      "`url` is the table page with the seat (`/t/{id}?seat={n}`), never the seat's token: the app opened from the notification finds the seat's link among those the device keeps. " +
      "`pushRemove` with this device's endpoint stops its pushes and no other device's (what the app's \"Forget\" does); `push: null` removes every device of the seat; " +
      'a device whose push service answers 404 or 410 is removed.',
  }),
  security,
  request: { params: TableParams, body: { ...json(NotificationsSchema), required: true } },
  responses: {
    200: { description: "The seat's notifications", ...json(NotificationsAnswerSchema) },
    ...errors(400, 401, 403, 404, 413, 415, 429),
    503: refusal(503, 'not_configured: a push subscription, and the server has no VAPID key pair (an operator must set it)'),
  },
});

/**
 * A webhook URL and a push subscription are checked before they count: the endpoint follows
 * the webhook URL rules (a push is a request from this server to an address a seat chose),
 * the keys must have the lengths of RFC 8291, and the server must have a key to sign with.
 */
function checkAddresses(c: RouteContext<typeof putNotifications, TableEnv>): void {
  const { webhookUrl, push } = c.req.valid('json');
  const allowLocal = c.env.ALLOW_LOCAL_WEBHOOKS === 'on';
  const urlRefusal = typeof webhookUrl === 'string' ? webhookUrlRefusal(webhookUrl, allowLocal) : null;
  if (urlRefusal !== null) throw new ApiError(400, 'bad_request', `webhookUrl: ${urlRefusal}`);
  if (!push) return;
  const endpointRefusal = webhookUrlRefusal(push.endpoint, allowLocal);
  if (endpointRefusal !== null) throw new ApiError(400, 'bad_request', `push.endpoint: ${endpointRefusal}`);
  if (!validKeys(push.keys))
    throw new ApiError(400, 'bad_request', 'push.keys: p256dh must be a 65-byte uncompressed P-256 point and auth 16 bytes, both base64url');
  const vapid = vapidKeys(c.env, new URL(c.req.url).origin);
  if (!vapid.ok) throw new ApiError(503, 'not_configured', vapid.message);
}

openapi(
  notifications,
  putNotifications,
  // Counted are the changes that reach the table: each is written there, and a new webhook URL gets what waits at once.
  atTable(putNotifications, { needs: 'seat', limit: NOTIFICATION_CHANGES, check: checkAddresses }, async (c) => {
    const { table, tableId, tokenHash } = c.var.caller;
    const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
    const saved = unwrap(await table.setNotifications(tokenHash, c.req.valid('json'), secret));
    const { confirmation } = saved;
    return c.json(
      { ...(await settingsAnswer(c.env, tableId, saved, new URL(c.req.url).origin)), ...(confirmation === undefined ? {} : { confirmation }) },
      200,
    );
  }),
);

/** A seat's notifications as PUT and GET answer them: the addresses, and the state of each (the address's at this table only). */
async function settingsAnswer(env: Env, tableId: string, n: SeatNotifications, origin: string | null) {
  const { email, webhookUrl, webhookSecret, lang = null } = n;
  const webhookState = webhookStateOf(n);
  let emailState: AddressState | null = null;
  const key = origin === null ? null : tokenKey(env, origin);
  if (email !== null && key?.ok) emailState = await addressStub(env, await addressKey(key.secret, email)).stateAt({ tableId });
  return {
    email,
    webhookUrl,
    ...(webhookSecret === null ? {} : { webhookSecret }),
    webhookState,
    emailState,
    mail: mailModeOf(n),
    lang,
    push: { devices: n.pushDevices },
  };
}

// ---------------------------------------------------------------- GET /api/tables/{id}/notifications

const getNotifications = defineRoute({
  method: 'get',
  path: '/api/tables/{id}/notifications',
  operationId: 'getNotifications',
  ...(OPENAPI_PROSE && {
    summary: 'Read notifications',
    description:
      "This seat's notification settings, as PUT answers them (without `confirmation`): its address and whether it confirmed this table (or, having confirmed it, unsubscribed from all: an address this table never confirmed is unconfirmed here, whatever it did elsewhere), its mail mode and the language its mails are written in (`lang`), its webhook URL and secret and whether the receiver turned it off (410 Gone).",
  }),
  security,
  request: { params: TableParams },
  responses: { 200: { description: "The seat's notifications", ...json(NotificationsAnswerSchema) }, ...errors(401, 403, 404, 429) },
});

openapi(
  notifications,
  getNotifications,
  atTable(getNotifications, { needs: 'seat', limit: READS }, async (c) => {
    const { table, tableId, tokenHash } = c.var.caller;
    const found = unwrap(await table.notificationsOf(tokenHash));
    return c.json(await settingsAnswer(c.env, tableId, found.notifications, found.origin), 200);
  }),
);
