/** Bots that play a seat from its views alone (docs/engine.md): never given the game state. */
import type { Action } from '../actions.js';
import type { Rng } from '../bots.js';
import { easyAction } from './easy.js';
import type { BotMemory } from './memory.js';
import { strongAction } from './strong.js';

export type BotLevel = 'easy' | 'strong';
export type { BotMemory, Rng };

/** The action the bot takes now (one of its view's legal actions, a discard naming two of its cards), or null when it has nothing to do. */
export function chooseAction(level: BotLevel, memory: BotMemory, rng: Rng): Action | null {
  return level === 'easy' ? easyAction(memory) : strongAction(memory, rng);
}
