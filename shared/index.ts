/** The Wallachen rules engine: pure, deterministic, no I/O. See RULES.md for R1…R10. */
export * from './actions.js';
export * from './all-pass.js';
export * from './auction.js';
export * from './bots.js';
export * from './cards.js';
export * from './deal.js';
export * from './game.js';
export * from './notation.js';
export * from './options.js';
export * from './play.js';
export * from './public-action.js';
export * from './record.js';
export * from './result.js';
export * from './series.js';
export * from './settlement.js';
export * from './sha256.js';
export * from './view.js';
