import { assertPolygonWithinLimit, geofilterFieldsSchema } from '@nq/contracts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';
import { refuseForbiddenName, uniqueName } from '../configuration-rules.ts';

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
