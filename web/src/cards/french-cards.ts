/**
 * The French pattern's pictures and names, loaded only by a reader who chose it (most never do):
 * before the first paint when it is the stored choice (main.tsx, with the texts), or when the
 * reader switches to it; until then the page stays with the cards it shows. Their names and
 * colours are here (node's tests read the names too); their symbols are drawn by suits.tsx.
 */
import type { Rank, Suit } from '../../../shared/cards.js';
import type { Language } from '../i18n.js';

export interface FrenchCards {
  /** Ink of each suit: the corner index's colour. */
  readonly ink: Readonly<Record<Suit, string>>;
  /** The Ober as a queen: what her figure has instead of the Ober's hat and beard. */
  readonly queen: { readonly hat: string; readonly hair: string };
  readonly suitNames: Readonly<Record<Language, Readonly<Record<Suit, string>>>>;
  readonly courtNames: Readonly<Record<Language, Readonly<Partial<Record<Rank, string>>>>>;
  /** The corner's letter where it differs from the rank's code (Q, J). */
  readonly index: Readonly<Partial<Record<Rank, string>>>;
}

let loaded: FrenchCards | null = null;

export const isPatternLoaded = (pattern: 'bavarian' | 'french'): boolean => pattern === 'bavarian' || loaded !== null;

/** Called by the loader (pattern-loader.ts) once french.tsx is in. */
export function setFrenchCards(cards: FrenchCards): void {
  loaded = cards;
}

export function frenchCards(): FrenchCards {
  if (loaded === null) throw new Error('the French cards are not loaded (loadPattern first)');
  return loaded;
}
