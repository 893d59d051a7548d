import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { pushRoutes } from './push.routes.ts';
import { openPushSubscriptions, pushSubscriptionsSchema } from './push-subscriptions.ts';
import { vapidKeys } from './vapid-keys.ts';

/** Web push: the browsers subscribed to a user's alerts. */
export const pushManifest: FeatureManifest = {
  name: 'push',
  schema: [pushSubscriptionsSchema],
  async routes(api, platform) {
    const { push } = platform.config;
    await api.register(pushRoutes, {
      prefix: '/api/push',
      subscriptions: await openPushSubscriptions(platform.sql),
      publicKey: (await vapidKeys(platform.sql, push.vapidKeys)).publicKey,
      allowPrivateEndpoints: push.allowPrivateEndpoints,
    });
  },
};
