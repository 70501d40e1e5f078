/**
 * A smaller stand-in for Vite's preload helper, the wrapper every dynamic `import()` of the
 * client build goes through. Vite's (≈1.5 KB before gzip, in the table page's first chunk) also
 * preloads a chunk's JavaScript imports and reports failures as `vite:preloadError` events;
 * with `modulePreload: false` (vite.config.ts) the only dependencies it is given are style
 * sheets, and the app listens to no such event. This one loads those style sheets, each once,
 * before the module that needs them, and lets a failure reject the import as it is.
 */
import type { Plugin } from 'vite';

const HELPER_ID = '\0vite/preload-helper.js';

const HELPER_CODE = `
const loading = new Map();
function styleSheet(path) {
  const href = new URL('/' + path, location.href).href;
  let loaded = loading.get(href);
  if (loaded === undefined) {
    loaded = [...document.querySelectorAll('link[rel=stylesheet]')].some((link) => link.href === href)
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.onload = resolve;
          link.onerror = () => reject(new Error('Could not load ' + href));
          document.head.append(link);
        });
    loading.set(href, loaded);
  }
  return loaded;
}
export const __vitePreload = (load, deps) =>
  deps && deps.length ? Promise.all(deps.filter((dep) => dep.endsWith('.css')).map(styleSheet)).then(load) : load();
`;

export function smallPreloadHelper(): Plugin {
  return {
    name: 'wallachen:small-preload-helper',
    enforce: 'pre',
    apply: 'build',
    resolveId: (id) => (id === HELPER_ID ? id : null),
    load: (id) => (id === HELPER_ID ? HELPER_CODE : null),
  };
}
