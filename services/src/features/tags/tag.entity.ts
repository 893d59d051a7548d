import { tagFieldsSchema } from '@nq/contracts';
import { privateToOwner } from '@nq/platform/access/visibility';
import { analysisLayers, type ConfigurationEntity, managedOn, named } from '@nq/platform/entities/configuration-entity';
import { uniqueName } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { tagRoutes } from './tag.routes.ts';

export const tagNameScope = 'tag-name';

export const tagEntity = {
  kind: 'tag',
  eventPrefix: 'Tag',
  schema: tagFieldsSchema,
  unique: [uniqueName(tagNameScope, 'tags.nameExists')],
} satisfies EntityDefinition<typeof tagFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const tagConfiguration: ConfigurationEntity = {
  definition: tagEntity,
  collection: 'tags',
  tag: 'Tags',
  ...named,
  routes: tagRoutes,
  ...managedOn('tags_management', [...analysisLayers, 'probes_configuration']),
  visibility: privateToOwner({ byProfile: (viewer) => viewer.profile.tags, profilesField: 'profiles' }),
};
