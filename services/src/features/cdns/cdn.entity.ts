import { cdnFieldsSchema } from '@nq/contracts';
import { type ConfigurationEntity, named, sharedConfiguration } from '@nq/platform/entities/configuration-entity';
import { uniqueName } from '@nq/platform/entities/configuration-rules';
import { streamIdOf } from '@nq/platform/entities/entity-decider';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { providerEntity } from '../providers/index.ts';

export const cdnEntity = {
  kind: 'cdn',
  eventPrefix: 'Cdn',
  schema: cdnFieldsSchema,
  unique: [uniqueName('cdn-name', 'cdns.nameExists')],
  /** The provider, when given, must exist. */
  references: (cdn) =>
    cdn.provider ? [{ to: streamIdOf(providerEntity, cdn.provider), missing: 'validation.invalidOption' }] : [],
} satisfies EntityDefinition<typeof cdnFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const cdnConfiguration: ConfigurationEntity = {
  definition: cdnEntity,
  collection: 'cdns',
  tag: 'CDNs',
  ...named,
  searchFields: ['name', 'url'],
  ...sharedConfiguration('cdns_management', ['task_suites_configuration']),
};
