import { useApp } from '../app-context.js';
import { createTranslator, type CreateTranslate } from './texts.js';

/** The create page's own texts (./texts.ts), in the reader's language. */
export function useTexts(): CreateTranslate {
  return createTranslator(useApp().prefs.lang);
}
