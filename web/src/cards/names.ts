import type { CardCode, Rank, Suit } from '../../../shared/cards.js';
import type { Language } from '../i18n.js';

/** Bavarian deck or the French one (♣ ♠ ♥ ♦, A K Q J); only the pictures differ, never the game. */
export type CardPattern = 'bavarian' | 'french';

/**
 * Suit names by pattern and language. Bavarian cards are Eichel, Gras, Herz, Schellen in German
 * and acorns, leaves, hearts, bells in English (RULES.md's glossary, the English rules text);
 * with French cards the suits are called what is printed on them: Eichel↔Kreuz (clubs),
 * Gras↔Pik (spades), Herz↔Herz (hearts), Schellen↔Karo (diamonds).
 */
const SUIT_NAMES: Record<CardPattern, Record<Language, Record<Suit, string>>> = {
  bavarian: {
    de: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schellen' },
    en: { E: 'Acorns', G: 'Leaves', H: 'Hearts', S: 'Bells' },
  },
  french: {
    de: { E: 'Kreuz', G: 'Pik', H: 'Herz', S: 'Karo' },
    en: { E: 'Clubs', G: 'Spades', H: 'Hearts', S: 'Diamonds' },
  },
};

/** The court cards likewise: Sau, König, Ober, Unter on Bavarian cards (ace, king, over, under in English); ace, king, queen, jack on French ones. */
const COURT_NAMES: Record<CardPattern, Record<Language, Partial<Record<Rank, string>>>> = {
  bavarian: {
    de: { A: 'Sau', K: 'König', O: 'Ober', U: 'Unter' },
    en: { A: 'Ace', K: 'King', O: 'Over', U: 'Under' },
  },
  french: {
    de: { A: 'Ass', K: 'König', O: 'Dame', U: 'Bube' },
    en: { A: 'Ace', K: 'King', O: 'Queen', U: 'Jack' },
  },
};

const FRENCH_INDEX: Partial<Record<Rank, string>> = { O: 'Q', U: 'J' };

export const suitOfCode = (code: CardCode): Suit => code[0] as Suit;
export const rankOfCode = (code: CardCode): Rank => code.slice(1) as Rank;

export const suitName = (suit: Suit, pattern: CardPattern, lang: Language): string => SUIT_NAMES[pattern][lang][suit];

/** A card's name as screen readers and tooltips say it, as each language does: "Eichel Ober", "Over of Acorns"; with French cards "Kreuz Dame", "Queen of Clubs". */
export function cardName(code: CardCode, pattern: CardPattern, lang: Language): string {
  const rank = rankOfCode(code);
  const suit = suitName(suitOfCode(code), pattern, lang);
  const rankName = COURT_NAMES[pattern][lang][rank] ?? rank;
  return lang === 'en' ? `${rankName} of ${suit}` : `${suit} ${rankName}`;
}

/** The rank as printed in the card's corner. */
export const indexLabel = (rank: Rank, pattern: CardPattern): string => (pattern === 'french' && FRENCH_INDEX[rank]) || rank;
