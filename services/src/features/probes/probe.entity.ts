import { DomainError, probeFieldsSchema } from '@nq/contracts';
import { privateToOwner } from '@nq/platform/access/visibility';
import { analysisLayers, type ConfigurationEntity, managedOn } from '@nq/platform/entities/configuration-entity';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { probeRoutes } from './probe.routes.ts';
import { protectProbe } from './probe-secrets.ts';

/**
 * Probe (docs/product/entities.md#probe): its id is its own (lowercase letters and digits, never reused), its secrets
 * sealed at rest, its task suite and campaign must exist.
 */
export const probeEntity = {
  kind: 'probe',
  eventPrefix: 'Probe',
  schema: probeFieldsSchema,
  naturalId: { of: (probe) => probe.probeId, taken: 'probes.idExists' },
  immutableFields: [{ field: 'probeId', error: 'probes.idImmutable' }],
  protect: protectProbe,
  rules(probe) {
    const whatsapp = probe.credentials.whatsappDestination;
    if (whatsapp && probe.phoneNumber && whatsapp === probe.phoneNumber.replace(/^\+/, ''))
      throw new DomainError('probes.whatsappSameAsDevice', { details: { field: 'credentials.whatsappDestination' } });
  },
  references: (probe) => [
    ...(probe.taskSuite ? [{ to: `task-suite-${probe.taskSuite}`, missing: 'resource.notFound' as const }] : []),
    ...(probe.campaign ? [{ to: `campaign-${probe.campaign}`, missing: 'resource.notFound' as const }] : []),
  ],
  /** Where the probe's measurements are counted: an auditor follows it from one cluster, universe or campaign to another. */
  fieldIntents: [
    { fields: ['cluster'], events: ['MovedBetweenClusters'] },
    { fields: ['universe'], events: ['MovedBetweenUniverses'] },
    { fields: ['campaign'], events: ['MovedBetweenCampaigns'] },
  ],
} satisfies EntityDefinition<typeof probeFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const probeConfiguration: ConfigurationEntity = {
  definition: probeEntity,
  collection: 'probes',
  tag: 'Probes',
  searchFields: ['probeId', 'name', 'town'],
  defaultSort: 'probeId',
  routes: probeRoutes,
  ...managedOn('probes_configuration', [
    ...analysisLayers,
    'tools/probes_status',
    'clusters_management',
    'universes_configuration',
    'campaigns_management',
  ]),
  visibility: privateToOwner({ byProfile: (viewer) => viewer.profile.probes }),
};
