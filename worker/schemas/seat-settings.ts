/** What a seat sets for itself: its notifications (mail, webhook, push), its vacation and preferences; its delivery log. */
import * as z from 'zod/mini';
import { CONFIRMATION_OUTCOMES } from '../model/contract.js';
import { ADDRESS_MAILS_PER_HOUR, CONFIRMATION_INTERVAL_MS, CONFIRMATIONS_PER_DAY } from '../model/limits.js';
import { TABLE_MAILS_PER_HOUR } from '../model/limits.js';
import { DELIVERY_LOG_SIZE } from '../model/limits.js';
import { MAX_PUSH_DEVICES } from '../model/limits.js';
import { MAX_VACATION_HOURS } from '../../shared/deadline.js';
import { described, doc, int, orNull } from './common.js';
import { MailLang, MailMode } from './tables.js';
import { TEXT_LIMITS } from '../../shared/limits.js';

export const PushSubscriptionSchema = doc(
  z.strictObject({
    endpoint: doc(
      z.url().check(z.maxLength(TEXT_LIMITS.url)),
      OPENAPI_PROSE && {
        description: "The push service's URL for this device: follows the webhook URL rules (http and loopback only with ALLOW_LOCAL_WEBHOOKS=on)",
      },
    ),
    keys: z.strictObject({
      p256dh: doc(
        z.string().check(z.maxLength(200)),
        OPENAPI_PROSE && { description: "The device's P-256 public key, uncompressed (65 bytes), base64url" },
      ),
      auth: doc(z.string().check(z.maxLength(100)), OPENAPI_PROSE && { description: 'The authentication secret (16 bytes), base64url' }),
    }),
    expirationTime: doc(z.optional(z.nullable(z.number())), OPENAPI_PROSE && { description: 'As the browser gives it; not used' }),
  }),
  'PushSubscription',
);

export const PushKeySchema = doc(
  z.object({
    publicKey: doc(z.string(), OPENAPI_PROSE && { description: "The server's VAPID public key: an uncompressed P-256 point (65 bytes), base64url" }),
  }),
  'PushKey',
);

export const NotificationsSchema = doc(
  z.strictObject({
    email: doc(
      z.optional(z.nullable(z.email().check(z.maxLength(TEXT_LIMITS.email)))),
      OPENAPI_PROSE && {
        description:
          "Turn notifications by mail. An address given (a new one, or the same again) is sent this table's confirmation mail at once, unless it confirmed this table already, " +
          `this table asked it within ${CONFIRMATION_INTERVAL_MS / 3_600_000} h, or a limit holds (see the seats of POST /api/tables); the answer's \`confirmation\` says what happened`,
      },
    ),
    webhookUrl: doc(
      z.optional(z.nullable(z.url().check(z.maxLength(TEXT_LIMITS.url)))),
      OPENAPI_PROSE && {
        description: 'A public https URL (http and loopback only with ALLOW_LOCAL_WEBHOOKS=on)',
      },
    ),
    push: doc(
      z.optional(orNull(PushSubscriptionSchema)),
      OPENAPI_PROSE && {
        description:
          `This device's push subscription (PushSubscription.toJSON() of a subscription made with GET /api/push/key): added, or its keys refreshed when the endpoint is known. ` +
          `At most ${MAX_PUSH_DEVICES} per seat; a further one drops the oldest. null removes every device of this seat.`,
      },
    ),
    pushRemove: doc(
      z.optional(z.url().check(z.maxLength(TEXT_LIMITS.url))),
      OPENAPI_PROSE && {
        description: "Removes this device's subscription (its endpoint); an unknown endpoint changes nothing",
      },
    ),
    lang: z.optional(
      described(
        MailLang,
        OPENAPI_PROSE &&
          "The language of this seat's mails. The page the seat plays on sets it too (`lang` of GET /api/tables/{id} and of its WebSocket): the newer of the two counts",
      ),
    ),
    // mail mode (M)
    mail: z.optional(MailMode),
  }),
  'NotificationsRequest',
);

