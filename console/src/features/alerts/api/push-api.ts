import type { PushSubscriptionJson } from '@nq/contracts/alerts/alert-push';
import { api, apiRequest } from '../../../shared/api/api-client.ts';

/** The platform's VAPID public key, which a browser subscribes with. */
export const fetchPushPublicKey = () => api.get<{ publicKey: string }>('/api/push/public-key');

/** Alerts of the user's profile are pushed to this browser from now on. */
export const savePushSubscription = (subscription: PushSubscriptionJson) =>
  api.post<{ done: true }>('/api/push/subscriptions', subscription);

export const deletePushSubscription = (endpoint: string) =>
  apiRequest<{ done: true }>('DELETE', '/api/push/subscriptions', { body: { endpoint } });
