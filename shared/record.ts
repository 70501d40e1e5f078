/** The record of a game (R10.1) and its replay through the engine. */
import { LEVELS, type Action, type Level } from './actions.js';
import { maxRedealsOf } from './all-pass.js';
import { SUITS, type CardCode, type Suit } from './cards.js';
import { validateDeal, type Deal } from './deal.js';
import { actionsOf, isSeat, multiplierOfGame, newGame, type GameState } from './game.js';
import { applyTurn } from './claims.js';
import { validateOptions, type Seat, type TableOptions } from './options.js';
import { resultOf, tricksOf, type GameResult, type TrickRecord } from './tricks.js';
import { badRequest, illegal, ok, type Result } from './result.js';
import type { Settlement } from './settlement.js';

export { resultOf, tricksOf, type GameResult, type PlayedCard, type TrickRecord } from './tricks.js';

export interface GameRecord {
  readonly gameNumber: number;
  readonly dealer: Seat;
  readonly potBefore: number;
  /** 0 for the first deal of this game number, n for its n-th redeal in a row (R5.2, R5.4). */
  readonly redeal: number;
  readonly options: TableOptions;
  readonly deal: Deal;
  /** `auto`: the table made this move for the seat (its deadline passed, or its only legal card); absent otherwise. */
  /** `refused`: a claim judged not sure (R7.12); `auto`: a move the table made for its seat (worker). */
  readonly actions: readonly { readonly seat: Seat; readonly action: Action; readonly refused?: true; readonly auto?: true }[];
  readonly doubles: readonly Seat[];
  readonly declarer: Seat | null;
  readonly bid: Level | null;
  readonly contract: Level | null;
  readonly trump: Suit | null;
  readonly discards: readonly CardCode[] | null;
  readonly kontra: Seat | null;
  readonly re: boolean;
  readonly multiplier: number;
  readonly tricks: readonly TrickRecord[];
  /** Null while the game runs. */
  readonly result: GameResult | null;
  readonly settlement: Settlement | null;
}

const seatsIn = (mask: number): Seat[] => ([0, 1, 2] as Seat[]).filter((seat) => (mask & (1 << seat)) !== 0);

/** R10.1: the complete record of a game (finished or not; result and settlement are null while it runs). */
export function recordOf(game: GameState): GameRecord {
  const actions = actionsOf(game);
  const discard = actions.find((entry) => entry.action.type === 'discard')?.action;
  return {
    gameNumber: game.gameNumber,
    dealer: game.dealer,
    potBefore: game.potBefore,
    redeal: game.redeal,
    options: game.options,
    deal: game.deal,
    actions,
    doubles: seatsIn(game.doubledBy),
    declarer: game.declarer < 0 ? null : (game.declarer as Seat),
    bid: game.bid < 0 ? null : LEVELS[game.bid]!,
    contract: game.contract < 0 ? null : LEVELS[game.contract]!,
    trump: game.trump < 0 ? null : SUITS[game.trump]!,
    discards: discard?.type === 'discard' ? [...discard.cards] : null,
    kontra: game.kontra < 0 ? null : (game.kontra as Seat),
    re: game.re,
    multiplier: multiplierOfGame(game),
    tricks: tricksOf(game),
    result: resultOf(game),
    settlement: game.outcome?.settlement ?? null,
  };
}

/** The game a record starts from, before any action. */
export function initialGameOf(record: GameRecord): Result<GameState> {
  if (typeof record !== 'object' || record === null) return badRequest('R10.1: a record must be an object');
  const options = validateOptions(record.options);
  if (!options.ok) return options;
  const deal = validateDeal(record.deal);
  if (!deal.ok) return deal;
  if (!isSeat(record.dealer)) return badRequest('R10.1: the record needs a dealer 0, 1 or 2');
  if (!Number.isInteger(record.gameNumber) || record.gameNumber < 1) return badRequest('R10.1: the record needs a game number');
  if (!Number.isInteger(record.potBefore) || record.potBefore < 0) return badRequest('R10.1: the record needs the pot before the game');
  const redeal = record.redeal ?? 0;
  const maxRedeal = maxRedealsOf(options.value);
  if (!Number.isInteger(redeal) || redeal < 0 || redeal > maxRedeal) {
    return badRequest(`R10.1: the record's redeal must be a whole number from 0 to ${maxRedeal} (R5.2, R5.4)`);
  }
  return ok(newGame(options.value, deal.value, record.dealer, record.gameNumber, record.potBefore, redeal));
}

/** R10.1: replays a record's actions through the engine; the result's record equals the original. */
export function replayGame(record: GameRecord): Result<GameState> {
  const start = initialGameOf(record);
  if (!start.ok) return start;
  if (!Array.isArray(record.actions)) return badRequest('R10.1: the record needs a list of actions');
  let game = start.value;
  for (const [index, entry] of record.actions.entries()) {
    const next = applyTurn(game, (entry as { seat?: unknown })?.seat, (entry as { action?: unknown })?.action);
    if (!next.ok) return illegal(`R10.1: action ${index + 1} of the record is refused: ${next.error.message}`);
    game = next.value;
  }
  return ok(game);
}

/** JSON with object keys sorted, so that equal values give equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Reads a record from JSON or any other untrusted source (R10.1): it must replay through
 * the engine to exactly itself, derived fields (tricks, result, settlement) included.
 */
export function validateRecord(input: unknown): Result<GameRecord> {
  const replayed = replayGame(input as GameRecord);
  if (!replayed.ok) return replayed;
  const record = recordOf(replayed.value);
  const given = input as Record<string, unknown>;
  // Which moves the table made for a seat is no part of the game: kept as given, if `true`.
  const auto = (given.actions as { auto?: unknown }[]).map((entry) => entry?.auto);
  if (auto.some((a) => a !== undefined && a !== true)) return badRequest('R10.1: an action\'s "auto" can only be true');
  const actions = record.actions.map((entry, i) => (auto[i] === true ? { ...entry, auto: true as const } : entry));
  for (const key of Object.keys(record) as (keyof GameRecord)[]) {
    if (canonicalJson(key === 'actions' ? actions : record[key]) !== canonicalJson(given[key])) {
      return badRequest(`R10.1: the record's "${key}" does not match its replay`);
    }
  }
  return ok({ ...record, actions });
}
