/**
 * What a table's storage costs, counted from the runtime itself: every SQL statement's cursor
 * says how many rows it read and wrote (`rowsRead`, `rowsWritten`: what Durable Objects bill,
 * index entries, `sqlite_sequence` and the schema's own rows included), and every `setAlarm`
 * is billed as a row written. The meter hands the table's parts an SqlStorage whose `exec`
 * keeps each cursor until the meter adds it up (`settle`), so nothing has to remember to count.
 *
 * A cursor is added up when the meter next settles: at the end of a measured section, or when
 * the totals are asked for. Every reader here consumes its cursor at once (`toArray`, `one`,
 * a loop), in the same synchronous step, so no rows are read after they were added up.
 */

/** Rows the runtime counted. */
export interface Rows {
  readonly read: number;
  readonly written: number;
}

/** What the instance's storage did since it started: in all, and by what it was for. */
export interface MeterReport {
  /** When this instance started counting (ISO): an eviction starts from nothing. */
  readonly since: string;
  readonly total: Rows;
  /** `setAlarm` calls (each billed as a row written, and in `total.written`). */
  readonly alarmsSet: number;
  /** By what the rows were for: a change's type or action ("action:card"), "wake" (the table read once per instance). */
  readonly byKind: Readonly<Record<string, Rows & { readonly count: number }>>;
}

export class RowMeter {
  /** The storage the table's parts use: the runtime's, with every cursor kept for the meter. */
  readonly sql: SqlStorage;
  private open: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
  private read = 0;
  private written = 0;
  private alarms = 0;
  private readonly kinds = new Map<string, { count: number; read: number; written: number }>();
  private readonly since = new Date().toISOString();

  constructor(raw: SqlStorage) {
    const keep = (cursor: SqlStorageCursor<Record<string, SqlStorageValue>>) => {
      // Cursors of earlier steps were consumed in their step: added up now, the list stays short.
      if (this.open.length >= 256) this.settle();
      this.open.push(cursor);
    };
    this.sql = {
      exec: (query: string, ...bindings: unknown[]) => {
        const cursor = raw.exec(query, ...bindings);
        keep(cursor);
        return cursor;
      },
      get databaseSize() {
        return raw.databaseSize;
      },
      Cursor: raw.Cursor,
      Statement: raw.Statement,
    } as SqlStorage;
  }

  /** A `setAlarm` call: billed as one row written. */
  alarmSet(): void {
    this.alarms++;
    this.written++;
  }

  /** Runs `run` and answers what it read and wrote (synchronous: nothing else runs meanwhile). */
  measure<T>(run: () => T): { value: T; rows: Rows } {
    this.settle();
    const read = this.read;
    const written = this.written;
    const value = run();
    this.settle();
    return { value, rows: { read: this.read - read, written: this.written - written } };
  }

  /** Counts `rows` under `kind` (they are in the totals already). */
  attribute(kind: string, rows: Rows): void {
    const entry = this.kinds.get(kind) ?? { count: 0, read: 0, written: 0 };
    entry.count++;
    entry.read += rows.read;
    entry.written += rows.written;
    this.kinds.set(kind, entry);
  }

  report(): MeterReport {
    this.settle();
    return {
      since: this.since,
      total: { read: this.read, written: this.written },
      alarmsSet: this.alarms,
      byKind: Object.fromEntries([...this.kinds].map(([kind, rows]) => [kind, { ...rows }])),
    };
  }

  private settle(): void {
    for (const cursor of this.open) {
      this.read += cursor.rowsRead;
      this.written += cursor.rowsWritten;
    }
    this.open = [];
  }
}
