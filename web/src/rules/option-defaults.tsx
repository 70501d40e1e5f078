/**
 * The table options' defaults as the rules page says them: read from the server's own
 * DEFAULT_OPTIONS (shared/options.ts) wherever the page names one, so that the page cannot
 * drift from what a table is created with. Each default shown is marked `data-default`.
 */
import { DEFAULT_OPTIONS, type TableOptions } from '../../../shared/options.js';

export type Language = 'de' | 'en';

export type Words = { readonly [L in Language]: string };

type OptionName = keyof TableOptions;

/** The options with a few named values. */
type NamedOption = 'allPass' | 'potTo' | 'trump' | 'trickHistory';

/** Each named value in words, as the "new table" form offers it. */
const VALUE_WORDS: { readonly [K in NamedOption]: { readonly [V in TableOptions[K]]: Words } } = {
  allPass: { forced: { de: 'Muss-Spiel', en: 'Muss-Spiel' }, pot: { de: 'Haferl', en: 'Haferl' } },
  potTo: {
    declarer: { de: 'der nächste Alleinspieler, der gewinnt', en: 'the next declarer who wins a game' },
    winners: { de: 'die Gewinner des nächsten Spiels', en: 'the winners of the next game' },
  },
  trump: { led: { de: 'die Farbe der ersten Karte', en: 'the suit of the first card' }, named: { de: 'genannt', en: 'named' } },
  trickHistory: {
    last: { de: 'den letzten Stich', en: 'the last trick' },
    all: { de: 'alle', en: 'every trick' },
    opponents: { de: 'nur den letzten Stich der Gegenseite', en: 'the other side’s last trick only' },
  },
};

const SWITCH: { readonly [V in 'true' | 'false']: Words } = { true: { de: 'an', en: 'on' }, false: { de: 'aus', en: 'off' } };

/** An option's value (or its text, "true" for a switch's) in words: on or off, a named value as the form names it, a seat as "player 1", a number as it is. */
export function valueText(lang: Language, name: OptionName, value: string | number | boolean): string {
  if (typeof DEFAULT_OPTIONS[name] === 'boolean') return SWITCH[String(value) as 'true' | 'false'][lang];
  if (name === 'firstDealer') return `${lang === 'de' ? 'Spieler' : 'player'} ${Number(value) + 1}`;
  if (typeof value === 'number') return String(value);
  return (VALUE_WORDS[name as NamedOption] as Record<string, Words>)[String(value)]![lang];
}

/** The default of option `of`, in words. */
export const Default = ({ lang, of }: { lang: Language; of: OptionName }) => (
  <span data-default={of}>{valueText(lang, of, DEFAULT_OPTIONS[of])}</span>
);

const MARK: Words = { de: ' (normal)', en: ' (the default)' };

/** " (the default)" after a value the page describes, where option `of` is `is` by default. */
export const DefaultMark = ({ lang, of, is }: { lang: Language; of: OptionName; is: string | boolean }) =>
  DEFAULT_OPTIONS[of] === is ? <span data-default-mark={`${of}=${String(is)}`}>{MARK[lang]}</span> : null;
