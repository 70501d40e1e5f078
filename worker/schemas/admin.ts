/**
 * Request and response schemas of the table admin (API.md "Table admin", routes/admin.ts),
 * for validation at the edge and the OpenAPI document.
 */
import * as z from 'zod/mini';
import { MAX_FRAME_ORIGINS } from '../model/frame-origins.js';
import { nameField } from './plain-text.js';
import { MAX_MOVE_DEADLINE_HOURS, MAX_VACATION_HOURS } from '../../shared/deadline.js';
import { described, doc, int, orNull, Phase, RuleOptionsSchema, SeatNumber } from './index.js';
import { MAX_PAUSES_PER_MOVE, MAX_SERIES } from '../model/limits.js';
import { TEXT_LIMITS } from '../../shared/limits.js';

const BotLevel = z.enum(['easy', 'strong']);

export const AdminCommandSchema = doc(
  z.discriminatedUnion('type', [
    doc(
      z.strictObject({ type: z.literal('pause') }),
      OPENAPI_PROSE && {
        description: `No action is taken while paused (409 paused); clocks stop, bots wait. At most ${MAX_PAUSES_PER_MOVE} pauses while one move is owed: then 409 conflict until a move is made`,
      },
    ),
    doc(z.strictObject({ type: z.literal('resume') }), OPENAPI_PROSE && { description: 'Play goes on; a bot that owes a move makes it' }),
    doc(
      z.strictObject({ type: z.literal('rotate'), seat: z.union([SeatNumber, z.literal('spectator')]) }),
      OPENAPI_PROSE && {
        description:
          'A new link for the seat (or `"spectator"`: for the spectators), answered once: the old token gets 401 from now on and its open sockets are closed. ' +
          "A seat's rotation also ends everything the old link's holder set up: the seat's mail address, webhook (URL and secret), push subscriptions " +
          'and preferences, with every message waiting for them and its digest entries',
      },
    ),
    doc(
      z.strictObject({ type: z.literal('rotateAdmin') }),
      OPENAPI_PROSE && {
        description: 'A new admin link, answered once: the old admin token gets 401 from now on',
      },
    ),
    doc(
      z.strictObject({
        type: z.literal('seat'),
        seat: SeatNumber,
        name: doc(z.optional(nameField(TEXT_LIMITS.seatName)), OPENAPI_PROSE && { example: 'Vroni' }),
        bot: doc(
          z.optional(z.union([z.literal(false), BotLevel])),
          OPENAPI_PROSE && {
            description:
              '"easy" or "strong": a bot plays the seat from now on; a person\'s seat given to a bot gets a new link as by `rotate` (not answered: ' +
              'the old link gets 401, and what its holder set up ends), so the seat needs a `rotate` when a person takes it again. false: a person plays it',
          },
        ),
      }),
      OPENAPI_PROSE && { description: "Rename a seat, or put a bot in a person's place or a person in a bot's; at least one of name and bot" },
    ),
    doc(
      z.strictObject({
        type: z.literal('options'),
        moveDeadlineHours: doc(
          z.optional(z.nullable(int(z.gte(1), z.lte(MAX_MOVE_DEADLINE_HOURS)))),
          OPENAPI_PROSE && { description: 'Hours per move; null: no clock' },
        ),
        onTimeout: doc(
          z.optional(z.enum(['bot', 'wait'])),
          OPENAPI_PROSE && {
            description: 'When a deadline passes: the strong bot makes that move, or only reminders',
          },
        ),
        vacationHours: doc(
          z.optional(int(z.gte(0), z.lte(MAX_VACATION_HOURS))),
          OPENAPI_PROSE && { description: 'Vacation hours per seat and series' },
        ),
        chat: doc(z.optional(z.boolean()), OPENAPI_PROSE && { description: 'Whether the table has a chat' }),
        frameOrigins: doc(
          z.optional(z.array(z.string().check(z.maxLength(300))).check(z.maxLength(MAX_FRAME_ORIGINS))),
          OPENAPI_PROSE && {
            description:
              `The origins that may frame the seats' embed pages (/embed/{id}/seat), replacing the list: at most ${MAX_FRAME_ORIGINS}, each \`https://host[:port]\` ` +
              'with no path or wildcard (http only for a loopback host when the server runs with ALLOW_LOCAL_WEBHOOKS=on); stored normalised. [] : no site',
            example: ['https://club.example'],
          },
        ),
        spectatorEmbeds: doc(
          z.optional(z.boolean()),
          OPENAPI_PROSE && {
            description: "Whether any site may frame the spectator's embed page (/embed/{id}); default true",
          },
        ),
      }),
      OPENAPI_PROSE && { description: 'Change the clock, the chat and who may embed the table; at least one option' },
    ),
    doc(
      z.strictObject({ type: z.literal('newSeries') }),
      OPENAPI_PROSE && {
        description: `Once the series is over (else 409 conflict): a new one at the same table with the same links and options; at most ${MAX_SERIES} series per table`,
      },
    ),
    doc(
      z.strictObject({ type: z.literal('end') }),
      OPENAPI_PROSE && { description: 'The table ends: readable, no more actions (409 table_ended), bots stop' },
    ),
  ]),
  'AdminCommand',
);

export const AdminViewSchema = doc(
  z.object({
    tableId: z.string(),
    name: z.string(),
    options: described(RuleOptionsSchema, OPENAPI_PROSE && 'The rules the table plays by, as in the view'),
    moveDeadlineHours: z.nullable(int()),
    onTimeout: z.enum(['bot', 'wait']),
    vacationHours: int(),
    chat: z.boolean(),
    series: doc(int(z.gte(1)), OPENAPI_PROSE && { description: 'Which series the table plays, 1 first' }),
    paused: z.boolean(),
    ended: z.boolean(),
    phase: Phase,
    gameNumber: int(),
    games: int(),
    seriesOver: z.boolean(),
    turn: orNull(SeatNumber),
    version: int(),
    seats: z
      .array(
        z.object({
          seat: SeatNumber,
          name: z.string(),
          bot: z.boolean(),
          botLevel: z.nullable(BotLevel),
          mail: doc(z.boolean(), OPENAPI_PROSE && { description: 'Whether the seat gets turn mails (the address itself is never shown)' }),
          webhook: doc(
            z.nullable(z.enum(['active', 'disabled'])),
            OPENAPI_PROSE && { description: "The seat's webhook state (never its URL or secret)" },
          ),
        }),
      )
      .check(z.minLength(3), z.maxLength(3)),
    frameOrigins: doc(
      z.array(z.string()),
      OPENAPI_PROSE && { description: "The origins that may frame the seats' embed pages, normalised; [] by default" },
    ),
    spectatorEmbeds: doc(z.boolean(), OPENAPI_PROSE && { description: "Whether any site may frame the spectator's embed page" }),
  }),
  'AdminView',
  OPENAPI_PROSE && { description: "What the table's admin sees: settings and seats, and of the game only what a spectator sees, never a card" },
);

// Strict, so that a client tells the three answers of POST …/admin apart by their fields.
export const RotatedLinkSchema = doc(
  z.strictObject({
    seat: z.union([SeatNumber, z.literal('spectator')]),
    token: z.string(),
    url: doc(z.url(), OPENAPI_PROSE && { description: "The seat's (or the spectators') new secret link; the old one no longer opens the table" }),
  }),
  'RotatedLink',
);

export const AdminLinkSchema = doc(
  z.strictObject({
    token: z.string(),
    url: doc(z.url(), OPENAPI_PROSE && { description: "The admin's new secret link (the admin page); the old one no longer opens it" }),
  }),
  'AdminLink',
);
