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
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './bench-line.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const note = (text: string) => process.stderr.write(`worker: ${text}\n`);

/** The Worker as `wrangler deploy` would upload it: its script and esbuild's metafile, in `dir`. */
interface Built {
  readonly script: Buffer;
  /** Wrangler's own line: "Total Upload: 404.19 KiB / gzip: 135.48 KiB". */
  readonly uploadLine: string;
  readonly metafile: { outputs: Record<string, { entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }> };
}

function build(dir: string): Built {
  const metafile = join(dir, 'meta.json');
  const output = execFileSync(
    process.execPath,
    [join(root, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', join(dir, 'out'), '--metafile', metafile],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' } },
  );
  const uploadLine = /Total Upload: .*/.exec(output)?.[0];
  if (uploadLine === undefined) throw new Error(`wrangler deploy --dry-run said no "Total Upload":\n${output}`);
  return { script: readFileSync(join(dir, 'out', 'index.js')), uploadLine, metafile: JSON.parse(readFileSync(metafile, 'utf8')) };
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

/** The figures, in order; each gets the Worker as built. */
const FIGURES: ((built: Built) => void | Promise<void>)[] = [bundleSize];

const dir = mkdtempSync(join(tmpdir(), 'worker-bench-'));
try {
  const built = build(dir);
  for (const figure of FIGURES) await figure(built);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
