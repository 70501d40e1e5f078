/** The web app's routes (the token never in a path) and its two languages. */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../web/src/create/texts.js';
import { loadLanguage, loadLaterTexts, translator } from '../../web/src/i18n.js';
import { embedUrlOf, routeOf } from '../../web/src/router.js';

// The dictionaries are chunks of their own, loaded as the app loads them (web/src/i18n.ts).
await Promise.all([loadLanguage('en'), loadLanguage('de'), loadLaterTexts()]);

describe('routes', () => {
  it('maps paths to pages', () => {
    expect(routeOf('/')).toEqual({ page: 'create' });
    expect(routeOf('/rules')).toEqual({ page: 'rules' });
    expect(routeOf('/t/abc123')).toEqual({ page: 'table', tableId: 'abc123' });
    expect(routeOf('/t/abc123/replay/4')).toEqual({ page: 'replay', tableId: 'abc123', dealIndex: 4 });
    expect(routeOf('/t/')).toEqual({ page: 'notFound' });
    expect(routeOf('/t/a b')).toEqual({ page: 'notFound' });
    expect(routeOf('/admin')).toEqual({ page: 'notFound' });
    expect(routeOf('/embed/abc123')).toEqual({ page: 'embed', tableId: 'abc123', seat: false });
    expect(routeOf('/embed/abc123/seat')).toEqual({ page: 'embed', tableId: 'abc123', seat: true });
    expect(routeOf('/embed/abc123/other')).toEqual({ page: 'notFound' });
    expect(routeOf('/embed')).toEqual({ page: 'embedDocs' });
    expect(routeOf('/admin/abc123')).toEqual({ page: 'admin', tableId: 'abc123' });
    expect(routeOf('/admin/')).toEqual({ page: 'notFound' });
  });

  it('turns a spectator link into its embed page, the token kept in the fragment', () => {
    expect(embedUrlOf('https://example.org/t/abc123#tok_en-1')).toBe('https://example.org/embed/abc123#tok_en-1');
    expect(embedUrlOf('https://example.org/rules')).toBe('https://example.org/rules');
  });
});

describe('texts', () => {
  const en = translator('en');
  const de = translator('de');

  it('fills placeholders as plain text and leaves unknown ones visible', () => {
    expect(en('turnOf', { name: '<b>Anni</b>' })).toBe('<b>Anni</b> to play');
    expect(de('gameOf', { n: 2, m: 3 })).toBe('Spiel 2 von 3');
    expect(en('gameOf', { n: 2 })).toBe('Game 2 of {m}');
  });

  it('chooses the plural form by the count in {n} (Intl.PluralRules), in both languages', () => {
    const en = translator('en');
    const de = translator('de');
    expect([en('tricksTaken', { n: 1 }), en('tricksTaken', { n: 0 }), en('tricksTaken', { n: 8 })]).toEqual(['1 trick', '0 tricks', '8 tricks']);
    expect([de('tricksTaken', { n: 1 }), de('tricksTaken', { n: 2 })]).toEqual(['1 Stich', '2 Stiche']);
    expect([en('cardsHeld', { n: 1 }), de('cardsHeld', { n: 1 }), de('cardsHeld', { n: 10 })]).toEqual(['1 card', '1 Karte', '10 Karten']);
  });

  it("keeps the names of the announcements (Bettel, Mord, Kontra, Re) in both languages, and says the moves in the reader's", () => {
    for (const t of [en, de]) {
      expect(t('level_bettel')).toBe('Bettel');
      expect(t('kontra')).toBe('Kontra');
    }
    expect([de('hold', { level: '7' }), en('hold', { level: '7' })]).toEqual(['Ich halte 7', 'Hold 7']);
    expect([de('pass'), en('pass')]).toEqual(['Weiter', 'Pass']);
    expect([de('bidPlay'), en('bidPlay')]).toEqual(['Ich spiele (6)', 'Play (6)']);
  });

  it("the create page's texts, loaded with that page, fill placeholders in both languages", () => {
    expect(createTranslator('en')('playerName', { n: 2 })).toBe('Player 2');
    expect(createTranslator('de')('playerName', { n: 2 })).toBe('Spieler 2');
    for (const lang of ['de', 'en'] as const) {
      const t = createTranslator(lang);
      for (const key of [
        'optTrump',
        'optTrumpHelp',
        'optPotTo',
        'optPotToHelp',
        'optMaxRedeals',
        'optMaxRedealsHelp',
        'optTrickHistoryOpponents',
        'optTrickHistoryHelp',
      ] as const) {
        expect(t(key), `${lang} ${key}`).not.toBe('');
      }
    }
  });

  it('R8.2: re and no re, and the wait for the declarer, in both languages', () => {
    expect(en('said_noRe', { name: 'Bert' })).toBe('Bert: no Re');
    expect(de('said_noRe', { name: 'Bert' })).toBe('Bert: kein Re');
    expect(en('waitingForRe', { name: 'Anna' })).toBe('Waiting for Anna: Re or no Re?');
    expect(de('waitingForRe', { name: 'Anna' })).toBe('Warte auf Anna: Re oder kein Re?');
  });
});
