/*
 * The service worker of Wallachen online (registered by web/src/pwa.ts):
 *
 * - Pushes (API.md "Web push"): each push is `{type, tableId, seat, version, url}`, never a
 *   card nor the seat's token: `url` is the table page naming the seat (`/t/{tableId}?seat=n`).
 *   It becomes a notification in the language the app last ran in (the page tells this
 *   worker, kept in its own cache), one per table and seat (a newer one replaces it). A click
 *   focuses a window opened from such a notification before (its address, the token after
 *   the `#` aside, is the push's), or opens the push's address; only addresses of this app are
 *   opened. The page opened puts this device's own link of the seat in place
 *   (web/src/table/seat-link.ts): this worker cannot read the links a device keeps, and a
 *   device that forgot the table is shown no seat.
 * - The app shell: the page itself (index.html, which every route of the single-page app is)
 *   and every file a table page loads (BUILD.assets, written in by the build:
 *   web/service-worker-build.ts), installed at once, so that a table seen before opens
 *   without the network for its code: a table page (/t/…) and the start page are answered
 *   from the cache, and the page is fetched meanwhile for the next visit (a new release shows
 *   on the visit after it was published; its new service worker installs its files
 *   meanwhile). Other pages ask the network first. The API is never cached here (its answers
 *   hold a seat's cards and go stale at once): the table page keeps the last view of its own
 *   link itself (web/src/table/last-view.ts) and shows it as such until the live one comes.
 *
 * A classic script (not a module worker), so that every browser with push can run it.
 */
/* The build (web/service-worker-build.ts) fills this line in with the table page's files. */
const BUILD = { version: 'dev', assets: [] };
const SHELL = `wallachen-shell-${BUILD.version}`;
const SETTINGS = 'wallachen-settings';
const LANG_KEY = '/__sw/lang';
const ICON = '/icons/icon-192.png';

const TEXTS = {
  en: {
    turn: 'Your turn',
    reminder: 'Reminder: your move is due soon',
    table_over: 'The table is over',
    other: 'News from your table',
    body: 'Tap to open the table.',
  },
  de: {
    turn: 'Du bist dran',
    reminder: 'Erinnerung: Dein Zug ist bald fällig',
    table_over: 'Der Tisch ist zu Ende',
    other: 'Neues von deinem Tisch',
    body: 'Tippen, um den Tisch zu öffnen.',
  },
};

/** What a push says as a notification: the title by its type, no detail of the game. */
function noticeOf(push, lang, icon) {
  const texts = TEXTS[lang] || TEXTS.en;
  return {
    title: `Wallachen – ${texts[push.type] || texts.other}`,
    options: {
      body: texts.body,
      icon,
      badge: icon,
      lang,
      tag: `${push.tableId}-${push.seat}`,
      renotify: true,
      data: { url: push.url },
    },
  };
}

/** The address a click opens: the push's link when it is one of this app's, else the app's start. */
function targetOf(url, origin) {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

async function language() {
  const cache = await caches.open(SETTINGS);
  const stored = await cache.match(LANG_KEY);
  const lang = stored ? await stored.text() : '';
  if (lang === 'de' || lang === 'en') return lang;
  return (self.navigator.language || '').toLowerCase().startsWith('de') ? 'de' : 'en';
}

/**
 * The icon as a data: URL from the app shell's cache (installed with it), else its address. A
 * notification is shown only once the browser has its icon: fetched from the server, it came
 * late when the network or the server was slow (a busy test run saw none within 5 s), and not at
 * all offline; from the cache it is there at once.
 */
async function iconUrl() {
  try {
    const cached = await (await caches.open(SHELL)).match(ICON);
    if (!cached) return ICON;
    const bytes = new Uint8Array(await cached.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return `data:image/png;base64,${btoa(binary)}`;
  } catch {
    return ICON;
  }
}

self.addEventListener('push', (event) => {
  let push = {};
  try {
    push = event.data ? event.data.json() : {};
  } catch {
    push = {};
  }
  event.waitUntil(
    Promise.all([language(), iconUrl()]).then(([lang, icon]) => {
      const { title, options } = noticeOf(push, lang, icon);
      return self.registration.showNotification(title, options);
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetOf(event.notification.data && event.notification.data.url, self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // A page opened from a notification keeps its address and adds the seat's token after the # (seat-link.ts).
      const open = windows.find((w) => w.url === target || w.url.split('#')[0] === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    }),
  );
});

self.addEventListener('message', (event) => {
  const lang = event.data && event.data.lang;
  if (lang === 'de' || lang === 'en') event.waitUntil(caches.open(SETTINGS).then((cache) => cache.put(LANG_KEY, new Response(lang))));
});

/** The page, the assets it names and every file of a table page (hashed by the build: they never change under their name). */
async function cacheShell() {
  const cache = await caches.open(SHELL);
  const page = await fetch('/', { cache: 'no-cache' });
  if (!page.ok) throw new Error(`the app shell answered ${page.status}`);
  const html = await page.clone().text();
  const named = html.match(/\/assets\/[\w.-]+/g) || [];
  await cache.put('/', page);
  await cache.addAll([...new Set(['/manifest.webmanifest', '/favicon.svg', ICON, ...named, ...BUILD.assets])]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

/**
 * Drops the shells of older releases but the last one, the newest of them (caches are listed
 * in the order they were made): a page it started may still load a part from it.
 */
async function dropOldShells() {
  const older = (await caches.keys()).filter((name) => name.startsWith('wallachen-shell-') && name !== SHELL);
  await Promise.all(older.slice(0, -1).map((name) => caches.delete(name)));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOldShells().then(() => self.clients.claim()));
});

/** Paths answered from the shell first: a table seen before opens without waiting for the network. */
const shellFirst = (pathname) => pathname === '/' || pathname.startsWith('/t/');

async function refreshShell() {
  const response = await fetch('/', { cache: 'no-cache' });
  if (response.ok) await (await caches.open(SHELL)).put('/', response);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate' && shellFirst(url.pathname)) {
    const shell = caches.open(SHELL).then((cache) => cache.match('/'));
    event.respondWith(shell.then((hit) => hit || fetch(request)));
    // Answered from the cache: the page is fetched meanwhile for the next visit.
    event.waitUntil(shell.then((hit) => hit && refreshShell()).catch(() => undefined));
    return;
  }
  if (request.mode === 'navigate') {
    // The network first for every other page; the cached shell when offline.
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(SHELL)
          .then((cache) => cache.match('/'))
          .then((shell) => shell || Response.error()),
      ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names: what is cached is right forever, in this release's shell or the one before.
    const found = caches
      .match(request)
      .then((hit) => (hit ? { response: hit, fetched: false } : fetch(request).then((response) => ({ response, fetched: true }))));
    event.respondWith(found.then(({ response, fetched }) => (fetched ? response.clone() : response)));
    event.waitUntil(
      found
        .then(({ response, fetched }) => fetched && response.ok && caches.open(SHELL).then((cache) => cache.put(request, response)))
        .catch(() => undefined),
    );
    return;
  }
  event.respondWith(
    fetch(request).catch(() =>
      caches
        .open(SHELL)
        .then((cache) => cache.match(request))
        .then((hit) => hit || Response.error()),
    ),
  );
});

// For the tests of the web project, which run this file in a sandbox (test/web/service-worker.test.ts).
self.__wallachen = { noticeOf, targetOf, BUILD };
