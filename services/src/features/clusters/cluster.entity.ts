import { clusterFieldsSchema, DomainError } from '@nq/contracts';
import { privateToOwner } from '@nq/platform/access/visibility';
import { analysisLayers, type ConfigurationEntity, managedOn, named } from '@nq/platform/entities/configuration-entity';
import {
  probeMembershipIntent,
  refuseEndBeforeStart,
  refuseForbiddenName,
  refuseOverlappingRanges,
  refuseProbesOutsideProfile,
  uniqueName,
} from '@nq/platform/entities/configuration-rules';
import { streamIdOf } from '@nq/platform/entities/entity-decider';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { visibleProbeIds } from '@nq/platform/entities/visible-probe-ids';
import { geofilterEntity } from '../geofilters/index.ts';
import { clusterRoutes } from './cluster.routes.ts';

export const clusterEntity = {
  kind: 'cluster',
  eventPrefix: 'Cluster',
  schema: clusterFieldsSchema,
  unique: [uniqueName('cluster-name', 'clusters.nameExists')],
  rules(cluster, context, previous) {
    refuseForbiddenName(cluster, context, 'clusters.forbiddenName', previous);
    refuseEndBeforeStart(cluster.startDate, cluster.endDate);
    refuseProbesOutsideProfile(cluster.probes, context, previous?.probes);
    refuseOverlappingRanges(cluster.probes, 'probes', 'clusters.dateRangesOverlap');
    refuseOverlappingRanges(cluster.dateRanges, 'dateRanges', 'clusters.dateRangesOverlap');
  },
  references: (cluster) =>
    [...new Set(cluster.geoFilters)].map((id) => ({
      to: streamIdOf(geofilterEntity, id),
      missing: 'geofilters.notFound',
    })),
  deletion: {
    /** A cluster can be deleted only by the profile that created it (docs/product/rules.md#deletion). */
    guard(cluster, context) {
      if (cluster.owner !== context.actor.profileId)
        throw new DomainError('clusters.deleteNotOwner', { details: { id: cluster.id } });
    },
  },
  /** The clone route gives the new name in the overrides. */
  cloneable: true,
  fieldIntents: [probeMembershipIntent],
} satisfies EntityDefinition<typeof clusterFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const clusterConfiguration: ConfigurationEntity = {
  definition: clusterEntity,
  collection: 'clusters',
  tag: 'Clusters',
  ...named,
  defaultPageSize: 25,
  routes: clusterRoutes,
  ...managedOn('clusters_management', [...analysisLayers, 'profiles_management']),
  visibility: privateToOwner({ byProfile: (viewer) => viewer.profile.clusters }),
  probesOf: visibleProbeIds,
};
