/** Creating a table (API.md, `POST /api/tables`): its options, seats and test deals, and the answer with the links. */
import * as z from 'zod/mini';
import { OPTION_LIMITS } from '../../shared/options.js';
import { ADDRESS_MAILS_PER_HOUR, CONFIRMATIONS_PER_DAY } from '../model/limits.js';
import { nameField } from './plain-text.js';
import { TABLE_MAILS_PER_HOUR } from '../model/limits.js';
import { DEFAULT_VACATION_HOURS, MAX_MOVE_DEADLINE_HOURS, MAX_VACATION_HOURS } from '../../shared/deadline.js';
import { MAIL_MODES } from '../model/table.js';
import { SeatNumber, described, doc, int } from './common.js';
import { TEXT_LIMITS } from '../../shared/limits.js';

export const OptionsSchema = doc(
  z.strictObject({
    doubling: doc(z.optional(z.boolean()), OPENAPI_PROSE && { description: 'R3: doubling after the first packet of 3 cards (default true)' }),
    tenTrickBid: doc(z.optional(z.boolean()), OPENAPI_PROSE && { description: 'R4: allow the bid and contract "10" (default false)' }),
    allPass: doc(
      z.optional(z.enum(['forced', 'pot'])),
      OPENAPI_PROSE && {
        description: 'R5: all pass → forehand must play 6, or a pot and a redeal (default forced)',
      },
    ),
    potStake: doc(
      z.optional(int(z.gte(1), z.lte(OPTION_LIMITS.potStake))),
      OPENAPI_PROSE && {
        description: 'R5.2: what each seat pays into the pot (default 1; other values need allPass "pot")',
      },
    ),
    potTo: doc(
      z.optional(z.enum(['declarer', 'winners'])),
      OPENAPI_PROSE && {
        description:
          'R5.2: who wins the pot: the next declarer who wins a game, or the winners of the next game played, the two defenders sharing it when the declarer loses (default declarer; "winners" needs allPass "pot")',
      },
    ),
    maxRedeals: doc(
      z.optional(int(z.gte(1), z.lte(OPTION_LIMITS.maxRedeals))),
      OPENAPI_PROSE && {
        description:
          'R5.4: redeals in a row for one game number; after the last, an all-pass is the forced game (default 3; other values need allPass "pot")',
      },
    ),
    winDutyInBettel: doc(z.optional(z.boolean()), OPENAPI_PROSE && { description: 'R7.8: win duty also in bettel (default true)' }),
    trump: doc(
      z.optional(z.enum(['led', 'named'])),
      OPENAPI_PROSE && {
        description:
          'R7.2: the suit of the declarer\'s first card is trump, or the declarer names any suit with that card (`"trump"` in the play action) (default led)',
      },
    ),
    trickHistory: doc(
      z.optional(z.enum(['last', 'all', 'opponents'])),
      OPENAPI_PROSE && {
        description: 'R7.10: which completed tricks a seat may look at: the last, all, or only the last one the other side took (default last)',
      },
    ),
    knock: doc(z.optional(z.boolean()), OPENAPI_PROSE && { description: 'R7.11: defenders may knock (default false)' }),
    kontra: doc(z.optional(z.boolean()), OPENAPI_PROSE && { description: 'R8: kontra and re (default true)' }),
    claims: doc(z.optional(z.boolean()), OPENAPI_PROSE && { description: 'R7.12: claims (default true)' }),
    firstDealer: z.optional(described(SeatNumber, OPENAPI_PROSE && 'R1.2: dealer of game 1 (default 0)')),
    games: doc(z.optional(int(z.gte(1), z.lte(OPTION_LIMITS.games))), OPENAPI_PROSE && { description: 'R1.2: games in the series (default 3)' }),
    stakePerTrick: doc(z.optional(int(z.gte(1), z.lte(OPTION_LIMITS.stakePerTrick))), OPENAPI_PROSE && { description: 'R9: s (default 1)' }),
    flatTariff: doc(
      z.optional(int(z.gte(1), z.lte(OPTION_LIMITS.flatTariff))),
      OPENAPI_PROSE && { description: 'R9: f, for bettel and mord (default 10)' },
    ),
    moveDeadlineHours: doc(
      z.optional(int(z.gte(1), z.lte(MAX_MOVE_DEADLINE_HOURS))),
      OPENAPI_PROSE && {
        description:
          'Hours a seat has for its move, shown as `deadline` in the view; the seats owing the move are reminded shortly before it. ' +
          'People see it as "Move deadline {n} hours" / "Zugfrist {n} Stunden", and the reminder mail names it so. ' +
          'The clock stops while the table is paused and while the owing seat is on vacation (POST …/vacation)',
      },
    ),
    onTimeout: doc(
      z.optional(z.enum(['bot', 'wait'])),
      OPENAPI_PROSE && {
        description:
          'With moveDeadlineHours, what happens when a seat\'s deadline passes: "bot" (default) — the strong bot makes that one move for it from what the seat may see, ' +
          'marked `auto: true` in the view\'s `moves` and the record\'s `actions`; "wait" — reminders only, the table waits',
      },
    ),
    vacationHours: doc(
      z.optional(int(z.gte(0), z.lte(MAX_VACATION_HOURS))),
      OPENAPI_PROSE && {
        description: `Hours of vacation each seat may take per series (POST …/vacation), 0 to ${MAX_VACATION_HOURS} (default ${DEFAULT_VACATION_HOURS})`,
      },
    ),
    chat: doc(
      z.optional(z.enum(['on', 'off'])),
      OPENAPI_PROSE && {
        description:
          'A table setting, not a rule: "on" (default) the seats may write short messages to each other (POST …/chat), which seats and spectators read; "off" no chat (the view says `chat: false`)',
      },
    ),
  }),
  'Options',
);

