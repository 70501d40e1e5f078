/** The actions a seat can take (API.md "Actions"), and their validation from untrusted input. */
import { cardFromCode, SUITS, type CardCode, type Suit } from './cards.js';
import { badRequest, ok, type Result } from './result.js';

/** Bids and contracts from low to high (R4). "10" exists only with option tenTrickBid. */
export const LEVELS = ['6', '7', '8', '9', '10', 'bettel', 'mord'] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_TEN = 4;
export const LEVEL_BETTEL = 5;
export const LEVEL_MORD = 6;

/** R6.3: the numbers are contracts with a trump suit; bettel and mord have none. `level` is an index into LEVELS. */
export const hasTrumpSuit = (level: number): boolean => level < LEVEL_BETTEL;

/** R4, R6.2: whether a table bids and announces `level` (an index into LEVELS): "10" only with option tenTrickBid. */
export const isLevelAllowed = (level: number, tenTrickBid: boolean): boolean => level !== LEVEL_TEN || tenTrickBid;

/** R4, R6.2: the highest number a table bids and announces: "9", or "10" with option tenTrickBid. */
export const highestNumber = (tenTrickBid: boolean): Level =>
  LEVELS.filter((_, level) => hasTrumpSuit(level) && isLevelAllowed(level, tenTrickBid)).at(-1)!;

export type Action =
  | { readonly type: 'double'; readonly double: boolean }
  | { readonly type: 'bid'; readonly bid: Level }
  | { readonly type: 'hold' }
  | { readonly type: 'pass' }
  | { readonly type: 'discard'; readonly cards: readonly [CardCode, CardCode] }
  | { readonly type: 'declare'; readonly contract: Level }
  | { readonly type: 'kontra' }
  /** R8.2: re, or with `re: false` no re. */
  | { readonly type: 're'; readonly re?: false }
  /** `trump`: the suit the declarer names with its first card (R7.2, option trump "named"). */
  | { readonly type: 'play'; readonly card: CardCode; readonly knock?: boolean; readonly trump?: Suit }
  /** R7.12: the rest of the game, as the claiming seat's side would have it. */
  | { readonly type: 'claim' };

export type ActionType = Action['type'];

export const ACTION_TYPES: readonly ActionType[] = ['double', 'bid', 'hold', 'pass', 'discard', 'declare', 'kontra', 're', 'play', 'claim'];

/**
 * Shared, frozen action values: legal-action lists reuse them instead of allocating. Marked pure
 * so that a bundle that uses none of them (the web app's first JavaScript) leaves them out.
 */
export const DOUBLE_YES = /* @__PURE__ */ Object.freeze({ type: 'double', double: true } as const);
export const DOUBLE_NO = /* @__PURE__ */ Object.freeze({ type: 'double', double: false } as const);
export const HOLD = /* @__PURE__ */ Object.freeze({ type: 'hold' } as const);
export const PASS = /* @__PURE__ */ Object.freeze({ type: 'pass' } as const);
export const KONTRA = /* @__PURE__ */ Object.freeze({ type: 'kontra' } as const);
export const RE = /* @__PURE__ */ Object.freeze({ type: 're' } as const);
export const NO_RE = /* @__PURE__ */ Object.freeze({ type: 're', re: false } as const);
export const CLAIM = /* @__PURE__ */ Object.freeze({ type: 'claim' } as const);
export const BID_ACTIONS = /* @__PURE__ */ LEVELS.map((bid) => Object.freeze({ type: 'bid', bid } as const));
export const DECLARE_ACTIONS = /* @__PURE__ */ LEVELS.map((contract) => Object.freeze({ type: 'declare', contract } as const));

export const levelOf = (value: unknown): number => LEVELS.indexOf(value as Level);

/**
 * Whether taking `action` is a move owed, one the game waits for: every legal action is,
 * but kontra, a mere chance (R8.1). The declarer's re or no re after a kontra is owed (R8.2). A claim (R7.12) is
 * never listed among the legal actions.
 */
