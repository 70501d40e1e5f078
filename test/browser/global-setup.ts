/**
 * The browser project's global setup: one local `wrangler dev` (scripts/dev/local-server.ts, with
 * fixed deals allowed) for all browser tests, its address handed to them as `inject('baseUrl')`.
 * It serves the web app built into web/dist: `npm test` and `npm run test:browser` build it
 * first; without a build the tests would only see the Worker's 404s.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from '../../scripts/dev/chromium.js';
import { closeServer, startServer } from '../../scripts/dev/local-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local server, e.g. http://127.0.0.1:43117 (no trailing slash). */
    baseUrl: string;
    /** The one headless Chromium every test file connects to (support.ts useChromium), its WebSocket endpoint. */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const index = fileURLToPath(new URL('../../web/dist/index.html', import.meta.url));
  if (!existsSync(index)) {
    throw new Error(`${index} is missing: build the web app first (\`npm run build\`; \`npm run test:browser\` does it for you)`);
  }
  const server = await startServer({
    label: 'browser tests',
    tempPrefix: 'wallachen-browser-',
    // Bots move a tenth of a second after they may (worker/table/bot-seats.ts; `npm start` keeps the natural 1.5–3 s).
    vars: { TEST_DEALS: 'on', ALLOW_LOCAL_WEBHOOKS: 'on', BOT_DELAY_MS: '100' },
  });
  project.provide('baseUrl', server.base);
  // One browser for every file: each file makes contexts of its own in it (a context is a
  // person's device: its own storage, cookies and service workers) and closes them.
  const browser = await launchChromiumServer();
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await closeServer(server);
  };
}
