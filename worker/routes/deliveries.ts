/**
 * A seat's delivery log (docs/notifications.md, "Mail modes, the daily digest and the delivery log"): its
 * last attempts to be told something, by any channel. The seat's own: a spectator link, a
 * bot seat's link and the admin link are refused with 403.
 */
import { Hono } from 'hono/tiny';
import { READS, unwrap, type TableEnv, atTable } from './chain.js';
import { DeliveriesSchema } from '../schemas/index.js';
import { DELIVERY_LOG_SIZE } from '../model/limits.js';
import { errors, json, security, TableParams, defineRoute, openapi } from './documented.js';

export const deliveryLog = new Hono<TableEnv>();

const getDeliveries = defineRoute({
  method: 'get',
  path: '/api/tables/{id}/deliveries',
  operationId: 'getDeliveries',
  ...(OPENAPI_PROSE && {
    summary: "The seat's delivery log",
    description:
      `This seat's last ${DELIVERY_LOG_SIZE} attempts to tell it something, newest first: when, by which channel (webhook, email, push, digest), ` +
      'for which event, and how it went, with a short reason for a failure (an HTTP status, say). Channel names only: never the address, ' +
      'the webhook URL, a body or a card. A move handed to the daily digest shows as `queued`; the digest mail itself shows as `sent` in the log of the table that carried it. ' +
      "Only the seat's own link may read it (403 for spectators, bot seats and the admin).",
  }),
  security,
  request: { params: TableParams },
  responses: { 200: { description: 'The delivery log', ...json(DeliveriesSchema) }, ...errors(401, 403, 404, 429) },
});

openapi(
  deliveryLog,
  getDeliveries,
  atTable(getDeliveries, { needs: 'seat', limit: READS }, async (c) => {
    const { table, tokenHash } = c.var.caller;
    return c.json({ deliveries: unwrap(await table.deliveries(tokenHash)) }, 200);
  }),
);
