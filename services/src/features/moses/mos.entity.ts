import { mosFieldsSchema } from '@nq/contracts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';
import { uniqueName } from '../configuration-rules.ts';
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
