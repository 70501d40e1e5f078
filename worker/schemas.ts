/**
 * Request and response schemas of the public API (API.md). They validate bodies at the
 * edge and generate the OpenAPI document (/api/openapi.json). The rules themselves are
 * checked by the engine, never here.
 *
 * What reaches the document as it is meant: an array of a fixed length says `.min(n).max(n)`
 * (the generator leaves `.length(n)` out); a named schema that may be null is `orNull(…)`,
 * one with a description of its own where it is used `described(…)`.
 */
import { z } from '@hono/zod-openapi';
import { LEVELS } from '../shared/actions.js';
import { CARD_CODES, SUITS, type CardCode } from '../shared/cards.js';
import { OPTION_LIMITS } from '../shared/options.js';
import { CONFIRMATION_OUTCOMES, OVERVIEW_MAX_LINKS } from './contract.js';
import { ADDRESS_MAILS_PER_HOUR, CONFIRMATION_INTERVAL_MS, CONFIRMATIONS_PER_DAY } from './notifications/mail/address.js';
import { nameField } from './plain-text.js';
import { TABLE_MAILS_PER_HOUR } from './notifications/send-budget.js';
import { DELIVERY_LOG_SIZE } from './notifications/delivery-log.js';
import { MAIL_MODES } from './table/model.js';
import { CHAT_LIMITS } from './table/chat.js';
import { DEFAULT_GAMES_LIMIT, MAX_GAMES_LIMIT } from './table/games-page.js';
import { MAX_PUSH_DEVICES } from './notifications/push/subscriptions.js';
import { DEFAULT_VACATION_HOURS } from './table/model.js';

/** The most vacation a table may give each seat per series: two weeks. */
export const MAX_VACATION_HOURS = 336;

/**
 * `schema`, or null. A named schema made `.nullable()` comes out of the generator either as
 * `allOf: [{$ref}, {type: [..., "null"]}]`, which no null passes, or with the named schema
 * itself made nullable wherever it is used; this is written `anyOf: [{$ref}, {type: "null"}]`,
 * as a client's validator and type generator read it. (Through z.lazy: the generator spreads
 * a union that is an option of another union into it, and the named one would be lost.)
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([z.lazy(() => schema), z.null()]);

/**
 * A named schema with a description of its own where it is used: written `{$ref, description}`,
 * as OpenAPI 3.1 allows. (`.openapi({description})` on the named schema itself comes out as
 * `allOf` with a schema of nothing but the description, `Suit & unknown` in a generated
 * client, or, where the schema is met first, as the named schema's own description.)
 */
export const described = <T extends z.ZodType>(schema: T, description: string) => z.lazy(() => schema).openapi({ description });

export const Card = z
  .enum(CARD_CODES as [CardCode, ...CardCode[]])
  .openapi('Card', { description: 'Suit E G H S + rank A K O U 10 9 8 7, e.g. "H10"' });
const Level = z.enum(LEVELS).openapi('Level', { description: 'A bid or contract, low to high; "10" only with tenTrickBid' });
const Suit = z.enum(SUITS).openapi('Suit', { description: 'Eichel, Gras, Herz, Schellen' });
/** A seat, 0–2: an enum rather than a range, so that a generated client's type is the engine's Seat (0 | 1 | 2). */
export const SeatNumber = z.enum({ first: 0, second: 1, third: 2 } as const).openapi('Seat', { description: 'Seats 0, 1, 2, clockwise (R1.2)' });

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'illegal_action' }),
      message: z.string().openapi({ example: 'R7.5: you must overtrump' }),
    }),
  })
  .openapi('Error');

