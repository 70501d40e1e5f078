/**
 * A local server for benchmarks and browser tests: `wrangler dev` on a free loopback port,
 * with a fresh `--persist-to` directory (the D1 migrations applied to it first), started and
 * stopped as one process group. Only 127.0.0.1 is ever listened on.
 *
 * The port is wrangler's own choice (`--port 0`), read back from its "Ready on" line: a port
 * picked here and handed over would be free only until wrangler binds it, seconds later, and
 * on a busy machine another process's socket sometimes takes it first ("Address already in
 * use"). So is the DevTools port, unless a CPU profile needs it (`inspector`).
 *
 * The server runs a copy of the project taken at the start (node_modules linked, not copied):
 * `wrangler dev` reloads the Worker whenever a source file changes and serves web/dist as it
 * is on disk, so a concurrent edit, `npm run build` or `npm start` must not reach a running
 * bench or test. The copy includes web/dist as built before the start.
 *
 * Used by scripts/bench/load.ts, scripts/bench/web-bench.ts and test/browser/global-setup.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIL_PARSER_CONFIG } from '../build/worker-build.js';

export const HOST = '127.0.0.1';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface LocalServerOptions {
  /** Worker variables given as `--var NAME:value`, e.g. `{ TEST_DEALS: 'on' }`. */
  readonly vars?: Readonly<Record<string, string>>;
  /** Prefix of the notes written to stderr, e.g. "load". */
  readonly label?: string;
  /** Prefix of the temporary directory's name. */
  readonly tempPrefix?: string;
  /** Called first on SIGINT or SIGTERM; then the server is stopped and the process exits with 130. */
  readonly onInterrupt?: () => void;
  /** How long to wait for /api/health (default 90 s). */
  readonly startTimeoutMs?: number;
  /**
   * wrangler's local observability (default off here): a streaming tail of every request, RPC
   * and Durable Object event to a collector for its local dashboard, on by default in
   * `wrangler dev` (`X_LOCAL_OBSERVABILITY`). It runs on the Worker's own thread and costs it
   * ≈13 % of its CPU under load (perf, 2026-11), which Cloudflare's observability does not.
   */
  readonly observability?: boolean;
  /**
   * The Workers' configurations, the primary first (it gets HTTP and /cdn-cgi/handler/email):
   * by default this project's two, the main Worker and the mail parser its MAIL_PARSER calls.
   */
  readonly configs?: readonly string[];
  /**
   * The Workers built unminified (`--minify=false`), so a CPU profile names their functions:
   * wrangler.toml minifies without keeping names, which leaves a profile only the methods' names.
   */
  readonly unminified?: boolean;
  /**
   * A known DevTools port, for CPU profiles (scripts/bench/cpu-profile.ts): picked here with
   * freePort, so a benchmark asks for it only when it profiles, on a machine of its own.
   */
  readonly inspector?: boolean;
}

const PROJECT_CONFIGS = ['wrangler.toml', MAIL_PARSER_CONFIG];

export interface LocalServer {
  readonly child: ChildProcess;
  /** e.g. http://127.0.0.1:43117 */
  readonly base: string;
  /** Holds the copy of the project (app/) and the server's local state (state/). */
  readonly dir: string;
  readonly persistDir: string;
  /** The DevTools port of the Worker (wrangler's inspector) when asked for (`inspector`), for CPU profiles. */
  readonly inspectorPort: number | null;
  /** The last 20 000 characters wrangler wrote (stdout and stderr), for error messages. */
  output: string;
  /** Undoes what startServer registered (signal and exit handlers). */
  readonly release: () => void;
  readonly note: (text: string) => void;
}

/**
 * The address `wrangler dev` serves on, from its output (`--log-level info` or lower): its
 * "Ready on http://127.0.0.1:43117" line; null until it has written it.
 */
export function readyUrl(output: string): string | null {
  return /\bReady on (https?:\/\/[^\s/]+)/.exec(stripVTControlCharacters(output))?.[1] ?? null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Copies the project without node_modules (linked instead), .git and local state. */
export function snapshot(to: string): void {
  const skip = new Set(['node_modules', '.git', '.wrangler', 'coverage', 'dist']);
  cpSync(root, to, { recursive: true, filter: (source) => !skip.has(source.slice(root.length + 1).split(/[\\/]/)[0]!) });
  symlinkSync(join(root, 'node_modules'), join(to, 'node_modules'), 'junction');
}

/** A Node.js binary that wrangler accepts (>= 22.12): this one, or the `node` devDependency. */
function wranglerNode(): string {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) return process.execPath;
  const local = join(root, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(local)) return local;
  throw new Error(`wrangler needs Node.js >= 22.12 (this is ${process.version}); run \`npm install\` for the node devDependency`);
}

