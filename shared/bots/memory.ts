/** What a seat's memory of views tells directly: its cards, the contract, and every card it saw played. */
import { LEVELS, type Action } from '../actions.js';
import { cardFromCode, SUITS, type Card, type CardCode, type CardSet } from '../cards.js';
import type { Seat } from '../options.js';
import { NO_TRUMP } from '../play.js';
import type { Rng } from '../bots.js';
import type { SeriesView } from '../view.js';

export interface BotMemory {
  readonly views: readonly SeriesView[];
}

export const maskOfCodes = (codes: readonly CardCode[] | null | undefined): CardSet => {
  let set = 0;
  for (const code of codes ?? []) set |= 1 << cardFromCode(code)!;
  return set;
};

export const levelIndex = (level: string | null): number => (level === null ? -1 : LEVELS.indexOf(level as (typeof LEVELS)[number]));
export const trumpIndex = (suit: string | null): number => (suit === null ? NO_TRUMP : SUITS.indexOf(suit as (typeof SUITS)[number]));

/**
 * The card of every play this seat has seen, keyed by its position among the game's plays
 * (0-based, in the order of `moves`). A view names a card in its moves while R7.10 lets the
 * seat look at that trick; earlier views fill in what later ones no longer show.
 */
export function seenPlays(memory: BotMemory): Map<number, Card> {
  const seen = new Map<number, Card>();
  for (const view of memory.views) {
    let index = 0;
    for (const move of view.moves) {
      if (move.type !== 'play') continue;
      if ('card' in move && move.card !== null) seen.set(index, cardFromCode(move.card)!);
      index++;
    }
  }
  return seen;
}

/** Every card this seat knows is no longer in another seat's hand: seen played, or its own discards. */
export function goneCards(memory: BotMemory): CardSet {
  let gone = 0;
  for (const card of seenPlays(memory).values()) gone |= 1 << card;
  const now = memory.views.at(-1);
  return gone | maskOfCodes(now?.discards);
}

export const currentView = (memory: BotMemory): SeriesView | undefined => memory.views.at(-1);

/** The seat's own hand now. */
export const handOf = (view: SeriesView): CardSet => maskOfCodes(view.hand);
export const seatOf = (view: SeriesView): Seat => view.seat!;

/** The legal play actions of a view whose card is `card`, plain ones first (no knock, the given named trump). */
export function playActionFor(view: SeriesView, card: Card, trump?: number): Action | null {
  let fallback: Action | null = null;
  for (const action of view.legalActions) {
    if (action.type !== 'play' || cardFromCode(action.card) !== card) continue;
    if (trump !== undefined && action.trump !== undefined && SUITS.indexOf(action.trump) !== trump) continue;
    if (action.knock !== true) return action;
    fallback ??= action;
  }
  return fallback;
}

export type { Rng };
