/**
 * The project's rule book (shared/rule-book/): a text for every id in both languages, every text
 * in its markup, no default written out; its markup parser; and, where ../shared/RULES.md is
 * beside the project (as in CI), its agreement with RULES.md: every rule id there is in the
 * book, and every option default RULES.md states is DEFAULT_OPTIONS's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, OPTION_LIMITS, validateOptions, type TableOptions } from '../../shared/options.js';
import {
  GLOSSARY,
  MarkupError,
  OPTION_WORDS,
  parseMarkup,
  RULE_BOOK,
  RULE_BOOK_IDS,
  RULE_SECTIONS,
  SECTION_IDS,
  type Inline,
  type Language,
  type Token,
} from '../../shared/rule-book/index.js';
import { disagreements, rulesMdDefaults, rulesMdIds } from './rules-md.js';

const rulesFile = new URL('../../../shared/RULES.md', import.meta.url);
const LANGUAGES: readonly Language[] = ['de', 'en'];

/** Every text of the book in its markup, each with where it is. */
function markupTexts(): [string, string][] {
  const texts: [string, string][] = [];
  for (const lang of LANGUAGES) {
    const book = RULE_BOOK[lang];
    const add = (where: string, text: string | undefined) => {
      if (text !== undefined) texts.push([`${lang} ${where}`, text]);
    };
    book.intro.paragraphs.forEach((text, i) => add(`intro ${i + 1}`, text));
    add('glossary', book.glossary.lead);
    for (const id of SECTION_IDS) {
      const section = book.sections[id];
      add(`${id} intro`, section.intro);
      for (const [rule, text] of Object.entries(section.rules)) add(rule, text);
      add(`${id} example`, section.example);
      add(`${id} option`, section.option?.text);
    }
    add('options', book.options.lead);
    add('example', book.example.lead);
    book.example.variations.forEach((text, i) => add(`example variation ${i + 1}`, text));
    for (const option of OPTION_WORDS) {
      if ('about' in option) add(`option ${option.code}`, option.about[lang]);
      else
        for (const [value, words] of Object.entries(option.values)) add(`option ${option.code}=${value}`, (words as Record<Language, string>)[lang]);
    }
  }
  return texts;
}

/** The book's plain texts (titles, labels, the glossary, the options' names): drawn as they are, so no markup in them. */
function plainTexts(): string[] {
  return LANGUAGES.flatMap((lang) => {
    const book = RULE_BOOK[lang];
    return [
      ...[book.title, book.contents, book.intro.title, book.glossary.title, book.options.title, book.example.title],
      ...SECTION_IDS.flatMap((id) => [book.sections[id].title, book.sections[id].option?.label ?? '']),
      ...GLOSSARY.flatMap((term) => [term.word[lang], term.meaning[lang]]),
      ...OPTION_WORDS.map((option) => option.name[lang]),
    ];
  });
}

/** Every token of `tokens`, lists' items and what strong and terms hold included. */
function allTokens(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token): Token[] => {
    if (typeof token === 'string') return [token];
    if (token.kind === 'list') return [token, ...token.items.flatMap(allTokens)];
    if (token.kind === 'strong' || token.kind === 'term') return [token, ...allTokens(token.children)];
    return [token];
  });
}

/** A value as a text of the markup writes it (`{mark:knock=true}`), as the options take it. */
const asValue = (text: string): unknown => (text === 'true' ? true : text === 'false' ? false : /^\d+$/.test(text) ? Number(text) : text);

