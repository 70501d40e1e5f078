/**
 * The Rules page's tables: the glossary and the table options (their words are the rule book's,
 * shared/rule-book/), and the worked settlement's "who pays whom".
 */
import type { ComponentChildren } from 'preact';
import { DEFAULT_OPTIONS } from '../../../shared/options.js';
import { GLOSSARY, OPTION_WORDS, valueText, type Language, type OptionWords, type Words } from '../../../shared/rule-book/index.js';
import { jumpTo } from './jump.js';
import { Markup } from './markup.js';
import { Default } from './option-defaults.js';

/** Wide tables scroll sideways on a phone instead of widening the page; focusable, so a keyboard can scroll them too. */
const Wide = ({ children }: { children: ComponentChildren }) => (
  <div class="rules-wide" tabIndex={0}>
    {children}
  </div>
);

export const Glossary = ({ lang }: { lang: Language }) => (
  <Wide>
    <table class="rules-table" aria-labelledby="rules-glossary">
      <thead>
        <tr>
          <th scope="col">{lang === 'de' ? 'Deutsch' : 'German'}</th>
          <th scope="col">{lang === 'de' ? 'Englisch' : 'English'}</th>
          <th scope="col">{lang === 'de' ? 'Bedeutung' : 'meaning'}</th>
        </tr>
      </thead>
      <tbody>
        {GLOSSARY.map((term) => (
          <tr key={term.word.de}>
            <th scope="row" lang="de">
              {term.word.de}
            </th>
            <td lang="en">{term.word.en}</td>
            <td>{term.meaning[lang]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </Wide>
);

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** What an option changes: what each value but the default does, or what its number means. */
function effectOf(option: OptionWords, lang: Language): ComponentChildren {
  if ('about' in option) return <Markup lang={lang} text={option.about[lang]} />;
  const values = option.values as Readonly<Record<string, Words>>;
  return Object.keys(values)
    .filter((value) => value !== String(DEFAULT_OPTIONS[option.code]))
    .map((value, i) => [
      i === 0 ? '' : ' ',
      `${capitalized(valueText(lang, option.code, value))}: `,
      <Markup key={value} lang={lang} text={values[value]![lang]} />,
    ]);
}

export const OptionsTable = ({ lang }: { lang: Language }) => (
  <Wide>
    <table class="rules-table" aria-labelledby="rules-options">
      <thead>
        <tr>
          <th scope="col">{lang === 'de' ? 'Option' : 'option'}</th>
          <th scope="col">{lang === 'de' ? 'Voreinstellung' : 'default'}</th>
          <th scope="col">{lang === 'de' ? 'Was sie ändert' : 'what it changes'}</th>
          <th scope="col">{lang === 'de' ? 'Regel' : 'rule'}</th>
        </tr>
      </thead>
      <tbody>
        {OPTION_WORDS.map((option) => (
          <tr key={option.code} data-option={option.code}>
            <th scope="row">
              {option.name[lang]} <code>{option.code}</code>
            </th>
            <td>
              <Default lang={lang} of={option.code} />
            </td>
            <td data-option-effect>{effectOf(option, lang)}</td>
            <td>
              <a href={`#${option.rule.toLowerCase()}`} onClick={(event) => jumpTo(event, option.rule.toLowerCase())}>
                {option.rule}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </Wide>
);

/** The worked example: contract 7, 8 tricks, one double and a kontra, s = 1. */
export const ExampleTable = ({ lang }: { lang: Language }) => (
  <table class="rules-table rules-example-table">
    <caption>{lang === 'de' ? 'Wer zahlt wem' : 'Who pays whom'}</caption>
    <thead>
      <tr>
        <th scope="col">{lang === 'de' ? 'Spieler' : 'player'}</th>
        <th scope="col">{lang === 'de' ? 'Rechnung' : 'reckoning'}</th>
        <th scope="col">{lang === 'de' ? 'Kontostand' : 'balance'}</th>
      </tr>
    </thead>
    <tbody>
      <tr>
        <th scope="row">{lang === 'de' ? 'Alleinspieler' : 'declarer'}</th>
        <td>2 · 32</td>
        <td class="rules-num">+64</td>
      </tr>
      <tr>
        <th scope="row">{lang === 'de' ? 'Gegenspieler 1' : 'defender 1'}</th>
        <td>1 · 8 · 4</td>
        <td class="rules-num">−32</td>
      </tr>
      <tr>
        <th scope="row">{lang === 'de' ? 'Gegenspieler 2' : 'defender 2'}</th>
        <td>1 · 8 · 4</td>
        <td class="rules-num">−32</td>
      </tr>
    </tbody>
    <tfoot>
      <tr>
        <th scope="row">{lang === 'de' ? 'Summe' : 'sum'}</th>
        <td />
        <td class="rules-num">0</td>
      </tr>
    </tfoot>
  </table>
);
