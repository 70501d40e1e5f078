/**
 * The parts of a table page its first cards do not need, in one chunk loaded once the cards
 * are painted (TablePage's useLaterParts): the chat, the tricks taken, the move log, the result
 * of the game that ended, the score sheet, a spectator's oEmbed discovery, the seat's choice in the
 * ☰ menu, "Claim the rest" (R7.12: its place on the controls' line is kept meanwhile), and the
 * service worker.
 */
export { OembedDiscovery } from './oembed-discovery.js';
export { startServiceWorker } from '../pwa.js';
export { AutoForcedToggle } from './AutoForced.js';
export { ClaimSlot } from './ClaimSlot.js';
export { Chat } from './Chat.js';
export { GameEnd } from './GameEnd.js';
export { MoveLog } from './MoveLog.js';
export { ScoreSheet } from './ScoreSheet.js';
export { AllTricks, LastTrick } from './TrickHistory.js';
