/** The webhook a seat receives: its body and its Standard Webhooks headers. */
import * as z from 'zod/mini';
import { SeatNumber, doc, int } from './common.js';
import { ViewSchema } from './view.js';

export const WebhookBodySchema = doc(
  z.object({
    type: doc(
      z.enum(['turn', 'reminder', 'game_over', 'table_over']),
      OPENAPI_PROSE && {
        description:
          'turn: this seat must act now (after its doubling packet is dealt, when the turn passes to it, or, for the declarer, after a kontra: its re decision, R8.2; not for a mere chance of kontra); ' +
          'reminder: its move is still owed and the deadline (option moveDeadlineHours) is near; game_over: a game ended (an all-pass redeal too); table_over: the series ended',
      },
    ),
    tableId: z.string(),
    seat: SeatNumber,
    version: doc(int(), OPENAPI_PROSE && { description: 'The table version the event happened at' }),
    gameNumber: doc(int(), OPENAPI_PROSE && { description: 'For game_over the game that ended, otherwise the current game' }),
    dealIndex: doc(z.optional(int()), OPENAPI_PROSE && { description: "game_over only: the ended game's index in …/games" }),
    view: doc(ViewSchema, OPENAPI_PROSE && { description: "This seat's own view at `version` (never another seat's cards)" }),
  }),
  'WebhookBody',
);

export const WebhookHeadersSchema = z.object({
  'webhook-id': doc(
    z.string(),
    OPENAPI_PROSE && { description: 'msg_…: the same on every retry of one message', example: 'msg_4f9c0d1e2a3b4c5d6e7f8091a2b3c4d5' },
  ),
  'webhook-timestamp': doc(z.string(), OPENAPI_PROSE && { description: 'Unix seconds of this attempt', example: '1767225600' }),
  'webhook-signature': doc(
    z.string(),
    OPENAPI_PROSE && {
      description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the seat\'s whsec_ secret (Standard Webhooks)',
    },
  ),
});
