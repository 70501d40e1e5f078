/**
 * `npm run bench:rows`: what a table's Durable Object storage writes and reads, as the runtime
 * counts and bills it (each statement's rowsWritten and rowsRead, a setAlarm a row written:
 * worker/storage/row-meter.ts), from whole games played in workerd:
 *
 * - test/worker/storage-rows.test.ts: a series of three games by POST with client ids and one
 *   over the sockets (as the web app plays), random legal moves; the table then evicted and
 *   woken by a view;
 * - test/worker/game-by-mail.test.ts: a game played from the turn mails alone, by reply,
 *   briskly and slowly; the same game on the page with every seat mailed its turns.
 *
 * The games are those the tests play (which hold the bars: at most 1.2 rows written per action
 * in steady play); this script runs them and prints their figures as JSON lines.
 */
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { report } from './bench-line.js';

const FILES = ['test/worker/storage-rows.test.ts', 'test/worker/game-by-mail.test.ts'];

interface Figure {
  readonly figure: string;
  readonly [key: string]: unknown;
}

const run = spawnSync('npx', ['vitest', 'run', '--project', 'worker', ...FILES], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const output = stripVTControlCharacters(`${run.stdout}\n${run.stderr}`);
if (run.status !== 0) {
  console.error(output.slice(-4000));
  throw new Error(`the games' tests failed (exit ${run.status})`);
}
const figures: Figure[] = output
  .split('\n')
  .filter((line) => line.startsWith('{"figure"'))
  .map((line) => JSON.parse(line) as Figure);
const named = (figure: string) => figures.filter((f) => f.figure === figure);

for (const series of named('tableRows')) {
  const { how, actions, games, rowsWrittenAfterCreation, rowsWrittenByCreation, rowsReadPerWake } = series as unknown as {
    how: string;
    actions: number;
    games: number;
    rowsWrittenAfterCreation: number;
    rowsWrittenByCreation: number;
    rowsReadPerWake: number;
  };
  report(`server.doRowsWrittenPerAction.${how}`, rowsWrittenAfterCreation / actions, 'rows');
  report(`server.doRowsWrittenPerGame.${how}`, rowsWrittenAfterCreation / games, 'rows');
  report(`server.doRowsWrittenPerTable.${how}`, rowsWrittenByCreation, 'rows');
  report(`server.doRowsReadPerWake.${how}`, rowsReadPerWake, 'rows');
}
const perMove: Record<string, string> = {
  mailsPerSeatPerGameByMail: 'mailReply',
  mailsPerSeatPerGameByMailSlowly: 'mailReplySlowly',
  mailsPerSeatPerGameOnThePage: 'pageWithTurnMails',
};
for (const [figure, how] of Object.entries(perMove))
  for (const found of named(figure)) report(`server.doRowsWrittenPerAction.${how}`, found.tableRowsWrittenPerMove as number, 'rows');
if (figures.length < 5) throw new Error(`expected the games' figures, found ${figures.length}`);
