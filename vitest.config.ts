import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { mailParserWorker } from './scripts/build/mail-parser-build.js';
import LongestFirst from './test/sequencer.js';
import { SHOWN_WITHIN_MS } from './test/browser/budgets.js';

// The tests run on the Node of the `node` devDependency, which every npm script runs on
// (`npm test`, `npm run test:worker`, `npm exec vitest run <file>`). Started directly on an
// older Node (the system's Node 20, say), vitest runs until a test fails and then crashes
// while reporting it (its report uses Map.groupBy, Node 21 on): say so at once instead.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12))
  throw new Error(
    `The tests need Node >= 22.12; this is Node ${process.versions.node}. Run them through npm (npm test, npm run test:worker, npm exec vitest run <file>): npm scripts run on the project's own Node 22 (the \`node\` devDependency).`,
  );

// The key seat tokens are derived from: a Worker secret in production (wrangler.toml
// [secrets]). The tests use a fixed one; given here, wrangler does not warn that it is
// missing (and with WRANGLER_LOG=warn it does not say, per test file, where it found it).
const TOKEN_SECRET = 'test-only-token-secret-0123456789abcdef';
process.env.TOKEN_SECRET = TOKEN_SECRET;
process.env.WRANGLER_LOG ??= 'warn';

// wrangler.toml serves web/dist as static assets; the worker tests need the folder to exist,
// not the built app (`npm test` builds it before the browser tests), and of its files only the
// OpenAPI document and the reference page the Worker serves from there (as committed: test/api-doc/openapi-built.test.ts).
mkdirSync(fileURLToPath(new URL('./web/dist/api', import.meta.url)), { recursive: true });
for (const file of ['openapi.json', 'docs.html'])
  copyFileSync(new URL(`./web/public/api/${file}`, import.meta.url), new URL(`./web/dist/api/${file}`, import.meta.url));

// The mail parser Worker (worker/mail-parser/), the main Worker's MAIL_PARSER service: run beside
// it as an auxiliary Worker, from the script the worker project's global setup builds.
const mailParser = mailParserWorker();

// D1 migrations (drizzle/*.sql) are applied in the worker project's setup file.
const migrations = await readD1Migrations(fileURLToPath(new URL('./drizzle', import.meta.url)));

/** workerd with the main Worker's bindings (wrangler.toml, workerBindings) and the mail parser beside it: a plugin per project. */
const mainWorkerRuntime = () =>
  cloudflareTest({ wrangler: { configPath: './wrangler.toml' }, miniflare: { bindings: workerBindings, workers: [mailParser] } });

/**
 * The Worker's test files that need a runtime of their own (project worker-alone): they count
 * what every table of the runtime sends (the operator's counters; every webhook and turn mail of
 * a seat), and the tables of files before them may still deliver in a shared one (a busy run
 * saw notifications-presence count another table's turn webhook).
 */
const WORKER_ALONE = ['test/worker/ops-metrics.test.ts', 'test/worker/notifications-presence.test.ts'];

// The worker tests' bindings besides wrangler.toml's: the two worker projects differ in the history's shards only.
const workerBindings = {
  TEST_DEALS: 'on',
  ALLOW_LOCAL_WEBHOOKS: 'on',
  TOKEN_SECRET,
  // The operator's token of /api/ops (worker/routes/ops.ts).
  OPS_TOKEN: 'test-only-ops-token-0123456789abcdef',
  // The VAPID pair of Web Push (worker/notifications/push/vapid.ts): secrets in production; the tests' own.
  VAPID_PUBLIC_KEY: 'BCSfWbljIKaaYEzMOV2SpDowDpCGJQEqud_gSXbumyQSSdkgs7WQpxuQDqFJObbou3tQuClQkXdLOHI0Nf8LAnE',
  VAPID_PRIVATE_KEY: 'RKRsBXplhb8AjlYy4hF_T7d5SnRLA_oHc6tDGxUSHko',
  // Bot seats move as soon as they may (worker/table/bot-seats.ts); the tests run their alarm.
  BOT_DELAY_MS: '0',
  TEST_MIGRATIONS: migrations,
};

