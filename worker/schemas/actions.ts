/** The actions (API.md "Actions"; shared/actions.ts parseAction decides): what a seat sends, what its view offers, what a record holds. */
import * as z from 'zod/mini';
import { Card, Level, Suit, described, doc, int } from './common.js';

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
    cards: doc(
      z.array(Card).check(
        z.minLength(2),
        z.maxLength(2),
        z.refine(([a, b]) => a !== b, 'R6.1: the 2 cards must differ'),
      ),
      OPENAPI_PROSE && { uniqueItems: true, description: 'R6.1: the 2 cards put away, any order' },
    ),
  }),
  declare: z.strictObject({ type: z.literal('declare'), contract: Level }),
  kontra: z.strictObject({ type: z.literal('kontra') }),
  re: z.strictObject({
    type: z.literal('re'),
    re: doc(z.optional(z.literal(false)), OPENAPI_PROSE && { description: 'R8.2: no re; without it, re' }),
  }),
  play: z.strictObject({
    type: z.literal('play'),
    card: Card,
    knock: doc(z.optional(z.boolean()), OPENAPI_PROSE && { description: 'R7.11: a defender knocks with this card' }),
    trump: z.optional(
      described(Suit, OPENAPI_PROSE && 'R7.2: with option trump "named", the suit the declarer names with its first card; refused anywhere else'),
    ),
  }),
  claim: doc(
    z.strictObject({ type: z.literal('claim') }),
    OPENAPI_PROSE && {
      description: 'R7.12: claim the rest of the game (accepted only when sure); never in `legalActions`',
    },
  ),
};

const envelope = {
  id: doc(
    z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    OPENAPI_PROSE && {
      description:
        'Client id, per seat: the same id with the same action is applied once and answered again as the first time; with a different action it is refused with 409 id_reused',
    },
  ),
  version: doc(
    z.optional(int(z.gte(0))),
    OPENAPI_PROSE && {
      description:
        "Expected table version; another one answers 409 stale_version, except a seat's first `double` in the doubling window (R3.1), taken with any version since the window opened",
    },
  ),
};

export const ActionSchema = doc(
  z.discriminatedUnion('type', [
    z.extend(CANONICAL.double, envelope),
    z.extend(CANONICAL.bid, envelope),
    z.extend(CANONICAL.hold, envelope),
    z.extend(CANONICAL.pass, envelope),
    z.extend(CANONICAL.discard, envelope),
    z.extend(CANONICAL.declare, envelope),
    z.extend(CANONICAL.kontra, envelope),
    z.extend(CANONICAL.re, {
      re: doc(
        z.optional(z.boolean()),
        OPENAPI_PROSE && {
          description: "R8.2: true (the default) says re, false declines it; either ends the declarer's turn after a kontra",
        },
      ),
      ...envelope,
    }),
    z.extend(CANONICAL.play, envelope),
    z.extend(CANONICAL.claim, envelope),
  ]),
  'Action',
);

/** How a view offers discarding (API.md "The view"): once, as a count, not as every pair of cards. */
const DiscardOffer = doc(
  z.strictObject({ type: z.literal('discard'), count: z.literal(2) }),
  'DiscardOffer',
  OPENAPI_PROSE && {
    description: 'R6.1: discard 2 cards of your choice: send `{"type": "discard", "cards": [c1, c2]}`',
  },
);

export const OfferedActionSchema = doc(
  z.discriminatedUnion('type', [
    CANONICAL.double,
    CANONICAL.bid,
    CANONICAL.hold,
    CANONICAL.pass,
    DiscardOffer,
    CANONICAL.declare,
    CANONICAL.kontra,
    CANONICAL.re,
    CANONICAL.play,
  ]),
  'OfferedAction',
  OPENAPI_PROSE && {
    description:
      'An action the caller may send now, as it can be sent (an `id` and the `version` may be added); discarding alone is offered as a count (DiscardOffer)',
  },
);

/** An accepted action as a game's record holds it. */
export const RecordedAction = doc(
  z.discriminatedUnion('type', [
    CANONICAL.double,
    CANONICAL.bid,
    CANONICAL.hold,
    CANONICAL.pass,
    CANONICAL.discard,
    CANONICAL.declare,
    CANONICAL.kontra,
    CANONICAL.re,
    CANONICAL.play,
    CANONICAL.claim,
  ]),
  'RecordedAction',
  OPENAPI_PROSE && { description: 'An accepted action, in the form the engine keeps it (`{"type": "re"}` for re)' },
);
