/**
 * The operator's summary (GET /api/ops/summary): the counters of metrics.ts over a window of
 * time, read back from Analytics Engine through its SQL API, which only Cloudflare runs (the
 * tests answer its requests themselves: docs/operations.md). Needs the account's id
 * (OPS_ACCOUNT_ID) and an API token allowed to read its analytics (OPS_ANALYTICS_TOKEN).
 */
import { ApiError } from '../errors.js';
import { LIMITER_NAMES, type OpsEventName } from './metrics.js';

/** The dataset wrangler.toml binds as OPS_METRICS (its `dataset`; test/worker/ops-summary.test.ts keeps the two the same). */
export const OPS_DATASET = 'wallachen_ops';

/** The longest window one summary covers. */
export const MAX_WINDOW_DAYS = 31;
/** Analytics Engine keeps a point three months: an older window would answer zeros that are not true. */
export const RETENTION_DAYS = 90;
/** The window when none is given: the last day. */
export const DEFAULT_WINDOW_HOURS = 24;
/** At most this many rows of counts: far more than the vocabulary can make (metrics.ts). */
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
    throw new ApiError(400, 'bad_request', `the window from \`from\` to \`to\` must be at most ${MAX_WINDOW_DAYS} days`);
  if (start.getTime() < now - RETENTION_DAYS * DAY_MS)
    throw new ApiError(400, 'bad_request', `\`from\` must be within the last ${RETENTION_DAYS} days: Analytics Engine keeps no older points`);
  return { from: start, to: end };
}

function instant(text: string, name: 'from' | 'to'): Date {
  // A date and time with its zone, to the second; what Date.parse reads beyond that (local times) would mean another instant.
  const valid = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  const ms = valid ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) throw new ApiError(400, 'bad_request', `\`${name}\` must be an ISO date and time with its zone, e.g. 2026-12-01T00:00:00Z`);
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
    'SELECT blob1 AS event, blob2 AS detail1, blob3 AS detail2, SUM(_sample_interval * double1) AS count',
    `FROM ${OPS_DATASET}`,
    `WHERE timestamp >= ${sqlTime(from)} AND timestamp < ${sqlTime(to)}`,
    'GROUP BY event, detail1, detail2',
    'ORDER BY event, detail1, detail2',
    `LIMIT ${MAX_ROWS}`,
    'FORMAT JSON',
  ].join('\n');
}

/** One row of the SQL API's answer. */
interface CountRow {
  readonly event: string;
  readonly detail1: string;
  readonly detail2: string;
  readonly count: number;
}

type Counts = Record<string, number>;

/** The summary's answer (SummarySchema of routes/ops.ts). */
export interface Summary {
  readonly from: string;
  readonly to: string;
  readonly tablesCreated: number;
  readonly gamesStarted: number;
  readonly gamesFinished: number;
  readonly actions: { readonly total: number; readonly byType: Counts; readonly byWho: Counts };
  readonly refusals: { readonly total: number; readonly byCode: Counts; readonly overSocket: number };
  readonly deliveries: { readonly total: number; readonly byChannel: Record<string, Counts> };
  readonly deadLetters: { readonly total: number; readonly byKind: Counts };
  readonly rateLimited: { readonly total: number; readonly byLimiter: Counts };
}

const add = (counts: Counts, key: string, n: number): void => {
  counts[key] = (counts[key] ?? 0) + n;
};

