import type { CardCode, Rank, Suit } from '../../../shared/cards.js';
import type { Language } from '../i18n.js';
import type { CardPattern } from '../card-pattern.js';
import { frenchCards } from './french-cards.js';

export type { CardPattern };

/**
 * Suit names of Bavarian cards: Eichel, Gras, Herz, Schellen in German and acorns, leaves,
 * hearts, bells in English (RULES.md's glossary, the English rules text); the French pattern's
 * are in french.tsx.
 */
const SUIT_NAMES: Record<Language, Record<Suit, string>> = {
  de: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schellen' },
  en: { E: 'Acorns', G: 'Leaves', H: 'Hearts', S: 'Bells' },
};

/** The court cards likewise: Sau, König, Ober, Unter (ace, king, over, under in English). */
const COURT_NAMES: Record<Language, Partial<Record<Rank, string>>> = {
  de: { A: 'Sau', K: 'König', O: 'Ober', U: 'Unter' },
  en: { A: 'Ace', K: 'King', O: 'Over', U: 'Under' },
};

export const suitOfCode = (code: CardCode): Suit => code[0] as Suit;
export const rankOfCode = (code: CardCode): Rank => code.slice(1) as Rank;

export const suitName = (suit: Suit, pattern: CardPattern, lang: Language): string =>
  (pattern === 'french' ? frenchCards().suitNames : SUIT_NAMES)[lang][suit];

/** A card's name as screen readers and tooltips say it, as each language does: "Eichel Ober", "Over of Acorns"; with French cards "Kreuz Dame", "Queen of Clubs". */
export function cardName(code: CardCode, pattern: CardPattern, lang: Language): string {
  const rank = rankOfCode(code);
  const suit = suitName(suitOfCode(code), pattern, lang);
  const rankName = (pattern === 'french' ? frenchCards().courtNames : COURT_NAMES)[lang][rank] ?? rank;
  return lang === 'en' ? `${rankName} of ${suit}` : `${suit} ${rankName}`;
}

/** The rank as printed in the card's corner. */
export const indexLabel = (rank: Rank, pattern: CardPattern): string => (pattern === 'french' && frenchCards().index[rank]) || rank;
