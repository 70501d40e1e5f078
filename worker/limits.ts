/**
 * Abuse limits with the Workers rate-limiting binding (wrangler.toml [[ratelimits]], whose
 * numbers docs/api.md lists): CREATE_LIMITER, READ_LIMITER and SOCKET_LIMITER per client
 * (client-key.ts), ACTION_LIMITER, NOTIFY_LIMITER and ADMIN_LIMITER per link (its token's
 * hash). A route declares its limit (routes/chain.ts charges it); none charges one by hand.
 */
import { clientKey } from './client-key.js';
import { ApiError } from './errors.js';

/** Each limiter's period in seconds, as wrangler.toml sets it (the binding allows 10 or 60): a refusal's Retry-After. */
export const PERIOD_SECONDS = {
  CREATE_LIMITER: 60,
  ACTION_LIMITER: 10,
  READ_LIMITER: 10,
  SOCKET_LIMITER: 60,
  NOTIFY_LIMITER: 60,
  ADMIN_LIMITER: 60,
} as const satisfies Record<string, 10 | 60>;

export type LimiterName = keyof typeof PERIOD_SECONDS;

/** A limit counted per client: its address (client-key.ts), known before anything else of the request. */
export interface ClientLimit {
  readonly limiter: LimiterName;
  readonly per: 'client';
  /** What is counted, as the 429 names it: "too many <what>". */
  readonly what: string;
}

/** A limit counted per link: its token's hash, whatever address it comes from. */
export interface LinkLimit {
  readonly limiter: LimiterName;
  readonly per: 'link';
  readonly what: string;
}

export type Limit = ClientLimit | LinkLimit;

export const TABLES_CREATED: ClientLimit = { limiter: 'CREATE_LIMITER', per: 'client', what: 'tables created from this address' };
/** Reads of views, games, chat, notifications, the delivery log and the admin view; oEmbed; each link of the overview. */
export const READS: ClientLimit = { limiter: 'READ_LIMITER', per: 'client', what: 'reads from this address' };
export const SOCKETS_OPENED: ClientLimit = { limiter: 'SOCKET_LIMITER', per: 'client', what: 'WebSocket connections from this address' };
/** A link's actions, and what it sends that is counted with them (vacation, preferences). */
export const ACTIONS: LinkLimit = { limiter: 'ACTION_LIMITER', per: 'link', what: 'actions from this link' };
/** A link's chat messages: the budget of its actions, which they share. */
export const CHAT_POSTS: LinkLimit = { limiter: 'ACTION_LIMITER', per: 'link', what: 'requests from this link' };
export const NOTIFICATION_CHANGES: LinkLimit = { limiter: 'NOTIFY_LIMITER', per: 'link', what: 'notification changes from this link' };
export const ADMIN_COMMANDS: LinkLimit = { limiter: 'ADMIN_LIMITER', per: 'link', what: 'admin commands from this link' };

/** The rate-limit key of the client that sent `request` (client-key.ts). */
export const clientOf = (request: { header(name: string): string | undefined }): string => clientKey(request.header('cf-connecting-ip'));

/**
 * Counts one request of `key` against `limit`; over it, throws the 429 whose Retry-After is
 * the limiter's period, the longest wait until its next window.
 */
export async function charge(env: Env, limit: Limit, key: string): Promise<void> {
  const { success } = await env[limit.limiter].limit({ key });
  if (success) return;
  const seconds = PERIOD_SECONDS[limit.limiter];
  throw new ApiError(429, 'rate_limited', `too many ${limit.what}; try again in ${seconds === 60 ? 'a minute' : `${seconds} seconds`}`, seconds);
}
