/**
 * The table options' defaults as the rules page says them: read from the server's own
 * DEFAULT_OPTIONS (shared/options.ts) wherever the page names one (`{default:…}` and
 * `{mark:…}` in the rule book's texts), so that the page cannot drift from what a table is
 * created with. Each default shown is marked `data-default`.
 */
import { DEFAULT_OPTIONS, type TableOptions } from '../../../shared/options.js';
import { valueText, type Language, type Words } from '../../../shared/rule-book/index.js';

export type { Language, Words };

type OptionName = keyof TableOptions;

/** The default of option `of`, in words. */
export const Default = ({ lang, of }: { lang: Language; of: OptionName }) => (
  <span data-default={of}>{valueText(lang, of, DEFAULT_OPTIONS[of])}</span>
);

const MARK: Words = { de: ' (normal)', en: ' (the default)' };

/** " (the default)" after a value the page describes, where option `of` is `is` by default. */
export const DefaultMark = ({ lang, of, is }: { lang: Language; of: OptionName; is: string }) =>
  String(DEFAULT_OPTIONS[of]) === is ? <span data-default-mark={`${of}=${is}`}>{MARK[lang]}</span> : null;
