/*
 * The service worker of Wallachen online (registered by web/src/pwa.ts):
 *
 * - Pushes (API.md "Web push"): each push is `{type, tableId, seat, version, url}`, never a
 *   card; it becomes a notification in the language the app last ran in (the page tells this
 *   worker, kept in its own cache), one per table and seat (a newer one replaces it). A click
 *   focuses a window already showing that link, or opens it; only links of this app are opened.
 * - The app shell for an offline start: the page itself (index.html, which every route of the
 *   single-page app is) and its hashed assets, cached at install and as they are fetched. The
 *   API is never cached here (its answers hold a seat's cards and go stale at once): the table
 *   page keeps the last view of each link itself (web/src/table/last-view.ts).
 *
 * A classic script (not a module worker), so that every browser with push can run it.
 */
const SHELL = 'wallachen-shell-v1';
const SETTINGS = 'wallachen-settings';
const LANG_KEY = '/__sw/lang';

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
function noticeOf(push, lang) {
  const texts = TEXTS[lang] || TEXTS.en;
  return {
    title: `Wallachen – ${texts[push.type] || texts.other}`,
    options: {
      body: texts.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
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

self.addEventListener('push', (event) => {
  let push = {};
  try {
    push = event.data ? event.data.json() : {};
  } catch {
    push = {};
  }
  event.waitUntil(
    language().then((lang) => {
      const { title, options } = noticeOf(push, lang);
      return self.registration.showNotification(title, options);
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetOf(event.notification.data && event.notification.data.url, self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    }),
  );
});

self.addEventListener('message', (event) => {
  const lang = event.data && event.data.lang;
  if (lang === 'de' || lang === 'en') event.waitUntil(caches.open(SETTINGS).then((cache) => cache.put(LANG_KEY, new Response(lang))));
});

/** The page and the assets it names (hashed by the build: they never change under their name). */
async function cacheShell() {
  const cache = await caches.open(SHELL);
  const page = await fetch('/', { cache: 'no-cache' });
  if (!page.ok) throw new Error(`the app shell answered ${page.status}`);
  const html = await page.clone().text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+/g) || [])];
  await cache.put('/', page);
  await cache.addAll(['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', ...assets]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('wallachen-shell-') && n !== SHELL).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // The network first, so a new release shows at once; the cached shell when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && url.pathname === '/') caches.open(SHELL).then((cache) => cache.put('/', response.clone()));
          return response;
        })
        .catch(() =>
          caches
            .open(SHELL)
            .then((cache) => cache.match('/'))
            .then((shell) => shell || Response.error()),
        ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names: what is cached is right forever.
    event.respondWith(
      caches.open(SHELL).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
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
self.__wallachen = { noticeOf, targetOf };
