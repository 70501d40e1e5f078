/**
 * A cold table's first answer and the Worker's own start (issue 24, point 4), one JSON line
 * per figure, {"bench", "value", "unit"}; notes go to stderr. `npm run bench:worker:cold`
 * runs it alone (after a build: wrangler serves web/dist); `coldTableFigures` is the part
 * `bench:worker` runs.
 *
 * It starts `wrangler dev` (scripts/dev/local-server.ts: a copy of the project, fresh local state,
 * loopback only), creates three tables and plays two of them through a whole series of
 * COLD_GAMES games (default 10, ≈250 actions) by random legal actions, by POST; the third
 * is dealt and left (no action). Then, COLD_RESTARTS times (default 7), it stops the runtime
 * and starts it again on the same state, so the Worker and every table's Durable Object
 * start from nothing but storage, and times from the client, each figure the median over the
 * restarts:
 * - worker.coldTableFirstAnswerMs: the first long table's seat's `GET /api/tables/{id}`, the
 *   runtime's first request for a table: the table's object is made, its storage opened,
 *   its series replayed from the log, its view built;
 * - worker.warmTableAnswerMs: the same GET again right after (the table in memory);
 * - worker.coldShortTableAnswerMs: then the third table's first GET: a table's object woken
 *   in a Worker already running, with no log to replay;
 * - worker.coldLongTableAnswerMs: then the other long table's first GET: the same with its
 *   series to replay (the difference to the one before is the replay's).
 * worker.coldTableActions: the actions the long tables took (median). COLD_PROFILE_RESTARTS
 * more restarts (default 3) take a CPU profile of the Worker's isolate (scripts/bench/cpu-profile.ts)
 * over the first long table's first GET (worker.coldTable…) and over the other's, woken
 * later (worker.coldLongTable…): …CpuMs the isolate's busy time, …LoadCpuMs the part inside
 * TableStore's `load` (its rows read, the migrations checked, the replay) and …ReplayCpuMs
 * inside `replaySeries` (the series through the engine), medians, the Worker built unminified
 * for these restarts so its functions keep their names. The profiles sample wall
 * time: on a busy machine their milliseconds run high, their shares stay fair.
 *
 * - worker.startupMs: the Worker's own start, its bundle parsed and its top level run, as
 *   `wrangler check startup` profiles it in workerd (the busy time of the profile, garbage
 *   collection included), the median of COLD_STARTUP_RUNS (default 5).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, report } from './bench-line.js';
import { startCpuProfile, summarize } from './cpu-profile.js';
import { closeServer, restartServer, runWrangler, startServer, type LocalServer } from '../dev/local-server.js';
import { candidates, pick, randomAction, type View } from '../dev/random-player.js';

const GAMES = Number(process.env.COLD_GAMES ?? 10);
const RESTARTS = Number(process.env.COLD_RESTARTS ?? 7);
const PROFILE_RESTARTS = Number(process.env.COLD_PROFILE_RESTARTS ?? 3);
const STARTUP_RUNS = Number(process.env.COLD_STARTUP_RUNS ?? 5);
/** COLD_PROFILE=<dir>: the profiles written there (open them in Chrome's DevTools). */
const PROFILE_DIR = process.env.COLD_PROFILE ?? '';
const LABEL = 'worker-cold';

const note = (text: string) => process.stderr.write(`${LABEL}: ${text}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Created {
  tableId: string;
  seats: { seat: number; token: string }[];
}

/** A seat's headers: its token, and a client address of its own (READ_LIMITER counts per client, as 3 players in 3 places). */
const seatHeaders = (table: Created, seat: number) => ({
  authorization: `Bearer ${table.seats[seat]!.token}`,
  'cf-connecting-ip': `2001:db8:${seat}::1`,
});

/** A request answered with JSON; a 429 is waited out (its Retry-After) and sent again. */
async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  for (;;) {
    const res = await fetch(url, init);
    if (res.status === 429) {
      await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
      continue;
    }
    const body = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body}`);
    return JSON.parse(body) as T;
  }
}

const createTable = (base: string, games: number) =>
  call<Created>(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'cold', options: { games, kontra: true, knock: true, tenTrickBid: true } }),
  });

/** Plays `table`'s series to its end by random legal actions; answers how many actions were taken. */
async function playSeries(base: string, table: Created): Promise<number> {
  const url = `${base}/api/tables/${table.tableId}`;
  let latest: View | null = null;
  let actions = 0;
  while (latest?.seriesOver !== true) {
    const seats = candidates(latest);
    if (seats.length === 0) throw new Error(`nobody may act in phase ${latest?.phase}`);
    const seat = pick(seats);
    const mine = await call<View>(url, { headers: seatHeaders(table, seat) });
    const action = randomAction(mine);
    latest = mine;
    if (action === undefined) continue; // the public view said this seat might act; it may not
    latest = await call<View>(`${url}/actions`, {
      method: 'POST',
      headers: { ...seatHeaders(table, seat), 'content-type': 'application/json' },
      body: JSON.stringify({ ...action, version: mine.version }),
    });
    actions++;
  }
  return actions;
}

