/**
 * The page tells the server the language it shows (issue 38, point 4; docs/api.md "The page's
 * language"): a seat's mails follow the page it plays on. What the web app sends, checked on the
 * requests it builds: its view's read (web/src/api.ts fetchView, the first read and every later
 * one) and its socket (web/src/live.ts), with the reader's stored choice before the page shows a
 * language, the language it shows after (web/src/prefs.ts pageLanguage), and an embed's `?lang`.
 * test/worker/mail-language.test.ts has what the server does with it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchView } from '../../web/src/api.js';
import { LiveTable } from '../../web/src/live.js';
import { applyToDocument } from '../../web/src/prefs.js';

/** A browser as far as these modules look at it: storage holding the reader's choice, its languages, the URL's query. */
function browser({ stored, languages = ['en-US'], search = '' }: { stored?: 'de' | 'en'; languages?: string[]; search?: string }) {
  const storage = new Map<string, string>();
  if (stored !== undefined) storage.set('wallachen.prefs', JSON.stringify({ lang: stored, theme: 'light', pattern: 'bavarian' }));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  vi.stubGlobal('location', { search, href: `https://wallachen.test/t/k3h8q2m5x7c9v4b6${search}`, protocol: 'https:' });
  vi.stubGlobal('navigator', { languages, language: languages[0], onLine: true });
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  vi.stubGlobal('document', { documentElement: { lang: 'en', dataset: {} }, addEventListener() {}, removeEventListener() {} });
  vi.stubGlobal('addEventListener', () => {});
  vi.stubGlobal('removeEventListener', () => {});
  const requested: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    return Response.json({ tableId: 'k3h8q2m5x7c9v4b6', version: 0 });
  });
  const sockets: string[] = [];
  vi.stubGlobal(
    'WebSocket',
    class {
      static readonly OPEN = 1;
      readonly readyState = 0;
      constructor(url: URL) {
        sockets.push(String(url));
      }
      close() {}
    },
  );
  return { requested, sockets };
}

/** The socket a LiveTable opens for a seat's link. */
function openSocket(): void {
  const live = new LiveTable('k3h8q2m5x7c9v4b6', 'token', { onView() {}, onState() {}, onFatal() {} });
  live.start();
  live.stop();
}

afterEach(() => void vi.unstubAllGlobals());

describe('the page tells the server the language it shows', () => {
  it('before it shows one: the reader’s stored choice, else the browser’s language, else an embed’s ?lang', async () => {
    const german = browser({ stored: 'de' });
    await fetchView('k3h8q2m5x7c9v4b6', 'token');
    openSocket();
    expect(german.requested).toEqual(['/api/tables/k3h8q2m5x7c9v4b6?lang=de']);
    expect(german.sockets).toEqual(['wss://wallachen.test/api/tables/k3h8q2m5x7c9v4b6/ws?lang=de']);

    const browserGerman = browser({ languages: ['de-AT', 'en'] });
    await fetchView('k3h8q2m5x7c9v4b6', 'token');
    expect(browserGerman.requested).toEqual(['/api/tables/k3h8q2m5x7c9v4b6?lang=de']);

    const embedded = browser({ stored: 'de', search: '?lang=en' });
    await fetchView('k3h8q2m5x7c9v4b6', 'token');
    expect(embedded.requested).toEqual(['/api/tables/k3h8q2m5x7c9v4b6?lang=en']);
  });

  it('once it shows one, that one (whatever storage holds: a frame may have none); a switch is read with its own', async () => {
    const shown = browser({ stored: 'de' });
    applyToDocument({ lang: 'en', theme: 'light', pattern: 'bavarian' });
    await fetchView('k3h8q2m5x7c9v4b6', 'token');
    openSocket();
    // SeatSettings.tsx reads the view again with the language switched to, before the document shows it.
    await fetchView('k3h8q2m5x7c9v4b6', 'token', 'de');
    expect(shown.requested).toEqual(['/api/tables/k3h8q2m5x7c9v4b6?lang=en', '/api/tables/k3h8q2m5x7c9v4b6?lang=de']);
    expect(shown.sockets).toEqual(['wss://wallachen.test/api/tables/k3h8q2m5x7c9v4b6/ws?lang=en']);
  });
});