/** Runs wrangler to its end in `cwd`; rejects with its output when it fails. */
export function runWrangler(cwd: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(wranglerNode(), [join(cwd, 'node_modules', 'wrangler', 'bin', 'wrangler.js'), ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`wrangler ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

/**
 * Starts `wrangler dev` from a copy of the project and resolves once /api/health answers.
 * Stop it with stopServer (the state stays readable in `persistDir`; restartServer starts it
 * again on that state), then closeServer.
 */
export async function startServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const dir = mkdtempSync(join(tmpdir(), options.tempPrefix ?? 'wallachen-server-'));
  const app = join(dir, 'app');
  try {
    snapshot(app);
    // CI=true: the migrations command would otherwise ask for confirmation on a terminal.
    await runWrangler(app, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', join(dir, 'state')]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return launch(dir, options);
}

/**
 * Stops `server` and starts `wrangler dev` again in its directory, on the state it left: a
 * restarted runtime, whose Worker and Durable Objects start from nothing but storage.
 * Answers the new server (on new ports); `server` is done with.
 */
export async function restartServer(server: LocalServer, options: LocalServerOptions = {}): Promise<LocalServer> {
  await stopServer(server);
  server.release();
  return launch(server.dir, options);
}

/**
 * Runs `wrangler dev` on the copy of a project in `dir` (app/, with node_modules) and its state
 * (state/); resolves once /api/health answers `{"ok": true}`.
 */
export async function launch(dir: string, options: LocalServerOptions): Promise<LocalServer> {
  const label = options.label ?? 'local-server';
  const note = (text: string) => void process.stderr.write(`${label}: ${text}\n`);
  const inspectorPort = options.inspector === true ? await freePort() : null;
  const app = join(dir, 'app');
  const persistDir = join(dir, 'state');
  const vars = Object.entries(options.vars ?? {}).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  const args = [
    join(app, 'node_modules', 'wrangler', 'bin', 'wrangler.js'),
    'dev',
    ...(options.configs ?? PROJECT_CONFIGS).flatMap((config) => ['-c', config]),
    ...['--ip', HOST, '--port', '0', '--inspector-port', String(inspectorPort ?? 0)],
    // info: the level of the "Ready on" line that says which port wrangler took.
    ...['--persist-to', persistDir, '--show-interactive-dev-session=false', '--log-level', 'info'],
    ...(options.unminified === true ? ['--minify=false'] : []),
    ...vars,
  ];
  // A process group of its own: stopping it reaches wrangler, esbuild and both workerd.
  const child = spawn(wranglerNode(), args, {
    cwd: app,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', X_LOCAL_OBSERVABILITY: options.observability === true ? 'true' : 'false' },
  });
  // Interrupted (Ctrl-C): the server runs in a process group of its own, so stop it here.
  const interrupt = () => {
    options.onInterrupt?.();
    void closeServer(server).finally(() => process.exit(130));
  };
  // This process ends some other way (an uncaught error): leave no server behind.
  const atExit = () => {
    if (child.pid !== undefined && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
  };
  const release = () => {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    process.off('exit', atExit);
  };
  // `base` is known once wrangler says where it listens.
  const server: Omit<LocalServer, 'base'> & { base: string } = { child, base: '', dir, persistDir, inspectorPort, output: '', release, note };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  process.once('exit', atExit);
  const keep = (chunk: Buffer) => (server.output = (server.output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  while (Date.now() < deadline && child.exitCode === null) {
    if (await answering(server)) return server;
    await sleep(200);
  }
  await closeServer(server);
  throw new Error(`wrangler dev did not answer /api/health:\n${server.output}`);
}

/**
 * Whether a starting server answers: once its output names its address (`readyUrl`, kept in
 * `server.base`), whether that answers /api/health.
 */
export async function answering(server: { base: string; readonly output: string }): Promise<boolean> {
  server.base ||= readyUrl(server.output) ?? '';
  return server.base !== '' && (await healthy(server.base));
}

/** Whether `base` answers /api/health with `{"ok": true}`. */
async function healthy(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/health`);
    return res.ok && ((await res.json()) as { ok?: boolean }).ok === true;
  } catch {
    return false; // not listening yet
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the server's process group; SIGKILL to whatever is left of it after 10 s. */
export async function stopServer(server: LocalServer): Promise<void> {
  const pid = server.child.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && groupAlive(pid)) await sleep(100);
  if (groupAlive(pid)) {
    server.note('the server did not stop within 10 s: killing its process group');
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/** Stops the server (if still running), removes its temporary directory and its handlers. */
export async function closeServer(server: LocalServer): Promise<void> {
  await stopServer(server);
  server.release();
  rmSync(server.dir, { recursive: true, force: true });
}
