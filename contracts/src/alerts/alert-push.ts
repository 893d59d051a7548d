import { z } from 'zod';
import { alertGroupings, alertTypes } from '../configuration/alert.ts';
import { alertGroupStates } from './alert-history.ts';

// Web push of alert notifications (docs/product/entities.md#alert, push notification settings): the console subscribes
// a browser with the platform's VAPID public key and gives the platform the browser's PushSubscription; when an alert
// of the user's profile changes state, the platform pushes a message the console's service worker shows.

/** Base64url without padding, as browsers serialise subscription keys and VAPID keys. */
const base64url = (bytes: number) =>
  z
    .string({ error: 'push.keysInvalid' })
    .regex(/^[A-Za-z0-9_-]+$/, 'push.keysInvalid')
    .refine((text) => Math.floor((text.length * 3) / 4) === bytes, 'push.keysInvalid');

/** `GET /api/push/public-key`: the VAPID public key (an uncompressed P-256 point) a browser subscribes with. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

export const pushEndpointSchema = z
  .string({ error: 'push.endpointInvalid' })
  .max(2048, 'push.endpointInvalid')
  .pipe(z.url({ protocol: /^https?$/, error: 'push.endpointInvalid' }));

/** `POST /api/push/subscriptions`: the browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema.describe("The push service's address for this browser"),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64url(65).describe("The browser's P-256 public key (uncompressed point)"),
      auth: base64url(16).describe("The browser's authentication secret"),
    },
    { error: 'push.keysInvalid' },
  ),
});
export type PushSubscriptionJson = z.output<typeof pushSubscriptionSchema>;

/** `DELETE /api/push/subscriptions`: forget one of your browsers. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

/** What the platform pushes and the console's service worker shows. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Where a click on the notification leads (same origin). */
  url: z.string(),
  /** Notifications of one alert group replace each other. */
  tag: z.string(),
  alertId: z.string(),
  alertType: z.enum(alertTypes),
  groupKind: z.enum(alertGroupings),
  state: z.enum(alertGroupStates),
  entryId: z.string(),
});
export type PushMessage = z.output<typeof pushMessageSchema>;
