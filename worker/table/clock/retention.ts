/**
 * Retention: a table nobody has moved at for RETENTION_DAYS (a Worker variable, default 180)
 * deletes its Durable Object storage from its alarm. Its finished games stay in D1; its
 * links then answer 404 with the reason (one row is kept to say so).
 */

export const DEFAULT_RETENTION_DAYS = 180;
const DAY_MS = 86_400_000;

/** RETENTION_DAYS as set (a whole number of days ≥ 1), else the default. */
export function retentionDays(value: string | undefined): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_RETENTION_DAYS;
}

/**
 * When a table last changed at `lastChangeAt` (ISO) is deleted: `days` later, rounded up to
 * the next midnight (UTC), so that the alarm for it moves at most once a day.
 */
export const retentionDueAt = (lastChangeAt: string, days: number): number => Math.ceil((Date.parse(lastChangeAt) + days * DAY_MS) / DAY_MS) * DAY_MS;
