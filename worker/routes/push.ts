/**
 * GET /api/push/key: the server's VAPID public key (RFC 8292), which a page passes to
 * PushManager.subscribe as applicationServerKey so that the push service accepts only
 * pushes signed by this server for the subscription.
 */
import { Hono } from 'hono/tiny';
import type { AppEnv } from './app-env.js';
import { ApiError } from '../model/errors.js';
import { PushKeySchema } from '../schemas/index.js';
import { vapidKeys } from '../notifications/push/vapid.js';
import { json, PUBLIC, refusal, defineRoute, openapi } from './documented.js';

export const push = new Hono<AppEnv>();

const route = defineRoute({
  method: 'get',
  path: '/api/push/key',
  operationId: 'getPushKey',
  ...(OPENAPI_PROSE && {
    summary: "The server's push key",
    description:
      "The server's VAPID public key (RFC 8292): an uncompressed P-256 point, base64url. A page subscribes with it (`applicationServerKey`) and sends the subscription " +
      'with PUT /api/tables/{id}/notifications (`push`). 503 not_configured when this server has no key pair (push notifications are off).',
  }),
  security: PUBLIC,
  responses: {
    200: { description: 'The public key', ...json(PushKeySchema) },
    503: refusal(503, 'not_configured: the server has no VAPID key pair (an operator must set it)'),
  },
});

openapi(push, route, (c) => {
  const choice = vapidKeys(c.env, new URL(c.req.url).origin);
  if (!choice.ok) throw new ApiError(503, 'not_configured', choice.message);
  return c.json({ publicKey: choice.keys.publicKey }, 200);
});
