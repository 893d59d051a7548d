import { assertPolygonWithinLimit, geofilterFieldsSchema } from '@nq/contracts';
import { privateToOwner } from '@nq/platform/access/visibility';
import { type ConfigurationEntity, managedOn, named } from '@nq/platform/entities/configuration-entity';
import { refuseForbiddenName, uniqueName } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';

export const geofilterEntity = {
  kind: 'geofilter',
  eventPrefix: 'Geofilter',
  schema: geofilterFieldsSchema,
  unique: [uniqueName('geofilter-name', 'geofilters.nameExists')],
  rules(geofilter, context, previous) {
    refuseForbiddenName(geofilter, context, 'geofilters.forbiddenName', previous);
    assertPolygonWithinLimit(geofilter.polygon);
  },
  /** Clusters refer to their geographic filters (cluster.entity.ts references). */
  deletion: { refusedWhileReferenced: 'geofilters.inUse' },
  cloneable: true,
} satisfies EntityDefinition<typeof geofilterFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const geofilterConfiguration: ConfigurationEntity = {
  definition: geofilterEntity,
  collection: 'geofilters',
  tag: 'Geographic filters',
  ...named,
  ...managedOn('geofilters_management', ['clusters_management', 'maps']),
  visibility: privateToOwner(),
};
