import { DomainError, languageChoiceSchema, userFieldsSchema, userProfileChangeSchema } from '@nq/contracts';
import { privateToOwner } from '@nq/platform/access/visibility';
import { type ConfigurationEntity, managedOn } from '@nq/platform/entities/configuration-entity';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { idsReach, reachEventOf, reachEvents } from '@nq/platform/entities/reach-change';
import { z } from 'zod';
import { assignableProfiles } from './assignable-profiles.ts';

/** When the platform saw something happen to the user. */
const platformInstant = z.object({ at: z.iso.datetime() });

/**
 * User (docs/product/entities.md#user): the e-mail is unique ('This user is already in the DB') and within the allowed
 * domains.
 */
export const userEntity = {
  kind: 'user',
  eventPrefix: 'User',
  schema: userFieldsSchema,
  systemFields: ['lastAccess', 'passwordChangedAt'],
  unique: [{ scope: 'user-email', valueOf: (user) => [user.email], conflict: 'users.alreadyExists' }],
  references: (user) => user.profiles.map((id) => ({ to: `profile-${id}`, missing: 'resource.notFound' as const })),
  rules(user, { settings }) {
    const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
    const allowed = settings.emailDomains ?? [];
    if (allowed.length > 0 && !allowed.includes(domain))
      throw new DomainError('users.emailDomainNotAllowed', { details: { domain, allowed } });
  },
  intents: {
    assignProfiles: {
      event: 'ProfilesAssigned',
      payload: userProfileChangeSchema,
      changes: (user, { profileIds }) => ({ profiles: [...new Set([...user.profiles, ...profileIds])] }),
    },
    withdrawProfiles: {
      event: 'ProfilesWithdrawn',
      payload: userProfileChangeSchema,
      changes: (user, { profileIds }) => ({ profiles: user.profiles.filter((id) => !profileIds.includes(id)) }),
    },
    recordAccess: {
      event: 'AccessRecorded',
      payload: platformInstant,
      changes: (_, { at }) => ({ lastAccess: at }),
    },
    chooseLanguage: {
      event: 'LanguageChosen',
      payload: languageChoiceSchema,
      changes: (_, { language }) => ({ preferredLanguage: language }),
    },
    recordPasswordChange: {
      event: 'PasswordChanged',
      payload: platformInstant,
      changes: (_, { at }) => ({ passwordChangedAt: at }),
    },
  },
  /** The profiles a user may work under, given or taken away in an edit of the user. */
  fieldIntents: [
    {
      fields: ['profiles'],
      events: reachEvents('Access'),
      eventOf: ({ before, after }) =>
        reachEventOf('Access', before && idsReach(before.profiles ?? [], after.profiles ?? [])),
    },
  ],
} satisfies EntityDefinition<typeof userFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const userConfiguration: ConfigurationEntity = {
  definition: userEntity,
  collection: 'users',
  tag: 'Users',
  searchFields: ['email', 'name'],
  defaultSort: 'email',
  ...managedOn('users_management', [], { adminReads: true }),
  visibility: privateToOwner({ profilesField: 'profiles' }),
  /** A user is given, or loses, only profiles the caller may assign. */
  admitBody: (viewer, body, id, entityOf) =>
    assignableProfiles(entityOf('profile').service, entityOf('user').service).admit(
      viewer,
      body.profiles as string[] | undefined,
      id,
    ),
};
