/** What every component may need: the reader's preferences and the texts in their language. */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Translate } from './i18n.js';
import type { Prefs } from './prefs.js';

export interface AppContextValue {
  readonly prefs: Prefs;
  /**
   * The choices asked for, which the controls that change them show at once; `prefs` follows
   * once their texts or cards are in. A control showing `prefs` would flip back meanwhile, on
   * the next render of anything around it, while the French cards load on a slow phone.
   */
  readonly asked: Prefs;
  readonly t: Translate;
  /** Changes the choices named in `change`; the page follows once their texts or cards are in. */
  readonly setPrefs: (change: Partial<Prefs>) => void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (value === null) throw new Error('useApp outside <AppContext.Provider>');
  return value;
}