/** How long a GET of `table`'s view as seat 0 takes, from the client. */
async function timedView(base: string, table: Created): Promise<number> {
  const started = performance.now();
  await call<View>(`${base}/api/tables/${table.tableId}`, { headers: seatHeaders(table, 0) });
  return performance.now() - started;
}

/** The Worker's start as `wrangler check startup` profiles it in workerd, in the copy of the project at `app`: busy ms. */
async function startupMs(app: string): Promise<number> {
  const outfile = join(app, '..', 'startup.cpuprofile');
  await runWrangler(app, ['check', 'startup', '--outfile', outfile]);
  return summarize(JSON.parse(readFileSync(outfile, 'utf8')), []).total;
}

/** A CPU profile of the Worker's isolate over `run`: busy ms, and the ms inside TableStore's `load` and inside `replaySeries`. */
async function profiled(server: LocalServer, name: string, run: () => Promise<unknown>): Promise<{ busy: number; load: number; replay: number }> {
  const profiling = await startCpuProfile(server.inspectorPort);
  await run();
  const profile = await profiling.stop();
  if (PROFILE_DIR !== '') writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
  const { total, inside } = summarize(profile, ['load', 'replaySeries']);
  const within = new Map(inside);
  return { busy: total, load: within.get('load') ?? 0, replay: within.get('replaySeries') ?? 0 };
}

/** Prints the figures (see the top of this file). */
export async function coldTableFigures(): Promise<void> {
  let server: LocalServer = await startServer({ label: LABEL, tempPrefix: 'wallachen-cold-' });
  try {
    const [long, other, short] = [
      await createTable(server.base, GAMES),
      await createTable(server.base, GAMES),
      await createTable(server.base, GAMES),
    ];
    await timedView(server.base, short!); // dealt: its first game waits for the doubling
    const started = performance.now();
    const actions = [await playSeries(server.base, long!), await playSeries(server.base, other!)];
    note(`2 × ${GAMES} games, ${actions.join(' and ')} actions played in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // Let the history reach D1 before the runtime stops: a restarted table has no outbox to send.
    await sleep(1000);

    const figures = { cold: [] as number[], warm: [] as number[], short: [] as number[], long: [] as number[] };
    for (let i = 0; i < RESTARTS; i++) {
      server = await restartServer(server, { label: LABEL });
      const times = {
        cold: await timedView(server.base, long!),
        warm: await timedView(server.base, long!),
        short: await timedView(server.base, short!),
        long: await timedView(server.base, other!),
      };
      for (const key of ['cold', 'warm', 'short', 'long'] as const) figures[key].push(times[key]);
      note(
        `restart ${i + 1}: first GET ${times.cold.toFixed(1)} ms, second ${times.warm.toFixed(1)} ms; then woken: a table without actions ${times.short.toFixed(1)} ms, another long one ${times.long.toFixed(1)} ms`,
      );
    }
    report('worker.coldTableActions', median(actions), 'actions');
    report('worker.coldTableFirstAnswerMs', median(figures.cold), 'ms');
    report('worker.warmTableAnswerMs', median(figures.warm), 'ms');
    report('worker.coldShortTableAnswerMs', median(figures.short), 'ms');
    report('worker.coldLongTableAnswerMs', median(figures.long), 'ms');

    const profiles = { first: [] as Awaited<ReturnType<typeof profiled>>[], long: [] as Awaited<ReturnType<typeof profiled>>[] };
    for (let i = 0; i < PROFILE_RESTARTS; i++) {
      // Unminified: the profile finds `replaySeries` by its name (a method's name, `load`, survives minifying; a function's does not).
      server = await restartServer(server, { label: LABEL, unminified: true, inspector: true });
      profiles.first.push(await profiled(server, `first-${i + 1}`, () => timedView(server.base, long!)));
      await timedView(server.base, short!);
      profiles.long.push(await profiled(server, `woken-later-${i + 1}`, () => timedView(server.base, other!)));
      const say = (p: Awaited<ReturnType<typeof profiled>>) =>
        `${p.busy.toFixed(1)} ms busy, load ${p.load.toFixed(1)}, replay ${p.replay.toFixed(1)}`;
      note(`profile ${i + 1}: the first GET ${say(profiles.first.at(-1)!)}; another long table woken later ${say(profiles.long.at(-1)!)}`);
    }
    for (const [name, runs] of [
      ['coldTable', profiles.first],
      ['coldLongTable', profiles.long],
    ] as const) {
      if (runs.length === 0) continue;
      report(`worker.${name}CpuMs`, median(runs.map((p) => p.busy)), 'ms');
      report(`worker.${name}LoadCpuMs`, median(runs.map((p) => p.load)), 'ms');
      report(`worker.${name}ReplayCpuMs`, median(runs.map((p) => p.replay)), 'ms');
    }

    const startups: number[] = [];
    for (let i = 0; i < STARTUP_RUNS; i++) startups.push(await startupMs(join(server.dir, 'app')));
    note(`startup runs: ${startups.map((ms) => ms.toFixed(1)).join(', ')} ms`);
    report('worker.startupMs', median(startups), 'ms');
  } catch (error) {
    process.stderr.write(`${server.output}\n`);
    throw error;
  } finally {
    await closeServer(server);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await coldTableFigures();
