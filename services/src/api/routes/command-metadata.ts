import type { FastifyRequest } from 'fastify';
import { scopeOf } from '../../features/identity/data-scope.ts';
import type { CommandMetadata } from '../../platform/entities/entity-service.ts';

/**
 * The metadata of a command a request sends: its actor, its command id (the request's unless one derived from it is
 * given, for a request that sends several) and the probes the acting profile is restricted to.
 */
export function commandMetadata(request: FastifyRequest, commandId = request.commandId): CommandMetadata {
  const allowedProbes = scopeOf(request.viewer.profile).probes;
  return {
    actor: request.actor,
    commandId,
    correlationId: request.id,
    now: new Date(),
    ...(allowedProbes && !request.viewer.profile.isGod ? { allowedProbes } : {}),
  };
}