export default defineConfig({
  test: {
    // In CI also write a JSON summary, from which .ci/run prints the plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results.json' }]] : ['default'],
    // A timeout is there to end a test that hangs, not to measure speed (the benches do that).
    // vitest's 5 s default failed tests of 0.6–0.7 s in CI when the 2-core machine ran other
    // suites beside this one (load average 12): they took more than 5 s, and were not hung.
    testTimeout: 30_000,
    // vitest's default is one fewer than the cores: on the 2-core CI machine one file at a time.
    maxWorkers: 2,
    // The longest files start first (test/sequencer.ts), so that none runs alone at the end.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // The rules engine: plain TypeScript, runs in Node.
        extends: true,
        test: {
          name: 'engine',
          // The Node projects' files share their worker processes (isolate: false): a process of
          // its own cost each file about 0.5 s of start on the 2-core machine. What they change
          // of the globals is undone after them (vi.unstubAllGlobals, vi.doUnmock, resetModules).
          isolate: false,
          include: ['test/engine/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The web app's pure modules (routes, texts, replay bookkeeping): plain TypeScript in Node.
        extends: true,
        test: {
          name: 'web',
          isolate: false,
          include: ['test/web/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The OpenAPI document checked against the OpenAPI 3.1 schema: the validator needs
        // Node (it reads files and compiles with ajv), so this runs outside workerd.
        extends: true,
        // As the Worker's bundle has it (worker/env.d.ts): action-shape.test.ts imports the Worker's schemas.
        define: { OPENAPI_PROSE: 'false' },
        test: {
          name: 'api-doc',
          isolate: false,
          include: ['test/api-doc/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The project's own tooling: the layers `npm run lint` holds the code to (.dependency-cruiser.cjs).
        extends: true,
        test: {
          name: 'tooling',
          isolate: false,
          include: ['test/tooling/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The Worker as `npm run deploy` uploads it (wrangler deploy --dry-run): its size and what it holds.
        extends: true,
        test: {
          name: 'bundle',
          isolate: false,
          include: ['test/bundle/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The Worker: runs inside workerd (Miniflare) with the bindings of wrangler.toml. Its
        // files share one runtime per lane (isolate: false), as a deployed Worker serves many
        // tables at once: a runtime of their own cost each file about 3 s of start on the 2-core
        // machine (the project took 118 s, now under 50 s). Every table, address and client
        // address a file makes is new, and spies are restored after each file
        // (test/worker/restore-spies.ts); a file that counts every table's sends runs alone
        // (WORKER_ALONE).
        extends: true,
        plugins: [mainWorkerRuntime()],
        // As wrangler.toml [define] says for the Worker's bundle (worker/env.d.ts).
        define: { OPENAPI_PROSE: 'false' },
        test: {
          name: 'worker',
          isolate: false,
          include: ['test/worker/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/worker/history/**', ...WORKER_ALONE],
          setupFiles: ['test/worker/apply-migrations.ts', 'test/worker/restore-spies.ts'],
          globalSetup: ['scripts/build/mail-parser-build.ts'],
        },
      },
      {
        // The Worker's tests that count what the whole runtime does, in a runtime of their own
        // (isolate: true): the operator's counters see every table's points, and tables of other
        // files go on playing (bots, deadlines) in a shared runtime.
        extends: true,
        plugins: [mainWorkerRuntime()],
        define: { OPENAPI_PROSE: 'false' },
        test: {
          name: 'worker-alone',
          include: WORKER_ALONE,
          setupFiles: ['test/worker/apply-migrations.ts'],
          globalSetup: ['scripts/build/mail-parser-build.ts'],
        },
      },
      {
        // The history's tests that need a D1 of their own (a project has its own storage): the
        // history over two databases (worker/history/shards.ts: DB and DB_1), and the migration,
        // which moves every old row it finds.
        extends: true,
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: { ...workerBindings, HISTORY_SHARDS: '2' }, d1Databases: ['DB', 'DB_1'], workers: [mailParser] },
          }),
        ],
        define: { OPENAPI_PROSE: 'false' },
        test: {
          name: 'worker-history',
          include: ['test/worker/history/**/*.test.ts'],
          setupFiles: ['test/worker/apply-migrations.ts'],
          globalSetup: ['scripts/build/mail-parser-build.ts'],
        },
      },
      {
        // The web app in headless Chromium (playwright-core) against one local `wrangler dev`,
        // started by the global setup from web/dist as built before (`npm test` builds it).
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/browser/global-setup.ts'],
          // Whole games played by clicks; the server takes a few seconds to start.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page shows what another did when its socket's message is rendered: seconds, not
          // vitest's 1 s default, on a 2-core machine that also runs Chromium, workerd and another
          // browser test file (a missed update still fails, after 15 s instead of 1 s; a busy run
          // of the suite beside helpers' runs saw 10 s end a page on its way to the series' end).
          expect: { poll: { timeout: SHOWN_WITHIN_MS } },
          // One server and one Chromium for all files (global-setup.ts), two files at a time,
          // not beside the other projects.
          sequence: { groupOrder: 1 },
          // The files share their two worker processes (a process of its own cost each of the 51
          // files about 0.7 s): they mock nothing and change no global; each makes its own
          // devices (browser contexts) and closes them, and support.ts keeps what it knows of a
          // page per page.
          isolate: false,
        },
      },
    ],
  },
});
