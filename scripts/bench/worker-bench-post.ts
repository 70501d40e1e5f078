/**
 * Where an action's CPU by POST goes beyond the same action over the WebSocket (issue 24,
 * point 5), one JSON line per figure; notes go to stderr. `npm run bench:worker:post` runs it
 * alone (after a build: wrangler serves web/dist); `postPathFigures` is the part
 * `bench:worker` runs.
 *
 * An action's own work (engine, storage, views, pushes) is the same either way; what differs
 * is the way there. To weigh that alone, every seat of 40 tables sends its first decision once
 * and then sends it again, with the same id, over and over: the table answers its kept answer
 * and changes nothing (API.md: an id sent before is answered again), so each request costs
 * only its way in and out. Each figure is workerd's CPU (the Worker, the tables, the local D1
 * and rate limiter: one process, /proc) per request, the median of POST_ROUNDS rounds
 * (default 5) of POST_SLICE_SECONDS each (default 4), the kinds taken in turns so that the
 * shared machine's load falls on all alike:
 * - worker.postPath.retriedPostCpuMs: `POST …/actions` with an id sent before (each seat at
 *   most 10 a second: within ACTION_LIMITER);
 * - worker.postPath.retriedSocketCpuMs: the same action over the seat's WebSocket;
 * - worker.postPath.healthCpuMs: `GET /api/health`, which wakes no table: every API
 *   request's floor in this runtime, the Hono app's share included;
 * - worker.postPath.bareWorkerCpuMs: the same GET of a Worker that only answers it
 *   (`fetch: () => new Response(…)`), started the same way: the runtime's own share of a
 *   request (workerd's HTTP, miniflare's entry worker);
 * - worker.postPath.bareWorkerAssetsCpuMs: that Worker with this project's `[assets]` and
 *   `run_worker_first` (wrangler.toml): the local assets router that every API request
 *   passes first.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, report } from './bench-line.js';
import { closeServer, launch, startServer, type LocalServer } from '../dev/local-server.js';
import { treeCpu } from './proc-cpu.js';

const ROUNDS = Number(process.env.POST_ROUNDS ?? 5);
const SLICE_MS = Number(process.env.POST_SLICE_SECONDS ?? 4) * 1000;
const TABLES = 40;
/** Per seat: within ACTION_LIMITER (120 per 10 s and link). */
const PER_SEAT_PER_SECOND = 10;
const LABEL = 'worker-post';