export const OptionsSchema = z
  .strictObject({
    doubling: z.boolean().optional().openapi({ description: 'R3: doubling after the first packet of 3 cards (default true)' }),
    tenTrickBid: z.boolean().optional().openapi({ description: 'R4: allow the bid and contract "10" (default false)' }),
    allPass: z
      .enum(['forced', 'pot'])
      .optional()
      .openapi({ description: 'R5: all pass → forehand must play 6, or a pot and a redeal (default forced)' }),
    potStake: z
      .number()
      .int()
      .min(1)
      .max(OPTION_LIMITS.potStake)
      .optional()
      .openapi({ description: 'R5.2: what each seat pays into the pot (default 1; other values need allPass "pot")' }),
    potTo: z.enum(['declarer', 'winners']).optional().openapi({
      description:
        'R5.2: who wins the pot: the next declarer who wins a game, or the winners of the next game played, the two defenders sharing it when the declarer loses (default declarer; "winners" needs allPass "pot")',
    }),
    maxRedeals: z.number().int().min(1).max(OPTION_LIMITS.maxRedeals).optional().openapi({
      description:
        'R5.4: redeals in a row for one game number; after the last, an all-pass is the forced game (default 3; other values need allPass "pot")',
    }),
    winDutyInBettel: z.boolean().optional().openapi({ description: 'R7.8: win duty also in bettel (default true)' }),
    trump: z.enum(['led', 'named']).optional().openapi({
      description:
        'R7.2: the suit of the declarer\'s first card is trump, or the declarer names any suit with that card (`"trump"` in the play action) (default led)',
    }),
    trickHistory: z.enum(['last', 'all', 'opponents']).optional().openapi({
      description: 'R7.10: which completed tricks a seat may look at: the last, all, or only the last one the other side took (default last)',
    }),
    knock: z.boolean().optional().openapi({ description: 'R7.11: defenders may knock (default false)' }),
    kontra: z.boolean().optional().openapi({ description: 'R8: kontra and re (default true)' }),
    firstDealer: described(SeatNumber, 'R1.2: dealer of game 1 (default 0)').optional(),
    games: z.number().int().min(1).max(OPTION_LIMITS.games).optional().openapi({ description: 'R1.2: games in the series (default 3)' }),
    stakePerTrick: z.number().int().min(1).max(OPTION_LIMITS.stakePerTrick).optional().openapi({ description: 'R9: s (default 1)' }),
    flatTariff: z.number().int().min(1).max(OPTION_LIMITS.flatTariff).optional().openapi({ description: 'R9: f, for bettel and mord (default 10)' }),
    moveDeadlineHours: z
      .number()
      .int()
      .min(1)
      .max(720)
      .optional()
      .openapi({
        description:
          'Hours a seat has for its move, shown as `deadline` in the view; the seats owing the move are reminded shortly before it. ' +
          'People see it as "Move deadline {n} hours" / "Zugfrist {n} Stunden", and the reminder mail names it so. ' +
          'The clock stops while the table is paused and while the owing seat is on vacation (POST …/vacation)',
      }),
    onTimeout: z
      .enum(['bot', 'wait'])
      .optional()
      .openapi({
        description:
          'With moveDeadlineHours, what happens when a seat\'s deadline passes: "bot" (default) — the strong bot makes that one move for it from what the seat may see, ' +
          'marked `auto: true` in the view\'s `moves` and the record\'s `actions`; "wait" — reminders only, the table waits',
      }),
    vacationHours: z
      .number()
      .int()
      .min(0)
      .max(MAX_VACATION_HOURS)
      .optional()
      .openapi({
        description: `Hours of vacation each seat may take per series (POST …/vacation), 0 to ${MAX_VACATION_HOURS} (default ${DEFAULT_VACATION_HOURS})`,
      }),
    chat: z.enum(['on', 'off']).optional().openapi({
      description:
        'A table setting, not a rule: "on" (default) the seats may write short messages to each other (POST …/chat), which seats and spectators read; "off" no chat (the view says `chat: false`)',
    }),
  })
  .openapi('Options');

/** The rule options as a table holds them: every one set, the defaults filled in. */
export const RuleOptionsSchema = OptionsSchema.omit({ moveDeadlineHours: true, onTimeout: true, vacationHours: true, chat: true })
  .required()
  .openapi('RuleOptions');

/** The language of a seat's mails. */
const MailLang = z.enum(['de', 'en']).openapi('MailLanguage', {
  description: 'The language of this seat\'s mails: "de" German, "en" English; without it they are written in both',
});

const MailMode = z.enum(MAIL_MODES).openapi('MailMode', {
  description:
    'What goes to the mail address: "turn" each turn and reminder (the default), "digest" one mail a day (07:00 UTC) listing every table where the address owes a move, "off" nothing (the address stays stored)',
});

