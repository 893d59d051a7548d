import { DomainError, providerFieldsSchema } from '@nq/contracts';
import {
  analysisLayers,
  type ConfigurationEntity,
  named,
  sharedConfiguration,
} from '@nq/platform/entities/configuration-entity';
import { uniqueName } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { parseIpRange } from './ip-ranges.ts';
import { providerRoutes } from './provider.routes.ts';

export const providerEntity = {
  kind: 'provider',
  eventPrefix: 'Provider',
  schema: providerFieldsSchema,
  immutableFields: [{ field: 'name', error: 'providers.nameChangeNotAllowed' }],
  rules(provider) {
    provider.ipRanges.forEach((range, index) => {
      if (!parseIpRange(range))
        throw new DomainError('providers.ipRangeInvalid', { details: { field: `ipRanges.${index}` } });
    });
    provider.imsis.forEach((imsi, index) => {
      if (provider.imsis.indexOf(imsi) !== index)
        throw new DomainError('providers.imsiAlreadyAssigned', { details: { field: `imsis.${index}` } });
    });
  },
  unique: [
    uniqueName('provider-name', 'providers.nameExists'),
    { scope: 'provider-imsi', valueOf: (provider) => provider.imsis, conflict: 'providers.imsiAlreadyAssigned' },
  ],
} satisfies EntityDefinition<typeof providerFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const providerConfiguration: ConfigurationEntity = {
  definition: providerEntity,
  collection: 'providers',
  tag: 'Providers',
  ...named,
  searchFields: ['name', 'label', 'spn'],
  routes: providerRoutes,
  ...sharedConfiguration('tools/providers-management', [...analysisLayers, 'probes_configuration', 'cdns_management']),
};
