/**
 * A table's own limit on mail, kept in its SQLite storage beside its queue: whoever holds
 * a table's links can make it act, and each action may mail; this caps what one table can
 * send, whatever the addresses (each address has its own limit too, address-object.ts).
 */

/** At most this many mails per table per hour, confirmations included. */
export const TABLE_MAILS_PER_HOUR = 30;

const HOUR_MS = 3_600_000;

type Row = Record<string, SqlStorageValue>;

export class MailBudget {
  private created = false;

  constructor(private readonly sql: SqlStorage) {}

  /**
   * Takes one mail of this hour's budget, or answers false when it is spent. Check and
   * count in one synchronous step: no other attempt of the table runs in between.
   */
  take(now: number): boolean {
    this.create();
    this.sql.exec('DELETE FROM mail_sends WHERE at <= ?', now - HOUR_MS);
    const sent = this.sql.exec<Row>('SELECT COUNT(*) AS n FROM mail_sends').one().n as number;
    if (sent >= TABLE_MAILS_PER_HOUR) return false;
    this.sql.exec('INSERT INTO mail_sends (at) VALUES (?)', now);
    return true;
  }

  /** Gives back a mail taken at `at` that was not sent after all (refused by its address, or the binding failed). */
  giveBack(at: number): void {
    this.create();
    this.sql.exec('DELETE FROM mail_sends WHERE rowid = (SELECT rowid FROM mail_sends WHERE at = ? LIMIT 1)', at);
  }

  /** Created on first use, in tables made before it too (nothing is written before a table mails). */
  private create(): void {
    if (this.created) return;
    this.sql.exec('CREATE TABLE IF NOT EXISTS mail_sends (at INTEGER NOT NULL)');
    this.created = true;
  }
}
