/** The card pictures a reader chose (prefs.ts keeps the choice; cards/ draws and names them). No DOM here: the browser tests, compiled without it, name cards too. */

/** Bavarian deck or the French one (♣ ♠ ♥ ♦, A K Q J); only the pictures differ, never the game. */
export type CardPattern = 'bavarian' | 'french';
