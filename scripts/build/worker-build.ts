/**
 * A Worker as `npm run deploy` uploads it, built by `wrangler deploy --dry-run` into a
 * directory (minified, as its wrangler.toml says): its script, wrangler's own line on its size,
 * and esbuild's metafile. The main Worker (wrangler.toml; the web app's build, web/dist, must
 * exist, empty or not) or the mail parser Worker (MAIL_PARSER_CONFIG). For the bench
 * (worker-bench.ts), the bundle's test (test/bundle/worker-bundle.test.ts) and the worker
 * tests, which run the parser as built here (mail-parser-build.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A Node that wrangler accepts (22 or later): this one, or the `node` devDependency. */
function nodeForWrangler(): string {
  const [major = 0] = process.versions.node.split('.').map(Number);
  const local = join(root, 'node_modules', 'node', 'bin', 'node');
  return major < 22 && existsSync(local) ? local : process.execPath;
}

export const wrangler = (args: string[]): string =>
  execFileSync(nodeForWrangler(), [join(root, 'node_modules/wrangler/bin/wrangler.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    // The size is a line of wrangler's default level, "log" (the tests' config turns wrangler down to warnings).
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', WRANGLER_LOG: 'log' },
  });

export interface BuiltWorker {
  /** The directory it was built in (`out/index.js`), for a bench to write its own files beside it. */
  readonly dir: string;
  readonly script: string;
  /** What wrangler reports, as "Total Upload: 284.05 KiB / gzip: 97.97 KiB" says it: the gzipped size is what Cloudflare's limits count. */
  readonly uploadKiB: number;
  readonly uploadGzipKiB: number;
  /** esbuild's metafile: every module of the bundle and its bytes in it. */
  readonly inputs: Readonly<Record<string, { readonly bytesInOutput: number }>>;
}

/** The mail parser Worker's configuration (worker/mail-parser/), a service of the main Worker. */
export const MAIL_PARSER_CONFIG = 'worker/mail-parser/wrangler.toml';

export function buildWorker(dir: string, config = 'wrangler.toml'): BuiltWorker {
  const metafile = join(dir, 'meta.json');
  const output = wrangler(['deploy', '--dry-run', '--config', config, '--outdir', join(dir, 'out'), '--metafile', metafile]);
  const line = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  if (line === null) throw new Error(`wrangler deploy --dry-run said no "Total Upload":\n${output}`);
  const { outputs } = JSON.parse(readFileSync(metafile, 'utf8')) as {
    outputs: Record<string, { entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }>;
  };
  return {
    dir,
    script: readFileSync(join(dir, 'out', 'index.js'), 'utf8'),
    uploadKiB: Number(line[1]),
    uploadGzipKiB: Number(line[2]),
    inputs: Object.values(outputs).find((o) => o.entryPoint !== undefined)!.inputs,
  };
}