/** The rows shaped as the answer: totals, and each event by its words. */
export function summaryOf(window: Window, rows: readonly CountRow[]): Summary {
  const total: Partial<Record<OpsEventName, number>> = {};
  const summary = {
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    actions: { byType: {} as Counts, byWho: {} as Counts },
    refusals: { byCode: {} as Counts, overSocket: 0 },
    deliveries: { byChannel: {} as Record<string, Counts> },
    deadLetters: { byKind: {} as Counts },
    rateLimited: { byLimiter: Object.fromEntries(LIMITER_NAMES.map((name) => [name, 0])) as Counts },
  };
  for (const { event, detail1, detail2, count } of rows) {
    total[event as OpsEventName] = (total[event as OpsEventName] ?? 0) + count;
    if (event === 'action') {
      add(summary.actions.byType, detail1, count);
      add(summary.actions.byWho, detail2, count);
    } else if (event === 'refusal') {
      add(summary.refusals.byCode, detail1, count);
      if (detail2 === 'socket') summary.refusals.overSocket += count;
    } else if (event === 'delivery') add((summary.deliveries.byChannel[detail1] ??= {}), detail2, count);
    else if (event === 'dead_letter') add(summary.deadLetters.byKind, detail1, count);
    else if (event === 'rate_limited') add(summary.rateLimited.byLimiter, detail1, count);
  }
  const of = (event: OpsEventName) => total[event] ?? 0;
  return {
    from: summary.from,
    to: summary.to,
    tablesCreated: of('table_created'),
    gamesStarted: of('game_started'),
    gamesFinished: of('game_finished'),
    actions: { total: of('action'), ...summary.actions },
    refusals: { total: of('refusal'), ...summary.refusals },
    deliveries: { total: of('delivery'), ...summary.deliveries },
    deadLetters: { total: of('dead_letter'), ...summary.deadLetters },
    rateLimited: { total: of('rate_limited'), ...summary.rateLimited },
  };
}

/** What the summary needs of the server's settings. */
type SqlSettings = Pick<Env, 'OPS_ACCOUNT_ID' | 'OPS_ANALYTICS_TOKEN'>;

/** The SQL API's address for the account, and its token; or the refusal naming what to set. */
function sqlApi(env: SqlSettings): { url: string; token: string } {
  const account = env.OPS_ACCOUNT_ID?.trim() ?? '';
  const token = env.OPS_ANALYTICS_TOKEN?.trim() ?? '';
  const missing = [
    account === '' && 'OPS_ACCOUNT_ID (a var: the Cloudflare account id)',
    token === '' && 'OPS_ANALYTICS_TOKEN (a secret: an API token with "Account Analytics: Read")',
  ].filter(Boolean);
  if (missing.length > 0) throw new ApiError(503, 'not_configured', `the summary reads Analytics Engine's SQL API; set ${missing.join(' and ')}`);
  if (!/^[0-9a-f]{32}$/i.test(account))
    throw new ApiError(503, 'not_configured', 'OPS_ACCOUNT_ID must be the 32 hexadecimal digits of the Cloudflare account id');
  return { url: `https://api.cloudflare.com/client/v4/accounts/${account}/analytics_engine/sql`, token };
}

/** The counts of `window`, asked of the SQL API. */
export async function querySummary(env: SqlSettings, window: Window): Promise<Summary> {
  const { url, token } = sqlApi(env);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: summaryQuery(window),
      signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(502, 'upstream_failed', `Analytics Engine's SQL API did not answer: ${error instanceof Error ? error.name : 'error'}`);
  }
  const text = await res.text();
  if (res.status === 401 || res.status === 403)
    throw new ApiError(
      503,
      'not_configured',
      `Analytics Engine's SQL API refused OPS_ANALYTICS_TOKEN (HTTP ${res.status}): it needs "Account Analytics: Read" on OPS_ACCOUNT_ID's account`,
    );
  if (!res.ok) throw new ApiError(502, 'upstream_failed', `Analytics Engine's SQL API answered HTTP ${res.status}: ${text.slice(0, 200)}`);
  return summaryOf(window, rowsOf(text));
}

/** The rows of a `FORMAT JSON` answer; a count may come as a number or as text (64-bit integers). */
function rowsOf(text: string): CountRow[] {
  let data: unknown;
  try {
    data = (JSON.parse(text) as { data?: unknown }).data;
  } catch {
    data = undefined;
  }
  if (!Array.isArray(data)) throw new ApiError(502, 'upstream_failed', "Analytics Engine's SQL API answered something other than FORMAT JSON's rows");
  return data.map((row: Record<string, unknown>) => ({
    event: String(row.event ?? ''),
    detail1: String(row.detail1 ?? ''),
    detail2: String(row.detail2 ?? ''),
    count: Math.round(Number(row.count ?? 0)) || 0,
  }));
}
