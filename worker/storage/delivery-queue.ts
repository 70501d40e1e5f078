/**
 * The deliveries waiting for the seats (webhook posts, mails, pushes): the table's retry
 * queue of notifications (retry-queue.ts), with what only they need: each belongs to a seat
 * and its channel, keeps its webhook-id (`message_id`, the same on every attempt), and what
 * waits for one channel of a seat can be cut, dropped, or moved on to a new address.
 */
import { RetryQueue, type Queued } from './retry-queue.js';
import type { Channel, EventType, Seat } from '../model/table.js';

/**
 * What a delivery tells: an event (who-is-told.ts), or `answer`: the answer to a move played
 * by reply, held back a while (deliver.ts holdAnswer) so that a turn mail coming meanwhile
 * says it instead.
 */
export type DeliveryType = EventType | 'answer';

/** A delivery: the queue's row, its seat, channel and event, and its webhook-id. */
export type Delivery = Queued & {
  /** The webhook-id: the same on every attempt. */
  readonly messageId: string;
  readonly seat: Seat;
  readonly channel: Channel;
  readonly type: DeliveryType;
};

type Row = Record<string, SqlStorageValue>;

/** Attempts per delivery: the first, then one after each of these delays (10 s … 6 h, ≈ 10 h in all). */
export const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** At most this many deliveries wait per seat and channel; older ones are dropped first. */
export const MAX_WAITING = 50;

/** The delay before the next attempt after `attempts` failed ones, or null when it is time to give up. */
export const retryDelay = (attempts: number): number | null => (attempts >= 1 && attempts < MAX_ATTEMPTS ? RETRY_DELAYS_MS[attempts - 1]! : null);

export class DeliveryQueue {
  readonly queue: RetryQueue<Pick<Delivery, 'messageId' | 'seat' | 'channel' | 'type'>>;

  constructor(private readonly sql: SqlStorage) {
    this.queue = new RetryQueue(sql, 'deliveries', ['message_id', 'seat', 'channel', 'type'], (r) => ({
      messageId: r.message_id as string,
      seat: r.seat as Seat,
      channel: r.channel as Channel,
      type: r.type as DeliveryType,
    }));
  }

  /** Queues one message for a seat's channel, due now; inside the caller's transaction. */
  add(delivery: Pick<Delivery, 'messageId' | 'seat' | 'channel' | 'type' | 'payload'>, now: number): void {
    const { messageId, seat, channel, type, payload } = delivery;
    this.queue.add(payload, { message_id: messageId, seat, channel, type }, now);
  }

  /** Keeps only the newest `keep` deliveries of a seat's channel; answers how many it dropped. */
  trim(seat: Seat, channel: Channel, keep: number): number {
    const count = this.sql.exec<Row>('SELECT COUNT(*) AS n FROM deliveries WHERE seat = ? AND channel = ?', seat, channel).one().n as number;
    if (count <= keep) return 0;
    this.sql.exec(
      'DELETE FROM deliveries WHERE id IN (SELECT id FROM deliveries WHERE seat = ? AND channel = ? ORDER BY id LIMIT ?)',
      seat,
      channel,
      count - keep,
    );
    return count - keep;
  }

  /** A seat's channel was removed: what waited for it is dropped. */
  drop(seat: Seat, channel: Channel): void {
    this.sql.exec('DELETE FROM deliveries WHERE seat = ? AND channel = ?', seat, channel);
  }

  /** The pushes waiting for one device (the payload names its endpoint: push/notices.ts), dropped. */
  dropForDevice(seat: Seat, endpoint: string): void {
    this.sql.exec("DELETE FROM deliveries WHERE seat = ? AND channel = 'push' AND json_extract(payload, '$.endpoint') = ?", seat, endpoint);
  }

  /**
   * A seat's address changed: of what waits for it only the newest message is kept, due now,
   * its count of attempts unchanged (a new address earns no fresh set of retries).
   */
  keepNewest(seat: Seat, channel: Channel, now: number): void {
    this.sql.exec(
      'DELETE FROM deliveries WHERE seat = ? AND channel = ? AND id < (SELECT MAX(id) FROM deliveries WHERE seat = ? AND channel = ?)',
      seat,
      channel,
      seat,
      channel,
    );
    this.sql.exec('UPDATE deliveries SET next_attempt_at = ? WHERE seat = ? AND channel = ?', now, seat, channel);
  }

  /** Takes out the answers held for `seat` (their payloads, oldest first): a mail that goes now says them instead. */
  takeAnswers(seat: Seat): string[] {
    const rows = this.sql
      .exec<Row>("SELECT id, payload FROM deliveries WHERE seat = ? AND channel = 'email' AND type = 'answer' ORDER BY id", seat)
      .toArray();
    for (const row of rows) this.sql.exec('DELETE FROM deliveries WHERE id = ?', row.id as number);
    return rows.map((row) => row.payload as string);
  }

  /** Whether a turn mail to `seat` waits to be sent (or is being sent). */
  turnMailWaiting(seat: Seat): boolean {
    return this.sql.exec("SELECT 1 FROM deliveries WHERE seat = ? AND channel = 'email' AND type = 'turn' LIMIT 1", seat).toArray().length > 0;
  }
}
