/** The web app: one page per route, the reader's preferences in a context. */
import { render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { AppContext, useApp } from './app-context.js';
import { AppLink } from './AppLink.js';
import { loadPattern } from './cards/pattern-loader.js';
import { loadLanguage, translator } from './i18n.js';
import { lazyPage, PageLoading } from './lazy.js';
import type { OtherRoute } from './other-pages.js';
import { usePageMenu } from './page-menu.js';
import { applyToDocument, loadPrefs, savePrefs, type Prefs } from './prefs.js';
import { routeOf, type Route } from './router.js';
import { readFirst } from './table/first-read.js';
import { TablePage } from './table/TablePage.js';
import './styles.css';

// Every page but the table's is in a chunk of its own (other-pages.tsx), asked for at once on such a page.
let otherPages: Promise<typeof import('./other-pages.js')> | null = null;
const loadOtherPages = () => (otherPages ??= import('./other-pages.js'));
const OtherPage = lazyPage<{ route: OtherRoute; hash: string }>(loadOtherPages, PageLoading);

/** The service worker is a convenience (pushes, an offline start): a page whose connection failed before it came does without. */
function ignoreServiceWorker(): void {}

function Header() {
  // The controls show the choices asked for (`asked`), the page the ones loaded.
  const { asked: prefs, t, setPrefs } = useApp();
  const pageMenu = usePageMenu();
  // On a phone the preferences fold into a menu: the header would take a fifth of the screen.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    // A tap anywhere outside the header closes it too, as menus do.
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !document.querySelector('.app-header')?.contains(event.target)) setMenuOpen(false);
    };
    addEventListener('keydown', onKey);
    addEventListener('pointerdown', onPointer);
    return () => {
      removeEventListener('keydown', onKey);
      removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);
  return (
    <header class="app-header">
      <button
        type="button"
        class="skip"
        onClick={() => {
          // Not a link to #content: the fragment holds the seat's token.
          const target = document.querySelector<HTMLElement>('main button:not([disabled]), main a, main input') ?? document.getElementById('content');
          target?.focus();
        }}
      >
        {t('skipToContent')}
      </button>
      <AppLink class="brand" href="/">
        {t('appName')}
      </AppLink>
      <nav aria-label={t('appName')}>
        <AppLink href="/">{t('navNewTable')}</AppLink>
        <AppLink href="/rules">{t('navRules')}</AppLink>
      </nav>
      <button
        type="button"
        class="menu-button"
        aria-expanded={menuOpen}
        aria-controls="prefs"
        aria-label={t('prefsMenu')}
        title={t('prefsMenu')}
        data-prefs-menu
        onClick={() => setMenuOpen(!menuOpen)}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <div class={`prefs${menuOpen ? ' open' : ''}`} id="prefs">
        {/* First: on a desktop what the page adds comes in on the left of the reader's preferences, which stay where they are. */}
        {pageMenu}
        <span class="lang-switch" role="group" aria-label={t('language')}>
          {(['de', 'en'] as const).map((lang) => (
            <button type="button" data-lang={lang} aria-pressed={prefs.lang === lang} onClick={() => setPrefs({ lang })}>
              {lang.toUpperCase()}
            </button>
          ))}
        </span>
        <label class="toggle">
          <input
            type="checkbox"
            data-theme-toggle
            checked={prefs.theme === 'dark'}
            onChange={(e) => setPrefs({ theme: e.currentTarget.checked ? 'dark' : 'light' })}
          />
          {t('themeDark')}
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            data-pattern-toggle
            checked={prefs.pattern === 'french'}
            onChange={(e) => setPrefs({ pattern: e.currentTarget.checked ? 'french' : 'bavarian' })}
          />
          {t('patternFrench')}
        </label>
      </div>
    </header>
  );
}

