/**
 * Replacing a link (API.md "Table admin": rotate, rotateAdmin, a bot put in a person's seat),
 * the one place every replacement passes through.
 *
 * Whoever holds a seat's link sets things up with it: where the seat is told (mail address,
 * webhook URL and secret, push devices), what waits to be sent there, the delivery log, the
 * seat's preferences, whether its player counts as at the table. All of that is the holder's,
 * not the seat's: left in place, the old holder would go on receiving the seat's view (its
 * hand) by webhook and its turn notices, which carry the *new* link. So a replaced link
 * takes all of it along. What belongs to the seat in the game stays: its moves, vacations,
 * chat messages and reminders.
 *
 * Every storage table with a `seat` column is listed in seat-tables.ts as the holder's or
 * the seat's; test/worker/rotation.test.ts fails for a table in neither list, so that a new
 * one is sorted when it is added.
 */
import type { Seat } from '../../../shared/options.js';
import type { LinkOwner } from '../storage/admin-rows.js';
import { failure, success, type Outcome } from '../outcome.js';
import { HOLDER_TABLES } from '../storage/seat-tables.js';
import type { TableStorage } from '../storage/table-storage.js';
import type { LoadedTable } from '../table-state.js';

export type { LinkOwner };

/** A link's new token, as the Worker made it (routes/admin.ts): the table keeps its hash and nonce only. */
export interface NewToken {
  readonly hash: string;
  readonly nonce: string;
}

/** What a replacement did: the old token's hash (its sockets are to be closed). */
export interface Replaced {
  readonly revokedHash: string;
}

/**
 * Replaces `owner`'s link by `next`, inside the caller's transaction; for a seat, ends
 * everything the old link's holder set up, in storage and in memory. The old token answers
 * 401 from now on. The caller builds the views again, closes the old link's sockets and
 * sets the alarm, whose digest sync takes back the seat's digest entries (TableObject.afterAdmin).
 */
export function replaceLink(storage: TableStorage, table: LoadedTable, owner: LinkOwner, next: NewToken): Outcome<Replaced> {
  const index = table.tokens.findIndex((t) =>
    owner === 'admin' ? t.role === 'admin' : t.role !== 'admin' && t.seat === (owner === 'spectator' ? null : owner),
  );
  const old = table.tokens[index];
  if (old === undefined) return failure(409, 'conflict', `${ownerName(owner)} has no link to replace`);
  storage.admin.replaceToken(owner, old.hash, next, Date.now());
  // Mails and pushes derive a seat's link from its token's nonce when they are sent (deliveries.ts): from now on the new one.
  table.tokens[index] = { hash: next.hash, seat: old.seat, nonce: next.nonce, role: old.role ?? null };
  if (typeof owner === 'number') forgetHolder(storage, table, owner);
  return success({ revokedHash: old.hash });
}

const ownerName = (owner: LinkOwner): string => (owner === 'admin' ? 'the admin' : owner === 'spectator' ? 'the spectators' : `seat ${owner + 1}`);

/** Empties the HOLDER_TABLES for `seat`, and what the memory holds of them. */
function forgetHolder(storage: TableStorage, table: LoadedTable, seat: Seat): void {
  for (const name of HOLDER_TABLES) storage.deleteSeatRows(name, seat);
  table.notifications[seat] = storage.notifications(seat);
  table.autoForced.delete(seat);
  table.unreadTurnMail.delete(seat);
}
