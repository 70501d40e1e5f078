/**
 * R5, when everybody passes: how many more times the cards are dealt again, and whether the
 * game played is the forced one. Small and free of the game, so the web app can take it.
 */
import type { Action } from './actions.js';
import type { Seat, TableOptions } from './options.js';

type AllPassOptions = Pick<TableOptions, 'allPass' | 'maxRedeals'>;

/** R5.2, R5.4: the most redeals in a row one game number may have: maxRedeals with the pot, none with the forced game (R5.1). */
export const maxRedealsOf = (options: AllPassOptions): number => (options.allPass === 'pot' ? options.maxRedeals : 0);

/**
 * R5.4: how many more times everybody passing deals this game number again, after `redeal`
 * redeals in a row; 0: the next all-pass is played as the forced game (R5.1).
 */
export const redealsLeft = (options: AllPassOptions, redeal: number): number => Math.max(0, maxRedealsOf(options) - redeal);

/** R5.1, R5.4: the game is the forced one (Muss-Spiel): it has a declarer although nobody bid in its auction. */
export const isForcedGame = (declarer: Seat | null, actions: readonly { readonly action: Pick<Action, 'type'> }[]): boolean =>
  declarer !== null && !actions.some(({ action }) => action.type === 'bid');
