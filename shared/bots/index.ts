/**
 * TEMPORARY stand-in for the real bots (branch i12-bots, BOTS_CONTRACT.md): the agreed
 * signature, deciding nothing — the first legal action, discarding the hand's first two
 * cards, and never a kontra it was not asked for. It exists only so that the table's bot
 * seats can be built and tested before the bots land; the lead replaces it with the real
 * shared/bots/ and it must never be merged.
 */
import type { Action } from '../actions.js';
import type { Rng } from '../bots.js';
import type { OfferedAction, SeriesView } from '../view.js';

export type { Rng } from '../bots.js';
export type BotLevel = 'easy' | 'strong';

export interface BotMemory {
  readonly views: readonly SeriesView[];
}

export function chooseAction(_level: BotLevel, memory: BotMemory, _rng: Rng): Action | null {
  const view = memory.views.at(-1);
  const first = view?.legalActions.find((action: OfferedAction) => action.type !== 'kontra');
  if (view === undefined || first === undefined) return null;
  if (first.type === 'discard') return { type: 'discard', cards: [view.hand![0]!, view.hand![1]!] };
  return first as Action;
}
