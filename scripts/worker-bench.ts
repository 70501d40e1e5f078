/**
 * Worker benchmark, run by `npm run bench:worker` (docs/benchmarks.md, "The Worker"). Prints
 * one JSON line per figure, {"bench", "value", "unit"} (bench-line.ts); notes go to stderr.
 * Each figure is one function below, run in FIGURES' order: a new figure is a function more.
 *
 * - worker.bundleKiB, worker.bundleGzipKiB: the script as `npm run deploy` uploads it
 *   (`wrangler deploy --dry-run`, minified as wrangler.toml says), as wrangler reports it:
 *   "Total Upload: … KiB / gzip: … KiB" (the gzipped size is what Cloudflare's size limits
 *   count). Bar: 100 KiB gzipped. Its largest contributors (esbuild's metafile, by package or
 *   module folder) go to stderr.
 * - worker.startupCpuMs, worker.firstRouteCpuMs: what a cold request that only routes waits
 *   for: the CPU time of loading the built script (parse and the modules' top-level code) and
 *   of its first GET /api/health, each in a fresh Node process (worker-startup.mjs; V8, as in
 *   workerd), the median of WORKER_STARTUP_RUNS (default 15); the quartiles go to stderr.
 *   CPU time, not the clock: the shared machine's load moves it less. (`wrangler check
 *   startup` records workerd's own profile of the startup, for where the time goes; its
 *   millisecond samples move with the machine's load: 20–400 ms for one script.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './bench-line.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_RUNS = Number(process.env.WORKER_STARTUP_RUNS ?? 15);
const note = (text: string) => process.stderr.write(`worker: ${text}\n`);

/** The Worker as `wrangler deploy` would upload it: its script and esbuild's metafile, in `dir`. */
interface Built {
  /** The directory it was built in (`out/index.js`), for figures to write their own files beside it. */
  readonly dir: string;
  readonly script: Buffer;
  /** Wrangler's own line: "Total Upload: 404.19 KiB / gzip: 135.48 KiB". */
  readonly uploadLine: string;
  readonly metafile: { outputs: Record<string, { entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }> };
}

const wrangler = (args: string[]): string =>
  execFileSync(process.execPath, [join(root, 'node_modules/wrangler/bin/wrangler.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
  });

function build(dir: string): Built {
  const metafile = join(dir, 'meta.json');
  const output = wrangler(['deploy', '--dry-run', '--outdir', join(dir, 'out'), '--metafile', metafile]);
  const uploadLine = /Total Upload: .*/.exec(output)?.[0];
  if (uploadLine === undefined) throw new Error(`wrangler deploy --dry-run said no "Total Upload":\n${output}`);
  return { dir, script: readFileSync(join(dir, 'out', 'index.js')), uploadLine, metafile: JSON.parse(readFileSync(metafile, 'utf8')) };
}

/** What a module of the bundle counts under: its npm package, or its folder of ours (worker/table, shared/bots…). */
const groupOf = (input: string): string =>
  input.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1').replace(/^((?:worker|shared)\/[^/]+)\/.*$/, '$1');

const KIB = 1024;

function bundleSize({ uploadLine, metafile }: Built): void {
  const [size, gzipped] = [...uploadLine.matchAll(/([\d.]+) KiB/g)].map((match) => Number(match[1]));
  report('worker.bundleKiB', size!, 'KiB');
  report('worker.bundleGzipKiB', gzipped!, 'KiB');
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint !== undefined)!;
  const groups = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs))
    groups.set(groupOf(input), (groups.get(groupOf(input)) ?? 0) + bytesInOutput);
  const top = [...groups].sort((a, b) => b[1] - a[1]).slice(0, 12);
  note(`largest parts (minified KiB): ${top.map(([name, bytes]) => `${name} ${(bytes / KIB).toFixed(1)}`).join(', ')}`);
}

const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);
const quartiles = (values: number[]): string => {
  const v = sorted(values);
  return `${v[Math.floor(v.length / 4)]!.toFixed(1)}–${v[Math.floor((3 * v.length) / 4)]!.toFixed(1)}`;
};

function startupCpu({ dir }: Built): void {
  const startup: number[] = [];
  const firstRoute: number[] = [];
  for (let run = 0; run < STARTUP_RUNS; run++) {
    const output = execFileSync(process.execPath, [join(root, 'scripts/worker-startup.mjs'), join(dir, 'out', 'index.js')], { encoding: 'utf8' });
    const measured = JSON.parse(output) as { startup: number; health: number };
    startup.push(measured.startup);
    firstRoute.push(measured.health);
  }
  report('worker.startupCpuMs', sorted(startup)[Math.floor(STARTUP_RUNS / 2)]!, 'ms');
  report('worker.firstRouteCpuMs', sorted(firstRoute)[Math.floor(STARTUP_RUNS / 2)]!, 'ms');
  note(`over ${STARTUP_RUNS} runs, quartiles: startup ${quartiles(startup)} ms, first GET /api/health ${quartiles(firstRoute)} ms`);
}

/** The figures, in order; each gets the Worker as built. */
const FIGURES: ((built: Built) => void | Promise<void>)[] = [bundleSize, startupCpu];

const dir = mkdtempSync(join(tmpdir(), 'worker-bench-'));
try {
  const built = build(dir);
  for (const figure of FIGURES) await figure(built);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
