/**
 * A move by reply to a turn mail (API.md "Mail", Moves by reply) and its name in the answer
 * mail, in the forms move-text.ts reads. Apart from the reading, which only the mail parser
 * Worker needs (worker/mail-parser/), so that the main Worker's bundle holds no card names.
 */
import type { Action } from './actions.js';

/** A move by reply: an action of API.md's table (claim, R7.12, is the engine's to accept or refuse). */
export type MoveByText = Action | { readonly type: 'claim' };

/** A move as an answer names it, in the forms parseMoveText (move-text.ts) reads: `HK`, `knock S7`, `GA trump H`, `bid 7`, `no re`. */
export function moveText(move: MoveByText): string {
  switch (move.type) {
    case 'play':
      return `${move.knock === true ? 'knock ' : ''}${move.card}${move.trump === undefined ? '' : ` trump ${move.trump}`}`;
    case 'bid':
      return `bid ${move.bid}`;
    case 'declare':
      return `declare ${move.contract}`;
    case 'discard':
      return `discard ${move.cards.join(' ')}`;
    case 'double':
      return move.double ? 'double' : 'no double';
    case 're':
      return move.re === false ? 'no re' : 're';
    default:
      return move.type;
  }
}
