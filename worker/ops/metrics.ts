/**
 * The operator's counters (docs/operations.md): one data point per event in the Workers
 * Analytics Engine dataset bound as OPS_METRICS, written from the one place each kind of
 * event passes through: a table's commit (table/after-commit.ts), a refusal's answer (app.ts
 * `onError`; a socket's, table/sockets/sockets.ts), a delivery's outcome
 * (storage/delivery-log.ts), a dead letter (history/outbox.ts), a rate limiter's refusal
 * (routes/chain.ts `charge`; an action over a socket, table/requests/seat-requests.ts).
 *
 * A point says what happened, never to whom: blob1 the event, blob2 and blob3 its words (a
 * code, a channel, an outcome, a limiter), double1 the count (1), index1 the event (Analytics
 * Engine samples per index); an action's point and a table woken's also double2 and double3,
 * the rows its storage wrote and read as the runtime counted them (storage/row-meter.ts). Never a token, an address, a URL, a card or a table id: the types
 * allow only fixed words, and a value not of their shape (WORD) is written as "other".
 */
import type { ActionType } from '../../shared/actions.js';
import type { DeliveryOutcome, LoggedChannel } from '../storage/delivery-log.js';
import type { Rows } from '../storage/row-meter.js';

/** Who made an action: the seat's player, its bot, or the table for the seat (its deadline passed, its forced card). */
export type ActionBy = 'seat' | 'bot' | 'timeout' | 'forced';

/** The rate-limiting bindings of wrangler.toml [[ratelimits]] (routes/chain.ts gives each its period). */
export const LIMITER_NAMES = [
  'CREATE_LIMITER',
  'ACTION_LIMITER',
  'READ_LIMITER',
  'SOCKET_LIMITER',
  'NOTIFY_LIMITER',
  'ADMIN_LIMITER',
  'OPS_LIMITER',
  'REPLY_LIMITER',
] as const;
export type LimiterName = (typeof LIMITER_NAMES)[number];

/** An event and its words: what one data point holds (blob1, blob2, blob3). */
export type OpsEvent =
  | readonly ['table_created']
  /** A deal dealt: a table's first, the next after a game, a redeal after all passed, a new series' first. */
  | readonly ['game_started']
  /** A game's record written: played out, or passed out. */
  | readonly ['game_finished']
  | readonly ['action', ActionType, ActionBy]
  /** A table read from its storage: the first call after the object started (an eviction, a deploy). */
  | readonly ['table_woken']
  /** Any 4xx/5xx answer, over HTTP or a WebSocket; the code is one of ErrorCode (a socket's answer carries it as a string). */
  | readonly ['refusal', string, 'http' | 'socket']
  | readonly ['delivery', LoggedChannel, DeliveryOutcome]
  /** A history row given up on after a day of failures (history/outbox.ts). */
  | readonly ['dead_letter', 'game' | 'table']
  | readonly ['rate_limited', LimiterName];

export type OpsEventName = OpsEvent[0];

/**
 * The shape of every word a point may hold: a lower-case word of at most 12 letters
 * ("forbidden", "webhook"), lower-case words joined by "_" ("stale_version", "game_started"),
 * or a limiter's name ("ACTION_LIMITER"). The types allow only such words; this holds even
 * where they are bypassed: no token (43 characters), address ("@", "."), URL (":", "/"), card
 * ("H10", "EA"), table id (16 letters and digits) or name with a capital can pass it.
 */
const WORD = /^([a-z]{2,12}|[a-z]+(_[a-z]+)+|[A-Z]+_LIMITER)$/;

const word = (value: string): string => (WORD.test(value) ? value : 'other');

/** The data point of `event`, as written; `rows`: what its storage wrote and read. */
export function dataPointOf(event: OpsEvent, rows?: Rows): AnalyticsEngineDataPoint {
  const blobs = event.map(word);
  return { indexes: [blobs[0]!], blobs, doubles: rows === undefined ? [1] : [1, rows.written, rows.read] };
}

/** Where the counters go: the OPS_METRICS binding, absent where it is not bound (a test's own env). */
export class OpsMetrics {
  constructor(private readonly dataset: AnalyticsEngineDataset | undefined) {}

  /**
   * Counts `events`. Fire and forget: the runtime sends the points after the invocation, and
   * nothing about them may fail a request or a change, so a throwing binding (over its 250
   * points per invocation, say) is logged and ignored.
   */
  count(event: OpsEvent, rows?: Rows): void {
    if (this.dataset === undefined) return;
    try {
      this.dataset.writeDataPoint(dataPointOf(event, rows));
    } catch (error) {
      console.warn(`ops metrics: a data point was not written: ${error instanceof Error ? error.name : typeof error}`);
    }
  }
}

/** The counters of the Worker or a Durable Object with `env` (none: a Hono app run without bindings). */
export const opsMetrics = (env: Partial<Pick<Env, 'OPS_METRICS'>> | undefined): OpsMetrics => new OpsMetrics(env?.OPS_METRICS);