describe('the rule book', () => {
  it('has every section and rule of ids.ts in both languages, each id once and under its section', () => {
    expect(new Set(RULE_BOOK_IDS).size).toBe(RULE_BOOK_IDS.length);
    for (const id of SECTION_IDS) for (const rule of RULE_SECTIONS[id]) expect(rule.startsWith(`${id}.`), rule).toBe(true);
    for (const lang of LANGUAGES) {
      expect(Object.keys(RULE_BOOK[lang].sections), lang).toEqual(SECTION_IDS);
      for (const id of SECTION_IDS)
        expect(Object.keys(RULE_BOOK[lang].sections[id].rules).sort(), `${lang} ${id}`).toEqual([...RULE_SECTIONS[id]].sort());
    }
  });

  it('every text is in the markup the page draws, and the plain ones (titles, the glossary, names) have none', () => {
    const texts = markupTexts();
    expect(texts.length).toBeGreaterThan(2 * 53);
    const broken = texts.flatMap(([where, text]) => {
      try {
        parseMarkup(text);
        return [];
      } catch (error) {
        return [`${where}: ${(error as Error).message}`];
      }
    });
    expect(broken).toEqual([]);
    for (const text of plainTexts()) expect(parseMarkup(text), text).toEqual(text === '' ? [] : [text]);
  });

  it('every option its texts name is one of shared/options.ts, and every value marked as the default one of its values', () => {
    const tokens = markupTexts().flatMap(([, text]) => allTokens(parseMarkup(text)));
    const named = tokens.flatMap((token) => (typeof token !== 'string' && 'option' in token ? [token] : []));
    expect(named.filter((t) => t.kind === 'default').length).toBeGreaterThanOrEqual(16); // 10 in each language when this was written
    for (const token of named) {
      expect(Object.keys(token.kind === 'limit' ? OPTION_LIMITS : DEFAULT_OPTIONS), token.kind).toContain(token.option);
      if (token.kind === 'mark')
        expect(validateOptions({ allPass: 'pot', [token.option]: asValue(token.value) }).ok, `${token.option}=${token.value}`).toBe(true);
    }
    // Each value the page marks as the default: the rules-defaults test of the web app holds the page to them.
    expect(named.filter((t) => t.kind === 'mark').map((t) => (t.kind === 'mark' ? `${t.option}=${t.value}` : ''))).toEqual(
      LANGUAGES.flatMap(() => ['allPass=forced', 'allPass=pot', 'potTo=declarer', 'potTo=winners', 'trump=led', 'trump=named']),
    );
  });

  it('no text states a default itself: only {default:…} says one, and only {mark:…} says "the default"', () => {
    const stated = markupTexts().flatMap(([where, text]) => {
      const marked = text.replace(/\{default:\w+\}/g, '«default»');
      const literal = where.startsWith('de')
        ? [/\bnormal(?:erweise)? (?!«default»)\S+/, /\(normal\)/, /\bVoreinstellung(?:en)? (?:ist|sind|an|aus)\b/, /\bstandardmäßig\b/i]
        : [/(?<!«default») by default/, /\(the default\)/, /, the default\b/, /\bdefaults? (?:is|to|on|off|\d)/i];
      return literal.flatMap((pattern) => (pattern.test(marked) ? [`${where}: ${pattern.exec(marked)![0]}`] : []));
    });
    expect(stated).toEqual([]);
  });
});

