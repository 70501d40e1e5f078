/**
 * Request and response schemas of the table admin (API.md "Table admin", routes/admin.ts),
 * for validation at the edge and the OpenAPI document.
 */
import { z } from '@hono/zod-openapi';
import { MAX_FRAME_ORIGINS } from './frame-origins.js';
import { nameField } from './plain-text.js';
import { described, MAX_VACATION_HOURS, orNull, Phase, RuleOptionsSchema, SeatNumber } from './schemas.js';
import { MAX_PAUSES_PER_MOVE, MAX_SERIES } from './table/admin-commands.js';

const BotLevel = z.enum(['easy', 'strong']);

export const AdminCommandSchema = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('pause') }).openapi({
      description: `No action is taken while paused (409 paused); clocks stop, bots wait. At most ${MAX_PAUSES_PER_MOVE} pauses while one move is owed: then 409 conflict until a move is made`,
    }),
    z.strictObject({ type: z.literal('resume') }).openapi({ description: 'Play goes on; a bot that owes a move makes it' }),
    z.strictObject({ type: z.literal('rotate'), seat: z.union([SeatNumber, z.literal('spectator')]) }).openapi({
      description:
        'A new link for the seat (or `"spectator"`: for the spectators), answered once: the old token gets 401 from now on and its open sockets are closed. ' +
        "A seat's rotation also ends everything the old link's holder set up: the seat's mail address, webhook (URL and secret), push subscriptions " +
        'and preferences, with every message waiting for them and its digest entries',
    }),
    z.strictObject({ type: z.literal('rotateAdmin') }).openapi({
      description: 'A new admin link, answered once: the old admin token gets 401 from now on',
    }),
    z
      .strictObject({
        type: z.literal('seat'),
        seat: SeatNumber,
        name: nameField(40).optional().openapi({ example: 'Vroni' }),
        bot: z
          .union([z.literal(false), BotLevel])
          .optional()
          .openapi({
            description:
              '"easy" or "strong": a bot plays the seat from now on; a person\'s seat given to a bot gets a new link as by `rotate` (not answered: ' +
              'the old link gets 401, and what its holder set up ends), so the seat needs a `rotate` when a person takes it again. false: a person plays it',
          }),
      })
      .openapi({ description: "Rename a seat, or put a bot in a person's place or a person in a bot's; at least one of name and bot" }),
    z
      .strictObject({
        type: z.literal('options'),
        moveDeadlineHours: z.number().int().min(1).max(720).nullable().optional().openapi({ description: 'Hours per move; null: no clock' }),
        onTimeout: z
          .enum(['bot', 'wait'])
          .optional()
          .openapi({ description: 'When a deadline passes: the strong bot makes that move, or only reminders' }),
        vacationHours: z.number().int().min(0).max(MAX_VACATION_HOURS).optional().openapi({ description: 'Vacation hours per seat and series' }),
        chat: z.boolean().optional().openapi({ description: 'Whether the table has a chat' }),
        frameOrigins: z
          .array(z.string().max(300))
          .max(MAX_FRAME_ORIGINS)
          .optional()
          .openapi({
            description:
              `The origins that may frame the seats' embed pages (/embed/{id}/seat), replacing the list: at most ${MAX_FRAME_ORIGINS}, each \`https://host[:port]\` ` +
              'with no path or wildcard (http only for a loopback host when the server runs with ALLOW_LOCAL_WEBHOOKS=on); stored normalised. [] : no site',
            example: ['https://club.example'],
          }),
        spectatorEmbeds: z
          .boolean()
          .optional()
          .openapi({ description: "Whether any site may frame the spectator's embed page (/embed/{id}); default true" }),
      })
      .openapi({ description: 'Change the clock, the chat and who may embed the table; at least one option' }),
    z.strictObject({ type: z.literal('newSeries') }).openapi({
      description: `Once the series is over (else 409 conflict): a new one at the same table with the same links and options; at most ${MAX_SERIES} series per table`,
    }),
    z.strictObject({ type: z.literal('end') }).openapi({ description: 'The table ends: readable, no more actions (409 table_ended), bots stop' }),
  ])
  .openapi('AdminCommand');

export const AdminViewSchema = z
  .object({
    tableId: z.string(),
    name: z.string(),
    options: described(RuleOptionsSchema, 'The rules the table plays by, as in the view'),
    moveDeadlineHours: z.number().int().nullable(),
    onTimeout: z.enum(['bot', 'wait']),
    vacationHours: z.number().int(),
    chat: z.boolean(),
    series: z.number().int().min(1).openapi({ description: 'Which series the table plays, 1 first' }),
    paused: z.boolean(),
    ended: z.boolean(),
    phase: Phase,
    gameNumber: z.number().int(),
    games: z.number().int(),
    seriesOver: z.boolean(),
    turn: orNull(SeatNumber),
    version: z.number().int(),
    seats: z
      .array(
        z.object({
          seat: SeatNumber,
          name: z.string(),
          bot: z.boolean(),
          botLevel: BotLevel.nullable(),
          mail: z.boolean().openapi({ description: 'Whether the seat gets turn mails (the address itself is never shown)' }),
          webhook: z.enum(['active', 'disabled']).nullable().openapi({ description: "The seat's webhook state (never its URL or secret)" }),
        }),
      )
      .min(3)
      .max(3),
    frameOrigins: z.array(z.string()).openapi({ description: "The origins that may frame the seats' embed pages, normalised; [] by default" }),
    spectatorEmbeds: z.boolean().openapi({ description: "Whether any site may frame the spectator's embed page" }),
  })
  .openapi('AdminView', { description: "What the table's admin sees: settings and seats, and of the game only what a spectator sees, never a card" });

// Strict, so that a client tells the three answers of POST …/admin apart by their fields.
export const RotatedLinkSchema = z
  .strictObject({
    seat: z.union([SeatNumber, z.literal('spectator')]),
    token: z.string(),
    url: z.url().openapi({ description: "The seat's (or the spectators') new secret link; the old one no longer opens the table" }),
  })
  .openapi('RotatedLink');

export const AdminLinkSchema = z
  .strictObject({
    token: z.string(),
    url: z.url().openapi({ description: "The admin's new secret link (the admin page); the old one no longer opens it" }),
  })
  .openapi('AdminLink');
