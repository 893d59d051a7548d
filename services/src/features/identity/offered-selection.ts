import { DomainError, selectionGroupOf, unofferedSelection } from '@nq/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * A preHandler for the routes that take a selection from the user (graphics, maps, searches, exports): a filter or
 * breakdown by a group the caller's profile does not select by
 * (docs/product/roles.md#selection-group-service-and-useclusters: landline by universes, mobile by campaigns, clusters
 * with useClusters) is refused. Queries the platform builds itself (a scorecard's definition) are not requests and are
 * not checked.
 */
export async function refuseUnofferedSelection(request: FastifyRequest) {
  const body = request.body;
  if (!body || typeof body !== 'object' || !request.viewer) return;
  const { profile } = request.viewer;
  const requested = unofferedSelection(profile, body as Parameters<typeof unofferedSelection>[1]);
  if (requested.length > 0)
    throw new DomainError('profiles.selectionNotOffered', {
      params: { offered: selectionGroupOf(profile), requested: requested.join(', ') },
      details: { offered: selectionGroupOf(profile), requested },
    });
}
