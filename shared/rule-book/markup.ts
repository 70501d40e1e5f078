/**
 * The rule book's texts are strings with a tiny inline markup, turned into tokens here for the
 * Rules page to draw (web/src/rules/markup.tsx). What a text may say:
 *
 * - `**the pot**`: strong;
 * - `_Vorhand_`: a Bavarian term inside English text (drawn as German, `<i lang="de">`);
 * - `{default:games}`: the option's default, drawn from DEFAULT_OPTIONS (shared/options.ts), so
 *   that no text states a default itself;
 * - `{mark:allPass=forced}`: "(the default)" after a value the text describes, drawn only where
 *   that value is the option's default;
 * - `{limit:maxRedeals}`: the option's upper bound (OPTION_LIMITS);
 * - `{sup:1 + 1}`: superscript;
 * - lines `- …` after the first: a list, whose items are inline text like the first line.
 *
 * Nothing else: a stray `*`, `_`, `{` or `}`, an unknown `{…}` or option, or a second line that
 * is not an item is an error (MarkupError), so that a text with a typo cannot reach a reader
 * (test/engine/rule-book.test.ts parses every text of the book).
 */
import { OPTION_LIMITS, OPTION_NAMES, type TableOptions } from '../options.js';

export type OptionName = keyof TableOptions;
export type LimitName = keyof typeof OPTION_LIMITS;

/** Inline text: plain words, or a piece of markup. */
export type Inline =
  | string
  | { readonly kind: 'strong' | 'term'; readonly children: readonly Inline[] }
  | { readonly kind: 'sup'; readonly text: string }
  | { readonly kind: 'default'; readonly option: OptionName }
  | { readonly kind: 'mark'; readonly option: OptionName; readonly value: string }
  | { readonly kind: 'limit'; readonly option: LimitName };

/** A text: its first line's inline tokens, then at most one list of the lines after it. */
export type Token = Inline | { readonly kind: 'list'; readonly items: readonly (readonly Inline[])[] };

export class MarkupError extends Error {}

const isOption = (name: string): name is OptionName => (OPTION_NAMES as readonly string[]).includes(name);
const isLimit = (name: string): name is LimitName => Object.hasOwn(OPTION_LIMITS, name);

/** One `{name:argument}`. */
function braced(body: string, fail: (problem: string) => never): Inline {
  const colon = body.indexOf(':');
  const [name, argument] = colon < 0 ? [body, ''] : [body.slice(0, colon), body.slice(colon + 1)];
  switch (name) {
    case 'default':
      return isOption(argument) ? { kind: 'default', option: argument } : fail(`{default:…} of an unknown option "${argument}"`);
    case 'limit':
      return isLimit(argument) ? { kind: 'limit', option: argument } : fail(`{limit:…} of an option without a limit "${argument}"`);
    case 'mark': {
      const [option = '', value = ''] = argument.split('=');
      if (!isOption(option)) return fail(`{mark:…} of an unknown option "${option}"`);
      return value === '' ? fail(`{mark:${option}=…} without a value`) : { kind: 'mark', option, value };
    }
    case 'sup':
      return argument === '' ? fail('an empty {sup:}') : { kind: 'sup', text: argument };
    default:
      return fail(`unknown markup {${name}:…}`);
  }
}

/** The inline tokens of `line` from `start` up to `close` (the end of a strong or a term), or to its end. */
function inline(
  line: string,
  start: number,
  close: '**' | '_' | null,
  fail: (at: number, problem: string) => never,
): { tokens: Inline[]; end: number } {
  const tokens: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') tokens.push(plain);
    plain = '';
  };
  let at = start;
  while (at < line.length) {
    if (close !== null && line.startsWith(close, at)) {
      flush();
      if (tokens.length === 0) fail(at, `an empty ${close}${close}`);
      return { tokens, end: at + close.length };
    }
    const opens = line.startsWith('**', at) ? '**' : line[at] === '_' ? '_' : null;
    if (opens !== null) {
      flush();
      const inner = inline(line, at + opens.length, opens, fail);
      tokens.push({ kind: opens === '**' ? 'strong' : 'term', children: inner.tokens });
      at = inner.end;
    } else if (line[at] === '{') {
      const end = line.indexOf('}', at);
      if (end < 0) fail(at, '"{" not closed');
      flush();
      tokens.push(braced(line.slice(at + 1, end), (problem) => fail(at, problem)));
      at = end + 1;
    } else if ('*}'.includes(line[at]!)) {
      fail(at, `a stray "${line[at]}"`);
    } else {
      plain += line[at];
      at++;
    }
  }
  if (close !== null) fail(start, `"${close}" opened and not closed`);
  flush();
  return { tokens, end: at };
}

/** The tokens of a text of the book; throws MarkupError, naming the place, on anything it does not know. */
export function parseMarkup(text: string): Token[] {
  const [first = '', ...rest] = text.split('\n');
  const parse = (line: string, from: number): Inline[] =>
    inline(line, from, null, (at, problem) => {
      throw new MarkupError(`${problem} at "${line.slice(Math.max(0, at - 20), at + 20)}"`);
    }).tokens;
  const tokens: Token[] = parse(first, 0);
  if (rest.length === 0) return tokens;
  const items = rest.map((line) => {
    if (!line.startsWith('- ')) throw new MarkupError(`a line after the first that is not a list item ("- …"): "${line.slice(0, 40)}"`);
    return parse(line, 2);
  });
  return [...tokens, { kind: 'list', items }];
}
