import { profileFieldsSchema } from '@nq/contracts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';
import { refuseEndBeforeStart, uniqueName } from '../configuration-rules.ts';

/** Spec §3 Profile, managed by administrators: its name is unique, its date range ordered. */
export const profileEntity = {
  kind: 'profile',
  eventPrefix: 'Profile',
  schema: profileFieldsSchema,
  unique: [uniqueName('profile-name', 'profiles.nameExists')],
  rules: (profile) => refuseEndBeforeStart(profile.tsStart, profile.tsEnd, 'tsEnd'),
  cloneable: true,
} satisfies EntityDefinition<typeof profileFieldsSchema>;
