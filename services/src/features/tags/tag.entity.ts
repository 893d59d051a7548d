import { tagFieldsSchema } from '@nq/contracts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';

export const tagEntity = {
  kind: 'tag',
  eventPrefix: 'Tag',
  schema: tagFieldsSchema,
  unique: [{ scope: 'tag-name', valueOf: (tag) => [tag.name.toLowerCase()], conflict: 'tags.nameExists' }],
} satisfies EntityDefinition<typeof tagFieldsSchema>;
