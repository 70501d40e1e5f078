/**
 * A table's own limits on what it sends, kept in its SQLite storage beside its queue:
 * whoever holds a table's links can make it act, and each action may mail and post
 * webhooks; these cap what one table can send, whatever the receivers (each mail address
 * has its own limit too, mail/address-object.ts).
 */

type Row = Record<string, SqlStorageValue>;

export class SendBudget {
  /** `table`: the SQL table counting the sends (a fixed name, never from input). */
  constructor(
    private readonly sql: SqlStorage,
    private readonly table: 'mail_sends' | 'webhook_sends',
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /**
   * Takes one send of the current window, or answers false when it is spent. Check and
   * count in one synchronous step: no other attempt of the table runs in between.
   */
  take(now: number): boolean {
    this.sql.exec(`DELETE FROM ${this.table} WHERE at <= ?`, now - this.windowMs);
    const sent = this.sql.exec<Row>(`SELECT COUNT(*) AS n FROM ${this.table}`).one().n as number;
    if (sent >= this.limit) return false;
    this.sql.exec(`INSERT INTO ${this.table} (at) VALUES (?)`, now);
    return true;
  }

  /** When the oldest send of the window leaves it: the next time one may be taken. */
  nextFreeAt(now: number): number {
    const oldest = this.sql.exec<Row>(`SELECT MIN(at) AS at FROM ${this.table}`).one().at as number | null;
    return oldest === null ? now : oldest + this.windowMs + 1;
  }

  /** Gives back a send taken at `at` that was not made after all (refused by its address, or the binding failed). */
  giveBack(at: number): void {
    this.sql.exec(`DELETE FROM ${this.table} WHERE rowid = (SELECT rowid FROM ${this.table} WHERE at = ? LIMIT 1)`, at);
  }
}
