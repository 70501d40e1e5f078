/**
 * `npm run move-path`: which files the move of one card runs through (test/move-path), with
 * istanbul's counters in the Worker's own isolate. Not part of `npm test`.
 */
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { mailParserWorker } from './scripts/build/mail-parser-build.js';

const TOKEN_SECRET = 'test-only-token-secret-0123456789abcdef';
const migrations = await readD1Migrations(fileURLToPath(new URL('./drizzle', import.meta.url)));

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: { TEST_DEALS: 'on', ALLOW_LOCAL_WEBHOOKS: 'on', TOKEN_SECRET, BOT_DELAY_MS: '0', TEST_MIGRATIONS: migrations },
        workers: [mailParserWorker()],
      },
    }),
  ],
  test: {
    include: ['test/move-path/*.test.ts'],
    setupFiles: ['test/worker/apply-migrations.ts'],
    globalSetup: ['scripts/build/mail-parser-build.ts'],
    // The main Worker's sources; the mail parser is a Worker of its own, not on a move's path.
    coverage: {
      enabled: true,
      provider: 'istanbul',
      include: ['worker/**/*.ts', 'shared/**/*.ts'],
      exclude: ['worker/mail-parser/**'],
      reporter: [],
    },
  },
});
