/**
 * The history outbox: what a table writes to its history (the table itself to D1, each
 * finished game's record to R2 and its index row to D1: writer.ts) is queued in the table's
 * own storage with the change that produced it, then written. A write
 * that fails is retried on its own schedule with jitter, so that after an outage the
 * tables of a deployment do not all retry in the same second, and other rows go on
 * meanwhile: one bad row never blocks the rows behind it (every write is idempotent and
 * none depends on another having landed). After a day of failures a row becomes a dead
 * letter: kept, no longer retried, listed for an operator who can replay it (docs/deploying.md,
 * "History in D1 and dead letters").
 */
import type { GameHistory, History, TableHistory } from './writer.js';
import { reasonOf } from '../model/log-reasons.js';
import { RetryQueue, type Queued } from '../storage/retry-queue.js';
import type { OpsMetrics } from '../ops/metrics.js';

/** A row that still fails this long after it was queued is given up on (a dead letter). */
export const OUTBOX_GIVE_UP_MS = 24 * 3_600_000;

/** 5 s after the first failure, doubling up to 10 minutes; each delay drawn between half and all of it. */
export function outboxRetryDelay(attempts: number, random: number = Math.random()): number {
  const ceiling = Math.min(5_000 * 2 ** attempts, 600_000);
  return Math.round(ceiling * (0.5 + random / 2));
}

/** A row of the outbox: the table's own, or a finished game's. */
export type OutboxRow = Queued & { readonly kind: 'table' | 'game' };

export class HistoryOutbox {
  private flushing = false;
  private readonly queue: RetryQueue<Pick<OutboxRow, 'kind'>>;

  constructor(
    sql: SqlStorage,
    private readonly history: History,
    private readonly tableId: () => string,
    /** Counts each dead letter for the operator (ops/metrics.ts). */
    private readonly metrics: OpsMetrics,
  ) {
    this.queue = new RetryQueue(sql, 'outbox', ['kind'], (r) => ({ kind: r.kind as OutboxRow['kind'] }));
  }

  /** Queues the table's own row; inside the caller's transaction. */
  queueTable(table: TableHistory, now: number): void {
    this.queue.add(JSON.stringify(table), { kind: 'table' }, now);
  }

  /** Queues a finished game; inside the caller's transaction. */
  queueGame(game: GameHistory, now: number): void {
    this.queue.add(JSON.stringify(game), { kind: 'game' }, now);
  }

  /** When the next row is due (not read while a flush runs: it reschedules when it ends); null when none waits. */
  nextDueAt(): number | null {
    return this.flushing ? null : this.queue.nextDueAt();
  }

  /** Rows waiting to be written, dead letters included (for tests and monitoring). */
  pending(): number {
    return this.queue.count();
  }

  /** Writes every due row, each on its own: a failure postpones that row only. */
  async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      for (const row of this.queue.due(Date.now())) await this.write(row);
    } finally {
      this.flushing = false;
    }
  }

  private async write(row: OutboxRow): Promise<void> {
    try {
      const payload: unknown = JSON.parse(row.payload);
      if (row.kind === 'table') await this.history.writeTable(payload as TableHistory);
      else await this.history.writeGame(payload as GameHistory);
      this.queue.done(row.id);
    } catch (error) {
      // The payload holds a finished game's cards: log only what failed, never the payload.
      const reason = reasonOf(error);
      const what = `table ${this.tableId()}: history write ${row.kind} #${row.id}`;
      const now = Date.now();
      if (now - row.queuedAt >= OUTBOX_GIVE_UP_MS) {
        this.queue.bury(row.id, reason);
        this.metrics.count(['dead_letter', row.kind]);
        console.error(`${what} failed for a day (attempt ${row.attempts + 1}): ${reason}; kept as a dead letter for an operator to replay`);
        return;
      }
      const delay = outboxRetryDelay(row.attempts);
      this.queue.retry(row.id, now + delay, reason, true);
      console.warn(`${what} failed (attempt ${row.attempts + 1}): ${reason}; next attempt in ${Math.round(delay / 1000)} s`);
    }
  }

  /** The dead letters, for an operator: which rows, since when, and why (never the payload). */
  deadLetters(): { id: number; kind: OutboxRow['kind']; attempts: number; queuedAt: string; lastError: string | null }[] {
    return this.queue.deadLetters().map((row) => ({
      id: row.id,
      kind: row.kind,
      attempts: row.attempts,
      queuedAt: new Date(row.queuedAt).toISOString(),
      lastError: row.lastError,
    }));
  }

  /** Puts the dead letters back in line, due now, with a fresh day; answers how many. */
  revive(now: number): number {
    return this.queue.revive(now);
  }
}
