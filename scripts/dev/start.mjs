#!/usr/bin/env node
// `npm start [-- <wrangler dev options>]`: makes the OpenAPI document, builds the web app (Vite), applies the D1
// migrations (drizzle/*.sql) to the local database, then runs `wrangler dev` with every extra
// argument forwarded, e.g.
//   npm start -- --port 9000 --var TEST_DEALS:on
// It runs both Workers (CONFIGS, unless a --config is given): the main one, which answers HTTP
// and `POST /cdn-cgi/handler/email`, and the mail parser its MAIL_PARSER binding calls.
//
// Each start builds into a directory of its own (.wrangler/web-builds/start-<pid>-…) and its
// wrangler serves that one (`--assets`), removed again when it stops: a second `npm start`
// from the same checkout (another port) builds beside it and never touches the files the
// first one serves, whose pages would otherwise see their scripts replaced under them.
// `npm run build` (tests, deploy) still writes web/dist.
//
// Wrangler needs Node >= 22.12. Under `npm start` the `node` devDependency
// (node_modules/.bin/node) runs this script; when started with an older Node directly,
// Wrangler is still run with that local Node 22.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const wrangler = join(root, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
const args = process.argv.slice(2);
const parent = process.ppid;

if (!existsSync(wrangler)) {
  console.error('wrangler is not installed: run `npm install` first.');
  process.exit(1);
}

/** A Node.js binary that Wrangler accepts: this one, or the `node` devDependency. */
function pickNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) return process.execPath;
  const local = join(root, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(local)) return local;
  console.error(`Wrangler needs Node.js >= 22.12 (this is ${process.version}); run \`npm install\`, then \`npm start\`.`);
  process.exit(1);
}

/** The main Worker first (wrangler dev's primary Worker), then the mail parser Worker (worker/mail-parser/). */
const CONFIGS = ['wrangler.toml', 'worker/mail-parser/wrangler.toml'];

const node = pickNode();
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

/** Options of `wrangler dev` that also select which local database the migrations go to. */
function optionsForMigrations(argv) {
  const keep = new Set(['--config', '-c', '--env', '-e', '--persist-to', '--env-file']);
  const out = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = arg.split('=')[0];
    if (!keep.has(name)) continue;
    out.push(arg);
    if (!arg.includes('=') && i + 1 < argv.length) out.push(argv[++i]);
  }
  return out;
}

/** Runs a Node.js script; resolves with its exit code. Signals to this process are passed on. */
function run(script, scriptArgs, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(node, [script, ...scriptArgs], {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: 'inherit',
    });
    const forward = (signal) => child.kill(signal);
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const s of signals) process.on(s, forward);
    // `kill <pid of npm>` does not reach this process (npm's shell dies without passing
    // the signal on): stop wrangler when the parent goes away rather than leaving it running.
    const watchdog = setInterval(() => {
      if (process.ppid !== parent) forward('SIGTERM');
    }, 500);
    watchdog.unref();
    child.on('exit', (code, signal) => {
      clearInterval(watchdog);
      for (const s of signals) process.off(s, forward);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (err) => {
      console.error(err);
      resolve(1);
    });
  });
}

const runWrangler = (wranglerArgs, extraEnv) => run(wrangler, wranglerArgs, extraEnv);

/** Whether a process of that id still runs. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// The builds of starts that were killed without cleaning up (their process is gone) go first.
const builds = join(root, '.wrangler', 'web-builds');
mkdirSync(builds, { recursive: true });
for (const name of readdirSync(builds)) {
  const pid = Number(/^start-(\d+)-/.exec(name)?.[1]);
  if (pid > 0 && pid !== process.pid && !alive(pid)) rmSync(join(builds, name), { recursive: true, force: true });
}
const outDir = mkdtempSync(join(builds, `start-${process.pid}-`));
const removeBuild = () => rmSync(outDir, { recursive: true, force: true });

// The OpenAPI document first (scripts/build/openapi-document.ts): the web app's build copies it into the assets.
const documented = await run(join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), [join(root, 'scripts', 'build', 'openapi-document.ts')]);
if (documented !== 0) {
  removeBuild();
  console.error('Making the OpenAPI document failed.');
  process.exit(documented);
}

const built = await run(join(root, 'node_modules', 'vite', 'bin', 'vite.js'), [
  'build',
  '--config',
  'web/vite.config.ts',
  '--logLevel',
  'warn',
  '--outDir',
  outDir,
  '--emptyOutDir',
]);
if (built !== 0) {
  removeBuild();
  console.error('Building the web app failed.');
  process.exit(built);
}

// CI=true: the migrations command would otherwise ask for confirmation on a terminal.
const migrated = await runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', ...optionsForMigrations(args)], {
  CI: 'true',
});
if (migrated !== 0) {
  removeBuild();
  console.error('Applying the local D1 migrations failed.');
  process.exit(migrated);
}

const configured = args.some((arg) => ['--config', '-c'].includes(arg.split('=')[0]));
const served = await runWrangler(['dev', ...(configured ? [] : CONFIGS.flatMap((config) => ['-c', config])), '--assets', outDir, ...args]);
removeBuild();
process.exit(served);
