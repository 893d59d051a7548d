import { mosFieldsSchema } from '@nq/contracts';
import { type ConfigurationEntity, named, sharedConfiguration } from '@nq/platform/entities/configuration-entity';
import { uniqueName } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { checkMosEntries, checkWeightsTotal } from './mos-entry-rules.ts';

export const mosEntity = {
  kind: 'mos',
  eventPrefix: 'Mos',
  schema: mosFieldsSchema,
  rules(mos) {
    checkMosEntries(mos.entries, 'entries');
    checkWeightsTotal(mos.entries, 'entries', 'moses.weightsNotHundred');
  },
  unique: [uniqueName('mos-name', 'moses.nameExists')],
  cloneable: true,
} satisfies EntityDefinition<typeof mosFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const mosConfiguration: ConfigurationEntity = {
  definition: mosEntity,
  collection: 'moses',
  tag: 'MOS',
  ...named,
  ...sharedConfiguration('mos', ['scoreManagement']),
};
