/** The create page's texts: plural forms by the count in {n}, and the folded rules' summary made from option values. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../shared/options.js';
import { rulesInWords, rulesSummary, type SummarizedOptions } from '../../web/src/create/rules-summary.js';
import { createTranslator } from '../../web/src/create/texts.js';

const en = createTranslator('en');
const de = createTranslator('de');
const defaults: SummarizedOptions = { ...DEFAULT_OPTIONS, moveDeadlineHours: null };
const names = ['Anni', 'Bert', 'Xaver'];

describe('create page texts', () => {
  it('choose their plural form by {n} in both languages', () => {
    expect([en('optGamesHelpRounds', { n: 1 }), en('optGamesHelpRounds', { n: 3 })]).toEqual(['Everyone deals once.', 'Everyone deals 3 times.']);
    expect([de('optGamesHelpRounds', { n: 1 }), de('optGamesHelpRounds', { n: 2 })]).toEqual(['Jeder gibt einmal.', 'Jeder gibt 2-mal.']);
    expect(en('optGamesHelpUneven', { n: 1 })).toBe('A single game: only the first dealer deals.');
    expect(de('optGamesHelpUneven', { n: 4 })).toMatch(/^4 Spiele: nicht jeder gibt gleich oft/);
    expect([en('ruleReminder', { n: 1 }), en('ruleReminder', { n: 24 })]).toEqual(['move deadline 1 hour', 'move deadline 24 hours']);
    expect([de('ruleReminder', { n: 1 }), de('ruleReminder', { n: 24 })]).toEqual(['Zugfrist 1 Stunde', 'Zugfrist 24 Stunden']);
    expect([en('optDeadlineUnit', { n: 1 }), de('optDeadlineUnit', { n: 5 })]).toEqual(['hour (optional)', 'Stunden (freiwillig)']);
  });

  it("the summary of the server's defaults names each rule in words", () => {
    expect(rulesSummary(en, defaults, defaults, names)).toBe(
      'Defaults: doubling on, Kontra and Re on, ten-trick bid off, forced game when all pass, trump: the suit of the first card, ' +
        'win duty in Bettel on, the last trick can be looked at, knocking off, claiming the rest on, stake 1 per trick, Bettel and Mord 10, Anni deals first, no move deadline, chat on.',
    );
    expect(rulesSummary(de, defaults, defaults, names)).toMatch(
      /^Voreingestellt: Doppeln an, Kontra und Re an, Zehner reizen aus, Muss-Spiel, wenn alle weiter sagen, /,
    );
  });

  it('follows the option values, so a changed default changes the summary', () => {
    const changed: SummarizedOptions = {
      ...defaults,
      doubling: false,
      allPass: 'pot',
      trickHistory: 'opponents',
      knock: true,
      firstDealer: 2,
      flatTariff: 20,
      moveDeadlineHours: 1,
      chat: false,
    };
    const words = rulesInWords(en, changed, names);
    expect(words).toContain('doubling off');
    expect(words).toContain('pot when all pass');
    expect(words).toContain('only the other side’s last trick can be looked at');
    expect(words).toContain('knocking on');
    expect(words).toContain('Bettel and Mord 20');
    expect(words).toContain('Xaver deals first');
    expect(words).toContain('move deadline 1 hour');
    // The clock's words come last but for the chat, and in this order.
    expect(words.slice(-4)).toEqual(['move deadline 1 hour', 'then a bot moves', 'vacation 72 hours per player', 'chat off']);
    expect(rulesInWords(de, { ...changed, onTimeout: 'wait', vacationHours: 1 }, names).slice(-3, -1)).toEqual([
      'danach wartet der Tisch',
      'Urlaub 1 Stunde pro Spieler',
    ]);
    // Without a deadline neither is said: they would mean nothing.
    expect(rulesInWords(en, { ...changed, moveDeadlineHours: null, onTimeout: 'wait' }, names).slice(-2)).toEqual(['no move deadline', 'chat off']);
    expect(rulesInWords(de, changed, names)).toContain('Chat aus');
    expect(rulesSummary(en, changed, defaults, names)).toMatch(/^Chosen: doubling off, /);
    // The same words for other defaults: the summary is made from the values it is given, not copied.
    expect(rulesSummary(en, changed, changed, names)).toMatch(/^Defaults: doubling off, /);
  });
});
