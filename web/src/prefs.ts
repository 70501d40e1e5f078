/**
 * The reader's choices (language, theme, card pattern), kept in localStorage. Storage can be
 * unavailable (private mode, a sandboxed frame of an embedding site): then they last for the
 * page only.
 */
import { browserLanguage, type Language } from './i18n.js';
import type { CardPattern } from './card-pattern.js';

export type Theme = 'light' | 'dark';

export interface Prefs {
  readonly lang: Language;
  readonly theme: Theme;
  readonly pattern: CardPattern;
}

const KEY = 'wallachen.prefs';

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused: the choice lasts for this page.
  }
}

/** Every stored key (none when storage is refused). */
export function storedKeys(): string[] {
  try {
    return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((key): key is string => key !== null);
  } catch {
    return [];
  }
}

/** Removes every stored key `matches` picks. */
export function removeStoredWhere(matches: (key: string) => boolean): void {
  for (const key of storedKeys()) if (matches(key)) writeStored(key, null);
}

export function loadPrefs(): Prefs {
  const defaults: Prefs = {
    lang: browserLanguage(),
    theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
    pattern: 'bavarian',
  };
  let stored: Partial<Prefs> = {};
  try {
    stored = JSON.parse(readStored(KEY) ?? '{}') as Partial<Prefs>;
  } catch {
    // A broken entry: fall back to the defaults.
  }
  // A site embedding a table may set the look in the query: /embed/{id}?lang=de&theme=dark&cards=french.
  const query = new URLSearchParams(location.search);
  const given = { lang: query.get('lang') ?? stored.lang, theme: query.get('theme') ?? stored.theme, pattern: query.get('cards') ?? stored.pattern };
  return {
    lang: given.lang === 'de' || given.lang === 'en' ? given.lang : defaults.lang,
    theme: given.theme === 'dark' || given.theme === 'light' ? given.theme : defaults.theme,
    pattern: given.pattern === 'french' || given.pattern === 'bavarian' ? given.pattern : defaults.pattern,
  };
}

export function savePrefs(prefs: Prefs): void {
  writeStored(KEY, JSON.stringify(prefs));
}

let shown: Language | undefined;

/**
 * The language the page shows (applyToDocument), or before it shows one the reader's choice it
 * is loading: what the server is told with the view and the socket (api.ts, live.ts), as a
 * seat's mails follow the page it plays on (API.md extension, docs/api.md).
 */
export const pageLanguage = (): Language => shown ?? loadPrefs().lang;

/** Applies what the document itself carries: the language (screen readers, hyphenation) and the theme. */
export function applyToDocument(prefs: Prefs): void {
  document.documentElement.lang = shown = prefs.lang;
  document.documentElement.dataset.theme = prefs.theme;
}
