/**
 * What a table keeps of each seat in its storage besides its link (storage/migrations.ts
 * has the schema): where the seat is told (its notification settings), its presence (a turn
 * mail unread, when it last acted, a turn mail put off), the reminders it had, its vacations,
 * its own preferences and how fast it moves. Every statement binds its parameters.
 */
import type { Seat } from '../../shared/options.js';
import type { DeferredTurnMail, MailLanguage, MailMode, Notifications, VacationRow } from '../model/table.js';

type Row = Record<string, SqlStorageValue>;

export class SeatRows {
  constructor(private readonly sql: SqlStorage) {}

  notifications(seat: Seat): Notifications {
    const row = this.sql.exec<Row>('SELECT * FROM notifications WHERE seat = ?', seat).toArray()[0];
    return {
      email: (row?.email as string | null | undefined) ?? null,
      webhookUrl: (row?.webhook_url as string | null | undefined) ?? null,
      webhookSecret: (row?.webhook_secret as string | null | undefined) ?? null,
      lang: (row?.lang as MailLanguage | null | undefined) ?? null,
      webhookDisabledAt: (row?.webhook_disabled_at as string | null | undefined) ?? null,
      mail: (row?.mail as MailMode | null | undefined) ?? 'turn',
    };
  }

  saveNotifications(seat: Seat, n: Notifications): void {
    this.sql.exec(
      `INSERT INTO notifications (seat, email, webhook_url, webhook_secret, lang, webhook_disabled_at, mail) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (seat) DO UPDATE SET email = excluded.email, webhook_url = excluded.webhook_url, webhook_secret = excluded.webhook_secret,
         lang = excluded.lang, webhook_disabled_at = excluded.webhook_disabled_at, mail = excluded.mail`,
      seat,
      n.email,
      n.webhookUrl,
      n.webhookSecret,
      n.lang ?? null,
      n.webhookDisabledAt ?? null,
      n.mail ?? 'turn',
    );
  }

  /** The seats with a turn mail they have not read (not visited the table since it was sent). */
  unreadTurnMails(): Set<Seat> {
    return this.seatsOf('SELECT seat FROM unread_turn_mail');
  }

  /** The seats a query without parameters answers (its rows' `seat`). */
  private seatsOf(query: string): Set<Seat> {
    return new Set(
      this.sql
        .exec<Row>(query)
        .toArray()
        .map((r) => r.seat as Seat),
    );
  }

  markTurnMailUnread(seat: Seat, at: number): void {
    this.sql.exec('INSERT INTO unread_turn_mail (seat, sent_at) VALUES (?, ?) ON CONFLICT (seat) DO UPDATE SET sent_at = excluded.sent_at', seat, at);
  }

  markTurnMailRead(seat: Seat): void {
    this.sql.exec('DELETE FROM unread_turn_mail WHERE seat = ?', seat);
  }

  /** The turn mails put off while their seats were at the table (presence.ts). */
  deferredTurnMails(): DeferredTurnMail[] {
    return this.sql
      .exec<Row>('SELECT seat, game_number, check_at FROM deferred_turn_mail ORDER BY seat')
      .toArray()
      .map((r) => ({ seat: r.seat as Seat, gameNumber: r.game_number as number, checkAt: r.check_at as number }));
  }

  /** Puts off the seat's turn mail until `checkAt` (one per seat: a later one takes the place of an earlier). */
  deferTurnMail({ seat, gameNumber, checkAt }: DeferredTurnMail): void {
    this.sql.exec(
      'INSERT INTO deferred_turn_mail (seat, game_number, check_at) VALUES (?, ?, ?) ON CONFLICT (seat) DO UPDATE SET game_number = excluded.game_number, check_at = excluded.check_at',
      seat,
      gameNumber,
      checkAt,
    );
  }

  dropDeferredTurnMail(seat: Seat): void {
    this.sql.exec('DELETE FROM deferred_turn_mail WHERE seat = ?', seat);
  }

  /** When a put-off turn mail is next to be looked at, or null: none waits. */
  nextDeferredTurnMailAt(): number | null {
    return (this.sql.exec<Row>('SELECT MIN(check_at) AS at FROM deferred_turn_mail').toArray()[0]?.at as number | null | undefined) ?? null;
  }

