/**
 * Abuse limits with the Workers rate-limiting binding (wrangler.toml [[ratelimits]], whose
 * numbers the README lists): CREATE_LIMITER, READ_LIMITER and SOCKET_LIMITER per client
 * (client-key.ts), ACTION_LIMITER, NOTIFY_LIMITER and ADMIN_LIMITER per link (its token's hash).
 */
import type { Context } from 'hono';
import type { AppEnv } from './app.js';
import { errorResponse } from './errors.js';

/** Each limiter's period in seconds, as wrangler.toml sets it (the binding allows 10 or 60): a refusal's Retry-After. */
export const PERIOD_SECONDS = {
  CREATE_LIMITER: 60,
  ACTION_LIMITER: 10,
  READ_LIMITER: 10,
  SOCKET_LIMITER: 60,
  NOTIFY_LIMITER: 60,
  ADMIN_LIMITER: 60,
} as const satisfies Record<string, 10 | 60>;

/**
 * A 429 answer when `key` is over its limit, else null. `periodSeconds`: the limiter's
 * period, the longest wait until its next window, sent as Retry-After.
 */
export async function rateLimited(
  c: Context<AppEnv>,
  limiter: RateLimit,
  key: string,
  what: string,
  periodSeconds: 10 | 60 = 60,
): Promise<Response | null> {
  const { success } = await limiter.limit({ key });
  if (success) return null;
  c.header('Retry-After', String(periodSeconds));
  return errorResponse(c, 429, 'rate_limited', `too many ${what}; try again in ${periodSeconds === 60 ? 'a minute' : `${periodSeconds} seconds`}`);
}
