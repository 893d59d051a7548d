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
 * The command id of a request: its Idempotency-Key, scoped to the caller once known (authentication.ts), so that a
 * retry appends nothing twice and two callers never share a key. The actor is set by authentication.
 */
export const requestActorPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('commandId', '');
  app.addHook('onRequest', async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : undefined;
    };
    const key = header('idempotency-key');
    request.commandId = key && acceptableKey.test(key) ? key : randomUUID();
  });
});
