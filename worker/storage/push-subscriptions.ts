/**
 * The seats' push subscriptions (API.md "Web push"), in the table's SQLite storage: one row
 * per seat and device (its endpoint), at most MAX_PUSH_DEVICES per seat, the oldest dropped
 * beyond. Every statement binds its parameters.
 */
import type { Seat } from '../../shared/options.js';
import { MAX_PUSH_DEVICES } from '../model/limits.js';

/** A subscription's keys as the browser gives them (PushSubscription.toJSON().keys). */
export interface SubscriptionKeys {
  /** The user agent's P-256 public key, uncompressed (65 octets), base64url. */
  readonly p256dh: string;
  /** The authentication secret (16 octets), base64url. */
  readonly auth: string;
}

export interface PushSubscriptionRow {
  readonly endpoint: string;
  readonly keys: SubscriptionKeys;
}

type Row = Record<string, SqlStorageValue>;

export class PushStorage {
  constructor(private readonly sql: SqlStorage) {}

  /** Adds a device, or refreshes its keys; answers the endpoints dropped to stay within MAX_PUSH_DEVICES. */
  save(seat: Seat, subscription: PushSubscriptionRow, now: number): string[] {
    this.sql.exec(
      `INSERT INTO push_subscriptions (seat, endpoint, p256dh, auth, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (seat, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, updated_at = excluded.updated_at`,
      seat,
      subscription.endpoint,
      subscription.keys.p256dh,
      subscription.keys.auth,
      now,
    );
    const dropped = this.sql
      .exec<Row>(
        'SELECT endpoint FROM push_subscriptions WHERE seat = ? ORDER BY updated_at DESC, rowid DESC LIMIT -1 OFFSET ?',
        seat,
        MAX_PUSH_DEVICES,
      )
      .toArray()
      .map((r) => r.endpoint as string);
    for (const endpoint of dropped) this.remove(seat, endpoint);
    return dropped;
  }

  /** Answers whether there was such a subscription. */
  remove(seat: Seat, endpoint: string): boolean {
    return this.sql.exec('DELETE FROM push_subscriptions WHERE seat = ? AND endpoint = ?', seat, endpoint).rowsWritten > 0;
  }

  removeAll(seat: Seat): void {
    this.sql.exec('DELETE FROM push_subscriptions WHERE seat = ?', seat);
  }

  subscriptions(seat: Seat): PushSubscriptionRow[] {
    return this.sql
      .exec<Row>('SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE seat = ? ORDER BY updated_at, rowid', seat)
      .toArray()
      .map((r) => ({ endpoint: r.endpoint as string, keys: { p256dh: r.p256dh as string, auth: r.auth as string } }));
  }

  find(seat: Seat, endpoint: string): PushSubscriptionRow | undefined {
    return this.subscriptions(seat).find((s) => s.endpoint === endpoint);
  }

  count(seat: Seat): number {
    return this.sql.exec<Row>('SELECT COUNT(*) AS n FROM push_subscriptions WHERE seat = ?', seat).one().n as number;
  }
}
