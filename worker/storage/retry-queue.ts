/**
 * One retry queue, used twice: the history outbox (history/outbox.ts: rows for D1) and the
 * deliveries (notifications/deliveries.ts: webhook posts, mails and pushes). A row is queued
 * in the table's own storage inside the change that caused it (so nothing is lost with a
 * crash), attempted when due, and after a failure tried again when its user's schedule says,
 * or given up on: dropped, or kept as a dead letter for an operator. Each row goes on its own:
 * one that keeps failing holds up none behind it.
 *
 * Both tables have the queue's columns (storage/migrations.ts): id, payload, attempts,
 * next_attempt_at, last_error, queued_at, dead; and columns of their own, named by the user.
 * Every statement binds its values; table and column names come from the code, never a request.
 */

type Row = Record<string, SqlStorageValue>;

/** A queued row as the queue keeps it. */
export interface Queued {
  readonly id: number;
  readonly payload: string;
  /** Attempts counted so far. */
  readonly attempts: number;
  readonly nextAttemptAt: number;
  /** When it was queued (ms), or revived: what a user gives up after. */
  readonly queuedAt: number;
  readonly lastError: string | null;
}

export class RetryQueue<Own extends object> {
  private readonly columns: string;

  constructor(
    private readonly sql: SqlStorage,
    private readonly table: 'outbox' | 'deliveries',
    /** The user's own columns, read into `Own` by `read`. */
    private readonly own: readonly string[],
    private readonly read: (row: Row) => Own,
  ) {
    this.columns = ['id', 'payload', 'attempts', 'next_attempt_at', 'queued_at', 'last_error', ...own].join(', ');
  }

  /** Queues `payload`, due `at`, with the user's own columns; inside the caller's transaction. */
  add(payload: string, own: Readonly<Record<string, SqlStorageValue>>, at: number): void {
    const names = Object.keys(own);
    if (names.some((name) => !this.own.includes(name))) throw new Error(`${this.table}: unknown columns ${names.join(', ')}`);
    this.sql.exec(
      `INSERT INTO ${this.table} (payload, next_attempt_at, queued_at${names.map((n) => `, ${n}`).join('')}) VALUES (?, ?, ?${', ?'.repeat(names.length)})`,
      payload,
      at,
      at,
      ...Object.values(own),
    );
  }

  /** The rows due at `now` (dead letters excluded), oldest first, at most `limit`. */
  due(now: number, limit = -1): (Queued & Own)[] {
    return this.rows('dead = 0 AND next_attempt_at <= ? ORDER BY id LIMIT ?', now, limit);
  }

  /** The dead letters, oldest first. */
  deadLetters(): (Queued & Own)[] {
    return this.rows('dead = 1 ORDER BY id');
  }

  /** When the next live row is due, without reading a payload; null when none waits. */
  nextDueAt(): number | null {
    return (this.sql.exec<Row>(`SELECT MIN(next_attempt_at) AS at FROM ${this.table} WHERE dead = 0`).one().at as number | null) ?? null;
  }

  /** Rows queued, dead letters included. */
  count(): number {
    return this.sql.exec<Row>(`SELECT COUNT(*) AS n FROM ${this.table}`).one().n as number;
  }

  /** An attempt begins: counted, and the row held back until `until`, so that one cut short by a crash is made again then. */
  lease(id: number, until: number): void {
    this.sql.exec(`UPDATE ${this.table} SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?`, until, id);
  }

  /** Held back until `until` without an attempt counted (a budget spent). */
  hold(id: number, until: number): void {
    this.sql.exec(`UPDATE ${this.table} SET next_attempt_at = ? WHERE id = ?`, until, id);
  }

  /** Done with: made, or dropped. */
  done(id: number): void {
    this.sql.exec(`DELETE FROM ${this.table} WHERE id = ?`, id);
  }

  /** An attempt failed with `error`: tried again at `at`; `count`: the attempt is counted here (not leased before). */
  retry(id: number, at: number, error: string, count: boolean): void {
    this.sql.exec(`UPDATE ${this.table} SET attempts = attempts + ?, next_attempt_at = ?, last_error = ? WHERE id = ?`, count ? 1 : 0, at, error, id);
  }

  /** Given up on, kept as a dead letter with its last error (the failed attempt counted). */
  bury(id: number, error: string): void {
    this.sql.exec(`UPDATE ${this.table} SET dead = 1, attempts = attempts + 1, last_error = ? WHERE id = ?`, error, id);
  }

  /** Dead letters back in line, due at `now`, counted from `now` again; answers how many. */
  revive(now: number): number {
    return this.sql.exec(`UPDATE ${this.table} SET dead = 0, next_attempt_at = ?, queued_at = ? WHERE dead = 1`, now, now).rowsWritten;
  }

  private rows(where: string, ...params: SqlStorageValue[]): (Queued & Own)[] {
    return this.sql
      .exec<Row>(`SELECT ${this.columns} FROM ${this.table} WHERE ${where}`, ...params)
      .toArray()
      .map((r) => ({
        id: r.id as number,
        payload: r.payload as string,
        attempts: r.attempts as number,
        nextAttemptAt: r.next_attempt_at as number,
        // Rows queued before it was kept count from their next attempt.
        queuedAt: (r.queued_at as number | null) ?? (r.next_attempt_at as number),
        lastError: r.last_error as string | null,
        ...this.read(r),
      }));
  }
}