/** The rule options as a table holds them: every one set, the defaults filled in. */
export const RuleOptionsSchema = doc(
  z.required(z.omit(OptionsSchema, { moveDeadlineHours: true, onTimeout: true, vacationHours: true, chat: true })),
  'RuleOptions',
);

/** The language of a seat's mails. */
export const MailLang = doc(
  z.enum(['de', 'en']),
  'MailLanguage',
  OPENAPI_PROSE && {
    description: 'The language of this seat\'s mails: "de" German, "en" English; without it they are written in both',
  },
);

export const MailMode = doc(
  z.enum(MAIL_MODES),
  'MailMode',
  OPENAPI_PROSE && {
    description:
      'What goes to the mail address: "turn" each turn and reminder (the default), "digest" one mail a day (07:00 UTC) listing every table where the address owes a move, "off" nothing (the address stays stored)',
  },
);

const SeatInput = z
  .strictObject({
    name: doc(z.optional(nameField(TEXT_LIMITS.seatName)), OPENAPI_PROSE && { example: 'Vroni' }),
    email: doc(
      z.optional(z.email().check(z.maxLength(TEXT_LIMITS.email))),
      OPENAPI_PROSE && {
        description:
          "Turn notifications go here; the mail carries the seat link. The table's first mail to the address, sent as the table is made, asks it to confirm this table; " +
          'until it does, nothing else goes to it from this table (a confirmation at another table opens none here). ' +
          `At most ${CONFIRMATIONS_PER_DAY} confirmation mails per address a day over all tables. Every mail has a one-click unsubscribe link (List-Unsubscribe). ` +
          `At most ${ADDRESS_MAILS_PER_HOUR} mails per address and ${TABLE_MAILS_PER_HOUR} per table an hour, besides the mails a reply from the address earns (its answer and the next turn mail).`,
      },
    ),
    lang: z.optional(MailLang),
    bot: doc(
      z.optional(z.union([z.boolean(), z.enum(['easy', 'strong'])])),
      OPENAPI_PROSE && {
        description:
          'false (default): a person plays this seat. "easy" or "strong" (true = "strong"): a bot plays it by itself on the server, ' +
          "a move a short moment after it may act; the seat's link then only watches (an action by it is refused with 403), " +
          'and the seat gets no mail: an email (or lang) with a bot is refused with 400',
      },
    ),
  })
  // A field accepted and then ignored would mislead the creator: a bot reads no mail.
  .check(
    z.refine((seat) => !seat.bot || (seat.email === undefined && seat.lang === undefined), {
      path: ['email'],
      message: 'a bot plays this seat and reads no mail: leave out email and lang, or make the seat a person (bot: false)',
    }),
  );

export const DealSchema = doc(
  z.strictObject({
    hands: z.array(z.array(z.string()).check(z.minLength(10), z.maxLength(10))).check(z.minLength(3), z.maxLength(3)),
    stock: z.array(z.string()).check(z.minLength(2), z.maxLength(2)),
  }),
  'Deal',
  OPENAPI_PROSE && { description: 'A fixed deal (TEST_DEALS=on only); the first 3 cards of a hand are its doubling packet' },
);

export const CreateTableSchema = doc(
  z.strictObject({
    name: z.optional(nameField(TEXT_LIMITS.tableName)),
    seats: z.optional(z.array(SeatInput).check(z.minLength(3), z.maxLength(3))),
    options: z.optional(OptionsSchema),
    deals: doc(
      z.optional(z.array(DealSchema).check(z.maxLength(200))),
      OPENAPI_PROSE && {
        description: 'Only when the server runs with TEST_DEALS=on; game n gets the n-th deal',
      },
    ),
  }),
  'CreateTable',
);

const Link = z.object({
  token: z.string(),
  url: doc(z.url(), OPENAPI_PROSE && { description: 'The secret link; the token sits in the fragment, which browsers never send' }),
});

export const CreatedTableSchema = doc(
  z.object({
    tableId: z.string(),
    seats: z.array(z.extend(Link, { seat: SeatNumber })).check(z.minLength(3), z.maxLength(3)),
    spectator: Link,
    admin: doc(
      Link,
      OPENAPI_PROSE && {
        description:
          "The table admin's secret link (the web app's admin page): pause, rotate a seat's link, change seats and the clock, new series, end (POST …/admin). " +
          'It opens no seat or spectator endpoint (403)',
      },
    ),
  }),
  'CreatedTable',
);
