/** A seat's view (API.md "The view"): what it may see of the game now (R10.2). */
import * as z from 'zod/mini';
import { OfferedActionSchema } from './actions.js';
import { Card, Level, SeatNumber, Suit, described, doc, int, orNull } from './common.js';
import { RuleOptionsSchema } from './tables.js';

export const AutoFlag = doc(
  z.optional(z.literal(true)),
  OPENAPI_PROSE && {
    description:
      'The table made this move for the seat: its deadline passed (onTimeout "bot"), or it was its only legal card and the seat opted in (autoForced). ' +
      "A forced card is marked only in the seat's own view until the game is over; a finished game's record marks both kinds",
  },
);

const PlayedCard = z.object({
  seat: SeatNumber,
  card: Card,
  knock: doc(z.optional(z.literal(true)), OPENAPI_PROSE && { description: 'R7.11: knocked with this card' }),
});
export const Trick = doc(z.object({ leader: SeatNumber, winner: SeatNumber, cards: z.array(PlayedCard) }), 'Trick');
export const Settlement = doc(
  z.object({
    payments: doc(
      z.tuple([z.number(), z.number(), z.number()]),
      OPENAPI_PROSE && {
        description: "What each seat's balance changes by, seat 0 first",
        minItems: 3,
        maxItems: 3,
      },
    ),
    pot: doc(z.number(), OPENAPI_PROSE && { description: 'What the pot changes by (R5.2, R9.3); payments and pot add up to 0 (R9.4)' }),
  }),
  'Settlement',
);
export const Result = doc(
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('allPass') }),
    z.object({
      kind: z.literal('contract'),
      won: z.boolean(),
      declarerTricks: int(),
      endedEarly: doc(z.boolean(), OPENAPI_PROSE && { description: 'R7.9: bettel or mord decided before the last trick' }),
      claimedBy: z.optional(described(SeatNumber, OPENAPI_PROSE && 'R7.12: the seat whose claim ended the game, settled as if played out so')),
    }),
  ]),
  'Result',
  OPENAPI_PROSE && { description: 'How the game ended: all passed (R5), or the contract was won or lost' },
);
export const Phase = doc(z.enum(['doubling', 'auction', 'discard', 'declare', 'play', 'finished']), 'Phase');

/** An accepted action as every seat and spectator may know it (R10.2): no card, a double's choice hidden while the window is open (R3.1). */
const PUBLIC_ACTIONS = [
  z.object({
    seat: SeatNumber,
    type: z.literal('double'),
    double: doc(z.nullable(z.boolean()), OPENAPI_PROSE && { description: "R3.1: null until all three decided, but in the deciding seat's own view" }),
  }),
  z.object({ seat: SeatNumber, type: z.literal('bid'), bid: Level }),
  z.object({ seat: SeatNumber, type: z.enum(['hold', 'pass', 'discard', 'kontra']) }),
  z.object({
    seat: SeatNumber,
    type: z.literal('claim'),
    refused: doc(
      z.optional(z.literal(true)),
      OPENAPI_PROSE && { description: 'R7.12: judged not sure; the game went on, and this seat claims again only from the next trick' },
    ),
  }),
  z.object({ seat: SeatNumber, type: z.literal('re'), re: doc(z.boolean(), OPENAPI_PROSE && { description: 'R8.2: re said, or declined' }) }),
  z.object({ seat: SeatNumber, type: z.literal('declare'), contract: Level }),
] as const;

/** A card played, as a move of the view: its trick, and the card itself only while R7.10 lets the viewer look at that trick. */
const PlayMove = z.object({
  seat: SeatNumber,
  type: z.literal('play'),
  trick: doc(int(z.gte(1)), OPENAPI_PROSE && { description: 'The trick the card went to, 1-based' }),
  card: doc(
    orNull(Card),
    OPENAPI_PROSE && {
      description:
        'R7.10: the card while the viewer may look at its trick (the current trick, the completed one `lastTrick` shows, every trick with trickHistory "all"), else null',
    },
  ),
  knock: doc(z.optional(z.literal(true)), OPENAPI_PROSE && { description: 'R7.11: the defender knocked with this card' }),
  trump: z.optional(described(Suit, OPENAPI_PROSE && 'R7.2: the trump suit named with this card')),
});

