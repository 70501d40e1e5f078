/**
 * The mails an address's replies earned (model/limits.ts EARNED_MAILS_PER_REPLY), kept in
 * its Durable Object's storage (address-object.ts, table `earned`): a reply from the seat's
 * confirmed address earns its answer and the seat's next turn mail outside the hourly limit,
 * at most EARNED_MAILS_PER_REPLY owed by one table at a time, each for an hour, and at most
 * EARNED_MAILS_PER_HOUR sent in an hour over all tables.
 */
import { EARNED_MAILS_PER_HOUR, EARNED_MAILS_PER_REPLY } from '../../model/limits.js';

const HOUR_MS = 3_600_000;

type Row = Record<string, SqlStorageValue>;

/** `tableId` took a reply from the address: it owes the address up to EARNED_MAILS_PER_REPLY mails now. */
export function earnMails(sql: SqlStorage, tableId: string, now: number): void {
  sql.exec('DELETE FROM earned WHERE at <= ?', now - HOUR_MS);
  const owed = sql.exec<Row>('SELECT COUNT(*) AS n FROM earned WHERE table_id = ?', tableId).one().n as number;
  for (let i = owed; i < EARNED_MAILS_PER_REPLY; i++) sql.exec('INSERT INTO earned (at, table_id) VALUES (?, ?)', now, tableId);
}

/** Takes one of the mails `tableId` owes the address, counted as `earned` among its sends, within EARNED_MAILS_PER_HOUR; false: none. */
export function takeEarnedMail(sql: SqlStorage, tableId: string, now: number): boolean {
  sql.exec('DELETE FROM earned WHERE at <= ?', now - HOUR_MS);
  const credit = sql.exec<Row>('SELECT rowid AS id FROM earned WHERE table_id = ? ORDER BY at LIMIT 1', tableId).toArray()[0];
  if (credit === undefined) return false;
  sql.exec('DELETE FROM sends WHERE at <= ?', now - HOUR_MS);
  const earned = sql.exec<Row>("SELECT COUNT(*) AS n FROM sends WHERE kind = 'earned'").one().n as number;
  if (earned >= EARNED_MAILS_PER_HOUR) return false;
  sql.exec('DELETE FROM earned WHERE rowid = ?', credit.id as number);
  sql.exec("INSERT INTO sends (at, table_id, kind) VALUES (?, ?, 'earned')", now, tableId);
  return true;
}
