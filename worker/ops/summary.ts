/**
 * The operator's summary (GET /api/ops/summary): the counters of metrics.ts over a window of
 * time, read back from Analytics Engine through its SQL API, which only Cloudflare runs (the
 * tests answer its requests themselves: docs/operations.md). Needs the account's id
 * (OPS_ACCOUNT_ID) and an API token allowed to read its analytics (OPS_ANALYTICS_TOKEN).
 */
import { ApiError } from '../model/errors.js';

/** The dataset wrangler.toml binds as OPS_METRICS (its `dataset`; test/worker/ops-summary.test.ts keeps the two the same). */
export const OPS_DATASET = 'wallachen_ops';

/** The longest window one summary covers. */
export const MAX_WINDOW_DAYS = 31;
/** Analytics Engine keeps a point three months: an older window would answer zeros that are not true. */
export const RETENTION_DAYS = 90;
/** The window when none is given: the last day. */
export const DEFAULT_WINDOW_HOURS = 24;
/** At most this many rows of counts: far more than the events and their words can make (metrics.ts). */
const MAX_ROWS = 10_000;
/** The SQL API's answer must come within this. */
const QUERY_TIMEOUT_MS = 10_000;

const DAY_MS = 86_400_000;

export interface Window {
  readonly from: Date;
  readonly to: Date;
}

/** The window of `from` and `to` (ISO instants; either may be absent), or the refusal naming what is wrong. */
export function windowOf(from: string | undefined, to: string | undefined, now: number): Window {
  const end = to === undefined ? new Date(now) : instant(to, 'to');
  const start = from === undefined ? new Date(end.getTime() - DEFAULT_WINDOW_HOURS * 3_600_000) : instant(from, 'from');
  if (start >= end) throw new ApiError(400, 'bad_request', '`from` must be before `to`');
  if (end.getTime() - start.getTime() > MAX_WINDOW_DAYS * DAY_MS)
    throw new ApiError(400, 'bad_request', `the window must be at most ${MAX_WINDOW_DAYS} days`);
  if (start.getTime() < now - RETENTION_DAYS * DAY_MS)
    throw new ApiError(400, 'bad_request', `\`from\` must be within the last ${RETENTION_DAYS} days: no older points are kept`);
  return { from: start, to: end };
}

function instant(text: string, name: 'from' | 'to'): Date {
  // A date and time with its zone, to the second; what Date.parse reads beyond that (local times) would mean another instant.
  const ms = /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) throw new ApiError(400, 'bad_request', `\`${name}\` must be an ISO date and time with its zone (2026-12-01T00:00:00Z)`);
  return new Date(ms);
}

/** `date` as the SQL API's DateTime literal: UTC, to the second (a fraction is dropped: `from` rounds down, and so does `to`). */
const sqlTime = (date: Date): string => `toDateTime('${date.toISOString().slice(0, 19).replace('T', ' ')}', 'Etc/UTC')`;

/**
 * The query of a window's counts: each event with its words, summed over the points with the
 * interval each sampled point stands for (docs/operations.md). Every value is made here, from
 * a Date: nothing of the request goes into the text.
 */
export function summaryQuery({ from, to }: Window): string {
  return [
    'SELECT blob1 AS event, blob2 AS detail1, blob3 AS detail2, SUM(_sample_interval * double1) AS count,',
    '  SUM(_sample_interval * double2) AS rowsWritten, SUM(_sample_interval * double3) AS rowsRead',
    `FROM ${OPS_DATASET}`,
    `WHERE timestamp >= ${sqlTime(from)} AND timestamp < ${sqlTime(to)}`,
    'GROUP BY event, detail1, detail2',
    `LIMIT ${MAX_ROWS}`,
    'FORMAT JSON',
  ].join('\n');
}

/** One count of the answer: an event (metrics.ts) with its words (its code, channel and outcome, …), how many, and the table storage's rows of those that carry them. */
export interface Count {
  readonly event: string;
  readonly details: string[];
  readonly count: number;
  /** Rows the tables' storage wrote and read for these events (actions, tables woken; 0 for the others). */
  readonly rowsWritten: number;
  readonly rowsRead: number;
}

/** The summary's answer (OpsSummary of routes/ops.ts). */
export interface Summary {
  readonly from: string;
  readonly to: string;
  readonly counts: Count[];
}

/** What the summary needs of the server's settings. */
type SqlSettings = Pick<Env, 'OPS_ACCOUNT_ID' | 'OPS_ANALYTICS_TOKEN'>;

/** What to set for the summary, in every refusal that says the settings are missing or refused. */
const SETTINGS = 'set OPS_ACCOUNT_ID (the account id, 32 hex digits) and the secret OPS_ANALYTICS_TOKEN (an API token with Account Analytics Read)';

/** The counts of `window`, asked of the SQL API at the account's address with its token; or the refusal naming what to set. */
export async function querySummary({ OPS_ACCOUNT_ID: account = '', OPS_ANALYTICS_TOKEN: token = '' }: SqlSettings, window: Window): Promise<Summary> {
  if (!/^[0-9a-f]{32}$/i.test(account) || token === '') throw new ApiError(503, 'not_configured', `the summary asks Analytics Engine: ${SETTINGS}`);
  let res: Response;
  try {
    res = await fetch(`https://api.cloudflare.com/client/v4/accounts/${account}/analytics_engine/sql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: summaryQuery(window),
      signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(502, 'upstream_failed', `the SQL API did not answer: ${error instanceof Error ? error.name : 'error'}`);
  }
  const text = await res.text();
  // Refused: the token lacks the permission, or is not of that account.
  if (res.status === 401 || res.status === 403)
    throw new ApiError(503, 'not_configured', `the SQL API refused the token (HTTP ${res.status}): ${SETTINGS}`);
  if (!res.ok) throw new ApiError(502, 'upstream_failed', `the SQL API answered HTTP ${res.status}: ${text.slice(0, 200)}`);
  return { from: window.from.toISOString(), to: window.to.toISOString(), counts: rowsOf(text) };
}

/** The rows of a `FORMAT JSON` answer (a count may come as text: 64-bit integers). */
function rowsOf(text: string): Count[] {
  let data: unknown;
  try {
    data = (JSON.parse(text) as { data?: unknown }).data;
  } catch {
    // not JSON: refused below
  }
  if (!Array.isArray(data)) throw new ApiError(502, 'upstream_failed', 'the SQL API answered no FORMAT JSON rows');
  const whole = (value: unknown): number => Math.round(Number(value)) || 0;
  return (data as Record<string, string>[]).map(({ event, detail1, detail2, count, rowsWritten, rowsRead }) => ({
    event: String(event),
    details: [detail1, detail2].filter((w): w is string => !!w),
    count: whole(count),
    rowsWritten: whole(rowsWritten),
    rowsRead: whole(rowsRead),
  }));
}
