/**
 * The reader's choices (language, theme, card pattern), kept in localStorage. Storage can be
 * unavailable (private mode, a sandboxed frame of an embedding site): then they last for the
 * page only.
 */
import type { CardPattern } from './cards/index.js';
import { browserLanguage, type Language } from './i18n.js';

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
  return {
    lang: stored.lang === 'de' || stored.lang === 'en' ? stored.lang : defaults.lang,
    theme: stored.theme === 'dark' || stored.theme === 'light' ? stored.theme : defaults.theme,
    pattern: stored.pattern === 'french' || stored.pattern === 'bavarian' ? stored.pattern : defaults.pattern,
  };
}

export function savePrefs(prefs: Prefs): void {
  writeStored(KEY, JSON.stringify(prefs));
}

/** Applies what the document itself carries: the language (screen readers, hyphenation) and the theme. */
export function applyToDocument(prefs: Prefs): void {
  document.documentElement.lang = prefs.lang;
  document.documentElement.dataset.theme = prefs.theme;
}
