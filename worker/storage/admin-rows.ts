/**
 * What the table admin's commands keep in the table's SQLite storage (API.md "Table admin"):
 * the pauses, the seat tokens replaced by a rotation (so that an old link is told why it no
 * longer works), where each series after the first starts in the log, when the table ended,
 * and the changed seats and options. Every statement binds its parameters.
 */
import type { Seat } from '../../shared/options.js';
import { type SeatSettings, type LinkOwner, type Pause, type SeriesStart } from '../model/table.js';

/** How many replaced links a table remembers (README, "Security"): older ones answer 403 like any stranger's. */
export const REMEMBERED_REVOKED_TOKENS = 50;

type Row = Record<string, SqlStorageValue>;

export class AdminStorage {
  constructor(private readonly sql: SqlStorage) {}

  pauses(): Pause[] {
    return this.sql
      .exec<Row>('SELECT paused_from, paused_until FROM pauses ORDER BY id')
      .toArray()
      .map((r) => ({ from: r.paused_from as number, until: r.paused_until as number | null }));
  }

  /**
   * A pause from `at` on. The pauses that ended by `clockStart` (the owed move's clock) go
   * first: no clock reads them again (shared/deadline.ts, stopsReadFrom).
   */
  pause(at: number, clockStart: number): void {
    this.sql.exec('DELETE FROM pauses WHERE paused_until <= ?', clockStart);
    this.sql.exec('INSERT INTO pauses (paused_from, paused_until) VALUES (?, NULL)', at);
  }

  resume(at: number): void {
    this.sql.exec('UPDATE pauses SET paused_until = ? WHERE paused_until IS NULL', at);
  }

  /** Whose link `hash` was before it was replaced, or null when it never was one (or is forgotten). */
  replacedOwner(hash: string): LinkOwner | null {
    const owner = this.sql.exec<Row>('SELECT owner FROM replaced_links WHERE hash = ?', hash).toArray()[0]?.owner as string | undefined;
    if (owner === undefined) return null;
    return owner === 'spectator' || owner === 'admin' ? owner : (Number(owner) as Seat);
  }

  /**
   * `owner`'s link `oldHash` becomes `next` (role: what the tokens table says of an admin's
   * row): the old one is remembered as replaced, the newest REMEMBERED_REVOKED_TOKENS kept.
   */
  replaceToken(owner: LinkOwner, oldHash: string, next: { hash: string; nonce: string }, at: number): void {
    const seat = typeof owner === 'number' ? owner : null;
    this.sql.exec('DELETE FROM tokens WHERE hash = ?', oldHash);
    this.sql.exec(
      'INSERT INTO tokens (hash, seat, nonce, role) VALUES (?, ?, ?, ?)',
      next.hash,
      seat,
      next.nonce,
      owner === 'admin' ? 'admin' : null,
    );
    this.sql.exec('INSERT OR REPLACE INTO replaced_links (hash, owner, replaced_at) VALUES (?, ?, ?)', oldHash, String(owner), at);
    this.sql.exec(
      'DELETE FROM replaced_links WHERE hash NOT IN (SELECT hash FROM replaced_links ORDER BY replaced_at DESC, rowid DESC LIMIT ?)',
      REMEMBERED_REVOKED_TOKENS,
    );
  }

  /** The series after the first, oldest first. */
  seriesStarts(): SeriesStart[] {
    return this.sql
      .exec<Row>('SELECT series, first_deal, first_version, started_at FROM series_starts ORDER BY series')
      .toArray()
      .map((r) => ({
        series: r.series as number,
        firstDeal: r.first_deal as number,
        firstVersion: r.first_version as number,
        startedAt: r.started_at as string,
      }));
  }

  saveSeriesStart(start: SeriesStart): void {
    this.sql.exec(
      'INSERT INTO series_starts (series, first_deal, first_version, started_at) VALUES (?, ?, ?, ?)',
      start.series,
      start.firstDeal,
      start.firstVersion,
      start.startedAt,
    );
  }

  endedAt(): string | null {
    return (this.sql.exec<Row>('SELECT at FROM ended WHERE id = 1').toArray()[0]?.at as string | undefined) ?? null;
  }

  end(at: string): void {
    this.sql.exec('INSERT OR IGNORE INTO ended (id, at) VALUES (1, ?)', at);
  }

  saveSeats(seats: readonly SeatSettings[]): void {
    this.sql.exec('UPDATE settings SET seats = ? WHERE id = 1', JSON.stringify(seats));
  }

  saveVacationHours(hours: number): void {
    this.sql.exec('UPDATE settings SET vacation_hours = ? WHERE id = 1', hours);
  }

  saveChat(on: boolean): void {
    this.sql.exec('UPDATE settings SET chat = ? WHERE id = 1', on ? 1 : 0);
  }
}