describe('the markup of the rule book', () => {
  it('reads strong, terms, defaults, marks, limits, superscript and a list', () => {
    const text =
      '**_Haferl_**, the pot{mark:allPass=pot}: {default:potStake} by default, 1 to {limit:potStake}, m = 2{sup:1 + 1}:\n- **one** _Sau_\n- two';
    const strongTerm: Inline = { kind: 'strong', children: [{ kind: 'term', children: ['Haferl'] }] };
    expect(parseMarkup(text)).toEqual([
      strongTerm,
      ', the pot',
      { kind: 'mark', option: 'allPass', value: 'pot' },
      ': ',
      { kind: 'default', option: 'potStake' },
      ' by default, 1 to ',
      { kind: 'limit', option: 'potStake' },
      ', m = 2',
      { kind: 'sup', text: '1 + 1' },
      ':',
      { kind: 'list', items: [[{ kind: 'strong', children: ['one'] }, ' ', { kind: 'term', children: ['Sau'] }], ['two']] },
    ]);
    expect(parseMarkup('Plain words (R7.3), “quoted” – 1 · 8 · 4 = 32.')).toEqual(['Plain words (R7.3), “quoted” – 1 · 8 · 4 = 32.']);
  });

  it.each([
    ['a strong not closed', '**Haferl, the pot'],
    ['a term not closed', 'the _Stock'],
    ['an empty strong', 'a ****'],
    ['a stray star', 'a * b'],
    ['a stray brace', 'a } b'],
    ['a brace not closed', 'a {default:games'],
    ['an unknown option', '{default:gamez}'],
    ['a limit of an option without one', '{limit:knock}'],
    ['a mark without a value', '{mark:trump}'],
    ['unknown markup', '{shout:games}'],
    ['a second line that is no item', 'first\nsecond'],
  ])('refuses %s', (_, text) => {
    expect(() => parseMarkup(text)).toThrow(MarkupError);
  });
});

/** A RULES.md in small: two sections, a rule marked new, defaults written each way RULES.md writes them. */
const SAMPLE = `# Rules
## R1 Cards and seats
- R1.1 32 cards.
- R1.2 A series of games (option \`games\`, default 3).
## R5 All pass — option \`allPass\`, default \`forced\`
- R5.2 \`pot\`: each seat pays \`potStake\` (default 1). Who wins the pot is option \`potTo\`:
  - \`declarer\` (default): the next declarer who wins.
  - \`winners\`: the next game decides.
- R5.4 Option \`knock\` (default off), option \`trump\`: \`led\` (default, seed 000).
* R5.9 A rule marked new.
`;

describe('RULES.md read for the comparison with the rule book', () => {
  const BOOK_IDS = ['R1', 'R1.1', 'R1.2', 'R5', 'R5.2', 'R5.4'];

  it('finds its ids (a rule marked new apart) and the defaults it states', () => {
    expect(rulesMdIds(SAMPLE)).toEqual({ ids: BOOK_IDS, newIds: ['R5.9'] });
    expect(Object.fromEntries(rulesMdDefaults(SAMPLE))).toEqual({
      games: '3',
      allPass: 'forced',
      potStake: '1',
      potTo: 'declarer',
      knock: 'off',
      trump: 'led',
    });
    expect(disagreements(SAMPLE, BOOK_IDS, DEFAULT_OPTIONS)).toEqual([]);
  });

  it('reports a rule id the book lacks, a default that differs and an option there is not', () => {
    const changed: TableOptions = { ...DEFAULT_OPTIONS, games: 5, knock: true, potTo: 'winners' };
    const text = `${SAMPLE}- R9.9 One more, with option \`stakes\`, default 2.\n`;
    expect(disagreements(text, BOOK_IDS, changed).sort()).toEqual([
      'R9.9 is not in the rule book',
      'option games: RULES.md says default 3, DEFAULT_OPTIONS has 5',
      'option knock: RULES.md says default off, DEFAULT_OPTIONS has on',
      'option potTo: RULES.md says default declarer, DEFAULT_OPTIONS has winners',
      'option stakes (default 2) is not an option of shared/options.ts',
    ]);
  });
});

describe.runIf(existsSync(rulesFile))('../shared/RULES.md and the rule book (only where ../shared is beside the project)', () => {
  it('every rule id of RULES.md is in the book, and every option default it states is DEFAULT_OPTIONS’s', () => {
    const text = readFileSync(rulesFile, 'utf8');
    expect(rulesMdIds(text).ids.length).toBeGreaterThanOrEqual(49); // 10 sections and 39 rules when the book was made
    expect(rulesMdDefaults(text).size).toBeGreaterThanOrEqual(14); // of the 16 options, all but firstDealer when the book was made
    expect(disagreements(text, RULE_BOOK_IDS, DEFAULT_OPTIONS)).toEqual([]);
  });
});
