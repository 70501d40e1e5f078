/**
 * The actions a seat can take (API.md "Actions") and the levels of bids and contracts; their
 * validation from untrusted input is parse-action.ts. Imports no other module's code, so the web app's
 * first JavaScript takes it without the cards' masks and the engine's refusals.
 */
import type { CardCode, Suit } from './cards.js';

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
