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
import type { Draft, LinkOwner, Seat, Table, TokenRow } from '../../model/table.js';
import { HOLDER_TABLES } from '../../storage/seat-tables.js';
import type { TableStorage } from '../../storage/table-storage.js';
import type { NewToken } from './change.js';

/** `owner`'s link of `table`, or undefined (a table made before it had one: then it cannot be replaced). */
export function linkOf(table: Table, owner: LinkOwner): TokenRow | undefined {
  return table.tokens.find((t) => (owner === 'admin' ? t.role === 'admin' : t.role !== 'admin' && t.seat === (owner === 'spectator' ? null : owner)));
}

/**
 * Replaces `owner`'s link by `next` (it has one: linkOf); for a seat, ends everything the
 * old link's holder set up, in storage and in memory. The old token answers 401 from now on;
 * answers its hash, whose sockets the after-commit closes. The digest's next sync takes
 * back the seat's digest entries: its address is gone (notifications/digest/digest-seats.ts).
 */
export function replaceLink(storage: TableStorage, draft: Draft, owner: LinkOwner, next: NewToken): string {
  const old = linkOf(draft, owner);
  if (old === undefined) throw new Error(`replaceLink: ${String(owner)} has no link`);
  storage.admin.replaceToken(owner, old.hash, next, Date.now());
  // Mails and pushes derive a seat's link from its token's nonce when they are sent (deliveries.ts): from now on the new one.
  const replaced: TokenRow = { hash: next.hash, seat: old.seat, nonce: next.nonce, role: old.role ?? null };
  draft.tokens = draft.tokens.map((t) => (t === old ? replaced : t));
  if (typeof owner === 'number') forgetHolder(storage, draft, owner);
  return old.hash;
}

/** Empties the HOLDER_TABLES for `seat`, and what the memory holds of them. */
function forgetHolder(storage: TableStorage, draft: Draft, seat: Seat): void {
  for (const name of HOLDER_TABLES) storage.deleteSeatRows(name, seat);
  draft.notifications = draft.notifications.map((n, s) => (s === seat ? storage.seats.notifications(seat) : n));
  draft.autoForced = new Set([...draft.autoForced].filter((s) => s !== seat));
  draft.unreadTurnMail = new Set([...draft.unreadTurnMail].filter((s) => s !== seat));
  draft.actedAt = draft.actedAt.map((t, s) => (s === seat ? null : t));
}
