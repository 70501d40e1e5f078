/**
 * Issue 25, bug 6: two local servers from one checkout. `npm start` (scripts/dev/start.mjs) builds
 * the web app into a directory of its own and serves that; a second `npm start` on another
 * port builds beside it. The first server's page keeps its document (no reload) and goes on
 * working while and after the second starts: its lazily loaded pages still load, and every
 * path it served still answers. Both run from a copy of the project (scripts/dev/local-server.ts
 * `snapshot`), with local state of their own, so nothing of the real checkout is touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { answering, HOST, snapshot } from '../../scripts/dev/local-server.js';
import { expectNoProblems, openPage, useChromium } from './support.js';

const chromium = useChromium();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const dir = mkdtempSync(join(tmpdir(), 'wallachen-two-servers-'));
const app = join(dir, 'app');
const started: ChildProcess[] = [];

afterAll(async () => {
  for (const child of started) await stop(child);
  rmSync(dir, { recursive: true, force: true });
});

interface Started {
  readonly child: ChildProcess;
  base: string;
  output: string;
}

/**
 * `npm start -- --port …` in the copy, as a person runs it (the script itself, under the Node 22
 * of node_modules). The ports are wrangler's choice (0), its address read from its "Ready on"
 * line: a port picked here would be free only until wrangler binds it, after the build.
 */
async function npmStart(name: string): Promise<Started> {
  const node = join(app, 'node_modules', 'node', 'bin', 'node');
  const args = ['scripts/dev/start.mjs', '--ip', HOST, '--port', '0', '--inspector-port', '0'];
  args.push('--persist-to', join(dir, `state-${name}`), '--show-interactive-dev-session=false', '--log-level', 'info');
  const child = spawn(node, args, {
    cwd: app,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', X_LOCAL_OBSERVABILITY: 'false' },
  });
  started.push(child);
  const server: Started = { child, base: '', output: '' };
  const keep = (chunk: Buffer) => (server.output = (server.output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  for (const deadline = Date.now() + 150_000; Date.now() < deadline && child.exitCode === null; await sleep(250)) {
    if (await answering(server)) return server;
  }
  throw new Error(`npm start (${name}) did not answer /api/health:\n${server.output}`);
}

/** Stops a start (its process group: start.mjs, wrangler, workerd) and waits for it to clean up. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid, 'SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group is gone
  }
}

/** The paths the page at `base` loaded: the page itself and its scripts and styles. */
async function servedPaths(base: string): Promise<string[]> {
  const html = await (await fetch(`${base}/`)).text();
  return ['/', ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!)];
}

it('a second `npm start` from the same checkout never disturbs the first: its page keeps its document, loads what it loads lazily, every path answers', async () => {
  snapshot(app);
  const dist = join(app, 'web', 'dist', 'assets');
  const distBefore = readdirSync(dist).sort();
  const first = await npmStart('first');
  const context = await chromium.context('desktop');
  const page = await openPage(context, `${first.base}/`, 'the first server');
  await page.locator('form[data-form="create"]').waitFor({ timeout: 20_000 });
  const document = () => page.evaluate(() => (globalThis as unknown as { performance: { timeOrigin: number } }).performance.timeOrigin);
  const before = await document();
  const paths = await servedPaths(first.base);
  expect(paths.length, 'the page loads scripts').toBeGreaterThan(1);

  // The second start builds while the first serves: every path of the first answers throughout.
  const second = npmStart('second');
  const answers: string[] = [];
  let building = true;
  void second.finally(() => (building = false));
  while (building) {
    for (const path of paths) {
      const status = await fetch(`${first.base}${path}`).then(
        (res) => res.status,
        () => 0,
      );
      if (status !== 200) answers.push(`${path}: ${status}`);
    }
    await sleep(100);
  }
  const other = await second;
  expect(answers, 'what the first server answered while the second was built and started').toEqual([]);
  expect((await fetch(`${other.base}/api/health`)).ok).toBe(true);

  // The first page: the same document, and its lazily loaded page (the rules) still comes.
  await page.locator('a[href="/rules"]').first().click();
  await page.locator('article h2').first().waitFor({ timeout: 10_000 });
  expect(await document(), 'the first page was not reloaded').toBe(before);
  for (const path of paths) expect((await fetch(`${first.base}${path}`)).status, path).toBe(200);
  expectNoProblems([page]);

  // Each start serves a build of its own, gone when it stops; web/dist is `npm run build`'s.
  const builds = join(app, '.wrangler', 'web-builds');
  expect(readdirSync(builds)).toHaveLength(2);
  await stop(other.child);
  expect(readdirSync(builds)).toHaveLength(1);
  expect((await fetch(`${first.base}/`)).status).toBe(200);
  expect(readdirSync(dist).sort(), 'web/dist as `npm run build` left it').toEqual(distBefore);
}, 400_000);
