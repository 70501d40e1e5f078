/**
 * The delivery log of each seat (API.md: `GET …/deliveries`): its last DELIVERY_LOG_SIZE
 * attempts to tell it something, whatever the channel, newest first. It names channels and
 * outcomes only: never an address, a URL, a body (cards) or a secret; `detail` is a short
 * reason such as "HTTP 500", with every URL and address redacted all the same.
 */
import type { Seat } from '../../shared/options.js';
import { redact } from '../model/log-reasons.js';
import { DELIVERY_LOG_SIZE } from '../model/limits.js';

/** "digest": the seat's owed move was handed to its address's daily digest (mail/digest.ts), or a digest went out from this table. */
export type LoggedChannel = 'webhook' | 'email' | 'push' | 'digest';

/** sent: handed over; failed: tried again later; gone: the receiver is gone for good; dropped: given up; queued: waits for the digest. */
export type DeliveryOutcome = 'sent' | 'failed' | 'gone' | 'dropped' | 'queued';

export interface DeliveryLogEntry {
  /** ISO time of the attempt. */
  readonly at: string;
  readonly channel: LoggedChannel;
  /** The event told (who-is-told.ts), or "digest" for a daily digest mail. */
  readonly event: string;
  readonly outcome: DeliveryOutcome;
  readonly detail?: string;
}

type Row = Record<string, SqlStorageValue>;

export class DeliveryLog {
  constructor(
    private readonly sql: SqlStorage,
    /** Counts every outcome for the operator (ops/metrics.ts): by channel and outcome only. */
    private readonly counted: (channel: LoggedChannel, outcome: DeliveryOutcome) => void,
  ) {}

  /** An attempt's outcome for a link that no longer holds the seat: counted, not in the seat's log (its new holder's). */
  count(channel: LoggedChannel, outcome: DeliveryOutcome): void {
    this.counted(channel, outcome);
  }

  /** An attempt's outcome, in the seat's log and counted. */
  record(seat: Seat, channel: LoggedChannel, event: string, outcome: DeliveryOutcome, detail: string | undefined, now: number): void {
    this.counted(channel, outcome);
    this.sql.exec(
      'INSERT INTO delivery_log (seat, at, channel, event, outcome, detail) VALUES (?, ?, ?, ?, ?, ?)',
      seat,
      now,
      channel,
      event,
      outcome,
      detail === undefined ? null : redact(detail).slice(0, 120),
    );
    this.sql.exec(
      'DELETE FROM delivery_log WHERE seat = ? AND id NOT IN (SELECT id FROM delivery_log WHERE seat = ? ORDER BY id DESC LIMIT ?)',
      seat,
      seat,
      DELIVERY_LOG_SIZE,
    );
  }

  /** The seat's entries, newest first. */
  of(seat: Seat): DeliveryLogEntry[] {
    return this.sql
      .exec<Row>('SELECT at, channel, event, outcome, detail FROM delivery_log WHERE seat = ? ORDER BY id DESC LIMIT ?', seat, DELIVERY_LOG_SIZE)
      .toArray()
      .map((r) => ({
        at: new Date(r.at as number).toISOString(),
        channel: r.channel as LoggedChannel,
        event: r.event as string,
        outcome: r.outcome as DeliveryOutcome,
        ...(r.detail === null ? {} : { detail: r.detail as string }),
      }));
  }
}