const SeatInput = z
  .strictObject({
    name: nameField(40).optional().openapi({ example: 'Vroni' }),
    email: z
      .email()
      .max(254)
      .optional()
      .openapi({
        description:
          "Turn notifications go here; the mail carries the seat link. The table's first mail to the address, sent as the table is made, asks it to confirm this table; " +
          'until it does, nothing else goes to it from this table (a confirmation at another table opens none here). ' +
          `At most ${CONFIRMATIONS_PER_DAY} confirmation mails per address a day over all tables. Every mail has a one-click unsubscribe link (List-Unsubscribe). ` +
          `At most ${ADDRESS_MAILS_PER_HOUR} mails per address and ${TABLE_MAILS_PER_HOUR} per table an hour.`,
      }),
    lang: MailLang.optional(),
    bot: z
      .union([z.boolean(), z.enum(['easy', 'strong'])])
      .optional()
      .openapi({
        description:
          'false (default): a person plays this seat. "easy" or "strong" (true = "strong"): a bot plays it by itself on the server, ' +
          "a move a short moment after it may act; the seat's link then only watches (an action by it is refused with 403), " +
          'and the seat gets no mail: an email (or lang) with a bot is refused with 400',
      }),
  })
  // A field accepted and then ignored would mislead the creator: a bot reads no mail.
  .refine((seat) => !seat.bot || (seat.email === undefined && seat.lang === undefined), {
    path: ['email'],
    message: 'a bot plays this seat and reads no mail: leave out email and lang, or make the seat a person (bot: false)',
  });

export const DealSchema = z
  .strictObject({
    hands: z.array(z.array(z.string()).min(10).max(10)).min(3).max(3),
    stock: z.array(z.string()).min(2).max(2),
  })
  .openapi('Deal', { description: 'A fixed deal (TEST_DEALS=on only); the first 3 cards of a hand are its doubling packet' });

export const CreateTableSchema = z
  .strictObject({
    name: nameField(80).optional(),
    seats: z.array(SeatInput).min(3).max(3).optional(),
    options: OptionsSchema.optional(),
    deals: z
      .array(DealSchema)
      .max(200)
      .optional()
      .openapi({ description: 'Only when the server runs with TEST_DEALS=on; game n gets the n-th deal' }),
  })
  .openapi('CreateTable');

const Link = z.object({
  token: z.string(),
  url: z.url().openapi({ description: 'The secret link; the token sits in the fragment, which browsers never send' }),
});

export const CreatedTableSchema = z
  .object({
    tableId: z.string(),
    seats: z
      .array(Link.extend({ seat: SeatNumber }))
      .min(3)
      .max(3),
    spectator: Link,
    admin: Link.openapi({
      description:
        "The table admin's secret link (the web app's admin page): pause, rotate a seat's link, change seats and the clock, new series, end (POST …/admin). " +
        'It opens no seat or spectator endpoint (403)',
    }),
  })
  .openapi('CreatedTable');

// ---------------------------------------------------------------- actions (API.md "Actions"; shared/actions.ts parseAction decides)

/**
 * The actions as the engine keeps them (parseAction's canonical form): what a game's record
 * holds and what a view offers. A request may say more (`re: true`, `id`, `version`).
 */
const CANONICAL = {
  double: z.strictObject({ type: z.literal('double'), double: z.boolean() }),
  bid: z.strictObject({ type: z.literal('bid'), bid: Level }),
  hold: z.strictObject({ type: z.literal('hold') }),
  pass: z.strictObject({ type: z.literal('pass') }),
  discard: z.strictObject({
    type: z.literal('discard'),
    cards: z
      .array(Card)
      .min(2)
      .max(2)
      .refine(([a, b]) => a !== b, 'R6.1: the 2 cards must differ')
      .openapi({ uniqueItems: true, description: 'R6.1: the 2 cards put away, any order' }),
  }),
  declare: z.strictObject({ type: z.literal('declare'), contract: Level }),
  kontra: z.strictObject({ type: z.literal('kontra') }),
  re: z.strictObject({
    type: z.literal('re'),
    re: z.literal(false).optional().openapi({ description: 'R8.2: no re; without it, re' }),
  }),
  play: z.strictObject({
    type: z.literal('play'),
    card: Card,
    knock: z.boolean().optional().openapi({ description: 'R7.11: a defender knocks with this card' }),
    trump: described(Suit, 'R7.2: with option trump "named", the suit the declarer names with its first card; refused anywhere else').optional(),
  }),
};

