/**
 * Whether a mail about a seat's move would tell its player anything: not while the player
 * is at the table, and not again while the last turn mail is unread (docs/notifications.md,
 * "Turn notifications"). Webhooks are for programs, which want every turn: this module never
 * holds one back.
 *
 * - At the table: the seat has a WebSocket open to the table with its own link (a page
 *   showing the table; hibernated sockets count, silent ones do not: sockets.ts
 *   PAGE_SILENCE_MS), or it acted with its link within the last ACTIVE_SEAT_MINUTES. No turn
 *   mail and no reminder then. A move by reply mail is made from the mailbox, and one made for
 *   the seat (auto) in its absence: neither counts (changes/game.ts).
 * - Put off, not dropped: a turn mail held back because the player was at the table is
 *   kept (in storage) and looked at again when the player would stop counting as there.
 *   Correspondence players play a card and close the page; when the others answer within
 *   minutes, the move comes back to a player who "just acted" and has left, and without the
 *   mail nobody would ever tell them. So at that time: the move no longer owed (the seat
 *   made it, or the game moved on) drops the mail; the player still there puts it off
 *   again; otherwise it is queued, under the unread rule below like any turn mail.
 * - Unread: once a turn mail to the seat was sent, no further turn mail goes to it at this
 *   table until it visits: reads its view (GET …/{id}), opens a socket with its link, or
 *   acts (with its link or by reply; a move made for it is no visit). While a turn mail waits
 *   to be sent, none is added either. Reminders keep their
 *   own rule (once per move) and are not held back by an unread turn mail.
 * - Pushes (turnPush) are turn notices like mails: not while the seat is at the table, put
 *   off with the mail (one record per seat) and sent with it; the unread rule does not hold
 *   for them, as a push replaces the table's last notification on the device.
 */
import { ACTIVE_SEAT_MINUTES } from '../../shared/deadline.js';
import type { Seat } from '../../shared/options.js';
import { pendingSeats } from './who-is-told.js';
import type { TableStorage } from '../storage/table-storage.js';
import type { Table } from '../model/table.js';

export { ACTIVE_SEAT_MINUTES };

const ACTIVE_MS = ACTIVE_SEAT_MINUTES * 60_000;

/**
 * How long after finding a page still open a put-off turn mail is looked at again. The
 * same patience as after an action: a player who leaves is mailed at most ACTIVE_SEAT_MINUTES
 * after, whether the page was closed or the last card played, and an open page all day wakes
 * the table only a few times an hour.
 */
export const WATCHING_RECHECK_MS = ACTIVE_MS;

/** What becomes of a turn mail: queued now, put off while the player is at the table, or not sent. */
export type TurnMailDecision = 'now' | 'later' | 'never';

export class SeatPresence {
  constructor(
    private readonly storage: TableStorage,
    /** Whether the seat has a socket open to the table with its own link. */
    private readonly watching: (seat: Seat) => boolean,
  ) {}

  /** Whether the seat's player is at the table now: a mail about its move would only interrupt. */
  atTable(table: Table, seat: Seat, now: number): boolean {
    return this.presentUntil(table, seat, now) > now;
  }

  /**
   * What becomes of a turn mail for `seat` about a move in game `gameNumber`, decided inside
   * the transaction that would queue it; a mail put off is recorded here. A newer turn takes
   * the place of a mail put off before: the player is told of the move owed now.
   */
  turnMail(table: Table, seat: Seat, gameNumber: number, now: number): TurnMailDecision {
    this.storage.seats.dropDeferredTurnMail(seat);
    // The mail unread, or still on its way, already asks the player to come and look.
    if (table.unreadTurnMail.has(seat) || this.storage.deliveries.turnMailWaiting(seat)) return 'never';
    const until = this.presentUntil(table, seat, now);
    if (until <= now) return 'now';
    this.storage.seats.deferTurnMail({ seat, gameNumber, checkAt: until });
    return 'later';
  }

  /**
   * What becomes of a turn push for `seat` (docs/notifications.md, "Push notifications"): the presence rule
   * of turn mails, without the unread rule (a push replaces the table's last notification on
   * the device instead of piling up). Put off like a mail: both share the seat's one record.
   */
  turnPush(table: Table, seat: Seat, gameNumber: number, now: number): 'now' | 'later' {
    const until = this.presentUntil(table, seat, now);
    if (until <= now) {
      this.storage.seats.dropDeferredTurnMail(seat);
      return 'now';
    }
    this.storage.seats.deferTurnMail({ seat, gameNumber, checkAt: until });
    return 'later';
  }

  /**
   * The turn mails put off that are to be queued now (inside the caller's transaction, which
   * queues them), by seat and game. Of those due, a move no longer owed drops its mail, and
   * a player still at the table puts it off again; the unread rule holds as for any turn mail
   * (`mail` false: only a push goes, which has no unread rule).
   */
  dueTurnMails(table: Table, now: number): { seat: Seat; gameNumber: number; mail: boolean }[] {
    const due: { seat: Seat; gameNumber: number; mail: boolean }[] = [];
    const owing = pendingSeats(table.series);
    for (const deferred of this.storage.seats.deferredTurnMails()) {
      if (deferred.checkAt > now) continue;
      const { seat, gameNumber } = deferred;
      const owed = owing.includes(seat) && table.series.game?.gameNumber === gameNumber;
      const until = this.presentUntil(table, seat, now);
      if (owed && until > now) {
        this.storage.seats.deferTurnMail({ ...deferred, checkAt: until });
        continue;
      }
      this.storage.seats.dropDeferredTurnMail(seat);
      if (owed) due.push({ seat, gameNumber, mail: !table.unreadTurnMail.has(seat) && !this.storage.deliveries.turnMailWaiting(seat) });
    }
    return due;
  }

  /** When a turn mail put off is next to be looked at, or null. */
  nextCheckAt(): number | null {
    return this.storage.seats.nextDeferredTurnMailAt();
  }

  /**
   * Until when the seat counts as at the table if nothing else happens: ACTIVE_SEAT_MINUTES
   * after its last action, and while a page with its link is open, WATCHING_RECHECK_MS from
   * now (that page may stay open for hours: it is simply looked at again then). When the seat
   * acted is the table's memory, read from the log when it wakes (changes/game.ts): nothing is
   * written for it.
   */
  private presentUntil(table: Table, seat: Seat, now: number): number {
    const acted = table.actedAt[seat] ?? null;
    const byAction = acted === null ? 0 : acted + ACTIVE_MS;
    return Math.max(byAction, this.watching(seat) ? now + WATCHING_RECHECK_MS : 0);
  }
}
