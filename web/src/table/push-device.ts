/**
 * This device's side of Web Push (API.md "Web push"): whether the browser can, the one
 * subscription a browser keeps per site (shared by every table this device gets pushes of);
 * which of this device's links have it is kept by push-links.ts. Permission is asked only by subscribe(), which
 * the "Notify me on this device" button calls.
 */
import { fetchPushKey, type PushSubscriptionFields } from '../api-later.js';

export const pushSupported = (): boolean =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';

export type PushPermission = 'granted' | 'denied' | 'default';

export const permission = (): PushPermission => Notification.permission;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  a != null && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('/sw.js'));
}

/** This browser's subscription for the site, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const found = await navigator.serviceWorker.getRegistration();
  return found === undefined ? null : found.pushManager.getSubscription();
}

export class PermissionDenied extends Error {
  override readonly name = 'PermissionDenied';
}

/**
 * Asks for permission (now, at the press of the button), then subscribes with the server's
 * key, or takes the subscription the browser already has for it (another table's).
 */
export async function subscribe(): Promise<PushSubscriptionFields> {
  const answer = await Notification.requestPermission();
  if (answer !== 'granted') throw new PermissionDenied(answer);
  const { publicKey } = await fetchPushKey();
  const key = keyBytes(publicKey);
  const { pushManager } = await navigator.serviceWorker.ready.then(() => registration());
  let subscription = await pushManager.getSubscription();
  // A subscription made with another key (the server's key was replaced) is useless now.
  if (subscription !== null && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  if (endpoint === undefined || keys?.p256dh === undefined || keys.auth === undefined) throw new Error('the browser gave no subscription keys');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}