const note = (text: string) => process.stderr.write(`${LABEL}: ${text}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** CPU seconds so far of the Worker's workerd (the one with the inspector, not wrangler's proxy) of the server `pid`. */
const workerdSeconds = (pid: number): number => treeCpu(pid)?.get('workerd') ?? 0;

interface Seat {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly socket: WebSocket;
  answered?: () => void;
}

/** Node's WebSocket (undici) also takes headers, which the Workers types do not know: here the client address. */
const NodeWebSocket = WebSocket as unknown as new (url: string, init: { protocols: string[]; headers: Record<string, string> }) => WebSocket;

/** Every seat of `TABLES` new tables sends its first decision, and opens its WebSocket. */
async function seatsOf(base: string): Promise<Seat[]> {
  const seats: Seat[] = [];
  for (let t = 0; t < TABLES; t++) {
    const res = await fetch(`${base}/api/tables`, {
      method: 'POST',
      // CREATE_LIMITER counts per client: each table from an address of its own.
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `2001:db8:${t.toString(16)}::1` },
      body: JSON.stringify({ name: 'post path', options: { games: 3 } }),
    });
    if (res.status !== 201) throw new Error(`POST /api/tables answered ${res.status}: ${await res.text()}`);
    const created = (await res.json()) as { tableId: string; seats: { token: string }[] };
    for (const [seat, { token }] of created.seats.entries()) {
      const url = `${base}/api/tables/${created.tableId}`;
      const headers = { authorization: `Bearer ${token}`, 'cf-connecting-ip': `2001:db8:${t.toString(16)}:${seat}::1` };
      const { version } = (await (await fetch(url, { headers })).json()) as { version: number };
      const body = JSON.stringify({ type: 'double', double: false, id: randomUUID(), version });
      const first = await fetch(`${url}/actions`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      if (first.status !== 200) throw new Error(`the first decision answered ${first.status}: ${await first.text()}`);
      const socket = await new Promise<WebSocket>((resolve, reject) => {
        const ws = new NodeWebSocket(`${base.replace(/^http/, 'ws')}/api/tables/${created.tableId}/ws`, {
          protocols: ['wallachen', `bearer.${token}`],
          headers: { 'cf-connecting-ip': headers['cf-connecting-ip'] },
        });
        ws.addEventListener('message', (event: MessageEvent) => {
          if ((JSON.parse(String(event.data)) as { type: string }).type === 'answer') entry.answered?.();
        });
        ws.addEventListener('open', () => resolve(ws));
        ws.addEventListener('error', () => reject(new Error('a WebSocket failed')));
      });
      const entry: Seat = { url, headers, body, socket };
      seats.push(entry);
    }
  }
  return seats;
}

type Kind = 'retriedPost' | 'retriedSocket' | 'health';

/** One slice of `kind` against the server at `base` (its process group `pid`): workerd's CPU ms per request. */
async function slice(base: string, pid: number, seats: readonly Seat[], kind: Kind): Promise<number> {
  const cpu0 = workerdSeconds(pid);
  const end = performance.now() + SLICE_MS;
  let requests = 0;
  await Promise.all(
    seats.map(async (seat) => {
      let next = performance.now() + Math.random() * (1000 / PER_SEAT_PER_SECOND);
      while (performance.now() < end) {
        if (kind !== 'health') {
          const wait = next - performance.now();
          if (wait > 0) await sleep(wait);
          next += 1000 / PER_SEAT_PER_SECOND;
          if (performance.now() >= end) break;
        }
        if (kind === 'retriedPost') {
          const res = await fetch(`${seat.url}/actions`, {
            method: 'POST',
            headers: { ...seat.headers, 'content-type': 'application/json' },
            body: seat.body,
          });
          if (res.status !== 200) throw new Error(`a retried POST answered ${res.status}: ${await res.text()}`);
          await res.text();
        } else if (kind === 'retriedSocket') {
          await new Promise<void>((resolve) => {
            seat.answered = resolve;
            seat.socket.send(JSON.stringify({ type: 'action', action: JSON.parse(seat.body) as unknown }));
          });
        } else {
          const res = await fetch(`${base}/api/health`);
          if (res.status !== 200) throw new Error(`GET /api/health answered ${res.status}`);
          await res.text();
        }
        requests++;
      }
    }),
  );
  return ((workerdSeconds(pid) - cpu0) * 1000) / requests;
}

/**
 * A Worker that only answers, laid out as local-server.ts lays out a server (`<name>/app`,
 * `<name>/state`) in the directory `root` of the project's server; with this project's
 * `[assets]` (its routing; a page of its own) when `assets`. Answers its directory.
 */
function bareWorker(root: string, name: string, assets: boolean): string {
  const app = join(root, name, 'app');
  mkdirSync(join(app, 'public'), { recursive: true });
  symlinkSync(join(root, 'app', 'node_modules'), join(app, 'node_modules'), 'junction');
  writeFileSync(join(app, 'index.js'), `export default { fetch: () => Response.json({ ok: true, version: '0' }) };\n`);
  writeFileSync(join(app, 'public', 'index.html'), '<!doctype html>\n');
  const toml = readFileSync(join(root, 'app', 'wrangler.toml'), 'utf8');
  const assetsSection = /^\[assets\]\n(?:(?!\[).*\n?)*/m.exec(toml)?.[0].replace(/directory = .*/, 'directory = "./public"') ?? '';
  const compatibility = /^compatibility_date = .*$/m.exec(toml)?.[0] ?? '';
  writeFileSync(join(app, 'wrangler.toml'), `name = "${name}"\nmain = "index.js"\n${compatibility}\n${assets ? `\n${assetsSection}` : ''}`);
  return join(root, name);
}

/** Prints the figures (see the top of this file). */
export async function postPathFigures(): Promise<void> {
  if (!existsSync('/proc/self/stat')) {
    note('no /proc here: CPU per request is measured on Linux only');
    return;
  }
  const server = await startServer({ label: LABEL, tempPrefix: 'wallachen-post-' });
  const bare: LocalServer[] = [];
  try {
    const seats = await seatsOf(server.base);
    for (const [name, assets] of [
      ['bare', false],
      ['bare-assets', true],
    ] as const) {
      bare.push(await launch(bareWorker(server.dir, name, assets), { label: `${LABEL} ${name}`, configs: ['wrangler.toml'] }));
    }
    const runs = new Map<string, number[]>();
    const add = (name: string, value: number) => runs.set(name, [...(runs.get(name) ?? []), value]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ['retriedPost', 'retriedSocket', 'health'] as const) {
        add(kind, await slice(server.base, server.child.pid!, seats, kind));
        await sleep(500);
      }
      add('bareWorker', await slice(bare[0]!.base, bare[0]!.child.pid!, seats, 'health'));
      add('bareWorkerAssets', await slice(bare[1]!.base, bare[1]!.child.pid!, seats, 'health'));
      note(`round ${round + 1}: ${[...runs].map(([name, values]) => `${name} ${values.at(-1)!.toFixed(3)}`).join(', ')} ms`);
    }
    report('worker.postPath.retriedPostCpuMs', median(runs.get('retriedPost')!), 'ms/request');
    report('worker.postPath.retriedSocketCpuMs', median(runs.get('retriedSocket')!), 'ms/message');
    report('worker.postPath.healthCpuMs', median(runs.get('health')!), 'ms/request');
    report('worker.postPath.bareWorkerCpuMs', median(runs.get('bareWorker')!), 'ms/request');
    report('worker.postPath.bareWorkerAssetsCpuMs', median(runs.get('bareWorkerAssets')!), 'ms/request');
  } catch (error) {
    process.stderr.write(`${server.output}\n`);
    throw error;
  } finally {
    for (const each of bare) await closeServer(each);
    await closeServer(server);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await postPathFigures();
