// Push notifications: the sender, the subscriptions store, the VAPID keys and the routes.
export { pushManifest } from './manifest.ts';
export { pushRoutes } from './push.routes.ts';
export { pushSender } from './push-sender.ts';
export { openPushSubscriptions, pushSubscriptionsSchema } from './push-subscriptions.ts';
export { vapidKeys } from './vapid-keys.ts';
