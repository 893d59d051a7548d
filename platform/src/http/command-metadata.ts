import type { FastifyRequest } from 'fastify';
import type { CommandMetadata } from '../entities/entity-service.ts';

/**
 * The metadata of a command a request sends: its actor and its command id (the request's unless one derived from it
 * is given, for a request that sends several).
 */
export function commandMetadata(request: FastifyRequest, commandId = request.commandId): CommandMetadata {
  return { actor: request.actor, commandId, correlationId: request.id, now: new Date() };
}
