/** Card names follow the card pattern and the language: Bavarian names on Bavarian cards, French ones on French cards. */
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_CODES, SUITS, type CardCode } from '../../shared/cards.js';
import { loadPattern } from '../../web/src/cards/pattern-loader.js';
import { cardName, suitName } from '../../web/src/cards/names.js';

// The French cards' names come with their pictures, loaded when the reader chooses them.
beforeAll(() => loadPattern('french'));

describe('card names', () => {
  it('name Bavarian cards with their German names in German and in English words in English (RULES.md glossary)', () => {
    expect(SUITS.map((s) => suitName(s, 'bavarian', 'de'))).toEqual(['Eichel', 'Gras', 'Herz', 'Schellen']);
    expect(['EO', 'SA', 'H10', 'GU'].map((c) => cardName(c as CardCode, 'bavarian', 'de'))).toEqual([
      'Eichel Ober',
      'Schellen Sau',
      'Herz 10',
      'Gras Unter',
    ]);
    expect(SUITS.map((s) => suitName(s, 'bavarian', 'en'))).toEqual(['Acorns', 'Leaves', 'Hearts', 'Bells']);
    expect(['EO', 'SA', 'H10', 'GU'].map((c) => cardName(c as CardCode, 'bavarian', 'en'))).toEqual([
      'Over of Acorns',
      'Ace of Bells',
      '10 of Hearts',
      'Under of Leaves',
    ]);
  });

  it('name French cards as they are printed, in the page language (Eichel↔Kreuz, Gras↔Pik, Herz↔Herz, Schellen↔Karo)', () => {
    expect(SUITS.map((s) => suitName(s, 'french', 'en'))).toEqual(['Clubs', 'Spades', 'Hearts', 'Diamonds']);
    expect(SUITS.map((s) => suitName(s, 'french', 'de'))).toEqual(['Kreuz', 'Pik', 'Herz', 'Karo']);
    expect(['HO', 'GU', 'EA', 'SK', 'S7'].map((c) => cardName(c as CardCode, 'french', 'en'))).toEqual([
      'Queen of Hearts',
      'Jack of Spades',
      'Ace of Clubs',
      'King of Diamonds',
      '7 of Diamonds',
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
