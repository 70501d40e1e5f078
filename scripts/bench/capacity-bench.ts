/**
 * The history's capacity, measured (docs/benchmarks.md, "History capacity"): synthetic
 * finished games written through the real writer (worker/history/writer.ts) inside workerd
 * (Miniflare, capacity-worker.ts) into local D1 and R2, persisted to a fresh folder. Per game:
 * the bytes of D1's pages that hold the index (SQLite's dbstat over the database file), the
 * bytes of the R2 objects, the rows D1 counts as written, and the write throughput. The same
 * games written as the layout before did (full records in D1, games_v1; the first 10,000 of
 * them, the per-game figures no longer change with more) give today's figures in the same
 * run, so the ratio holds on a noisy machine.
 *
 *   npm run bench:capacity                   100,000 games (see docs/benchmarks.md for how long)
 *   npm run bench:capacity -- --games 5000   a quick run
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { build } from 'esbuild';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { parseRecord, formatRecord } from '../../shared/notation.js';
import { GAMES_PER_TABLE, syntheticGame } from './capacity-games.js';
import { report } from './bench-line.js';

const gamesArg = process.argv.indexOf('--games');
const GAMES = gamesArg > 0 ? Number(process.argv[gamesArg + 1]) : 100_000;
if (!Number.isInteger(GAMES) || GAMES < GAMES_PER_TABLE) throw new Error(`--games must be a whole number, at least ${GAMES_PER_TABLE}`);
const LEGACY_GAMES = Math.min(GAMES, 10_000);
/** Games per request to the bench Worker: one request's work stays well under a minute (a request of 5,000 was cut off). */
const CHUNK = 1_000;

const root = new URL('../..', import.meta.url);
const at = (path: string) => new URL(path, root).pathname;

/** The hand-made games of test/engine/games: real records (auctions, tricks, settlements) to vary. */
const MODELS = readdirSync(at('test/engine/games/'))
  .filter((name) => name.endsWith('.txt'))
  .map((name) => {
    const parsed = parseRecord(readFileSync(at(`test/engine/games/${name}`), 'utf8'));
    if (!parsed.ok) throw new Error(`${name}: ${parsed.error.message}`);
    return parsed.value;
  });

const gzipBytes = async (text: string) =>
  (await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()).byteLength;
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