const envelope = {
  id: z.string().min(1).max(100).optional().openapi({
    description:
      'Client id, per seat: the same id with the same action is applied once and answered again as the first time; with a different action it is refused with 409 id_reused',
  }),
  version: z.number().int().min(0).optional().openapi({
    description:
      "Expected table version; another one answers 409 stale_version, except a seat's first `double` in the doubling window (R3.1), taken with any version since the window opened",
  }),
};

export const ActionSchema = z
  .discriminatedUnion('type', [
    CANONICAL.double.extend(envelope),
    CANONICAL.bid.extend(envelope),
    CANONICAL.hold.extend(envelope),
    CANONICAL.pass.extend(envelope),
    CANONICAL.discard.extend(envelope),
    CANONICAL.declare.extend(envelope),
    CANONICAL.kontra.extend(envelope),
    CANONICAL.re.extend({
      re: z
        .boolean()
        .optional()
        .openapi({ description: "R8.2: true (the default) says re, false declines it; either ends the declarer's turn after a kontra" }),
      ...envelope,
    }),
    CANONICAL.play.extend(envelope),
  ])
  .openapi('Action');

/** How a view offers discarding (API.md "The view"): once, as a count, not as every pair of cards. */
const DiscardOffer = z
  .strictObject({ type: z.literal('discard'), count: z.literal(2) })
  .openapi('DiscardOffer', { description: 'R6.1: discard 2 cards of your choice: send `{"type": "discard", "cards": [c1, c2]}`' });

export const OfferedActionSchema = z
  .discriminatedUnion('type', [
    CANONICAL.double,
    CANONICAL.bid,
    CANONICAL.hold,
    CANONICAL.pass,
    DiscardOffer,
    CANONICAL.declare,
    CANONICAL.kontra,
    CANONICAL.re,
    CANONICAL.play,
  ])
  .openapi('OfferedAction', {
    description:
      'An action the caller may send now, as it can be sent (an `id` and the `version` may be added); discarding alone is offered as a count (DiscardOffer)',
  });

/** An accepted action as a game's record holds it. */
const RecordedAction = z
  .discriminatedUnion('type', [
    CANONICAL.double,
    CANONICAL.bid,
    CANONICAL.hold,
    CANONICAL.pass,
    CANONICAL.discard,
    CANONICAL.declare,
    CANONICAL.kontra,
    CANONICAL.re,
    CANONICAL.play,
  ])
  .openapi('RecordedAction', { description: 'An accepted action, in the form the engine keeps it (`{"type": "re"}` for re)' });

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

const AutoFlag = z
  .literal(true)
  .optional()
  .openapi({
    description:
      'The table made this move for the seat: its deadline passed (onTimeout "bot"), or it was its only legal card and the seat opted in (autoForced). ' +
      "A forced card is marked only in the seat's own view until the game is over; a finished game's record marks both kinds",
  });

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

const PlayedCard = z.object({
  seat: SeatNumber,
  card: Card,
  knock: z.literal(true).optional().openapi({ description: 'R7.11: knocked with this card' }),
});
const Trick = z.object({ leader: SeatNumber, winner: SeatNumber, cards: z.array(PlayedCard) }).openapi('Trick');
const Settlement = z
  .object({
    payments: z
      .tuple([z.number(), z.number(), z.number()])
      .openapi({ description: "What each seat's balance changes by, seat 0 first", minItems: 3, maxItems: 3 }),
    pot: z.number().openapi({ description: 'What the pot changes by (R5.2, R9.3); payments and pot add up to 0 (R9.4)' }),
  })
  .openapi('Settlement');
const Result = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('allPass') }),
    z.object({
      kind: z.literal('contract'),
      won: z.boolean(),
      declarerTricks: z.number().int(),
      endedEarly: z.boolean().openapi({ description: 'R7.9: bettel or mord decided before the last trick' }),
    }),
  ])
  .openapi('Result', { description: 'How the game ended: all passed (R5), or the contract was won or lost' });
export const Phase = z.enum(['doubling', 'auction', 'discard', 'declare', 'play', 'finished']).openapi('Phase');

