/**
 * The project's layers, read by dependency-cruiser in `npm run lint` (and by test/tooling/layers.test.ts).
 *
 * Each list below names folders from the lowest layer up: a module may import its own layer and
 * the layers before it in its list, never one after. An import against that order fails lint;
 * so does any import cycle between modules. Type-only imports count (they tie two modules'
 * meaning as firmly as a value does), and so do dynamic imports.
 *
 * docs/server.md draws the Worker's layers; docs/web-app.md the web app's.
 */

/** The Worker (worker/), lowest first. */
const WORKER = [
  // Domain types, ids, token hashing, the API's contract types, errors, the documented limits.
  ['model', 'worker/model/'],
  // The API's schemas (zod), built on the model's types and limits.
  ['schemas', 'worker/schemas/'],
  // A table's SQLite rows: the table's own, its deliveries, pushes, reply addresses, send budgets.
  ['storage', 'worker/storage/'],
  // What a table shows: its view for a seat, its clock, its chat, its pages of games.
  ['published', 'worker/published/'],
  // What follows a commit: the operator's counters, then what is told, then what is kept.
  ['ops', 'worker/ops/'],
  ['notifications', 'worker/notifications/'],
  ['history', 'worker/history/'],
  // The table: its Durable Object, its changes, moves, requests and sockets.
  ['table', 'worker/table/'],
  // The doors: HTTP routes and incoming mail.
  ['routes', 'worker/routes/'],
  // The app and the Worker's entry.
  ['app', 'worker/app.ts'],
  ['entry', 'worker/index.ts'],
  // Made at build time from the app: the OpenAPI document and its page.
  ['docs', 'worker/docs/'],
];

/** The web app (web/src/), lowest first. */
const WEB = [
  // The dictionaries.
  ['texts', 'web/src/texts/'],
  // What every page uses: the API client, language, preferences, router, live connection.
  ['base', 'web/src/[^/]+$'],
  ['cards', 'web/src/cards/'],
  ['table', 'web/src/table/'],
  ['embed', 'web/src/embed/'],
  ['create', 'web/src/create/'],
  ['admin', 'web/src/admin/'],
  ['rules', 'web/src/rules/'],
  // The entries: the first page and the lazily loaded others.
  ['entries', 'web/src/(main|other-pages)\\.tsx$'],
];

const literal = (path) => (path.endsWith('$') ? path : path.replace(/\./g, '\\.'));
const pathOf = (path) => `^${literal(path)}`;
/** `base` of the web app is its top-level modules, less the entries (the layer above all). */
const pathNotOf = (name) => (name === 'base' ? ['^web/src/(main|other-pages)\\.tsx$'] : undefined);

/** One rule per layer: nothing in it imports a layer after it. */
function layerRules(part, layers) {
  return layers.slice(0, -1).map(([name, path], i) => ({
    name: `${part}: ${name} imports no layer above it`,
    comment: `${part}'s layers, lowest first: ${layers.map(([n]) => n).join(' → ')}`,
    severity: 'error',
    from: { path: pathOf(path), ...(pathNotOf(name) ? { pathNot: pathNotOf(name) } : {}) },
    to: { path: layers.slice(i + 1).map(([, above]) => pathOf(above)) },
  }));
}

module.exports = {
  forbidden: [
    ...layerRules('worker', WORKER),
    ...layerRules('web', WEB),
    {
      name: 'no cycle',
      comment: 'A module never depends on itself through others: every module can be read from below.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'the engine imports only itself',
      comment: 'shared/ is the rules engine: pure, used by server and browser.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(worker|web|scripts|test)/' },
    },
    {
      name: 'the web app imports of the Worker its contract only',
      comment: 'The shapes the API answers (worker/model/contract.ts), as types: no code of the Worker runs in a browser.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^worker/', pathNot: '^worker/model/contract\\.ts$' },
    },
    {
      name: 'the mail parser stands apart',
      comment:
        'A Worker of its own (worker/mail-parser/): it imports the engine and the writing of mails (notifications/mail/mail-writer.ts) only, and nothing of the main Worker imports it.',
      severity: 'error',
      from: { path: '^worker/mail-parser/' },
      to: { path: '^worker/', pathNot: '^worker/(mail-parser/|notifications/mail/mail-writer\\.ts$)' },
    },
    {
      name: 'nothing of the main Worker imports the mail parser',
      severity: 'error',
      from: { path: '^worker/', pathNot: '^worker/mail-parser/' },
      to: { path: '^worker/mail-parser/' },
    },
  ],
  options: {
    // Type-only imports are dependencies too (import type, export type).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '^worker/worker-configuration\\.d\\.ts$', '^scripts/generated/'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
