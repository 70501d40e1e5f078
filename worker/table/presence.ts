/**
 * Whether a mail about a seat's move would tell its player anything: not while the player
 * is at the table, and not again while the last turn mail is unread (README, "Turn
 * notifications"). Decided when a mail would be queued. Webhooks are for programs, which
 * want every turn: this module never holds one back.
 *
 * - At the table: the seat has a WebSocket open to the table with its own link (a page
 *   showing the table; hibernated sockets count), or it acted within the last
 *   ACTIVE_SEAT_MINUTES. No turn mail and no reminder then.
 * - Unread: once a turn mail to the seat was sent, no further turn mail goes to it at this
 *   table until it visits: reads its view (GET …/{id}), opens a socket with its link, or
 *   acts. While a turn mail waits to be sent, none is added either. Reminders keep their
 *   own rule (once per move) and are not held back by an unread turn mail.
 */
import { ACTIVE_SEAT_MINUTES } from '../../shared/deadline.js';
import type { Seat } from '../../shared/options.js';
import type { TableStorage } from './storage.js';
import type { LoadedTable, TableState } from './table-state.js';

export { ACTIVE_SEAT_MINUTES };

export class SeatPresence {
  constructor(
    private readonly state: TableState,
    private readonly storage: TableStorage,
    /** Whether the seat has a socket open to the table with its own link. */
    private readonly watching: (seat: Seat) => boolean,
  ) {}

  /** Whether the seat's player is at the table now: a mail about its move would only interrupt. */
  atTable(seat: Seat, now: number): boolean {
    const acted = this.storage.lastActedAt(seat);
    return (acted !== null && now - acted < ACTIVE_SEAT_MINUTES * 60_000) || this.watching(seat);
  }

  /** Whether a turn mail for `seat` may be queued now (inside the transaction that would queue it). */
  turnMailWelcome(table: LoadedTable, seat: Seat, now: number): boolean {
    return !table.unreadTurnMail.has(seat) && !this.atTable(seat, now) && !this.storage.turnMailWaiting(seat);
  }

  /** The seat acted (inside the action's transaction): it is at the table, and has seen it. */
  acted(table: LoadedTable, seat: Seat, at: number): void {
    this.storage.saveActedAt(seat, at);
    this.read(table, seat);
  }

  /** The seat looked at the table (its view, or a socket opened with its link): its turn mail is read. */
  visited(table: LoadedTable, seat: Seat): void {
    if (table.unreadTurnMail.has(seat)) this.state.transaction(() => this.read(table, seat));
  }

  /** A turn mail reached the seat's address: none more until it visits. */
  turnMailSent(table: LoadedTable, seat: Seat, at: number): void {
    this.state.transaction(() => {
      this.storage.markTurnMailUnread(seat, at);
      table.unreadTurnMail.add(seat);
    });
  }

  private read(table: LoadedTable, seat: Seat): void {
    if (!table.unreadTurnMail.has(seat)) return;
    this.storage.markTurnMailRead(seat);
    table.unreadTurnMail.delete(seat);
  }
}