/** An accepted action as every seat and spectator may know it (R10.2): no card, a double's choice hidden while the window is open (R3.1). */
const PUBLIC_ACTIONS = [
  z.object({
    seat: SeatNumber,
    type: z.literal('double'),
    double: z.boolean().nullable().openapi({ description: "R3.1: null until all three decided, but in the deciding seat's own view" }),
  }),
  z.object({ seat: SeatNumber, type: z.literal('bid'), bid: Level }),
  z.object({ seat: SeatNumber, type: z.enum(['hold', 'pass', 'discard', 'kontra']) }),
  z.object({ seat: SeatNumber, type: z.literal('re'), re: z.boolean().openapi({ description: 'R8.2: re said, or declined' }) }),
  z.object({ seat: SeatNumber, type: z.literal('declare'), contract: Level }),
] as const;

/** A card played, as a move of the view: its trick, and the card itself only while R7.10 lets the viewer look at that trick. */
const PlayMove = z.object({
  seat: SeatNumber,
  type: z.literal('play'),
  trick: z.number().int().min(1).openapi({ description: 'The trick the card went to, 1-based' }),
  card: orNull(Card).openapi({
    description:
      'R7.10: the card while the viewer may look at its trick (the current trick, the completed one `lastTrick` shows, every trick with trickHistory "all"), else null',
  }),
  knock: z.literal(true).optional().openapi({ description: 'R7.11: the defender knocked with this card' }),
  trump: described(Suit, 'R7.2: the trump suit named with this card').optional(),
});

export const ViewSchema = z
  .object({
    tableId: z.string(),
    name: z.string(),
    version: z.number().int().openapi({ description: '+1 per accepted action' }),
    seat: orNull(SeatNumber).openapi({ description: 'null for a spectator' }),
    options: described(RuleOptionsSchema, 'The rules this table plays by (RULES.md options, defaults filled in)'),
    phase: Phase,
    gameNumber: z.number().int(),
    games: z.number().int(),
    seriesOver: z.boolean(),
    dealer: SeatNumber,
    turn: orNull(SeatNumber),
    hand: z.array(Card).nullable().openapi({ description: 'Own cards; during doubling only the first 3' }),
    seats: z.array(
      z.object({
        name: z.string(),
        bot: z.boolean().openapi({ description: 'Whether a bot plays this seat' }),
        botLevel: z.enum(['easy', 'strong']).nullable().openapi({ description: 'Which bot plays this seat; null: a person' }),
        vacationUntil: z.string().nullable().openapi({
          description: 'While the seat is on vacation (its clock stopped, POST …/vacation): when it ends; else null. Shown to every seat',
        }),
        vacationHoursLeft: z.number().int().openapi({ description: 'The whole hours of vacation the seat may still take this series' }),
        cards: z.number(),
        balance: z.number(),
        tricks: z.number(),
        decided: z.boolean(),
      }),
    ),
    pot: z.number(),
    redeal: z.number().int().openapi({ description: 'R5.2, R5.4: 0 for the first deal of this game number, n for its n-th redeal in a row' }),
    potPaidBack: z.number().int().openapi({ description: 'R5.3: what each seat got back of the pot when the series ended (0 otherwise)' }),
    bid: orNull(Level),
    contract: orNull(Level),
    declarer: orNull(SeatNumber),
    trump: orNull(Suit),
    trick: z.array(z.object({ seat: SeatNumber, card: Card })),
    lastTrick: orNull(Trick).openapi({
      description:
        'R7.10: the trick just completed until the next card is played; then the last completed trick, or with trickHistory "opponents" the last one the other side took',
    }),
    tricks: z.array(Trick).nullable().openapi({ description: 'Every completed trick with trickHistory "all"' }),
    multiplier: z
      .number()
      .openapi({ description: '2^(doubles + kontra + re); 1 while the doubling window is open (R3.1: no choice is known until all decided)' }),
    doubles: z.array(SeatNumber),
    kontra: orNull(SeatNumber),
    awaitingRe: z.boolean().openapi({ description: 'R8.2: a kontra was said and play waits for the declarer (`turn`) to send re or no re' }),
    re: z.boolean(),
    knocks: z.array(z.object({ seat: SeatNumber, trick: z.number() })),
    history: z.array(z.union(PUBLIC_ACTIONS)).openapi({
      description:
        'Public actions of the current game, oldest first; a double shows `double: null` until all three decided (but to the seat itself), a re decision `re: true or false`',
    }),
    moves: z.array(z.union([PlayMove.extend({ auto: AutoFlag }), ...PUBLIC_ACTIONS.map((action) => action.extend({ auto: AutoFlag }))])).openapi({
      description:
        'Every accepted action of the current game, oldest first: the entries of `history` (doubles hidden as there, R3.1) and each card played with its trick; ' +
        "`auto: true` on a move the table made for its seat (a forced card: in that seat's own view only, until the game is over)",
    }),
    trickWinners: z.array(SeatNumber).openapi({ description: 'Who took each completed trick of the current game, oldest first' }),
    stock: z.array(Card).nullable().openapi({ description: 'The declarer alone, after the pickup' }),
    discards: z.array(Card).nullable(),
    legalActions: z.array(OfferedActionSchema).openapi({
      description: 'The actions the caller may send now, each as it can be sent back (discarding once, as a count); empty when none',
    }),
    result: orNull(Result),
    settlement: orNull(Settlement),
    commitment: z.string().nullable().openapi({ description: 'SHA-256 of the secret seed of this deal; the seed is revealed in …/games' }),
    deadline: z
      .string()
      .nullable()
      .openapi({
        description:
          'When the seat to act (`turn`; during doubling the first of the undecided seats) must have acted: option moveDeadlineHours from when the move became owed, ' +
          'the clock stopped while the table is paused and while that seat is on vacation. Null without a clock, between games, or while paused',
      }),
    moveDeadlineHours: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The table's option moveDeadlineHours: a seat is reminded after this many hours; null: no clock" }),
    onTimeout: z
      .enum(['bot', 'wait'])
      .openapi({ description: 'The table\'s option onTimeout: at the deadline the strong bot makes the move ("bot") or the table waits ("wait")' }),
    vacationHours: z.number().int().openapi({ description: "The table's option vacationHours: hours of vacation per seat and series" }),
    autoForced: z.boolean().nullable().openapi({
      description:
        "The caller's own choice (PUT …/preferences): its forced cards (one legal card, nothing else to decide) are played for it; null for a spectator or a bot seat. No other view shows it",
    }),
    webhook: z.enum(['active', 'disabled']).nullable().openapi({
      description:
        "The caller's own webhook: active, disabled (its receiver answered 410 Gone; set a webhook again to turn it on), or null (none set, or a spectator)",
    }),
    paused: z
      .boolean()
      .openapi({ description: "Whether the table's admin paused the table: actions are refused with 409 paused, the clock stops, bots wait" }),
    ended: z
      .boolean()
      .openapi({ description: "Whether the table's admin ended the table: it stays readable, actions are refused with 409 table_ended" }),
    series: z
      .number()
      .int()
      .min(1)
      .openapi({ description: 'Which series the table plays: 1 first, counting up with each new series the admin starts' }),
    chat: z
      .boolean()
      .openapi({ description: 'Whether the table has a chat (option `chat`): the seats write in it (POST …/chat), seats and spectators read it' }),
  })
  .openapi('View');

