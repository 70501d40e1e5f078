import { SUIT_NAMES_DE, type CardCode, type Rank, type Suit } from '../../../shared/cards.js';

/** Bavarian deck or the French one (♣ ♠ ♥ ♦, A K Q J); only the pictures differ, never the game. */
export type CardPattern = 'bavarian' | 'french';

/** Eichel, Gras, Herz, Schellen: the engine's names (the game's own words, in every language). */
export const SUIT_NAMES: Record<Suit, string> = SUIT_NAMES_DE;

// The Bavarian terms are the game's vocabulary in every language, so names never follow the pattern.
const COURT_NAMES: Partial<Record<Rank, string>> = { A: 'Sau', K: 'König', O: 'Ober', U: 'Unter' };

const FRENCH_INDEX: Partial<Record<Rank, string>> = { O: 'Q', U: 'J' };

export const suitOfCode = (code: CardCode): Suit => code[0] as Suit;
export const rankOfCode = (code: CardCode): Rank => code.slice(1) as Rank;

export function cardName(code: CardCode): string {
  const rank = rankOfCode(code);
  return `${SUIT_NAMES[suitOfCode(code)]} ${COURT_NAMES[rank] ?? rank}`;
}

/** The rank as printed in the card's corner. */
export const indexLabel = (rank: Rank, pattern: CardPattern): string => (pattern === 'french' && FRENCH_INDEX[rank]) || rank;
