/**
 * The app's texts in German and English. Each language's dictionary is in two chunks of its
 * own (web/src/texts/): what a page needs for its first paint, loaded before it
 * (`loadLanguage`, only the reader's language), and the rest, loaded with the parts that come
 * after it (`loadLaterTexts`). The other language is loaded only when the reader switches.
 * `{name}` placeholders are filled as text, never as HTML.
 */
import type { FirstTextKey } from './texts/en.js';
import type { LaterTextKey } from './texts/en-later.js';
import type { Text } from './texts/text.js';

export type Language = 'de' | 'en';
export type TextKey = FirstTextKey | LaterTextKey;

type Dictionary<K extends string> = Readonly<Record<K, Text>>;

const first: Partial<Record<Language, Dictionary<FirstTextKey>>> = {};
const later: Partial<Record<Language, Dictionary<LaterTextKey>>> = {};
/** The languages asked for; once a page asked for the later texts, each brings them too. */
const requested = new Set<Language>();
let laterWanted = false;

async function loadFirst(lang: Language): Promise<void> {
  first[lang] ??= (lang === 'de' ? await import('./texts/de.js') : await import('./texts/en.js')).default;
}

async function loadLater(lang: Language): Promise<void> {
  later[lang] ??= (lang === 'de' ? await import('./texts/de-later.js') : await import('./texts/en-later.js')).default;
}

/** Loads `lang`'s texts (once): `translator(lang)` may be called after it. */
export async function loadLanguage(lang: Language): Promise<void> {
  requested.add(lang);
  await Promise.all([loadFirst(lang), laterWanted ? loadLater(lang) : undefined]);
  // The later texts may have been asked for meanwhile.
  if (laterWanted) await loadLater(lang);
}

/** Loads the later texts of every language asked for (and of any asked for from now on), for the parts loaded after the first paint. */
export async function loadLaterTexts(): Promise<void> {
  laterWanted = true;
  await Promise.all([...requested].map(loadLater));
}

/** `load`, with the later texts: for a page or part loaded after the first paint. */
export async function withLaterTexts<M>(load: () => Promise<M>): Promise<M> {
  const [module] = await Promise.all([load(), loadLaterTexts()]);
  return module;
}

export function isLoaded(lang: Language): boolean {
  return first[lang] !== undefined && (!laterWanted || later[lang] !== undefined);
}

export type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

export type { Plural, Text } from './texts/text.js';

/** The form of `text` for the count `n` in `lang` (a plain string has only one). */
export function pluralForm(text: Text, lang: Language, n: number | string | undefined): string {
  if (typeof text === 'string') return text;
  const count = typeof n === 'number' ? n : Number(n);
  if (!Number.isFinite(count)) return text.other;
  return new Intl.PluralRules(lang).select(count) === 'one' ? text.one : text.other;
}

/** `text` with its `{name}` placeholders filled as plain text; unknown ones stay visible. */
export function fill(text: string, params?: Record<string, string | number>): string {
  return params === undefined ? text : text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * A translator over a dictionary: the app's, or one of a page or a part of its own that is
 * loaded with it (the admin page, the embedding guide, a seat's settings), so that the table
 * page's first load carries only the texts it shows.
 */
export function translatorOf<K extends string>(
  texts: Readonly<Record<Language, Readonly<Record<K, Text>>>>,
  lang: Language,
): (key: K, params?: Record<string, string | number>) => string {
  return translating(texts[lang], lang);
}

function translating<K extends string>(
  texts: Readonly<Record<K, Text>>,
  lang: Language,
): (key: K, params?: Record<string, string | number>) => string {
  return (key, params) => fill(pluralForm(texts[key], lang, params?.n), params);
}

/**
 * The texts of `lang`, whose first texts must be loaded (`loadLanguage`). A later text is
 * looked up when asked for: the parts that ask for them are loaded with them (`withLaterTexts`).
 */
export function translator(lang: Language): Translate {
  const firstTexts = first[lang];
  if (firstTexts === undefined) throw new Error(`the ${lang} texts are not loaded (loadLanguage first)`);
  return (key, params) => {
    const text = (firstTexts as Partial<Dictionary<TextKey>>)[key] ?? (later[lang] as Partial<Dictionary<TextKey>> | undefined)?.[key];
    if (text !== undefined) return fill(pluralForm(text, lang, params?.n), params);
    // A part that asks before its texts are there is a mistake of this app (the tests fail on it):
    // said on the console, not thrown, so that the page around it stays usable.
    console.error(`the text ${key} is not loaded yet (withLaterTexts)`);
    return '';
  };
}

/** An API error as the pages get it: the contract's code ("network" when the server was not reached) and the server's message. */
export interface ErrorLike {
  readonly code: string;
  readonly message: string;
}

/**
 * An API error in the reader's language, chosen by its code (API.md "Errors"); a code this
 * app does not know yet falls back to the server's own (English) message.
 */
export function errorText(t: Translate, error: ErrorLike): string {
  if (error.code === 'network') return t('errorNetwork');
  const key = `error_${error.code}`;
  if (!isTextKey(key)) return t('errorGeneric', { message: error.message });
  const text = t(key as TextKey);
  // The server's message names what to mend — the rule broken ("R7.3: …") or the field
  // refused — which no general text can; it is kept, in the server's words, after ours.
  const rule = /^R\d+(?:\.\d+)?/.exec(error.message)?.[0];
  if (error.code === 'illegal_action' && rule !== undefined) return `${text} (${rule})`;
  if (error.code === 'bad_request' && error.message !== '') return `${text} (${error.message})`;
  return text;
}

/** Whether `key` is one of the app's texts loaded (every language has the same keys). */
function isTextKey(key: string): key is TextKey {
  return [first.en, first.de, later.en, later.de].some((texts) => texts !== undefined && key in texts);
}

/** The browser's preferred language if we have it, else English. */
export function browserLanguage(): Language {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'de' || base === 'en') return base;
  }
  return 'en';
}