function Page({ route, hash }: { route: Route; hash: string }) {
  const { t } = useApp();
  switch (route.page) {
    case 'table':
      // Keyed by the link's token too: another seat's link opened in this tab loads that seat.
      return <TablePage key={`${route.tableId}${hash}`} tableId={route.tableId} />;
    case 'notFound':
      return <p class="not-found">{t('notFound')}</p>;
    default:
      return <OtherPage route={route} hash={hash} />;
  }
}

/** The reader's newest choices asked for (App's setPrefs). */
let wanted: Prefs;

function App() {
  const [prefs, setPrefsState] = useState<Prefs>(() => (wanted = loadPrefs()));
  const [asked, setAsked] = useState<Prefs>(prefs);
  const [route, setRoute] = useState<Route>(() => routeOf(location.pathname));
  // The fragment holds the link's token: a link that differs only after the # (another seat of
  // the same table) does not reload the page, so the page follows it here.
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const onPop = () => {
      setRoute(routeOf(location.pathname));
      setHash(location.hash);
    };
    const onHash = () => setHash(location.hash);
    addEventListener('popstate', onPop);
    addEventListener('hashchange', onHash);
    return () => {
      removeEventListener('popstate', onPop);
      removeEventListener('hashchange', onHash);
    };
  }, []);
  useEffect(() => applyToDocument(prefs), [prefs]);
  // The service worker learns the language when it is started (pwa.ts), and each change after.
  const firstLang = useRef(true);
  useEffect(() => {
    if (firstLang.current) firstLang.current = false;
    else void import('./pwa.js').then((pwa) => pwa.tellServiceWorkerLanguage(prefs.lang), ignoreServiceWorker);
  }, [prefs.lang]);
  const context = useMemo(
    () => ({
      prefs,
      asked,
      t: translator(prefs.lang),
      // Each change is made to the newest choice asked for, not to what the page shows, which
      // follows only once that choice's texts or cards are in (at once when they are); else a
      // choice made meanwhile (a language clicked while the French cards load) would undo the
      // one still loading.
      setPrefs: (change: Partial<Prefs>) => {
        const next = (wanted = { ...wanted, ...change });
        savePrefs(next);
        setAsked(next);
        void Promise.all([loadLanguage(next.lang), loadPattern(next.pattern)]).then(
          () => wanted === next && setPrefsState(next),
          (error: unknown) => console.warn('the texts or cards could not be loaded', error),
        );
      },
    }),
    [prefs, asked],
  );
  // The embed page sits in another site's frame: no header, no navigation away. (A table
  // link's old `?embed` is ignored: /t/… may not be framed, so it is a normal page.)
  const embedded = route.page === 'embed';
  return (
    <AppContext.Provider value={context}>
      {embedded ? null : <Header />}
      <main id="content" class={embedded ? 'embedded' : undefined}>
        <Page route={route} hash={hash} />
      </main>
    </AppContext.Provider>
  );
}

// The table's view (or another page's code) is asked for at once, while the reader's texts load: neither waits for the other.
const firstRoute = routeOf(location.pathname);
readFirst(firstRoute);
if (firstRoute.page !== 'table' && firstRoute.page !== 'notFound') void loadOtherPages().catch(() => {});
const firstPrefs = loadPrefs();
Promise.all([loadLanguage(firstPrefs.lang), loadPattern(firstPrefs.pattern)]).then(
  () => render(<App />, document.getElementById('app')!),
  (error: unknown) => {
    // Without its texts the app cannot speak; the reader is told in both languages, plainly.
    document.getElementById('app')!.textContent =
      `Wallachen online could not be loaded / konnte nicht geladen werden (${String(error)}). Reload the page / Seite neu laden.`;
  },
);
// A table page starts it once its first cards are shown (TablePage); any other page once loaded.
if (firstRoute.page !== 'table')
  addEventListener('load', () => void import('./pwa.js').then((pwa) => pwa.startServiceWorker(loadPrefs().lang), ignoreServiceWorker), {
    once: true,
  });
