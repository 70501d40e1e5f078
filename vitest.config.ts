import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The key seat tokens are derived from: a Worker secret in production (wrangler.toml
// [secrets]). The tests use a fixed one; given here, wrangler does not warn that it is
// missing (and with WRANGLER_LOG=warn it does not say, per test file, where it found it).
const TOKEN_SECRET = 'test-only-token-secret-0123456789abcdef';
process.env.TOKEN_SECRET = TOKEN_SECRET;
process.env.WRANGLER_LOG ??= 'warn';

// D1 migrations (drizzle/*.sql) are applied in the worker project's setup file.
const migrations = await readD1Migrations(fileURLToPath(new URL('./drizzle', import.meta.url)));

export default defineConfig({
  test: {
    // In CI also write a JSON summary, from which .ci/run prints the plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results.json' }]] : ['default'],
    projects: [
      {
        // The rules engine: plain TypeScript, runs in Node.
        extends: true,
        test: {
          name: 'engine',
          include: ['test/engine/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The OpenAPI document checked against the OpenAPI 3.1 schema: the validator needs
        // Node (it reads files and compiles with ajv), so this runs outside workerd.
        extends: true,
        test: {
          name: 'api-doc',
          include: ['test/api-doc/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The Worker: runs inside workerd (Miniflare) with the bindings of wrangler.toml.
        extends: true,
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                TEST_DEALS: 'on',
                ALLOW_LOCAL_WEBHOOKS: 'on',
                TOKEN_SECRET,
                TEST_MIGRATIONS: migrations,
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          setupFiles: ['test/worker/apply-migrations.ts'],
        },
      },
    ],
  },
});