/** The cards as dealt, in a game's record. */
const DealtCards = z.object({
  hands: z
    .array(z.array(Card).min(10).max(10))
    .min(3)
    .max(3)
    .openapi({ description: "Each seat's 10 cards, seat 0 first; the first 3 of a hand were its doubling packet (R3.1)" }),
  stock: z.array(Card).min(2).max(2),
});

export const GamesSchema = z
  .object({
    games: z.array(
      z
        .object({
          dealIndex: z.number().int().min(0).openapi({ description: 'The order in which the table dealt its games, redeals included: 0, 1, 2, …' }),
          series: z.number().int().min(1).openapi({ description: 'Which series of the table the game belongs to (its gameNumber counts within it)' }),
          gameNumber: z.number().int(),
          dealer: SeatNumber,
          potBefore: z.number().openapi({ description: 'The pot when the game was dealt (R5.2)' }),
          redeal: z.number().int().openapi({ description: 'R5.2, R5.4: 0 for the first deal of this game number, n for its n-th redeal in a row' }),
          options: RuleOptionsSchema,
          deal: DealtCards,
          actions: z.array(z.object({ seat: SeatNumber, action: RecordedAction, auto: AutoFlag })),
          doubles: z.array(SeatNumber),
          declarer: orNull(SeatNumber),
          bid: orNull(Level),
          contract: orNull(Level),
          trump: orNull(Suit),
          discards: z.array(Card).nullable().openapi({ description: "The declarer's 2 discards (R6.1), published with the record (R10.3)" }),
          kontra: orNull(SeatNumber),
          re: z.boolean(),
          multiplier: z.number(),
          tricks: z.array(Trick),
          result: orNull(Result),
          settlement: orNull(Settlement),
          seed: z.string().nullable().openapi({
            description: "Reveals the deal's seed: dealFromSeed(seed) must give `deal` and SHA-256(seed) the commitment; null for a fixed test deal",
          }),
          commitment: z.string().nullable(),
          finishedAt: z.string().openapi({ description: 'When the game ended (ISO)' }),
        })
        .openapi('GameRecord', { description: 'A finished game: its whole record (R10.1), all hands, stock and discards included (R10.3)' }),
    ),
    next: z.number().int().min(1).optional().openapi({
      description: "Present while older games remain: the `before` of the next older page (the dealIndex of this page's oldest game)",
    }),
  })
  .openapi('Games');

