/** Every text with a count has its plural forms: the settlement's tricks and the reminder's hours, in both languages. */
import { describe, expect, it } from 'vitest';
import { loadLanguage, loadLaterTexts, translator } from '../../web/src/i18n.js';

// The dictionaries are chunks of their own, loaded as the app loads them (web/src/i18n.ts).
await Promise.all([loadLanguage('en'), loadLanguage('de'), loadLaterTexts()]);

describe('plural texts of the table page', () => {
  const en = translator('en');
  const de = translator('de');

  it("say the declarer's tricks in the settlement with the right form", () => {
    const params = { name: 'Anni', level: 'Bettel' };
    expect(en('summaryLost', { ...params, n: 1 })).toBe('Anni played Bettel and lost with 1 trick.');
    expect(en('summaryLost', { ...params, n: 2 })).toBe('Anni played Bettel and lost with 2 tricks.');
    expect(de('summaryLost', { ...params, n: 1 })).toBe('Anni hat Bettel gespielt und mit 1 Stich verloren.');
    expect(de('summaryWon', { ...params, n: 0 })).toBe('Anni hat Bettel gespielt und mit 0 Stichen gewonnen.');
    expect(en('summaryWon', { name: 'Bert', level: '7', n: 7 })).toBe('Bert played 7 and won with 7 tricks.');
  });

  it('say the reminder as the mails do: "Move deadline 24 hours"', () => {
    expect(`${en('reminderAfter')} ${en('reminderHours', { n: 24 })}`).toBe('Move deadline 24 hours');
    expect(`${en('reminderAfter')} ${en('reminderHours', { n: 1 })}`).toBe('Move deadline 1 hour');
    expect(`${de('reminderAfter')} ${de('reminderHours', { n: 24 })}`).toBe('Zugfrist 24 Stunden');
    expect(`${de('reminderAfter')} ${de('reminderHours', { n: 1 })}`).toBe('Zugfrist 1 Stunde');
  });
});