const started = performance.now();
const bundle = await build({
  entryPoints: [at('scripts/bench/capacity-worker.ts')],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  logLevel: 'warning',
});
const persist = mkdtempSync(join(tmpdir(), 'wallachen-capacity-'));
const mf = new Miniflare(
  convertV4MiniflareOptions({
    resourcePersistencePath: persist,
    modules: true,
    script: bundle.outputFiles[0]!.text,
    compatibilityDate: '2026-11-02',
    d1Databases: ['DB'],
    r2Buckets: ['RECORDS'],
  }),
);
try {
  const db = await mf.getD1Database('DB');
  for (const file of readdirSync(at('drizzle/'))
    .filter((name) => name.endsWith('.sql'))
    .sort())
    for (const statement of readFileSync(at(`drizzle/${file}`), 'utf8').split('--> statement-breakpoint'))
      if (statement.replaceAll(/--.*$/gm, '').trim() !== '') await db.prepare(statement).run();
  /**
   * Writes every game in the `layout`, a chunk per request; answers the seconds the Worker
   * took. On the shared machine (load 14 on 2 cores) the local connection to workerd was
   * closed under a request now and then ("other side closed", EPIPE), at a different chunk
   * each run; every write is idempotent, so such a chunk is sent again, and counted.
   */
  const writeAll = async (layout: 'tables' | 'records' | 'legacy', games: number) => {
    let seconds = 0;
    for (let from = 0; from < games; from += CHUNK) {
      const url = `http://bench/?layout=${layout}&from=${from}&count=${Math.min(CHUNK, games - from)}`;
      let res: Awaited<ReturnType<typeof mf.dispatchFetch>> | undefined;
      for (let attempt = 1; res === undefined; attempt++) {
        try {
          res = await mf.dispatchFetch(url, { method: 'POST', body: JSON.stringify(MODELS) });
        } catch (error) {
          if (attempt === 3) throw error;
          resent++;
          process.stderr.write(`\n${layout} ${from}: ${String(error)}; sent again\n`);
        }
      }
      if (!res.ok) throw new Error(`bench worker: HTTP ${res.status} ${await res.text()}`);
      seconds += ((await res.json()) as { seconds: number }).seconds;
      process.stderr.write(`\r${layout}: ${Math.min(from + CHUNK, games)} of ${games} written`);
    }
    process.stderr.write('\n');
    return seconds;
  };
  let resent = 0;
  // The tables' rows, the same in both layouts (the layout before refers to them): not counted per game.
  await writeAll('tables', GAMES);
  const seconds = await writeAll('records', GAMES);
  const legacySeconds = await writeAll('legacy', LEGACY_GAMES);

  // What D1 counts as written for one more game of each layout (its table's row and its indexes' rows).
  const probe = syntheticGame(MODELS, GAMES);
  const rowsWritten = (
    await db
      .prepare(
        'INSERT INTO games (table_id, deal_index, series, game_number, finished_at, declarer, contract, result) VALUES (?, ?, 1, 1, 0, 0, 0, 0)',
      )
      .bind('probe', probe.dealIndex)
      .run()
  ).meta.rows_written;
  await db.prepare("INSERT INTO tables (id, name, options, created_at) VALUES ('probe', 'p', '{}', '')").run();
  const legacyRowsWritten = (
    await db
      .prepare("INSERT INTO games_v1 (table_id, deal_index, game_number, record, settlement, finished_at) VALUES ('probe', 0, 1, ?, ?, ?)")
      .bind(JSON.stringify(probe), JSON.stringify(probe.settlement), probe.finishedAt)
      .run()
  ).meta.rows_written;

  const r2 = await mf.getR2Bucket('RECORDS');
  let r2Bytes = 0;
  let objects = 0;
  let cursor: string | undefined;
  do {
    const page = await r2.list({ prefix: 'games/', limit: 1000, ...(cursor === undefined ? {} : { cursor }) });
    for (const object of page.objects) r2Bytes += object.size;
    objects += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor !== undefined);
  if (objects !== GAMES) throw new Error(`R2 holds ${objects} records, not ${GAMES}`);
  await mf.dispose();

  // The pages of each layout's table and its indexes in the database file: what D1 bills as storage.
  const file = readdirSync(persist, { recursive: true, encoding: 'utf8' }).find(
    (name) => /D1DatabaseObject\/[^/]+\.sqlite$/.test(name) && !name.endsWith('metadata.sqlite'),
  );
  if (file === undefined) throw new Error(`no D1 database file under ${persist}`);
  const sqlite = new DatabaseSync(join(persist, file), { readOnly: true });
  const pages = (table: string) =>
    Number(
      (
        sqlite.prepare('SELECT sum(pgsize) AS bytes FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = ?)').get(table) as {
          bytes: number;
        }
      ).bytes,
    );
  const d1Bytes = pages('games');
  const legacyBytes = pages('games_v1');
  sqlite.close();

  // What the notation would take instead: the same records as text, gzipped (without seed, commitment and time).
  const sample = Array.from({ length: 200 }, (_, i) => syntheticGame(MODELS, i));
  const jsonGz = mean(await Promise.all(sample.map((game) => gzipBytes(JSON.stringify(game)))));
  const notationGz = mean(await Promise.all(sample.map((game) => gzipBytes(formatRecord(game)))));

  report('history.games', GAMES, 'games');
  report('history.d1BytesPerGame', d1Bytes / GAMES, 'B');
  report('history.r2BytesPerGame', r2Bytes / GAMES, 'B');
  report('history.d1RowsWrittenPerGame', rowsWritten, 'rows');
  report('history.writesPerSecond', GAMES / seconds, 'games/s');
  report('history.legacyD1BytesPerGame', legacyBytes / LEGACY_GAMES, 'B');
  report('history.legacyD1RowsWrittenPerGame', legacyRowsWritten, 'rows');
  report('history.legacyWritesPerSecond', LEGACY_GAMES / legacySeconds, 'games/s');
  report('history.d1BytesRatioToLegacy', d1Bytes / GAMES / (legacyBytes / LEGACY_GAMES), 'ratio');
  report('history.recordJsonGzipBytes', jsonGz, 'B');
  report('history.recordNotationGzipBytes', notationGz, 'B');
  report('history.benchSeconds', (performance.now() - started) / 1000, 's');
  report('history.chunksSentAgain', resent, 'requests');
} finally {
  await mf.dispose().catch(() => {});
  rmSync(persist, { recursive: true, force: true });
}
