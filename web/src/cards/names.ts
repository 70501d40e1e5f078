import type { CardCode, Rank, Suit } from '../../../shared/cards.js';
import type { Language } from '../i18n.js';

/** Bavarian deck or the French one (♣ ♠ ♥ ♦, A K Q J); only the pictures differ, never the game. */
export type CardPattern = 'bavarian' | 'french';

/**
 * Suit names by pattern and language. The Bavarian names (Eichel, Gras, Herz, Schellen) are the
 * game's own words in every language; with French cards the suits are called what is printed on
 * them: Eichel↔Kreuz (clubs), Gras↔Pik (spades), Herz↔Herz (hearts), Schellen↔Karo (diamonds).
 */
const SUIT_NAMES: Record<CardPattern, Record<Language, Record<Suit, string>>> = {
  bavarian: {
    de: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schellen' },
    en: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schellen' },
  },
  french: {
    de: { E: 'Kreuz', G: 'Pik', H: 'Herz', S: 'Karo' },
    en: { E: 'Clubs', G: 'Spades', H: 'Hearts', S: 'Diamonds' },
  },
};

/** The court cards likewise: Sau, König, Ober, Unter on Bavarian cards; ace, king, queen, jack on French ones. */
const COURT_NAMES: Record<CardPattern, Record<Language, Partial<Record<Rank, string>>>> = {
  bavarian: {
    de: { A: 'Sau', K: 'König', O: 'Ober', U: 'Unter' },
    en: { A: 'Sau', K: 'König', O: 'Ober', U: 'Unter' },
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

/** A card's name as screen readers and tooltips say it, e.g. "Eichel Ober", or "Clubs Queen" / "Kreuz Dame" with French cards. */
export function cardName(code: CardCode, pattern: CardPattern, lang: Language): string {
  const rank = rankOfCode(code);
  return `${suitName(suitOfCode(code), pattern, lang)} ${COURT_NAMES[pattern][lang][rank] ?? rank}`;
}

/** The rank as printed in the card's corner. */
export const indexLabel = (rank: Rank, pattern: CardPattern): string => (pattern === 'french' && FRENCH_INDEX[rank]) || rank;
