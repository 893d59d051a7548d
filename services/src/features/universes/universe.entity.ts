import { universeFieldsSchema } from '@nq/contracts';
import {
  analysisLayers,
  type ConfigurationEntity,
  named,
  sharedConfiguration,
} from '@nq/platform/entities/configuration-entity';
import {
  probeMembershipIntent,
  refuseForbiddenName,
  refuseOverlappingRanges,
  refuseProbesOutsideProfile,
  uniqueName,
} from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { visibleProbeIds } from '@nq/platform/entities/visible-probe-ids';

export const universeEntity = {
  kind: 'universe',
  eventPrefix: 'Universe',
  schema: universeFieldsSchema,
  unique: [uniqueName('universe-name', 'universes.nameExists')],
  rules(universe, context, previous) {
    refuseForbiddenName(universe, context, 'universes.forbiddenName', previous);
    refuseProbesOutsideProfile(universe.probes, context, previous?.probes);
    refuseOverlappingRanges(universe.probes, 'probes', 'universes.dateRangesOverlap');
  },
  fieldIntents: [probeMembershipIntent],
} satisfies EntityDefinition<typeof universeFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const universeConfiguration: ConfigurationEntity = {
  definition: universeEntity,
  collection: 'universes',
  tag: 'Universes',
  ...named,
  defaultPageSize: 50,
  ...sharedConfiguration('universes_configuration', [...analysisLayers, 'probes_configuration']),
  probesOf: visibleProbeIds,
};
