import { nonPublicReason } from '@nq/platform/http/public-endpoint';
import webpush from 'web-push';
import type { StoredPushSubscription } from './push-subscriptions.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushOptions {
  /** How long the push service keeps the message for a browser that is offline. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Messages with the same topic replace each other while undelivered (≤ 32 base64url characters). */
  topic?: string;
}

/** `gone`: the push service no longer knows the subscription (404/410) and it should be forgotten. */
export type PushOutcome = { sent: true } | { sent: false; gone: boolean; reason: string };

/**
 * Sends one encrypted message (RFC 8291, aes128gcm) to one browser's push service, signed with the platform's VAPID
 * key (RFC 8292). web-push encrypts and signs; the request itself goes through fetch, which also reaches the plain
 * http endpoints of a local push service.
 */
export function pushSender(
  vapid: VapidKeys & { subject: string },
  { timeoutMs = 10_000, allowPrivateEndpoints = false } = {},
) {
  return async function send(
    subscription: StoredPushSubscription,
    payload: string,
    options: PushOptions,
  ): Promise<PushOutcome> {
    const details = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: vapid,
      contentEncoding: 'aes128gcm',
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      ...(options.topic ? { topic: options.topic } : {}),
    });
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    // Checked again when called: the name may resolve elsewhere than when the browser was subscribed.
    const refused = await nonPublicReason(details.endpoint, { allowPrivate: allowPrivateEndpoints });
    if (refused) return { sent: false, gone: true, reason: `not a public push address: ${refused}` };
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        ...(details.body ? { body: new Uint8Array(details.body) } : {}),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { sent: false, gone: false, reason: (error as Error).message };
    }
    await response.body?.cancel();
    if (response.ok) return { sent: true };
    const gone = response.status === 404 || response.status === 410;
    return { sent: false, gone, reason: `push service answered ${response.status}` };
  };
}

export type PushSend = ReturnType<typeof pushSender>;
