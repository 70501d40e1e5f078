/**
 * One push request to a push service (RFC 8030 §5): POST of the encrypted message to the
 * subscription's endpoint, signed with VAPID. The answer decides what becomes of it:
 * 2xx sent; 404 or 410 the subscription is gone for good (the caller removes it); 413 the
 * message can never go; anything else, a network error or the timeout is worth retrying.
 * Redirects are not followed: the endpoint was checked, where it leads was not.
 */
import { ATTEMPT_TIMEOUT_MS, DeliveryFailed } from '../webhook.js';
import { reasonOf } from '../../model/log-reasons.js';
import type { SubscriptionKeys } from '../../storage/push-subscriptions.js';
import { encryptPush } from './ece.js';
import { vapidAuthorization, type VapidKeys } from './vapid.js';

/** The push service said the subscription no longer exists (404 or 410). */
export class SubscriptionGone extends Error {
  override readonly name = 'SubscriptionGone';
}

/** The push service refused this message for good (413: too large). */
export class PushRefused extends Error {
  override readonly name = 'PushRefused';
}

export interface PushTarget {
  readonly endpoint: string;
  readonly keys: SubscriptionKeys;
}

export interface PushOptions {
  /** How long the push service keeps the message for an offline device, in seconds. */
  readonly ttl: number;
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
  /**
   * RFC 8030 §5.4: a newer message with the same topic replaces one the service still
   * holds, so a phone that was off gets the latest news of a table, not every step.
   */
  readonly topic?: string;
}

export async function sendPush(target: PushTarget, payload: string, vapid: VapidKeys, options: PushOptions): Promise<void> {
  const body = await encryptPush(new TextEncoder().encode(payload), target.keys);
  const headers: Record<string, string> = {
    authorization: await vapidAuthorization(vapid, target.endpoint, Date.now()),
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
    ttl: String(options.ttl),
    urgency: options.urgency,
    ...(options.topic === undefined ? {} : { topic: options.topic }),
  };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ATTEMPT_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(target.endpoint, { method: 'POST', headers, body, redirect: 'manual', signal: abort.signal });
  } catch (error) {
    throw new DeliveryFailed(abort.signal.aborted ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : `network error: ${reasonOf(error)}`);
  } finally {
    clearTimeout(timer);
  }
  await response.body?.cancel().catch(() => {});
  if (response.status === 404 || response.status === 410) throw new SubscriptionGone(`HTTP ${response.status}`);
  if (response.status === 413) throw new PushRefused('HTTP 413: the push service refused the message as too large');
  if (response.status < 200 || response.status > 299) throw new DeliveryFailed(`HTTP ${response.status}`);
}
