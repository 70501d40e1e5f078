/**
 * The public part of an accepted action (R10.2): what every seat and spectator may be told
 * of it, no card ever named. The view's history and the replay of a finished game both
 * speak through this one function.
 */
import type { Action, Level } from './actions.js';
import type { Seat } from './options.js';

export type PublicAction =
  /** `double`: null while the doubling window is open, except in the deciding seat's own view (R3.1). */
  | { readonly seat: Seat; readonly type: 'double'; readonly double: boolean | null }
  | { readonly seat: Seat; readonly type: 'bid'; readonly bid: Level }
  | { readonly seat: Seat; readonly type: 'hold' | 'pass' | 'discard' | 'kontra' }
  /** `refused`: judged not sure (R7.12); the game goes on. Without it the claim ended the game. */
  | { readonly seat: Seat; readonly type: 'claim'; readonly refused?: true }
  | { readonly seat: Seat; readonly type: 're'; readonly re: boolean }
  | { readonly seat: Seat; readonly type: 'declare'; readonly contract: Level };

/**
 * `action` by `seat` as the public hears it; null for a card played (cards are shown
 * through the tricks, as R7.10 allows). `doubleShown`: whether a double's choice may be told
 * (R3.1: not while the doubling window is open, except to the seat itself). `refused`: a claim
 * judged not sure (R7.12).
 */
export function publicAction(seat: Seat, action: Action, doubleShown: boolean, refused = false): PublicAction | null {
  switch (action.type) {
    case 'double':
      return { seat, type: 'double', double: doubleShown ? action.double : null };
    case 'bid':
      return { seat, type: 'bid', bid: action.bid };
    case 'declare':
      return { seat, type: 'declare', contract: action.contract };
    case 're':
      return { seat, type: 're', re: action.re !== false };
    case 'claim':
      return refused ? { seat, type: 'claim', refused: true } : { seat, type: 'claim' };
    case 'discard':
    case 'hold':
    case 'pass':
    case 'kontra':
      return { seat, type: action.type };
    case 'play':
      return null; // cards are shown through trick, lastTrick and tricks, as R7.10 allows
  }
}
