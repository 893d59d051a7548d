import type { IncomingMessage } from 'node:http';
import { addressPolicy, RefusedAddress } from '@nq/platform/http/address-policy';
import { pinnedRequest } from '@nq/platform/http/pinned-request';
import webpush from 'web-push';
import { insecureSchemeOf } from './push-endpoint.ts';
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
 * key (RFC 8292). web-push encrypts and signs; the request itself is sent pinned to an address the platform's address
 * policy allows (web-push's own sender speaks https only, and a local push service answers over http).
 */
export function pushSender(
  vapid: VapidKeys & { subject: string },
  { timeoutMs = 10_000, allowPrivateEndpoints = false } = {},
) {
  const policy = addressPolicy(allowPrivateEndpoints);
  const notPublic = (reason: string): PushOutcome => ({
    sent: false,
    gone: true,
    reason: `not a public push address: ${reason}`,
  });
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
    const url = new URL(details.endpoint);
    const insecure = insecureSchemeOf(url, allowPrivateEndpoints);
    if (insecure) return notPublic(insecure);
    let response: IncomingMessage;
    try {
      response = await pinnedRequest(url, {
        policy,
        method: 'POST',
        headers: details.headers,
        body: details.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // Checked on the address connected to: the name may resolve elsewhere than when the browser was subscribed.
      if (error instanceof RefusedAddress) return notPublic(error.reason);
      return { sent: false, gone: false, reason: (error as Error).message };
    }
    response.destroy();
    const status = response.statusCode ?? 0;
    if (status >= 200 && status <= 299) return { sent: true };
    const gone = status === 404 || status === 410;
    return { sent: false, gone, reason: `push service answered ${status}` };
  };
}

export type PushSend = ReturnType<typeof pushSender>;