export const OverviewRequestSchema = z
  .strictObject({
    links: z
      .array(
        z.strictObject({
          tableId: z.string().max(100).openapi({ example: 'k3h8q2m5x7c9v4b6' }),
          token: z.string().max(100).openapi({ description: 'The secret token of a seat or spectator link' }),
        }),
      )
      .min(1, 'give at least one link')
      .max(OVERVIEW_MAX_LINKS, `at most ${OVERVIEW_MAX_LINKS} links at once`)
      .superRefine((links, ctx) => {
        const seen = new Map<string, number>();
        links.forEach(({ tableId, token }, index) => {
          const key = `${tableId} ${token}`;
          const first = seen.get(key);
          if (first === undefined) seen.set(key, index);
          else ctx.addIssue({ code: 'custom', path: [index], message: `the same link as links.${first}` });
        });
      })
      .openapi({ description: `1 to ${OVERVIEW_MAX_LINKS} links, each once` }),
  })
  .openapi('OverviewRequest');

const SummaryError = z.object({ code: z.string(), message: z.string() });

export const OverviewSchema = z
  .object({
    tables: z
      .array(
        // A union, not a discriminated one: OpenAPI's discriminator names string values, and `ok` is a boolean.
        z.union([
          z
            .object({
              tableId: z.string(),
              ok: z.literal(true),
              name: z.string(),
              seat: orNull(SeatNumber).openapi({ description: "The link's seat; null for a spectator link" }),
              seats: z
                .array(z.object({ name: z.string() }))
                .min(3)
                .max(3),
              phase: Phase,
              gameNumber: z.number().int(),
              games: z.number().int(),
              seriesOver: z.boolean(),
              turn: orNull(SeatNumber),
              owesMove: z.boolean().openapi({
                description:
                  "The link's seat owes a move now (its view's legalActions hold one the game waits for; a mere chance of kontra is not owed)",
              }),
              version: z.number().int(),
              deadline: z.string().nullable().openapi({ description: 'When the seat to act should have acted (option moveDeadlineHours), or null' }),
              lastChangeAt: z.string().openapi({ description: 'When the table last changed (an action accepted, a game dealt)' }),
            })
            .openapi('TableSummary'),
          z
            .object({
              tableId: z.string(),
              ok: z.literal(false),
              error: SummaryError.openapi({
                description: 'What a single GET /api/tables/{id} with this link would answer: unauthorized, forbidden, not_found, …',
              }),
            })
            .openapi('TableSummaryRefusal'),
        ]),
      )
      .openapi({ description: 'One entry per link, in the order given' }),
  })
  .openapi('Overview', {
    description: 'Each link is charged to the read limit as one GET /api/tables/{id}',
  });

const LIMIT_MESSAGE = `must be a whole number from 1 to ${MAX_GAMES_LIMIT}`;
const BEFORE_MESSAGE = 'must be a whole number, a dealIndex';

