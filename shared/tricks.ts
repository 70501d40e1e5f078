/** The completed tricks of a game and how it ended, as a record and every view tell them (R7.10, R10.1). */
import { cardFromCode, type CardCode } from './cards.js';
import { actionsOf, nextSeat, type GameState } from './game.js';
import type { Seat } from './options.js';
import { trickWinnerIndex } from './play.js';

export interface PlayedCard {
  readonly seat: Seat;
  readonly card: CardCode;
  readonly knock?: true;
}

export interface TrickRecord {
  readonly leader: Seat;
  readonly winner: Seat;
  readonly cards: readonly PlayedCard[];
}

export type GameResult =
  | { readonly kind: 'allPass' }
  | {
      readonly kind: 'contract';
      readonly won: boolean;
      readonly declarerTricks: number;
      readonly endedEarly: boolean;
      /** R7.12: the seat whose claim ended the game (settled as if played out so); absent when it was played out. */
      readonly claimedBy?: Seat;
    };

/** The tricks of a game so far, completed ones only, oldest first. */
export function tricksOf(game: GameState): TrickRecord[] {
  const tricks: TrickRecord[] = [];
  let cards: PlayedCard[] = [];
  let leader: Seat = game.declarer as Seat;
  for (const { seat, action } of actionsOf(game)) {
    if (action.type !== 'play') continue;
    cards.push(action.knock === true ? { seat, card: action.card, knock: true } : { seat, card: action.card });
    if (cards.length < 3) continue;
    const winner = nextSeat(
      leader,
      trickWinnerIndex(
        cards.map((c) => cardFromCode(c.card)!),
        game.trump,
      ),
    );
    tricks.push({ leader, winner, cards });
    leader = winner;
    cards = [];
  }
  return tricks;
}

/** How a game ended, or null while it runs. */
export function resultOf(game: GameState): GameResult | null {
  const outcome = game.outcome;
  if (outcome === null) return null;
  if (outcome.kind === 'allPass') return { kind: 'allPass' };
  const result = { kind: 'contract', won: outcome.won, declarerTricks: outcome.declarerTricks, endedEarly: outcome.endedEarly } as const;
  // A finished game's last action is a claim only when the claim ended it (a refused one changes nothing).
  return game.log?.action.type === 'claim' && game.log.refused !== true ? { ...result, claimedBy: game.log.seat } : result;
}
