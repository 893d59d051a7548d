import { DomainError, kpiFringesChangeSchema, profileFieldsSchema } from '@nq/contracts';
import { privateToOwner } from '@nq/platform/access/visibility';
import { type ConfigurationEntity, managedOn, named } from '@nq/platform/entities/configuration-entity';
import { refuseEndBeforeStart, uniqueName } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { z } from 'zod';
import { csvTemplateIntents, csvTemplateReferences } from '../csv-templates/index.ts';
import { profileAccessIntent, profileScopeIntent } from './profile-reach.ts';
import { profileWarnings } from './profile-warnings.ts';

/**
 * Profile (docs/product/entities.md#profile), managed by administrators: its name is unique, its date range ordered;
 * what it lists that will restrict or offer nothing is said in warnings.
 */
export const profileEntity = {
  kind: 'profile',
  eventPrefix: 'Profile',
  schema: profileFieldsSchema,
  unique: [uniqueName('profile-name', 'profiles.nameExists')],
  rules: (profile) => refuseEndBeforeStart(profile.tsStart, profile.tsEnd, 'tsEnd'),
  warnings: profileWarnings,
  cloneable: true,
  // Only `/profile/csvTemplates/…` sets the favourites and order of the profile's CSV templates.
  systemFields: ['csvTemplates'],
  references: csvTemplateReferences,
  intents: {
    ...csvTemplateIntents,
    changeKpiFringes: {
      event: 'KpiFringesChanged',
      payload: kpiFringesChangeSchema.extend({ kpi: z.string().min(1) }),
      changes(profile, { kpi, fringes }) {
        if (!profile.kpis.some((entry) => entry.id === kpi))
          throw new DomainError('resource.notFound', { details: { kpi } });
        return { kpis: profile.kpis.map((entry) => (entry.id === kpi ? { ...entry, fringes } : entry)) };
      },
    },
  },
  fieldIntents: [profileAccessIntent, profileScopeIntent],
} satisfies EntityDefinition<typeof profileFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const profileConfiguration: ConfigurationEntity = {
  definition: profileEntity,
  collection: 'profiles',
  tag: 'Profiles',
  ...named,
  ...managedOn('profiles_management', ['scoreManagement', 'users_management'], { adminReads: true }),
  visibility: privateToOwner({ byProfile: (viewer) => viewer.userProfiles }),
};
