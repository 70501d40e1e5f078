/**
 * A seat's webhook (API.md, "Webhooks"): the body of a post, its Standard Webhooks
 * signature, and one POST with its timeout. The delivery queue retries (deliver.ts).
 *
 * Nothing here logs; callers log only what failed, never a body (a seat's cards), a secret or a URL.
 */
import type { Seat } from '../../shared/options.js';
import { reasonOf } from '../model/log-reasons.js';
import type { EventType } from '../model/table.js';
import type { TableView } from '../published/published.js';

/** Each attempt gives up after this long. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** The body of a webhook post. `view` is the seat's own view (R10.2) at `version`. */
export interface WebhookBody {
  readonly type: EventType;
  readonly tableId: string;
  readonly seat: Seat;
  readonly version: number;
  /** The game the event is about: for game_over the game that ended, else the current one. */
  readonly gameNumber: number;
  /** game_over only: the index of the ended game in …/games (redeals count). */
  readonly dealIndex?: number;
  readonly view: TableView;
}

/** A new webhook-id (Standard Webhooks: unique per message, the same on every retry). */
export const newMessageId = (): string => `msg_${crypto.randomUUID().replace(/-/g, '')}`;

/** A seat's secret as PUT …/notifications answers it (routes/notifications.ts): "whsec_" and the key in base64. */
const SECRET_PREFIX = 'whsec_';

/**
 * The Standard Webhooks headers for one attempt: signed afresh each time, as the timestamp is
 * the attempt's. The signature is "v1," and the base64 HMAC-SHA256 of "id.timestamp.body"
 * under the secret's key (WebCrypto: the `standardwebhooks` package, which receivers verify
 * with and the tests do, would add its own SHA-256 and base64 to the Worker).
 */
export async function signatureHeaders(secret: string, messageId: string, body: string, at: Date): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const keyBytes = Uint8Array.from(atob(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${messageId}.${timestamp}.${body}`)));
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${btoa(String.fromCharCode(...mac))}` };
}

/** The receiver answered 410 Gone: it wants no more posts, the seat's webhook is turned off. */
export class ReceiverGone extends Error {
  override readonly name = 'ReceiverGone';
}

/** A delivery that failed for a reason worth retrying. */
export class DeliveryFailed extends Error {
  override readonly name = 'DeliveryFailed';
}

/**
 * POSTs one webhook. Success is any 2xx answer; redirects are not followed (the address
 * was checked, where it leads was not) and count as failures, like any other answer, a
 * network error or the timeout.
 */
export async function postWebhook(url: string, secret: string, messageId: string, body: string): Promise<void> {
  // A timer of our own rather than AbortSignal.timeout: it is cleared as soon as the answer
  // is in, so no timer outlives the attempt (and keeps the table's object busy).
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ATTEMPT_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Wallachen-Webhooks/1',
        ...(await signatureHeaders(secret, messageId, body, new Date())),
      },
      body,
      redirect: 'manual',
      signal: abort.signal,
    });
  } catch (error) {
    throw new DeliveryFailed(abort.signal.aborted ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : `network error: ${reasonOf(error)}`);
  } finally {
    clearTimeout(timer);
  }
  await response.body?.cancel().catch(() => {});
  if (response.status === 410) throw new ReceiverGone('HTTP 410 Gone');
  if (response.status < 200 || response.status > 299) throw new DeliveryFailed(`HTTP ${response.status}`);
}