export const isMoveOwed = (action: { readonly type: string }): boolean => action.type !== 'kontra';

const FIELDS: Record<ActionType, readonly string[]> = {
  double: ['double'],
  bid: ['bid'],
  hold: [],
  pass: [],
  discard: ['cards'],
  declare: ['contract'],
  kontra: [],
  re: ['re'],
  play: ['card', 'knock', 'trump'],
  claim: [],
};

/** Envelope fields of API.md that travel with an action but are not part of it. */
const ENVELOPE = ['type', 'id', 'version'];

const cardList = (value: unknown): string => JSON.stringify(value) ?? String(value);

/**
 * Turns untrusted input into a canonical Action, or refuses it with `bad_request`.
 * Validates shape only: whether the action is allowed now is the rules' business.
 */
export function parseAction(input: unknown): Result<Action> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return badRequest('an action must be a JSON object with a "type"');
  }
  const body = input as Record<string, unknown>;
  const type = body.type;
  if (typeof type !== 'string' || !(ACTION_TYPES as readonly string[]).includes(type)) {
    return badRequest(`unknown action type ${cardList(type)}; expected one of ${ACTION_TYPES.join(', ')}`);
  }
  const t = type as ActionType;
  for (const key of Object.keys(body)) {
    if (!ENVELOPE.includes(key) && !FIELDS[t].includes(key)) return badRequest(`unexpected field "${key}" in a ${t} action`);
  }
  switch (t) {
    case 'double':
      if (typeof body.double !== 'boolean') return badRequest('R3.1: double: "double" must be true or false');
      return ok(body.double ? DOUBLE_YES : DOUBLE_NO);
    case 'bid': {
      const level = levelOf(body.bid);
      if (level < 0) return badRequest(`R4: bid: "bid" must be one of ${LEVELS.join(', ')}`);
      return ok(BID_ACTIONS[level]!);
    }
    case 'declare': {
      const level = levelOf(body.contract);
      if (level < 0) return badRequest(`R6.2: declare: "contract" must be one of ${LEVELS.join(', ')}`);
      return ok(DECLARE_ACTIONS[level]!);
    }
    case 'discard': {
      const cards = body.cards;
      if (!Array.isArray(cards) || cards.length !== 2) return badRequest('R6.1: discard: "cards" must be a list of 2 card codes');
      for (const code of cards) {
        if (cardFromCode(code) === undefined) return badRequest(`R6.1: discard: ${cardList(code)} is not a card code`);
      }
      if (cards[0] === cards[1]) return badRequest('R6.1: discard: the 2 cards must differ');
      return ok({ type: 'discard', cards: [cards[0] as CardCode, cards[1] as CardCode] });
    }
    case 'play': {
      if (cardFromCode(body.card) === undefined) return badRequest(`R7: play: ${cardList(body.card)} is not a card code`);
      if (body.knock !== undefined && typeof body.knock !== 'boolean') return badRequest('R7.11: play: "knock" must be true or false');
      if (body.trump !== undefined && !(SUITS as readonly unknown[]).includes(body.trump)) {
        return badRequest(`R7.2: play: "trump" must be one of ${SUITS.join(', ')}`);
      }
      const card = body.card as CardCode;
      const played: { type: 'play'; card: CardCode; knock?: true; trump?: Suit } = { type: 'play', card };
      if (body.knock === true) played.knock = true;
      if (body.trump !== undefined) played.trump = body.trump as Suit;
      return ok(played);
    }
    case 'hold':
      return ok(HOLD);
    case 'pass':
      return ok(PASS);
    case 'kontra':
      return ok(KONTRA);
    case 'claim':
      return ok(CLAIM);
    case 're':
      if (body.re !== undefined && typeof body.re !== 'boolean') return badRequest('R8.2: re: "re" must be true or false');
      return ok(body.re === false ? NO_RE : RE);
  }
}
