/**
 * A move by reply to a turn mail (API.md "Mail", Moves by reply) and how a mail writes it, in
 * forms move-text.ts reads back as the same move. Apart from the reading, which only the mail
 * parser Worker needs (worker/mail-parser/), so that the main Worker's bundle holds no card
 * names: cards go by their codes here.
 */
import type { Action, Level } from './actions.js';

/** A move by reply: an action of API.md's table (claim, R7.12, is the engine's to accept or refuse). */
export type MoveByText = Action | { readonly type: 'claim' };

/** A level as a German mail writes it: the numbers as they are, Bettel and Mord as nouns. */
const germanLevel = (level: Level): string => (level === 'bettel' ? 'Bettel' : level === 'mord' ? 'Mord' : level);

/**
 * A move as a turn mail in `lang` writes it, so that a reply of these words plays it: cards by
 * code (`HK`), German words in German (`weiter`, `halte`, `7`, `GA SK drücken`, `8 ansagen`,
 * `GA Trumpf H`, `S7 klopfen`, `kein re`, `Rest`), English in English (`pass`, `bid 7`,
 * `discard GA SK`, `knock S7`, `no re`, `claim`).
 */
export function replyText(move: MoveByText, lang: 'de' | 'en'): string {
  const de = lang === 'de';
  switch (move.type) {
    case 'play': {
      const trump = move.trump === undefined ? '' : ` ${de ? 'Trumpf' : 'trump'} ${move.trump}`;
      if (move.knock !== true) return `${move.card}${trump}`;
      return de ? `${move.card}${trump} klopfen` : `knock ${move.card}${trump}`;
    }
    case 'pass':
      return de ? 'weiter' : 'pass';
    case 'hold':
      return de ? 'halte' : 'hold';
    case 'bid':
      return de ? germanLevel(move.bid) : `bid ${move.bid}`;
    case 'declare':
      return de ? `${germanLevel(move.contract)} ansagen` : `declare ${move.contract}`;
    case 'discard':
      return de ? `${move.cards.join(' ')} drücken` : `discard ${move.cards.join(' ')}`;
    case 'double':
      return move.double ? (de ? 'doppeln' : 'double') : de ? 'nicht doppeln' : 'no double';
    case 're':
      return move.re === false ? (de ? 'kein re' : 'no re') : 're';
    case 'kontra':
      return 'kontra';
    case 'claim':
      return de ? 'Rest' : 'claim';
  }
}

/** A move as an answer names it: the English reply form (`HK`, `knock S7`, `GA trump H`, `bid 7`, `no re`). */
export const moveText = (move: MoveByText): string => replyText(move, 'en');
