/**
 * The installable app: registers the service worker (web/public/sw.js), which shows pushes
 * and keeps the app shell for an offline start, and tells it the app's language, so that a
 * push's notification speaks it. Not in a frame (an embedded table is another site's page)
 * and not in development (Vite's server changes its files under the same names). Loaded once
 * a page's first paint is out (a table page's: its first cards): the first install fetches
 * the app's files, which must not compete with them.
 */
import type { Language } from './i18n.js';

const supported = () => 'serviceWorker' in navigator && window.top === window && import.meta.env.PROD;

/** Registers the service worker and tells it the app's language. */
export function startServiceWorker(lang: Language): void {
  if (!supported()) return;
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('the service worker could not be registered', error));
  tellServiceWorkerLanguage(lang);
}

/** The notifications of pushes are written in the language the app last ran in. */
export function tellServiceWorkerLanguage(lang: Language): void {
  if (!supported()) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ lang }));
}
