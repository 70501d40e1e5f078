// Builds the web app (Preact) into web/dist, which the Worker serves as static assets
// (wrangler.toml [assets]). `npm run build` runs this; `npm start` and `npm test` build first.
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { smallPreloadHelper } from './preload-helper.js';
import { serviceWorkerBuild } from './service-worker-build.js';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [smallPreloadHelper(), preact(), serviceWorkerBuild()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No inline module-preload polyfill: the Content Security Policy allows no inline script.
    modulePreload: false,
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry loads before the first paint (Preact, the table page, main.tsx and
          // what they import) in one chunk, not several small ones that each compress worse and
          // cost a request; what is loaded later stays in chunks of its own (docs/benchmarks.md).
          groups: [{ name: 'app', test: /web[\\/]src[\\/]main\.tsx$/, includeDependenciesRecursively: true }],
        },
      },
    },
  },
});