export const ViewSchema = doc(
  z.object({
    tableId: z.string(),
    name: z.string(),
    version: doc(int(), OPENAPI_PROSE && { description: '+1 per accepted action' }),
    seat: doc(orNull(SeatNumber), OPENAPI_PROSE && { description: 'null for a spectator' }),
    options: described(RuleOptionsSchema, OPENAPI_PROSE && 'The rules this table plays by (RULES.md options, defaults filled in)'),
    phase: Phase,
    gameNumber: int(),
    games: int(),
    seriesOver: z.boolean(),
    dealer: SeatNumber,
    turn: orNull(SeatNumber),
    hand: doc(z.nullable(z.array(Card)), OPENAPI_PROSE && { description: 'Own cards; during doubling only the first 3' }),
    seats: z.array(
      z.object({
        name: z.string(),
        bot: doc(z.boolean(), OPENAPI_PROSE && { description: 'Whether a bot plays this seat' }),
        botLevel: doc(z.nullable(z.enum(['easy', 'strong'])), OPENAPI_PROSE && { description: 'Which bot plays this seat; null: a person' }),
        vacationUntil: doc(
          z.nullable(z.string()),
          OPENAPI_PROSE && {
            description: 'While the seat is on vacation (its clock stopped, POST …/vacation): when it ends; else null. Shown to every seat',
          },
        ),
        vacationHoursLeft: doc(int(), OPENAPI_PROSE && { description: 'The whole hours of vacation the seat may still take this series' }),
        cards: z.number(),
        balance: z.number(),
        tricks: z.number(),
        decided: z.boolean(),
      }),
    ),
    pot: z.number(),
    redeal: doc(int(), OPENAPI_PROSE && { description: 'R5.2, R5.4: 0 for the first deal of this game number, n for its n-th redeal in a row' }),
    redealsLeft: doc(
      int(z.gte(0)),
      OPENAPI_PROSE && {
        description:
          'R5.4: how many more times everybody passing deals this game number again; 0: the next all-pass is played as the forced game (R5.1), as always with allPass "forced"',
      },
    ),
    forcedGame: doc(z.boolean(), OPENAPI_PROSE && { description: 'R5.1, R5.4: the game is the forced one: everybody passed, and forehand plays it' }),
    potPaidBack: doc(int(), OPENAPI_PROSE && { description: 'R5.3: what each seat got back of the pot when the series ended (0 otherwise)' }),
    bid: orNull(Level),
    contract: orNull(Level),
    declarer: orNull(SeatNumber),
    trump: orNull(Suit),
    nextCardFixesTrump: doc(
      z.boolean(),
      OPENAPI_PROSE && {
        description:
          'R7.2: the next card played is the declarer\'s first of a number contract and fixes trump: its suit, or with option trump "named" the suit named with it (R6.3: bettel and mord have none)',
      },
    ),
    trick: z.array(z.object({ seat: SeatNumber, card: Card })),
    lastTrick: doc(
      orNull(Trick),
      OPENAPI_PROSE && {
        description:
          'R7.10: the trick just completed until the next card is played; then the last completed trick, or with trickHistory "opponents" the last one the other side took',
      },
    ),
    lastTrickIs: doc(
      z.nullable(z.enum(['latest', 'otherSide'])),
      OPENAPI_PROSE && {
        description:
          'R7.10: which trick `lastTrick` is: the latest completed one, or with trickHistory "opponents", once the next card is down, the last one the other side took ("otherSide"; `lastTrick` null while that side has taken none); null before the first trick is complete',
      },
    ),
    tricks: doc(z.nullable(z.array(Trick)), OPENAPI_PROSE && { description: 'Every completed trick with trickHistory "all"' }),
    multiplier: doc(
      z.number(),
      OPENAPI_PROSE && {
        description: '2^(doubles + kontra + re); 1 while the doubling window is open (R3.1: no choice is known until all decided)',
      },
    ),
    doubles: z.array(SeatNumber),
    kontra: orNull(SeatNumber),
    awaitingRe: doc(
      z.boolean(),
      OPENAPI_PROSE && { description: 'R8.2: a kontra was said and play waits for the declarer (`turn`) to send re or no re' },
    ),
    re: z.boolean(),
    knocks: z.array(z.object({ seat: SeatNumber, trick: z.number() })),
    history: doc(
      z.array(z.union(PUBLIC_ACTIONS)),
      OPENAPI_PROSE && {
        description:
          'Public actions of the current game, oldest first; a double shows `double: null` until all three decided (but to the seat itself), a re decision `re: true or false`',
      },
    ),
    moves: doc(
      z.array(z.union([z.extend(PlayMove, { auto: AutoFlag }), ...PUBLIC_ACTIONS.map((action) => z.extend(action, { auto: AutoFlag }))])),
      OPENAPI_PROSE && {
        description:
          'Every accepted action of the current game, oldest first: the entries of `history` (doubles hidden as there, R3.1) and each card played with its trick; ' +
          "`auto: true` on a move the table made for its seat (a forced card: in that seat's own view only, until the game is over)",
      },
    ),
    trickWinners: doc(z.array(SeatNumber), OPENAPI_PROSE && { description: 'Who took each completed trick of the current game, oldest first' }),
    stock: doc(z.nullable(z.array(Card)), OPENAPI_PROSE && { description: 'The declarer alone, after the pickup' }),
    discards: z.nullable(z.array(Card)),
    legalActions: doc(
      z.array(OfferedActionSchema),
      OPENAPI_PROSE && {
        description: 'The actions the caller may send now, each as it can be sent back (discarding once, as a count); empty when none',
      },
    ),
    mayClaim: doc(
      z.boolean(),
      OPENAPI_PROSE && {
        description:
          'R7.12: whether the caller may send {"type": "claim"} now: during play, not while re is owed, not again in a trick where its claim was refused. The server judges the claim from all the seat has seen',
      },
    ),
    result: orNull(Result),
    settlement: orNull(Settlement),
    commitment: doc(
      z.nullable(z.string()),
      OPENAPI_PROSE && { description: 'SHA-256 of the secret seed of this deal; the seed is revealed in …/games' },
    ),
    deadline: doc(
      z.nullable(z.string()),
      OPENAPI_PROSE && {
        description:
          'When the seat to act (`turn`; during doubling the first of the undecided seats) must have acted: option moveDeadlineHours from when the move became owed, ' +
          'the clock stopped while the table is paused and while that seat is on vacation. Null without a clock, between games, or while paused',
      },
    ),
    moveDeadlineHours: doc(
      z.nullable(int()),
      OPENAPI_PROSE && {
        description: "The table's option moveDeadlineHours: a seat is reminded after this many hours; null: no clock",
      },
    ),
    onTimeout: doc(
      z.enum(['bot', 'wait']),
      OPENAPI_PROSE && {
        description: 'The table\'s option onTimeout: at the deadline the strong bot makes the move ("bot") or the table waits ("wait")',
      },
    ),
    vacationHours: doc(int(), OPENAPI_PROSE && { description: "The table's option vacationHours: hours of vacation per seat and series" }),
    autoForced: doc(
      z.nullable(z.boolean()),
      OPENAPI_PROSE && {
        description:
          "The caller's own choice (PUT …/preferences): its forced cards (one legal card, nothing else to decide) are played for it; null for a spectator or a bot seat. No other view shows it",
      },
    ),
    webhook: doc(
      z.nullable(z.enum(['active', 'disabled'])),
      OPENAPI_PROSE && {
        description:
          "The caller's own webhook: active, disabled (its receiver answered 410 Gone; set a webhook again to turn it on), or null (none set, or a spectator)",
      },
    ),
    paused: doc(
      z.boolean(),
      OPENAPI_PROSE && {
        description: "Whether the table's admin paused the table: actions are refused with 409 paused, the clock stops, bots wait",
      },
    ),
    ended: doc(
      z.boolean(),
      OPENAPI_PROSE && {
        description: "Whether the table's admin ended the table: it stays readable, actions are refused with 409 table_ended",
      },
    ),
    series: doc(
      int(z.gte(1)),
      OPENAPI_PROSE && { description: 'Which series the table plays: 1 first, counting up with each new series the admin starts' },
    ),
    chat: doc(
      z.boolean(),
      OPENAPI_PROSE && {
        description: 'Whether the table has a chat (option `chat`): the seats write in it (POST …/chat), seats and spectators read it',
      },
    ),
  }),
  'View',
);
