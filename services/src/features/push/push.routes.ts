import { DomainError, pushPublicKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusedPushEndpoint } from './push-endpoint.ts';
import type { PushSubscriptions } from './push-subscriptions.ts';

export interface PushRouteOptions {
  subscriptions: PushSubscriptions;
  publicKey: string;
  /** Also accept http and non-public push addresses (tests, an on-premises push service). */
  allowPrivateEndpoints: boolean;
}

const tags = ['Alerts'];
/** Pushes tell about alerts: they are turned on where alerts are. */
const access = { access: layerAccess(['alerts']) };
const done = z.object({ done: z.literal(true) });

/**
 * Alert push notifications (docs/product/entities.md#alert): the browsers a user receives their profile's alerts in.
 */
export const pushRoutes: FastifyPluginAsyncZod<PushRouteOptions> = async (
  app,
  { subscriptions, publicKey, allowPrivateEndpoints },
) => {
  app.get(
    '/public-key',
    {
      config: access,
      schema: {
        tags,
        summary: "The platform's VAPID public key, the applicationServerKey a browser subscribes with",
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ publicKey }),
  );

  app.post(
    '/subscriptions',
    {
      config: access,
      schema: {
        tags,
        summary: "Receive alert notifications in this browser: its PushSubscription (another user's moves to you)",
        body: pushSubscriptionSchema,
        response: { 200: done, 400: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      const { endpoint } = request.body;
      const reason = await refusedPushEndpoint(endpoint, allowPrivateEndpoints);
      if (reason) throw new DomainError('push.endpointNotPublic', { params: { endpoint, reason } });
      await subscriptions.save(request.viewer.userId, request.body);
      return { done: true as const };
    },
  );

  app.delete(
    '/subscriptions',
    {
      config: access,
      schema: {
        tags,
        summary: 'Stop receiving alert notifications in a browser of yours, by its endpoint',
        body: pushUnsubscribeSchema,
        response: { 200: done, 400: errorResponse },
      },
    },
    async (request) => {
      await subscriptions.remove(request.viewer.userId, request.body.endpoint);
      return { done: true as const };
    },
  );
};
