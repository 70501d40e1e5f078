/** What a seat sets for itself: its notifications (mail, webhook, push), its vacation and preferences; its delivery log. */
import { z } from '@hono/zod-openapi';
import { CONFIRMATION_OUTCOMES } from '../contract.js';
import { ADDRESS_MAILS_PER_HOUR, CONFIRMATION_INTERVAL_MS, CONFIRMATIONS_PER_DAY } from '../notifications/mail/address.js';
import { TABLE_MAILS_PER_HOUR } from '../notifications/send-budget.js';
import { DELIVERY_LOG_SIZE } from '../notifications/delivery-log.js';
import { MAX_PUSH_DEVICES } from '../notifications/push/subscriptions.js';
import { MAX_VACATION_HOURS, orNull } from './common.js';
import { MailLang, MailMode } from './tables.js';

export const PushSubscriptionSchema = z
  .strictObject({
    endpoint: z.url().max(2000).openapi({
      description: "The push service's URL for this device: follows the webhook URL rules (http and loopback only with ALLOW_LOCAL_WEBHOOKS=on)",
    }),
    keys: z.strictObject({
      p256dh: z.string().max(200).openapi({ description: "The device's P-256 public key, uncompressed (65 bytes), base64url" }),
      auth: z.string().max(100).openapi({ description: 'The authentication secret (16 bytes), base64url' }),
    }),
    expirationTime: z.number().nullable().optional().openapi({ description: 'As the browser gives it; not used' }),
  })
  .openapi('PushSubscription');

export const PushKeySchema = z
  .object({ publicKey: z.string().openapi({ description: "The server's VAPID public key: an uncompressed P-256 point (65 bytes), base64url" }) })
  .openapi('PushKey');

export const NotificationsSchema = z
  .strictObject({
    email: z
      .email()
      .max(254)
      .nullable()
      .optional()
      .openapi({
        description:
          "Turn notifications by mail. An address given (a new one, or the same again) is sent this table's confirmation mail at once, unless it confirmed this table already, " +
          `this table asked it within ${CONFIRMATION_INTERVAL_MS / 3_600_000} h, or a limit holds (see the seats of POST /api/tables); the answer's \`confirmation\` says what happened`,
      }),
    webhookUrl: z
      .url()
      .max(2000)
      .nullable()
      .optional()
      .openapi({ description: 'A public https URL (http and loopback only with ALLOW_LOCAL_WEBHOOKS=on)' }),
    push: orNull(PushSubscriptionSchema)
      .optional()
      .openapi({
        description:
          `This device's push subscription (PushSubscription.toJSON() of a subscription made with GET /api/push/key): added, or its keys refreshed when the endpoint is known. ` +
          `At most ${MAX_PUSH_DEVICES} per seat; a further one drops the oldest. null removes every device of this seat.`,
      }),
    pushRemove: z
      .url()
      .max(2000)
      .optional()
      .openapi({ description: "Removes this device's subscription (its endpoint); an unknown endpoint changes nothing" }),
    // mail mode (M)
    lang: MailLang.optional(),
    // mail mode (M)
    mail: MailMode.optional(),
  })
  .openapi('NotificationsRequest');

export const NotificationsAnswerSchema = z
  .object({
    email: z.string().nullable(),
    webhookUrl: z.string().nullable(),
    webhookSecret: z
      .string()
      .optional()
      .openapi({ description: 'whsec_…: verifies webhook signatures (Standard Webhooks); present while a webhook is set' }),
    webhookState: z.enum(['active', 'disabled']).nullable().openapi({
      description: 'active, disabled (the receiver answered 410 Gone: nothing is posted until a webhook is set again), or null (none set)',
    }),
    emailState: z
      .enum(['unconfirmed', 'confirmed', 'unsubscribed'])
      .nullable()
      .openapi({
        description:
          "The address at this table only: not confirmed here (nothing but this table's confirmation mail goes to it from here), confirmed here, " +
          'or unsubscribed (from every table); null when none is set',
      }),
    confirmation: z
      .enum(CONFIRMATION_OUTCOMES)
      .optional()
      .openapi({
        description:
          "PUT with `email` only: what became of this table's confirmation mail to it. sent: sent now; confirmed: none needed, the address confirmed this table; " +
          'unsubscribed: none, the address unsubscribed from every table; ' +
          `recently_sent: none, this table asked it less than ${CONFIRMATION_INTERVAL_MS / 3_600_000} h ago; ` +
          `address_limit: none, the address had ${CONFIRMATIONS_PER_DAY} confirmation mails in 24 h (or ${ADDRESS_MAILS_PER_HOUR} mails this hour) over all tables; ` +
          `table_limit: none, this table sent ${TABLE_MAILS_PER_HOUR} mails this hour; failed: it could not be handed over now (save again later)`,
      }),
    push: z
      .object({ devices: z.number().int().min(0).max(MAX_PUSH_DEVICES).openapi({ description: 'How many devices of this seat get pushes' }) })
      .openapi({ description: "This seat's push subscriptions: only how many (a page knows its own endpoint; no other device's is shown)" }),
    // mail mode (M)
    mail: MailMode,
  })
  .openapi('Notifications');

export const DeliveriesSchema = z
  .object({
    deliveries: z
      .array(
        z.object({
          at: z.string().openapi({ description: 'When (ISO 8601)' }),
          channel: z.enum(['webhook', 'email', 'push', 'digest']).openapi({
            description:
              'How: the webhook, a mail, a push to a device, or the daily digest (the move handed to it, or a digest sent from this table)',
          }),
          event: z.string().openapi({
            description: "turn, reminder, game_over, table_over, digest (a daily digest mail), or confirmation (this table's confirmation mail)",
          }),
          outcome: z.enum(['sent', 'failed', 'gone', 'dropped', 'queued']).openapi({
            description:
              'sent: handed over; failed: tried again later (a confirmation: when the address is saved again); gone: the receiver is gone for good (410); dropped: given up (or not allowed, e.g. the address has not confirmed this table); queued: waits for the daily digest',
          }),
          detail: z.string().optional().openapi({ description: 'A short reason, e.g. "HTTP 500"; never an address, a URL or a card' }),
        }),
      )
      .openapi({ description: `The seat's last ${DELIVERY_LOG_SIZE} attempts, newest first` }),
  })
  .openapi('Deliveries');

export const VacationSchema = z
  .strictObject({
    hours: z.number().int().min(0).max(MAX_VACATION_HOURS).openapi({
      description:
        'Whole hours from now, at most what is left (`vacationHoursLeft`); a running vacation is replaced (it ends now and gives back its whole hours not yet begun). 0 ends the running vacation',
      example: 24,
    }),
  })
  .openapi('VacationRequest');

export const PreferencesSchema = z
  .strictObject({
    autoForced: z.boolean().openapi({
      description:
        "true: whenever this seat may only play one card (nothing else to decide), the table plays it for the seat, after a delay drawn from the seat's own recent moves at the table",
    }),
  })
  .openapi('Preferences');
