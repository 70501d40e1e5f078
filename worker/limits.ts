/** Abuse limits with the Workers rate-limiting binding (wrangler.toml [[ratelimits]]). */
import type { Context } from 'hono';
import type { AppEnv } from './app.js';
import { errorResponse } from './errors.js';

/** A 429 answer when `key` is over its limit, else null. */
export async function rateLimited(c: Context<AppEnv>, limiter: RateLimit, key: string, what: string): Promise<Response | null> {
  const { success } = await limiter.limit({ key });
  if (success) return null;
  c.header('Retry-After', '60');
  return errorResponse(c, 429, 'rate_limited', `too many ${what}; try again in a minute`);
}
