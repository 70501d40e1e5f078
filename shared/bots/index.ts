/** Bots that play a seat from its views alone (docs/engine.md): never given the game state. */
import { CLAIM, type Action } from '../actions.js';
import { claimRefusal } from '../claims.js';
import type { Rng } from '../bots.js';
import { easyAction } from './easy.js';
import type { BotMemory } from './memory.js';
import { strongAction } from './strong.js';

export type BotLevel = 'easy' | 'strong';
export type { BotMemory, Rng };

/**
 * The action the bot takes now (one of its view's legal actions, a discard naming two of its
 * cards, or a claim), or null when it has nothing to do. Either bot claims the rest as soon as
 * its claim would be accepted (R7.12), so that a game whose end is sure does not take days of
 * single cards, at a table with bots too; it judges from all its views of the game, as the
 * server does from all the seat has seen, so its claim is never refused.
 */
export function chooseAction(level: BotLevel, memory: BotMemory, rng: Rng): Action | null {
  const view = memory.views.at(-1);
  if (view?.mayClaim === true && view.turn === view.seat && claimRefusal(memory) === null) return CLAIM;
  return level === 'easy' ? easyAction(memory) : strongAction(memory, rng);
}
