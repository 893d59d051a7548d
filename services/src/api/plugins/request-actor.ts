import { randomUUID } from 'node:crypto';
import type { Actor } from '@nq/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    /** The command id: the caller's Idempotency-Key when given, so a retried request appends nothing twice. */
    commandId: string;
  }
}

const acceptableKey = /^[\w.:-]{8,128}$/;

/**
 * Who is acting. Until identity lands (issue 4: signed sessions), the actor comes from the `x-nq-user` and
 * `x-nq-profile` headers and defaults to the demo profile; that issue replaces this resolution with the session's.
 */
export const requestActorPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('commandId', '');
  app.addHook('onRequest', async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : undefined;
    };
    request.actor = { userId: header('x-nq-user') ?? 'demo-user', profileId: header('x-nq-profile') ?? 'demo-profile' };
    const key = header('idempotency-key');
    request.commandId = key && acceptableKey.test(key) ? key : randomUUID();
  });
});
