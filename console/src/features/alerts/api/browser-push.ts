import type { PushSubscriptionJson } from '@nq/contracts/alerts/alert-push';
import { deletePushSubscription, fetchPushPublicKey, savePushSubscription } from './push-api.ts';

// The browser's side of alert notifications: the service worker the console serves at its root (it shows a push and
// opens its address on click), the browser's permission and its push subscription.

/** Served from console/public at the origin's root, so that its scope covers every page of the console. */
export const PUSH_WORKER_URL = '/push-worker.js';

/** What this browser can do about alert notifications now. */
export type BrowserPushState = 'unsupported' | 'denied' | 'off' | 'on';

export const pushSupported = () =>
  'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';

/** The applicationServerKey a browser takes: the bytes of the base64url VAPID key. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

const currentSubscription = async () =>
  (await navigator.serviceWorker.getRegistration(PUSH_WORKER_URL))?.pushManager.getSubscription() ?? null;

/** Whether a subscription was made with this key: one made with a key the platform no longer has is useless. */
const madeWith = (subscription: PushSubscription, key: Uint8Array) => {
  const used = subscription.options.applicationServerKey;
  return !!used && used.byteLength === key.byteLength && new Uint8Array(used).every((byte, i) => byte === key[i]);
};

/**
 * This browser's state; a subscription it already holds is given to the platform again, so it notifies whoever
 * uses the browser now (and the platform knows it even if it had forgotten it).
 */
export async function browserPushState(): Promise<BrowserPushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
  if (!subscription) return 'off';
  if (!madeWith(subscription, applicationServerKey((await fetchPushPublicKey()).publicKey))) return 'off';
  await savePushSubscription(subscription.toJSON() as PushSubscriptionJson);
  return 'on';
}

/** Asks the permission, subscribes with the platform's key and gives the platform the subscription. */
export async function turnBrowserPushOn(): Promise<BrowserPushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  await navigator.serviceWorker.register(PUSH_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const key = applicationServerKey((await fetchPushPublicKey()).publicKey);
  const stale = await registration.pushManager.getSubscription();
  if (stale && !madeWith(stale, key)) await stale.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await savePushSubscription(subscription.toJSON() as PushSubscriptionJson);
  return 'on';
}

/** The platform forgets this browser, and the browser its subscription. */
export async function turnBrowserPushOff(): Promise<BrowserPushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await deletePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}
