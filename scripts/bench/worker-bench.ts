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
 * - worker.mailParserKiB, worker.mailParserGzipKiB: the mail parser Worker (worker/mail-parser/,
 *   the main Worker's MAIL_PARSER service) as `npm run deploy` uploads it, the same way. No
 *   bar of ours: it is a Worker of its own (Cloudflare's limit is its own 3 MiB gzipped on the Free plan).
 * - worker.startupCpuMs, worker.firstRouteCpuMs: what a cold request that only routes waits
 *   for: the CPU time of loading the built script (parse and the modules' top-level code) and
 *   of its first GET /api/health, each in a fresh Node process (worker-startup.mjs; V8, as in
 *   workerd), the median of WORKER_STARTUP_RUNS (default 15); the quartiles go to stderr.
 *   CPU time, not the clock: the shared machine's load moves it less. (`wrangler check
 *   startup` records workerd's own profile of the startup, for where the time goes; its
 *   millisecond samples move with the machine's load: 20–400 ms for one script.)
 * - A cold table's first answer on a restarted local runtime (worker-bench-cold.ts, also
 *   `npm run bench:worker:cold`) and the POST path against the socket (worker-bench-post.ts,
 *   `npm run bench:worker:post`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, report } from './bench-line.js';
import { buildWorker, MAIL_PARSER_CONFIG, type BuiltWorker } from '../build/worker-build.js';
import { coldTableFigures } from './worker-bench-cold.js';
import { postPathFigures } from './worker-bench-post.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_RUNS = Number(process.env.WORKER_STARTUP_RUNS ?? 15);
const note = (text: string) => process.stderr.write(`worker: ${text}\n`);

/** What a module of the bundle counts under: its npm package, or its folder of ours (worker/table, shared/bots…). */
const groupOf = (input: string): string =>
  input.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1').replace(/^((?:worker|shared)\/[^/]+)\/.*$/, '$1');

const KIB = 1024;

function bundleSize({ uploadKiB, uploadGzipKiB, inputs }: BuiltWorker): void {
  report('worker.bundleKiB', uploadKiB, 'KiB');
  report('worker.bundleGzipKiB', uploadGzipKiB, 'KiB');
  const groups = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) groups.set(groupOf(input), (groups.get(groupOf(input)) ?? 0) + bytesInOutput);
  const top = [...groups].sort((a, b) => b[1] - a[1]).slice(0, 12);
  note(`largest parts (minified KiB): ${top.map(([name, bytes]) => `${name} ${(bytes / KIB).toFixed(1)}`).join(', ')}`);
}

function mailParserSize(): void {
  const dir = mkdtempSync(join(tmpdir(), 'mail-parser-bench-'));
  try {
    const { uploadKiB, uploadGzipKiB } = buildWorker(dir, MAIL_PARSER_CONFIG);
    report('worker.mailParserKiB', uploadKiB, 'KiB');
    report('worker.mailParserGzipKiB', uploadGzipKiB, 'KiB');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);
const quartiles = (values: number[]): string => {
  const v = sorted(values);
  return `${v[Math.floor(v.length / 4)]!.toFixed(1)}–${v[Math.floor((3 * v.length) / 4)]!.toFixed(1)}`;
};

function startupCpu({ dir }: BuiltWorker): void {
  const startup: number[] = [];
  const firstRoute: number[] = [];
  for (let run = 0; run < STARTUP_RUNS; run++) {
    const output = execFileSync(process.execPath, [join(root, 'scripts/bench/worker-startup.mjs'), join(dir, 'out', 'index.js')], {
      encoding: 'utf8',
    });
    const measured = JSON.parse(output) as { startup: number; health: number };
    startup.push(measured.startup);
    firstRoute.push(measured.health);
  }
  report('worker.startupCpuMs', median(startup), 'ms');
  report('worker.firstRouteCpuMs', median(firstRoute), 'ms');
  note(`over ${STARTUP_RUNS} runs, quartiles: startup ${quartiles(startup)} ms, first GET /api/health ${quartiles(firstRoute)} ms`);
}

/** The figures, in order; each gets the Worker as built. */
const FIGURES: ((built: BuiltWorker) => void | Promise<void>)[] = [bundleSize, mailParserSize, startupCpu, coldTableFigures, postPathFigures];

const dir = mkdtempSync(join(tmpdir(), 'worker-bench-'));
try {
  const built = buildWorker(dir);
  for (const figure of FIGURES) await figure(built);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