  /** The last version whose owed moves were reminded of; -1 when none was. */
  remindedVersion(): number {
    const row = this.sql.exec<Row>('SELECT version FROM reminded WHERE id = 1').toArray()[0];
    return row === undefined ? -1 : (row.version as number);
  }

  saveRemindedVersion(version: number): void {
    this.sql.exec('INSERT INTO reminded (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version', version);
  }

  // ---------------------------------------------------------------- deadlines (clock.ts, moves/auto-moves.ts)

  /** Every vacation taken at this table, oldest first. */
  vacations(): VacationRow[] {
    return this.sql
      .exec<Row>('SELECT id, seat, from_at, until_at, hours, deal_index FROM vacations ORDER BY id')
      .toArray()
      .map((r) => ({
        id: r.id as number,
        seat: r.seat as Seat,
        from: r.from_at as number,
        until: r.until_at as number,
        hours: r.hours as number,
        dealIndex: r.deal_index as number,
      }));
  }

  /** Stores a new vacation; answers it with its id. */
  addVacation(v: Omit<VacationRow, 'id'>): VacationRow {
    const id = this.sql
      .exec<Row>(
        'INSERT INTO vacations (seat, from_at, until_at, hours, deal_index) VALUES (?, ?, ?, ?, ?) RETURNING id',
        v.seat,
        v.from,
        v.until,
        v.hours,
        v.dealIndex,
      )
      .one().id as number;
    return { id, ...v };
  }

  /** A vacation ended early: it runs until `until`, charged `hours`. */
  endVacation(id: number, until: number, hours: number): void {
    this.sql.exec('UPDATE vacations SET until_at = ?, hours = ? WHERE id = ?', until, hours, id);
  }

  /**
   * How long `seat` took over its own last `count` moves, newest first (ms): from when the
   * table last changed before each (the move before it, or a later deal) to the move. The
   * moves the table made for it are left out: they are not the seat's pace (auto-moves.ts).
   */
  responseTimes(seat: Seat, count: number): number[] {
    return this.sql
      .exec<Row>(
        `SELECT a.at AS at, p.at AS before, (SELECT MAX(d.dealt_at) FROM deals d WHERE d.dealt_at <= a.at) AS dealt
         FROM actions a LEFT JOIN actions p ON p.version = a.version - 1
         WHERE a.seat = ? AND a.auto IS NULL ORDER BY a.version DESC LIMIT ?`,
        seat,
        count,
      )
      .toArray()
      .map((r) => {
        const since = [r.before, r.dealt]
          .filter((t): t is string => typeof t === 'string')
          .sort()
          .at(-1);
        return since === undefined ? null : Date.parse(r.at as string) - Date.parse(since);
      })
      .filter((ms): ms is number => ms !== null && ms >= 0);
  }

  /** The seats whose forced cards are played for them. */
  autoForcedSeats(): Set<Seat> {
    return this.seatsOf('SELECT seat FROM seat_preferences WHERE auto_forced = 1');
  }

  saveAutoForced(seat: Seat, on: boolean): void {
    this.sql.exec(
      'INSERT INTO seat_preferences (seat, auto_forced) VALUES (?, ?) ON CONFLICT (seat) DO UPDATE SET auto_forced = excluded.auto_forced',
      seat,
      on ? 1 : 0,
    );
  }

  /** The last version each seat was reminded of by itself (-1: none; the single `reminded` row counts besides). */
  seatRemindedVersions(): number[] {
    const versions = [-1, -1, -1];
    for (const r of this.sql.exec<Row>('SELECT seat, version FROM reminded_seat').toArray()) versions[r.seat as number] = r.version as number;
    return versions;
  }

  saveSeatRemindedVersion(seat: Seat, version: number): void {
    this.sql.exec(
      'INSERT INTO reminded_seat (seat, version) VALUES (?, ?) ON CONFLICT (seat) DO UPDATE SET version = excluded.version',
      seat,
      version,
    );
  }
}
