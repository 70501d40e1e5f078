/**
 * A rule of the rule book (shared/rule-book/) as one plain line of a mail, in the mail's
 * language: "Farbzwang: Wer die ausgespielte Farbe hat, muss sie bedienen." The answer to a
 * reply refused by a rule names it so in German, where the engine's refusal is English, as
 * every answer of the API is (reply-texts.ts). Written by the mail Worker only.
 */
import { DEFAULT_OPTIONS, OPTION_LIMITS } from '../../../shared/options.js';
import { parseMarkup, RULE_BOOK, valueText, type Inline, type Language } from '../../../shared/rule-book/index.js';

const plain = (token: Inline, lang: Language): string => {
  if (typeof token === 'string') return token;
  switch (token.kind) {
    case 'strong':
    case 'term':
      return token.children.map((child) => plain(child, lang)).join('');
    case 'sup':
      return token.text;
    case 'default':
      return valueText(lang, token.option, DEFAULT_OPTIONS[token.option]);
    case 'mark':
      return ''; // the Rules page's "(the default)" mark: a mail names no table's options
    case 'limit':
      return String(OPTION_LIMITS[token.option]);
  }
};

/** The text of rule `id` ("R7.3") in `lang` on one line; a section's id ("R4") gives its title; null: the book has neither. */
export function ruleLine(id: string, lang: Language): string | null {
  const section = /^R\d+/.exec(id)?.[0];
  const rules =
    section === undefined ? undefined : (RULE_BOOK[lang].sections as Record<string, { readonly rules: Record<string, string> }>)[section]?.rules;
  if (section === id) return (RULE_BOOK[lang].sections as Record<string, { readonly title: string }>)[id]?.title ?? null;
  const text = rules?.[id];
  if (text === undefined) return null;
  return parseMarkup(text)
    .map((token) =>
      typeof token !== 'string' && token.kind === 'list'
        ? ` ${token.items.map((item) => item.map((t) => plain(t, lang)).join('')).join('; ')}`
        : plain(token, lang),
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
