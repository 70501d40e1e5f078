/**
 * The words of the engine tests' game scripts (`seat:word`) as actions: kept apart from
 * support.ts, which imports vitest, so that scripts run by hand (scripts/dev/mail-screenshots.ts,
 * through mail-pictures.ts) can use them too.
 */
import type { Action } from '../../shared/actions.js';
import type { CardCode, Suit } from '../../shared/cards.js';
import type { GameState } from '../../shared/game.js';

/**
 * Reads one script token as the action it means in the game's current phase:
 * `double`/`no`, a bid or contract word, `hold`, `pass`, `kontra`, `re`, `no-re`, `C1,C2`
 * (discard), a card code (play), a card code with `!` (play and knock) or with `=S`
 * (play naming trump S, option trump "named").
 */
export function actionFor(game: GameState, word: string): Action {
  if (word === 'double' || word === 'no') return { type: 'double', double: word === 'double' };
  if (word === 'hold' || word === 'pass' || word === 'kontra' || word === 're') return { type: word };
  if (word === 'no-re') return { type: 're', re: false };
  if (word.includes(',')) return { type: 'discard', cards: word.split(',') as [CardCode, CardCode] };
  if (game.phase === 'declare') return { type: 'declare', contract: word as never };
  if (game.phase === 'auction') return { type: 'bid', bid: word as never };
  if (word.endsWith('!')) return { type: 'play', card: word.slice(0, -1) as CardCode, knock: true };
  const [card, trump] = word.split('=');
  return trump === undefined ? { type: 'play', card: card as CardCode } : { type: 'play', card: card as CardCode, trump: trump as Suit };
}
