/** Finished games (`GET …/games`, paged) and several tables at a glance (`POST /api/tables/overview`). */
import * as z from 'zod/mini';
import { OVERVIEW_MAX_LINKS } from '../model/contract.js';
import { DEFAULT_GAMES_LIMIT, MAX_GAMES_LIMIT } from '../model/limits.js';
import { RecordedAction } from './actions.js';
import { Card, Level, SeatNumber, Suit, countParam, doc, int, orNull } from './common.js';
import { RuleOptionsSchema } from './tables.js';
import { AutoFlag, Phase, Result, Settlement, Trick } from './view.js';

/** The cards as dealt, in a game's record. */
const DealtCards = z.object({
  hands: doc(
    z.array(z.array(Card).check(z.minLength(10), z.maxLength(10))).check(z.minLength(3), z.maxLength(3)),
    OPENAPI_PROSE && {
      description: "Each seat's 10 cards, seat 0 first; the first 3 of a hand were its doubling packet (R3.1)",
    },
  ),
  stock: z.array(Card).check(z.minLength(2), z.maxLength(2)),
});

export const GamesSchema = doc(
  z.object({
    games: z.array(
      doc(
        z.object({
          dealIndex: doc(
            int(z.gte(0)),
            OPENAPI_PROSE && { description: 'The order in which the table dealt its games, redeals included: 0, 1, 2, …' },
          ),
          series: doc(
            int(z.gte(1)),
            OPENAPI_PROSE && { description: 'Which series of the table the game belongs to (its gameNumber counts within it)' },
          ),
          gameNumber: int(),
          dealer: SeatNumber,
          potBefore: doc(z.number(), OPENAPI_PROSE && { description: 'The pot when the game was dealt (R5.2)' }),
          redeal: doc(
            int(),
            OPENAPI_PROSE && { description: 'R5.2, R5.4: 0 for the first deal of this game number, n for its n-th redeal in a row' },
          ),
          options: RuleOptionsSchema,
          deal: DealtCards,
          actions: z.array(
            z.object({
              seat: SeatNumber,
              action: RecordedAction,
              refused: doc(z.optional(z.literal(true)), OPENAPI_PROSE && { description: 'R7.12: a claim judged not sure; the game went on' }),
              auto: AutoFlag,
            }),
          ),
          doubles: z.array(SeatNumber),
          declarer: orNull(SeatNumber),
          bid: orNull(Level),
          contract: orNull(Level),
          trump: orNull(Suit),
          discards: doc(
            z.nullable(z.array(Card)),
            OPENAPI_PROSE && { description: "The declarer's 2 discards (R6.1), published with the record (R10.3)" },
          ),
          kontra: orNull(SeatNumber),
          re: z.boolean(),
          multiplier: z.number(),
          tricks: z.array(Trick),
          result: orNull(Result),
          settlement: orNull(Settlement),
          seed: doc(
            z.nullable(z.string()),
            OPENAPI_PROSE && {
              description:
                "Reveals the deal's seed: dealFromSeed(seed) must give `deal` and SHA-256(seed) the commitment; null for a fixed test deal",
            },
          ),
          commitment: z.nullable(z.string()),
          finishedAt: doc(z.string(), OPENAPI_PROSE && { description: 'When the game ended (ISO)' }),
        }),
        'GameRecord',
        OPENAPI_PROSE && { description: 'A finished game: its whole record (R10.1), all hands, stock and discards included (R10.3)' },
      ),
    ),
    next: doc(
      z.optional(int(z.gte(1))),
      OPENAPI_PROSE && {
        description: "Present while older games remain: the `before` of the next older page (the dealIndex of this page's oldest game)",
      },
    ),
  }),
  'Games',
);

export const OverviewRequestSchema = doc(
  z.strictObject({
    links: doc(
      z
        .array(
          z.strictObject({
            tableId: doc(z.string().check(z.maxLength(100)), OPENAPI_PROSE && { example: 'k3h8q2m5x7c9v4b6' }),
            token: doc(z.string().check(z.maxLength(100)), OPENAPI_PROSE && { description: 'The secret token of a seat or spectator link' }),
          }),
        )
        .check(
          z.minLength(1, 'give at least one link'),
          z.maxLength(OVERVIEW_MAX_LINKS, `at most ${OVERVIEW_MAX_LINKS} links at once`),
          z.superRefine((links, ctx) => {
            const seen = new Map<string, number>();
            links.forEach(({ tableId, token }, index) => {
              const key = `${tableId} ${token}`;
              const first = seen.get(key);
              if (first === undefined) seen.set(key, index);
              else ctx.addIssue({ code: 'custom', path: [index], message: `the same link as links.${first}` });
            });
          }),
        ),
      OPENAPI_PROSE && { description: `1 to ${OVERVIEW_MAX_LINKS} links, each once` },
    ),
  }),
  'OverviewRequest',
);

