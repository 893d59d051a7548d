import { tagFieldsSchema } from '@nq/contracts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';
import { uniqueName } from '../configuration-rules.ts';

export const tagNameScope = 'tag-name';

export const tagEntity = {
  kind: 'tag',
  eventPrefix: 'Tag',
  schema: tagFieldsSchema,
  unique: [uniqueName(tagNameScope, 'tags.nameExists')],
} satisfies EntityDefinition<typeof tagFieldsSchema>;