/** The query of GET …/games (API.md "History paging"); the values are checked as text, so "1e3", "5.0" or " 5" are refused. */
export const GamesQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,9}$/, LIMIT_MESSAGE)
    .refine((text) => Number(text) >= 1 && Number(text) <= MAX_GAMES_LIMIT, LIMIT_MESSAGE)
    .optional()
    .openapi({
      param: { name: 'limit', in: 'query' },
      type: 'integer',
      minimum: 1,
      maximum: MAX_GAMES_LIMIT,
      default: DEFAULT_GAMES_LIMIT,
      description: `How many games at most: default ${DEFAULT_GAMES_LIMIT}, maximum ${MAX_GAMES_LIMIT} (larger is refused with 400)`,
      example: DEFAULT_GAMES_LIMIT,
    }),
  before: z
    .string()
    .regex(/^\d{1,9}$/, BEFORE_MESSAGE)
    .optional()
    .openapi({
      param: { name: 'before', in: 'query' },
      type: 'integer',
      minimum: 0,
      description: 'Only games with a smaller dealIndex: the `next` of the previous answer. Without it, the newest games',
      example: 40,
    }),
});

export const WebhookBodySchema = z
  .object({
    type: z.enum(['turn', 'reminder', 'game_over', 'table_over']).openapi({
      description:
        'turn: this seat must act now (after its doubling packet is dealt, when the turn passes to it, or, for the declarer, after a kontra: its re decision, R8.2; not for a mere chance of kontra); ' +
        'reminder: its move is still owed and the deadline (option moveDeadlineHours) is near; game_over: a game ended (an all-pass redeal too); table_over: the series ended',
    }),
    tableId: z.string(),
    seat: SeatNumber,
    version: z.number().int().openapi({ description: 'The table version the event happened at' }),
    gameNumber: z.number().int().openapi({ description: 'For game_over the game that ended, otherwise the current game' }),
    dealIndex: z.number().int().optional().openapi({ description: "game_over only: the ended game's index in …/games" }),
    view: ViewSchema.openapi({ description: "This seat's own view at `version` (never another seat's cards)" }),
  })
  .openapi('WebhookBody');

export const WebhookHeadersSchema = z.object({
  'webhook-id': z.string().openapi({ description: 'msg_…: the same on every retry of one message', example: 'msg_4f9c0d1e2a3b4c5d6e7f8091a2b3c4d5' }),
  'webhook-timestamp': z.string().openapi({ description: 'Unix seconds of this attempt', example: '1767225600' }),
  'webhook-signature': z
    .string()
    .openapi({ description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the seat\'s whsec_ secret (Standard Webhooks)' }),
});

// ---------------------------------------------------------------- the table's chat (API.md, "Chat"; table/chat.ts)

export const ChatMessageSchema = z
  .object({
    id: z
      .number()
      .int()
      .min(1)
      .openapi({ description: 'Grows with every message of the table: pass the last one read as `after` to read what came since' }),
    seat: described(SeatNumber, 'The seat that wrote it'),
    text: z.string().openapi({
      description: `Plain text, 1–${CHAT_LIMITS.maxChars} characters (code points), line breaks as "\\n": show it as text, never as HTML`,
      example: 'Gut gespielt!',
    }),
    at: z.string().openapi({ description: 'When it was written (ISO)', example: '2026-11-30T20:15:00.000Z' }),
  })
  .openapi('ChatMessage');

export const ChatPostSchema = z
  .strictObject({
    text: z
      .string()
      // Refused early when surely too long; the exact count (code points, after trimming) is the table's (table/chat.ts).
      .max(CHAT_LIMITS.maxChars * 4, `text: at most ${CHAT_LIMITS.maxChars} characters`)
      .openapi({
        description:
          `1–${CHAT_LIMITS.maxChars} characters after trimming, counted in code points (an emoji is one). Plain text: line breaks are kept (CR LF becomes "\\n"); ` +
          'other control characters, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which would reorder the text around the message, are refused with 400',
        example: 'Gut gespielt!',
      }),
  })
  .openapi('ChatPost');

export const ChatPostedSchema = z.object({ message: ChatMessageSchema }).openapi('ChatPosted');

export const ChatQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number, the id of a message (0: from the oldest kept)')
    .optional()
    .openapi({
      param: { name: 'after', in: 'query' },
      type: 'integer',
      minimum: 0,
      description:
        `The messages after the message with this id, oldest first, at most ${CHAT_LIMITS.page} (0: from the oldest kept; a \`next\` of an earlier answer). ` +
        `Without it: the newest ${CHAT_LIMITS.page}`,
      example: 0,
    }),
});

export const ChatPageSchema = z
  .object({
    messages: z.array(ChatMessageSchema).openapi({ description: 'Oldest first' }),
    next: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Present while more messages follow these (with `after` only): send it as `after` for the next page' }),
  })
  .openapi('ChatPage');