const SummaryError = z.object({ code: z.string(), message: z.string() });

export const OverviewSchema = doc(
  z.object({
    tables: doc(
      z.array(
        // A union, not a discriminated one: OpenAPI's discriminator names string values, and `ok` is a boolean.
        z.union([
          doc(
            z.object({
              tableId: z.string(),
              ok: z.literal(true),
              name: z.string(),
              seat: doc(orNull(SeatNumber), OPENAPI_PROSE && { description: "The link's seat; null for a spectator link" }),
              seats: z.array(z.object({ name: z.string() })).check(z.minLength(3), z.maxLength(3)),
              phase: Phase,
              gameNumber: int(),
              games: int(),
              seriesOver: z.boolean(),
              turn: orNull(SeatNumber),
              owesMove: doc(
                z.boolean(),
                OPENAPI_PROSE && {
                  description:
                    "The link's seat owes a move now (its view's legalActions hold one the game waits for; a mere chance of kontra is not owed)",
                },
              ),
              version: int(),
              deadline: doc(
                z.nullable(z.string()),
                OPENAPI_PROSE && { description: 'When the seat to act should have acted (option moveDeadlineHours), or null' },
              ),
              lastChangeAt: doc(z.string(), OPENAPI_PROSE && { description: 'When the table last changed (an action accepted, a game dealt)' }),
              moveDeadlineHours: doc(
                orNull(int()),
                OPENAPI_PROSE && {
                  description: "The table's option moveDeadlineHours, or null: no clock runs there, so a vacation would stop none",
                },
              ),
              ended: doc(
                z.boolean(),
                OPENAPI_PROSE && { description: "Whether the table's admin ended the table (no move is taken, no clock runs)" },
              ),
              vacation: doc(
                orNull(
                  doc(
                    z.object({
                      until: doc(z.nullable(z.string()), OPENAPI_PROSE && { description: 'While the seat is on vacation: when it ends; else null' }),
                      hoursLeft: doc(
                        int(),
                        OPENAPI_PROSE && {
                          description: "The whole hours of vacation the seat may still take this series (the view's vacationHoursLeft)",
                        },
                      ),
                      hoursAvailable: doc(
                        int(),
                        OPENAPI_PROSE && {
                          description:
                            'The most whole hours POST …/vacation takes now: hoursLeft plus the running vacation’s whole hours not yet begun ' +
                            '(a new vacation takes its place and gives them back); 0 once the series is over',
                        },
                      ),
                    }),
                    'SummaryVacation',
                  ),
                ),
                OPENAPI_PROSE && { description: "The link's seat's own vacation; null for a spectator's link or a seat a bot plays" },
              ),
            }),
            'TableSummary',
          ),
          doc(
            z.object({
              tableId: z.string(),
              ok: z.literal(false),
              error: doc(
                SummaryError,
                OPENAPI_PROSE && {
                  description: 'What a single GET /api/tables/{id} with this link would answer: unauthorized, forbidden, not_found, …',
                },
              ),
            }),
            'TableSummaryRefusal',
          ),
        ]),
      ),
      OPENAPI_PROSE && { description: 'One entry per link, in the order given' },
    ),
  }),
  'Overview',
  OPENAPI_PROSE && { description: 'Each link is charged to the read limit as one GET /api/tables/{id}' },
);

const BEFORE_MESSAGE = 'must be a whole number, a dealIndex';

/** The query of GET …/games (API.md "History paging"); the values are checked as text, so "1e3", "5.0" or " 5" are refused. */
export const GamesQuerySchema = z.object({
  limit: countParam('limit', MAX_GAMES_LIMIT, DEFAULT_GAMES_LIMIT, 'games'),
  before: doc(
    z.optional(z.string().check(z.regex(/^\d{1,9}$/, BEFORE_MESSAGE))),
    OPENAPI_PROSE && {
      param: { name: 'before', in: 'query' },
      type: 'integer',
      minimum: 0,
      description: 'Only games with a smaller dealIndex: the `next` of the previous answer. Without it, the newest games',
      example: 40,
    },
  ),
});
