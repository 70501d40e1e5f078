/** Card names follow the card pattern and the language: Bavarian names on Bavarian cards, French ones on French cards. */
import { describe, expect, it } from 'vitest';
import { CARD_CODES, SUITS, type CardCode } from '../../shared/cards.js';
import { cardName, suitName } from '../../web/src/cards/names.js';

describe('card names', () => {
  it('keep the Bavarian names on Bavarian cards, in both languages', () => {
    for (const lang of ['de', 'en'] as const) {
      expect(SUITS.map((s) => suitName(s, 'bavarian', lang))).toEqual(['Eichel', 'Gras', 'Herz', 'Schellen']);
      expect([cardName('EO', 'bavarian', lang), cardName('SA', 'bavarian', lang), cardName('H10', 'bavarian', lang)]).toEqual([
        'Eichel Ober',
        'Schellen Sau',
        'Herz 10',
      ]);
    }
  });

  it('name French cards as they are printed, in the page language (Eichel↔Kreuz, Gras↔Pik, Herz↔Herz, Schellen↔Karo)', () => {
    expect(SUITS.map((s) => suitName(s, 'french', 'en'))).toEqual(['Clubs', 'Spades', 'Hearts', 'Diamonds']);
    expect(SUITS.map((s) => suitName(s, 'french', 'de'))).toEqual(['Kreuz', 'Pik', 'Herz', 'Karo']);
    expect(['HO', 'GU', 'EA', 'SK', 'S7'].map((c) => cardName(c as CardCode, 'french', 'en'))).toEqual([
      'Hearts Queen',
      'Spades Jack',
      'Clubs Ace',
      'Diamonds King',
      'Diamonds 7',
    ]);
    expect(['HO', 'GU', 'EA', 'SK'].map((c) => cardName(c as CardCode, 'french', 'de'))).toEqual([
      'Herz Dame',
      'Pik Bube',
      'Kreuz Ass',
      'Karo König',
    ]);
  });

  it('give every card of the deck a name of its own in every pattern and language', () => {
    for (const pattern of ['bavarian', 'french'] as const)
      for (const lang of ['de', 'en'] as const) expect(new Set(CARD_CODES.map((c) => cardName(c, pattern, lang))).size).toBe(32);
  });
});
