/**
 * Issue 24: the service worker's app shell. The build lists the table page's files
 * (web/service-worker-build.ts: every chunk the entry imports or loads later, and their
 * styles, but the other pages'), the service worker installs them all, answers a table page's
 * address from its cache without the network (fetching the page meanwhile for the next
 * visit), and keeps one release before its own. web/public/sw.js runs here in a sandbox with
 * stand-ins for its caches and the network.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BUILD_MARK, tablePageFiles } from '../../web/service-worker-build.js';

const SOURCE = readFileSync(new URL('../../web/public/sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://wallachen.example';

const chunk = (fileName: string, facade: string | null, imports: string[], dynamicImports: string[] = [], css: string[] = []) => ({
  fileName,
  isEntry: fileName === 'assets/app.js',
  facadeModuleId: facade,
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css) },
});

describe('the files the build lists for the service worker', () => {
  it("are the table page's: every chunk reached from the entry, with its styles, but the other pages' and what only they import", () => {
    const files = tablePageFiles([
      chunk(
        'assets/app.js',
        '/w/web/src/main.tsx',
        [],
        ['assets/en.js', 'assets/later-parts.js', 'assets/CreatePage.js', 'assets/RulesPage.js'],
        ['assets/app.css'],
      ),
      chunk('assets/en.js', '/w/web/src/texts/en.ts', []),
      chunk('assets/later-parts.js', '/w/web/src/table/later-parts.ts', ['assets/app.js', 'assets/settlement.js']),
      chunk('assets/settlement.js', null, ['assets/app.js']),
      chunk('assets/CreatePage.js', '/w/web/src/create/CreatePage.tsx', ['assets/app.js', 'assets/create-only.js', 'assets/settlement.js']),
      chunk('assets/create-only.js', null, []),
      chunk('assets/RulesPage.js', '/w/web/src/rules/RulesPage.tsx', [], [], ['assets/rules.css']),
    ]);
    expect(files).toEqual(['/assets/app.css', '/assets/app.js', '/assets/en.js', '/assets/later-parts.js', '/assets/settlement.js']);
  });
});

/** sw.js as the build writes it, run with caches and a network that note what they are asked. */
function builtServiceWorker(assets: string[], version = 'v2', cached: Record<string, Record<string, string>> = {}) {
  const source = SOURCE.replace(BUILD_MARK, `const BUILD = ${JSON.stringify({ version, assets })};`);
  expect(source).not.toBe(SOURCE);
  const stores = new Map<string, Map<string, Response>>(
    Object.entries(cached).map(([name, entries]) => [name, new Map(Object.entries(entries).map(([url, body]) => [url, new Response(body)]))]),
  );
  const keyOf = (request: string | { url: string }) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;
  const storeOf = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      match: async (request: string | { url: string }) => store.get(keyOf(request))?.clone(),
      put: async (request: string | { url: string }, response: Response) => void store.set(keyOf(request), response),
      addAll: async (urls: string[]) => {
        for (const url of urls) store.set(keyOf(url), await network(url));
      },
    };
  };
  const fetched: string[] = [];
  const network = async (request: string | { url: string }) => {
    fetched.push(keyOf(request));
    return new Response(`network ${keyOf(request)}`, { status: 200 });
  };
  const caches = {
    open: async (name: string) => storeOf(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (request: { url: string }) => {
      for (const store of stores.values()) {
        const hit = store.get(keyOf(request));
        if (hit) return hit.clone();
      }
      return undefined;
    },
  };
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
    location: { origin: ORIGIN },
    navigator: { language: 'en' },
  };
  runInNewContext(source, { self, caches, URL, Response, fetch: network });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p), respondWith: (p: Promise<Response>) => (answer = p) });
    const response = answer === undefined ? undefined : await answer;
    await Promise.all(waits);
    return response;
  };
  const navigate = (path: string) => dispatch('fetch', { request: { url: `${ORIGIN}${path}`, method: 'GET', mode: 'navigate' } });
  return { dispatch, navigate, stores, fetched };
}

describe('the service worker', () => {
  it("installs the page and every file the build listed, in this release's cache", async () => {
    const sw = builtServiceWorker(['/assets/app.js', '/assets/en.js', '/assets/later-parts.js']);
    await sw.dispatch('install', {});
    expect([...sw.stores.get('wallachen-shell-v2')!.keys()]).toEqual(
      expect.arrayContaining(['/', '/assets/app.js', '/assets/en.js', '/assets/later-parts.js', '/manifest.webmanifest']),
    );
  });

  it("answers a table page's address from the cache without waiting for the network, and fetches the page for the next visit", async () => {
    const sw = builtServiceWorker([], 'v2', { 'wallachen-shell-v2': { '/': 'the shell' } });
    const answer = await sw.navigate('/t/k3h8q2m5x7c9v4b6');
    expect(await answer!.text()).toBe('the shell');
    expect(sw.fetched, 'only the page, for the next visit, never the table page itself').toEqual(['/']);
    expect(await (await sw.stores.get('wallachen-shell-v2')!.get('/')!.clone()).text()).toBe('network /');

    const empty = builtServiceWorker([]);
    expect(await (await empty.navigate('/t/k3h8q2m5x7c9v4b6'))!.text()).toBe('network /t/k3h8q2m5x7c9v4b6');
    // Other pages ask the network first.
    const rules = builtServiceWorker([], 'v2', { 'wallachen-shell-v2': { '/': 'the shell' } });
    expect(await (await rules.navigate('/rules'))!.text()).toBe('network /rules');
  });

  it('answers a hashed file from any release kept, and the network only for what no cache has', async () => {
    const sw = builtServiceWorker([], 'v2', { 'wallachen-shell-v1': { '/assets/old.js': 'old release' } });
    const file = (path: string) => sw.dispatch('fetch', { request: { url: `${ORIGIN}${path}`, method: 'GET', mode: 'cors' } });
    expect(await (await file('/assets/old.js'))!.text()).toBe('old release');
    expect(await (await file('/assets/new.js'))!.text()).toBe('network /assets/new.js');
    expect(sw.fetched).toEqual(['/assets/new.js']);
    expect(sw.stores.get('wallachen-shell-v2')!.has('/assets/new.js')).toBe(true);
  });

  it('keeps the release before its own when it takes over (a page it started may still load a part), and drops older ones', async () => {
    const sw = builtServiceWorker([], 'v3', {
      'wallachen-settings': {},
      'wallachen-shell-v1': { '/': 'one' },
      'wallachen-shell-v2': { '/': 'two' },
      'wallachen-shell-v3': { '/': 'three' },
    });
    await sw.dispatch('activate', {});
    expect([...sw.stores.keys()]).toEqual(['wallachen-settings', 'wallachen-shell-v2', 'wallachen-shell-v3']);
  });
});
