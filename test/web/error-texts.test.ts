/** Server errors in the page's language: every code worker/model/errors.ts can send has a German and an English text. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorText, loadLanguage, loadLaterTexts, translator } from '../../web/src/i18n.js';

// The dictionaries are chunks of their own, loaded as the app loads them (web/src/i18n.ts).
await Promise.all([loadLanguage('en'), loadLanguage('de'), loadLaterTexts()]);

/** The codes of `ERROR_CODES` as worker/model/errors.ts spells them (read from the source: this project runs outside the Worker's types). */
function serverErrorCodes(): string[] {
  const source = readFileSync(new URL('../../worker/model/errors.ts', import.meta.url), 'utf8');
  const list = /export const ERROR_CODES = \[([^\]]+)\] as const;/.exec(source)?.[1];
  if (list === undefined) throw new Error('worker/model/errors.ts no longer declares `export const ERROR_CODES = [ … ] as const;`');
  return [...list.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
}

describe('error texts by code', () => {
  const codes = serverErrorCodes();

  it('reads the codes of worker/model/errors.ts', () => {
    expect(codes).toContain('bad_request');
    expect(codes).toContain('rate_limited');
    expect(codes.length).toBeGreaterThanOrEqual(10);
  });

  it('has a text of its own for every code, in both languages, never the server message', () => {
    const serverMessage = 'SERVER MESSAGE';
    for (const lang of ['en', 'de'] as const) {
      const t = translator(lang);
      const texts = new Set<string>();
      for (const code of codes) {
        // A message naming neither a rule nor a field (a bad request's detail is kept: see below).
        const text = errorText(t, { code, message: code === 'bad_request' ? '' : serverMessage });
        expect(text, `${lang} ${code}`).not.toContain(serverMessage);
        expect(text, `${lang} ${code}`).not.toMatch(/^error_/);
        texts.add(text);
      }
      expect(texts.size, `${lang}: one text per code`).toBe(codes.length);
    }
    expect(errorText(translator('de'), { code: 'not_your_turn', message: 'not your turn' })).toBe('Du bist nicht dran.');
    expect(errorText(translator('en'), { code: 'not_your_turn', message: 'x' })).toBe('It is not your turn.');
  });

  it('keeps what the server names to mend: the rule broken, the field refused', () => {
    expect(errorText(translator('de'), { code: 'illegal_action', message: 'R7.3: you must follow suit' })).toBe(
      'Diesen Zug erlauben die Regeln jetzt nicht. (R7.3)',
    );
    expect(errorText(translator('en'), { code: 'bad_request', message: 'options.games: must be at most 60' })).toMatch(
      /not valid\. \(options\.games: must be at most 60\)$/,
    );
  });

  it('says "network" in the page language and falls back to the server message for a code it does not know', () => {
    expect(errorText(translator('de'), { code: 'network', message: 'Failed to fetch' })).toMatch(/^Der Server ist nicht erreichbar/);
    expect(errorText(translator('en'), { code: 'brand_new_code', message: 'a new refusal' })).toBe('Something went wrong: a new refusal');
  });
});
