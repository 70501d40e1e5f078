/**
 * The away switch of "Your tables": one vacation set (or ended) at every table listed on this
 * device. What each table can take is read from its overview entry (`vacation`, API.md
 * "Deadlines"), never worked out here; what each table did is read from its answer.
 *
 * Hours asked above what a table has left are capped there to what is left, and the report
 * says so: someone going away wants every clock stopped as long as it can be, not a table
 * left running because it had fewer hours than another.
 */
import { ApiError } from '../api.js';
import type { OverviewEntry } from '../api-later.js';

/** What the switch does at every table: a vacation of `hours` from now, or the end of the running one. */
export type AwayRequest = { readonly kind: 'set'; readonly hours: number } | { readonly kind: 'end' };

/** Why a listed table is left alone. */
export type SkipReason = 'spectator' | 'bot' | 'seriesOver' | 'ended' | 'noClock' | 'noHoursLeft' | 'notAway';

/** What is sent to one table: `hours` (0 ends the vacation), and the hours asked for when fewer are left there. */
export type AwayStep =
  | { readonly kind: 'skip'; readonly reason: SkipReason }
  | { readonly kind: 'refused'; readonly error: { readonly code: string; readonly message: string } }
  | { readonly kind: 'send'; readonly hours: number; readonly asked?: number };

/** What the switch does at a table, from that link's overview entry. */
export function awayStep(entry: OverviewEntry, request: AwayRequest): AwayStep {
  if (!entry.ok) return { kind: 'refused', error: entry.error };
  if (entry.seat === null) return { kind: 'skip', reason: 'spectator' };
  if (entry.vacation === null) return { kind: 'skip', reason: 'bot' };
  // Once the series is over the table takes no vacation, nor the end of one (409).
  if (entry.seriesOver) return { kind: 'skip', reason: 'seriesOver' };
  if (request.kind === 'end') return entry.vacation.until === null ? { kind: 'skip', reason: 'notAway' } : { kind: 'send', hours: 0 };
  if (entry.ended) return { kind: 'skip', reason: 'ended' };
  if (entry.moveDeadlineHours === null) return { kind: 'skip', reason: 'noClock' };
  const available = entry.vacation.hoursAvailable;
  if (available === 0) return { kind: 'skip', reason: 'noHoursLeft' };
  return request.hours <= available ? { kind: 'send', hours: request.hours } : { kind: 'send', hours: available, asked: request.hours };
}

/** How a request that did not go through ends: to be tried again (the network, a limit, the server, a clash), or refused for good. */
export const worthRetrying = (error: ApiError): boolean =>
  error.code === 'network' || error.status === 429 || error.status >= 500 || error.code === 'conflict';

/** A 429 without a Retry-After is tried again after this long: the window of the limits it meets (docs/api.md, READ_LIMITER and ACTION_LIMITER). */
const RATE_LIMIT_WAIT_SECONDS = 10;
/** The longest wait a Retry-After gets: a run over the tables is not left waiting longer than a limiter's window. */
const RATE_LIMIT_MAX_WAIT_SECONDS = 60;

/** Whole seconds to wait before trying a 429 again: its Retry-After, 1 to 60, or 10 when it has none (or a date, which the API never sends). */
export function retryWaitSeconds(error: ApiError): number {
  const said = Number(error.headers?.get('retry-after') ?? NaN);
  const wait = Number.isFinite(said) && said > 0 ? Math.ceil(said) : RATE_LIMIT_WAIT_SECONDS;
  return Math.max(1, Math.min(wait, RATE_LIMIT_MAX_WAIT_SECONDS));
}

/** `error` as an ApiError: what `call` throws, or anything else thrown on the way. */
export const asApiError = (error: unknown): ApiError => (error instanceof ApiError ? error : new ApiError(0, 'network', String(error)));

/**
 * Runs `task` for every item, at most `limit` at a time, in order of the items; resolves when
 * all have finished. A task reports its own outcome: it must not throw.
 */
export async function eachBounded<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