export const NotificationsAnswerSchema = doc(
  z.object({
    email: z.nullable(z.string()),
    webhookUrl: z.nullable(z.string()),
    webhookSecret: doc(
      z.optional(z.string()),
      OPENAPI_PROSE && {
        description: 'whsec_…: verifies webhook signatures (Standard Webhooks); present while a webhook is set',
      },
    ),
    webhookState: doc(
      z.nullable(z.enum(['active', 'disabled'])),
      OPENAPI_PROSE && {
        description: 'active, disabled (the receiver answered 410 Gone: nothing is posted until a webhook is set again), or null (none set)',
      },
    ),
    emailState: doc(
      z.nullable(z.enum(['unconfirmed', 'confirmed', 'unsubscribed'])),
      OPENAPI_PROSE && {
        description:
          "The address at this table only: not confirmed here (nothing but this table's confirmation mail goes to it from here), confirmed here, " +
          'or unsubscribed (it confirmed this table, then unsubscribed from every table); null when none is set. ' +
          'An address this table never confirmed is unconfirmed here, whatever it did elsewhere (unsubscribed from everything included)',
      },
    ),
    confirmation: doc(
      z.optional(z.enum(CONFIRMATION_OUTCOMES)),
      OPENAPI_PROSE && {
        description:
          "PUT with `email` only: what became of this table's confirmation mail to it. " +
          'sent: handed over now (the answer does not wait for the mail service; a mail it refuses shows in the delivery log, and saving again asks again); ' +
          'an address that unsubscribed from every table without ever confirming this one is sent nothing, and this table is answered as for any address: it learns nothing of what the address did elsewhere; ' +
          'confirmed: none needed, the address confirmed this table; ' +
          'unsubscribed: none, the address confirmed this table, then unsubscribed from every table; ' +
          `recently_sent: none, this table asked it less than ${CONFIRMATION_INTERVAL_MS / 3_600_000} h ago; ` +
          `address_limit: none, the address had ${CONFIRMATIONS_PER_DAY} confirmation mails in 24 h (or ${ADDRESS_MAILS_PER_HOUR} mails this hour) over all tables; ` +
          `table_limit: none, this table sent ${TABLE_MAILS_PER_HOUR} mails this hour; failed: it could not be asked for now (save again later)`,
      },
    ),
    push: doc(
      z.object({
        devices: doc(int(z.gte(0), z.lte(MAX_PUSH_DEVICES)), OPENAPI_PROSE && { description: 'How many devices of this seat get pushes' }),
      }),
      OPENAPI_PROSE && {
        description: "This seat's push subscriptions: only how many (a page knows its own endpoint; no other device's is shown)",
      },
    ),
    lang: doc(
      orNull(MailLang),
      OPENAPI_PROSE && {
        description:
          "The language this seat's mails are written in now (null: German and English both): the one it last gave, by PUT's `lang` or by the page it plays on " +
          "(`lang` of GET /api/tables/{id} and of its WebSocket), else the seat's `lang` at POST /api/tables",
      },
    ),
    // mail mode (M)
    mail: MailMode,
  }),
  'Notifications',
);

export const DeliveriesSchema = doc(
  z.object({
    deliveries: doc(
      z.array(
        z.object({
          at: doc(z.string(), OPENAPI_PROSE && { description: 'When (ISO 8601)' }),
          channel: doc(
            z.enum(['webhook', 'email', 'push', 'digest']),
            OPENAPI_PROSE && {
              description:
                'How: the webhook, a mail, a push to a device, or the daily digest (the move handed to it, or a digest sent from this table)',
            },
          ),
          event: doc(
            z.string(),
            OPENAPI_PROSE && {
              description:
                "turn, reminder, game_over, table_over, digest (a daily digest mail), confirmation (this table's confirmation mail), or answer (the answer to a move by reply, sent alone when no turn mail said it)",
            },
          ),
          outcome: doc(
            z.enum(['sent', 'failed', 'gone', 'dropped', 'queued']),
            OPENAPI_PROSE && {
              description:
                'sent: handed over; failed: tried again later (a confirmation: when the address is saved again); gone: the receiver is gone for good (410); dropped: given up (or not allowed, e.g. the address has not confirmed this table); queued: waits for the daily digest',
            },
          ),
          detail: doc(z.optional(z.string()), OPENAPI_PROSE && { description: 'A short reason, e.g. "HTTP 500"; never an address, a URL or a card' }),
        }),
      ),
      OPENAPI_PROSE && { description: `The seat's last ${DELIVERY_LOG_SIZE} attempts, newest first` },
    ),
  }),
  'Deliveries',
);

export const VacationSchema = doc(
  z.strictObject({
    hours: doc(
      int(z.gte(0), z.lte(MAX_VACATION_HOURS)),
      OPENAPI_PROSE && {
        description:
          'Whole hours from now, at most what is left (`vacationHoursLeft`); a running vacation is replaced (it ends now and gives back its whole hours not yet begun). 0 ends the running vacation',
        example: 24,
      },
    ),
  }),
  'VacationRequest',
);

export const PreferencesSchema = doc(
  z.strictObject({
    autoForced: doc(
      z.boolean(),
      OPENAPI_PROSE && {
        description:
          "true: whenever this seat may only play one card (nothing else to decide), the table plays it for the seat, after a delay drawn from the seat's own recent moves at the table",
      },
    ),
  }),
  'Preferences',
);

/**
 * The query of a link's view and socket (GET /api/tables/{id}, …/ws): the language the page
 * shows. A seat's mails follow the page it plays on (notifications/mail/mail-language.ts).
 */
export const PageQuerySchema = z.object({
  lang: doc(
    z.optional(MailLang),
    OPENAPI_PROSE && {
      param: { name: 'lang', in: 'query' },
      description:
        "The language the page shows (the web app sends its own). A seat's link: its mails are written in this language from now on, " +
        'as if PUT …/notifications had set it (the newer counts; the same language again changes nothing); a spectator\'s link: ignored. Any value but "de" or "en" is refused with 400',
      example: 'de',
    },
  ),
});
