import { type Actor, DomainError, probeHeaders } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import { rateLimitHeaders } from '@nq/platform/http/request-budget';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticate, AuthenticateProbe, ProbeCaller } from '../../features/identity/index.ts';
import { authorize } from '../access/authorize.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; only on routes that are not public. */
    viewer: Viewer;
    /** The probe calling the gateway; only on probe routes. */
    probe: ProbeCaller;
    /** The body's bytes as received, which the signature covers (kept by the body parsers). */
    rawBody?: Buffer;
  }
}

const anonymous: Actor = { userId: 'anonymous', profileId: 'anonymous' };

/**
 * Every route that is not public needs a valid signature (401 otherwise) and a profile its access rule admits (403);
 * the caller becomes the actor of the commands it sends. Routes outside the API (the console's files, the API
 * documentation) declare no rule and are public.
 */
export const authenticationPlugin = fp(
  async (
    app: FastifyInstance,
    { authenticate, authenticateProbe }: { authenticate: Authenticate; authenticateProbe: AuthenticateProbe },
  ) => {
    app.decorateRequest('viewer', null as unknown as Viewer);
    app.decorateRequest('probe', null as unknown as ProbeCaller);
    app.decorateRequest('rawBody', undefined);

    const needsSession = (request: { routeOptions: { config: { access?: unknown } } }) => {
      const access = request.routeOptions.config.access as { public?: true } | undefined;
      return access !== undefined && !access.public;
    };

    app.addHook('onRequest', async (request) => {
      request.actor = anonymous;
      // Refused before the body is read: a caller without credentials gets 401 whatever it sends.
      if (needsSession(request) && !request.headers.authorization) throw new DomainError('auth.unauthenticated');
    });

    app.addHook('preValidation', async (request, reply) => {
      const access = request.routeOptions.config.access;
      if (!access || 'public' in access) return;
      const signed = {
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        body: request.rawBody,
      };
      if ('probe' in access) {
        // A probe keeps its clock's offset from these, and renews its credentials before they end.
        reply.header(probeHeaders.serverTime, String(Date.now()));
        request.probe = await authenticateProbe(signed, 'renewal' in access);
        reply.header(probeHeaders.credentialsExpireAt, request.probe.credentialsExpireAt);
        request.actor = { userId: `probe:${request.probe.probeId}`, profileId: request.probe.profileId };
        return;
      }
      request.viewer = await authenticate(signed);
      if (request.viewer.requestBudget) reply.headers(rateLimitHeaders(request.viewer.requestBudget));
      request.actor = { userId: request.viewer.userId, profileId: request.viewer.profileId };
      if (request.headers['idempotency-key']) request.commandId = `${request.viewer.userId}:${request.commandId}`;
      authorize(access, request.viewer);
    });
  },
);
