/**
 * The service worker (web/public/sw.js) run in a sandbox with a stand-in for its global
 * scope: what a push becomes (a notification in the app's language, one per table and seat,
 * no detail of the game), and where a click on it leads (a window opened from such a
 * notification before is focused, else the push's address opened: the table page naming the
 * seat, never its token; never an address outside the app). Chromium runs the real thing in
 * test/browser/push.test.ts, where a click on a notification cannot be simulated.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(new URL('../../web/public/sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://wallachen.example';
/** A push's url (worker/notifications/push/notices.ts): the table page naming the seat, without its token. */
const LINK = `${ORIGIN}/t/k3h8q2m5x7c9v4b6?seat=1`;

interface FakeWindow {
  url: string;
  focused: boolean;
  focus(): Promise<void>;
}

interface Shown {
  title: string;
  options: { body: string; tag: string; lang: string; data: { url: string }; icon: string; badge: string };
}

/** The app's icon as the app shell's cache holds it (any bytes do: they are only passed on). */
const ICON_BYTES = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256);

function serviceWorker({ storedLang = null as string | null, browserLang = 'en-US', windows = [] as FakeWindow[], iconCached = true } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const settings = new Map<string, string>(storedLang === null ? [] : [['/__sw/lang', storedLang]]);
  const shell = new Map<string, Uint8Array<ArrayBuffer>>(iconCached ? [['/icons/icon-192.png', ICON_BYTES]] : []);
  const caches = {
    open: async (name: string) =>
      name.startsWith('wallachen-shell-')
        ? { match: async (key: string) => (shell.has(key) ? new Response(shell.get(key)) : undefined) }
        : {
            match: async (key: string) => (settings.has(key) ? new Response(settings.get(key)) : undefined),
            put: async (key: string, response: Response) => void settings.set(key, await response.text()),
          },
  };
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: async (title: string, options: Shown['options']) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
    },
    location: { origin: ORIGIN },
    navigator: { language: browserLang },
  };
  runInNewContext(SOURCE, { self, caches, URL, Response, btoa, fetch: () => Promise.reject(new Error('offline')) });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { dispatch, shown, opened, settings };
}

const pushEvent = (payload: unknown) => ({ data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) } });
const push = { type: 'turn', tableId: 'k3h8q2m5x7c9v4b6', seat: 1, version: 7, url: LINK };

describe('a push', () => {
  it('becomes one notification per table and seat, titled by its type, leading to the link, with nothing of the game', async () => {
    const sw = serviceWorker();
    await sw.dispatch('push', pushEvent(push));
    expect(sw.shown).toEqual([
      {
        title: 'Wallachen – Your turn',
        options: expect.objectContaining({
          body: 'Tap to open the table.',
          tag: 'k3h8q2m5x7c9v4b6-1',
          lang: 'en',
          data: { url: LINK },
          renotify: true,
        }),
      },
    ]);
    await sw.dispatch('push', pushEvent({ ...push, type: 'reminder' }));
    await sw.dispatch('push', pushEvent({ ...push, type: 'table_over' }));
    expect(sw.shown.map((s) => s.title)).toEqual([
      'Wallachen – Your turn',
      'Wallachen – Reminder: your move is due soon',
      'Wallachen – The table is over',
    ]);
  });

  it("shows the app's icon from the app shell's cache, so that it waits for no network; its address when not cached", async () => {
    const cached = serviceWorker();
    await cached.dispatch('push', pushEvent(push));
    const dataUrl = `data:image/png;base64,${Buffer.from(ICON_BYTES).toString('base64')}`;
    expect(cached.shown.map((s) => [s.options.icon, s.options.badge])).toEqual([[dataUrl, dataUrl]]);
    const uncached = serviceWorker({ iconCached: false });
    await uncached.dispatch('push', pushEvent(push));
    expect(uncached.shown.map((s) => [s.options.icon, s.options.badge])).toEqual([['/icons/icon-192.png', '/icons/icon-192.png']]);
  });

  it("speaks the language the page last told it, else the browser's", async () => {
    const told = serviceWorker({ browserLang: 'en-GB' });
    await told.dispatch('message', { data: { lang: 'de' } });
    await told.dispatch('push', pushEvent(push));
    expect(told.shown[0]).toMatchObject({ title: 'Wallachen – Du bist dran', options: { lang: 'de', body: 'Tippen, um den Tisch zu öffnen.' } });
    const german = serviceWorker({ browserLang: 'de-AT' });
    await german.dispatch('push', pushEvent({ ...push, type: 'table_over' }));
    expect(german.shown[0]!.title).toBe('Wallachen – Der Tisch ist zu Ende');
    const ignored = serviceWorker({ storedLang: 'en' });
    await ignored.dispatch('message', { data: { lang: 'fr' } });
    expect(ignored.settings.get('/__sw/lang')).toBe('en');
  });

  it('that cannot be read still shows a neutral notification (a push must show one), leading to the app', async () => {
    const sw = serviceWorker();
    await sw.dispatch('push', { data: { json: () => JSON.parse('not json') } });
    expect(sw.shown).toEqual([{ title: 'Wallachen – News from your table', options: expect.objectContaining({ data: { url: undefined } }) }]);
  });
});

describe('a click on the notification', () => {
  const click = (url: unknown) => {
    const notification = {
      data: { url },
      closed: false,
      close() {
        this.closed = true;
      },
    };
    return { notification };
  };
  const window = (url: string): FakeWindow => ({
    url,
    focused: false,
    async focus() {
      this.focused = true;
    },
  });

  it("focuses a window opened from such a notification before (the seat's token added after the #), else opens it; the notification closes", async () => {
    // The page opened puts this device's link of the seat after the # (web/src/table/seat-link.ts).
    const open = window(`${LINK}#seat-token`);
    const other = window(`${ORIGIN}/`);
    const otherSeat = window(`${ORIGIN}/t/k3h8q2m5x7c9v4b6?seat=2#other-token`);
    const withWindow = serviceWorker({ windows: [other, otherSeat, open] });
    const event = click(LINK);
    await withWindow.dispatch('notificationclick', event);
    expect(event.notification.closed).toBe(true);
    expect([open.focused, other.focused, otherSeat.focused, withWindow.opened]).toEqual([true, false, false, []]);

    const without = serviceWorker({ windows: [other] });
    await without.dispatch('notificationclick', click(LINK));
    expect(without.opened).toEqual([LINK]);
  });

  it('never opens an address outside the app: its start page instead', async () => {
    for (const url of ['https://evil.example/t/x#y', 'javascript:alert(1)', undefined, 42]) {
      const sw = serviceWorker();
      await sw.dispatch('notificationclick', click(url));
      expect(sw.opened).toEqual([`${ORIGIN}/`]);
    }
  });
});
