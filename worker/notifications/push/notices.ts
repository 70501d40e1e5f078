/**
 * What a push says (API.md "Web push"): `{type, tableId, seat, version, url}`, never a card
 * or anything else of the table (R10.2), and never the seat's token: `url` is the table page
 * with the seat (pushUrlOf), and the page opened from the notification takes the seat's link
 * from those this device keeps (web/src/table/seat-link.ts), so that a device that forgot the
 * table is shown no seat. The service worker (web/public/sw.js) turns it into a notification
 * in the page's language; the push service sees only the encrypted body, its size and its
 * headers.
 */
import type { Seat } from '../../../shared/options.js';
import type { PushOptions } from './send.js';
import type { EventType } from '../../model/table.js';
import { MAILED } from '../mail/texts.js';

/** Which events are pushed: those mailed (each move owed, reminders, the end of the table), not every game's end. */
export const PUSHED: ReadonlySet<EventType> = MAILED;

/** What waits in the delivery queue for one device: the link is derived when it is sent, never stored. */
export interface QueuedPush {
  readonly endpoint: string;
  readonly version: number;
}

/** The body of a push, before encryption. */
export interface PushPayload {
  readonly type: EventType;
  readonly tableId: string;
  readonly seat: Seat;
  readonly version: number;
  /** The table page with the seat, without its token (pushUrlOf). */
  readonly url: string;
}

/**
 * A push's `url`: the table page naming the seat, `{origin}/t/{tableId}?seat={seat}`, never its
 * link: a device keeps receiving pushes until its subscription is removed, and one that
 * "forgot" the table (or a shared device's next user) must not be handed the token with them.
 */
export const pushUrlOf = (origin: string, tableId: string, seat: Seat): string => `${origin}/t/${tableId}?seat=${seat}`;

/** A day: a move owed still matters after a phone was off overnight; the end of a table for a week. */
const TTL_SECONDS: Record<EventType, number> = { turn: 86_400, reminder: 86_400, game_over: 86_400, table_over: 7 * 86_400 };

/** A reminder means the clock runs out; the end of a table can wait for a phone on battery saving. */
const URGENCY: Record<EventType, PushOptions['urgency']> = { turn: 'normal', reminder: 'high', game_over: 'low', table_over: 'low' };

/** How the push service is to treat a push: one topic per table and seat, so a newer push replaces one not yet delivered. */
export function pushOptions(type: EventType, tableId: string, seat: Seat): PushOptions {
  return { ttl: TTL_SECONDS[type], urgency: URGENCY[type], topic: `${tableId}-${seat}` };
}
