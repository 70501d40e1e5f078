/** An action from untrusted input (API.md "Actions"), validated in shape or refused with `bad_request`. */
import {
  ACTION_TYPES,
  BID_ACTIONS,
  CLAIM,
  DECLARE_ACTIONS,
  DOUBLE_NO,
  DOUBLE_YES,
  HOLD,
  KONTRA,
  LEVELS,
  levelOf,
  NO_RE,
  PASS,
  RE,
  type Action,
  type ActionType,
} from './actions.js';
import { cardFromCode, SUITS, type CardCode, type Suit } from './cards.js';
import { badRequest, ok, type Result } from './result.js';

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
